//! Collection: each concept of the planned query ([`super::plan`]) run on
//! each index (each language's, and the glosses' for a French question),
//! every document it matches collected by its
//! *unit* — a rule (its French text and its rule in force are one unit), or
//! a passage of an article — then the units ranked.
//!
//! A unit's score is the sum, over the concepts, of the concept's weight
//! times how well the unit says it — the better of its French and English
//! texts, so that a rule is found whichever language says it, and counted
//! once (a keyword the query names is said by each subrule of its rule as
//! well as by the one that says it best); plus the words typed side by
//! side found close together; times
//! the share of the query's weight the unit says, to a power (a rule that
//! has every word a judge typed comes before one that has a single rare
//! word); times two priors of [`super::weights`]: a subrule's rank, a head
//! start for the chapter the query names. Then the rules reached by their
//! number ([`super::numbers`]) are placed above every text match, and each
//! rule is shown by its French text when it has one.

use std::sync::Arc;

use rustc_hash::FxHashSet;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::query::{DisjunctionMaxQuery, Query};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader, Term};

use super::part::{Part, Reading};
use super::plan::{Plan, Required};
use super::score::Scratch;
use super::snippet::Snippet;
use super::weights::{
    COVERAGE_POWER, POINTED_COVERAGE, RANK_PRIOR, W_CORROBORATION, W_GLOSS, W_NAMED, W_OTHER_LANGUAGE, W_PROXIMITY,
    W_STATING,
};
use super::{Hit, SearchIndex};
use crate::graph::{Graph, NodeIdx};
use crate::vocab::{Lang, RuleId};

/// What collection gives: the units found, best first, and for each
/// family of [`Plan::card_families`] the node of its best unit, wherever
/// it ranks.
pub(super) struct Collected {
    /// Score and node of each unit kept, best first.
    pub(super) ranked: Vec<(f32, NodeIdx)>,
    /// Each card family the words found, and its best rule.
    pub(super) family_best: Vec<(RuleId, NodeIdx)>,
}

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
    /// One concept's best match per unit and language (reset after each
    /// concept); a unit [`Tally::share`] gives a keyword's match holds it
    /// in the French slot alone.
    best: [Vec<f32>; 2],
    /// The node whose document matched best, per unit (the unit's own
    /// node, at 0, for a unit only [`Tally::share`] found).
    found: Vec<Option<(NodeIdx, f32)>>,
    /// The units one concept matched.
    touched: Vec<u32>,
    /// The concepts' weights, summed.
    query_weight: f32,
}

thread_local! {
    /// The tally and the sums of this thread's last search, kept for its
    /// next: allocating and zeroing their arrays (one value per unit, per
    /// document) for each search was 4 % of a search's instructions.
    static KEPT: std::cell::RefCell<(Option<Tally>, Option<Scratch>)> = const { std::cell::RefCell::new((None, None)) };
}

impl Tally {
    /// A tally of zeros for `units` units: the one this thread kept, made
    /// zero again, or a new one.
    fn new(units: usize) -> Tally {
        match KEPT.with(|k| k.borrow_mut().0.take()) {
            Some(mut t) if t.total.len() == units => {
                let [fr, en] = &mut t.best;
                for v in [&mut t.total, &mut t.covered, fr, en] {
                    v.fill(0.0);
                }
                t.found.fill(None);
                t.touched.clear();
                t.query_weight = 0.0;
                t
            }
            _ => Tally {
                total: vec![0.0; units],
                covered: vec![0.0; units],
                best: [vec![0.0; units], vec![0.0; units]],
                found: vec![None; units],
                touched: Vec::new(),
                query_weight: 0.0,
            },
        }
    }

    /// Gives the tally back to this thread, for its next search.
    fn keep(self) {
        KEPT.with(|k| k.borrow_mut().0 = Some(self));
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
            self.total[u] += weight * (fr.max(en) + W_CORROBORATION * fr.min(en));
            if covers {
                self.covered[u] += weight;
            }
            self.best[0][u] = 0.0;
            self.best[1][u] = 0.0;
        }
        self.touched.clear();
    }
}

