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
//!    `changed`; then, for what is still left, the same across sections with
//!    a higher threshold (a rule moved to another section);
//! 3. what is left is `removed` (old) or `added` (new).
//!
//! Cross-language pairs (a French text and the English edition it
//! translates) are not this module's: their numbers are the same by
//! construction ([`super::history`] pairs them).

use std::collections::HashMap;
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

/// Old rules and the new rules they became, when that is not one to one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regrouping {
    /// The old rules.
    pub old: Vec<NodeIdx>,
    /// The new rules.
    pub new: Vec<NodeIdx>,
}

/// How much of a rule's words must come from another for it to be part of
/// it (a split-off rule within the rule it left, a merged rule within the
/// rule it joined).
const PART_OF: f32 = 0.6;
/// How many words a split or merge must move, at least.
const MOVED_WORDS: usize = 2;

impl Alignment {
    /// Rules split in several: an old rule paired (`changed`) with one new
    /// rule, and an added rule under the same parent most of whose words
    /// come from the old rule. The old rule then lists its new rules.
    pub fn splits(&self, graph: &Graph) -> Vec<Regrouping> {
        self.regroup(graph, false)
    }

    /// Rules merged into one: the mirror of [`Alignment::splits`] — a
    /// removed rule most of whose words went into a new rule paired
    /// (`changed`) with a sibling of it.
    pub fn merges(&self, graph: &Graph) -> Vec<Regrouping> {
        self.regroup(graph, true)
    }

    /// Splits (`merged` false) or merges, seen from the side that has one rule.
    fn regroup(&self, graph: &Graph, merged: bool) -> Vec<Regrouping> {
        // A pair as (the rule on the side with one, its counterpart): old then new for a split.
        let one = |p: &Pair| if merged { (p.new, p.old) } else { (p.old, p.new) };
        let lone = if merged { Relation::Removed } else { Relation::Added };
        let words = |n: NodeIdx| -> std::collections::HashSet<String> {
            Content::of(graph, n).words().filter(|w| w.chars().count() > 2).map(str::to_string).collect()
        };
        let mut out: Vec<Regrouping> = Vec::new();
        for p in self.pairs.iter().filter(|p| p.relation == lone) {
            let Some(part) = (if merged { p.old } else { p.new }) else { continue };
            let parent = graph.node(part).parent;
            let part_words = words(part);
            if part_words.is_empty() {
                continue;
            }
            // The changed rule beside it that holds most of its words.
            let whole = self
                .pairs
                .iter()
                .filter(|q| q.relation == Relation::Changed)
                .filter_map(|q| {
                    let (Some(w), Some(sibling)) = one(q) else { return None };
                    let beside =
                        graph.node(sibling).parent == parent && graph.node(sibling).kind == graph.node(part).kind;
                    if !beside {
                        return None;
                    }
                    let ww = words(w);
                    let share = part_words.iter().filter(|x| ww.contains(*x)).count() as f32 / part_words.len() as f32;
                    // What the whole rule has that its changed counterpart lacks
                    // (words it lost in a split, gained in a merge) must be in the part:
                    // a new rule worded like an old one is not a split of it.
                    let sw = words(sibling);
                    let moved: Vec<&String> = ww.iter().filter(|x| !sw.contains(*x)).collect();
                    let moved_in_part = moved.iter().filter(|x| part_words.contains(**x)).count();
                    let really_moved = moved.len() >= MOVED_WORDS && 2 * moved_in_part >= moved.len();
                    (share >= PART_OF && really_moved).then_some((share, q))
                })
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let Some((_, q)) = whole else { continue };
            let (Some(w), Some(sibling)) = one(q) else { continue };
            match out.iter_mut().find(|r| (if merged { &r.new } else { &r.old }).contains(&w)) {
                Some(r) => (if merged { &mut r.old } else { &mut r.new }).push(part),
                None if merged => out.push(Regrouping { old: vec![sibling, part], new: vec![w] }),
                None => out.push(Regrouping { old: vec![w], new: vec![sibling, part] }),
            }
        }
        out
    }
}

/// The least word similarity (Dice coefficient) for two rules to be the
/// same rule changed.
const MIN_SIMILARITY: f32 = 0.5;
/// The same across sections, for the rules still left: a rule that moved to
/// another section (the 2009 renumbering sent the legend rule from 420.5e to
/// 704.5k, « in play » becoming « on the battlefield ») must say nearly the same.
const MIN_SIMILARITY_ACROSS_SECTIONS: f32 = 0.75;

