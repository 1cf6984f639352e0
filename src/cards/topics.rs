//! What a card's text is about, as rules in force: `rules/cartes/sujets.tsv`,
//! mined by `scripts/mine-card-topics.py` from the Comprehensive Rules and
//! the Oracle texts, then reviewed (the script keeps the rejected lines and
//! the lines added at review, each with its reason).
//!
//! ```text
//! sujets.tsv ─ Topics::parse ─▶ [Topic] ─ Topics::of(card) ─▶ [(rule, weight, why)]
//!   keyword  Persist              702.79          (the card's keywords)
//!   type     Aura                 303.4           (its type line)
//!   action   destroy              701.8           (a verb of its text)
//!   phrase   nonbasic lands are   305.7, 613.1d   (words of its text)
//!   layout   split                709             (its kind of card)
//!   layout-named split            201.4b, 202.3d  (rules elsewhere naming its kind)
//!   cost     {X}                  107.3, 202.3e, 601.2b (a symbol of its mana cost)
//!   interaction  614, 615         616.1           (two cards named touch these)
//!   interaction  202.3 + 712      712.8           (one card touches each)
//!   interaction  dit 903.3 + 701.13  903.9a       (the query says one, a card touches the other)
//! ```
//!
//! A topic said by few cards weighs more than one said by thousands
//! (« Persist » more than « Creature »): its weight is its rarity among
//! the cards, as a word's in a search.

use std::sync::{LazyLock, Mutex, PoisonError};

use aho_corasick::AhoCorasick;
use regex::Regex;

use super::Card;
use crate::lexicon::Lexicon;
use crate::vocab::RuleId;

/// The topics' file, inside `rules/`.
pub const FILE: &str = "cartes/sujets.tsv";

/// What kind of thing of a card's text a topic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A keyword of the card's `keywords`, or said in its text (« You have hexproof »).
    Keyword,
    /// A type, supertype or subtype of its type line.
    Type,
    /// A keyword action said as a verb.
    Action,
    /// Words of its text.
    Phrase,
    /// Its layout (`split`, `adventure`, `transform`).
    Layout,
    /// Its layout again, for the rules outside the layout's own that name
    /// its kind of card (« split card » in 202.3d, a split card's mana
    /// value): they lift the rules the words found, and bring none.
    LayoutNamed,
    /// A mana symbol of its mana cost (`{X}`).
    Cost,
    /// Not of one card: two cards named that both touch the rules of the
    /// pattern (« 614, 615 ») meet in the topic's rules (616.1).
    Interaction,
}

impl Kind {
    /// Whether the rules of such a topic come into a search's results
    /// when its words did not find them. A card's keyword, type or keyword
    /// action is a word a judge types when the question is about it
    /// (« persist », « aura », « détruire »): its rule comes from the
    /// words, and the card only lifts it among them; brought in unasked, the
    /// persist rule of Kitchen Finks came before the commander rules a
    /// question on its colour identity asks. The words of a card's text
    /// (« nonbasic lands are Mountains » → 305.7), its layout, the symbols
    /// of its cost (« {X} » → 202.3e) and where two cards meet are not what
    /// a judge types: their rules come in even when the words did not find
    /// them. (A query of cards' names alone brings the rules of every kind:
    /// see `search::cards::named`.)
    pub fn brings_rules(self) -> bool {
        matches!(self, Kind::Phrase | Kind::Layout | Kind::Cost | Kind::Interaction)
    }
}

/// One line of the file.
#[derive(Debug)]
pub struct Topic {
    /// Its kind.
    pub kind: Kind,
    /// As the file writes it: a keyword, a type, a verb, a phrase.
    pub pattern: String,
    /// The rules that answer it.
    pub rules: Vec<RuleId>,
    /// How many cards say it (when mined).
    pub cards: usize,
    /// Where the line comes from.
    pub source: String,
    /// The pattern of the phrase or verb as matched in a card's text (see
    /// [`oracle_words`]), checked when read, compiled by [`Topics::matchers`].
    matcher: Option<String>,
    /// Words every text the pattern matches has (« enters tapped » of
    /// « [this] enters tapped »): the patterns are tried only where their
    /// words are.
    needle: Option<String>,
    /// For an interaction, the rules its two cards touch.
    pub between: Vec<RuleId>,
    /// For an interaction of two kinds of card (« 202.3 + 712 »: a card
    /// that reads a mana value, a double-faced card), the rules the second
    /// card touches; `between` is then the first's.
    pub other: Vec<RuleId>,
    /// For an interaction, whether its cards must touch one same rule of
    /// those (two effects of one layer: « 613 (même règle) »).
    pub same_rule: bool,
    /// For an interaction « dit A + B », whether its first side is said by
    /// the query's words rather than touched by a card: a word of the
    /// vocabulary whose rule is of `between` (« commandant », 903.3), and
    /// a card named that touches `other` (Swords to Plowshares exiles).
    pub said: bool,
}

