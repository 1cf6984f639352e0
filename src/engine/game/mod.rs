//! The game: objects, zones, the stack, and the rules that move them.
//!
//! A card is always exactly one object; when it changes zone it becomes a new
//! object (400.7): its identity number changes, the modifications made to the
//! old object and its damage are gone, and a spell that targeted the old
//! object finds its target illegal (608.2b).
//!
//! Characteristics are computed, never stored: the printed ones, then the
//! continuous effects that apply, in layer order and, within a layer, in
//! timestamp order (613): types (layer 4), colours (5), abilities (6),
//! power and toughness (7b).
//!
//! Each action returns events ([`super::event::Event`]): what happened, as
//! data, with the rules applied; [`super::wording`] says them in French and
//! [`super::trace`] records them with the board.
//!
//! The rules are applied in three files beside this one: `targets.rs` (legal
//! targets, 115 and 608.2b), `resolution.rs` (608, 701) and `state_based.rs`
//! (704).

mod combat;
mod resolution;
mod state_based;
mod targets;
mod tokens;
mod triggers;

use std::collections::BTreeSet;
use std::sync::Arc;

use super::card::{CardType, Colour, Keyword, TypeLine};
pub use super::event::{Event, Illegal, Refusal};
use super::index::{CardIdx, ObjectId, PlayerIdx};
use super::scenario::{Action, Card, Change, Choice, Scenario, Zone};
use super::text::Static;

/// A player.
#[derive(Debug, Clone)]
pub struct PlayerState {
    /// Name.
    pub name: String,
    /// Life total.
    pub life: i32,
    /// Cards drawn during the scenario.
    pub draws: u32,
    /// Anonymous cards left in the library.
    pub library: u32,
    /// Whether the player lost the game (704.5a).
    pub lost: bool,
}

/// A target as chosen on casting: what, and which object it was then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chosen {
    /// The choice.
    pub choice: Choice,
    /// For a card: the object's identity when it was targeted (for a
    /// player, `ObjectId(0)`, never an object's).
    pub object: ObjectId,
}

/// The object a card currently is.
#[derive(Debug, Clone)]
pub struct Object {
    /// Identity: changes at every zone change (400.7).
    pub id: ObjectId,
    /// Zone.
    pub zone: Zone,
    /// Controller.
    pub controller: PlayerIdx,
    /// Damage marked (a permanent).
    pub damage: u32,
    /// Regeneration shields (701.19).
    pub shields: u32,
    /// Tapped.
    pub tapped: bool,
    /// Timestamp: when it entered its zone (613.7).
    pub timestamp: u64,
    /// Targets, while a spell on the stack.
    pub targets: Vec<Chosen>,
    /// The card it is attached to (an aura), and that card's object then.
    pub attached_to: Option<(CardIdx, ObjectId)>,
    /// +1/+1 counters (122.1a).
    pub plus_counters: u32,
    /// -1/-1 counters (122.1a).
    pub minus_counters: u32,
    /// Dealt damage by a source with deathtouch since the state-based
    /// actions were last checked (704.5h).
    pub deathtouched: bool,
}

/// « +N/+N jusqu'à la fin du tour » on one object (613.4c), until the cleanup (514.2).
#[derive(Debug, Clone)]
struct Pump {
    card: CardIdx,
    object: ObjectId,
    power: i32,
    toughness: i32,
}

/// A continuous effect from a `modifier` step, on one object.
#[derive(Debug, Clone)]
struct Modification {
    card: CardIdx,
    object: ObjectId,
    timestamp: u64,
    change: Change,
    /// « jusqu'à la fin du tour »: ends at the cleanup (514.2).
    until_end_of_turn: bool,
}

/// Characteristics, after continuous effects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chars {
    /// Type line.
    pub type_line: TypeLine,
    /// Colours.
    pub colours: BTreeSet<Colour>,
    /// Keyword abilities.
    pub keywords: Vec<Keyword>,
    /// Power.
    pub power: Option<i32>,
    /// Toughness.
    pub toughness: Option<i32>,
}

