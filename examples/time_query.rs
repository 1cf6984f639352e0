//! Times one query in process: `cargo run --release --example time_query -- "query"`.
fn main() {
    let q = std::env::args().nth(1).unwrap();
    let g = arbitre::load(&[]).graph;
    let index = arbitre::search::SearchIndex::build(&g).unwrap();
    let f = arbitre::search::Filters::default();
    for _ in 0..200 {
        index.search(&g, &q, 10, &f);
    }
    let n = 3000;
    let t = std::time::Instant::now();
    let mut hits = 0;
    for _ in 0..n {
        hits += index.search(&g, &q, 10, &f).hits.len();
    }
    println!("{:.1} µs per search ({hits} hits)", t.elapsed().as_secs_f64() * 1e6 / n as f64);
}
