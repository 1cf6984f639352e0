//! Tables made once, with the index, from the indexed texts: what snippets
//! need at search time without analyzing any text again.

use std::collections::HashMap;

use tantivy::tokenizer::TextAnalyzer;

use super::analyzer;
use super::documents::indexed;
use crate::graph::{Graph, NodeIdx};
use crate::vocab::Lang;

/// Tables made once from the indexed texts, for snippets: for each
/// language, the folded surface forms of each stem (« exil » → exile,
/// exilee, exiler…); and for each text (a node's, an example's), where its
/// words start and which folded form each is, so that at search time the
/// first word matching the query is found by comparing integers, and only a
/// window around it is handed to the snippet generator.
pub(super) struct TextTables {
    pub(super) surface_forms: [HashMap<String, Vec<String>>; 2],
    /// Folded form → its number.
    pub(super) forms: HashMap<String, u32>,
    /// Per node: (byte offset, folded form) of each word of its text.
    pub(super) words: Vec<Vec<(u32, u32)>>,
}

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
    let mut words: [HashMap<String, Option<(String, String)>>; 2] = [HashMap::new(), HashMap::new()];
    let mut tokens = |text: &str, mut each: Box<dyn FnMut(usize, String) + '_>| {
        let mut stream = tantivy::tokenizer::Tokenizer::token_stream(&mut tokenizer, text);
        while let Some(t) = tantivy::tokenizer::TokenStream::next(&mut stream) {
            each(t.offset_from, t.text.to_lowercase());
        }
    };
    for (lang, text) in sources.iter().map(|&(_, l, t)| (l, t)).chain(titles.iter().copied()) {
        let table = &mut words[lang as usize];
        tokens(
            text,
            Box::new(|_, w| {
                table.entry(w).or_insert(None);
            }),
        );
    }
    let mut surface_forms = [HashMap::new(), HashMap::new()];
    let mut forms: HashMap<String, u32> = HashMap::new();
    for (lang, (stem, fold)) in [(Lang::Fr, (0, 1)), (Lang::En, (2, 3))] {
        let (mut stem, mut fold) = (analyzers[stem].clone(), analyzers[fold].clone());
        let first = |a: &mut TextAnalyzer, w: &str| {
            let mut s = a.token_stream(w);
            s.advance().then(|| s.token().text.clone())
        };
        for (w, entry) in words[lang as usize].iter_mut() {
            if let (Some(s), Some(f)) = (first(&mut stem, w), first(&mut fold, w)) {
                let known: &mut Vec<String> = surface_forms[lang as usize].entry(s.clone()).or_default();
                if !known.contains(&f) {
                    known.push(f.clone());
                }
                let next = forms.len() as u32;
                forms.entry(f.clone()).or_insert(next);
                *entry = Some((s, f));
            }
        }
    }
    let mut positions = vec![Vec::new(); graph.nodes().len()];
    for (idx, lang, text) in sources {
        let table = &words[lang as usize];
        let mut list = Vec::new();
        tokens(
            text,
            Box::new(|offset, w| {
                if let Some(Some((_, f))) = table.get(&w) {
                    list.push((offset as u32, forms[f]));
                }
            }),
        );
        positions[idx.0 as usize] = list;
    }
    TextTables { surface_forms, forms, words: positions }
}
