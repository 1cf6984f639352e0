//! How well each text of one index says one concept ([`SearchIndex::concept_matches`]),
//! read from the postings of the concept's terms: BM25 of each term, as
//! tantivy scores it, with its inverse document frequency left out and
//! the term's weight put in (its field, its word's weight as a
//! translation, its slot's share of the name); per slot, the best term plus
//! a share of the others (a disjunction with a tie-breaker); per name, its
//! slots, what the rule defines and the name as a loose phrase, added up;
//! per concept, its best name.
//!
//! The same sums as a tantivy query of disjunctions and boosts would make,
//! without building one per concept: the postings are walked once per term
//! into arrays kept for the whole search ([`Scratch`]).

use tantivy::query::{EnableScoring, Query, Weight};
use tantivy::{DocId, DocSet, SeekDangerResult, SegmentReader, TERMINATED, Term};

use super::SearchIndex;
use super::part::{Part, Reading, SegmentFields};
use super::plan::{ConceptPlan, NamePlan, normalized_phrase};
use super::weights::{TERM_SLOP, TIE_BREAKER, W_TERM};

/// A sum per document of one segment, with the documents it holds.
#[derive(Default)]
struct Sums {
    values: Vec<f32>,
    touched: Vec<DocId>,
}

impl Sums {
    fn sized(&mut self, docs: usize) {
        if self.values.len() < docs {
            self.values.resize(docs, 0.0);
        }
    }

    fn add(&mut self, doc: DocId, x: f32) {
        let v = &mut self.values[doc as usize];
        if *v == 0.0 {
            self.touched.push(doc);
        }
        *v += x;
    }

    fn max(&mut self, doc: DocId, x: f32) {
        let v = &mut self.values[doc as usize];
        if *v == 0.0 {
            self.touched.push(doc);
        }
        *v = v.max(x);
    }

    /// Each document's value, then zero again.
    fn drain(&mut self) -> impl Iterator<Item = (DocId, f32)> + '_ {
        let values = &mut self.values;
        self.touched.drain(..).map(move |d| (d, std::mem::take(&mut values[d as usize])))
    }
}

/// Per document of one segment, the best and the sum of one slot's term
/// scores, with the documents it holds: one array, one test of a first
/// score per posting read.
#[derive(Default)]
struct SlotSums {
    values: Vec<(f32, f32)>,
    touched: Vec<DocId>,
}

impl SlotSums {
    fn sized(&mut self, docs: usize) {
        if self.values.len() < docs {
            self.values.resize(docs, (0.0, 0.0));
        }
    }

    fn add(&mut self, doc: DocId, x: f32) {
        let (best, sum) = &mut self.values[doc as usize];
        if *best == 0.0 {
            self.touched.push(doc);
        }
        *best = best.max(x);
        *sum += x;
    }

    /// Each document's best and sum, then zero again.
    fn drain(&mut self) -> impl Iterator<Item = (DocId, (f32, f32))> + '_ {
        let values = &mut self.values;
        self.touched.drain(..).map(move |d| (d, std::mem::take(&mut values[d as usize])))
    }
}

/// The sums one search reuses from concept to concept.
#[derive(Default)]
pub(super) struct Scratch {
    slot: SlotSums,
    name: Sums,
    concept: Sums,
}

/// Calls `each(doc, score)` for the documents of `segment` that a query matches.
fn query_scores(reading: &Reading, segment: &SegmentReader, query: &dyn Query, mut each: impl FnMut(DocId, f32)) {
    let scoring = EnableScoring::enabled_from_statistics_provider(reading, reading.searcher());
    let Ok(weight) = query.weight(scoring) else { return };
    let Ok(mut scorer) = weight.scorer(segment, 1.0) else { return };
    let mut doc = scorer.doc();
    while doc != TERMINATED {
        each(doc, scorer.score());
        doc = scorer.advance();
    }
}

