//! Small text helpers shared by every layer: folding for look-ups, slugs,
//! French numbers, short quotations for messages, HTML escaping, the line
//! of a byte offset, text without its parentheses, and word-level
//! differences between two texts. A leaf:
//! it imports nothing else of the crate.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// A text without what it says in parentheses (a card's reminder texts),
/// nested ones included; a closing parenthesis without its opening one is
/// dropped, an opening one without its closing one drops the rest.
pub fn without_parentheses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// What a piece of a word-level difference is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DiffKind {
    /// In both texts.
    Same,
    /// Only in the old text.
    Removed,
    /// Only in the new text.
    Added,
}

/// One piece of a word-level difference: consecutive words of one kind,
/// with the spaces between them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DiffPiece {
    /// Same, removed or added.
    pub kind: DiffKind,
    /// The words.
    pub text: String,
}

/// Straight quotes made typographic, as the rules print them since 2014:
/// `'` → `’`, `"` → `“` at the start of a word and `”` elsewhere. Older
/// editions are in ASCII: their texts are compared with today's this way,
/// so that a quote is not a change.
pub fn curly_quotes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\'', '"']) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut previous: Option<char> = None;
    for c in text.chars() {
        out.push(match c {
            '\'' => '’',
            '"' if previous.is_none_or(|p| p.is_whitespace() || "([{—–-".contains(p)) => '“',
            '"' => '”',
            other => other,
        });
        previous = Some(c);
    }
    std::borrow::Cow::Owned(out)
}

/// A no-break space, before « : » (French typography).
pub const NBSP: char = '\u{a0}';
/// A narrow no-break space, before « ; ! ? » and inside « » (French typography).
pub const NNBSP: char = '\u{202f}';

/// French typography for display, never for search or ids: the space before
/// « : » made no-break, the one before « ; ! ? » and inside « » narrow and
/// no-break, so that none of them starts or ends a line alone; an apostrophe
/// between two letters made curly (« l’enchantement »). Nothing is added or
/// removed but those spaces and apostrophes: a text without them is returned
/// as it is.
pub fn french_typography(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains([' ', '\'']) {
        return std::borrow::Cow::Borrowed(text);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        out.push(match (before, c, after) {
            (_, ' ', Some(':')) => NBSP,
            (_, ' ', Some(';' | '!' | '?' | '»')) => NNBSP,
            (Some('«'), ' ', _) => NNBSP,
            (Some(b), '\'', Some(a)) if b.is_alphabetic() && a.is_alphabetic() => '’',
            _ => c,
        });
    }
    std::borrow::Cow::Owned(out)
}

/// The word-level difference from `old` to `new` (the `similar` crate's
/// Myers diff over words and the spaces between them). A change is read
/// whole: the words removed, then the words added, a lone space between two
/// changes belonging to both (« is countered » → « doesn't resolve », not
/// word by word).
pub fn word_diff(old: &str, new: &str) -> Vec<DiffPiece> {
    let (old, new) = (curly_quotes(old), curly_quotes(new));
    let diff = similar::TextDiff::from_words(old.as_ref(), new.as_ref());
    let changes: Vec<(DiffKind, &str)> = diff
        .iter_all_changes()
        .map(|c| {
            let kind = match c.tag() {
                similar::ChangeTag::Equal => DiffKind::Same,
                similar::ChangeTag::Delete => DiffKind::Removed,
                similar::ChangeTag::Insert => DiffKind::Added,
            };
            (kind, c.value())
        })
        .collect();
    let mut out: Vec<DiffPiece> = Vec::new();
    let push = |out: &mut Vec<DiffPiece>, kind: DiffKind, text: &str| match out.last_mut() {
        Some(last) if last.kind == kind => last.text.push_str(text),
        _ if text.is_empty() => {}
        _ => out.push(DiffPiece { kind, text: text.to_string() }),
    };
    let mut i = 0;
    while i < changes.len() {
        if changes[i].0 == DiffKind::Same {
            push(&mut out, DiffKind::Same, changes[i].1);
            i += 1;
            continue;
        }
        // A run of changes, spaces between them included, up to the next words in common.
        let mut end = i;
        while end < changes.len() {
            let (kind, text) = changes[end];
            let space_between = kind == DiffKind::Same
                && text.trim().is_empty()
                && changes.get(end + 1).is_some_and(|n| n.0 != DiffKind::Same);
            if kind == DiffKind::Same && !space_between {
                break;
            }
            end += 1;
        }
        let side = |keep: DiffKind| -> String {
            changes[i..end].iter().filter(|(k, _)| *k == keep || *k == DiffKind::Same).map(|(_, t)| *t).collect()
        };
        // Spaces at either end of a change stay outside it, in common.
        let (removed, added) = (side(DiffKind::Removed), side(DiffKind::Added));
        let starts_spaced = [&removed, &added].iter().any(|t| t.starts_with(char::is_whitespace));
        if starts_spaced && out.last().is_some_and(|p| !p.text.ends_with(char::is_whitespace)) {
            push(&mut out, DiffKind::Same, " ");
        }
        push(&mut out, DiffKind::Removed, removed.trim());
        push(&mut out, DiffKind::Added, added.trim());
        let ends_spaced = [&removed, &added].iter().any(|t| t.ends_with(char::is_whitespace));
        if ends_spaced && changes.get(end).is_none_or(|n| !n.1.starts_with(char::is_whitespace)) {
            push(&mut out, DiffKind::Same, " ");
        }
        i = end;
    }
    out
}

