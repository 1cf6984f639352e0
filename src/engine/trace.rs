//! Playing a scenario: the trace of its steps, the board after each one, the
//! result, and the comparison with `[attendu]`.
//!
//! The trace is plain data (serde): the CLI prints it as text or JSON, the
//! web app renders it as pages. The JSON keys are stable: `steps[]` (`rules`,
//! `text`, `state`, …), `result` (`zones`, `draws`, `life`, `damage`,
//! `countered`), `expected` (`ok`, `differences`).

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;

use super::card::CardType;
use super::event::Event;
use super::game::Game;
use super::index::{CardIdx, PlayerIdx};
use super::scenario::{CardKind, Expected, Scenario, Zone};
use super::wording::Wording;
use crate::vocab::RuleId;

/// One card as shown on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// The scenario's handle.
    pub id: String,
    /// Name.
    pub name: String,
    /// The object's identity number (it changes with each zone change, 400.7).
    pub object: u64,
    /// Type line after continuous effects.
    pub type_line: String,
    /// Whether it is a creature now.
    pub creature: bool,
    /// Colours after continuous effects (« blanc », …).
    pub colours: Vec<String>,
    /// Keyword abilities after continuous effects.
    pub abilities: Vec<String>,
    /// Power/toughness, for a creature.
    pub power_toughness: Option<String>,
    /// Damage marked.
    pub damage: u32,
    /// Tapped.
    pub tapped: bool,
    /// Regeneration shields.
    pub shields: u32,
    /// Counters, said (« 2 marqueurs +1/+1 »).
    pub counters: Vec<String>,
    /// What it is attached to (an aura).
    pub attached_to: Option<String>,
    /// Its targets, while a spell.
    pub targets: Vec<String>,
    /// Its part in the combat, said (« attaque Rob », « bloque Ours runegrave »).
    pub combat: Option<String>,
    /// Owner's name.
    pub owner: String,
}

/// One player's side of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Name.
    pub name: String,
    /// Life total.
    pub life: i32,
    /// Cards drawn since the start.
    pub draws: u32,
    /// Cards left in the library (anonymous, plus scenario cards there).
    pub library: u32,
    /// Whether the player lost (704.5a).
    pub lost: bool,
    /// Whether the player is within the active player's range of influence
    /// (always, without the 801 option).
    pub in_range: bool,
    /// Permanents controlled.
    pub battlefield: Vec<CardView>,
    /// Hand.
    pub hand: Vec<CardView>,
    /// Graveyard (cards owned).
    pub graveyard: Vec<CardView>,
    /// Exile (cards owned).
    pub exile: Vec<CardView>,
}

/// The board at one moment.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Players, in seat order.
    pub players: Vec<PlayerView>,
    /// The stack, top first.
    pub stack: Vec<CardView>,
}

/// One step of the trace.
#[derive(Debug, Clone, Serialize)]
pub struct TraceStep {
    /// Its number, from 1.
    pub number: usize,
    /// The action, in a few words (« Rob lance Salve d'aura »).
    pub action: String,
    /// The author's comment.
    pub comment: Option<String>,
    /// Its line in the scenario file.
    pub line: u32,
    /// What happened, one sentence per event.
    pub text: String,
    /// The events, each with its rules.
    pub events: Vec<EventView>,
    /// Every rule cited in the step, in order of first citation.
    pub rules: Vec<RuleId>,
    /// The board after the step.
    pub state: Board,
}

/// An event of a step: the engine's data, and its French sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventView {
    /// What happened, in French ([`super::wording`]).
    pub text: String,
    /// The rules applied.
    pub rules: Vec<RuleId>,
    /// What happened, as data (not in the JSON).
    #[serde(skip)]
    pub event: Event,
}

