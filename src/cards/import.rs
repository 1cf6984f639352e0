//! Refreshing the card files of `rules/cartes/` from a download, and
//! checking a card folder (`arbitre cartes importe`, `arbitre cartes check`).
//!
//! ```text
//! AtomicCards.json[.gz] (MTGJSON v5) ─┐                   ┌─▶ oracle-cards.json.gz
//!                                      ├─ import ─ Cards::parse (vérifié) ─┤
//! oracle-cards-*.json[.gz] (Scryfall) ─┘                   └─▶ mtgjson3-fr-rulings.json.gz (MTGJSON seulement)
//! ```
//!
//! **Input.** MTGJSON v5 `AtomicCards.json` (an object `{ meta, data }`,
//! `data` mapping each card name to its faces: `name`, `faceName`, `side`,
//! `manaCost`, `type`, `types`, `subtypes`, `supertypes`, `keywords`,
//! `power`, `toughness`, `loyalty`, `text`, `layout`, `colorIdentity`,
//! `isFunny`, `foreignData[]`, `rulings[]`), or Scryfall's `oracle-cards`
//! bulk file (an array of card objects: `object: "card"`, `name`,
//! `mana_cost`, `type_line`, `oracle_text`, `keywords`, `power`,
//! `toughness`, `loyalty`, `layout`, `color_identity`, `set_type`,
//! `card_faces[]`), or a Scryfall API list (`{ object: "list", data: [...] }`).
//! Plain or gzip-compressed (told by its first two bytes); the format is
//! told by the shape of the JSON, not by the file's name.
//!
//! **Output**, in the project's format (what [`Cards::parse`] reads): one
//! record per card, named by its full name (`Fire // Ice`), with the fields
//! of its front face (side `a`) — as the shipped file has them — and its
//! other halves when they share its record (a split card, an adventure, a
//! flip card: « Ice » of Fire // Ice) in `halves` (`name`, `manaCost`,
//! `type`, `text`, `power`, `toughness`, `loyalty`), which the shipped file,
//! built from data without them, lacks. A double-faced card (layouts
//! `transform` and `modal_dfc`) names its back face in `back`, and its
//! back face is a record of its own with `face: "back"` and `front` (the
//! front face's name); a meld card's melded face is a record of its own,
//! once. From MTGJSON, the French file is
//! written anew: `fr` from `foreignData` in French, `rulings` from
//! `rulings`, and `fr_printed` kept from the folder's previous French file
//! for the names still present (the card's own name, or its front face's
//! name: MTGJSON v3 named faces); when `foreignData` has no French name for
//! a card, the previous file's `fr` is kept. Nothing is invented: the
//! 2018 printed texts and their `oracle_then` only come from the previous
//! file. From Scryfall (no French, no rulings), the French file is left as
//! it is.
//!
//! **Skipped**, and counted by reason with a few examples (nothing is
//! dropped silently): tokens, double-faced tokens, emblems and Art Series
//! cards (layouts `token`, `double_faced_token`, `emblem`, `art_series`),
//! records that are not cards, records without a name, with a name longer
//! than [`MAX_NAME_CHARS`] or with control characters, and a second record
//! of a name already written. Cards of the « Un- » and other humour sets
//! (MTGJSON `isFunny`, Scryfall `set_type: "funny"`) are kept, as the
//! shipped data keeps them, and counted. Planes, schemes and vanguards are
//! kept too.
//!
//! **Memory.** The input (100 to 300 MB) is read as a stream, one card at
//! a time: each card is held as a [`serde_json::Value`] only while it is
//! converted. What stays in memory is the converted cards (a few tens of
//! MB) and the two compressed files (about 5 MB), built in memory, checked
//! with [`Cards::parse`], then written beside their destination and renamed
//! over it (each file is replaced whole or not at all).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{Cards, Printed, Ruling};
use crate::text::plural;

/// The Oracle file of a card folder.
pub const ORACLE_FILE: &str = "oracle-cards.json.gz";
/// The French file of a card folder (French names, printed texts, rulings).
pub const FRENCH_FILE: &str = "mtgjson3-fr-rulings.json.gz";
/// The folder `arbitre cartes` reads and writes by default, from the source tree.
pub const DEFAULT_FOLDER: &str = "rules/cartes";
/// A longer name is not a card's (the longest real one has 141 characters).
pub const MAX_NAME_CHARS: usize = 300;
/// Progress is told every this many records read.
pub const PROGRESS_EVERY: usize = 10_000;
/// Examples kept for each count.
const EXAMPLES: usize = 5;
/// The most halves a card keeps beside its first (« Who // What // When //
/// Where // Why » has four); more are reported, not kept.
const MAX_HALVES: usize = 8;
/// The layout of cards printed on both sides with the same card, which
/// Scryfall and MTGJSON give as two faces: no half.
const REVERSIBLE: &str = "reversible_card";
/// The layouts whose back face is a record of its own.
const DOUBLE_FACED: [&str; 2] = ["transform", "modal_dfc"];
/// Supertypes, to split a Scryfall type line (MTGJSON gives them apart).
const SUPERTYPES: [&str; 7] = ["Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"];

/// Which download a file is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Format {
    /// MTGJSON v5 `AtomicCards.json`.
    Mtgjson,
    /// Scryfall's `oracle-cards` bulk file (an array of cards).
    ScryfallBulk,
    /// A Scryfall API list (`{ object: "list", data: [...] }`).
    ScryfallList,
}

impl Format {
    /// Whether the format has French names and rulings.
    pub fn has_french(self) -> bool {
        self == Format::Mtgjson
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Mtgjson => "MTGJSON v5, AtomicCards.json",
            Format::ScryfallBulk => "Scryfall, fichier en vrac oracle-cards",
            Format::ScryfallList => "Scryfall, liste de cartes de l'API",
        })
    }
}

/// What an import tells as it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// The format is recognised.
    Format(Format),
    /// This many records read so far (every [`PROGRESS_EVERY`]).
    Read(usize),
}

/// Why a record was not written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Skip {
    /// No name, or a blank one.
    NoName,
    /// A name longer than [`MAX_NAME_CHARS`].
    LongName,
    /// A name with control characters.
    ControlCharacters,
    /// Layout `token`.
    Token,
    /// Layout `double_faced_token`.
    DoubleFacedToken,
    /// Layout `emblem`.
    Emblem,
    /// Layout `art_series`.
    ArtSeries,
    /// Not a Scryfall card object (`object` is not `card`).
    NotACard,
    /// A record already in the project's format (not a download).
    ProjectFormat,
    /// An MTGJSON entry that is not an array of faces.
    Malformed,
    /// A whole set (`data` of AllPrintings, not AtomicCards).
    WholeSet,
    /// A name already written by an earlier record.
    Duplicate,
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Skip::NoName => "sans nom",
            Skip::LongName => "nom de plus de 300 caractères",
            Skip::ControlCharacters => "nom avec des caractères de contrôle ou invisibles",
            Skip::Token => "jeton (layout token)",
            Skip::DoubleFacedToken => "jeton double face (layout double_faced_token)",
            Skip::Emblem => "emblème (layout emblem)",
            Skip::ArtSeries => "carte d'illustration Art Series (layout art_series)",
            Skip::NotACard => "pas un objet carte de Scryfall (« object » n'est pas « card »)",
            Skip::ProjectFormat => "fiche déjà au format du projet (ce n'est pas un téléchargement)",
            Skip::Malformed => "fiche mal formée (attendu : un tableau de faces)",
            Skip::WholeSet => "extension entière (un fichier AllPrintings ? attendu : AtomicCards)",
            Skip::Duplicate => "nom déjà écrit par une fiche précédente",
        })
    }
}

