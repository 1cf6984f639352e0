//! One tantivy index per language ([`Part`]): the nodes whose text is in
//! that language (an English cell of a French document is English) go in as documents ([`super::documents`]); out come a reader,
//! the graph node of each document, and the folded words of the index for
//! typo correction ([`super::typo`]). A third index holds the French
//! glosses of the English rules ([`Part::write_glosses`]): searched for
//! French questions, never shown, and kept out of the words of the texts.
//!
//! Each language has its own index so that its fields' statistics are its
//! own: tantivy averages a field's length over every document, those that
//! leave the field empty included, and 3,000 English rules would otherwise
//! shrink the French fields' average length tenfold and skew every French
//! score.

use std::collections::HashMap;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use tantivy::collector::Collector;
use tantivy::fieldnorm::FieldNormReader;
use tantivy::postings::Postings;
use tantivy::query::{Bm25StatisticsProvider, Query};
use tantivy::schema::{Field, IndexRecordOption, Schema};
use tantivy::{
    DocId, DocSet, Index, IndexReader, ReloadPolicy, Searcher, SegmentReader, TERMINATED, TantivyDocument, Term,
};

use super::analyzer;
use super::documents::{QUESTION, documents_of, gloss_documents, indexed};
use super::schema::{Fields, schema};
use super::typo::Vocabulary;
use super::weights::W_QUESTION;
use crate::graph::align::Relation;
use crate::graph::{Graph, NodeIdx, NodeKind};
use crate::lexicon::glosses::{Gloss, Glosses};
use crate::vocab::{Lang, RuleId};

/// Memory tantivy's writer may use while indexing, in bytes: the least it
/// accepts for two threads (15 MB each) and a little more. The arena is
/// allocated and zeroed at every start: more would only cost time (the
/// 3,000 rules in force take a few megabytes).
const WRITER_HEAP_BYTES: usize = 32_000_000;
/// Threads indexing (the machine serving judges has two cores).
const WRITER_THREADS: usize = 1;

/// The index of one language's editions.
pub(super) struct Part {
    /// The language of every document of this index.
    pub(super) language: Lang,
    /// Whether the documents are French glosses of English rules, not
    /// texts of the rules.
    pub(super) glosses: bool,
    pub(super) reader: IndexReader,
    /// Per segment, per document: the graph node.
    pub(super) doc_nodes: Vec<Arc<[NodeIdx]>>,
    /// Per segment, per document: the unit it counts for (see [`Units`]).
    pub(super) doc_units: Vec<Arc<[u32]>>,
    /// Per segment, per document of the glosses: what its matches weigh
    /// (see [`Units::gloss_weight`]); empty for the rules' texts, whose
    /// documents weigh 1.
    doc_weights: Vec<Box<[f32]>>,
    /// Graph nodes indexed (each is one document or more).
    pub(super) nodes: usize,
    /// Per segment, what scoring a term there reads (see [`SegmentFields`]).
    pub(super) segments: Arc<[SegmentFields]>,
}

/// What scoring a term of one segment reads, per text field (by field
/// number), made once with the index — the index does not change after it
/// is built: each term's postings with, for each document, its frequency
/// and BM25's length factor for the document's length. A search reads a
/// term's scores from here by one hash lookup, without tantivy's term
/// dictionary or block decoding (those took a fifth of a search: the
/// 300,000 postings of the default corpus take about 4 MB).
pub(super) struct SegmentFields {
    postings: Vec<TermPostings>,
}

/// The postings of each term of one field, by the term's bytes.
type TermPostings = FxHashMap<Box<[u8]>, Box<[Posting]>>;

/// One document of a term's postings: what BM25 needs of it.
struct Posting {
    doc: DocId,
    /// The term's frequency in the document.
    tf: f32,
    /// The frequency plus BM25's length factor of the document.
    norm: f32,
}

/// BM25's term frequency saturation, as tantivy sets it.
const K1: f32 = 1.2;
/// BM25's length normalisation, as tantivy sets it.
const B: f32 = 0.75;

