//! What the engine decided: events as data, each with the rules it applies.
//!
//! [`super::game::Game::play`] returns events; they name cards, players and
//! objects by index ([`super::index`]) and carry the numbers of the moment
//! (damage marked, life total). Nothing here is in French: the sentences a
//! judge reads are made from these events by [`super::wording`], in one
//! place. Tests assert on events.

use std::collections::BTreeSet;

use super::card::{CardType, Colour, Enchant, Keyword, TypeLine};
use super::index::{CardIdx, ObjectId, PlayerIdx};
use super::scenario::{Change, Choice, Zone};
use super::text::TriggerEvent;
use crate::vocab::RuleId;

/// Rule numbers written in the engine, read when the program is built
/// ([`RuleId::known`]): `rule_ids!["608.2b", "400.7"]` is a
/// `&'static [RuleId; 2]`, and a malformed number does not build.
macro_rules! rule_ids {
    ($($rule:literal),+ $(,)?) => {
        const { &[$(RuleId::known($rule)),+] }
    };
}

/// One thing that happened, with the data to explain it.
///
/// Fields are named for what they hold: `card` the card concerned, `spell`
/// the spell resolving or cast, `player` a player, `caster` the spell's
/// controller, `instance` the target instance (0 for the first « cible »),
/// `phrase` the words of the target as printed, `target` what was chosen for
/// it. Numbers are those after the event (`life` the new total).
#[allow(missing_docs)] // the fields are described above, once for all variants
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A card moved by a `deplacer` step: a new object (400.7).
    Moved { card: CardIdx, from: Zone, to: Zone, old: ObjectId, new: ObjectId },
    /// A regeneration shield on a permanent (701.19a).
    ShieldAdded { card: CardIdx },
    /// Regeneration of a card that is not on the battlefield (701.19a).
    RegenerationWithoutEffect { card: CardIdx },
    /// A land cannot be cast (305.1).
    LandNotCast { card: CardIdx },
    /// Only a card in hand can be cast here (601.2a, 601.3).
    NotInHand { card: CardIdx, zone: Zone },
    /// A player casts a card: it goes on the stack (601.2).
    Cast { player: PlayerIdx, card: CardIdx },
    /// A legal target chosen on casting (601.2c); `again` when the same
    /// target was chosen for an earlier instance (115.3).
    TargetChosen { instance: usize, phrase: String, target: Choice, again: bool },
    /// An illegal target on casting: the cast is reversed (601.2c, 732.1).
    CastIllegal { instance: usize, phrase: String, target: Choice, why: Illegal },
    /// A continuous effect from a `modifier` step (611.2c, 613); `pt` the
    /// power and toughness that result when the change sets them.
    Modified { card: CardIdx, change: Change, pt: Option<(i32, i32)>, timestamp: u64 },
    /// Nothing on the stack to resolve (608.1).
    NothingToResolve,
    /// The top of the stack resolves (608.1).
    Resolves { spell: CardIdx },
    /// A target still legal on resolution (608.2b).
    TargetStillLegal { instance: usize, phrase: String, target: Choice },
    /// A target illegal on resolution (608.2b).
    TargetIllegal { instance: usize, phrase: String, target: Choice, why: Illegal },
    /// Every target illegal: the spell doesn't resolve (608.2b); `aura`
    /// for an aura spell (608.3b), `draws` when its text draws cards.
    DoesNotResolve { spell: CardIdx, aura: bool, draws: bool },
    /// The French text of a rule applied says what the rules in force no
    /// longer say.
    OlderFrenchText { divergence: Divergence },
    /// An aura spell becomes a permanent attached to its target (608.3c).
    AuraAttached { card: CardIdx, controller: PlayerIdx, host: Choice },
    /// A permanent spell becomes a permanent (608.3).
    PermanentEntered { card: CardIdx, controller: PlayerIdx },
    /// The next instruction of the spell, in the order written (608.2c).
    Instruction { sentence: String },
    /// An instant or sorcery goes to the graveyard (608.2n).
    ResolutionEnds { spell: CardIdx },
    /// A part of the spell aimed at an illegal target does nothing (608.2b).
    PartWithoutTarget { part: String, target: Option<Choice> },
    /// « non-noire »: a creature of that colour is not concerned (608.2j);
    /// `colours` are the creature's.
    ColourExcluded { card: CardIdx, colours: BTreeSet<Colour>, colour: Colour },
    /// « noire »: a creature without that colour is not concerned (608.2j).
    ColourMissing { card: CardIdx, colours: BTreeSet<Colour>, colour: Colour },
    /// « noire »: a creature of that colour and others is concerned (608.2j).
    ColourMatches { card: CardIdx, colours: BTreeSet<Colour>, colour: Colour },
    /// A permanent whose controller is out of the caster's range of
    /// influence is not affected (801.10).
    ControllerOutOfRange { card: CardIdx, controller: PlayerIdx, caster: PlayerIdx },
    /// A player out of the caster's range of influence is not affected (801.10).
    PlayerOutOfRange { player: PlayerIdx, caster: PlayerIdx },
    /// A land that is a creature through a static ability, keeping its
    /// other types (205.1b, 611.3a).
    AnimatedLand { card: CardIdx, power: i32, toughness: i32, type_line: TypeLine },
    /// Exiled (701.13a); `not_destruction` when the card is indestructible
    /// or has a regeneration shield, which do not stop exile.
    Exiled { card: CardIdx, not_destruction: bool },
    /// Returned to its owner's hand (400.7).
    ReturnedToHand { card: CardIdx },
    /// Damage prevented by protection from the source's colour (702.16e).
    DamagePrevented { card: CardIdx, colour: Colour },
    /// Damage dealt to a permanent; `marked` the damage it now has (120.3e).
    DamageToPermanent { spell: CardIdx, card: CardIdx, amount: u32, marked: u32 },
    /// Damage dealt to a player, who loses that much life (120.3a).
    DamageToPlayer { spell: CardIdx, player: PlayerIdx, amount: u32, life: i32 },
    /// Cards drawn (121.1).
    Drew { player: PlayerIdx, count: u32 },
    /// A spell countered by a spell (701.6a).
    Countered { card: CardIdx },
    /// Life gained (119.3).
    LifeGained { player: PlayerIdx, amount: u32, life: i32 },
    /// Life lost (119.3).
    LifeLost { player: PlayerIdx, amount: u32, life: i32 },
    /// Indestructible: not destroyed (702.12b).
    Indestructible { card: CardIdx },
    /// Regenerated instead of destroyed (701.19a, 701.8c).
    Regenerated { card: CardIdx },
    /// A regeneration shield that the effect forbids (701.19a).
    RegenerationForbidden { card: CardIdx },
    /// Destroyed: put into its owner's graveyard (701.8a).
    Destroyed { card: CardIdx },
    /// The legend rule applies, and the next step says which one the player
    /// keeps (704.5j).
    LegendRulePending { player: PlayerIdx, cards: Vec<CardIdx> },
    /// The legend rule (704.5j): `kept` stays, `others` go to their owners'
    /// graveyards; `chosen` when a `legende` step chose, else the newest.
    LegendRule { player: PlayerIdx, kept: CardIdx, others: Vec<CardIdx>, chosen: bool },
    /// A `legende` step with no legend rule waiting for that card.
    NoLegendChoice { card: CardIdx },
    /// « +N/+N jusqu'à la fin du tour » on a creature (613.4c, 611.2a);
    /// `pt` its power and toughness now.
    Pumped { card: CardIdx, power: i32, toughness: i32, pt: (i32, i32) },
    /// Counters put on a permanent (122.1a, 613.4c); `pt` its power and toughness now.
    CountersPut { card: CardIdx, plus: bool, count: u32, pt: (i32, i32) },
    /// +1/+1 and -1/-1 counters removed in pairs (704.5q).
    CountersCancel { card: CardIdx, pairs: u32 },
    /// The cleanup step (514.2): damage removed from these permanents, the
    /// effects « jusqu'à la fin du tour » on these end.
    Cleanup { damage_removed: Vec<CardIdx>, effects_ended: Vec<CardIdx> },
    /// The state-based actions are checked (704.3); the events they make follow.
    StateBasedActions,
    /// A player at 0 life or less loses (704.5a).
    PlayerLoses { player: PlayerIdx, life: i32 },
    /// A creature with toughness 0 or less goes to the graveyard (704.5f).
    ZeroToughness { card: CardIdx, toughness: i32 },
    /// A creature with lethal damage is destroyed (704.5g).
    LethalDamage { card: CardIdx, damage: u32, toughness: i32 },
    /// A permanent with protection from a colour of the spell, reached by an
    /// instruction that does not target it: protection does not stop it
    /// (702.16b: it stops targeting, not effects).
    ProtectionDoesNotStop { card: CardIdx, colour: Colour },
    /// A permanent that an Aura enchants gains hexproof or shroud: the Aura
    /// stays, an Aura permanent targets nothing (115.1b).
    AuraDoesNotTarget { aura: CardIdx, host: CardIdx, keyword: Keyword },
    /// The spell resolves: `legal` of its `targets` target instances are
    /// still legal (608.2b), or it has no target (608.2c, 608.3a), the
    /// conclusion a judge needs.
    Conclusion { spell: CardIdx, legal: usize, targets: usize, permanent: bool },
    /// A player at 0 life or a creature with lethal damage in the middle of
    /// a resolution: the state-based actions wait for its end (704.3, 608.2c).
    StateBasedActionsWait,
    /// An aura attached to nothing legal goes to the graveyard (704.5m).
    AuraUnattached { card: CardIdx, why: AuraFalls },
    /// Attackers declared (508.1a): `tapped` tap (508.1f), `vigilant` do not (702.20b).
    AttackersDeclared { attackers: Vec<CardIdx>, defender: PlayerIdx, tapped: Vec<CardIdx>, vigilant: Vec<CardIdx> },
    /// Blockers declared (509.1a): each (blocker, attacker); the attackers
    /// blocked (509.1h) and those not.
    BlockersDeclared { blocks: Vec<(CardIdx, CardIdx)>, unblocked: Vec<CardIdx> },
    /// A flying attacker blocked by a creature with flying or reach (702.9b, 702.17b).
    FlyingBlocked { blocker: CardIdx, attacker: CardIdx, reach: bool },
    /// An attacker with menace blocked by `blockers` creatures (702.111b).
    MenaceBlocked { attacker: CardIdx, blockers: usize },
    /// A combat damage step begins (510.1, 510.4): `first_strike` for the
    /// first-strike step; `dealing` the creatures that assign damage in it,
    /// `waiting` those that wait for the regular step.
    DamageStep { first_strike: bool, dealing: Vec<CardIdx>, waiting: Vec<CardIdx> },
    /// How an attacker assigns its damage (510.1c, 702.19b): `chosen` when
    /// `repartition` says so, else the default; `lethal` the lethal damage
    /// of each blocker (702.19b, 702.2c with `deathtouch`).
    Assigned {
        attacker: CardIdx,
        shares: Vec<(Choice, u32)>,
        chosen: bool,
        trample: bool,
        deathtouch: bool,
        lethal: Vec<(CardIdx, u32)>,
    },
    /// A blocked attacker with no blocker left: no damage (510.1c), or all
    /// to the player with trample (702.19d).
    NoBlockerLeft { attacker: CardIdx, trample: bool },
    /// Combat damage dealt to a creature (510.2, 120.3e); `deathtouch` when
    /// its source has deathtouch (702.2b).
    CombatDamageToCreature { source: CardIdx, card: CardIdx, amount: u32, marked: u32, deathtouch: bool },
    /// Combat damage dealt to a player (510.2, 120.3a).
    /// `unblocked` when the source is an unblocked attacker (510.1b).
    CombatDamageToPlayer { source: CardIdx, player: PlayerIdx, amount: u32, life: i32, unblocked: bool },
    /// Combat damage prevented by protection from the source's colour (702.16e).
    CombatDamagePrevented { source: CardIdx, card: CardIdx, colour: Colour },
    /// Lifelink: the source's controller gains as much life as it dealt damage (702.15b, 120.3f).
    Lifelink { source: CardIdx, player: PlayerIdx, amount: u32, life: i32 },
    /// A creature dealt damage by a source with deathtouch is destroyed (704.5h).
    DeathtouchDamage { card: CardIdx },
    /// A token created (111.1), owned and controlled by `controller` (111.2).
    TokenCreated { token: CardIdx, maker: CardIdx, controller: PlayerIdx },
    /// A token in a zone other than the battlefield ceases to exist (704.5d, 111.7).
    TokenCeases { token: CardIdx, zone: Zone },
    /// A triggered ability of `source` triggered (603.2) and goes on the
    /// stack as `ability` (603.3), controlled by `controller` (603.3a).
    Triggered { ability: CardIdx, source: CardIdx, controller: PlayerIdx, event: TriggerEvent, sentence: String },
    /// Abilities of several players went on the stack in APNAP order (603.3b).
    TriggersInApnapOrder { players: Vec<PlayerIdx> },
    /// The triggered ability at the top of the stack resolves (608.2).
    AbilityResolves { ability: CardIdx, source: CardIdx },
    /// The ability's resolution ends: it ceases to exist (608.2n).
    AbilityEnds { ability: CardIdx },
    /// « ~ » in an ability whose source is no longer the object it was (400.7):
    /// that instruction does nothing to it.
    SourceGone { card: CardIdx },
    /// A creature gains an ability until end of turn (611.2a, 613.1f).
    GainedUntilEndOfTurn { card: CardIdx, keyword: Keyword },
    /// A player who lost leaves a multiplayer game (800.4a): `gone` the
    /// objects they owned (and their abilities on the stack), `exiled` those
    /// of others they still controlled.
    PlayerLeavesGame { player: PlayerIdx, gone: Vec<CardIdx>, exiled: Vec<CardIdx> },
    /// A step the rules forbid, in a scenario that expects it (`refus`):
    /// the steps after it are not played.
    Refused { why: Refusal },
    /// The game is over: one player is left (104.2a); the steps after this
    /// one are not played.
    GameOver { winner: Option<PlayerIdx>, steps_left: usize },
}

