//! The cards a judge names: the embedded card data, names recognised in a
//! question (English, French, a distinctive word, one typo, game words only
//! alone), and `arbitre carte`.

use std::process::Command;

use arbitre::cards::Cards;

fn named(question: &str) -> Vec<String> {
    let cards = Cards::embedded();
    cards.names.recognise(cards, question).into_iter().map(|i| cards.cards[i].name.clone()).collect()
}

#[test]
fn every_card_is_read_with_its_french_names_and_rulings() {
    let cards = Cards::embedded();
    assert_eq!(cards.cards.len(), 35_033);
    let finks = cards.find("Kitchen Finks").expect("Kitchen Finks");
    assert_eq!(finks.french, ["Fourbes de cuisine"]);
    assert!(!finks.rulings.is_empty());
    assert!(cards.cards.iter().filter(|c| !c.french.is_empty()).count() > 14_000);
}

#[test]
fn names_are_recognised_in_a_question() {
    // Two cards named, in the order of the question; English, then French.
    assert_eq!(named("blood moon contre urborg, ca tape pour quelle couleur"), ["Blood Moon", "Urborg"]);
    assert_eq!(named("lune de sang et fourbes de cuisine"), ["Blood Moon", "Kitchen Finks"]);
    // A distinctive word, and one typo in a long word.
    assert_eq!(named("kitchen finks avec un -1/-1, persist revient ?"), ["Kitchen Finks"]);
    assert_eq!(named("finks avec un marqueur -1/-1"), ["Kitchen Finks"]);
    assert_eq!(named("kitchen fniks"), ["Kitchen Finks"]);
    // The longest name wins: « Kitchen Finks », not a card named « Kitchen ».
    assert!(!named("kitchen finks").iter().any(|n| n != "Kitchen Finks"));
    // A name that is also a game word names the card alone or with « carte ».
    assert!(named("vigilance et attaque").is_empty(), "{:?}", named("vigilance et attaque"));
    assert_eq!(named("vigilance"), ["Vigilance"]);
    assert_eq!(named("la carte vigilance"), ["Vigilance"]);
    assert!(named("le sort fizzle quand la cible est illégale").is_empty());
}

#[test]
fn a_text_of_2018_is_flagged_when_the_card_changed_since() {
    let cards = Cards::embedded();
    let outpost = cards.find("Abandoned Outpost").unwrap();
    let printed = outpost.printed.first().unwrap();
    // « Add {W} to your mana pool » (2001) is now « Add {W}. »
    assert!(outpost.changed_since(printed), "{}", outpost.text);
}

#[test]
fn carte_shows_a_card_in_french_and_json() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    let o = run(&["carte", "finks"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("Kitchen Finks — Fourbes de cuisine\n"), "{text}");
    assert!(text.contains("Décisions (en anglais, jusqu’en 2018)"), "{text}");
    assert!(text.contains("Fan Content Policy"), "{text}");
    let o = run(&["carte", "lune de sang", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["card"]["name"], "Blood Moon");
    for key in ["french", "mana_cost", "type_line", "text", "keywords", "rulings", "printed"] {
        assert!(v["card"].get(key).is_some(), "{key}");
    }
    assert!(v["notice"].as_str().unwrap().contains("Wizards of the Coast"));
    let o = run(&["carte", "zzqxw"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("aucune carte"));
}
