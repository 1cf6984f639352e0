//! « Et si… » on a shipped scenario, without writing TOML: the controls of
//! a scenario's page — a card gains a keyword ability, takes other colours,
//! goes to another zone before a step, a spell gets another target — are
//! read from the query string ([`WhatIf`]), checked against the scenario
//! (only its cards, players, steps and the engine's keywords), and turned
//! into the modified TOML ([`WhatIf::toml`]); the editor plays it and shows
//! its step-through with the TOML, still editable.

use std::collections::HashMap;

use toml::{Table, Value};

use super::error::WebError;
use crate::engine::Scenario;
use crate::engine::card::{Colour, Keyword};
use crate::engine::scenario::{Action, Choice, Zone};

/// The keyword abilities offered by the controls (the engine's, without
/// « enchanter », which makes an aura).
pub const ABILITIES: [&str; 16] = [
    "vol",
    "portée",
    "initiative",
    "double initiative",
    "piétinement",
    "contact mortel",
    "lien de vie",
    "vigilance",
    "menace",
    "défenseur",
    "indestructible",
    "défense talismanique",
    "linceul",
    "protection contre le blanc",
    "protection contre le noir",
    "protection contre le rouge",
];

/// The colours offered: each colour, and none.
pub const COLOURS: [&str; 6] = ["blanc", "bleu", "noir", "rouge", "vert", "incolore"];

/// The zones a card may be moved to.
pub const ZONES: [&str; 5] = ["main", "cimetière", "exil", "bibliothèque", "champ de bataille"];

/// What the controls ask, read and checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WhatIf {
    /// The card changed (its id).
    pub card: Option<String>,
    /// A keyword ability it gains.
    pub ability: Option<String>,
    /// Its new colour (« incolore »: none).
    pub colour: Option<String>,
    /// The zone it moves to.
    pub zone: Option<String>,
    /// The step the changes come before (1-based; one past the last: at the end).
    pub before: usize,
    /// The target replaced: (cast step, target instance), both 0-based… written `3:0` (step 3, first target).
    pub target: Option<(usize, usize)>,
    /// Its replacement: a card's id or a player's name.
    pub new_target: Option<String>,
}

impl WhatIf {
    /// Reads the controls: `carte`, `capacite`, `couleur`, `zone`, `avant`,
    /// `cible_de` (« 3:0 »), `nouvelle_cible`; an empty field is no change.
    pub fn read(scenario: &Scenario, q: &HashMap<String, String>) -> Result<WhatIf, WebError> {
        let field = |k: &str| q.get(k).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let bad = |what: String| WebError::BadRequest(what);
        let mut w = WhatIf { before: scenario.steps.len().max(1), ..WhatIf::default() };
        if let Some(c) = field("carte") {
            if !scenario.cards.iter().any(|k| k.id == c) {
                return Err(bad(format!("carte « {} » absente du scénario", crate::text::quote(&c))));
            }
            w.card = Some(c);
        }
        if let Some(a) = field("capacite") {
            Keyword::parse(&a).map_err(|_| bad(format!("capacité « {} » inconnue", crate::text::quote(&a))))?;
            w.ability = Some(a);
        }
        if let Some(c) = field("couleur") {
            if c != "incolore" && Colour::parse(&c).is_none() {
                return Err(bad(format!("couleur « {} » inconnue", crate::text::quote(&c))));
            }
            w.colour = Some(c);
        }
        if let Some(z) = field("zone") {
            Zone::parse(&z)
                .filter(|z| !matches!(z, Zone::Stack | Zone::Nowhere))
                .ok_or_else(|| bad(format!("zone « {} » inconnue", crate::text::quote(&z))))?;
            w.zone = Some(z);
        }
        if (w.ability.is_some() || w.colour.is_some() || w.zone.is_some()) && w.card.is_none() {
            return Err(bad("choisissez la carte à changer".into()));
        }
        if let Some(n) = field("avant") {
            let n: usize = n.parse().map_err(|_| bad(format!("étape « {} » illisible", crate::text::quote(&n))))?;
            if n == 0 || n > scenario.steps.len() + 1 {
                return Err(bad(format!("étape {n} : le scénario en a {}", scenario.steps.len())));
            }
            w.before = n;
        }
        if let Some(t) = field("cible_de") {
            let pair = t.split_once(':').and_then(|(s, i)| Some((s.parse::<usize>().ok()?, i.parse::<usize>().ok()?)));
            let (step, instance) =
                pair.ok_or_else(|| bad(format!("cible « {} » illisible", crate::text::quote(&t))))?;
            let targets = match scenario.steps.get(step.wrapping_sub(1)).map(|s| &s.action) {
                Some(Action::Cast { targets, .. }) => targets.len(),
                _ => 0,
            };
            if instance >= targets {
                return Err(bad(format!("l'étape {step} n'a pas de cible {}", instance + 1)));
            }
            let new = field("nouvelle_cible").ok_or_else(|| bad("choisissez la nouvelle cible".into()))?;
            let known = scenario.cards.iter().any(|k| k.id == new) || scenario.players.contains(&new);
            if !known {
                return Err(bad(format!(
                    "« {} » n'est ni une carte ni un joueur du scénario",
                    crate::text::quote(&new)
                )));
            }
            w.target = Some((step, instance));
            w.new_target = Some(new);
        }
        Ok(w)
    }

