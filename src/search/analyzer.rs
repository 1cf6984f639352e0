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
    AsciiFoldingFilter, Language, LowerCaser, RemoveLongFilter, Stemmer, StopWordFilter, TextAnalyzer, TokenizerManager,
};

pub use crate::lexicon::tokenizer::WordTokenizer;

/// French, stemmed then folded.
pub const FR_STEM: &str = "fr_stem";
/// French, folded, not stemmed.
pub const FR_FOLD: &str = "fr_fold";
/// English, stemmed then folded.
pub const EN_STEM: &str = "en_stem";
/// English, folded, not stemmed.
pub const EN_FOLD: &str = "en_fold";

/// The four analyzers' names.
const NAMES: [&str; 4] = [FR_STEM, FR_FOLD, EN_STEM, EN_FOLD];

/// Longer tokens are dropped (a 10 MB « word » is not a word).
const MAX_TOKEN_BYTES: usize = 40;

/// French stop words ([`crate::text::FRENCH_STOP_WORDS`]: Snowball's, the
/// elided forms the tokenizer cuts off at the apostrophe, « à », « cf »),
/// as typed with or without accents.
fn french_stop_words() -> StopWordFilter {
    StopWordFilter::remove(crate::text::FRENCH_STOP_WORDS.iter().map(|w| w.to_string()))
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

thread_local! {
    /// The four analyzers, made once per thread: a search analyzes each
    /// word of a query several times, and an analyzer's state is its own.
    static ANALYZERS: std::cell::RefCell<Vec<(&'static str, TextAnalyzer)>> =
        std::cell::RefCell::new(NAMES.into_iter().map(|n| (n, analyzer(n))).collect());
}

/// Runs `f` with this thread's analyzer of that name.
pub fn with<T>(name: &str, f: impl FnOnce(&mut TextAnalyzer) -> T) -> T {
    ANALYZERS.with(|all| {
        let mut all = all.borrow_mut();
        let (_, a) = all.iter_mut().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("analyseur inconnu : {name}"));
        f(a)
    })
}

/// How many words' analyses a thread keeps per analyzer ([`analyzed`]);
/// past that the memo starts over. With words of at most 40 bytes and
/// [`MEMO_TERMS`] terms each, under 4 MB per thread, even under queries
/// of random words.
const MEMO_WORDS: usize = 4_096;

/// A word kept has at most this many terms: a word typed makes one or two
/// (« l'aura », « non-creature »); a quoted « b.f.g.h… » makes twenty and
/// is analyzed each time.
const MEMO_TERMS: usize = 2;

/// The terms an analyzer made of words, with their positions, by word.
type Memo = rustc_hash::FxHashMap<Box<str>, Vec<(usize, String)>>;

thread_local! {
    /// The terms each analyzer made of single words, by analyzer and word:
    /// a search analyzes each word of a query several times (for each
    /// language, step and snippet; about 70 calls a search on the
    /// general sets), and judges' questions share most words.
    /// One map per analyzer, in the order of [`NAMES`].
    static MEMO: std::cell::RefCell<[Memo; 4]> = Default::default();
}

/// The terms of `text` by the analyzer of that name, with their positions.
/// A single word (no white space) is analyzed once per thread: the
/// analyzers are pure functions of the text.
pub fn analyzed(name: &str, text: &str) -> Vec<(usize, String)> {
    let run = || with(name, |analyzer| analyze(analyzer, text));
    let Some(a) = NAMES.iter().position(|n| *n == name) else { return run() };
    if text.len() > MAX_TOKEN_BYTES || text.contains(char::is_whitespace) {
        return run();
    }
    if let Some(hit) = MEMO.with(|m| m.borrow()[a].get(text).cloned()) {
        return hit;
    }
    let out = run();
    if out.len() > MEMO_TERMS {
        return out;
    }
    MEMO.with(|m| {
        let m = &mut m.borrow_mut()[a];
        if m.len() >= MEMO_WORDS {
            m.clear();
        }
        m.insert(text.into(), out.clone());
    });
    out
}

/// Registers the four analyzers.
pub fn register(manager: &TokenizerManager) {
    for name in NAMES {
        manager.register(name, analyzer(name));
    }
}

/// The terms an analyzer makes of a text, with their positions.
fn analyze(analyzer: &mut TextAnalyzer, text: &str) -> Vec<(usize, String)> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        let t = stream.token();
        out.push((t.position, t.text.clone()));
    }
    out
}

/// The terms an analyzer makes of a text, in order.
pub fn terms(name: &str, text: &str) -> Vec<String> {
    analyze(&mut analyzer(name), text).into_iter().map(|(_, t)| t).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_analyzed_again_gives_the_same_terms_and_the_memo_stays_bounded() {
        let fresh = |name: &str, text: &str| analyze(&mut analyzer(name), text);
        for name in NAMES {
            for text in ["l'aura", "Exilée", "bloquée", "non-creature", "2/2", "x", "a.b.c.d", "créatures légendaires"]
            {
                assert_eq!(analyzed(name, text), fresh(name, text), "{name} {text}");
                assert_eq!(analyzed(name, text), fresh(name, text), "{name} {text}, from the memo");
            }
        }
        let kept = || MEMO.with(|m| m.borrow()[0].len());
        let before = kept();
        analyzed(FR_STEM, "b.f.g.h.k.p.q.r.v.w.z");
        assert_eq!(kept(), before, "a piece of many terms is not kept");
        for i in 0..MEMO_WORDS + 10 {
            analyzed(FR_STEM, &format!("mot{i}"));
        }
        let full = kept();
        assert!(full <= MEMO_WORDS && full > 0, "{full}");
        assert_eq!(analyzed(FR_STEM, "exilées"), fresh(FR_STEM, "exilées"));
    }

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
