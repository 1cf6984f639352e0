//! arbitre against SQLite FTS5, the tool a developer would otherwise pick:
//! same documents, same queries, one run.
//!
//! `cargo bench --bench comparaison --features comparaison` prints a Markdown
//! table (the feature brings in SQLite, bundled, which nothing else needs):
//! - ranking (MRR@10, recall@1, recall@5) on the embedded corpus (the French
//!   texts and the English rules in force), for the cross-language sets
//!   (`croisee.tsv`, `tests/recherche/regles-completes.tsv`), the French ones
//!   (`public.tsv`, `tests/recherche/juges.tsv`), the English one and the
//!   held-out set (`tests/recherche/controle.tsv`, no weight was chosen on it); FTS5
//!   twice: with the words typed, and with the same vocabulary expansion
//!   arbitre makes (the words typed and their translation both ways);
//! - the same for the judges' questions that name cards
//!   (`tests/cartes/questions.tsv`, its control set `controle.tsv`,
//!   written afterwards by another hand, `inedit.tsv`, written by a third
//!   hand, and `inedit-2.tsv` to `inedit-6.tsv`, written later by others,
//!   held out), and arbitre with its cards off;
//! - the median time to answer a top-10 page with snippets, in process (all
//!   queries of the sets, 30 rounds; in each round each engine answers
//!   every query, one engine after the other, the first changing from round
//!   to round, as a server runs one engine), with the allocator set as
//!   `serve` sets it.
//!
//! FTS5 gets what its documentation recommends for accented text, the
//! `unicode61 remove_diacritics 2` tokenizer, one row per rule (title, text,
//! examples) as arbitre indexes them, its `bm25` ranking and its `snippet()`.
//! A judge's words are ORed (an implicit AND finds nothing for most
//! questions) and quoted, so that no query is an FTS5 syntax error.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbitre::Graph;
use arbitre::graph::NodeIdx;
use arbitre::search::eval::{self, Question, Summary};
use arbitre::search::{Filters, SearchIndex};
use rusqlite::Connection;

const REPEATS: usize = 30;

#[path = "shared.rs"]
mod shared;

fn questions(path: PathBuf) -> Vec<Question> {
    let text = std::fs::read_to_string(&path).unwrap();
    eval::parse(&path.to_string_lossy(), &text).unwrap()
}

/// The same documents as arbitre's index, in an FTS5 table.
struct Fts {
    db: Connection,
}

impl Fts {
    fn build(graph: &Graph) -> (Fts, Duration) {
        let start = Instant::now();
        let db = Connection::open_in_memory().unwrap();
        db.execute_batch(
            "CREATE VIRTUAL TABLE regles USING fts5(id UNINDEXED, title, text, examples, \
             tokenize = 'unicode61 remove_diacritics 2');",
        )
        .unwrap();
        let tx = db.unchecked_transaction().unwrap();
        {
            let mut insert = tx.prepare("INSERT INTO regles VALUES (?1, ?2, ?3, ?4)").unwrap();
            for i in 0..graph.nodes().len() {
                let idx = NodeIdx(i as u32);
                let n = graph.node(idx);
                if arbitre::search::indexed(graph, idx) {
                    let examples: Vec<&str> = n.examples.iter().map(|&e| graph.node(e).text.as_str()).collect();
                    insert.execute((i as i64, n.title.as_deref().unwrap_or(""), &n.text, examples.join("\n"))).unwrap();
                }
            }
        }
        tx.commit().unwrap();
        (Fts { db }, start.elapsed())
    }

