//! Nodes and edges of the rule graph.

use std::ops::Range;

use crate::vocab::{Lang, RuleId};

/// Index of a node in the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeIdx(pub u32);

/// Index of an edition in the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EditionIdx(pub u16);

/// Index of an edge (one reference target) in the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EdgeIdx(pub u32);

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// A source document (owns its header lines).
    Document,
    /// A document's table of contents.
    Contents,
    /// A section (`6`).
    Section,
    /// A chapter (`608`).
    Chapter,
    /// A numbered rule (`608.2`).
    Rule,
    /// A lettered subrule (`608.2b`).
    Subrule,
    /// An example attached to a rule.
    Example,
    /// A glossary entry.
    Glossary,
    /// A judge-class article.
    Article,
    /// Unnumbered prose: introduction, credits.
    Prose,
}

impl NodeKind {
    /// Sections, chapters, rules and subrules: the nodes with a [`RuleId`].
    pub fn is_numbered(self) -> bool {
        matches!(self, NodeKind::Section | NodeKind::Chapter | NodeKind::Rule | NodeKind::Subrule)
    }
}

/// Where a numbered node's number comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    /// The number is printed in the source, with the node's text or heading.
    Source,
    /// The node is known from a table of contents only (title, no text).
    Contents,
    /// An unnumbered heading printed just before the rule's subrules.
    Heading,
    /// Not printed: the parent of subrules that are (701.15 for 701.15a–c).
    Implied,
}

/// A place in a source document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceRef {
    /// Index of the document in the graph.
    pub document: usize,
    /// 1-based line.
    pub line: u32,
}

/// A node of the graph: a rule, an example, a chapter, an article…
#[derive(Debug, Clone)]
pub struct Node {
    /// What the node is.
    pub kind: NodeKind,
    /// The rule number, for sections, chapters, rules and subrules.
    pub id: Option<RuleId>,
    /// A key for the other kinds: the article's slug, the glossary term.
    pub key: String,
    /// The edition the node belongs to.
    pub edition: EditionIdx,
    /// The language of the node's text (an untranslated rule in a French
    /// edition is `En`).
    pub language: Lang,
    /// The node's own title (sections, chapters, title-like rules, articles).
    pub title: Option<String>,
    /// The heading line as printed, when different from the title.
    pub heading: Option<String>,
    /// The text as printed (NFC, typographic characters kept), paragraphs
    /// separated by `\n`.
    pub text: String,
    /// Markdown rendering (articles).
    pub markdown: Option<String>,
    /// 0, or 1, 2… for the second, third… text printed under the same number.
    pub occurrence: u16,
    /// Where the number comes from.
    pub origin: Origin,
    /// Parent: the nearest existing ancestor for numbered nodes, the rule for examples.
    pub parent: Option<NodeIdx>,
    /// Numbered children, in rule order.
    pub children: Vec<NodeIdx>,
    /// Examples, in source order.
    pub examples: Vec<NodeIdx>,
    /// Rules an article covers.
    pub covers: Vec<RuleId>,
    /// Where the node starts in its source.
    pub source: SourceRef,
    /// For each paragraph of `text`: its byte offset and source line.
    pub text_lines: Vec<(u32, u32)>,
    /// The node's outgoing edges (a contiguous range).
    pub references: Range<u32>,
    /// Edges pointing at this node.
    pub cited_by: Vec<EdgeIdx>,
}

impl Node {
    /// The node's label: its rule number, or its key.
    pub fn label(&self) -> String {
        match self.id {
            Some(id) => id.to_string(),
            None => self.key.clone(),
        }
    }

    /// The source line of byte `offset` of the text.
    pub fn line_of(&self, offset: usize) -> u32 {
        let i = self.text_lines.partition_point(|(o, _)| *o as usize <= offset);
        match i {
            0 => self.source.line,
            _ => self.text_lines[i - 1].1,
        }
    }

    /// Whether the node has text of its own.
    pub fn has_text(&self) -> bool {
        !self.text.is_empty()
    }
}

/// How a reference was resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// The target rule has text in the corpus.
    Resolved(NodeIdx),
    /// Only the chapter or section is known (its title), not the rule's text.
    TitleOnly(NodeIdx),
    /// Nothing in the corpus.
    Dangling,
}

impl Resolution {
    /// The node the reference leads to, if any.
    pub fn node(self) -> Option<NodeIdx> {
        match self {
            Resolution::Resolved(n) | Resolution::TitleOnly(n) => Some(n),
            Resolution::Dangling => None,
        }
    }

    /// The stable name used in JSON.
    pub fn code(self) -> &'static str {
        match self {
            Resolution::Resolved(_) => "resolved",
            Resolution::TitleOnly(_) => "title_only",
            Resolution::Dangling => "dangling",
        }
    }
}

/// One target of a cross-reference: « 608.2c-j » makes eight edges sharing a span.
#[derive(Debug, Clone)]
pub struct Edge {
    /// The citing node.
    pub from: NodeIdx,
    /// The rule named.
    pub target: RuleId,
    /// What it resolved to.
    pub resolution: Resolution,
    /// Byte range of the reference in the citing node's text.
    pub span: Range<u32>,
    /// Source line of the reference.
    pub line: u32,
}
