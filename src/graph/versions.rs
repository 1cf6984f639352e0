//! Which version of a rule to show.
//!
//! The same rule may exist in several editions and languages (the French
//! 2011 text of 608.2b, the English 2026 one), under other numbers (the
//! French 701.15 « régénérer » is 701.19 in force), twice in one edition (a
//! duplicate printed in the source), or as a title only (a chapter listed in
//! a table of contents). Every caller that turns a number into one node —
//! look-ups ([`Graph::find`]), links, search hits, the tables of contents —
//! asks here, so the choice is the same everywhere.
//!
//! A plain number is a number of the rules in force ([`Graph::current`]):
//! the rule with that number in the current edition, shown by its French
//! text when one of its lineage has one ([`Graph::shown`]), else in English.
//! A number the rules in force lack (a rule since removed or renumbered,
//! or when no official edition is loaded) is looked for among every
//! version, preferring:
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
use super::node::{Edge, NodeIdx, NodeKind, Resolution};
use crate::lexicon::Lexicon;
use crate::vocab::{Date, Lang, RuleId};

/// How much a version is preferred: greater is better (see the module documentation).
type Preference = (bool, bool, Option<Date>, Reverse<u16>);

impl Graph {
    fn preference(&self, idx: NodeIdx) -> Preference {
        let node = self.node(idx);
        let edition = self.edition(node.edition);
        (self.has_content(idx), edition.language == Lang::Fr, edition.date, Reverse(node.occurrence))
    }

    /// The node a plain id gives (see the module documentation).
    pub fn find(&self, id: RuleId) -> Option<NodeIdx> {
        match self.current().and_then(|c| self.occurrences(c, id).first().copied()) {
            Some(in_force) => Some(self.shown(in_force)),
            None => self.preferred(self.versions(id).iter().copied()),
        }
    }

    /// How a rule is shown to a judge: by its French text when its lineage
    /// has one ([`Graph::french_text`]), else as it is. Chapters and
    /// sections are shown as they are in force: their page lists each rule
    /// as it is shown, under the French title ([`Graph::french_title`]).
    pub fn shown(&self, idx: NodeIdx) -> NodeIdx {
        match self.node(idx).kind {
            NodeKind::Rule | NodeKind::Subrule => self.french_text(idx).unwrap_or(idx),
            _ => idx,
        }
    }

    /// The number that gives this node as a plain id: its number in force
    /// when it shows a rule in force, else its own when that gives it, else
    /// `None` (the node is reached with its edition named).
    pub fn plain_id(&self, idx: NodeIdx) -> Option<RuleId> {
        let own = self.node(idx).id?;
        let in_force = self.in_force(idx).and_then(|c| self.node(c).id);
        [in_force, Some(own)].into_iter().flatten().find(|&id| self.find(id) == Some(idx))
    }

    /// The number a judge cites a node by: its number in force when it is
    /// in the rules in force or translates a rule in force (the French
    /// 701.15a « régénérer » is cited 701.19a), else its own number (an
    /// older English edition keeps the numbers of its time).
    pub fn cited_label(&self, idx: NodeIdx) -> String {
        match self.cited_id(idx) {
            Some(id) => id.to_string(),
            None => self.node(idx).label(),
        }
    }

