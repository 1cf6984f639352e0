//! Ingesting and linking: the embedded `rules/` corpus, and one full English
//! edition (about 1 MB, 3,000+ rules) read from `../shared/corpus/`.
//!
//! `cargo bench --bench ingest`. Bytes are read from disk once, outside the
//! timed loop: the figures are decoding, parsing, building and linking.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use arbitre::Graph;
use arbitre::corpus;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

#[path = "shared.rs"]
mod shared;

fn english_edition() -> Option<(String, Vec<u8>)> {
    let path = shared::dir()?.join("corpus/MagicCompRules-2026-01-16.txt");
    Some((path.to_string_lossy().into_owned(), std::fs::read(path).ok()?))
}

fn ingest(c: &mut Criterion) {
    let mut group = c.benchmark_group("ingest");

    let rules = corpus::source::embedded();
    let bytes: usize = rules.sources.iter().map(|s| s.bytes.len()).sum();
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(BenchmarkId::new("rules", format!("{} documents", rules.sources.len())), |b| {
        b.iter(|| {
            let docs: Vec<_> =
                rules.sources.iter().map(|s| corpus::load(&s.path, &s.bytes, s.declared.as_ref()).unwrap()).collect();
            Graph::build(docs)
        })
    });

    match english_edition() {
        Some((path, bytes)) => {
            group.throughput(Throughput::Bytes(bytes.len() as u64));
            group.bench_function(BenchmarkId::new("english", "2026-01-16"), |b| {
                b.iter(|| Graph::build(vec![corpus::load(&path, &bytes, None).unwrap()]))
            });
            group.bench_function(BenchmarkId::new("english-parse-only", "2026-01-16"), |b| {
                b.iter(|| corpus::load(&path, &bytes, None).unwrap())
            });
        }
        None => eprintln!("shared/corpus introuvable : banc d'essai de l'édition anglaise ignoré"),
    }
    group.finish();
}

/// Aligning two English editions by content: the current one and the one
/// before it, and the current one and the edition the French 701 table
/// translates (2024-03-08, from the archive).
fn align(c: &mut Criterion) {
    let Some(dir) = shared::dir() else {
        eprintln!("shared/corpus introuvable : banc d'essai de l'alignement ignoré");
        return;
    };
    let files = [
        "corpus/archive/MagicCompRules-2024-03-08.txt",
        "corpus/MagicCompRules-2025-11-14.txt",
        "corpus/MagicCompRules-2026-01-16.txt",
    ];
    let g = arbitre::load_with(&files.map(|f| dir.join(f))).graph;
    let edition = |date: &str| {
        let i = g.editions().iter().position(|e| e.date.is_some_and(|d| d.to_string() == date)).expect("edition");
        arbitre::graph::EditionIdx(i as u16)
    };
    let mut group = c.benchmark_group("align");
    for old in ["2025-11-14", "2024-03-08"] {
        let (a, b) = (edition(old), edition("2026-01-16"));
        group.bench_function(BenchmarkId::new("english", format!("{old}..2026-01-16")), |bench| {
            bench.iter(|| g.align(a, b))
        });
    }
    group.finish();
}

criterion_group!(benches, ingest, align);
criterion_main!(benches);