/// The end of the scenario.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Card id → zone name.
    pub zones: BTreeMap<String, String>,
    /// Player → cards drawn.
    pub draws: BTreeMap<String, u32>,
    /// Player → life total.
    pub life: BTreeMap<String, i32>,
    /// Permanent id → damage marked (permanents on the battlefield).
    pub damage: BTreeMap<String, u32>,
    /// Spells countered by a spell or ability (701.6a), in order.
    pub countered: Vec<String>,
    /// Spells that did not resolve, every target illegal (608.2b), in order.
    pub not_resolved: Vec<String>,
    /// Players who lost the game (704.5a), in seat order.
    pub losers: Vec<String>,
    /// Permanent id → counters on it, by kind (« +1/+1 », « -1/-1 »).
    pub counters: BTreeMap<String, BTreeMap<String, u32>>,
    /// Creature id → power and toughness now (« 4/4 »), creatures on the battlefield.
    pub power_toughness: BTreeMap<String, String>,
    /// Tapped permanents on the battlefield.
    pub tapped: Vec<String>,
    /// Player → tokens on the battlefield under their control.
    pub tokens: BTreeMap<String, u32>,
    /// The rules of a step refused, in a scenario that expects it (`refus`).
    pub refused: Vec<RuleId>,
    /// Card id → what a judge reads: its name, with its id when two cards
    /// have that name (not in the JSON).
    #[serde(skip)]
    pub names: BTreeMap<String, String>,
}

/// The comparison with `[attendu]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Whether the scenario has an `[attendu]` table.
    pub present: bool,
    /// Whether every expectation holds (true without `[attendu]`).
    pub ok: bool,
    /// Each expectation that does not hold, in French.
    pub differences: Vec<String>,
    /// Each expectation that does not hold, as data (not in the JSON).
    #[serde(skip)]
    pub found: Vec<Difference>,
    /// What holds but is written the old way, in French.
    pub warnings: Vec<String>,
    /// The same, as data (not in the JSON).
    #[serde(skip)]
    pub notices: Vec<Notice>,
}

/// An expectation that holds but is written the old way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// `contrecarres` names a spell that did not resolve (608.2b) and was not
    /// countered: `non_resolus` says it.
    NotResolvedNamedCountered {
        /// The spell.
        card: CardIdx,
    },
}

/// An expectation of `[attendu]` that does not hold: what was expected, and
/// what the game gives.
#[allow(missing_docs)] // the fields are named for what they hold, as in [`Event`]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// A card in another zone.
    Zone { card: CardIdx, expected: Zone, got: Zone },
    /// Another number of cards drawn.
    Draws { player: PlayerIdx, expected: u32, got: u32 },
    /// Another life total.
    Life { player: PlayerIdx, expected: i32, got: i32 },
    /// Damage expected on a card no longer on the battlefield.
    DamageOffBattlefield { card: CardIdx, expected: u32, zone: Zone },
    /// Another amount of damage marked.
    Damage { card: CardIdx, expected: u32, got: u32 },
    /// Other spells countered (compared as sets; listed in their order).
    Countered { expected: Vec<CardIdx>, got: Vec<CardIdx> },
    /// Other spells that did not resolve (compared as sets).
    NotResolved { expected: Vec<CardIdx>, got: Vec<CardIdx> },
    /// Other players who lost (compared as sets).
    Losers { expected: Vec<PlayerIdx>, got: Vec<PlayerIdx> },
    /// Other tapped permanents (compared as sets).
    Tapped { expected: Vec<CardIdx>, got: Vec<CardIdx> },
    /// Another number of counters of a kind.
    Counters { card: CardIdx, plus: bool, expected: u32, got: u32 },
    /// Other power and toughness.
    PowerToughness { card: CardIdx, expected: (i32, i32), got: Option<(i32, i32)> },
    /// Another number of tokens.
    Tokens { player: PlayerIdx, expected: u32, got: u32 },
    /// A refusal expected by its rule; `got` the rules of the refusal, if any.
    Refusal { expected: RuleId, got: Vec<RuleId> },
}

/// A scenario, played.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    /// The scenario's title.
    pub title: String,
    /// Its file.
    pub path: String,
    /// Rules it illustrates.
    pub illustrates: Vec<RuleId>,
    /// The board before the first step.
    pub initial: Board,
    /// The steps.
    pub steps: Vec<TraceStep>,
    /// The result.
    pub result: Summary,
    /// The comparison with `[attendu]`.
    pub expected: Check,
}

impl Outcome {
    /// Every rule the trace cites, each once, in order of first citation.
    pub fn cited_rules(&self) -> Vec<RuleId> {
        let mut out: Vec<RuleId> = Vec::new();
        for r in self.steps.iter().flat_map(|s| &s.rules) {
            if !out.contains(r) {
                out.push(*r);
            }
        }
        out
    }
}

/// The most events one step may give (a spell of 16 instructions dealing
/// damage to 100 creatures and 16 players gives about 1,900).
pub const MAX_EVENTS_PER_STEP: usize = 2000;
/// The most events a whole scenario may give: what a judge can read, and a
/// bound on the size of its page.
pub const MAX_EVENTS: usize = 2000;

