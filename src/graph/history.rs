//! Every rule followed across the loaded editions and languages.
//!
//! When the graph is built, the editions are linked two by two
//! ([`Graph::links`]):
//! - the original editions of one language (those that translate nothing),
//!   in date order, each aligned with the next by content ([`super::align`]);
//! - each translation with the edition it translates, when that edition is
//!   loaded ([`Graph::source_of`]): a translation keeps its source's numbers
//!   (through the chapters the manifest says it moved), so its rules pair by
//!   number there, and only there.
//!
//! The pairs of every link are joined into lineages: one rule through time
//! and languages, at most one node per edition ([`Graph::lineage`]). The
//! counterpart of a rule in any other edition is its lineage's node there
//! ([`Graph::counterpart`]); how the two relate is read from their English
//! texts ([`Graph::relation`]): the rule itself for an original edition, the
//! rule translated for a translation.
//!
//! The rules in force are the newest original edition published as the
//! official text ([`Graph::current`]): the English edition of 2026-01-16 in
//! the default corpus.

use std::collections::HashMap;

use super::Graph;
use super::align::{Alignment, Content, Pair, Relation};
use super::node::{EditionIdx, NodeIdx};
use crate::corpus::Format;
use crate::vocab::{Date, Lang};

/// Two editions linked by [`Graph::links`].
#[derive(Debug, Clone)]
pub struct Link {
    /// The older edition, or the translation.
    pub old: EditionIdx,
    /// The newer edition, or the edition translated.
    pub new: EditionIdx,
    /// How they are linked.
    pub kind: LinkKind,
    /// Their rules, paired.
    pub alignment: Alignment,
}

/// How two editions are linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// Two editions of one language, one after the other, aligned by content.
    Successor,
    /// A translation and the edition it translates, paired by number.
    Translation,
}

/// The lineages of the graph (see the module documentation).
#[derive(Debug, Clone, Default)]
pub(super) struct History {
    links: Vec<Link>,
    /// Per node: its lineage, `u32::MAX` for none.
    lineage_of: Vec<u32>,
    /// Per lineage: its nodes, oldest edition first.
    members: Vec<Vec<NodeIdx>>,
    current: Option<EditionIdx>,
}

const NONE: u32 = u32::MAX;

impl Graph {
    /// Links the editions and joins their pairs into lineages. [`Graph::build`]
    /// calls it; calling it again computes the same (the benchmark of
    /// aligning does). The alignments run on two threads.
    pub fn follow_rules(&mut self) {
        let (successors, translations) = self.edition_pairs();
        let mut links: Vec<Link> = self.align_successors(&successors);
        for (translation, source, moved) in translations {
            let alignment = self.by_number(translation, source, &moved);
            links.push(Link { old: translation, new: source, kind: LinkKind::Translation, alignment });
        }
        let current = self.newest_official();
        self.history = History::join(self, links, current);
    }

    /// The editions to link: consecutive original editions of one language,
    /// and each translation with its loaded source (and its moved chapters).
    #[allow(clippy::type_complexity)]
    fn edition_pairs(&self) -> (Vec<(EditionIdx, EditionIdx)>, Vec<(EditionIdx, EditionIdx, Vec<(u16, u16)>)>) {
        let all = (0..self.editions().len()).map(|i| EditionIdx(i as u16));
        let mut originals: Vec<(Lang, Date, EditionIdx)> = Vec::new();
        let mut translations = Vec::new();
        for e in all {
            let Some(date) = self.edition(e).date else { continue };
            if self.documents().iter().any(|d| d.edition == e && d.translates.is_some()) {
                if let Some((source, moved)) = self.source_of(e) {
                    translations.push((e, source, moved));
                }
            } else {
                originals.push((self.edition(e).language, date, e));
            }
        }
        originals.sort();
        let successors = originals.windows(2).filter(|w| w[0].0 == w[1].0).map(|w| (w[0].2, w[1].2)).collect();
        (successors, translations)
    }