impl Tally {
    /// Shares the current concept's best match in a family of units (a
    /// named rule and its subrules) with each of them: a keyword's subrule
    /// is about the keyword whether or not its text repeats the name, so
    /// the name the query gives tells the family from the rest, and the
    /// rest of the question tells its subrules apart (the one that answers
    /// before the « a » subrule that only repeats the name most).
    fn share(&mut self, family: &[(u32, NodeIdx)]) {
        let said = |best: &[Vec<f32>; 2], u: usize| {
            let (fr, en) = (best[0][u], best[1][u]);
            fr.max(en) + W_CORROBORATION * fr.min(en)
        };
        let most = family.iter().map(|&(u, _)| said(&self.best, u as usize)).fold(0.0, f32::max);
        if most <= 0.0 {
            return;
        }
        for &(unit, node) in family {
            let u = unit as usize;
            if self.best[0][u] == 0.0 && self.best[1][u] == 0.0 {
                self.touched.push(unit);
            }
            self.best[0][u] = most;
            self.best[1][u] = 0.0;
            if self.found[u].is_none() {
                self.found[u] = Some((node, 0.0));
            }
        }
    }

    /// The units with the `n` best totals so far, as a set.
    fn best_units(&self, n: usize) -> Vec<bool> {
        let mut order: Vec<u32> = (0..self.total.len() as u32).filter(|&u| self.total[u as usize] > 0.0).collect();
        if order.len() > n {
            order.select_nth_unstable_by(n, |&a, &b| self.total[b as usize].total_cmp(&self.total[a as usize]));
            order.truncate(n);
        }
        let mut set = vec![false; self.total.len()];
        for u in order {
            set[u as usize] = true;
        }
        set
    }
}

impl SearchIndex {
    /// Runs one query on one index and records what it matches.
    fn run(&self, part: &Part, searcher: &Reading, query: &dyn Query, factor: f32, tally: &mut Tally) {
        for (unit, node, score) in searcher.search(query, &UnitScores { part }).unwrap_or_default() {
            tally.saw(unit, node, score * factor, part.language);
        }
    }

    /// The units the plan finds, best first, each rule once and none of
    /// `seen` (which they join, by [`rule_key`]): at most `wanted`, each by
    /// the node found best; and the best of each card family, from all
    /// the units found. When the judge writes English, French texts weigh
    /// less.
    pub(super) fn collect(
        &self,
        searchers: &[Reading],
        plan: &Plan,
        restriction: Option<&Restriction>,
        wanted: usize,
        seen: &mut FxHashSet<NodeIdx>,
        graph: &Graph,
    ) -> Collected {
        let tally = self.tally(searchers, plan);
        let mut scored: Vec<Scored> = Vec::new();
        for (u, &key) in self.units.iter().enumerate() {
            let Some((node, _)) = tally.found[u] else { continue };
            let languages = self.units.languages[u];
            let barred = restriction.is_some_and(|r| !r.admits(u as u32, languages));
            if tally.total[u] > 0.0 && !barred && !seen.contains(&key) {
                scored.push(self.scored(graph, plan, &tally, u, key, node));
            }
        }
        let family_best = family_best(graph, &plan.card_families, &scored);
        // Only the best can be shown or raised: they are put in order, the rest left aside.
        let kept = (wanted + DEFERRING * 4).min(scored.len());
        if kept < scored.len() {
            scored.select_nth_unstable_by(kept, |a, b| b.score.total_cmp(&a.score));
            scored.truncate(kept);
        }
        scored.sort_by(|a, b| b.score.total_cmp(&a.score));
        defer_to_state_based_actions(graph, &mut scored);
        // An article's passages are units of one node: it keeps its best.
        let mut out = Vec::new();
        for Scored { score, key, node, .. } in scored {
            if seen.insert(key) {
                out.push((score, shown(graph, key, node)));
                if out.len() == wanted {
                    break;
                }
            }
        }
        tally.keep();
        Collected { ranked: out, family_best }
    }

