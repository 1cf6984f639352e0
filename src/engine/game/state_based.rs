//! State-based actions (704): checked whenever a player would receive
//! priority, repeated until none applies.

use super::Game;
use crate::engine::card::{CardType, Enchant, Keyword};
use crate::engine::event::{AuraFalls, Event};
use crate::engine::index::{CardIdx, ObjectId, PlayerIdx};
use crate::engine::scenario::Zone;

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
        while self.players_lose(ev) | self.permanents_go(&mut survivors, ev) {}
        if ev.len() > start {
            ev.insert(start, Event::StateBasedActions);
        }
    }

    /// Whether a state-based action would apply now: a player at 0 life or
    /// less, a creature with lethal damage or toughness 0 (704.5a, f, g).
    pub(super) fn state_based_actions_pending(&self) -> bool {
        let player = self.players.iter().any(|p| p.life <= 0 && !p.lost);
        let creature = self.all_cards().any(|c| {
            let ch = self.chars(c);
            let toughness = ch.toughness.unwrap_or(0);
            self.object(c).zone == Zone::Battlefield
                && ch.is(CardType::Creature)
                && (toughness <= 0 || self.object(c).damage as i32 >= toughness)
                && !ch.has(Keyword::Indestructible)
        });
        player || creature
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
            let ch = self.chars(card);
            if ch.is(CardType::Creature) {
                let toughness = ch.toughness.unwrap_or(0);
                if toughness <= 0 {
                    self.move_to(card, Zone::Graveyard);
                    ev.push(Event::ZeroToughness { card, toughness });
                    acted = true;
                    continue;
                }
                let (id, damage) = (self.object(card).id, self.object(card).damage);
                if damage as i32 >= toughness && !survivors.contains(&id) {
                    ev.push(Event::LethalDamage { card, damage, toughness });
                    if self.destroy(card, true, ev) {
                        acted = true;
                    } else {
                        survivors.push(id);
                    }
                    continue;
                }
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
