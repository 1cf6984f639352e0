//! Indices into a scenario: which card, which player, which object.
//!
//! A card and a player are both numbered from 0 in the order the scenario
//! writes them; distinct types keep one from being taken for the other. An
//! object is a card in one zone: its identity changes at each zone change
//! (400.7).

use serde::Serialize;

/// A card of the scenario, by its position among `[[carte]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct CardIdx(pub usize);

/// A player of the scenario, by seat (the order of `joueurs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct PlayerIdx(pub usize);

/// The identity of an object: a card in one zone (400.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct ObjectId(pub u64);