    /// The successor links, aligned on two threads, each edition's contents
    /// read once.
    fn align_successors(&self, pairs: &[(EditionIdx, EditionIdx)]) -> Vec<Link> {
        let mut editions: Vec<EditionIdx> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        editions.sort_unstable();
        editions.dedup();
        let contents: HashMap<EditionIdx, Vec<Content>> =
            on_two_threads(&editions, |&e| (e, Content::of_edition(self, e))).into_iter().collect();
        on_two_threads(pairs, |&(old, new)| Link {
            old,
            new,
            kind: LinkKind::Successor,
            alignment: self.align_contents(&contents[&old], &contents[&new]),
        })
    }

    /// A translation's rules paired with its source's by number (through
    /// the moved chapters); its own relation is `same`: it says what its
    /// source says, in another language. Duplicated numbers pair their first
    /// texts, and a source rule pairs once (a lineage has one node per edition).
    fn by_number(&self, translation: EditionIdx, source: EditionIdx, moved: &[(u16, u16)]) -> Alignment {
        let mut pairs = Vec::new();
        let mut taken = std::collections::HashSet::new();
        for &n in self.ordered(translation) {
            let node = self.node(n);
            let Some(id) = node.id else { continue };
            let in_source = match moved.iter().find(|(from, _)| id.chapter() == Some(*from)) {
                Some(&(_, to)) => id.in_chapter(to),
                None => id,
            };
            let counterpart = self
                .occurrences(source, in_source)
                .first()
                .copied()
                .filter(|&c| node.occurrence == 0 && taken.insert(c));
            let relation = if counterpart.is_some() { Relation::Same } else { Relation::Removed };
            pairs.push(Pair { old: Some(n), new: counterpart, relation, references_only: false });
        }
        Alignment { pairs }
    }

    /// The newest dated edition that translates nothing and holds an
    /// official text (`official_txt`).
    fn newest_official(&self) -> Option<EditionIdx> {
        self.documents()
            .iter()
            .filter(|d| d.format == Format::OfficialTxt && d.translates.is_none())
            .filter_map(|d| self.edition(d.edition).date.map(|date| (date, d.edition)))
            .max()
            .map(|(_, e)| e)
    }

    /// The rules in force: the newest official edition, if one is loaded.
    pub fn current(&self) -> Option<EditionIdx> {
        self.history.current
    }

    /// The links between editions, successors first (by language and date),
    /// then translations.
    pub fn links(&self) -> &[Link] {
        &self.history.links
    }

    /// The nodes of a node's lineage, oldest edition first (the node
    /// included), or `None` for a node that no link reaches.
    pub fn lineage(&self, idx: NodeIdx) -> Option<&[NodeIdx]> {
        match self.history.lineage_of.get(idx.0 as usize) {
            Some(&l) if l != NONE => Some(&self.history.members[l as usize]),
            _ => None,
        }
    }

    /// A node's counterpart in another edition: its lineage's node there.
    pub fn counterpart(&self, idx: NodeIdx, edition: EditionIdx) -> Option<NodeIdx> {
        if self.node(idx).edition == edition {
            return Some(idx);
        }
        self.lineage(idx)?.iter().copied().find(|&n| self.node(n).edition == edition)
    }

    /// A node's counterpart in the rules in force.
    pub fn in_force(&self, idx: NodeIdx) -> Option<NodeIdx> {
        self.counterpart(idx, self.current()?)
    }

    /// The English text a node stands for: its own in an original edition,
    /// the rule it translates in a translation (its counterpart in the
    /// source edition), `None` when that edition is not loaded.
    pub fn original_of(&self, idx: NodeIdx) -> Option<NodeIdx> {
        let edition = self.node(idx).edition;
        match self.links().iter().find(|l| l.kind == LinkKind::Translation && l.old == edition) {
            Some(link) => self.counterpart(idx, link.new),
            None if self.is_translation(edition) => None,
            None => Some(idx),
        }
    }

