//! arbitre against SQLite FTS5, the tool a developer would otherwise pick:
//! same documents, same queries, one run.
//!
//! `cargo bench --bench comparaison --features comparaison` prints a Markdown
//! table (the feature brings in SQLite, bundled, which nothing else needs):
//! - ranking (MRR@10, recall@1, recall@5) on the French corpus of `rules/`,
//!   for the public query set and for `tests/recherche/juges.tsv`;
//! - the median time to answer a top-10 page with snippets, in process, with
//!   the full English edition loaded beside the French corpus (all queries of
//!   the three sets, each run 30 times).
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
                    insert
                        .execute((n.label(), n.title.as_deref().unwrap_or(""), &n.text, examples.join("\n")))
                        .unwrap();
                }
            }
        }
        tx.commit().unwrap();
        (Fts { db }, start.elapsed())
    }

    /// The ids of the first ten rows and their snippets.
    fn search(&self, query: &str) -> Vec<(String, String)> {
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
        stmt.query_map([words.join(" OR ")], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
    }
}

fn ranks(qs: &[Question], run: impl Fn(&str) -> Vec<String>) -> Summary {
    let one_id = |ids: Vec<String>| ids.into_iter().map(|id| vec![id]).collect::<Vec<_>>();
    let r: Vec<Option<usize>> = qs.iter().map(|q| eval::rank(&one_id(run(&q.query)), &q.answers)).collect();
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

/// Ranking, on the French corpus: arbitre and FTS5 on each set.
fn ranking(sets: &[(&str, Vec<Question>)]) {
    let french = arbitre::load(&[]).graph;
    let index = SearchIndex::build(&french).unwrap();
    let (fts, _) = Fts::build(&french);
    println!("| jeu de requêtes | moteur | MRR@10 | rappel@1 | rappel@5 |");
    println!("|---|---|---|---|---|");
    for (name, qs) in sets {
        let a = ranks(qs, |q| {
            index.search(&french, q, 10, &Filters::default()).hits.iter().map(|h| french.node(h.node).label()).collect()
        });
        let f = ranks(qs, |q| fts.search(q).into_iter().map(|r| r.0).collect());
        row(name, "arbitre", &a);
        row(name, "SQLite FTS5", &f);
    }
}

fn main() {
    // `cargo bench` passes `--bench`; under `cargo test --benches` there is nothing to measure.
    if !std::env::args().any(|a| a == "--bench") {
        eprintln!("comparaison : à lancer avec `cargo bench --bench comparaison --features comparaison`");
        return;
    }
    let Some(shared) = shared::dir() else {
        eprintln!("comparaison : shared/ introuvable (ni ../shared ni ARBITRE_SHARED) ; rien à mesurer");
        return;
    };
    let sets = [
        ("public (shared/relevance/public.tsv)", questions(shared.join("relevance/public.tsv"))),
        ("juges (tests/recherche/juges.tsv)", questions(PathBuf::from("tests/recherche/juges.tsv"))),
    ];
    let english_questions = questions(PathBuf::from("tests/recherche/english.tsv"));

    ranking(&sets);

    // Latency, with the full English edition beside the French corpus.
    let english = shared.join("corpus/MagicCompRules-2026-01-16.txt");
    let both = arbitre::load_with(&[english]).graph;
    let index = SearchIndex::build(&both).unwrap();
    let (fts, fts_build) = Fts::build(&both);
    let all: Vec<&str> =
        sets.iter().flat_map(|(_, qs)| qs.iter()).chain(&english_questions).map(|q| q.query.as_str()).collect();
    let (mut ta, mut tf) = (Vec::new(), Vec::new());
    let mut sink = 0usize;
    for _ in 0..REPEATS {
        for q in &all {
            let t = Instant::now();
            let r = index.search(&both, q, 10, &Filters::default());
            sink += r.hits.iter().map(|h| h.snippet.text.len()).sum::<usize>();
            ta.push(t.elapsed());
            let t = Instant::now();
            sink += fts.search(q).iter().map(|r| r.1.len()).sum::<usize>();
            tf.push(t.elapsed());
        }
    }
    let english_summary = ranks(&english_questions, |q| {
        index.search(&both, q, 10, &Filters::default()).hits.iter().map(|h| both.node(h.node).label()).collect()
    });
    let fts_english = ranks(&english_questions, |q| fts.search(q).into_iter().map(|r| r.0).collect());
    let english_set = "anglais (tests/recherche/english.tsv), avec l'édition anglaise";
    row(english_set, "arbitre", &english_summary);
    row(english_set, "SQLite FTS5", &fts_english);
    println!();
    println!("| corpus français + édition anglaise 2026-01-16 | arbitre | SQLite FTS5 |");
    println!("|---|---|---|");
    println!("| documents indexés | {} | idem |", index.documents);
    println!(
        "| construction de l'index | {:.1} ms | {:.1} ms |",
        index.build_time.as_secs_f64() * 1e3,
        fts_build.as_secs_f64() * 1e3
    );
    println!(
        "| page de 10 résultats avec extraits, médiane ({} requêtes × {REPEATS}) | {:.3} ms | {:.3} ms |",
        all.len(),
        median(ta.clone()).as_secs_f64() * 1e3,
        median(tf.clone()).as_secs_f64() * 1e3
    );
    let p90 = |mut d: Vec<Duration>| {
        d.sort();
        d[d.len() * 9 / 10]
    };
    println!("| idem, 90e centile | {:.3} ms | {:.3} ms |", p90(ta).as_secs_f64() * 1e3, p90(tf).as_secs_f64() * 1e3);
    eprintln!("({sink} octets d'extraits produits)");
}
