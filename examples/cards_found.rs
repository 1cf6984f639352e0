//! The cards recognised in each query of some sets (to read false recognitions by eye):
//! `cargo run --release --example cards_found -- FILE…`.
fn main() {
    let cards = arbitre::cards::Cards::embedded();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("a set");
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let q = line.split('\t').next().unwrap_or_default();
            let found: Vec<&str> =
                cards.names.recognise(cards, q).iter().map(|&c| cards.cards[c].name.as_str()).collect();
            if !found.is_empty() {
                println!("{q}\t{}", found.join(" ; "));
            }
        }
    }
}
