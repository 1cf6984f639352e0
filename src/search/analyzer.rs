//! Text analysis for French and English rules.
//!
//! Each language has two analyzers, used on two fields of the same text:
//!
//! ```text
//! fr_stem:  words → lowercase → drop long tokens → stop words & elisions → French stemmer → fold accents
//! fr_fold:  words → lowercase → drop long tokens → stop words & elisions → fold accents
//! ```
//!
//! The order matters. The Snowball stemmer knows French endings *with* their
//! accents, so stemming before folding keeps « bloqué / bloquée » (`bloqu`)
//! and « exilé / exilée » (`exil`) together; folding first would split them.
//! A query typed without accents (`bloquee`) does not stem like its accented
//! form, which is what the second, unstemmed field is for: folded words match
//! whatever accents the judge left out.
//!
//! Elisions (l’, d’, qu’, jusqu’, lorsqu’, puisqu’…) need no special filter:
//! the tokenizer cuts words at apostrophes of both shapes (’ and '), and the
//! elided article is a stop word. Decomposed accents (e + U+0301) never cut a
//! word: combining marks belong to the word, and each token is normalized to NFC.

use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, Stemmer, StopWordFilter, TextAnalyzer, Token,
    TokenStream, Tokenizer, TokenizerManager,
};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// French, stemmed then folded.
pub const FR_STEM: &str = "fr_stem";
/// French, folded, not stemmed.
pub const FR_FOLD: &str = "fr_fold";
/// English, stemmed then folded.
pub const EN_STEM: &str = "en_stem";
/// English, folded, not stemmed.
pub const EN_FOLD: &str = "en_fold";

/// Longer tokens are dropped (a 10 MB « word » is not a word).
const MAX_TOKEN_BYTES: usize = 40;

/// French stop words ([`crate::text::FRENCH_STOP_WORDS`]: Snowball's, the
/// elided forms the tokenizer cuts off at the apostrophe, « à », « cf »),
/// as typed with or without accents.
fn french_stop_words() -> StopWordFilter {
    StopWordFilter::remove(crate::text::FRENCH_STOP_WORDS.iter().map(|w| w.to_string()))
}

/// Splits text into words: runs of letters, digits and combining marks.
/// Each token's text is NFC; its offsets point into the original text.
#[derive(Clone, Default)]
pub struct WordTokenizer {
    token: Token,
}

/// The token stream of [`WordTokenizer`].
pub struct WordTokenStream<'a> {
    text: &'a str,
    offset: usize,
    token: &'a mut Token,
}

/// Combining marks all lie at U+0300 and above: the table look-up is skipped
/// for the Latin text that makes up nearly all rules text.
fn is_mark(c: char) -> bool {
    c >= '\u{300}' && is_combining_mark(c)
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = WordTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> WordTokenStream<'a> {
        self.token.reset();
        WordTokenStream { text, offset: 0, token: &mut self.token }
    }
}

/// Words the rules write after « non » in one word (« nonland »,
/// « noncreature »): such a word is cut in two, so that « nonland card »
/// is found by what it speaks of, a land.
const AFTER_NON: &[&str] = &[
    "active",
    "artifact",
    "aura",
    "basic",
    "battle",
    "black",
    "blue",
    "colorless",
    "combat",
    "copy",
    "creature",
    "enchantment",
    "equipment",
    "green",
    "human",
    "hybrid",
    "instant",
    "land",
    "legendary",
    "mana",
    "modal",
    "planeswalker",
    "red",
    "snow",
    "sorcery",
    "token",
    "vehicle",
    "white",
];

