//! Card recognition and the search page, warm and with the caches flushed
//! (32 MB written before each timing, as another engine or a page render
//! would leave them), as served and without the cards, each query in turn:
//! `cargo run --release --example cold -- FILE…` (query sets, `.tsv`).
use std::time::Instant;

fn main() {
    // The allocator set as `serve` sets it (web::memory).
    arbitre::web::prepare_memory();
    let g = arbitre::load(&[]).graph;
    let index = arbitre::search::SearchIndex::build(&g).unwrap();
    let mut off = arbitre::search::SearchIndex::build(&g).unwrap();
    off.with_cards = false;
    let cards = arbitre::cards::Cards::embedded();
    cards.topics();
    let f = arbitre::search::Filters::default();
    let mut queries = Vec::new();
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        queries.extend(arbitre::search::eval::parse(&path, &text).unwrap().into_iter().map(|q| q.query));
    }
    let mut junk = vec![0u8; 32 << 20];
    let mut flush = |n: usize| {
        for i in (0..junk.len()).step_by(64) {
            junk[i] = junk[i].wrapping_add(n as u8);
        }
    };
    let mut times: [Vec<f64>; 6] = Default::default();
    for round in 0..5 {
        for (n, q) in queries.iter().enumerate() {
            for cold in [false, true] {
                let timed: [&dyn Fn() -> usize; 3] =
                    [&|| cards.names.recognise(cards, q).len(), &|| index.search(&g, q, 10, &f).hits.len(), &|| {
                        off.search(&g, q, 10, &f).hits.len()
                    }];
                for (k, run) in timed.iter().enumerate() {
                    if cold {
                        flush(n + k);
                    }
                    let start = Instant::now();
                    std::hint::black_box(run());
                    // The first round fills the caches of a process just started.
                    if round > 0 {
                        times[usize::from(cold) * 3 + k].push(start.elapsed().as_secs_f64() * 1e3);
                    }
                }
            }
        }
    }
    let names = ["reconnaissance des cartes", "recherche comme servie", "recherche sans les cartes"];
    for (i, t) in times.iter_mut().enumerate() {
        t.sort_by(f64::total_cmp);
        let state = if i < 3 { "caches chauds" } else { "caches vidés" };
        println!("{} requêtes × 4, {}, {state} : médiane {:.4} ms", queries.len(), names[i % 3], t[t.len() / 2]);
    }
}
