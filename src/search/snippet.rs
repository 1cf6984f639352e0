//! Snippets: the passage of a hit's text that matches the query, with its
//! matches marked.
//!
//! Snippets are cut from the graph's text (nothing is stored in the index),
//! by the words' spans and folded forms the tables built with the index
//! hold ([`super::tables`]): a query word is highlighted in every surface
//! form the corpus uses for its stem, and no text is analyzed at search time.

use super::SearchIndex;
use super::analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
use super::tables::Word;
use crate::graph::{Graph, NodeIdx};
use crate::text::escape_html;
use crate::vocab::Lang;

/// Snippet length, in characters.
const SNIPPET_CHARS: usize = 200;
/// A passage of a text with the ranges that match the query.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Snippet {
    /// The passage, as printed.
    pub text: String,
    /// Byte ranges of `text` that match.
    pub highlights: Vec<std::ops::Range<usize>>,
    /// Whether text was cut before the passage.
    pub cut_before: bool,
    /// Whether text was cut after the passage.
    pub cut_after: bool,
}

impl Snippet {
    /// HTML: the passage escaped, matches in `<mark>`, cuts marked with « … ».
    pub fn to_html(&self) -> String {
        self.render(escape_html, "<mark>", "</mark>")
    }

    /// Plain text with the matches between `on` and `off` (ANSI bold on a terminal, or nothing).
    pub fn to_text(&self, on: &str, off: &str) -> String {
        self.render(str::to_string, on, off)
    }

    fn render(&self, escape: impl Fn(&str) -> String, on: &str, off: &str) -> String {
        let mut out = String::new();
        if self.cut_before {
            out.push('…');
        }
        let mut at = 0;
        for r in &self.highlights {
            out.push_str(&escape(&self.text[at..r.start]));
            out.push_str(on);
            out.push_str(&escape(&self.text[r.clone()]));
            out.push_str(off);
            at = r.end;
        }
        out.push_str(&escape(&self.text[at..]));
        if self.cut_after {
            out.push('…');
        }
        out
    }
}

/// What a query highlights, in each language: the numbers of the folded
/// forms of its words, and of every surface form the corpus uses for their
/// stems (« exilée » lights up « exilé », « exiler »), read from the tables
/// built with the index, so that no hit's text is analyzed at search time.
pub(super) struct Snippets<'a> {
    /// Per language, the numbers of the query's folded forms, sorted.
    wanted: [Vec<u32>; 2],
    words: &'a [Box<[Word]>],
}

/// How much text before the first match a snippet may start.
const WINDOW_BEFORE: usize = 60;

impl<'a> Snippets<'a> {
    pub(super) fn new(
        index: &'a SearchIndex,
        words: &[String],
        phrases: &[String],
        corrections: &[(Lang, String)],
    ) -> Snippets<'a> {
        // Word by word: the analyzers keep the terms of single words.
        let all: Vec<&str> = words.iter().chain(phrases).flat_map(|w| w.split_whitespace()).collect();
        let mut wanted: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for (lang, stem, fold) in [(Lang::Fr, FR_STEM, FR_FOLD), (Lang::En, EN_STEM, EN_FOLD)] {
            let forms = &mut wanted[lang as usize];
            let typed = all.iter().flat_map(|w| index.terms(fold, w)).map(|(_, t)| t);
            let corrected = corrections.iter().filter(|(l, _)| *l == lang).map(|(_, c)| c.clone());
            forms.extend(typed.chain(corrected).filter_map(|t| index.tables.forms.get(&t).copied()));
            for (_, t) in all.iter().flat_map(|w| index.terms(stem, w)) {
                forms.extend(index.tables.surface_forms[lang as usize].get(&t).into_iter().flatten());
            }
            forms.sort_unstable();
            forms.dedup();
        }
        Snippets { wanted, words: &index.tables.words }
    }

    /// The snippet of a node: the best passage of its text, else of its
    /// examples, else its beginning.
    pub(super) fn of(&self, graph: &Graph, idx: NodeIdx) -> Snippet {
        let n = graph.node(idx);
        for source in std::iter::once(idx).chain(n.examples.iter().copied()) {
            let (lang, text) = (graph.node(source).language, graph.node(source).text.as_str());
            let wanted = &self.wanted[lang as usize];
            if let Some(s) = passage(text, &self.words[source.0 as usize], |form| wanted.binary_search(&form).is_ok()) {
                return s;
            }
        }
        let text = if n.text.is_empty() { n.title.as_deref().unwrap_or("") } else { &n.text };
        let quoted = crate::text::quote(text);
        let cut_after = quoted.ends_with('…');
        Snippet {
            text: quoted.trim_end_matches('…').to_string(), highlights: Vec::new(), cut_before: false, cut_after
        }
    }
}

