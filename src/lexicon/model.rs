//! Word translations learned from texts that say the same thing in French
//! and in English: French printed cards beside their English text, the
//! French rules beside the English rules they translate, the vocabulary's
//! own pairs. What comes out is a table, French word → English words with
//! their probability (`rules/traductions.tsv`), that the search reads to
//! translate the everyday words of a question (« pioche », « cimetière »,
//! « propriétaire ») that no entry of the vocabulary names.
//!
//! The learning is IBM Model 1 (Brown et al., 1993): expectation-maximisation
//! of the probability t(e|f) that an English word translates a French word,
//! over pairs of short texts, each English word explained by one word of its
//! French text or by nothing. It is run both ways; a pair is kept when each
//! word is a likely translation of the other, which keeps a rare word from
//! taking the words that merely stand beside it.
//!
//! Words are compared by their keys ([`french_key`], [`english_key`]):
//! lowercase, accents folded, Snowball stems, stop words left out: the
//! forms a judge types (« pioches », « piochez », « pioche ») meet the
//! forms the cards print.

use std::collections::HashMap;

use super::tokenizer::WordTokenizer;
use super::{Lexicon, LexiconError};
use tantivy::tokenizer::{AsciiFoldingFilter, Language, LowerCaser, Stemmer, StopWordFilter, TextAnalyzer};

/// The path of the translation table inside `rules/`.
pub const FILE: &str = "traductions.tsv";

/// French words that carry nothing to translate, beyond the stop words of
/// the search ([`crate::text::FRENCH_STOP_WORDS`]): words of every
/// sentence, whose translation would be whatever stands beside them.
const FRENCH_NOT_TRANSLATED: &[&str] = &[
    "etre",
    "avoir",
    "celui",
    "celle",
    "ceux",
    "celles",
    "dont",
    "quoi",
    "lequel",
    "laquelle",
    "lesquels",
    "lesquelles",
    "tout",
    "tous",
    "toute",
    "toutes",
    "si",
    "fait",
    "faire",
    "comme",
    "alors",
    "donc",
    "ainsi",
    "aussi",
    "puis",
    "elles",
    "ya",
    "ci",
    "voila",
    "depuis",
    "ensuite",
    "dit",
    "dire",
    "va",
    "vont",
    "dois",
    "doit",
    "doivent",
    "faut",
];

