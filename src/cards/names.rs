//! Card names in a question: a card named in English or French, any case,
//! without accents or apostrophes (« kitchen finks », « forêt animée »), by
//! a distinctive word of its name (« finks », « urborg »), or with one typo
//! in a long word, also inside a longer question. The longest name wins;
//! two cards named are both found. A name that is also a word of the game
//! (« Vigilance », « Flash », « Fog », « Lifelink ») names the card only when
//! it is the whole question, or with « carte ».
//!
//! A word of French names no card alone (« adverse », « test »: the list
//! `rules/cartes/mots-francais.txt`); the start or end of a long word of a
//! name does (« tarmo », « goyf »). When a word names several cards
//! (« goyf »: Tarmogoyf, Chimney Goyf…), the card with the latest ruling,
//! then the most rulings, is taken: the one judges are asked about. The
//! nicknames players type (`rules/cartes/surnoms.tsv`: « bob », « jace
//! tms », « led ») are whole names of their card, and of it only.

use std::collections::{HashMap, HashSet};

use compact_str::CompactString;

use super::directory::Directory;
use super::{Card, Cards};
use crate::text::{FRENCH_STOP_WORDS, fold};

/// A distinctive word: at least this many letters.
const MIN_WORD: usize = 4;
/// A word shared by more cards than this is not distinctive.
const MAX_SHARED: usize = 12;
/// A word of one French name only names its card from this many letters on
/// (« lancevif »; « voilà » and « tuer » are words of French).
const MIN_FRENCH_WORD: usize = 7;
/// A word of a whole name of two words or more may carry one typo from this
/// many letters on (« kitchen fincks »).
const MIN_TYPO_IN_NAME: usize = 5;
/// A word of a name this long or longer is also named by its start or its
/// end (« tarmo », « goyf » of « Tarmogoyf »)…
const MIN_COMPOUND: usize = 8;
/// … when three letters at least are left out.
const MIN_LEFT_OUT: usize = 3;
/// A word alone, not in a whole name, may carry one typo from this many letters on
/// (« tramogoyf »; « partent » is not « Portent »).
const MIN_TYPO_ALONE: usize = 8;
/// Words of a name typed alone that are not the name (« la carte lune de sang »).
const LOOKUP_FILLER: [&str; 9] = ["carte", "card", "la", "le", "les", "l", "the", "un", "une"];
/// Letters of a name not found beyond which no near name is looked for.
const MAX_SUGGESTED: usize = 60;
/// English words too common in card names to name a card on their own.
const ENGLISH_STOP_WORDS: [&str; 12] =
    ["the", "of", "and", "to", "from", "with", "into", "for", "your", "this", "that", "from"];

/// The words of a name or a question: folded, apostrophes and punctuation as spaces.
pub fn words(text: &str) -> Vec<String> {
    // « Urza's Saga » is « urza saga », as judges type it: the possessive's
    // « s » is no word of its own.
    static POSSESSIVE: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"['’]s\b").expect("a fixed pattern"));
    let folded = fold(text).replace('œ', "oe").replace('æ', "ae");
    POSSESSIVE
        .replace_all(&folded, "")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The [`words`] of a card's names, English and French, in order.
pub fn name_words(card: &Card) -> Vec<String> {
    std::iter::once(&card.name).chain(&card.french).flat_map(|n| words(n)).collect()
}

/// The ways a name is typed: its [`words`]; without its apostrophes
/// (« Thassa's Oracle »: « thassa s oracle » or « thassas oracle »); with
/// « and » for « & » (« minsc and boo »).
fn spellings(name: &str) -> [Vec<String>; 3] {
    [words(name), words(&name.replace(['\'', '’'], "")), words(&name.replace('&', " and "))]
}

/// A card named in a question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mention {
    /// The card, in [`Cards::cards`].
    pub card: usize,
    /// The first word of the question ([`words`]) that names it.
    pub start: usize,
    /// How many words name it.
    pub len: usize,
    /// Whether the words are also a word of the game (« Vigilance »).
    pub game_word: bool,
}