/// A rule a card's text touches: how much, and why (the keyword, type or words).
#[derive(Debug, Clone, PartialEq)]
pub struct Touched {
    /// The rule in force.
    pub rule: RuleId,
    /// How much it says of the card, 0 to 1 (rarer topics more).
    pub weight: f32,
    /// What of the card's text names it (« Persist », « nonbasic lands are »).
    pub why: String,
    /// The kind of the topic that names it.
    pub kind: Kind,
}

/// Every topic.
#[derive(Debug, Default)]
pub struct Topics {
    /// In the order of the file.
    pub topics: Vec<Topic>,
    /// The number of cards the counts are out of.
    total: usize,
    /// The patterns compiled for cards read one at a time ([`Topics::of_one`]),
    /// until every card's are read ([`Topics::forget_matchers`]).
    kept: Mutex<Kept>,
}

/// The patterns [`Topics::of_one`] keeps, and whether they are no longer
/// to be kept: every card's topics are read.
#[derive(Debug, Default)]
struct Kept {
    matchers: Option<Matchers>,
    forgotten: bool,
}

static EMBEDDED: LazyLock<Topics> = LazyLock::new(|| {
    let text = crate::embedded::file(FILE).map(String::from_utf8_lossy).unwrap_or_default();
    // The file is checked by the tests: an error here is a broken build.
    Topics::parse(&text).unwrap_or_else(|e| panic!("{}/{FILE} : {e}", crate::embedded::ROOT))
});

/// After an interaction's families: its cards touch one same rule of them.
const SAME_RULE: &str = " (même règle)";

/// Between an interaction's families of one card and the other's.
const OTHER_CARD: &str = " + ";

/// Before an interaction's first families when the query's words say them.
const SAID: &str = "dit ";

/// How much a word of the query counts in an interaction it says, as a
/// card's topic would: a word typed is what the question is about.
pub const SAID_WEIGHT: f32 = 0.5;

/// The comment line that says how many cards the counts are out of.
const TOTAL: &str = "# cartes : ";

/// An interaction's pattern read: « dit 903.3 + 701.13 », « 613 (même règle) ».
struct Sides<'p> {
    /// Its families, without the words around them.
    families: &'p str,
    /// Whether it ends with « (même règle) ».
    same_rule: bool,
    /// Whether it begins with « dit ».
    said: bool,
}

impl<'p> Sides<'p> {
    fn of(pattern: &'p str) -> Sides<'p> {
        let (families, same_rule) = match pattern.strip_suffix(SAME_RULE) {
            Some(families) => (families, true),
            None => (pattern, false),
        };
        let (families, said) = match families.strip_prefix(SAID) {
            Some(families) => (families, true),
            None => (families, false),
        };
        Sides { families, same_rule, said }
    }
}

impl Topics {
    /// The topics built into the binary.
    pub fn embedded() -> &'static Topics {
        &EMBEDDED
    }