    /// Whether an edition's documents translate another edition.
    pub fn is_translation(&self, edition: EditionIdx) -> bool {
        self.documents().iter().any(|d| d.edition == edition && d.translates.is_some())
    }

    /// How two nodes of one lineage relate: `same` when the texts they
    /// stand for ([`Graph::original_of`]) say the same, rule numbers cited
    /// masked; `changed` otherwise, or when one of those texts is not loaded.
    pub fn relation(&self, a: NodeIdx, b: NodeIdx) -> Relation {
        match (self.original_of(a), self.original_of(b)) {
            (Some(x), Some(y)) if x == y || Content::of(self, x).same_as(&Content::of(self, y)) => Relation::Same,
            _ => Relation::Changed,
        }
    }

    /// The French text of a rule, for a judge: among the node's lineage, the
    /// newest node whose text is French (an English cell left in a French
    /// document is not), or `None`.
    pub fn french_text(&self, idx: NodeIdx) -> Option<NodeIdx> {
        self.newest_in_lineage(idx, |n| n.language == Lang::Fr && n.has_text())
    }

    /// The French title of a rule, chapter or section: the newest French
    /// title in its lineage (a French table of contents names every chapter).
    pub fn french_title(&self, idx: NodeIdx) -> Option<&str> {
        let n = self.newest_in_lineage(idx, |n| n.language == Lang::Fr && n.title.is_some())?;
        self.node(n).title.as_deref()
    }

    /// The newest node of a lineage (the node's own when it has none) that `keep` accepts.
    pub(super) fn newest_in_lineage(&self, idx: NodeIdx, keep: impl Fn(&super::Node) -> bool) -> Option<NodeIdx> {
        let own = std::slice::from_ref(&idx);
        let lineage = self.lineage(idx).unwrap_or(own);
        lineage.iter().rev().copied().find(|&n| keep(self.node(n)))
    }
}

impl History {
    /// Joins the pairs of every link into lineages (union–find over nodes).
    fn join(g: &Graph, links: Vec<Link>, current: Option<EditionIdx>) -> History {
        let mut parent: Vec<u32> = (0..g.nodes().len() as u32).collect();
        fn root(parent: &mut [u32], mut x: u32) -> u32 {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        }
        let mut linked = vec![false; g.nodes().len()];
        for link in &links {
            for p in &link.alignment.pairs {
                let (Some(a), Some(b)) = (p.old, p.new) else { continue };
                let (ra, rb) = (root(&mut parent, a.0), root(&mut parent, b.0));
                parent[ra.max(rb) as usize] = ra.min(rb);
                linked[a.0 as usize] = true;
                linked[b.0 as usize] = true;
            }
        }
        let mut lineage_of = vec![NONE; g.nodes().len()];
        let mut by_root: HashMap<u32, u32> = HashMap::new();
        let mut members: Vec<Vec<NodeIdx>> = Vec::new();
        for i in 0..g.nodes().len() as u32 {
            if !linked[i as usize] {
                continue;
            }
            let r = root(&mut parent, i);
            let l = *by_root.entry(r).or_insert_with(|| {
                members.push(Vec::new());
                members.len() as u32 - 1
            });
            lineage_of[i as usize] = l;
            members[l as usize].push(NodeIdx(i));
        }
        for m in &mut members {
            m.sort_by_key(|&n| {
                let ed = g.edition(g.node(n).edition);
                (ed.date, ed.language == Lang::Fr, n)
            });
        }
        History { links, lineage_of, members, current }
    }
}

/// `f` over `items` on two threads, results in the order of `items`.
fn on_two_threads<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if items.len() < 2 {
        return items.iter().map(&f).collect();
    }
    let (first, second) = items.split_at(items.len().div_ceil(2));
    std::thread::scope(|s| {
        let other = s.spawn(|| second.iter().map(&f).collect::<Vec<R>>());
        let mut out: Vec<R> = first.iter().map(&f).collect();
        out.extend(other.join().expect("an alignment thread panicked"));
        out
    })
}
