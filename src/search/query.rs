//! From what a judge typed to what to look for.
//!
//! Judges type fast, on phones: no operators, no syntax. Nothing here can
//! fail: control characters become spaces, a 10 KB paste is cut to its first
//! [`MAX_QUERY_CHARS`] characters, an unbalanced quote is dropped, `+ - : ( ) *`
//! are plain punctuation. What comes out:
//!
//! - the rule numbers typed (the whole query, or dotted numbers inside it),
//!   which jump straight to their rule;
//! - the quoted phrases (« ... », "...", “...”), which must appear as typed;
//! - the remaining words.

use std::sync::LazyLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

use crate::vocab::RuleId;

/// Characters of a query that are read; the rest is ignored.
pub const MAX_QUERY_CHARS: usize = 1000;

/// A query, read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserQuery {
    /// Rule numbers typed, in order.
    pub ids: Vec<RuleId>,
    /// Whether the whole query was a rule number (`608.2b`, `RC 608.2B`, `règle 608,2b`).
    pub is_id: bool,
    /// Quoted phrases.
    pub phrases: Vec<String>,
    /// The free words, as one text.
    pub words: String,
}

static DOTTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)\b\d{3}[.,]\d{1,3}[a-z]?\b").unwrap());

const OPENING: [char; 4] = ['"', '«', '“', '„'];
const CLOSING: [char; 4] = ['"', '»', '”', '“'];

/// Reads a query. See the module documentation.
pub fn parse(raw: &str) -> UserQuery {
    let cleaned: String = raw.chars().take(MAX_QUERY_CHARS).map(|c| if c.is_control() { ' ' } else { c }).collect();
    // Most queries are already NFC (all ASCII ones): not composed again.
    let cleaned = match unicode_normalization::is_nfc_quick(cleaned.chars()) {
        unicode_normalization::IsNormalized::Yes => cleaned,
        _ => cleaned.nfc().collect(),
    };
    let text = cleaned.trim();

    if let Ok(id) = RuleId::parse_loose(text) {
        return UserQuery { ids: vec![id], is_id: true, ..UserQuery::default() };
    }

    // Quoted phrases; an opening quote without its closing one is dropped.
    let mut phrases = Vec::new();
    let mut words = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(OPENING) {
        words.push_str(&rest[..open]);
        words.push(' ');
        let after = &rest[open..];
        let quote_len = after.chars().next().map_or(1, char::len_utf8);
        let inside = &after[quote_len..];
        match inside.find(CLOSING) {
            Some(close) => {
                let phrase = inside[..close].trim();
                if !phrase.is_empty() {
                    phrases.push(phrase.to_string());
                }
                let closing_len = inside[close..].chars().next().map_or(1, char::len_utf8);
                rest = &inside[close + closing_len..];
            }
            None => rest = inside,
        }
    }
    words.push_str(rest);

    // Dotted rule numbers inside the words jump to their rule too.
    let mut ids = Vec::new();
    // (`\d` is any Unicode digit: looked for whenever a character is numeric.)
    let words = if words.chars().any(char::is_numeric) {
        for m in DOTTED.find_iter(&words) {
            if let Ok(id) = RuleId::parse_loose(m.as_str()) {
                ids.push(id);
            }
        }
        DOTTED.replace_all(&words, " ").into_owned()
    } else {
        words
    };
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    UserQuery { ids, is_id: false, phrases, words }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_numbers_in_any_form() {
        for q in ["608.2b", "608.2B", "608,2b", "RC 608.2b", "CR 608.2b", "règle 608.2b", "r608.2b", " 608.2b "] {
            let p = parse(q);
            assert!(p.is_id, "{q}");
            assert_eq!(p.ids, [RuleId::parse("608.2b").unwrap()], "{q}");
        }
        let p = parse("cible illégale 608.2b salve");
        assert!(!p.is_id);
        assert_eq!(p.ids.len(), 1);
        assert_eq!(p.words, "cible illégale salve");
    }

    #[test]
    fn phrases_and_unbalanced_quotes() {
        let p = parse("protection « contre le blanc » et \"Salve d'aura\"");
        assert_eq!(p.phrases, ["contre le blanc", "Salve d'aura"]);
        assert_eq!(p.words, "protection et");
        let p = parse("\"salve d'aura");
        assert!(p.phrases.is_empty());
        assert_eq!(p.words, "salve d'aura");
    }

    #[test]
    fn hostile_queries() {
        for q in ["", "*", "+-:()", "\u{0}\u{1b}[31m", "« »", "\"\"\"", &"x".repeat(10_000)] {
            let p = parse(q);
            assert!(p.words.chars().count() <= MAX_QUERY_CHARS, "{q}");
        }
        assert_eq!(parse("a\u{0}b").words, "a b");
    }

    #[test]
    fn decomposed_accents_are_composed() {
        // « épée » typed with combining accents: composed, as the texts are.
        assert_eq!(parse("e\u{301}pe\u{301}e").words, "épée");
        assert_eq!(parse("« e\u{301}pe\u{301}e » 702.19").phrases, ["épée"]);
        assert_eq!(parse("épée").words, "épée");
    }

    #[test]
    fn numbers_in_other_digits_are_read_as_numbers() {
        // `\d` is any Unicode digit: a number in Arabic-Indic digits is
        // taken out of the words as an ASCII one is, even if no rule has it.
        assert_eq!(parse("carte \u{666}\u{660}\u{668}.\u{662}b salve").words, "carte salve");
        assert_eq!(parse("carte 608.2b salve").words, "carte salve");
    }
}
