//! State-based actions (704): checked whenever a player would receive
//! priority, repeated until none applies.

use super::Game;
use crate::engine::card::CardType;
use crate::engine::event::Event;
use crate::engine::index::{ObjectId, PlayerIdx};
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

    /// 704.5f, 704.5g, 704.5 (auras): permanents put into the graveyard or
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
            if let Some((host, object)) = self.object(card).attached_to
                && (self.object(host).id != object || self.object(host).zone != Zone::Battlefield)
            {
                self.move_to(card, Zone::Graveyard);
                ev.push(Event::AuraUnattached { card });
                acted = true;
            }
        }
        acted
    }
}
