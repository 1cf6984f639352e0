//! How the game's texts are cut into words, in both languages, for the
//! search and the word translations alike ([`WordTokenizer`]): runs of
//! letters, digits and combining marks (a decomposed accent never cuts a
//! word; each word is NFC); a power/toughness is one word (`+1/+1`, `-1/-1`,
//! `2/2`, `*/*`); « nonland » is « non » then « land ».

use tantivy::tokenizer::{Token, TokenStream, Tokenizer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

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
