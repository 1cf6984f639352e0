//! Median and 90th percentile time of a page of ten results with snippets,
//! in process, over the queries of the given sets, with the cards named and
//! without, each query timed both ways in turn:
//! `cargo run --release --example latency -- FILE…`.
fn main() {
    let g = arbitre::load(&[]).graph;
    let index = arbitre::search::SearchIndex::build(&g).unwrap();
    let f = arbitre::search::Filters::default();
    let mut queries = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        queries.extend(arbitre::search::eval::parse(&path, &text).unwrap().into_iter().map(|q| q.query));
    }
    let mut off = arbitre::search::SearchIndex::build(&g).unwrap();
    off.with_cards = false;
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for round in 0..12 {
        for q in &queries {
            for (index, times) in [(&index, &mut with), (&off, &mut without)] {
                let t = std::time::Instant::now();
                let r = index.search(&g, q, 10, &f);
                std::hint::black_box(r.hits.len());
                if round >= 2 {
                    times.push(t.elapsed());
                }
            }
        }
    }
    for (name, times) in [("avec les cartes", &mut with), ("sans", &mut without)] {
        times.sort();
        let at = |p: usize| times[times.len() * p / 100].as_secs_f64() * 1e3;
        println!(
            "{} requêtes × 10, {name} : médiane {:.3} ms, 90e centile {:.3} ms, 99e {:.3} ms",
            queries.len(),
            at(50),
            at(90),
            at(99)
        );
    }
}
