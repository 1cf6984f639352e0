//! The tables of contents and the editions loaded, as the home page, the
//! section pages and `/api/sommaire` show them.
//!
//! With the rules in force loaded ([`Graph::current`]), one table of
//! contents: theirs, each section and chapter under its French title when a
//! French document names it (else in English), marked when a French text
//! covers part of it. Without them, one table per language, merged over that
//! language's editions: a chapter is listed once, with its title from the
//! newest edition that knows it, links to the version [`Graph::preferred`]
//! picks, and is marked when its text is in the corpus.

use std::collections::BTreeMap;

use super::pages::{EditionInfo, Toc, TocChapter, TocSection};
use super::render::{lang_of, url_of};
use crate::graph::{EditionIdx, Graph, NodeIdx};
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

/// The table of contents of the rules in force, or one per language present.
pub fn tocs(g: &Graph) -> Vec<Toc> {
    if let Some(current) = g.current() {
        let heading = format!(
            "Sommaire des règles en vigueur ({})",
            g.edition(current).date.map(|d| d.to_string()).unwrap_or_default()
        );
        return vec![Toc { language: "fr".into(), heading, lang: "", sections: sections(g, Lang::En, None) }];
    }
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

/// The sections of the rules in force (or one of them), each with its
/// chapters; without them, those of a language, merged over its editions.
pub fn sections(g: &Graph, language: Lang, only: Option<u8>) -> Vec<TocSection> {
    match g.current() {
        Some(current) => sections_in_force(g, current, only),
        None => sections_of_language(g, language, only),
    }
}

/// The sections and chapters of the rules in force, French titles first.
fn sections_in_force(g: &Graph, current: EditionIdx, only: Option<u8>) -> Vec<TocSection> {
    let title = |n: NodeIdx| -> (String, &'static str) {
        match g.french_title(n) {
            Some(t) => (t.to_string(), ""),
            None => (g.node(n).title.clone().unwrap_or_default(), "en"),
        }
    };
    // A chapter with French text: a French rule of it is shown for a rule in force.
    let french = |chapter: NodeIdx| {
        let mut stack = vec![chapter];
        while let Some(n) = stack.pop() {
            if g.node(g.shown(n)).language == Lang::Fr && g.shown(n) != n {
                return true;
            }
            stack.extend(g.node(n).children.iter().copied());
        }
        false
    };
    let mut out = Vec::new();
    for &s in g.ordered(current).iter().filter(|&&n| matches!(g.node(n).id, Some(RuleId::Section(_)))) {
        let Some(RuleId::Section(number)) = g.node(s).id else { continue };
        if only.is_some_and(|o| o != number) {
            continue;
        }
        let chapters: Vec<TocChapter> = g
            .node(s)
            .children
            .iter()
            .filter(|&&c| g.node(c).kind == crate::graph::NodeKind::Chapter)
            .map(|&c| {
                let (title, title_lang) = title(c);
                TocChapter {
                    id: g.node(c).label(),
                    title,
                    url: url_of(g, c).unwrap_or_default(),
                    has_text: g.has_content(c),
                    french: french(c),
                    title_lang,
                }
            })
            .collect();
        let (title, title_lang) = title(s);
        out.push(TocSection {
            id: number.to_string(),
            title,
            url: url_of(g, s).unwrap_or_default(),
            has_text: chapters.iter().any(|c| c.french),
            title_lang,
            chapters,
        });
    }
    out
}

/// The sections of a language (or one of them), each with its chapters,
/// merged over the language's editions.
fn sections_of_language(g: &Graph, language: Lang, only: Option<u8>) -> Vec<TocSection> {
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
                    french: language == Lang::Fr && versions.iter().any(|&n| g.has_content(n)),
                    title_lang: lang_of(language),
                })
                .collect();
            TocSection {
                id: s.to_string(),
                title: title(nodes),
                url: url(nodes).unwrap_or_default(),
                has_text: chapters.iter().any(|c| c.has_text),
                title_lang: lang_of(language),
                chapters,
            }
        })
        .collect()
}
