//! The ingestion report printed by `arbitre check`.
//!
//! [`CheckReport`] is plain data built from a [`Loaded`] corpus; its JSON keys
//! are stable (tools read them): `documents[]` with `path`, `format`,
//! `language`, `edition`, `rules`, `examples`, `anomalies[]` (`kind`, `id`,
//! `line`, `message`), and `totals` with `rules`, `examples`, `references`,
//! `resolved`, `title_only`, `dangling`; `alignments[]` (`old`, `new`, `same`,
//! `changed`, `added`, `removed`, `renumbered`) for consecutive editions of one
//! language. The text form is in French.

use std::fmt::Write as _;

use serde::Serialize;

use crate::Loaded;
use crate::graph::Resolution;
use crate::graph::align::Relation;
use crate::graph::history::LinkKind;
use crate::graph::{Counts, EditionIdx, Graph, LineAudit};
pub use crate::text::plural;
use crate::vocab::Anomaly;

/// One document's part of the report.
#[derive(Debug, Serialize)]
pub struct DocumentReport {
    /// The path.
    pub path: String,
    /// The document's title.
    pub title: String,
    /// The layout (`page_export`, `table_export`, `judge_article`, `official_txt`).
    pub format: &'static str,
    /// The language (`fr`, `en`).
    pub language: &'static str,
    /// The edition date, if dated.
    pub edition: Option<String>,
    /// The encoding the bytes were read in.
    pub encoding: &'static str,
    /// Rules and subrules printed with their number.
    pub rules: usize,
    /// Examples.
    pub examples: usize,
    /// Glossary entries.
    pub glossary: usize,
    /// Reference targets made by the document.
    pub references: usize,
    /// The line audit: every non-blank line is owned.
    pub lines: LineAudit,
    /// The document's anomalies.
    pub anomalies: Vec<Anomaly>,
}

/// A document that could not be read.
#[derive(Debug, Serialize)]
pub struct ErrorReport {
    /// The message, in French, naming the file and the line.
    pub message: String,
}

/// The totals over all documents: the graph's counts (`rules`, `examples`,
/// `glossary`, `references`, `resolved`, `title_only`, `dangling`) and more.
#[derive(Debug, Serialize)]
pub struct Totals {
    /// Documents loaded.
    pub documents: usize,
    /// Rules, examples, glossary entries and references.
    #[serde(flatten)]
    pub counts: Counts,
    /// Anomalies.
    pub anomalies: usize,
    /// Non-blank lines audited.
    pub content_lines: usize,
    /// Non-blank lines not accounted for (0 when nothing is lost).
    pub lost_lines: usize,
    /// References made by translations (French texts), each target once.
    pub translated_references: usize,
    /// Of those, the ones that lead a judge to a text ([`Graph::leads_to`]):
    /// the French rule cited, or its counterpart in force.
    pub translated_references_to_text: usize,
}

/// Two editions aligned ([`crate::graph::history`]): how many numbered
/// nodes are the same, changed, added, removed, and how many of the pairs
/// were renumbered.
#[derive(Debug, Serialize)]
pub struct AlignmentReport {
    /// The older edition (`en 2025-11-14`), or the translation.
    pub old: String,
    /// The newer one, or the edition translated, or the rules in force.
    pub new: String,
    /// `successor` (one edition and the next, by content), `translation`
    /// (a translation and its source, by number), `in_force` (a translation
    /// and the rules in force, through its source and the successors).
    pub kind: &'static str,
    /// Same rule, same meaning (renumbered or not).
    pub same: usize,
    /// Same rule, text changed.
    pub changed: usize,
    /// Only in the newer edition (for `in_force`: rules in force, in the
    /// chapters the translation covers, that it has no text for).
    pub added: usize,
    /// Only in the older edition.
    pub removed: usize,
    /// Pairs whose number changed.
    pub renumbered: usize,
}