/// The card names, indexed. A distinctive word is a word of card names
/// that is not a word of the rules (the learned translations know every
/// French word of the rules' text), shared by few cards.
#[derive(Debug, Default)]
pub struct Names {
    /// Whole names (their words joined by a space) → cards.
    full: Postings,
    /// Each distinctive word of a name → cards.
    by_word: Postings,
    /// Whole names that are also words of the game.
    game_words: HashSet<String>,
    /// Of those, the whole French names of one word that are only that
    /// (« Foudre », « Pacifisme »; not a face's, « Donner » of Give //
    /// Take): they name their card in a question that names another card
    /// too.
    french_beside: HashSet<String>,
    /// The longest name, in words.
    longest: usize,
    /// Per first word of a whole name (hashed), its longest name in words:
    /// a question's words are read as a name only that far.
    reach: HashMap<u64, u8>,
    /// Words of the texts, hashed (see [`common_words`]): a typo is not
    /// corrected into a card's word.
    common: HashSet<u64>,
    /// Every word of every name, for typos: the words, and each word and
    /// each of its one-letter deletions (hashed) → the words it comes from.
    name_words: Vec<CompactString>,
    /// Sorted by hash; 8 bytes a pair.
    deletions: Vec<(u32, u32)>,
    /// Where each bucket of `deletions`' hashes starts.
    deletions_directory: Directory,
    /// The distinctive words of [`MIN_COMPOUND`] letters or more, in
    /// `name_words`, sorted from their start…
    by_start: Vec<u32>,
    /// … and from their end: « goyf » ends « Tarmogoyf ».
    by_end: Vec<u32>,
    /// The words of names that are words of French, hashed.
    french: HashSet<u64>,
    /// Every name folded, with its card ([`Names::folded`]).
    folded: std::sync::OnceLock<Vec<(CompactString, u32)>>,
}

/// Words that say something of the game or of the question rather than
/// name a card: every word of the rules (both languages, every edition
/// built in), of the vocabulary and its translations, of the cards' Oracle
/// texts and of their French printed texts — each card's text without the
/// words of its own names (« Tarmogoyf » in Tarmogoyf's text).
fn common_words(cards: &[Card]) -> HashSet<u64> {
    let mut common: HashSet<u64> = HashSet::new();
    // A word written with a capital only (« Tarmogoyf » in an example of
    // the rules) is a name, not a word of the language.
    let mut add = |text: &str, own: &HashSet<String>| {
        for token in text.split(|c: char| !c.is_alphanumeric()) {
            if !token.chars().next().is_some_and(char::is_lowercase) {
                continue;
            }
            let w = fold(token);
            if !own.contains(&w) {
                common.insert(hash(&w));
            }
        }
    };
    let none = HashSet::new();
    for text in crate::embedded::rule_texts() {
        add(&String::from_utf8_lossy(text), &none);
    }
    for e in crate::lexicon::Lexicon::embedded().entries() {
        add(&e.fr, &none);
        add(&e.en, &none);
    }
    for card in cards {
        let own: HashSet<String> = name_words(card).into_iter().collect();
        add(&card.text, &own);
        add(&card.type_line, &own);
        for p in &card.printed {
            add(&p.text, &own);
            add(&p.type_line, &own);
        }
    }
    common
}

