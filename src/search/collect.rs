//! Collection: each concept of the planned query ([`super::plan`]) run on
//! each language's index, every document it matches collected by its
//! *unit* — a rule (its French text and its rule in force are one unit), or
//! a passage of an article — then the units ranked.
//!
//! A unit's score is the sum, over the concepts, of the concept's weight
//! times how well the unit says it — the better of its French and English
//! texts, so that a rule is found whichever language says it, and counted
//! once; plus the words typed side by side found close together; times
//! the share of the query's weight the unit says, to a power (a rule that
//! has every word a judge typed comes before one that has a single rare
//! word); times two priors of [`super::weights`]: a subrule's rank, a head
//! start for the chapter the query names. Then the rules reached by their
//! number ([`super::numbers`]) are placed above every text match, and each
//! rule is shown by its French text when it has one.

use std::collections::HashSet;
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::query::Query;
use tantivy::{DocId, Score, Searcher, SegmentOrdinal, SegmentReader};

use super::part::Part;
use super::plan::{Plan, Required};
use super::snippet::Snippet;
use super::weights::{
    COVERAGE_POWER, RANK_PRIOR, W_CHAPTER_NAMED, W_CORROBORATION, W_DEFINING, W_OTHER_LANGUAGE, W_PROXIMITY,
};
use super::{Hit, SearchIndex};
use crate::graph::{Graph, NodeIdx};
use crate::vocab::{Lang, RuleId};

/// Every document a query matches, by unit, with its node and score.
struct UnitScores<'a> {
    part: &'a Part,
}

/// [`UnitScores`] on one segment.
struct UnitSegment {
    units: Arc<[u32]>,
    nodes: Arc<[NodeIdx]>,
    found: Vec<(u32, NodeIdx, f32)>,
}

