//! The cards a judge names: every card's current English (Oracle) text, its
//! French names, its French printed text and its rulings as of 2018, read
//! from `rules/cartes/` (two gzip-compressed JSON files embedded in the
//! binary, 5 MB; parsed once, on first need), and found by their names in a
//! question ([`names`]).
//!
//! ```text
//! rules/cartes/oracle-cards.json.gz ─┐
//!                                     ├─ Cards::parse ─▶ [Card] ─▶ Names (recognise « kitchen finks », « urborg »)
//! rules/cartes/mtgjson3-fr-rulings… ─┘
//! ```
//!
//! Card names, types, rules text and rulings are Wizards of the Coast's,
//! shown under Wizards' Fan Content Policy ([`NOTICE`]).

mod directory;
pub mod eval;
pub mod import;
pub mod names;
pub mod topics;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, OnceLock};

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

/// The notice shown with every card text (Wizards' Fan Content Policy).
pub const NOTICE: &str = "arbitre n'est pas un produit officiel de Wizards of the Coast ; les noms, textes et décisions des \
                          cartes appartiennent à Wizards of the Coast et sont utilisés selon sa Fan Content Policy.";

/// The folder of the card files, inside `rules/`.
const FOLDER: &str = "cartes";
/// Every card's Oracle text.
const ORACLE: &str = "cartes/oracle-cards.json.gz";
/// French names, French printed texts, rulings (2018).
const FRENCH: &str = "cartes/mtgjson3-fr-rulings.json.gz";

/// A card: its Oracle text of today, and what 2018 said of it in French.
#[derive(Debug, Clone, Serialize)]
pub struct Card {
    /// English name (Oracle).
    pub name: CompactString,
    /// French names (as of 2018; none for later cards).
    pub french: Vec<CompactString>,
    /// Mana cost (`{1}{G}`).
    pub mana_cost: Option<CompactString>,
    /// Type line, English.
    pub type_line: CompactString,
    /// Oracle text.
    pub text: String,
    /// Keyword abilities (`First strike`).
    pub keywords: Vec<CompactString>,
    /// The kind of card (`normal`, `split`, `adventure`, `transform`…).
    pub layout: CompactString,
    /// Power, toughness, loyalty.
    pub power: Option<CompactString>,
    /// See `power`.
    pub toughness: Option<CompactString>,
    /// See `power`.
    pub loyalty: Option<CompactString>,
    /// Dated rulings (English, as of 2018).
    pub rulings: Vec<Ruling>,
    /// French printed texts, each with its set and the English text of its time.
    pub printed: Vec<Printed>,
    /// Its other halves, when they share its record (a split card, an
    /// adventure, a flip card: « Ice » of Fire // Ice), as `cartes importe`
    /// writes them from a download that has them; the shipped data has none.
    #[serde(skip_serializing_if = "<[Half]>::is_empty")]
    pub halves: Box<[Half]>,
}

/// A half of a card that shares its record (« Ice » of Fire // Ice, « Stomp »
/// of Bonecrusher Giant): read from the Oracle file's `halves` (`name`,
/// `manaCost`, `type`, `text`, `power`, `toughness`, `loyalty`), given in
/// the card's JSON as the card's own fields are named.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Half {
    /// Its English name (`cartes check` reports a half without one; a card
    /// is read without it).
    #[serde(default, deserialize_with = "nullable")]
    pub name: CompactString,
    /// Its mana cost.
    #[serde(rename(deserialize = "manaCost"), default)]
    pub mana_cost: Option<CompactString>,
    /// Its type line.
    #[serde(rename(deserialize = "type"), default, deserialize_with = "nullable")]
    pub type_line: CompactString,
    /// Its Oracle text.
    #[serde(default, deserialize_with = "nullable")]
    pub text: String,
    /// Power, toughness, loyalty (a flip card's flipped half).
    #[serde(default)]
    pub power: Option<CompactString>,
    /// See `power`.
    #[serde(default)]
    pub toughness: Option<CompactString>,
    /// See `power`.
    #[serde(default)]
    pub loyalty: Option<CompactString>,
}

