//! Scenario files: a situation described in TOML, read and checked.
//!
//! Every mistake in a scenario is reported with the file, the line and the
//! key, in French (`ScenarioError`); the evaluator exits with 2. The format is
//! documented in `docs/scenarios.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use super::card::{CardType, Colour, Enchant, Keyword, TypeLine};
use super::index::{CardIdx, PlayerIdx};
use super::text::{self, Text};
use crate::Graph;
use crate::text::{fold, line_at};
use crate::toml_error;
use crate::vocab::RuleId;

mod combat;

/// The most players a scenario may seat.
pub const MAX_PLAYERS: usize = 16;
/// The most cards a scenario may declare.
pub const MAX_CARDS: usize = 100;
/// The most steps a scenario may have.
pub const MAX_STEPS: usize = 200;
/// The longest rules text of a card, in characters (the longest printed
/// cards have about 1,000).
pub const MAX_TEXT_CHARS: usize = 1500;
/// The most abilities a card may have: keywords listed (`capacites`, or
/// `gagne` in one step), and instructions or static abilities in its text.
pub const MAX_ABILITIES: usize = 16;
/// The most targets a spell may have (instances of « cible » in its text).
pub const MAX_TARGETS: usize = 16;
/// The highest token number a scenario may name (`<id>-jeton-<n>`).
pub const MAX_TOKEN_NUMBER: u32 = 100;

/// Zones a card can be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Zone {
    /// Bibliothèque.
    Library,
    /// Main.
    Hand,
    /// Champ de bataille.
    Battlefield,
    /// Cimetière.
    Graveyard,
    /// Exil.
    Exile,
    /// Pile.
    Stack,
    /// No zone: a token that ceased to exist (704.5d), an ability that
    /// resolved, a token not yet created. Never written in a scenario.
    Nowhere,
}

impl Zone {
    /// Reads a zone name, without regard to accents and case.
    pub fn parse(s: &str) -> Option<Zone> {
        match fold(s.trim()).as_str() {
            "bibliotheque" => Some(Zone::Library),
            "main" => Some(Zone::Hand),
            "champ de bataille" => Some(Zone::Battlefield),
            "cimetiere" => Some(Zone::Graveyard),
            "exil" => Some(Zone::Exile),
            "pile" => Some(Zone::Stack),
            _ => None,
        }
    }

    /// The zone's name.
    pub fn name(self) -> &'static str {
        match self {
            Zone::Library => "bibliothèque",
            Zone::Hand => "main",
            Zone::Battlefield => "champ de bataille",
            Zone::Graveyard => "cimetière",
            Zone::Exile => "exil",
            Zone::Stack => "pile",
            Zone::Nowhere => "hors de la partie",
        }
    }
}

impl Zone {
    /// « de la main », « du champ de bataille », « de l'exil ».
    pub fn from_phrase(self) -> &'static str {
        match self {
            Zone::Library => "de la bibliothèque",
            Zone::Hand => "de la main",
            Zone::Battlefield => "du champ de bataille",
            Zone::Graveyard => "du cimetière",
            Zone::Exile => "de l'exil",
            Zone::Stack => "de la pile",
            Zone::Nowhere => "de hors de la partie",
        }
    }

    /// « vers la main », « vers le champ de bataille », « vers l'exil ».
    pub fn to_phrase(self) -> &'static str {
        match self {
            Zone::Library => "vers la bibliothèque",
            Zone::Hand => "vers la main",
            Zone::Battlefield => "vers le champ de bataille",
            Zone::Graveyard => "vers le cimetière",
            Zone::Exile => "vers l'exil",
            Zone::Stack => "vers la pile",
            Zone::Nowhere => "hors de la partie",
        }
    }

    /// « dans la main », « sur le champ de bataille », « en exil ».
    pub fn in_phrase(self) -> &'static str {
        match self {
            Zone::Library => "dans la bibliothèque",
            Zone::Hand => "dans la main",
            Zone::Battlefield => "sur le champ de bataille",
            Zone::Graveyard => "dans le cimetière",
            Zone::Exile => "en exil",
            Zone::Stack => "sur la pile",
            Zone::Nowhere => "hors de la partie",
        }
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A card of the scenario, as printed.
#[derive(Debug, Clone)]
pub struct Card {
    /// Handle used by steps and results.
    pub id: String,
    /// Name.
    pub name: String,
    /// Type line.
    pub type_line: TypeLine,
    /// Colours.
    pub colours: BTreeSet<Colour>,
    /// Rules text, read.
    pub text: Text,
    /// Rules text, as written.
    pub printed: String,
    /// Keyword abilities.
    pub keywords: Vec<Keyword>,
    /// Power, for creatures.
    pub power: Option<i32>,
    /// Toughness, for creatures.
    pub toughness: Option<i32>,
    /// The owner.
    pub owner: PlayerIdx,
    /// The controller.
    pub controller: PlayerIdx,
    /// Starting zone.
    pub zone: Zone,
    /// A card, a token, or a triggered ability on the stack.
    pub kind: CardKind,
}

