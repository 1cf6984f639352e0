//! The cards' costs: recognising the cards a query names (every query of
//! `tests/cartes/noms.tsv` and `tests/cartes/questions.tsv`), and the rules
//! a card's text touches. `cargo bench --bench cards`.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};

use arbitre::cards::{Cards, topics::Topics};

fn queries() -> Vec<String> {
    ["tests/cartes/noms.tsv", "tests/cartes/questions.tsv"]
        .iter()
        .flat_map(|p| std::fs::read_to_string(p).unwrap().lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').next().unwrap_or_default().to_string())
        .collect()
}

fn recognise(c: &mut Criterion) {
    let cards = Cards::embedded();
    let queries = queries();
    let mut i = 0;
    // One query per iteration, in turn: the median is a query's.
    c.bench_function("cards/recognise (one query of the sets)", |b| {
        b.iter(|| {
            i = (i + 1) % queries.len();
            cards.names.recognise(cards, &queries[i])
        })
    });
    // What a search does with a card named: its topics, read once for all the cards.
    let finks = cards.find("Kitchen Finks").unwrap();
    cards.topics();
    c.bench_function("cards/topics (Kitchen Finks)", |b| b.iter(|| cards.topics_of(finks)));
    // A card met once (not among those read): every pattern compiled.
    c.bench_function("cards/topics of a card not read (Kitchen Finks)", |b| b.iter(|| Topics::embedded().of(finks)));
}

criterion_group!(benches, recognise);
criterion_main!(benches);
