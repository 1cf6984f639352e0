//! Collection: the planned query ([`super::plan`]) run on each language's
//! index, the hits gathered best first. Scores are adjusted as they are
//! collected by the two priors of [`super::weights`] (a subrule's rank, the
//! edition's language); a node found in several passages keeps its best;
//! then the rules reached by their number ([`super::numbers`]) are placed
//! above every text match.

use std::collections::HashSet;

use tantivy::collector::TopDocs;
use tantivy::{DocId, Score, Searcher, SegmentReader};

use super::plan::Plan;
use super::snippet::Snippet;
use super::weights::{RANK_PRIOR, W_OTHER_LANGUAGE};
use super::{Hit, SearchIndex};
use crate::graph::{Graph, NodeIdx};
use crate::vocab::Lang;

impl SearchIndex {
    /// The nodes the plan finds, best first, each rule once (a French text
    /// and its rule in force are one rule: the better scored stays) and none
    /// of `seen` (which they join, by [`rule_key`]): at most `wanted`
    /// documents are read from each index. Editions in another language than
    /// `language` weigh less.
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
            let weight = if part.language == language { 1.0 } else { W_OTHER_LANGUAGE };
            let collector = TopDocs::with_limit(wanted).tweak_score(move |segment: &SegmentReader| {
                let rank = segment.fast_fields().u64("rank").ok().map(|c| c.first_or_default_col(0));
                move |doc: DocId, score: Score| {
                    let k = rank.as_ref().map_or(0, |r| r.get_val(doc));
                    score / (1.0 + RANK_PRIOR * k as f32) * weight
                }
            });
            for (score, address) in searcher.search(&q, &collector).unwrap_or_default() {
                scored.push((score, part.node(address)));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.into_iter().filter(|&(_, node)| seen.insert(rule_key(graph, node))).collect()
    }
}

/// What makes two hits one rule: the rule in force they stand for, or the
/// node itself when it is not in force.
pub(super) fn rule_key(graph: &Graph, node: NodeIdx) -> NodeIdx {
    graph.in_force(node).unwrap_or(node)
}

/// The results in order: the rules reached by their number first, in their
/// order, scored above the best text match; then the text matches; at most
/// `limit`. Snippets are left empty.
pub(super) fn ranked(mut by_number: Vec<Hit>, text: Vec<(f32, NodeIdx)>, limit: usize) -> Vec<Hit> {
    let best_text = text.first().map_or(0.0, |h| h.0);
    let direct = by_number.len();
    for (i, h) in by_number.iter_mut().enumerate() {
        h.score = best_text + (direct - i) as f32;
    }
    by_number.extend(text.into_iter().map(|(score, node)| Hit {
        node,
        score,
        snippet: Snippet::default(),
        by_number: false,
    }));
    by_number.truncate(limit);
    by_number
}