impl Names {
    /// Indexes the names of the cards, English and French.
    pub fn new(cards: &[Card]) -> Names {
        let mut names = Names::default();
        let mut full: HashMap<String, Vec<usize>> = HashMap::new();
        let mut by_word: HashMap<String, Vec<usize>> = HashMap::new();
        let lexicon = crate::lexicon::Lexicon::embedded();
        let titles = rule_titles();
        let common = common_words(cards);
        let mut seen: HashSet<String> = HashSet::new();
        let mut in_english: HashSet<String> = HashSet::new();
        let (mut english_single, mut french_single, mut french_whole) =
            (HashSet::new(), HashSet::new(), HashSet::new());
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
                    let [_, joined, and] = spellings(part);
                    names.longest = names.longest.max(and.len());
                    for k in [key.clone(), joined.join(" "), and.join(" ")] {
                        let list = full.entry(k).or_default();
                        if !list.contains(&i) {
                            list.push(i);
                        }
                    }
                    for word in w.iter().chain(&joined) {
                        if word.chars().count() + 1 >= MIN_TYPO_IN_NAME && !seen.contains(word) {
                            seen.insert(word.clone());
                            names.index_word(word);
                        }
                    }
                    // A word of the game (« Vigilance »), or a name of one
                    // word any text says (« Silence », « Option »): it names
                    // the card alone or with « carte ».
                    let game = game_word(lexicon, &titles, part, &key);
                    // Words of the texts, one of them saying something (« Pile
                    // On » in « la pile, on peut répondre ») name it the same way.
                    let said = w.iter().filter(|w| !stop_word(w)).count();
                    if game || (said < 2 && w.iter().all(|w| common.contains(&hash(w)))) {
                        names.game_words.insert(key.clone());
                    }
                    // A French name of one word is a word of French (« Choc »,
                    // « Contrainte »): the card's name alone or with « carte ».
                    if w.len() == 1 {
                        if *name == card.name {
                            english_single.insert(key);
                        } else {
                            // A face's (« Donner » of Give // Take) is a word
                            // of the question even beside another card.
                            if part == name.as_str() && !card.name.contains(" // ") {
                                french_whole.insert(key.clone());
                            }
                            french_single.insert(key);
                        }
                    }
                    let english = *name == card.name;
                    for word in w.iter().filter(|w| distinctive(w) && !common.contains(&hash(w))) {
                        let list = by_word.entry(word.clone()).or_default();
                        if !list.contains(&i) {
                            list.push(i);
                        }
                        if english {
                            in_english.insert(word.clone());
                        }
                    }
                }
            }
        }
        let french = french_words();
        by_word.retain(|word, cards| names_alone(lexicon, &french, in_english.contains(word), word, cards.len()));
        add_shortened_names(&mut full, cards, &french, &common);
        names.game_words.extend(add_nicknames(&mut full, cards));
        names.reach = reach(&full);
        names.french_beside =
            french_whole.difference(&english_single).filter(|k| !names.game_words.contains(*k)).cloned().collect();
        names.game_words.extend(french_single.difference(&english_single).cloned());
        names.index_parts(&by_word);
        names.french = french.iter().map(|w| hash(w)).collect();
        names.full = Postings::new(&full);
        names.by_word = Postings::new(&by_word);
        names.common = common;
        names.sort_deletions();
        names.name_words.shrink_to_fit();
        names
    }

    /// The cards a question names, in the order of the question, each once.
    pub fn recognise(&self, cards: &Cards, question: &str) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for m in self.mentions(cards, question, false) {
            if !out.contains(&m.card) {
                out.push(m.card);
            }
        }
        out
    }

    /// Where a question names cards: each card named, and the words of the
    /// question ([`words`]) that name it, in the order of the question;
    /// `as_card` when the question is known to name a card (a game word
    /// then names the card too).
    pub fn mentions(&self, cards: &Cards, question: &str, as_card: bool) -> Vec<Mention> {
        let q = words(question);
        let alone = q.iter().filter(|w| w.as_str() != "carte" && w.as_str() != "card").count();
        let is_card = |w: &String| w == "carte" || w == "card";
        let mut taken = vec![false; q.len()];
        let mut found: Vec<Mention> = Vec::new();
        // French names of one word, named if another card is (« foudre sur
        // un tarmogoyf »; not « une contrainte de blocage »).
        let mut beside: Vec<Mention> = Vec::new();
        // The words of names a typo may stand for, per word of the question.
        let typos: Vec<Typos> = q.iter().map(|w| self.corrections(w)).collect();
        // How many words from each word may be a name: the longest name
        // that word, or a word one typo away, begins.
        let reach: Vec<usize> = q
            .iter()
            .zip(&typos)
            .map(|(w, t)| {
                let firsts = std::iter::once(w.as_str()).chain(t.words.iter().copied());
                firsts.filter_map(|w| self.reach.get(&hash(w))).max().map_or(0, |&r| usize::from(r))
            })
            .collect();
        // Whole names, the longest first; a name of two words or more may
        // carry one typo.
        for len in (1..=self.longest.min(q.len())).rev() {
            for start in 0..=q.len() - len {
                if len > reach[start] || taken[start..start + len].iter().any(|t| *t) {
                    continue;
                }
                let window = &q[start..start + len];
                let Some((key, list)) = self.whole_name(window, &typos[start..start + len]) else { continue };
                // « la carte flash », « card fog »: the card.
                let asked_as_card = as_card || (start > 0 && is_card(&q[start - 1]));
                if self.game_words.contains(&key) && !(alone == len || asked_as_card) {
                    if self.french_beside.contains(&key) {
                        beside.push(Mention { card: most_ruled(cards, &list), start, len, game_word: false });
                    }
                    continue;
                }
                // « Qui » (Who // What // When // Where // Why) after « carte »
                // is « la carte qui… »: a name of words that say nothing only alone.
                if window.iter().all(|w| stop_word(w)) && alone != len {
                    continue;
                }
                taken[start..start + len].iter_mut().for_each(|t| *t = true);
                // One word that is a whole name and a word of other names
                // (« moat », « urborg »): the card of that name.
                let card = most_ruled(cards, &list);
                let game_word = self.game_words.contains(&key);
                found.push(Mention { card, start, len, game_word });
            }
        }
        // Distinctive words, or the one a long word is a typo of.
        for (i, word) in q.iter().enumerate() {
            if taken[i] || !distinctive(word) {
                continue;
            }
            let list = self.by_word.get(word).or_else(|| {
                if word.chars().count() < MIN_TYPO_ALONE {
                    return None;
                }
                // A word of a name is not a typo of another name's word alone.
                if typos[i].is_name_word {
                    return None;
                }
                let lists: Vec<Vec<usize>> = typos[i].words.iter().filter_map(|w| self.by_word.get(w)).collect();
                // Two words one typo away (« bitterblosom »: Bitterblossom,
                // Bitterbloom Bearer): the card judges are asked about.
                (!lists.is_empty()).then(|| lists.concat())
            });
            // The part of a long name's word a judge says (« goyf »): the
            // card judges are asked about, of those the word is or starts or
            // ends (Tarmogoyf before Chimney Goyf).
            // A word of names too common to name a card (« mirror », « thunder »)
            // is that word, not the start of a longer one (Mirrorwing Dragon).
            let parts = if list.is_none() && typos[i].is_name_word { Vec::new() } else { self.parts(word) };
            let list = match list {
                Some(list) if !parts.is_empty() => Some([list, parts].concat()),
                None if !parts.is_empty() => Some(parts),
                list => list,
            };
            if let Some(list) = list {
                let card = most_ruled(cards, &list);
                // Beside a word of other names or a word nothing knows, the
                // word is part of a name the data lacks (« ashveil tidecaller »):
                // not Halimar Tidecaller. The card's own words are read only
                // when such a neighbour is there.
                let suspects: Vec<&String> = [i.checked_sub(1), Some(i + 1)]
                    .into_iter()
                    .flatten()
                    .filter_map(|j| q.get(j).filter(|w| !taken[j] && !is_card(w) && self.unknown_or_of_names(w)))
                    .collect();
                if !suspects.is_empty() {
                    let own = name_words(&cards.cards[card]);
                    if suspects.iter().any(|w| !own.contains(w)) {
                        continue;
                    }
                }
                taken[i] = true;
                found.push(Mention { card, start: i, len: 1, game_word: false });
            }
        }
        if !found.is_empty() {
            found.extend(beside.into_iter().filter(|m| !taken[m.start]));
        }
        found.sort_by_key(|m| m.start);
        found
    }

    /// Whether a word of a question is a word of card names or a word
    /// nothing knows (neither French, nor of the rules or the texts): a word
    /// that may be part of a name.
    fn unknown_or_of_names(&self, word: &str) -> bool {
        let h = hash(word);
        word.chars().count() > MIN_WORD
            && word.chars().all(char::is_alphabetic)
            && !stop_word(word)
            && !self.common.contains(&h)
            && !self.french.contains(&h)
    }

    /// The whole name some words of the question are, as typed or with one
    /// typo when the name has two words or more; its key and cards.
    fn whole_name(&self, window: &[String], typos: &[Typos]) -> Option<(String, Vec<usize>)> {
        let key = window.join(" ");
        if let Some(list) = self.full.get(&key) {
            return Some((key, list));
        }
        if window.len() < 2 {
            return None;
        }
        for (i, fixes) in typos.iter().enumerate() {
            for fix in &fixes.words {
                let mut w: Vec<&str> = window.iter().map(String::as_str).collect();
                w[i] = fix;
                let key = w.join(" ");
                if let Some(list) = self.full.get(&key) {
                    return Some((key, list));
                }
            }
        }
        None
    }

    /// The card a name typed alone designates (`arbitre carte`,
    /// `/cartes/{slug}`): a whole name, or the cards the words name when
    /// they name cards with every word but « carte » and articles — words
    /// left over (« sword of fire and icf », « pathto exile ») are a name
    /// not found, not the card of one of its words.
    pub fn best(&self, cards: &Cards, name: &str) -> Option<usize> {
        let whole = words(name).join(" ");
        if let Some(list) = self.full.get(&whole) {
            // The card of that English name before a card of that French name
            // (« Desolation », not Badlands' « Désolation »).
            let english = list.iter().copied().find(|&c| words(&cards.cards[c].name).join(" ") == whole);
            return Some(english.unwrap_or_else(|| most_ruled(cards, &list)));
        }
        let q = words(name);
        let mentions = self.mentions(cards, name, true);
        let named = |i: usize| mentions.iter().any(|m| (m.start..m.start + m.len).contains(&i));
        let left_over = (0..q.len()).any(|i| !named(i) && !LOOKUP_FILLER.contains(&q[i].as_str()));
        if left_over {
            return None;
        }
        mentions.first().map(|m| m.card)
    }

    /// The cards a name not found may have meant, at most `count`, the
    /// most ruled first among equals: the cards whose names have every
    /// word typed (« jace »: the Jaces), else the names a few typos away
    /// from what was typed (a fifth of its letters at most: « sword of fire
    /// and icf », « liliana of the vail »). Nothing for a name longer than
    /// [`MAX_SUGGESTED`] letters.
    pub fn nearest(&self, cards: &Cards, name: &str, count: usize) -> Vec<usize> {
        let all = words(name);
        let typed: Vec<char> = all.join(" ").chars().collect();
        let q: Vec<&String> = all.iter().filter(|w| !LOOKUP_FILLER.contains(&w.as_str())).collect();
        if q.is_empty() || typed.len() > MAX_SUGGESTED {
            return Vec::new();
        }
        let max = (typed.len() / 5).clamp(1, 4);
        // (how far, card): 0 for a name with every word typed.
        let mut found: Vec<(usize, usize)> = Vec::new();
        let mut chars: Vec<char> = Vec::new();
        let typed_letters = letter_counts(&all.join(" "));
        for (folded, c) in self.folded(cards) {
            let c = *c as usize;
            let d = if q.iter().all(|x| x.chars().count() > 2 && folded.split(' ').any(|w| w == x.as_str())) {
                Some(0)
            } else if folded.len().abs_diff(typed.len()) > 2 * max + 2
                || letters_apart(&typed_letters, folded) > 2 * max
            {
                // Farther than `max` edits whatever the order of the letters
                // (one edit changes two counts at most): not read.
                None
            } else {
                chars.clear();
                chars.extend(folded.chars());
                crate::text::bounded_distance(&typed, &chars, max)
            };
            // A card's names come one after the other.
            match (d, found.last_mut().filter(|f| f.1 == c)) {
                (Some(d), Some(f)) => f.0 = f.0.min(d),
                (Some(d), None) => found.push((d, c)),
                (None, _) => {}
            }
        }
        let weight = |c: usize| (latest_ruling(cards, c), cards.cards[c].rulings.len() + cards.cards[c].printed.len());
        found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| weight(b.1).cmp(&weight(a.1))).then(a.1.cmp(&b.1)));
        // Every card with the words typed, or else the closest names.
        let closest = found.first().map_or(0, |f| f.0);
        found.into_iter().filter(|f| f.0 == closest || closest > 0).take(count).map(|(_, c)| c).collect()
    }

    /// Every name, English and French, as [`words`] reads it (joined by
    /// spaces), with its card: read on the first name not found (2 MB), for
    /// [`Names::nearest`].
    fn folded(&self, cards: &Cards) -> &[(CompactString, u32)] {
        self.folded.get_or_init(|| {
            let mut all: Vec<(CompactString, u32)> = cards
                .cards
                .iter()
                .enumerate()
                .flat_map(|(i, card)| {
                    std::iter::once(&card.name).chain(&card.french).map(move |n| (words(n).join(" ").into(), i as u32))
                })
                .collect();
            all.shrink_to_fit();
            all
        })
    }

    /// The cards of the long words of names a word starts (five letters or
    /// more) or ends, three letters at least left out — a word of French or
    /// of the texts names none this way.
    fn parts(&self, word: &str) -> Vec<usize> {
        let h = hash(word);
        if word.len() < MIN_WORD || self.common.contains(&h) || self.french.contains(&h) {
            return Vec::new();
        }
        let long_enough = |w: &str| w.len() >= word.len() + MIN_LEFT_OUT;
        let mut out = Vec::new();
        // A start of four letters is a word cut short (« comp », « quil »).
        let starts = if word.len() > MIN_WORD { &self.by_start[..] } else { &[] };
        let from = starts.partition_point(|&i| self.name_words[i as usize].as_str() < word);
        for &i in &starts[from..] {
            let w = self.name_words[i as usize].as_str();
            if !w.starts_with(word) {
                break;
            }
            if long_enough(w) {
                out.extend(self.by_word.get(w).unwrap_or_default());
            }
        }
        let reversed: String = word.chars().rev().collect();
        let from = self.by_end.partition_point(|&i| self.name_words[i as usize].chars().rev().lt(reversed.chars()));
        for &i in &self.by_end[from..] {
            let w = self.name_words[i as usize].as_str();
            if !w.ends_with(word) {
                break;
            }
            if long_enough(w) {
                out.extend(self.by_word.get(w).unwrap_or_default());
            }
        }
        out
    }

    /// Indexes the long distinctive words of names by their start and by
    /// their end, for the part a judge says of them (« goyf »).
    fn index_parts(&mut self, by_word: &HashMap<String, Vec<usize>>) {
        let words = &self.name_words;
        let mut long: Vec<u32> = (0..words.len() as u32)
            .filter(|&i| {
                let w = &words[i as usize];
                w.len() >= MIN_COMPOUND && by_word.contains_key(w.as_str())
            })
            .collect();
        long.sort_by(|&a, &b| words[a as usize].cmp(&words[b as usize]));
        self.by_start = long.clone();
        long.sort_by(|&a, &b| words[a as usize].chars().rev().cmp(words[b as usize].chars().rev()));
        self.by_end = long;
    }

    /// Sorts the typo keys ([`Self::index_word`]) and makes their directory.
    fn sort_deletions(&mut self) {
        self.deletions.sort_unstable();
        self.deletions.dedup();
        self.deletions.shrink_to_fit();
        self.deletions_directory = Directory::new(self.deletions.iter().map(|&(h, _)| u64::from(h) << 32));
    }

    /// Indexes a word of a name for typos.
    fn index_word(&mut self, word: &str) {
        let id = self.name_words.len() as u32;
        self.name_words.push(word.into());
        for key in std::iter::once(word.to_string()).chain(deletions(word)) {
            self.deletions.push((short_hash(&key), id));
        }
    }

    /// The words of names one typo away from a word of the question — a
    /// word of [`MIN_TYPO_IN_NAME`] letters or more that is not a word of the
    /// texts — and whether the word is itself a word of a name.
    fn corrections(&self, word: &str) -> Typos<'_> {
        let mut out = Typos::default();
        if word.chars().count() < MIN_TYPO_IN_NAME || self.common.contains(&hash(word)) {
            // A short word of names (« seer ») is still one.
            let h = short_hash(word);
            out.is_name_word = word.chars().count() >= MIN_WORD
                && self
                    .deletions_directory
                    .run(&self.deletions, u64::from(h) << 32, h)
                    .iter()
                    .any(|&(_, id)| self.name_words[id as usize] == word);
            return out;
        }
        for key in std::iter::once(word.to_string()).chain(deletions(word)) {
            let h = short_hash(&key);
            for &(_, id) in self.deletions_directory.run(&self.deletions, u64::from(h) << 32, h) {
                let w = self.name_words[id as usize].as_str();
                if w == word {
                    out.is_name_word = true;
                } else if !out.words.contains(&w) && one_edit(w, word) {
                    out.words.push(w);
                }
            }
        }
        out
    }
}

