//! The rule graph: every rule, example, chapter and article, linked by their
//! cross-references.
//!
//! [`Graph::build`] takes parsed documents and:
//! 1. turns each item into a node, or into an anomaly when it belongs to no
//!    rule, recording which node owns each source line (`build`);
//! 2. completes the hierarchy per edition: rules are ordered by their parsed
//!    number, a subrule whose rule has no line of its own gets an implied
//!    parent, and parent/children/previous/next follow from the numbers;
//! 3. reads the cross-references of every text and resolves each target in
//!    the citing node's edition (`link`): to the rule, to the chapter or
//!    section known by title only, or reported as dangling.
//!
//! A node is identified by (edition, rule id, occurrence); which of the
//! versions of an id a judge is shown is decided in one place, `versions`
//! ([`Graph::find`], [`Graph::preferred`]).

pub mod align;
mod audit;
mod build;
pub mod history;
mod lexicon;
pub mod node;
mod versions;
pub mod view;

use std::collections::HashMap;

pub use audit::LineAudit;
pub use node::{Edge, EdgeIdx, EditionIdx, Node, NodeIdx, NodeKind, Origin, Resolution, SourceRef};

use crate::corpus::{Encoding, Format};
use crate::text::fold;
use crate::vocab::{Anomaly, Edition, IdError, Lang, RuleId, Translation};

/// Who owns a source line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// Nobody: a blank line (or, if not blank, a line lost — the audit says).
    Nobody,
    /// Layout only (`|`).
    Markup,
    /// A node.
    Node(NodeIdx),
    /// An anomaly (text that belongs to no rule).
    Anomaly(usize),
}

/// A source document, as loaded into the graph.
#[derive(Debug, Clone)]
pub struct Document {
    /// The path shown to judges.
    pub path: String,
    /// The layout.
    pub format: Format,
    /// The document's language.
    pub language: Lang,
    /// The edition it belongs to.
    pub edition: EditionIdx,
    /// The title.
    pub title: String,
    /// What it translates, as the manifest says.
    pub translates: Option<Translation>,
    /// The encoding it was read in.
    pub encoding: Encoding,
    /// The source lines (NFC).
    pub lines: Vec<String>,
    /// The owner of each line (`owners[0]` is line 1).
    owners: Vec<Owner>,
    /// Further owners of lines shared by several items (two table cells on one line).
    shared: Vec<(u32, Owner)>,
    /// The document's node.
    pub node: NodeIdx,
}

impl Document {
    /// The owner of a 1-based line.
    pub fn owner(&self, line: u32) -> Owner {
        self.owners.get(line as usize - 1).copied().unwrap_or(Owner::Nobody)
    }
}

/// Counts for one document or for the whole graph.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Rules and subrules printed with their number.
    pub rules: usize,
    /// Examples.
    pub examples: usize,
    /// Glossary entries.
    pub glossary: usize,
    /// Reference targets (« 608.2c-j » counts eight).
    pub references: usize,
    /// Targets resolved to a rule with text.
    pub resolved: usize,
    /// Targets resolved to a chapter or section known by title only.
    pub title_only: usize,
    /// Targets found nowhere.
    pub dangling: usize,
}

/// The rule graph. See the module documentation.
#[derive(Debug, Default)]
pub struct Graph {
    documents: Vec<Document>,
    editions: Vec<Edition>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    anomalies: Vec<Anomaly>,
    /// (edition, id) → occurrences in printed order.
    by_edition: HashMap<(EditionIdx, RuleId), Vec<NodeIdx>>,
    /// id → every node with that id, all editions.
    by_id: HashMap<RuleId, Vec<NodeIdx>>,
    /// Per edition: its numbered nodes in rule order.
    ordered: Vec<Vec<NodeIdx>>,
    /// Per edition: whether a table of contents lists its chapters.
    chapter_contents: Vec<bool>,
    /// Article slug → node.
    articles: HashMap<String, NodeIdx>,
    /// Folded glossary term → nodes.
    glossary: HashMap<String, Vec<NodeIdx>>,
    /// Every rule followed across editions.
    history: history::History,
}

