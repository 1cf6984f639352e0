//! Every ranking weight and tuning constant, in one place: what a match in
//! each field is worth, how much a typo correction, a close pair of words,
//! a subrule's rank and an edition in another language weigh; and the limits
//! that decide what is searched at all (words read, corrections offered,
//! passage size, documents collected).
//!
//! Scores are BM25 per field (tantivy), multiplied by these weights; see
//! [`super::plan`] for the field weights, [`super::collect`] for the priors.

/// Weight of a match in a rule's title (« Régénérer », « Flying »).
pub(super) static W_TITLE: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_TITLE", 2.0));
/// Weight of a match in what the rule defines.
pub(super) static W_DEFINES: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_DEFINES", 2.0));
/// Weight of a match in the first sentence of the rule's text.
pub(super) static W_LEAD: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_LEAD", 1.5));
/// Weight of a match in the rule's text.
pub(super) static W_TEXT: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_TEXT", 1.0));
/// Weight of a match in the rule's examples (card names live there).
pub(super) static W_EXAMPLES: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_EXAMPLES", 0.7));
/// Weight of a match in the titles of the chapter and section around the rule.
pub(super) static W_CONTEXT: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_CONTEXT", 0.3));
/// Weight of a word found through typo correction, relative to the same word typed right.
pub(super) static W_TYPO: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_TYPO", 0.7));
/// Weight of two neighbouring words of the query appearing close together.
pub(super) static W_PROXIMITY: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_PROXIMITY", 0.5));
/// Weight of a game term of several words (« starting life total », « contact
/// mortel ») found whole, as the vocabulary names it.
pub(super) static W_TERM: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_TERM", 1.0));
/// How many words may stand between the words of a game term.
pub(super) const TERM_SLOP: u32 = 1;
/// How many words may stand between them for the proximity bonus.
pub(super) const PROXIMITY_SLOP: u32 = 2;
/// The share of the other fields' scores added to a word's best field
/// (tantivy's `DisjunctionMaxQuery` tie-breaker): one word counts mostly once.
pub(super) static TIE_BREAKER: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("TIE_BREAKER", 0.3));
/// The prior of a subrule's rank: the first subrule of a rule states it, the
/// next ones refine it. The `k`-th sibling's score is divided by `1 + k × this`.
pub(super) static RANK_PRIOR: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("RANK_PRIOR", 0.04));
/// Weight of French texts when the judge writes English. A French query is
/// translated and searched in both languages at full weight (see
/// [`crate::lexicon`]): the English rules in force are the only text of most
/// rules.
pub(super) static W_OTHER_LANGUAGE: std::sync::LazyLock<f32> =
    std::sync::LazyLock::new(|| knob("W_OTHER_LANGUAGE", 0.25));

/// Share of a rule's second witness added to its best (its French text
/// found beside its English text in force, or the reverse): agreement of
/// the two languages counts, without letting a word shared by both (a
/// card name, « aura ») count twice.
pub(super) static W_CORROBORATION: std::sync::LazyLock<f32> =
    std::sync::LazyLock::new(|| knob("W_CORROBORATION", 0.25));

/// How much a text's coverage of the query counts: its score is multiplied
/// by the share of the query's words its text and examples contain, to
/// this power. A rule that has every word a judge typed comes before one
/// that has a single word in its title (« salve d'aura »: 608.2b, whose
/// example names the card, before 702.65 *Aura Swap*).
pub(super) static COVERAGE_POWER: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("COVERAGE_POWER", 1.0));

/// Head start of the rules of a chapter the query names by its title
/// (« étape de nettoyage » → 514, « couches »… through the vocabulary).
pub(super) static W_CHAPTER_NAMED: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_CHAPTER_NAMED", 1.5));

/// Further head start of the node that states a rule the query names: the
/// rule itself, or its first subrule.
pub(super) static W_DEFINING: std::sync::LazyLock<f32> = std::sync::LazyLock::new(|| knob("W_DEFINING", 1.15));

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

/// Tuning override (temporary): ARBITRE_K="NAME=value,…".
fn knob(name: &str, default: f32) -> f32 {
    std::env::var("ARBITRE_K")
        .ok()
        .and_then(|k| {
            k.split(',').find_map(|kv| {
                let (n, v) = kv.split_once('=')?;
                (n == name).then(|| v.parse().ok()).flatten()
            })
        })
        .unwrap_or(default)
}
