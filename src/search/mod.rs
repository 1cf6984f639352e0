//! French full-text search over the rule graph, with tantivy.
//!
//! The index is built in RAM from the graph at start-up ([`SearchIndex::build`]):
//! one document per rule or subrule (its examples with it), per chapter
//! introduction, per judge-class article. Each text goes into the fields of
//! its language, twice: stemmed and folded (see [`analyzer`]).
//!
//! A search ([`SearchIndex::search`]) reads what the judge typed
//! ([`query::parse`]), then:
//! 1. rule numbers jump straight to their rule, and a number's subrules
//!    follow it (`701.9` → 701.9, 701.9a … 701.9f);
//! 2. each word becomes a disjunction over fields — title above text above
//!    examples, stemmed and folded forms — so one word counts once, wherever
//!    it matches; a word found nowhere in the index is corrected to the
//!    nearest words it knows ([`typo`]), searched at a lower weight;
//! 3. the words together, as a loose phrase, add to rules that keep them
//!    close (card names in examples, « portée d’influence »);
//! 4. quoted phrases must appear; filters (section, chapter, edition,
//!    language) restrict without scoring;
//! 5. scores are adjusted by two priors: the first subrule of a rule states
//!    it, the next ones refine it; and editions in the query's language
//!    (French unless the query reads as English) come before the others.
//!
//! Snippets are cut from the graph's text (nothing is stored in the index)
//! with tantivy's `SnippetGenerator`, HTML-escaped, matches in `<mark>`.

pub mod analyzer;
pub mod eval;
pub mod query;
pub mod typo;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use regex::Regex;
use serde::Serialize;
use tantivy::collector::TopDocs;
use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};
use tantivy::snippet::SnippetGenerator;
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{Index, IndexReader, ReloadPolicy, Searcher, TantivyDocument, Term};

use crate::graph::{Graph, NodeIdx, NodeKind, Origin};
use crate::text::escape_html;
use crate::vocab::{Lang, Letter, RuleId};
use analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
pub use query::UserQuery;

/// Weight of a match in a rule's title (« Régénérer », « Flying »).
const W_TITLE: f32 = 2.0;
/// Weight of a match in what the rule defines.
const W_DEFINES: f32 = 2.0;
/// Weight of a match in the first sentence of the rule's text.
const W_LEAD: f32 = 1.5;
/// Weight of a match in the rule's text.
const W_TEXT: f32 = 1.0;
/// Weight of a match in the rule's examples (card names live there).
const W_EXAMPLES: f32 = 0.7;
/// Weight of a match in the titles of the chapter and section around the rule.
const W_CONTEXT: f32 = 0.3;
/// Weight of a word found through typo correction, relative to the same word typed right.
const W_TYPO: f32 = 0.7;
/// Weight of two neighbouring words of the query appearing close together.
const W_PROXIMITY: f32 = 0.5;
/// How many words may stand between them for the proximity bonus.
const PROXIMITY_SLOP: u32 = 2;
/// Words of a query that are read.
const MAX_WORDS: usize = 24;
/// Question words: judges ask questions, the rules answer without them.
/// They are dropped from queries only (« quand » matters in rules text).
const QUESTION_WORDS: &[&str] =
    &["quand", "comment", "pourquoi", "quoi", "combien", "lequel", "laquelle", "lesquels", "lesquelles", "est-ce"];
/// Snippet length, in characters.
const SNIPPET_CHARS: usize = 200;
/// Size of an article's passages, in bytes.
const PASSAGE_CHARS: usize = 600;
/// The prior of a subrule's rank: the first subrule of a rule states it, the
/// next ones refine it. The `k`-th sibling's score is divided by `1 + k × this`.
const RANK_PRIOR: f32 = 0.04;
/// Weight of editions in another language than the query's: a French judge
/// typing French wants the French rules first, and English ones after.
const W_OTHER_LANGUAGE: f32 = 0.5;

/// The fields of one language.
#[derive(Debug, Clone, Copy)]
struct LangFields {
    title: Field,
    /// The first sentence of the text: where a rule states its subject
    /// (« Pour meuler un nombre de cartes… », « To manifest a card… »).
    lead: Field,
    /// What the rule defines, when its first sentence is a definition
    /// (« Pour voter, … », « Contrecarrer un sort … signifie », « To cloak a card, … »).
    defines: Field,
    text: Field,
    examples: Field,
    context: Field,
    title_fold: Field,
    text_fold: Field,
    examples_fold: Field,
}

#[derive(Debug, Clone, Copy)]
struct Fields {
    node: Field,
    rank: Field,
    edition: Field,
    language: Field,
    section: Field,
    chapter: Field,
    fr: LangFields,
    en: LangFields,
}

