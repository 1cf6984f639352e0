//! Search over the rule graph, in French and in English, with tantivy.
//!
//! The index is built in RAM from the graph at start-up ([`SearchIndex::build`]):
//! one document per rule or subrule (its examples with it), per chapter
//! introduction, per judge-class article, in one index per language, and
//! the French glosses of the English rules in an index of their own
//! ([`crate::lexicon::glosses`]). Each text goes into the fields of its
//! language, twice: stemmed and folded (see [`analyzer`]).
//!
//! A search ([`SearchIndex::search`]) reads what the judge typed
//! ([`query::parse`]), then:
//! 1. rule numbers jump straight to their rule, and a number's subrules
//!    follow it (`701.9` → 701.9, 701.9a … 701.9f);
//! 2. the words are read as *concepts* (`SearchIndex::words_of`): each
//!    term the vocabulary names ([`crate::lexicon`]), each other word,
//!    said in French (as typed) and in English (the vocabulary's names,
//!    else the learned translations of [`crate::lexicon::model`], else the
//!    word itself when English texts may have it); a word found nowhere is
//!    corrected to the nearest words the index knows ([`typo`]), at a lower
//!    weight;
//! 3. each concept is weighed by its rarity in the rules in force, and each
//!    text's match of it read from its terms' postings (`score`); a rule's
//!    French text and its rule in force are one unit, which says a concept
//!    as well as the better of the two;
//! 4. the units are ranked (`collect`): the concepts they say, words typed
//!    side by side found close together, the share of the question said,
//!    a head start for the rules the query names, a subrule after its rule,
//!    a rule that calls its matter a state-based action after the 704 rule;
//!    quoted phrases bind the texts of their language; filters (section,
//!    chapter, edition, language) restrict without scoring.
//!
//! Snippets are cut from the graph's text (nothing is stored in the index)
//! by the words' spans and forms tabled with the index, HTML-escaped,
//! matches in `<mark>`.
//!
//! The modules, in the order a search flows through them: [`query`] reads
//! what was typed; `numbers` finds the rules named by number; `plan`
//! analyzes the concepts into weighted terms; `score` reads how each text
//! says each concept; `collect` adds up and ranks the units of each
//! language's index (`part`, built from `documents` with `schema` and
//! [`analyzer`]); `snippet` cuts and highlights a passage of each (with the
//! word forms of `tables`). Every weight and tuning constant is in
//! `weights`; [`typo`] corrects unknown words; [`eval`] measures the ranking.

pub mod analyzer;
pub mod cards;
mod collect;
mod documents;
pub mod eval;
mod numbers;
mod part;
mod plan;
pub mod query;
pub mod rulings;
mod schema;
mod score;
mod snippet;
mod tables;
pub mod typo;
mod weights;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rustc_hash::FxHashSet;

use serde::Serialize;

use crate::graph::{Graph, NodeIdx};
use crate::lexicon::glosses::Glosses;
use crate::lexicon::{Lexicon, Translation};
use crate::vocab::{Lang, RuleId};
use analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
pub use documents::indexed;
use part::{Part, Reading, Units};
pub use query::UserQuery;
use schema::{Fields, schema};
pub use snippet::Snippet;
use snippet::Snippets;
use tables::{TextTables, text_tables};
use weights::{MAX_WORDS, OVERFETCH, W_TYPO};

/// How much more often than English texts French texts may have a word
/// for it to be searched as typed in English (see [`SearchIndex::english_word`]).
const COGNATE_RATIO: f32 = 4.0;

/// Results one search returns, at most.
const MAX_LIMIT: usize = 1000;
/// Question words and the filler of a spoken question: judges ask
/// questions, the rules answer without them. They are dropped from
/// queries only (« quand » matters in rules text); their translations
/// (« exactly », « something ») are rare in the rules, and would weigh as
/// much as what the question is about.
const QUESTION_WORDS: &[&str] = &[
    "quand",
    "comment",
    "pourquoi",
    "quoi",
    "combien",
    "lequel",
    "laquelle",
    "lesquels",
    "lesquelles",
    "est-ce",
    "koi",
    "kwa",
    "pk",
    "pq",
    "chose",
    "choses",
    "truc",
    "trucs",
    "exactement",
    "vraiment",
    "genre",
    "style",
    "marche",
    "fonctionne",
    "veut",
    "dire",
    "svp",
    "stp",
    "merci",
    "bonjour",
    "salut",
    "question",
    "ok",
    "hein",
    "bref",
    "donc",
    "alors",
    "bien",
];
/// Adverbs of a spoken French question that are also the name of a
/// keyword: « je peux encore attaquer ? » says « still », not Encore
/// (702.141), and the questions of the sets of `tests/` say it some thirty
/// times, never as the keyword. There it is a word of French, no keyword
/// ([`ordinary_adverbs`]), except first in the query or after a word that
/// makes it a noun ([`NOUN_BEFORE`]: « son encore », « the encore tokens »).
const ADVERBS: &[&str] = &["encore"];
/// Words after which an adverb of [`ADVERBS`] is the keyword's name.
const NOUN_BEFORE: &[&str] = &[
    "le", "la", "les", "l", "un", "une", "son", "sa", "ses", "mon", "ma", "mes", "ton", "ta", "tes", "leur", "de",
    "du", "des", "d", "capacite", "mot", "cle", "the", "an", "its", "their", "with", "has", "have",
];
/// The words before a keyword ability or action that say a creature lacks
/// it (and « pas de »; see [`SearchIndex::absent_abilities`]).
const ABSENT: &[&str] = &["sans", "without", "no"];
/// What judges mean by « taper » when it is not tapping: dealing combat
/// damage (« le guide tape le joueur », « elle tape 2 fois », « il me tape
/// avec »); see [`SearchIndex::struck`].
const STRUCK: &str = "blessures de combat";
/// Words near « taper » that make it tapping (« taper ses terrains pour du
/// mana », « ça tape pour quelle couleur »), with « pour » just after it and
/// « se » just before it (« elle se tape en attaquant »).
const TAPPING_NEAR: &[&str] = &["terrain", "terrains", "land", "lands", "mana"];
/// Words looked at on each side of « taper » for [`TAPPING_NEAR`].
const TAPPING_SPAN: usize = 4;
/// Permanents one taps: the object of « taper » in its first two words
/// after it makes it tapping (« tapper un attaquant »); a player struck is
/// the other reading (« je tape le joueur »).
const TAPPED_OBJECTS: &[&str] =
    &["attaquant", "attaquants", "bloqueur", "bloqueurs", "creature", "creatures", "permanent", "permanents"];