/// A count and a few examples.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// How many.
    pub count: usize,
    /// The first few, as found.
    pub examples: Vec<String>,
}

impl Finding {
    fn add(&mut self, example: impl Into<String>) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push(example.into());
        }
    }

    /// « 3 (ex. « A », « B ») », or « aucun » / « aucune ».
    fn said(&self, none: &str) -> String {
        if self.count == 0 {
            return none.to_string();
        }
        let examples: Vec<String> = self.examples.iter().map(|e| format!("« {e} »")).collect();
        let more = if self.count > self.examples.len() { ", …" } else { "" };
        format!("{} (ex. {}{more})", thousands(self.count), examples.join(", "))
    }
}

/// Why an import could not be done. In French, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file is absent.
    #[error("{0} : fichier introuvable")]
    Missing(String),
    /// The file cannot be read.
    #[error("{0} : {1}")]
    Unreadable(String, String),
    /// The file is empty.
    #[error("{0} : fichier vide")]
    Empty(String),
    /// The gzip stream holds nothing.
    #[error("{0} : archive gzip vide une fois décompressée")]
    EmptyGzip(String),
    /// The gzip stream is broken.
    #[error("{0} : archive gzip corrompue ou tronquée")]
    Gzip(String),
    /// Not JSON.
    #[error("{0} : ce n'est pas du JSON valide ({1})")]
    NotJson(String, String),
    /// JSON, of neither format.
    #[error(
        "{0} : JSON d'aucun des formats connus : {1} ; attendu AtomicCards.json de MTGJSON v5 (un objet {{ meta, data }}) \
         ou le fichier oracle-cards de Scryfall (un tableau de cartes)"
    )]
    Neither(String, String),
    /// The right shape, and no card in it.
    #[error("{0} : aucune carte lue ({1}) ; {2}")]
    NoCards(String, Format, String),
    /// The destination folder is absent.
    #[error("{0} : dossier introuvable (--vers doit nommer un dossier existant)")]
    Folder(String),
    /// One page of Scryfall's API, more following: not every card.
    #[error(
        "{0} : une page de l'API de Scryfall, que d'autres suivent (« has_more ») ; téléchargez plutôt le fichier en \
         bloc « Oracle Cards » (scryfall.com/docs/api/bulk-data) ; rien n'est écrit"
    )]
    Partial(String),
    /// Far fewer cards than the folder has: a partial download, most likely.
    #[error(
        "{0} : {1} contre {2} dans {3} ; un téléchargement partiel ? Rien n'est écrit (--remplacer pour écrire quand \
         même)"
    )]
    Shrinks(String, String, String, String),
    /// The folder's previous French file cannot be read: its printed texts would be lost.
    #[error(
        "{0} : ancien fichier français illisible ({1}) ; rien n'est écrit, ses textes imprimés de 2018 seraient perdus"
    )]
    OldFrench(String, String),
    /// What would be written does not read back (a bug: nothing is written).
    #[error("les fichiers produits ne se relisent pas ({0}) ; rien n'est écrit")]
    Invalid(String),
    /// Writing failed.
    #[error("{0} : écriture impossible ({1})")]
    Write(String, String),
}

impl ImportError {
    /// 2 when the input cannot be used, 1 when writing failed.
    pub fn exit_code(&self) -> u8 {
        match self {
            ImportError::Invalid(_) | ImportError::Write(..) => 1,
            _ => 2,
        }
    }
}

/// An I/O error in French.
fn io_french(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "fichier introuvable".to_string(),
        io::ErrorKind::PermissionDenied => "accès refusé".to_string(),
        io::ErrorKind::IsADirectory => "c'est un dossier".to_string(),
        io::ErrorKind::InvalidData | io::ErrorKind::UnexpectedEof => "données corrompues ou tronquées".to_string(),
        _ => format!("erreur du système : {e}"),
    }
}

/// A path as shown.
fn shown(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// « 35 033 »: thousands apart by a no-break space, as the terminal prints them.
pub fn thousands(n: usize) -> String {
    crate::text::thousands(n, crate::text::NBSP)
}

/// « 3,2 s ».
fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64()).replace('.', ",")
}

// ───────────────────────────── the project's format ─────────────────────────────

/// One record of `oracle-cards.json.gz`, keys in the shipped file's order.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct OracleOut {
    name: String,
    mana_cost: Option<String>,
    #[serde(rename = "type")]
    type_line: Option<String>,
    types: Vec<String>,
    subtypes: Vec<String>,
    supertypes: Vec<String>,
    keywords: Option<Vec<String>>,
    power: Option<String>,
    toughness: Option<String>,
    loyalty: Option<String>,
    text: Option<String>,
    layout: String,
    color_identity: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    back: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    face: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    front: Option<String>,
    /// The other halves of a card whose halves share its record (split,
    /// adventure, flip…), read by [`super::Half`].
    #[serde(skip_serializing_if = "Option::is_none")]
    halves: Option<Vec<HalfOut>>,
}

/// One half of [`OracleOut::halves`].
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct HalfOut {
    name: String,
    mana_cost: Option<String>,
    #[serde(rename = "type")]
    type_line: Option<String>,
    text: Option<String>,
    power: Option<String>,
    toughness: Option<String>,
    loyalty: Option<String>,
}

impl HalfOut {
    /// A half as a record of its own gives it.
    fn of(record: OracleOut) -> HalfOut {
        let OracleOut { name, mana_cost, type_line, text, power, toughness, loyalty, .. } = record;
        HalfOut { name, mana_cost, type_line, text, power, toughness, loyalty }
    }
}

/// One record of `mtgjson3-fr-rulings.json.gz`.
#[derive(Debug, Clone, Serialize)]
struct FrenchOut {
    name: String,
    fr: Vec<String>,
    rulings: Vec<Ruling>,
    fr_printed: Vec<Printed>,
}

/// A record of a French file already there, as far as the import keeps it.
#[derive(Debug, Deserialize)]
struct OldFrench {
    name: String,
    #[serde(default)]
    fr: Option<Vec<String>>,
    #[serde(default)]
    fr_printed: Option<Vec<Printed>>,
}

/// A French record to write, before the previous file's printed texts join it.
#[derive(Debug)]
struct NewFrench {
    name: String,
    fr: Vec<String>,
    rulings: Vec<Ruling>,
    /// The front face's own name, for a card of several faces (MTGJSON v3 named faces).
    front_face: Option<String>,
}

// ───────────────────────────── reading a download ─────────────────────────────