/// Pairs a review of the table rejected: words that stand beside each
/// other on cards, or an old wording (« retirez de la partie » was « exile »,
/// « la mise » the ante), not translations of one another.
const REJECTED: &[(&str, &str)] = &[
    ("tour", "tower"),
    ("tour", "ve"),
    ("fin", "indefinitely"),
    ("partie", "exile"),
    ("partie", "subgames"),
    ("mise", "ante"),
    ("mise", "anywhere"),
    ("mise", "announced"),
    ("mise", "dies"),
    ("peut", "result"),
    ("peut", "didn"),
    ("peut", "offering"),
    ("peuvent", "ignore"),
    ("carte", "prowl"),
    ("capacité", "transmute"),
    ("quand", "bushido"),
    ("sort", "kind"),
    ("mettre", "myriad"),
    ("mettez", "create"),
    ("bloquer", "ninjutsu"),
    ("bloquée", "skulk"),
    ("bloquée", "except"),
    ("bloqueuse", "flanking"),
    ("manière", "previously"),
    ("manière", "made"),
    ("faites", "made"),
    ("faites", "evoke"),
    ("faites", "kinship"),
    ("faites", "pay"),
    ("pouvez", "unleash"),
    ("pouvez", "partner"),
    ("pouvez", "cast"),
    ("permanent", "regardless"),
    ("permanent", "came"),
    ("jouer", "extra"),
    ("jouer", "take"),
    ("attachée", "curse"),
    ("source", "wither"),
    ("arrivent", "gates"),
    ("partage", "tied"),
    ("face", "coin"),
    ("où", "anywhere"),
    ("où", "flash"),
    ("détruire", "enough"),
    ("détruite", "all"),
    ("exilée", "all"),
    ("exilée", "without"),
    ("sous", "form"),
    ("sous", "subtypes"),
    ("sous", "subgames"),
    ("nombre", "itself"),
    ("devait", "unearth"),
    ("contre", "fights"),
    ("règle", "see"),
    ("règles", "see"),
    ("actif", "see"),
    ("détruite", "totem"),
    ("obligatoire", "based"),
    ("devient", "base"),
    ("non", "unblocked"),
    ("ni", "detain"),
    ("ni", "blocked"),
    ("créez", "doing"),
    ("créez", "nor"),
    ("partagent", "intimidate"),
    ("dernier", "since"),
    ("passé", "came"),
    ("passé", "since"),
    ("écho", "came"),
    ("écho", "since"),
    ("devraient", "all"),
    ("appelée", "grandeur"),
    ("appelée", "subject"),
    ("appelé", "empires"),
    ("appelé", "kobold"),
    ("chacune", "epic"),
    ("chacune", "free"),
    ("caractéristiques", "quality"),
    ("aucun", "won"),
    ("quitte", "whether"),
    ("grand", "ape"),
    ("quelconque", "make"),
    ("continu", "proceeding"),
    ("contrôlée", "chose"),
    ("chose", "respect"),
    ("sang", "bloodrush"),
    ("vers", "madness"),
    ("dégagent", "during"),
    ("désirez", "morph"),
    ("souhaitez", "multikicker"),
    ("impliqué", "higher"),
    ("trouve", "within"),
    ("blessée", "anything"),
    ("murs", "defending"),
    ("dès", "roll"),
    ("dès", "comes"),
    ("après", "take"),
    ("après", "extra"),
    ("pourriez", "only"),
    ("pourriez", "time"),
    ("lorsque", "only"),
    ("lorsque", "sorcery"),
    ("moment", "any"),
    ("moment", "every"),
    ("choix", "one"),
    ("choisissez", "one"),
    ("couleur", "one"),
    ("entre", "one"),
    ("entre", "scry"),
    ("appliquer", "scry"),
    ("plusieurs", "one"),
    ("payé", "either"),
    ("coûtent", "less"),
    ("font", "causes"),
    ("détruisent", "say"),
    ("imprimées", "now"),
];

/// English words that carry nothing to translate, beyond Snowball's list.
const ENGLISH_STOP: &[&str] = &[
    "s", "t", "may", "would", "will", "must", "you", "your", "yours", "its", "it", "they", "them", "their", "he",
    "she", "his", "her", "we", "our", "us", "has", "have", "had", "do", "does", "did", "doesn", "don", "isn", "aren",
    "was", "were", "been", "being", "which", "who", "whom", "what", "those", "from", "onto", "than", "also", "could",
    "should", "shall", "where", "so",
];

fn french_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer::default())
        .filter(LowerCaser)
        .filter(StopWordFilter::remove(crate::text::FRENCH_STOP_WORDS.iter().map(|w| w.to_string())))
        .filter(AsciiFoldingFilter)
        .filter(StopWordFilter::remove(FRENCH_NOT_TRANSLATED.iter().map(|w| w.to_string())))
        .filter(Stemmer::new(Language::French))
        .build()
}

fn english_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(WordTokenizer::default())
        .filter(LowerCaser)
        .filter(StopWordFilter::new(Language::English).expect("tantivy ships English stop words"))
        .filter(StopWordFilter::remove(ENGLISH_STOP.iter().map(|w| w.to_string())))
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::new(Language::English))
        .build()
}

thread_local! {
    /// The analyzers of the keys, made once per thread.
    static FRENCH: std::cell::RefCell<TextAnalyzer> = std::cell::RefCell::new(french_analyzer());
    static ENGLISH: std::cell::RefCell<TextAnalyzer> = std::cell::RefCell::new(english_analyzer());
}

fn first_term(analyzer: &std::cell::RefCell<TextAnalyzer>, word: &str) -> Option<String> {
    let mut a = analyzer.borrow_mut();
    let mut stream = a.token_stream(word);
    stream.advance().then(|| stream.token().text.clone())
}

