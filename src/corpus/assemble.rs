//! Turning a stream of numbers, paragraphs and examples into items.
//!
//! Every rules layout says the same things in a different shape: « here is
//! rule 608.2b », « here is a paragraph », « here is an example ». The parsers
//! recognize the shape and call the [`Assembler`]; the assembler decides what
//! the paragraph belongs to:
//!
//! - the first paragraph after a bare number is the rule's text;
//! - later paragraphs continue the last rule, example, chapter or section;
//! - an example belongs to the rule above it;
//! - a paragraph before the first rule of a table export is the chapter's
//!   introduction (the chapter is known when the first rule arrives);
//! - a short unnumbered heading right before `X.Ya`, when `X.Y` has no line of
//!   its own, is the title of `X.Y`;
//! - anything else belongs to no rule and becomes an orphan (an anomaly).

use std::collections::HashSet;

use super::{Item, ItemKind, Note, toc::TocEntry};
use crate::vocab::AnomalyKind;
use crate::vocab::RuleId;

/// Builds the items of one document. See the module documentation.
#[derive(Debug, Default)]
pub struct Assembler {
    items: Vec<Item>,
    markup: Vec<u32>,
    notes: Vec<Note>,
    /// The item later paragraphs continue.
    open: Option<usize>,
    /// The last rule item, which examples attach to.
    rule: Option<usize>,
    /// Whether the open rule still waits for its first paragraph.
    awaiting_text: bool,
    /// Paragraphs waiting for the first rule to tell their chapter (table export).
    pending_intro: Option<usize>,
    /// An unnumbered heading that may title the next rule.
    pending_heading: Option<usize>,
    /// Rule ids seen in this document, to recognize a heading's rule.
    seen: HashSet<RuleId>,
    /// Lines holding an empty table cell, waiting for the row they open.
    empty_cells: Vec<u32>,
}

impl Assembler {
    /// An empty assembler.
    pub fn new() -> Assembler {
        Assembler::default()
    }

    fn push(&mut self, mut item: Item) -> usize {
        // Empty cells before this item belong to its row.
        item.layout.append(&mut self.empty_cells);
        self.items.push(item);
        self.items.len() - 1
    }

    fn find(&self, pred: impl Fn(&ItemKind) -> bool) -> Option<usize> {
        self.items.iter().position(|i| pred(&i.kind))
    }

    /// A line of the document's header (title, edition line).
    pub fn header(&mut self, line: u32, text: &str) {
        let idx = match self.find(|k| *k == ItemKind::Header) {
            Some(i) => i,
            None => self.push(Item::empty(ItemKind::Header)),
        };
        self.items[idx].push(line, text);
        self.open = None;
    }

    /// A line of a table of contents, with the entries read from it (none
    /// for the « Sommaire » line itself).
    pub fn contents(&mut self, line: u32, text: &str, entries: Vec<TocEntry>) {
        let idx = match self.find(|k| matches!(k, ItemKind::Contents(_))) {
            Some(i) => i,
            None => self.push(Item::empty(ItemKind::Contents(Vec::new()))),
        };
        let item = &mut self.items[idx];
        item.push(line, text);
        if let ItemKind::Contents(all) = &mut item.kind {
            all.extend(entries);
        }
        self.open = None;
    }

    /// Lines the last item also owns (a cell spread over several lines).
    pub fn also_owns(&mut self, lines: &[u32]) {
        if let Some(item) = self.items.last_mut() {
            item.lines.extend_from_slice(lines);
        }
    }

    /// A section heading.
    pub fn section(&mut self, line: u32, number: u8, title: &str, heading: &str) {
        let kind = ItemKind::Section { number, title: title.to_string(), heading: heading.trim().to_string() };
        let idx = self.push(Item::new(kind, line));
        self.open = Some(idx);
        self.rule = None;
    }

    /// A chapter heading.
    pub fn chapter(&mut self, line: u32, number: u16, title: &str, heading: &str) {
        let kind =
            ItemKind::Chapter { number, title: Some(title.to_string()), heading: Some(heading.trim().to_string()) };
        let idx = self.push(Item::new(kind, line));
        self.open = Some(idx);
        self.rule = None;
    }

    /// A rule number read on `line`, with its text and the text's line when
    /// the text comes with it (same line, or the next table cell).
    pub fn rule(&mut self, line: u32, id: RuleId, text: Option<(u32, &str)>) {
        self.attach_pending_intro(id);
        self.attach_pending_heading(id);
        let mut item = Item::new(ItemKind::Rule(id), line);
        let text = text.map(|(l, t)| (l, t.trim())).filter(|(_, t)| !t.is_empty());
        if let Some((l, t)) = text {
            item.push(l, t);
        }
        let idx = self.push(item);
        self.open = Some(idx);
        self.rule = Some(idx);
        self.awaiting_text = text.is_none();
        self.seen.insert(id);
    }

    /// A paragraph of text.
    pub fn paragraph(&mut self, line: u32, text: &str) {
        match self.open {
            Some(idx) => {
                self.items[idx].push(line, text);
                self.awaiting_text = false;
            }
            None => self.orphan(line, text, "texte qui n'appartient à aucune règle"),
        }
    }