impl Chars {
    /// Whether it has a card type.
    pub fn is(&self, t: CardType) -> bool {
        self.type_line.is(t)
    }

    /// Whether it has a keyword ability.
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }
}

/// The whole game.
#[derive(Debug, Clone)]
pub struct Game<'s> {
    /// The scenario played.
    pub scenario: &'s Scenario,
    /// The cards of the game: the scenario's, then the tokens and the
    /// triggered abilities made while it is played.
    pub cards: Vec<Arc<Card>>,
    /// Players, in seat order.
    pub players: Vec<PlayerState>,
    /// The object each card is.
    pub objects: Vec<Object>,
    /// The stack, bottom first.
    pub stack: Vec<CardIdx>,
    /// Spells countered by a spell or ability (701.6a).
    pub countered: Vec<CardIdx>,
    /// Spells that did not resolve, every target illegal (608.2b): removed
    /// from the stack, not countered.
    pub not_resolved: Vec<CardIdx>,
    modifications: Vec<Modification>,
    /// Effects until end of turn that modify power and toughness (613.4c).
    pumps: Vec<Pump>,
    clock: u64,
    next_id: u64,
    /// Whether the next step is a `legende` choice: the legend rule then
    /// waits for it instead of keeping the newest (704.5j).
    pub legend_choice_next: bool,
    /// Legendary permanents waiting for their controller's choice.
    pending_legend: Vec<CardIdx>,
    /// The combat, once attackers are declared, until the cleanup.
    combat: Option<combat::Combat>,
    /// Triggered abilities waiting to be put on the stack (603.3).
    pending_triggers: Vec<triggers::Pending>,
    /// Creatures that died, with the moment (an instruction, a pass of
    /// state-based actions) they died in: leaves-the-battlefield abilities
    /// look back to it (603.10a).
    died: Vec<(CardIdx, PlayerIdx, u64)>,
    /// The current moment, for [`Game::died`].
    moment: u64,
    /// Tokens made by each card so far (their ids count from 1, never reused).
    tokens_made: Vec<(CardIdx, u32)>,
    /// Permanents that entered since their abilities were last looked at (603.6a).
    after_move: Vec<CardIdx>,
    /// The step refused, in a scenario that expects it (`refus`).
    pub refused: Option<Refusal>,
}

/// Cards in each player's library at the start.
const LIBRARY: u32 = 60;

impl<'s> Game<'s> {
    /// The game at the start of the scenario.
    pub fn new(scenario: &'s Scenario) -> Game<'s> {
        let players = scenario
            .players
            .iter()
            .zip(&scenario.starting_life)
            .map(|(name, &life)| PlayerState { name: name.clone(), life, draws: 0, library: LIBRARY, lost: false })
            .collect();
        let objects = scenario
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| Object {
                id: ObjectId(i as u64 + 1),
                zone: c.zone,
                controller: c.controller,
                damage: 0,
                shields: 0,
                tapped: false,
                timestamp: i as u64 + 1,
                targets: Vec::new(),
                attached_to: None,
                plus_counters: 0,
                minus_counters: 0,
                deathtouched: false,
            })
            .collect();
        let n = scenario.cards.len() as u64;
        Game {
            scenario,
            players,
            objects,
            stack: Vec::new(),
            countered: Vec::new(),
            not_resolved: Vec::new(),
            legend_choice_next: false,
            pending_legend: Vec::new(),
            modifications: Vec::new(),
            pumps: Vec::new(),
            combat: None,
            pending_triggers: Vec::new(),
            died: Vec::new(),
            moment: 0,
            tokens_made: Vec::new(),
            after_move: Vec::new(),
            refused: None,
            cards: scenario.cards.iter().cloned().map(Arc::new).collect(),
            clock: n + 1,
            next_id: n + 1,
        }
    }

    /// A card of the game.
    pub fn card(&self, i: CardIdx) -> &Card {
        &self.cards[i.0]
    }

    /// A card of the game, shared: held while the game goes on (a
    /// resolution follows the instructions of its card while it changes the game).
    fn shared_card(&self, i: CardIdx) -> Arc<Card> {
        Arc::clone(&self.cards[i.0])
    }