/// A field as text: a string, or a number written out (`"power": 3`).
fn text(o: &Map<String, Value>, key: &str) -> Option<String> {
    match o.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A field as a list of texts (what is not text in it is left out).
fn texts(o: &Map<String, Value>, key: &str) -> Vec<String> {
    o.get(key)
        .and_then(Value::as_array)
        .map_or_else(Vec::new, |a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
}

/// A list, or `null` when empty (MTGJSON leaves `keywords` out when there are none).
fn non_empty(list: Vec<String>) -> Option<Vec<String>> {
    (!list.is_empty()).then_some(list)
}

/// What is wrong with a name, if anything.
fn name_problem(name: &str) -> Option<Skip> {
    if name.trim().is_empty() {
        Some(Skip::NoName)
    } else if name.chars().count() > MAX_NAME_CHARS {
        Some(Skip::LongName)
    } else if name.chars().any(hidden) {
        Some(Skip::ControlCharacters)
    } else {
        None
    }
}

/// « dont N moitiés… », the halves kept with their card.
fn halves_line(halves: usize) -> String {
    let kept = if halves == 1 { "gardée avec sa carte" } else { "gardées avec leur carte" };
    format!(
        "  dont {} {kept} (cartes scindées, aventures, cartes à retourner…)\n",
        plural_n(halves, "moitié", "moitiés")
    )
}

/// Why a half of a card (after its first, `front`) is not kept, if so: a
/// name that cannot be shown, one given before (`earlier`), or one beyond
/// [`MAX_HALVES`].
fn half_problem(name: &str, front: &str, earlier: &[&str]) -> Option<String> {
    match name_problem(name) {
        Some(problem) => Some(problem.to_string()),
        None if name == front || earlier.contains(&name) => Some("en double".to_string()),
        None if earlier.len() >= MAX_HALVES => Some(format!("au-delà de {MAX_HALVES} moitiés")),
        None => None,
    }
}

/// The skip a layout says, for what is not a card to play.
fn layout_skip(layout: &str) -> Option<Skip> {
    match layout {
        "token" => Some(Skip::Token),
        "double_faced_token" => Some(Skip::DoubleFacedToken),
        "emblem" => Some(Skip::Emblem),
        "art_series" => Some(Skip::ArtSeries),
        _ => None,
    }
}

/// A control character, or one that turns text around or hides (U+202E,
/// U+200B): in no card's name.
fn hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A name as an example: short, the characters [`hidden`] shown as
/// escapes, the rest as it is (« Lion's Eye Diamond »).
fn example(name: &str) -> String {
    let escaped: String =
        name.chars().flat_map(|c| if hidden(c) { c.escape_debug().collect::<Vec<_>>() } else { vec![c] }).collect();
    match escaped.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &escaped[..i]),
        None => escaped,
    }
}

/// Supertypes, types and subtypes of a type line (« Legendary Creature — Elf Druid »).
fn split_type_line(line: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let (left, right) = line.split_once(" — ").unwrap_or((line, ""));
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let (supertypes, types) = words(left).into_iter().partition(|w| SUPERTYPES.contains(&w.as_str()));
    (supertypes, types, words(right))
}

/// What a download gives: its cards, and what was passed over.
#[derive(Default)]
struct Gathered {
    /// MTGJSON's `meta`: version and date.
    meta: Option<String>,
    /// A Scryfall API page that says more pages follow (`has_more`).
    has_more: bool,
    records: usize,
    funny: usize,
    cards: usize,
    faces: usize,
    halves: usize,
    oracle: Vec<OracleOut>,
    french: Vec<NewFrench>,
    skipped: BTreeMap<Skip, Finding>,
    /// Halves not kept, the card kept without them (« Card : half (why) »).
    halves_skipped: Finding,
}

/// The cards read from a download so far.
struct Collector<'p> {
    format: Option<Format>,
    names: HashSet<String>,
    read: Gathered,
    progress: &'p mut dyn FnMut(Progress),
}

impl<'p> Collector<'p> {
    fn new(progress: &'p mut dyn FnMut(Progress)) -> Self {
        Collector { format: None, names: HashSet::new(), read: Gathered::default(), progress }
    }

    fn set_format(&mut self, format: Format) {
        self.format = Some(format);
        (self.progress)(Progress::Format(format));
    }

    fn count_record(&mut self) {
        self.read.records += 1;
        if self.read.records.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(Progress::Read(self.read.records));
        }
    }

    fn skip(&mut self, why: Skip, name: &str) {
        let shown = if name.trim().is_empty() { format!("fiche n° {}", self.read.records) } else { example(name) };
        self.read.skipped.entry(why).or_default().add(shown);
    }

    /// Why a record of this name and layout is not written, if it is not.
    fn refused(&mut self, name: &str, layout: &str) -> bool {
        match name_problem(name).or_else(|| layout_skip(layout)) {
            Some(why) => {
                self.skip(why, name);
                true
            }
            None => false,
        }
    }

    /// Gives the card just written its other halves (`faces`, after its
    /// first, `front`): each with a name that can be shown, once, at most
    /// [`MAX_HALVES`]; the others are reported, the card kept without them.
    /// Their keywords join the card's (MTGJSON gives them by face).
    fn keep_halves(&mut self, front: &str, faces: Vec<OracleOut>) {
        let Some(card) = self.read.oracle.last_mut() else { return };
        let mut kept: Vec<HalfOut> = Vec::new();
        let mut keywords = card.keywords.take().unwrap_or_default();
        for face in faces {
            let earlier: Vec<&str> = kept.iter().map(|h| h.name.as_str()).collect();
            if let Some(why) = half_problem(&face.name, front, &earlier) {
                self.read.halves_skipped.add(format!("{} : {} ({why})", example(&card.name), example(&face.name)));
                continue;
            }
            for k in face.keywords.iter().flatten() {
                if !keywords.contains(k) {
                    keywords.push(k.clone());
                }
            }
            kept.push(HalfOut::of(face));
        }
        card.keywords = non_empty(keywords);
        self.read.halves += kept.len();
        card.halves = Some(kept).filter(|h| !h.is_empty());
    }

    /// Keeps a record unless its name is already written.
    fn push(&mut self, record: OracleOut) -> bool {
        if !self.names.insert(record.name.clone()) {
            self.skip(Skip::Duplicate, &record.name);
            return false;
        }
        if record.face.is_some() {
            self.read.faces += 1;
        } else {
            self.read.cards += 1;
        }
        self.read.oracle.push(record);
        true
    }
}

/// A record of the project's format from an MTGJSON face.
fn mtgjson_record(name: String, face: &Map<String, Value>) -> OracleOut {
    OracleOut {
        name,
        mana_cost: text(face, "manaCost").filter(|m| !m.is_empty()),
        type_line: text(face, "type"),
        types: texts(face, "types"),
        subtypes: texts(face, "subtypes"),
        supertypes: texts(face, "supertypes"),
        keywords: non_empty(texts(face, "keywords")),
        power: text(face, "power"),
        toughness: text(face, "toughness"),
        loyalty: text(face, "loyalty"),
        text: text(face, "text"),
        layout: text(face, "layout").unwrap_or_else(|| "normal".to_string()),
        color_identity: texts(face, "colorIdentity"),
        back: None,
        face: None,
        front: None,
        halves: None,
    }
}