/// What a [`Card`] of the game stands for: a card of the scenario, a token
/// (111), or a triggered ability put on the stack (603.3), which the game
/// holds as objects of their own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardKind {
    /// A `[[carte]]`.
    Card,
    /// A token, made by that card's text (its `n`th, from 1).
    Token {
        /// The card whose text made it.
        maker: CardIdx,
        /// Its number among that card's tokens.
        n: u32,
    },
    /// A triggered ability of that card, and the object it triggered from.
    Ability {
        /// The card whose ability triggered.
        source: CardIdx,
        /// The object the card was then (« ~ » in its instructions).
        object: super::index::ObjectId,
    },
}

impl Card {
    /// A token the scenario names before the game creates it: in no zone,
    /// named by its id until its characteristics are known (111.4).
    pub fn token_to_come(maker_id: &str, maker: CardIdx, n: u32, controller: PlayerIdx) -> Card {
        let id = format!("{maker_id}-jeton-{n}");
        Card {
            name: id.clone(),
            id,
            type_line: TypeLine::default(),
            colours: BTreeSet::new(),
            text: Text::default(),
            printed: String::new(),
            keywords: Vec::new(),
            power: None,
            toughness: None,
            owner: controller,
            controller,
            zone: Zone::Nowhere,
            kind: CardKind::Token { maker, n },
        }
    }

    /// The number of targets the card needs when cast: its text's « cible »,
    /// or its « enchanter » ability for an aura (303.4a).
    pub fn target_count(&self) -> usize {
        self.text.targets.len() + usize::from(self.enchant().is_some())
    }

    /// What an aura enchants.
    pub fn enchant(&self) -> Option<Enchant> {
        self.keywords.iter().find_map(|k| match k {
            Keyword::Enchant(e) => Some(*e),
            _ => None,
        })
    }
}

/// A target chosen in a step: a card or a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Choice {
    /// A card.
    Card(CardIdx),
    /// A player.
    Player(PlayerIdx),
}

/// A change made by a `modifier` step.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Change {
    /// Abilities gained.
    pub gains: Vec<Keyword>,
    /// Abilities lost.
    pub loses: Vec<Keyword>,
    /// New colours.
    pub colours: Option<BTreeSet<Colour>>,
    /// New type line.
    pub type_line: Option<TypeLine>,
    /// New power.
    pub power: Option<i32>,
    /// New toughness.
    pub toughness: Option<i32>,
}

/// What a step does.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Cast a card (601.2) with targets.
    Cast {
        /// The card.
        card: CardIdx,
        /// One choice per target instance.
        targets: Vec<Choice>,
    },
    /// Change an object while the spell waits.
    Modify {
        /// The card.
        card: CardIdx,
        /// The change.
        change: Change,
    },
    /// Move an object to another zone (400.7).
    Move {
        /// The card.
        card: CardIdx,
        /// Where.
        to: Zone,
    },
    /// Give a permanent a regeneration shield (701.19).
    Regenerate {
        /// The card.
        card: CardIdx,
    },
    /// All players pass: the top of the stack resolves (608).
    Resolve,
    /// The cleanup step (514.2): damage removed, « jusqu'à la fin du tour » effects end.
    EndOfTurn,
    /// With the legend rule pending (704.5j): the permanent its controller keeps.
    Legend {
        /// The permanent kept.
        keep: CardIdx,
    },
    /// Declare attackers (508.1) for the active player.
    Attack {
        /// The attacking creatures, in the order written.
        attackers: Vec<CardIdx>,
        /// The player attacked; `None`: the next player in seat order.
        defender: Option<PlayerIdx>,
    },
    /// Declare blockers (509.1): (blocker, attacker), in the order written.
    Block {
        /// Each blocker with the attacker it blocks.
        blocks: Vec<(CardIdx, CardIdx)>,
    },
    /// Combat damage (510): every damage step not played yet, or the
    /// first-strike step only (510.4).
    Damage {
        /// Only the first-strike damage step (`blessures = "initiative"`).
        first_strike_only: bool,
        /// How attackers divide their damage (`repartition`), in the order written.
        division: Vec<Division>,
    },
}

/// How one attacker divides its combat damage (510.1c, 702.19b).
#[derive(Debug, Clone, PartialEq)]
pub struct Division {
    /// The attacker.
    pub attacker: CardIdx,
    /// Each recipient (a blocker, or the player attacked with trample) and its damage.
    pub shares: Vec<(Choice, u32)>,
}

/// A step of the scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// What it does.
    pub action: Action,
    /// Why, in the author's words.
    pub comment: Option<String>,
    /// Line of the step in the file.
    pub line: u32,
}

/// What the scenario expects at the end.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Expected {
    /// Card → zone.
    pub zones: Vec<(CardIdx, Zone)>,
    /// Player → cards drawn.
    pub draws: Vec<(PlayerIdx, u32)>,
    /// Player → life.
    pub life: Vec<(PlayerIdx, i32)>,
    /// Card → damage marked.
    pub damage: Vec<(CardIdx, u32)>,
    /// Spells countered by a spell or ability (`contrecarres`).
    pub countered: Vec<CardIdx>,
    /// Spells that did not resolve, every target illegal (`non_resolus`);
    /// `None` when the key is absent: then `contrecarres` may name them too,
    /// as scenarios written before the distinction do (with a warning).
    pub not_resolved: Option<Vec<CardIdx>>,
    /// Players who lost the game (`perdants`), when written.
    pub losers: Option<Vec<PlayerIdx>>,
    /// Tapped permanents (`engages`), when written.
    pub tapped: Option<Vec<CardIdx>>,
    /// Card, +1/+1 (else -1/-1), counters expected (`marqueurs`).
    pub counters: Vec<(CardIdx, bool, u32)>,
    /// Card → power and toughness (`force_endurance`).
    pub power_toughness: Vec<(CardIdx, (i32, i32))>,
    /// Player → tokens on the battlefield under their control (`jetons`).
    pub tokens: Vec<(PlayerIdx, u32)>,
    /// A step the rules forbid, by the rule that forbids it (`refus`): the
    /// scenario shows the refusal instead of being invalid.
    pub refusal: Option<RuleId>,
}