    /// The object a card is now.
    pub fn object(&self, i: CardIdx) -> &Object {
        &self.objects[i.0]
    }

    fn object_mut(&mut self, i: CardIdx) -> &mut Object {
        &mut self.objects[i.0]
    }

    /// Every card of the scenario, in order.
    fn all_cards(&self) -> impl Iterator<Item = CardIdx> + use<> {
        (0..self.objects.len()).map(CardIdx)
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The card's name.
    pub fn name(&self, i: CardIdx) -> &str {
        &self.cards[i.0].name
    }

    /// Characteristics of a card's current object (613).
    pub fn chars(&self, i: CardIdx) -> Chars {
        let card = self.card(i);
        let object = self.object(i);
        let mut c = Chars {
            type_line: card.type_line.clone(),
            colours: card.colours.clone(),
            keywords: card.keywords.clone(),
            power: card.power,
            toughness: card.toughness,
        };
        // Effects applying to this object: modifications of this very object,
        // and static abilities of permanents (on permanents).
        let mut effects: Vec<(u8, u64, EffectChange)> = Vec::new();
        for m in self.modifications.iter().filter(|m| m.card == i && m.object == object.id) {
            if let Some(t) = &m.change.type_line {
                effects.push((4, m.timestamp, EffectChange::SetType(t.clone())));
            }
            if let Some(cs) = &m.change.colours {
                effects.push((5, m.timestamp, EffectChange::SetColours(cs.clone())));
            }
            for k in &m.change.gains {
                effects.push((6, m.timestamp, EffectChange::Gain(*k)));
            }
            for k in &m.change.loses {
                effects.push((6, m.timestamp, EffectChange::Lose(*k)));
            }
            if m.change.power.is_some() || m.change.toughness.is_some() {
                effects.push((7, m.timestamp, EffectChange::SetPt(m.change.power, m.change.toughness)));
            }
        }
        if object.zone == Zone::Battlefield {
            for s in self.lands_are_creatures() {
                let ts = self.object(s).timestamp;
                effects.push((4, ts, EffectChange::LandsBecomeCreatures));
                effects.push((7, ts, EffectChange::LandsAre11));
            }
        }
        effects.sort_by_key(|e| (e.0, e.1));
        // Layer 7c, after 7b: effects and counters that modify power and
        // toughness, all additions, so their order does not matter (613.4c).
        let (mut dp, mut dt) = (0, 0);
        for p in self.pumps.iter().filter(|p| p.card == i && p.object == object.id) {
            (dp, dt) = (dp + p.power, dt + p.toughness);
        }
        let counters = object.plus_counters as i32 - object.minus_counters as i32;
        (dp, dt) = (dp + counters, dt + counters);
        for (_, _, e) in effects {
            match e {
                EffectChange::SetType(t) => c.type_line = t,
                EffectChange::LandsBecomeCreatures if c.is(CardType::Land) => {
                    c.type_line.types.insert(CardType::Creature);
                }
                EffectChange::SetColours(cs) => c.colours = cs,
                EffectChange::Gain(k) if !c.keywords.contains(&k) => c.keywords.push(k),
                EffectChange::Lose(k) => c.keywords.retain(|x| *x != k),
                EffectChange::SetPt(p, t) => {
                    c.power = p.or(c.power);
                    c.toughness = t.or(c.toughness);
                }
                EffectChange::LandsAre11 if c.is(CardType::Land) && c.is(CardType::Creature) => {
                    c.power = Some(1);
                    c.toughness = Some(1);
                }
                _ => {}
            }
        }
        c.power = c.power.map(|p| p + dp);
        c.toughness = c.toughness.map(|t| t + dt);
        c
    }

    /// Whether a permanent is a creature through « Tous les terrains sont des
    /// créatures 1/1… » on the battlefield (205.1b, 611.3a).
    fn animated_by_static(&self, i: CardIdx) -> bool {
        self.object(i).zone == Zone::Battlefield
            && self.card(i).type_line.is(CardType::Land)
            && self.lands_are_creatures().next().is_some()
    }

    /// The permanents with « Tous les terrains sont des créatures 1/1… » on
    /// the battlefield.
    fn lands_are_creatures(&self) -> impl Iterator<Item = CardIdx> + '_ {
        self.all_cards().filter(|&s| {
            self.object(s).zone == Zone::Battlefield
                && self.card(s).text.statics.contains(&Static::AllLandsAreCreatures)
        })
    }

