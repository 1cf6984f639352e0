//! Runs every query of the evaluation sets many times on the embedded
//! corpus, for `perf record` (profiling the search):
//! `cargo build --release --example profile_search && perf record -g target/release/examples/profile_search [FILE…]`
//! (the files of evaluation sets; by default the general sets).
fn main() {
    let g = arbitre::load(&[]).graph;
    let index = arbitre::search::SearchIndex::build(&g).unwrap();
    // Every card's topics read, as `serve` reads them at start.
    arbitre::cards::Cards::embedded().topics();
    let mut queries = Vec::new();
    let given: Vec<String> = std::env::args().skip(1).collect();
    let general = [
        "../shared/relevance/croisee.tsv",
        "../shared/relevance/public.tsv",
        "tests/recherche/regles-completes.tsv",
        "tests/recherche/juges.tsv",
        "tests/recherche/english.tsv",
        "tests/recherche/controle.tsv",
    ];
    let files: Vec<&str> = if given.is_empty() { general.to_vec() } else { given.iter().map(String::as_str).collect() };
    for f in files {
        let Ok(text) = std::fs::read_to_string(f) else { continue };
        queries.extend(arbitre::search::eval::parse(f, &text).unwrap().into_iter().map(|q| q.query));
    }
    let mut n = 0;
    // `ROUNDS=1`: each query once, as a server meets it the first time.
    let rounds = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(20);
    for _ in 0..rounds {
        for q in &queries {
            n += index.search(&g, q, 10, &Default::default()).hits.len();
        }
    }
    println!("{n}");
}