/// A scenario, read and checked.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// Its file (shown in messages).
    pub path: String,
    /// Its address in the web app.
    pub slug: String,
    /// Title.
    pub title: String,
    /// Rules illustrated.
    pub illustrates: Vec<RuleId>,
    /// Description, Markdown.
    pub description: Option<String>,
    /// Players, in seat order; the first is the active player.
    pub players: Vec<String>,
    /// Range of influence (801), if limited.
    pub range: Option<u32>,
    /// Starting life total of each player (20 unless `points_de_vie_depart` says otherwise).
    pub starting_life: Vec<i32>,
    /// Cards.
    pub cards: Vec<Card>,
    /// Steps.
    pub steps: Vec<Step>,
    /// Expected result.
    pub expected: Option<Expected>,
    /// The TOML text, for the web editor.
    pub source: String,
}

/// A mistake in a scenario, located.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}, ligne {line}{} : {message}", key.as_deref().map(|k| format!(", clé « {k} »")).unwrap_or_default())]
pub struct ScenarioError {
    /// The file.
    pub path: String,
    /// The line.
    pub line: u32,
    /// The key, when one is at fault.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    titre: Spanned<String>,
    #[serde(default)]
    illustre: Vec<Spanned<String>>,
    description: Option<String>,
    joueurs: Spanned<Vec<Spanned<String>>>,
    portee_influence: Option<Spanned<i64>>,
    #[serde(default)]
    points_de_vie_depart: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    carte: Vec<Spanned<RawCard>>,
    #[serde(default)]
    etape: Vec<Spanned<RawStep>>,
    attendu: Option<Spanned<RawExpected>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: Spanned<String>,
    nom: Spanned<String>,
    #[serde(rename = "type")]
    type_line: Spanned<String>,
    couleurs: Option<Spanned<Vec<Spanned<String>>>>,
    cout: Option<Spanned<String>>,
    texte: Option<Spanned<String>>,
    #[serde(default)]
    capacites: Vec<Spanned<String>>,
    force: Option<Spanned<i64>>,
    endurance: Option<Spanned<i64>>,
    proprietaire: Spanned<String>,
    controleur: Option<Spanned<String>>,
    zone: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    lancer: Option<Spanned<String>>,
    cibles: Option<Spanned<Vec<Spanned<String>>>>,
    modifier: Option<Spanned<String>>,
    gagne: Option<Vec<Spanned<String>>>,
    perd: Option<Vec<Spanned<String>>>,
    couleurs: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(rename = "type")]
    type_line: Option<Spanned<String>>,
    force: Option<Spanned<i64>>,
    endurance: Option<Spanned<i64>>,
    deplacer: Option<Spanned<String>>,
    vers: Option<Spanned<String>>,
    regenerer: Option<Spanned<String>>,
    resoudre: Option<Spanned<bool>>,
    legende: Option<Spanned<String>>,
    fin_du_tour: Option<Spanned<bool>>,
    attaquer: Option<Spanned<Vec<Spanned<String>>>>,
    defenseur: Option<Spanned<String>>,
    bloquer: Option<Spanned<Ordered<Spanned<String>>>>,
    blessures: Option<Spanned<DamageKey>>,
    repartition: Option<Spanned<Ordered<Ordered<Spanned<i64>>>>>,
    commentaire: Option<String>,
}

/// `blessures = true` or `blessures = "initiative"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum DamageKey {
    All(bool),
    Step(String),
}

