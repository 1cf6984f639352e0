//! Tables of contents: where section and chapter titles come from.
//!
//! Three shapes exist: the 2011 « Sommaire » (one section per line), the
//! official « Contents » (sections and chapters, then Glossary and Credits)
//! and the table export's single line naming every chapter
//! (« 1. Concepts du jeu 100. Généralités 101. Règles d’or de Magic … »).
//!
//! One rule reads all three: entries must come in order — a section, then its
//! chapters, then the next section. The first entry out of order ends a
//! multi-line table (the body repeats « 1. Game Concepts »), and inside the
//! one-line table a number out of order is part of a title, not an entry.

use std::sync::LazyLock;

use regex::Regex;

use super::{Item, ItemKind, Note};
use crate::vocab::AnomalyKind;

/// What a table-of-contents entry points to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TocTarget {
    /// A section (0–9).
    Section(u8),
    /// A chapter (100–999).
    Chapter(u16),
    /// An unnumbered part: Glossary, Credits.
    Named,
}

/// One entry of a table of contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TocEntry {
    /// What the entry points to.
    pub target: TocTarget,
    /// The entry's title.
    pub title: String,
    /// The line it was read from.
    pub line: u32,
}

/// The words that open a table of contents.
pub fn is_contents_heading(line: &str) -> bool {
    let t = line.trim();
    ["sommaire", "contents", "table des matières", "table of contents"].iter().any(|w| super::number::is_word(t, w))
}

/// The unnumbered parts a table of contents lists after the rules.
pub fn is_named_part(line: &str) -> bool {
    let t = line.trim();
    ["glossary", "glossaire", "credits", "crédits"].iter().any(|w| super::number::is_word(t, w))
}

static ENTRY: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(\d{1,3})\.\s+(\S.*)$").unwrap());

/// Reads one line as an entry: `6. Sorts, capacités et effets`, `608. Résoudre…`, `Glossary`.
pub fn parse_entry(line: &str, number: u32) -> Option<TocEntry> {
    let t = line.trim();
    if is_named_part(t) {
        return Some(TocEntry { target: TocTarget::Named, title: t.to_string(), line: number });
    }
    let caps = ENTRY.captures(t)?;
    let target = target_of(&caps[1])?;
    Some(TocEntry { target, title: caps[2].trim().to_string(), line: number })
}

fn target_of(digits: &str) -> Option<TocTarget> {
    match digits.len() {
        1 => Some(TocTarget::Section(digits.parse().ok()?)),
        3 => {
            let c: u16 = digits.parse().ok()?;
            (c >= 100).then_some(TocTarget::Chapter(c))
        }
        _ => None,
    }
}

/// Whether `next` may follow `prev` in a table of contents: sections
/// increase, chapters increase inside their section, named parts come last.
pub fn follows(prev: Option<&TocTarget>, next: &TocTarget) -> bool {
    match (prev, next) {
        (None, _) => true,
        (Some(TocTarget::Named), TocTarget::Named) => true,
        (Some(TocTarget::Named), _) => false,
        (Some(_), TocTarget::Named) => true,
        (Some(TocTarget::Section(s)), TocTarget::Section(n)) => n > s,
        (Some(TocTarget::Section(s)), TocTarget::Chapter(c)) => c / 100 == u16::from(*s),
        (Some(TocTarget::Chapter(p)), TocTarget::Chapter(c)) => c > p && c / 100 == p / 100,
        (Some(TocTarget::Chapter(p)), TocTarget::Section(n)) => u16::from(*n) > p / 100,
    }
}

static INLINE_NUMBER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?:^|\s)(\d{1,3})\.\s").unwrap());

/// Reads a one-line table of contents. Returns the entries in order; numbers
/// that do not fit the order stay inside the surrounding title.
pub fn parse_inline(text: &str, line: u32) -> Vec<TocEntry> {
    // Candidate entries: a number and a dot, at the start or after a space.
    let mut accepted: Vec<(usize, usize, TocTarget)> = Vec::new(); // (start of number, start of title, target)
    for caps in INLINE_NUMBER.captures_iter(text) {
        let m = caps.get(1).unwrap();
        let Some(target) = target_of(m.as_str()) else {
            continue;
        };
        if follows(accepted.last().map(|a| &a.2), &target) {
            let title_start = caps.get(0).unwrap().end();
            accepted.push((m.start(), title_start, target));
        }
    }
    let mut entries = Vec::with_capacity(accepted.len());
    for (i, (_, title_start, target)) in accepted.iter().enumerate() {
        let end = accepted.get(i + 1).map(|a| a.0).unwrap_or(text.len());
        let title = text[*title_start..end].trim().trim_end_matches('|').trim().to_string();
        entries.push(TocEntry { target: target.clone(), title, line });
    }
    entries
}

