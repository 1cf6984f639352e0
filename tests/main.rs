//! Integration tests, one module per capability, in one test binary.
//!
//! What a fresh clone lacks — the relevance sets and the archive of older
//! editions of `../shared/` (`ARBITRE_SHARED` says where, if elsewhere), `chromedriver`
//! (`CHROMEDRIVER`) — is skipped with a line saying so, and fails the run
//! when `CI` is set ([`common::skip`]). Behaviour only: speed is measured by
//! the benches, never asserted here.

/// Editions aligned by content: which rule each rule became, renumbered or changed.
mod alignment;
/// A real browser (headless Chromium via chromedriver) against the real server: what a judge does with the pages.
mod browser;
/// Search with cards: names recognised on the set written before tuning, cards as results, their topics in the ranking.
mod card_search;
/// The cards a judge names: the card data, names in questions, `arbitre carte`.
mod cards;
/// The `arbitre` binary: outputs, JSON keys, exit codes, French messages, CLI snapshots.
mod cli;
/// Combat, triggered abilities and tokens in the engine: each rule, each refused step.
mod combat;
/// Helpers: the corpora loaded once, `shared/`, and skipping what is absent.
mod common;
/// The ruling engine: shipped scenarios, one test per engine rule, bad scenarios, `arbitre explique`.
mod evaluator;
/// Property tests over the editor's HTTP path and `arbitre check`: documented statuses and exit codes only.
mod fuzz;
/// The French glosses of the English rules: read whole, tied to their edition, searched and never shown.
mod glosses;
/// Golden counts and texts of the seed documents of `rules/`.
mod golden;
/// Hostile input to the readers (proptest included): never a panic, always an error or an anomaly.
mod hostile;
/// `arbitre cartes importe` and `arbitre cartes check`: MTGJSON and Scryfall samples, skips counted, broken folders, hostile downloads.
mod import;
/// The crate's layers and the web handlers' independence, read from `src/`.
mod layers;
/// The server's limits: stalled and oversized bodies on a real connection, scenarios at and beyond the engine's budgets.
mod limits;
/// Nothing lost: every non-blank source line owned by exactly one node or anomaly.
mod lossless;
/// Rule order, parents, children, previous and next, look-ups of what a judge types.
mod navigation;
/// Reading offline: manifest, service worker, the pages and index a phone keeps, a real browser without network.
mod offline;
/// Cross-references: edges, ranges, resolution across editions, backlinks, dangling ones.
mod references;
/// French full-text search: analyzers, rule numbers, typos, filters, snippets, ranking on the query sets.
mod search;
/// The word translations learned from texts in two languages, and what the search makes of them.
mod translations;
/// The French ↔ English vocabulary and the search across languages: keywords, jargon, false friends, glossary, qualified ids.
mod vocabulary;
/// The web app in process (`actix_web::test`): routes, escaping, headers, errors, page snapshots, templates.
mod web;
