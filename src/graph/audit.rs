//! The line audit: proof that nothing in a source document was lost.
//!
//! For every non-blank line of a document, the audit checks that it has an
//! owner (a node, an anomaly, or layout) and that the owner really holds the
//! line's words: a rule's text contains the line, a number line carries the
//! owner's own number (`608.2b` is owned by rule 608.2b, not by 608.2c), a
//! heading line is the owner's heading. A line owned but not contained, or
//! not owned at all, is listed.
//!
//! The audit is linear in the size of the document: a node's lines come in
//! the order of its text, so each line is looked for from where the previous
//! one was found ([`Cursors`]), not from the start of the text (a node of
//! megabytes would make that quadratic). A line not found after the cursor is
//! looked for in the whole text only when the text is short.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::{Graph, Owner};

/// The result of auditing one document.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct LineAudit {
    /// The document's path.
    pub path: String,
    /// All lines.
    pub lines: usize,
    /// Non-blank lines.
    pub content_lines: usize,
    /// Lines owned by nodes.
    pub in_nodes: usize,
    /// Lines owned by anomalies.
    pub in_anomalies: usize,
    /// Lines holding layout only.
    pub markup: usize,
    /// Lines shared by several owners (several cells on one line).
    pub shared: Vec<u32>,
    /// Non-blank lines nobody owns: lost text.
    pub unowned: Vec<u32>,
    /// Lines whose owner does not hold their words.
    pub not_contained: Vec<u32>,
}

impl LineAudit {
    /// Whether every line is accounted for, each by exactly one owner.
    pub fn is_lossless(&self) -> bool {
        self.unowned.is_empty() && self.not_contained.is_empty() && self.shared.is_empty()
    }
}

/// Longest node text searched from its start when a line is not found after
/// the cursor (lines out of order in a short node: a title, a table row).
const WHOLE_TEXT_SEARCH: usize = 64 * 1024;

/// Where the last line of each owner was found in its text (owners keyed
/// as `(0, node)` and `(1, anomaly)`).
#[derive(Default)]
struct Cursors(HashMap<(u8, usize), usize>);

impl Cursors {
    /// Whether `text` (owner `key`'s) holds `cell`, searching from the cursor
    /// and moving it past the match.
    fn find(&mut self, key: (u8, usize), text: &str, cell: &str) -> bool {
        let from = self.0.get(&key).copied().unwrap_or(0).min(text.len());
        let found = text.get(from..).and_then(|rest| rest.find(cell)).map(|i| from + i + cell.len());
        match found {
            Some(end) => {
                self.0.insert(key, end);
                true
            }
            None => text.len() <= WHOLE_TEXT_SEARCH && text.contains(cell),
        }
    }
}

static LEADING_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{1,3}(?:\.\d{1,3}[A-Za-z]?)?)\.?(?:\s+|$)").unwrap());

impl Graph {
    /// Audits the lines of document `d`.
    pub fn audit(&self, d: usize) -> LineAudit {
        let doc = &self.documents[d];
        let mut audit = LineAudit { path: doc.path.clone(), lines: doc.lines.len(), ..Default::default() };
        let mut shared: HashMap<u32, Vec<Owner>> = HashMap::new();
        for (l, o) in &doc.shared {
            shared.entry(*l).or_default().push(*o);
        }
        let mut cursors = Cursors::default();
        for (i, raw) in doc.lines.iter().enumerate() {
            let line = i as u32 + 1;
            let content = raw.trim();
            if content.is_empty() {
                continue;
            }
            audit.content_lines += 1;
            let extra: Vec<Owner> = shared.get(&line).cloned().unwrap_or_default();
            if !extra.is_empty() {
                audit.shared.push(line);
            }
            let owner = doc.owner(line);
            match owner {
                Owner::Nobody => audit.unowned.push(line),
                Owner::Markup => {
                    audit.markup += 1;
                    if !content.chars().all(|c| c == '|' || c.is_whitespace()) {
                        audit.not_contained.push(line);
                    }
                }
                Owner::Node(_) => audit.in_nodes += 1,
                Owner::Anomaly(_) => audit.in_anomalies += 1,
            }
            if matches!(owner, Owner::Node(_) | Owner::Anomaly(_)) {
                let owners: Vec<Owner> = std::iter::once(owner).chain(extra).collect();
                if !self.holds(&owners, content, &mut cursors) {
                    audit.not_contained.push(line);
                }
            }
        }
        audit
    }

    /// Whether the owners together hold the words of a line: each cell of the
    /// line (text between `|`) is held by one of them.
    fn holds(&self, owners: &[Owner], line: &str, cursors: &mut Cursors) -> bool {
        line.split('|')
            .map(str::trim)
            .filter(|cell| !cell.is_empty())
            .all(|cell| owners.iter().any(|o| self.owner_holds(*o, cell, cursors)))
    }

    fn owner_holds(&self, owner: Owner, cell: &str, cursors: &mut Cursors) -> bool {
        match owner {
            Owner::Anomaly(a) => self.anomalies[a].text.as_deref().is_some_and(|t| cursors.find((1, a), t, cell)),
            Owner::Node(n) => {
                let node = self.node(n);
                let mut in_node = |s: &str| {
                    cursors.find((0, n.0 as usize), &node.text, s)
                        || node.title.as_deref().is_some_and(|t| t.contains(s))
                        || node.heading.as_deref().is_some_and(|h| h.contains(s))
                };
                if in_node(cell) {
                    return true;
                }
                // « 608.2b », « 608.1. », « 100.1. These rules… »: the number is
                // the owner's own, and the rest is in its text.
                match LEADING_NUMBER.captures(cell) {
                    Some(c) => {
                        let number_matches = node.id.is_some_and(|id| c[1].eq_ignore_ascii_case(&id.to_string()));
                        let rest = cell[c.get(0).unwrap().end()..].trim();
                        number_matches && (rest.is_empty() || in_node(rest))
                    }
                    None => false,
                }
            }
            Owner::Markup | Owner::Nobody => false,
        }
    }
}