/// Why the engine refuses a combat step: the scenario is invalid there
/// (the trace stops, naming the step, its key and the rule).
#[allow(missing_docs)] // the fields are named as in [`Event`]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Attackers declared a second time in the scenario's one combat (506.1).
    SecondAttack,
    /// An attacker or blocker that is not a creature on the battlefield (508.1a, 509.1a).
    NotACreature { card: CardIdx, attacking: bool },
    /// An attacker not controlled by the active player (508.1a).
    NotActivePlayers { card: CardIdx, active: PlayerIdx },
    /// A blocker not controlled by the defending player (509.1a).
    NotDefendingPlayers { card: CardIdx, defender: PlayerIdx },
    /// A tapped creature cannot attack or block (508.1a, 509.1a).
    Tapped { card: CardIdx, attacking: bool },
    /// A creature with defender cannot attack (702.3b).
    Defender { card: CardIdx },
    /// The player attacked left the game, or nobody is left to attack (800.4, 508.1b).
    NoDefendingPlayer,
    /// Blockers or damage with no attack declared (509.1, 510.1).
    NoAttack { blocking: bool },
    /// Blockers declared a second time (509.1).
    SecondBlock,
    /// A blocker declared for a creature that is not attacking (509.1a).
    NotAttacking { blocker: CardIdx, attacker: CardIdx },
    /// A flying attacker blocked by a creature without flying or reach (702.9b).
    Flying { blocker: CardIdx, attacker: CardIdx },
    /// An attacker with menace blocked by one creature (702.111b).
    Menace { attacker: CardIdx, blocker: CardIdx },
    /// An attacker with protection blocked by a creature of that colour (702.16f).
    Protection { blocker: CardIdx, attacker: CardIdx, colour: Colour },
    /// `blessures = "initiative"` with no creature with first strike or double strike (510.4).
    NoFirstStrike,
    /// Every combat damage step has been played (510.4).
    DamageDone,
    /// A `repartition` for a creature that is not attacking (510.1c).
    DivisionNotAttacking { attacker: CardIdx },
    /// A `repartition` for an unblocked creature: it deals its damage to the player (510.1b).
    DivisionUnblocked { attacker: CardIdx },
    /// A `repartition` whose total is not the attacker's power (510.1a, 510.1c).
    DivisionTotal { attacker: CardIdx, total: u32, power: u32 },
    /// A share for what does not block the attacker (510.1c).
    DivisionNotBlocking { attacker: CardIdx, recipient: Choice },
    /// A share for the player without trample (510.1c).
    DivisionPlayerWithoutTrample { attacker: CardIdx, player: PlayerIdx },
    /// Trample: the player gets damage before a blocker has lethal damage (702.19b).
    DivisionLethalFirst { attacker: CardIdx, blocker: CardIdx, lethal: u32, given: u32 },
}

