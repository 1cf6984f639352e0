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
mod documents;
pub mod eval;
mod numbers;
mod plan;
pub mod query;
mod schema;
mod snippet;
mod tables;
pub mod typo;
mod weights;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde::Serialize;
use tantivy::collector::TopDocs;
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{Index, IndexReader, ReloadPolicy, Searcher};

use crate::graph::{Graph, NodeIdx};
use crate::vocab::Lang;
use analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
use documents::documents_of;
pub use documents::indexed;
use numbers::{best_version, descendants};
pub use query::UserQuery;
use schema::{Fields, schema};
pub use snippet::Snippet;
use snippet::Snippets;
use tables::{TextTables, text_tables};
use weights::{RANK_PRIOR, W_OTHER_LANGUAGE};

/// Words of a query that are read.
const MAX_WORDS: usize = 24;
/// Question words: judges ask questions, the rules answer without them.
/// They are dropped from queries only (« quand » matters in rules text).
const QUESTION_WORDS: &[&str] =
    &["quand", "comment", "pourquoi", "quoi", "combien", "lequel", "laquelle", "lesquels", "lesquelles", "est-ce"];
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
}