/// The words of names a word of a question may be a typo of.
#[derive(Debug, Default)]
struct Typos<'a> {
    /// The words of names one edit away.
    words: Vec<&'a str>,
    /// Whether the word is itself a word of a name (« bowmaster »): it
    /// stands for another only inside a whole name (« orcish bowmaster »).
    is_name_word: bool,
}

/// Words or names → the cards they name, by the words' hash (two names
/// of one hash are not met among a hundred thousand), sorted: 16 bytes a
/// card named where a map of strings took a hundred; found through a
/// [`Directory`].
#[derive(Debug, Default)]
struct Postings {
    entries: Vec<(u64, u32)>,
    directory: Directory,
}

impl Postings {
    fn new(map: &HashMap<String, Vec<usize>>) -> Postings {
        let mut all: Vec<(u64, u32)> =
            map.iter().flat_map(|(k, cards)| cards.iter().map(move |&c| (hash(k), c as u32))).collect();
        all.sort_unstable();
        all.dedup();
        all.shrink_to_fit();
        let directory = Directory::new(all.iter().map(|&(h, _)| h));
        Postings { entries: all, directory }
    }

    /// The cards a word or name names, in the order of the cards.
    fn get(&self, key: &str) -> Option<Vec<usize>> {
        let h = hash(key);
        let cards: Vec<usize> = self.directory.run(&self.entries, h, h).iter().map(|&(_, c)| c as usize).collect();
        (!cards.is_empty()).then_some(cards)
    }
}

