//! Resolving the top of the stack (608): targets checked again, a spell
//! whose targets are all illegal doesn't resolve, a permanent spell enters
//! the battlefield, the instructions of an instant or sorcery are followed
//! in order (608.2c), each on the objects it designates.

use std::collections::BTreeSet;

use super::{Chosen, Game};
use crate::engine::card::{CardType, Colour, Keyword};
use crate::engine::event::Event;
use crate::engine::index::{CardIdx, PlayerIdx};
use crate::engine::scenario::{Choice, Zone};
use crate::engine::text::{Effect, Instruction, Subject};

/// What an instruction applies to: cards and players.
type Subjects = (Vec<usize>, Vec<usize>);

impl Game<'_> {
    /// Resolves the top of the stack (608.1), then the state-based actions.
    pub(super) fn resolve(&mut self, ev: &mut Vec<Event>) {
        let Some(&spell) = self.stack.last() else {
            ev.push(Event::NothingToResolve);
            return;
        };
        let card = self.card(spell);
        ev.push(Event::Resolves { spell: CardIdx(spell) });
        let chosen = self.objects[spell].targets.clone();
        let legal = self.check_targets(spell, &chosen, ev);
        if !legal.is_empty() && legal.iter().all(|l| !l) {
            // 608.2b: every target illegal, the spell doesn't resolve.
            self.countered.push(spell);
            self.move_to(spell, Zone::Graveyard);
            let draws = card.text.effects.iter().any(|i| matches!(i.effect, Effect::Draw(_)));
            ev.push(Event::DoesNotResolve { spell: CardIdx(spell), aura: card.enchant().is_some(), draws });
        } else if card.type_line.is_permanent() {
            self.enter_battlefield(spell, &chosen, ev);
        } else {
            self.follow_instructions(spell, &chosen, &legal, ev);
        }
        self.state_based_actions(ev);
    }

    /// 608.2b / 608.3a: each target instance is checked again; whether each is legal.
    fn check_targets(&self, spell: usize, chosen: &[Chosen], ev: &mut Vec<Event>) -> Vec<bool> {
        let specs = self.specs(spell);
        let mut legal = Vec::new();
        for (instance, (spec, ch)) in specs.iter().zip(chosen).enumerate() {
            let (phrase, target) = (spec.phrase.clone(), ch.choice);
            let why = self.illegal(spell, spec, ch);
            legal.push(why.is_none());
            ev.push(match why {
                None => Event::TargetStillLegal { instance, phrase, target },
                Some(why) => Event::TargetIllegal { instance, phrase, target, why },
            });
        }
        legal
    }

    /// 608.3: a permanent spell becomes a permanent; an aura is attached to
    /// its target (608.3a).
    fn enter_battlefield(&mut self, spell: usize, chosen: &[Chosen], ev: &mut Vec<Event>) {
        let controller = PlayerIdx(self.objects[spell].controller);
        self.move_to(spell, Zone::Battlefield);
        match chosen.first().filter(|_| self.card(spell).enchant().is_some()) {
            Some(ch) => {
                if let Choice::Card(t) = ch.choice {
                    self.objects[spell].attached_to = Some((t.0, self.objects[t.0].id));
                }
                ev.push(Event::AuraAttached { card: CardIdx(spell), controller, host: ch.choice });
            }
            None => ev.push(Event::PermanentEntered { card: CardIdx(spell), controller }),
        }
    }

    /// 608.2c: the instructions, in the order written; then 608.2k: an
    /// instant or sorcery goes to its owner's graveyard.
    fn follow_instructions(&mut self, spell: usize, chosen: &[Chosen], legal: &[bool], ev: &mut Vec<Event>) {
        let controller = self.objects[spell].controller;
        let mut previous: Option<&str> = None;
        for instruction in &self.card(spell).text.effects {
            if previous != Some(instruction.sentence.as_str()) {
                ev.push(Event::Instruction { sentence: instruction.sentence.clone() });
                previous = Some(&instruction.sentence);
            }
            self.apply(spell, controller, instruction, chosen, legal, ev);
        }
        if self.objects[spell].zone == Zone::Stack {
            self.move_to(spell, Zone::Graveyard);
            ev.push(Event::ResolutionEnds { spell: CardIdx(spell) });
        }
    }

    /// The cards and players a subject designates, with an event for each
    /// one left out and why.
    fn subjects(
        &self,
        part: &str,
        controller: usize,
        subject: &Subject,
        chosen: &[Chosen],
        legal: &[bool],
        ev: &mut Vec<Event>,
    ) -> Subjects {
        match subject {
            Subject::Target(i) => {
                if !legal.get(*i).copied().unwrap_or(false) {
                    let target = chosen.get(*i).map(|c| c.choice);
                    ev.push(Event::PartWithoutTarget { part: part.to_string(), target });
                    return (Vec::new(), Vec::new());
                }
                match chosen[*i].choice {
                    Choice::Card(c) => (vec![c.0], Vec::new()),
                    Choice::Player(p) => (Vec::new(), vec![p.0]),
                }
            }
            Subject::AllCreatures { .. } | Subject::EachCreature | Subject::EachCreatureAndPlayer => {
                let cards = (0..self.objects.len()).filter(|&c| self.concerns(c, controller, subject, ev)).collect();
                let mut players = Vec::new();
                if matches!(subject, Subject::EachCreatureAndPlayer) {
                    for p in 0..self.players.len() {
                        if self.in_range(controller, p) {
                            players.push(p);
                        } else {
                            ev.push(Event::PlayerOutOfRange { player: PlayerIdx(p), caster: PlayerIdx(controller) });
                        }
                    }
                }
                (cards, players)
            }
        }
    }

    /// Whether a « toutes les créatures… » / « chaque créature » subject
    /// designates a card: a creature on the battlefield, of the colours
    /// named (608.2h), within range (801.10).
    fn concerns(&self, c: usize, controller: usize, subject: &Subject, ev: &mut Vec<Event>) -> bool {
        if self.objects[c].zone != Zone::Battlefield || !self.chars(c).is(CardType::Creature) {
            return false;
        }
        if let Subject::AllCreatures { colours, not_colours } = subject
            && !self.of_colours(c, colours, not_colours, ev)
        {
            return false;
        }
        let card = CardIdx(c);
        if !self.in_range(controller, self.objects[c].controller) {
            let (controller, caster) = (PlayerIdx(self.objects[c].controller), PlayerIdx(controller));
            ev.push(Event::ControllerOutOfRange { card, controller, caster });
            return false;
        }
        if !self.card(c).type_line.is(CardType::Creature) && self.animated_by_static(c) {
            let ch = self.chars(c);
            let (power, toughness) = (ch.power.unwrap_or(0), ch.toughness.unwrap_or(0));
            ev.push(Event::AnimatedLand { card, power, toughness, type_line: ch.type_line });
        }
        true
    }

    /// 608.2h: whether a creature has the colours named and none of those
    /// excluded, checking only the colours the effect names.
    fn of_colours(&self, c: usize, colours: &[Colour], not_colours: &[Colour], ev: &mut Vec<Event>) -> bool {
        let card = CardIdx(c);
        let own = self.chars(c).colours;
        let others = |named: Colour| own.iter().any(|c| *c != named);
        if let Some(&colour) = not_colours.iter().find(|col| own.contains(col)) {
            ev.push(Event::ColourExcluded { card, colours: own, colour });
            return false;
        }
        if let Some(&colour) = colours.iter().find(|col| !own.contains(col)) {
            ev.push(Event::ColourMissing { card, colours: own, colour });
            return false;
        }
        if let Some(&colour) = colours.first().filter(|col| others(**col)) {
            ev.push(Event::ColourMatches { card, colours: own.clone(), colour });
        }
        true
    }

    /// One instruction of a resolving spell, on what it designates.
    fn apply(
        &mut self,
        spell: usize,
        controller: usize,
        instruction: &Instruction,
        chosen: &[Chosen],
        legal: &[bool],
        ev: &mut Vec<Event>,
    ) {
        let part = instruction.part.as_str();
        let subjects =
            |game: &Game, what: &Subject, ev: &mut Vec<Event>| game.subjects(part, controller, what, chosen, legal, ev);
        match &instruction.effect {
            Effect::Destroy { what, regenerate } => {
                for c in subjects(self, what, ev).0 {
                    self.destroy(c, *regenerate, ev);
                }
            }
            Effect::Exile(what) => {
                for c in subjects(self, what, ev).0 {
                    self.move_to(c, Zone::Exile);
                    ev.push(Event::Exiled { card: CardIdx(c) });
                }
            }
            Effect::ReturnToHand(what) => {
                for c in subjects(self, what, ev).0 {
                    self.move_to(c, Zone::Hand);
                    ev.push(Event::ReturnedToHand { card: CardIdx(c) });
                }
            }
            Effect::Damage { amount, to } => {
                let targets = subjects(self, to, ev);
                self.deal_damage(spell, *amount, targets, ev);
            }
            Effect::Draw(n) => {
                let p = &mut self.players[controller];
                p.library = p.library.saturating_sub(*n);
                p.draws += n;
                ev.push(Event::Drew { player: PlayerIdx(controller), count: *n });
            }
            Effect::Counter(what) => {
                for c in subjects(self, what, ev).0 {
                    self.countered.push(c);
                    self.move_to(c, Zone::Graveyard);
                    ev.push(Event::Countered { card: CardIdx(c) });
                }
            }
            Effect::GainLife(n) => {
                self.players[controller].life += *n as i32;
                let life = self.players[controller].life;
                ev.push(Event::LifeGained { player: PlayerIdx(controller), amount: *n, life });
            }
            Effect::LoseLife { who, amount } => {
                for p in subjects(self, who, ev).1 {
                    self.players[p].life -= *amount as i32;
                    let life = self.players[p].life;
                    ev.push(Event::LifeLost { player: PlayerIdx(p), amount: *amount, life });
                }
            }
        }
    }

    /// Damage from a spell to permanents and players (120.3), prevented by
    /// protection from one of the spell's colours (702.16e).
    fn deal_damage(&mut self, spell: usize, amount: u32, (cards, players): Subjects, ev: &mut Vec<Event>) {
        let colours: BTreeSet<Colour> = self.chars(spell).colours;
        for c in cards {
            let ch = self.chars(c);
            if let Some(&colour) = colours.iter().find(|col| ch.has(Keyword::Protection(**col))) {
                ev.push(Event::DamagePrevented { card: CardIdx(c), colour });
                continue;
            }
            self.objects[c].damage += amount;
            let marked = self.objects[c].damage;
            ev.push(Event::DamageToPermanent { spell: CardIdx(spell), card: CardIdx(c), amount, marked });
        }
        for p in players {
            self.players[p].life -= amount as i32;
            let life = self.players[p].life;
            ev.push(Event::DamageToPlayer { spell: CardIdx(spell), player: PlayerIdx(p), amount, life });
        }
    }

    /// Destroys a permanent: indestructible and regeneration may stop it
    /// (701.7, 701.15, 702.12). Returns whether the permanent changed
    /// (destroyed or regenerated).
    pub(super) fn destroy(&mut self, c: usize, may_regenerate: bool, ev: &mut Vec<Event>) -> bool {
        let card = CardIdx(c);
        if self.chars(c).has(Keyword::Indestructible) {
            ev.push(Event::Indestructible { card });
            return false;
        }
        if self.objects[c].shields > 0 {
            if may_regenerate {
                let o = &mut self.objects[c];
                o.shields -= 1;
                o.tapped = true;
                o.damage = 0;
                ev.push(Event::Regenerated { card });
                return true;
            }
            ev.push(Event::RegenerationForbidden { card });
        }
        self.move_to(c, Zone::Graveyard);
        ev.push(Event::Destroyed { card });
        true
    }
}