impl AlignmentReport {
    /// Every link between editions, then each translation against the rules in force.
    fn all(g: &Graph) -> Vec<AlignmentReport> {
        let mut out: Vec<AlignmentReport> = g
            .links()
            .iter()
            .map(|l| {
                let a = &l.alignment;
                AlignmentReport {
                    old: g.edition(l.old).label(),
                    new: g.edition(l.new).label(),
                    kind: match l.kind {
                        LinkKind::Successor => "successor",
                        LinkKind::Translation => "translation",
                    },
                    same: a.count(Relation::Same),
                    changed: a.count(Relation::Changed),
                    added: a.count(Relation::Added),
                    removed: a.count(Relation::Removed),
                    renumbered: a.renumbered(g).count(),
                }
            })
            .collect();
        let Some(current) = g.current() else { return out };
        for l in g.links().iter().filter(|l| l.kind == LinkKind::Translation) {
            out.push(Self::in_force(g, l.old, current));
        }
        out
    }

    /// A translation against the rules in force.
    fn in_force(g: &Graph, translation: EditionIdx, current: EditionIdx) -> AlignmentReport {
        let mut r = AlignmentReport {
            old: g.edition(translation).label(),
            new: g.edition(current).label(),
            kind: "in_force",
            same: 0,
            changed: 0,
            added: 0,
            removed: 0,
            renumbered: 0,
        };
        let mut chapters = std::collections::HashSet::new();
        for &n in g.ordered(translation) {
            let node = g.node(n);
            if node.id.is_none() {
                continue;
            }
            match g.in_force(n) {
                Some(c) => {
                    match g.relation(n, c) {
                        Relation::Same => r.same += 1,
                        _ => r.changed += 1,
                    }
                    r.renumbered += usize::from(g.node(c).id != node.id);
                    if node.has_text() {
                        chapters.extend(g.node(c).id.and_then(|id| id.chapter()));
                    }
                }
                None => r.removed += 1,
            }
        }
        r.added = g
            .ordered(current)
            .iter()
            .filter(|&&c| {
                g.node(c).id.is_some_and(|id| id.depth() >= 2 && id.chapter().is_some_and(|ch| chapters.contains(&ch)))
            })
            .filter(|&&c| g.counterpart(c, translation).is_none())
            .count();
        r
    }
}

/// The whole report. See the module documentation.
#[derive(Debug, Serialize)]
pub struct CheckReport {
    /// Per document.
    pub documents: Vec<DocumentReport>,
    /// Documents that could not be read.
    pub errors: Vec<ErrorReport>,
    /// Files passed over, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Totals.
    pub totals: Totals,
    /// Consecutive editions of one language, aligned by content.
    pub alignments: Vec<AlignmentReport>,
    /// Time to read, parse and link, in milliseconds.
    pub elapsed_ms: f64,
}

impl CheckReport {
    /// Builds the report of a loaded corpus.
    pub fn new(loaded: &Loaded) -> CheckReport {
        let g = &loaded.graph;
        let documents: Vec<DocumentReport> = g
            .documents()
            .iter()
            .enumerate()
            .map(|(d, doc)| {
                let c = g.counts(Some(d));
                let ed = g.edition(doc.edition);
                DocumentReport {
                    path: doc.path.clone(),
                    title: doc.title.clone(),
                    format: doc.format.code(),
                    language: doc.language.code(),
                    edition: ed.date.map(|d| d.to_string()),
                    encoding: doc.encoding.name(),
                    rules: c.rules,
                    examples: c.examples,
                    glossary: c.glossary,
                    references: c.references,
                    lines: g.audit(d),
                    anomalies: g.anomalies().iter().filter(|a| a.document == d).cloned().collect(),
                }
            })
            .collect();
        let mut totals = Totals {
            documents: documents.len(),
            counts: g.counts(None),
            anomalies: g.anomalies().len(),
            content_lines: documents.iter().map(|d| d.lines.content_lines).sum(),
            lost_lines: documents
                .iter()
                .map(|d| d.lines.unowned.len() + d.lines.not_contained.len() + d.lines.shared.len())
                .sum(),
            translated_references: 0,
            translated_references_to_text: 0,
        };
        for e in g.edges().iter().filter(|e| g.is_translation(g.node(e.from).edition)) {
            totals.translated_references += 1;
            let to_text = match g.leads_to(e) {
                Resolution::Resolved(n) => g.has_content(n),
                _ => false,
            };
            totals.translated_references_to_text += usize::from(to_text);
        }
        CheckReport {
            documents,
            errors: loaded.errors.iter().map(|e| ErrorReport { message: e.to_string() }).collect(),
            skipped: loaded.skipped.clone(),
            totals,
            alignments: AlignmentReport::all(g),
            elapsed_ms: loaded.elapsed.as_secs_f64() * 1000.0,
        }
    }