/// A word without one of its letters, each way.
fn deletions(word: &str) -> impl Iterator<Item = String> + '_ {
    word.char_indices().map(move |(i, c)| format!("{}{}", &word[..i], &word[i + c.len_utf8()..]))
}

fn hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// Whether a word of names, said by `cards` cards, names them alone. A
/// word of the French the rules and cards are translated into (« couleur »,
/// « cible ») says something of the question. A word of French names only is
/// an ordinary French word when two cards share it (« lumière », « marées »);
/// an invented one (« lancevif ») is not. Short French words of one name are
/// ordinary too (« voilà », « tuer »). A word of a name that is a word of
/// French (« adverse », « test », « tabernacle », « tombent » of « Renforts
/// qui tombent à pic ») is typed as French: it names no card alone
/// (rules/cartes/mots-francais.txt); the whole name does. A word of the
/// vocabulary (« DEBT », the judges' word for protection) is the game's.
fn names_alone(
    lexicon: &crate::lexicon::Lexicon,
    french: &HashSet<&str>,
    english: bool,
    word: &str,
    cards: usize,
) -> bool {
    if french.contains(word) {
        return false;
    }
    let ok = if english { cards <= MAX_SHARED } else { cards == 1 && word.chars().count() >= MIN_FRENCH_WORD };
    let vocabulary = !lexicon.by_french(word).is_empty() || !lexicon.by_english(word).is_empty();
    ok && !vocabulary && lexicon.translations().english_of(word).is_empty()
}