impl Fields {
    fn of(&self, lang: Lang) -> &LangFields {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = |analyzer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(analyzer)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        )
    };
    let mut lang = |code: &str, stem: &str, fold: &str| LangFields {
        title: b.add_text_field(&format!("title_{code}"), text(stem)),
        lead: b.add_text_field(&format!("lead_{code}"), text(stem)),
        defines: b.add_text_field(&format!("defines_{code}"), text(stem)),
        text: b.add_text_field(&format!("text_{code}"), text(stem)),
        examples: b.add_text_field(&format!("examples_{code}"), text(stem)),
        context: b.add_text_field(&format!("context_{code}"), text(stem)),
        title_fold: b.add_text_field(&format!("title_{code}_fold"), text(fold)),
        text_fold: b.add_text_field(&format!("text_{code}_fold"), text(fold)),
        examples_fold: b.add_text_field(&format!("examples_{code}_fold"), text(fold)),
    };
    let fr = lang("fr", FR_STEM, FR_FOLD);
    let en = lang("en", EN_STEM, EN_FOLD);
    let fields = Fields {
        node: b.add_u64_field("node", FAST),
        rank: b.add_u64_field("rank", FAST),
        edition: b.add_text_field("edition", STRING),
        language: b.add_text_field("language", STRING),
        section: b.add_text_field("section", STRING),
        chapter: b.add_text_field("chapter", STRING),
        fr,
        en,
    };
    (b.build(), fields)
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

/// A passage of a text with the ranges that match the query.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snippet {
    /// The passage, as printed.
    pub text: String,
    /// Byte ranges of `text` that match.
    pub highlights: Vec<std::ops::Range<usize>>,
    /// Whether text was cut before the passage.
    pub cut_before: bool,
    /// Whether text was cut after the passage.
    pub cut_after: bool,
}

impl Snippet {
    /// HTML: the passage escaped, matches in `<mark>`, cuts marked with « … ».
    pub fn to_html(&self) -> String {
        self.render(escape_html, "<mark>", "</mark>")
    }

    /// Plain text with the matches between `on` and `off` (ANSI bold on a terminal, or nothing).
    pub fn to_text(&self, on: &str, off: &str) -> String {
        self.render(str::to_string, on, off)
    }

    fn render(&self, escape: impl Fn(&str) -> String, on: &str, off: &str) -> String {
        let mut out = String::new();
        if self.cut_before {
            out.push('…');
        }
        let mut at = 0;
        for r in &self.highlights {
            out.push_str(&escape(&self.text[at..r.start]));
            out.push_str(on);
            out.push_str(&escape(&self.text[r.clone()]));
            out.push_str(off);
            at = r.end;
        }
        out.push_str(&escape(&self.text[at..]));
        if self.cut_after {
            out.push('…');
        }
        out
    }
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
}

/// A result as printed by `arbitre cherche --json` and served by the API.
#[derive(Debug, Clone, Serialize)]
pub struct HitView {
    /// The rule id, or the article's slug.
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
}

impl Hit {
    /// The printable form of a hit.
    pub fn view(&self, graph: &Graph) -> HitView {
        let n = graph.node(self.node);
        HitView {
            id: n.label(),
            title: graph.display_title(self.node).map(str::to_string),
            edition: graph.edition(n.edition).date.map(|d| d.to_string()),
            language: n.language,
            snippet: self.snippet.to_html(),
            score: self.score,
        }
    }
}

/// One tantivy index: the documents of the editions of one language. Each
/// language has its own so that its fields' statistics are its own: tantivy
/// averages a field's length over every document, those that leave the field
/// empty included, and 3,000 English rules would otherwise shrink the French
/// fields' average length tenfold and skew every French score.
struct Part {
    language: Lang,
    reader: IndexReader,
    /// Per segment, per document: the graph node.
    doc_nodes: Vec<Vec<NodeIdx>>,
}

/// The search index. See the module documentation.
pub struct SearchIndex {
    fields: Fields,
    parts: Vec<Part>,
    analyzers: [TextAnalyzer; 4],
    snippet_analyzer: TextAnalyzer,
    /// Folded words of the index, per language, for typo correction.
    vocabulary: [typo::Vocabulary; 2],
    /// Surface forms of stems, folded words of texts (for snippets).
    tables: TextTables,
    /// Documents indexed.
    pub documents: usize,
    /// Time the build took.
    pub build_time: Duration,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex").field("documents", &self.documents).finish()
    }
}

/// Whether a node is a search document: rules and subrules with text (or a
/// title of their own), chapter introductions, judge-class articles.
pub fn indexed(graph: &Graph, idx: NodeIdx) -> bool {
    let n = graph.node(idx);
    match n.kind {
        NodeKind::Rule | NodeKind::Subrule => n.has_text() || (n.origin == Origin::Heading && n.title.is_some()),
        NodeKind::Chapter | NodeKind::Section => n.has_text(),
        NodeKind::Article => true,
        _ => false,
    }
}

