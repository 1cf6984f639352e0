//! Legal targets: what a spell may target, checked on casting (601.2c) and
//! again on resolution (608.2b).

use super::{Chosen, Game};
use crate::engine::card::{CardType, Enchant, Keyword};
use crate::engine::event::Illegal;
use crate::engine::index::{CardIdx, ObjectId, PlayerIdx};
use crate::engine::scenario::{Choice, Zone};
use crate::engine::text::{TargetKind, TargetSpec};

impl Game<'_> {
    /// Why a target is not legal for a spell, or `None` when it is (115, 608.2b).
    pub(super) fn illegal(&self, spell: CardIdx, spec: &TargetSpec, chosen: &Chosen) -> Option<Illegal> {
        match chosen.choice {
            Choice::Player(p) => self.illegal_player(spell, spec, p),
            Choice::Card(t) => self.illegal_card(spell, spec, t, chosen.object),
        }
    }

    /// A player as a target: a target that allows players, still in the
    /// game, within range (115.1, 800.4, 801.4).
    fn illegal_player(&self, spell: CardIdx, spec: &TargetSpec, player: PlayerIdx) -> Option<Illegal> {
        let caster = self.object(spell).controller;
        if !matches!(spec.kind, TargetKind::Player | TargetKind::Any | TargetKind::CreatureOrPlayer) {
            return Some(Illegal::NotAPlayer { player, phrase: spec.phrase.clone() });
        }
        if self.players[player.0].lost {
            return Some(Illegal::PlayerLeft { player });
        }
        if !self.in_range(caster, player) {
            return Some(Illegal::PlayerOutOfRange { player, caster });
        }
        None
    }

    /// A card as a target: the same object, in the right zone, of the right
    /// kind, and one the spell may target (115, 608.2b, 702).
    fn illegal_card(&self, spell: CardIdx, spec: &TargetSpec, card: CardIdx, object: ObjectId) -> Option<Illegal> {
        let caster = self.object(spell).controller;
        let o = self.object(card);
        if o.id != object {
            return Some(Illegal::NewObject { card });
        }
        let expected = if spec.kind == TargetKind::Spell { Zone::Stack } else { Zone::Battlefield };
        if o.zone != expected {
            return Some(Illegal::WrongZone { card, expected });
        }
        let c = self.chars(card);
        let kind_ok = match spec.kind {
            TargetKind::Creature | TargetKind::CreatureOrPlayer => c.is(CardType::Creature),
            TargetKind::Enchantment => c.is(CardType::Enchantment),
            TargetKind::Land => c.is(CardType::Land),
            TargetKind::Artifact => c.is(CardType::Artifact),
            TargetKind::Permanent | TargetKind::Spell => true,
            TargetKind::Player => false,
            TargetKind::Any => c.is(CardType::Creature) || c.is(CardType::Planeswalker),
        };
        let phrase = || spec.phrase.clone();
        if !kind_ok {
            return Some(Illegal::WrongKind { card, phrase: phrase() });
        }
        if let Some(&colour) = spec.not_colours.iter().find(|col| c.colours.contains(col)) {
            return Some(Illegal::ExcludedColour { card, colour, phrase: phrase() });
        }
        if let Some(&card_type) = spec.not_types.iter().find(|ty| c.is(**ty)) {
            return Some(Illegal::ExcludedType { card, card_type, phrase: phrase() });
        }
        let spell_colours = self.chars(spell).colours;
        if let Some(&colour) = spell_colours.iter().find(|col| c.has(Keyword::Protection(**col))) {
            return Some(Illegal::Protection { card, colour, spell });
        }
        if c.has(Keyword::Shroud) {
            return Some(Illegal::Shroud { card });
        }
        if c.has(Keyword::Hexproof) && o.controller != caster {
            return Some(Illegal::Hexproof { card, caster });
        }
        if !self.in_range(caster, o.controller) {
            return Some(Illegal::ControllerOutOfRange { card, caster });
        }
        None
    }

    /// The specs of a spell's targets: its text's, or its « enchanter ».
    pub(super) fn specs(&self, spell: CardIdx) -> Vec<TargetSpec> {
        let card = self.card(spell);
        let mut specs = card.text.targets.clone();
        if let Some(e) = card.enchant() {
            let (kind, phrase) = match e {
                Enchant::Creature => (TargetKind::Creature, "une créature"),
                Enchant::Land => (TargetKind::Land, "un terrain"),
                Enchant::Artifact => (TargetKind::Artifact, "un artefact"),
                Enchant::Permanent => (TargetKind::Permanent, "un permanent"),
            };
            specs.push(TargetSpec { kind, not_colours: vec![], not_types: vec![], phrase: phrase.into() });
        }
        specs
    }
}