/// Where step 2 looks for a rule's counterpart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// In the same section, from [`MIN_SIMILARITY`].
    Section,
    /// In any section, from [`MIN_SIMILARITY_ACROSS_SECTIONS`], for what is left.
    Anywhere,
}

impl Scope {
    fn threshold(self) -> f32 {
        match self {
            Scope::Section => MIN_SIMILARITY,
            Scope::Anywhere => MIN_SIMILARITY_ACROSS_SECTIONS,
        }
    }
}
/// Added to the similarity of two rules whose parents are paired.
const PARENT_BONUS: f32 = 0.15;
/// Added to the similarity of two rules with the same number.
const NUMBER_BONUS: f32 = 0.05;

/// Rule numbers cited in a text: masked before comparing.
static RULE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?-u:\b)[0-9]{3}(?:\.[0-9]+[a-z]?)?(?:[-–][0-9]*[a-z]?)?(?-u:\b)").expect("valid pattern")
});

/// What is compared of a rule: its title and text, in lower case, spaces
/// collapsed, quotes typographic (the editions before 2014 are in ASCII),
/// rule numbers masked (editions of one language: no accent folding).
pub(super) struct Content {
    node: NodeIdx,
    masked: String,
}

impl Content {
    /// The numbered nodes of an edition, in rule order.
    pub(super) fn of_edition(graph: &Graph, edition: EditionIdx) -> Vec<Content> {
        graph.ordered(edition).iter().filter(|&&n| graph.node(n).id.is_some()).map(|&n| Content::of(graph, n)).collect()
    }

    /// Whether two rules say the same, the rule numbers they cite masked.
    pub(super) fn same_as(&self, other: &Content) -> bool {
        self.masked == other.masked
    }

    pub(super) fn of(graph: &Graph, node: NodeIdx) -> Content {
        let n = graph.node(node);
        let text = format!("{} | {}", n.title.as_deref().unwrap_or(""), n.text);
        let text = crate::text::curly_quotes(&text);
        let masked = RULE_NUMBER.replace_all(&text, "§");
        let mut out = String::with_capacity(masked.len());
        for word in masked.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            if word.is_ascii() {
                out.push_str(word);
                let start = out.len() - word.len();
                out[start..].make_ascii_lowercase();
            } else {
                out.push_str(&word.to_lowercase());
            }
        }
        Content { node, masked: out }
    }

    /// The words, for the similarity of the rules left after step 1.
    fn words(&self) -> impl Iterator<Item = &str> {
        self.masked.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
    }
}

impl Graph {
    /// Aligns two editions of one language by content (see the module documentation).
    pub fn align(&self, old: EditionIdx, new: EditionIdx) -> Alignment {
        self.align_contents(&Content::of_edition(self, old), &Content::of_edition(self, new))
    }

