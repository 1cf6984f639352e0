//! Typo tolerance: the words of the index nearest to a word it has never seen.
//!
//! A fuzzy query scores every neighbour alike, so a misspelt rare word — the
//! one that says what the judge is after (« tramplle ») — would weigh less
//! than a common word spelt right. Instead, an unknown word is corrected to
//! the index's own words within a small edit distance (Damerau–Levenshtein:
//! a swap of two letters is one edit), and those words are searched as usual,
//! with their own rarity, at a reduced weight.
//!
//! The vocabulary is read from the index's folded fields once, grouped by
//! length; only words of nearby length are compared, with a distance that
//! gives up as soon as the bound is passed. It runs only for unknown words.

use std::collections::HashMap;

use super::weights::MAX_CORRECTIONS;
use crate::text::bounded_distance;

/// The index's words with their document frequency: by length, and by
/// the forms they take with one letter left out (what finds the words one
/// edit away without comparing every word).
#[derive(Debug, Default)]
pub struct Vocabulary {
    /// Each word: its letters, itself, its document frequency.
    words: Vec<(Vec<char>, String, u64)>,
    ids: HashMap<String, u32>,
    by_length: HashMap<usize, Vec<u32>>,
    /// Each word and each of its forms with one letter left out → the words.
    deletions: HashMap<String, Vec<u32>>,
}

/// The forms of a word with one letter left out.
fn deletions(chars: &[char]) -> impl Iterator<Item = String> + '_ {
    (0..chars.len()).map(move |i| chars[..i].iter().chain(&chars[i + 1..]).collect())
}

impl Vocabulary {
    /// Adds a word seen in `doc_freq` documents (summed over fields).
    pub fn add(&mut self, word: &str, doc_freq: u64) {
        if let Some(&id) = self.ids.get(word) {
            self.words[id as usize].2 += doc_freq;
            return;
        }
        let id = self.words.len() as u32;
        let chars: Vec<char> = word.chars().collect();
        self.by_length.entry(chars.len()).or_default().push(id);
        if chars.len() >= 4 {
            for d in deletions(&chars).chain(std::iter::once(word.to_string())) {
                let ids = self.deletions.entry(d).or_default();
                if ids.last() != Some(&id) {
                    ids.push(id);
                }
            }
        }
        self.ids.insert(word.to_string(), id);
        self.words.push((chars, word.to_string(), doc_freq));
    }

    /// Whether the index knows this folded word.
    pub fn contains(&self, word: &str) -> bool {
        self.ids.contains_key(word)
    }

    /// The documents this folded word is seen in (summed over fields), 0 when unknown.
    pub fn frequency(&self, word: &str) -> u64 {
        self.ids.get(word).map_or(0, |&id| self.words[id as usize].2)
    }

    /// The edit distance allowed for a word of `len` characters: none under
    /// four, one up to seven, two beyond.
    pub fn max_distance(len: usize) -> usize {
        match len {
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        }
    }

    /// The known words exactly one edit away (a letter added, left out,
    /// replaced, two neighbours swapped): those sharing a form with one
    /// letter left out, checked.
    fn one_edit(&self, query: &[char]) -> Vec<u32> {
        let mut found: Vec<u32> = Vec::new();
        let whole: String = query.iter().collect();
        for key in deletions(query).chain(std::iter::once(whole)) {
            for &id in self.deletions.get(&key).into_iter().flatten() {
                if !found.contains(&id) && bounded_distance(query, &self.words[id as usize].0, 1) == Some(1) {
                    found.push(id);
                }
            }
        }
        found
    }

    /// The known word one edit away from `word`, the most frequent if
    /// several (« hybride » → « hybrid »): a cognate, for a word of at least
    /// `min_chars` characters.
    pub fn one_edit_away(&self, word: &str, min_chars: usize) -> Option<&str> {
        let query: Vec<char> = word.chars().collect();
        if query.len() < min_chars {
            return None;
        }
        let best =
            self.one_edit(&query).into_iter().max_by_key(|&id| (self.words[id as usize].2, std::cmp::Reverse(id)))?;
        Some(self.words[best as usize].1.as_str())
    }

    /// The nearest known words: the smallest distance found, the most
    /// frequent first, at most `MAX_CORRECTIONS` (three; see the search
    /// weights). One edit away through the forms with a letter left out;
    /// two, for a long word with none one edit away, by comparing the words
    /// of nearby length that start with its first letter.
    pub fn corrections(&self, word: &str) -> Vec<&str> {
        let query: Vec<char> = word.chars().collect();
        let max = Self::max_distance(query.len());
        if max == 0 {
            return Vec::new();
        }
        let mut found = self.one_edit(&query);
        if found.is_empty() && max == 2 {
            // Two edits away: among the words that start with the same letter
            // (a judge seldom mistypes the first one).
            for len in query.len() - 2..=query.len() + 2 {
                for &id in self.by_length.get(&len).into_iter().flatten() {
                    let chars = &self.words[id as usize].0;
                    if chars.first() == query.first() && bounded_distance(&query, chars, 2).is_some() {
                        found.push(id);
                    }
                }
            }
        }
        let mut nearest: Vec<(u64, &str)> =
            found.into_iter().map(|id| (self.words[id as usize].2, self.words[id as usize].1.as_str())).collect();
        nearest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        nearest.into_iter().take(MAX_CORRECTIONS).map(|(_, w)| w).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vocabulary() -> Vocabulary {
        let mut v = Vocabulary::default();
        for (w, df) in
            [("trample", 40), ("triple", 3), ("pyroclasme", 1), ("contrecarrer", 12), ("contrecarre", 20), ("aura", 30)]
        {
            v.add(w, df);
        }
        v
    }

    #[test]
    fn distances() {
        let c = |s: &str| s.chars().collect::<Vec<_>>();
        assert_eq!(bounded_distance(&c("tramplle"), &c("trample"), 2), Some(1));
        assert_eq!(bounded_distance(&c("tmarple"), &c("trample"), 2), Some(2));
        assert_eq!(bounded_distance(&c("rtample"), &c("trample"), 1), Some(1), "a swap is one edit");
        assert_eq!(bounded_distance(&c("aura"), &c("trample"), 2), None);
    }

    #[test]
    fn corrections() {
        let v = vocabulary();
        assert_eq!(v.corrections("tramplle"), ["trample"]);
        assert_eq!(v.corrections("pyroclasm"), ["pyroclasme"]);
        assert_eq!(v.corrections("contrecarer"), ["contrecarre", "contrecarrer"], "nearest, most frequent first");
        assert!(v.corrections("aur").is_empty(), "short words are not corrected");
        assert!(v.corrections("xyzxyzxyz").is_empty());
    }
}