impl Half {
    /// « 3/2 », « loyauté 4 », or nothing.
    pub fn stats(&self) -> String {
        stats(&self.power, &self.toughness, &self.loyalty)
    }

    /// Its cost and type line, those it has: « {U} · Instant ».
    pub fn meta(&self) -> String {
        cost_and_type(self.mana_cost.as_deref(), &self.type_line)
    }
}

/// Ice, the half of Fire // Ice that the shipped data lacks, as an import keeps it (for tests).
#[cfg(test)]
pub(crate) fn ice_of_fire_and_ice() -> Box<[Half]> {
    Box::new([Half {
        name: "Ice".into(),
        mana_cost: Some("{1}{U}".into()),
        type_line: "Instant".into(),
        text: "Tap target permanent.\nDraw a card.".into(),
        power: None,
        toughness: None,
        loyalty: None,
    }])
}

/// A cost and a type line, those there are: « {U} · Instant ».
fn cost_and_type(cost: Option<&str>, type_line: &str) -> String {
    [cost.unwrap_or_default(), type_line].into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" · ")
}

/// « 3/2 », « loyauté 4 », or nothing.
fn stats(power: &Option<CompactString>, toughness: &Option<CompactString>, loyalty: &Option<CompactString>) -> String {
    match (power, toughness, loyalty) {
        (Some(p), Some(t), _) => format!("{p}/{t}"),
        (_, _, Some(l)) => format!("loyauté {l}"),
        _ => String::new(),
    }
}

/// A rule a card's text touches, and what of the card names it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Related {
    /// The rule in force.
    pub rule: crate::vocab::RuleId,
    /// What of the card names it (« Hexproof », « nonbasic lands are »).
    pub why: String,
}

/// A ruling and its date.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Ruling {
    /// AAAA-MM-JJ.
    #[serde(deserialize_with = "nullable")]
    pub date: CompactString,
    /// The ruling, in English.
    #[serde(deserialize_with = "nullable")]
    pub text: String,
}

/// A string that the data may give as `null` (a basic land has no Oracle text): empty.
fn nullable<'de, D: serde::Deserializer<'de>, T: Deserialize<'de> + Default>(d: D) -> Result<T, D::Error> {
    Option::<T>::deserialize(d).map(Option::unwrap_or_default)
}

/// A French printing's text.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Printed {
    /// Set code.
    #[serde(deserialize_with = "nullable")]
    pub set: CompactString,
    /// The set's date.
    #[serde(deserialize_with = "nullable")]
    pub date: CompactString,
    /// French type line.
    #[serde(rename = "type", deserialize_with = "nullable")]
    pub type_line: CompactString,
    /// French text as printed.
    #[serde(deserialize_with = "nullable")]
    pub text: String,
    /// The English Oracle text at the time.
    #[serde(deserialize_with = "nullable")]
    pub oracle_then: String,
}

impl Card {
    /// « 3/2 », « loyauté 4 », or nothing.
    pub fn stats(&self) -> String {
        stats(&self.power, &self.toughness, &self.loyalty)
    }

    /// Its cost and type line, those it has: « {U} · Creature — Human Wizard ».
    pub fn meta(&self) -> String {
        cost_and_type(self.mana_cost.as_deref(), &self.type_line)
    }

    /// Whether what 2018 says of it (its rulings, its French printed text)
    /// may be out of date: its English text then differs from today's;
    /// `None` for a card without a French printed text, which has no
    /// English text of 2018 to compare (its rulings are shown with a line
    /// saying so).
    pub fn stale(&self) -> Option<bool> {
        let latest = self.printed.iter().rev().max_by(|a, b| a.date.cmp(&b.date));
        latest.map(|p| self.changed_since(p))
    }

