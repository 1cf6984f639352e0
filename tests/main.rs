//! Integration tests, one module per capability.
//!
//! The English editions are read from `../shared/corpus/` (never copied into
//! the repository); `ARBITRE_SHARED` overrides where `shared/` is.

mod browser;
mod cli;
mod common;
mod evaluator;
mod golden;
mod hostile;
mod layers;
mod lossless;
mod navigation;
mod references;
mod search;
mod web;
