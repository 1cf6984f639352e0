//! The ruling shown beside each question of a set that names cards, to
//! read by eye whether it answers (`rulings::answering`):
//! `cargo run --release --example card_rulings -- tests/cartes/questions.tsv`.
fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "tests/cartes/questions.tsv".into());
    let text = std::fs::read_to_string(&path).expect("the set");
    let loaded = arbitre::load_with(&[]);
    let index = arbitre::search::SearchIndex::build(&loaded.graph).expect("the index");
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let q = line.split('\t').next().unwrap_or_default();
        let results = index.search(&loaded.graph, q, 10, &Default::default());
        println!("{q}");
        for card in results.card_views() {
            match card.ruling {
                Some(r) => println!("  {} — {} — {}", card.name, r.date, r.text),
                None => println!("  {} — aucune décision", card.name),
            }
        }
    }
}