/// The forms of « avoir » before a participle that make « tapé » struck
/// (« elle a déjà tapé »); other participles are tapped (« 2 guerriers
/// tapés et attaquants »).
const HAVE: &[&str] = &["a", "ai", "as", "avons", "avez", "ont", "deja"];

/// The adverbs of [`ADVERBS`] a translated query says as adverbs, made
/// words of French that name no entry: searched as typed in French texts
/// (the glosses say « encore bloquée »), not in English ones (« encore »
/// of the translations is the keyword's), no keyword's rule named.
fn ordinary_adverbs(t: &mut crate::lexicon::Translation) {
    let mut previous: Option<String> = None;
    for unit in &mut t.units {
        // Folded, as the words of names are (« encore », « capacite »).
        let mut words = crate::cards::names::words(&unit.typed);
        let adverb = matches!(&words[..], [w] if ADVERBS.contains(&w.as_str()));
        let noun = previous.as_deref().is_none_or(|p| NOUN_BEFORE.contains(&p));
        if !unit.entries.is_empty() && adverb && !noun {
            let typed = unit.typed.clone();
            *unit = crate::lexicon::Unit {
                typed: typed.clone(),
                unmatched: false,
                fr: vec![typed],
                en: Vec::new(),
                judges: Vec::new(),
                entries: Vec::new(),
            };
        }
        previous = words.pop();
    }
}

/// Restrictions on the results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    /// Only this section (`6`).
    pub section: Option<u8>,
    /// Only this chapter (`608`).
    pub chapter: Option<u16>,
    /// Only this edition date (`2011-02-04`).
    pub edition: Option<String>,
    /// Only text in this language.
    pub language: Option<Lang>,
}

/// One result.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    /// The rule, chapter or article found.
    pub node: NodeIdx,
    /// The score; rules reached by their number score above every text match.
    pub score: f32,
    /// The best passage of the text.
    pub snippet: Snippet,
    /// Whether the rule was reached by its number.
    pub by_number: bool,
    /// The rule's other texts, grouped under the one shown: the rule in
    /// force's English text under its French text.
    pub versions: Vec<NodeIdx>,
}

/// The results of one search.
#[derive(Debug, Clone)]
pub struct Results {
    /// The query as read.
    pub query: UserQuery,
    /// The hits, best first.
    pub hits: Vec<Hit>,
    /// Words of the query the index did not know, and the words searched instead.
    pub corrections: Vec<String>,
    /// Time spent searching, snippets included.
    pub elapsed: Duration,
    /// The glossary entry the query names, when it is a glossary term, a
    /// keyword's French name or a word of jargon (« piétinement », « LKI »):
    /// shown above the results, as judges' bots answer `/define`.
    pub definition: Option<NodeIdx>,
    /// Whether the quoted phrases, found nowhere, were searched as words.
    pub loosened: bool,
    /// The cards the query names ([`crate::cards::Cards::cards`]), in its order.
    pub cards: Vec<usize>,
    /// Whether the query is essentially a card's name: the card comes first.
    pub card_first: bool,
    /// For each card of `cards`, the index of its ruling that says most of
    /// what the question asks ([`rulings::answering`]), if one says enough.
    pub card_rulings: Vec<Option<usize>>,
}

/// What a query is searched for (see [`SearchIndex::translation`]): in each
/// language, each thing asked, its words (the translations of one word
/// joined by « / », the names of one term by « | »); and the rules it names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Searched {
    /// What is searched in French texts.
    pub fr: String,
    /// What is searched in English texts.
    pub en: String,
    /// The rules the query names through the vocabulary (their families get a head start).
    pub named: Vec<String>,
}

/// A result as printed by `arbitre cherche --json` and served by the API.
#[derive(Debug, Clone, Serialize)]
pub struct HitView {
    /// Always `rule` (a card is `card`, see [`CardView`]).
    pub kind: &'static str,
    /// The rule's number in force (the French 701.15a « régénérer » is
    /// 701.19a), or the article's slug.
    pub id: String,
    /// The title (the rule's own, or its nearest titled ancestor's).
    pub title: Option<String>,
    /// The edition date, if dated.
    pub edition: Option<String>,
    /// The language of the text.
    pub language: Lang,
    /// HTML snippet, matches in `<mark>`.
    pub snippet: String,
    /// The score.
    pub score: f32,
    /// Whether this is an older text (a French translation of 2011) of a
    /// rule that changed since: the rule in force says otherwise.
    pub changed_since: bool,
    /// Whether this is an older text of a rule the rules in force no
    /// longer have (the French 801.12 of 2011).
    pub removed_since: bool,
}

