//! Reading source documents into items the rule graph is built from.
//!
//! Data flows one way:
//!
//! ```text
//! bytes ──decode──▶ NFC lines ──format::detect──▶ one parser ──▶ ParsedDocument { items }
//!                                                 (lined, table, article)
//! ```
//!
//! Each parser feeds an [`assemble::Assembler`], which turns « a number, then
//! text, then an example » into [`Item`]s. An item owns the source lines it
//! was made from; `graph::build` turns each item into a node or an anomaly, so
//! every non-blank line of a document ends up in exactly one place.
//!
//! The formats:
//! - [`Format::PageExport`]: the 2011 French page export (number line, then paragraphs);
//! - [`Format::OfficialTxt`]: the TXT layout Wizards publishes (`608.2b Text…` on one line);
//! - [`Format::TableExport`]: cells separated by `|`, a one-line table of contents;
//! - [`Format::JudgeArticle`]: a judge-class article in prose.

pub mod article;
pub mod assemble;
pub mod decode;
pub mod format;
pub mod language;
pub mod lined;
pub mod manifest;
pub mod number;
pub mod sniff;
pub mod source;
pub mod table;
pub mod toc;

use crate::vocab::AnomalyKind;
use crate::vocab::RuleId;
use crate::vocab::{Date, Lang, Translation};

pub use decode::{Encoding, SourceText};
pub use format::Format;
pub use manifest::{Manifest, ManifestEntry};
pub use source::DocumentSource;

/// Why a document could not be read at all (`arbitre check` exits with 1).
#[derive(Debug, Clone, thiserror::Error)]
pub enum LoadError {
    /// The file could not be opened or read.
    #[error("{path} : lecture impossible ({reason})")]
    Io {
        /// The file.
        path: String,
        /// What the system said, in French.
        reason: String,
    },
    /// The file holds no text.
    #[error("{path}, ligne 1 : le fichier est vide")]
    Empty {
        /// The file.
        path: String,
    },
    /// The bytes are not text in a supported encoding.
    #[error("{path}, ligne {line} : {detail}")]
    Content {
        /// The file.
        path: String,
        /// The line where the problem was found.
        line: u32,
        /// What is wrong.
        detail: String,
    },
    /// The file is a document in another format (RTF, PDF, Word, HTML, an archive).
    #[error("{path} : {format} : {advice}")]
    NotText {
        /// The file.
        path: String,
        /// What it is (« document RTF »).
        format: &'static str,
        /// What to do instead.
        advice: &'static str,
    },
    /// A text in which nothing is a rule: no numbered rule, no reference to one.
    #[error(
        "{path} : aucune règle reconnaissable (ni règle numérotée comme « 608.2b », ni renvoi à une règle) : \
         ce n'est pas un document de règles"
    )]
    NoRules {
        /// The file.
        path: String,
    },
    /// The manifest `corpus.toml` is invalid.
    #[error("{path}, ligne {line} : manifeste invalide : {detail}")]
    Manifest {
        /// The manifest file.
        path: String,
        /// The line of the error.
        line: u32,
        /// What is wrong.
        detail: String,
    },
}

impl LoadError {
    /// Turns an I/O error into a French message naming the file.
    pub fn io(path: &str, err: &std::io::Error) -> LoadError {
        use std::io::ErrorKind::*;
        let reason = match err.kind() {
            NotFound => "fichier introuvable".to_string(),
            PermissionDenied => "accès refusé".to_string(),
            IsADirectory => "c'est un dossier".to_string(),
            _ => format!("erreur du système : {err}"),
        };
        LoadError::Io { path: path.to_string(), reason }
    }
}

/// A passage of text and the source line it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// 1-based line number in the source document.
    pub line: u32,
    /// The text, trimmed, as printed (typographic characters kept).
    pub text: String,
}

