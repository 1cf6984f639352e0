//! Query planning: what a query asks about, as [`Concept`]s — a word typed,
//! a game term, a word of jargon — each said in French and in English,
//! analyzed once into weighted terms ([`Plan`]), each concept with its
//! weight: its rarity, measured once, in the rules in force, so that a
//! French text and an English text of one rule are scored on one scale.
//! How well a text says a concept, whatever its rarity, is read in
//! `super::score`; the phrases (words typed side by side, quoted phrases)
//! and the filters are tantivy queries made here. The weights are in
//! [`super::weights`].
//!
//! A concept is made of slots, one per word of its name in a language
//! (« points de vie de départ » has three in French, « starting life
//! total » three in English); each slot holds the words that may fill it
//! (a word typed, or the translations of a French word, each with its
//! probability). A text's match of a concept in one language is the
//! average of its slots' matches, each slot weighed by its rarity there,
//! plus a bonus when the whole name appears as a phrase.

use tantivy::Term;
use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, Occur, PhraseQuery, Query, TermQuery,
};
use tantivy::schema::{Field, IndexRecordOption};

use super::analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
use super::part::Reading;
use super::weights::*;
use super::{Filters, SearchIndex};
use crate::vocab::Lang;

/// Terms with their positions, searched as a phrase.
pub(super) type Phrase = Vec<(usize, Term)>;

/// The words that may fill one word of a concept's name, each with its
/// weight (a word typed weighs 1; the translations of a French word, their
/// probability).
pub(super) type Slot = Vec<(String, f32)>;

/// One thing a query asks about, said in each language (indexed by
/// `Lang as usize`): its names there, each a list of slots (« enters the
/// battlefield » and « ETB » are two English names of one concept).
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Concept {
    /// The names of the concept in each language, each as its slots.
    pub(super) names: [Vec<Vec<Slot>>; 2],
    /// Its names in judges' French words, searched in the glosses only
    /// (see [`crate::lexicon::Unit::judges`]).
    pub(super) judges: Vec<Vec<Slot>>,
    /// The keywords it names (« piétinement » → 702.19): every text of
    /// their families says it (see `Tally::share` in [`super::collect`]).
    pub(super) keywords: Vec<crate::vocab::RuleId>,
}

/// The concepts of a query (see [`SearchIndex::words_of`]).
#[derive(Debug, Default, Clone)]
pub(super) struct Words {
    /// What the query asks about, in its order.
    pub(super) concepts: Vec<Concept>,
    /// The words typed that the vocabulary does not know: only these may be typos.
    pub(super) correctable: Vec<String>,
    /// The rules the query names (see [`SearchIndex::named_rules`]): their
    /// families get a head start.
    pub(super) named: Vec<crate::vocab::RuleId>,
    /// The subrules a word of jargon points at (see
    /// [`SearchIndex::pointed_rules`]).
    pub(super) pointed: Vec<crate::vocab::RuleId>,
}

impl Concept {
    /// Its names in one language: each slot's words joined by « / », its
    /// names by « | » (« token | tokens », « draw/drew »).
    fn said(&self, lang: Lang) -> String {
        let names: Vec<String> = self.names[lang as usize]
            .iter()
            .map(|slots| {
                let words: Vec<String> =
                    slots.iter().map(|s| s.iter().map(|(w, _)| w.as_str()).collect::<Vec<_>>().join("/")).collect();
                words.join(" ")
            })
            .collect();
        names.join(" | ")
    }

    /// Its names in each language, for explanations (« jeton / token | tokens »).
    pub(super) fn label(&self) -> String {
        format!("{} / {}", self.said(Lang::Fr), self.said(Lang::En))
    }
}

impl Words {
    /// Every word, each once, French first (for snippets).
    pub(super) fn all(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for lang in [Lang::Fr, Lang::En] {
            for c in &self.concepts {
                for (w, _) in c.names[lang as usize].iter().flatten().flatten() {
                    if !out.contains(w) {
                        out.push(w.clone());
                    }
                }
            }
        }
        out
    }