    /// Seats apart around the table, the shorter way.
    fn distance(&self, a: PlayerIdx, b: PlayerIdx) -> u32 {
        let n = self.players.len();
        let d = a.0.abs_diff(b.0);
        d.min(n - d) as u32
    }

    /// Whether player `b` is within player `a`'s range of influence (801.2).
    pub fn in_range(&self, a: PlayerIdx, b: PlayerIdx) -> bool {
        self.scenario.range.is_none_or(|r| self.distance(a, b) <= r)
    }

    /// Moves a card to a zone: a new object (400.7). Abilities that
    /// trigger on the move wait to go on the stack (603.2, 603.3).
    fn move_to(&mut self, i: CardIdx, zone: Zone) {
        self.zone_change_triggers(i, zone);
        if self.object(i).zone == Zone::Stack {
            self.stack.retain(|&s| s != i);
        }
        let id = ObjectId(self.next_id);
        self.next_id += 1;
        let ts = self.tick();
        // Off the battlefield and the stack an object has no controller; its
        // owner is kept there so that a later cast knows who holds it.
        let controller = match zone {
            Zone::Battlefield | Zone::Stack => self.card(i).controller,
            _ => self.card(i).owner,
        };
        *self.object_mut(i) = Object {
            id,
            zone,
            controller,
            damage: 0,
            shields: 0,
            tapped: false,
            timestamp: ts,
            targets: Vec::new(),
            attached_to: None,
            plus_counters: 0,
            minus_counters: 0,
            deathtouched: false,
        };
        if zone == Zone::Stack {
            self.stack.push(i);
        }
    }