/// The French names of a face (`field` of its `foreignData` in French), each once.
fn french_names(face: &Map<String, Value>, field: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let foreign = face.get("foreignData").and_then(Value::as_array);
    for f in foreign.into_iter().flatten().filter_map(Value::as_object) {
        if text(f, "language").as_deref() != Some("French") {
            continue;
        }
        let name = text(f, field).or_else(|| text(f, "name")).unwrap_or_default();
        if name_problem(&name).is_none() && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// A face's own name: `faceName`, else the last part of its card's name.
fn face_name(face: &Map<String, Value>) -> String {
    text(face, "faceName")
        .or_else(|| text(face, "name").map(|n| n.rsplit(" // ").next().unwrap_or_default().to_string()))
        .unwrap_or_default()
}

/// The rulings of a face, each with its date.
fn rulings(face: &Map<String, Value>) -> Vec<Ruling> {
    let list = face.get("rulings").and_then(Value::as_array);
    list.into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .filter_map(|r| Some(Ruling { date: text(r, "date").unwrap_or_default().into(), text: text(r, "text")? }))
        .collect()
}

impl Collector<'_> {
    /// One entry of AtomicCards' `data`: a name and its faces.
    fn mtgjson_card(&mut self, key: String, value: Value) {
        self.count_record();
        let faces: Vec<&Map<String, Value>> = match &value {
            Value::Array(items) => items.iter().filter_map(Value::as_object).collect(),
            Value::Object(o) if o.contains_key("cards") => return self.skip(Skip::WholeSet, &key),
            _ => Vec::new(),
        };
        let side_a = faces.iter().copied().find(|f| text(f, "side").as_deref() == Some("a"));
        let Some(front) = side_a.or_else(|| faces.first().copied()) else {
            return self.skip(Skip::Malformed, &key);
        };
        let name = if key.trim().is_empty() { text(front, "name").unwrap_or_default() } else { key };
        let layout = text(front, "layout").unwrap_or_else(|| "normal".to_string());
        if self.refused(&name, &layout) {
            return;
        }
        if front.get("isFunny") == Some(&Value::Bool(true)) {
            self.read.funny += 1;
        }
        let front_face = text(front, "faceName");
        let front_name = front_face.clone().unwrap_or_else(|| name.split(" // ").next().unwrap_or(&name).to_string());
        let others: Vec<&Map<String, Value>> = faces.iter().copied().filter(|f| !std::ptr::eq(*f, front)).collect();
        let double = DOUBLE_FACED.contains(&layout.as_str());
        let back = others.first().copied().filter(|_| double);
        let mut card = mtgjson_record(name.clone(), front);
        card.back = back.map(face_name).filter(|n| !n.is_empty());
        // The other halves of a split card, an adventure, a flip card… share
        // its record: its faces after `a`, their keywords the card's too.
        let own = |f: &Map<String, Value>| back.is_some_and(|b| std::ptr::eq(f, b)) || layout == "meld";
        let is_half = |f: &Map<String, Value>| text(f, "side").is_some_and(|s| s != "a");
        let halves: Vec<OracleOut> = if layout == REVERSIBLE {
            Vec::new()
        } else {
            others.iter().filter(|f| !own(f) && is_half(f)).map(|f| mtgjson_record(face_name(f), f)).collect()
        };
        if !self.push(card) {
            return;
        }
        self.keep_halves(&front_name, halves);
        let fr = french_names(front, "name");
        self.read.french.push(NewFrench { name, fr, rulings: rulings(front), front_face });
        // The back face of a double-faced card, and a meld card's melded face, are cards of their own.
        for face in others.into_iter().filter(|f| own(f)) {
            let face_name = face_name(face);
            if self.refused(&face_name, &layout) {
                continue;
            }
            let mut record = mtgjson_record(face_name.clone(), face);
            if back.is_some() {
                record.face = Some("back".to_string());
                record.front = Some(front_name.clone());
            }
            if self.push(record) {
                let fr = french_names(face, "faceName");
                self.read.french.push(NewFrench { name: face_name, fr, rulings: Vec::new(), front_face: None });
            }
        }
    }

    /// One Scryfall card object.
    fn scryfall_card(&mut self, value: Value) {
        self.count_record();
        let Some(card) = value.as_object() else {
            return self.skip(Skip::NotACard, "");
        };
        let name = text(card, "name").unwrap_or_default();
        if text(card, "object").as_deref() != Some("card") {
            let ours = card.contains_key("manaCost") || card.contains_key("colorIdentity");
            return self.skip(if ours { Skip::ProjectFormat } else { Skip::NotACard }, &name);
        }
        let layout = text(card, "layout").unwrap_or_else(|| "normal".to_string());
        if self.refused(&name, &layout) {
            return;
        }
        if text(card, "set_type").as_deref() == Some("funny") {
            self.read.funny += 1;
        }
        let faces: Vec<&Map<String, Value>> = card
            .get("card_faces")
            .and_then(Value::as_array)
            .map_or_else(Vec::new, |f| f.iter().filter_map(Value::as_object).collect());
        let back = faces.get(1).copied().filter(|_| DOUBLE_FACED.contains(&layout.as_str()));
        let mut record = scryfall_record(name, card, faces.first().copied(), true);
        record.back = back.and_then(|b| text(b, "name"));
        // The other halves of a split card, an adventure, a flip card… share its record.
        let halves: Vec<OracleOut> = if back.is_none() && layout != REVERSIBLE {
            let half =
                |f: &Map<String, Value>| scryfall_record(text(f, "name").unwrap_or_default(), card, Some(f), false);
            faces.iter().skip(1).map(|f| half(f)).collect()
        } else {
            Vec::new()
        };
        let front_name = faces.first().and_then(|f| text(f, "name")).unwrap_or_default();
        if !self.push(record) {
            return;
        }
        self.keep_halves(&front_name, halves);
        if let Some(back) = back {
            let back_name = text(back, "name").unwrap_or_default();
            if self.refused(&back_name, &layout) {
                return;
            }
            let mut record = scryfall_record(back_name, card, Some(back), false);
            record.face = Some("back".to_string());
            record.front = faces.first().and_then(|f| text(f, "name"));
            self.push(record);
        }
    }
}

/// A record of the project's format from a Scryfall card: the fields of
/// `face` (its front face, or its back face), else of the card itself when
/// `fallback` (a split card's face has no `keywords`, a flip card's…).
fn scryfall_record(
    name: String,
    card: &Map<String, Value>,
    face: Option<&Map<String, Value>>,
    fallback: bool,
) -> OracleOut {
    let field = |key: &str| match face.and_then(|f| text(f, key)) {
        Some(v) => Some(v),
        None if fallback || face.is_none() => text(card, key),
        None => None,
    };
    let type_line = field("type_line");
    let (supertypes, types, subtypes) = split_type_line(type_line.as_deref().unwrap_or_default());
    OracleOut {
        name,
        mana_cost: field("mana_cost").filter(|m| !m.is_empty()),
        type_line,
        types,
        subtypes,
        supertypes,
        keywords: non_empty(texts(card, "keywords")),
        power: field("power"),
        toughness: field("toughness"),
        loyalty: field("loyalty"),
        text: field("oracle_text"),
        layout: text(card, "layout").unwrap_or_else(|| "normal".to_string()),
        color_identity: texts(card, "color_identity"),
        back: None,
        face: None,
        front: None,
        halves: None,
    }
}

/// The top-level object: MTGJSON's `{ meta, data }`, or a Scryfall list.
struct TopObject<'a, 'p>(&'a mut Collector<'p>, &'a mut bool);

impl<'de> Visitor<'de> for TopObject<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("un objet")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let TopObject(c, saw_data) = self;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "data" => {
                    *saw_data = true;
                    map.next_value_seed(Data(&mut *c))?;
                }
                "has_more" => {
                    c.read.has_more = map.next_value::<Value>()?.as_bool() == Some(true);
                }
                "meta" => {
                    let meta: Value = map.next_value()?;
                    let field = |k: &str| meta.get(k).and_then(Value::as_str).map(str::to_string);
                    c.read.meta = match (field("version"), field("date")) {
                        (Some(v), Some(d)) => Some(format!("version {v} du {d}")),
                        (Some(v), None) => Some(format!("version {v}")),
                        (None, Some(d)) => Some(format!("du {d}")),
                        (None, None) => None,
                    };
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// The value of `data`.
struct Data<'a, 'p>(&'a mut Collector<'p>);

impl<'de> DeserializeSeed<'de> for Data<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(DataVisitor(self.0))
    }
}

/// `data`: AtomicCards' name → faces, or a Scryfall list's cards.
struct DataVisitor<'a, 'p>(&'a mut Collector<'p>);

impl<'de> Visitor<'de> for DataVisitor<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("un objet ou un tableau")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.0.set_format(Format::Mtgjson);
        while let Some((name, faces)) = map.next_entry::<String, Value>()? {
            self.0.mtgjson_card(name, faces);
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.0.set_format(Format::ScryfallList);
        scryfall_cards(self.0, seq)
    }
}

/// The top-level array of Scryfall's bulk file.
struct TopArray<'a, 'p>(&'a mut Collector<'p>);

impl<'de> Visitor<'de> for TopArray<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("un tableau")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.0.set_format(Format::ScryfallBulk);
        scryfall_cards(self.0, seq)
    }
}

fn scryfall_cards<'de, A: SeqAccess<'de>>(c: &mut Collector<'_>, mut seq: A) -> Result<(), A::Error> {
    while let Some(card) = seq.next_element::<Value>()? {
        c.scryfall_card(card);
    }
    Ok(())
}

