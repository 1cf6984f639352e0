//! The searches alone, for callgrind (`perf` samples only the start-up on
//! this machine): the cards are read first, then 120 questions of the
//! held-out set (or of the set `CG_SET` names) are searched once each
//! (with `CG_OFF=1`, the cards off).
//! `cargo build --release --example cg_search && valgrind --tool=callgrind
//! --toggle-collect='arbitre::search::SearchIndex::search' target/release/examples/cg_search`,
//! then `callgrind_annotate --inclusive=yes callgrind.out.*`.
fn main() {
    let g = arbitre::load(&[]).graph;
    let mut index = arbitre::search::SearchIndex::build(&g).unwrap();
    // `CG_OFF=1`: the cards off, to read what they cost.
    index.with_cards = std::env::var_os("CG_OFF").is_none();
    let text =
        std::fs::read_to_string(std::env::var("CG_SET").unwrap_or("tests/recherche/controle.tsv".into())).unwrap();
    let queries: Vec<String> = arbitre::search::eval::parse("c", &text).unwrap().into_iter().map(|q| q.query).collect();
    std::hint::black_box(arbitre::cards::Cards::embedded().topics());
    let mut n = 0;
    for q in queries.iter().take(120) {
        n += index.search(&g, q, 10, &Default::default()).hits.len();
    }
    println!("{n}");
}