/// What an item is.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemKind {
    /// Lines before the body: the document's title, its edition header.
    Header,
    /// A table of contents, with the entries read from it.
    Contents(Vec<toc::TocEntry>),
    /// A section heading (`6. Sorts, capacités et effets`) and any text under it.
    Section {
        /// The section number.
        number: u8,
        /// The title.
        title: String,
        /// The heading line as printed.
        heading: String,
    },
    /// A chapter: its heading line when there is one, and its introduction.
    Chapter {
        /// The chapter number.
        number: u16,
        /// The title, from the heading line.
        title: Option<String>,
        /// The heading line as printed.
        heading: Option<String>,
    },
    /// A numbered rule or subrule.
    Rule(RuleId),
    /// A heading without a number, standing just before the first subrule of a
    /// rule that has no line of its own (« Aventurez-vous dans le donjon »
    /// before 701.46a): it is that rule's title.
    RuleHeading(RuleId),
    /// An example; `rule` is the index of the rule item it belongs to.
    Example {
        /// Index of the rule item in the same document.
        rule: usize,
    },
    /// A glossary entry.
    Glossary {
        /// The term defined.
        term: String,
    },
    /// Unnumbered prose: an introduction, credits.
    Prose {
        /// The heading of the prose (« Introduction », « Credits »).
        title: String,
    },
    /// A judge-class article.
    Article {
        /// The lines above the title (« MAGIC JUDGE »).
        kicker: Vec<String>,
        /// The article's title.
        title: String,
        /// The body, as Markdown.
        markdown: String,
        /// The rules (chapters) the article covers, from its title.
        covers: Vec<RuleId>,
    },
    /// Text that belongs to no rule; it becomes an anomaly.
    Orphan {
        /// Why it belongs to nothing.
        reason: String,
    },
}

/// A unit of a document: a rule, an example, a heading… with the lines it owns.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// What the item is.
    pub kind: ItemKind,
    /// Every source line the item was made from (number lines and headings
    /// included), in order.
    pub lines: Vec<u32>,
    /// Lines holding only an empty table cell (`|`) of the item's row.
    pub layout: Vec<u32>,
    /// The item's text, paragraph by paragraph.
    pub parts: Vec<Part>,
}

impl Item {
    /// A new item owning `line`.
    pub fn new(kind: ItemKind, line: u32) -> Item {
        Item { kind, lines: vec![line], layout: Vec::new(), parts: Vec::new() }
    }

    /// A new item owning no line yet.
    pub fn empty(kind: ItemKind) -> Item {
        Item { kind, lines: Vec::new(), layout: Vec::new(), parts: Vec::new() }
    }

    /// Adds a paragraph read from `line`.
    pub fn push(&mut self, line: u32, text: &str) {
        if self.lines.last() != Some(&line) {
            self.lines.push(line);
        }
        self.parts.push(Part { line, text: text.trim().to_string() });
    }

    /// The item's text: its paragraphs joined by line breaks.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&p.text);
        }
        out
    }

    /// The first line the item owns.
    pub fn first_line(&self) -> u32 {
        self.lines.first().copied().unwrap_or(0)
    }
}

/// A problem a parser noticed that does not own lines (an empty rule, the
/// encoding fallback); it is reported with the document's anomalies.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    /// The kind of anomaly.
    pub kind: AnomalyKind,
    /// The line it is about.
    pub line: u32,
    /// The rule it is about, if any.
    pub id: Option<String>,
    /// The message, in French.
    pub message: String,
}

/// What the document says about itself (header, effective date).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Meta {
    /// The document's title (its first line).
    pub title: Option<String>,
    /// The edition date found in the document.
    pub edition: Option<Date>,
    /// For translations: the date of the English rules translated.
    pub based_on: Option<Date>,
}

/// A parsed document, before it is linked into the graph.
#[derive(Debug, Clone)]
pub struct ParsedDocument {
    /// The path shown to judges (`rules/fr-2011-608-resoudre-les-sorts.txt`).
    pub path: String,
    /// The layout.
    pub format: Format,
    /// The document's language.
    pub language: Lang,
    /// The edition date (manifest first, then the document's own header).
    pub edition: Option<Date>,
    /// The title (manifest first, then the document's first line).
    pub title: String,
    /// What it translates (manifest only).
    pub translates: Option<Translation>,
    /// The encoding the bytes were read in.
    pub encoding: Encoding,
    /// The source lines (NFC), kept for the line audit and for display.
    pub lines: Vec<String>,
    /// The items, in document order.
    pub items: Vec<Item>,
    /// Lines that hold only layout and belong to no item (a table of empty cells).
    pub markup: Vec<u32>,
    /// Anomalies that do not own lines.
    pub notes: Vec<Note>,
}

