//! Rule numbers in a query: the version of the rule a judge wants, within
//! the filters, and the subrules that follow a number typed alone. These
//! hits come before any text match ([`super::collect::ranked`]).

use rustc_hash::FxHashSet;

use super::query::UserQuery;
use super::snippet::Snippet;
use super::{Filters, Hit};
use crate::graph::{Graph, NodeIdx};
use crate::vocab::RuleId;

/// The rules the query names by number, in its order, each once (`seen`
/// records them by [`super::collect::rule_key`]); a number typed alone brings its subrules after it
/// (`701.9` → 701.9, 701.9a … 701.9f). Scores and snippets come later.
pub(super) fn hits(graph: &Graph, query: &UserQuery, filters: &Filters, seen: &mut FxHashSet<NodeIdx>) -> Vec<Hit> {
    let mut hits = Vec::new();
    for &id in &query.ids {
        if let Some(n) = best_version(graph, id, filters) {
            let mut family = vec![n];
            if query.is_id {
                // The rule in force's subrules, each shown as a plain number shows it.
                let base = graph.in_force(n).unwrap_or(n);
                let mut below = Vec::new();
                descendants(graph, base, &mut below);
                family.extend(below.into_iter().map(|d| graph.shown(d)));
            }
            for f in family {
                if seen.insert(super::collect::rule_key(graph, f)) {
                    let (node, versions) = super::collect::grouped(graph, f);
                    hits.push(Hit { node, score: 0.0, snippet: Snippet::default(), by_number: true, versions });
                }
            }
        }
    }
    hits
}

/// The version of `id` a judge wants: what a plain number gives
/// ([`Graph::find`]), or with filters, the preferred version within them.
fn best_version(graph: &Graph, id: RuleId, filters: &Filters) -> Option<NodeIdx> {
    if *filters == Filters::default() {
        return graph.find(id);
    }
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