/// The key of a French word: lowercase, accents folded (judges type
/// without them), its Snowball stem; `None` for a stop word. « Piochée »,
/// « piochee » and « pioches » share theirs.
pub fn french_key(word: &str) -> Option<String> {
    FRENCH.with(|a| first_term(a, word)).filter(|k| k.chars().filter(|c| c.is_alphabetic()).count() > 1)
}

/// The key of an English word: lowercase, its Snowball stem; `None` for a
/// stop word.
pub fn english_key(word: &str) -> Option<String> {
    ENGLISH.with(|a| first_term(a, word)).filter(|k| k.chars().filter(|c| c.is_alphabetic()).count() > 1)
}

/// The table, read: for each French word's key, its English translations
/// (the printed form of the English word, t(e|f)), most likely first.
#[derive(Debug, Clone, Default)]
pub struct Table {
    translations: HashMap<String, Vec<(String, f32)>>,
    rows: usize,
}

impl Table {
    /// Reads the table's file (see [`table_text`]): five tab-separated
    /// columns, `#` for comments. A line that does not read (a missing
    /// column, a probability out of 0–1) is an error naming it, never skipped.
    pub fn parse(path: &str, text: &str) -> Result<Table, LexiconError> {
        let mut table = Table::default();
        for (line, cols) in super::rows(text) {
            let err = |detail: String| LexiconError { path: path.to_string(), line, detail };
            let [fr, en, p, back, together] = cols[..] else {
                return Err(err(format!(
                    "5 colonnes attendues (français, anglais, t(e|f), t(f|e), paires), {} lues",
                    cols.len()
                )));
            };
            let number = |x: &str| x.parse::<f32>().ok().filter(|v| (0.0..=1.0).contains(v));
            let (Some(p), Some(back), Ok(_)) = (number(p), number(back), together.parse::<u32>()) else {
                return Err(err("probabilités entre 0 et 1 et nombre de paires attendus".to_string()));
            };
            // A word the search leaves out (a stop word since the table was
            // learned) is kept under its folded form, never looked up.
            let key = french_key(fr).unwrap_or_else(|| crate::text::fold(fr));
            let list = table.translations.entry(key).or_default();
            list.push((en.to_string(), query_weight(p, back)));
            list.sort_by(|a, b| b.1.total_cmp(&a.1));
            table.rows += 1;
        }
        Ok(table)
    }

    /// The English translations of a French word (any form of it, with or
    /// without accents), most likely first; empty when the table has none.
    pub fn english_of(&self, word: &str) -> &[(String, f32)] {
        french_key(word).and_then(|k| self.translations.get(&k)).map_or(&[], Vec::as_slice)
    }

    /// Rows read.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }
}

/// How much an English word counts when it stands for a French word of a
/// query: its probability as a translation, t(e|f), or half the
/// probability the other way, t(f|e), whichever is more — a sense of the
/// French word the cards seldom use (« gagner » a game, « win ») still
/// counts.
pub fn query_weight(p: f32, back: f32) -> f32 {
    p.max(0.5 * back)
}

/// One pair of texts that say the same thing, and how many times it counts.
#[derive(Debug, Clone)]
pub struct Parallel {
    /// The French text.
    pub fr: String,
    /// The English text.
    pub en: String,
    /// How many times the pair counts (a translated rule weighs more than a card).
    pub weight: u32,
}

/// One row of the table: a French word, one of its English translations.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The French word, in its most frequent printed form.
    pub fr: String,
    /// The English word, in its most frequent printed form.
    pub en: String,
    /// The probability that the English word translates the French one, t(e|f).
    pub p: f32,
    /// The probability the other way, t(f|e).
    pub back: f32,
    /// Pairs of texts in which both appear.
    pub together: u32,
}