    /// Aligns the contents of two editions.
    pub(super) fn align_contents(&self, olds: &[Content], news: &[Content]) -> Alignment {
        let mut old_to_new: HashMap<NodeIdx, (NodeIdx, Relation)> = HashMap::new();
        let mut taken: HashMap<NodeIdx, NodeIdx> = HashMap::new();
        pair_identical(olds, news, &mut old_to_new, &mut taken);
        self.pair_similar(olds, news, &mut old_to_new, &mut taken, Scope::Section);
        self.pair_similar(olds, news, &mut old_to_new, &mut taken, Scope::Anywhere);
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

    /// Step 2: the rules left, by word similarity within a section. The
    /// similarities are computed once ([`Graph::candidates`]); each round
    /// then pairs mutual best matches, so that a pair found makes the parent
    /// bonus available to its subrules in the next round.
    fn pair_similar(
        &self,
        olds: &[Content],
        news: &[Content],
        old_to_new: &mut HashMap<NodeIdx, (NodeIdx, Relation)>,
        taken: &mut HashMap<NodeIdx, NodeIdx>,
        scope: Scope,
    ) {
        let left_old: Vec<&Content> = olds.iter().filter(|c| !old_to_new.contains_key(&c.node)).collect();
        let left_new: Vec<&Content> = news.iter().filter(|c| !taken.contains_key(&c.node)).collect();
        let candidates = self.candidates(&left_old, &left_new, scope);
        loop {
            // Each rule's best partner among those not yet paired: score,
            // partner's rank in its edition (the last of equal scores wins), partner.
            let mut best_new: HashMap<NodeIdx, (f32, usize, NodeIdx)> = HashMap::new();
            let mut best_old: HashMap<NodeIdx, (f32, usize, NodeIdx)> = HashMap::new();
            for c in &candidates {
                if old_to_new.contains_key(&c.old) || taken.contains_key(&c.new) {
                    continue;
                }
                let parents = self.node(c.old).parent.zip(self.node(c.new).parent);
                let paired_parents = parents.is_some_and(|(pa, pb)| old_to_new.get(&pa).is_some_and(|(n, _)| *n == pb));
                let s = c.base + if paired_parents { PARENT_BONUS } else { 0.0 };
                if s < scope.threshold() {
                    continue;
                }
                let better = |slot: Option<&(f32, usize, NodeIdx)>, rank: usize| {
                    slot.is_none_or(|&(t, r, _)| s > t || (s == t && rank > r))
                };
                if better(best_new.get(&c.old), c.new_rank) {
                    best_new.insert(c.old, (s, c.new_rank, c.new));
                }
                if better(best_old.get(&c.new), c.old_rank) {
                    best_old.insert(c.new, (s, c.old_rank, c.old));
                }
            }
            let mut found: Vec<(NodeIdx, NodeIdx)> = best_new
                .iter()
                .filter(|&(a, &(_, _, b))| best_old.get(&b).is_some_and(|&(_, _, back)| back == *a))
                .map(|(&a, &(_, _, b))| (a, b))
                .collect();
            if found.is_empty() {
                return;
            }
            found.sort_unstable();
            for (a, b) in found {
                old_to_new.insert(a, (b, Relation::Changed));
                taken.insert(b, a);
            }
        }
    }

    /// The pairs of rules left after step 1 that may be one rule changed:
    /// same section and kind, word similarity (with the same-number bonus)
    /// high enough that the parent bonus could make it count. Every pair of
    /// a section is scored, so each score must be cheap: the most frequent
    /// words are bits of a mask (their common count is one `count_ones`),
    /// the other words are counted through an inverted index.
    fn candidates(&self, left_old: &[&Content], left_new: &[&Content], scope: Scope) -> Vec<Candidate> {
        let (old_bags, new_bags) = Bag::all(left_old, left_new);
        let section = |id: crate::vocab::RuleId| if scope == Scope::Section { id.section() } else { 0 };
        let bucket = |n: NodeIdx| self.node(n).id.map(|id| (section(id), self.node(n).kind as u8));
        // Per section and kind: the new rules, and where each rare word occurs among them.
        let mut buckets: HashMap<(u8, u8), Bucket> = HashMap::new();
        for (j, c) in left_new.iter().enumerate() {
            let Some(b) = bucket(c.node) else { continue };
            let (list, postings) = buckets.entry(b).or_default();
            for &w in &new_bags[j].rare {
                postings.entry(w).or_default().push(list.len() as u32);
            }
            list.push(j);
        }
        let floor = scope.threshold() - PARENT_BONUS - NUMBER_BONUS;
        let mut out = Vec::new();
        let mut rare_common: Vec<u16> = Vec::new();
        for (i, a) in left_old.iter().enumerate() {
            let Some((list, postings)) = bucket(a.node).and_then(|b| buckets.get(&b)) else { continue };
            let wa = &old_bags[i];
            rare_common.clear();
            rare_common.resize(list.len(), 0);
            for w in &wa.rare {
                for &at in postings.get(w).map(Vec::as_slice).unwrap_or_default() {
                    rare_common[at as usize] += 1;
                }
            }
            for (at, &j) in list.iter().enumerate() {
                let wb = &new_bags[j];
                let total = wa.len + wb.len;
                if total == 0 || (2 * wa.len.min(wb.len)) as f32 / (total as f32) < floor {
                    continue;
                }
                let common = wa.common_frequent(wb) + u32::from(rare_common[at]);
                let number = if self.node(a.node).id == self.node(left_new[j].node).id { NUMBER_BONUS } else { 0.0 };
                let base = 2.0 * common as f32 / total as f32 + number;
                if base + PARENT_BONUS >= scope.threshold() {
                    out.push(Candidate { old: a.node, new: left_new[j].node, old_rank: i, new_rank: j, base });
                }
            }
        }
        out
    }
}

/// The distinct words of a rule: the most frequent ones as bits, the others
/// as interned ids.
#[derive(Default)]
struct Bag {
    /// How many distinct words.
    len: u32,
    /// The frequent words, one bit each.
    frequent: [u64; FREQUENT_WORDS / 64],
    /// The other words.
    rare: Vec<u32>,
}

/// How many of the most frequent words are counted as bits.
const FREQUENT_WORDS: usize = 128;

impl Bag {
    /// The bags of the old and new rules, words interned over both.
    fn all<'a>(olds: &[&'a Content], news: &[&'a Content]) -> (Vec<Bag>, Vec<Bag>) {
        let mut vocabulary: HashMap<&'a str, u32> = HashMap::new();
        let mut ids = |c: &'a Content| -> Vec<u32> {
            let mut ids: Vec<u32> = Vec::new();
            for w in c.words() {
                let next = vocabulary.len() as u32;
                ids.push(*vocabulary.entry(w).or_insert(next));
            }
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let old_ids: Vec<Vec<u32>> = olds.iter().map(|c| ids(c)).collect();
        let new_ids: Vec<Vec<u32>> = news.iter().map(|c| ids(c)).collect();
        let mut frequency = vec![0u32; vocabulary.len()];
        for w in old_ids.iter().chain(&new_ids).flatten() {
            frequency[*w as usize] += 1;
        }
        let mut by_frequency: Vec<u32> = (0..frequency.len() as u32).collect();
        by_frequency.sort_by_key(|&w| (std::cmp::Reverse(frequency[w as usize]), w));
        let mut bit: Vec<Option<u8>> = vec![None; frequency.len()];
        for (b, &w) in by_frequency.iter().take(FREQUENT_WORDS).enumerate() {
            bit[w as usize] = Some(b as u8);
        }
        let bag = |ids: Vec<u32>| {
            let mut bag = Bag { len: ids.len() as u32, ..Bag::default() };
            for w in ids {
                match bit[w as usize] {
                    Some(b) => bag.frequent[usize::from(b) / 64] |= 1 << (b % 64),
                    None => bag.rare.push(w),
                }
            }
            bag
        };
        (old_ids.into_iter().map(bag).collect(), new_ids.into_iter().map(bag).collect())
    }