    /// What a judge must know before reading one of its rulings (all of
    /// 2018) beside a search: `None` when the card's English text is the
    /// same as then ([`Card::stale`]).
    pub fn ruling_warning(&self) -> Option<&'static str> {
        match self.stale() {
            Some(false) => None,
            Some(true) => {
                Some("Le texte anglais de la carte a changé depuis 2018 : cette décision peut ne plus s'appliquer.")
            }
            None => Some(
                "Sans texte anglais de 2018 à comparer, on ne sait pas si la carte a changé depuis : lisez cette décision avec son texte Oracle.",
            ),
        }
    }

    /// Its latest French printing (the data lists them in no set order)
    /// whose text is French: a few records of the data hold the English
    /// text of the time instead (Kaboom!).
    pub fn latest_printed(&self) -> Option<&Printed> {
        self.printed.iter().rev().filter(|p| p.text != p.oracle_then).max_by(|a, b| a.date.cmp(&b.date))
    }

    /// Whether a name as a scenario writes it (English or French, whole) is this card's.
    pub fn is_called(&self, name: &str) -> bool {
        self.name == name || self.french.iter().any(|f| f == name)
    }

    /// What players call it (« bob », « jace tms »: [`names::NICKNAMES`]).
    pub fn nicknames(&self) -> Vec<&'static str> {
        names::nicknames_of(&self.name)
    }

    /// Its nicknames as shown: quoted, joined (« « jace tms », « jtms » »).
    pub fn nicknames_said(&self) -> String {
        self.nicknames().iter().map(|n| format!("« {n} »")).collect::<Vec<_>>().join(", ")
    }

    /// Whether a French text or ruling of 2018 may say what the card no
    /// longer says: its English text then differs from today's.
    pub fn changed_since(&self, p: &Printed) -> bool {
        normalized(&p.oracle_then, &self.name) != normalized(&self.text, &self.name)
    }
}

impl Printed {
    /// Its type line as shown: the data writes « Créature : — orphe » for
    /// the printed « Créature : orphe ».
    pub fn type_line_shown(&self) -> String {
        self.type_line.replace(" : — ", " : ")
    }
}

/// Words the Oracle texts changed without changing what they do: the
/// pronouns of 2018 (« his or her »), « converted mana cost » (« mana
/// value » since 2021), « enters the battlefield » (« enters » since 2024).
const SAME_SENSE: [(&str, &str); 5] = [
    ("his or her", "their"),
    ("he or she", "they"),
    ("him or her", "them"),
    ("converted mana cost", "mana value"),
    (" the battlefield", ""),
];

/// A card's French names as a judge reads them. The data of 2018 names a
/// split card by its halves: « Fire » (an English half, not a French name)
/// and « Feu (Feu/Glace) » for Fire // Ice; the card's French name is
/// « Feu // Glace », the French name of a half (« Effraction ») is kept.
fn french_names(name: &str, french: Vec<CompactString>) -> Vec<CompactString> {
    if !name.contains(" // ") {
        return french;
    }
    let halves: Vec<&str> = name.split(" // ").collect();
    let mut out: Vec<CompactString> = Vec::with_capacity(french.len());
    for f in french {
        // « Vie (Mort/Vie) »: the half named first is the card's first (Life // Death).
        let whole = f.strip_suffix(')').and_then(|f| f.split_once(" (")).and_then(|(half, inside)| {
            let (a, b) = inside.split_once('/')?;
            let (a, b) = if half.trim() == b.trim() { (b, a) } else { (a, b) };
            Some(CompactString::from(format!("{} // {}", a.trim(), b.trim())))
        });
        let kept = match whole {
            Some(w) => w,
            None if halves.contains(&f.as_str()) => continue,
            None => f,
        };
        if !out.contains(&kept) {
            out.push(kept);
        }
    }
    out
}

