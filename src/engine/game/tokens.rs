//! Tokens (111): made by an instruction « Créez un jeton de créature… »,
//! owned and controlled by the player whose spell or ability made them
//! (111.2), named by their types (111.4), and gone as soon as they are in
//! any zone but the battlefield (704.5d, 111.7).
//!
//! A token's id is `<id of the card that made it>-jeton-<n>`; a scenario
//! that names one in a step has its card ready before the game starts
//! ([`crate::engine::scenario`]), others are added when made.

use std::sync::Arc;

use super::{Game, Object};
use crate::engine::card::{CardType, TypeLine};
use crate::engine::event::Event;
use crate::engine::index::{CardIdx, ObjectId, PlayerIdx};
use crate::engine::scenario::{Card, CardKind, Zone};
use crate::engine::text::{Text, TokenSpec};

impl Game<'_> {
    /// Makes the tokens of `spec` for `controller`, on behalf of `maker`
    /// (the card whose text says so); each enters the battlefield (603.6a).
    pub(super) fn create_tokens(
        &mut self,
        maker: CardIdx,
        controller: PlayerIdx,
        spec: &TokenSpec,
        ev: &mut Vec<Event>,
    ) {
        for _ in 0..spec.count {
            let n = match self.tokens_made.iter_mut().find(|m| m.0 == maker) {
                Some(m) => {
                    m.1 += 1;
                    m.1
                }
                None => {
                    self.tokens_made.push((maker, 1));
                    1
                }
            };
            let card = token_card(&self.cards[maker.0].id, maker, n, controller, spec);
            let token = match self.cards.iter().position(|c| c.id == card.id) {
                Some(i) => {
                    self.cards[i] = Arc::new(card);
                    CardIdx(i)
                }
                None => self.add_card(card),
            };
            self.move_to(token, Zone::Battlefield);
            ev.push(Event::TokenCreated { token, maker, controller });
        }
    }

    /// A card of the game that the scenario does not declare (a token, a
    /// triggered ability), in no zone yet.
    pub(super) fn add_card(&mut self, card: Card) -> CardIdx {
        let controller = card.controller;
        self.cards.push(Arc::new(card));
        self.objects.push(Object {
            id: ObjectId(0),
            zone: Zone::Nowhere,
            controller,
            damage: 0,
            shields: 0,
            tapped: false,
            timestamp: 0,
            targets: Vec::new(),
            attached_to: None,
            plus_counters: 0,
            minus_counters: 0,
            deathtouched: false,
        });
        CardIdx(self.cards.len() - 1)
    }

    /// 704.5d: tokens in any zone but the battlefield cease to exist.
    pub(super) fn tokens_cease(&mut self, ev: &mut Vec<Event>) -> bool {
        let gone: Vec<(CardIdx, Zone)> = self
            .all_cards()
            .filter(|&c| matches!(self.cards[c.0].kind, CardKind::Token { .. }))
            .map(|c| (c, self.object(c).zone))
            .filter(|&(_, z)| !matches!(z, Zone::Battlefield | Zone::Nowhere))
            .collect();
        for &(token, zone) in &gone {
            self.stack.retain(|&s| s != token);
            self.object_mut(token).zone = Zone::Nowhere;
            ev.push(Event::TokenCeases { token, zone });
        }
        !gone.is_empty()
    }
}

/// The token card: « Jeton Soldat », a creature of the types named (111.4).
pub(crate) fn token_card(maker_id: &str, maker: CardIdx, n: u32, controller: PlayerIdx, spec: &TokenSpec) -> Card {
    let mut type_line = TypeLine::default();
    type_line.types.insert(CardType::Creature);
    type_line.subtypes = spec.subtypes.iter().map(|t| t.to_lowercase()).collect();
    Card {
        id: format!("{maker_id}-jeton-{n}"),
        name: format!("Jeton {}", spec.subtypes.join(" ")),
        type_line,
        colours: spec.colours.iter().copied().collect(),
        text: Text::default(),
        printed: String::new(),
        keywords: spec.keywords.clone(),
        power: Some(spec.power),
        toughness: Some(spec.toughness),
        owner: controller,
        controller,
        zone: Zone::Nowhere,
        kind: CardKind::Token { maker, n },
    }
}