impl SearchIndex {
    /// Builds the index from the graph, in RAM.
    pub fn build(graph: &Graph) -> tantivy::Result<SearchIndex> {
        let start = Instant::now();
        let (_, fields) = schema();
        let mut parts = Vec::new();
        let mut vocabulary = [typo::Vocabulary::default(), typo::Vocabulary::default()];
        let mut documents = 0;
        for language in [Lang::Fr, Lang::En] {
            let nodes: Vec<NodeIdx> = (0..graph.nodes().len() as u32)
                .map(NodeIdx)
                .filter(|&n| graph.edition(graph.node(n).edition).language == language && indexed(graph, n))
                .collect();
            if nodes.is_empty() {
                continue;
            }
            let index = Index::create_in_ram(schema().0);
            analyzer::register(index.tokenizers());
            let mut writer = index.writer_with_num_threads(1, 50_000_000)?;
            for &n in &nodes {
                for doc in documents_of(graph, n, &fields) {
                    writer.add_document(doc)?;
                }
            }
            writer.commit()?;
            documents += nodes.len();
            let reader: IndexReader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
            let searcher = reader.searcher();
            let mut doc_nodes = Vec::new();
            for segment in searcher.segment_readers() {
                let column = segment.fast_fields().u64("node")?;
                doc_nodes.push(
                    (0..segment.max_doc()).map(|d| NodeIdx(column.first(d).unwrap_or_default() as u32)).collect(),
                );
                for (v, lang) in vocabulary.iter_mut().zip([Lang::Fr, Lang::En]) {
                    let f = fields.of(lang);
                    for field in [f.title_fold, f.text_fold, f.examples_fold] {
                        let inverted = segment.inverted_index(field)?;
                        let mut terms = inverted.terms().stream()?;
                        while terms.advance() {
                            if let Ok(word) = std::str::from_utf8(terms.key()) {
                                v.add(word, u64::from(terms.value().doc_freq));
                            }
                        }
                    }
                }
            }
            parts.push(Part { language, reader, doc_nodes });
        }
        let analyzers = [FR_STEM, FR_FOLD, EN_STEM, EN_FOLD].map(analyzer::analyzer);
        let tables = text_tables(graph, &analyzers);
        Ok(SearchIndex {
            fields,
            parts,
            vocabulary,
            tables,
            analyzers,
            snippet_analyzer: analyzer::snippet_analyzer(),
            documents,
            build_time: start.elapsed(),
        })
    }

    fn analyzer(&self, name: &str) -> TextAnalyzer {
        let i = [FR_STEM, FR_FOLD, EN_STEM, EN_FOLD].iter().position(|n| *n == name).expect("known analyzer");
        self.analyzers[i].clone()
    }