    /// What is searched in one language, per concept: its names, each
    /// slot's words joined by « / » (what `arbitre cherche` shows).
    pub(super) fn searched(&self, lang: Lang) -> Vec<String> {
        self.concepts.iter().map(|c| c.said(lang)).filter(|s| !s.is_empty()).collect()
    }
}

impl SearchIndex {
    /// Analyzes the concepts, quoted phrases and filters once: each slot's
    /// words into terms of its language's fields, with typo corrections for
    /// `correctable` words no index knows; each concept's weight; the
    /// neighbouring words of each language as loose phrases; quoted phrases
    /// and filters as terms every result must have.
    pub(super) fn plan(
        &self,
        searchers: &[Reading],
        words: &Words,
        phrases: &[String],
        filters: &Filters,
        language: Lang,
    ) -> Plan {
        let mut plan = Plan {
            language,
            concepts: Vec::new(),
            pairs: [Vec::new(), Vec::new()],
            named: Vec::new(),
            pointed: Vec::new(),
            phrases: Vec::new(),
            filters: Vec::new(),
            corrections: Vec::new(),
            only_quoted: false,
            card_families: Vec::new(),
        };
        for (source, concept) in words.concepts.iter().enumerate() {
            let mut c = ConceptPlan { source, keywords: concept.keywords.clone(), ..ConceptPlan::default() };
            for lang in [Lang::Fr, Lang::En] {
                for slots in &concept.names[lang as usize] {
                    if let Some(name) = self.name_plan(searchers, lang, slots, words, &mut plan.corrections) {
                        c.names[lang as usize].push(name);
                    }
                }
            }
            for slots in &concept.judges {
                if let Some(name) = self.name_plan(searchers, Lang::Fr, slots, words, &mut plan.corrections) {
                    c.judges.push(name);
                }
            }
            // Its rarity in the rules in force when they say it, else in French texts and glosses.
            let rarity = |lang: Lang| c.names[lang as usize].iter().map(NamePlan::rarity).fold(0.0, f32::max);
            c.weight = match rarity(Lang::En) {
                w if w > 0.0 => w,
                _ => rarity(Lang::Fr),
            };
            if c.weight > 0.0 {
                plan.concepts.push(c);
            }
        }
        for lang in [Lang::Fr, Lang::En] {
            // Neighbouring words typed: each slot's first word, in order.
            let firsts: Vec<String> = words
                .concepts
                .iter()
                .flat_map(|c| c.names[lang as usize].first())
                .flat_map(|slots| slots.iter().filter_map(|s| s.first().map(|w| w.0.clone())))
                .collect();
            plan.pairs[lang as usize] = self.pairs(lang, &firsts);
        }
        plan.phrases = phrases
            .iter()
            .map(|p| {
                let lang = crate::corpus::language::detect(p, Lang::Fr);
                (lang, self.phrase(p, lang))
            })
            .filter(|(_, alternatives)| !alternatives.is_empty())
            .collect();
        plan.filters = self.filter_terms(filters);
        plan.named = words.named.clone();
        plan.pointed = words.pointed.clone();
        plan
    }

    /// One name in one language: its slots, and its words as a loose
    /// phrase when it has several; `None` when no word of it is searchable.
    fn name_plan(
        &self,
        searchers: &[Reading],
        lang: Lang,
        slots: &[Slot],
        words: &Words,
        corrections: &mut Vec<(Lang, String)>,
    ) -> Option<NamePlan> {
        let mut name = NamePlan::default();
        for slot in slots {
            if let Some(s) = self.slot_plan(searchers, lang, slot, words, corrections) {
                name.slots.push(s);
            }
        }
        if slots.len() > 1 {
            let f = self.fields.of(lang);
            let stem = if lang == Lang::Fr { FR_STEM } else { EN_STEM };
            let first: Vec<&str> = slots.iter().filter_map(|s| s.first().map(|w| w.0.as_str())).collect();
            let terms = self.terms(stem, &first.join(" "));
            if terms.len() > 1 {
                name.phrase = Some(terms.iter().map(|(p, s)| (*p, Term::from_field_text(f.text, s))).collect());
            }
        }
        (!name.slots.is_empty()).then_some(name)
    }

