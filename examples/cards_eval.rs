//! Card recognition on a set of queries: `cargo run --release --example cards_eval -- tests/cartes/noms.tsv`.

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "tests/cartes/noms.tsv".into());
    let text = std::fs::read_to_string(&path).expect("the set");
    let cards = arbitre::cards::Cards::embedded();
    let r = arbitre::cards::eval::Recognition::measure(cards, &text).expect("a readable set");
    for (q, want, got) in &r.misses {
        println!("{q}\n    attendu {want}\n    trouvé  {got:?}");
    }
    println!(
        "{} requêtes, {} cartes nommées, {} trouvées : rappel {:.3}, précision {:.3}",
        r.queries, r.expected, r.found, r.recall, r.precision
    );
}
