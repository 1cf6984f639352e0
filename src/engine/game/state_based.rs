//! State-based actions (704): checked whenever a player would receive
//! priority, repeated until none applies.

use super::Game;
use crate::engine::card::{CardType, Enchant, Keyword};
use crate::engine::event::{AuraFalls, Event};
use crate::engine::index::{CardIdx, ObjectId, PlayerIdx};
use crate::engine::scenario::{CardKind, Zone};

/// What a creature is in for (704.5f, 704.5g).
enum CreatureCondition {
    /// Toughness 0 or less (its value).
    ZeroToughness(i32),
    /// Damage marked, toughness.
    LethalDamage(u32, i32),
    /// Dealt damage by a source with deathtouch (704.5h).
    Deathtouch,
}

impl Game<'_> {
    /// State-based actions, until none applies (704.3); announced by
    /// [`Event::StateBasedActions`] when any does.
    ///
    /// Each pass either moves an object, removes damage (regeneration) or
    /// makes a player lose, so the loop ends; an indestructible creature with
    /// lethal damage stays, and is reported once.
    pub(super) fn state_based_actions(&mut self, ev: &mut Vec<Event>) {
        let start = ev.len();
        let mut survivors: Vec<ObjectId> = Vec::new();
        loop {
            self.next_moment();
            let acted = self.players_lose(ev)
                | self.permanents_go(&mut survivors, ev)
                | self.legend_rule(ev)
                | self.counters_cancel(ev)
                | self.tokens_cease(ev);
            // 704.5h looks at damage since the last check only.
            for o in &mut self.objects {
                o.deathtouched = false;
            }
            if !acted {
                break;
            }
        }
        if ev.len() > start {
            ev.insert(start, Event::StateBasedActions);
        }
    }

    /// Whether a state-based action would apply now: a player at 0 life or
    /// less, a creature with lethal damage or toughness 0 (704.5a, f, g).
    /// An indestructible creature with lethal damage is not counted: nothing
    /// would happen to it (702.12b).
    pub(super) fn state_based_actions_pending(&self) -> bool {
        let player = self.players.iter().any(|p| p.life <= 0 && !p.lost);
        let permanent = self.all_cards().any(|c| match self.creature_condition(c) {
            Some(CreatureCondition::ZeroToughness(_)) => true,
            Some(CreatureCondition::LethalDamage(..) | CreatureCondition::Deathtouch) => {
                !self.chars(c).has(Keyword::Indestructible)
            }
            None => self.aura_illegally_attached(c).is_some(),
        });
        player || permanent || self.legend_group().is_some()
    }

    /// 704.5f and 704.5g: what a creature on the battlefield is in for.
    fn creature_condition(&self, card: CardIdx) -> Option<CreatureCondition> {
        let ch = self.chars(card);
        if self.object(card).zone != Zone::Battlefield || !ch.is(CardType::Creature) {
            return None;
        }
        let toughness = ch.toughness.unwrap_or(0);
        let damage = self.object(card).damage;
        if toughness <= 0 {
            Some(CreatureCondition::ZeroToughness(toughness))
        } else if damage as i32 >= toughness {
            Some(CreatureCondition::LethalDamage(damage, toughness))
        } else if self.object(card).deathtouched {
            Some(CreatureCondition::Deathtouch)
        } else {
            None
        }
    }

    /// 704.5j: two or more legendary permanents with the same name under one
    /// player's control; the player keeps one, the others go to their
    /// owners' graveyards (not destroyed). The choice is the next step's when
    /// it is a `legende` step, else the newest permanent is kept. Whether
    /// anything moved.
    fn legend_rule(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(group) = self.legend_group() else {
            return false;
        };
        let player = self.object(group[0]).controller;
        if self.legend_choice_next {
            if self.pending_legend != group {
                self.pending_legend = group.clone();
                ev.push(Event::LegendRulePending { player, cards: group });
            }
            return false;
        }
        let kept = *group.iter().max_by_key(|&&c| self.object(c).id).expect("a group has two cards");
        self.keep_legend(player, kept, &group, false, ev);
        true
    }

    /// The first set of legendary permanents with one name and one controller,
    /// when there are two or more.
    fn legend_group(&self) -> Option<Vec<CardIdx>> {
        let legends: Vec<CardIdx> = self
            .all_cards()
            .filter(|&c| self.object(c).zone == Zone::Battlefield)
            .filter(|&c| self.chars(c).type_line.supertypes.contains("légendaire"))
            .collect();
        legends.iter().find_map(|&c| {
            let same: Vec<CardIdx> = legends
                .iter()
                .copied()
                .filter(|&d| {
                    self.card(d).name == self.card(c).name && self.object(d).controller == self.object(c).controller
                })
                .collect();
            (same.len() > 1).then_some(same)
        })
    }

    /// Keeps one legendary permanent of a group; the others go to the graveyard.
    fn keep_legend(&mut self, player: PlayerIdx, kept: CardIdx, group: &[CardIdx], chosen: bool, ev: &mut Vec<Event>) {
        let others: Vec<CardIdx> = group.iter().copied().filter(|&c| c != kept).collect();
        for &c in &others {
            self.move_to(c, Zone::Graveyard);
        }
        ev.push(Event::LegendRule { player, kept, others, chosen });
    }

    /// A `legende` step: the permanent kept from the group waiting (704.5j),
    /// then the state-based actions go on.
    pub(super) fn choose_legend(&mut self, keep: CardIdx, ev: &mut Vec<Event>) {
        let group = std::mem::take(&mut self.pending_legend);
        if !group.contains(&keep) {
            ev.push(Event::NoLegendChoice { card: keep });
            return;
        }
        let player = self.object(keep).controller;
        let start = ev.len();
        self.keep_legend(player, keep, &group, true, ev);
        self.state_based_actions(ev);
        ev.insert(start, Event::StateBasedActions);
    }

    /// 704.5q: +1/+1 and -1/-1 counters on one permanent are removed in pairs.
    fn counters_cancel(&mut self, ev: &mut Vec<Event>) -> bool {
        let mut acted = false;
        for card in self.all_cards().collect::<Vec<_>>() {
            let o = self.object_mut(card);
            let pairs = o.plus_counters.min(o.minus_counters);
            if o.zone == Zone::Battlefield && pairs > 0 {
                o.plus_counters -= pairs;
                o.minus_counters -= pairs;
                ev.push(Event::CountersCancel { card, pairs });
                acted = true;
            }
        }
        acted
    }

    /// 800.4a: in a multiplayer game, a player who loses leaves it: the
    /// objects they own leave the game, their abilities on the stack cease
    /// to exist, the objects they still control are exiled.
    fn leave_game(&mut self, player: PlayerIdx, ev: &mut Vec<Event>) {
        let mut gone = Vec::new();
        for c in self.all_cards().collect::<Vec<_>>() {
            let owned = self.cards[c.0].owner == player;
            let ability = matches!(self.cards[c.0].kind, CardKind::Ability { .. });
            let here = self.object(c).zone != Zone::Nowhere;
            if here && (owned || ability && self.object(c).controller == player) {
                self.stack.retain(|&s| s != c);
                self.object_mut(c).zone = Zone::Nowhere;
                gone.push(c);
            }
        }
        let exiled: Vec<CardIdx> = self
            .all_cards()
            .filter(|&c| self.object(c).zone == Zone::Battlefield && self.object(c).controller == player)
            .collect();
        for &c in &exiled {
            self.move_to(c, Zone::Exile);
        }
        ev.push(Event::PlayerLeavesGame { player, gone, exiled });
    }

    /// 704.5a: a player at 0 life or less loses. Whether any did.
    fn players_lose(&mut self, ev: &mut Vec<Event>) -> bool {
        let mut acted = false;
        for p in 0..self.players.len() {
            let player = &mut self.players[p];
            if player.life <= 0 && !player.lost {
                player.lost = true;
                ev.push(Event::PlayerLoses { player: PlayerIdx(p), life: player.life });
                acted = true;
                if self.players.len() >= 3 {
                    self.leave_game(PlayerIdx(p), ev);
                }
            }
        }
        acted
    }

    /// 704.5f, 704.5g, 704.5m (auras): permanents put into the graveyard or
    /// destroyed. Whether anything changed; `survivors` are the objects with
    /// lethal damage already reported that were not destroyed.
    fn permanents_go(&mut self, survivors: &mut Vec<ObjectId>, ev: &mut Vec<Event>) -> bool {
        let mut acted = false;
        for card in self.all_cards() {
            if self.object(card).zone != Zone::Battlefield {
                continue;
            }
            match self.creature_condition(card) {
                Some(CreatureCondition::ZeroToughness(toughness)) => {
                    self.move_to(card, Zone::Graveyard);
                    ev.push(Event::ZeroToughness { card, toughness });
                    acted = true;
                    continue;
                }
                Some(CreatureCondition::LethalDamage(damage, toughness)) => {
                    let id = self.object(card).id;
                    if !survivors.contains(&id) {
                        ev.push(Event::LethalDamage { card, damage, toughness });
                        if self.destroy(card, true, ev) {
                            acted = true;
                        } else {
                            survivors.push(id);
                        }
                        continue;
                    }
                }
                Some(CreatureCondition::Deathtouch) => {
                    let id = self.object(card).id;
                    if !survivors.contains(&id) {
                        ev.push(Event::DeathtouchDamage { card });
                        if self.destroy(card, true, ev) {
                            acted = true;
                        } else {
                            survivors.push(id);
                        }
                        continue;
                    }
                }
                None => {}
            }
            if let Some(why) = self.aura_illegally_attached(card) {
                self.move_to(card, Zone::Graveyard);
                ev.push(Event::AuraUnattached { card, why });
                acted = true;
            }
        }
        acted
    }

    /// 704.5m: why an Aura on the battlefield must go to the graveyard, if
    /// it must — attached to nothing (the object it enchanted left, 400.7),
    /// to an object its enchant ability does not allow (303.4c), or to a
    /// permanent with protection from one of its colours (702.16c). An Aura
    /// on the battlefield does not target (115.1b): hexproof and shroud
    /// never make it fall.
    fn aura_illegally_attached(&self, card: CardIdx) -> Option<AuraFalls> {
        let enchant = self.card(card).enchant()?;
        let Some((host, object)) = self.object(card).attached_to else {
            return Some(AuraFalls::NotAttached);
        };
        if self.object(host).id != object || self.object(host).zone != Zone::Battlefield {
            return Some(AuraFalls::NotAttached);
        }
        let host_chars = self.chars(host);
        let allowed = match enchant {
            Enchant::Creature => host_chars.is(CardType::Creature),
            Enchant::Land => host_chars.is(CardType::Land),
            Enchant::Artifact => host_chars.is(CardType::Artifact),
            Enchant::Permanent => true,
        };
        if !allowed {
            return Some(AuraFalls::NotEnchantable { host, enchant });
        }
        let aura_colours = self.chars(card).colours;
        aura_colours
            .iter()
            .find(|c| host_chars.has(Keyword::Protection(**c)))
            .map(|&colour| AuraFalls::Protection { host, colour })
    }
}