/// How the table is learned and what is kept.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Rounds of expectation-maximisation.
    pub rounds: usize,
    /// Pairs a French word must appear in, at least.
    pub min_count: u32,
    /// Pairs both words must appear in together, at least.
    pub min_together: u32,
    /// Least t(e|f) kept.
    pub min_p: f32,
    /// Least t(f|e) kept.
    pub min_back: f32,
    /// Least t(f|e) for a pair whose t(e|f) is too low: another sense of the
    /// French word.
    pub min_sense: f32,
    /// Pairs both words must appear in together for such a sense, at least.
    pub min_sense_together: u32,
    /// Translations kept per French word, at most.
    pub per_word: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rounds: 12,
            min_count: 3,
            min_together: 2,
            min_p: 0.08,
            min_back: 0.02,
            min_sense: 0.3,
            min_sense_together: 10,
            per_word: 4,
        }
    }
}

/// Words numbered, with the printed forms of each.
#[derive(Default)]
struct Words {
    ids: HashMap<String, u32>,
    forms: Vec<HashMap<String, u32>>,
}

impl Words {
    fn id(&mut self, key: String, form: &str) -> u32 {
        let next = self.ids.len() as u32;
        let id = *self.ids.entry(key).or_insert(next);
        if id as usize == self.forms.len() {
            self.forms.push(HashMap::new());
        }
        *self.forms[id as usize].entry(form.to_lowercase()).or_default() += 1;
        id
    }

    /// The most frequent printed form of a word (the first in alphabetical order among equals).
    fn form(&self, id: u32) -> String {
        let forms = &self.forms[id as usize];
        forms.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0))).map(|(f, _)| f.clone()).unwrap_or_default()
    }
}

/// The keyed words of a text, each with its printed form.
fn keyed(
    text: &str,
    key: fn(&str) -> Option<String>,
    cache: &mut HashMap<String, Option<String>>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for w in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        if w.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        let k = cache.entry(w.to_string()).or_insert_with(|| key(w)).clone();
        if let Some(k) = k {
            out.push((k, w.to_string()));
        }
    }
    out
}

/// A pair of texts as word numbers, each side's words once.
struct Sentence {
    fr: Vec<u32>,
    en: Vec<u32>,
    weight: f64,
}

/// The source and target words of a sentence.
fn sides(s: &Sentence, forward: bool) -> (&[u32], &[u32]) {
    if forward { (&s.fr, &s.en) } else { (&s.en, &s.fr) }
}

/// t(target | source) by IBM Model 1, `rounds` rounds, source words plus
/// the empty word (`u32::MAX`) explaining each target word.
fn model1(sentences: &[Sentence], forward: bool, rounds: usize) -> HashMap<(u32, u32), f64> {
    const NULL: u32 = u32::MAX;
    let mut t: HashMap<(u32, u32), f64> = HashMap::new();
    for s in sentences {
        let (src, tgt) = sides(s, forward);
        for &e in tgt {
            for &f in src.iter().chain([&NULL]) {
                t.insert((f, e), 1.0);
            }
        }
    }
    for _ in 0..rounds {
        let mut count: HashMap<(u32, u32), f64> = HashMap::with_capacity(t.len());
        let mut total: HashMap<u32, f64> = HashMap::new();
        for s in sentences {
            let (src, tgt) = sides(s, forward);
            for &e in tgt {
                let z: f64 = src.iter().chain([&NULL]).map(|&f| t[&(f, e)]).sum();
                for &f in src.iter().chain([&NULL]) {
                    let delta = s.weight * t[&(f, e)] / z;
                    *count.entry((f, e)).or_default() += delta;
                    *total.entry(f).or_default() += delta;
                }
            }
        }
        for ((f, e), c) in count {
            t.insert((f, e), c / total[&f]);
        }
    }
    t
}

