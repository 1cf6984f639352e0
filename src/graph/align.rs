//! Aligning two editions of the rules in the same language by content, not
//! by number: which rule of the new edition each rule of the old one became.
//!
//! Numbers move between editions (a keyword inserted shifts every rule after
//! it; subrule letters shift when one is removed), so a rule is followed by
//! its text, with the rule numbers it cites masked (a renumbered reference
//! is not a change of meaning):
//!
//! 1. rules whose masked text (and title) is the same in both editions pair
//!    first, one to one — `same`, renumbered or not;
//! 2. the rules left pair by word similarity, within one section, each with
//!    its most similar rule when that one also finds it most similar, with a
//!    bonus when their parents are paired and when the number is the same —
//!    `changed`;
//! 3. what is left is `removed` (old) or `added` (new).
//!
//! Cross-language pairs (a French text and the English edition it
//! translates) are not this module's: their numbers are the same by
//! construction.

use std::collections::{BTreeSet, HashMap};
use std::sync::LazyLock;

use regex::Regex;

use super::Graph;
use super::node::{EditionIdx, NodeIdx};
use crate::vocab::Translation;

/// How a rule of one edition stands in another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Relation {
    /// The same rule with the same meaning (its number may differ).
    Same,
    /// The same rule, its text changed.
    Changed,
    /// Only in the new edition.
    Added,
    /// Only in the old edition.
    Removed,
}

/// One rule's fate from the old edition to the new.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    /// The rule in the old edition (`None` for an added rule).
    pub old: Option<NodeIdx>,
    /// The rule in the new edition (`None` for a removed rule).
    pub new: Option<NodeIdx>,
    /// Same, changed, added or removed.
    pub relation: Relation,
    /// For a `same` pair: the texts differ only in the rule numbers they cite.
    pub references_only: bool,
}

/// Two editions aligned: every numbered node of both, once.
#[derive(Debug, Clone, Default)]
pub struct Alignment {
    /// Pairs in the old edition's order, then the added rules in the new
    /// edition's order.
    pub pairs: Vec<Pair>,
}

impl Alignment {
    /// How many pairs have this relation.
    pub fn count(&self, relation: Relation) -> usize {
        self.pairs.iter().filter(|p| p.relation == relation).count()
    }

    /// The pairs whose two rules have different numbers.
    pub fn renumbered<'a>(&'a self, graph: &'a Graph) -> impl Iterator<Item = &'a Pair> + 'a {
        self.pairs.iter().filter(|p| match (p.old, p.new) {
            (Some(a), Some(b)) => graph.node(a).id != graph.node(b).id,
            _ => false,
        })
    }

    /// The counterpart of an old rule in the new edition.
    pub fn new_of(&self, old: NodeIdx) -> Option<&Pair> {
        self.pairs.iter().find(|p| p.old == Some(old))
    }

    /// The counterpart of a new rule in the old edition.
    pub fn old_of(&self, new: NodeIdx) -> Option<&Pair> {
        self.pairs.iter().find(|p| p.new == Some(new))
    }
}

/// The least word similarity (Dice coefficient) for two rules to be the
/// same rule changed.
const MIN_SIMILARITY: f32 = 0.5;
/// Added to the similarity of two rules whose parents are paired.
const PARENT_BONUS: f32 = 0.15;
/// Added to the similarity of two rules with the same number.
const NUMBER_BONUS: f32 = 0.05;

/// Rule numbers cited in a text: masked before comparing.
static RULE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)[0-9]{3}(?:\.[0-9]+[a-z]?)?(?:[-–][0-9]*[a-z]?)?(?-u:\b)").expect("valid pattern")
});

/// What is compared of a rule: its title and text, in lower case, spaces
/// collapsed, rule numbers masked (editions of one language: no accent folding).
struct Content {
    node: NodeIdx,
    masked: String,
}

