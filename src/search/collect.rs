//! Collection: the planned query ([`super::plan`]) run on each language's
//! index, the hits gathered best first. Scores are adjusted as they are
//! collected by the two priors of [`super::weights`] (a subrule's rank, the
//! edition's language); a node found in several passages keeps its best; a
//! rule found in both languages adds a share of its second score to its best; then the rules reached
//! by their number ([`super::numbers`]) are placed above every text match,
//! and each rule is shown by its French text when it has one.

use std::collections::{HashMap, HashSet};

use tantivy::Searcher;
use tantivy::collector::TopDocs;

use super::plan::Plan;
use super::snippet::Snippet;
use super::weights::{COVERAGE_POWER, RANK_PRIOR, W_CHAPTER_NAMED, W_CORROBORATION, W_OTHER_LANGUAGE};
use super::{Hit, SearchIndex};
use crate::graph::{Graph, NodeIdx};
use crate::vocab::Lang;

impl SearchIndex {
    /// The nodes the plan finds, best first, each rule once and none of
    /// `seen` (which they join, by [`rule_key`]): at most `wanted`
    /// documents are read from each index. A rule's French text and its
    /// rule in force are two witnesses of one rule: its score is the best of
    /// the two, plus a share of the other ([`W_CORROBORATION`]), under the
    /// node found best.
    /// When the judge writes English, French texts weigh less.
    pub(super) fn collect(
        &self,
        searchers: &[Searcher],
        plan: &Plan,
        language: Lang,
        wanted: usize,
        seen: &mut HashSet<NodeIdx>,
        graph: &Graph,
    ) -> Vec<(f32, NodeIdx)> {
        let mut scored: Vec<(f32, NodeIdx)> = Vec::new();
        for (part, searcher) in self.parts.iter().zip(searchers) {
            let Some(q) = plan.query_for(searcher) else { continue };
            let weight = if language == Lang::En && part.language == Lang::Fr { W_OTHER_LANGUAGE } else { 1.0 };
            // Plain BM25 order lets tantivy skip blocks that cannot enter the top
            // (block-max WAND); the priors are applied to what was collected.
            let collector = TopDocs::with_limit(wanted).order_by_score();
            let wanted = &plan.wanted[part.language as usize];
            for (score, address) in searcher.search(&q, &collector).unwrap_or_default() {
                let node = part.node(address);
                let rank = super::documents::subrule_rank(graph.node(node).id);
                let score = score / (1.0 + RANK_PRIOR * rank as f32) * weight;
                let coverage = self.tables.coverage(node, wanted);
                let named = graph.node(node).id.and_then(|id| id.chapter()).is_some_and(|c| plan.chapters.contains(&c));
                let head_start = if named { W_CHAPTER_NAMED } else { 1.0 };
                scored.push((score * coverage.powf(COVERAGE_POWER) * head_start, node));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        // Best score per rule and language, then summed; the rule keeps the node found best.
        let mut best: HashMap<(NodeIdx, Lang), f32> = HashMap::new();
        let mut rules: Vec<(NodeIdx, NodeIdx)> = Vec::new();
        for &(score, node) in &scored {
            let key = rule_key(graph, node);
            if seen.contains(&key) {
                continue;
            }
            let language = graph.node(node).language;
            if !best.contains_key(&(key, Lang::Fr)) && !best.contains_key(&(key, Lang::En)) {
                rules.push((key, node));
            }
            best.entry((key, language)).or_insert(score);
        }
        let mut out: Vec<(f32, NodeIdx)> = rules
            .into_iter()
            .map(|(key, node)| {
                let fr = best.get(&(key, Lang::Fr)).copied().unwrap_or(0.0);
                let en = best.get(&(key, Lang::En)).copied().unwrap_or(0.0);
                let sum = fr.max(en) + W_CORROBORATION * fr.min(en);
                seen.insert(key);
                (sum, node)
            })
            .collect();
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        out
    }
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
