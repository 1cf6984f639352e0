//! Combat (506–511): attackers declared and tapped (508.1), blockers with
//! their restrictions (509.1, flying, reach, menace, protection), then the
//! combat damage steps — the first-strike step when a creature has first
//! strike or double strike (510.4), then the regular step — each assigning
//! damage (510.1: lethal to blockers, trample, deathtouch, the division a
//! scenario chooses), dealing it at once (510.2) with lifelink, then the
//! state-based actions.
//!
//! A step the rules forbid (a tapped attacker, a plain creature blocking a
//! flyer) is a [`Refusal`]: the scenario is invalid there.

use super::Game;
use crate::engine::card::{CardType, Keyword};
use crate::engine::event::{Event, Refusal};
use crate::engine::index::{CardIdx, ObjectId, PlayerIdx};
use crate::engine::scenario::{Choice, Division, Zone};
use crate::engine::text::TriggerEvent;

/// The scenario's combat: who attacks whom, who blocks, which damage steps
/// were played. A creature is in combat while it is the object declared
/// (506.4: leaving the battlefield removes it).
#[derive(Debug, Clone)]
pub struct Combat {
    /// The player attacked.
    pub defender: PlayerIdx,
    /// Attacking creatures, as declared (card, object then).
    attackers: Vec<(CardIdx, ObjectId)>,
    /// Blocking creatures: (blocker, its object then, attacker), in the order written.
    blocks: Vec<(CardIdx, ObjectId, CardIdx)>,
    /// Attackers that became blocked (509.1h): they stay blocked.
    blocked: Vec<CardIdx>,
    blockers_declared: bool,
    first_strike_played: bool,
    regular_played: bool,
    /// Objects that assigned damage in the first-strike step (510.4).
    dealt_first: Vec<ObjectId>,
}

/// One share of combat damage: its source, its recipient, how much.
type Share = (CardIdx, Choice, u32);

