//! Query planning: the words and phrases of a query analyzed once into
//! weighted terms per field and language ([`Plan`]), then, for each index,
//! the tantivy query made of the terms that index holds
//! ([`Plan::query_for`]). The weights are in [`super::weights`].

use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, Term};

use super::analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
use super::weights::*;
use super::{Filters, SearchIndex};
use crate::vocab::Lang;

impl SearchIndex {
    /// Analyzes the words and phrases once: each language's words (the
    /// query as typed, and as the vocabulary translates it, see
    /// [`crate::lexicon`]) into terms of that language's fields, with typo
    /// corrections for `correctable` words no index knows; neighbouring
    /// words as loose phrases; quoted phrases; filters as exact terms.
    pub(super) fn plan(&self, searchers: &[Searcher], words: &Words, phrases: &[String], filters: &Filters) -> Plan {
        let mut plan = Plan::default();
        for (lang, list) in [(Lang::Fr, &words.fr), (Lang::En, &words.en)] {
            let (stem, fold) = if lang == Lang::Fr { (FR_STEM, FR_FOLD) } else { (EN_STEM, EN_FOLD) };
            for w in list {
                let s = self.terms(stem, w).into_iter().next().map(|t| t.1);
                let f = self.terms(fold, w).into_iter().next().map(|t| t.1);
                let forms = self.tables.forms_of(lang, s.as_deref(), f.as_deref());
                if !forms.is_empty() {
                    let idf = self.idf(searchers, lang, f.as_deref());
                    plan.wanted[lang as usize].push((forms, idf));
                }
                let correctable = words.correctable.contains(w);
                let analyzed = Analyzed { word: w, stem: s, fold: f };
                if let Some(word) = self.word_plan(searchers, lang, analyzed, correctable, &mut plan.corrections) {
                    plan.words.push(word);
                }
            }
            plan.pairs.extend(self.pairs(lang, list));
        }
        for (lang, t) in &words.terms {
            let stem = if *lang == Lang::Fr { FR_STEM } else { EN_STEM };
            let terms = self.terms(stem, t);
            if terms.len() > 1 {
                let f = self.fields.of(*lang);
                plan.terms.push(terms.iter().map(|(p, s)| (*p, Term::from_field_text(f.text, s))).collect());
            }
        }
        plan.phrases = phrases.iter().map(|p| self.phrase(p)).filter(|alternatives| !alternatives.is_empty()).collect();
        plan.filters = self.filter_terms(filters);
        plan.chapters = words.chapters.clone();
        plan
    }

    /// One word in one language: its stemmed and folded terms in that
    /// language's fields, weighted; `None` for a stop word. A `correctable`
    /// word no index has seen is a typo: the nearest words the index knows
    /// are searched instead, at a reduced weight, and listed in `corrections`.
    fn word_plan(
        &self,
        searchers: &[Searcher],
        lang: Lang,
        analyzed: Analyzed<'_>,
        correctable: bool,
        corrections: &mut Vec<(Lang, String)>,
    ) -> Option<WordPlan> {
        let mut word = WordPlan::default();
        let w = analyzed.word;
        let f = self.fields.of(lang);
        if let Some(s) = analyzed.stem {
            let stemmed = [
                (f.title, W_TITLE),
                (f.lead, W_LEAD),
                (f.text, W_TEXT),
                (f.examples, W_EXAMPLES),
                (f.context, W_CONTEXT),
            ];
            for (field, weight) in stemmed {
                word.terms.push((Term::from_field_text(field, &s), weight));
            }
            word.defines.push(Term::from_field_text(f.defines, &s));
        }
        let folded = analyzed.fold;
        if let Some(s) = &folded {
            for (field, weight) in [(f.title_fold, W_TITLE), (f.text_fold, W_TEXT), (f.examples_fold, W_EXAMPLES)] {
                word.terms.push((Term::from_field_text(field, s), weight));
            }
        }
        if word.terms.is_empty() {
            return None;
        }
        let known =
            |w: &WordPlan| w.terms.iter().any(|(t, _)| searchers.iter().any(|s| s.doc_freq(t).unwrap_or(0) > 0));
        if correctable
            && !known(&word)
            && !self.known_anywhere(searchers, w)
            && let Some(s) = folded
        {
            {
                for correction in self.vocabulary[lang as usize].corrections(&s) {
                    for (field, weight) in
                        [(f.title_fold, W_TITLE), (f.text_fold, W_TEXT), (f.examples_fold, W_EXAMPLES)]
                    {
                        word.terms.push((Term::from_field_text(field, correction), weight * W_TYPO));
                    }
                    corrections.push((lang, correction.to_string()));
                }
            }
        }
        Some(word)
    }