    /// The terms of `text` by one of the analyzers, with their positions.
    fn terms(&self, name: &str, text: &str) -> Vec<(usize, String)> {
        let mut analyzer = self.analyzer(name);
        let mut stream = analyzer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            let t = stream.token();
            out.push((t.position, t.text.clone()));
        }
        out
    }

    /// Searches. Never fails: whatever the judge typed gives results or none.
    pub fn search(&self, graph: &Graph, raw: &str, limit: usize, filters: &Filters) -> Results {
        let start = Instant::now();
        let query = query::parse(raw);
        let limit = limit.clamp(1, 1000);
        let searchers: Vec<Searcher> = self.parts.iter().map(|p| p.reader.searcher()).collect();

        // 1. Rule numbers.
        let mut hits: Vec<Hit> = Vec::new();
        let mut seen: HashSet<NodeIdx> = HashSet::new();
        for &id in &query.ids {
            if let Some(n) = best_version(graph, id, filters) {
                let mut family = vec![n];
                if query.is_id {
                    descendants(graph, n, &mut family);
                }
                for f in family {
                    if seen.insert(f) {
                        hits.push(Hit { node: f, score: 0.0, snippet: Snippet::default(), by_number: true });
                    }
                }
            }
        }

        // 2–4. Words and phrases, in the judge's language first.
        let mut text_hits: Vec<(f32, NodeIdx)> = Vec::new();
        let words = self.words(&query.words);
        let query_language = self.language_of(&query);
        let plan = self.plan(&searchers, &words, &query.phrases, filters);
        {
            // Several passages may stand for one node: ask for more, keep each node's best.
            let wanted = 3 * limit + hits.len();
            let mut scored: Vec<(f32, NodeIdx)> = Vec::new();
            for (part, searcher) in self.parts.iter().zip(&searchers) {
                let Some(q) = plan.query_for(searcher) else { continue };
                let language = if part.language == query_language { 1.0 } else { W_OTHER_LANGUAGE };
                let collector = TopDocs::with_limit(wanted).tweak_score(move |segment: &tantivy::SegmentReader| {
                    let rank = segment.fast_fields().u64("rank").ok().map(|c| c.first_or_default_col(0));
                    move |doc: tantivy::DocId, score: tantivy::Score| {
                        let k = rank.as_ref().map_or(0, |r| r.get_val(doc));
                        score / (1.0 + RANK_PRIOR * k as f32) * language
                    }
                });
                for (score, addr) in searcher.search(&q, &collector).unwrap_or_default() {
                    scored.push((score, part.doc_nodes[addr.segment_ord as usize][addr.doc_id as usize]));
                }
            }
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (score, node) in scored {
                if seen.insert(node) {
                    text_hits.push((score, node));
                }
            }
        }

        // Rules reached by number rank above every text match, in their order.
        let best_text = text_hits.first().map_or(0.0, |h| h.0);
        let direct = hits.len();
        for (i, h) in hits.iter_mut().enumerate() {
            h.score = best_text + (direct - i) as f32;
        }
        hits.extend(text_hits.into_iter().map(|(score, node)| Hit {
            node,
            score,
            snippet: Snippet::default(),
            by_number: false,
        }));
        hits.truncate(limit);

        let snippets = Snippets::new(self, &words, &query.phrases, &plan.corrections);
        for h in &mut hits {
            h.snippet = snippets.of(graph, h.node);
        }
        let corrections = plan.corrections.iter().map(|(_, w)| w.clone()).collect();
        Results { query, hits, corrections, elapsed: start.elapsed() }
    }

    /// The score of each passage of `node` for a query, explained by tantivy
    /// (JSON): what to look at when tuning the ranking.
    pub fn explain(&self, raw: &str, node: NodeIdx) -> Vec<String> {
        let query = query::parse(raw);
        let searchers: Vec<Searcher> = self.parts.iter().map(|p| p.reader.searcher()).collect();
        let words = self.words(&query.words);
        let plan = self.plan(&searchers, &words, &query.phrases, &Filters::default());
        let mut out = Vec::new();
        for (part, searcher) in self.parts.iter().zip(&searchers) {
            let Some(q) = plan.query_for(searcher) else { continue };
            for (seg, nodes) in part.doc_nodes.iter().enumerate() {
                for (doc, n) in nodes.iter().enumerate() {
                    if *n == node
                        && let Ok(e) = q.explain(searcher, tantivy::DocAddress::new(seg as u32, doc as u32))
                    {
                        out.push(e.to_pretty_json());
                    }
                }
            }
        }
        out
    }

    /// The language of a query: its function words (« de la », « of the »),
    /// plus each word the index knows in one language only (« charmille »,
    /// « trample »); French when nothing tells.
    fn language_of(&self, query: &UserQuery) -> Lang {
        let text = format!("{} {}", query.words, query.phrases.join(" "));
        let (mut fr, mut en) = crate::corpus::language::scores(&text);
        for w in self.words(&text) {
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
        if en > fr { Lang::En } else { Lang::Fr }
    }

    /// The distinct words of the query, lowercased, at most [`MAX_WORDS`].
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

    /// Analyzes the words and phrases once: each word's terms in every
    /// field, with typo corrections for words no index knows.
    fn plan(&self, searchers: &[Searcher], words: &[String], phrases: &[String], filters: &Filters) -> Plan {
        let mut plan = Plan::default();
        for w in words {
            let mut word = WordPlan::default();
            let mut folded: Vec<(Lang, String)> = Vec::new();
            for (lang, stem, fold) in [(Lang::Fr, FR_STEM, FR_FOLD), (Lang::En, EN_STEM, EN_FOLD)] {
                let f = self.fields.of(lang);
                if let Some((_, s)) = self.terms(stem, w).into_iter().next() {
                    for (field, weight) in [
                        (f.title, W_TITLE),
                        (f.lead, W_LEAD),
                        (f.text, W_TEXT),
                        (f.examples, W_EXAMPLES),
                        (f.context, W_CONTEXT),
                    ] {
                        word.terms.push((Term::from_field_text(field, &s), weight));
                    }
                    word.defines.push(Term::from_field_text(f.defines, &s));
                }
                if let Some((_, s)) = self.terms(fold, w).into_iter().next() {
                    for (field, weight) in
                        [(f.title_fold, W_TITLE), (f.text_fold, W_TEXT), (f.examples_fold, W_EXAMPLES)]
                    {
                        word.terms.push((Term::from_field_text(field, &s), weight));
                    }
                    folded.push((lang, s));
                }
            }
            if word.terms.is_empty() {
                continue; // a stop word in both languages
            }
            // A word no index has seen is a typo: search the nearest words
            // the index knows instead, at a reduced weight.
            let known = word.terms.iter().any(|(t, _)| searchers.iter().any(|s| s.doc_freq(t).unwrap_or(0) > 0));
            if !known {
                for (lang, s) in folded {
                    let f = self.fields.of(lang);
                    for correction in self.vocabulary[lang as usize].corrections(&s) {
                        for (field, weight) in
                            [(f.title_fold, W_TITLE), (f.text_fold, W_TEXT), (f.examples_fold, W_EXAMPLES)]
                        {
                            word.terms.push((Term::from_field_text(field, correction), weight * W_TYPO));
                        }
                        plan.corrections.push((lang, correction.to_string()));
                    }
                }
            }
            plan.words.push(word);
        }
        // Words typed next to each other, found close together: each pair of
        // neighbouring words is a loose phrase on the text and the examples.
        let joined = words.join(" ");
        for (lang, stem) in [(Lang::Fr, FR_STEM), (Lang::En, EN_STEM)] {
            let f = self.fields.of(lang);
            let terms = self.terms(stem, &joined);
            for pair in terms.windows(2) {
                for field in [f.text, f.examples] {
                    plan.pairs.push(pair.iter().map(|(p, s)| (*p, Term::from_field_text(field, s))).collect());
                }
            }
        }
        // Quoted phrases, in the folded fields: each one must appear somewhere.
        for p in phrases {
            let mut alternatives = Vec::new();
            for (lang, fold) in [(Lang::Fr, FR_FOLD), (Lang::En, EN_FOLD)] {
                let f = self.fields.of(lang);
                let terms = self.terms(fold, p);
                if terms.is_empty() {
                    continue;
                }
                for field in [f.title_fold, f.text_fold, f.examples_fold] {
                    alternatives.push(terms.iter().map(|(pos, s)| (*pos, Term::from_field_text(field, s))).collect());
                }
            }
            if !alternatives.is_empty() {
                plan.phrases.push(alternatives);
            }
        }
        let mut filter = |field: Field, value: String| plan.filters.push(Term::from_field_text(field, &value));
        if let Some(s) = filters.section {
            filter(self.fields.section, s.to_string());
        }
        if let Some(c) = filters.chapter {
            filter(self.fields.chapter, c.to_string());
        }
        if let Some(e) = &filters.edition {
            filter(self.fields.edition, e.clone());
        }
        if let Some(l) = filters.language {
            filter(self.fields.language, l.code().to_string());
        }
        plan
    }
}