impl Refusal {
    /// The rules that refuse the step.
    pub fn rules(&self) -> &'static [RuleId] {
        match self {
            Refusal::SecondAttack => rule_ids!["506.1"],
            Refusal::NotACreature { attacking: true, .. }
            | Refusal::NotActivePlayers { .. }
            | Refusal::Tapped { attacking: true, .. } => rule_ids!["508.1a"],
            Refusal::NotACreature { attacking: false, .. }
            | Refusal::NotDefendingPlayers { .. }
            | Refusal::Tapped { attacking: false, .. }
            | Refusal::NotAttacking { .. } => rule_ids!["509.1a"],
            Refusal::Defender { .. } => rule_ids!["702.3b"],
            Refusal::NoDefendingPlayer => rule_ids!["508.1b", "800.4"],
            Refusal::NoAttack { blocking: true } | Refusal::SecondBlock => rule_ids!["509.1"],
            Refusal::NoAttack { blocking: false } => rule_ids!["510.1"],
            Refusal::Flying { .. } => rule_ids!["702.9b", "509.1b"],
            Refusal::Menace { .. } => rule_ids!["702.111b", "509.1b"],
            Refusal::Protection { .. } => rule_ids!["702.16f"],
            Refusal::NoFirstStrike | Refusal::DamageDone => rule_ids!["510.4"],
            Refusal::DivisionNotAttacking { .. }
            | Refusal::DivisionNotBlocking { .. }
            | Refusal::DivisionPlayerWithoutTrample { .. } => rule_ids!["510.1c"],
            Refusal::DivisionUnblocked { .. } => rule_ids!["510.1b"],
            Refusal::DivisionTotal { .. } => rule_ids!["510.1a", "510.1c"],
            Refusal::DivisionLethalFirst { .. } => rule_ids!["702.19b"],
        }
    }

    /// The step's key at fault.
    pub fn key(&self) -> &'static str {
        match self {
            Refusal::SecondAttack
            | Refusal::NotACreature { attacking: true, .. }
            | Refusal::NotActivePlayers { .. }
            | Refusal::Tapped { attacking: true, .. }
            | Refusal::Defender { .. }
            | Refusal::NoDefendingPlayer => "attaquer",
            Refusal::NoAttack { blocking: true }
            | Refusal::SecondBlock
            | Refusal::NotACreature { attacking: false, .. }
            | Refusal::NotDefendingPlayers { .. }
            | Refusal::Tapped { attacking: false, .. }
            | Refusal::NotAttacking { .. }
            | Refusal::Flying { .. }
            | Refusal::Menace { .. }
            | Refusal::Protection { .. } => "bloquer",
            Refusal::NoAttack { blocking: false } | Refusal::NoFirstStrike | Refusal::DamageDone => "blessures",
            Refusal::DivisionNotAttacking { .. }
            | Refusal::DivisionUnblocked { .. }
            | Refusal::DivisionTotal { .. }
            | Refusal::DivisionNotBlocking { .. }
            | Refusal::DivisionPlayerWithoutTrample { .. }
            | Refusal::DivisionLethalFirst { .. } => "repartition",
        }
    }
}

