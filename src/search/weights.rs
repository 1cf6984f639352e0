//! Every ranking weight and tuning constant, in one place: what a match in
//! each field is worth, how much a typo correction, a close pair of words,
//! a subrule's rank and an edition in another language weigh; and the limits
//! that decide what is searched at all (words read, corrections offered,
//! passage size, documents collected).
//!
//! Scores are BM25 per field (tantivy), multiplied by these weights; see
//! [`super::plan`] for the field weights, [`super::collect`] for the priors.

/// Weight of a match in a rule's title (« Régénérer », « Flying »).
pub(super) const W_TITLE: f32 = 2.0;
/// Weight of a match in what the rule defines.
pub(super) const W_DEFINES: f32 = 2.0;
/// Weight of a match in the first sentence of the rule's text.
pub(super) const W_LEAD: f32 = 1.5;
/// Weight of a match in the rule's text.
pub(super) const W_TEXT: f32 = 1.0;
/// Weight of a match in the rule's examples (card names live there).
pub(super) const W_EXAMPLES: f32 = 0.7;
/// Weight of a match in the titles of the chapter and section around the rule.
pub(super) const W_CONTEXT: f32 = 0.3;
/// Weight of a word found through typo correction, relative to the same word typed right.
pub(super) const W_TYPO: f32 = 0.7;
/// Weight of two neighbouring words of the query appearing close together.
pub(super) const W_PROXIMITY: f32 = 0.5;
/// Weight of a game term of several words (« starting life total », « contact
/// mortel ») found whole, as the vocabulary names it.
pub(super) const W_TERM: f32 = 1.0;
/// How many words may stand between the words of a game term.
pub(super) const TERM_SLOP: u32 = 1;
/// How many words may stand between them for the proximity bonus.
pub(super) const PROXIMITY_SLOP: u32 = 2;
/// The share of the other fields' scores added to a word's best field
/// (tantivy's `DisjunctionMaxQuery` tie-breaker): one word counts mostly once.
pub(super) const TIE_BREAKER: f32 = 0.1;
/// The prior of a subrule's rank: the first subrule of a rule states it, the
/// next ones refine it. The `k`-th sibling's score is divided by `1 + k × this`.
pub(super) const RANK_PRIOR: f32 = 0.04;
/// Weight of French texts when the judge writes English. A French query is
/// translated and searched in both languages at full weight (see
/// [`crate::lexicon`]): the English rules in force are the only text of most
/// rules.
pub(super) const W_OTHER_LANGUAGE: f32 = 0.25;

/// Share of a rule's second witness added to its best (its French text
/// found beside its English text in force, or the reverse): agreement of
/// the two languages counts, without letting a word shared by both (a
/// card name, « aura ») count twice.
pub(super) const W_CORROBORATION: f32 = 0.5;

/// How much a text's coverage of the query counts: its score is multiplied
/// by the share of the query's words its text and examples contain, to
/// this power. A rule that has every word a judge typed comes before one
/// that has a single word in its title (« salve d'aura »: 608.2b, whose
/// example names the card, before 702.65 *Aura Swap*).
pub(super) const COVERAGE_POWER: f32 = 2.0;

/// Head start of the rules of a chapter the query names by its title
/// (« étape de nettoyage » → 514, « couches »… through the vocabulary).
pub(super) const W_CHAPTER_NAMED: f32 = 1.5;

/// Words of a query that are read; the rest are ignored.
pub(super) const MAX_WORDS: usize = 24;
/// Corrections searched for one unknown word, at most ([`super::typo`]).
pub(super) const MAX_CORRECTIONS: usize = 3;
/// Size of an article's passages, in bytes: each is also a document of its
/// own, so that a word rare in a long article is not drowned by its length
/// ([`super::documents`]).
pub(super) const PASSAGE_CHARS: usize = 600;
/// Documents collected per result asked for, from each index: several
/// passages may stand for one node, and each node keeps its best.
pub(super) const OVERFETCH: usize = 3;