/// A passage of the text whose words are `words`: from a word boundary
/// shortly before the first word that matches, the run of words of at most
/// [`SNIPPET_CHARS`] bytes with the most matches (the first such), with its
/// matches; `None` when no word matches.
fn passage(text: &str, words: &[Word], matches: impl Fn(u32) -> bool) -> Option<Snippet> {
    let first = words.iter().position(|w| matches(w.form))?;
    let at = words[first].from as usize;
    // The window starts at a word boundary shortly before the first match.
    let mut start = at.saturating_sub(WINDOW_BEFORE);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    if start > 0 {
        start = text[start..at].find(' ').map_or(at, |i| start + i + 1);
    }
    let end = start + 2 * SNIPPET_CHARS;
    // Runs of words: a word that would take the run beyond its length
    // opens the next one.
    let (mut best, mut run): (Option<Run>, Run) = (None, Run::at(start));
    for w in words.iter().filter(|w| w.from as usize >= start && w.to as usize <= end) {
        let (from, to) = (w.from as usize, w.to as usize);
        if to - run.from > SNIPPET_CHARS {
            run.close(&mut best);
            run = Run::at(from);
        }
        run.to = to;
        if matches(w.form) {
            run.highlights.push(from..to);
        }
    }
    run.close(&mut best);
    let run = best?;
    Some(Snippet {
        text: text[run.from..run.to].to_string(),
        highlights: run.highlights.iter().map(|r| r.start - run.from..r.end - run.from).collect(),
        cut_before: run.from > 0,
        cut_after: run.to < text.len(),
    })
}

/// A run of words of a text, by byte offsets, with its matches.
struct Run {
    from: usize,
    to: usize,
    highlights: Vec<std::ops::Range<usize>>,
}

impl Run {
    fn at(from: usize) -> Run {
        Run { from, to: from, highlights: Vec::new() }
    }

    /// Keeps this run if it has more matches than the best so far.
    fn close(self, best: &mut Option<Run>) {
        if !self.highlights.is_empty() && best.as_ref().is_none_or(|b| self.highlights.len() > b.highlights.len()) {
            *best = Some(self);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of a text, each its own form but `the`, a stop word.
    fn words(text: &str) -> Vec<Word> {
        let mut out = Vec::new();
        let mut at = 0;
        for w in text.split(' ') {
            let form = if w == "the" { crate::search::tables::NO_FORM } else { w.len() as u32 };
            out.push(Word { from: at as u32, to: (at + w.len()) as u32, form });
            at += w.len() + 1;
        }
        out
    }

    #[test]
    fn a_passage_has_the_most_matches_and_ends_on_a_word() {
        // Forms are word lengths: 5 letters match.
        let filler = "ab ".repeat(90);
        let text = format!("start trade {filler}the block after block creature");
        let s = passage(&text, &words(&text), |f| f == 5).unwrap();
        assert!(s.text.len() <= SNIPPET_CHARS, "{}", s.text.len());
        let marked: Vec<&str> = s.highlights.iter().map(|r| &s.text[r.clone()]).collect();
        assert_eq!(marked, ["block", "after", "block"], "the run with three matches, not the first with two");
        assert!(s.cut_before && !s.cut_after);
        assert!(s.text.ends_with("creature"), "{}", s.text);
        assert!(passage(&text, &words(&text), |f| f == 99).is_none(), "no match, no passage");
    }
}
