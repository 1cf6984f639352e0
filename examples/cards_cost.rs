//! What the cards cost a process: the time to read them (both files, the
//! names' index, the topics) and the resident memory they add.
//! `cargo run --release --example cards_cost`.

fn rss_kb() -> u64 {
    field_kb("VmRSS:")
}

/// A line of `/proc/self/status`, in kB.
fn field_kb(name: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    // The allocator set as the server sets it (freed pages given back at once).
    arbitre::web::prepare_memory();
    // The vocabulary and its translations, which the server has already read.
    let lexicon = arbitre::lexicon::Lexicon::embedded();
    lexicon.translations();
    let before = rss_kb();
    let anon_before = field_kb("RssAnon:");
    let start = std::time::Instant::now();
    // Read on a thread of their own, as the server reads them.
    std::thread::spawn(|| {
        arbitre::cards::Cards::embedded().topics();
    })
    .join()
    .expect("the cards");
    let cards = arbitre::cards::Cards::embedded();
    let topics = arbitre::cards::topics::Topics::embedded();
    let read = start.elapsed();
    let finks = cards.names.recognise(cards, "kitchen finks avec un -1/-1");
    let peak = rss_kb();
    // What the server keeps: it gives freed pages back every 10 s (web::memory).
    arbitre::web::give_memory_back();
    let after = rss_kb();
    let anon = field_kb("RssAnon:").saturating_sub(anon_before);
    println!(
        "{} cartes, {} sujets : lues en {:.0} ms ; mémoire résidente {:.1} Mo → {:.1} Mo au plus, {:.1} Mo gardés (+{:.1} Mo, dont {:.1} Mo de mémoire propre et le reste les données du binaire lues) ; {:?}",
        cards.cards.len(),
        topics.topics.len(),
        read.as_secs_f64() * 1e3,
        before as f64 / 1024.0,
        peak as f64 / 1024.0,
        after as f64 / 1024.0,
        (after - before) as f64 / 1024.0,
        anon as f64 / 1024.0,
        finks.iter().map(|&c| cards.cards[c].name.as_str()).collect::<Vec<_>>()
    );
}
