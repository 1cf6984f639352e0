//! arbitre: the Magic: The Gathering Comprehensive Rules, in French, for judges.
//!
//! The crate reads the rules documents of `rules/` ([`corpus`]), builds a
//! graph of sections, chapters, rules, subrules and examples linked by their
//! cross-references ([`graph`]), indexes it for French full-text search
//! ([`search`]), plays ruling scenarios step by step with the rules each step
//! applies ([`engine`]), and answers judges from the command line ([`cli`])
//! and the web app ([`web`]).
//!
//! ```text
//! rules/*.txt ──corpus──▶ ParsedDocument ──Graph::build──▶ Graph ──SearchIndex::build──▶ index
//!                                                            └──────────────┴──▶ cli (check, regle, cherche), web
//! rules/scenarios/*.toml ──engine::parse──▶ Scenario ──engine::run──▶ Outcome ──▶ cli (explique), web (/exemples)
//! ```

pub mod cards;
pub mod cli;
pub mod corpus;
pub mod embedded;
pub mod engine;
pub mod graph;
pub mod lexicon;
pub mod report;
pub mod search;
pub mod text;
pub mod toml_error;
pub mod vocab;
pub mod web;

use std::path::PathBuf;

/// Every binary that links the crate (the app, its tests, benches and
/// examples) allocates with mimalloc (its version 2, without transparent
/// huge pages): a search makes about two thousand small allocations, and
/// with glibc's allocator it took a third longer (`examples/latency`, the
/// two builds in turn: 0.49 against 0.37 ms). How the server gives memory
/// back: [`web`]'s `memory` module.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub use graph::Graph;

/// A loaded corpus: the graph, the documents that failed, the files passed over.
#[derive(Debug)]
pub struct Loaded {
    /// The rule graph.
    pub graph: Graph,
    /// Documents that could not be read.
    pub errors: Vec<corpus::LoadError>,
    /// Files not read, with the reason.
    pub skipped: Vec<(String, String)>,
    /// Time spent reading, parsing and linking.
    pub elapsed: std::time::Duration,
}

/// Loads `paths` (files or folders), or the embedded corpus when empty, and
/// builds the graph.
pub fn load(paths: &[PathBuf]) -> Loaded {
    let gathered = if paths.is_empty() { corpus::source::embedded() } else { corpus::source::from_paths(paths) };
    build(gathered)
}

/// Loads the embedded corpus and, beside it, `extra` files or folders (the
/// archive of older editions).
pub fn load_with(extra: &[PathBuf]) -> Loaded {
    let mut gathered = corpus::source::embedded();
    let more = corpus::source::from_paths(extra);
    gathered.sources.extend(more.sources);
    gathered.errors.extend(more.errors);
    gathered.skipped.extend(more.skipped);
    build(gathered)
}

/// Builds the graph of what was gathered. A file whose bytes are those of a
/// document gathered before it (`shared/corpus/` holds the editions that
/// `rules/` embeds; a folder and its subfolder named twice) is passed over,
/// with the document it repeats.
fn build(mut gathered: corpus::source::Gathered) -> Loaded {
    let mut kept: Vec<corpus::source::DocumentSource> = Vec::with_capacity(gathered.sources.len());
    for source in std::mem::take(&mut gathered.sources) {
        match kept.iter().find(|s| s.bytes == source.bytes) {
            Some(same) => gathered.skipped.push((source.path, format!("déjà chargé : {}", same.path))),
            None => kept.push(source),
        }
    }
    gathered.sources = kept;
    let start = std::time::Instant::now();
    let (docs, errors, skipped) = corpus::source::parse_all(gathered);
    let graph = Graph::build(docs);
    Loaded { graph, errors, skipped, elapsed: start.elapsed() }
}