/// Whether a name is a word of the game: the vocabulary's, in either
/// language, or a title of the rules ([`rule_titles`]).
fn game_word(lexicon: &crate::lexicon::Lexicon, titles: &HashSet<String>, name: &str, key: &str) -> bool {
    !lexicon.by_english(name).is_empty() || !lexicon.by_french(name).is_empty() || titles.contains(key)
}

/// The titles of the rules' sections and chapters, as names' words
/// (« 810. Two-Headed Giant Variant » → « two headed giant »): a card named
/// like a variant or a section of the rules (Two-Headed Giant, Grand Melee)
/// is a word of the game.
fn rule_titles() -> HashSet<String> {
    let mut out = HashSet::new();
    for text in crate::embedded::rule_texts() {
        for line in String::from_utf8_lossy(text).split(['\n', '\r']) {
            let Some((number, title)) = line.split_once(". ") else { continue };
            if number.len() != 3 || !number.bytes().all(|b| b.is_ascii_digit()) || title.ends_with('.') {
                continue;
            }
            let w = words(title);
            if w.is_empty() || w.len() > 6 {
                continue;
            }
            let last = w.len() - 1;
            let bare = if matches!(w[last].as_str(), "variant" | "option" | "options" | "cards") {
                &w[..last]
            } else {
                &w[..]
            };
            out.insert(w.join(" "));
            out.insert(bare.join(" "));
        }
    }
    out
}