/// Why a look-up found nothing, with the nearest ids to suggest.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    /// The text is not a rule number.
    #[error("{0}")]
    NotAnId(#[from] IdError),
    /// The number is valid but absent from the corpus.
    #[error("la règle {id} n'existe pas dans le corpus{}", suggest(.nearest))]
    Unknown {
        /// The id asked for.
        id: RuleId,
        /// The nearest existing ids.
        nearest: Vec<RuleId>,
    },
}

fn suggest(nearest: &[RuleId]) -> String {
    if nearest.is_empty() {
        return String::new();
    }
    let list: Vec<String> = nearest.iter().map(|i| i.to_string()).collect();
    format!(" ; règles proches : {}", list.join(", "))
}

impl Graph {
    /// All nodes.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// One node.
    pub fn node(&self, idx: NodeIdx) -> &Node {
        &self.nodes[idx.0 as usize]
    }

    /// All edges.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// One edge.
    pub fn edge(&self, idx: EdgeIdx) -> &Edge {
        &self.edges[idx.0 as usize]
    }

    /// The documents, in load order.
    pub fn documents(&self) -> &[Document] {
        &self.documents
    }

    /// The editions, in the order they were met.
    pub fn editions(&self) -> &[Edition] {
        &self.editions
    }

    /// One edition.
    pub fn edition(&self, idx: EditionIdx) -> &Edition {
        &self.editions[idx.0 as usize]
    }

    /// The edition of this language and date, when one is loaded.
    pub fn edition_dated(&self, language: Lang, date: crate::vocab::Date) -> Option<EditionIdx> {
        let i = self.editions.iter().position(|e| e.language == language && e.date == Some(date))?;
        Some(EditionIdx(i as u16))
    }

    /// An edition by its date (`2025-11-14`) or its language and date
    /// (`en-2025-11-14`, as in addresses); the error, in French, lists the
    /// editions loaded, or asks for the language when two share the date.
    pub fn edition_named(&self, s: &str) -> Result<EditionIdx, String> {
        let (lang, date) = match s.split_once('-').filter(|(l, _)| Lang::parse(l).is_some()) {
            Some((l, d)) => (Lang::parse(l), d),
            None => (None, s),
        };
        let found: Vec<usize> = (0..self.editions.len())
            .filter(|&i| {
                let e = &self.editions[i];
                e.date.is_some_and(|d| d.to_string() == date) && lang.is_none_or(|l| e.language == l)
            })
            .collect();
        let loaded =
            || self.editions.iter().filter(|e| e.date.is_some()).map(|e| e.label()).collect::<Vec<_>>().join(", ");
        match found.as_slice() {
            [i] => Ok(EditionIdx(*i as u16)),
            [] => {
                Err(format!("édition « {} » absente du corpus chargé (éditions : {})", crate::text::quote(s), loaded()))
            }
            _ => Err(format!("plusieurs éditions datées {date} : précisez la langue (fr-{date} ou en-{date})")),
        }
    }

    /// Every anomaly, in document and line order.
    pub fn anomalies(&self) -> &[Anomaly] {
        &self.anomalies
    }

    /// The outgoing edges of a node.
    pub fn references(&self, idx: NodeIdx) -> &[Edge] {
        let r = &self.node(idx).references;
        &self.edges[r.start as usize..r.end as usize]
    }

    /// The edges citing a node.
    pub fn cited_by(&self, idx: NodeIdx) -> impl Iterator<Item = &Edge> {
        self.node(idx).cited_by.iter().map(|e| self.edge(*e))
    }

