//! Small text helpers shared by every layer: folding for look-ups, slugs,
//! French numbers, short quotations for messages, HTML escaping, and the line
//! of a byte offset. A leaf: it imports nothing else of the crate.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Lowercases and removes accents: « Règle » → « regle ». Used for look-ups,
/// never for display.
pub fn fold(text: &str) -> String {
    text.nfd().filter(|c| !is_combining_mark(*c)).collect::<String>().to_lowercase()
}

/// A number with a French decimal comma: `decimal_fr(0.4123, 2)` → « 0,41 ».
pub fn decimal_fr(x: f64, digits: usize) -> String {
    format!("{x:.digits$}").replace('.', ",")
}

/// A URL slug: « Semaine 5 : Lancer des sorts » → `semaine-5-lancer-des-sorts`.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in fold(text).chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The number of characters shown when quoting a source passage in a message.
const QUOTE_CHARS: usize = 80;

/// A short quotation of `text` for messages: at most 80 characters, « … » at the cut.
pub fn quote(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(QUOTE_CHARS) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
    }
}

/// Escapes text for HTML (element content and quoted attribute values).
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The 1-based line holding byte `offset` of `text` (an offset past the end
/// counts as the last line). Used to locate parser errors.
pub fn line_at(text: &str, offset: usize) -> u32 {
    let end = offset.min(text.len());
    text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() as u32 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_and_slugs() {
        assert_eq!(fold("Règle d’Été"), "regle d’ete");
        assert_eq!(
            slug("Semaine 5 : Lancer des sorts et activer des capacités"),
            "semaine-5-lancer-des-sorts-et-activer-des-capacites"
        );
    }

    #[test]
    fn quotes_escapes_and_lines() {
        assert_eq!(quote("  court  "), "court");
        let long = "é".repeat(100);
        assert_eq!(quote(&long).chars().count(), 81);
        assert!(quote(&long).ends_with('…'));
        assert_eq!(escape_html("<a href=\"x\">l'&</a>"), "&lt;a href=&quot;x&quot;&gt;l&#39;&amp;&lt;/a&gt;");
        assert_eq!(line_at("a\nb\nc", 0), 1);
        assert_eq!(line_at("a\nb\nc", 2), 2);
        assert_eq!(line_at("a\nb\nc", 99), 3);
    }
}