/// Why an Aura is put into its owner's graveyard (704.5m).
#[allow(missing_docs)] // the fields are named as in [`Event`]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuraFalls {
    /// The object it enchanted left the battlefield or became a new object (400.7).
    NotAttached,
    /// Its enchant ability no longer allows the object (303.4c).
    NotEnchantable { host: CardIdx, enchant: Enchant },
    /// The object has protection from a colour of the Aura (702.16c).
    Protection { host: CardIdx, colour: Colour },
}

/// Where the French text of a rule the engine applies says something the
/// rules in force no longer say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Divergence {
    /// 608.2b of 2011: a spell whose targets are all illegal « est
    /// contrecarré » ; since 2018 (« is countered » in the archive's edition of
    /// 2017-04-28, « doesn't resolve » in 2018-10-05's) it doesn't resolve.
    CounteredOnResolution,
}

/// Why a target is not legal (115, 608.2b).
#[allow(missing_docs)] // the fields are named as in [`Event`]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Illegal {
    /// A player chosen for a target that is not a player (115.1).
    NotAPlayer { player: PlayerIdx, phrase: String },
    /// A player who left the game (800.4).
    PlayerLeft { player: PlayerIdx },
    /// A player out of the caster's range of influence (801.4).
    PlayerOutOfRange { player: PlayerIdx, caster: PlayerIdx },
    /// The card changed zone: a new object, not the one targeted (400.7).
    NewObject { card: CardIdx },
    /// Not in the zone the target must be in (115.1).
    WrongZone { card: CardIdx, expected: Zone },
    /// Not the kind of object the target asks for (115.1).
    WrongKind { card: CardIdx, phrase: String },
    /// « non-noire »: it has that colour.
    ExcludedColour { card: CardIdx, colour: Colour, phrase: String },
    /// « non-artefact »: it has that type.
    ExcludedType { card: CardIdx, card_type: CardType, phrase: String },
    /// Protection from a colour of the spell (702.16b).
    Protection { card: CardIdx, colour: Colour, spell: CardIdx },
    /// Shroud (702.18a).
    Shroud { card: CardIdx },
    /// Hexproof, and the caster is an opponent (702.11b).
    Hexproof { card: CardIdx, caster: PlayerIdx },
    /// Its controller is out of the caster's range of influence (801.4).
    ControllerOutOfRange { card: CardIdx, caster: PlayerIdx },
}