/// A card a query names, as printed by `arbitre cherche --json` and served
/// by the API beside the rules (`kind: "card"`).
#[derive(Debug, Clone, Serialize)]
pub struct CardView {
    /// Always `card`.
    pub kind: &'static str,
    /// The card's slug (`/cartes/{id}`).
    pub id: String,
    /// English name.
    pub name: String,
    /// French names (as of 2018).
    pub french: Vec<String>,
    /// Type line, English.
    pub type_line: String,
    /// The start of its Oracle text, reminder text included.
    pub excerpt: String,
    /// Its ruling that says most of what the question asks, if one says
    /// enough ([`rulings::answering`]).
    pub ruling: Option<RulingView>,
    /// Wizards' Fan Content Policy notice, with the card's text.
    pub notice: &'static str,
}

/// A card's ruling beside the results: its date and text (English, as of
/// 2018), and whether the card's English text changed since (`stale`:
/// `true` when it did, `null` when the data cannot tell).
#[derive(Debug, Clone, Serialize)]
pub struct RulingView {
    /// AAAA-MM-JJ.
    pub date: String,
    /// The ruling, in English.
    pub text: String,
    /// See [`crate::cards::Card::stale`].
    pub stale: Option<bool>,
    /// In French, when `stale` is not `false` ([`crate::cards::Card::ruling_warning`]).
    pub warning: Option<&'static str>,
}

/// One item of the results: a rule or a card.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum ResultItem {
    /// A rule, a chapter, an article.
    Rule(HitView),
    /// A card the query names.
    Card(CardView),
}

/// Characters of a card's text in its result.
const CARD_EXCERPT: usize = 160;

impl Results {
    /// The cards the query names, printable.
    pub fn card_views(&self) -> Vec<CardView> {
        if self.cards.is_empty() {
            // Not a reason to read the cards (`serve --sans-cartes`).
            return Vec::new();
        }
        let cards = crate::cards::Cards::embedded();
        self.cards
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let card = &cards.cards[c];
                let ruling =
                    self.card_rulings.get(i).copied().flatten().and_then(|r| card.rulings.get(r)).map(|r| RulingView {
                        date: r.date.to_string(),
                        text: r.text.clone(),
                        stale: card.stale(),
                        warning: card.ruling_warning(),
                    });
                let mut excerpt: String = card.text.chars().take(CARD_EXCERPT).collect();
                if card.text.chars().count() > CARD_EXCERPT {
                    excerpt.push('…');
                }
                CardView {
                    kind: "card",
                    id: crate::text::slug(&card.name),
                    name: card.name.to_string(),
                    french: card.french.iter().map(ToString::to_string).collect(),
                    type_line: card.type_line.to_string(),
                    excerpt,
                    ruling,
                    notice: crate::cards::NOTICE,
                }
            })
            .collect()
    }

    /// Every result, printable: the cards first when the query is
    /// essentially their names, after the rules otherwise.
    pub fn items(&self, graph: &Graph) -> Vec<ResultItem> {
        let rules = self.hits.iter().map(|h| ResultItem::Rule(h.view(graph)));
        let cards = self.card_views().into_iter().map(ResultItem::Card);
        if self.card_first { cards.chain(rules).collect() } else { rules.chain(cards).collect() }
    }
}

impl Hit {
    /// The printable form of a hit.
    pub fn view(&self, graph: &Graph) -> HitView {
        let n = graph.node(self.node);
        HitView {
            kind: "rule",
            id: graph.cited_label(self.node),
            title: graph.display_title(self.node).map(str::to_string),
            edition: graph.edition(n.edition).date.map(|d| d.to_string()),
            language: n.language,
            snippet: self.snippet.to_html(),
            score: self.score,
            changed_since: graph.changed_since(self.node),
            removed_since: graph.removed_since(self.node),
        }
    }
}

/// The search index. See the module documentation.
pub struct SearchIndex {
    fields: Fields,
    /// One index per language that has editions, then the glosses' (see `part`).
    parts: Vec<Part>,
    /// What the documents of the indexes count for (see `part`).
    units: Units,
    /// Folded words of the index, per language, for typo correction.
    vocabulary: [typo::Vocabulary; 2],
    /// Surface forms of stems, folded words of texts (for snippets).
    tables: TextTables,
    /// The French ↔ English vocabulary that translates queries.
    lexicon: &'static Lexicon,
    /// Documents indexed.
    pub documents: usize,
    /// French glosses indexed beside them ([`crate::lexicon::glosses`]).
    pub glosses: usize,
    /// Documents indexed per language.
    documents_in: [u64; 2],
    /// Time the build took.
    pub build_time: Duration,
    /// Whether queries are read for the cards they name (on by default).
    pub with_cards: bool,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex").field("documents", &self.documents).finish()
    }
}

impl SearchIndex {
    /// Builds the index from the graph, in RAM, with the French glosses
    /// built into the binary.
    pub fn build(graph: &Graph) -> tantivy::Result<SearchIndex> {
        SearchIndex::build_with(graph, Glosses::embedded())
    }