/// The file of the words of card names that are words of French, inside `rules/`.
pub const FRENCH_WORDS: &str = "cartes/mots-francais.txt";

/// The words of card names that are also words of French, from
/// [`FRENCH_WORDS`] (made by `scripts/french-name-words.py` from a French
/// dictionary): one a line, `#` comments.
fn french_words() -> HashSet<&'static str> {
    let text = crate::embedded::file(FRENCH_WORDS).and_then(|b| std::str::from_utf8(b).ok()).unwrap_or_default();
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
}

/// A word's hash in 32 bits, for typos: two words of one hash are both
/// tried, and the one a typo is of is checked letter by letter.
fn short_hash(s: &str) -> u32 {
    (hash(s) >> 32) as u32
}

/// A French or English word that says nothing on its own (« la », « on », « of »).
fn stop_word(word: &str) -> bool {
    FRENCH_STOP_WORDS.contains(&word) || ENGLISH_STOP_WORDS.contains(&word) || word == "on"
}

/// Whether a word may name a card on its own.
fn distinctive(word: &str) -> bool {
    word.chars().count() >= MIN_WORD
        && !word.chars().all(|c| c.is_ascii_digit())
        && !matches!(word, "carte" | "cartes" | "card" | "cards")
        && !FRENCH_STOP_WORDS.contains(&word)
        && !ENGLISH_STOP_WORDS.contains(&word)
}

/// Per first word of the whole names (hashed), the longest of them in words.
fn reach(full: &HashMap<String, Vec<usize>>) -> HashMap<u64, u8> {
    let mut out: HashMap<u64, u8> = HashMap::new();
    for key in full.keys() {
        let first = key.split(' ').next().unwrap_or_default();
        let words = key.split(' ').count().min(usize::from(u8::MAX)) as u8;
        let reach = out.entry(hash(first)).or_default();
        *reach = (*reach).max(words);
    }
    out
}

/// Adds to the whole names the shortened names of legendary cards (rule
/// 201.5c: « Urborg » of « Urborg, Tomb of Yawgmoth »; the part of a name
/// before its comma, in English or French, also without its apostrophes)
/// that no other legendary card shares — not « Jace », shared by every
/// Jace — and that are not only words of French or of the texts (« Jet »
/// of « Jet, Rebel Leader » is typed in « jet de dés », « Mana Max » in
/// « combien de mana max »). A card whose whole name is the same
/// (Urborg, 1994) stays named by it: between the two, the one judges
/// are asked about ([`most_ruled`]).
fn add_shortened_names(
    full: &mut HashMap<String, Vec<usize>>,
    cards: &[Card],
    french: &HashSet<&str>,
    common: &HashSet<u64>,
) {
    let mut by_key: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, card) in cards.iter().enumerate().filter(|(_, c)| c.type_line.contains("Legendary")) {
        for name in std::iter::once(&card.name).chain(&card.french) {
            for face in std::iter::once(name.as_str()).chain(name.split(" // ")) {
                let Some((short, _)) = face.split_once(", ") else { continue };
                let ordinary = |w: &String| stop_word(w) || french.contains(w.as_str()) || common.contains(&hash(w));
                for w in spellings(short) {
                    if w.is_empty() || w.iter().all(ordinary) {
                        continue;
                    }
                    let list = by_key.entry(w.join(" ")).or_default();
                    if !list.contains(&i) {
                        list.push(i);
                    }
                }
            }
        }
    }
    for (key, list) in by_key.into_iter().filter(|(_, list)| list.len() == 1) {
        let cards = full.entry(key).or_default();
        if !cards.contains(&list[0]) {
            cards.push(list[0]);
        }
    }
}