    /// The inverse document frequency of a folded word in its language's
    /// texts: how much finding it in a text tells.
    fn idf(&self, searchers: &[Searcher], lang: Lang, folded: Option<&str>) -> f32 {
        let Some(f) = folded else { return 0.0 };
        let term = Term::from_field_text(self.fields.of(lang).text_fold, f);
        let (mut df, mut n) = (0u64, 0u64);
        for (part, searcher) in self.parts.iter().zip(searchers) {
            if part.language == lang {
                df += searcher.doc_freq(&term).unwrap_or(0);
                n += searcher.num_docs();
            }
        }
        (1.0 + (n as f32 - df as f32 + 0.5) / (df as f32 + 0.5)).ln()
    }

    /// Whether a word is in some index, in either language, in any field
    /// (a word known in French, « salve » in an example, is not a typo of an
    /// English word).
    fn known_anywhere(&self, searchers: &[Searcher], w: &str) -> bool {
        [(Lang::Fr, FR_STEM, FR_FOLD), (Lang::En, EN_STEM, EN_FOLD)].iter().any(|&(lang, stem, fold)| {
            let f = self.fields.of(lang);
            let stemmed = self.terms(stem, w).into_iter().next().map(|(_, s)| (s, [f.title, f.text, f.examples]));
            let folded =
                self.terms(fold, w).into_iter().next().map(|(_, s)| (s, [f.title_fold, f.text_fold, f.examples_fold]));
            stemmed.into_iter().chain(folded).any(|(s, fields)| {
                fields.iter().any(|&field| {
                    let t = Term::from_field_text(field, &s);
                    searchers.iter().any(|sr| sr.doc_freq(&t).unwrap_or(0) > 0)
                })
            })
        })
    }

    /// Words typed next to each other, found close together: each pair of
    /// neighbouring words is a loose phrase on the text and the examples.
    fn pairs(&self, lang: Lang, words: &[String]) -> Vec<Vec<(usize, Term)>> {
        let joined = words.join(" ");
        let mut pairs = Vec::new();
        let stem = if lang == Lang::Fr { FR_STEM } else { EN_STEM };
        let f = self.fields.of(lang);
        let terms = self.terms(stem, &joined);
        for pair in terms.windows(2) {
            for field in [f.text, f.examples] {
                pairs.push(pair.iter().map(|(p, s)| (*p, Term::from_field_text(field, s))).collect());
            }
        }
        pairs
    }

    /// A quoted phrase, in the folded fields: the alternatives (one per
    /// field and language) of which one must appear.
    fn phrase(&self, phrase: &str) -> Vec<Vec<(usize, Term)>> {
        let mut alternatives = Vec::new();
        for (lang, fold) in [(Lang::Fr, FR_FOLD), (Lang::En, EN_FOLD)] {
            let f = self.fields.of(lang);
            let terms = self.terms(fold, phrase);
            if terms.is_empty() {
                continue;
            }
            for field in [f.title_fold, f.text_fold, f.examples_fold] {
                alternatives.push(terms.iter().map(|(pos, s)| (*pos, Term::from_field_text(field, s))).collect());
            }
        }
        alternatives
    }

    /// The filters, as exact terms every result must have.
    fn filter_terms(&self, filters: &Filters) -> Vec<Term> {
        let mut terms = Vec::new();
        let mut filter = |field: Field, value: String| terms.push(Term::from_field_text(field, &value));
        if let Some(s) = filters.section {
            filter(self.fields.section, s.to_string());
        }
        if let Some(c) = filters.chapter {
            filter(self.fields.chapter, c.to_string());
        }
        if let Some(e) = &filters.edition {
            filter(self.fields.edition, e.clone());
        }
        if let Some(l) = filters.language {
            filter(self.fields.language, l.code().to_string());
        }
        terms
    }
}

/// A word with its stemmed and folded terms, analyzed once.
struct Analyzed<'a> {
    word: &'a str,
    stem: Option<String>,
    fold: Option<String>,
}

/// The words of a query in each language (see [`SearchIndex::words_of`]).
#[derive(Debug, Default, Clone)]
pub(super) struct Words {
    /// The words searched in French texts.
    pub(super) fr: Vec<String>,
    /// The words searched in English texts.
    pub(super) en: Vec<String>,
    /// The words typed that the vocabulary does not know: only these may be typos.
    pub(super) correctable: Vec<String>,
    /// Game terms of several words, per language, searched as phrases too.
    pub(super) terms: Vec<(Lang, String)>,
    /// The chapters the query names by their title: their rules get a head start.
    pub(super) chapters: Vec<u16>,
}