    /// Reads the file: `kind⇥pattern⇥rules⇥cards⇥source`; an error names its line.
    pub fn parse(text: &str) -> Result<Topics, String> {
        let mut topics = Vec::new();
        let mut total = 0;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if let Some(n) = line.strip_prefix(TOTAL) {
                total = n.trim().parse().map_err(|_| format!("ligne {} : nombre de cartes illisible", i + 1))?;
                continue;
            }
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |what: &str| format!("ligne {} : {what}", i + 1);
            let cols: Vec<&str> = line.split('\t').collect();
            let [kind, pattern, rules, cards, source] = cols[..] else {
                return Err(at("cinq colonnes attendues (genre, motif, règles, cartes, source)"));
            };
            let kind = match kind {
                "keyword" => Kind::Keyword,
                "type" => Kind::Type,
                "action" => Kind::Action,
                "phrase" => Kind::Phrase,
                "layout" => Kind::Layout,
                "layout-named" => Kind::LayoutNamed,
                "cost" => Kind::Cost,
                "interaction" => Kind::Interaction,
                other => return Err(at(&format!("genre inconnu « {other} »"))),
            };
            let ids = |list: &str| {
                list.split(',')
                    .map(|r| {
                        RuleId::parse(r.trim()).map_err(|_| at(&format!("numéro de règle illisible « {} »", r.trim())))
                    })
                    .collect::<Result<Vec<_>, _>>()
            };
            let rules = ids(rules)?;
            let sides = Sides::of(pattern);
            let (between, other) = match (kind, sides.families.split_once(OTHER_CARD)) {
                (Kind::Interaction, Some((first, second))) => (ids(first)?, ids(second)?),
                (Kind::Interaction, None) if !sides.said => (ids(sides.families)?, Vec::new()),
                (Kind::Interaction, None) => return Err(at("« dit A + B » : une carte touche B")),
                _ => (Vec::new(), Vec::new()),
            };
            let cards = cards.parse().map_err(|_| at("nombre de cartes illisible"))?;
            let matcher = match kind {
                Kind::Phrase => Some(phrase_regex(pattern)),
                Kind::Keyword => Some(phrase_regex(&pattern.to_lowercase())),
                Kind::Action => Some(action_regex(pattern)),
                Kind::Type | Kind::Layout | Kind::LayoutNamed | Kind::Cost | Kind::Interaction => None,
            }
            .transpose()
            .map_err(|e| at(&format!("motif illisible : {e}")))?
            .map(|r| r.as_str().to_string());
            let needle = match kind {
                Kind::Phrase => Some(needle(pattern)),
                Kind::Keyword | Kind::Action => Some(pattern.to_lowercase()),
                Kind::Type | Kind::Layout | Kind::LayoutNamed | Kind::Cost | Kind::Interaction => None,
            }
            .filter(|n| !n.is_empty());
            topics.push(Topic {
                needle,
                kind,
                pattern: pattern.to_string(),
                rules,
                cards,
                source: source.to_string(),
                matcher,
                between,
                other,
                same_rule: kind == Kind::Interaction && sides.same_rule,
                said: kind == Kind::Interaction && sides.said,
            });
        }
        // A card's topics are kept by their place, on 16 bits.
        if topics.len() > usize::from(u16::MAX) + 1 {
            return Err(format!("{} sujets : au plus {}", topics.len(), usize::from(u16::MAX) + 1));
        }
        Ok(Topics { topics, total, kept: Mutex::default() })
    }

    /// The rules a card's text touches, the weightiest first, each once.
    /// Compiles the patterns: for a card met once (a test, a file read);
    /// the cards built in have theirs read once ([`Topics::index`]).
    pub fn of(&self, card: &Card) -> Vec<Touched> {
        self.touched(&self.said(&self.matchers(), card))
    }

    /// The same, the patterns compiled once (20 to 40 ms) and kept for the
    /// next card: a command run once reads the few cards it names so (`carte`,
    /// `cherche`), not every card's (0.4 s), and one that searches many
    /// times (`evalue-recherche`) compiles them once.
    pub fn of_one(&self, card: &Card) -> Vec<Touched> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        // Every card's topics read meanwhile: compiled for this card alone, not kept.
        let said = if kept.forgotten {
            drop(kept);
            self.said(&self.matchers(), card)
        } else {
            let said = self.said(kept.matchers.get_or_insert_with(|| self.matchers()), card);
            drop(kept);
            said
        };
        self.touched(&said)
    }

    /// Drops the patterns [`Topics::of_one`] kept (10 MB), for good: every
    /// card's topics are read ([`crate::cards::Cards::topics`]).
    pub fn forget_matchers(&self) {
        *self.kept.lock().unwrap_or_else(PoisonError::into_inner) = Kept { matchers: None, forgotten: true };
    }

    /// The patterns of words, compiled: a few hundred regexes, 10 MB,
    /// dropped once the cards are read.
    pub fn matchers(&self) -> Matchers {
        let compile = |p: &String| Regex::new(p).expect("checked when read");
        let regexes = self.topics.iter().map(|t| t.matcher.as_ref().map(compile)).collect();
        let mut needles: Vec<&str> = Vec::new();
        let mut of_needle: Vec<Vec<usize>> = Vec::new();
        for (i, t) in self.topics.iter().enumerate() {
            let Some(n) = t.needle.as_deref().filter(|_| t.matcher.is_some()) else { continue };
            match needles.iter().position(|m| *m == n) {
                Some(k) => of_needle[k].push(i),
                None => {
                    needles.push(n);
                    of_needle.push(vec![i]);
                }
            }
        }
        let needles = AhoCorasick::new(&needles).expect("a few hundred words");
        Matchers { regexes, needles, of_needle }
    }

    /// The topics a card says, by their place in [`Topics::topics`].
    /// A card's halves (« Ice », « Stomp ») say theirs with it.
    pub fn said(&self, matchers: &Matchers, card: &Card) -> Vec<u16> {
        let whole: String;
        let text = if card.halves.is_empty() {
            &card.text
        } else {
            whole = std::iter::once(card.text.as_str())
                .chain(card.halves.iter().map(|h| h.text.as_str()))
                .collect::<Vec<_>>()
                .join("\n");
            &whole
        };
        let text = oracle_words(text, &card.name);
        let types: Vec<&str> = std::iter::once(&card.type_line)
            .chain(card.halves.iter().map(|h| &h.type_line))
            .flat_map(|t| t.split([' ', '—', '/']))
            .filter(|w| !w.is_empty())
            .collect();
        // The patterns whose words the text has, or that have none to look for.
        let mut candidate: Vec<bool> = self.topics.iter().map(|t| t.needle.is_none()).collect();
        for m in matchers.needles.find_overlapping_iter(&text) {
            for &i in &matchers.of_needle[m.pattern().as_usize()] {
                candidate[i] = true;
            }
        }
        let mut out = Vec::new();
        for (i, t) in self.topics.iter().enumerate() {
            let matches = || candidate[i] && matchers.regexes[i].as_ref().is_some_and(|m| m.is_match(&text));
            let said = match t.kind {
                Kind::Keyword => card.keywords.iter().any(|k| k.eq_ignore_ascii_case(&t.pattern)) || matches(),
                Kind::Type => types.iter().any(|w| *w == t.pattern),
                Kind::Action | Kind::Phrase => matches(),
                Kind::Layout | Kind::LayoutNamed => card.layout == t.pattern,
                Kind::Cost => std::iter::once(&card.mana_cost)
                    .chain(card.halves.iter().map(|h| &h.mana_cost))
                    .any(|c| c.as_deref().is_some_and(|c| c.contains(t.pattern.as_str()))),
                Kind::Interaction => false,
            };
            if said {
                out.push(i as u16);
            }
        }
        out
    }

    /// What every card says ([`Topics::said`]), read once.
    pub fn index(&self, cards: &[Card]) -> Said {
        let matchers = self.matchers();
        let mut said = Said { starts: Vec::with_capacity(cards.len() + 1), topics: Vec::new() };
        said.starts.push(0);
        for card in cards {
            said.topics.extend(self.said(&matchers, card));
            said.starts.push(said.topics.len() as u32);
        }
        said.topics.shrink_to_fit();
        said
    }

    /// The rules the topics said touch, the weightiest first, each once.
    pub fn touched(&self, said: &[u16]) -> Vec<Touched> {
        let mut out: Vec<Touched> = Vec::new();
        for t in said.iter().filter_map(|&i| self.topics.get(usize::from(i))) {
            let weight = self.weight(t);
            for &rule in &t.rules {
                match out.iter_mut().find(|o| o.rule == rule) {
                    Some(o) if o.weight >= weight => {}
                    Some(o) => {
                        o.weight = weight;
                        o.why = t.pattern.clone();
                        o.kind = t.kind;
                    }
                    None => out.push(Touched { rule, weight, why: t.pattern.clone(), kind: t.kind }),
                }
            }
        }
        out.sort_by(|a, b| b.weight.total_cmp(&a.weight));
        out
    }

    /// The rules where what several cards touch meets: each interaction
    /// two cards or more touch (a rule of its pattern or within one; the
    /// same rule when the pattern says so), with the sum of their weights
    /// there (at most 1): each card's evidence adds up.
    pub fn between(&self, touched: &[Vec<Touched>]) -> Vec<Touched> {
        let mut out: Vec<Touched> = Vec::new();
        for t in self.topics.iter().filter(|t| t.kind == Kind::Interaction && !t.said) {
            if !t.other.is_empty() {
                if let Some(weight) = one_of_each(touched, &t.between, &t.other) {
                    out.extend(t.rules.iter().map(|&rule| Touched {
                        rule,
                        weight,
                        why: t.source.clone(),
                        kind: t.kind,
                    }));
                }
                continue;
            }
            let within = |c: &&Touched| touches(c, &t.between);
            // The rules of the families each card touches, and how much.
            let per_card: Vec<Vec<&Touched>> =
                touched.iter().map(|card| card.iter().filter(within).collect::<Vec<_>>()).collect();
            let weights: Vec<f32> = if t.same_rule {
                // The rule most cards touch, two at least: their weights there.
                let mut best: Vec<f32> = Vec::new();
                for rule in per_card.iter().flatten().map(|c| c.rule) {
                    let here: Vec<f32> = per_card
                        .iter()
                        .filter_map(|card| card.iter().find(|c| c.rule == rule).map(|c| c.weight))
                        .collect();
                    if here.len() > best.len() {
                        best = here;
                    }
                }
                best
            } else {
                per_card.iter().filter_map(|card| card.iter().map(|c| c.weight).reduce(f32::max)).collect()
            };
            if weights.len() < 2 {
                continue;
            }
            // Each card's evidence adds up, as for a rule both touch.
            let weight = weights.into_iter().sum::<f32>().min(1.0);
            for &rule in &t.rules {
                out.push(Touched { rule, weight, why: t.source.clone(), kind: t.kind });
            }
        }
        out
    }

    /// Where the query's words meet a card named: each interaction « dit
    /// A + B » whose families A the query says (`says`, see
    /// [`Topic::said`]) and B a card touches, at that card's weight there
    /// and [`SAID_WEIGHT`].
    pub fn said_between(&self, touched: &[Vec<Touched>], says: impl Fn(&[RuleId]) -> bool) -> Vec<Touched> {
        let mut out = Vec::new();
        for t in self.topics.iter().filter(|t| t.said) {
            let card = touched.iter().flatten().filter(|c| touches(c, &t.other)).map(|c| c.weight).reduce(f32::max);
            let Some(card) = card else { continue };
            if !says(&t.between) {
                continue;
            }
            let weight = (card + SAID_WEIGHT).min(1.0);
            out.extend(t.rules.iter().map(|&rule| Touched { rule, weight, why: t.source.clone(), kind: t.kind }));
        }
        out
    }

    /// The families the query's words must say for an interaction « dit A + B »: each A.
    pub fn said_families(&self) -> impl Iterator<Item = RuleId> + '_ {
        self.topics.iter().filter(|t| t.said).flat_map(|t| t.between.iter().copied())
    }

    /// A topic's rarity among the cards, 0 (every card) to 1 (one card).
    fn weight(&self, t: &Topic) -> f32 {
        let total = self.total.max(t.cards).max(2) as f32;
        (total / t.cards.max(1) as f32).ln() / total.ln()
    }
}