/// Opens a file, through gzip when its first two bytes say so.
fn open(path: &Path) -> Result<(Box<dyn BufRead>, bool), ImportError> {
    let name = shown(path);
    let file = std::fs::File::open(path).map_err(|e| match e.kind() {
        io::ErrorKind::NotFound => ImportError::Missing(name.clone()),
        _ => ImportError::Unreadable(name.clone(), io_french(&e)),
    })?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(ImportError::Unreadable(name, "c'est un dossier".to_string()));
    }
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let head = reader.fill_buf().map_err(|e| ImportError::Unreadable(name.clone(), io_french(&e)))?;
    if head.is_empty() {
        return Err(ImportError::Empty(name));
    }
    if head.starts_with(&[0x1f, 0x8b]) {
        let gz = flate2::bufread::MultiGzDecoder::new(reader);
        return Ok((Box::new(BufReader::with_capacity(1 << 16, gz)), true));
    }
    Ok((Box::new(reader), false))
}

/// The first byte of the JSON text, past blanks and a byte-order mark, left unread.
fn first_byte(reader: &mut dyn BufRead) -> io::Result<Option<u8>> {
    let mut start = true;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(None);
        }
        if start && buf.starts_with(b"\xef\xbb\xbf") {
            reader.consume(3);
            start = false;
            continue;
        }
        start = false;
        match buf.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => {
                let b = buf[i];
                reader.consume(i);
                return Ok(Some(b));
            }
            None => {
                let n = buf.len();
                reader.consume(n);
            }
        }
    }
}

/// What a JSON value starting with this byte is, in words.
fn json_kind(b: u8) -> &'static str {
    match b {
        b'"' => "une chaîne de caractères",
        b't' | b'f' => "un booléen",
        b'n' => "null",
        _ => "un nombre",
    }
}

/// Everything read from a download, and its format.
struct Downloaded {
    format: Format,
    read: Gathered,
}

/// Reads a download, record by record.
fn read_download(path: &Path, progress: &mut dyn FnMut(Progress)) -> Result<Downloaded, ImportError> {
    let name = shown(path);
    let (mut reader, gz) = open(path)?;
    let broken = |e: &io::Error| {
        if gz { ImportError::Gzip(name.clone()) } else { ImportError::Unreadable(name.clone(), io_french(e)) }
    };
    let first = first_byte(&mut reader).map_err(|e| broken(&e))?;
    let Some(first) = first else {
        return Err(if gz { ImportError::EmptyGzip(name) } else { ImportError::Empty(name) });
    };
    let mut c = Collector::new(progress);
    let mut saw_data = false;
    let mut de = serde_json::Deserializer::from_reader(reader);
    let result = match first {
        b'{' => de.deserialize_map(TopObject(&mut c, &mut saw_data)),
        b'[' => de.deserialize_seq(TopArray(&mut c)),
        b'"' | b't' | b'f' | b'n' | b'-' | b'0'..=b'9' => match IgnoredAny::deserialize(&mut de) {
            Ok(_) => return Err(ImportError::Neither(name, json_kind(first).to_string())),
            Err(e) => Err(e),
        },
        _ => return Err(ImportError::NotJson(name, "il ne commence ni par « { » ni par « [ »".to_string())),
    };
    let result = result.and_then(|()| de.end());
    if let Err(e) = result {
        return Err(match e.classify() {
            serde_json::error::Category::Io if gz => ImportError::Gzip(name),
            serde_json::error::Category::Io => ImportError::Unreadable(name, "erreur de lecture".to_string()),
            serde_json::error::Category::Eof => {
                ImportError::NotJson(name, "le fichier s'arrête au milieu du JSON".into())
            }
            serde_json::error::Category::Syntax => {
                ImportError::NotJson(name, format!("erreur ligne {}, colonne {}", e.line(), e.column()))
            }
            serde_json::error::Category::Data => {
                ImportError::Neither(name, "la clé « data » n'est ni un objet de cartes ni un tableau".into())
            }
        });
    }
    let Some(format) = c.format else {
        let why = if saw_data { "« data » vide ou d'un autre type" } else { "un objet sans clé « data »" };
        return Err(ImportError::Neither(name, why.to_string()));
    };
    Ok(Downloaded { format, read: c.read })
}

// ───────────────────────────── the French file ─────────────────────────────

/// The French file as the import leaves it.
#[derive(Debug, Clone, Default)]
pub struct FrenchSummary {
    /// Records written.
    pub records: usize,
    /// Cards with French names.
    pub with_names: usize,
    /// … of which the names come from the previous file (none in `foreignData`).
    pub names_from_old: usize,
    /// Cards with rulings.
    pub with_rulings: usize,
    /// Rulings in all.
    pub rulings: usize,
    /// Cards whose printed texts were kept from the previous file.
    pub printed_kept: usize,
    /// Records of the previous file with printed texts whose name is no card's now: not kept.
    pub printed_dropped: Finding,
    /// Whether the folder had a French file before.
    pub old_file: bool,
}

/// How many records the folder's card file holds, if it has one that reads.
fn old_card_count(folder: &Path) -> Option<usize> {
    let bytes = std::fs::read(folder.join(ORACLE_FILE)).ok()?;
    gunzip_json::<Vec<IgnoredAny>>(&bytes).ok().map(|v| v.len())
}

/// Reads the folder's French file, if there is one.
fn read_old_french(folder: &Path) -> Result<Option<Vec<OldFrench>>, ImportError> {
    let path = folder.join(FRENCH_FILE);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ImportError::OldFrench(shown(&path), io_french(&e))),
    };
    gunzip_json(&bytes).map(Some).map_err(|e| ImportError::OldFrench(shown(&path), e))
}

/// Gzip-compressed JSON, read; what is wrong said in French.
fn gunzip_json<T: serde::de::DeserializeOwned>(gz: &[u8]) -> Result<T, String> {
    let mut text = Vec::new();
    flate2::read::GzDecoder::new(gz)
        .read_to_end(&mut text)
        .map_err(|_| "pas une archive gzip lisible (corrompue, tronquée, ou pas compressée)".to_string())?;
    serde_json::from_slice(&text).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => {
            format!(
                "fiche de forme inattendue ligne {}, colonne {} (attendu : le format du projet)",
                e.line(),
                e.column()
            )
        }
        _ => format!("JSON invalide ligne {}, colonne {}", e.line(), e.column()),
    })
}