impl SearchIndex {
    /// The documents of one index of the units `among` that some of
    /// `queries` match, each with its unit, node and the sum of the queries'
    /// scores: `found(unit, node, score)`. A query is two terms side by
    /// side: it is asked about the documents among those that have both
    /// (`seek_danger`), read from the postings tabled with the index, and
    /// not made into a scorer where none has them: a phrase's positions are
    /// read for those documents only.
    pub(super) fn matches_among(
        &self,
        reading: &Reading,
        part: &Part,
        queries: &[(Box<dyn Query>, [&Term; 2])],
        among: &[bool],
        scratch: &mut Scratch,
        mut found: impl FnMut(u32, crate::graph::NodeIdx, f32),
    ) {
        if queries.is_empty() {
            return;
        }
        let scoring = EnableScoring::enabled_from_statistics_provider(reading, reading.searcher());
        // Made the first time a segment has documents for it (`Some(None)`:
        // tantivy made no weight of it, and it is left out, as before).
        let mut weights: Vec<Option<Option<Box<dyn Weight>>>> = queries.iter().map(|_| None).collect();
        let sums = &mut scratch.concept;
        for (ord, segment) in reading.searcher().segment_readers().iter().enumerate() {
            let units = &part.doc_units[ord];
            sums.sized(segment.max_doc() as usize);
            for ((query, terms), weight) in queries.iter().zip(&mut weights) {
                let docs = part.segments[ord].docs_with_both(*terms, |d| among[units[d as usize] as usize]);
                let Some(&first) = docs.first() else { continue };
                let Some(weight) = weight.get_or_insert_with(|| query.weight(scoring).ok()) else { continue };
                let Ok((mut at, mut scorer)) = weight.scorer_danger(segment, first, 1.0) else { continue };
                let mut i = 0;
                loop {
                    match at {
                        SeekDangerResult::Found => {
                            sums.add(docs[i], scorer.score());
                            i += 1;
                        }
                        SeekDangerResult::SeekLowerBound(bound) => {
                            if bound == TERMINATED {
                                break;
                            }
                            while i < docs.len() && docs[i] < bound {
                                i += 1;
                            }
                        }
                    }
                    if i == docs.len() {
                        break;
                    }
                    at = scorer.seek_danger(docs[i]);
                }
            }
            for (doc, score) in sums.drain() {
                found(units[doc as usize], part.doc_nodes[ord][doc as usize], score);
            }
        }
    }

    /// Each document of one index (of language `lang`) that says something
    /// of concept `c`, with how well it says it: `found(segment, doc, score)`.
    pub(super) fn concept_matches(
        &self,
        reading: &Reading,
        part: &Part,
        c: &ConceptPlan,
        scratch: &mut Scratch,
        mut found: impl FnMut(u32, DocId, f32),
    ) {
        let judges = if part.glosses { &c.judges[..] } else { &[] };
        let names = &c.names[part.language as usize];
        if names.is_empty() && judges.is_empty() {
            return;
        }
        for (ord, segment) in reading.searcher().segment_readers().iter().enumerate() {
            let docs = segment.max_doc() as usize;
            scratch.slot.sized(docs);
            for sums in [&mut scratch.name, &mut scratch.concept] {
                sums.sized(docs);
            }
            for name in names.iter().chain(judges) {
                name_matches(reading, segment, &part.segments[ord], name, scratch);
                let Scratch { name: named, concept, .. } = scratch;
                for (doc, score) in named.drain() {
                    concept.max(doc, score);
                }
            }
            for (doc, score) in scratch.concept.drain() {
                found(ord as u32, doc, score);
            }
        }
    }
}

/// One name's match in the documents of one segment, into `scratch.name`.
fn name_matches(
    reading: &Reading,
    segment: &SegmentReader,
    fields: &SegmentFields,
    name: &NamePlan,
    scratch: &mut Scratch,
) {
    let total: f32 = name.slots.iter().map(|s| s.idf).sum();
    if total <= 0.0 {
        return;
    }
    for slot in &name.slots {
        let share = slot.idf / total;
        let Scratch { slot: slot_sums, name: named, .. } = scratch;
        for (term, w) in &slot.terms {
            fields.term_scores(term, w * share, |doc, s| slot_sums.add(doc, s));
        }
        // The best term of each document, and a share of the others.
        for (doc, (best, sum)) in slot_sums.drain() {
            named.add(doc, best + TIE_BREAKER * (sum - best));
        }
        for (term, w) in &slot.defines {
            fields.term_scores(term, w * share, |doc, s| named.add(doc, s));
        }
    }
    if let Some(terms) = &name.phrase
        && let Some(q) = normalized_phrase(reading, terms, TERM_SLOP, W_TERM)
    {
        query_scores(reading, segment, q.as_ref(), |doc, s| scratch.name.add(doc, s));
    }
}
