//! Line-oriented rules documents: the 2011 page export and the official TXT.
//!
//! Both put one paragraph per line and number rules at the start of a line;
//! they differ in where the number's text sits and in what surrounds the rules:
//!
//! ```text
//! page export (2011, French)            official TXT (Wizards)
//! ─────────────────────────             ──────────────────────
//! Règles complètes de Magic…            Magic: The Gathering Comprehensive Rules
//! Règles US [30/09/2011] Règles FR […]  These rules are effective as of January 16, 2026.
//! Sommaire                              Introduction / paragraphs
//! 0. Introduction … 9. Variantes        Contents / 1. Game Concepts / 100. General … Glossary / Credits
//! 608. Sorts… : Résoudre les sorts…     1. Game Concepts
//! 608.2b                                100. General
//! Si le sort ou la capacité…            100.1. These Magic rules apply…
//! Exemple : Salve d'aura…               Example: …
//!                                       Glossary / term / definition… / Credits
//! ```
//!
//! The parser walks the lines once through the states below; every line is
//! handed to the [`Assembler`] or to the header, contents, glossary or credits.
//!
//! `Preamble → (Introduction) → Contents → Body → (Glossary) → (Credits)`

use std::sync::LazyLock;

use regex::Regex;

use super::Meta;
use super::assemble::Assembler;
use super::number::{Lead, is_word, lead};
use super::toc::{self, TocTarget};
use crate::text::quote;
use crate::vocab::AnomalyKind;
use crate::vocab::Date;
use crate::vocab::RuleId;

static EXAMPLE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?i:exemples?|examples?)\s*:").unwrap());
static FRENCH_HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"Règles\s+FR\s*\[(\d{1,2}/\d{1,2}/\d{4})\]").unwrap());
static US_HEADER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"Règles\s+US\s*\[(\d{1,2}/\d{1,2}/\d{4})\]").unwrap());
static EFFECTIVE: LazyLock<Regex> = LazyLock::new(|| {
    // « effective as of » since 2009; « current as of » in the editions of 2008.
    Regex::new(r"(?i)(?:(?:effective|current) as of|en vigueur (?:à partir )?(?:du|le))\s+([^.]+?)\.?\s*$").unwrap()
});

/// Headings longer than this are paragraphs that happen to start with a number.
const MAX_HEADING_CHARS: usize = 150;

/// Whether a line is an example (« Exemple : », « Example: »).
pub fn is_example(text: &str) -> bool {
    EXAMPLE.is_match(text)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Preamble,
    Introduction,
    Contents,
    Body,
    Glossary,
    Credits,
}

/// Parses a page export or an official TXT document into `asm`.
pub fn parse(lines: &[String], asm: &mut Assembler) -> Meta {
    let mut meta = Meta::default();
    let mut state = State::Preamble;
    let mut body = Body::default();
    let mut toc_last: Option<TocTarget> = None;
    // In the glossary, a blank line ends an entry: the next line is a term.
    let mut glossary_entry_open = false;

    for (i, raw) in lines.iter().enumerate() {
        let number = i as u32 + 1;
        let text = raw.trim();
        if text.is_empty() {
            glossary_entry_open = false;
            continue;
        }
        // A line may be looked at twice: a state that cannot take it hands it on.
        loop {
            match state {
                State::Preamble | State::Introduction => {
                    if toc::is_contents_heading(text) {
                        asm.contents(number, text, Vec::new());
                        state = State::Contents;
                    } else if text.eq_ignore_ascii_case("introduction") && state == State::Preamble {
                        asm.prose(number, text);
                        state = State::Introduction;
                    } else if body.is_structural(text) {
                        state = State::Body;
                        continue;
                    } else if state == State::Introduction {
                        asm.paragraph(number, text);
                    } else {
                        read_header(text, &mut meta);
                        asm.header(number, text);
                    }
                }
                State::Contents => match toc::parse_entry(text, number) {
                    // An entry is followed by other entries: a « chapter » followed by a
                    // rule is the body's first heading (« 901. … » after « 9. … »).
                    Some(entry) if toc::follows(toc_last.as_ref(), &entry.target) && !next_is_rule(&lines[i + 1..]) => {
                        toc_last = Some(entry.target.clone());
                        if let TocTarget::Section(s) = entry.target {
                            body.section_titles.push((s, entry.title.clone()));
                        }
                        asm.contents(number, text, vec![entry]);
                    }
                    _ => {
                        state = State::Body;
                        continue;
                    }
                },
                State::Body => {
                    if is_part(text, &["glossary", "glossaire"]) {
                        asm.prose(number, text);
                        state = State::Glossary;
                    } else if is_part(text, &["credits", "crédits"]) {
                        asm.prose(number, text);
                        state = State::Credits;
                    } else {
                        body.line(number, text, asm);
                    }
                }
                State::Glossary => {
                    if is_part(text, &["credits", "crédits"]) && !glossary_entry_open {
                        asm.prose(number, text);
                        state = State::Credits;
                    } else if glossary_entry_open {
                        asm.paragraph(number, text);
                    } else {
                        asm.glossary(number, text);
                        glossary_entry_open = true;
                    }
                }
                State::Credits => asm.paragraph(number, text),
            }
            break;
        }
    }
    meta
}

