//! Small text helpers shared by the graph, the search and the pages.

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
}