    /// Builds the index from the graph, in RAM, with these French glosses
    /// (none: the rules' texts alone, to measure what the glosses bring).
    pub fn build_with(graph: &Graph, glosses: Option<&Glosses>) -> tantivy::Result<SearchIndex> {
        let start = Instant::now();
        let (_, fields) = schema();
        let mut parts = Vec::new();
        let mut vocabulary = [typo::Vocabulary::default(), typo::Vocabulary::default()];
        let mut units = Units::default();
        let analyzers = [FR_STEM, FR_FOLD, EN_STEM, EN_FOLD].map(analyzer::analyzer);
        // The snippets' word tables, then the glosses' index, on a thread
        // of their own, beside the indexing of the rules' texts.
        let (tables, glossed) = std::thread::scope(|s| {
            let beside = s.spawn(|| {
                let tables = text_tables(graph, &analyzers);
                let glossed = glosses.map(|g| Part::write_glosses(graph, g, &fields)).transpose();
                (tables, glossed)
            });
            for language in [Lang::Fr, Lang::En] {
                parts.extend(Part::build(graph, language, &fields, &mut vocabulary, &mut units)?);
            }
            tantivy::Result::Ok(beside.join().expect("the tables thread panicked"))
        })?;
        if let Some(written) = glossed?.flatten() {
            parts.push(written.part(graph, &fields, &mut vocabulary, &mut units)?);
        }
        let documents = parts.iter().map(|p| p.nodes).sum();
        // A gloss is two documents of its rule (the gloss, the question).
        let glossed: HashSet<NodeIdx> = parts
            .iter()
            .filter(|p| p.glosses)
            .flat_map(|p| p.doc_nodes.iter().flat_map(|s| s.iter().copied()))
            .collect();
        let glosses = glossed.len();
        let mut documents_in = [0u64; 2];
        for p in parts.iter().filter(|p| !p.glosses) {
            documents_in[p.language as usize] += p.reader.searcher().num_docs();
        }
        Ok(SearchIndex {
            fields,
            parts,
            units,
            vocabulary,
            tables,
            lexicon: Lexicon::embedded(),
            documents,
            glosses,
            documents_in,
            build_time: start.elapsed(),
            with_cards: true,
        })
    }

    /// The terms of `text` by one of the analyzers, with their positions.
    fn terms(&self, name: &str, text: &str) -> Vec<(usize, String)> {
        analyzer::analyzed(name, text)
    }

    /// The rules citing the cards named, each with how much: the share of
    /// the cards named it cites, times the square of the share of the query
    /// that is their names (see [`cards::names_share`]). A rule whose example
    /// has the cards of a query that is nothing but their names is its
    /// answer; one citing one card of a real question says little (205.3c
    /// cites Dryad Arbor among the subtypes: 2 words of 9 in « terrain
    /// créature genre charmille dryade, je peux la lancer comme un sort »).
    fn citing(&self, searchers: &[Reading], named: &cards::Named, typed: &str) -> Vec<(NodeIdx, f32)> {
        let share = cards::names_share(typed, named);
        let mut out: Vec<(NodeIdx, f32)> = Vec::new();
        if share == 0.0 {
            return out;
        }
        let each = share * share / named.as_cards.len() as f32;
        for &card in &named.as_cards {
            let names = cards::names_of(crate::cards::Cards::embedded(), card);
            for node in self.saying(searchers, &names) {
                match out.iter_mut().find(|(n, _)| *n == node) {
                    Some((_, w)) => *w += each,
                    None => out.push((node, each)),
                }
            }
        }
        out
    }

    /// For each card named, its ruling that answers the question
    /// ([`rulings::answering`]); none for a game word standing for itself.
    fn card_rulings(&self, plan: &plan::Plan, named: &cards::Named) -> Vec<Option<usize>> {
        if named.as_cards.is_empty() {
            return vec![None; named.cards.len()];
        }
        let all = &crate::cards::Cards::embedded().cards;
        let as_cards: Vec<&crate::cards::Card> = named.as_cards.iter().map(|&c| &all[c]).collect();
        let found = rulings::answering(self, plan, &as_cards);
        named.cards.iter().map(|c| named.as_cards.iter().position(|a| a == c).and_then(|i| found[i])).collect()
    }

