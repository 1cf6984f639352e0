//! Matching a query against the vocabulary: the text cut into words, each
//! folded to a key (case, accents, plural and the endings of a French verb's
//! forms ignored), the longest run of words that names an entry taken first,
//! and the query written again in each language ([`Translation`]).

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Entry, Lexicon};

/// Words in one entry name, at most (longer names are never matched).
const MAX_SPAN: usize = 8;
/// Letters a typed word needs before one typo in it is forgiven.
const MIN_TYPO_CHARS: usize = 7;
/// Words of a query looked at for typos, at most (a 1,000-character paste
/// costs no more than a question).
const MAX_TYPO_WORDS: usize = 24;

/// Whether two words differ by one letter added, removed, replaced, or two
/// neighbours swapped.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a == b || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let p = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[p..], &b[p..]);
    match ra.len().cmp(&rb.len()) {
        std::cmp::Ordering::Equal => {
            ra[1..] == rb[1..] || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..])
        }
        std::cmp::Ordering::Greater => ra[1..] == *rb,
        std::cmp::Ordering::Less => *ra == rb[1..],
    }
}

/// Which name of an entry the query used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The French name (or, for jargon, the words judges type).
    French,
    /// The English name.
    English,
}

/// A run of the query's words that names entries of the vocabulary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The words, as typed.
    pub typed: String,
    /// The entries named (indexes into [`Lexicon::entries`]).
    pub entries: Vec<usize>,
    /// Which of their names the query used.
    pub side: Side,
    /// Whether the words typed were one typo away from the name.
    pub corrected: bool,
}

/// A query in both languages: what to search in French texts and in English
/// texts, and the entries recognised.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Translation {
    /// The query for French texts: the French words typed, and the French
    /// names of the English terms and jargon recognised.
    pub fr: String,
    /// The query for English texts: the English words typed, and the
    /// English names of the French terms and jargon recognised.
    pub en: String,
    /// The words no entry names exactly, as typed (searched in both
    /// languages; these only may be typos).
    pub unmatched: Vec<String>,
    /// The entries recognised, in the order of the query.
    pub matches: Vec<Match>,
    /// The query in order, one unit per word no entry names and per run
    /// of words that names entries: what each says in each language.
    pub units: Vec<Unit>,
    /// The names of several words recognised or translated, in French
    /// (« points de vie de départ »): searched as phrases too, a game term
    /// being one unit.
    pub terms_fr: Vec<String>,
    /// The same in English (« starting life total »).
    pub terms_en: Vec<String>,
}

/// One unit of a query (see [`Translation::units`]): a word no entry
/// names, or words that name entries, with what they say in each language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// The words, as typed.
    pub typed: String,
    /// Whether no entry names them (a word the search may translate word
    /// by word, see [`super::model`], or correct as a typo).
    pub unmatched: bool,
    /// The names to search in French texts (for an unmatched word: as typed).
    pub fr: Vec<String>,
    /// The names to search in English texts (for an unmatched word: as typed).
    pub en: Vec<String>,
    /// The names judges write that only their own French words have (the
    /// glosses, [`super::glosses`]), not the rules' French texts: jargon as
    /// typed (« volée », « trigger »). « En même temps » is there, not in
    /// French texts, where it is no jargon.
    pub judges: Vec<String>,
    /// The entries its words name (indexes into [`Lexicon::entries`]);
    /// none for a word no entry names.
    pub entries: Vec<usize>,
}

/// The folded key of one word: lowercase, no accents, a final plural
/// `s`/`x` dropped — the same whatever accents the judge typed. The forms
/// of a French verb meet its entry through [`Index::canonical`].
fn word_key(word: &str) -> String {
    let mut lower = word.to_lowercase();
    if lower.chars().count() > 3 && (lower.ends_with('s') || lower.ends_with('x')) && !lower.ends_with("ss") {
        lower.pop();
    }
    crate::text::fold(&lower)
}