impl SegmentFields {
    fn of(segment: &SegmentReader, searcher: &Searcher, schema: &Schema) -> tantivy::Result<SegmentFields> {
        let mut out = SegmentFields { postings: (0..schema.fields().count()).map(|_| FxHashMap::default()).collect() };
        let docs = searcher.num_docs().max(1) as f32;
        for (field, entry) in schema.fields() {
            if !matches!(entry.field_type(), tantivy::schema::FieldType::Str(o) if o.get_indexing_options().is_some()) {
                continue;
            }
            let average = searcher.total_num_tokens(field)? as f32 / docs;
            let mut factors = [0.0; 256];
            for (id, factor) in factors.iter_mut().enumerate() {
                let length = FieldNormReader::id_to_fieldnorm(id as u8) as f32;
                *factor = K1 * (1.0 - B + B * length / average.max(f32::EPSILON));
            }
            let inverted = segment.inverted_index(field)?;
            let lengths = segment.get_fieldnorms_reader(field)?;
            let map = &mut out.postings[field.field_id() as usize];
            let mut terms = inverted.terms().stream()?;
            while terms.advance() {
                let mut postings = inverted.read_postings_from_terminfo(terms.value(), IndexRecordOption::WithFreqs)?;
                let mut list = Vec::with_capacity(terms.value().doc_freq as usize);
                let mut doc = postings.doc();
                while doc != TERMINATED {
                    let tf = postings.term_freq() as f32;
                    list.push(Posting { doc, tf, norm: tf + factors[lengths.fieldnorm_id(doc) as usize] });
                    doc = postings.advance();
                }
                map.insert(terms.key().into(), list.into_boxed_slice());
            }
        }
        Ok(out)
    }

    /// The documents of this segment that have `term`.
    fn doc_freq(&self, term: &Term) -> u64 {
        self.postings_of(term).map_or(0, |p| p.len() as u64)
    }

    fn postings_of(&self, term: &Term) -> Option<&[Posting]> {
        let field = term.field().field_id() as usize;
        self.postings.get(field)?.get(term.serialized_value_bytes()).map(|p| &p[..])
    }

    /// The documents that have both terms and that `keep` keeps, in order.
    pub(super) fn docs_with_both(&self, terms: [&Term; 2], keep: impl Fn(DocId) -> bool) -> Vec<DocId> {
        let (Some(a), Some(b)) = (self.postings_of(terms[0]), self.postings_of(terms[1])) else { return Vec::new() };
        let (rare, other) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        rare.iter().map(|p| p.doc).filter(|&d| keep(d) && other.binary_search_by_key(&d, |p| p.doc).is_ok()).collect()
    }

    /// Calls `each(doc, score)` for the documents that have `term`: its
    /// BM25 score without its inverse document frequency, times `weight`
    /// — how well the text says the word, whatever its rarity.
    pub(super) fn term_scores(&self, term: &Term, weight: f32, mut each: impl FnMut(DocId, f32)) {
        let Some(postings) = self.postings_of(term) else { return };
        let weight = weight * (K1 + 1.0);
        for p in postings.iter() {
            each(p.doc, weight * p.tf / p.norm);
        }
    }
}

impl Part {
    /// What the matches of one document weigh (see [`Part::doc_weights`]).
    pub(super) fn doc_weight(&self, segment: usize, doc: usize) -> f32 {
        self.doc_weights.get(segment).map_or(1.0, |w| w[doc])
    }

    /// Indexes the nodes of `language`'s editions, in RAM, and adds the
    /// index's folded words to `vocabulary`; `None` when that language has
    /// nothing to index.
    pub(super) fn build(
        graph: &Graph,
        language: Lang,
        fields: &Fields,
        vocabulary: &mut [Vocabulary; 2],
        units: &mut Units,
    ) -> tantivy::Result<Option<Part>> {
        let nodes: Vec<NodeIdx> = (0..graph.nodes().len() as u32)
            .map(NodeIdx)
            .filter(|&n| graph.node(n).language == language && indexed(graph, n))
            .collect();
        if nodes.is_empty() {
            return Ok(None);
        }
        let docs = nodes.iter().flat_map(|&n| documents_of(graph, n, fields));
        let part = Written::of(language, false, docs)?.part(graph, fields, vocabulary, units)?;
        Ok(Some(Part { nodes: nodes.len(), ..part }))
    }

    /// Writes the index of the French glosses of the rules in force
    /// ([`glossed`]), to be finished by [`Written::part`]: an index of their
    /// own, so that their words' lengths do not change the official French
    /// texts' scores. Touches nothing shared: it runs beside the other
    /// indexes. `None` when no gloss applies.
    pub(super) fn write_glosses(graph: &Graph, glosses: &Glosses, fields: &Fields) -> tantivy::Result<Option<Written>> {
        let glossed = glossed(graph, glosses);
        if glossed.is_empty() {
            return Ok(None);
        }
        let docs = glossed.iter().flat_map(|&(n, g)| gloss_documents(graph, n, g, fields));
        Written::of(Lang::Fr, true, docs).map(Some)
    }
}