/// Learns the table from pairs of texts (see the module documentation).
pub fn train(pairs: &[Parallel], options: Options) -> Vec<Row> {
    let (mut fr_words, mut en_words) = (Words::default(), Words::default());
    let (mut fr_cache, mut en_cache) = (HashMap::new(), HashMap::new());
    let mut sentences = Vec::new();
    for p in pairs {
        let mut fr: Vec<u32> =
            keyed(&p.fr, french_key, &mut fr_cache).into_iter().map(|(k, w)| fr_words.id(k, &w)).collect();
        let mut en: Vec<u32> =
            keyed(&p.en, english_key, &mut en_cache).into_iter().map(|(k, w)| en_words.id(k, &w)).collect();
        fr.sort_unstable();
        fr.dedup();
        en.sort_unstable();
        en.dedup();
        if !fr.is_empty() && !en.is_empty() {
            sentences.push(Sentence { fr, en, weight: f64::from(p.weight) });
        }
    }
    let forward = model1(&sentences, true, options.rounds);
    let backward = model1(&sentences, false, options.rounds);
    let mut count: HashMap<u32, u32> = HashMap::new();
    let mut together: HashMap<(u32, u32), u32> = HashMap::new();
    for s in &sentences {
        for &f in &s.fr {
            *count.entry(f).or_default() += s.weight as u32;
            for &e in &s.en {
                *together.entry((f, e)).or_default() += s.weight as u32;
            }
        }
    }
    let mut by_word: HashMap<u32, Vec<(u32, f32, f32)>> = HashMap::new();
    for (&(f, e), &p) in &forward {
        if f == u32::MAX {
            continue;
        }
        let back = backward.get(&(e, f)).copied().unwrap_or(0.0);
        let both = together[&(f, e)];
        // Likely both ways; or a rarer sense of a frequent word, likely the other way
        // (« gagne » is « gets » on most cards, « win » on a few: t(gagne|win) is high).
        let likely = p >= f64::from(options.min_p) && back >= f64::from(options.min_back);
        let sense = back >= f64::from(options.min_sense) && both >= options.min_sense_together;
        let reviewed = REJECTED.contains(&(fr_words.form(f).as_str(), en_words.form(e).as_str()));
        let kept = count[&f] >= options.min_count && both >= options.min_together && (likely || sense) && !reviewed;
        if kept {
            by_word.entry(f).or_default().push((e, p as f32, back as f32));
        }
    }
    let mut rows = Vec::new();
    for (f, mut list) in by_word {
        list.sort_by(|a, b| query_weight(b.1, b.2).total_cmp(&query_weight(a.1, a.2)).then(a.0.cmp(&b.0)));
        list.truncate(options.per_word);
        for (e, p, back) in list {
            rows.push(Row { fr: fr_words.form(f), en: en_words.form(e), p, back, together: together[&(f, e)] });
        }
    }
    rows.sort_by(|a, b| a.fr.cmp(&b.fr).then(b.p.total_cmp(&a.p)).then(a.en.cmp(&b.en)));
    rows
}

/// The pairs of texts to learn from: each translated rule (French text,
/// English text, label) and each card (French printed text, English text
/// of its time, how many times it counts), cut into lines when both have
/// as many; each French gloss beside the English rule it retells
/// ([`super::glosses`]); and each entry of the vocabulary but jargon (whose
/// French is a judge's shorthand, not a translation). A translated rule
/// counts three times, an entry twice: they speak the rules' language,
/// cards mostly their own; a gloss once.
pub fn parallels(
    rules: &[(String, String, String)],
    cards: &[(String, String, u32)],
    glosses: &[(String, String)],
    vocabulary: &Lexicon,
) -> Vec<Parallel> {
    let mut out = Vec::new();
    let mut add = |fr: &str, en: &str, weight: u32| {
        let (fl, el): (Vec<&str>, Vec<&str>) = (fr.lines().collect(), en.lines().collect());
        if fl.len() == el.len() && fl.len() > 1 {
            for (f, e) in fl.into_iter().zip(el) {
                out.push(Parallel { fr: f.to_string(), en: e.to_string(), weight });
            }
        } else {
            out.push(Parallel { fr: fr.to_string(), en: en.to_string(), weight });
        }
    };
    for (fr, en, _) in rules {
        add(fr, en, 3);
    }
    for (fr, en, weight) in cards {
        add(fr, en, *weight);
    }
    for (fr, en) in glosses {
        add(fr, en, 1);
    }
    for e in vocabulary.entries().iter().filter(|e| !e.kind.is_shorthand()) {
        add(&e.fr, &e.en, 2);
    }
    out
}