impl Content {
    fn of(graph: &Graph, node: NodeIdx) -> Content {
        let n = graph.node(node);
        let text = format!("{} | {}", n.title.as_deref().unwrap_or(""), n.text);
        let masked = RULE_NUMBER.replace_all(&text, "§");
        let mut out = String::with_capacity(masked.len());
        for word in masked.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.extend(word.chars().flat_map(char::to_lowercase));
        }
        Content { node, masked: out }
    }

    /// The distinct words, for the similarity of the rules left after step 1.
    fn words(&self) -> BTreeSet<&str> {
        self.masked.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect()
    }
}

/// Word similarity of two rules: the Dice coefficient of their word sets.
fn similarity(a: &BTreeSet<&str>, b: &BTreeSet<&str>) -> f32 {
    let total = a.len() + b.len();
    if total == 0 {
        return 0.0;
    }
    2.0 * a.intersection(b).count() as f32 / total as f32
}

impl Graph {
    /// Aligns two editions of one language by content (see the module documentation).
    pub fn align(&self, old: EditionIdx, new: EditionIdx) -> Alignment {
        let contents = |e: EditionIdx| -> Vec<Content> {
            self.ordered(e).iter().filter(|&&n| self.node(n).id.is_some()).map(|&n| Content::of(self, n)).collect()
        };
        let (olds, news) = (contents(old), contents(new));
        let mut old_to_new: HashMap<NodeIdx, (NodeIdx, Relation)> = HashMap::new();
        let mut taken: HashMap<NodeIdx, NodeIdx> = HashMap::new();
        pair_identical(&olds, &news, &mut old_to_new, &mut taken);
        self.pair_similar(&olds, &news, &mut old_to_new, &mut taken);
        let exact = |n: NodeIdx| (&self.node(n).title, &self.node(n).text);
        let mut pairs: Vec<Pair> = olds
            .iter()
            .map(|c| match old_to_new.get(&c.node) {
                Some(&(n, relation)) => Pair {
                    old: Some(c.node),
                    new: Some(n),
                    relation,
                    references_only: relation == Relation::Same && exact(c.node) != exact(n),
                },
                None => Pair { old: Some(c.node), new: None, relation: Relation::Removed, references_only: false },
            })
            .collect();
        pairs.extend(news.iter().filter(|c| !taken.contains_key(&c.node)).map(|c| Pair {
            old: None,
            new: Some(c.node),
            relation: Relation::Added,
            references_only: false,
        }));
        Alignment { pairs }
    }

    /// Step 2: the rules left, by word similarity within a section. Each
    /// round pairs mutual best matches, so that a pair found makes the
    /// parent bonus available to its subrules in the next round.
    fn pair_similar(
        &self,
        olds: &[Content],
        news: &[Content],
        old_to_new: &mut HashMap<NodeIdx, (NodeIdx, Relation)>,
        taken: &mut HashMap<NodeIdx, NodeIdx>,
    ) {
        loop {
            let left_old: Vec<&Content> = olds.iter().filter(|c| !old_to_new.contains_key(&c.node)).collect();
            let left_new: Vec<&Content> = news.iter().filter(|c| !taken.contains_key(&c.node)).collect();
            let words: HashMap<NodeIdx, BTreeSet<&str>> =
                left_old.iter().chain(&left_new).map(|c| (c.node, c.words())).collect();
            let score = |a: &Content, b: &Content| -> Option<f32> {
                let (na, nb) = (self.node(a.node), self.node(b.node));
                let (ia, ib) = (na.id?, nb.id?);
                if ia.section() != ib.section() || na.kind != nb.kind {
                    return None;
                }
                let mut s = similarity(&words[&a.node], &words[&b.node]);
                let parents = na.parent.zip(nb.parent);
                if parents.is_some_and(|(pa, pb)| old_to_new.get(&pa).is_some_and(|(n, _)| *n == pb)) {
                    s += PARENT_BONUS;
                }
                if ia == ib {
                    s += NUMBER_BONUS;
                }
                (s >= MIN_SIMILARITY).then_some(s)
            };
            let best = |a: &Content, among: &[&Content], reverse: bool| -> Option<NodeIdx> {
                among
                    .iter()
                    .filter_map(|b| if reverse { score(b, a) } else { score(a, b) }.map(|s| (s, b.node)))
                    .max_by(|x, y| x.0.total_cmp(&y.0))
                    .map(|(_, n)| n)
            };
            let mut found = Vec::new();
            for a in &left_old {
                let Some(b) = best(a, &left_new, false) else { continue };
                let b_content = left_new.iter().find(|c| c.node == b).expect("candidate");
                if best(b_content, &left_old, true) == Some(a.node) {
                    found.push((a.node, b));
                }
            }
            if found.is_empty() {
                return;
            }
            for (a, b) in found {
                old_to_new.insert(a, (b, Relation::Changed));
                taken.insert(b, a);
            }
        }
    }
}

