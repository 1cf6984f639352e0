//! Which version of a rule to show.
//!
//! The same number may exist in several editions and languages (the French
//! 2011 text of 608.2b, the English 2026 one), twice in one edition (a
//! duplicate printed in the source), or as a title only (a chapter listed in
//! a table of contents). Every caller that turns a number into one node —
//! look-ups ([`Graph::find`]), links in rule texts, search hits, the tables
//! of contents — asks here, so the choice is the same everywhere:
//!
//! 1. a version with content (its own text, or rules under it) over a title only;
//! 2. French over English: French is the judges' language;
//! 3. the newest edition;
//! 4. the first text printed under the number.
//!
//! A heading shown for several versions together (a chapter in a table of
//! contents) is the title of the newest edition that gives one
//! ([`Graph::newest_title`]).

use std::cmp::Reverse;

use super::Graph;
use super::node::NodeIdx;
use crate::vocab::{Date, Lang, RuleId};

/// How much a version is preferred: greater is better (see the module documentation).
type Preference = (bool, bool, Option<Date>, Reverse<u16>);

impl Graph {
    fn preference(&self, idx: NodeIdx) -> Preference {
        let node = self.node(idx);
        let edition = self.edition(node.edition);
        (self.has_content(idx), edition.language == Lang::Fr, edition.date, Reverse(node.occurrence))
    }

    /// The preferred node for a plain id, among all its versions.
    pub fn find(&self, id: RuleId) -> Option<NodeIdx> {
        self.preferred(self.versions(id).iter().copied())
    }

    /// The preferred node among versions of one id (a caller may have
    /// filtered them first: one language, one edition).
    pub fn preferred(&self, versions: impl Iterator<Item = NodeIdx>) -> Option<NodeIdx> {
        versions.max_by_key(|&n| self.preference(n))
    }

    /// The title of the newest version that has one.
    pub fn newest_title(&self, versions: &[NodeIdx]) -> Option<&str> {
        let mut by_date: Vec<NodeIdx> = versions.to_vec();
        by_date.sort_by_key(|&n| Reverse(self.edition(self.node(n).edition).date));
        by_date.iter().find_map(|&n| self.node(n).title.as_deref())
    }
}
