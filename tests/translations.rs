//! The word translations learned from texts in two languages
//! (`rules/traductions.tsv`) and what the search makes of a French
//! question with them: everyday words reach the English rules in force,
//! numbers in digits meet numbers in words, a power/toughness is one word,
//! a rule that calls its matter a state-based action gives way to the 704
//! rule, judges' short forms stand for their words.

use std::sync::OnceLock;

use arbitre::Graph;
use arbitre::lexicon::Lexicon;
use arbitre::lexicon::model::{Table, english_key, french_key};
use arbitre::search::{Filters, SearchIndex};

use crate::common::{french, shared};

fn index() -> &'static SearchIndex {
    static I: OnceLock<SearchIndex> = OnceLock::new();
    I.get_or_init(|| SearchIndex::build(french()).unwrap())
}

/// The first `n` results, by the number a judge cites them by.
fn top(g: &Graph, q: &str, n: usize) -> Vec<String> {
    index().search(g, q, n, &Filters::default()).hits.iter().map(|h| g.cited_label(h.node)).collect()
}

fn english_of(word: &str) -> Vec<String> {
    Lexicon::embedded().translations().english_of(word).iter().map(|(e, _)| e.clone()).collect()
}

#[test]
fn the_table_reads_and_translates_everyday_words() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/traductions.tsv")).unwrap();
    let table = Table::parse("rules/traductions.tsv", &text).expect("every line reads");
    assert!(table.len() > 1000, "{} rows", table.len());
    assert_eq!(table.len(), Lexicon::embedded().translations().len(), "the embedded file is this one");
    // Any form of the word, with or without its accents.
    for (fr, en) in [
        ("pioche", "draw"),
        ("piochez", "draw"),
        ("cimetière", "graveyard"),
        ("cimetiere", "graveyard"),
        ("propriétaire", "owner"),
        ("adversaire", "opponent"),
        ("blessures", "damage"),
        ("éphémère", "instant"),
        ("même", "same"),
    ] {
        assert!(english_of(fr).iter().any(|e| e == en), "{fr} → {:?}", english_of(fr));
    }
    // Words no translated rule nor card says, learned from the glosses
    // beside the rules they retell.
    for (fr, en) in [("directement", "directly"), ("partout", "everywhere"), ("interchangeables", "interchangeable")] {
        assert!(english_of(fr).iter().any(|e| e == en), "{fr} → {:?}", english_of(fr));
    }
    // A rarer sense of a frequent word is kept (« gagner » a game), and the
    // pairs the review rejected are not (« retirez de la partie » was « exile »).
    assert!(english_of("gagne").contains(&"win".to_string()), "{:?}", english_of("gagne"));
    assert!(!english_of("partie").contains(&"exile".to_string()), "{:?}", english_of("partie"));
    assert!(english_of("partie").contains(&"game".to_string()), "{:?}", english_of("partie"));
    assert!(!english_of("mise").contains(&"ante".to_string()), "{:?}", english_of("mise"));
    // Keys meet the forms judges type; stop words have none.
    assert_eq!(french_key("Piochée"), french_key("piochee"));
    assert_eq!(english_key("draws"), english_key("draw"));
    assert_eq!(french_key("les"), None);
}

#[test]
fn a_bad_line_of_the_table_is_an_error_naming_it() {
    for bad in
        ["pioche\tdraw\t0.9", "pioche\tdraw\t1.5\t0.9\t3", "pioche\tdraw\tx\t0.9\t3", "pioche\tdraw\t0.9\t0.9\tmany"]
    {
        let e = Table::parse("t", &format!("# comment\n{bad}\n")).unwrap_err();
        assert_eq!(e.line, 2, "{bad}");
        assert!(e.to_string().starts_with("t, ligne 2 : "), "{e}");
    }
}

#[test]
fn the_table_is_what_the_command_learns() {
    let Some(cards) = shared("cards/mtgjson3-fr-rulings.json.gz") else { return };
    let dir = tempfile::tempdir().unwrap();
    let written = dir.path().join("traductions.tsv");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args =
        ["arbitre", "vocabulaire", "--cartes", cards.to_str().unwrap(), "--traductions", written.to_str().unwrap()];
    assert_eq!(arbitre::cli::run(args, &mut out, &mut err), 0, "{}", String::from_utf8_lossy(&err));
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/traductions.tsv")).unwrap();
    assert!(
        std::fs::read_to_string(&written).unwrap() == committed,
        "rules/traductions.tsv is not what `arbitre vocabulaire --cartes … --traductions` learns: run it again"
    );
}

#[test]
fn everyday_french_words_find_the_english_rules() {
    let g = french();
    let t = index().translation("je pioche dans une bibliothèque vide je perds");
    assert_eq!(t.en, "draw library empty lose", "{t:?}");
    for (q, id) in [
        ("je pioche dans une bibliothèque vide je perds", "704.5b"),
        ("propriétaire et contrôleur d'un permanent", "108.3|110.2"),
        ("mana hybride couleur", "202.2d|202.3f|105.4"),
    ] {
        let found = top(g, q, 3);
        assert!(id.split('|').any(|id| found.iter().any(|f| f == id)), "« {q} » → {id} : {found:?}");
    }
}

#[test]
fn numbers_and_powers_are_words_of_the_rules() {
    let g = french();
    // « 10 » is « ten » in the rules; « +1/+1 » and « -1/-1 » are not the same word.
    assert_eq!(top(g, "10 marqueurs poison", 1), ["704.5c"]);
    let found = top(g, "un marqueur +1/+1 et un marqueur -1/-1 sur la même créature", 3);
    assert!(found.iter().any(|f| f == "704.5q" || f == "122.3"), "{found:?}");
    // « nonland » is a word about lands (cascade exiles until a nonland card).
    assert!(top(g, "cascade je peux lancer un terrain", 3).contains(&"702.85a".to_string()));
}

#[test]
fn a_state_based_action_before_the_rules_that_send_to_it() {
    let g = french();
    // 121.4 says « This is a state-based action. See rule 704. »: 704.5b first.
    let found = top(g, "je pioche dans une bibliothèque vide je perds", 10);
    let sba = found.iter().position(|f| f == "704.5b").expect("704.5b found");
    assert!(found.iter().position(|f| f == "121.4").is_none_or(|p| p > sba), "{found:?}");
}

#[test]
fn short_forms_stand_for_their_words() {
    for (typed, fr, en) in [
        ("proprio", "propriétaire", "owner"),
        ("la biblio", "bibliothèque", "library"),
        ("capa", "capacité", "ability"),
        ("pro rouge", "protection", "protection"),
    ] {
        let t = index().translation(typed);
        assert!(t.fr.contains(fr) && t.en.contains(en), "« {typed} » → {t:?}");
    }
    assert_eq!(top(french(), "proprio", 1), ["108.3"]);
}

#[test]
fn french_words_english_texts_lack_are_not_searched_as_english() {
    // « hybride » is one letter away from « hybrid »; a French word only the
    // French texts have is not searched as typed in English texts.
    assert!(index().translation("mana hybride").en.contains("hybrid"));
    let t = index().translation("également");
    assert!(!t.en.contains("également") && !t.en.contains("egalement"), "{t:?}");
}
