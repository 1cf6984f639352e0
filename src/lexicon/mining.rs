//! Words mined from texts in two languages that say the same thing: the
//! French rules beside the English rules they translate
//! (`Graph::translated_pairs`), French printed cards beside their English
//! text of the time. A French word and an English word that keep appearing
//! in the same pairs, each the other's best partner, are a translation.
//! `arbitre vocabulaire` prints what this finds; a reviewer reads it and the
//! file keeps it.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use super::{Entry, Kind, Lexicon, key, text_keys};

/// French words left out of mining: articles, pronouns, prepositions,
/// auxiliaries — words every text has.
const FRENCH_STOP: &[&str] = &[
    "le", "la", "les", "un", "une", "des", "du", "de", "d", "l", "au", "aux", "et", "ou", "a", "à", "en", "dans",
    "sur", "par", "pour", "avec", "sans", "ce", "cet", "cette", "ces", "ceci", "cela", "ca", "qui", "que", "qu",
    "quoi", "dont", "son", "sa", "se", "ses", "leur", "leurs", "il", "ils", "elle", "elles", "on", "n", "ne", "pas",
    "plus", "est", "sont", "etre", "ete", "ont", "avoir", "fait", "si", "s", "y", "lui", "meme", "tout", "tous",
    "toute", "toutes", "autre", "autres", "cas", "comme", "mais", "donc", "alors", "peut", "peuvent", "doit",
    "doivent", "cf", "regle", "exemple", "vous", "votre", "vos", "nous", "notre", "je", "tu", "mon", "ma", "mes",
    "ton", "ta", "tes", "chaque", "certains",
];
/// English words left out of mining.
const ENGLISH_STOP: &[&str] = &[
    "the", "a", "an", "of", "to", "in", "on", "and", "or", "is", "are", "be", "been", "it", "its", "that", "this",
    "these", "those", "with", "for", "by", "as", "at", "from", "if", "then", "than", "which", "who", "can", "may",
    "would", "will", "must", "not", "no", "any", "each", "all", "other", "another", "into", "has", "have", "had",
    "was", "were", "does", "do", "isn", "doesn", "rule", "see", "example", "s", "t", "one", "so", "such", "way", "you",
    "your",
];

/// Pairs a review of the mined words rejected: right in the texts they came
/// from, wrong as translations of the word alone (« perd » is not « gain »,
/// « sous » is the first half of « sous-type », « mortel » of « contact
/// mortel », « obtenez » meets « chaos » in one block of cards).
const REJECTED: &[(&str, &str)] = &[
    ("perd", "gain"),
    ("propres", "unique"),
    ("sous", "subtype"),
    ("plusieurs", "more"),
    ("cachée", "down"),
    ("après", "take"),
    ("lorsque", "could"),
    ("obtenez", "chao"),
    ("trois", "threr"),
    ("étant", "where"),
    ("moins", "more"),
    ("seule", "once"),
    ("non", "nonland"),
    ("gagne", "get"),
    ("lien", "lifelink"),
    ("mortel", "deathtouch"),
    ("soif", "bloodthirst"),
    ("points", "life"),
    ("vienne", "anywhere"),
    ("départ", "opening"),
    ("tombes", "grave"),
    ("sortilèges", "spellbomb"),
    ("transfert", "channel"),
    ("métaux", "metalcraft"),
    ("association", "soulbond"),
    ("fois", "whenever"),
    ("indiciale", "cluestone"),
    ("guilde", "guildgate"),
    ("ley", "leyline"),
    ("multikick", "multikicker"),
    ("âmes", "soulbond"),
    ("art", "metalcraft"),
    ("imprimées", "now"),
    ("passé", "skip"),
    ("passe", "skip"),
    ("total", "life"),
    ("temps", "suspended"),
];

/// How strict the mining is.
#[derive(Debug, Clone, Copy)]
pub struct Thresholds {
    /// Dice coefficient the two words must reach together.
    pub dice: f64,
    /// Pairs in which they must appear together, at least.
    pub together: usize,
}

/// The keys of a text's words worth pairing: no stop word, no number, three
/// letters or more; every word of the text (a name's keys stop at its
/// parenthesis, a text's go on).
fn content_words(text: &str, stop: &HashSet<String>) -> BTreeSet<String> {
    text_keys(text)
        .into_iter()
        .filter(|w| w.chars().count() >= 3 && !w.chars().any(|c| c.is_ascii_digit()))
        .filter(|w| !stop.contains(w))
        .collect()
}

/// The keys of a stop list, made once.
fn stop_keys(stop: &[&str]) -> HashSet<String> {
    stop.iter().filter_map(|s| key(s).into_iter().next()).collect()
}