    /// Each concept of the plan, then the pairs of words typed side by side,
    /// run on each index and added up by unit.
    fn tally(&self, searchers: &[Reading], plan: &Plan) -> Tally {
        let language = plan.language;
        let families = self.families(plan);
        let mut tally = Tally::new(self.units.len());
        let factor = |part: &Part| {
            let other = if language == Lang::En && part.language == Lang::Fr { W_OTHER_LANGUAGE } else { 1.0 };
            if part.glosses { other * W_GLOSS } else { other }
        };
        // The sums are zero after each use (they are drained): kept as they are.
        let mut scratch = KEPT.with(|k| k.borrow_mut().1.take()).unwrap_or_default();
        // The glosses bring French questions to English rules: an English
        // question reads the English texts themselves, and a phrase quoted
        // in English, or a query that is only quoted phrases, looks for a
        // text as written, not in other words. A phrase quoted in French
        // inside a question (« capacité "vous pouvez" … ») cannot be in an
        // English text: the glosses are where a rule with no French text
        // may say it.
        let glosses = language == Lang::Fr && !plan.phrase_languages()[Lang::En as usize] && !plan.only_quoted;
        let parts = || self.parts.iter().zip(searchers).filter(move |(p, _)| glosses || !p.glosses);
        for c in &plan.concepts {
            for (part, reading) in parts() {
                let f = factor(part);
                self.concept_matches(reading, part, c, &mut scratch, |segment, doc, score| {
                    let (s, d) = (segment as usize, doc as usize);
                    let w = f * part.doc_weight(s, d);
                    tally.saw(part.doc_units[s][d], part.doc_nodes[s][d], score * w, part.language);
                });
            }
            for (rule, family) in &families {
                if c.keywords.contains(rule) {
                    tally.share(family);
                }
            }
            tally.add(c.weight, true);
            tally.query_weight += c.weight;
        }
        // Words typed side by side, found close together: a bonus at the
        // weight of an average concept.
        // Only the best units so far are looked at: the bonus orders them.
        let mean = tally.query_weight / plan.concepts.len().max(1) as f32;
        let candidates = tally.best_units(PROXIMITY_CANDIDATES);
        // In the rules' texts: a gloss is too short for its words' distance
        // to tell, and the phrase queries on it cost a tenth of the page.
        for (part, reading) in parts().filter(|(p, _)| !p.glosses) {
            let queries = plan.pairs_queries(part.language, reading);
            let f = factor(part);
            self.matches_among(reading, part, &queries, &candidates, &mut scratch, |unit, node, score| {
                tally.saw(unit, node, score * f, part.language);
            });
        }
        tally.add(W_PROXIMITY * mean, false);
        // Quoted phrases found as typed, the rarer the more: in the rules' texts.
        for (part, searcher) in self.parts.iter().zip(searchers).filter(|(p, _)| !p.glosses) {
            if let Some(q) = plan.quoted_query(part.language, searcher) {
                self.run(part, searcher, q.as_ref(), factor(part), &mut tally);
            }
        }
        tally.add(1.0, false);
        KEPT.with(|k| k.borrow_mut().1 = Some(scratch));
        tally
    }

    /// The units of each keyword the plan names, with their nodes: the
    /// keyword's rule and its subrules.
    fn families(&self, plan: &Plan) -> Vec<(RuleId, Vec<(u32, NodeIdx)>)> {
        let mut families: Vec<(RuleId, Vec<(u32, NodeIdx)>)> = Vec::new();
        for &rule in plan.concepts.iter().flat_map(|c| &c.keywords) {
            if !families.iter().any(|(r, _)| *r == rule) {
                let family = self.units.family(rule).iter().map(|&u| (u, self.units.keys[u as usize])).collect();
                families.push((rule, family));
            }
        }
        families
    }

    /// One unit's score: what it says of the query, times the share of the
    /// query's weight it says, and the priors — the head start of the rules
    /// the query names, more for the node that states a rule named when it
    /// says the whole question; a subrule after its rule, a later subrule
    /// after an earlier one.
    fn scored(&self, graph: &Graph, plan: &Plan, tally: &Tally, u: usize, key: NodeIdx, node: NodeIdx) -> Scored {
        let coverage = if tally.query_weight > 0.0 { (tally.covered[u] / tally.query_weight).min(1.0) } else { 1.0 };
        let id = graph.node(key).id;
        let subrule = matches!(id, Some(RuleId::Subrule { .. }));
        let rank = super::documents::subrule_rank(id) + u64::from(subrule);
        let named = id.is_some_and(|id| plan.named.iter().any(|&r| id.is_within(r)));
        // The node that states a rule named: the rule itself, or its first subrule.
        let stating = id
            .is_some_and(|id| plan.named.iter().any(|&r| id == r || (subrule && id.parent() == Some(r) && rank == 1)));
        // A subrule a word of jargon points at (« LKI » → 608.2h) answers
        // the question it is typed in, whatever else that question says.
        let coverage = if id.is_some_and(|id| plan.pointed.iter().any(|&r| id.is_within(r))) {
            coverage.max(POINTED_COVERAGE)
        } else {
            coverage
        };
        let mut head_start = if named { W_NAMED } else { 1.0 };
        if stating && coverage >= 1.0 - f32::EPSILON {
            head_start *= W_STATING;
        }
        let score = tally.total[u] * coverage.powf(COVERAGE_POWER) * head_start / (1.0 + RANK_PRIOR * rank as f32);
        Scored { score, key, node, coverage }
    }