    /// One slot in one language: the terms of each of its words in that
    /// language's fields, weighed by the field and the word's weight; the
    /// slot's rarity (the inverse document frequency of its likeliest word
    /// in the texts); `None` when no word of it is searchable (stop words).
    fn slot_plan(
        &self,
        searchers: &[Reading],
        lang: Lang,
        slot: &Slot,
        words: &Words,
        corrections: &mut Vec<(Lang, String)>,
    ) -> Option<SlotPlan> {
        let (stem, fold) = if lang == Lang::Fr { (FR_STEM, FR_FOLD) } else { (EN_STEM, EN_FOLD) };
        let mut out = SlotPlan::default();
        let mut best_weight = 0.0f32;
        for (w, weight) in slot {
            let s = self.terms(stem, w).into_iter().next().map(|t| t.1);
            let f = self.terms(fold, w).into_iter().next().map(|t| t.1);
            let correctable = slot.len() == 1 && words.correctable.contains(w);
            let analyzed = Analyzed { word: w, stem: s.clone(), fold: f };
            let Some(word) = self.word_plan(searchers, lang, analyzed, correctable, corrections) else { continue };
            let idf =
                s.map_or(0.0, |s| self.idf(searchers, lang, &Term::from_field_text(self.fields.of(lang).text, &s)));
            if *weight > best_weight && idf > 0.0 {
                (best_weight, out.idf) = (*weight, idf);
            }
            out.terms.extend(word.terms.into_iter().map(|(t, fw)| (t, fw * weight)));
            out.defines.extend(word.defines.into_iter().map(|t| (t, W_DEFINES * weight)));
        }
        if out.idf == 0.0 {
            // Found only through a typo's corrections, or in titles: the rarest term's.
            out.idf = out.terms.iter().map(|(t, _)| self.idf(searchers, lang, t)).fold(0.0, f32::max);
        }
        (!out.terms.is_empty()).then_some(out)
    }

    /// One word in one language: its stemmed and folded terms in that
    /// language's fields, with the fields' weights, and the term of the
    /// field that says what a rule defines; `None` for a stop word. A
    /// `correctable` word no index has seen is a typo: the nearest words
    /// the index knows are searched instead, at a reduced weight, and
    /// listed in `corrections`.
    fn word_plan(
        &self,
        searchers: &[Reading],
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
        let known = |w: &WordPlan| w.terms.iter().any(|(t, _)| searchers.iter().any(|s| s.doc_freq(t) > 0));
        if correctable
            && !known(&word)
            && !self.known_anywhere(searchers, w)
            && let Some(s) = folded
        {
            for correction in self.vocabulary[lang as usize].corrections(&s) {
                for (field, weight) in [(f.title_fold, W_TITLE), (f.text_fold, W_TEXT), (f.examples_fold, W_EXAMPLES)] {
                    word.terms.push((Term::from_field_text(field, correction), weight * W_TYPO));
                }
                corrections.push((lang, correction.to_string()));
            }
        }
        Some(word)
    }

    /// The inverse document frequency of a term in its language's indexes
    /// (French: the texts and the glosses, which cover every rule),
    /// as BM25 computes it: how much finding it in a text tells (0 when no
    /// text has it).
    pub(super) fn idf(&self, searchers: &[Reading], lang: Lang, term: &Term) -> f32 {
        let (mut df, mut n) = (0u64, 0u64);
        for (part, searcher) in self.parts.iter().zip(searchers) {
            if part.language == lang {
                df += searcher.doc_freq(term);
                n += searcher.num_docs();
            }
        }
        if df == 0 { 0.0 } else { bm25_idf(df, n) }
    }

