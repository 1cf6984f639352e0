//! Median and 90th percentile time of a page of ten results with snippets,
//! in process, over the queries of the given sets: as served (cards named,
//! French glosses indexed), without the cards, and without the glosses,
//! each query timed the three ways in turn, each way first in turn:
//! `cargo run --release --example latency -- FILE…`.
use arbitre::search::SearchIndex;

fn main() {
    // The allocator set as `serve` sets it (web::memory).
    arbitre::web::prepare_memory();
    let g = arbitre::load(&[]).graph;
    let index = SearchIndex::build(&g).unwrap();
    // Every card's topics read, as `serve` reads them at start.
    arbitre::cards::Cards::embedded().topics();
    let f = arbitre::search::Filters::default();
    let mut queries = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        queries.extend(arbitre::search::eval::parse(&path, &text).unwrap().into_iter().map(|q| q.query));
    }
    let mut no_cards = SearchIndex::build(&g).unwrap();
    no_cards.with_cards = false;
    let no_glosses = SearchIndex::build_with(&g, None).unwrap();
    let mut times: [Vec<std::time::Duration>; 3] = Default::default();
    let indexes = [&index, &no_cards, &no_glosses];
    for round in 0..12 {
        for (n, q) in queries.iter().enumerate() {
            // Each goes first in turn: the first of three pays the caches.
            for k in 0..3 {
                let i = (n + k) % 3;
                let t = std::time::Instant::now();
                let r = indexes[i].search(&g, q, 10, &f);
                std::hint::black_box(r.hits.len());
                if round >= 2 {
                    times[i].push(t.elapsed());
                }
            }
        }
    }
    for (name, times) in ["comme servi", "sans les cartes", "sans les gloses"].into_iter().zip(times.iter_mut()) {
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