/// A card's rulings, each once: the data gives some twice, reworded only
/// by the words of [`SAME_SENSE`] (« his or her » and « their ») or by
/// the order of the same words (Clone's « You may choose only » and « You
/// may only choose »); the
/// latest is kept, at the same date the one in today's words, in the
/// place of the first; the oldest first, as Gatherer lists them (the data
/// has some out of order: Clone's of 2013 before one of 2012).
fn distinct_rulings(rulings: Vec<Ruling>, name: &str) -> Vec<Ruling> {
    let old_words = |r: &Ruling| {
        let text = r.text.to_lowercase();
        SAME_SENSE[..4].iter().any(|(old, _)| text.contains(old))
    };
    let mut out: Vec<(String, Ruling)> = Vec::with_capacity(rulings.len());
    for r in rulings {
        let mut words: Vec<String> = normalized(&r.text, name).split(' ').map(str::to_string).collect();
        words.sort_unstable();
        let key = words.join(" ");
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some((_, kept)) => {
                if (r.date.as_str(), !old_words(&r)) > (kept.date.as_str(), !old_words(kept)) {
                    *kept = r;
                }
            }
            None => out.push((key, r)),
        }
    }
    let mut out: Vec<Ruling> = out.into_iter().map(|(_, r)| r).collect();
    out.sort_by(|a, b| a.date.cmp(&b.date));
    out
}