    /// Whether a word is in some index, in either language, in any field
    /// (a word known in French, « salve » in an example, is not a typo of an
    /// English word).
    fn known_anywhere(&self, searchers: &[Reading], w: &str) -> bool {
        [(Lang::Fr, FR_STEM, FR_FOLD), (Lang::En, EN_STEM, EN_FOLD)].iter().any(|&(lang, stem, fold)| {
            let f = self.fields.of(lang);
            let stemmed = self.terms(stem, w).into_iter().next().map(|(_, s)| (s, [f.title, f.text, f.examples]));
            let folded =
                self.terms(fold, w).into_iter().next().map(|(_, s)| (s, [f.title_fold, f.text_fold, f.examples_fold]));
            stemmed.into_iter().chain(folded).any(|(s, fields)| {
                fields.iter().any(|&field| {
                    let t = Term::from_field_text(field, &s);
                    searchers.iter().any(|sr| sr.doc_freq(&t) > 0)
                })
            })
        })
    }

    /// Words typed next to each other, found close together: each pair of
    /// neighbouring words is a loose phrase on the text and the examples.
    fn pairs(&self, lang: Lang, words: &[String]) -> Vec<[(usize, Term); 2]> {
        let joined = words.join(" ");
        let mut pairs = Vec::new();
        let stem = if lang == Lang::Fr { FR_STEM } else { EN_STEM };
        let f = self.fields.of(lang);
        let terms = self.terms(stem, &joined);
        for pair in terms.windows(2) {
            if pair[0].1 == pair[1].1 {
                continue;
            }
            for field in [f.text, f.examples] {
                let term = |(p, s): &(usize, String)| (*p, Term::from_field_text(field, s));
                pairs.push([term(&pair[0]), term(&pair[1])]);
            }
        }
        pairs
    }