/// Plays the scenario, step by step, within the events budget.
pub fn run(scenario: &Scenario) -> Result<Outcome, Stopped> {
    play(scenario, None, Boards::All, false)
}

/// Which boards a trace keeps: every step's (the CLI, the shipped
/// scenarios), or one step's (the web editor draws one; 200 boards of 100
/// cards are megabytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boards {
    /// The board after every step.
    All,
    /// The board after this step only (0: the starting situation); the
    /// others are left empty.
    Only(usize),
}

impl Boards {
    fn keeps(self, step: usize) -> bool {
        match self {
            Boards::All => true,
            Boards::Only(n) => n == step,
        }
    }
}

/// A scenario stopped before its end: its time ran out, or it gave more
/// events than a judge can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Stopped {
    /// The deadline came.
    #[error("temps dépassé après {} sur {total}", crate::text::plural(*played, "étape", "étapes"))]
    Deadline {
        /// Steps played before the deadline.
        played: usize,
        /// Steps in the scenario.
        total: usize,
    },
    /// Too many events in one step, or in all.
    #[error(
        "scénario trop lourd : l'étape {step} (ligne {line}) porte le total à {events} événements (au plus {MAX_EVENTS_PER_STEP} \
         par étape et {MAX_EVENTS} en tout)"
    )]
    TooManyEvents {
        /// The step that went over (1-based).
        step: usize,
        /// Its line in the scenario.
        line: u32,
        /// Events counted when it stopped.
        events: usize,
    },
    /// A step the rules forbid (an illegal attack, block or division of
    /// damage): the scenario is invalid there.
    #[error("étape {step} (ligne {line}), clé « {key} » : {message} ({})", rules_said(rules))]
    Illegal {
        /// The step refused (1-based).
        step: usize,
        /// Its line in the scenario.
        line: u32,
        /// The key at fault.
        key: &'static str,
        /// Why, in French.
        message: String,
        /// The rules that forbid it.
        rules: Vec<RuleId>,
    },
}

/// « règle 702.9b », « règles 702.9b, 509.1b ».
fn rules_said(rules: &[RuleId]) -> String {
    let ids: Vec<String> = rules.iter().map(ToString::to_string).collect();
    format!("{} {}", if ids.len() > 1 { "règles" } else { "règle" }, ids.join(", "))
}

impl Stopped {
    /// What is wrong, without the step and line that the message starts with
    /// (the web editor says them its own way).
    pub fn reason(&self) -> String {
        match self {
            Stopped::Illegal { message, rules, .. } => format!("{message} ({})", rules_said(rules)),
            other => other.to_string(),
        }
    }

    /// The key of the scenario at fault, when known.
    pub fn key(&self) -> Option<&'static str> {
        match self {
            Stopped::Illegal { key, .. } => Some(key),
            _ => None,
        }
    }

    /// The line of the scenario where it stopped, when known.
    pub fn line(&self) -> Option<u32> {
        match self {
            Stopped::Deadline { .. } => None,
            Stopped::TooManyEvents { line, .. } | Stopped::Illegal { line, .. } => Some(*line),
        }
    }
}

/// Plays the scenario, checking the deadline before each step (work typed
/// in the web editor stops when its time is up), keeping the boards asked for.
pub fn run_until(scenario: &Scenario, deadline: Instant, boards: Boards) -> Result<Outcome, Stopped> {
    play(scenario, Some(deadline), boards, false)
}

/// [`run_until`], and with `refusals` a step the rules forbid is shown
/// refused and ends the trace, as when `[attendu]` expects it (« et si… »:
/// a change may make a later step illegal).
pub fn run_until_showing(
    scenario: &Scenario,
    deadline: Instant,
    boards: Boards,
    refusals: bool,
) -> Result<Outcome, Stopped> {
    play(scenario, Some(deadline), boards, refusals)
}

