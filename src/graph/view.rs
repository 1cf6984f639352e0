//! A rule as judges see it: text, examples, family, references, citations.
//!
//! [`RuleView`] gathers everything about one node into plain data. It is what
//! `arbitre regle --json` prints, and the JSON API serves the same keys.

use serde::Serialize;

use super::Graph;
use super::align::Relation;
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

/// The same rule in another edition, found by the alignment
/// ([`super::history`]), and how it stands to the rule viewed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VersionView {
    /// Its number in that edition.
    pub id: String,
    /// The edition date.
    pub edition: Option<String>,
    /// The edition's language.
    pub language: Lang,
    /// `same` (same meaning, number aside) or `changed`.
    pub relation: Relation,
    /// Whether its number differs from the rule viewed.
    pub renumbered: bool,
}

/// One version of a rule in its history: every edition that has it, in
/// date order, a translation after the edition it translates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HistoryEntry {
    /// The rule in that edition.
    pub rule: NodeRef,
    /// Its text.
    pub text: String,
    /// The language of the text (an untranslated cell of a French document is English).
    pub text_language: Lang,
    /// How it stands to the version before it in the same language
    /// (`None` for the first); for a translation, to the one before it in
    /// French, or its source's counterpart.
    pub change: Option<Relation>,
    /// Its number in the version before it, when it was renumbered.
    pub renumbered_from: Option<String>,
    /// For a translation: the rule it translates.
    pub translates: Option<NodeRef>,
}

/// A glossary entry, as `arbitre definit --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DefinitionView {
    /// The term, as printed.
    pub term: String,
    /// Its definition.
    pub definition: String,
    /// The edition date.
    pub edition: Option<String>,
    /// The edition's language.
    pub language: Lang,
    /// The rules the definition cites, as printed.
    pub rules: Vec<String>,
    /// Where it is printed.
    pub source: SourceView,
}

/// Why no rule in force continues an older text ([`Graph::gone`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gone {
    /// The alignment followed the text through the editions and lost it:
    /// the rule was removed or merged into another (the 801.12 of 2011).
    Removed,
    /// No loaded edition pairs the text (a second text printed under one
    /// number, the French 205.4f of 2011): it may be in force elsewhere.
    Unpaired,
}

/// Where a text stands against the rules in force (see [`Graph::standing`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// The rule in force (the node itself when it is in force); `None` when
    /// the rule is no longer in force, or no edition in force is loaded.
    pub in_force: Option<NodeIdx>,
    /// The English text the node stands for: itself, or the rule a
    /// translation translates (`None` when that edition is not loaded).
    pub original: Option<NodeIdx>,
    /// How the node's text stands to the rule in force.
    pub relation: Option<Relation>,
}

impl Standing {
    /// Whether the text shown is not the rule in force itself (a
    /// translation, an older edition): the rule in force is then shown beside it.
    pub fn shows_in_force_beside(&self, idx: NodeIdx) -> bool {
        self.in_force.is_some_and(|c| c != idx)
    }

    /// Whether the rule changed after this text: its English source (or
    /// itself) and the rule in force differ.
    pub fn changed(&self) -> bool {
        self.relation == Some(Relation::Changed)
    }
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
    /// The node it resolves to in the citing text's edition.
    pub node: Option<NodeRef>,
    /// Where it leads a judge ([`Graph::leads_to`]): the French text of the
    /// rule cited, else the rule in force, followed through renumbering.
    pub leads_to: Option<NodeRef>,
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
    /// The same rule in the other editions and languages (from the
    /// alignment, whatever its number there), and other texts printed under
    /// its number in its own edition.
    pub other_versions: Vec<NodeRef>,
    /// The rule in force (`relation`: how this text stands to it), `None`
    /// when no edition in force is loaded or the rule is no longer in force.
    pub current: Option<VersionView>,
    /// The rule in each other loaded edition that has it, oldest first.
    pub versions: Vec<VersionView>,
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

    /// The id a citation is shown under: an example is cited under its
    /// rule, a rule by the number a judge cites it by ([`Graph::cited_label`]).
    pub fn citing_label(&self, idx: NodeIdx) -> String {
        let n = self.node(idx);
        match (n.kind, n.parent) {
            (NodeKind::Example, Some(p)) => self.cited_label(p),
            _ if n.id.is_some() => self.cited_label(idx),
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
                    leads_to: self.leads_to(e).node().map(|t| self.node_ref(t)),
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

        let aligned: Vec<NodeIdx> =
            self.lineage(idx).unwrap_or_default().iter().copied().filter(|&v| v != idx).collect();
        let duplicates = n.id.map(|id| self.occurrences(n.edition, id)).unwrap_or_default();
        let other_versions =
            aligned.iter().chain(duplicates.iter().filter(|&&d| d != idx)).map(|&v| self.node_ref(v)).collect();
        let current = self.in_force(idx).map(|c| self.version_view(idx, c));

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
            current,
            versions: aligned.iter().map(|&v| self.version_view(idx, v)).collect(),
            source: self.source_view(idx, n.source.line),
        }
    }