    /// A quoted phrase in its language's folded fields: the alternatives
    /// (one per field) of which one must appear.
    pub(super) fn phrase(&self, phrase: &str, lang: Lang) -> Vec<Vec<(usize, Term)>> {
        let fold = if lang == Lang::Fr { FR_FOLD } else { EN_FOLD };
        let f = self.fields.of(lang);
        let terms = self.terms(fold, phrase);
        if terms.is_empty() {
            return Vec::new();
        }
        [f.title_fold, f.text_fold, f.examples_fold]
            .into_iter()
            .map(|field| terms.iter().map(|(pos, s)| (*pos, Term::from_field_text(field, s))).collect())
            .collect()
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

/// The query of one phrase's terms word for word (a term alone: the term).
pub(super) fn word_for_word(terms: &[(usize, Term)]) -> Box<dyn Query> {
    match terms {
        [(_, t)] => Box::new(TermQuery::new(t.clone(), IndexRecordOption::WithFreqs)),
        _ => Box::new(PhraseQuery::new_with_offset(terms.to_vec())),
    }
}

/// BM25's inverse document frequency of a term found in `df` of `n` documents.
pub(super) fn bm25_idf(df: u64, n: u64) -> f32 {
    (1.0 + (n as f32 - df as f32 + 0.5) / (df as f32 + 0.5)).ln()
}

/// A word with its stemmed and folded terms, analyzed once.
struct Analyzed<'a> {
    word: &'a str,
    stem: Option<String>,
    fold: Option<String>,
}

/// One word of the query: its terms with their field weights, and the terms
/// of the fields that say what a rule defines.
#[derive(Default)]
struct WordPlan {
    terms: Vec<(Term, f32)>,
    defines: Vec<Term>,
}

/// One slot, analyzed: its words' terms with their weights, the defines
/// terms with theirs, and its rarity.
#[derive(Default)]
pub(super) struct SlotPlan {
    pub(super) terms: Vec<(Term, f32)>,
    pub(super) defines: Vec<(Term, f32)>,
    pub(super) idf: f32,
}

/// One name of a concept, analyzed: its slots, and the name as a phrase
/// when it has several words.
#[derive(Default)]
pub(super) struct NamePlan {
    pub(super) slots: Vec<SlotPlan>,
    pub(super) phrase: Option<Vec<(usize, Term)>>,
}

impl NamePlan {
    /// How much finding the name tells: its slots' rarities, summed, and
    /// divided by the square root of their number (a name of three words
    /// tells more than one word, less than three questions).
    fn rarity(&self) -> f32 {
        let idfs: Vec<f32> = self.slots.iter().map(|s| s.idf).filter(|&i| i > 0.0).collect();
        idfs.iter().sum::<f32>() / (idfs.len().max(1) as f32).sqrt()
    }
}

/// One concept, analyzed: its names per language, its weight.
#[derive(Default)]
pub(super) struct ConceptPlan {
    pub(super) names: [Vec<NamePlan>; 2],
    /// Its names in judges' French words, for the glosses only.
    pub(super) judges: Vec<NamePlan>,
    /// The keywords it names (see [`Concept::keywords`]).
    pub(super) keywords: Vec<crate::vocab::RuleId>,
    /// Which concept of the query's [`Words`] it is.
    pub(super) source: usize,
    /// How much the concept tells: its rarity (see [`SearchIndex::plan`]).
    pub(super) weight: f32,
}

/// A search, analyzed: see [`SearchIndex::plan`].
pub(super) struct Plan {
    /// The language the judge writes in: when English, French texts weigh less.
    pub(super) language: Lang,
    /// What the query asks about.
    pub(super) concepts: Vec<ConceptPlan>,
    /// Per language, neighbouring words, as two-term phrases with their positions.
    pairs: [Vec<[(usize, Term); 2]>; 2],
    /// The rules the query names, whose families get a head start.
    pub(super) named: Vec<crate::vocab::RuleId>,
    /// The subrules a word of jargon points at: their coverage of the
    /// query is at least [`super::weights::POINTED_COVERAGE`].
    pub(super) pointed: Vec<crate::vocab::RuleId>,
    /// Quoted phrases: for each, its language and the alternatives (one per
    /// field) of which one must match in the texts of that language.
    phrases: Vec<(Lang, Vec<Phrase>)>,
    /// Exact terms every result must have (section, chapter, edition, language).
    filters: Vec<Term>,
    /// The corrections made to words no index knew.
    pub(super) corrections: Vec<(Lang, String)>,
    /// Whether the query is quoted phrases only, nothing typed around them:
    /// it looks for texts as written.
    pub(super) only_quoted: bool,
    /// The families of rules the cards named touch (their topics, see
    /// [`super::cards::Named::boosts`]): the words' best rule of each is
    /// kept, wherever it ranks.
    pub(super) card_families: Vec<crate::vocab::RuleId>,
}

/// What the documents of one index must have (see [`Plan::required_query`]).
pub(super) enum Required {
    /// Nothing: every document may be a result.
    All,
    /// What no document of the index has: none may.
    Nothing,
    /// Those that match this query.
    Those(Box<dyn Query>),
}

/// A loose phrase, its score divided by the BM25 weight of its terms.
pub(super) fn normalized_phrase(
    searcher: &Reading,
    terms: &[(usize, Term)],
    slop: u32,
    weight: f32,
) -> Option<Box<dyn Query>> {
    let mut idf = 0.0;
    for (_, t) in terms {
        let df = searcher.doc_freq(t);
        if df == 0 {
            return None;
        }
        idf += bm25_idf(df, searcher.num_docs());
    }
    let phrase = PhraseQuery::new_with_offset_and_slop(terms.to_vec(), slop);
    Some(Box::new(BoostQuery::new(Box::new(phrase), weight / idf)))
}

impl Plan {
    /// The queries of the neighbouring words typed, found close together in
    /// one index, one per pair that can be, each with its two terms (a text
    /// without both cannot match it); a text's bonus is their sum.
    pub(super) fn pairs_queries(&self, lang: Lang, searcher: &Reading) -> Vec<(Box<dyn Query>, [&Term; 2])> {
        self.pairs[lang as usize]
            .iter()
            .filter_map(|pair| {
                // Translated words come in French order (« marqueur poison » is
                // « poison counter »): in English, a pair may be turned round.
                let slop = if lang == Lang::En { PROXIMITY_SLOP_TRANSLATED } else { PROXIMITY_SLOP };
                Some((normalized_phrase(searcher, pair, slop, 1.0)?, [&pair[0].1, &pair[1].1]))
            })
            .collect()
    }