/// A TOML table read in the order written (`bloquer`, `repartition`): the
/// order is the default division of damage (docs/scenarios.md).
struct Ordered<V>(Vec<(String, V)>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("une table")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Ordered<V>, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, V>()? {
                    out.push(entry);
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpected {
    #[serde(default)]
    zones: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    pioches: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    points_de_vie: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    blessures: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    contrecarres: Vec<Spanned<String>>,
    #[serde(default)]
    non_resolus: Option<Vec<Spanned<String>>>,
    perdants: Option<Vec<Spanned<String>>>,
    engages: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    marqueurs: BTreeMap<String, BTreeMap<String, Spanned<i64>>>,
    #[serde(default)]
    force_endurance: BTreeMap<String, Spanned<String>>,
    #[serde(default)]
    jetons: BTreeMap<String, Spanned<i64>>,
    refus: Option<Spanned<String>>,
}

/// The key written at the start of the line holding `offset` (`joueurs =
/// […]`), or "" for a table header or a line without a key.
fn key_on_line(text: &str, offset: usize) -> &str {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next().unwrap_or("");
    match line.split_once('=') {
        Some((key, _)) => {
            let key = key.trim();
            let bare = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
            if bare { key } else { "" }
        }
        None => "",
    }
}

/// Reads a scenario. With a graph, the rules it illustrates must exist in it.
///
/// The checks run in the order of the file: sizes, players, range, rules
/// illustrated, cards, steps, expected result; the first mistake is reported.
pub fn parse(path: &str, text: &str, graph: Option<&Graph>) -> Result<Scenario, ScenarioError> {
    let mut reader = Reader { path, text, players: Vec::new(), cards: Vec::new() };
    let raw: RawScenario = toml::from_str(text).map_err(|e| {
        let offset = toml_error::offset(&e);
        // The key at fault: the one the parser names (unknown, missing), or
        // the one written on the line of the error.
        let key = toml_error::named_key(e.message()).unwrap_or_else(|| key_on_line(text, offset));
        reader.err(offset, key, toml_error::in_french(e.message()))
    })?;
    reader.sizes(&raw)?;
    reader.players(&raw.joueurs)?;
    let range = reader.range(raw.portee_influence.as_ref())?;
    let starting_life = reader.starting_life(&raw.points_de_vie_depart)?;
    let illustrates = reader.illustrates(&raw.illustre, graph)?;
    for card in &raw.carte {
        let card = reader.card(card)?;
        reader.cards.push(card);
    }
    reader.tokens_named()?;
    let steps = raw.etape.iter().map(|step| reader.step(step)).collect::<Result<Vec<_>, _>>()?;
    let expected = raw.attendu.as_ref().map(|e| reader.expected(e.get_ref())).transpose()?;
    let slug = path.rsplit('/').next().unwrap_or(path).trim_end_matches(".toml").to_string();
    Ok(Scenario {
        path: path.to_string(),
        slug,
        title: raw.titre.into_inner().trim().to_string(),
        illustrates,
        description: raw.description,
        players: reader.players,
        range,
        starting_life,
        cards: reader.cards,
        steps,
        expected,
        source: text.to_string(),
    })
}

/// Reads a scenario's tables one by one: the players and cards read so far
/// are what later tables refer to.
struct Reader<'a> {
    path: &'a str,
    text: &'a str,
    players: Vec<String>,
    cards: Vec<Card>,
}

/// A `couleurs = [...]` list, or the targets of `cibles`.
type SpannedList = Spanned<Vec<Spanned<String>>>;

impl Reader<'_> {
    /// A mistake at an offset of the file, with the key at fault.
    fn err(&self, offset: usize, key: &str, message: String) -> ScenarioError {
        ScenarioError {
            path: self.path.to_string(),
            line: line_at(self.text, offset),
            key: (!key.is_empty()).then(|| key.to_string()),
            message,
        }
    }

    /// Sizes: the engine's work is bounded whatever a judge types in the web editor.
    fn sizes(&self, raw: &RawScenario) -> Result<(), ScenarioError> {
        let too_many = |what: &str, n: usize, max: usize, offset: usize, key: &str| {
            if n > max { Err(self.err(offset, key, format!("{what} ({n}, au plus {max})"))) } else { Ok(()) }
        };
        too_many("trop de joueurs", raw.joueurs.get_ref().len(), MAX_PLAYERS, raw.joueurs.span().start, "joueurs")?;
        if let Some(c) = raw.carte.get(MAX_CARDS) {
            too_many("trop de cartes", raw.carte.len(), MAX_CARDS, c.span().start, "carte")?;
        }
        if let Some(e) = raw.etape.get(MAX_STEPS) {
            too_many("trop d'étapes", raw.etape.len(), MAX_STEPS, e.span().start, "etape")?;
        }
        Ok(())
    }

    /// `joueurs`: at least two, each named once.
    fn players(&mut self, list: &SpannedList) -> Result<(), ScenarioError> {
        self.players = list.get_ref().iter().map(|p| p.get_ref().trim().to_string()).collect();
        if self.players.len() < 2 {
            return Err(self.err(list.span().start, "joueurs", "il faut au moins deux joueurs".into()));
        }
        for (i, p) in list.get_ref().iter().enumerate() {
            if p.get_ref().trim().is_empty() || self.players[..i].iter().any(|q| fold(q) == fold(p.get_ref())) {
                let message = format!("nom de joueur vide ou en double : « {} »", p.get_ref());
                return Err(self.err(p.span().start, "joueurs", message));
            }
        }
        Ok(())
    }

    /// A player named in a card or a step.
    fn player(&self, name: &Spanned<String>, key: &str) -> Result<PlayerIdx, ScenarioError> {
        self.players.iter().position(|p| fold(p) == fold(name.get_ref().trim())).map(PlayerIdx).ok_or_else(|| {
            let known = self.players.join(", ");
            self.err(name.span().start, key, format!("joueur « {} » inconnu (joueurs : {known})", name.get_ref()))
        })
    }

    /// A card named in a step, by its id.
    fn card_named(&self, name: &Spanned<String>, key: &str) -> Result<CardIdx, ScenarioError> {
        self.cards.iter().position(|c| c.id == name.get_ref().trim()).map(CardIdx).ok_or_else(|| {
            let message = format!("carte « {} » inconnue (déclarez-la dans un [[carte]])", name.get_ref());
            self.err(name.span().start, key, message)
        })
    }

    /// Power and toughness: bounded so that no arithmetic overflows.
    fn stat(&self, v: &Option<Spanned<i64>>, key: &str) -> Result<Option<i32>, ScenarioError> {
        match v {
            None => Ok(None),
            Some(n) if (-100..=1000).contains(n.get_ref()) => Ok(Some(*n.get_ref() as i32)),
            Some(n) => Err(self.err(n.span().start, key, "valeur hors limites (-100 à 1000)".into())),
        }
    }

    /// A count in `[attendu]`: bounded too.
    fn count(&self, v: &Spanned<i64>, key: &str) -> Result<u32, ScenarioError> {
        u32::try_from(*v.get_ref())
            .ok()
            .filter(|n| *n <= 10_000)
            .ok_or_else(|| self.err(v.span().start, key, format!("nombre attendu de 0 à 10000, pas {}", v.get_ref())))
    }

    /// `points_de_vie_depart`: each player's starting life total (20 by default, 103.4).
    fn starting_life(&self, table: &BTreeMap<String, Spanned<i64>>) -> Result<Vec<i32>, ScenarioError> {
        let mut life = vec![20; self.players.len()];
        for (name, v) in table {
            let at = v.span().start;
            let p = self
                .players
                .iter()
                .position(|p| fold(p) == fold(name))
                .ok_or_else(|| self.err(at, "points_de_vie_depart", format!("joueur « {name} » inconnu")))?;
            life[p] = i32::try_from(*v.get_ref())
                .ok()
                .filter(|n| n.abs() <= 1_000_000)
                .ok_or_else(|| self.err(at, "points_de_vie_depart", "valeur hors limites".into()))?;
        }
        Ok(life)
    }

    /// `portee_influence` (801), from 1 to 100.
    fn range(&self, range: Option<&Spanned<i64>>) -> Result<Option<u32>, ScenarioError> {
        match range {
            None => Ok(None),
            Some(r) if (1..=100).contains(r.get_ref()) => Ok(Some(*r.get_ref() as u32)),
            Some(r) => Err(self.err(
                r.span().start,
                "portee_influence",
                "la portée d'influence est un nombre de 1 à 100".into(),
            )),
        }
    }

    /// A `couleurs = [...]` list, in a card or a change.
    fn colour_set(&self, list: &SpannedList) -> Result<BTreeSet<Colour>, ScenarioError> {
        list.get_ref()
            .iter()
            .map(|c| {
                Colour::parse(c.get_ref()).ok_or_else(|| {
                    let message = format!("couleur « {} » inconnue (blanc, bleu, noir, rouge, vert)", c.get_ref());
                    self.err(c.span().start, "couleurs", message)
                })
            })
            .collect()
    }

    /// `illustre`: rule numbers, each in the corpus when there is a graph.
    fn illustrates(&self, list: &[Spanned<String>], graph: Option<&Graph>) -> Result<Vec<RuleId>, ScenarioError> {
        let mut illustrates = Vec::new();
        for r in list {
            let at = r.span().start;
            let id = RuleId::parse_loose(r.get_ref()).map_err(|e| self.err(at, "illustre", e.to_string()))?;
            if let Some(g) = graph
                && g.find(id).is_none()
            {
                return Err(self.err(at, "illustre", format!("la règle {id} n'existe pas dans le corpus")));
            }
            illustrates.push(id);
        }
        Ok(illustrates)
    }

    /// A `[[carte]]`.
    fn card(&self, raw: &Spanned<RawCard>) -> Result<Card, ScenarioError> {
        let c = raw.get_ref();
        let id = self.card_id(&c.id)?;
        let type_line =
            TypeLine::parse(c.type_line.get_ref()).map_err(|m| self.err(c.type_line.span().start, "type", m))?;
        // Colours: as listed, else those of the cost, else colourless; a cost
        // is read (and checked) even when the colours are listed.
        let cost_colours = match &c.cout {
            Some(cost) => Colour::of_cost(cost.get_ref()).map_err(|m| self.err(cost.span().start, "cout", m))?,
            None => BTreeSet::new(),
        };
        let colours = match &c.couleurs {
            Some(list) => self.colour_set(list)?,
            None => cost_colours,
        };
        let printed = c.texte.as_ref().map(|t| t.get_ref().clone()).unwrap_or_default();
        let text_at = c.texte.as_ref().map_or(raw.span().start, |t| t.span().start);
        let chars = printed.chars().count();
        if chars > MAX_TEXT_CHARS {
            return Err(self.err(
                text_at,
                "texte",
                format!("texte trop long ({chars} caractères, au plus {MAX_TEXT_CHARS})"),
            ));
        }
        let text = text::parse_named(&printed, c.nom.get_ref().trim()).map_err(|m| self.err(text_at, "texte", m))?;
        if text.targets.len() > MAX_TARGETS {
            let message = format!("trop de cibles ({}, au plus {MAX_TARGETS})", text.targets.len());
            return Err(self.err(text_at, "texte", message));
        }
        let abilities = text.effects.len() + text.statics.len() + text.triggers.len();
        if abilities > MAX_ABILITIES {
            let message =
                format!("trop d'instructions et de capacités dans le texte ({abilities}, au plus {MAX_ABILITIES})");
            return Err(self.err(text_at, "texte", message));
        }
        let keywords = self.keywords(&c.capacites, "capacites")?;
        let (power, toughness) = (self.stat(&c.force, "force")?, self.stat(&c.endurance, "endurance")?);
        if type_line.is(CardType::Creature) && (power.is_none() || toughness.is_none()) {
            let message = format!("la créature « {id} » doit avoir une force et une endurance");
            return Err(self.err(raw.span().start, "force", message));
        }
        let owner = self.player(&c.proprietaire, "proprietaire")?;
        let controller = match &c.controleur {
            Some(p) => self.player(p, "controleur")?,
            None => owner,
        };
        let zone = Zone::parse(c.zone.get_ref()).filter(|z| *z != Zone::Stack).ok_or_else(|| {
            let message = format!(
                "zone « {} » inconnue (bibliothèque, main, champ de bataille, cimetière, exil)",
                c.zone.get_ref()
            );
            self.err(c.zone.span().start, "zone", message)
        })?;
        let name = c.nom.get_ref().trim().to_string();
        Ok(Card {
            id,
            name,
            type_line,
            colours,
            text,
            printed,
            keywords,
            power,
            toughness,
            owner,
            controller,
            zone,
            kind: CardKind::Card,
        })
    }

    /// The tokens the scenario names (`chevalier-jeton-1`, in a step or in
    /// `[attendu]`): their card is made ready now, in no zone until the game
    /// creates them, so that steps can refer to them.
    fn tokens_named(&mut self) -> Result<(), ScenarioError> {
        let mut named: Vec<(CardIdx, u32, usize)> = Vec::new();
        for (at, _) in self.text.match_indices("-jeton-") {
            let before = &self.text[..at];
            let start = before
                .rfind(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
                .map_or(0, |i| i + 1);
            let digits: String = self.text[at + 7..].chars().take_while(char::is_ascii_digit).collect();
            let Some(maker) = self.cards.iter().position(|c| c.id == before[start..]) else { continue };
            let n = digits.parse::<u32>().ok().filter(|n| (1..=MAX_TOKEN_NUMBER).contains(n)).ok_or_else(|| {
                let message = format!("numéro de jeton « {digits} » invalide (de 1 à {MAX_TOKEN_NUMBER})");
                self.err(at, "", message)
            })?;
            if !self.cards[maker].text.makes_tokens() {
                let message = format!(
                    "« {}-jeton-{n} » : le texte de « {} » ne crée pas de jeton",
                    self.cards[maker].id, self.cards[maker].id
                );
                return Err(self.err(at, "", message));
            }
            if !named.iter().any(|&(m, k, _)| m.0 == maker && k == n) {
                named.push((CardIdx(maker), n, at));
            }
        }
        named.sort_by_key(|&(m, n, _)| (m, n));
        for (maker, n, _) in named {
            let c = &self.cards[maker.0];
            let token = Card::token_to_come(&c.id, maker, n, c.controller);
            self.cards.push(token);
        }
        Ok(())
    }

    /// A card's `id`: well formed and not already used.
    fn card_id(&self, id: &Spanned<String>) -> Result<String, ScenarioError> {
        let at = id.span().start;
        let id = id.get_ref().trim().to_string();
        if id.is_empty() || !id.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-') {
            let message = format!("identifiant « {id} » invalide (lettres minuscules, chiffres, tirets)");
            return Err(self.err(at, "id", message));
        }
        if self.cards.iter().any(|k| k.id == id) {
            return Err(self.err(at, "id", format!("identifiant « {id} » déjà utilisé")));
        }
        if id.contains("-jeton-") || id.contains("-capacite-") {
            let message = format!(
                "identifiant « {id} » réservé : « -jeton-n » et « -capacite-n » nomment les jetons et les capacités"
            );
            return Err(self.err(at, "id", message));
        }
        Ok(id)
    }

    /// Keyword abilities: `capacites`, `gagne`, `perd`.
    fn keywords(&self, list: &[Spanned<String>], key: &str) -> Result<Vec<Keyword>, ScenarioError> {
        if let Some(k) = list.get(MAX_ABILITIES) {
            let message = format!("trop de capacités ({}, au plus {MAX_ABILITIES})", list.len());
            return Err(self.err(k.span().start, key, message));
        }
        list.iter().map(|k| Keyword::parse(k.get_ref()).map_err(|m| self.err(k.span().start, key, m))).collect()
    }

    /// An `[[etape]]`: exactly one action, and no key of another action.
    fn step(&self, raw: &Spanned<RawStep>) -> Result<Step, ScenarioError> {
        let s = raw.get_ref();
        let at = raw.span().start;
        let present = [
            s.lancer.is_some(),
            s.modifier.is_some(),
            s.deplacer.is_some(),
            s.regenerer.is_some(),
            s.resoudre.is_some(),
            s.legende.is_some(),
            s.fin_du_tour.is_some(),
            s.attaquer.is_some(),
            s.bloquer.is_some(),
            s.blessures.is_some(),
        ];
        if present.iter().filter(|p| **p).count() != 1 {
            let message = "chaque étape a exactement une action : lancer, modifier, deplacer, regenerer, resoudre, \
                           legende, fin_du_tour, attaquer, bloquer ou blessures";
            return Err(self.err(at, "etape", message.into()));
        }
        let action = if let Some(c) = &s.lancer {
            self.cast(s, c, at)?
        } else if let Some(c) = &s.modifier {
            self.modify(s, c, at)?
        } else if let Some(c) = &s.deplacer {
            self.move_card(s, c, at)?
        } else if let Some(c) = &s.regenerer {
            Action::Regenerate { card: self.card_named(c, "regenerer")? }
        } else if let Some(r) = &s.resoudre {
            self.resolve(r, "resoudre", Action::Resolve)?
        } else if let Some(c) = &s.legende {
            self.legend(c)?
        } else if let Some(list) = &s.attaquer {
            self.attack(list, s.defenseur.as_ref())?
        } else if let Some(table) = &s.bloquer {
            self.block(table)?
        } else if let Some(d) = &s.blessures {
            self.damage(d, s.repartition.as_ref())?
        } else {
            self.resolve(s.fin_du_tour.as_ref().expect("one action is present"), "fin_du_tour", Action::EndOfTurn)?
        };
        self.misplaced_keys(s, &action, at)?;
        Ok(Step { action, comment: s.commentaire.clone(), line: line_at(self.text, at) })
    }

    /// `legende`: a legendary card, the one its controller keeps (704.5j).
    fn legend(&self, c: &Spanned<String>) -> Result<Action, ScenarioError> {
        let keep = self.card_named(c, "legende")?;
        if !self.cards[keep.0].type_line.supertypes.contains("légendaire") {
            let message = format!(
                "« {} » n'est pas légendaire : la règle des légendes (704.5j) ne la concerne pas",
                c.get_ref().trim()
            );
            return Err(self.err(c.span().start, "legende", message));
        }
        Ok(Action::Legend { keep })
    }

    /// The keys of other actions, present where they mean nothing.
    fn misplaced_keys(&self, s: &RawStep, action: &Action, at: usize) -> Result<(), ScenarioError> {
        let misplaced = |present: bool, key: &str, action: &str| {
            if present { Err(self.err(at, key, format!("« {key} » ne va qu'avec « {action} »"))) } else { Ok(()) }
        };
        if !matches!(action, Action::Modify { .. }) {
            for (present, key) in [
                (s.gagne.is_some(), "gagne"),
                (s.perd.is_some(), "perd"),
                (s.couleurs.is_some(), "couleurs"),
                (s.type_line.is_some(), "type"),
                (s.force.is_some(), "force"),
                (s.endurance.is_some(), "endurance"),
            ] {
                misplaced(present, key, "modifier")?;
            }
        }
        if !matches!(action, Action::Cast { .. }) {
            misplaced(s.cibles.is_some(), "cibles", "lancer")?;
        }
        if !matches!(action, Action::Move { .. }) {
            misplaced(s.vers.is_some(), "vers", "deplacer")?;
        }
        if !matches!(action, Action::Attack { .. }) {
            misplaced(s.defenseur.is_some(), "defenseur", "attaquer")?;
        }
        if !matches!(action, Action::Damage { .. }) {
            misplaced(s.repartition.is_some(), "repartition", "blessures")?;
        }
        Ok(())
    }

    /// `lancer` with its `cibles`: one per target instance of the card.
    fn cast(&self, s: &RawStep, c: &Spanned<String>, at: usize) -> Result<Action, ScenarioError> {
        let card = self.card_named(c, "lancer")?;
        let targets = s.cibles.as_ref().map(|c| c.get_ref().as_slice()).unwrap_or(&[]);
        let targets = targets.iter().map(|t| self.target(t)).collect::<Result<Vec<_>, _>>()?;
        let needed = self.cards[card.0].target_count();
        if targets.len() != needed {
            let offset = s.cibles.as_ref().map_or(c.span().start, |c| c.span().start);
            let message = format!(
                "« {} » demande {needed} cible{} (une par occurrence du mot « cible »), {} donnée{}",
                self.cards[card.0].name,
                if needed > 1 { "s" } else { "" },
                targets.len(),
                if targets.len() > 1 { "s" } else { "" }
            );
            return Err(self.err(offset, "cibles", message));
        }
        if s.vers.is_some() {
            return Err(self.err(at, "vers", "« vers » ne va qu'avec « deplacer »".into()));
        }
        Ok(Action::Cast { card, targets })
    }

    /// One of `cibles`: a card's id, else a player's name.
    fn target(&self, t: &Spanned<String>) -> Result<Choice, ScenarioError> {
        let name = t.get_ref().trim();
        if let Some(i) = self.cards.iter().position(|c| c.id == name) {
            return Ok(Choice::Card(CardIdx(i)));
        }
        match self.players.iter().position(|p| fold(p) == fold(name)) {
            Some(p) => Ok(Choice::Player(PlayerIdx(p))),
            None => Err(self.err(
                t.span().start,
                "cibles",
                format!("« {name} » n'est ni une carte ni un joueur du scénario"),
            )),
        }
    }

    /// `modifier` with what changes: `gagne`, `perd`, `couleurs`, `type`,
    /// `force`, `endurance`.
    fn modify(&self, s: &RawStep, c: &Spanned<String>, at: usize) -> Result<Action, ScenarioError> {
        let card = self.card_named(c, "modifier")?;
        let gains = self.keywords(s.gagne.as_deref().unwrap_or_default(), "gagne")?;
        let loses = self.keywords(s.perd.as_deref().unwrap_or_default(), "perd")?;
        let mut change = Change { gains, loses, ..Change::default() };
        if let Some(list) = &s.couleurs {
            change.colours = Some(self.colour_set(list)?);
        }
        if let Some(t) = &s.type_line {
            change.type_line = Some(TypeLine::parse(t.get_ref()).map_err(|m| self.err(t.span().start, "type", m))?);
        }
        change.power = self.stat(&s.force, "force")?;
        change.toughness = self.stat(&s.endurance, "endurance")?;
        if change == Change::default() {
            let message = "rien à modifier (gagne, perd, couleurs, type, force, endurance)".into();
            return Err(self.err(at, "modifier", message));
        }
        if s.cibles.is_some() {
            return Err(self.err(at, "cibles", "« cibles » ne va qu'avec « lancer »".into()));
        }
        Ok(Action::Modify { card, change })
    }

    /// `deplacer` with `vers`: any zone but the stack.
    fn move_card(&self, s: &RawStep, c: &Spanned<String>, at: usize) -> Result<Action, ScenarioError> {
        let card = self.card_named(c, "deplacer")?;
        let to = s
            .vers
            .as_ref()
            .ok_or_else(|| self.err(at, "vers", "« deplacer » demande « vers » (la zone d'arrivée)".into()))?;
        let zone = Zone::parse(to.get_ref())
            .filter(|z| *z != Zone::Stack)
            .ok_or_else(|| self.err(to.span().start, "vers", format!("zone « {} » inconnue", to.get_ref())))?;
        Ok(Action::Move { card, to: zone })
    }

    /// A step written `key = true` (`resoudre`, `fin_du_tour`).
    fn resolve(&self, r: &Spanned<bool>, key: &str, action: Action) -> Result<Action, ScenarioError> {
        if !r.get_ref() {
            return Err(self.err(r.span().start, key, format!("« {key} » ne peut valoir que true")));
        }
        Ok(action)
    }

    /// `[attendu]`: zones, draws, life totals, damage, spells countered.
    fn expected(&self, e: &RawExpected) -> Result<Expected, ScenarioError> {
        let by_name = |name: &str, offset: usize, key: &str| -> Result<CardIdx, ScenarioError> {
            let found = self.cards.iter().position(|c| c.id == name).map(CardIdx);
            found.ok_or_else(|| self.err(offset, key, format!("carte « {name} » inconnue")))
        };
        let by_player = |name: &str, offset: usize, key: &str| -> Result<PlayerIdx, ScenarioError> {
            let found = self.players.iter().position(|p| fold(p) == fold(name)).map(PlayerIdx);
            found.ok_or_else(|| self.err(offset, key, format!("joueur « {name} » inconnu")))
        };
        let mut x = Expected::default();
        for (k, v) in &e.zones {
            let zone = Zone::parse(v.get_ref())
                .ok_or_else(|| self.err(v.span().start, "zones", format!("zone « {} » inconnue", v.get_ref())))?;
            x.zones.push((by_name(k, v.span().start, "zones")?, zone));
        }
        for (k, v) in &e.pioches {
            x.draws.push((by_player(k, v.span().start, "pioches")?, self.count(v, "pioches")?));
        }
        for (k, v) in &e.points_de_vie {
            let life = i32::try_from(*v.get_ref())
                .ok()
                .filter(|n| n.abs() <= 1_000_000)
                .ok_or_else(|| self.err(v.span().start, "points_de_vie", "valeur hors limites".into()))?;
            x.life.push((by_player(k, v.span().start, "points_de_vie")?, life));
        }
        if let Some(r) = &e.refus {
            let id = RuleId::parse_loose(r.get_ref()).map_err(|m| self.err(r.span().start, "refus", m.to_string()))?;
            x.refusal = Some(id);
        }
        for (k, v) in &e.jetons {
            x.tokens.push((by_player(k, v.span().start, "jetons")?, self.count(v, "jetons")?));
        }
        for (k, v) in &e.blessures {
            x.damage.push((by_name(k, v.span().start, "blessures")?, self.count(v, "blessures")?));
        }
        for v in &e.contrecarres {
            x.countered.push(by_name(v.get_ref(), v.span().start, "contrecarres")?);
        }
        for (k, kinds) in &e.marqueurs {
            for (kind, v) in kinds {
                let at = v.span().start;
                let plus = match kind.as_str() {
                    "+1/+1" => true,
                    "-1/-1" => false,
                    _ => {
                        return Err(self.err(at, "marqueurs", format!("marqueur « {kind} » inconnu (+1/+1 ou -1/-1)")));
                    }
                };
                x.counters.push((by_name(k, at, "marqueurs")?, plus, self.count(v, "marqueurs")?));
            }
        }
        for (k, v) in &e.force_endurance {
            let at = v.span().start;
            let pt =
                v.get_ref().split_once('/').and_then(|(p, t)| Some((p.trim().parse().ok()?, t.trim().parse().ok()?)));
            let pt = pt.ok_or_else(|| {
                self.err(at, "force_endurance", format!("« {} » n'est pas de la forme 4/4", v.get_ref()))
            })?;
            x.power_toughness.push((by_name(k, at, "force_endurance")?, pt));
        }
        if let Some(list) = &e.perdants {
            let players = list.iter().map(|v| by_player(v.get_ref(), v.span().start, "perdants"));
            x.losers = Some(players.collect::<Result<_, _>>()?);
        }
        if let Some(list) = &e.engages {
            let cards = list.iter().map(|v| by_name(v.get_ref(), v.span().start, "engages"));
            x.tapped = Some(cards.collect::<Result<_, _>>()?);
        }
        if let Some(list) = &e.non_resolus {
            let cards = list.iter().map(|v| by_name(v.get_ref(), v.span().start, "non_resolus"));
            x.not_resolved = Some(cards.collect::<Result<_, _>>()?);
        }
        Ok(x)
    }
}
