//! Telling French from English, passage by passage.
//!
//! The French table export leaves some rules untranslated (« If a card is
//! discarded… »). Those must be marked `lang="en"` on the page and analyzed as
//! English by the search. Rules text is dense with function words, so counting
//! the function words of each language is reliable even on one sentence
//! (« A suspected permanent can't become suspected again. »).

use crate::vocab::Lang;

/// Whether a lowercase word is a French function word. Words that are also
/// English (« a », « on ») are left out on purpose.
fn is_french(word: &str) -> bool {
    matches!(
        word,
        "le" | "la"
            | "les"
            | "de"
            | "des"
            | "du"
            | "un"
            | "une"
            | "et"
            | "ou"
            | "est"
            | "sont"
            | "à"
            | "au"
            | "aux"
            | "dans"
            | "par"
            | "pour"
            | "sur"
            | "qui"
            | "que"
            | "ne"
            | "pas"
            | "se"
            | "ce"
            | "cette"
            | "ces"
            | "son"
            | "sa"
            | "ses"
            | "il"
            | "elle"
            | "ils"
            | "elles"
            | "avec"
            | "si"
            | "lui"
            | "leur"
            | "leurs"
            | "être"
            | "peut"
            | "cet"
            | "votre"
            | "vous"
            | "chaque"
            | "été"
            | "ont"
            | "quand"
            | "mais"
            | "comme"
            | "même"
            | "aussi"
            | "dont"
            | "où"
            | "plus"
            | "sous"
            | "sans"
            | "entre"
            | "avant"
            | "après"
    )
}

/// Whether a lowercase word is an English function word.
fn is_english(word: &str) -> bool {
    matches!(
        word,
        "the"
            | "of"
            | "and"
            | "to"
            | "is"
            | "are"
            | "be"
            | "that"
            | "this"
            | "it"
            | "its"
            | "if"
            | "or"
            | "for"
            | "with"
            | "as"
            | "by"
            | "can"
            | "may"
            | "from"
            | "into"
            | "each"
            | "any"
            | "which"
            | "who"
            | "their"
            | "they"
            | "them"
            | "would"
            | "was"
            | "were"
            | "has"
            | "have"
            | "not"
            | "than"
            | "then"
            | "when"
            | "whenever"
            | "only"
            | "also"
            | "but"
            | "an"
            | "can't"
            | "isn't"
            | "doesn't"
            | "won't"
            | "that's"
            | "it's"
            | "don't"
            | "aren't"
            | "there"
            | "those"
            | "these"
            | "your"
            | "you"
            | "what"
            | "instead"
            | "other"
            | "another"
            | "been"
            | "does"
            | "do"
            | "whether"
            | "onto"
            | "until"
            | "while"
            | "again"
    ) || word.ends_with("'s")
}

/// Once one language leads by this many function words, the rest of the
/// text cannot change the verdict in practice: stop counting.
const DECISIVE_LEAD: usize = 8;

/// Counts the French and English function words in `text`.
pub fn scores(text: &str) -> (usize, usize) {
    let (mut fr, mut en) = (0usize, 0usize);
    let mut word = String::with_capacity(32);
    for raw in text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’')) {
        if raw.is_empty() || raw.len() > 16 {
            continue; // function words are short
        }
        word.clear();
        for c in raw.chars() {
            match c {
                '’' => word.push('\''),
                c if c.is_ascii() => word.push(c.to_ascii_lowercase()),
                c => word.extend(c.to_lowercase()),
            }
        }
        // French elisions: l'objet, d'une, qu'il, n'est, s'il, c'est, jusqu'à.
        if let Some((head, _)) = word.split_once('\'')
            && matches!(head, "l" | "d" | "qu" | "n" | "s" | "c" | "j" | "m" | "jusqu" | "lorsqu" | "puisqu")
        {
            fr += 1;
        } else if is_english(&word) {
            en += 1;
        } else if is_french(&word) {
            fr += 1;
        }
        if fr.abs_diff(en) >= DECISIVE_LEAD {
            break;
        }
    }
    (fr, en)
}

/// The language of `text`, or `default` when the evidence is even (a lone
/// title such as « Vanguard », a rule number, an empty text).
pub fn detect(text: &str, default: Lang) -> Lang {
    let (fr, en) = scores(text);
    match fr.cmp(&en) {
        std::cmp::Ordering::Greater => Lang::Fr,
        std::cmp::Ordering::Less => Lang::En,
        std::cmp::Ordering::Equal => default,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_rules() {
        assert_eq!(detect("A suspected permanent can't become suspected again.", Lang::Fr), Lang::En);
        assert_eq!(
            detect("Voir la règle 708 « Sorts et permanents face cachée » pour plus d'information .", Lang::En),
            Lang::Fr
        );
        assert_eq!(detect("Lancer une carte signifie lancer cette carte en tant que sort .", Lang::En), Lang::Fr);
        assert_eq!(detect("Vanguard", Lang::Fr), Lang::Fr);
        assert_eq!(detect("Roll to Visit Your Attractions", Lang::Fr), Lang::En);
    }
}
