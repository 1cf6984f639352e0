//! Triggered abilities (603): a permanent's ability triggers when its event
//! happens (603.2) — it dies (700.4, looking back in time, 603.10a), it
//! enters (603.6a), it attacks (508.1m), another creature its controller
//! controls dies — and waits; the next time a player would receive
//! priority, each goes on the stack, the active player's first, then the
//! others' in turn order (APNAP, 603.3b). On the stack an ability is an
//! object of its own, not a card: it resolves with a `resoudre` step, then
//! ceases to exist.

use super::Game;
use crate::engine::card::CardType;
use crate::engine::event::Event;
use crate::engine::index::{CardIdx, ObjectId, PlayerIdx};
use crate::engine::scenario::{Card, CardKind, Zone};
use crate::engine::text::{Text, TriggerEvent};

/// An ability that triggered and waits to go on the stack.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    /// The card whose ability it is.
    source: CardIdx,
    /// Which of its triggered abilities.
    index: usize,
    /// Its controller: the source's controller when it triggered (603.3a).
    controller: PlayerIdx,
    /// The source's object when it triggered (« ~ » in its instructions).
    object: ObjectId,
}

impl Game<'_> {
    /// The abilities a zone change triggers, before the card becomes a new
    /// object: « meurt » for a creature going from the battlefield to a
    /// graveyard (700.4), « arrive » for a permanent entering.
    pub(super) fn zone_change_triggers(&mut self, card: CardIdx, to: Zone) {
        let from = self.object(card).zone;
        if from == Zone::Battlefield && to == Zone::Graveyard && self.chars(card).is(CardType::Creature) {
            let controller = self.object(card).controller;
            let moment = self.moment;
            // Only the creatures dying at this moment matter to the look-back.
            self.died.retain(|d| d.2 == moment);
            self.died.push((card, controller, moment));
            self.trigger(card, TriggerEvent::Dies);
            // Look back (603.10a): a permanent that leaves at the same moment still sees it.
            let watches =
                |c: &Card| c.text.triggers.iter().any(|t| t.event == TriggerEvent::AnotherCreatureYouControlDies);
            let watchers: Vec<CardIdx> = self
                .all_cards()
                .filter(|&w| w != card && watches(&self.cards[w.0]))
                .filter(|&w| {
                    let o = self.object(w);
                    let here = o.zone == Zone::Battlefield && o.controller == controller;
                    here || self.died.iter().any(|d| d.0 == w && d.1 == controller)
                })
                .collect();
            for w in watchers {
                self.trigger(w, TriggerEvent::AnotherCreatureYouControlDies);
            }
        }
        if to == Zone::Battlefield && from != Zone::Battlefield {
            self.after_move.push(card);
        }
    }

    /// The abilities of permanents that entered, once they are on the battlefield.
    pub(super) fn entered_triggers(&mut self) {
        for card in std::mem::take(&mut self.after_move) {
            if self.object(card).zone == Zone::Battlefield {
                self.trigger(card, TriggerEvent::Enters);
            }
        }
    }

    /// Each triggered ability of `card` waiting for `event` triggers.
    pub(super) fn trigger(&mut self, card: CardIdx, event: TriggerEvent) {
        let (controller, object) = (self.object(card).controller, self.object(card).id);
        let text = &self.cards[card.0].text;
        for (index, t) in text.triggers.iter().enumerate() {
            if t.event == event {
                self.pending_triggers.push(Pending { source: card, index, controller, object });
            }
        }
    }

    /// The next moment: what happens in one instruction or one pass of
    /// state-based actions happens at once.
    pub(super) fn next_moment(&mut self) {
        self.moment += 1;
    }

    /// 603.3: the abilities waiting go on the stack, in APNAP order
    /// (603.3b): the active player's first, so that they resolve last.
    pub(super) fn stack_triggers(&mut self, ev: &mut Vec<Event>) {
        self.entered_triggers();
        if self.pending_triggers.is_empty() || self.over() {
            self.pending_triggers.clear();
            return;
        }
        let n = self.players.len();
        let mut pending = std::mem::take(&mut self.pending_triggers);
        // More than a step may give: the trace stops on the events budget
        // anyway, without making the abilities beyond it.
        pending.truncate(crate::engine::trace::MAX_EVENTS_PER_STEP + 1);
        pending.sort_by_key(|p| p.controller.0 % n);
        let players: Vec<PlayerIdx> = {
            let mut ps: Vec<PlayerIdx> = pending.iter().map(|p| p.controller).collect();
            ps.dedup();
            ps
        };
        for p in pending {
            let source = &self.cards[p.source.0];
            let trigger = source.text.triggers[p.index].clone();
            let number = self.cards.iter().filter(|c| matches!(c.kind, CardKind::Ability { .. })).count() + 1;
            let ability = Card {
                id: format!("{}-capacite-{number}", source.id),
                name: format!("Capacité {}", crate::engine::wording::de(&source.name)),
                type_line: Default::default(),
                colours: self.chars(p.source).colours,
                text: Text { effects: trigger.effects.clone(), ..Text::default() },
                printed: trigger.sentence.clone(),
                keywords: Vec::new(),
                power: None,
                toughness: None,
                owner: p.controller,
                controller: p.controller,
                zone: Zone::Nowhere,
                kind: CardKind::Ability { source: p.source, object: p.object },
            };
            let idx = self.add_card(ability);
            self.move_to(idx, Zone::Stack);
            ev.push(Event::Triggered {
                ability: idx,
                source: p.source,
                controller: p.controller,
                event: trigger.event,
                sentence: trigger.sentence.replace('~', &self.cards[p.source.0].name),
            });
        }
        if players.len() > 1 {
            ev.push(Event::TriggersInApnapOrder { players });
        }
    }
}