    /// An example (« Exemple : … »), attached to the rule above.
    pub fn example(&mut self, line: u32, text: &str) {
        if self.open.is_some_and(|i| matches!(self.items[i].kind, ItemKind::Orphan { .. })) {
            return self.paragraph(line, text); // the example of an invalid number stays with it
        }
        match self.rule {
            Some(rule) => {
                let mut item = Item::new(ItemKind::Example { rule }, line);
                item.push(line, text);
                let idx = self.push(item);
                self.open = Some(idx);
                self.awaiting_text = false;
            }
            None => self.orphan(line, text, "exemple qui ne suit aucune règle"),
        }
    }

    /// A paragraph before the first rule of a table export: the introduction of
    /// the chapter the first rule belongs to.
    pub fn intro(&mut self, line: u32, text: &str) {
        let idx = match self.pending_intro {
            Some(i) => i,
            None => {
                let kind = ItemKind::Chapter { number: 0, title: None, heading: None };
                let i = self.push(Item::empty(kind));
                self.pending_intro = Some(i);
                i
            }
        };
        self.items[idx].push(line, text);
        self.open = None;
    }

    /// An unnumbered heading between rules; it titles the next rule if that
    /// rule's parent has no line of its own, and is an orphan otherwise.
    pub fn heading(&mut self, line: u32, text: &str) {
        self.orphan(line, text, "titre sans numéro de règle");
        self.pending_heading = Some(self.items.len() - 1);
    }

    /// Text that belongs to no rule. The paragraphs after it join it, so an
    /// invalid number keeps its text in the same anomaly.
    pub fn orphan(&mut self, line: u32, text: &str, reason: &str) {
        let mut item = Item::new(ItemKind::Orphan { reason: reason.to_string() }, line);
        item.push(line, text);
        let idx = self.push(item);
        self.open = Some(idx);
        self.rule = None;
        self.pending_heading = None;
    }

    /// A glossary entry's term; definition lines follow as paragraphs.
    pub fn glossary(&mut self, line: u32, term: &str) {
        let idx = self.push(Item::new(ItemKind::Glossary { term: term.trim().to_string() }, line));
        self.open = Some(idx);
        self.rule = None;
    }

    /// Unnumbered prose (« Introduction », « Credits »); paragraphs follow.
    pub fn prose(&mut self, line: u32, title: &str) {
        let idx = self.push(Item::new(ItemKind::Prose { title: title.trim().to_string() }, line));
        self.open = Some(idx);
        self.rule = None;
    }

    /// A whole item built by a parser (the judge-class article).
    pub fn item(&mut self, item: Item) {
        self.push(item);
        self.open = None;
    }

    /// A line holding only an empty table cell (`|`): it belongs to the row
    /// it opens, so the next item owns it (the last item owns a closing one).
    pub fn empty_cell(&mut self, line: u32) {
        self.empty_cells.push(line);
    }

    /// A note that owns no line.
    pub fn note(&mut self, kind: AnomalyKind, line: u32, id: Option<RuleId>, message: String) {
        self.notes.push(Note { kind, line, id: id.map(|i| i.to_string()), message });
    }

    fn attach_pending_intro(&mut self, id: RuleId) {
        let Some(idx) = self.pending_intro.take() else {
            return;
        };
        match id.chapter() {
            Some(chapter) => {
                if let ItemKind::Chapter { number, .. } = &mut self.items[idx].kind {
                    *number = chapter;
                }
            }
            None => self.items[idx].kind = ItemKind::Orphan { reason: "introduction sans chapitre".into() },
        }
    }

    fn attach_pending_heading(&mut self, id: RuleId) {
        let Some(idx) = self.pending_heading.take() else {
            return;
        };
        let RuleId::Subrule { .. } = id else { return };
        let Some(parent) = id.parent() else { return };
        let item = &self.items[idx];
        let text = item.text();
        let heading_like = text.chars().count() <= 80 && !text.ends_with(['.', ';', ':', '!', '?']);
        if heading_like && !self.seen.contains(&parent) {
            let line = item.first_line();
            self.items[idx].kind = ItemKind::RuleHeading(parent);
            self.seen.insert(parent);
            self.note(
                AnomalyKind::UnnumberedHeading,
                line,
                Some(parent),
                format!("titre sans numéro « {} » rattaché à la règle {parent}, dont il précède les sous-règles", text),
            );
        }
    }

    /// The items, the layout-only lines and the notes. Rules left without
    /// text are reported; introductions that never met a rule become orphans.
    pub fn finish(mut self) -> (Vec<Item>, Vec<u32>, Vec<Note>) {
        let closing = std::mem::take(&mut self.empty_cells);
        match self.items.last_mut() {
            Some(last) => last.layout.extend(closing),
            None => self.markup.extend(closing), // a table of empty cells only
        }
        if let Some(idx) = self.pending_intro.take() {
            self.items[idx].kind = ItemKind::Orphan { reason: "introduction sans chapitre".into() };
        }
        for item in &self.items {
            if let ItemKind::Rule(id) = item.kind
                && item.parts.is_empty()
            {
                self.notes.push(Note {
                    kind: AnomalyKind::EmptyRule,
                    line: item.first_line(),
                    id: Some(id.to_string()),
                    message: format!("la règle {id} n'a pas de texte"),
                });
            }
        }
        (self.items, self.markup, self.notes)
    }
}