/// Step 1: identical masked texts, one to one, in order (a text printed
/// several times in both editions pairs its occurrences in order).
fn pair_identical(
    olds: &[Content],
    news: &[Content],
    old_to_new: &mut HashMap<NodeIdx, (NodeIdx, Relation)>,
    taken: &mut HashMap<NodeIdx, NodeIdx>,
) {
    let mut by_text: HashMap<&str, Vec<NodeIdx>> = HashMap::new();
    for c in news {
        by_text.entry(c.masked.as_str()).or_default().push(c.node);
    }
    let mut old_counts: HashMap<&str, usize> = HashMap::new();
    for c in olds {
        *old_counts.entry(c.masked.as_str()).or_default() += 1;
    }
    let mut next: HashMap<&str, usize> = HashMap::new();
    for c in olds {
        let Some(candidates) = by_text.get(c.masked.as_str()) else { continue };
        if candidates.len() != old_counts[c.masked.as_str()] {
            continue; // as many times in both, or left to step 2
        }
        let i = next.entry(c.masked.as_str()).or_default();
        let n = candidates[*i];
        *i += 1;
        old_to_new.insert(c.node, (n, Relation::Same));
        taken.insert(n, c.node);
    }
}

impl Graph {
    /// The edition a translated edition comes from, when it is loaded, with
    /// the chapters numbered otherwise there (from the manifest's
    /// `translates` and `source_chapters` of its documents).
    pub fn source_of(&self, translation: EditionIdx) -> Option<(EditionIdx, Vec<(u16, u16)>)> {
        let documents: Vec<&Translation> = self
            .documents()
            .iter()
            .filter(|d| d.edition == translation)
            .filter_map(|d| d.translates.as_ref())
            .collect();
        let date = documents.first()?.source;
        let language = self.edition(translation).language;
        let source = (0..self.editions().len()).map(|i| EditionIdx(i as u16)).find(|&e| {
            let ed = self.edition(e);
            ed.date == Some(date) && ed.language != language
        })?;
        let mut moved: Vec<(u16, u16)> = documents.iter().flat_map(|t| t.moved_chapters.iter().copied()).collect();
        moved.sort_unstable();
        moved.dedup();
        Some((source, moved))
    }

    /// A translation's rules in a target edition of another language,
    /// through the edition it translates: a translated rule is its source's
    /// rule of the same number (a translation keeps the numbers of its
    /// source), or, for a chapter listed in `moved` (translation chapter,
    /// source chapter), the same number in the source's chapter; that rule is
    /// then followed into the target by content (`source_to_target`, from
    /// [`Graph::align`]). A rule whose number the source lacks is `removed`.
    pub fn through_source(
        &self,
        translation: EditionIdx,
        source: EditionIdx,
        moved: &[(u16, u16)],
        source_to_target: &Alignment,
    ) -> Alignment {
        let by_old: HashMap<NodeIdx, &Pair> =
            source_to_target.pairs.iter().filter_map(|p| p.old.map(|o| (o, p))).collect();
        let pairs = self
            .ordered(translation)
            .iter()
            .filter_map(|&n| {
                let id = self.node(n).id?;
                let in_source = match moved.iter().find(|(from, _)| id.chapter() == Some(*from)) {
                    Some(&(_, to)) => id.in_chapter(to),
                    None => id,
                };
                let removed = Pair { old: Some(n), new: None, relation: Relation::Removed, references_only: false };
                let Some(&src) = self.occurrences(source, in_source).first() else { return Some(removed) };
                Some(match by_old.get(&src) {
                    Some(p) => Pair { old: Some(n), ..**p },
                    None => removed,
                })
            })
            .collect();
        Alignment { pairs }
    }
}