/// The words of a query keyed as the vocabulary has them, and as typed
/// (see [`Lexicon::translate`]).
type Keys = (Vec<String>, Vec<String>);

/// The endings of the forms of a French verb a judge types (« bloquée »,
/// « bloquez », « bloqué », « bloque », « bloquent »), each
/// with the infinitive's: tried, in this order, when a typed word is not
/// itself a word of the vocabulary, and kept only when the infinitive is
/// a French name of the vocabulary.
const VERB_FORMS: [(&str, &str); 4] = [("ee", "er"), ("ez", "er"), ("ent", "er"), ("e", "er")];

/// The words of a text with their byte spans: runs of letters and digits,
/// with `+`, `/` and a `-` before a digit kept inside (« +1/+1 », « -1/-1 »),
/// and `∞` (the keyword of 702.186).
fn words(text: &str) -> Vec<(usize, usize)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let inside = |i: usize| {
        let c = chars[i].1;
        c.is_alphanumeric()
            || c == '+'
            || c == '∞'
            || (c == '/' && i > 0 && chars[i - 1].1.is_alphanumeric())
            || (c == '-' && chars.get(i + 1).is_some_and(|n| n.1.is_ascii_digit()))
    };
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for i in 0..chars.len() {
        match (inside(i), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((chars[s].0, chars[i].0));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((chars[s].0, text.len()));
    }
    out
}

/// The key of each word of a running text, in order: as [`key`] keys a
/// name's words, without what only a name needs (its parenthesis cut off,
/// its leading article dropped).
pub fn text_keys(text: &str) -> Vec<String> {
    words(text).into_iter().map(|(a, b)| word_key(&text[a..b])).filter(|w| !w.is_empty()).collect()
}

/// Articles that may open a name without being part of it (« Le Monarque »).
const LEADING_ARTICLES: &[&str] = &["le", "la", "les", "l", "the"];

/// The key of a name: its words' keys (see `word_key`), a note in
/// parentheses left out (« passer (la priorité) » is named « passer ») and a
/// leading article too (« Le Monarque » is named « monarque »).
pub fn key(text: &str) -> Vec<String> {
    let name = match (text.find(" ("), text.rfind(')')) {
        (Some(a), Some(b)) if a < b && a > 0 => &text[..a],
        _ => text,
    };
    let mut k: Vec<String> =
        words(name).into_iter().map(|(a, b)| word_key(&name[a..b])).filter(|w| !w.is_empty()).collect();
    if k.len() > 1 && LEADING_ARTICLES.contains(&k[0].as_str()) {
        k.remove(0);
    }
    k
}

/// The vocabulary's names by key.
///
/// The maps are looked up for every word of every query, with keys made
/// here, never inserted from a query: they hash with `FxHash`, several
/// times faster than the default on such short keys.
#[derive(Debug, Clone, Default)]
pub(super) struct Index {
    /// The entries of each name, by [`name_key`].
    names: FxHashMap<String, Vec<usize>>,
    longest: usize,
    /// The first word of every name, as keyed: no name starts at a word
    /// that is not one of these.
    starts: FxHashSet<String>,
    /// Every word of every name, as keyed.
    known: FxHashSet<String>,
    /// Every word of every French name, as keyed.
    known_french: FxHashSet<String>,
    /// The French names of one long word, by each of their forms with one
    /// letter left out (and whole): what finds a name one typo away.
    near: FxHashMap<String, Vec<String>>,
}

/// The key of a name of one side in [`Index::names`]: the side, then the
/// words' keys, written into `out` (a buffer kept across lookups).
fn name_key<'a>(side: Side, words: impl IntoIterator<Item = &'a String>, out: &mut String) {
    out.clear();
    out.push(match side {
        Side::French => 'F',
        Side::English => 'E',
    });
    for w in words {
        out.push('\u{1f}');
        out.push_str(w);
    }
}