/// Whether a rule a card touches is one of these families or within one.
fn touches(touched: &Touched, families: &[RuleId]) -> bool {
    families.iter().any(|&f| touched.rule == f || touched.rule.is_within(f))
}

/// Where one card touches a rule of `first` (or within one) and another
/// card a rule of `second`: the sum of their weights there, the best pair's
/// (at most 1).
fn one_of_each(touched: &[Vec<Touched>], first: &[RuleId], second: &[RuleId]) -> Option<f32> {
    let best = |card: &[Touched], families: &[RuleId]| {
        card.iter().filter(|c| touches(c, families)).map(|c| c.weight).reduce(f32::max)
    };
    let mut out: Option<f32> = None;
    for (i, a) in touched.iter().enumerate() {
        let Some(wa) = best(a, first) else { continue };
        for (j, b) in touched.iter().enumerate() {
            if let Some(wb) = best(b, second).filter(|_| i != j) {
                out = Some(out.unwrap_or(0.0).max((wa + wb).min(1.0)));
            }
        }
    }
    out
}

/// The topics' patterns of words, compiled ([`Topics::matchers`]).
#[derive(Debug)]
pub struct Matchers {
    /// Each topic's pattern, if it has one.
    regexes: Vec<Option<Regex>>,
    /// The words the patterns need, found in one pass…
    needles: AhoCorasick,
    /// … and the topics each needs them.
    of_needle: Vec<Vec<usize>>,
}