/// A search, analyzed: see [`SearchIndex::plan`].
#[derive(Default)]
struct Plan {
    words: Vec<WordPlan>,
    /// Neighbouring words, as two-term phrases with their positions.
    pairs: Vec<Vec<(usize, Term)>>,
    /// Quoted phrases: for each, the alternatives (one per field) of which one must match.
    phrases: Vec<Vec<Vec<(usize, Term)>>>,
    /// Exact terms every result must have (section, chapter, edition, language).
    filters: Vec<Term>,
    /// The corrections made to words no index knew.
    corrections: Vec<(Lang, String)>,
}

/// One word of the query: its terms with their field weights, and the terms
/// of the fields that say what a rule defines.
#[derive(Default)]
struct WordPlan {
    terms: Vec<(Term, f32)>,
    defines: Vec<Term>,
}

impl Plan {
    /// The query for one index, with only the terms it contains (a term
    /// missing from an index costs a weight and can match nothing); `None`
    /// when nothing can match there.
    fn query_for(&self, searcher: &Searcher) -> Option<Box<dyn Query>> {
        let present = |t: &Term| searcher.doc_freq(t).unwrap_or(0) > 0;
        let term = |t: &Term| TermQuery::new(t.clone(), IndexRecordOption::WithFreqs);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for w in &self.words {
            let disjuncts: Vec<Box<dyn Query>> = w
                .terms
                .iter()
                .filter(|(t, _)| present(t))
                .map(|(t, weight)| Box::new(BoostQuery::new(Box::new(term(t)), *weight)) as Box<dyn Query>)
                .collect();
            if !disjuncts.is_empty() {
                clauses.push((Occur::Should, Box::new(DisjunctionMaxQuery::with_tie_breaker(disjuncts, 0.1))));
            }
            // A rule that defines the word gets a bonus on top of its match.
            for d in w.defines.iter().filter(|t| present(t)) {
                clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(term(d)), W_DEFINES))));
            }
        }
        for pair in &self.pairs {
            if pair.iter().all(|(_, t)| present(t)) {
                let phrase = PhraseQuery::new_with_offset_and_slop(pair.clone(), PROXIMITY_SLOP);
                clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(phrase), W_PROXIMITY))));
            }
        }
        if clauses.is_empty() && self.phrases.is_empty() {
            return None;
        }
        for alternatives in &self.phrases {
            let possible: Vec<Box<dyn Query>> = alternatives
                .iter()
                .filter(|terms| terms.iter().all(|(_, t)| present(t)))
                .map(|terms| match terms.len() {
                    1 => Box::new(term(&terms[0].1)) as Box<dyn Query>,
                    _ => Box::new(PhraseQuery::new_with_offset(terms.clone())),
                })
                .collect();
            if possible.is_empty() {
                return None; // a quoted phrase this index cannot contain
            }
            clauses.push((Occur::Must, Box::new(DisjunctionMaxQuery::new(possible))));
        }
        for f in &self.filters {
            let q = TermQuery::new(f.clone(), IndexRecordOption::Basic);
            clauses.push((Occur::Must, Box::new(ConstScoreQuery::new(Box::new(q), 0.0))));
        }
        Some(Box::new(BooleanQuery::new(clauses)))
    }
}