/// The length of a power/toughness written as one word at the start of
/// `b` — a change (`+1/+1`, `-1/-1`, `+X/+0`) or a value (`2/2`, `*/*`) —
/// or 0.
fn power_toughness(b: &[u8]) -> usize {
    let part = |i: usize| -> usize {
        let mut j = i;
        if matches!(b.get(j), Some(b'+' | b'-')) {
            j += 1;
        }
        let start = j;
        while matches!(b.get(j), Some(c) if c.is_ascii_digit() || *c == b'X' || *c == b'*') {
            j += 1;
        }
        if j == start { 0 } else { j - i }
    };
    let left = part(0);
    if left == 0 || b.get(left) != Some(&b'/') {
        return 0;
    }
    let right = part(left + 1);
    let end = left + 1 + right;
    let followed = b.get(end).is_some_and(|c| c.is_ascii_alphanumeric());
    if right == 0 || followed { 0 } else { end }
}

impl TokenStream for WordTokenStream<'_> {
    fn advance(&mut self) -> bool {
        let bytes = self.text.as_bytes();
        // Skip to the next letter or digit, or a power/toughness; ASCII bytes
        // are read as bytes, the rest decoded (rules text is mostly ASCII).
        let mut from = self.offset;
        let mut pt = 0;
        loop {
            match bytes.get(from) {
                None => {
                    self.offset = bytes.len();
                    return false;
                }
                Some(b) if b.is_ascii() => {
                    let alone = from == 0 || !bytes[from - 1].is_ascii_alphanumeric();
                    if alone && matches!(b, b'+' | b'-' | b'*' | b'0'..=b'9' | b'X') {
                        pt = power_toughness(&bytes[from..]);
                        if pt > 0 {
                            break;
                        }
                    }
                    if b.is_ascii_alphanumeric() {
                        break;
                    }
                    from += 1;
                }
                Some(_) => {
                    let c = self.text[from..].chars().next().expect("a character");
                    if c.is_alphanumeric() {
                        break;
                    }
                    from += c.len_utf8();
                }
            }
        }
        let mut to = from + pt;
        let mut marks = false;
        while pt == 0
            && let Some(&b) = bytes.get(to)
        {
            if b.is_ascii() {
                if !b.is_ascii_alphanumeric() {
                    break;
                }
                to += 1;
            } else {
                let c = self.text[to..].chars().next().expect("a character");
                let mark = is_mark(c);
                if !(c.is_alphanumeric() || mark) {
                    break;
                }
                marks |= mark;
                to += c.len_utf8();
            }
        }
        // « nonland » is « non » then « land ».
        let word = &self.text[from..to];
        if word.len() > 3
            && word.as_bytes()[..3].eq_ignore_ascii_case(b"non")
            && AFTER_NON.iter().any(|rest| word.get(3..).is_some_and(|r| r.eq_ignore_ascii_case(rest)))
        {
            to = from + 3;
        }
        self.offset = to;
        self.token.text.clear();
        let raw = &self.text[from..to];
        // Text without combining marks is already NFC (the corpus is
        // normalized on the way in); only a decomposed accent needs composing.
        if marks {
            self.token.text.extend(raw.nfc());
        } else {
            self.token.text.push_str(raw);
        }
        self.token.offset_from = from;
        self.token.offset_to = to;
        self.token.position = self.token.position.wrapping_add(1);
        true
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

/// One of the four analyzers, by name.
pub fn analyzer(name: &str) -> TextAnalyzer {
    let base = || {
        TextAnalyzer::builder(WordTokenizer::default())
            .filter(LowerCaser)
            .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
    };
    match name {
        FR_STEM => {
            base().filter(french_stop_words()).filter(Stemmer::new(Language::French)).filter(AsciiFoldingFilter).build()
        }
        FR_FOLD => base().filter(french_stop_words()).filter(AsciiFoldingFilter).build(),
        EN_STEM => base()
            .filter(StopWordFilter::new(Language::English).expect("English stop words"))
            .filter(Stemmer::new(Language::English))
            .filter(AsciiFoldingFilter)
            .build(),
        EN_FOLD => base()
            .filter(StopWordFilter::new(Language::English).expect("English stop words"))
            .filter(AsciiFoldingFilter)
            .build(),
        other => panic!("analyseur inconnu : {other}"),
    }
}

/// The analyzer that cuts snippets: words, lowercase, folded — the folded
/// fields' analyzers without their stop-word filters, which are useless
/// there (a stop word never matches a query form) and cost most of the time.
pub fn snippet_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer::default())
        .filter(LowerCaser)
        .filter(RemoveLongFilter::limit(MAX_TOKEN_BYTES))
        .filter(AsciiFoldingFilter)
        .build()
}

