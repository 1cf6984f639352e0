//! The number at the start of a line: `608.2b`, `608.1.`, `608. Titre`, `6. Titre`.
//!
//! Every rules layout starts its structural lines with a number; this reads
//! it by hand (it runs on every line of a 1 MB edition, where a regex with
//! capture groups was the slowest step of ingestion).

/// What a line starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lead<'a> {
    /// A rule number (`608.2b`, `608.1.`) and the text after it, possibly empty.
    Rule(&'a str, &'a str),
    /// A chapter heading: `608. Résoudre les sorts`.
    Chapter(u16, &'a str),
    /// A section heading: `6. Sorts, capacités et effets`.
    Section(u8, &'a str),
}

/// Reads the number at the start of `text` (already trimmed).
pub fn lead(text: &str) -> Option<Lead<'_>> {
    let b = text.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if b.get(digits) != Some(&b'.') {
        return None;
    }
    let after_dot = &text[digits + 1..];
    match digits {
        3 if after_dot.starts_with(|c: char| c.is_ascii_digit()) => {
            let n = after_dot.bytes().take_while(u8::is_ascii_digit).count();
            if n > 3 {
                return None;
            }
            let mut end = digits + 1 + n;
            if b.get(end).is_some_and(u8::is_ascii_alphabetic) {
                end += 1;
            }
            let id = &text[..end];
            let rest = text[end..].strip_prefix('.').unwrap_or(&text[end..]);
            if rest.is_empty() {
                Some(Lead::Rule(id, ""))
            } else if rest.starts_with(char::is_whitespace) {
                Some(Lead::Rule(id, rest.trim_start()))
            } else {
                None
            }
        }
        1 | 3 => {
            if !after_dot.starts_with(char::is_whitespace) {
                return None;
            }
            let title = after_dot.trim_start();
            if title.is_empty() {
                return None;
            }
            let n: u16 = text[..digits].parse().ok()?;
            Some(if digits == 1 { Lead::Section(n as u8, title) } else { Lead::Chapter(n, title) })
        }
        _ => None,
    }
}

/// Whether `text` is `name`, ignoring case (`Glossary`, `CRÉDITS`).
pub fn is_word(text: &str, name: &str) -> bool {
    text.len() == name.len() && text.to_lowercase() == name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leads() {
        assert_eq!(lead("608.2b"), Some(Lead::Rule("608.2b", "")));
        assert_eq!(lead("608.1."), Some(Lead::Rule("608.1", "")));
        assert_eq!(lead("100.1. These rules"), Some(Lead::Rule("100.1", "These rules")));
        assert_eq!(lead("100.1a A game"), Some(Lead::Rule("100.1a", "A game")));
        assert_eq!(lead("608. Résoudre"), Some(Lead::Chapter(608, "Résoudre")));
        assert_eq!(lead("6. Sorts"), Some(Lead::Section(6, "Sorts")));
        for no in ["608.2b-c", "608.2bc", "60. Titre", "608.", "6.", "1.5 fois", "608.1234", "Exemple"] {
            assert_eq!(lead(no), None, "{no}");
        }
        assert!(is_word("CRÉDITS", "crédits") && !is_word("Credit", "credits"));
    }
}