/// The trace, or why it stopped: the deadline is checked before each step,
/// the events budget after each.
fn play(scenario: &Scenario, deadline: Option<Instant>, boards: Boards, refusals: bool) -> Result<Outcome, Stopped> {
    let mut game = Game::new(scenario);
    let initial = if boards.keeps(0) { board(&game) } else { Board::default() };
    let mut steps = Vec::new();
    let mut total = 0;
    for (i, step) in scenario.steps.iter().enumerate() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Stopped::Deadline { played: i, total: scenario.steps.len() });
        }
        let action = Wording::new(scenario).action(&step.action);
        game.legend_choice_next = matches!(
            scenario.steps.get(i + 1).map(|s| &s.action),
            Some(crate::engine::scenario::Action::Legend { .. })
        );
        let expects_refusal = refusals || scenario.expected.as_ref().is_some_and(|x| x.refusal.is_some());
        let (mut events, refused) = match game.play(&step.action) {
            Ok(events) => (events, false),
            Err(why) if expects_refusal => {
                game.refused = Some(why.clone());
                (vec![Event::Refused { why }], true)
            }
            Err(refusal) => {
                return Err(Stopped::Illegal {
                    step: i + 1,
                    line: step.line,
                    key: refusal.key(),
                    message: Wording::of(&game).refusal(&refusal),
                    rules: refusal.rules().to_vec(),
                });
            }
        };
        // One player left: the game is over, the steps after this one are not played (104.2a).
        let over = game.over() && !refused;
        if over {
            let winner = game.players.iter().position(|p| !p.lost).map(PlayerIdx);
            events.push(Event::GameOver { winner, steps_left: scenario.steps.len() - i - 1 });
        }
        total += events.len();
        if events.len() > MAX_EVENTS_PER_STEP || total > MAX_EVENTS {
            return Err(Stopped::TooManyEvents { step: i + 1, line: step.line, events: total });
        }
        let mut traced = trace_step(i + 1, action, step.comment.clone(), step.line, events, &game);
        if boards.keeps(i + 1) {
            traced.state = board(&game);
        }
        steps.push(traced);
        if over || refused {
            break;
        }
    }
    let result = summary(&game);
    let expected = check(scenario, &game);
    let outcome = Outcome {
        title: scenario.title.clone(),
        path: scenario.path.clone(),
        illustrates: scenario.illustrates.clone(),
        initial,
        steps,
        result,
        expected,
    };
    Ok(outcome)
}

fn trace_step(
    number: usize,
    action: String,
    comment: Option<String>,
    line: u32,
    events: Vec<Event>,
    game: &Game,
) -> TraceStep {
    let wording = Wording::of(game);
    let events: Vec<EventView> = events
        .into_iter()
        .map(|event| EventView { text: wording.event(&event), rules: event.rules(), event })
        .collect();
    let mut rules: Vec<RuleId> = Vec::new();
    for r in events.iter().flat_map(|e| &e.rules) {
        if !rules.contains(r) {
            rules.push(*r);
        }
    }
    let text = events.iter().map(|e| e.text.as_str()).collect::<Vec<_>>().join(" ");
    TraceStep { number, action, comment, line, text, events, rules, state: Board::default() }
}

fn card_view(game: &Game, i: CardIdx) -> CardView {
    let s = game.scenario;
    let card = game.card(i);
    let o = game.object(i);
    let ch = game.chars(i);
    let creature = ch.is(CardType::Creature);
    CardView {
        id: card.id.clone(),
        name: card.name.clone(),
        object: o.id.0,
        type_line: match card.kind {
            CardKind::Ability { .. } => "Capacité déclenchée".to_string(),
            CardKind::Token { .. } => format!("{} (jeton)", ch.type_line),
            CardKind::Card => ch.type_line.to_string(),
        },
        creature,
        colours: ch.colours.iter().map(|c| c.name().to_string()).collect(),
        abilities: ch.keywords.iter().map(|k| k.to_string()).collect(),
        power_toughness: creature.then(|| format!("{}/{}", ch.power.unwrap_or(0), ch.toughness.unwrap_or(0))),
        damage: o.damage,
        tapped: o.tapped,
        shields: o.shields,
        counters: [("+1/+1", o.plus_counters), ("-1/-1", o.minus_counters)]
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| crate::text::plural(*n as usize, &format!("marqueur {k}"), &format!("marqueurs {k}")))
            .collect(),
        attached_to: o.attached_to.map(|(host, _)| game.name(host).to_string()),
        targets: o.targets.iter().map(|t| Wording::of(game).target(t.choice).to_string()).collect(),
        combat: combat_role(game, i),
        owner: s.players[card.owner.0].clone(),
    }
}