/// What changed from one edition to another, as printed by `arbitre
/// compare` (JSON keys stable): rules added, removed, renumbered, changed,
/// changed only in the rule numbers they cite, and glossary entries.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Comparison {
    /// The old edition (`en 2025-11-14`).
    pub old: String,
    /// The new edition.
    pub new: String,
    /// Rules aligned `same`, renumbered or not.
    pub same: usize,
    /// Rules only in the new edition.
    pub added: Vec<String>,
    /// Rules only in the old edition.
    pub removed: Vec<String>,
    /// Rules whose number changed (their text may have changed too).
    pub renumbered: Vec<Renumbered>,
    /// Rules whose text changed, by their new number.
    pub changed: Vec<String>,
    /// Rules whose text changed only in the rule numbers it cites.
    pub references_only: Vec<String>,
    /// Glossary entries, by term.
    pub glossary: GlossaryChanges,
}

/// A rule renumbered from one edition to the next.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Renumbered {
    /// Its number in the old edition.
    pub from: String,
    /// Its number in the new edition.
    pub to: String,
}

/// Glossary entries added, removed and changed, by term.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct GlossaryChanges {
    /// Terms only in the new edition.
    pub added: Vec<String>,
    /// Terms only in the old edition.
    pub removed: Vec<String>,
    /// Terms whose definition changed.
    pub changed: Vec<String>,
}

impl Graph {
    /// What changed from one edition to another of the same language.
    pub fn compare(&self, old: EditionIdx, new: EditionIdx) -> Comparison {
        let alignment = self.align(old, new);
        let label = |n: Option<NodeIdx>| n.map(|n| self.node(n).label()).unwrap_or_default();
        let rules = |relation: Relation| -> Vec<String> {
            alignment
                .pairs
                .iter()
                .filter(|p| p.relation == relation)
                .map(|p| label(if relation == Relation::Removed { p.old } else { p.new }))
                .collect()
        };
        Comparison {
            old: self.edition(old).label(),
            new: self.edition(new).label(),
            same: alignment.count(Relation::Same),
            added: rules(Relation::Added),
            removed: rules(Relation::Removed),
            renumbered: alignment
                .renumbered(self)
                .map(|p| Renumbered { from: label(p.old), to: label(p.new) })
                .collect(),
            changed: rules(Relation::Changed),
            references_only: alignment.pairs.iter().filter(|p| p.references_only).map(|p| label(p.new)).collect(),
            glossary: self.compare_glossary(old, new),
        }
    }

    /// Glossary entries of two editions, by term.
    fn compare_glossary(&self, old: EditionIdx, new: EditionIdx) -> GlossaryChanges {
        // Terms compared folded, quotes and spaces normalized (« Isn't » and
        // « Isn’t » are one term); definitions compared as printed.
        let entries = |e: EditionIdx| -> std::collections::BTreeMap<String, (&str, &str)> {
            self.nodes()
                .iter()
                .filter(|n| n.edition == e && n.kind == super::NodeKind::Glossary)
                .map(|n| {
                    let key = crate::text::fold(&n.key).replace(['’', '‘'], "'").replace(['“', '”'], "\"");
                    (key.split_whitespace().collect::<Vec<_>>().join(" "), (n.key.as_str(), n.text.as_str()))
                })
                .collect()
        };
        let (a, b) = (entries(old), entries(new));
        let term = |(_, (t, _)): (&String, &(&str, &str))| t.to_string();
        GlossaryChanges {
            added: b.iter().filter(|(k, _)| !a.contains_key(*k)).map(term).collect(),
            removed: a.iter().filter(|(k, _)| !b.contains_key(*k)).map(term).collect(),
            changed: a.iter().filter(|(k, (_, d))| b.get(*k).is_some_and(|(_, e)| e != d)).map(term).collect(),
        }
    }
}