/// The chapters and parts a table of contents announces that the body
/// never gives: a note saying the text was cut short (the 2006-06-01
/// edition stops at 507.4 though its contents run to 9xx and the glossary).
pub fn missing_parts(items: &[Item]) -> Option<Note> {
    let entries = items.iter().find_map(|i| match &i.kind {
        ItemKind::Contents(entries) => Some(entries),
        _ => None,
    })?;
    let mut chapters = std::collections::HashSet::new();
    let (mut glossary, mut credits) = (false, false);
    let mut last_rule = None;
    for item in items {
        match &item.kind {
            ItemKind::Chapter { number, .. } => _ = chapters.insert(*number),
            ItemKind::Rule(id) => {
                chapters.extend(id.chapter());
                last_rule = Some(*id);
            }
            ItemKind::Glossary { .. } => glossary = true,
            ItemKind::Prose { title } => credits |= is_named_part(title) && !title.to_lowercase().starts_with("gloss"),
            _ => {}
        }
    }
    let missing: Vec<&TocEntry> = entries
        .iter()
        .filter(|e| match &e.target {
            TocTarget::Chapter(c) => !chapters.contains(c),
            TocTarget::Named if e.title.to_lowercase().starts_with("gloss") => !glossary,
            TocTarget::Named => !credits,
            TocTarget::Section(_) => false,
        })
        .collect();
    let first = missing.first()?;
    let name = |e: &TocEntry| match e.target {
        TocTarget::Chapter(c) => c.to_string(),
        _ => e.title.clone(),
    };
    let (listed, what) = match missing.len() {
        1 => (name(first), "1 partie annoncée par la table des matières est absente".to_string()),
        2 => (
            format!("{} et {}", name(first), name(missing[1])),
            "2 parties annoncées par la table des matières sont absentes".to_string(),
        ),
        n => (
            format!("{} … {}", name(first), name(missing[n - 1])),
            format!("{n} parties annoncées par la table des matières sont absentes"),
        ),
    };
    let after = last_rule.map(|id| format!(" ; le texte s'arrête après la règle {id}")).unwrap_or_default();
    Some(Note {
        kind: AnomalyKind::Truncated,
        line: first.line,
        id: None,
        message: format!("{what} du document ({listed}){after}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_toc() {
        let e = parse_inline(
            "1. Concepts du jeu 100. Généralités 101. Règles d’or de Magic 2. Composantes 200. Généralités 210. Defense 9. Variantes 905. Drafts Conspiracy |",
            1,
        );
        let titles: Vec<_> = e.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "Concepts du jeu",
                "Généralités",
                "Règles d’or de Magic",
                "Composantes",
                "Généralités",
                "Defense",
                "Variantes",
                "Drafts Conspiracy"
            ]
        );
        assert_eq!(e[7].target, TocTarget::Chapter(905));
    }

    #[test]
    fn numbers_out_of_order_stay_in_titles() {
        let e = parse_inline("1. Concepts 100. Règles 99. bis 150. Voir 120. Suite 2. Autre", 1);
        let titles: Vec<_> = e.iter().map(|e| e.title.as_str()).collect();
        // 99 is no chapter; 120 cannot follow 150: both stay inside a title.
        assert_eq!(titles, ["Concepts", "Règles 99. bis", "Voir 120. Suite", "Autre"]);
    }

    #[test]
    fn order() {
        assert!(follows(Some(&TocTarget::Section(9)), &TocTarget::Named));
        assert!(!follows(Some(&TocTarget::Section(9)), &TocTarget::Chapter(608)));
        assert!(!follows(Some(&TocTarget::Named), &TocTarget::Section(1)));
    }
}