/// The French records to write: the new ones, with the previous file's
/// printed texts (and its names where the download has none).
fn french_records(new: Vec<NewFrench>, old: Option<Vec<OldFrench>>) -> (Vec<FrenchOut>, FrenchSummary) {
    let mut summary = FrenchSummary { old_file: old.is_some(), ..FrenchSummary::default() };
    let old: HashMap<String, OldFrench> = old.unwrap_or_default().into_iter().map(|o| (o.name.clone(), o)).collect();
    let mut used: HashSet<&str> = HashSet::new();
    let mut out = Vec::new();
    for n in new {
        let previous = old.get(&n.name).or_else(|| n.front_face.as_ref().and_then(|f| old.get(f)));
        let printed = previous.and_then(|p| p.fr_printed.clone()).unwrap_or_default();
        if let Some(p) = previous.filter(|_| !printed.is_empty()) {
            used.insert(&p.name);
        }
        let mut fr = n.fr;
        if fr.is_empty() {
            fr = previous.and_then(|p| p.fr.clone()).unwrap_or_default();
            summary.names_from_old += usize::from(!fr.is_empty());
        }
        if fr.is_empty() && n.rulings.is_empty() && printed.is_empty() {
            continue;
        }
        summary.with_names += usize::from(!fr.is_empty());
        summary.with_rulings += usize::from(!n.rulings.is_empty());
        summary.rulings += n.rulings.len();
        summary.printed_kept += usize::from(!printed.is_empty());
        out.push(FrenchOut { name: n.name, fr, rulings: n.rulings, fr_printed: printed });
    }
    let mut dropped: Vec<&str> = old
        .values()
        .filter(|o| o.fr_printed.as_ref().is_some_and(|p| !p.is_empty()) && !used.contains(o.name.as_str()))
        .map(|o| o.name.as_str())
        .collect();
    dropped.sort_unstable();
    for name in dropped {
        summary.printed_dropped.add(example(name));
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    summary.records = out.len();
    (out, summary)
}

// ───────────────────────────── writing ─────────────────────────────

/// JSON, gzip-compressed.
fn gzip_json<T: Serialize>(value: &T) -> Result<Vec<u8>, String> {
    let json = serde_json::to_vec(value).map_err(|e| e.to_string())?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gz.write_all(&json).map_err(|e| io_french(&e))?;
    gz.finish().map_err(|e| io_french(&e))
}

/// Writes files into a folder, each beside its destination then renamed
/// over it: a file is replaced whole or not at all. Temporary files left
/// by a failure are removed.
fn write_atomically(folder: &Path, files: &[(&str, &[u8])]) -> Result<Vec<PathBuf>, ImportError> {
    let temporary = |name: &str| folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let cleanup = || {
        for (name, _) in files {
            let _ = std::fs::remove_file(temporary(name));
        }
    };
    for (name, bytes) in files {
        let tmp = temporary(name);
        let written = std::fs::File::create(&tmp).and_then(|mut f| {
            f.write_all(bytes)?;
            f.sync_all()
        });
        if let Err(e) = written {
            cleanup();
            return Err(ImportError::Write(shown(&tmp), io_french(&e)));
        }
    }
    let mut done = Vec::new();
    for (name, _) in files {
        let path = folder.join(name);
        if let Err(e) = std::fs::rename(temporary(name), &path) {
            cleanup();
            return Err(ImportError::Write(shown(&path), io_french(&e)));
        }
        done.push(path);
    }
    Ok(done)
}

// ───────────────────────────── the import ─────────────────────────────

/// What an import did.
#[derive(Debug, Clone)]
pub struct ImportReport {
    /// The file read.
    pub source: String,
    /// Its format.
    pub format: Format,
    /// MTGJSON's version and date, when it says them.
    pub meta: Option<String>,
    /// Records read (MTGJSON: card names; Scryfall: card objects).
    pub records: usize,
    /// Cards written (records without `face`).
    pub cards: usize,
    /// Back faces written (records with `face: "back"`).
    pub faces: usize,
    /// Halves kept with their card (`halves`: « Ice » of Fire // Ice).
    pub halves: usize,
    /// Cards of humour sets, kept.
    pub funny: usize,
    /// The French file written (MTGJSON), or `None` when left as it was (Scryfall).
    pub french: Option<FrenchSummary>,
    /// The folder's French file, which Scryfall leaves as it is.
    pub french_path: String,
    /// What was passed over, by reason.
    pub skipped: BTreeMap<Skip, Finding>,
    /// Halves not kept (a name that cannot be shown, twice, beyond
    /// [`MAX_HALVES`]), their card kept without them.
    pub halves_skipped: Finding,
    /// Whether the French file built into the binary was copied into a
    /// folder that had none (a Scryfall download has no French).
    pub french_copied: bool,
    /// The files written.
    pub written: Vec<String>,
    /// Time from start to end.
    pub elapsed: Duration,
}

/// Reads a download (MTGJSON v5 AtomicCards or Scryfall oracle-cards, plain
/// or gzip) and writes the card files into `folder`, which must exist.
/// `progress` hears the format once known, then every [`PROGRESS_EVERY`]
/// records. Nothing is written unless the files produced read back with
/// [`Cards::parse`].
pub fn import(
    file: &Path,
    folder: &Path,
    replace: bool,
    progress: &mut dyn FnMut(Progress),
) -> Result<ImportReport, ImportError> {
    let start = Instant::now();
    if !folder.is_dir() {
        return Err(ImportError::Folder(shown(folder)));
    }
    let old = read_old_french(folder);
    let Downloaded { format, read } = read_download(file, progress)?;
    if read.has_more {
        return Err(ImportError::Partial(shown(file)));
    }
    // A download of far fewer cards than the folder holds replaces them
    // only when asked: one wrong file would empty the card pages.
    if let Some(before) = old_card_count(folder).filter(|&n| !replace && read.cards + read.faces < n / 2) {
        return Err(ImportError::Shrinks(
            shown(file),
            plural_n(read.cards + read.faces, "fiche", "fiches"),
            thousands(before),
            shown(&folder.join(ORACLE_FILE)),
        ));
    }
    if read.oracle.is_empty() {
        let skipped: usize = read.skipped.values().map(|f| f.count).sum();
        let why = if skipped == 0 {
            "le fichier n'a aucune fiche".to_string()
        } else {
            let reasons: Vec<String> = read.skipped.iter().map(|(k, f)| format!("{k} : {}", f.count)).collect();
            format!("{} ignorées — {}", plural_n(skipped, "fiche", "fiches"), reasons.join(", "))
        };
        return Err(ImportError::NoCards(shown(file), format, why));
    }
    let oracle_gz = gzip_json(&read.oracle).map_err(ImportError::Invalid)?;
    let french_path = folder.join(FRENCH_FILE);
    let (french_gz, french) = if format.has_french() {
        let (records, summary) = french_records(read.french, old?);
        (gzip_json(&records).map_err(ImportError::Invalid)?, Some(summary))
    } else {
        // The French file is left as it is: the cards are checked alone.
        (gzip_json(&Vec::<FrenchOut>::new()).map_err(ImportError::Invalid)?, None)
    };
    Cards::parse(&oracle_gz, &french_gz).map_err(ImportError::Invalid)?;
    let mut files: Vec<(&str, &[u8])> = vec![(ORACLE_FILE, oracle_gz.as_slice())];
    // Scryfall has no French: a folder without a French file gets the one
    // built into the binary (French names, printed texts, rulings of 2018),
    // so that it is whole and `cartes check` reads it.
    let embedded_french = crate::embedded::file(&format!("{}/{FRENCH_FILE}", super::FOLDER)).unwrap_or_default();
    let french_copied = french.is_none() && !french_path.exists();
    if french.is_some() {
        files.push((FRENCH_FILE, french_gz.as_slice()));
    } else if french_copied {
        Cards::parse(&oracle_gz, embedded_french).map_err(ImportError::Invalid)?;
        files.push((FRENCH_FILE, embedded_french));
    }
    let written = write_atomically(folder, &files)?;
    Ok(ImportReport {
        source: shown(file),
        format,
        meta: read.meta,
        records: read.records,
        cards: read.cards,
        faces: read.faces,
        halves: read.halves,
        funny: read.funny,
        french,
        french_copied,
        french_path: shown(&french_path),
        skipped: read.skipped,
        halves_skipped: read.halves_skipped,
        written: written.iter().map(|p| shown(p)).collect(),
        elapsed: start.elapsed(),
    })
}

impl ImportReport {
    /// The report as the terminal shows it.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let meta = self.meta.as_ref().map(|m| format!(" ({m})")).unwrap_or_default();
        out += &format!("Format reconnu : {}{meta}\n", self.format);
        out += &format!("Lu : {} de {}\n", plural_n(self.records, "fiche", "fiches"), self.source);
        out += &format!(
            "Cartes écrites : {}, {}\n",
            plural_n(self.cards, "carte", "cartes"),
            plural_n(self.faces, "face arrière", "faces arrière")
        );
        if self.halves > 0 {
            out += &halves_line(self.halves);
        }
        if self.funny > 0 {
            out +=
                &format!("  dont {} de sets d'humour (« Un- »…), gardées\n", plural_n(self.funny, "carte", "cartes"));
        }
        match &self.french {
            Some(f) => out += &french_text(f),
            None if self.french_copied => {
                out += &format!(
                    "Fichier français absent du dossier : celui du binaire y est copié ({} : noms français, textes \
                     imprimés et décisions de 2018) ; Scryfall ne donne ni noms français ni décisions.\n",
                    self.french_path
                );
            }
            None => {
                out += &format!(
                    "Fichier français laissé tel quel ({}) : Scryfall ne donne ni noms français ni décisions.\n",
                    self.french_path
                );
            }
        }
        let skipped: usize = self.skipped.values().map(|f| f.count).sum();
        if skipped == 0 {
            out += "Fiches ignorées : aucune\n";
        } else {
            out += &format!("Fiches ignorées : {}\n", thousands(skipped));
            for (why, f) in &self.skipped {
                out += &format!("  {why} : {}\n", f.said("aucune"));
            }
        }
        if self.halves_skipped.count > 0 {
            out += &format!("Moitiés écartées, la carte gardée sans elles : {}\n", self.halves_skipped.said("aucune"));
        }
        for path in &self.written {
            out += &format!("Écrit : {path}\n");
        }
        out += &format!("Terminé en {}.\n", seconds(self.elapsed));
        out
    }
}