    /// The query of the quoted phrases of one language found as typed in one
    /// index, scored by BM25 with the rarity of their words (a rare phrase
    /// quoted, « protection contre le blanc », says more than « vous
    /// pouvez »), times [`W_QUOTED`]; `None` when there are none or the
    /// index cannot have them.
    pub(super) fn quoted_query(&self, lang: Lang, searcher: &Reading) -> Option<Box<dyn Query>> {
        let present = |t: &Term| searcher.doc_freq(t) > 0;
        let clauses: Vec<(Occur, Box<dyn Query>)> = self
            .phrases
            .iter()
            .filter(|(l, _)| *l == lang)
            .filter_map(|(_, alternatives)| {
                let found: Vec<Box<dyn Query>> = alternatives
                    .iter()
                    .filter(|terms| terms.len() > 1 && terms.iter().all(|(_, t)| present(t)))
                    .map(|terms| Box::new(PhraseQuery::new_with_offset(terms.clone())) as Box<dyn Query>)
                    .collect();
                (!found.is_empty())
                    .then(|| (Occur::Should, Box::new(DisjunctionMaxQuery::new(found)) as Box<dyn Query>))
            })
            .collect();
        (!clauses.is_empty())
            .then(|| Box::new(BoostQuery::new(Box::new(BooleanQuery::new(clauses)), W_QUOTED)) as Box<dyn Query>)
    }

    /// Whether results must have something: quoted phrases, filters.
    pub(super) fn restricts(&self) -> bool {
        !self.phrases.is_empty() || !self.filters.is_empty()
    }

    /// The languages quoted phrases are in.
    pub(super) fn phrase_languages(&self) -> [bool; 2] {
        let mut out = [false; 2];
        for (lang, _) in &self.phrases {
            out[*lang as usize] = true;
        }
        out
    }

    /// The query of what every result must have in one index (of language
    /// `lang`) — each quoted phrase in that language, the filters; `None`
    /// when that index cannot have it. A phrase quoted in French (a card's
    /// French text) binds French texts only: the English rules say it in
    /// their own words, which the phrase's words, translated, find.
    pub(super) fn required_query(&self, searcher: &Reading, lang: Lang) -> Required {
        let present = |t: &Term| searcher.doc_freq(t) > 0;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for (_, alternatives) in self.phrases.iter().filter(|(l, _)| *l == lang) {
            let possible: Vec<Box<dyn Query>> = alternatives
                .iter()
                .filter(|terms| terms.iter().all(|(_, t)| present(t)))
                .map(|terms| word_for_word(terms))
                .collect();
            if possible.is_empty() {
                return Required::Nothing; // a quoted phrase this index cannot contain
            }
            clauses.push((Occur::Must, Box::new(DisjunctionMaxQuery::new(possible))));
        }
        for f in &self.filters {
            let q = TermQuery::new(f.clone(), IndexRecordOption::Basic);
            clauses.push((Occur::Must, Box::new(ConstScoreQuery::new(Box::new(q), 0.0))));
        }
        if clauses.is_empty() { Required::All } else { Required::Those(Box::new(BooleanQuery::new(clauses))) }
    }
}
