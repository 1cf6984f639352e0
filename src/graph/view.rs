//! A rule as judges see it: text, examples, family, references, citations.
//!
//! [`RuleView`] gathers everything about one node into plain data. It is what
//! `arbitre regle --json` prints, and the JSON API serves the same keys.

use serde::Serialize;

use super::Graph;
use super::node::{NodeIdx, NodeKind, Origin};
use crate::vocab::Lang;

/// A node named by its id and edition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeRef {
    /// The rule id (or key for unnumbered nodes).
    pub id: String,
    /// The edition date, if dated.
    pub edition: Option<String>,
    /// The edition's language.
    pub language: Lang,
    /// 0 for the first text of a number, 1 for a duplicate…
    pub occurrence: u16,
}

/// Where a node comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourceView {
    /// The document's path.
    pub path: String,
    /// The 1-based line.
    pub line: u32,
}

/// An example of a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExampleView {
    /// The example's text, « Exemple : » included.
    pub text: String,
    /// The language of the text.
    pub language: Lang,
    /// Where it is printed.
    pub source: SourceView,
}

/// One target of a reference made by the rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReferenceView {
    /// The reference as printed (« 608.2c-j »).
    pub text: String,
    /// The rule named (« 608.2e »).
    pub target: String,
    /// `resolved`, `title_only` or `dangling`.
    pub status: &'static str,
    /// The node it leads to.
    pub node: Option<NodeRef>,
    /// Byte offsets of the reference in the citing text.
    pub start: u32,
    /// End offset (exclusive).
    pub end: u32,
}

/// A node citing the rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CitationView {
    /// The citing rule (an example's rule, an article's slug).
    pub id: String,
    /// What cites: a rule, an example, an article, a glossary entry.
    pub kind: NodeKind,
    /// The citing node's edition.
    pub edition: Option<String>,
    /// Where the citation is printed.
    pub source: SourceView,
}

/// Everything about one node. See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleView {
    /// The rule id (or key).
    pub id: String,
    /// What the node is.
    pub kind: NodeKind,
    /// The language of the text.
    pub language: Lang,
    /// The edition date.
    pub edition: Option<String>,
    /// The edition's language (a French edition may hold English text).
    pub edition_language: Lang,
    /// The title: the node's own, or the nearest titled ancestor's.
    pub title: Option<String>,
    /// The text as printed.
    pub text: String,
    /// Where the number comes from.
    pub origin: Origin,
    /// 0, or the rank of a duplicate.
    pub occurrence: u16,
    /// The examples, in order.
    pub examples: Vec<ExampleView>,
    /// The parent's id.
    pub parent: Option<String>,
    /// The children's ids, in order.
    pub children: Vec<String>,
    /// The previous node of the same level.
    pub previous: Option<String>,
    /// The next node of the same level.
    pub next: Option<String>,
    /// References made by the rule and by its examples.
    pub references: Vec<ReferenceView>,
    /// Nodes citing the rule.
    pub cited_by: Vec<CitationView>,
    /// The same id in the other editions and languages, and duplicates.
    pub other_versions: Vec<NodeRef>,
    /// Where the node is printed.
    pub source: SourceView,
}

impl Graph {
    /// A reference to a node, by id and edition.
    pub fn node_ref(&self, idx: NodeIdx) -> NodeRef {
        let n = self.node(idx);
        let ed = self.edition(n.edition);
        NodeRef {
            id: n.label(),
            edition: ed.date.map(|d| d.to_string()),
            language: ed.language,
            occurrence: n.occurrence,
        }
    }

    fn source_view(&self, idx: NodeIdx, line: u32) -> SourceView {
        SourceView { path: self.document_of(idx).path.clone(), line }
    }

    /// The id a citation is shown under: an example is cited under its rule.
    pub fn citing_label(&self, idx: NodeIdx) -> String {
        let n = self.node(idx);
        match (n.kind, n.parent) {
            (NodeKind::Example, Some(p)) => self.node(p).label(),
            _ => n.label(),
        }
    }

    /// Everything about a node.
    pub fn view(&self, idx: NodeIdx) -> RuleView {
        let n = self.node(idx);
        let ed = self.edition(n.edition);
        let label = |i: NodeIdx| self.node(i).label();
        let (previous, next) = self.neighbours(idx);

        let references = std::iter::once(idx)
            .chain(n.examples.iter().copied())
            .flat_map(|from| {
                let text = &self.node(from).text;
                self.references(from).iter().map(move |e| ReferenceView {
                    text: text[e.span.start as usize..e.span.end as usize].to_string(),
                    target: e.target.to_string(),
                    status: e.resolution.code(),
                    node: e.resolution.node().map(|t| self.node_ref(t)),
                    start: e.span.start,
                    end: e.span.end,
                })
            })
            .collect();

        let mut cited_by: Vec<CitationView> = self
            .cited_by(idx)
            .map(|e| CitationView {
                id: self.citing_label(e.from),
                kind: self.node(e.from).kind,
                edition: self.edition(self.node(e.from).edition).date.map(|d| d.to_string()),
                source: self.source_view(e.from, e.line),
            })
            .collect();
        cited_by.dedup();

        let other_versions = match n.id {
            Some(id) => self.versions(id).iter().filter(|&&v| v != idx).map(|&v| self.node_ref(v)).collect(),
            None => Vec::new(),
        };

        RuleView {
            id: n.label(),
            kind: n.kind,
            language: n.language,
            edition: ed.date.map(|d| d.to_string()),
            edition_language: ed.language,
            title: self.display_title(idx).map(str::to_string),
            text: n.text.clone(),
            origin: n.origin,
            occurrence: n.occurrence,
            examples: n
                .examples
                .iter()
                .map(|&x| {
                    let e = self.node(x);
                    ExampleView {
                        text: e.text.clone(),
                        language: e.language,
                        source: self.source_view(x, e.source.line),
                    }
                })
                .collect(),
            parent: n.parent.map(label),
            children: n.children.iter().map(|&c| label(c)).collect(),
            previous: previous.map(label),
            next: next.map(label),
            references,
            cited_by,
            other_versions,
            source: self.source_view(idx, n.source.line),
        }
    }
}
