//! Ingesting, linking and aligning: the embedded `rules/` corpus (the French
//! documents, the English editions they translate and the two newest), one
//! English edition alone, the editions aligned, and the archive of older
//! editions (`../shared/corpus/archive/`) loaded beside the corpus.
//!
//! `cargo bench --bench ingest`. Bytes are read once, outside the timed
//! loop: the figures are decoding, parsing, building, linking and aligning.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use arbitre::Graph;
use arbitre::corpus;
use arbitre::corpus::source::DocumentSource;
use arbitre::graph::EditionIdx;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

#[path = "shared.rs"]
mod shared;

/// The embedded English edition in force.
fn english_edition(sources: &[DocumentSource]) -> &DocumentSource {
    sources.iter().find(|s| s.path.ends_with("en-2026-01-16-comprehensive-rules.txt")).expect("embedded")
}

fn ingest(c: &mut Criterion) {
    let mut group = c.benchmark_group("ingest");

    let rules = corpus::source::embedded();
    let bytes: usize = rules.sources.iter().map(|s| s.bytes.len()).sum();
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(BenchmarkId::new("rules", format!("{} documents", rules.sources.len())), |b| {
        b.iter(|| arbitre::load(&[]))
    });

    let english = english_edition(&rules.sources);
    group.throughput(Throughput::Bytes(english.bytes.len() as u64));
    group.bench_function(BenchmarkId::new("english", "2026-01-16"), |b| {
        b.iter(|| Graph::build(vec![corpus::load(&english.path, &english.bytes, None).unwrap()]))
    });
    group.bench_function(BenchmarkId::new("english-parse-only", "2026-01-16"), |b| {
        b.iter(|| corpus::load(&english.path, &english.bytes, None).unwrap())
    });
    // What `arbitre check` does with an edition followed by 4 MB of plain
    // lines, audit included: linear (it took 36 s when the audit searched
    // each line from the start of its node's text).
    let line = "the creature deals damage to each player and each other creature with flying\n";
    let padded = [&english.bytes[..], line.repeat(4 * 1024 * 1024 / line.len()).as_bytes()].concat();
    group.throughput(Throughput::Bytes(padded.len() as u64));
    group.bench_function(BenchmarkId::new("check", "2026-01-16 + 4 Mo"), |b| {
        b.iter(|| {
            let g = Graph::build(vec![corpus::load(&english.path, &padded, None).unwrap()]);
            assert!(g.audit(0).is_lossless());
        })
    });
    group.finish();
}

/// Aligning: every edition of the embedded corpus followed across the
/// others (what `Graph::build` adds: `follow_rules`), and pairs of English
/// editions by content.
fn align(c: &mut Criterion) {
    let mut g = arbitre::load(&[]).graph;
    let mut group = c.benchmark_group("align");
    group.bench_function(BenchmarkId::new("rules", "all editions"), |bench| bench.iter(|| g.follow_rules()));
    let edition = |g: &Graph, date: &str| -> EditionIdx {
        let i = g
            .editions()
            .iter()
            .position(|e| e.language == arbitre::vocab::Lang::En && e.date.is_some_and(|d| d.to_string() == date))
            .expect("edition");
        EditionIdx(i as u16)
    };
    for (old, new) in [("2025-11-14", "2026-01-16"), ("2024-03-08", "2025-11-14"), ("2011-02-04", "2024-03-08")] {
        let (a, b) = (edition(&g, old), edition(&g, new));
        group
            .bench_function(BenchmarkId::new("english", format!("{old}..{new}")), |bench| bench.iter(|| g.align(a, b)));
    }
    group.finish();
}

/// The embedded corpus and the fourteen archived editions beside it, read,
/// linked and aligned (sixteen English editions, fifteen successive pairs).
fn archive(c: &mut Criterion) {
    let Some(dir) = shared::dir() else {
        eprintln!("shared/corpus introuvable : banc d'essai de l'archive ignoré");
        return;
    };
    let archive = dir.join("corpus/archive");
    let mut group = c.benchmark_group("archive");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("rules+archive", "load and align"), |b| {
        b.iter(|| arbitre::load_with(std::slice::from_ref(&archive)))
    });
    group.finish();
}

criterion_group!(benches, ingest, align, archive);
criterion_main!(benches);