impl Illegal {
    /// The rules that make the target illegal.
    pub fn rules(&self) -> &'static [RuleId] {
        match self {
            Illegal::NotAPlayer { .. } => rule_ids!["115.1"],
            Illegal::PlayerLeft { .. } => rule_ids!["800.4"],
            Illegal::PlayerOutOfRange { .. } | Illegal::ControllerOutOfRange { .. } => rule_ids!["801.4"],
            Illegal::NewObject { .. } => rule_ids!["400.7", "608.2b"],
            Illegal::WrongZone { .. } | Illegal::WrongKind { .. } => rule_ids!["115.1", "608.2b"],
            Illegal::ExcludedColour { .. } | Illegal::ExcludedType { .. } => rule_ids!["608.2b"],
            Illegal::Protection { .. } => rule_ids!["702.16b"],
            Illegal::Shroud { .. } => rule_ids!["702.18a"],
            Illegal::Hexproof { .. } => rule_ids!["702.11b"],
        }
    }
}

impl Event {
    /// The rules the event applies, as written in the rules (`608.2b`), in
    /// the order they are cited: those of its kind, then those of its data.
    pub fn rules(&self) -> Vec<RuleId> {
        let mut rules = self.kind_rules().to_vec();
        match self {
            Event::Refused { why } => {
                rules.extend(why.rules());
                rules.push(const { RuleId::known("732.1") });
            }
            Event::CastIllegal { why, .. } => {
                rules.extend(why.rules());
                rules.push(const { RuleId::known("732.1") });
            }
            Event::Modified { change, .. } => {
                rules.extend(change.gains.iter().map(|k| k.rule()));
                if change.colours.is_some() {
                    rules.push(const { RuleId::known("105.3") });
                }
                if change.type_line.is_some() {
                    rules.push(const { RuleId::known("205.1a") });
                }
                if change.power.is_some() || change.toughness.is_some() {
                    rules.push(const { RuleId::known("613.4b") });
                }
            }
            Event::AuraUnattached { why, .. } => rules.push(match why {
                AuraFalls::NotAttached => const { RuleId::known("400.7") },
                AuraFalls::NotEnchantable { .. } => const { RuleId::known("303.4c") },
                AuraFalls::Protection { .. } => const { RuleId::known("702.16c") },
            }),
            Event::TargetIllegal { why, .. } => {
                rules.extend(why.rules().iter().filter(|r| **r != const { RuleId::known("608.2b") }));
            }
            _ => {}
        }
        rules
    }

