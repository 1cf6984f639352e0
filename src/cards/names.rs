//! Card names in a question: a card named in English or French, any case,
//! without accents or apostrophes (« kitchen finks », « forêt animée »), by
//! a distinctive word of its name (« finks », « urborg »), or with one typo
//! in a long word, also inside a longer question. The longest name wins;
//! two cards named are both found. A name that is also a word of the game
//! (« Vigilance », « Flash », « Fog », « Lifelink ») names the card only when
//! it is the whole question, or with « carte ».
//!
//! When a word names several cards (« urborg »: Urborg, Tomb of Yawgmoth,
//! Urborg Elf…), the card with the most rulings is taken: the one judges
//! are asked about.

use std::collections::{HashMap, HashSet};

use super::{Card, Cards};
use crate::text::{FRENCH_STOP_WORDS, fold};

/// A distinctive word: at least this many letters.
const MIN_WORD: usize = 4;
/// A word shared by more cards than this is not distinctive.
const MAX_SHARED: usize = 12;
/// A word may carry one typo from this many letters on.
const MIN_TYPO_WORD: usize = 7;
/// English words too common in card names to name a card on their own.
const ENGLISH_STOP_WORDS: [&str; 12] =
    ["the", "of", "and", "to", "from", "with", "into", "for", "your", "this", "that", "from"];

/// The words of a name or a question: folded, apostrophes and punctuation as spaces.
pub fn words(text: &str) -> Vec<String> {
    fold(text).split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_string).collect()
}

/// The card names, indexed. A distinctive word is a word of card names
/// that is not a word of the rules (the learned translations know every
/// French word of the rules' text), shared by few cards.
#[derive(Debug, Default)]
pub struct Names {
    /// Whole names (their words joined by a space) → cards.
    full: HashMap<String, Vec<usize>>,
    /// Each distinctive word of a name → cards.
    by_word: HashMap<String, Vec<usize>>,
    /// Whole names that are also words of the game.
    game_words: HashSet<String>,
    /// The longest name, in words.
    longest: usize,
}

impl Names {
    /// Indexes the names of the cards, English and French.
    pub fn new(cards: &[Card]) -> Names {
        let mut names = Names::default();
        let lexicon = crate::lexicon::Lexicon::embedded();
        for (i, card) in cards.iter().enumerate() {
            for name in std::iter::once(&card.name).chain(&card.french) {
                // A double-faced card is named by each face too.
                for part in std::iter::once(name.as_str()).chain(name.split(" // ")) {
                    let w = words(part);
                    if w.is_empty() {
                        continue;
                    }
                    names.longest = names.longest.max(w.len());
                    let key = w.join(" ");
                    let list = names.full.entry(key.clone()).or_default();
                    if !list.contains(&i) {
                        list.push(i);
                    }
                    if !lexicon.by_english(part).is_empty() || !lexicon.by_french(part).is_empty() {
                        names.game_words.insert(key);
                    }
                    for word in w.iter().filter(|w| distinctive(w)) {
                        let list = names.by_word.entry(word.clone()).or_default();
                        if !list.contains(&i) {
                            list.push(i);
                        }
                    }
                }
            }
        }
        // A word of the rules' own French (« couleur », « cible ») says
        // something of the question, not of a card.
        let translations = lexicon.translations();
        names.by_word.retain(|word, cards| cards.len() <= MAX_SHARED && translations.english_of(word).is_empty());
        names
    }

    /// The cards a question names, in the order of the question, each once.
    pub fn recognise(&self, cards: &Cards, question: &str) -> Vec<usize> {
        self.recognise_as(cards, question, false)
    }

    /// [`Names::recognise`]; `as_card` when the question is known to name a
    /// card (a game word then names the card too).
    fn recognise_as(&self, cards: &Cards, question: &str, as_card: bool) -> Vec<usize> {
        let q = words(question);
        let alone = q.iter().filter(|w| w.as_str() != "carte" && w.as_str() != "card").count();
        let asked_as_card = as_card || q.iter().any(|w| w == "carte" || w == "card");
        let mut taken = vec![false; q.len()];
        let mut found: Vec<(usize, usize)> = Vec::new();
        // Whole names, the longest first.
        for len in (1..=self.longest.min(q.len())).rev() {
            for start in 0..=q.len() - len {
                if taken[start..start + len].iter().any(|t| *t) {
                    continue;
                }
                let key = q[start..start + len].join(" ");
                let Some(list) = self.full.get(&key) else { continue };
                if self.game_words.contains(&key) && !(alone == len || asked_as_card) {
                    continue;
                }
                taken[start..start + len].iter_mut().for_each(|t| *t = true);
                // One word that is a whole name and part of others (« urborg »):
                // the card of them all that judges are asked about most.
                let mut all = list.clone();
                if len == 1 {
                    all.extend(self.by_word.get(&key).into_iter().flatten());
                }
                found.push((start, most_ruled(cards, &all)));
            }
        }
        // Distinctive words, then one typo in a long word.
        for (i, word) in q.iter().enumerate() {
            if taken[i] || !distinctive(word) {
                continue;
            }
            let list = self.by_word.get(word).or_else(|| self.corrected(word));
            if let Some(list) = list {
                taken[i] = true;
                found.push((i, most_ruled(cards, list)));
            }
        }
        found.sort();
        let mut out: Vec<usize> = Vec::new();
        for (_, card) in found {
            if !out.contains(&card) {
                out.push(card);
            }
        }
        out
    }

    /// The card a name designates: the first one the name names.
    pub fn best(&self, cards: &Cards, name: &str) -> Option<usize> {
        let whole = words(name).join(" ");
        if let Some(list) = self.full.get(&whole) {
            return Some(most_ruled(cards, list));
        }
        self.recognise_as(cards, name, true).first().copied()
    }

    /// The cards of the distinctive word one edit away, when there is one.
    fn corrected(&self, word: &str) -> Option<&Vec<usize>> {
        if word.chars().count() < MIN_TYPO_WORD {
            return None;
        }
        let mut best: Option<(&String, &Vec<usize>)> = None;
        for (w, list) in &self.by_word {
            if w.chars().count().abs_diff(word.chars().count()) <= 1 && one_edit(w, word) {
                if best.is_some() {
                    // Two words one edit away: the typo is ambiguous.
                    return None;
                }
                best = Some((w, list));
            }
        }
        best.map(|(_, list)| list)
    }
}

/// Whether a word may name a card on its own.
fn distinctive(word: &str) -> bool {
    word.chars().count() >= MIN_WORD
        && !word.chars().all(|c| c.is_ascii_digit())
        && !matches!(word, "carte" | "cartes" | "card" | "cards")
        && !FRENCH_STOP_WORDS.contains(&word)
        && !ENGLISH_STOP_WORDS.contains(&word)
}

/// Of several cards, the one with the most rulings (the first on a tie).
fn most_ruled(cards: &Cards, list: &[usize]) -> usize {
    let mut best = list[0];
    for &c in list {
        if cards.cards[c].rulings.len() > cards.cards[best].rulings.len() {
            best = c;
        }
    }
    best
}

/// Whether two words are one substitution, insertion, deletion or swap apart.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a == b {
        return false;
    }
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (a.len() - prefix - suffix, b.len() - prefix - suffix);
    match (ra, rb) {
        (1, 1) | (1, 0) | (0, 1) => true,
        (2, 2) => a[prefix] == b[prefix + 1] && a[prefix + 1] == b[prefix],
        _ => false,
    }
}