/// Registers the four analyzers.
pub fn register(manager: &TokenizerManager) {
    for name in [FR_STEM, FR_FOLD, EN_STEM, EN_FOLD] {
        manager.register(name, analyzer(name));
    }
}

/// The terms an analyzer makes of a text, in order.
pub fn terms(name: &str, text: &str) -> Vec<String> {
    let mut analyzer = analyzer(name);
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stemming_keeps_genders_and_numbers_together() {
        assert_eq!(terms(FR_STEM, "bloqué bloquée bloqués"), ["bloqu", "bloqu", "bloqu"]);
        assert_eq!(terms(FR_STEM, "exilé exilée"), ["exil", "exil"]);
        assert_eq!(terms(FR_STEM, "Créature créatures"), ["creatur", "creatur"]);
    }

    #[test]
    fn queries_without_accents_meet_the_folded_field() {
        assert_eq!(terms(FR_FOLD, "bloquée"), terms(FR_FOLD, "bloquee"));
        assert_eq!(terms(FR_FOLD, "Exilée"), ["exilee"]);
        assert_eq!(terms(FR_STEM, "révéler"), terms(FR_STEM, "reveler"));
    }

    #[test]
    fn decomposed_accents_do_not_split_words() {
        let decomposed = "re\u{301}solution de\u{301}truite";
        assert_eq!(terms(FR_FOLD, decomposed), ["resolution", "detruite"]);
        assert_eq!(terms(FR_STEM, decomposed), terms(FR_STEM, "résolution détruite"));
    }

    #[test]
    fn elisions_with_both_apostrophes() {
        for text in [
            "l’enchantement",
            "l'enchantement",
            "L’ENCHANTEMENT",
            "d’enchantement",
            "qu'enchantement",
            "jusqu’à l’enchantement",
            "lorsqu'enchantement",
            "puisqu’enchantement",
        ] {
            assert_eq!(terms(FR_FOLD, text), ["enchantement"], "{text}");
        }
    }

    #[test]
    fn english() {
        assert_eq!(terms(EN_STEM, "The creatures are destroyed"), ["creatur", "destroy"]);
        assert_eq!(terms(EN_FOLD, "can't"), ["can", "t"]);
    }

    #[test]
    fn power_and_toughness_are_one_word() {
        assert_eq!(terms(EN_FOLD, "a +1/+1 counter and a -1/-1 counter"), ["+1/+1", "counter", "-1/-1", "counter"]);
        assert_eq!(terms(FR_FOLD, "une 2/2 face cachée, +X/+0"), ["2/2", "face", "cachee", "+x/+0"]);
        assert_eq!(terms(EN_FOLD, "{2/W} 1/2a 10"), ["2", "w", "1", "2a", "10"]);
    }

    #[test]
    fn nonland_is_non_then_land() {
        assert_eq!(
            terms(EN_STEM, "nonland cards, noncreature spell, none"),
            ["non", "land", "card", "non", "creatur", "spell", "none"]
        );
    }

    #[test]
    fn hostile_text() {
        assert!(terms(FR_STEM, &"a".repeat(100_000)).is_empty());
        assert!(terms(FR_FOLD, "\u{0}\u{7}*+-:()\"«»").is_empty());
        assert_eq!(terms(FR_FOLD, "œuvre"), ["oeuvre"]);
    }
}