/// Tables made once from the indexed texts, for snippets: for each
/// language, the folded surface forms of each stem (« exil » → exile,
/// exilee, exiler…); and for each text (a node's, an example's), where its
/// words start and which folded form each is, so that at search time the
/// first word matching the query is found by comparing integers, and only a
/// window around it is handed to the snippet generator.
struct TextTables {
    surface_forms: [HashMap<String, Vec<String>>; 2],
    /// Folded form → its number.
    forms: HashMap<String, u32>,
    /// Per node: (byte offset, folded form) of each word of its text.
    words: Vec<Vec<(u32, u32)>>,
}

fn text_tables(graph: &Graph, analyzers: &[TextAnalyzer; 4]) -> TextTables {
    // The texts snippets are cut from: each indexed node's, and its examples'.
    let mut sources: Vec<(NodeIdx, Lang, &str)> = Vec::new();
    let mut titles: Vec<(Lang, &str)> = Vec::new();
    for i in 0..graph.nodes().len() as u32 {
        let idx = NodeIdx(i);
        if !indexed(graph, idx) {
            continue;
        }
        let n = graph.node(idx);
        sources.push((idx, n.language, n.text.as_str()));
        sources.extend(n.examples.iter().map(|&e| (e, graph.node(e).language, graph.node(e).text.as_str())));
        titles.extend(n.title.as_deref().map(|t| (n.language, t)));
    }
    // Every distinct word, stemmed and folded once.
    let mut tokenizer = analyzer::WordTokenizer::default();
    let mut words: [HashMap<String, Option<(String, String)>>; 2] = [HashMap::new(), HashMap::new()];
    let mut tokens = |text: &str, mut each: Box<dyn FnMut(usize, String) + '_>| {
        let mut stream = tantivy::tokenizer::Tokenizer::token_stream(&mut tokenizer, text);
        while let Some(t) = tantivy::tokenizer::TokenStream::next(&mut stream) {
            each(t.offset_from, t.text.to_lowercase());
        }
    };
    for (lang, text) in sources.iter().map(|&(_, l, t)| (l, t)).chain(titles.iter().copied()) {
        let table = &mut words[lang as usize];
        tokens(
            text,
            Box::new(|_, w| {
                table.entry(w).or_insert(None);
            }),
        );
    }
    let mut surface_forms = [HashMap::new(), HashMap::new()];
    let mut forms: HashMap<String, u32> = HashMap::new();
    for (lang, (stem, fold)) in [(Lang::Fr, (0, 1)), (Lang::En, (2, 3))] {
        let (mut stem, mut fold) = (analyzers[stem].clone(), analyzers[fold].clone());
        let first = |a: &mut TextAnalyzer, w: &str| {
            let mut s = a.token_stream(w);
            s.advance().then(|| s.token().text.clone())
        };
        for (w, entry) in words[lang as usize].iter_mut() {
            if let (Some(s), Some(f)) = (first(&mut stem, w), first(&mut fold, w)) {
                let known: &mut Vec<String> = surface_forms[lang as usize].entry(s.clone()).or_default();
                if !known.contains(&f) {
                    known.push(f.clone());
                }
                let next = forms.len() as u32;
                forms.entry(f.clone()).or_insert(next);
                *entry = Some((s, f));
            }
        }
    }
    let mut positions = vec![Vec::new(); graph.nodes().len()];
    for (idx, lang, text) in sources {
        let table = &words[lang as usize];
        let mut list = Vec::new();
        tokens(
            text,
            Box::new(|offset, w| {
                if let Some(Some((_, f))) = table.get(&w) {
                    list.push((offset as u32, forms[f]));
                }
            }),
        );
        positions[idx.0 as usize] = list;
    }
    TextTables { surface_forms, forms, words: positions }
}

/// The version of `id` a judge wants, within the filters (see [`Graph::find`]).
fn best_version(graph: &Graph, id: RuleId, filters: &Filters) -> Option<NodeIdx> {
    graph.preferred(graph.versions(id).iter().copied().filter(|&n| {
        let node = graph.node(n);
        let ed = graph.edition(node.edition);
        filters.section.is_none_or(|s| id.section() == s)
            && filters.chapter.is_none_or(|c| id.chapter() == Some(c))
            && filters.language.is_none_or(|l| node.language == l)
            && filters.edition.as_ref().is_none_or(|e| ed.date.map(|d| d.to_string()).as_ref() == Some(e))
    }))
}

/// A node's numbered descendants, in rule order.
fn descendants(graph: &Graph, idx: NodeIdx, out: &mut Vec<NodeIdx>) {
    for &c in &graph.node(idx).children {
        out.push(c);
        descendants(graph, c, out);
    }
}