    /// Searches. Never fails: whatever the judge typed gives results or none.
    pub fn search(&self, graph: &Graph, raw: &str, limit: usize, filters: &Filters) -> Results {
        let start = Instant::now();
        let mut query = query::parse(raw);
        let limit = limit.clamp(1, MAX_LIMIT);
        let searchers = self.searchers();
        // The cards named: out of the words, their topics into the ranking.
        let named = self.cards_named(&query);
        let typed_words = std::mem::replace(&mut query.words, named.words.clone());
        let mut loosened = false;
        loop {
            // 1. Rule numbers.
            let mut seen: FxHashSet<NodeIdx> = FxHashSet::default();
            let by_number = numbers::hits(graph, &query, filters, &mut seen);
            // 2–5. Words and phrases, in both languages, the judge's first.
            let (query_language, mut words) = self.read(&query, &named.card_words);
            // A card's name is not a typo (« urborg » is not « rune »).
            words.correctable.retain(|w| !named.name_words.contains(&crate::text::fold(w)));
            let mut plan = self.plan(&searchers, &words, &query.phrases, filters, query_language);
            plan.only_quoted = !query.phrases.is_empty() && query.words.trim().is_empty();
            let restriction = self.restriction(&searchers, &plan);
            // A phrase in quotes no text of its language has (a card's text
            // quoted from memory) does not empty the page: its words are
            // searched instead, and said so.
            if restriction.as_ref().is_some_and(|r| !r.phrases_found()) {
                query.words = format!("{} {}", query.words, query.phrases.join(" "));
                query.phrases.clear();
                loosened = true;
                continue;
            }
            let wanted = OVERFETCH * limit + by_number.len();
            plan.card_families = named.families();
            let collected = self.collect(&searchers, &plan, restriction.as_ref(), wanted, &mut seen, graph);
            let citing = self.citing(&searchers, &named, &typed_words);
            let text = cards::boosted(graph, collected, &named, &citing);
            let mut hits = collect::ranked(graph, by_number, text, limit, filters.language);

            let snippets = Snippets::new(self, &words.all(), &query.phrases, &plan.corrections);
            for h in &mut hits {
                h.snippet = snippets.of(graph, h.node);
            }
            let corrections = plan.corrections.iter().map(|(_, w)| w.clone()).collect();
            let card_rulings = self.card_rulings(&plan, &named);
            let definition = if query.is_id || !query.phrases.is_empty() {
                None
            } else {
                graph.definition_of_name(&query.words, self.lexicon).map(|(n, _)| n)
            };
            if let Some(d) = definition
                && query.ids.is_empty()
                && *filters == Filters::default()
            {
                self.defining_first(graph, d, &mut hits, limit, &snippets);
            }
            query.words = typed_words;
            return Results {
                query,
                hits,
                corrections,
                elapsed: start.elapsed(),
                definition,
                loosened,
                cards: named.cards,
                card_first: named.card_first,
                card_rulings,
            };
        }
    }

    /// When the query names a glossary term (« piétinement »), the rule the
    /// glossary sends to (« See rule 702.19 ») comes first — by its first
    /// subrule when it is only a heading, the one that defines it: where a
    /// judge reads what the term is, before the finer points.
    fn defining_first(
        &self,
        graph: &Graph,
        definition: NodeIdx,
        hits: &mut Vec<Hit>,
        limit: usize,
        snippets: &Snippets,
    ) {
        let mut defining: Vec<NodeIdx> = Vec::new();
        for edge in graph.references(definition) {
            let Some(rule) = edge.resolution.node() else { continue };
            // The rule itself when it states something (103.4); a keyword's
            // heading (« 702.19. Trample ») by its first subrule.
            let first = if documents::indexed(graph, rule) {
                rule
            } else {
                graph.node(rule).children.first().copied().unwrap_or(rule)
            };
            if documents::indexed(graph, first) && !defining.contains(&first) {
                defining.push(first);
            }
        }
        for (i, &node) in defining.iter().enumerate() {
            let key = collect::rule_key(graph, node);
            let existing = hits.iter().position(|h| collect::rule_key(graph, h.node) == key);
            let hit = match existing {
                Some(p) => hits.remove(p),
                None => {
                    let (shown, versions) = collect::grouped(graph, node);
                    Hit { node: shown, score: 0.0, snippet: snippets.of(graph, shown), by_number: false, versions }
                }
            };
            hits.insert(i.min(hits.len()), hit);
        }
        let top = hits.iter().map(|h| h.score).fold(0.0f32, f32::max);
        for (i, h) in hits.iter_mut().take(defining.len()).enumerate() {
            h.score = top + (defining.len() - i) as f32;
        }
        hits.truncate(limit);
    }

    /// Segments per index (temporary).
    pub fn segment_counts(&self) -> Vec<usize> {
        self.parts.iter().map(|p| p.reader.searcher().segment_readers().len()).collect()
    }

    /// A searcher on each index, in the order of `parts`.
    fn searchers(&self) -> Vec<Reading> {
        self.parts.iter().map(Reading::of).collect()
    }

    /// How each document of `node` says each concept of a query, one line
    /// per concept and document: what to look at when tuning the ranking.
    /// A gloss's match is shown before its weight (`W_GLOSS`),
    /// whatever the query's language.
    pub fn explain(&self, raw: &str, node: NodeIdx) -> Vec<String> {
        let mut query = query::parse(raw);
        let readings = self.searchers();
        let named = self.cards_named(&query);
        query.words = named.words;
        let (language, words) = self.read(&query, &named.card_words);
        let plan = self.plan(&readings, &words, &query.phrases, &Filters::default(), language);
        let mut scratch = score::Scratch::default();
        let mut out = Vec::new();
        for (i, c) in plan.concepts.iter().enumerate() {
            for (part, reading) in self.parts.iter().zip(&readings) {
                self.concept_matches(reading, part, c, &mut scratch, |segment, doc, score| {
                    if part.doc_nodes[segment as usize][doc as usize] == node {
                        let lang = if part.glosses { "glose" } else { part.language.code() };
                        out.push(format!(
                            "concept {i} « {} » (poids {:.2}) : {lang} document {doc} {score:.3}",
                            words.concepts[c.source].label(),
                            c.weight
                        ));
                    }
                });
            }
        }
        out
    }