/// The forms of a word with one letter left out, and the word itself.
fn deletions(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let mut out: Vec<String> = (0..chars.len()).map(|i| chars[..i].iter().chain(&chars[i + 1..]).collect()).collect();
    out.push(word.to_string());
    out
}

impl Index {
    /// A typed word's key as the vocabulary has it: its own when some name
    /// has that word, else the infinitive of the verb form it is (« bloquée »,
    /// « bloquez », « bloque » → « bloquer »), when some French name has
    /// that; else its own. A word typed with its participle's accent
    /// (« créé », « bloqué ») is read as the verb first. « regard » (scry)
    /// stays apart from « regarder », « vol » (flying) from « voler »,
    /// « contre » from « contrer »; « capacite » is « capacité ».
    pub(super) fn canonical(&self, key: String, participle: bool) -> String {
        let verb = || {
            VERB_FORMS.iter().find_map(|(ending, infinitive)| {
                let stem = key.strip_suffix(ending).filter(|s| s.chars().count() >= 3)?;
                let verb = format!("{stem}{infinitive}");
                self.known_french.contains(&verb).then_some(verb)
            })
        };
        if participle && let Some(v) = verb() {
            return v;
        }
        if self.known.contains(&key) {
            return key;
        }
        verb().unwrap_or(key)
    }

    /// The entries of the one French name of one word, long enough, one
    /// typo away from `word`; `None` when there is none or several.
    fn one_typo_from(&self, word: &str) -> Option<&[usize]> {
        let mut found: Vec<&String> = Vec::new();
        for d in deletions(word) {
            for name in self.near.get(&d).into_iter().flatten() {
                if !found.contains(&name) && one_edit(name, word) {
                    found.push(name);
                }
            }
        }
        match found[..] {
            [name] => Some(self.named(Side::French, std::slice::from_ref(name))),
            _ => None,
        }
    }

    /// The entries of one side named by `key`.
    pub(super) fn named(&self, side: Side, key: &[String]) -> &[usize] {
        let key: Vec<String> = key.iter().map(|w| self.canonical(w.clone(), false)).collect();
        self.lookup(side, &key, &mut String::new()).unwrap_or(&[])
    }

    /// The entries of one side whose name is exactly these keyed words;
    /// `buffer` holds the key looked up.
    fn lookup(&self, side: Side, words: &[String], buffer: &mut String) -> Option<&[usize]> {
        if !words.first().is_some_and(|w| self.starts.contains(w)) {
            return None;
        }
        name_key(side, words, buffer);
        self.names.get(buffer.as_str()).map(Vec::as_slice)
    }

    /// Every French name, and every English name but jargon's (the English
    /// of jargon is a search query, not a name to recognise).
    pub(super) fn build(entries: &[Entry]) -> Index {
        let mut index = Index::default();
        for (i, e) in entries.iter().enumerate() {
            let mut sides = vec![(Side::French, key(&e.fr))];
            if !e.kind.is_shorthand() {
                sides.push((Side::English, key(&e.en)));
            }
            for (side, k) in sides {
                if k.is_empty() || k.len() > MAX_SPAN {
                    continue;
                }
                index.longest = index.longest.max(k.len());
                index.known.extend(k.iter().cloned());
                if side == Side::French {
                    index.known_french.extend(k.iter().cloned());
                }
                if side == Side::French && k.len() == 1 && k[0].chars().count() >= MIN_TYPO_CHARS {
                    for d in deletions(&k[0]) {
                        let names = index.near.entry(d).or_default();
                        if !names.contains(&k[0]) {
                            names.push(k[0].clone());
                        }
                    }
                }
                index.starts.insert(k[0].clone());
                let mut name = String::new();
                name_key(side, &k, &mut name);
                let ids = index.names.entry(name).or_default();
                if !ids.contains(&i) {
                    ids.push(i);
                }
            }
        }
        index
    }
}