/// « attaque Rob », « bloque Ours runegrave »: a creature's part in the combat.
fn combat_role(game: &Game, i: CardIdx) -> Option<String> {
    if game.attacking(i) {
        let defender = game.defending_player()?;
        return Some(format!("attaque {}", game.scenario.players[defender.0]));
    }
    game.blocking(i).map(|a| format!("bloque {}", game.name(a)))
}

/// The board: each player's zones, and the stack.
pub fn board(game: &Game) -> Board {
    let s = game.scenario;
    let active = PlayerIdx(0);
    let cards = || (0..game.cards.len()).map(CardIdx);
    let players = (0..s.players.len())
        .map(PlayerIdx)
        .map(|p| {
            let st = &game.players[p.0];
            let mine = |zone: Zone, by_controller: bool| -> Vec<CardView> {
                cards()
                    .filter(|&i| game.object(i).zone == zone)
                    .filter(
                        |&i| if by_controller { game.object(i).controller == p } else { game.cards[i.0].owner == p },
                    )
                    .map(|i| card_view(game, i))
                    .collect()
            };
            let in_library =
                cards().filter(|&i| game.object(i).zone == Zone::Library && game.cards[i.0].owner == p).count() as u32;
            PlayerView {
                name: st.name.clone(),
                life: st.life,
                draws: st.draws,
                library: st.library + in_library,
                lost: st.lost,
                in_range: game.in_range(active, p),
                battlefield: mine(Zone::Battlefield, true),
                hand: mine(Zone::Hand, false),
                graveyard: mine(Zone::Graveyard, false),
                exile: mine(Zone::Exile, false),
            }
        })
        .collect();
    let stack = game.stack.iter().rev().map(|&i| card_view(game, i)).collect();
    Board { players, stack }
}

fn summary(game: &Game) -> Summary {
    let mut out = Summary::default();
    for (i, c) in game.cards.iter().enumerate() {
        let o = game.object(CardIdx(i));
        // A token that ceased to exist, or an ability, is in no zone.
        if o.zone == Zone::Nowhere || matches!(c.kind, CardKind::Ability { .. }) {
            continue;
        }
        out.zones.insert(c.id.clone(), o.zone.name().to_string());
        let shared = game.cards.iter().filter(|k| k.name == c.name).count() > 1;
        let name = if shared { format!("{} ({})", c.name, c.id) } else { c.name.clone() };
        out.names.insert(c.id.clone(), name);
        if o.zone == Zone::Battlefield {
            out.damage.insert(c.id.clone(), o.damage);
            if o.tapped {
                out.tapped.push(c.id.clone());
            }
            let kinds = [("+1/+1", o.plus_counters), ("-1/-1", o.minus_counters)];
            let counters: BTreeMap<String, u32> =
                kinds.iter().filter(|(_, n)| *n > 0).map(|(k, n)| (k.to_string(), *n)).collect();
            if !counters.is_empty() {
                out.counters.insert(c.id.clone(), counters);
            }
            let ch = game.chars(CardIdx(i));
            if ch.is(CardType::Creature) {
                let pt = format!("{}/{}", ch.power.unwrap_or(0), ch.toughness.unwrap_or(0));
                out.power_toughness.insert(c.id.clone(), pt);
            }
        }
    }
    for (i, p) in game.players.iter().enumerate() {
        out.tokens.insert(p.name.clone(), tokens_of(game, PlayerIdx(i)));
        out.draws.insert(p.name.clone(), p.draws);
        out.life.insert(p.name.clone(), p.life);
        if p.lost {
            out.losers.push(p.name.clone());
        }
    }
    out.refused = game.refused.as_ref().map(|r| r.rules().to_vec()).unwrap_or_default();
    out.countered = game.countered.iter().map(|&i| game.cards[i.0].id.clone()).collect();
    out.not_resolved = game.not_resolved.iter().map(|&i| game.cards[i.0].id.clone()).collect();
    out
}

/// Tokens on the battlefield under a player's control.
fn tokens_of(game: &Game, player: PlayerIdx) -> u32 {
    let tokens = game.cards.iter().enumerate().filter(|(_, c)| matches!(c.kind, CardKind::Token { .. }));
    tokens
        .filter(|&(i, _)| {
            let o = game.object(CardIdx(i));
            o.zone == Zone::Battlefield && o.controller == player
        })
        .count() as u32
}

