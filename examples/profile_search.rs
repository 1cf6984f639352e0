//! Runs every query of the three sets many times against the French corpus and
//! the English edition, for `perf record` (profiling the search).
fn main() {
    let both = arbitre::load_with(&["../shared/corpus/MagicCompRules-2026-01-16.txt".into()]).graph;
    let index = arbitre::search::SearchIndex::build(&both).unwrap();
    let mut queries = Vec::new();
    for f in ["../shared/relevance/public.tsv", "tests/recherche/juges.tsv", "tests/recherche/english.tsv"] {
        let text = std::fs::read_to_string(f).unwrap();
        queries.extend(arbitre::search::eval::parse(f, &text).unwrap().into_iter().map(|q| q.query));
    }
    let mut n = 0;
    for _ in 0..40 {
        for q in &queries {
            n += index.search(&both, q, 10, &Default::default()).hits.len();
        }
    }
    println!("{n}");
}