/// « 3 cartes », the number written with its thousands apart.
fn plural_n(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n > 1 { many } else { one })
}

fn french_text(f: &FrenchSummary) -> String {
    let mut out = format!("Fichier français : {}\n", plural_n(f.records, "fiche", "fiches"));
    let from_old = if f.names_from_old == 0 {
        String::new()
    } else {
        format!(" (dont {} repris de l'ancien fichier)", thousands(f.names_from_old))
    };
    out += &format!("  noms français : {}{from_old}\n", plural_n(f.with_names, "carte", "cartes"));
    out += &format!(
        "  décisions : {} pour {}\n",
        plural_n(f.rulings, "décision", "décisions"),
        plural_n(f.with_rulings, "carte", "cartes")
    );
    if f.old_file {
        out += &format!(
            "  textes français imprimés repris de l'ancien fichier : {}\n",
            plural_n(f.printed_kept, "carte", "cartes")
        );
        out += &format!(
            "  textes français imprimés non repris (nom absent des nouvelles cartes) : {}\n",
            f.printed_dropped.said("aucun")
        );
    } else {
        out += "  pas d'ancien fichier français dans ce dossier : aucun texte imprimé de 2018 à reprendre\n";
    }
    out
}

// ───────────────────────────── checking a folder ─────────────────────────────

/// Why a folder cannot be checked (exit 2).
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A file or the folder cannot be read.
    #[error("{0} : {1}")]
    Unreadable(String, String),
}

/// Reads the two files of a card folder with [`Cards::parse`].
pub fn read_folder(folder: &Path) -> Result<Cards, CheckError> {
    let (oracle, french) = folder_bytes(folder)?;
    Cards::parse(&oracle, &french).map_err(|e| CheckError::Unreadable(shown(folder), e))
}

fn folder_bytes(folder: &Path) -> Result<(Vec<u8>, Vec<u8>), CheckError> {
    if !folder.is_dir() {
        return Err(CheckError::Unreadable(shown(folder), "dossier introuvable".to_string()));
    }
    let read = |name: &str| {
        let path = folder.join(name);
        std::fs::read(&path).map_err(|e| CheckError::Unreadable(shown(&path), io_french(&e)))
    };
    Ok((read(ORACLE_FILE)?, read(FRENCH_FILE)?))
}

/// What `arbitre cartes check` finds in a card folder. Keys stable (`--json`).
#[derive(Debug, Clone, Serialize)]
pub struct FolderCheck {
    /// The folder.
    pub folder: String,
    /// Records of the Oracle file.
    pub oracle_records: usize,
    /// … that are cards (no `face`).
    pub cards: usize,
    /// … that are back faces (`face: "back"`).
    pub faces: usize,
    /// Halves kept with their card (`halves`: « Ice » of Fire // Ice).
    pub halves: usize,
    /// Records of the French file.
    pub french_records: usize,
    /// Cards with French names, as [`Cards::parse`] joins them.
    pub with_french: usize,
    /// Cards with rulings.
    pub with_rulings: usize,
    /// Rulings in all.
    pub rulings: usize,
    /// Cards with French printed text.
    pub with_printed: usize,
    /// Names of two records or more of the Oracle file.
    pub duplicate_names: Finding,
    /// Names of two records or more of the French file (one's data is lost).
    pub duplicate_french_names: Finding,
    /// Oracle records without a type line.
    pub missing_type: Finding,
    /// Halves without a name, with a name that cannot be shown, given
    /// twice, or beyond [`MAX_HALVES`] (« Card : half (why) »).
    pub bad_halves: Finding,
    /// French records whose English name is no Oracle record's: joined to no card.
    pub french_orphans: Finding,
    /// Nicknames of `rules/cartes/surnoms.tsv` whose card is no Oracle record's: left out.
    pub orphan_nicknames: Finding,
    /// Rulings whose date is not AAAA-MM-JJ.
    pub bad_ruling_dates: Finding,
    /// The problems, in words (exit 1 when any).
    pub problems: Vec<String>,
    /// What is said without failing the check.
    pub warnings: Vec<String>,
    /// No problem.
    pub ok: bool,
}

/// Whether a date is AAAA-MM-JJ, a real day.
fn valid_date(date: &str) -> bool {
    let b = date.as_bytes();
    b.len() == 10 && b[4] == b'-' && b[7] == b'-' && crate::vocab::Date::parse_iso(date).is_some()
}

/// The names given to more than one record.
fn duplicates<'a>(names: impl Iterator<Item = &'a str>) -> Finding {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut order = Vec::new();
    for name in names {
        let n = seen.entry(name).or_default();
        *n += 1;
        if *n == 2 {
            order.push(name);
        }
    }
    let mut f = Finding::default();
    for name in order {
        f.add(example(name));
    }
    f
}

