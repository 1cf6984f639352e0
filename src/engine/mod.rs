//! The ruling evaluator: a situation described in TOML, played step by step,
//! each step explained with the rules it applies.
//!
//! ```text
//! scenario.toml ──scenario::parse──▶ Scenario ──Game::play (each step)──▶ [Event] (data + rules)
//!                  (card::, text::)                                           │
//!                                    trace::run ◀──wording (French, one place)┘
//!                                        └──▶ Outcome { steps (events, text, rules, board), result, expected }
//! ```
//!
//! [`card`] reads type lines, colours and keywords; [`text`] reads the rules
//! text of a card (a documented French subset, anything else is refused);
//! [`scenario`] reads and checks the file, reporting every mistake with its
//! line and key; [`game`] holds objects, zones and the stack and applies the
//! rules in force (400.7, 514.2, 601.2, 608, 613, 701, 704, 732, 801),
//! returning [`event::Event`]s:
//! what happened and the rules applied ([`RuleId`]s), as data; [`wording`]
//! says them in French, with each step's action and each difference from
//! `[attendu]`; [`trace`] records them with the board after each step and
//! compares the result with `[attendu]` ([`trace::Difference`]); [`render`]
//! prints a trace for `explique`. [`index`] names cards, players and objects:
//! the game indexes everything by them, never by a bare number.
//!
//! Scenarios shipped with arbitre live in `rules/scenarios/` and are embedded
//! in the binary ([`crate::embedded::scenarios`]).

pub mod card;
pub mod event;
pub mod game;
pub mod index;
pub mod render;
pub mod scenario;
pub mod text;
pub mod trace;
pub mod wording;

pub use scenario::{Scenario, ScenarioError, parse};
pub use trace::{Outcome, Stopped, run, run_until};

use crate::Graph;
use crate::graph::NodeIdx;
use crate::vocab::RuleId;

/// The largest scenario accepted (the web editor's limit too).
pub const MAX_SCENARIO_BYTES: usize = 64 * 1024;

/// Reads every embedded scenario, checked against the graph. A scenario that
/// does not read is returned as an error, never skipped.
pub fn load_embedded(graph: &Graph) -> Vec<Result<Scenario, ScenarioError>> {
    crate::embedded::scenarios().into_iter().map(|(path, text)| parse(&path, text, Some(graph))).collect()
}

/// The TOML text of a shipped scenario by its path as shown
/// (`rules/scenarios/….toml`), read from the binary.
pub fn shipped(path: &str) -> Option<&'static str> {
    crate::embedded::scenarios().into_iter().find(|(p, _)| p == path).map(|(_, text)| text)
}

/// Where a rule cited by the engine lives in the graph: the rule itself, or
/// its nearest ancestor known to the graph (a chapter known by its title)
/// when the corpus does not hold its text. `None`: not even its chapter is
/// known. The flag says whether the rule itself was found.
pub fn resolve_rule(graph: &Graph, id: RuleId) -> Option<(NodeIdx, bool)> {
    if let Some(idx) = graph.find(id) {
        return Some((idx, true));
    }
    id.ancestors().filter(|a| a.depth() >= 1).find_map(|a| graph.find(a)).map(|idx| (idx, false))
}