    /// The nodes whose texts have one of `phrases` word for word, each in
    /// the texts of its language (not the glosses): a card's name in a
    /// rule's example.
    pub(super) fn saying(&self, searchers: &[Reading], phrases: &[(Lang, String)]) -> Vec<NodeIdx> {
        let mut out: Vec<NodeIdx> = Vec::new();
        for (part, searcher) in self.parts.iter().zip(searchers).filter(|(p, _)| !p.glosses) {
            let present = |t: &Term| searcher.doc_freq(t) > 0;
            let alternatives: Vec<Box<dyn Query>> = phrases
                .iter()
                .filter(|(lang, _)| *lang == part.language)
                .flat_map(|(lang, phrase)| self.phrase(phrase, *lang))
                .filter(|terms| !terms.is_empty() && terms.iter().all(|(_, t)| present(t)))
                .map(|terms| super::plan::word_for_word(&terms))
                .collect();
            if alternatives.is_empty() {
                continue;
            }
            let query = DisjunctionMaxQuery::new(alternatives);
            for (_, node, _) in searcher.search(&query, &UnitScores { part }).unwrap_or_default() {
                if !out.contains(&node) {
                    out.push(node);
                }
            }
        }
        out
    }

    /// What the plan requires of results (quoted phrases, filters), by
    /// unit; `None` when it requires nothing.
    pub(super) fn restriction(&self, searchers: &[Reading], plan: &Plan) -> Option<Restriction> {
        if !plan.restricts() {
            return None;
        }
        let units = self.units.keys.len();
        let mut r =
            Restriction { by_language: [vec![false; units], vec![false; units]], phrases: plan.phrase_languages() };
        for (part, searcher) in self.parts.iter().zip(searchers).filter(|(p, _)| !p.glosses) {
            let allowed = &mut r.by_language[part.language as usize];
            let mut allow = |unit: u32| allowed[unit as usize] = true;
            match plan.required_query(searcher, part.language) {
                Required::All => part.doc_units.iter().flat_map(|units| units.iter()).for_each(|&u| allow(u)),
                Required::Nothing => {}
                Required::Those(q) => {
                    let found = searcher.search(q.as_ref(), &UnitScores { part }).unwrap_or_default();
                    found.into_iter().for_each(|(unit, _, _)| allow(unit));
                }
            }
        }
        Some(r)
    }
}

/// What the results may be (see [`SearchIndex::restriction`]): the units
/// whose documents of each language have what is required — the filters,
/// and the quoted phrases of that language.
pub(super) struct Restriction {
    /// Per language, by unit: whether it may be a result.
    by_language: [Vec<bool>; 2],
    /// The languages quoted phrases are in.
    phrases: [bool; 2],
}

impl Restriction {
    /// Whether a unit with texts in `languages` may be a result: by its
    /// text in the language of a quoted phrase when it has one (a French
    /// text shown must have the French words quoted), else by any of its
    /// texts (an English rule has the quoted words in its own words).
    fn admits(&self, unit: u32, languages: [bool; 2]) -> bool {
        let quoted: Vec<usize> = (0..2).filter(|&l| self.phrases[l] && languages[l]).collect();
        if quoted.is_empty() {
            self.by_language.iter().any(|a| a[unit as usize])
        } else {
            quoted.iter().all(|&l| self.by_language[l][unit as usize])
        }
    }

    /// Whether every quoted phrase is in some text of its language: when
    /// one is in none, the judge quoted from memory.
    pub(super) fn phrases_found(&self) -> bool {
        (0..2).all(|l| !self.phrases[l] || self.by_language[l].contains(&true))
    }
}

/// The node a unit is ranked by: its rule in force when the node found
/// has one, else the node (a passage of an article).
fn shown(graph: &Graph, key: NodeIdx, node: NodeIdx) -> NodeIdx {
    if graph.in_force(node).is_some() { key } else { node }
}

/// The best unit of each family, among all the units the words found
/// (« jace … +2 puis 0 dans le même tour » finds 606.3 far down; the
/// card, a planeswalker, says the family is 606).
fn family_best(graph: &Graph, families: &[RuleId], scored: &[Scored]) -> Vec<(RuleId, NodeIdx)> {
    if families.is_empty() {
        return Vec::new();
    }
    let ids: Vec<Option<RuleId>> = scored.iter().map(|s| graph.node(s.key).id).collect();
    families
        .iter()
        .filter_map(|&family| {
            let best = scored
                .iter()
                .zip(&ids)
                .filter(|(_, id)| id.is_some_and(|id| id.is_within(family)))
                .max_by(|a, b| a.0.score.total_cmp(&b.0.score))?;
            Some((family, shown(graph, best.0.key, best.0.node)))
        })
        .collect()
}

/// How many of the best units are looked at for the words typed side by
/// side (the proximity bonus orders the best; it cannot lift a unit from
/// far below).
const PROXIMITY_CANDIDATES: usize = 200;

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