/// What stands for other words in a phrase: bracketed words, « . . . », « n »,
/// and words one of which is said (« when/whenever/at »).
static PLACEHOLDERS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[[^\]]*\]|\. \. \.|\bn\b|\b[a-z]+(?:/[a-z]+)+\b").expect("a fixed pattern"));

/// The longest words of a phrase outside its brackets and numbers
/// (« enters tapped » of « [this] enters tapped »).
fn needle(phrase: &str) -> String {
    PLACEHOLDERS.split(phrase).map(str::trim).max_by_key(|p| p.len()).unwrap_or_default().to_string()
}

/// A pattern as a judge reads it beside a rule (« Règles liées »): a number
/// as « N », one of a few words as « power/toughness », other words stood
/// for as « … » (« can't attack … unless … pays », « gets +N/+N »).
pub fn readable(pattern: &str) -> String {
    let shown = PLACEHOLDERS.replace_all(pattern, |m: &regex::Captures| match &m[0] {
        "[n]" | "n" => "N".to_string(),
        other if !other.starts_with('[') && other != ". . ." => other.to_string(),
        other if other.starts_with("[this") => other.trim_matches(['[', ']']).to_string(),
        other => either(other).map_or_else(|| "…".to_string(), |words| words.join("/")),
    });
    shown.replace("… …", "…")
}