impl Collector for UnitScores<'_> {
    type Fruit = Vec<(u32, NodeIdx, f32)>;
    type Child = UnitSegment;

    fn for_segment(&self, segment: SegmentOrdinal, _: &SegmentReader) -> tantivy::Result<UnitSegment> {
        let s = segment as usize;
        Ok(UnitSegment {
            units: self.part.doc_units[s].clone(),
            nodes: self.part.doc_nodes[s].clone(),
            found: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Vec<(u32, NodeIdx, f32)>>) -> tantivy::Result<Vec<(u32, NodeIdx, f32)>> {
        Ok(fruits.concat())
    }
}

impl SegmentCollector for UnitSegment {
    type Fruit = Vec<(u32, NodeIdx, f32)>;

    fn collect(&mut self, doc: DocId, score: Score) {
        self.found.push((self.units[doc as usize], self.nodes[doc as usize], score));
    }

    fn harvest(self) -> Vec<(u32, NodeIdx, f32)> {
        self.found
    }
}

/// The scores of one search, by unit.
struct Tally {
    /// The sum of the concepts' weights times their matches.
    total: Vec<f32>,
    /// The weight of the concepts matched.
    covered: Vec<f32>,
    /// One concept's best match per unit and language (reset after each concept).
    best: [Vec<f32>; 2],
    /// The node whose document matched best, per unit.
    found: Vec<Option<(NodeIdx, f32)>>,
    /// The units one concept matched.
    touched: Vec<u32>,
}

impl Tally {
    fn new(units: usize) -> Tally {
        Tally {
            total: vec![0.0; units],
            covered: vec![0.0; units],
            best: [vec![0.0; units], vec![0.0; units]],
            found: vec![None; units],
            touched: Vec::new(),
        }
    }

    /// Records one document's match of the current concept.
    fn saw(&mut self, unit: u32, node: NodeIdx, score: f32, lang: Lang) {
        let u = unit as usize;
        if self.best[0][u] == 0.0 && self.best[1][u] == 0.0 {
            self.touched.push(unit);
        }
        let best = &mut self.best[lang as usize][u];
        *best = best.max(score);
        if self.found[u].is_none_or(|(_, s)| score > s) {
            self.found[u] = Some((node, score));
        }
    }

    /// Adds the current concept, of this weight, to the units it matched.
    fn add(&mut self, weight: f32, covers: bool) {
        for &u in &self.touched {
            let u = u as usize;
            let (fr, en) = (self.best[0][u], self.best[1][u]);
            self.total[u] += weight * (fr.max(en) + (*W_CORROBORATION) * fr.min(en));
            if covers {
                self.covered[u] += weight;
            }
            self.best[0][u] = 0.0;
            self.best[1][u] = 0.0;
        }
        self.touched.clear();
    }
}

impl SearchIndex {
    /// Runs one query on one index and records what it matches.
    fn run(&self, part: &Part, searcher: &Searcher, query: &dyn Query, factor: f32, tally: &mut Tally) {
        for (unit, node, score) in searcher.search(query, &UnitScores { part }).unwrap_or_default() {
            tally.saw(unit, node, score * factor, part.language);
        }
    }

    /// The units the plan finds, best first, each rule once and none of
    /// `seen` (which they join, by [`rule_key`]): at most `wanted`, each by
    /// the node found best. When the judge writes English, French texts
    /// weigh less.
    pub(super) fn collect(
        &self,
        searchers: &[Searcher],
        plan: &Plan,
        language: Lang,
        wanted: usize,
        seen: &mut HashSet<NodeIdx>,
        graph: &Graph,
    ) -> Vec<(f32, NodeIdx)> {
        let mut tally = Tally::new(self.units.len());
        let factor =
            |part: &Part| if language == Lang::En && part.language == Lang::Fr { (*W_OTHER_LANGUAGE) } else { 1.0 };
        let mut query_weight = 0.0;
        // The weight of the concepts each language can say.
        let mut expressible = [0.0f32; 2];
        // ...and either can.
        let mut either = 0.0f32;
        for c in &plan.concepts {
            for lang in [Lang::Fr, Lang::En] {
                if c.expressible[lang as usize] {
                    expressible[lang as usize] += c.weight;
                }
            }
            if c.expressible.iter().any(|&e| e) {
                either += c.weight;
            }
            for (part, searcher) in self.parts.iter().zip(searchers) {
                if let Some(q) = plan.concept_query(c, part.language, searcher) {
                    self.run(part, searcher, q.as_ref(), factor(part), &mut tally);
                }
            }
            tally.add(c.weight, true);
            query_weight += c.weight;
        }
        // Words typed side by side, found close together.
        let mean = query_weight / plan.concepts.len().max(1) as f32;
        for (part, searcher) in self.parts.iter().zip(searchers) {
            if let Some(q) = plan.pairs_query(part.language, searcher) {
                self.run(part, searcher, q.as_ref(), factor(part), &mut tally);
            }
        }
        tally.add((*W_PROXIMITY) * mean, false);
        let allowed = plan.restricts().then(|| self.allowed(searchers, plan));
        let mut scored: Vec<Scored> = Vec::new();
        for (u, &key) in self.units.iter().enumerate() {
            let Some((node, _)) = tally.found[u] else { continue };
            if tally.total[u] <= 0.0
                || seen.contains(&key)
                || allowed.as_ref().is_some_and(|a| !a.contains(&(u as u32)))
            {
                continue;
            }
            // A rule is measured against what its texts' languages can say: an
            // English rule is not short of the French words no translation reaches.
            let langs = self.units.languages[u];
            let can_say = match langs {
                [true, true] => either,
                [true, false] => expressible[Lang::Fr as usize],
                _ => expressible[Lang::En as usize],
            };
            let can_say = if !super::x("expr") { query_weight } else { can_say };
            let coverage = if can_say > 0.0 { (tally.covered[u] / can_say).min(1.0) } else { 1.0 };
            let id = graph.node(key).id;
            let rank = super::documents::subrule_rank(id)
                + u64::from(!super::x("parentflat") && matches!(id, Some(crate::vocab::RuleId::Subrule { .. })));
            let named = id.is_some_and(|id| plan.named.iter().any(|&r| id.is_within(r)));
            let head_start = if named { (*W_CHAPTER_NAMED) } else { 1.0 };
            // The rule named, by the node that states it: itself, or its first subrule.
            let defining = id.is_some_and(|id| {
                plan.named.iter().any(|&r| {
                    id == r
                        || (id.parent() == Some(r)
                            && super::documents::subrule_rank(Some(id)) == 0
                            && matches!(id, RuleId::Subrule { .. }))
                })
            });
            // …when it says all the question: a question that only names the rule.
            let head_start = if defining && coverage >= 0.999 { head_start * (*W_DEFINING) } else { head_start };
            let total = if !super::x("expr") { tally.total[u] } else { tally.total[u] / can_say.max(f32::EPSILON) };
            let score = total * coverage.powf((*COVERAGE_POWER)) * head_start / (1.0 + (*RANK_PRIOR) * rank as f32);
            scored.push(Scored { score, key, node, coverage });
        }
        scored.sort_by(|a, b| b.score.total_cmp(&a.score));
        defer_to_state_based_actions(graph, &mut scored);
        if std::env::var("ARBITRE_DEBUG").is_ok() {
            for Scored { score, key, .. } in scored.iter().take(8) {
                let u = self.units.keys.iter().position(|k| k == key).unwrap();
                eprintln!(
                    "  {:>10} {:.3} total={:.3} covered={:.2}/{:.2} langs={:?}",
                    graph.node(*key).label(),
                    score,
                    tally.total[u],
                    tally.covered[u],
                    query_weight,
                    self.units.languages[u]
                );
            }
            for c in &plan.concepts {
                eprintln!("  concept weight {:.2} expressible {:?}", c.weight, c.expressible);
            }
            if let Ok(want) = std::env::var("ARBITRE_WANT") {
                for (rank, Scored { score, key, .. }) in scored.iter().enumerate() {
                    if graph.node(*key).label() == want {
                        let u = self.units.keys.iter().position(|k| k == key).unwrap();
                        eprintln!(
                            "  WANT {} rank {} score {:.3} total={:.3} covered={:.2}",
                            want,
                            rank + 1,
                            score,
                            tally.total[u],
                            tally.covered[u]
                        );
                    }
                }
            }
        }
        // An article's passages are units of one node: it keeps its best.
        let mut out = Vec::new();
        for Scored { score, key, node, .. } in scored {
            if seen.insert(key) {
                out.push((score, if graph.in_force(node).is_some() { key } else { node }));
                if out.len() == wanted {
                    break;
                }
            }
        }
        out
    }

    /// The units that have what the plan requires (quoted phrases, filters)
    /// in one of their documents.
    fn allowed(&self, searchers: &[Searcher], plan: &Plan) -> HashSet<u32> {
        let mut out = HashSet::new();
        for (part, searcher) in self.parts.iter().zip(searchers) {
            match plan.required_query(searcher, part.language) {
                Required::All => out.extend(part.doc_units.iter().flat_map(|units| units.iter().copied())),
                Required::Nothing => {}
                Required::Those(q) => {
                    let found = searcher.search(q.as_ref(), &UnitScores { part }).unwrap_or_default();
                    out.extend(found.into_iter().map(|(unit, _, _)| unit));
                }
            }
        }
        out
    }
}

/// How many of the best units are read for the rules they send to.
const DEFERRING: usize = 30;

/// The chapter of the state-based actions.
const STATE_BASED_ACTIONS: u16 = 704;

/// A rule that calls what it describes a state-based action (« … loses
/// the game the next time a player would receive priority. (This is a
/// state-based action. See rule 704.) », 48 rules say so) comes after the
/// state-based action that performs it, when that one is found and says
/// as much of the question: it is the rule a judge applies and cites
/// (121.4 → 704.5b, 122.1f → 704.5c). Scores are best first.
fn defer_to_state_based_actions(graph: &Graph, scored: &mut [Scored]) {
    let top = scored.len().min(DEFERRING);
    let mut raised = false;
    for i in 0..top {
        let Scored { score, key, coverage, .. } = scored[i];
        for edge in graph.references(key) {
            let Some(target) = edge.resolution.node().and_then(|t| graph.node(t).id) else { continue };
            if !target.is_within(RuleId::Chapter(STATE_BASED_ACTIONS)) {
                continue;
            }
            for j in 0..scored.len().min(DEFERRING * 4) {
                let Some(id) = graph.node(scored[j].key).id else { continue };
                if j != i && id.is_within(target) && scored[j].score < score && scored[j].coverage >= coverage {
                    scored[j].score = score * 1.01;
                    raised = true;
                }
            }
        }
    }
    if raised {
        scored.sort_by(|a, b| b.score.total_cmp(&a.score));
    }
}

/// A unit scored: its score, its node, the node found best, its coverage.
#[derive(Debug, Clone, Copy)]
struct Scored {
    score: f32,
    key: NodeIdx,
    node: NodeIdx,
    coverage: f32,
}

/// What makes two hits one rule: the rule in force they stand for, or the
/// node itself when it is not in force.
pub(super) fn rule_key(graph: &Graph, node: NodeIdx) -> NodeIdx {
    graph.in_force(node).unwrap_or(node)
}

/// A rule's texts, grouped: the one shown — its French text when one is
/// indexed, else the node found — and the other versions beside it (the
/// rule in force's English text under a French one).
pub(super) fn grouped(graph: &Graph, node: NodeIdx) -> (NodeIdx, Vec<NodeIdx>) {
    let french = graph.shown(node);
    let shown = if french != node && super::documents::indexed(graph, french) { french } else { node };
    let mut versions = Vec::new();
    for other in [graph.in_force(node), Some(node)].into_iter().flatten() {
        if other != shown && !versions.contains(&other) {
            versions.push(other);
        }
    }
    (shown, versions)
}

/// The results in order: the rules reached by their number first, in their
/// order, scored above the best text match; then the text matches, each
/// shown in French when its rule has a French text; at most `limit`.
/// Snippets are left empty.
pub(super) fn ranked(
    graph: &Graph,
    mut by_number: Vec<Hit>,
    text: Vec<(f32, NodeIdx)>,
    limit: usize,
    language: Option<Lang>,
) -> Vec<Hit> {
    let best_text = text.first().map_or(0.0, |h| h.0);
    let direct = by_number.len();
    for (i, h) in by_number.iter_mut().enumerate() {
        h.score = best_text + (direct - i) as f32;
    }
    by_number.extend(text.into_iter().take(limit).map(|(score, node)| {
        // A language filter is obeyed: the text found stays in its language.
        let (node, versions) = if language.is_some() { (node, Vec::new()) } else { grouped(graph, node) };
        Hit { node, score, snippet: Snippet::default(), by_number: false, versions }
    }));
    by_number.truncate(limit);
    by_number
}