fn check(scenario: &Scenario, game: &Game) -> Check {
    let Some(x) = &scenario.expected else {
        return Check {
            present: false,
            ok: true,
            differences: Vec::new(),
            found: Vec::new(),
            warnings: Vec::new(),
            notices: Vec::new(),
        };
    };
    let mut found = Vec::new();
    for &(card, expected) in &x.zones {
        let got = game.object(card).zone;
        if got != expected {
            found.push(Difference::Zone { card, expected, got });
        }
    }
    for &(player, expected) in &x.draws {
        let got = game.players[player.0].draws;
        if got != expected {
            found.push(Difference::Draws { player, expected, got });
        }
    }
    for &(player, expected) in &x.life {
        let got = game.players[player.0].life;
        if got != expected {
            found.push(Difference::Life { player, expected, got });
        }
    }
    for &(card, expected) in &x.damage {
        let o = game.object(card);
        if o.zone != Zone::Battlefield {
            found.push(Difference::DamageOffBattlefield { card, expected, zone: o.zone });
        } else if o.damage != expected {
            found.push(Difference::Damage { card, expected, got: o.damage });
        }
    }
    for &(card, plus, expected) in &x.counters {
        let o = game.object(card);
        let got = if plus { o.plus_counters } else { o.minus_counters };
        if got != expected {
            found.push(Difference::Counters { card, plus, expected, got });
        }
    }
    if let Some(expected) = x.refusal {
        let got = game.refused.as_ref().map(|r| r.rules().to_vec()).unwrap_or_default();
        if !got.contains(&expected) {
            found.push(Difference::Refusal { expected, got });
        }
    }
    for &(player, expected) in &x.tokens {
        let got = tokens_of(game, player);
        if got != expected {
            found.push(Difference::Tokens { player, expected, got });
        }
    }
    for &(card, expected) in &x.power_toughness {
        let ch = game.chars(card);
        let on_battlefield = game.object(card).zone == Zone::Battlefield && ch.is(CardType::Creature);
        let got = on_battlefield.then(|| (ch.power.unwrap_or(0), ch.toughness.unwrap_or(0)));
        if got != Some(expected) {
            found.push(Difference::PowerToughness { card, expected, got });
        }
    }
    let notices = check_lists(game, x, &mut found);
    let wording = Wording::of(game);
    let differences: Vec<String> = found.iter().map(|d| wording.difference(d)).collect();
    let warnings: Vec<String> = notices.iter().map(|n| wording.notice(n)).collect();
    Check { present: true, ok: found.is_empty(), differences, found, warnings, notices }
}

/// Whether two lists hold the same items, in any order.
fn same<T: Ord + Clone>(a: &[T], b: &[T]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// The lists of `[attendu]`, compared as sets: losers, tapped permanents,
/// spells countered and not resolved. Returns the notices for what holds but
/// is written the old way.
fn check_lists(game: &Game, x: &Expected, found: &mut Vec<Difference>) -> Vec<Notice> {
    if let Some(expected) = &x.losers {
        let got: Vec<PlayerIdx> = (0..game.players.len()).filter(|&p| game.players[p].lost).map(PlayerIdx).collect();
        if !same(expected, &got) {
            found.push(Difference::Losers { expected: expected.clone(), got });
        }
    }
    if let Some(expected) = &x.tapped {
        let got: Vec<CardIdx> = (0..game.cards.len())
            .map(CardIdx)
            .filter(|&c| game.object(c).zone == Zone::Battlefield && game.object(c).tapped)
            .collect();
        if !same(expected, &got) {
            found.push(Difference::Tapped { expected: expected.clone(), got });
        }
    }
    let mut notices = Vec::new();
    match &x.not_resolved {
        Some(not_resolved) => {
            if !same(&x.countered, &game.countered) {
                found.push(Difference::Countered { expected: x.countered.clone(), got: game.countered.clone() });
            }
            if !same(not_resolved, &game.not_resolved) {
                let (expected, got) = (not_resolved.clone(), game.not_resolved.clone());
                found.push(Difference::NotResolved { expected, got });
            }
        }
        None => {
            // Written before `non_resolus`: a spell that did not resolve may be
            // named in `contrecarres`, with a notice.
            let either: Vec<CardIdx> = game.countered.iter().chain(&game.not_resolved).copied().collect();
            if !same(&x.countered, &either) {
                found.push(Difference::Countered { expected: x.countered.clone(), got: either.clone() });
            }
            for &card in x.countered.iter().filter(|c| game.not_resolved.contains(c)) {
                notices.push(Notice::NotResolvedNamedCountered { card });
            }
        }
    }
    notices
}