/// An index written, not yet read into a [`Part`].
pub(super) struct Written {
    language: Lang,
    glosses: bool,
    index: Index,
    reader: IndexReader,
}

impl Written {
    /// Writes these documents into an index in RAM.
    fn of(language: Lang, glosses: bool, documents: impl Iterator<Item = TantivyDocument>) -> tantivy::Result<Written> {
        let index = Index::create_in_ram(schema().0);
        analyzer::register(index.tokenizers());
        let mut writer = index.writer_with_num_threads(WRITER_THREADS, WRITER_HEAP_BYTES)?;
        for doc in documents {
            writer.add_document(doc)?;
        }
        writer.commit()?;
        let reader: IndexReader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        Ok(Written { language, glosses, index, reader })
    }

    /// The part: each document's node and unit, what scoring reads, and
    /// the index's folded words added to `vocabulary` (not a gloss's).
    pub(super) fn part(
        self,
        graph: &Graph,
        fields: &Fields,
        vocabulary: &mut [Vocabulary; 2],
        units: &mut Units,
    ) -> tantivy::Result<Part> {
        let Written { language, glosses, index, reader } = self;
        let searcher = reader.searcher();
        let (mut doc_nodes, mut doc_units, mut segments) = (Vec::new(), Vec::new(), Vec::new());
        let mut doc_weights = Vec::new();
        for segment in searcher.segment_readers() {
            segments.push(SegmentFields::of(segment, &searcher, &index.schema())?);
            let node = segment.fast_fields().u64("node")?;
            let passage = segment.fast_fields().u64("passage")?;
            let docs: Vec<(NodeIdx, u64)> = (0..segment.max_doc())
                .map(|d| (NodeIdx(node.first(d).unwrap_or_default() as u32), passage.first(d).unwrap_or_default()))
                .collect();
            // A gloss is not a text of the rule: the rule has no French text for it.
            let text_language = (!glosses).then_some(language);
            let in_units: Arc<[u32]> = docs.iter().map(|&(n, p)| units.of(graph, n, p, text_language)).collect();
            if glosses {
                doc_weights
                    .push(docs.iter().zip(in_units.iter()).map(|(&(_, p), &u)| units.gloss_weight(u, p)).collect());
            }
            doc_units.push(in_units);
            doc_nodes.push(docs.into_iter().map(|(n, _)| n).collect());
            // The words of the texts: a gloss's words are not (their
            // frequencies tell a query's language and its English words).
            if !glosses {
                add_words(segment, fields, vocabulary)?;
            }
        }
        Ok(Part { language, glosses, reader, doc_nodes, doc_units, doc_weights, nodes: 0, segments: segments.into() })
    }
}

/// The glosses that apply to the rules in force, each with the node it
/// stands for: the rule of the glossed edition, followed to its counterpart
/// in force, when that rule is indexed and says the same as when it was
/// glossed. Empty when the glossed edition is not loaded (a corpus of other
/// documents) or no edition is in force.
pub(super) fn glossed<'g>(graph: &Graph, glosses: &'g Glosses) -> Vec<(NodeIdx, &'g Gloss)> {
    let Some(edition) = graph.edition_dated(Lang::En, glosses.edition) else { return Vec::new() };
    glosses
        .entries
        .iter()
        .filter_map(|g| {
            let node = *graph.occurrences(edition, g.rule).first()?;
            let in_force = graph.in_force(node)?;
            let same = graph.relation(node, in_force) == Relation::Same;
            (same && indexed(graph, in_force)).then_some((in_force, g))
        })
        .collect()
}

/// What the documents of the indexes count for: a rule — its French text
/// and its rule in force, each document of either, are one unit — or one
/// passage of an article (a long article is not one unit: each of its
/// passages must say what is asked on its own).
#[derive(Debug, Default)]
pub(super) struct Units {
    /// Per unit, the node it stands for (the rule in force, or the article).
    pub(super) keys: Vec<NodeIdx>,
    /// Per unit, whether it has a text in French and in English.
    pub(super) languages: Vec<[bool; 2]>,
    numbers: HashMap<(NodeIdx, u64), u32>,
    /// Per numbered rule, its unit and its subrules', in unit order.
    families: HashMap<RuleId, Vec<u32>>,
}