/// The index documents of a node: the whole node (text and examples), then
/// short passages — each example alone, an article in stretches — so that a
/// word rare in a long text (a card name in one example, « Trinisphère » in a
/// twelve-kilobyte article) is not drowned by the length of its field.
fn documents_of(graph: &Graph, idx: NodeIdx, fields: &Fields) -> Vec<TantivyDocument> {
    let n = graph.node(idx);
    let mut docs = vec![document(graph, idx, fields)];
    let passage = |text: &str, lang: Lang, as_example: bool| {
        let mut doc = header(graph, idx, fields);
        let f = fields.of(lang);
        let (stem, fold) = if as_example { (f.examples, f.examples_fold) } else { (f.text, f.text_fold) };
        doc.add_text(stem, text);
        doc.add_text(fold, text);
        add_context(graph, idx, fields, &mut doc);
        doc
    };
    if n.examples.len() > 1 {
        for &e in &n.examples {
            docs.push(passage(&graph.node(e).text, graph.node(e).language, true));
        }
    }
    if n.kind == NodeKind::Article {
        for stretch in stretches(&n.text, PASSAGE_CHARS) {
            docs.push(passage(stretch, n.language, false));
        }
    }
    docs
}

/// Splits a text into stretches of whole lines of about `size` bytes.
fn stretches(text: &str, size: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices('\n') {
        if i - start >= size {
            out.push(&text[start..i]);
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// The fields every document of a node carries: the node, its edition,
/// language, section and chapter.
fn header(graph: &Graph, idx: NodeIdx, fields: &Fields) -> TantivyDocument {
    let n = graph.node(idx);
    let mut doc = TantivyDocument::default();
    doc.add_u64(fields.node, u64::from(idx.0));
    let ed = graph.edition(n.edition);
    doc.add_text(fields.edition, ed.date.map(|d| d.to_string()).unwrap_or_default());
    doc.add_text(fields.language, n.language.code());
    let place = n.id.or_else(|| n.covers.first().copied());
    if let Some(id) = place {
        doc.add_text(fields.section, id.section().to_string());
        if let Some(c) = id.chapter() {
            doc.add_text(fields.chapter, c.to_string());
        }
    }
    doc.add_u64(fields.rank, subrule_rank(n.id));
    doc
}

/// The index document of a whole node: title, first sentence, text, examples, context.
fn document(graph: &Graph, idx: NodeIdx, fields: &Fields) -> TantivyDocument {
    let n = graph.node(idx);
    let mut doc = header(graph, idx, fields);

    let f = fields.of(n.language);
    // The rule's own title, or its rule's (701.46a is « Aventurez-vous dans le donjon »).
    let title = n.title.clone().or_else(|| {
        let p = graph.node(n.parent?);
        matches!(p.kind, NodeKind::Rule).then(|| p.title.clone()).flatten()
    });
    if let Some(t) = &title {
        doc.add_text(f.title, t);
        doc.add_text(f.title_fold, t);
    }
    doc.add_text(f.lead, first_sentence(&n.text));
    if let Some(d) = defined(n.text.lines().next().unwrap_or("")) {
        doc.add_text(f.defines, d);
    }
    doc.add_text(f.text, &n.text);
    doc.add_text(f.text_fold, &n.text);
    for &e in &n.examples {
        let ex = graph.node(e);
        let ef = fields.of(ex.language);
        doc.add_text(ef.examples, &ex.text);
        doc.add_text(ef.examples_fold, &ex.text);
    }
    add_context(graph, idx, fields, &mut doc);
    doc
}

/// What surrounds a node: the kind of document and the chapter and section titles.
fn add_context(graph: &Graph, idx: NodeIdx, fields: &Fields, doc: &mut TantivyDocument) {
    let n = graph.node(idx);
    let ed = graph.edition(n.edition);
    // What the document is, for a judge: a judge-class article is a « cours d'arbitre ».
    if n.kind == NodeKind::Article {
        doc.add_text(fields.fr.context, "cours d'arbitre");
        if let Some(k) = &n.heading {
            doc.add_text(fields.of(ed.language).context, k);
        }
    }
    // The chapter and section titles around the rule.
    let mut up = n.parent;
    while let Some(p) = up {
        let pn = graph.node(p);
        if matches!(pn.kind, NodeKind::Chapter | NodeKind::Section)
            && let Some(t) = &pn.title
        {
            doc.add_text(fields.of(ed.language).context, t);
        }
        up = pn.parent;
    }
}

/// The rank of a subrule among its siblings: 0 for `a` (and for a rule without
/// letter), 1 for `b`…
fn subrule_rank(id: Option<RuleId>) -> u64 {
    match id {
        Some(RuleId::Subrule { letter, .. }) => Letter::FIRST.through(letter).len() as u64 - 1,
        _ => 0,
    }
}

/// The first sentence of a text: up to the first full stop followed by a
/// space, or the first line.
fn first_sentence(text: &str) -> &str {
    let line = text.lines().next().unwrap_or("");
    match line.find(". ") {
        Some(i) => &line[..=i],
        None => line,
    }
}

static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?:^|[.!?]\s+)Pour\s+(?P<pour>(?:qu['’]|\p{L}+(?:er|ir|re|oir)\b)[^,.;]{0,80}),   # « Pour voter, … »
        | (?:^|[.!?]\s+)To\s+(?P<to>[^,.;]{3,80}),                                      # « To cloak a card, … »
        | ^(?P<subject>[^.;]{3,120}?)\s(?:signifie|means)\b                              # « Contrecarrer un sort … signifie »",
    )
    .unwrap()
});

/// What a rule defines, in the phrasing of the rules: « Pour X, … » at the
/// start of a sentence of its first paragraph (X an infinitive or a « qu' »
/// clause, not « Pour chaque »), « X signifie … » opening it, and the English
/// « To X, … », « X means … ».
fn defined(paragraph: &str) -> Option<&str> {
    let c = DEFINITION.captures(paragraph)?;
    let subject = ["pour", "to", "subject"].iter().find_map(|g| c.name(g))?.as_str();
    let conditional = ["Si ", "If ", "Quand ", "When ", "Lorsqu"].iter().any(|p| subject.starts_with(p));
    (!conditional).then_some(subject)
}

/// Snippet generators for one query, one per language.
///
/// Highlighting runs the folding analyzer only: a query word is highlighted
/// in every surface form the corpus uses for its stem (« exilée » lights up
/// « exilé », « exiler »), read from the table built with the index, so that
/// no hit's text is stemmed at search time.
struct Snippets<'a> {
    generators: Vec<(Lang, SnippetGenerator)>,
    /// Per language, the numbers of the query's folded forms.
    wanted: [Vec<u32>; 2],
    words: &'a [Vec<(u32, u32)>],
}

/// How much text around the first match is handed to the snippet generator.
const WINDOW_BEFORE: usize = 60;

impl<'a> Snippets<'a> {
    fn new(
        index: &'a SearchIndex,
        words: &[String],
        phrases: &[String],
        corrections: &[(Lang, String)],
    ) -> Snippets<'a> {
        let all = words.iter().chain(phrases).cloned().collect::<Vec<_>>().join(" ");
        let mut generators = Vec::new();
        let mut wanted: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for (lang, stem, fold) in [(Lang::Fr, FR_STEM, FR_FOLD), (Lang::En, EN_STEM, EN_FOLD)] {
            let mut terms: BTreeMap<String, f32> = BTreeMap::new();
            for (_, t) in index.terms(fold, &all) {
                terms.insert(t, 1.0);
            }
            for (_, t) in index.terms(stem, &all) {
                for form in index.tables.surface_forms[lang as usize].get(&t).into_iter().flatten() {
                    terms.insert(form.clone(), 1.0);
                }
            }
            for (_, c) in corrections.iter().filter(|(l, _)| *l == lang) {
                terms.insert(c.clone(), 1.0);
            }
            wanted[lang as usize] = terms.keys().filter_map(|t| index.tables.forms.get(t).copied()).collect();
            let field = index.fields.of(lang).text_fold;
            let mut g = SnippetGenerator::new(terms, index.snippet_analyzer.clone(), field, SNIPPET_CHARS);
            g.set_max_num_chars(SNIPPET_CHARS);
            generators.push((lang, g));
        }
        Snippets { generators, wanted, words: &index.tables.words }
    }

    /// The snippet of a node: the best passage of its text, else of its
    /// examples, else its beginning.
    fn of(&self, graph: &Graph, idx: NodeIdx) -> Snippet {
        let n = graph.node(idx);
        for source in std::iter::once(idx).chain(n.examples.iter().copied()) {
            let (lang, text) = (graph.node(source).language, graph.node(source).text.as_str());
            // The first word of the text that is a form of the query's words.
            let wanted = &self.wanted[lang as usize];
            let Some(&(at, _)) = self.words[source.0 as usize].iter().find(|(_, form)| wanted.contains(form)) else {
                continue;
            };
            // A window around it, cut at word boundaries.
            let mut start = (at as usize).saturating_sub(WINDOW_BEFORE);
            while !text.is_char_boundary(start) {
                start += 1;
            }
            if start > 0 {
                start = text[start..at as usize].find(' ').map_or(at as usize, |i| start + i + 1);
            }
            let mut end = (start + 3 * SNIPPET_CHARS).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let window = &text[start..end];
            for (_, g) in self.generators.iter().filter(|(l, _)| *l == lang) {
                let s = g.snippet(window);
                if !s.highlighted().is_empty() {
                    let range = s.fragment_range();
                    return Snippet {
                        text: s.fragment().to_string(),
                        highlights: s.highlighted().to_vec(),
                        cut_before: start + range.start > 0,
                        cut_after: start + range.end < text.len(),
                    };
                }
            }
        }
        let text = if n.text.is_empty() { n.title.as_deref().unwrap_or("") } else { &n.text };
        let quoted = crate::text::quote(text);
        let cut_after = quoted.ends_with('…');
        Snippet {
            text: quoted.trim_end_matches('…').to_string(), highlights: Vec::new(), cut_before: false, cut_after
        }
    }
}