    /// The language of a query: its function words (« de la », « of the »),
    /// plus each word the index knows in one language only (« charmille »,
    /// « trample »), plus each game term typed by a French name that is not
    /// its English one; French when nothing tells.
    /// `text` is what was typed (words and quoted phrases), `t` its translation.
    fn language_of(&self, text: &str, t: &Translation) -> Lang {
        let (mut fr, mut en) = crate::corpus::language::scores(text);
        for w in self.words(text) {
            let folded = crate::text::fold(&w);
            match (
                self.vocabulary[Lang::Fr as usize].contains(&folded),
                self.vocabulary[Lang::En as usize].contains(&folded),
            ) {
                (true, false) => fr += 1,
                (false, true) => en += 1,
                _ => {}
            }
        }
        // A game term typed by its French name, unlike its English one
        // (« défense talismanique »), is French.
        for m in &t.matches {
            let french = |&e: &usize| {
                let entry = &self.lexicon.entries()[e];
                !entry.kind.is_shorthand() && crate::lexicon::key(&entry.fr) != crate::lexicon::key(&entry.en)
            };
            if m.side == crate::lexicon::Side::French && !m.corrected && m.entries.iter().all(french) {
                fr += 1;
            }
        }
        if en > fr { Lang::En } else { Lang::Fr }
    }

