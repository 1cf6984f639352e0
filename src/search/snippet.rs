//! Snippets: the passage of a hit's text that matches the query, with its
//! matches marked.
//!
//! Snippets are cut from the graph's text (nothing is stored in the index)
//! with tantivy's `SnippetGenerator`. Highlighting runs the folding analyzer
//! only: a query word is highlighted in every surface form the corpus uses
//! for its stem, read from the tables built with the index
//! ([`super::tables`]).

use std::collections::BTreeMap;

use tantivy::snippet::SnippetGenerator;

use super::SearchIndex;
use super::analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
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

/// Snippet generators for one query, one per language.
///
/// Highlighting runs the folding analyzer only: a query word is highlighted
/// in every surface form the corpus uses for its stem (« exilée » lights up
/// « exilé », « exiler »), read from the table built with the index, so that
/// no hit's text is stemmed at search time.
pub(super) struct Snippets<'a> {
    generators: Vec<(Lang, SnippetGenerator)>,
    /// Per language, the numbers of the query's folded forms.
    wanted: [Vec<u32>; 2],
    words: &'a [Vec<(u32, u32)>],
}

/// How much text around the first match is handed to the snippet generator.
const WINDOW_BEFORE: usize = 60;

impl<'a> Snippets<'a> {
    pub(super) fn new(
        index: &'a SearchIndex,
        words: &[String],
        phrases: &[String],
        corrections: &[(Lang, String)],
    ) -> Snippets<'a> {
        let all = words.iter().chain(phrases).cloned().collect::<Vec<_>>().join(" ");
        let mut generators = Vec::new();
        let mut wanted: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        for (lang, stem, fold) in [(Lang::Fr, FR_STEM, FR_FOLD), (Lang::En, EN_STEM, EN_FOLD)] {
            let mut terms: BTreeMap<String, f32> = BTreeMap::new();
            for (_, t) in index.terms(fold, &all) {
                terms.insert(t, 1.0);
            }
            for (_, t) in index.terms(stem, &all) {
                for form in index.tables.surface_forms[lang as usize].get(&t).into_iter().flatten() {
                    terms.insert(form.clone(), 1.0);
                }
            }
            for (_, c) in corrections.iter().filter(|(l, _)| *l == lang) {
                terms.insert(c.clone(), 1.0);
            }
            wanted[lang as usize] = terms.keys().filter_map(|t| index.tables.forms.get(t).copied()).collect();
            let field = index.fields.of(lang).text_fold;
            let mut g = SnippetGenerator::new(terms, index.snippet_analyzer.clone(), field, SNIPPET_CHARS);
            g.set_max_num_chars(SNIPPET_CHARS);
            generators.push((lang, g));
        }
        Snippets { generators, wanted, words: &index.tables.words }
    }

    /// The snippet of a node: the best passage of its text, else of its
    /// examples, else its beginning.
    pub(super) fn of(&self, graph: &Graph, idx: NodeIdx) -> Snippet {
        let n = graph.node(idx);
        for source in std::iter::once(idx).chain(n.examples.iter().copied()) {
            let (lang, text) = (graph.node(source).language, graph.node(source).text.as_str());
            // The first word of the text that is a form of the query's words.
            let wanted = &self.wanted[lang as usize];
            let Some(&(at, _)) = self.words[source.0 as usize].iter().find(|(_, form)| wanted.contains(form)) else {
                continue;
            };
            // A window around it, cut at word boundaries.
            let mut start = (at as usize).saturating_sub(WINDOW_BEFORE);
            while !text.is_char_boundary(start) {
                start += 1;
            }
            if start > 0 {
                start = text[start..at as usize].find(' ').map_or(at as usize, |i| start + i + 1);
            }
            let mut end = (start + 2 * SNIPPET_CHARS).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let window = &text[start..end];
            for (_, g) in self.generators.iter().filter(|(l, _)| *l == lang) {
                let s = g.snippet(window);
                if !s.highlighted().is_empty() {
                    let range = s.fragment_range();
                    return Snippet {
                        text: s.fragment().to_string(),
                        highlights: s.highlighted().to_vec(),
                        cut_before: start + range.start > 0,
                        cut_after: start + range.end < text.len(),
                    };
                }
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