    /// A glossary entry.
    pub fn definition_view(&self, idx: NodeIdx) -> DefinitionView {
        let n = self.node(idx);
        let ed = self.edition(n.edition);
        let mut rules: Vec<String> = self.references(idx).iter().map(|e| e.target.to_string()).collect();
        rules.dedup();
        DefinitionView {
            term: n.key.clone(),
            definition: n.text.clone(),
            edition: ed.date.map(|d| d.to_string()),
            language: ed.language,
            rules,
            source: self.source_view(idx, n.source.line),
        }
    }

    /// Where a node's text stands against the rules in force.
    pub fn standing(&self, idx: NodeIdx) -> Standing {
        let in_force = self.in_force(idx);
        Standing { in_force, original: self.original_of(idx), relation: in_force.map(|c| self.relation(idx, c)) }
    }

    /// Whether a numbered text is older than the rule in force, which
    /// changed since: the French 608.2b of 2011 says « contrecarré », today's
    /// rule says the spell doesn't resolve.
    pub fn changed_since(&self, idx: NodeIdx) -> bool {
        let standing = self.standing(idx);
        self.node(idx).id.is_some() && standing.shows_in_force_beside(idx) && standing.changed()
    }

    /// Whether a numbered text is older than the rules in force, which no
    /// longer have it: the French 801.12 of 2011 (the legend rule of Limited
    /// Range of Influence) was removed, and today's 801.12 is another rule.
    /// Only a text the alignment followed through the editions says so: a
    /// second text printed under one number, or a document no loaded
    /// edition pairs, is not known to be removed.
    pub fn removed_since(&self, idx: NodeIdx) -> bool {
        self.gone(idx) == Some(Gone::Removed)
    }

    /// Why no rule in force continues a numbered text of an older edition,
    /// if none does: removed since ([`Graph::removed_since`]), or not paired
    /// by the alignment (a second text printed under one number). `None`
    /// for a text of the rules in force or one a rule in force continues.
    pub fn gone(&self, idx: NodeIdx) -> Option<Gone> {
        let n = self.node(idx);
        let older = n.id.is_some() && self.current().is_some_and(|c| c != n.edition);
        if !older || self.in_force(idx).is_some() {
            return None;
        }
        let followed = self.lineage(idx).is_some_and(|l| l.len() > 1);
        Some(if followed { Gone::Removed } else { Gone::Unpaired })
    }

    /// Another version of a rule, as seen from the rule.
    fn version_view(&self, from: NodeIdx, other: NodeIdx) -> VersionView {
        let o = self.node(other);
        let ed = self.edition(o.edition);
        VersionView {
            id: o.label(),
            edition: ed.date.map(|d| d.to_string()),
            language: ed.language,
            relation: self.relation(from, other),
            renumbered: o.id != self.node(from).id,
        }
    }

    /// A rule's history: every version of its lineage, oldest edition
    /// first, each with how it stands to the one before it in its language.
    pub fn history(&self, idx: NodeIdx) -> Vec<HistoryEntry> {
        self.history_steps(idx)
            .into_iter()
            .map(|(v, before)| {
                let n = self.node(v);
                let translates = self.original_of(v).filter(|&o| o != v);
                HistoryEntry {
                    rule: self.node_ref(v),
                    text: n.text.clone(),
                    text_language: n.language,
                    change: before.or(translates).map(|b| self.relation(b, v)),
                    renumbered_from: before.filter(|&b| self.node(b).id != n.id).map(|b| self.node(b).label()),
                    translates: translates.map(|t| self.node_ref(t)),
                }
            })
            .collect()
    }

    /// A rule's lineage, oldest edition first, each node with the version
    /// before it in its edition's language (what [`Graph::history`] compares).
    pub fn history_steps(&self, idx: NodeIdx) -> Vec<(NodeIdx, Option<NodeIdx>)> {
        let own = [idx];
        let lineage = self.lineage(idx).unwrap_or(&own);
        let mut previous: std::collections::HashMap<Lang, NodeIdx> = std::collections::HashMap::new();
        lineage.iter().map(|&v| (v, previous.insert(self.edition(self.node(v).edition).language, v))).collect()
    }
}
