//! Rule, chapter and section pages: `/regles/{id}`.
//!
//! The address takes the id in any form a judge types; a form other than the
//! canonical one (`608.2B`, `RC 608.2b`) redirects to it. `?edition=fr-2011-02-04`
//! picks another edition or language, `?occurrence=2` the second text printed
//! under a duplicated number; without them, the version a plain id gives.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use super::catalogue::Examples;
use super::contents::sections;
use super::error::WebError;
use super::pages::{ChapterPage, Layout, Link, Passage, RulePage};
use super::render::{anchor_of, api_url_of, lang_of, link, text_html, untranslated, url_of};
use super::request::{params, select};
use super::{AppState, html, redirect};
use crate::graph::{Graph, NodeIdx, NodeKind, Origin};
use crate::vocab::RuleId;

/// `GET /regles/{id}`.
pub(super) async fn page(
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let raw = path.into_inner();
    let id = RuleId::parse_loose(&raw).map_err(|e| WebError::NotFound { what: e.to_string(), nearest: vec![] })?;
    let canonical = id.to_string();
    if raw != canonical {
        let query = if req.query_string().is_empty() { String::new() } else { format!("?{}", req.query_string()) };
        return Ok(redirect(StatusCode::MOVED_PERMANENTLY, &format!("/regles/{canonical}{query}")));
    }
    let idx = select(g, id, &params(&req)?)?;
    let body = state.page(idx, || render(g, &state.examples, idx))?;
    Ok(html(body))
}

/// The page of a node: a rule page, or a chapter or section page.
fn render(g: &Graph, examples: &Examples, idx: NodeIdx) -> Result<String, WebError> {
    // Scenarios illustrating the rule itself; on a chapter or section page,
    // those illustrating any rule within it.
    let illustrated = |exact: bool| g.node(idx).id.map(|id| examples.illustrating(id, exact)).unwrap_or_default();
    match g.node(idx).kind {
        NodeKind::Rule | NodeKind::Subrule => Ok(rule_page(g, idx, illustrated(true)).render()?),
        NodeKind::Chapter | NodeKind::Section => Ok(chapter_page(g, idx, illustrated(false)).render()?),
        _ => Err(WebError::NotFound { what: "ce nœud n'a pas de page".into(), nearest: vec![] }),
    }
}

/// Sommaire › section › chapter › … above a node.
fn breadcrumb(g: &Graph, idx: NodeIdx) -> Vec<Link> {
    let mut chain = Vec::new();
    let mut up = g.node(idx).parent;
    while let Some(p) = up {
        let n = g.node(p);
        let label = match (&n.title, n.kind) {
            (Some(t), NodeKind::Section | NodeKind::Chapter) => format!("{}. {t}", n.label()),
            _ => n.label(),
        };
        chain.push(Link { label, url: url_of(g, p).unwrap_or_default(), preview: None, note: String::new() });
        up = n.parent;
    }
    chain.push(Link { label: "Sommaire".into(), url: "/".into(), preview: None, note: String::new() });
    chain.reverse();
    chain
}

/// The same number elsewhere: other editions and languages, other texts.
fn versions(g: &Graph, idx: NodeIdx) -> Vec<Link> {
    let Some(id) = g.node(idx).id else { return Vec::new() };
    g.versions(id)
        .iter()
        .filter(|&&v| v != idx)
        .map(|&v| {
            let n = g.node(v);
            let mut label = format!("{id} — édition {}", g.edition(n.edition).label());
            if n.occurrence > 0 {
                label.push_str(&format!(", texte n° {}", n.occurrence + 1));
            }
            let note = match (n.origin, g.has_content(v)) {
                (_, false) => "titre seulement".to_string(),
                (_, true) if n.language != g.edition(n.edition).language => {
                    format!("texte en {}", n.language.name_fr())
                }
                _ => String::new(),
            };
            Link { label, url: url_of(g, v).unwrap_or_default(), preview: api_url_of(g, v), note }
        })
        .collect()
}

/// Judge-class articles about a node (covering it or a rule above it).
fn articles(g: &Graph, idx: NodeIdx) -> Vec<Link> {
    let Some(id) = g.node(idx).id else { return Vec::new() };
    g.nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.kind == NodeKind::Article && n.covers.iter().any(|&c| id.is_within(c) || c.is_within(id)))
        .map(|(i, _)| link(g, NodeIdx(i as u32), None))
        .collect()
}

/// A passage: a numbered node or an example, as HTML.
fn passage(g: &Graph, idx: NodeIdx, depth: u8) -> Passage {
    let n = g.node(idx);
    let numbered = n.id.is_some();
    Passage {
        label: if numbered { n.label() } else { "Exemple".into() },
        anchor: anchor_of(g, idx),
        id_anchor: if numbered { n.label() } else { String::new() },
        url: url_of(g, idx).unwrap_or_default(),
        text_html: text_html(g, idx),
        lang: lang_of(n.language),
        untranslated: untranslated(g, idx),
        depth,
        title: if n.text.as_str() == n.title.as_deref().unwrap_or("") {
            String::new()
        } else {
            n.title.clone().unwrap_or_default()
        },
    }
}