/// The nicknames players and judges type for cards, inside `rules/`.
pub const NICKNAMES: &str = "cartes/surnoms.tsv";

/// A nickname of [`NICKNAMES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nickname {
    /// As typed (« jace tms »).
    pub nickname: &'static str,
    /// The English name of its card, exactly.
    pub card: &'static str,
    /// Whether it is also a word a question says in another sense (« force »,
    /// « top », « port »): it names the card alone or with « carte » only.
    pub ordinary: bool,
}

/// The nicknames of [`NICKNAMES`] (`surnom<TAB>nom<TAB>surnom|mot<TAB>source`,
/// `#` comments), read once.
pub fn nicknames() -> &'static [Nickname] {
    static READ: std::sync::LazyLock<Vec<Nickname>> = std::sync::LazyLock::new(|| {
        let text = crate::embedded::file(NICKNAMES).and_then(|b| std::str::from_utf8(b).ok()).unwrap_or_default();
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| {
                let mut fields = l.split('\t').map(str::trim);
                Some(Nickname { nickname: fields.next()?, card: fields.next()?, ordinary: fields.next()? == "mot" })
            })
            .collect()
    });
    &READ
}

/// The nicknames of one card (for its page).
pub fn nicknames_of(name: &str) -> Vec<&'static str> {
    nicknames().iter().filter(|n| n.card == name).map(|n| n.nickname).collect()
}

/// Each nickname (« bob », « jace tms », « led ») names its card, and only
/// it (« bob » is Dark Confidant, not Bob, Reluctant HYDRA Agent). The
/// ordinary ones are returned: they name their card as a card's name that
/// is a word of the game does. A nickname of a card the data does not
/// have (after an import) is left out.
fn add_nicknames(full: &mut HashMap<String, Vec<usize>>, cards: &[Card]) -> Vec<String> {
    let by_name: HashMap<&str, usize> = cards.iter().enumerate().map(|(i, c)| (c.name.as_str(), i)).collect();
    let mut ordinary = Vec::new();
    for n in nicknames() {
        let (Some(&card), w) = (by_name.get(n.card), words(n.nickname)) else { continue };
        if w.is_empty() {
            continue;
        }
        let key = w.join(" ");
        if n.ordinary {
            ordinary.push(key.clone());
        }
        full.insert(key, vec![card]);
    }
    ordinary
}

/// Of several cards (one name for several, a distinctive word of several
/// names), the one judges are asked about most: the latest ruling, then
/// the most rulings and French printings (reprints), then the first.
fn most_ruled(cards: &Cards, list: &[usize]) -> usize {
    let weight = |c: usize| (latest_ruling(cards, c), cards.cards[c].rulings.len() + cards.cards[c].printed.len());
    let mut best = list[0];
    for &c in list {
        if weight(c) > weight(best) {
            best = c;
        }
    }
    best
}

/// How many times each letter a–z, and any other character, is in a folded name.
fn letter_counts(text: &str) -> [u16; 27] {
    let mut counts = [0u16; 27];
    for b in text.bytes().filter(|&b| b != b' ') {
        let i = if b.is_ascii_lowercase() { usize::from(b - b'a') } else { 26 };
        counts[i] = counts[i].saturating_add(1);
    }
    counts
}

/// How far apart two texts' letter counts are (the sum of the
/// differences): at most twice the edits from one to the other.
fn letters_apart(a: &[u16; 27], text: &str) -> usize {
    let b = letter_counts(text);
    a.iter().zip(&b).map(|(x, y)| usize::from(x.abs_diff(*y))).sum()
}

/// The date of a card's latest ruling (AAAA-MM-JJ), or nothing.
fn latest_ruling(cards: &Cards, c: usize) -> &str {
    cards.cards[c].rulings.iter().map(|r| r.date.as_str()).max().unwrap_or_default()
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
