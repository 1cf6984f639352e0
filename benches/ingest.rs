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

criterion_group!(benches, ingest);
criterion_main!(benches);
