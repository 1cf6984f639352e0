//! The table export: cells separated by `|`.
//!
//! ```text
//! 1. Concepts du jeu 100. Généralités 101. Règles d’or de Magic … 905. Drafts Conspiracy |
//! |
//! La plupart des actions décrites dans le texte de règles… |      ← chapter introduction
//! 701.2a |                                                         ← number cell
//! Activer une capacité activée signifie… |                          ← its text
//! |
//! Exemple : … |                                                     ← example of 701.2a
//! |
//! Aventurez-vous dans le donjon |                                   ← heading of 701.46
//! 701.46a |
//! ```
//!
//! The text is first cut into cells (a cell ends at `|` and may span lines),
//! then the cells are read in order: the first one is the one-line table of
//! contents, a number cell announces a rule and the next cell is its text.
//! Lines holding nothing but `|` are layout; they are recorded as such.

use super::Meta;
use super::assemble::Assembler;
use super::lined::is_example;
use super::number::{Lead, lead};
use super::toc;
use crate::text::quote;
use crate::vocab::AnomalyKind;
use crate::vocab::RuleId;

/// A cell: its text and the lines it spans.
#[derive(Debug)]
struct Cell {
    text: String,
    lines: Vec<u32>,
}

/// Cuts the lines into cells, in order. A line holding only `|` is an empty
/// cell (empty `text`).
fn cells(lines: &[String]) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut open: Option<Cell> = None;
    for (i, line) in lines.iter().enumerate() {
        let number = i as u32 + 1;
        if line.trim().is_empty() {
            continue;
        }
        if line.chars().all(|c| c == '|' || c.is_whitespace()) {
            cells.extend(open.take());
            cells.push(Cell { text: String::new(), lines: vec![number] });
            continue;
        }
        let mut segments = line.split('|').peekable();
        while let Some(segment) = segments.next() {
            let closed = segments.peek().is_some();
            let segment = segment.trim();
            if !segment.is_empty() {
                let cell = open.get_or_insert_with(|| Cell { text: String::new(), lines: Vec::new() });
                if !cell.text.is_empty() {
                    cell.text.push('\n');
                }
                cell.text.push_str(segment);
                if cell.lines.last() != Some(&number) {
                    cell.lines.push(number);
                }
            }
            if closed && let Some(cell) = open.take() {
                cells.push(cell);
            }
        }
    }
    cells.extend(open);
    cells
}

/// Parses a table export into `asm`.
pub fn parse(lines: &[String], asm: &mut Assembler) -> Meta {
    let mut meta = Meta::default();
    let mut cells = cells(lines).into_iter().peekable();

    // The first cell is the table of contents when it names several entries in order.
    let entries = cells.peek().map(|first| toc::parse_inline(&first.text, first.lines[0])).unwrap_or_default();
    if entries.len() >= 2 {
        let first = cells.next().expect("peeked");
        meta.title = Some(format!("Règles complètes ({} entrées au sommaire)", entries.len()));
        asm.contents(first.lines[0], &first.text, entries);
        asm.also_owns(&first.lines[1..]);
    }

    let mut pending: Option<(RuleId, u32)> = None;
    let mut seen_rule = false;
    for cell in cells {
        let line = cell.lines[0];
        if cell.text.is_empty() {
            asm.empty_cell(line);
            continue;
        }
        if let Some(Lead::Rule(number, "")) = lead(&cell.text) {
            if let Some((id, l)) = pending.take() {
                asm.rule(l, id, None); // two numbers in a row: the first is empty
            }
            match RuleId::parse(number) {
                Ok(id) => pending = Some((id, line)),
                Err(e) => {
                    asm.orphan(line, &cell.text, &format!("numéro de règle invalide : {e}"));
                    asm.note(AnomalyKind::InvalidNumber, line, None, format!("{e} : « {} »", quote(&cell.text)));
                }
            }
            continue;
        }
        let mut parts = cell.text.split('\n').zip(cell.lines.iter().copied());
        let (first_text, first_line) = parts.next().expect("a cell has text");
        if let Some((id, number_line)) = pending.take() {
            asm.rule(number_line, id, Some((first_line, first_text)));
            seen_rule = true;
        } else if is_example(first_text) {
            asm.example(first_line, first_text);
        } else if !seen_rule {
            asm.intro(first_line, first_text);
        } else {
            asm.heading(first_line, first_text);
        }
        for (text, l) in parts {
            if seen_rule {
                asm.paragraph(l, text);
            } else {
                asm.intro(l, text);
            }
        }
    }
    if let Some((id, l)) = pending {
        asm.rule(l, id, None);
    }
    meta
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::ItemKind;

    #[test]
    fn cells_and_layout() {
        let src = "1. Concepts 100. Généralités 7. Règles 701. Actions |\n|\nIntro du chapitre. |\n701.2a |\nActiver… |\n|\n\
                   Exemple : un. |\n|\nAventurez-vous dans le donjon |\n701.46a |\nSi un joueur… |\n|";
        let lines: Vec<String> = src.lines().map(String::from).collect();
        let mut asm = Assembler::new();
        parse(&lines, &mut asm);
        let (items, markup, notes) = asm.finish();
        // Each `|` line is the empty first cell of the row after it; the last one closes the table.
        assert!(markup.is_empty());
        assert_eq!((items[1].layout.as_slice(), items[1].lines.as_slice()), (&[2][..], &[3][..]));
        assert_eq!(items[3].layout, [6]);
        assert_eq!(items[4].layout, [8]);
        assert_eq!((items[5].lines.as_slice(), items[5].layout.as_slice()), (&[10, 11][..], &[12][..]));
        let kinds: Vec<_> = items.iter().map(|i| i.kind.clone()).collect();
        assert!(matches!(kinds[0], ItemKind::Contents(ref e) if e.len() == 4));
        assert!(matches!(kinds[1], ItemKind::Chapter { number: 701, .. }));
        assert_eq!(items[2].lines, [4, 5]);
        assert!(matches!(kinds[3], ItemKind::Example { rule: 2 }));
        assert_eq!(kinds[4], ItemKind::RuleHeading(RuleId::parse("701.46").unwrap()));
        assert_eq!(notes.len(), 1);
    }
}
