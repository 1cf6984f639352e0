//! Which layout a document is in, told from its lines.
//!
//! Each rules layout has a signature line: a number alone (`608.2b`, page
//! export), a number and its text (`608.2b Text…`, official TXT), or a number
//! cell (`701.3a |`, table export). The layout with the most signature lines
//! wins; a document with none is prose (a judge-class article).

use std::sync::LazyLock;

use regex::Regex;

/// The layouts arbitre reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// The 2011 French page export: number lines followed by paragraphs.
    PageExport,
    /// The table export: `number |` and `text |` cells.
    TableExport,
    /// A judge-class article in prose.
    JudgeArticle,
    /// The official TXT layout published by Wizards of the Coast.
    OfficialTxt,
}

impl Format {
    /// The stable name used in the manifest and in JSON.
    pub fn code(self) -> &'static str {
        match self {
            Format::PageExport => "page_export",
            Format::TableExport => "table_export",
            Format::JudgeArticle => "judge_article",
            Format::OfficialTxt => "official_txt",
        }
    }

    /// A French description for the text report.
    pub fn label_fr(self) -> &'static str {
        match self {
            Format::PageExport => "export de pages (règles numérotées ligne par ligne)",
            Format::TableExport => "export en tableau (cellules séparées par |)",
            Format::JudgeArticle => "article de cours d'arbitre",
            Format::OfficialTxt => "TXT officiel des Règles complètes",
        }
    }

    /// Parses a stable name.
    pub fn parse(s: &str) -> Option<Format> {
        [Format::PageExport, Format::TableExport, Format::JudgeArticle, Format::OfficialTxt]
            .into_iter()
            .find(|f| f.code() == s.trim())
    }
}

static NUMBER_ALONE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d{3}\.\d{1,3}[a-z]?\.?$").unwrap());
static NUMBER_AND_TEXT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d{3}\.\d{1,3}[a-z]?\.?\s+[^\s|]").unwrap());
static NUMBER_CELL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d{3}\.\d{1,3}[a-z]?\.?\s*\|").unwrap());

/// Detects the layout of a document from its lines.
pub fn detect(lines: &[String]) -> Format {
    let (mut alone, mut with_text, mut cells) = (0usize, 0usize, 0usize);
    for line in lines {
        let t = line.trim();
        if t.len() > 400 && !t.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        if NUMBER_CELL.is_match(t) {
            cells += 1;
        } else if NUMBER_ALONE.is_match(t) {
            alone += 1;
        } else if NUMBER_AND_TEXT.is_match(t) {
            with_text += 1;
        }
    }
    let best = alone.max(with_text).max(cells);
    if best == 0 {
        Format::JudgeArticle
    } else if best == cells {
        Format::TableExport
    } else if best == alone {
        Format::PageExport
    } else {
        Format::OfficialTxt
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<String> {
        s.lines().map(String::from).collect()
    }

    #[test]
    fn detects_each_layout() {
        assert_eq!(detect(&lines("608.1.\n\nChaque fois…\n608.2a\nSi…")), Format::PageExport);
        assert_eq!(detect(&lines("100.1. These rules…\n100.1a A two-player game…")), Format::OfficialTxt);
        assert_eq!(detect(&lines("701.3a |\nAttacher… |\n701.3b |")), Format::TableExport);
        assert_eq!(detect(&lines("Lancer un sort\n\nPrécédemment…")), Format::JudgeArticle);
    }
}