impl Game<'_> {
    /// Whether a card is an attacking creature now.
    pub fn attacking(&self, card: CardIdx) -> bool {
        self.combat.as_ref().is_some_and(|c| c.attackers.iter().any(|&(a, o)| a == card && self.in_combat(a, o)))
    }

    /// The attacker a card blocks now, if it is blocking.
    pub fn blocking(&self, card: CardIdx) -> Option<CardIdx> {
        let combat = self.combat.as_ref()?;
        combat.blocks.iter().find(|&&(b, o, a)| b == card && self.in_combat(b, o) && self.attacking(a)).map(|b| b.2)
    }

    /// The player attacked, while there is a combat.
    pub fn defending_player(&self) -> Option<PlayerIdx> {
        self.combat.as_ref().map(|c| c.defender)
    }

    /// Still the object declared, on the battlefield, a creature (506.4).
    fn in_combat(&self, card: CardIdx, object: ObjectId) -> bool {
        let o = self.object(card);
        o.id == object && o.zone == Zone::Battlefield && self.chars(card).is(CardType::Creature)
    }

    /// `attaquer` (508.1): every creature checked, then tapped unless it has vigilance.
    pub(super) fn declare_attackers(
        &mut self,
        attackers: &[CardIdx],
        defender: Option<PlayerIdx>,
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        if self.combat.is_some() {
            return Err(Refusal::SecondAttack);
        }
        let active = PlayerIdx(0);
        let n = self.players.len();
        let defender = defender
            .or_else(|| (1..n).map(|k| PlayerIdx(k % n)).find(|p| !self.players[p.0].lost))
            .filter(|p| !self.players[p.0].lost)
            .ok_or(Refusal::NoDefendingPlayer)?;
        for &card in attackers {
            let (o, ch) = (self.object(card), self.chars(card));
            if o.zone != Zone::Battlefield || !ch.is(CardType::Creature) {
                return Err(Refusal::NotACreature { card, attacking: true });
            }
            if o.controller != active {
                return Err(Refusal::NotActivePlayers { card, active });
            }
            if o.tapped {
                return Err(Refusal::Tapped { card, attacking: true });
            }
            if ch.has(Keyword::Defender) {
                return Err(Refusal::Defender { card });
            }
        }
        let (vigilant, tapped): (Vec<CardIdx>, Vec<CardIdx>) =
            attackers.iter().partition(|&&c| self.chars(c).has(Keyword::Vigilance));
        for &c in &tapped {
            self.object_mut(c).tapped = true;
        }
        self.combat = Some(Combat {
            defender,
            attackers: attackers.iter().map(|&a| (a, self.object(a).id)).collect(),
            blocks: Vec::new(),
            blocked: Vec::new(),
            blockers_declared: false,
            first_strike_played: false,
            regular_played: false,
            dealt_first: Vec::new(),
        });
        ev.push(Event::AttackersDeclared { attackers: attackers.to_vec(), defender, tapped, vigilant });
        for &a in attackers {
            self.trigger(a, TriggerEvent::Attacks);
        }
        Ok(())
    }

    /// `bloquer` (509.1): each blocker checked against the restrictions, then
    /// the attackers it names become blocked.
    pub(super) fn declare_blockers(
        &mut self,
        blocks: &[(CardIdx, CardIdx)],
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let combat = self.combat.as_ref().ok_or(Refusal::NoAttack { blocking: true })?;
        if combat.blockers_declared {
            return Err(Refusal::SecondBlock);
        }
        let defender = combat.defender;
        let mut notes = Vec::new();
        for &(blocker, attacker) in blocks {
            let (o, ch) = (self.object(blocker), self.chars(blocker));
            if o.zone != Zone::Battlefield || !ch.is(CardType::Creature) {
                return Err(Refusal::NotACreature { card: blocker, attacking: false });
            }
            if o.controller != defender {
                return Err(Refusal::NotDefendingPlayers { card: blocker, defender });
            }
            if o.tapped {
                return Err(Refusal::Tapped { card: blocker, attacking: false });
            }
            if !self.attacking(attacker) {
                return Err(Refusal::NotAttacking { blocker, attacker });
            }
            let a = self.chars(attacker);
            if a.has(Keyword::Flying) {
                if !ch.has(Keyword::Flying) && !ch.has(Keyword::Reach) {
                    return Err(Refusal::Flying { blocker, attacker });
                }
                notes.push(Event::FlyingBlocked { blocker, attacker, reach: !ch.has(Keyword::Flying) });
            }
            if let Some(&colour) = ch.colours.iter().find(|c| a.has(Keyword::Protection(**c))) {
                return Err(Refusal::Protection { blocker, attacker, colour });
            }
        }
        let combat = self.combat.as_ref().expect("checked above");
        for &(attacker, _) in &combat.attackers {
            let by: Vec<CardIdx> = blocks.iter().filter(|b| b.1 == attacker).map(|b| b.0).collect();
            if self.chars(attacker).has(Keyword::Menace) && !by.is_empty() {
                if by.len() == 1 {
                    return Err(Refusal::Menace { attacker, blocker: by[0] });
                }
                notes.push(Event::MenaceBlocked { attacker, blockers: by.len() });
            }
        }
        let blocks_now: Vec<(CardIdx, ObjectId, CardIdx)> =
            blocks.iter().map(|&(b, a)| (b, self.object(b).id, a)).collect();
        let combat = self.combat.as_mut().expect("checked above");
        combat.blockers_declared = true;
        combat.blocks = blocks_now;
        let mut blocked: Vec<CardIdx> = Vec::new();
        for &(_, a) in blocks {
            if !blocked.contains(&a) {
                blocked.push(a);
            }
        }
        let unblocked = combat.attackers.iter().map(|a| a.0).filter(|a| !blocked.contains(a)).collect();
        combat.blocked = blocked;
        ev.push(Event::BlockersDeclared { blocks: blocks.to_vec(), unblocked });
        ev.extend(notes);
        Ok(())
    }

    /// `blessures`: the first-strike step when a combatant has first strike
    /// or double strike and it was not played (510.4), then, unless
    /// `first_strike_only`, the regular step.
    pub(super) fn combat_damage(
        &mut self,
        first_strike_only: bool,
        division: &[Division],
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let combat = self.combat.as_ref().ok_or(Refusal::NoAttack { blocking: false })?;
        if combat.regular_played {
            return Err(Refusal::DamageDone);
        }
        if let Some(d) = division.iter().find(|d| !self.attacking(d.attacker)) {
            return Err(Refusal::DivisionNotAttacking { attacker: d.attacker });
        }
        let strikers = self.combatants().into_iter().any(|c| self.strikes_first(c));
        if strikers && !combat.first_strike_played {
            self.damage_step(true, division, ev)?;
            if first_strike_only {
                return Ok(());
            }
            // Players would receive priority between the two steps (510.3).
            self.stack_triggers(ev);
        } else if first_strike_only {
            return Err(Refusal::NoFirstStrike);
        }
        self.damage_step(false, division, ev)
    }

    /// First strike or double strike (702.7b, 702.4b).
    fn strikes_first(&self, card: CardIdx) -> bool {
        let ch = self.chars(card);
        ch.has(Keyword::FirstStrike) || ch.has(Keyword::DoubleStrike)
    }

    /// Attacking and blocking creatures now, attackers first.
    fn combatants(&self) -> Vec<CardIdx> {
        let Some(combat) = &self.combat else { return Vec::new() };
        let attackers = combat.attackers.iter().map(|a| a.0).filter(|&a| self.attacking(a));
        let blockers = combat.blocks.iter().map(|b| b.0).filter(|&b| self.blocking(b).is_some());
        let mut out: Vec<CardIdx> = attackers.chain(blockers).collect();
        out.dedup();
        out
    }

    /// One combat damage step: who assigns (510.4), how (510.1), dealt at
    /// once (510.2), lifelink (702.15b), then the state-based actions.
    fn damage_step(&mut self, first: bool, division: &[Division], ev: &mut Vec<Event>) -> Result<(), Refusal> {
        let combat = self.combat.clone().expect("a combat");
        // 510.1a: a creature with 0 power or less assigns no combat damage.
        let deals = |game: &Game, c: CardIdx| {
            if game.chars(c).power.unwrap_or(0) <= 0 {
                false
            } else if first {
                game.strikes_first(c)
            } else {
                game.chars(c).has(Keyword::DoubleStrike) || !combat.dealt_first.contains(&game.object(c).id)
            }
        };
        let (dealing, waiting): (Vec<CardIdx>, Vec<CardIdx>) =
            self.combatants().into_iter().partition(|&c| deals(self, c));
        ev.push(Event::DamageStep { first_strike: first, dealing: dealing.clone(), waiting });
        let mut shares: Vec<Share> = Vec::new();
        for &source in &dealing {
            let power = self.chars(source).power.unwrap_or(0).max(0) as u32;
            if let Some(attacker) = self.blocking(source) {
                shares.push((source, Choice::Card(attacker), power));
            } else {
                let chosen = division.iter().find(|d| d.attacker == source);
                self.assign(source, power, chosen, &combat, &mut shares, ev)?;
            }
        }
        self.deal_combat_damage(&shares, combat.defender, ev);
        let combat = self.combat.as_mut().expect("a combat");
        if first {
            combat.first_strike_played = true;
            let ids: Vec<ObjectId> = dealing.iter().map(|&c| self.objects[c.0].id).collect();
            self.combat.as_mut().expect("a combat").dealt_first.extend(ids);
        } else {
            combat.regular_played = true;
        }
        self.state_based_actions(ev);
        Ok(())
    }

    /// How an attacker assigns its damage: to the player when unblocked
    /// (510.1b); among its blockers, as chosen or by default (510.1c), with
    /// trample the rest to the player (702.19b).
    fn assign(
        &self,
        attacker: CardIdx,
        power: u32,
        chosen: Option<&Division>,
        combat: &Combat,
        shares: &mut Vec<Share>,
        ev: &mut Vec<Event>,
    ) -> Result<(), Refusal> {
        let player = combat.defender;
        let ch = self.chars(attacker);
        let (trample, deathtouch) = (ch.has(Keyword::Trample), ch.has(Keyword::Deathtouch));
        if !combat.blocked.contains(&attacker) {
            if chosen.is_some() {
                return Err(Refusal::DivisionUnblocked { attacker });
            }
            shares.push((attacker, Choice::Player(player), power));
            return Ok(());
        }
        let blockers: Vec<CardIdx> =
            combat.blocks.iter().filter(|&&(b, o, a)| a == attacker && self.in_combat(b, o)).map(|b| b.0).collect();
        if blockers.is_empty() {
            ev.push(Event::NoBlockerLeft { attacker, trample });
            if trample {
                shares.push((attacker, Choice::Player(player), power));
            }
            return Ok(());
        }
        let lethal: Vec<(CardIdx, u32)> = blockers.iter().map(|&b| (b, self.lethal(b, deathtouch))).collect();
        let assigned = match chosen {
            Some(d) => {
                self.check_division(d, power, player, trample, &lethal)?;
                d.shares.clone()
            }
            None => default_division(power, &lethal, trample.then_some(player)),
        };
        let assigned: Vec<(Choice, u32)> = assigned.into_iter().filter(|s| s.1 > 0).collect();
        shares.extend(assigned.iter().map(|&(to, n)| (attacker, to, n)));
        let chosen = chosen.is_some();
        ev.push(Event::Assigned { attacker, shares: assigned, chosen, trample, deathtouch, lethal });
        Ok(())
    }

    /// Lethal damage for a blocker (702.19b): its toughness less the damage
    /// already marked; any nonzero amount from deathtouch (702.2c).
    fn lethal(&self, blocker: CardIdx, deathtouch: bool) -> u32 {
        let toughness = self.chars(blocker).toughness.unwrap_or(0);
        let left = (toughness - self.object(blocker).damage as i32).max(0) as u32;
        if deathtouch { left.min(1) } else { left }
    }

    /// A `repartition` checked: its total is the power (510.1a), it names
    /// blockers of the attacker and, with trample, the player attacked
    /// (510.1c), who gets damage only once every blocker has lethal (702.19b).
    fn check_division(
        &self,
        d: &Division,
        power: u32,
        player: PlayerIdx,
        trample: bool,
        lethal: &[(CardIdx, u32)],
    ) -> Result<(), Refusal> {
        let attacker = d.attacker;
        let total: u32 = d.shares.iter().map(|s| s.1).sum();
        if total != power {
            return Err(Refusal::DivisionTotal { attacker, total, power });
        }
        let mut to_player = 0;
        for &(recipient, n) in &d.shares {
            match recipient {
                Choice::Card(c) if lethal.iter().any(|l| l.0 == c) => {}
                Choice::Player(p) if p == player && !trample => {
                    return Err(Refusal::DivisionPlayerWithoutTrample { attacker, player });
                }
                Choice::Player(p) if p == player => to_player += n,
                _ => return Err(Refusal::DivisionNotBlocking { attacker, recipient }),
            }
        }
        if to_player > 0 {
            for &(blocker, needed) in lethal {
                let given = d.shares.iter().find(|s| s.0 == Choice::Card(blocker)).map_or(0, |s| s.1);
                if given < needed {
                    return Err(Refusal::DivisionLethalFirst { attacker, blocker, lethal: needed, given });
                }
            }
        }
        Ok(())
    }

    /// 510.2: all combat damage at once; protection prevents damage from
    /// its colours (702.16e); deathtouch marks the creature (702.2b);
    /// lifelink gains its controller life (702.15b).
    fn deal_combat_damage(&mut self, shares: &[Share], defender: PlayerIdx, ev: &mut Vec<Event>) {
        let mut dealt: Vec<(CardIdx, u32)> = Vec::new();
        for &(source, to, amount) in shares {
            let src = self.chars(source);
            match to {
                Choice::Card(card) => {
                    let ch = self.chars(card);
                    if let Some(&colour) = src.colours.iter().find(|c| ch.has(Keyword::Protection(**c))) {
                        ev.push(Event::CombatDamagePrevented { source, card, colour });
                        continue;
                    }
                    let deathtouch = src.has(Keyword::Deathtouch);
                    let o = self.object_mut(card);
                    o.damage += amount;
                    o.deathtouched |= deathtouch;
                    let marked = o.damage;
                    ev.push(Event::CombatDamageToCreature { source, card, amount, marked, deathtouch });
                }
                Choice::Player(player) => {
                    self.players[player.0].life -= amount as i32;
                    let life = self.players[player.0].life;
                    let unblocked = player == defender && self.blocked_by_nothing(source);
                    ev.push(Event::CombatDamageToPlayer { source, player, amount, life, unblocked });
                }
            }
            match dealt.iter_mut().find(|d| d.0 == source) {
                Some(d) => d.1 += amount,
                None => dealt.push((source, amount)),
            }
        }
        for (source, amount) in dealt {
            if self.chars(source).has(Keyword::Lifelink) {
                let player = self.object(source).controller;
                self.players[player.0].life += amount as i32;
                let life = self.players[player.0].life;
                ev.push(Event::Lifelink { source, player, amount, life });
            }
        }
    }

    /// An attacker that was never blocked (509.1h).
    fn blocked_by_nothing(&self, attacker: CardIdx) -> bool {
        self.combat.as_ref().is_some_and(|c| !c.blocked.contains(&attacker))
    }
}

/// The default division (docs/scenarios.md): lethal damage to each blocker
/// in the order written, the rest to the player with trample, else to the
/// last blocker.
fn default_division(power: u32, lethal: &[(CardIdx, u32)], trample_to: Option<PlayerIdx>) -> Vec<(Choice, u32)> {
    let mut rest = power;
    let mut out = Vec::new();
    for (i, &(blocker, needed)) in lethal.iter().enumerate() {
        let last = i + 1 == lethal.len();
        let give = if last && trample_to.is_none() { rest } else { needed.min(rest) };
        out.push((Choice::Card(blocker), give));
        rest -= give;
    }
    if let (Some(player), true) = (trample_to, rest > 0) {
        out.push((Choice::Player(player), rest));
    }
    out
}
