//! Resolving the top of the stack (608): targets checked again, a spell
//! whose targets are all illegal doesn't resolve, a permanent spell enters
//! the battlefield, the instructions of an instant or sorcery are followed
//! in order (608.2c), each on the objects it designates.

use std::collections::BTreeSet;

use super::{Chosen, Game, Modification};
use crate::engine::card::{CardType, Colour, Keyword};
use crate::engine::event::{Divergence, Event};
use crate::engine::index::{CardIdx, PlayerIdx};
use crate::engine::scenario::{CardKind, Change, Choice, Zone};
use crate::engine::text::{Effect, Instruction, Subject};

/// What an instruction applies to: cards and players.
type Subjects = (Vec<CardIdx>, Vec<PlayerIdx>);

impl Game<'_> {
    /// Resolves the top of the stack (608.1), then the state-based actions.
    pub(super) fn resolve(&mut self, ev: &mut Vec<Event>) {
        let Some(&spell) = self.stack.last() else {
            ev.push(Event::NothingToResolve);
            return;
        };
        let card = self.shared_card(spell);
        if let CardKind::Ability { source, .. } = card.kind {
            ev.push(Event::AbilityResolves { ability: spell, source });
            self.follow_instructions(spell, &[], &[], ev);
            self.state_based_actions(ev);
            return;
        }
        ev.push(Event::Resolves { spell });
        let chosen = self.object(spell).targets.clone();
        let legal = self.check_targets(spell, &chosen, ev);
        if !legal.is_empty() && legal.iter().all(|l| !l) {
            // 608.2b: every target illegal, the spell doesn't resolve (it
            // is not countered: 701.6a is another thing).
            self.not_resolved.push(spell);
            self.move_to(spell, Zone::Graveyard);
            let draws = card.text.effects.iter().any(|i| matches!(i.effect, Effect::Draw(_)));
            ev.push(Event::DoesNotResolve { spell, aura: card.enchant().is_some(), draws });
            ev.push(Event::OlderFrenchText { divergence: Divergence::CounteredOnResolution });
        } else {
            let still = legal.iter().filter(|l| **l).count();
            let permanent = card.type_line.is_permanent();
            if permanent {
                self.enter_battlefield(spell, &chosen, ev);
            } else {
                self.follow_instructions(spell, &chosen, &legal, ev);
            }
            // The conclusion closes the resolution, before the state-based actions.
            ev.push(Event::Conclusion { spell, legal: still, targets: legal.len(), permanent });
        }
        self.state_based_actions(ev);
    }

    /// 608.2b / 608.3b: each target instance is checked again; whether each is legal.
    fn check_targets(&self, spell: CardIdx, chosen: &[Chosen], ev: &mut Vec<Event>) -> Vec<bool> {
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
    /// its target (608.3c).
    fn enter_battlefield(&mut self, spell: CardIdx, chosen: &[Chosen], ev: &mut Vec<Event>) {
        let controller = self.object(spell).controller;
        self.move_to(spell, Zone::Battlefield);
        match chosen.first().filter(|_| self.card(spell).enchant().is_some()) {
            Some(ch) => {
                if let Choice::Card(t) = ch.choice {
                    let host = Some((t, self.object(t).id));
                    self.object_mut(spell).attached_to = host;
                }
                ev.push(Event::AuraAttached { card: spell, controller, host: ch.choice });
            }
            None => ev.push(Event::PermanentEntered { card: spell, controller }),
        }
    }

    /// 608.2c: the instructions, in the order written; then 608.2n: an
    /// instant or sorcery goes to its owner's graveyard.
    fn follow_instructions(&mut self, spell: CardIdx, chosen: &[Chosen], legal: &[bool], ev: &mut Vec<Event>) {
        let controller = self.object(spell).controller;
        let card = self.shared_card(spell);
        let origin = self.origin(spell);
        let mut previous: Option<&str> = None;
        let mut waiting = false;
        for instruction in &card.text.effects {
            if previous != Some(instruction.sentence.as_str()) {
                // « ~ » is the card's name (docs/scenarios.md).
                let sentence = instruction.sentence.replace('~', &self.cards[origin.0].name);
                ev.push(Event::Instruction { sentence });
                previous = Some(&instruction.sentence);
            }
            self.next_moment();
            self.apply(spell, controller, instruction, chosen, legal, ev);
            // Said once, as soon as a player or a creature would be concerned.
            if !waiting && self.state_based_actions_pending() {
                ev.push(Event::StateBasedActionsWait);
                waiting = true;
            }
        }
        if self.object(spell).zone == Zone::Stack {
            if matches!(card.kind, CardKind::Ability { .. }) {
                self.move_to(spell, Zone::Nowhere);
                ev.push(Event::AbilityEnds { ability: spell });
            } else {
                self.move_to(spell, Zone::Graveyard);
                ev.push(Event::ResolutionEnds { spell });
            }
        }
    }

    /// « ~ » in an ability: its source, while it is the object it was when
    /// the ability triggered and on the battlefield (400.7).
    fn this(&self, spell: CardIdx, ev: &mut Vec<Event>) -> Subjects {
        let CardKind::Ability { source, object } = self.cards[spell.0].kind else {
            return (vec![spell], Vec::new());
        };
        let o = self.object(source);
        if o.id == object && o.zone == Zone::Battlefield {
            (vec![source], Vec::new())
        } else {
            ev.push(Event::SourceGone { card: source });
            (Vec::new(), Vec::new())
        }
    }

    /// The card a spell or ability comes from: an ability's source, else the spell itself.
    pub(super) fn origin(&self, spell: CardIdx) -> CardIdx {
        match self.cards[spell.0].kind {
            CardKind::Ability { source, .. } => source,
            _ => spell,
        }
    }

    /// The cards and players a subject designates, with an event for each
    /// one left out and why.
    fn subjects(
        &self,
        part: &str,
        controller: PlayerIdx,
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
                    Choice::Card(c) => (vec![c], Vec::new()),
                    Choice::Player(p) => (Vec::new(), vec![p]),
                }
            }
            Subject::AllCreatures { .. } | Subject::EachCreature | Subject::EachCreatureAndPlayer => {
                let cards = self.all_cards().filter(|&c| self.concerns(c, controller, subject, ev)).collect();
                let mut players = Vec::new();
                if matches!(subject, Subject::EachCreatureAndPlayer) {
                    for p in (0..self.players.len()).map(PlayerIdx) {
                        if self.in_range(controller, p) {
                            players.push(p);
                        } else {
                            ev.push(Event::PlayerOutOfRange { player: p, caster: controller });
                        }
                    }
                }
                (cards, players)
            }
            // Read by `this`, which knows the ability.
            Subject::This => (Vec::new(), Vec::new()),
            Subject::EachOpponent => {
                let mut players = Vec::new();
                for p in (0..self.players.len()).map(PlayerIdx).filter(|&p| p != controller && !self.players[p.0].lost)
                {
                    if self.in_range(controller, p) {
                        players.push(p);
                    } else {
                        ev.push(Event::PlayerOutOfRange { player: p, caster: controller });
                    }
                }
                (Vec::new(), players)
            }
        }
    }

    /// A permanent with protection from a colour of the spell, reached by
    /// an instruction that does not target it: protection does not stop it
    /// (702.16b to 702.16f: damage, enchanting, blocking, targeting only).
    fn protection_does_not_apply(&self, spell: CardIdx, card: CardIdx, what: &Subject, ev: &mut Vec<Event>) {
        if matches!(what, Subject::Target(_)) {
            return;
        }
        let spell_colours = self.chars(spell).colours;
        let host = self.chars(card);
        if let Some(&colour) = spell_colours.iter().find(|c| host.has(Keyword::Protection(**c))) {
            ev.push(Event::ProtectionDoesNotStop { card, colour });
        }
    }

    /// Whether a « toutes les créatures… » / « chaque créature » subject
    /// designates a card: a creature on the battlefield, of the colours
    /// named (608.2j), within range (801.10).
    fn concerns(&self, card: CardIdx, caster: PlayerIdx, subject: &Subject, ev: &mut Vec<Event>) -> bool {
        if self.object(card).zone != Zone::Battlefield || !self.chars(card).is(CardType::Creature) {
            return false;
        }
        if let Subject::AllCreatures { colours, not_colours } = subject
            && !self.of_colours(card, colours, not_colours, ev)
        {
            return false;
        }
        let controller = self.object(card).controller;
        if !self.in_range(caster, controller) {
            ev.push(Event::ControllerOutOfRange { card, controller, caster });
            return false;
        }
        if !self.card(card).type_line.is(CardType::Creature) && self.animated_by_static(card) {
            let ch = self.chars(card);
            let (power, toughness) = (ch.power.unwrap_or(0), ch.toughness.unwrap_or(0));
            ev.push(Event::AnimatedLand { card, power, toughness, type_line: ch.type_line });
        }
        true
    }

    /// 608.2j: whether a creature has the colours named and none of those
    /// excluded, checking only the colours the effect names.
    fn of_colours(&self, card: CardIdx, colours: &[Colour], not_colours: &[Colour], ev: &mut Vec<Event>) -> bool {
        let own = self.chars(card).colours;
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
        spell: CardIdx,
        controller: PlayerIdx,
        instruction: &Instruction,
        chosen: &[Chosen],
        legal: &[bool],
        ev: &mut Vec<Event>,
    ) {
        let part = instruction.part.as_str();
        let subjects = |game: &Game, what: &Subject, ev: &mut Vec<Event>| match what {
            Subject::This => game.this(spell, ev),
            _ => game.subjects(part, controller, what, chosen, legal, ev),
        };
        match &instruction.effect {
            Effect::Destroy { what, regenerate } => {
                for c in subjects(self, what, ev).0 {
                    self.protection_does_not_apply(spell, c, what, ev);
                    self.destroy(c, *regenerate, ev);
                }
            }
            Effect::Exile(what) => {
                for c in subjects(self, what, ev).0 {
                    self.protection_does_not_apply(spell, c, what, ev);
                    let not_destruction = self.chars(c).has(Keyword::Indestructible) || self.object(c).shields > 0;
                    self.move_to(c, Zone::Exile);
                    ev.push(Event::Exiled { card: c, not_destruction });
                }
            }
            Effect::ReturnToHand(what) => {
                for c in subjects(self, what, ev).0 {
                    self.move_to(c, Zone::Hand);
                    ev.push(Event::ReturnedToHand { card: c });
                }
            }
            Effect::Damage { amount, to } => {
                let targets = subjects(self, to, ev);
                self.deal_damage(spell, *amount, targets, ev);
            }
            Effect::Draw(n) => {
                let p = &mut self.players[controller.0];
                p.library = p.library.saturating_sub(*n);
                p.draws += n;
                ev.push(Event::Drew { player: controller, count: *n });
            }
            Effect::Counter(what) => {
                for c in subjects(self, what, ev).0 {
                    self.countered.push(c);
                    self.move_to(c, Zone::Graveyard);
                    ev.push(Event::Countered { card: c });
                }
            }
            Effect::Pump { what, power, toughness } => {
                for c in subjects(self, what, ev).0 {
                    self.pump(c, *power, *toughness, ev);
                }
            }
            Effect::GainUntilEndOfTurn { what, keyword } => {
                for c in subjects(self, what, ev).0 {
                    self.gain_until_end_of_turn(c, *keyword, ev);
                }
            }
            Effect::CreateTokens(spec) => {
                let maker = self.origin(spell);
                self.create_tokens(maker, controller, spec, ev);
            }
            Effect::Counters { what, plus, count } => {
                for c in subjects(self, what, ev).0 {
                    self.put_counters(c, *plus, *count, ev);
                }
            }
            Effect::GainLife(n) => {
                self.players[controller.0].life += *n as i32;
                let life = self.players[controller.0].life;
                ev.push(Event::LifeGained { player: controller, amount: *n, life });
            }
            Effect::LoseLife { who, amount } => {
                for p in subjects(self, who, ev).1 {
                    self.players[p.0].life -= *amount as i32;
                    let life = self.players[p.0].life;
                    ev.push(Event::LifeLost { player: p, amount: *amount, life });
                }
            }
        }
    }

    /// « +N/+N jusqu'à la fin du tour » on a creature (613.4c).
    fn pump(&mut self, c: CardIdx, power: i32, toughness: i32, ev: &mut Vec<Event>) {
        let object = self.object(c).id;
        self.pumps.push(super::Pump { card: c, object, power, toughness });
        let ch = self.chars(c);
        let pt = (ch.power.unwrap_or(0), ch.toughness.unwrap_or(0));
        ev.push(Event::Pumped { card: c, power, toughness, pt });
    }

    /// « acquiert le vol jusqu'à la fin du tour » (layer 6, 613.1f), until the cleanup.
    fn gain_until_end_of_turn(&mut self, c: CardIdx, keyword: Keyword, ev: &mut Vec<Event>) {
        let (object, timestamp) = (self.object(c).id, self.tick());
        let change = Change { gains: vec![keyword], ..Change::default() };
        self.modifications.push(Modification { card: c, object, timestamp, change, until_end_of_turn: true });
        ev.push(Event::GainedUntilEndOfTurn { card: c, keyword });
    }

    /// +1/+1 or -1/-1 counters on a permanent (122.1a).
    fn put_counters(&mut self, c: CardIdx, plus: bool, count: u32, ev: &mut Vec<Event>) {
        let o = self.object_mut(c);
        if plus {
            o.plus_counters += count;
        } else {
            o.minus_counters += count;
        }
        let ch = self.chars(c);
        let pt = (ch.power.unwrap_or(0), ch.toughness.unwrap_or(0));
        ev.push(Event::CountersPut { card: c, plus, count, pt });
    }

    /// Damage from a spell to permanents and players (120.3), prevented by
    /// protection from one of the spell's colours (702.16e).
    fn deal_damage(&mut self, spell: CardIdx, amount: u32, (cards, players): Subjects, ev: &mut Vec<Event>) {
        let colours: BTreeSet<Colour> = self.chars(spell).colours;
        for c in cards {
            let ch = self.chars(c);
            if let Some(&colour) = colours.iter().find(|col| ch.has(Keyword::Protection(**col))) {
                ev.push(Event::DamagePrevented { card: c, colour });
                continue;
            }
            self.object_mut(c).damage += amount;
            let marked = self.object(c).damage;
            ev.push(Event::DamageToPermanent { spell, card: c, amount, marked });
        }
        for p in players {
            self.players[p.0].life -= amount as i32;
            let life = self.players[p.0].life;
            ev.push(Event::DamageToPlayer { spell, player: p, amount, life });
        }
    }

    /// Destroys a permanent: indestructible and regeneration may stop it
    /// (701.8, 701.19, 702.12). Returns whether the permanent changed
    /// (destroyed or regenerated).
    pub(super) fn destroy(&mut self, card: CardIdx, may_regenerate: bool, ev: &mut Vec<Event>) -> bool {
        if self.chars(card).has(Keyword::Indestructible) {
            ev.push(Event::Indestructible { card });
            return false;
        }
        if self.object(card).shields > 0 {
            if may_regenerate {
                let o = self.object_mut(card);
                o.shields -= 1;
                o.tapped = true;
                o.damage = 0;
                ev.push(Event::Regenerated { card });
                return true;
            }
            ev.push(Event::RegenerationForbidden { card });
        }
        self.move_to(card, Zone::Graveyard);
        ev.push(Event::Destroyed { card });
        true
    }
}
