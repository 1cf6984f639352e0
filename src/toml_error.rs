//! Errors of the TOML reader, said in French for judges: the corpus manifest
//! (`rules/corpus.toml`) and the ruling scenarios are both TOML, and both
//! report a mistake with its line and, when the parser names one, its key.
//! A leaf: it imports nothing else of the crate.

/// The byte offset the parser points at (0 when it points nowhere); the
/// caller turns it into a line with `text::line_at`.
pub fn offset(error: &toml::de::Error) -> usize {
    error.span().map(|s| s.start).unwrap_or(0)
}

/// The key the parser names in its message (« unknown field `x` », « missing
/// field `x` »), if any.
pub fn named_key(message: &str) -> Option<&str> {
    message.split('`').nth(1).filter(|_| message.contains(" field `"))
}

/// The TOML parser's message, in French for the cases a judge meets; the
/// keys a table accepts are read from the parser's own message.
pub fn in_french(message: &str) -> String {
    let quoted: Vec<&str> = message.split('`').skip(1).step_by(2).collect();
    let message = message.trim();
    if message.starts_with("unknown field") {
        let key = quoted.first().copied().unwrap_or("");
        let expected = quoted.get(1..).map(|k| k.join(", ")).unwrap_or_default();
        if expected.is_empty() {
            format!("clé « {key} » inconnue")
        } else {
            format!("clé « {key} » inconnue (clés possibles : {expected})")
        }
    } else if message.starts_with("missing field") {
        format!("clé « {} » manquante", quoted.first().copied().unwrap_or(""))
    } else if message.starts_with("invalid type") {
        let expected = message.rsplit("expected ").next().unwrap_or("");
        let what = match expected {
            e if e.contains("string") => "une chaîne entre guillemets",
            e if e.contains("integer") || e.contains("i64") => "un nombre entier",
            e if e.contains("bool") => "true ou false",
            e if e.contains("sequence") => "une liste [ … ]",
            e if e.contains("map") || e.contains("struct") => "une table",
            _ => "une autre sorte de valeur",
        };
        format!("type de valeur incorrect (attendu : {what})")
    } else {
        // The parser's syntax messages, said in French for the common slips.
        let hint = if message.contains("basic string") || message.contains("literal string") {
            Some("chaîne non fermée : il manque un guillemet")
        } else if message.contains("duplicate key") {
            Some("clé en double")
        } else if message.contains("expected `=`") || message.contains("key with no value") {
            Some("il manque « = » et une valeur après la clé")
        } else if message.contains("invalid table header") || message.contains("invalid array") {
            Some("crochets mal fermés")
        } else if message.contains("unquoted key") {
            Some("une clé avec des accents ou des espaces s'écrit entre guillemets : { \"Chloé\" = 1 }")
        } else if message.contains("invalid string") || message.contains("string values must be quoted") {
            Some("les chaînes s'écrivent entre guillemets")
        } else {
            None
        };
        match hint {
            Some(h) => format!("syntaxe TOML invalide : {h} ({message})"),
            None => format!("syntaxe TOML invalide ({message})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_in_french() {
        let e = in_french("unknown field `langue`, expected one of `path`, `language`");
        assert_eq!(e, "clé « langue » inconnue (clés possibles : path, language)");
        assert_eq!(in_french("missing field `title`"), "clé « title » manquante");
        assert!(in_french("invalid type: integer `3`, expected a string").contains("chaîne entre guillemets"));
        assert!(in_french("invalid basic string").contains("il manque un guillemet"));
        assert_eq!(named_key("unknown field `vie`, expected `nom`"), Some("vie"));
        assert_eq!(named_key("invalid type: string `x`"), None);
    }

    #[test]
    fn offsets_come_from_the_parser() {
        let text = "a = 1\nb = \n";
        let e = toml::from_str::<toml::Table>(text).unwrap_err();
        assert!(offset(&e) >= 6, "the error is on the second line: {}", offset(&e));
    }
}