/// The rows of `translations`, and for each French word they do not
/// translate, its rows in `fallback` (a table learned from more, weaker
/// pairs: the glosses, which retell a rule in other words). Sorted as
/// [`train`] sorts them.
pub fn fill_gaps(translations: Vec<Row>, fallback: Vec<Row>) -> Vec<Row> {
    let known: std::collections::HashSet<String> = translations.iter().map(|r| r.fr.clone()).collect();
    let mut rows = translations;
    rows.extend(fallback.into_iter().filter(|r| !known.contains(&r.fr)));
    rows.sort_by(|a, b| a.fr.cmp(&b.fr).then(b.p.total_cmp(&a.p)).then(a.en.cmp(&b.en)));
    rows
}

/// The table as the file `rules/traductions.tsv` holds it: a header saying
/// what it is and how it is made (from `pairs` pairs of texts, the words
/// they leave untranslated from `glosses` glosses more), then one row per line.
pub fn table_text(rows: &[Row], pairs: usize, glosses: usize) -> String {
    let mut out = format!(
        "# Traductions des mots, français → anglais, apprises de {pairs} paires de textes qui disent la même chose\n\
         # (règles françaises et leur source anglaise, cartes imprimées en français et leur texte anglais de\n\
         # l'époque, entrées du vocabulaire), par le modèle IBM 1 dans les deux sens ; les mots qu'elles ne\n\
         # traduisent pas, appris en y ajoutant {glosses} gloses françaises des règles anglaises (gloses-fr.tsv,\n\
         # chacune à côté du texte de sa règle). Fichier généré : ne pas le retoucher à la main, relancer\n\
         #   cargo run --release -- vocabulaire --cartes ../shared/cards/mtgjson3-fr-rulings.json.gz --traductions rules/traductions.tsv\n\
         # Colonnes : français, anglais, t(anglais|français), t(français|anglais), paires qui ont les deux.\n"
    );
    for r in rows {
        out.push_str(&format!("{}\t{}\t{:.3}\t{:.3}\t{}\n", r.fr, r.en, r.p, r.back, r.together));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_meet_the_forms_judges_type() {
        assert_eq!(french_key("Piochée"), french_key("piochee"));
        assert_eq!(french_key("pioches"), french_key("pioche"));
        assert_eq!(french_key("le"), None);
        assert_eq!(english_key("Draws"), english_key("draw"));
        assert_eq!(english_key("the"), None);
    }

    #[test]
    fn a_weaker_table_fills_only_the_words_the_first_lacks() {
        let row = |fr: &str, en: &str, p: f32| Row { fr: fr.into(), en: en.into(), p, back: p, together: 3 };
        let strong = vec![row("pioche", "draw", 0.9)];
        let weak = vec![row("pioche", "pick", 0.5), row("partout", "everywhere", 0.5), row("carte", "card", 0.8)];
        let rows = fill_gaps(strong, weak);
        let pairs: Vec<(&str, &str)> = rows.iter().map(|r| (r.fr.as_str(), r.en.as_str())).collect();
        assert_eq!(pairs, [("carte", "card"), ("partout", "everywhere"), ("pioche", "draw")]);
    }

    #[test]
    fn learns_words_from_pairs() {
        let p = |fr: &str, en: &str| Parallel { fr: fr.into(), en: en.into(), weight: 1 };
        let pairs = vec![
            p("Piochez une carte.", "Draw a card."),
            p("Chaque joueur pioche une carte.", "Each player draws a card."),
            p("Le joueur perd la partie.", "The player loses the game."),
            p("Exilez une carte du cimetière.", "Exile a card from a graveyard."),
            p("Mettez une carte du cimetière dans la main.", "Put a card from a graveyard into a hand."),
            p("Un joueur pioche trois cartes.", "A player draws three cards."),
            p("Le cimetière du joueur.", "The player's graveyard."),
        ];
        let options = Options { min_count: 2, min_together: 2, ..Options::default() };
        let rows = train(&pairs, options);
        let best = |fr: &str| rows.iter().find(|r| r.fr == fr).map(|r| r.en.as_str());
        assert_eq!(best("cimetière"), Some("graveyard"), "{rows:?}");
        assert_eq!(best("joueur"), Some("player"), "{rows:?}");
        assert_eq!(best("carte"), Some("card"), "{rows:?}");
    }
}