impl ParsedDocument {
    /// Whether anything in the document is a rule: a numbered rule, a
    /// section or chapter heading, a glossary entry, or a reference to a rule
    /// anywhere in its text (an article about the rules cites them; a
    /// document in another layout than declared keeps its rules in anomalies).
    pub fn has_rules(&self) -> bool {
        let structured = self.items.iter().any(|item| match &item.kind {
            ItemKind::Rule(_) | ItemKind::Section { .. } | ItemKind::Glossary { .. } => true,
            ItemKind::Chapter { title, .. } => title.is_some(),
            ItemKind::Article { covers, .. } => !covers.is_empty(),
            _ => false,
        });
        structured || self.lines.iter().any(|l| !crate::vocab::refs::extract(l).0.is_empty())
    }
}

/// Parses decoded lines. `declared` comes from the manifest and wins over what
/// is detected; a disagreement is reported as a note.
pub fn parse(path: &str, text: SourceText, declared: Option<&ManifestEntry>) -> ParsedDocument {
    let detected = format::detect(&text.lines);
    let format = declared.map(|d| d.format).unwrap_or(detected);
    let mut notes = Vec::new();
    if let Some(line) = text.first_invalid_utf8_line {
        notes.push(Note {
            kind: AnomalyKind::Encoding,
            line,
            id: None,
            message: format!(
                "le fichier n'est pas en UTF-8 (premier octet invalide ligne {line}) ; lu comme Windows-1252"
            ),
        });
    }
    if let Some(d) = declared
        && d.format != detected
    {
        notes.push(Note {
            kind: AnomalyKind::ManifestMismatch,
            line: 1,
            id: None,
            message: format!(
                "le manifeste déclare le format « {} » mais le contenu ressemble à « {} »",
                d.format.code(),
                detected.code()
            ),
        });
    }

    let sample: String = text.lines.iter().take(400).map(String::as_str).collect::<Vec<_>>().join(" ");
    let detected_lang = language::detect(&sample, Lang::Fr);
    let language = declared.map(|d| d.language).unwrap_or(detected_lang);

    let mut asm = assemble::Assembler::new();
    let meta = match format {
        Format::PageExport | Format::OfficialTxt => lined::parse(&text.lines, &mut asm),
        Format::TableExport => table::parse(&text.lines, &mut asm),
        Format::JudgeArticle => article::parse(&text.lines, &mut asm),
    };
    let (items, markup, asm_notes) = asm.finish();
    notes.extend(asm_notes);
    if format == Format::OfficialTxt {
        notes.extend(toc::missing_parts(&items));
    }

    if let (Some(d), Some(found)) = (declared.and_then(|d| d.edition), meta.edition)
        && d != found
    {
        notes.push(Note {
            kind: AnomalyKind::ManifestMismatch,
            line: 1,
            id: None,
            message: format!("le manifeste indique l'édition {d} mais le document indique {found}"),
        });
    }
    let edition = declared.and_then(|d| d.edition).or(meta.edition);
    let title = declared
        .map(|d| d.title.clone())
        .or(meta.title)
        .unwrap_or_else(|| path.rsplit('/').next().unwrap_or(path).to_string());

    ParsedDocument {
        path: path.to_string(),
        format,
        language,
        edition,
        title,
        translates: declared.and_then(|d| d.translates.clone()),
        encoding: text.encoding,
        lines: text.lines,
        items,
        markup,
        notes,
    }
}

/// Decodes and parses one document.
pub fn load(path: &str, bytes: &[u8], declared: Option<&ManifestEntry>) -> Result<ParsedDocument, LoadError> {
    if let Some(f) = sniff::foreign(bytes) {
        return Err(LoadError::NotText { path: path.to_string(), format: f.format, advice: f.advice });
    }
    let text = decode::decode(path, bytes)?;
    let doc = parse(path, text, declared);
    if !doc.has_rules() {
        return Err(LoadError::NoRules { path: path.to_string() });
    }
    Ok(doc)
}