impl Words {
    /// Every word, each once, French first (for snippets).
    pub(super) fn all(&self) -> Vec<String> {
        let mut out = self.fr.clone();
        for w in &self.en {
            if !out.contains(w) {
                out.push(w.clone());
            }
        }
        out
    }
}

/// A search, analyzed: see [`SearchIndex::plan`].
#[derive(Default)]
pub(super) struct Plan {
    words: Vec<WordPlan>,
    /// Neighbouring words, as two-term phrases with their positions.
    pairs: Vec<Vec<(usize, Term)>>,
    /// Game terms of several words (« starting life total »), as phrases.
    terms: Vec<Vec<(usize, Term)>>,
    /// Per language, the forms of each query word the texts have, with the
    /// word's inverse document frequency: what a text's coverage of the
    /// query is counted on.
    pub(super) wanted: [Vec<(Vec<u32>, f32)>; 2],
    /// The chapters named by their title.
    pub(super) chapters: Vec<u16>,
    /// Quoted phrases: for each, the alternatives (one per field) of which one must match.
    phrases: Vec<Vec<Vec<(usize, Term)>>>,
    /// Exact terms every result must have (section, chapter, edition, language).
    filters: Vec<Term>,
    /// The corrections made to words no index knew.
    pub(super) corrections: Vec<(Lang, String)>,
}

/// One word of the query: its terms with their field weights, and the terms
/// of the fields that say what a rule defines.
#[derive(Default)]
struct WordPlan {
    terms: Vec<(Term, f32)>,
    defines: Vec<Term>,
}

impl Plan {
    /// The query for one index, with only the terms it contains (a term
    /// missing from an index costs a weight and can match nothing); `None`
    /// when nothing can match there.
    pub(super) fn query_for(&self, searcher: &Searcher) -> Option<Box<dyn Query>> {
        let present = |t: &Term| searcher.doc_freq(t).unwrap_or(0) > 0;
        let term = |t: &Term| TermQuery::new(t.clone(), IndexRecordOption::WithFreqs);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for w in &self.words {
            let disjuncts: Vec<Box<dyn Query>> = w
                .terms
                .iter()
                .filter(|(t, _)| present(t))
                .map(|(t, weight)| Box::new(BoostQuery::new(Box::new(term(t)), *weight)) as Box<dyn Query>)
                .collect();
            if !disjuncts.is_empty() {
                clauses.push((Occur::Should, Box::new(DisjunctionMaxQuery::with_tie_breaker(disjuncts, TIE_BREAKER))));
            }
            // A rule that defines the word gets a bonus on top of its match.
            for d in w.defines.iter().filter(|t| present(t)) {
                clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(term(d)), W_DEFINES))));
            }
        }
        for pair in &self.pairs {
            if pair.iter().all(|(_, t)| present(t)) {
                let phrase = PhraseQuery::new_with_offset_and_slop(pair.clone(), PROXIMITY_SLOP);
                clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(phrase), W_PROXIMITY))));
            }
        }
        for t in &self.terms {
            if t.iter().all(|(_, term)| present(term)) {
                let phrase = PhraseQuery::new_with_offset_and_slop(t.clone(), TERM_SLOP);
                clauses.push((Occur::Should, Box::new(BoostQuery::new(Box::new(phrase), W_TERM))));
            }
        }
        if clauses.is_empty() && self.phrases.is_empty() {
            return None;
        }
        for alternatives in &self.phrases {
            let possible: Vec<Box<dyn Query>> = alternatives
                .iter()
                .filter(|terms| terms.iter().all(|(_, t)| present(t)))
                .map(|terms| match terms.len() {
                    1 => Box::new(term(&terms[0].1)) as Box<dyn Query>,
                    _ => Box::new(PhraseQuery::new_with_offset(terms.clone())),
                })
                .collect();
            if possible.is_empty() {
                return None; // a quoted phrase this index cannot contain
            }
            clauses.push((Occur::Must, Box::new(DisjunctionMaxQuery::new(possible))));
        }
        for f in &self.filters {
            let q = TermQuery::new(f.clone(), IndexRecordOption::Basic);
            clauses.push((Occur::Must, Box::new(ConstScoreQuery::new(Box::new(q), 0.0))));
        }
        Some(Box::new(BooleanQuery::new(clauses)))
    }
}