/// Whether the next non-blank line is a numbered rule.
fn next_is_rule(rest: &[String]) -> bool {
    rest.iter().map(|l| l.trim()).find(|l| !l.is_empty()).is_some_and(|l| matches!(lead(l), Some(Lead::Rule(..))))
}

fn is_part(text: &str, names: &[&str]) -> bool {
    names.iter().any(|n| is_word(text, n))
}

/// Reads the title and edition dates from a header line.
fn read_header(text: &str, meta: &mut Meta) {
    if meta.title.is_none() {
        meta.title = Some(text.to_string());
    }
    if let Some(c) = FRENCH_HEADER.captures(text) {
        meta.edition = meta.edition.or(Date::parse_dmy(&c[1]));
    }
    if let Some(c) = US_HEADER.captures(text) {
        meta.based_on = Date::parse_dmy(&c[1]);
    }
    if let Some(c) = EFFECTIVE.captures(text) {
        meta.edition = meta.edition.or(Date::parse_written(&c[1]));
    }
}

/// The body of the rules: headings, rules, examples, continuation paragraphs.
#[derive(Debug, Default)]
struct Body {
    /// Section titles from the table of contents, to split
    /// « Sorts, capacités et effets : Résoudre les sorts » into section and chapter.
    section_titles: Vec<(u8, String)>,
    /// The last section heading seen, so that a line starting with « 2. » in
    /// the middle of section 6 is read as a paragraph.
    section: Option<u8>,
}

impl Body {
    /// Whether a line starts the body (a heading or a rule).
    fn is_structural(&self, text: &str) -> bool {
        matches!(lead(text), Some(Lead::Rule(..)))
            || self.chapter_heading(text).is_some()
            || self.section_heading(text).is_some()
    }

    fn section_heading(&self, text: &str) -> Option<(u8, String)> {
        let Some(Lead::Section(n, title)) = lead(text) else { return None };
        let in_order = self.section.is_none_or(|s| n > s);
        (in_order && title.chars().count() <= MAX_HEADING_CHARS && !title.ends_with('.'))
            .then(|| (n, title.to_string()))
    }

    fn chapter_heading(&self, text: &str) -> Option<(u16, String)> {
        let Some(Lead::Chapter(n, title)) = lead(text) else { return None };
        (n >= 100 && title.chars().count() <= MAX_HEADING_CHARS && !title.ends_with(['.', ';']))
            .then(|| (n, title.to_string()))
    }

    /// The chapter's own title: « Sorts, capacités et effets : Résoudre les
    /// sorts » is section 6's title, a colon, then the chapter's title.
    fn chapter_title(&self, chapter: u16, heading: &str) -> String {
        let section = (chapter / 100) as u8;
        if let Some((prefix, rest)) = heading.split_once(" : ").or_else(|| heading.split_once(": "))
            && self.section_titles.iter().any(|(s, t)| *s == section && same_title(t, prefix))
        {
            return rest.trim().to_string();
        }
        heading.to_string()
    }

