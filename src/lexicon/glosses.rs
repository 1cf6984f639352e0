//! French glosses of the English rules: `rules/gloses-fr.tsv`, read into
//! [`Glosses`] — for each rule of one English edition, what it says in
//! French and a question a judge would type that it answers.
//!
//! Most rules in force have no official French text, so a French question
//! shares no word with them; the translation of the query term by term
//! ([`super::Lexicon`]) reaches the words that have a name in the game, not
//! the judge's paraphrase. The glosses are a search layer: they are indexed
//! beside the rules' texts and never shown as the rule (they are not
//! official). Each is tied to the edition it was written for, named in the
//! file's first row: a rule whose text has changed since then is left out
//! by the search (see `search::part`).
//!
//! The file: `#` lines are comments; the first row is
//! `édition⇥AAAA-MM-JJ`; then one row per rule, `règle⇥glose⇥question`.
//! Every row is checked: a rule number that does not parse, an empty
//! column, a rule written twice is an error, never skipped.

use std::collections::HashSet;
use std::sync::LazyLock;

use super::{LexiconError, rows};
use crate::vocab::{Date, RuleId};

/// The path of the glosses inside `rules/`.
pub const FILE: &str = "gloses-fr.tsv";

/// One rule's gloss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gloss {
    /// The rule, numbered as in the edition of the file.
    pub rule: RuleId,
    /// What the rule says, in French.
    pub gloss: String,
    /// A question a judge would type that the rule answers.
    pub question: String,
}

/// The glosses of one English edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glosses {
    /// The date of the English edition they gloss.
    pub edition: Date,
    /// One per rule, in the file's order.
    pub entries: Vec<Gloss>,
}

static EMBEDDED: LazyLock<Option<Glosses>> = LazyLock::new(|| {
    let text = crate::embedded::file(FILE).map(String::from_utf8_lossy)?;
    let path = format!("{}/{FILE}", crate::embedded::ROOT);
    Some(Glosses::parse(&path, &text).expect("rules/gloses-fr.tsv is checked by the tests"))
});

impl Glosses {
    /// The glosses built into the binary, if `rules/` has them.
    pub fn embedded() -> Option<&'static Glosses> {
        EMBEDDED.as_ref()
    }

    /// Reads a glosses file (see the module documentation).
    pub fn parse(path: &str, text: &str) -> Result<Glosses, LexiconError> {
        let mut rows = rows(text);
        let err = |line: u32, detail: String| LexiconError { path: path.to_string(), line, detail };
        let edition = match rows.next() {
            Some((line, cols)) => match cols[..] {
                ["édition", date] => Date::parse_iso(date.trim())
                    .ok_or_else(|| err(line, format!("date d'édition « {} » illisible (AAAA-MM-JJ)", date.trim())))?,
                _ => return Err(err(line, "la première ligne doit être « édition⇥AAAA-MM-JJ »".to_string())),
            },
            None => return Err(err(1, "fichier vide : la ligne « édition⇥AAAA-MM-JJ » manque".to_string())),
        };
        let mut entries = Vec::new();
        let mut seen = HashSet::new();
        for (line, cols) in rows {
            let cols: Vec<&str> = cols.into_iter().map(str::trim).collect();
            let [rule, gloss, question] = cols[..] else {
                return Err(err(line, format!("3 colonnes attendues (règle, glose, question), {} lues", cols.len())));
            };
            let rule =
                RuleId::parse(rule).map_err(|e| err(line, format!("numéro de règle « {rule} » illisible : {e}")))?;
            if gloss.is_empty() || question.is_empty() {
                return Err(err(line, format!("la glose et la question de {rule} sont obligatoires")));
            }
            if !seen.insert(rule) {
                return Err(err(line, format!("{rule} a déjà une glose")));
            }
            entries.push(Gloss { rule, gloss: gloss.to_string(), question: question.to_string() });
        }
        Ok(Glosses { edition, entries })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_with_its_edition() {
        let g = Glosses::parse(
            "g.tsv",
            "# commentaire\nédition\t2026-01-16\n702.19b\tLe piétinement…\tle surplus passe ?\n",
        )
        .unwrap();
        assert_eq!(g.edition, Date::new(2026, 1, 16).unwrap());
        assert_eq!(g.entries.len(), 1);
        assert_eq!(g.entries[0].rule, RuleId::parse("702.19b").unwrap());
        assert_eq!(g.entries[0].question, "le surplus passe ?");
    }

    #[test]
    fn a_bad_row_is_an_error_with_its_line() {
        let bad = [
            ("702.19b\tx\ty\n", 1, "première ligne"),
            ("édition\t2026-13-01\n", 1, "illisible"),
            ("édition\t2026-01-16\n702.19z9\tx\ty\n", 2, "illisible"),
            ("édition\t2026-01-16\n702.19b\tx\n", 2, "3 colonnes"),
            ("édition\t2026-01-16\n702.19b\t \ty\n", 2, "obligatoires"),
            ("édition\t2026-01-16\n702.19b\tx\ty\n702.19b\tx\ty\n", 3, "déjà"),
            ("", 1, "vide"),
        ];
        for (text, line, says) in bad {
            let e = Glosses::parse("g.tsv", text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}");
            assert!(e.detail.contains(says), "{text:?}: {}", e.detail);
        }
    }

    #[test]
    fn the_embedded_file_reads() {
        let g = Glosses::embedded().expect("rules/gloses-fr.tsv is in the binary");
        assert!(g.entries.len() > 3000, "{}", g.entries.len());
    }
}