    /// The report as French text. `with_timing` adds the elapsed time (left
    /// out of snapshot tests, where it would change every run).
    pub fn to_text(&self, with_timing: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Corpus : {}", plural(self.documents.len(), "document", "documents"));
        for d in &self.documents {
            let _ = writeln!(out, "\n{}", d.path);
            let _ = writeln!(out, "  {}", d.title);
            let _ = writeln!(
                out,
                "  format : {} · langue : {} · édition : {} · encodage : {}",
                d.format,
                d.language,
                d.edition.as_deref().unwrap_or("non datée"),
                d.encoding
            );
            let mut counts = vec![plural(d.rules, "règle", "règles"), plural(d.examples, "exemple", "exemples")];
            if d.glossary > 0 {
                counts.push(plural(d.glossary, "entrée de glossaire", "entrées de glossaire"));
            }
            counts.push(plural(d.references, "référence", "références"));
            let _ = writeln!(out, "  {}", counts.join(" · "));
            let lost = d.lines.unowned.len() + d.lines.not_contained.len() + d.lines.shared.len();
            let _ = writeln!(
                out,
                "  lignes : {} non vides, {} dans des nœuds, {} dans des anomalies, {} de mise en page — {}",
                d.lines.content_lines,
                d.lines.in_nodes,
                d.lines.in_anomalies,
                d.lines.markup,
                if lost == 0 { "aucune perdue".to_string() } else { format!("{lost} NON RATTACHÉES") }
            );
            if !d.anomalies.is_empty() {
                let _ = writeln!(out, "  avertissements ({}) :", d.anomalies.len());
                for a in &d.anomalies {
                    let _ = writeln!(out, "    ligne {} · {} · {}", a.line, a.kind.label_fr(), a.message);
                }
            }
        }
        for (path, why) in &self.skipped {
            let _ = writeln!(out, "\nignoré : {path} ({why})");
        }
        for e in &self.errors {
            let _ = writeln!(out, "\nerreur : {}", e.message);
        }
        let t = &self.totals.counts;
        let _ = writeln!(out, "\nTotal");
        let _ = writeln!(
            out,
            "  {} · {} · {}",
            plural(t.rules, "règle", "règles"),
            plural(t.examples, "exemple", "exemples"),
            plural(t.glossary, "entrée de glossaire", "entrées de glossaire")
        );
        let _ = writeln!(
            out,
            "  références : {} — résolues : {} · titre seul : {} · pendantes : {}",
            t.references, t.resolved, t.title_only, t.dangling
        );
        if self.totals.translated_references > 0 {
            let _ = writeln!(
                out,
                "  références des textes français : {} — menant à un texte (français, sinon la règle en vigueur) : {}",
                self.totals.translated_references, self.totals.translated_references_to_text
            );
        }
        let _ = writeln!(
            out,
            "  avertissements : {} · lignes non vides : {} · perdues : {}",
            self.totals.anomalies, self.totals.content_lines, self.totals.lost_lines
        );
        if !self.errors.is_empty() {
            let _ = writeln!(out, "  documents illisibles : {}", self.errors.len());
        }
        self.alignments_text(&mut out);
        if with_timing {
            let _ = writeln!(out, "Lu, analysé et relié en {} ms.", crate::text::decimal_fr(self.elapsed_ms, 1));
        }
        out
    }

    /// The consecutive editions aligned, one line per pair.
    fn alignments_text(&self, out: &mut String) {
        if !self.alignments.is_empty() {
            let _ = writeln!(out, "\nÉditions alignées par leur contenu");
        }
        for a in &self.alignments {
            let how = match a.kind {
                "translation" => " (traduction, par numéro)",
                "in_force" => " (règles en vigueur)",
                _ => "",
            };
            let _ = writeln!(
                out,
                "  {} → {}{how} : {} · {} · {} · {} · {}",
                a.old,
                a.new,
                plural(a.same, "identique", "identiques"),
                plural(a.changed, "modifiée", "modifiées"),
                plural(a.added, "ajoutée", "ajoutées"),
                plural(a.removed, "retirée", "retirées"),
                plural(a.renumbered, "renumérotée", "renumérotées")
            );
        }
    }
}