    /// The nodes of the first ten rows and their snippets.
    fn search(&self, query: &str) -> Vec<(NodeIdx, String)> {
        let words: Vec<String> = query
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| format!("\"{}\"", w.to_lowercase()))
            .collect();
        if words.is_empty() {
            return Vec::new();
        }
        let mut stmt = self
            .db
            .prepare_cached(
                "SELECT id, snippet(regles, 2, '<mark>', '</mark>', '…', 24) FROM regles \
                 WHERE regles MATCH ?1 ORDER BY rank LIMIT 10",
            )
            .unwrap();
        stmt.query_map([words.join(" OR ")], |r| Ok((NodeIdx(r.get::<_, i64>(0)? as u32), r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }
}

fn ranks(qs: &[Question], run: impl Fn(&str) -> Vec<Vec<String>>) -> Summary {
    let r: Vec<Option<usize>> = qs.iter().map(|q| eval::rank(&run(&q.query), &q.answers)).collect();
    Summary::of(&r)
}

fn median(mut d: Vec<Duration>) -> Duration {
    d.sort();
    d[d.len() / 2]
}

fn fmt(x: f64) -> String {
    format!("{x:.3}")
}

/// One row of a ranking table.
fn row(set: &str, engine: &str, s: &Summary) {
    println!(
        "| {set}, {} requêtes | {engine} | {} | {} | {} |",
        s.queries,
        fmt(s.mrr_at_10),
        fmt(s.recall_at_1),
        fmt(s.recall_at_5)
    );
}

/// The query FTS5 gets with the vocabulary's expansion: what arbitre
/// searches in each language — the words typed, the vocabulary's names and
/// the learned word translations.
fn expanded(index: &SearchIndex, q: &str) -> String {
    let t = index.translation(q);
    format!("{} {}", t.fr, t.en)
}

/// Ranking on the embedded corpus (French texts and the English rules in
/// force): arbitre, FTS5, and FTS5 given the same vocabulary expansion.
fn ranking(graph: &Graph, index: &SearchIndex, off: &SearchIndex, fts: &Fts, sets: &[(&str, Vec<Question>)]) {
    let ids = |nodes: Vec<NodeIdx>| nodes.into_iter().map(|n| eval::ids_of(graph, n)).collect::<Vec<_>>();
    println!("| jeu de requêtes | moteur | MRR@10 | rappel@1 | rappel@5 |");
    println!("|---|---|---|---|---|");
    for (name, qs) in sets {
        let a =
            ranks(qs, |q| ids(index.search(graph, q, 10, &Filters::default()).hits.iter().map(|h| h.node).collect()));
        let n = ranks(qs, |q| ids(off.search(graph, q, 10, &Filters::default()).hits.iter().map(|h| h.node).collect()));
        let f = ranks(qs, |q| ids(fts.search(q).into_iter().map(|r| r.0).collect()));
        let fx = ranks(qs, |q| ids(fts.search(&expanded(index, q)).into_iter().map(|r| r.0).collect()));
        row(name, "arbitre", &a);
        row(name, "arbitre sans les cartes", &n);
        row(name, "SQLite FTS5", &f);
        row(name, "SQLite FTS5 + vocabulaire", &fx);
    }
}

/// The sets measured, each with its label.
fn sets(shared: &std::path::Path) -> [(&'static str, Vec<Question>); 14] {
    [
        ("croisée (shared/relevance/croisee.tsv)", questions(shared.join("relevance/croisee.tsv"))),
        (
            "règles complètes (tests/recherche/regles-completes.tsv)",
            questions(PathBuf::from("tests/recherche/regles-completes.tsv")),
        ),
        ("public (shared/relevance/public.tsv)", questions(shared.join("relevance/public.tsv"))),
        ("juges (tests/recherche/juges.tsv)", questions(PathBuf::from("tests/recherche/juges.tsv"))),
        ("anglais (tests/recherche/english.tsv)", questions(PathBuf::from("tests/recherche/english.tsv"))),
        ("contrôle (tests/recherche/controle.tsv)", questions(PathBuf::from("tests/recherche/controle.tsv"))),
        ("cartes (tests/cartes/questions.tsv)", questions(PathBuf::from("tests/cartes/questions.tsv"))),
        ("cartes, contrôle (tests/cartes/controle.tsv)", questions(PathBuf::from("tests/cartes/controle.tsv"))),
        ("cartes, inédit (tests/cartes/inedit.tsv)", questions(PathBuf::from("tests/cartes/inedit.tsv"))),
        ("cartes, inédit 2 (tests/cartes/inedit-2.tsv)", questions(PathBuf::from("tests/cartes/inedit-2.tsv"))),
        ("cartes, inédit 3 (tests/cartes/inedit-3.tsv)", questions(PathBuf::from("tests/cartes/inedit-3.tsv"))),
        ("cartes, inédit 4 (tests/cartes/inedit-4.tsv)", questions(PathBuf::from("tests/cartes/inedit-4.tsv"))),
        ("cartes, inédit 5 (tests/cartes/inedit-5.tsv)", questions(PathBuf::from("tests/cartes/inedit-5.tsv"))),
        ("cartes, inédit 6 (tests/cartes/inedit-6.tsv)", questions(PathBuf::from("tests/cartes/inedit-6.tsv"))),
    ]
}

/// Each query of `all` answered by `run`, timed into `times`; what `run`
/// returns (bytes of snippets) summed, so that nothing is optimized away.
fn time_each(all: &[&str], times: &mut Vec<Duration>, run: impl Fn(&str) -> usize) -> usize {
    let mut sink = 0;
    for q in all {
        let t = Instant::now();
        sink += run(q);
        times.push(t.elapsed());
    }
    sink
}

/// The times of each engine — arbitre, arbitre with its cards off, FTS5,
/// FTS5 with the vocabulary — over every query, 30 rounds, and the bytes of
/// snippets made.
#[allow(clippy::type_complexity)]
fn timings(
    graph: &Graph,
    index: &SearchIndex,
    off: &SearchIndex,
    fts: &Fts,
    all: &[&str],
) -> (Vec<Duration>, Vec<Duration>, Vec<Duration>, Vec<Duration>, usize) {
    let (mut ta, mut tn, mut tf, mut tx) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let snippets = |r: arbitre::search::Results| r.hits.iter().map(|h| h.snippet.text.len()).sum::<usize>();
    let rows = |r: Vec<(NodeIdx, String)>| r.iter().map(|r| r.1.len()).sum::<usize>();
    let mut sink = 0usize;
    for round in 0..REPEATS {
        // Engine by engine, each through every query, the first engine
        // changing from round to round: a server runs one engine, whose
        // caches are its own. Interleaved query by query, arbitre paid for
        // the caches SQLite had just evicted.
        for k in 0..4 {
            sink += match (round + k) % 4 {
                0 => time_each(all, &mut ta, |q| snippets(index.search(graph, q, 10, &Filters::default()))),
                1 => time_each(all, &mut tn, |q| snippets(off.search(graph, q, 10, &Filters::default()))),
                2 => time_each(all, &mut tf, |q| rows(fts.search(q))),
                _ => time_each(all, &mut tx, |q| rows(fts.search(&expanded(index, q)))),
            };
        }
    }
    (ta, tn, tf, tx, sink)
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test --benches` there is nothing to measure.
    if !std::env::args().any(|a| a == "--bench") {
        eprintln!("comparaison : à lancer avec `cargo bench --bench comparaison --features comparaison`");
        return;
    }
    // The allocator set as `serve` sets it (web::memory).
    arbitre::web::prepare_memory();
    let Some(shared) = shared::dir() else {
        eprintln!("comparaison : shared/ introuvable (ni ../shared ni ARBITRE_SHARED) ; rien à mesurer");
        return;
    };
    let sets = sets(&shared);

    // The embedded corpus: French texts and the English rules in force.
    let graph = arbitre::load(&[]).graph;
    let index = SearchIndex::build(&graph).unwrap();
    let mut off = SearchIndex::build(&graph).unwrap();
    off.with_cards = false;
    // The cards read before timing (the server reads them on a thread at start).
    arbitre::cards::Cards::embedded().topics();
    let (fts, fts_build) = Fts::build(&graph);
    ranking(&graph, &index, &off, &fts, &sets);

    // Latency of a page of ten results with snippets, in process.
    let all: Vec<&str> = sets.iter().flat_map(|(_, qs)| qs.iter()).map(|q| q.query.as_str()).collect();
    let (ta, tn, tf, tx, sink) = timings(&graph, &index, &off, &fts, &all);
    println!();
    println!(
        "| corpus intégré (textes français + règles en vigueur) | arbitre | arbitre sans les cartes | SQLite FTS5 | FTS5 + vocabulaire |"
    );
    println!("|---|---|---|---|---|");
    println!("| documents indexés | {} | idem | idem | idem |", index.documents);
    println!(
        "| construction de l'index | {:.1} ms | idem | {:.1} ms | idem |",
        index.build_time.as_secs_f64() * 1e3,
        fts_build.as_secs_f64() * 1e3
    );
    println!(
        "| page de 10 résultats avec extraits, médiane ({} requêtes × {REPEATS}) | {:.3} ms | {:.3} ms | {:.3} ms | {:.3} ms |",
        all.len(),
        median(ta.clone()).as_secs_f64() * 1e3,
        median(tn.clone()).as_secs_f64() * 1e3,
        median(tf.clone()).as_secs_f64() * 1e3,
        median(tx.clone()).as_secs_f64() * 1e3
    );
    let p90 = |mut d: Vec<Duration>| {
        d.sort();
        d[d.len() * 9 / 10]
    };
    println!(
        "| idem, 90e centile | {:.3} ms | {:.3} ms | {:.3} ms | {:.3} ms |",
        p90(ta).as_secs_f64() * 1e3,
        p90(tn).as_secs_f64() * 1e3,
        p90(tf).as_secs_f64() * 1e3,
        p90(tx).as_secs_f64() * 1e3
    );
    eprintln!("({sink} octets d'extraits produits)");
}