impl Lexicon {
    /// The query in both languages (see [`Translation`]). At each word, the
    /// longest run of words that names an entry wins; a French name before
    /// an English one of the same length (« initiative » is first strike,
    /// whatever English text says « initiative »).
    pub fn translate(&self, text: &str) -> Translation {
        let spans = words(text);
        // Each word keyed twice: as the vocabulary has it (a verb form read
        // as its verb), and as typed (« créature bloquée » is a name).
        let typed: Vec<String> = spans.iter().map(|&(a, b)| word_key(&text[a..b])).collect();
        let keys: Keys =
            (spans.iter().zip(&typed).map(|(&(a, b), k)| self.canonical_key(&text[a..b], k.clone())).collect(), typed);
        let mut out = Translation::default();
        let (mut fr, mut en): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        let mut i = 0;
        while i < spans.len() {
            let Some(m) = self.longest_at(&keys, i, text, &spans) else {
                let typed = text[spans[i].0..spans[i].1].to_string();
                fr.push(typed.clone());
                en.push(typed.clone());
                out.units.push(Unit {
                    typed: typed.clone(),
                    unmatched: true,
                    fr: vec![typed.clone()],
                    en: vec![typed.clone()],
                    judges: Vec::new(),
                    entries: Vec::new(),
                });
                out.unmatched.push(typed);
                i += 1;
                continue;
            };
            let width = key(&m.typed).len().max(1);
            let unit = self.unit_of(&m);
            if m.corrected {
                // Searched as typed, a typo the French index corrects at its lower weight.
                out.unmatched.push(m.typed.clone());
            }
            for f in &unit.fr {
                push_unique(&mut fr, f);
            }
            for e in &unit.en {
                push_unique(&mut en, e);
            }
            out.units.push(unit);
            out.matches.push(m);
            i += width;
        }
        for m in &out.matches {
            let (mut f, mut e): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
            for &i in &m.entries {
                let entry = &self.entries[i];
                match (m.side, entry.kind.is_shorthand()) {
                    (Side::French, false) => f.push(&m.typed),
                    (Side::English, _) => {
                        e.push(&m.typed);
                        f.push(&entry.fr);
                    }
                    _ => {}
                }
                if m.side == Side::French {
                    e.push(&entry.en);
                }
            }
            for (names, terms) in [(f, &mut out.terms_fr), (e, &mut out.terms_en)] {
                for n in names {
                    if key(n).len() > 1 {
                        push_unique(terms, n);
                    }
                }
            }
        }
        out.fr = fr.join(" ");
        out.en = en.join(" ");
        out
    }

    /// What a run of words that names entries says in each language. A
    /// French name is searched as typed in French texts, and by its
    /// entries' English names in English texts; jargon (not French: « ETB »,
    /// « fizzle ») by the French names of its English words, and in English
    /// texts also as typed (« morph », « stack »); an English name as typed
    /// in English texts and by its French names in French texts.
    fn unit_of(&self, m: &Match) -> Unit {
        let (mut fr, mut en): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        let mut judges = Vec::new();
        match m.side {
            Side::French => {
                let jargon = m.entries.iter().all(|&e| self.entries[e].kind.is_shorthand());
                for &e in &m.entries {
                    push_unique(&mut en, &self.entries[e].en);
                }
                if jargon {
                    push_unique(&mut en, &m.typed);
                    judges.push(m.typed.clone());
                    for &e in &m.entries {
                        for f in &self.shorthand_french[e] {
                            push_unique(&mut fr, f);
                        }
                    }
                } else {
                    fr.push(m.typed.clone());
                }
            }
            Side::English => {
                en.push(m.typed.clone());
                for &e in &m.entries {
                    push_unique(&mut fr, &self.entries[e].fr);
                }
            }
        }
        Unit { typed: m.typed.clone(), unmatched: m.corrected, fr, en, judges, entries: m.entries.clone() }
    }