/// Text as compared with its text of another time: without reminder text,
/// the card's own name and « this creature » as « this » (the 2024
/// wording: [`topics::oracle_words`]), the words of [`SAME_SENSE`] alike,
/// spacing aside.
fn normalized(text: &str, name: &str) -> String {
    let mut t = topics::oracle_words(text, name);
    for (old, new) in SAME_SENSE {
        t = t.replace(old, new);
    }
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OracleRecord {
    name: CompactString,
    mana_cost: Option<CompactString>,
    #[serde(rename = "type")]
    type_line: Option<CompactString>,
    keywords: Option<Vec<CompactString>>,
    power: Option<CompactString>,
    toughness: Option<CompactString>,
    loyalty: Option<CompactString>,
    text: Option<String>,
    layout: Option<CompactString>,
    /// `back` on a double-faced card's back face (read by `cartes check`).
    face: Option<String>,
    /// Its other halves, when they share its record.
    #[serde(default)]
    halves: Option<Vec<Half>>,
}

#[derive(Deserialize)]
struct FrenchRecord {
    name: CompactString,
    fr: Option<Vec<CompactString>>,
    rulings: Option<Vec<Ruling>>,
    fr_printed: Option<Vec<Printed>>,
}

/// Every card, and its names.
#[derive(Debug, Default)]
pub struct Cards {
    /// The cards, in the order of the Oracle file.
    pub cards: Vec<Card>,
    /// Their names, for finding them in questions.
    pub names: names::Names,
    /// What each card's text is about ([`topics`]): read for all the cards
    /// on first need ([`Cards::topics`]), 0.4 s; a card page or `arbitre
    /// carte` reads one card's alone.
    topics: OnceLock<topics::Said>,
    /// Whether every card's topics are being read or were asked for (`serve`
    /// reads them on a thread at start): a search then waits for them
    /// rather than compiling the patterns for the cards it names.
    topics_asked: AtomicBool,
}

static EMBEDDED: LazyLock<Cards> = LazyLock::new(|| {
    let read = |path: &str| crate::embedded::file(path).unwrap_or_default();
    Cards::parse(read(ORACLE), read(FRENCH)).unwrap_or_else(|e| {
        // The files are checked by the tests: an error here is a broken build.
        panic!("{}/{FOLDER} illisible : {e}", crate::embedded::ROOT)
    })
});

impl Cards {
    /// The cards built into the binary.
    pub fn embedded() -> &'static Cards {
        &EMBEDDED
    }

    /// Reads the two gzip-compressed JSON files.
    pub fn parse(oracle_gz: &[u8], french_gz: &[u8]) -> Result<Cards, String> {
        let oracle: Vec<OracleRecord> = from_gz_json(oracle_gz, ORACLE)?;
        let french: Vec<FrenchRecord> = from_gz_json(french_gz, FRENCH)?;
        let mut by_name: std::collections::HashMap<CompactString, FrenchRecord> =
            french.into_iter().map(|f| (f.name.clone(), f)).collect();
        let cards: Vec<Card> = oracle
            .into_iter()
            .map(|o| {
                // A double-faced card's French record may be named by its front face.
                let front = o.name.split(" // ").next().unwrap_or_default();
                let f = by_name.remove(o.name.as_str()).or_else(|| by_name.remove(front));
                let (french, rulings, printed) = f.map_or_else(Default::default, |f| {
                    (f.fr.unwrap_or_default(), f.rulings.unwrap_or_default(), f.fr_printed.unwrap_or_default())
                });
                let rulings = distinct_rulings(rulings, &o.name);
                let french = french_names(&o.name, french);
                // A list read from JSON has room for four at least: 2 MB
                // over the cards, given back.
                Card {
                    name: o.name,
                    french: exact(french),
                    mana_cost: o.mana_cost.filter(|m| !m.is_empty()),
                    type_line: o.type_line.unwrap_or_default(),
                    text: o.text.unwrap_or_default(),
                    keywords: exact(o.keywords.unwrap_or_default()),
                    layout: o.layout.unwrap_or_default(),
                    power: o.power,
                    toughness: o.toughness,
                    loyalty: o.loyalty,
                    rulings: exact(rulings),
                    printed: exact(printed),
                    halves: o
                        .halves
                        .unwrap_or_default()
                        .into_iter()
                        .filter(|h| !h.name.trim().is_empty())
                        .map(|h| Half { mana_cost: h.mana_cost.filter(|m| !m.is_empty()), ..h })
                        .collect(),
                }
            })
            .collect();
        let names = names::Names::new(&cards);
        Ok(Cards { cards, names, topics: OnceLock::new(), topics_asked: AtomicBool::new(false) })
    }

    /// What every card's text is about, by its place in [`Cards::cards`]:
    /// read on first call (the search's first card named, or `serve`'s
    /// card-reading thread), then kept.
    pub fn topics(&self) -> &topics::Said {
        self.topics_asked.store(true, Ordering::Relaxed);
        self.topics.get_or_init(|| {
            let t = topics::Topics::embedded();
            let said = t.index(&self.cards);
            t.forget_matchers();
            said
        })
    }

    /// The rules a card's text touches ([`topics::Topics::of`]), the
    /// weightiest first, as [`Cards::topics_at`] reads them; a card of
    /// another set (a test, an import) for itself.
    pub fn topics_of(&self, card: &Card) -> Vec<topics::Touched> {
        match self.cards.iter().position(|c| std::ptr::eq(c, card)) {
            Some(i) => self.topics_at(i),
            None => topics::Topics::embedded().of_one(card),
        }
    }

    /// The same for the card at this place of [`Cards::cards`], without
    /// looking for it: a search names cards by their place. A command run
    /// once (`arbitre cherche`) reads the topics of the cards it names
    /// alone, not every card's (0.4 s); a server, which reads every card's
    /// at start, waits for them (compiling the patterns in a request as
    /// well kept 12 MB more in `serve`).
    pub fn topics_at(&self, card: usize) -> Vec<topics::Touched> {
        let t = topics::Topics::embedded();
        match self.topics.get() {
            Some(said) => t.touched(said.of(card)),
            None if self.topics_asked.load(Ordering::Relaxed) => t.touched(self.topics().of(card)),
            None => t.of_one(&self.cards[card]),
        }
    }

    /// « Règles liées »: the rules a card's text touches — its keywords
    /// (their family too: « Swampwalk » → landwalk), then what
    /// `rules/cartes/sujets.tsv` reads in it (types and subtypes, keyword
    /// actions, the phrases the rules quote, its layout, the symbols of its
    /// mana cost), the rarest first — each once, with what of the card names it.
    pub fn related(&self, card: &Card) -> Vec<Related> {
        let lexicon = crate::lexicon::Lexicon::embedded();
        let keywords = card
            .keywords
            .iter()
            .filter_map(|k| Some(Related { rule: topics::keyword_rule(lexicon, k)?, why: k.to_string() }));
        // Not the rules that only name its kind of card (« double-faced »
        // in 713, substitute cards): a search lifts them, a page would list fifteen.
        let touched = self
            .topics_of(card)
            .into_iter()
            .filter(|t| t.kind != topics::Kind::LayoutNamed)
            .map(|t| Related { rule: t.rule, why: topics::readable(&t.why) });
        let mut seen = std::collections::HashSet::new();
        keywords.chain(touched).filter(|r| seen.insert(r.rule)).collect()
    }

    /// The card as `arbitre carte --json` and `/api/cartes/{slug}` give it:
    /// the card, `stale` ([`Card::stale`]: `null` when unknown), its nicknames, the rules its
    /// text touches ([`Cards::related`]: `rule`, `why`), the other cards
    /// of one of its names (`namesakes`, English names), its other faces
    /// the data has (`faces`) and those it lacks (`missing_faces`:
    /// [`Cards::other_faces`]) and the Fan Content Policy notice.
    pub fn json(&self, card: &Card) -> serde_json::Value {
        let (faces, missing) = self.other_faces(card);
        serde_json::json!({
            "card": card,
            "stale": card.stale(),
            "nicknames": card.nicknames(),
            "related": self.related(card),
            "namesakes": self.namesakes(card).iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
            "faces": faces.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(),
            "missing_faces": missing,
            "notice": NOTICE,
        })
    }

    /// The card a name designates, English or French, any case, with or
    /// without accents and apostrophes, or a distinctive part of it.
    pub fn find(&self, name: &str) -> Option<&Card> {
        self.names.best(self, name).map(|i| &self.cards[i])
    }

    /// The cards a name not found may have meant ([`names::Names::nearest`]).
    pub fn nearest(&self, name: &str, count: usize) -> Vec<&Card> {
        self.names.nearest(self, name, count).into_iter().map(|i| &self.cards[i]).collect()
    }

    /// The other faces or halves of a card named « A // B »: those the
    /// data has as a card of their own (the back face of a transforming
    /// card), and the names of those it lacks (the shipped data keeps one
    /// text for a split card, an adventure, a modal double-faced card:
    /// « Ice » of Fire // Ice; an import from a download that has them
    /// keeps them in [`Card::halves`]). A back face's page leads to its
    /// front the same way; a melded face's to both cards that meld into it
    /// (Brisela: Bruna and Gisela).
    pub fn other_faces(&self, card: &Card) -> (Vec<&Card>, Vec<String>) {
        let (mut present, mut missing) = (Vec::new(), Vec::new());
        let fronts: Vec<&Card> = self
            .cards
            .iter()
            .filter(|c| c.name.contains(" // ") && c.name.split(" // ").any(|h| h == card.name))
            .collect();
        let whole = fronts.first().map_or(card.name.as_str(), |f| f.name.as_str());
        let halves: Vec<&str> = whole.split(" // ").collect();
        if halves.len() < 2 {
            return (present, missing);
        }
        present.extend(fronts.iter().copied());
        for half in &halves[1..] {
            if *half == halves[0] || *half == card.name {
                continue;
            }
            match self.cards.iter().find(|c| c.name == *half) {
                Some(c) => present.push(c),
                None if fronts.is_empty() && !card.halves.iter().any(|h| h.name == *half) => {
                    missing.push((*half).to_string())
                }
                None => {}
            }
        }
        (present, missing)
    }

    /// The other cards that bear one of this card's French names (« Lame
    /// de fond »: Groundswell and Breaking Wave).
    pub fn namesakes(&self, card: &Card) -> Vec<&Card> {
        if card.french.is_empty() {
            return Vec::new();
        }
        self.cards
            .iter()
            .filter(|c| !std::ptr::eq(*c, card) && c.name != card.name)
            .filter(|c| c.french.iter().any(|f| card.french.contains(f)))
            .collect()
    }
}

/// A list with no room to spare.
fn exact<T>(mut list: Vec<T>) -> Vec<T> {
    list.shrink_to_fit();
    list
}

/// Reads a gzip-compressed JSON file as it is decompressed: the text whole
/// (15 MB) is never held, and leaves no hole among the cards in memory.
fn from_gz_json<T: serde::de::DeserializeOwned>(gz: &[u8], path: &str) -> Result<Vec<T>, String> {
    let reader = std::io::BufReader::with_capacity(1 << 16, flate2::read::GzDecoder::new(gz));
    serde_json::from_reader(reader).map_err(|e| format!("{path} : {e}"))
}