    /// The nodes with `id` in `edition`: the first printed text, then duplicates.
    pub fn occurrences(&self, edition: EditionIdx, id: RuleId) -> &[NodeIdx] {
        self.by_edition.get(&(edition, id)).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Every node with `id`, all editions and languages.
    pub fn versions(&self, id: RuleId) -> &[NodeIdx] {
        self.by_id.get(&id).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Whether a node has text, or rules under it that do.
    pub fn has_content(&self, idx: NodeIdx) -> bool {
        let n = self.node(idx);
        n.has_text() || !n.children.is_empty()
    }

    /// Looks up what a judge typed (`608.2B`, `RC 608.2b`, `règle 608.2b`).
    pub fn lookup(&self, query: &str) -> Result<NodeIdx, LookupError> {
        let id = RuleId::parse_loose(query)?;
        self.find(id).ok_or_else(|| LookupError::Unknown { id, nearest: self.nearest(id, 5) })
    }

    /// The existing ids nearest to `id`: its nearest existing ancestor, then
    /// the ids just before and after it in rule order.
    pub fn nearest(&self, id: RuleId, count: usize) -> Vec<RuleId> {
        let mut all: Vec<RuleId> = self.by_id.keys().copied().collect();
        all.sort();
        all.dedup();
        let mut out: Vec<RuleId> = id.ancestors().filter(|a| self.by_id.contains_key(a)).take(1).collect();
        let at = all.partition_point(|x| *x < id);
        let (mut before, mut after) = (at, at);
        while out.len() < count && (before > 0 || after < all.len()) {
            if before > 0 {
                before -= 1;
                if !out.contains(&all[before]) {
                    out.push(all[before]);
                }
            }
            if out.len() < count && after < all.len() {
                if !out.contains(&all[after]) {
                    out.push(all[after]);
                }
                after += 1;
            }
        }
        out.sort();
        out
    }

    /// A judge-class article by slug.
    pub fn article(&self, slug: &str) -> Option<NodeIdx> {
        self.articles.get(slug).copied()
    }

    /// Glossary entries for a term (accents and case ignored).
    pub fn glossary_entries(&self, term: &str) -> &[NodeIdx] {
        self.glossary.get(&fold(term.trim())).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The numbered nodes of an edition, in rule order.
    pub fn ordered(&self, edition: EditionIdx) -> &[NodeIdx] {
        &self.ordered[edition.0 as usize]
    }

    /// The previous and next nodes of the same level (rules and subrules
    /// together; chapters; sections) in the node's edition.
    pub fn neighbours(&self, idx: NodeIdx) -> (Option<NodeIdx>, Option<NodeIdx>) {
        let node = self.node(idx);
        let Some(id) = node.id else {
            return (None, None);
        };
        let level = |n: NodeIdx| match self.node(n).kind {
            NodeKind::Rule | NodeKind::Subrule => 2,
            NodeKind::Chapter => 1,
            _ => 0,
        };
        let mine = level(idx);
        let order = self.ordered(node.edition);
        let key = |n: NodeIdx| (self.node(n).id, self.node(n).occurrence, n);
        let Ok(at) = order.binary_search_by(|&n| key(n).cmp(&(Some(id), node.occurrence, idx))) else {
            return (None, None);
        };
        let prev = order[..at].iter().rev().copied().find(|&n| level(n) == mine);
        let next = order[at + 1..].iter().copied().find(|&n| level(n) == mine);
        (prev, next)
    }

    /// The node's own title, or the nearest titled ancestor's.
    pub fn display_title(&self, idx: NodeIdx) -> Option<&str> {
        let mut cur = Some(idx);
        while let Some(n) = cur {
            let node = self.node(n);
            if let Some(t) = &node.title {
                return Some(t);
            }
            cur = node.parent;
        }
        None
    }

    /// The document a node comes from.
    pub fn document_of(&self, idx: NodeIdx) -> &Document {
        &self.documents[self.node(idx).source.document]
    }

    /// Counts over the whole graph, or over one document.
    pub fn counts(&self, document: Option<usize>) -> Counts {
        let mut c = Counts::default();
        let in_doc = |n: &Node| document.is_none_or(|d| n.source.document == d);
        for n in self.nodes.iter().filter(|n| in_doc(n)) {
            match n.kind {
                NodeKind::Rule | NodeKind::Subrule if n.origin == Origin::Source => c.rules += 1,
                NodeKind::Example => c.examples += 1,
                NodeKind::Glossary => c.glossary += 1,
                _ => {}
            }
        }
        for e in self.edges.iter().filter(|e| in_doc(self.node(e.from))) {
            c.references += 1;
            match e.resolution {
                Resolution::Resolved(_) => c.resolved += 1,
                Resolution::TitleOnly(_) => c.title_only += 1,
                Resolution::Dangling => c.dangling += 1,
            }
        }
        c
    }
}
