//! Judge-class articles: prose with headings, numbered steps and lists.
//!
//! ```text
//! MAGIC JUDGE                      ← kicker (capitals only)
//! JUDGE CLASSES
//! Semaine 5 : Lancer des sorts… (Règles complètes section. 601 et 602)   ← title, covers 601 and 602
//! Lancer un sort                   ← heading (short, no final punctuation)
//! Précédemment, l'action…          ← paragraph
//! 1. Annonce                       ← numbered step (a heading)
//! - Si le sort a plusieurs modes…  ← list item
//! 1. Commencez par le coût…  ;     ← numbered list item (ends like a sentence)
//! ```
//!
//! The whole article is one item: its plain text (for search and the line
//! audit) and a Markdown rendering (for the web page), with the rules its
//! title names. Each line becomes exactly one Markdown block.

use super::assemble::Assembler;
use super::{Item, ItemKind, Meta};
use crate::vocab::refs;

/// Longest line still read as a heading.
const MAX_HEADING_CHARS: usize = 80;

/// Parses a judge-class article into `asm`.
pub fn parse(lines: &[String], asm: &mut Assembler) -> Meta {
    let content: Vec<(u32, &str)> =
        lines.iter().enumerate().map(|(i, l)| (i as u32 + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect();

    // The kicker is the run of capital-only lines before the title.
    let kicker_len = content.iter().take_while(|(_, l)| is_capitals(l)).count();
    let kicker_len = if kicker_len == content.len() { 0 } else { kicker_len };
    let (kicker, rest) = content.split_at(kicker_len);
    let Some(((title_line, title), body)) = rest.split_first() else {
        return Meta::default();
    };

    let (title_refs, _) = refs::extract(title);
    let mut covers: Vec<_> = title_refs.iter().flat_map(|r| r.targets.iter().copied()).collect();
    covers.dedup();

    let mut markdown = String::new();
    // Items of the same list are on consecutive lines; anything else is a new block.
    let mut previous_list: Option<u8> = None;
    for (_, line) in body {
        let block = block_of(line);
        let list = match block {
            Block::Bullet(_) => Some(1),
            Block::Numbered(..) => Some(2),
            _ => None,
        };
        if !markdown.is_empty() {
            markdown.push_str(if list.is_some() && list == previous_list { "\n" } else { "\n\n" });
        }
        previous_list = list;
        match block {
            Block::Heading(t) => markdown.push_str(&format!("## {}", escape(t))),
            Block::Step(n, t) => markdown.push_str(&format!("### {n}. {}", escape(t))),
            Block::Bullet(t) => markdown.push_str(&format!("- {}", escape(t))),
            Block::Numbered(n, t) => markdown.push_str(&format!("{n}. {}", escape(t))),
            Block::Paragraph(t) => markdown.push_str(&escape(t)),
        }
    }

    let first_line = kicker.first().map(|k| k.0).unwrap_or(*title_line);
    let mut item = Item::new(
        ItemKind::Article {
            kicker: kicker.iter().map(|(_, l)| l.to_string()).collect(),
            title: title.to_string(),
            markdown,
            covers,
        },
        first_line,
    );
    for (n, l) in kicker.iter().chain(std::iter::once(&(*title_line, *title))).chain(body) {
        item.push(*n, l);
    }
    asm.item(item);
    Meta { title: Some(title.to_string()), ..Meta::default() }
}

/// A line that has letters, all of them capitals (« MAGIC JUDGE »).
fn is_capitals(line: &str) -> bool {
    line.chars().any(char::is_alphabetic) && !line.chars().any(char::is_lowercase)
}

enum Block<'a> {
    Heading(&'a str),
    Step(&'a str, &'a str),
    Bullet(&'a str),
    Numbered(&'a str, &'a str),
    Paragraph(&'a str),
}

fn block_of(line: &str) -> Block<'_> {
    let ends_like_sentence = line.ends_with(['.', ';', ':', '!', '?', ')', '»']);
    let short = line.chars().count() <= MAX_HEADING_CHARS;
    if let Some(rest) = line.strip_prefix(['-', '–', '•', '*']).filter(|r| r.starts_with(' ')) {
        return Block::Bullet(rest.trim());
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && digits <= 2 && line[digits..].starts_with(['.', ')']) && line[digits + 1..].starts_with(' ') {
        let (n, rest) = (&line[..digits], line[digits + 1..].trim());
        return if short && !ends_like_sentence { Block::Step(n, rest) } else { Block::Numbered(n, rest) };
    }
    if short && !ends_like_sentence && line.starts_with(char::is_uppercase) {
        return Block::Heading(line);
    }
    Block::Paragraph(line)
}

/// Escapes the characters Markdown would read as markup.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn article_blocks() {
        let src = "\nMAGIC JUDGE\n\nSemaine 5 : Lancer (Règles complètes section. 601 et 602)\n\nLancer un sort\n\nUn paragraphe.\n\n\
                   1. Annonce\n\n- Si le sort a plusieurs modes ;\n- Si le joueur ;\n\n1. Commencez par le coût ;\n2. Vérifiez ;\n\n[Coût]: [Effet.]";
        let lines: Vec<String> = src.lines().map(String::from).collect();
        let mut asm = Assembler::new();
        parse(&lines, &mut asm);
        let (items, _, _) = asm.finish();
        let ItemKind::Article { kicker, title, markdown, covers } = &items[0].kind else { panic!() };
        assert_eq!(kicker, &["MAGIC JUDGE"]);
        assert!(title.starts_with("Semaine 5"));
        assert_eq!(covers.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["601", "602"]);
        assert_eq!(
            markdown,
            "## Lancer un sort\n\nUn paragraphe.\n\n### 1. Annonce\n\n- Si le sort a plusieurs modes ;\n- Si le joueur ;\n\n\
             1. Commencez par le coût ;\n2. Vérifiez ;\n\n\\[Coût\\]: \\[Effet.\\]"
        );
        assert_eq!(items[0].lines, [2, 4, 6, 8, 10, 12, 13, 15, 16, 18]);
    }
}
