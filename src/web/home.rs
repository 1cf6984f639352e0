//! The home page: search box, table of contents, editions loaded.
//!
//! One table of contents per language, merged over that language's
//! editions: a chapter is listed once, with its title from the newest
//! edition that knows it, and marked when its text is in the corpus.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use askama::Template;

use super::error::WebError;
use super::pages::{EditionInfo, HomePage, Layout, Link, Toc, TocChapter, TocSection};
use super::render::url_of;
use super::{AppState, html};
use crate::graph::{Graph, NodeIdx, NodeKind};
use crate::vocab::{Lang, RuleId};

/// Renders the home page (once, at start-up).
pub(super) fn render(state: &AppState) -> Result<String, WebError> {
    let g = &state.graph;
    let articles = g
        .nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.kind == NodeKind::Article)
        .map(|(i, n)| Link {
            label: n.title.clone().unwrap_or_default(),
            url: url_of(g, NodeIdx(i as u32)).unwrap_or_default(),
            preview: None,
            note: String::new(),
        })
        .collect();
    let page = HomePage { layout: Layout::new("Sommaire", ""), tocs: tocs(g), editions: editions(g), articles };
    Ok(page.render()?)
}

/// `GET /`.
pub(super) async fn page(state: web::Data<AppState>) -> HttpResponse {
    html(state.home.clone())
}

/// The editions loaded, with their documents and numbered rules.
pub(super) fn editions(g: &Graph) -> Vec<EditionInfo> {
    let mut out: Vec<(Option<crate::vocab::Date>, Lang, EditionInfo)> = g
        .editions()
        .iter()
        .enumerate()
        .map(|(e, ed)| {
            let docs: Vec<usize> =
                (0..g.documents().len()).filter(|&d| g.documents()[d].edition.0 as usize == e).collect();
            let rules = docs.iter().map(|&d| g.counts(Some(d)).rules).sum();
            (ed.date, ed.language, EditionInfo { label: ed.label(), documents: docs.len(), rules })
        })
        .collect();
    out.sort_by_key(|e| (e.1, std::cmp::Reverse(e.0)));
    out.into_iter().map(|(_, _, e)| e).collect()
}

/// The preferred node among versions: text first, then the newest edition.
fn best(g: &Graph, nodes: &[NodeIdx]) -> NodeIdx {
    *nodes.iter().max_by_key(|&&n| (g.has_content(n), g.edition(g.node(n).edition).date)).expect("at least one version")
}

/// The title of the newest version that has one.
fn title(g: &Graph, nodes: &[NodeIdx]) -> String {
    let mut by_date: Vec<NodeIdx> = nodes.to_vec();
    by_date.sort_by_key(|&n| std::cmp::Reverse(g.edition(g.node(n).edition).date));
    by_date.iter().find_map(|&n| g.node(n).title.clone()).unwrap_or_default()
}

/// One table of contents per language present.
pub(super) fn tocs(g: &Graph) -> Vec<Toc> {
    [(Lang::Fr, "Sommaire", ""), (Lang::En, "Contents (English editions)", " lang=\"en\"")]
        .into_iter()
        .filter_map(|(language, heading, lang_attr)| {
            let sections = sections(g, language, None);
            (!sections.is_empty()).then(|| Toc {
                language: language.code().to_string(),
                heading: heading.to_string(),
                lang_attr,
                sections,
            })
        })
        .collect()
}

/// The sections of a language (or one of them), each with its chapters,
/// merged over the language's editions.
pub(super) fn sections(g: &Graph, language: Lang, only: Option<u8>) -> Vec<TocSection> {
    let mut sections: BTreeMap<u8, Vec<NodeIdx>> = BTreeMap::new();
    let mut chapters: BTreeMap<u16, Vec<NodeIdx>> = BTreeMap::new();
    for (i, n) in g.nodes().iter().enumerate() {
        if g.edition(n.edition).language != language {
            continue;
        }
        match n.id {
            Some(RuleId::Section(s)) if only.is_none_or(|o| o == s) => {
                sections.entry(s).or_default().push(NodeIdx(i as u32))
            }
            Some(RuleId::Chapter(c)) => chapters.entry(c).or_default().push(NodeIdx(i as u32)),
            _ => {}
        }
    }
    sections
        .iter()
        .map(|(&s, nodes)| {
            let chapters: Vec<TocChapter> = chapters
                .range(u16::from(s) * 100..u16::from(s) * 100 + 100)
                .map(|(&c, versions)| TocChapter {
                    id: c.to_string(),
                    title: title(g, versions),
                    url: url_of(g, best(g, versions)).unwrap_or_default(),
                    has_text: versions.iter().any(|&n| g.has_content(n)),
                })
                .collect();
            TocSection {
                id: s.to_string(),
                title: title(g, nodes),
                url: url_of(g, best(g, nodes)).unwrap_or_default(),
                has_text: chapters.iter().any(|c| c.has_text),
                chapters,
            }
        })
        .collect()
}