    /// Whether the controls change anything.
    pub fn is_empty(&self) -> bool {
        self.ability.is_none() && self.colour.is_none() && self.zone.is_none() && self.target.is_none()
    }

    /// The modified scenario, as TOML: the steps of the change inserted
    /// before step `before`, a target replaced, the title saying « et si »,
    /// `[attendu]` left out (it was the original situation's).
    pub fn toml(&self, scenario: &Scenario) -> Result<String, WebError> {
        let mut doc: Table =
            scenario.source.parse().map_err(|e| WebError::Internal(format!("scénario illisible : {e}")))?;
        doc.remove("attendu");
        let title = format!("{} — et si…", scenario.title);
        doc.insert("titre".into(), Value::String(title));
        let mut steps = match doc.remove("etape") {
            Some(Value::Array(a)) => a,
            _ => Vec::new(),
        };
        if let (Some((step, instance)), Some(new)) = (self.target, &self.new_target)
            && let Some(Value::Table(t)) = steps.get_mut(step - 1)
            && let Some(Value::Array(targets)) = t.get_mut("cibles")
            && let Some(slot) = targets.get_mut(instance)
        {
            *slot = Value::String(new.clone());
            t.insert("commentaire".into(), Value::String(format!("Et si : la cible {} est « {new} ».", instance + 1)));
        }
        let mut inserted = Vec::new();
        if let Some(card) = &self.card {
            if self.ability.is_some() || self.colour.is_some() {
                let mut m = Table::new();
                m.insert("modifier".into(), Value::String(card.clone()));
                let mut said = Vec::new();
                if let Some(a) = &self.ability {
                    m.insert("gagne".into(), Value::Array(vec![Value::String(a.clone())]));
                    said.push(format!("acquiert « {a} »"));
                }
                if let Some(c) = &self.colour {
                    let list = if c == "incolore" { Vec::new() } else { vec![Value::String(c.clone())] };
                    m.insert("couleurs".into(), Value::Array(list));
                    said.push(format!("devient {c}"));
                }
                m.insert("commentaire".into(), Value::String(format!("Et si : « {card} » {}.", said.join(" et "))));
                inserted.push(Value::Table(m));
            }
            if let Some(z) = &self.zone {
                let mut m = Table::new();
                m.insert("deplacer".into(), Value::String(card.clone()));
                m.insert("vers".into(), Value::String(z.clone()));
                m.insert("commentaire".into(), Value::String(format!("Et si : « {card} » va vers : {z}.")));
                inserted.push(Value::Table(m));
            }
        }
        let at = (self.before - 1).min(steps.len());
        steps.splice(at..at, inserted);
        doc.insert("etape".into(), Value::Array(steps));
        toml::to_string(&doc).map_err(|e| WebError::Internal(format!("scénario non écrit : {e}")))
    }
}

/// The targets a control may replace: « étape 3, cible 1 : Croisade » with
/// its value (`3:0`).
pub fn targets(scenario: &Scenario) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, step) in scenario.steps.iter().enumerate() {
        if let Action::Cast { card, targets } = &step.action {
            for (k, t) in targets.iter().enumerate() {
                let name = match t {
                    Choice::Card(c) => scenario.cards[c.0].name.clone(),
                    Choice::Player(p) => scenario.players[p.0].clone(),
                };
                let spell = &scenario.cards[card.0].name;
                out.push((format!("{}:{k}", i + 1), format!("étape {} ({spell}), cible {} : {name}", i + 1, k + 1)));
            }
        }
    }
    out
}