    /// The key of a word typed as the vocabulary has it (see
    /// [`Index::canonical`]), from the word's own key (`word_key(word)`).
    fn canonical_key(&self, word: &str, key: String) -> String {
        // The last three letters, lowercased, say whether it is a participle.
        let start = word.char_indices().rev().nth(2).map_or(0, |(i, _)| i);
        let end = word[start..].to_lowercase();
        let participle = ["é", "ée", "és", "ées"].iter().any(|e| end.ends_with(e));
        self.index.canonical(key, participle)
    }

    /// The longest name starting at word `i`, French first; failing that, a
    /// French name of one word one typo away from a long word (« contrecarer »).
    fn longest_at(&self, keys: &Keys, i: usize, text: &str, spans: &[(usize, usize)]) -> Option<Match> {
        self.exact_at(keys, i, text, spans).or_else(|| {
            let k = &keys.0[i];
            if i >= MAX_TYPO_WORDS || k.chars().count() < MIN_TYPO_CHARS {
                return None;
            }
            let ids = self.index.one_typo_from(k)?;
            let typed = text[spans[i].0..spans[i].1].to_string();
            Some(Match { typed, entries: ids.to_vec(), side: Side::French, corrected: true })
        })
    }

    /// The longest name starting at word `i`, exactly, French first.
    fn exact_at(&self, keys: &Keys, i: usize, text: &str, spans: &[(usize, usize)]) -> Option<Match> {
        let max = self.index.longest.min(keys.0.len() - i);
        // How many words from `i` a name could span, per keying: no name
        // starts with a word no name starts with, or has a word no name has.
        let reach = |k: &[String]| {
            if self.index.starts.contains(&k[i]) {
                k[i..i + max].iter().take_while(|w| self.index.known.contains(*w)).count()
            } else {
                0
            }
        };
        let reach = [reach(&keys.0), reach(&keys.1)];
        let mut buffer = String::new();
        for len in (1..=max).rev() {
            for (k, _) in [&keys.0[i..i + len], &keys.1[i..i + len]].into_iter().zip(reach).filter(|&(_, r)| len <= r) {
                for side in [Side::French, Side::English] {
                    if let Some(ids) = self.index.lookup(side, k, &mut buffer) {
                        let typed = text[spans[i].0..spans[i + len - 1].1].to_string();
                        return Some(Match { typed, entries: ids.to_vec(), side, corrected: false });
                    }
                }
            }
        }
        None
    }

    /// The French names of the entries an English text names (jargon's
    /// English, « enters the battlefield » → « arrive sur le champ de bataille »).
    pub(super) fn french_of(&self, english: &str) -> Vec<String> {
        let spans = words(english);
        let keys: Vec<String> =
            spans.iter().map(|&(a, b)| self.index.canonical(word_key(&english[a..b]), false)).collect();
        let mut out = Vec::new();
        let mut buffer = String::new();
        let mut i = 0;
        while i < keys.len() {
            let max = self.index.longest.min(keys.len() - i);
            let found = (1..=max)
                .rev()
                .find_map(|len| self.index.lookup(Side::English, &keys[i..i + len], &mut buffer).map(|ids| (len, ids)));
            match found {
                Some((len, ids)) => {
                    for &e in ids {
                        push_unique(&mut out, &self.entries[e].fr);
                    }
                    i += len;
                }
                None => i += 1,
            }
        }
        out
    }
}

