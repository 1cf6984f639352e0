//! The tables of contents and the editions loaded, as the home page, the
//! section pages and `/api/sommaire` show them.
//!
//! One table of contents per language, merged over that language's
//! editions: a chapter is listed once, with its title from the newest
//! edition that knows it, links to the version [`Graph::preferred`] picks,
//! and is marked when its text is in the corpus.

use std::collections::BTreeMap;

use super::pages::{EditionInfo, Toc, TocChapter, TocSection};
use super::render::url_of;
use crate::graph::{Graph, NodeIdx};
use crate::vocab::{Date, Lang, RuleId};

/// The editions loaded, with their documents and numbered rules: French
/// first, newest first.
pub fn editions(g: &Graph) -> Vec<EditionInfo> {
    let mut out: Vec<(Option<Date>, Lang, EditionInfo)> = g
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

/// One table of contents per language present.
pub fn tocs(g: &Graph) -> Vec<Toc> {
    [(Lang::Fr, "Sommaire", ""), (Lang::En, "Contents (English editions)", "en")]
        .into_iter()
        .filter_map(|(language, heading, lang)| {
            let sections = sections(g, language, None);
            (!sections.is_empty()).then(|| Toc {
                language: language.code().to_string(),
                heading: heading.to_string(),
                lang,
                sections,
            })
        })
        .collect()
}

/// The sections of a language (or one of them), each with its chapters,
/// merged over the language's editions.
pub fn sections(g: &Graph, language: Lang, only: Option<u8>) -> Vec<TocSection> {
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
    let url = |versions: &[NodeIdx]| g.preferred(versions.iter().copied()).and_then(|n| url_of(g, n));
    let title = |versions: &[NodeIdx]| g.newest_title(versions).unwrap_or_default().to_string();
    sections
        .iter()
        .map(|(&s, nodes)| {
            let chapters: Vec<TocChapter> = chapters
                .range(u16::from(s) * 100..u16::from(s) * 100 + 100)
                .map(|(&c, versions)| TocChapter {
                    id: c.to_string(),
                    title: title(versions),
                    url: url(versions).unwrap_or_default(),
                    has_text: versions.iter().any(|&n| g.has_content(n)),
                })
                .collect();
            TocSection {
                id: s.to_string(),
                title: title(nodes),
                url: url(nodes).unwrap_or_default(),
                has_text: chapters.iter().any(|c| c.has_text),
                chapters,
            }
        })
        .collect()
}