    /// The rules every event of its kind cites, first.
    #[allow(clippy::too_many_lines)] // one arm per kind of event: a table, read best whole
    fn kind_rules(&self) -> &'static [RuleId] {
        match self {
            Event::Moved { .. } | Event::ReturnedToHand { .. } => rule_ids!["400.7"],
            Event::ShieldAdded { .. }
            | Event::RegenerationWithoutEffect { .. }
            | Event::RegenerationForbidden { .. } => rule_ids!["701.19a"],
            Event::LandNotCast { .. } => rule_ids!["305.1", "601.2"],
            Event::NotInHand { .. } => rule_ids!["601.2a", "601.3"],
            Event::Cast { .. } => rule_ids!["601.2", "601.2a"],
            Event::TargetChosen { again: true, .. } => rule_ids!["601.2c", "115.3"],
            Event::TargetChosen { again: false, .. } => rule_ids!["601.2c"],
            Event::CastIllegal { .. } => rule_ids!["601.2c"],
            Event::Modified { .. } => rule_ids!["611.2c", "613.1", "613.7"],
            Event::NothingToResolve | Event::Resolves { .. } => rule_ids!["608.1"],
            Event::TargetStillLegal { .. } | Event::PartWithoutTarget { .. } => rule_ids!["608.2b"],
            Event::TargetIllegal { .. } => rule_ids!["608.2b"],
            Event::DoesNotResolve { aura: true, .. } => rule_ids!["608.2b", "608.3b"],
            Event::DoesNotResolve { aura: false, .. } => rule_ids!["608.2b"],
            Event::OlderFrenchText { divergence: Divergence::CounteredOnResolution } => rule_ids!["608.2b"],
            Event::AuraAttached { .. } => rule_ids!["608.3c"],
            Event::AuraDoesNotTarget { .. } => rule_ids!["115.1b"],
            Event::ProtectionDoesNotStop { .. } => rule_ids!["702.16b"],
            Event::Conclusion { permanent: false, .. } => rule_ids!["608.2b"],
            Event::Conclusion { permanent: true, targets: 0, .. } => rule_ids!["608.3a"],
            Event::Conclusion { permanent: true, .. } => rule_ids!["608.3b"],
            Event::StateBasedActionsWait => rule_ids!["704.3", "117.5"],
            Event::PermanentEntered { .. } => rule_ids!["608.3a"],
            Event::Instruction { .. } => rule_ids!["608.2c"],
            Event::ResolutionEnds { .. } => rule_ids!["608.2n"],
            Event::ColourExcluded { .. } | Event::ColourMissing { .. } | Event::ColourMatches { .. } => {
                rule_ids!["608.2j"]
            }
            Event::ControllerOutOfRange { .. } | Event::PlayerOutOfRange { .. } => rule_ids!["801.10"],
            Event::AnimatedLand { .. } => rule_ids!["205.1b", "611.3a", "613.1"],
            Event::Exiled { not_destruction: false, .. } => rule_ids!["701.13a", "400.7"],
            Event::Exiled { not_destruction: true, .. } => rule_ids!["701.13a", "400.7", "701.8b"],
            Event::DamagePrevented { .. } => rule_ids!["702.16e"],
            Event::DamageToPermanent { .. } => rule_ids!["120.3e", "120.6"],
            Event::DamageToPlayer { .. } => rule_ids!["120.3a", "119.3"],
            Event::Drew { .. } => rule_ids!["121.1"],
            Event::Countered { .. } => rule_ids!["701.6a"],
            Event::LifeGained { .. } => rule_ids!["119.3"],
            Event::LifeLost { .. } => rule_ids!["119.3"],
            Event::Indestructible { .. } => rule_ids!["702.12b"],
            Event::Regenerated { .. } => rule_ids!["701.19a", "701.8c"],
            Event::Destroyed { .. } => rule_ids!["701.8a"],
            Event::StateBasedActions => rule_ids!["704.3"],
            Event::Pumped { .. } => rule_ids!["613.4c", "611.2a"],
            Event::CountersPut { .. } => rule_ids!["122.1a", "613.4c"],
            Event::CountersCancel { .. } => rule_ids!["704.5q"],
            Event::Cleanup { .. } => rule_ids!["514.2"],
            Event::LegendRulePending { .. } | Event::LegendRule { .. } | Event::NoLegendChoice { .. } => {
                rule_ids!["704.5j"]
            }
            Event::PlayerLoses { .. } => rule_ids!["704.5a"],
            Event::ZeroToughness { .. } => rule_ids!["704.5f"],
            Event::LethalDamage { .. } => rule_ids!["704.5g"],
            Event::AuraUnattached { .. } => rule_ids!["704.5m"],
            Event::AttackersDeclared { vigilant, .. } if vigilant.is_empty() => rule_ids!["508.1a", "508.1f"],
            Event::AttackersDeclared { .. } => rule_ids!["508.1a", "508.1f", "702.20b"],
            Event::BlockersDeclared { .. } => rule_ids!["509.1a", "509.1h"],
            Event::FlyingBlocked { reach: true, .. } => rule_ids!["702.9b", "702.17b"],
            Event::FlyingBlocked { reach: false, .. } => rule_ids!["702.9b"],
            Event::MenaceBlocked { .. } => rule_ids!["702.111b"],
            Event::DamageStep { first_strike: true, .. } => rule_ids!["510.4", "702.7b", "702.4b"],
            Event::DamageStep { first_strike: false, .. } => rule_ids!["510.1", "510.4"],
            Event::Assigned { trample, deathtouch, .. } => match (trample, deathtouch) {
                (true, true) => rule_ids!["510.1c", "702.19b", "702.2c"],
                (true, false) => rule_ids!["510.1c", "702.19b"],
                (false, true) => rule_ids!["510.1c", "702.2c"],
                (false, false) => rule_ids!["510.1c"],
            },
            Event::NoBlockerLeft { trample: true, .. } => rule_ids!["702.19d"],
            Event::NoBlockerLeft { trample: false, .. } => rule_ids!["510.1c"],
            Event::CombatDamageToCreature { deathtouch: true, .. } => rule_ids!["510.2", "120.3e", "702.2b"],
            Event::CombatDamageToCreature { deathtouch: false, .. } => rule_ids!["510.2", "120.3e"],
            Event::CombatDamageToPlayer { unblocked: true, .. } => rule_ids!["510.1b", "510.2", "120.3a"],
            Event::CombatDamageToPlayer { unblocked: false, .. } => rule_ids!["510.2", "120.3a"],
            Event::CombatDamagePrevented { .. } => rule_ids!["702.16e"],
            Event::Lifelink { .. } => rule_ids!["702.15b", "120.3f"],
            Event::DeathtouchDamage { .. } => rule_ids!["704.5h"],
            Event::GameOver { .. } => rule_ids!["104.2a"],
            Event::Refused { .. } => &[],
            Event::PlayerLeavesGame { .. } => rule_ids!["800.4a"],
            Event::TokenCreated { .. } => rule_ids!["111.1", "111.2"],
            Event::TokenCeases { .. } => rule_ids!["704.5d", "111.7"],
            Event::Triggered { event: TriggerEvent::Dies, .. } => rule_ids!["603.2", "700.4", "603.10a", "603.3"],
            Event::Triggered { event: TriggerEvent::AnotherCreatureYouControlDies, .. } => {
                rule_ids!["603.2", "700.4", "603.10a", "603.3"]
            }
            Event::Triggered { event: TriggerEvent::Enters, .. } => rule_ids!["603.2", "603.6a", "603.3"],
            Event::Triggered { event: TriggerEvent::Attacks, .. } => rule_ids!["603.2", "508.1m", "603.3"],
            Event::TriggersInApnapOrder { .. } => rule_ids!["603.3b"],
            Event::AbilityResolves { .. } => rule_ids!["608.2", "113.7a"],
            Event::AbilityEnds { .. } => rule_ids!["608.2n"],
            Event::SourceGone { .. } => rule_ids!["400.7"],
            Event::GainedUntilEndOfTurn { .. } => rule_ids!["611.2a", "613.1f"],
        }
    }
}