    /// How many frequent words two bags share.
    fn common_frequent(&self, other: &Bag) -> u32 {
        self.frequent.iter().zip(&other.frequent).map(|(a, b)| (a & b).count_ones()).sum()
    }
}

/// The new rules of one section and kind (their ranks among the rules
/// left), and where each of their rare words occurs among them.
type Bucket = (Vec<usize>, HashMap<u32, Vec<u32>>);

/// Two rules left after step 1 that may be one rule changed.
struct Candidate {
    old: NodeIdx,
    new: NodeIdx,
    /// Ranks among the rules left, in edition order (ties go to the last).
    old_rank: usize,
    new_rank: usize,
    /// Word similarity, with the same-number bonus.
    base: f32,
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
    /// Rules split in several ([`Alignment::splits`]).
    pub split: Vec<Regrouped>,
    /// Rules merged into one ([`Alignment::merges`]).
    pub merged: Vec<Regrouped>,
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

/// A rule split in several, or rules merged into one, by number.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Regrouped {
    /// The old numbers.
    pub from: Vec<String>,
    /// The new numbers.
    pub to: Vec<String>,
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
        self.comparison(old, new, &self.alignment_between(old, new))
    }

    /// Two editions of one language aligned: the alignment of their link
    /// when they follow each other ([`Graph::links`]), else computed.
    pub fn alignment_between(&self, old: EditionIdx, new: EditionIdx) -> std::borrow::Cow<'_, Alignment> {
        match self
            .links()
            .iter()
            .find(|l| l.old == old && l.new == new && l.kind == super::history::LinkKind::Successor)
        {
            Some(link) => std::borrow::Cow::Borrowed(&link.alignment),
            None => std::borrow::Cow::Owned(self.align(old, new)),
        }
    }

    /// What changed from one edition to another, from their alignment.
    pub fn comparison(&self, old: EditionIdx, new: EditionIdx, alignment: &Alignment) -> Comparison {
        let label = |n: Option<NodeIdx>| n.map(|n| self.node(n).label()).unwrap_or_default();
        let rules = |relation: Relation| -> Vec<String> {
            alignment
                .pairs
                .iter()
                .filter(|p| p.relation == relation)
                .map(|p| label(if relation == Relation::Removed { p.old } else { p.new }))
                .collect()
        };
        let labels = |nodes: &[NodeIdx]| nodes.iter().map(|&n| label(Some(n))).collect();
        let regrouped = |r: &Regrouping| Regrouped { from: labels(&r.old), to: labels(&r.new) };
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
            split: alignment.splits(self).iter().map(regrouped).collect(),
            merged: alignment.merges(self).iter().map(regrouped).collect(),
            glossary: self.compare_glossary(old, new),
        }
    }

    /// Glossary entries of two editions, by term.
    pub fn compare_glossary(&self, old: EditionIdx, new: EditionIdx) -> GlossaryChanges {
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