/// « 1 règle », « 3 règles ».
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n > 1 { many } else { one })
}

/// Lowercases and removes accents: « Règle » → « regle ». Used for look-ups,
/// never for display.
pub fn fold(text: &str) -> String {
    // Most words typed are plain ASCII: nothing to decompose.
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.nfd().filter(|c| !is_combining_mark(*c)).collect::<String>().to_lowercase()
}

/// French words that say nothing of the game, left out of searches and of
/// the word translations: Snowball's French stop words (articles, pronouns,
/// prepositions, the forms of « être » and « avoir »), elided forms, and
/// the same words typed without their accents. Not « même » (« the same
/// name », « en même temps »: the rules mean it), nor « aura » (an Aura):
/// those are searched. (« ne … pas » is: the vocabulary names « peut pas ».)
pub const FRENCH_STOP_WORDS: &[&str] = &[
    "au", "aux", "avec", "ce", "ces", "dans", "de", "des", "du", "elle", "en", "et", "eux", "il", "ils", "je", "la",
    "le", "les", "leur", "leurs", "lui", "ma", "mais", "me", "mes", "moi", "mon", "ne", "nos", "notre", "nous", "on",
    "ou", "pas", "par", "pour", "qu", "que", "qui", "sa", "se", "ses", "son", "sur", "ta", "te", "tes", "toi", "ton",
    "tu", "un", "une", "vos", "votre", "vous", "c", "d", "j", "l", "à", "a", "m", "n", "s", "t", "y", "été", "étée",
    "étées", "étés", "étant", "étante", "étants", "étantes", "suis", "es", "est", "sommes", "êtes", "sont", "serai",
    "seras", "sera", "serons", "serez", "seront", "serais", "serait", "serions", "seriez", "seraient", "étais",
    "était", "étions", "étiez", "étaient", "fus", "fut", "fûmes", "fûtes", "furent", "sois", "soit", "soyons", "soyez",
    "soient", "fusse", "fusses", "fût", "fussions", "fussiez", "fussent", "ayant", "ayante", "ayantes", "ayants", "eu",
    "eue", "eues", "eus", "ai", "as", "avons", "avez", "ont", "aurai", "aurons", "aurez", "auront", "aurais", "aurait",
    "aurions", "auriez", "auraient", "avais", "avait", "avions", "aviez", "avaient", "eut", "eûmes", "eûtes", "eurent",
    "aie", "aies", "ait", "ayons", "ayez", "aient", "eusse", "eusses", "eût", "eussions", "eussiez", "eussent", "ceci",
    "cela", "celà", "cet", "cette", "ici", "quel", "quels", "quelle", "quelles", "sans", "soi", "jusqu", "lorsqu",
    "puisqu", "quoiqu", "presqu", "cf", "ete", "etee", "etees", "etes", "etant", "etais", "etait", "etions", "etiez",
    "etaient", "fumes", "futes", "eumes", "eutes", "ca", "ça", "cest", "jai",
];

