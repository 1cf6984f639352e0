//! Rule numbers in a query: the version of the rule a judge wants, within
//! the filters, and the subrules that follow a number typed alone.

use super::Filters;
use crate::graph::{Graph, NodeIdx};
use crate::vocab::RuleId;

/// The version of `id` a judge wants, within the filters (see [`Graph::find`]).
pub(super) fn best_version(graph: &Graph, id: RuleId, filters: &Filters) -> Option<NodeIdx> {
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
pub(super) fn descendants(graph: &Graph, idx: NodeIdx, out: &mut Vec<NodeIdx>) {
    for &c in &graph.node(idx).children {
        out.push(c);
        descendants(graph, c, out);
    }
}