fn push_unique(out: &mut Vec<String>, s: &str) {
    if !out.iter().any(|o| o == s) {
        out.push(s.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::Lexicon;

    fn lexicon() -> Lexicon {
        Lexicon::parse(
            "v",
            "initiative\tfirst strike\tcapacité mot-clé\t702.7\tc\n\
             prendre l'initiative\ttake the initiative\tterme\t725.2\tc\n\
             pile\tstack\tzone\t405.1\tfaux ami\n\
             bloquer\tblock\tterme\t509.1\tc\n\
             marqueur +1/+1\t+1/+1 counter\tmarqueur\t122.1a\tc\n\
             arrive sur le champ de bataille\tenters the battlefield\tterme\t603.6a\tc\n\
             ETB\tenters the battlefield\tjargon\t603.6a\tusage\n",
        )
        .unwrap()
    }

    #[test]
    fn keys_ignore_case_accents_plural_and_verb_forms() {
        assert_eq!(key("Capacités"), key("capacite"));
        assert_eq!(key("bloquez"), ["bloquez"]);
        let l = lexicon();
        for typed in ["bloquer", "bloquée", "bloquee", "bloqué", "bloque", "bloquez", "BLOQUÉES", "bloquent"] {
            assert_eq!(l.translate(typed).en, "block", "{typed}");
        }
        assert_eq!(l.index.canonical(key("équipe").remove(0), false), "equipe", "no entry names « équiper » here");
        assert_eq!(key("marqueurs +1/+1"), ["marqueur", "+1/+1"]);
        assert_eq!(key("-1/-1"), ["-1/-1"]);
        assert_eq!(key("prendre l'initiative"), ["prendre", "l", "initiative"]);
        assert_eq!(key("Le Monarque"), ["monarque"]);
        assert_eq!(key("l'Anneau vous tente"), ["anneau", "vou", "tente"]);
        assert_ne!(key("regarder"), key("regard"));
        assert_eq!(key("l'Anneau vous tente"), ["anneau", "vou", "tente"]);
    }

    #[test]
    fn longest_name_first_and_false_friends() {
        let l = lexicon();
        let t = l.translate("initiative");
        assert_eq!(t.en, "first strike");
        let t = l.translate("quand je prends l'initiative");
        assert_eq!(t.en, "quand je prends l first strike", "« prends » is not « prendre »");
        let t = l.translate("prendre l'initiative");
        assert_eq!(t.en, "take the initiative");
        let t = l.translate("la pile");
        assert_eq!(t.en, "la stack");
        assert_eq!(t.fr, "la pile");
    }

    #[test]
    fn one_typo_in_a_long_word() {
        assert!(one_edit("contrecarer", "contrecarrer"));
        assert!(one_edit("bloqeur", "bloqueur"));
        assert!(one_edit("bolqueur", "bloqueur"));
        assert!(!one_edit("bloqueur", "bloqueur"));
        assert!(!one_edit("blqeur", "bloqueur"));
        let l = lexicon();
        assert_eq!(l.translate("blokerz").matches.len(), 0, "two typos");
        assert_eq!(l.translate("initiaitve").en, "first strike");
    }

    #[test]
    fn both_ways_and_jargon() {
        let l = lexicon();
        let t = l.translate("deux marqueurs +1/+1 sur une créature bloquée");
        assert_eq!(t.en, "deux +1/+1 counter sur une créature block");
        let t = l.translate("first strike");
        assert_eq!((t.fr.as_str(), t.en.as_str()), ("initiative", "first strike"));
        let t = l.translate("ETB trigger");
        assert_eq!(t.en, "enters the battlefield ETB trigger");
        let units: Vec<(&str, bool, &[String])> =
            t.units.iter().map(|u| (u.typed.as_str(), u.unmatched, u.en.as_slice())).collect();
        assert_eq!(
            units,
            [
                ("ETB", false, &["enters the battlefield".to_string(), "ETB".to_string()][..]),
                ("trigger", true, &["trigger".to_string()][..])
            ]
        );
        assert_eq!(t.units[0].fr, ["arrive sur le champ de bataille"]);
        // As typed, it is searched in the judges' own French words (the glosses).
        assert_eq!(t.units[0].judges, ["ETB"]);
        assert!(t.units[1].judges.is_empty());
        assert_eq!(t.fr, "arrive sur le champ de bataille trigger");
        assert_eq!(t.unmatched, ["trigger"]);
    }
}