/// A node's numbered descendants and their examples, depth first.
fn passages(g: &Graph, idx: NodeIdx, out: &mut Vec<Passage>) {
    for &c in &g.node(idx).children {
        let depth = if g.node(c).kind == NodeKind::Subrule { 1 } else { 0 };
        out.push(passage(g, c, depth));
        out.extend(g.node(c).examples.iter().map(|&e| passage(g, e, 2)));
        passages(g, c, out);
    }
}

/// Why a node shows no text of its own, or what is odd about it.
fn note(g: &Graph, idx: NodeIdx) -> String {
    let n = g.node(idx);
    let mut notes = Vec::new();
    match n.origin {
        Origin::Implied => {
            notes.push("Ce numéro n'est pas imprimé dans la source : il regroupe les sous-règles ci-dessous.")
        }
        Origin::Heading => notes.push("Titre imprimé sans numéro dans la source ; le texte est dans les sous-règles."),
        Origin::Contents => notes.push("Règle connue par le sommaire seulement : son texte n'est pas dans le corpus."),
        Origin::Source => {}
    }
    if n.occurrence > 0 {
        notes.push(
            "Texte imprimé une seconde fois sous ce numéro dans la source (doublon signalé par « arbitre check »).",
        );
    } else if n.id.is_some_and(|id| g.occurrences(n.edition, id).len() > 1) {
        notes.push(
            "Un autre texte est imprimé sous ce même numéro dans la source : voir « Autres éditions et langues ».",
        );
    }
    notes.join(" ")
}

fn source(g: &Graph, idx: NodeIdx) -> String {
    format!("{}, ligne {}", g.document_of(idx).path, g.node(idx).source.line)
}

fn neighbour(g: &Graph, n: Option<NodeIdx>) -> Option<Link> {
    n.map(|n| link(g, n, None))
}

fn rule_page(g: &Graph, idx: NodeIdx, scenarios: Vec<Link>) -> RulePage {
    let n = g.node(idx);
    let id = n.label();
    let (previous, next) = g.neighbours(idx);
    let mut subrules = Vec::new();
    passages(g, idx, &mut subrules);
    let mut cited_by: Vec<Link> = Vec::new();
    for e in g.cited_by(idx) {
        let from = g.node(e.from);
        let mut l = link(g, e.from, None);
        l.label = g.citing_label(e.from);
        match from.kind {
            NodeKind::Example => l.note = "(exemple)".into(),
            NodeKind::Glossary => l.note = "(glossaire)".into(),
            NodeKind::Prose => l.note = format!("({})", from.title.as_deref().unwrap_or("")),
            _ => {}
        }
        if from.edition != n.edition {
            l.note = format!("{} édition {}", l.note, g.edition(from.edition).label()).trim().to_string();
        }
        if !cited_by.iter().any(|c| c.url == l.url && c.label == l.label) {
            cited_by.push(l);
        }
    }
    RulePage {
        layout: Layout::new(&format!("RC {id}"), ""),
        citation: format!("RC {id}"),
        permalink: url_of(g, idx).unwrap_or_default(),
        title: g.display_title(idx).unwrap_or_default().to_string(),
        breadcrumb: breadcrumb(g, idx),
        anchor: anchor_of(g, idx),
        text_html: if n.has_text() { text_html(g, idx) } else { String::new() },
        untranslated: n.has_text() && untranslated(g, idx),
        lang: lang_of(n.language),
        note: note(g, idx),
        examples: n.examples.iter().map(|&e| passage(g, e, 2)).collect(),
        subrules,
        previous: neighbour(g, previous),
        next: neighbour(g, next),
        cited_by,
        versions: versions(g, idx),
        articles: articles(g, idx),
        scenarios,
        edition: g.edition(n.edition).label(),
        source: source(g, idx),
        id,
    }
}

fn chapter_page(g: &Graph, idx: NodeIdx, scenarios: Vec<Link>) -> ChapterPage {
    let n = g.node(idx);
    let (previous, next) = g.neighbours(idx);
    let mut passages_list = Vec::new();
    let mut chapters = Vec::new();
    if n.kind == NodeKind::Chapter {
        passages(g, idx, &mut passages_list);
    } else if let Some(RuleId::Section(s)) = n.id {
        // Every chapter of the section in this language, wherever its text is.
        let language = g.edition(n.edition).language;
        chapters = sections(g, language, Some(s)).into_iter().flat_map(|s| s.chapters).collect();
    }
    ChapterPage {
        layout: Layout::new(&format!("{} {}", n.label(), n.title.as_deref().unwrap_or("")), ""),
        kind: if n.kind == NodeKind::Chapter { "Chapitre" } else { "Section" },
        id: n.label(),
        title: n.title.clone().unwrap_or_default(),
        breadcrumb: breadcrumb(g, idx),
        anchor: anchor_of(g, idx),
        intro_html: if n.has_text() { text_html(g, idx) } else { String::new() },
        lang: lang_of(n.language),
        passages: passages_list,
        chapters,
        title_only: !g.has_content(idx),
        versions: versions(g, idx),
        articles: articles(g, idx),
        scenarios,
        previous: neighbour(g, previous),
        next: neighbour(g, next),
        edition: g.edition(n.edition).label(),
        source: source(g, idx),
    }
}