    fn line(&mut self, number: u32, text: &str, asm: &mut Assembler) {
        if let Some(Lead::Rule(id, rest)) = lead(text) {
            match RuleId::parse(id) {
                Ok(id) => asm.rule(number, id, (!rest.is_empty()).then_some((number, rest))),
                Err(e) => {
                    asm.orphan(number, text, &format!("numéro de règle invalide : {e}"));
                    asm.note(AnomalyKind::InvalidNumber, number, None, format!("{e} : « {} »", quote(text)));
                }
            }
        } else if let Some((n, title)) = self.section_heading(text) {
            self.section = Some(n);
            asm.section(number, n, &title, text);
        } else if let Some((n, heading)) = self.chapter_heading(text) {
            let title = self.chapter_title(n, &heading);
            asm.chapter(number, n, &title, text);
        } else if is_example(text) {
            asm.example(number, text);
        } else {
            asm.paragraph(number, text);
        }
    }
}

/// Compares titles ignoring case and the apostrophe's shape.
fn same_title(a: &str, b: &str) -> bool {
    let norm = |s: &str| s.trim().to_lowercase().replace('’', "'");
    norm(a) == norm(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::ItemKind;

    fn run(s: &str) -> (Vec<crate::corpus::Item>, Meta) {
        let lines: Vec<String> = s.lines().map(String::from).collect();
        let mut asm = Assembler::new();
        let meta = parse(&lines, &mut asm);
        (asm.finish().0, meta)
    }

    #[test]
    fn page_export() {
        let (items, meta) = run(
            "Règles complètes\n\nRègles US [30/09/2011] Règles FR [04/02/2011]\n\nSommaire\n\n6. Sorts, capacités et effets\n\n\
             608. Sorts, capacités et effets : Résoudre les sorts\n\n608.1.\n\nTexte un.\n\n608.2b\n\nTexte deux.\n\nExemple : un exemple.",
        );
        assert_eq!(meta.edition, Date::new(2011, 2, 4));
        assert_eq!(meta.based_on, Date::new(2011, 9, 30));
        let kinds: Vec<_> = items.iter().map(|i| &i.kind).collect();
        assert!(matches!(kinds[2], ItemKind::Chapter { .. }), "{kinds:#?}");
        assert!(matches!(kinds[2], ItemKind::Chapter { title: Some(t), .. } if t == "Résoudre les sorts"));
        assert_eq!(items[3].text(), "Texte un.");
        assert_eq!(items[3].lines, [11, 13]);
        assert!(matches!(kinds[5], ItemKind::Example { rule: 4 }));
    }

    #[test]
    fn official_txt() {
        let (items, meta) = run(
            "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of January 16, 2026.\n\nIntroduction\n\nThis document…\n\n\
             Contents\n1. Game Concepts\n100. General\nGlossary\nCredits\n\n1. Game Concepts\n\n100. General\n\n100.1. These rules.\n\n100.1a A game.\n\
             Example: one.\n     More text.\n\nGlossary\n\nAbandon\nTo turn… See rule 701.33.\n\nAbility\n1. Text.\n2. Object.\n\nCredits\n\nDesign: RG",
        );
        assert_eq!(meta.edition, Date::new(2026, 1, 16));
        let (_, meta) =
            run("Magic: The Gathering Comprehensive Rules\r\n\r\nThese rules are current as of October 1, 2008.\r\n");
        assert_eq!(meta.edition, Date::new(2008, 10, 1), "the 2008 wording");
        let glossary: Vec<_> = items
            .iter()
            .filter_map(|i| match &i.kind {
                ItemKind::Glossary { term } => Some((term.as_str(), i.parts.len())),
                _ => None,
            })
            .collect();
        assert_eq!(glossary, [("Abandon", 1), ("Ability", 2)]);
        let example = items.iter().find(|i| matches!(i.kind, ItemKind::Example { .. })).unwrap();
        assert_eq!(example.text(), "Example: one.\nMore text.");
    }
}