/// Checks a card folder: both files read with [`Cards::parse`], the counts,
/// and what is wrong. An error only when a file cannot be read at all.
pub fn check_folder(folder: &Path) -> Result<FolderCheck, CheckError> {
    let (oracle_gz, french_gz) = folder_bytes(folder)?;
    let unreadable = |file: &str, e: String| CheckError::Unreadable(shown(&folder.join(file)), e);
    let oracle: Vec<super::OracleRecord> = gunzip_json(&oracle_gz).map_err(|e| unreadable(ORACLE_FILE, e))?;
    let french: Vec<super::FrenchRecord> = gunzip_json(&french_gz).map_err(|e| unreadable(FRENCH_FILE, e))?;
    let cards = Cards::parse(&oracle_gz, &french_gz)
        .map_err(|e| CheckError::Unreadable(shown(folder), format!("illisible pour Cards::parse : {e}")))?;
    let names: HashSet<&str> = oracle.iter().map(|o| o.name.as_str()).collect();
    let mut missing_type = Finding::default();
    for o in oracle.iter().filter(|o| o.type_line.as_deref().is_none_or(|t| t.trim().is_empty())) {
        missing_type.add(example(&o.name));
    }
    let mut bad_halves = Finding::default();
    for o in &oracle {
        let front = o.name.split(" // ").next().unwrap_or_default();
        let halves = o.halves.as_deref().unwrap_or_default();
        for (i, h) in halves.iter().enumerate() {
            let earlier: Vec<&str> = halves[..i].iter().map(|e| e.name.as_str()).collect();
            if let Some(why) = half_problem(&h.name, front, &earlier) {
                bad_halves.add(format!("{} : {} ({why})", example(&o.name), example(&h.name)));
            }
        }
    }
    let mut french_orphans = Finding::default();
    for f in french.iter().filter(|f| !names.contains(f.name.as_str())) {
        french_orphans.add(example(&f.name));
    }
    let mut orphan_nicknames = Finding::default();
    for n in super::names::nicknames().iter().filter(|n| !names.contains(n.card)) {
        orphan_nicknames.add(format!("{} ({})", example(n.nickname), example(n.card)));
    }
    let mut bad_ruling_dates = Finding::default();
    for f in &french {
        for r in f.rulings.iter().flatten().filter(|r| !valid_date(&r.date)) {
            bad_ruling_dates.add(format!("{} : {}", example(&f.name), example(&r.date)));
        }
    }
    let faces = oracle.iter().filter(|o| o.face.is_some()).count();
    let mut check = FolderCheck {
        folder: shown(folder),
        oracle_records: oracle.len(),
        cards: oracle.len() - faces,
        faces,
        halves: oracle.iter().map(|o| o.halves.as_ref().map_or(0, Vec::len)).sum(),
        french_records: french.len(),
        with_french: cards.cards.iter().filter(|c| !c.french.is_empty()).count(),
        with_rulings: cards.cards.iter().filter(|c| !c.rulings.is_empty()).count(),
        rulings: cards.cards.iter().map(|c| c.rulings.len()).sum(),
        with_printed: cards.cards.iter().filter(|c| !c.printed.is_empty()).count(),
        duplicate_names: duplicates(oracle.iter().map(|o| o.name.as_str())),
        duplicate_french_names: duplicates(french.iter().map(|f| f.name.as_str())),
        missing_type,
        bad_halves,
        french_orphans,
        orphan_nicknames,
        bad_ruling_dates,
        problems: Vec::new(),
        warnings: Vec::new(),
        ok: true,
    };
    check.judge();
    Ok(check)
}

impl FolderCheck {
    /// Fills `problems`, `warnings` and `ok`.
    fn judge(&mut self) {
        let mut problems = Vec::new();
        if self.oracle_records == 0 {
            problems.push("le fichier Oracle n'a aucune carte".to_string());
        }
        let findings = [
            (&self.duplicate_names, "noms en double dans le fichier Oracle"),
            (&self.duplicate_french_names, "noms en double dans le fichier français (seule la dernière fiche compte)"),
            (&self.missing_type, "fiches Oracle sans ligne de type"),
            (&self.bad_halves, "moitiés de carte sans nom montrable, en double ou en trop"),
            (&self.bad_ruling_dates, "décisions dont la date n'est pas AAAA-MM-JJ"),
        ];
        for (finding, what) in findings {
            if finding.count > 0 {
                problems.push(format!("{what} : {}", finding.said("")));
            }
        }
        if self.french_orphans.count > 0 {
            self.warnings.push(format!(
                "fiches françaises dont le nom anglais n'est celui d'aucune fiche Oracle (rattachées à aucune carte) : {}",
                self.french_orphans.said("")
            ));
        }
        if self.orphan_nicknames.count > 0 {
            self.warnings.push(format!(
                "surnoms de rules/cartes/surnoms.tsv dont la carte n'est pas dans ces données (ne nomment rien) : {}",
                self.orphan_nicknames.said("")
            ));
        }
        self.ok = problems.is_empty();
        self.problems = problems;
    }

    /// The check as the terminal shows it.
    pub fn to_text(&self) -> String {
        let mut out = format!("Cartes de {} :\n", self.folder);
        out += &format!(
            "  fichier Oracle : {} — {}, {}\n",
            plural_n(self.oracle_records, "fiche", "fiches"),
            plural_n(self.cards, "carte", "cartes"),
            plural_n(self.faces, "face arrière", "faces arrière")
        );
        if self.halves > 0 {
            out += &format!("  {}", halves_line(self.halves));
        }
        out += &format!("  fichier français : {}\n", plural_n(self.french_records, "fiche", "fiches"));
        out += &format!("  avec noms français : {}\n", plural_n(self.with_french, "carte", "cartes"));
        out += &format!(
            "  avec décisions : {} ({})\n",
            plural_n(self.with_rulings, "carte", "cartes"),
            plural_n(self.rulings, "décision", "décisions")
        );
        out += &format!("  avec texte français imprimé : {}\n", plural_n(self.with_printed, "carte", "cartes"));
        out += &format!("  noms en double : {}\n", self.duplicate_names.said("aucun"));
        out += &format!("  noms français en double : {}\n", self.duplicate_french_names.said("aucun"));
        out += &format!("  fiches sans ligne de type : {}\n", self.missing_type.said("aucune"));
        out += &format!("  moitiés sans nom montrable, en double ou en trop : {}\n", self.bad_halves.said("aucune"));
        out += &format!("  dates de décisions mal formées (AAAA-MM-JJ) : {}\n", self.bad_ruling_dates.said("aucune"));
        let orphans = self.french_orphans.said("aucune");
        let warning =
            if self.french_orphans.count > 0 { " — avertissement : rattachées à aucune carte" } else { "" };
        out += &format!("  fiches françaises sans fiche Oracle du même nom : {orphans}{warning}\n");
        let nicknames = self.orphan_nicknames.said("aucun");
        let warning = if self.orphan_nicknames.count > 0 { " — avertissement : ne nomment rien" } else { "" };
        out += &format!("  surnoms sans leur carte : {nicknames}{warning}\n");
        if self.ok {
            out += "Aucun problème.\n";
        } else {
            out += &format!("{} :\n", plural(self.problems.len(), "Problème", "Problèmes"));
            for p in &self.problems {
                out += &format!("  {p}\n");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_real_days() {
        for ok in ["2013-06-07", "2024-02-29", "2000-02-29", "1993-12-31"] {
            assert!(valid_date(ok), "{ok}");
        }
        for bad in ["2013-6-07", "2013-06-31", "2023-02-29", "1900-02-29", "2013/06/07", "", "2013-13-01", "٢٠١٣-٠٦-٠٧"]
        {
            assert!(!valid_date(bad), "{bad}");
        }
    }

    #[test]
    fn type_lines_split_into_supertypes_types_and_subtypes() {
        let (sup, types, sub) = split_type_line("Legendary Artifact Creature — Phyrexian Dragon");
        assert_eq!(
            (sup, types, sub),
            (
                vec!["Legendary".into()],
                vec!["Artifact".into(), "Creature".into()],
                vec!["Phyrexian".into(), "Dragon".into()]
            )
        );
        assert_eq!(split_type_line("Instant").1, ["Instant"]);
    }

    #[test]
    fn thousands_are_apart() {
        assert_eq!(thousands(35_033), "35\u{a0}033");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1\u{a0}000\u{a0}000");
    }

    #[test]
    fn names_that_are_no_card_names() {
        assert_eq!(name_problem(" "), Some(Skip::NoName));
        assert_eq!(name_problem(&"x".repeat(301)), Some(Skip::LongName));
        assert_eq!(name_problem("Bad\u{7}Name"), Some(Skip::ControlCharacters));
        assert_eq!(name_problem("Bad\u{202e}Name"), Some(Skip::ControlCharacters));
        assert_eq!(name_problem("Bad\u{200b}Name"), Some(Skip::ControlCharacters));
        assert_eq!(name_problem("Kitchen Finks"), None);
        assert_eq!(example("a\nb"), "a\\nb");
        assert_eq!(example("Lion's \"Eye\"\u{202e}"), "Lion's \"Eye\"\\u{202e}");
    }
}