impl Units {
    /// The unit of a node's document (`passage` 0 is the whole node).
    /// `language` is the language of the document's text, `None` for a
    /// gloss (which gives the rule no text).
    fn of(&mut self, graph: &Graph, node: NodeIdx, passage: u64, language: Option<Lang>) -> u32 {
        let article = graph.node(node).kind == NodeKind::Article;
        let key = if article { (node, passage) } else { (super::collect::rule_key(graph, node), 0) };
        let next = self.keys.len() as u32;
        let unit = *self.numbers.entry(key).or_insert_with(|| {
            self.keys.push(key.0);
            self.languages.push([false; 2]);
            next
        });
        if unit == next {
            let rule = match graph.node(key.0).id {
                Some(id @ RuleId::Rule { .. }) => Some(id),
                Some(id @ RuleId::Subrule { .. }) => id.parent(),
                _ => None,
            };
            if let Some(rule) = rule {
                self.families.entry(rule).or_default().push(unit);
            }
        }
        if let Some(language) = language {
            self.languages[unit as usize][language as usize] = true;
        }
        unit
    }

    /// What the matches of a gloss's document weigh, relative to its
    /// gloss ([`super::weights::W_GLOSS`]): a question weighs
    /// [`W_QUESTION`] when its rule has no French text — a French judge's
    /// question is most like it — and as its gloss when the rule's French
    /// text answers in official words, which its gloss must not outrank.
    /// The glosses' part is read after the texts' parts (see
    /// `SearchIndex::build_with`): every French text is known by then.
    fn gloss_weight(&self, unit: u32, passage: u64) -> f32 {
        let french_text = self.languages[unit as usize][Lang::Fr as usize];
        if passage == QUESTION && !french_text { W_QUESTION } else { 1.0 }
    }

    /// The units of a numbered rule and of its subrules (none for a
    /// chapter or a section).
    pub(super) fn family(&self, rule: RuleId) -> &[u32] {
        self.families.get(&rule).map_or(&[], Vec::as_slice)
    }

    /// How many units there are.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The node of each unit, in unit order.
    pub(super) fn iter(&self) -> std::slice::Iter<'_, NodeIdx> {
        self.keys.iter()
    }
}

/// Adds the words of a segment's folded fields, with their document
/// frequencies, to the vocabulary of each language.
fn add_words(segment: &SegmentReader, fields: &Fields, vocabulary: &mut [Vocabulary; 2]) -> tantivy::Result<()> {
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
    Ok(())
}

/// One index as one search reads it: the searcher of the index as it
/// stands, and the statistics BM25 asks of it.
pub(super) struct Reading {
    searcher: Searcher,
    /// The part's postings, for documents' frequencies.
    segments: Arc<[SegmentFields]>,
}

impl Reading {
    /// The index of `part` as it stands.
    pub(super) fn of(part: &Part) -> Reading {
        Reading { searcher: part.reader.searcher(), segments: part.segments.clone() }
    }

    /// The documents that have a term (0 when none), read from the
    /// postings tabled with the index (no document is ever deleted).
    pub(super) fn doc_freq(&self, term: &Term) -> u64 {
        self.segments.iter().map(|s| s.doc_freq(term)).sum()
    }

    /// The documents of the index.
    pub(super) fn num_docs(&self) -> u64 {
        self.searcher.num_docs()
    }

    /// Runs a query, with these statistics.
    pub(super) fn search<C: Collector>(&self, query: &dyn Query, collector: &C) -> tantivy::Result<C::Fruit> {
        self.searcher.search_with_statistics_provider(query, collector, self)
    }

    /// The searcher (for tantivy's explanations).
    pub(super) fn searcher(&self) -> &Searcher {
        &self.searcher
    }
}

impl Bm25StatisticsProvider for Reading {
    fn total_num_tokens(&self, field: Field) -> tantivy::Result<u64> {
        self.searcher.total_num_tokens(field)
    }

    fn total_num_docs(&self) -> tantivy::Result<u64> {
        self.searcher.total_num_docs()
    }

    fn doc_freq(&self, term: &Term) -> tantivy::Result<u64> {
        Ok(Reading::doc_freq(self, term))
    }
}
