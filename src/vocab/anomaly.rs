//! Anomalies: what is odd in a source document, kept and reported.
//!
//! Nothing odd is dropped or merged silently. A duplicated rule number keeps
//! both texts, a number out of order keeps its place, text that belongs to no
//! rule is kept in the anomaly itself (its lines are owned by it), a reference
//! that leads nowhere is listed. `arbitre check` prints them as warnings.

use serde::Serialize;

/// The kinds of anomaly, with stable names for JSON (`kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum AnomalyKind {
    /// The same rule number appears twice in one edition.
    Duplicate,
    /// A rule number smaller than the one before it.
    OutOfOrder,
    /// A rule number with no text.
    EmptyRule,
    /// Text that matches no rule.
    OrphanText,
    /// A line that looks like a rule number but is not a valid one.
    InvalidNumber,
    /// A heading without a number, attached as the title of the rule it precedes.
    UnnumberedHeading,
    /// A cross-reference that resolves to nothing in the corpus.
    DanglingReference,
    /// A cross-reference that cannot be read as a rule number (`règle 99999.9z`).
    InvalidReference,
    /// The document is not in UTF-8 and was read in another encoding.
    Encoding,
    /// The manifest and the document disagree (format, edition).
    ManifestMismatch,
    /// Two sources give different titles to the same section or chapter.
    TitleMismatch,
    /// A glossary term with no definition.
    EmptyGlossaryEntry,
    /// The table of contents announces chapters or parts that never come:
    /// the text was cut short.
    Truncated,
}

impl AnomalyKind {
    /// The stable name used in JSON.
    pub fn code(self) -> &'static str {
        match self {
            AnomalyKind::Duplicate => "duplicate",
            AnomalyKind::OutOfOrder => "out_of_order",
            AnomalyKind::EmptyRule => "empty_rule",
            AnomalyKind::OrphanText => "orphan_text",
            AnomalyKind::InvalidNumber => "invalid_number",
            AnomalyKind::UnnumberedHeading => "unnumbered_heading",
            AnomalyKind::DanglingReference => "dangling_reference",
            AnomalyKind::InvalidReference => "invalid_reference",
            AnomalyKind::Encoding => "encoding",
            AnomalyKind::ManifestMismatch => "manifest_mismatch",
            AnomalyKind::TitleMismatch => "title_mismatch",
            AnomalyKind::EmptyGlossaryEntry => "empty_glossary_entry",
            AnomalyKind::Truncated => "truncated",
        }
    }

    /// A short French label for the text report.
    pub fn label_fr(self) -> &'static str {
        match self {
            AnomalyKind::Duplicate => "numéro en double",
            AnomalyKind::OutOfOrder => "numéro hors d'ordre",
            AnomalyKind::EmptyRule => "règle vide",
            AnomalyKind::OrphanText => "texte hors règle",
            AnomalyKind::InvalidNumber => "numéro invalide",
            AnomalyKind::UnnumberedHeading => "titre sans numéro",
            AnomalyKind::DanglingReference => "référence pendante",
            AnomalyKind::InvalidReference => "référence illisible",
            AnomalyKind::Encoding => "encodage",
            AnomalyKind::ManifestMismatch => "désaccord avec le manifeste",
            AnomalyKind::TitleMismatch => "titres différents",
            AnomalyKind::EmptyGlossaryEntry => "entrée de glossaire vide",
            AnomalyKind::Truncated => "texte tronqué",
        }
    }
}

/// One anomaly, located in a document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Anomaly {
    /// What kind of anomaly.
    pub kind: AnomalyKind,
    /// The rule id concerned, if any (`205.4f`).
    pub id: Option<String>,
    /// The 1-based line in the document.
    pub line: u32,
    /// What is wrong, in French.
    pub message: String,
    /// The index of the document in the graph.
    #[serde(skip)]
    pub document: usize,
    /// For text that belongs to no rule: the text itself, so nothing is lost.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