/// The words mined from `pairs` (French text, English text, label of the
/// pair), as vocabulary entries of kind « terme aligné » whose source says
/// `what` they came from (« règles traduites », « cartes imprimées »), how many
/// pairs have both and one example. Words `known` already names in French
/// are left out, and so are the pairs a review rejected (`REJECTED`).
pub fn mine(pairs: &[(String, String, String)], limits: Thresholds, what: &str, known: &Lexicon) -> Vec<Entry> {
    let mut surface: HashMap<String, BTreeMap<String, usize>> = HashMap::new();
    let (french_stop, english_stop) = (stop_keys(FRENCH_STOP), stop_keys(ENGLISH_STOP));
    let sets: Vec<(BTreeSet<String>, BTreeSet<String>)> = pairs
        .iter()
        .map(|(fr, en, _)| {
            for w in fr.split(|c: char| !c.is_alphanumeric()) {
                if let Some(k) = key(w).into_iter().next() {
                    *surface.entry(k).or_default().entry(w.to_lowercase()).or_default() += 1;
                }
            }
            (content_words(fr, &french_stop), content_words(en, &english_stop))
        })
        .collect();
    let mut count_fr: HashMap<&str, usize> = HashMap::new();
    let mut count_en: HashMap<&str, usize> = HashMap::new();
    let mut together: HashMap<(&str, &str), (usize, usize)> = HashMap::new();
    for (i, (fr, en)) in sets.iter().enumerate() {
        for f in fr {
            *count_fr.entry(f).or_default() += 1;
        }
        for e in en {
            *count_en.entry(e).or_default() += 1;
        }
        for f in fr {
            for e in en {
                together.entry((f, e)).or_insert((0, i)).0 += 1;
            }
        }
    }
    let dice = |f: &str, e: &str, c: usize| 2.0 * c as f64 / (count_fr[f] + count_en[e]) as f64;
    let mut best_fr: HashMap<&str, (f64, &str)> = HashMap::new();
    let mut best_en: HashMap<&str, (f64, &str)> = HashMap::new();
    for (&(f, e), &(c, _)) in &together {
        let d = dice(f, e, c);
        if best_fr.get(f).is_none_or(|b| d > b.0 || (d == b.0 && e < b.1)) {
            best_fr.insert(f, (d, e));
        }
        if best_en.get(e).is_none_or(|b| d > b.0 || (d == b.0 && f < b.1)) {
            best_en.insert(e, (d, f));
        }
    }
    let mut chosen: Vec<(&str, &str)> = best_fr
        .iter()
        .filter(|(f, (d, e))| {
            let (c, _) = together[&(**f, *e)];
            *d >= limits.dice && c >= limits.together && best_en.get(e).is_some_and(|b| b.1 == **f) && **f != *e
        })
        .map(|(f, (_, e))| (*f, *e))
        .collect();
    chosen.sort();
    let mut out = Vec::new();
    for (f, e) in chosen {
        let fr = surface
            .get(f)
            .and_then(|forms| forms.iter().max_by_key(|(form, n)| (**n, std::cmp::Reverse((*form).clone()))))
            .map_or(f.to_string(), |(form, _)| form.clone());
        if !known.by_french(&fr).is_empty() || REJECTED.contains(&(fr.as_str(), e)) {
            continue;
        }
        let (c, first) = together[&(f, e)];
        let source = format!("{what} : {c} paires les ont tous deux (ex. {})", pairs[first].2);
        out.push(Entry { fr, en: e.to_string(), kind: Kind::Aligned, rule: None, source, line: 0 });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutual_best_partners_only() {
        let p = |fr: &str, en: &str| (fr.to_string(), en.to_string(), "x".to_string());
        let pairs = vec![
            p("le joueur pioche une carte", "the player draws a card"),
            p("le joueur gagne la partie", "the player wins the game"),
            p("une carte du cimetière", "a card from the graveyard"),
            p("le cimetière du joueur", "the player's graveyard"),
        ];
        let limits = Thresholds { dice: 0.6, together: 2 };
        let found = mine(&pairs, limits, "essai", &Lexicon::default());
        let got: Vec<(&str, &str)> = found.iter().map(|e| (e.fr.as_str(), e.en.as_str())).collect();
        assert!(got.contains(&("cimetière", "graveyard")), "{got:?}");
        assert!(got.contains(&("joueur", "player")), "{got:?}");
        assert!(!got.iter().any(|(f, _)| *f == "pioche"), "one pair is not enough: {got:?}");
    }

    #[test]
    fn every_word_of_a_text_counts_past_its_parentheses() {
        let stop = stop_keys(FRENCH_STOP);
        let words = content_words("La Salve (voir la règle 608.2b) est contrecarrée.", &stop);
        assert!(words.contains("salve") && words.contains("contrecarree"), "{words:?}");
        assert!(words.contains("voir"), "inside the parenthesis too: {words:?}");
        // A name's key stops at its parenthesis; a text's does not.
        assert_eq!(key("Salve (voir plus bas) contrecarrée"), ["salve"]);
        assert_eq!(text_keys("Salve (voir plus bas) contrecarrée").len(), 5);
    }
}