    /// Plays one action; returns what happened, or why the rules forbid
    /// it (an illegal attack, block or division of damage: the scenario is
    /// invalid there).
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        let mut ev = Vec::new();
        match action {
            Action::Cast { card, targets } => self.cast(*card, targets, &mut ev),
            Action::Modify { card, change } => self.modify(*card, change, &mut ev),
            Action::Move { card, to } => {
                let (from, old) = (self.object(*card).zone, self.object(*card).id);
                self.move_to(*card, *to);
                let new = self.object(*card).id;
                ev.push(Event::Moved { card: *card, from, to: *to, old, new });
                self.state_based_actions(&mut ev);
            }
            Action::Regenerate { card } => {
                if self.object(*card).zone == Zone::Battlefield {
                    self.object_mut(*card).shields += 1;
                    ev.push(Event::ShieldAdded { card: *card });
                } else {
                    ev.push(Event::RegenerationWithoutEffect { card: *card });
                }
            }
            Action::Resolve => self.resolve(&mut ev),
            Action::Legend { keep } => self.choose_legend(*keep, &mut ev),
            Action::EndOfTurn => self.cleanup(&mut ev),
            Action::Attack { attackers, defender } => self.declare_attackers(attackers, *defender, &mut ev)?,
            Action::Block { blocks } => self.declare_blockers(blocks, &mut ev)?,
            Action::Damage { first_strike_only, division } => {
                self.combat_damage(*first_strike_only, division, &mut ev)?;
            }
        }
        self.stack_triggers(&mut ev);
        Ok(ev)
    }

    /// Whether the game is over: one player left, the others lost (104.2a).
    pub fn over(&self) -> bool {
        self.players.iter().filter(|p| !p.lost).count() <= 1
    }

    fn cast(&mut self, card: CardIdx, targets: &[Choice], ev: &mut Vec<Event>) {
        let caster = self.card(card).controller;
        let zone = self.object(card).zone;
        if self.chars(card).is(CardType::Land) {
            ev.push(Event::LandNotCast { card });
            return;
        }
        if zone != Zone::Hand {
            ev.push(Event::NotInHand { card, zone });
            return;
        }
        let before = (self.object(card).clone(), self.stack.clone(), self.clock, self.next_id);
        self.move_to(card, Zone::Stack);
        ev.push(Event::Cast { player: caster, card });
        let specs = self.specs(card);
        let chosen: Vec<Chosen> = targets
            .iter()
            .map(|&choice| Chosen {
                choice,
                object: match choice {
                    Choice::Card(c) => self.object(c).id,
                    Choice::Player(_) => ObjectId(0),
                },
            })
            .collect();
        self.object_mut(card).targets = chosen.clone();
        for (instance, (spec, ch)) in specs.iter().zip(&chosen).enumerate() {
            let (phrase, target) = (spec.phrase.clone(), ch.choice);
            match self.illegal(card, spec, ch) {
                None => {
                    let again = chosen[..instance].iter().any(|o| o.choice == ch.choice);
                    ev.push(Event::TargetChosen { instance, phrase, target, again });
                }
                Some(why) => {
                    ev.push(Event::CastIllegal { instance, phrase, target, why });
                    (self.objects[card.0], self.stack, self.clock, self.next_id) = before;
                    return;
                }
            }
        }
    }

    /// The cleanup step (514.2): damage removed from every permanent and the
    /// effects « jusqu'à la fin du tour » end, at once; then the state-based
    /// actions (a creature whose toughness falls to 0, 514.3a).
    fn cleanup(&mut self, ev: &mut Vec<Event>) {
        let damaged: Vec<CardIdx> = self
            .all_cards()
            .filter(|&c| self.object(c).zone == Zone::Battlefield && self.object(c).damage > 0)
            .collect();
        for &c in &damaged {
            self.object_mut(c).damage = 0;
        }
        let ended: Vec<CardIdx> =
            self.pumps.drain(..).filter(|p| self.objects[p.card.0].id == p.object).map(|p| p.card).collect();
        let mut effects_ended = ended.clone();
        let objects: Vec<(CardIdx, ObjectId)> =
            self.objects.iter().enumerate().map(|(i, o)| (CardIdx(i), o.id)).collect();
        self.modifications.retain(|m| {
            if m.until_end_of_turn && objects.contains(&(m.card, m.object)) {
                effects_ended.push(m.card);
            }
            !m.until_end_of_turn
        });
        effects_ended.sort();
        effects_ended.dedup();
        // The combat is over (511.3): creatures leave combat before the cleanup.
        self.combat = None;
        ev.push(Event::Cleanup { damage_removed: damaged, effects_ended });
        self.state_based_actions(ev);
    }

    fn modify(&mut self, card: CardIdx, change: &Change, ev: &mut Vec<Event>) {
        let timestamp = self.tick();
        let object = self.object(card).id;
        let until_end_of_turn = false;
        self.modifications.push(Modification { card, object, timestamp, change: change.clone(), until_end_of_turn });
        let pt = (change.power.is_some() || change.toughness.is_some()).then(|| {
            let c = self.chars(card);
            (c.power.unwrap_or(0), c.toughness.unwrap_or(0))
        });
        ev.push(Event::Modified { card, change: change.clone(), pt, timestamp });
        // 115.1b: an Aura permanent targets nothing; hexproof and shroud leave it.
        for &keyword in change.gains.iter().filter(|k| matches!(k, Keyword::Hexproof | Keyword::Shroud)) {
            for aura in self.all_cards() {
                let o = self.object(aura);
                if o.zone == Zone::Battlefield && o.attached_to.is_some_and(|(h, id)| h == card && id == object) {
                    ev.push(Event::AuraDoesNotTarget { aura, host: card, keyword });
                }
            }
        }
        self.state_based_actions(ev);
    }
}

/// A continuous effect, as applied in [`Game::chars`].
#[derive(Debug, Clone)]
enum EffectChange {
    SetType(TypeLine),
    LandsBecomeCreatures,
    SetColours(BTreeSet<Colour>),
    Gain(Keyword),
    Lose(Keyword),
    SetPt(Option<i32>, Option<i32>),
    LandsAre11,
}
