//! Runs every query of the evaluation sets many times on the embedded
//! corpus, for `perf record` (profiling the search):
//! `cargo build --release --example profile_search && perf record -g target/release/examples/profile_search`.
fn main() {
    let g = arbitre::load(&[]).graph;
    let index = arbitre::search::SearchIndex::build(&g).unwrap();
    let mut queries = Vec::new();
    for f in [
        "../shared/relevance/croisee.tsv",
        "../shared/relevance/public.tsv",
        "tests/recherche/regles-completes.tsv",
        "tests/recherche/juges.tsv",
        "tests/recherche/english.tsv",
        "tests/recherche/controle.tsv",
    ] {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        queries.extend(arbitre::search::eval::parse(f, &text).unwrap().into_iter().map(|q| q.query));
    }
    let mut n = 0;
    for _ in 0..20 {
        for q in &queries {
            n += index.search(&g, q, 10, &Default::default()).hits.len();
        }
    }
    println!("{n}");
}