/// The topics each card says, by their place in [`Topics::topics`]: card
/// `i`'s are `topics[starts[i]..starts[i + 1]]`.
#[derive(Debug, Default)]
pub struct Said {
    starts: Vec<u32>,
    topics: Vec<u16>,
}

impl Said {
    /// The topics card `i` says; none for a card not read.
    pub fn of(&self, card: usize) -> &[u16] {
        match (self.starts.get(card), self.starts.get(card + 1)) {
            (Some(&a), Some(&b)) => &self.topics[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// The rule of a keyword of a card's `keywords` (« Trample » → 702.19):
/// the vocabulary's entry of that name, else the keyword of its family
/// (« Swampwalk » → landwalk, « Megamorph » → morph, « Multikicker » →
/// kicker, the « …cycling » forms → cycling, « Daybound » one half of
/// « daybound and nightbound »). Card pages link it, keyword rule pages list
/// the cards it reads as having their keyword.
pub fn keyword_rule(lexicon: &Lexicon, keyword: &str) -> Option<RuleId> {
    let named = lexicon.by_english(keyword);
    let direct = named.iter().filter(|e| e.kind.is_keyword()).find_map(|e| e.rule);
    if let Some(rule) = direct.or_else(|| named.iter().find_map(|e| e.rule)) {
        return Some(rule);
    }
    let k = keyword.to_lowercase();
    let family = [("cycling", "cycling"), ("walk", "landwalk"), ("morph", "morph"), ("kicker", "kicker")]
        .into_iter()
        .find(|(ending, _)| k.ends_with(ending))
        .map(|(_, base)| base);
    lexicon
        .entries()
        .iter()
        .filter(|e| e.kind.is_keyword() && e.rule.is_some())
        .find(|e| {
            let en = e.en.to_lowercase();
            family == Some(en.as_str()) || (en.contains(" and ") && en.split(" and ").any(|half| half == k))
        })
        .and_then(|e| e.rule)
}

/// A card's text as the patterns read it: lowercased, curly apostrophes
/// straight, reminder text out, the card's name and « this creature »,
/// « this artifact »… as « this ».
pub fn oracle_words(text: &str, name: &str) -> String {
    let mut t = text.replace('’', "'").replace('—', "-").to_lowercase();
    let name = name.to_lowercase();
    let short = name.split(',').next().unwrap_or_default().to_string();
    for part in std::iter::once(name.as_str()).chain(name.split(" // ")).chain([short.as_str()]) {
        if part.chars().count() > 2 {
            t = t.replace(part, "this");
        }
    }
    let out = crate::text::without_parentheses(&t);
    static THIS: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"this (creature|artifact|enchantment|land|permanent|spell|card|aura|equipment|vehicle)")
            .expect("a fixed pattern")
    });
    let out = THIS.replace_all(&out, "this");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A phrase as a pattern: « [this] » and « [this permanent] » are « this »,
/// « [basic land type] » a basic land type, « [n] » and « n » a number,
/// other bracketed words and « . . . » a few words.
fn phrase_regex(phrase: &str) -> Result<Regex, regex::Error> {
    let mut pattern = String::from(r"(?:^|[^a-z0-9'])");
    let mut last = 0;
    for m in PLACEHOLDERS.find_iter(phrase) {
        pattern.push_str(&regex::escape(&phrase[last..m.start()]));
        let part = match m.as_str() {
            "[this]" | "[this permanent]" | "[this object]" | "[this creature]" | "[this card]" | "[this spell]" => {
                "this".to_string()
            }
            "[basic land type]" => "(?:plains|islands?|swamps?|mountains?|forests?)".to_string(),
            "[n]" | "n" => r"(?:\d+|x)".to_string(),
            "and/or" => regex::escape("and/or"),
            other => match either(other) {
                Some(words) => {
                    format!("(?:{})", words.iter().map(|w| regex::escape(w)).collect::<Vec<_>>().join("|"))
                }
                None => r"[^.\n]{0,60}?".to_string(),
            },
        };
        pattern.push_str(&part);
        last = m.end();
    }
    pattern.push_str(&regex::escape(&phrase[last..]));
    pattern.push_str(r"(?:$|[^a-z0-9'])");
    Regex::new(&pattern)
}

/// The words of a placeholder one of which is said: « [power or toughness] »
/// (not anything: « its flashback cost is equal to » is not 208.2a),
/// « when/whenever/at », « [cast/play] ». Words of two letters or more
/// (« [p/t] » stands for a power and toughness, not for « p » or « t »).
fn either(placeholder: &str) -> Option<Vec<&str>> {
    let inner = placeholder.strip_prefix('[').and_then(|p| p.strip_suffix(']'));
    let words: Vec<&str> = match inner {
        Some(inner) if inner.contains(" or ") => inner.split(" or ").collect(),
        Some(inner) => inner.split('/').collect(),
        None => placeholder.split('/').collect(),
    };
    let word = |w: &&str| w.len() >= 2 && w.chars().all(|c| c.is_ascii_alphabetic());
    (words.len() >= 2 && words.iter().all(word)).then_some(words)
}

/// A keyword action as a verb of a card's text: « destroy target », « exiled ».
fn action_regex(verb: &str) -> Result<Regex, regex::Error> {
    let v = regex::escape(verb);
    let objects = "target|that|it|them|all|each|a|an|up|the|this|another|any|those|x|one|two|three|half";
    Regex::new(&format!(r"(?:^|[^a-z+/-])(?:(?:{v}|{v}s|{v}es|{v}ed|{v}d) (?:{objects})\b|{v}e?d\b)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_topics_read_and_name_rules() {
        let t = Topics::embedded();
        assert!(t.topics.len() > 400, "{}", t.topics.len());
        let persist = t.topics.iter().find(|t| t.pattern == "Persist").unwrap();
        assert_eq!(persist.rules, [RuleId::parse("702.79").unwrap()]);
    }

    #[test]
    fn one_card_at_a_time_keeps_the_patterns_until_every_card_is_read() {
        let text = String::from_utf8_lossy(crate::embedded::file(FILE).unwrap()).into_owned();
        let topics = Topics::parse(&text).unwrap();
        let finks = crate::cards::Cards::embedded().find("Kitchen Finks").unwrap();
        let kept = |t: &Topics| t.kept.lock().unwrap().matchers.is_some();
        assert_eq!(topics.of_one(finks), topics.of(finks));
        assert!(kept(&topics), "kept for the next card");
        topics.forget_matchers();
        assert!(!kept(&topics));
        // Asked again after (a search racing the reading of every card): not kept again.
        assert_eq!(topics.of_one(finks), topics.of(finks));
        assert!(!kept(&topics), "the 10 MB are not kept once every card is read");
    }

    #[test]
    fn phrases_read_card_text() {
        let r = phrase_regex("[this] enters tapped").unwrap();
        assert!(r.is_match("this enters tapped."));
        assert!(!r.is_match("this enters untapped."));
        assert_eq!(needle("[this] enters tapped"), "enters tapped");
        assert_eq!(needle("scry n"), "scry");
        let r = phrase_regex("lands are [basic land type]").unwrap();
        assert!(r.is_match("nonbasic lands are mountains."));
        assert!(phrase_regex("scry n").unwrap().is_match("when this enters, scry 2."));
        assert!(action_regex("destroy").unwrap().is_match("destroy target creature."));
        assert!(!action_regex("counter").unwrap().is_match("put a +1/+1 counter on it."));
        assert_eq!(oracle_words("Kitchen Finks (reminder) enters.", "Kitchen Finks"), "this enters.");
        // « [power or toughness] » is one of the two words, not anything.
        let r = phrase_regex("[this's] [power or toughness] is equal to").unwrap();
        assert!(r.is_match("this's power is equal to the number of card types"));
        assert!(!r.is_match("it has flashback. the flashback cost is equal to its mana cost."));
        // « When/Whenever/At » is one of the three words: the intervening « if » of 603.4.
        let phrase = "when/whenever/at [trigger event], if [condition], [effect]";
        let r = phrase_regex(phrase).unwrap();
        assert!(r.is_match("at the beginning of your upkeep, if you have the city's blessing, reveal"));
        assert!(r.is_match("whenever this attacks, if defending player has more cards in hand than you, exile"));
        assert!(!r.is_match("whenever this attacks, you may pay {1}. if you do, draw a card."));
        assert_eq!(needle(phrase), ", if");
        let r = phrase_regex("you can't [cast/play] [this]").unwrap();
        assert!(r.is_match("you can't cast this"));
        assert!(!r.is_match("you can't attack with this"));
        // « and/or » is said as it is; « [p/t] » stands for anything.
        assert!(phrase_regex("you and/or your teammates").unwrap().is_match("you and/or your teammates"));
        assert!(either("[p/t]").is_none());
        assert_eq!(readable("can't attack [something] unless [something] pays"), "can't attack … unless … pays");
        assert_eq!(readable("gets +[n]/+[n]"), "gets +N/+N");
        assert_eq!(
            readable("when/whenever/at [trigger event], if [condition], [effect]"),
            "when/whenever/at …, if …, …"
        );
        assert_eq!(readable("scry n"), "scry N");
        assert_eq!(readable("[this's] [power or toughness] is equal to"), "this's power/toughness is equal to");
    }

    #[test]
    fn an_x_in_a_mana_cost_touches_the_rules_of_x() {
        let cards = &crate::cards::Cards::embedded().cards;
        let card = |name: &str| cards.iter().find(|c| c.name == name).unwrap();
        let rules = |name: &str| -> Vec<(String, Kind)> {
            Topics::embedded().of(card(name)).into_iter().map(|t| (t.rule.to_string(), t.kind)).collect()
        };
        let ballista = rules("Walking Ballista");
        for id in ["107.3", "202.3e", "601.2b"] {
            assert!(ballista.contains(&(id.to_string(), Kind::Cost)), "{ballista:?}");
        }
        // No X in its cost.
        let bolt = rules("Lightning Bolt");
        assert!(!bolt.iter().any(|(_, k)| *k == Kind::Cost), "{bolt:?}");
        assert!(Kind::Cost.brings_rules());
    }

    #[test]
    fn a_half_kept_with_its_card_says_its_topics_with_it() {
        let cards = &crate::cards::Cards::embedded().cards;
        let mut giant = cards.iter().find(|c| c.name == "Bonecrusher Giant // Stomp").unwrap().clone();
        assert!(giant.halves.is_empty(), "the shipped data has no halves");
        let rules = |card: &Card| -> Vec<String> {
            Topics::embedded().of(card).into_iter().map(|t| t.rule.to_string()).collect()
        };
        assert!(!rules(&giant).contains(&"615.12".to_string()), "{:?}", rules(&giant));
        giant.halves = vec![crate::cards::Half {
            name: "Stomp".into(),
            mana_cost: Some("{1}{R}".into()),
            type_line: "Instant — Adventure".into(),
            text: "Damage can't be prevented this turn. Stomp deals 2 damage to any target.".into(),
            power: None,
            toughness: None,
            loyalty: None,
        }]
        .into_boxed_slice();
        assert!(rules(&giant).contains(&"615.12".to_string()), "{:?}", rules(&giant));
    }

    #[test]
    fn a_bad_line_is_named() {
        assert!(Topics::parse("phrase\tx\t702.79\t3").unwrap_err().contains("ligne 1"));
        assert!(Topics::parse("bogus\tx\t702.79\t3\ts").unwrap_err().contains("genre inconnu"));
        assert!(Topics::parse("phrase\tx\t7x\t3\ts").unwrap_err().contains("numéro"));
        assert!(Topics::parse("interaction\tdit 903.3\t903.9a\t0\ts").unwrap_err().contains("dit A + B"));
    }

    #[test]
    fn an_interaction_the_query_says_meets_a_card_only_when_said() {
        let topics = Topics::parse("interaction\tdit 903.3 + 701.13\t903.9a\t0\ts").unwrap();
        let id = |r: &str| RuleId::parse(r).unwrap();
        let exile = vec![Touched { rule: id("701.13"), weight: 0.2, why: "exile".into(), kind: Kind::Action }];
        // Not between two cards.
        assert!(topics.between(&[exile.clone(), exile.clone()]).is_empty());
        let said = |families: &[RuleId]| families == [id("903.3")];
        let met = topics.said_between(std::slice::from_ref(&exile), said);
        assert_eq!(met.iter().map(|t| (t.rule, t.weight)).collect::<Vec<_>>(), [(id("903.9a"), 0.2 + SAID_WEIGHT)]);
        assert!(topics.said_between(std::slice::from_ref(&exile), |_| false).is_empty());
        assert!(topics.said_between(&[], said).is_empty());
    }
}