    /// What a query asks about and in which language, from one translation
    /// ([`Lexicon::translate`]) of its words and quoted phrases (quoted
    /// phrases are words of the question too, translated for the texts of
    /// the other language, which cannot have them as typed). Question words
    /// go before translation (« quand » is not « when » here), not before
    /// the language is told. The words of cards' names (`card_words`, see
    /// [`cards::Named::card_words`]) name no rule.
    fn read(&self, query: &UserQuery, card_words: &[String]) -> (Lang, plan::Words) {
        let typed = format!("{} {}", query.words, query.phrases.join(" "));
        let asked: Vec<&str> = typed
            .split_whitespace()
            .filter(|w| !QUESTION_WORDS.contains(&w.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric())))
            .collect();
        let mut t = self.lexicon.translate(&asked.join(" "));
        ordinary_adverbs(&mut t);
        self.absent_abilities(&mut t);
        self.struck(&mut t);
        let language = self.language_of(&typed, &t);
        (language, self.words_of(&t, language == Lang::En, card_words))
    }

    /// A keyword ability or action said absent (« un 4/4 sans initiative »,
    /// « pas de régénération », « without trample ») names no rule: the
    /// question is about a creature without it, whose rules are those of
    /// any creature. Its words are still searched: the other creature may
    /// have it (Glissa's first strike), and « sans vol » asks 702.9b.
    fn absent_abilities(&self, t: &mut Translation) {
        use crate::lexicon::Kind;
        let entries = self.lexicon.entries();
        let keyword = |e: usize| matches!(entries[e].kind, Kind::KeywordAbility | Kind::KeywordAction);
        let mut before: Vec<String> = Vec::new();
        for unit in &mut t.units {
            let n = before.len();
            let negated = (n >= 1 && ABSENT.contains(&before[n - 1].as_str()))
                || (n >= 2 && before[n - 2] == "pas" && before[n - 1] == "de");
            if negated && unit.entries.iter().any(|&e| keyword(e)) {
                unit.entries.clear();
            }
            before.extend(crate::cards::names::words(&unit.typed));
        }
    }

    /// « Taper » (jargon for tap, 701.26) read as judges mostly say it:
    /// dealing combat damage ([`STRUCK`]), unless the words around it say
    /// tapping: a land or mana near it ([`TAPPING_NEAR`]), a permanent
    /// after it ([`TAPPED_OBJECTS`]), « pour » after it, « se » before it, a
    /// participle without « avoir » ([`HAVE`]). Of the 28 questions of the
    /// sets (`tests/`, `../shared/relevance/`) that say « taper » in some
    /// form, 19 mean damage. The English « tap » is always tapping.
    fn struck(&self, t: &mut Translation) {
        let entries = self.lexicon.entries();
        let tap = |e: usize| entries[e].en == "tap" && entries[e].kind.is_shorthand();
        // Most queries say neither « taper » nor « retape »: nothing to fold.
        let maybe = |u: &crate::lexicon::Unit| {
            u.entries.iter().any(|&e| tap(e)) || (u.unmatched && u.typed.to_lowercase().contains("tap"))
        };
        if !t.units.iter().any(maybe) {
            return;
        }
        let words: Vec<String> = t.units.iter().map(|u| crate::cards::names::words(&u.typed).join(" ")).collect();
        let mut damage: Option<crate::lexicon::Unit> = None;
        for i in 0..t.units.len() {
            // « Elle retape au 2e step » strikes again: no name of the vocabulary has it.
            let again = t.units[i].unmatched && words[i].starts_with("retap");
            let english = matches!(words[i].as_str(), "tap" | "taps" | "tapped" | "tapping");
            if !again && (english || !t.units[i].entries.iter().any(|&e| tap(e))) {
                continue;
            }
            let near = &words[i.saturating_sub(TAPPING_SPAN)..(i + 1 + TAPPING_SPAN).min(words.len())];
            let before = if i > 0 { words[i - 1].as_str() } else { "" };
            let lower = t.units[i].typed.to_lowercase();
            let participle = ["é", "ée", "és", "ées", "ee", "ees"].iter().any(|e| lower.ends_with(e));
            let after = &words[i + 1..(i + 3).min(words.len())];
            let tapping = matches!(before, "se" | "s")
                || (participle && !HAVE.contains(&before))
                || after.first().is_some_and(|w| w == "pour")
                || after.iter().flat_map(|w| w.split(' ')).any(|w| TAPPED_OBJECTS.contains(&w))
                || near.iter().flat_map(|w| w.split(' ')).any(|w| TAPPING_NEAR.contains(&w));
            if tapping {
                continue;
            }
            let damage = damage.get_or_insert_with(|| self.lexicon.translate(STRUCK).units.remove(0));
            t.units[i] = crate::lexicon::Unit { typed: t.units[i].typed.clone(), ..damage.clone() };
        }
    }

    /// What a translated query asks about: one concept per word no entry
    /// names and per run of words that names entries (see
    /// [`Self::concepts_of`]); and the rules it names.
    fn words_of(&self, t: &Translation, english: bool, card_words: &[String]) -> plan::Words {
        let correctable = self.words(&t.unmatched.join(" "));
        // Each word of a card's name is one unit's, in the order of the query:
        // « Teferi's Protection et protection contre le blanc » names 702.16 once.
        let mut pool: Vec<&String> = card_words.iter().collect();
        let in_name: Vec<bool> = t
            .units
            .iter()
            .map(|u| {
                let words = crate::cards::names::words(&u.typed);
                let mut left = pool.clone();
                for w in &words {
                    let Some(i) = left.iter().position(|p| *p == w) else { return false };
                    left.swap_remove(i);
                }
                pool = left;
                !words.is_empty()
            })
            .collect();
        let outside_names: Vec<&crate::lexicon::Unit> =
            t.units.iter().zip(&in_name).filter(|(_, n)| !**n).map(|(u, _)| u).collect();
        let named = self.named_rules(outside_names.iter().copied());
        let pointed = self.pointed_rules(outside_names.iter().copied());
        let mut concepts: Vec<plan::Concept> = Vec::new();
        for (unit, &in_name) in t.units.iter().zip(&in_name) {
            for mut c in self.concepts_of(unit, english) {
                if in_name {
                    c.keywords.clear();
                }
                if !concepts.contains(&c) && concepts.len() < MAX_WORDS {
                    concepts.push(c);
                }
            }
        }
        plan::Words { concepts, correctable, named, pointed }
    }

    /// The rules the query names through the vocabulary, whose families get
    /// a head start: a keyword's rule (« piétinement » → 702.19), the rule
    /// a word of jargon stands for (« fizzle » → 608.2b), the rule of a
    /// title, counter or game term of several words (« points de vie de
    /// départ » → 103.4), a chapter named by its whole title of several
    /// words (« étape de nettoyage » → 514). Not the rule of a single
    /// ordinary word (« créature », « bibliothèque », « Cartes »): it is a
    /// word of every question, not the subject asked about.
    fn named_rules<'u>(&self, units: impl Iterator<Item = &'u crate::lexicon::Unit>) -> Vec<RuleId> {
        distinct(units.flat_map(|u| self.rules_named(u)))
    }

    /// The subrules the query's jargon points at: a word of judges' jargon
    /// that stands for one subrule (« LKI » → 608.2h, « legend rule » →
    /// 704.5j, « fizzle » → 608.2b) names what the judge asks about, not
    /// a word of the question's context; a term of the glossary does not
    /// (« créature bloquée » → 509.1h is said in questions about much else).
    fn pointed_rules<'u>(&self, units: impl Iterator<Item = &'u crate::lexicon::Unit>) -> Vec<RuleId> {
        distinct(
            units
                .flat_map(|u| self.rules_of(u, |kind| kind == crate::lexicon::Kind::Jargon))
                .filter(|r| matches!(r, RuleId::Subrule { .. })),
        )
    }

    /// The rules one unit of the query names (see [`Self::named_rules`]).
    fn rules_named(&self, unit: &crate::lexicon::Unit) -> Vec<RuleId> {
        use crate::lexicon::Kind;
        let several = crate::lexicon::key(&unit.typed).len() > 1;
        self.rules_of(unit, |kind| match kind {
            Kind::KeywordAbility | Kind::KeywordAction | Kind::Jargon => true,
            Kind::Title | Kind::Counter | Kind::Term | Kind::Chapter | Kind::Step => several,
            _ => false,
        })
    }

    /// The keyword abilities and actions one unit of the query names
    /// (« piétinement » → 702.19, « regard » → 701.22): rules every
    /// subrule of which is about the keyword.
    fn keywords_named(&self, unit: &crate::lexicon::Unit) -> Vec<RuleId> {
        self.rules_of(unit, crate::lexicon::Kind::is_keyword)
    }

    /// The rules of the entries one unit of the query names whose kind
    /// `names` admits, each once.
    fn rules_of(&self, unit: &crate::lexicon::Unit, names: impl Fn(crate::lexicon::Kind) -> bool) -> Vec<RuleId> {
        let mut named: Vec<RuleId> = Vec::new();
        for &e in &unit.entries {
            let entry = &self.lexicon.entries()[e];
            if let Some(r) = entry.rule.filter(|r| names(entry.kind) && !named.contains(r)) {
                named.push(r);
            }
        }
        named
    }

    /// The concepts of one unit of the query. Words no entry names are one
    /// concept each: searched as typed in French texts, and in English texts
    /// by their translations ([`crate::lexicon::model`]) when the query is
    /// French and the table knows them, else as typed when English texts
    /// may have them (see [`Self::english_word`]). Words that name entries
    /// are one concept: each name of theirs in each language, its words as
    /// slots.
    fn concepts_of(&self, unit: &crate::lexicon::Unit, english: bool) -> Vec<plan::Concept> {
        let single = |w: &str| vec![(w.to_string(), 1.0)];
        if unit.unmatched {
            let table = self.lexicon.translations();
            return self
                .words(&unit.typed)
                .into_iter()
                .map(|w| {
                    let mut c = plan::Concept::default();
                    if let Some((fr, en)) = crate::text::number_names(&w) {
                        // « 10 marqueurs » is « ten counters » in the rules' words.
                        c.names[Lang::Fr as usize].push(vec![vec![(w.clone(), 1.0), (fr.to_string(), 1.0)]]);
                        c.names[Lang::En as usize].push(vec![vec![(w.clone(), 1.0), (en.to_string(), 1.0)]]);
                        return c;
                    }
                    c.names[Lang::Fr as usize].push(vec![single(&w)]);
                    let translated = if english { &[][..] } else { table.english_of(&w) };
                    if !translated.is_empty() {
                        c.names[Lang::En as usize].push(vec![translated.to_vec()]);
                    } else if english || self.english_word(&w) {
                        c.names[Lang::En as usize].push(vec![single(&w)]);
                    } else if let Some(cognate) = self.english_cognate(&w) {
                        c.names[Lang::En as usize].push(vec![vec![(cognate.to_string(), W_TYPO)]]);
                    }
                    c
                })
                .collect();
        }
        let mut c = plan::Concept::default();
        for (lang, names) in [(Lang::Fr, &unit.fr), (Lang::En, &unit.en)] {
            for name in names {
                let slots: Vec<plan::Slot> = self.words(name).iter().map(|w| single(w)).collect();
                if !slots.is_empty() && !c.names[lang as usize].contains(&slots) {
                    c.names[lang as usize].push(slots);
                }
            }
        }
        for name in &unit.judges {
            let slots: Vec<plan::Slot> = self.words(name).iter().map(|w| single(w)).collect();
            if !slots.is_empty() && !c.names[Lang::Fr as usize].contains(&slots) && !c.judges.contains(&slots) {
                c.judges.push(slots);
            }
        }
        c.keywords = self.keywords_named(unit);
        vec![c]
    }

    /// Whether a word typed in a French query, that neither the vocabulary
    /// nor the translations name, is searched as it is in English texts: a
    /// number or a power/toughness (« 21 », « 2/2 »); a word English texts
    /// have about as often as French texts or more (franglais, a card name,
    /// a word spelt alike in both, « restriction »); a word no text has (a
    /// typo, corrected in both languages). Not a French word the French
    /// texts have far more often (« encore » is not the keyword Encore), nor
    /// a stop word.
    fn english_word(&self, w: &str) -> bool {
        if w.bytes().any(|b| b.is_ascii_digit()) {
            return true;
        }
        let folded = crate::text::fold(w);
        let stop = crate::lexicon::model::french_key(w).is_none() || self.terms(FR_FOLD, w).is_empty();
        if stop {
            return false;
        }
        let rate = |lang: Lang| {
            self.vocabulary[lang as usize].frequency(&folded) as f32 / self.documents_in[lang as usize].max(1) as f32
        };
        let (fr, en) = (rate(Lang::Fr), rate(Lang::En));
        if en > 0.0 { fr <= COGNATE_RATIO * en } else { fr == 0.0 }
    }

    /// The English word one letter away from a French word of at least six
    /// letters that English texts do not have (« hybride » → « hybrid »,
    /// « colore » → « color »): searched at the weight of a typo.
    fn english_cognate(&self, w: &str) -> Option<&str> {
        let folded = crate::text::fold(w);
        if self.vocabulary[Lang::En as usize].contains(&folded) {
            return None;
        }
        self.vocabulary[Lang::En as usize].one_edit_away(&folded, 6)
    }

    /// The cards a query names, when the cards are on ([`cards::named`]).
    fn cards_named(&self, query: &UserQuery) -> cards::Named {
        if self.with_cards && !query.is_id && !query.words.trim().is_empty() {
            cards::named(crate::cards::Cards::embedded(), &query.words)
        } else {
            cards::Named { words: query.words.clone(), ..cards::Named::default() }
        }
    }

    /// The query as searched in each language, after the vocabulary's and
    /// the word translations': for comparisons and for judges curious why a
    /// result came.
    pub fn translation(&self, typed: &str) -> Searched {
        let mut query = query::parse(typed);
        let named = self.cards_named(&query);
        query.words = named.words;
        let (_, words) = self.read(&query, &named.card_words);
        Searched {
            fr: words.searched(Lang::Fr).join(" "),
            en: words.searched(Lang::En).join(" "),
            named: words.named.iter().map(RuleId::to_string).collect(),
        }
    }

    /// The distinct words of the query, lowercased, at most `MAX_WORDS` (see `weights`).
    fn words(&self, text: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut tokenizer = analyzer::WordTokenizer::default();
        let mut stream = tantivy::tokenizer::Tokenizer::token_stream(&mut tokenizer, text);
        while let Some(t) = tantivy::tokenizer::TokenStream::next(&mut stream) {
            let w = t.text.to_lowercase();
            if !out.contains(&w) && !QUESTION_WORDS.contains(&w.as_str()) {
                out.push(w);
            }
            if out.len() == MAX_WORDS {
                break;
            }
        }
        out
    }
}

/// The rules of `rules`, each once, in their first order.
fn distinct(rules: impl Iterator<Item = RuleId>) -> Vec<RuleId> {
    let mut out: Vec<RuleId> = Vec::new();
    for r in rules {
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}
