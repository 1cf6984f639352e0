//! Every hit of every query of the given sets, with its snippet, one per
//! line: to check that a change meant to be faster ranks and cuts as
//! before (`cargo run --release --example hits -- FILE… > after.txt`,
//! the same on the old version, then `diff`).
fn main() {
    let g = arbitre::load(&[]).graph;
    let index = arbitre::search::SearchIndex::build(&g).unwrap();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        for q in arbitre::search::eval::parse(&path, &text).unwrap() {
            for h in index.search(&g, &q.query, 10, &Default::default()).hits {
                println!("{}\t{:?}\t{}", q.query, h.node, h.snippet.to_html());
            }
        }
    }
}
