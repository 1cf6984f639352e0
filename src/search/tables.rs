//! Tables made once, with the index, from the indexed texts: what snippets
//! need at search time without analyzing any text again — each text's
//! words with their spans and folded forms, and the forms of each stem.

use std::collections::HashMap;

use tantivy::tokenizer::TextAnalyzer;

use super::analyzer;
use super::documents::indexed;
use crate::graph::{Graph, NodeIdx};
use crate::vocab::Lang;

/// Tables made once from the indexed texts, for snippets: for each
/// language, the numbers of the folded surface forms of each stem (« exil »
/// → exile, exilee, exiler…); and for each text (a node's, an example's),
/// its words with their spans and folded forms, so that at search time a
/// snippet is cut by comparing integers.
pub(super) struct TextTables {
    pub(super) surface_forms: [HashMap<String, Vec<u32>>; 2],
    /// Folded form → its number.
    pub(super) forms: HashMap<String, u32>,
    /// Per node: the words of its text, in order.
    pub(super) words: Vec<Box<[Word]>>,
}

/// One word of a text: its byte span and the number of its folded form
/// ([`NO_FORM`] for a stop word or a word too long to be indexed, which
/// no query matches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Word {
    pub(super) from: u32,
    pub(super) to: u32,
    pub(super) form: u32,
}

/// The form of a word no query matches.
pub(super) const NO_FORM: u32 = u32::MAX;

pub(super) fn text_tables(graph: &Graph, analyzers: &[TextAnalyzer; 4]) -> TextTables {
    // The texts snippets are cut from: each indexed node's, and its examples'.
    let mut sources: Vec<(NodeIdx, Lang, &str)> = Vec::new();
    let mut titles: Vec<(Lang, &str)> = Vec::new();
    for i in 0..graph.nodes().len() as u32 {
        let idx = NodeIdx(i);
        if !indexed(graph, idx) {
            continue;
        }
        let n = graph.node(idx);
        sources.push((idx, n.language, n.text.as_str()));
        sources.extend(n.examples.iter().map(|&e| (e, graph.node(e).language, graph.node(e).text.as_str())));
        titles.extend(n.title.as_deref().map(|t| (n.language, t)));
    }
    // Every distinct word, stemmed and folded once.
    let mut tokenizer = analyzer::WordTokenizer::default();
    let mut words: [HashMap<String, Option<u32>>; 2] = [HashMap::new(), HashMap::new()];
    let mut tokens = |text: &str, mut each: Box<dyn FnMut(usize, usize, String) + '_>| {
        let mut stream = tantivy::tokenizer::Tokenizer::token_stream(&mut tokenizer, text);
        while let Some(t) = tantivy::tokenizer::TokenStream::next(&mut stream) {
            each(t.offset_from, t.offset_to, t.text.to_lowercase());
        }
    };
    for (lang, text) in sources.iter().map(|&(_, l, t)| (l, t)).chain(titles.iter().copied()) {
        let table = &mut words[lang as usize];
        tokens(
            text,
            Box::new(|_, _, w| {
                table.entry(w).or_insert(None);
            }),
        );
    }
    let mut surface_forms: [HashMap<String, Vec<u32>>; 2] = [HashMap::new(), HashMap::new()];
    let mut forms: HashMap<String, u32> = HashMap::new();
    for (lang, (stem, fold)) in [(Lang::Fr, (0, 1)), (Lang::En, (2, 3))] {
        let (mut stem, mut fold) = (analyzers[stem].clone(), analyzers[fold].clone());
        let first = |a: &mut TextAnalyzer, w: &str| {
            let mut s = a.token_stream(w);
            s.advance().then(|| s.token().text.clone())
        };
        for (w, entry) in words[lang as usize].iter_mut() {
            if let (Some(s), Some(f)) = (first(&mut stem, w), first(&mut fold, w)) {
                let next = forms.len() as u32;
                let form = *forms.entry(f).or_insert(next);
                let known = surface_forms[lang as usize].entry(s).or_default();
                if !known.contains(&form) {
                    known.push(form);
                }
                *entry = Some(form);
            }
        }
    }
    let mut positions: Vec<Box<[Word]>> = vec![Box::default(); graph.nodes().len()];
    for (idx, lang, text) in sources {
        let table = &words[lang as usize];
        let mut list = Vec::new();
        tokens(
            text,
            Box::new(|from, to, w| {
                let form = table.get(&w).copied().flatten().unwrap_or(NO_FORM);
                list.push(Word { from: from as u32, to: to as u32, form });
            }),
        );
        positions[idx.0 as usize] = list.into_boxed_slice();
    }
    TextTables { surface_forms, forms, words: positions }
}
