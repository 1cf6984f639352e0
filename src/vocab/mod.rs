//! The vocabulary of rules documents, shared by every layer above it.
//!
//! Rule numbers parsed into their parts ([`RuleId`]), languages, dates and
//! edition keys ([`Lang`], [`Date`], [`Edition`]), the kinds of anomaly a
//! document may show ([`AnomalyKind`], [`Anomaly`]), and the extraction of
//! cross-references from rules text ([`refs::extract`]).
//!
//! This module is a leaf: it imports nothing else of the crate, so that the
//! document readers (`corpus`) and the rule graph (`graph`) can both speak it
//! without depending on each other. `tests/layers.rs` checks it.
//!
//! ```text
//! vocab ◀── corpus ◀── graph ◀── search, engine ◀── web, cli
//! ```

pub mod anomaly;
pub mod edition;
pub mod id;
pub mod refs;

pub use anomaly::{Anomaly, AnomalyKind};
pub use edition::{Date, Edition, Lang, Translation};
pub use id::{IdError, Letter, RuleId};
pub use refs::{BadRef, RawRef};