/// The names of the numbers from zero to twenty, in French and in English.
const NUMBER_NAMES: [(&str, &str); 21] = [
    ("zéro", "zero"),
    ("un", "one"),
    ("deux", "two"),
    ("trois", "three"),
    ("quatre", "four"),
    ("cinq", "five"),
    ("six", "six"),
    ("sept", "seven"),
    ("huit", "eight"),
    ("neuf", "nine"),
    ("dix", "ten"),
    ("onze", "eleven"),
    ("douze", "twelve"),
    ("treize", "thirteen"),
    ("quatorze", "fourteen"),
    ("quinze", "fifteen"),
    ("seize", "sixteen"),
    ("dix-sept", "seventeen"),
    ("dix-huit", "eighteen"),
    ("dix-neuf", "nineteen"),
    ("vingt", "twenty"),
];

/// The French and English names of a number written in digits, from 0 to
/// 20 (« 7 » → « sept », « seven »): the rules write small numbers in
/// words (« ten or more poison counters »), judges in digits.
pub fn number_names(digits: &str) -> Option<(&'static str, &'static str)> {
    let n: usize = digits.parse().ok().filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))?;
    NUMBER_NAMES.get(n).copied()
}

/// A count with its thousands apart, as French prints them: « 35 033 »,
/// `sep` a no-break space in the terminal, a narrow one in pages.
pub fn thousands(n: usize, sep: char) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(d);
    }
    out
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

/// What a judge typed, as searched and shown: a tab or a line break is a
/// space, the other control characters (NUL, ESC…) and those that turn text
/// around (U+202E) are dropped — a page or a terminal would obey them —,
/// the ends trimmed.
pub fn typed(text: &str) -> String {
    let bidi = |c: char| matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let kept: String = text
        .chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if c.is_control() || bidi(c) => None,
            c => Some(c),
        })
        .collect();
    kept.trim().to_string()
}

/// A short quotation of `text` for messages: at most 80 characters, « … »
/// at the cut, without the control characters and those that turn text
/// around (U+202E) — nothing a judge typed, and a terminal would obey them.
pub fn quote(text: &str) -> String {
    let shown = typed(text);
    let t = shown.as_str();
    match t.char_indices().nth(QUOTE_CHARS) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None => t.to_string(),
    }
}

/// The optimal-string-alignment distance between `a` and `b`, or `None` as
/// soon as it must exceed `max`.
pub fn bounded_distance(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let width = b.len() + 1;
    let mut prev2 = vec![0usize; width];
    let mut prev: Vec<usize> = (0..width).collect();
    let mut cur = vec![0usize; width];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > max {
            return None;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    let d = prev[b.len()];
    (d <= max).then_some(d)
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

    #[test]
    fn what_was_typed_keeps_no_control_character() {
        assert_eq!(typed(" pi\u{1}étinement\tet\u{202e} lien\u{1b}[31m de vie \n"), "piétinement et lien[31m de vie");
        assert_eq!(typed("\u{0}\u{7}"), "");
    }

    use super::*;

    #[test]
    fn reminder_texts_left_out() {
        assert_eq!(
            without_parentheses("Vigilance (Attacking doesn't cause this creature to tap.)\nDraw a card."),
            "Vigilance \nDraw a card."
        );
        assert_eq!(without_parentheses("a (b (c) d) e"), "a  e");
        // A stray parenthesis: the closing one dropped, the opening one drops the rest.
        assert_eq!(without_parentheses("a ) b ( c"), "a  b ");
    }

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

    #[test]
    fn word_differences() {
        let d = word_diff("the spell is countered", "the spell doesn't resolve");
        let kinds: Vec<(DiffKind, &str)> = d.iter().map(|p| (p.kind, p.text.as_str())).collect();
        assert_eq!(
            kinds,
            [(DiffKind::Same, "the spell "), (DiffKind::Removed, "is countered"), (DiffKind::Added, "doesn’t resolve")]
        );
        let same = word_diff("a b", "a b");
        assert_eq!(word_diff("that's \"target\"", "that’s “target”").len(), 1, "quotes are not changes");
        assert_eq!(same, [DiffPiece { kind: DiffKind::Same, text: "a b".into() }]);
    }
}