    /// The number a judge cites a numbered node by ([`Graph::cited_label`]).
    pub fn cited_id(&self, idx: NodeIdx) -> Option<RuleId> {
        let n = self.node(idx);
        let followed = Some(n.edition) == self.current() || self.is_translation(n.edition);
        match self.in_force(idx).filter(|_| followed) {
            Some(c) => self.node(c).id,
            None => n.id,
        }
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

impl Graph {
    /// Where a reference leads a judge. A reference is read in the numbering
    /// of the text that makes it: a translation numbers as the edition it
    /// translates (through the chapters it moved), an original edition as
    /// itself. From the rules in force and from translations, the rule cited
    /// is followed to its counterpart in force and shown as its plain number
    /// shows it ([`Graph::shown`]: the French text when one exists, else the
    /// English in force) — never a title-only page when a loaded edition has
    /// the text. An older original edition's references stay in it, as
    /// [`Graph::build`] resolved them; so do those the alignment cannot follow.
    pub fn leads_to(&self, edge: &Edge) -> Resolution {
        let edition = self.node(edge.from).edition;
        let cited = if self.is_translation(edition) {
            self.source_of(edition).and_then(|(source, moved)| {
                let id = match moved.iter().find(|(from, _)| edge.target.chapter() == Some(*from)) {
                    Some(&(_, to)) => edge.target.in_chapter(to),
                    None => edge.target,
                };
                self.occurrences(source, id).first().copied()
            })
        } else if Some(edition) == self.current() {
            self.occurrences(edition, edge.target).first().copied()
        } else {
            None
        };
        let shown = cited.map(|t| self.shown(self.in_force(t).unwrap_or(t)));
        match shown {
            Some(n) if self.has_content(n) => Resolution::Resolved(n),
            _ => edge.resolution,
        }
    }
}

impl Graph {
    /// The definition of a glossary term (case and accents ignored): the
    /// entry of the rules in force, else of the newest edition that has it.
    pub fn definition(&self, term: &str) -> Option<NodeIdx> {
        let entries = self.glossary_entries(term);
        let in_force = entries.iter().copied().find(|&n| Some(self.node(n).edition) == self.current());
        in_force.or_else(|| entries.iter().copied().max_by_key(|&n| self.edition(self.node(n).edition).date))
    }

    /// The definition of a term named in either language: the English name
    /// the vocabulary gives a French name or a word of jargon
    /// (« piétinement », « LKI »), else the glossary's own term (« Trample »),
    /// with leading articles and case ignored. Returns the entry and the name
    /// the vocabulary translated, if any.
    pub fn definition_of_name(&self, typed: &str, lexicon: &Lexicon) -> Option<(NodeIdx, Option<String>)> {
        let lower = lowered_term(typed);
        let bare = without_article(&lower, ARTICLES);
        // A term may end with a note in parentheses (« passer (la priorité) »),
        // but words after one make a question (« prendre l'initiative
        // (undercity) a un adversaire »), which the vocabulary's keys, made
        // for its names, would cut at the parenthesis.
        let words_after_note = bare.rsplit_once(')').is_some_and(|(_, after)| !after.trim().is_empty());
        if bare.is_empty() || words_after_note {
            return None;
        }
        // The French reading first: « initiative » is first strike, whatever
        // the glossary's *Initiative* (the one a player takes) — unless an
        // English article says the judge typed English (« the initiative »).
        let english = ["the ", "a ", "an "].iter().any(|a| lower.starts_with(a));
        if english && let Some(n) = self.definition(bare) {
            return Some((n, None));
        }
        let french =
            lexicon.by_french(bare).into_iter().filter(|e| crate::lexicon::key(&e.en) != crate::lexicon::key(bare));
        if let Some(found) = french.clone().find_map(|e| self.definition(&e.en).map(|n| (n, Some(e.fr.clone())))) {
            return Some(found);
        }
        if let Some(n) = self.definition(bare) {
            return Some((n, None));
        }
        // A designation taken or become: « prendre l'initiative » is « take
        // the initiative », the glossary's *Initiative* (« devenir le
        // monarque », *Monarch*) — what follows « the », not any end of the
        // phrase (« play a land » is not *Land*).
        french.into_iter().find_map(|e| {
            let (_, designation) = e.en.rsplit_once(" the ")?;
            self.definition(designation).map(|n| (n, Some(e.fr.clone())))
        })
    }

    /// The glossary entry a word typed names in English when its French
    /// reading found another (« initiative »: first strike in French, the
    /// glossary's *Initiative* in English), to show beside it.
    pub fn english_homonym(&self, typed: &str, found: NodeIdx) -> Option<NodeIdx> {
        let lower = lowered_term(typed);
        // The French articles only: « the initiative » is already read in English.
        self.definition(without_article(&lower, &ARTICLES[..5])).filter(|&n| n != found)
    }

    /// Glossary terms close to what was typed, for suggestions: those that
    /// contain it or that it contains, shortest first, each once.
    pub fn glossary_terms_near(&self, typed: &str, count: usize) -> Vec<String> {
        let wanted = crate::text::fold(typed.trim());
        if wanted.chars().count() < 3 {
            return Vec::new();
        }
        let mut near: Vec<&str> = self
            .glossary
            .iter()
            // A term of one or two letters (« X », « Y ») is in any long word typed.
            .filter(|(key, _)| key.contains(&wanted) || (key.chars().count() >= 3 && wanted.contains(key.as_str())))
            .filter_map(|(_, nodes)| nodes.first().map(|&n| self.node(n).key.as_str()))
            .collect();
        near.sort_by_key(|t| (t.len(), t.to_string()));
        near.dedup();
        near.into_iter().take(count).map(str::to_string).collect()
    }
}

/// The articles a term typed may start with, the French ones first.
const ARTICLES: &[&str] = &["le ", "la ", "les ", "l'", "l’", "un ", "une ", "the ", "a ", "an "];

/// A term as typed, lowercased, without the end of a question (« ? »).
fn lowered_term(typed: &str) -> String {
    typed.trim().trim_end_matches(['?', '!', '.']).trim().to_lowercase()
}

/// A lowercased term without the first of `articles` it starts with.
fn without_article<'a>(lower: &'a str, articles: &[&str]) -> &'a str {
    articles.iter().find_map(|a| lower.strip_prefix(a)).unwrap_or(lower).trim()
}
