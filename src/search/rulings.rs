//! The ruling of a card named that says most of what the question asks:
//! the question's English words, as the search plans them (each with its
//! rarity in the rules), against the words of each ruling of the card
//! (read where a stem begins them: [`begins_a_word`]).
//! A judge reads the card, its rulings, then the rules: the ruling that
//! shares the question's rarest words is shown with the card.
//!
//! ```text
//! « banishing light, on la détruit en réponse au trigger etb, la cible est exilée quand même ? »
//!   English words planned: destroy, response, trigger, enters, battlefield, target, exile …
//!   Banishing Light's rulings ─ shared rarity ─▶ « If Banishing Light leaves the battlefield
//!                                                   before its enters-the-battlefield ability
//!                                                   resolves, the target … won't be exiled. »
//! ```
//!
//! Nothing is shown when no ruling shares enough ([`MIN_SHARED`],
//! [`MIN_WORDS`]): a ruling about something else is worse than none.

use super::SearchIndex;
use super::plan::Plan;
use crate::cards::Card;
use crate::vocab::Lang;

/// The rarity (summed BM25 idf in the English rules) a ruling must share
/// with the question to be shown. Read by eye on the 81 questions of
/// `tests/cartes/questions.tsv` (`examples/card_rulings`), then checked on
/// `controle.tsv`: of the best rulings scoring 10 or more, about 6 in 45
/// were about something else (Jace's « draw three, put back two » for a
/// question on his +2 then 0); below 10 most were (Control Magic's
/// « Auras or Equipment » for a question on attacking, 7.7), yet Fling's
/// « last known existence » (10.8) and Force of Will's « that additional
/// cost » (10.8) answer their questions.
pub const MIN_SHARED: f32 = 10.0;
/// Words of the question a ruling must have, at least.
pub const MIN_WORDS: usize = 3;

/// Whether a word of `text` (folded) begins with `stem`: a ruling is not
/// analyzed word by word (see the README for what that cost), its words
/// are read where the question's stems begin them (« exil » in
/// « exiled »); a stem whose last letter the stemmer changed is read
/// without it (« copi » of « copy »).
fn begins_a_word(text: &str, stem: &str) -> bool {
    let stem = match stem.strip_suffix('i') {
        Some(s) if s.len() >= 3 => s,
        _ => stem,
    };
    text.match_indices(stem).any(|(at, _)| !text[..at].chars().next_back().is_some_and(char::is_alphanumeric))
}

/// The question's English words as planned: each stem once, with its rarity.
fn question_words(index: &SearchIndex, plan: &Plan) -> Vec<(String, f32)> {
    let text = index.fields.of(Lang::En).text;
    let mut out: Vec<(String, f32)> = Vec::new();
    for concept in &plan.concepts {
        for name in &concept.names[Lang::En as usize] {
            for slot in &name.slots {
                for (term, _) in slot.terms.iter().filter(|(t, _)| t.field() == text) {
                    let value = term.value();
                    let Some(stem) = value.as_str() else { continue };
                    if !out.iter().any(|(s, _)| s == stem) {
                        out.push((stem.to_string(), slot.idf));
                    }
                }
            }
        }
    }
    out
}

/// For each card, the index in its rulings of the one that shares most
/// of the question's words, when it shares enough; a ruling two cards
/// have (Humility's and Opalescence's on each other) under the first only.
pub(super) fn answering(index: &SearchIndex, plan: &Plan, cards: &[&Card]) -> Vec<Option<usize>> {
    if cards.iter().all(|c| c.rulings.is_empty()) {
        return vec![None; cards.len()];
    }
    let asked = question_words(index, plan);
    let mut shown: Vec<&str> = Vec::new();
    cards
        .iter()
        .map(|card| {
            let mut best: Option<(f32, usize)> = None;
            for (i, ruling) in card.rulings.iter().enumerate() {
                let said = crate::text::fold(&ruling.text);
                let shared: Vec<f32> = asked.iter().filter(|(s, _)| begins_a_word(&said, s)).map(|&(_, r)| r).collect();
                let score: f32 = shared.iter().sum();
                if shared.len() >= MIN_WORDS && score >= MIN_SHARED && best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, i));
                }
            }
            let (_, i) = best?;
            let text = card.rulings[i].text.as_str();
            if shown.contains(&text) {
                return None;
            }
            shown.push(text);
            Some(i)
        })
        .collect()
}
