//! The cards a set's questions name and the rules their texts touch:
//! `cargo run --release --example card_topics -- tests/cartes/questions.tsv`.

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "tests/cartes/questions.tsv".into());
    let text = std::fs::read_to_string(&path).expect("the set");
    let cards = arbitre::cards::Cards::embedded();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (q, answers) = line.split_once('\t').unwrap_or((line, ""));
        let named = arbitre::search::cards::named(cards, q);
        let names: Vec<&str> = named.cards.iter().map(|&c| cards.cards[c].name.as_str()).collect();
        let boosts: Vec<String> = named.boosts.iter().map(|(r, w)| format!("{r}:{w:.2}")).collect();
        println!("{q}\n  attendu {answers}\n  cartes {names:?}\n  sujets {}", boosts.join(" "));
    }
}
