//! The rules text the engine understands, in French as printed.
//!
//! A text is cut into sentences; each sentence must be one of the forms below
//! or the scenario is refused with the sentence quoted — never a silent no-op.
//!
//! | sentence | effect |
//! |---|---|
//! | Détruisez la créature ciblée / l'enchantement ciblé / le terrain ciblé … | destroy (701.8) |
//! | Détruisez la créature non-noire ciblée et le terrain ciblé | destroy, two targets |
//! | Détruisez la créature non-artefact, non-noire ciblée | destroy, with restrictions |
//! | Détruisez toutes les créatures [non-]noires / toutes les créatures | destroy, no target |
//! | Il/Elle ne peut pas être régénéré(e), Ils ne peuvent pas être régénérés | no regeneration |
//! | Piochez une carte / deux cartes | draw (121) |
//! | Exilez la créature ciblée … | exile (701.13) |
//! | Renvoyez le permanent ciblé dans la main de son propriétaire | return (400.7) |
//! | ~ inflige 3 blessures à n'importe quelle cible / à une cible, créature ou joueur / à la créature ciblée / au joueur ciblé / à chaque créature / à chaque créature et à chaque joueur | damage (120) |
//! | Contrecarrez le sort ciblé | counter (701.6) |
//! | Vous gagnez 3 points de vie / Le joueur ciblé perd 2 points de vie | life (119) |
//! | Tous les terrains sont des créatures 1/1 qui sont toujours des terrains | static (205.1b, 613) |
//!
//! Each instance of the word « cible » is one target, in text order (601.2c).

use super::card::{CardType, Colour, Keyword};
use crate::text::fold;

/// What a target may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum TargetKind {
    /// A creature.
    Creature,
    /// An enchantment.
    Enchantment,
    /// A land.
    Land,
    /// An artifact.
    Artifact,
    /// Any permanent.
    Permanent,
    /// A spell on the stack.
    Spell,
    /// A player.
    Player,
    /// « n'importe quelle cible »: a creature, a player or a planeswalker (115.4).
    Any,
    /// « une cible, créature ou joueur ».
    CreatureOrPlayer,
}

/// One instance of « cible »: what it may be and the restrictions printed.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TargetSpec {
    /// What it may be.
    pub kind: TargetKind,
    /// « non-noire »: colours it must not have.
    pub not_colours: Vec<Colour>,
    /// « non-artefact »: types it must not have.
    pub not_types: Vec<CardType>,
    /// The words as printed, for explanations.
    pub phrase: String,
}

impl TargetSpec {
    /// A target with no restriction.
    pub fn plain(kind: TargetKind) -> TargetSpec {
        let mut spec = TargetSpec { kind, not_colours: vec![], not_types: vec![], phrase: String::new() };
        spec.phrase = spec.describe();
        spec
    }

    /// The target as French prints it: « la créature non-noire ciblée »,
    /// « le terrain ciblé », « n'importe quelle cible ».
    pub fn describe(&self) -> String {
        let (noun, feminine) = match self.kind {
            TargetKind::Creature => ("créature", true),
            TargetKind::Enchantment => ("enchantement", false),
            TargetKind::Land => ("terrain", false),
            TargetKind::Artifact => ("artefact", false),
            TargetKind::Permanent => ("permanent", false),
            TargetKind::Spell => ("sort", false),
            TargetKind::Player => ("joueur", false),
            TargetKind::Any => return "n'importe quelle cible".into(),
            TargetKind::CreatureOrPlayer => return "une cible, créature ou joueur".into(),
        };
        let mut qualifiers: Vec<String> = self.not_types.iter().map(|t| format!("non-{}", t.name())).collect();
        qualifiers
            .extend(self.not_colours.iter().map(|c| format!("non-{}", if feminine { c.feminine() } else { c.name() })));
        let article = match (feminine, noun.starts_with(['a', 'e', 'é'])) {
            (_, true) => "l'",
            (true, false) => "la ",
            (false, false) => "le ",
        };
        let qualifiers = if qualifiers.is_empty() { String::new() } else { format!(" {}", qualifiers.join(", ")) };
        format!("{article}{noun}{qualifiers} {}", if feminine { "ciblée" } else { "ciblé" })
    }
}

/// Who or what an effect acts on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Subject {
    /// The target with this index.
    Target(usize),
    /// « toutes les créatures [non-]noires »: every creature, with colour conditions.
    AllCreatures {
        /// Colours they must have.
        colours: Vec<Colour>,
        /// Colours they must not have.
        not_colours: Vec<Colour>,
    },
    /// « chaque créature ».
    EachCreature,
    /// « chaque créature et chaque joueur ».
    EachCreatureAndPlayer,
    /// « ~ »: the permanent whose triggered ability this is.
    This,
    /// « chaque adversaire »: each opponent of the controller.
    EachOpponent,
}

/// One effect of a spell's text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum Effect {
    /// Destroy (701.8); `regenerate` is false after « ne peut pas être régénéré ».
    Destroy {
        /// What is destroyed.
        what: Subject,
        /// Whether regeneration may replace the destruction.
        regenerate: bool,
    },
    /// Exile (701.13).
    Exile(Subject),
    /// Return to its owner's hand.
    ReturnToHand(Subject),
    /// Damage dealt by the spell (120).
    Damage {
        /// How much.
        amount: u32,
        /// To whom.
        to: Subject,
    },
    /// The controller draws cards (121).
    Draw(u32),
    /// Counter the target spell (701.6).
    Counter(Subject),
    /// The controller gains life (119).
    GainLife(u32),
    /// The target player loses life (119).
    LoseLife {
        /// Who.
        who: Subject,
        /// How much.
        amount: u32,
    },
    /// « gagne +N/+N » / « reçoit -N/-N jusqu'à la fin du tour » (613.4c, 514.2).
    Pump {
        /// The creature.
        what: Subject,
        /// Power change.
        power: i32,
        /// Toughness change.
        toughness: i32,
    },
    /// « … acquiert le vol jusqu'à la fin du tour » (613.1f, 514.2).
    GainUntilEndOfTurn {
        /// The creature.
        what: Subject,
        /// The ability gained.
        keyword: Keyword,
    },
    /// « Créez un jeton de créature 1/1 blanche Soldat » (111.1).
    CreateTokens(TokenSpec),
    /// « Mettez N marqueurs +1/+1 (-1/-1) sur … » (122.1a, 613.4c).
    Counters {
        /// The creature.
        what: Subject,
        /// +1/+1 counters (else -1/-1).
        plus: bool,
        /// How many.
        count: u32,
    },
}

/// The creature tokens a text creates: how many, and their characteristics (111.4).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TokenSpec {
    /// How many.
    pub count: u32,
    /// Power.
    pub power: i32,
    /// Toughness.
    pub toughness: i32,
    /// Colours (none: colourless).
    pub colours: Vec<Colour>,
    /// Creature types, as printed (« Soldat »).
    pub subtypes: Vec<String>,
    /// Keyword abilities (« avec le vol »).
    pub keywords: Vec<Keyword>,
}

/// What a triggered ability waits for (603.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum TriggerEvent {
    /// « Quand ~ meurt » (700.4; looks back, 603.10a).
    Dies,
    /// « Quand ~ arrive sur le champ de bataille » (603.6a).
    Enters,
    /// « Quand ~ attaque » (508.1m).
    Attacks,
    /// « À chaque fois qu'une autre créature que vous contrôlez meurt » (603.10a).
    AnotherCreatureYouControlDies,
}

/// A triggered ability of a permanent: its event and its instructions,
/// which target nothing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Trigger {
    /// What it waits for.
    pub event: TriggerEvent,
    /// The whole sentence, as printed.
    pub sentence: String,
    /// What it does, in the order written.
    pub effects: Vec<Instruction>,
}

/// A static ability the engine knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Static {
    /// « Tous les terrains sont des créatures 1/1 qui sont toujours des terrains. »
    AllLandsAreCreatures,
}

/// One instruction: an effect, the sentence it comes from, and the part of
/// the sentence it is (« détruisez le terrain ciblé »), for explanations.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Instruction {
    /// What it does.
    pub effect: Effect,
    /// The printed sentence.
    pub sentence: String,
    /// The part of the sentence, in French.
    pub part: String,
}

/// A rules text, read.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Text {
    /// One entry per instance of « cible », in order.
    pub targets: Vec<TargetSpec>,
    /// The instructions, in the order written (608.2c).
    pub effects: Vec<Instruction>,
    /// Static abilities.
    pub statics: Vec<Static>,
    /// Triggered abilities (603).
    pub triggers: Vec<Trigger>,
}

impl Text {
    /// Whether its instructions or its triggered abilities create tokens.
    pub fn makes_tokens(&self) -> bool {
        let makes = |i: &Instruction| matches!(i.effect, Effect::CreateTokens(_));
        self.effects.iter().any(makes) || self.triggers.iter().flat_map(|t| &t.effects).any(makes)
    }
}

/// « +3/+3 », « -2/-0 »: a signed power and toughness change, each at most 100.
fn signed_pt(s: &str) -> Option<(i32, i32)> {
    let (p, t) = s.split_once('/')?;
    let signed = |x: &str| -> Option<i32> {
        let (sign, digits) = match x.as_bytes().first()? {
            b'+' => (1, &x[1..]),
            b'-' => (-1, &x[1..]),
            _ => return None,
        };
        let n: i32 = digits.parse().ok().filter(|n| (0..=100).contains(n))?;
        Some(sign * n)
    };
    Some((signed(p)?, signed(t)?))
}

/// A number written in words or digits.
fn number(word: &str) -> Option<u32> {
    let n = match word {
        "un" | "une" => 1,
        "deux" => 2,
        "trois" => 3,
        "quatre" => 4,
        "cinq" => 5,
        "six" => 6,
        "sept" => 7,
        "huit" => 8,
        "neuf" => 9,
        "dix" => 10,
        w => return w.parse().ok().filter(|n| *n <= 1000),
    };
    Some(n)
}

/// « la créature non-noire ciblée », « l'enchantement ciblé »: a target.
fn target_phrase(phrase: &str) -> Option<TargetSpec> {
    let p = phrase.trim();
    let p = p.strip_prefix("la ").or_else(|| p.strip_prefix("le ")).or_else(|| p.strip_prefix("l'"))?;
    let words: Vec<&str> = p.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let (last, rest) = words.split_last()?;
    if !matches!(*last, "cible" | "ciblee") {
        return None;
    }
    let (noun, qualifiers) = rest.split_first()?;
    let kind = match *noun {
        "creature" => TargetKind::Creature,
        "enchantement" => TargetKind::Enchantment,
        "terrain" => TargetKind::Land,
        "artefact" => TargetKind::Artifact,
        "permanent" => TargetKind::Permanent,
        "sort" => TargetKind::Spell,
        "joueur" => TargetKind::Player,
        _ => return None,
    };
    let mut spec = TargetSpec { kind, not_colours: vec![], not_types: vec![], phrase: String::new() };
    for q in qualifiers {
        let negated = q.strip_prefix("non-")?;
        if let Some(c) = Colour::parse(negated) {
            spec.not_colours.push(c);
        } else if negated == "artefact" {
            spec.not_types.push(CardType::Artifact);
        } else if negated == "creature" {
            spec.not_types.push(CardType::Creature);
        } else {
            return None;
        }
    }
    spec.phrase = spec.describe();
    Some(spec)
}

/// « le vol », « l'initiative », « la vigilance »: a keyword ability with its article.
fn keyword_with_article(s: &str) -> Option<Keyword> {
    let s = s.trim();
    let bare = s.strip_prefix("le ").or_else(|| s.strip_prefix("la ")).or_else(|| s.strip_prefix("l'")).unwrap_or(s);
    Keyword::parse(bare).ok()
}

/// « toutes les créatures », « toutes les créatures non-noires », « … noires ».
fn all_creatures(phrase: &str) -> Option<Subject> {
    let rest = phrase.trim().strip_prefix("toutes les creatures")?;
    let (mut colours, mut not_colours) = (vec![], vec![]);
    for q in rest.split([' ', ',']).filter(|w| !w.is_empty() && *w != "et") {
        match q.strip_prefix("non-") {
            Some(c) => not_colours.push(Colour::parse(c)?),
            None => colours.push(Colour::parse(q)?),
        }
    }
    Some(Subject::AllCreatures { colours, not_colours })
}

/// Splits a printed text into sentences, keeping each printed sentence.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut in_quote = false;
    for c in text.chars() {
        match c {
            '«' | '“' => in_quote = true,
            '»' | '”' => in_quote = false,
            _ => {}
        }
        if (c == '.' || c == '\n') && !in_quote {
            if !current.trim().is_empty() {
                out.push(current.trim().to_string());
            }
            current.clear();
        } else {
            current.push(c);
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// Reads a rules text. `Err` quotes the first sentence outside the subset.
pub fn parse(text: &str) -> Result<Text, String> {
    parse_named(text, "")
}

/// Reads the rules text of a card named `name`: « ~ », and the card's name
/// with or without its article (« le Messager dévoué »), stand for the card.
pub fn parse_named(text: &str, name: &str) -> Result<Text, String> {
    let mut out = Text::default();
    let name = folded(name);
    for printed in sentences(text) {
        let mut folded = folded(&printed);
        if name.chars().count() > 1 {
            for article in ["le ", "la ", "l'", "les ", ""] {
                folded = replace_words(&folded, &format!("{article}{name}"), "~");
            }
        }
        Sentence { printed, folded }.read(&mut out)?;
    }
    if let Some(i) = out.effects.iter().find(|i| uses_this(&i.effect)) {
        return Err(format!(
            "« {} » : « ~ » ne désigne la carte que dans une capacité déclenchée d'un permanent",
            i.sentence
        ));
    }
    Ok(out)
}

/// Replaces `what` in `text` where it stands as whole words (« ours » in
/// « l'ours meurt », not in « toujours »).
fn replace_words(text: &str, what: &str, by: &str) -> String {
    let mut out = String::new();
    let mut from = 0;
    for (i, _) in text.match_indices(what) {
        if i < from {
            continue;
        }
        let starts = text[..i].chars().next_back().is_none_or(|c| c == ' ' || c == '\'');
        let ends = text[i + what.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric());
        if starts && ends {
            out.push_str(&text[from..i]);
            out.push_str(by);
            from = i + what.len();
        }
    }
    out.push_str(&text[from..]);
    out
}

/// Lower case, no accents, straight apostrophes, single spaces.
fn folded(s: &str) -> String {
    fold(s).replace(['’', '‘'], "'").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether an effect acts on « ~ » itself.
fn uses_this(effect: &Effect) -> bool {
    match effect {
        Effect::Counters { what, .. } | Effect::Pump { what, .. } | Effect::GainUntilEndOfTurn { what, .. } => {
            *what == Subject::This
        }
        _ => false,
    }
}

/// « Ils ne peuvent pas être régénérés. » and its forms, folded.
const NO_REGENERATION: [&str; 4] = [
    "il ne peut pas etre regenere",
    "elle ne peut pas etre regeneree",
    "ils ne peuvent pas etre regeneres",
    "elles ne peuvent pas etre regenerees",
];

/// One sentence of a rules text: as printed, and folded (no accents, lower
/// case, straight apostrophes, single spaces) to be matched.
struct Sentence {
    printed: String,
    folded: String,
}

impl Sentence {
    /// The sentence's form, read into the text: instructions, targets, a
    /// static ability, or a change to the instructions before it.
    fn read(&self, out: &mut Text) -> Result<(), String> {
        let f = self.folded.as_str();
        if let Some(rest) = f.strip_prefix("quand ").or_else(|| f.strip_prefix("a chaque fois qu'")) {
            self.trigger(out, rest)
        } else if let Some(rest) = f.strip_prefix("creez ") {
            self.tokens(out, rest)
        } else if let Some(rest) = f.strip_prefix("chaque adversaire perd ") {
            let amount = self.life(rest)?;
            self.push(out, Effect::LoseLife { who: Subject::EachOpponent, amount }, self.printed.clone());
            Ok(())
        } else if let Some(what) = f.strip_prefix("detruisez ") {
            self.destroy(out, what)
        } else if NO_REGENERATION.contains(&f) {
            self.no_regeneration(out, f.starts_with("ils") || f.starts_with("elles"))
        } else if let Some(rest) = f.strip_prefix("piochez ") {
            self.draw(out, rest)
        } else if let Some(what) = f.strip_prefix("exilez ") {
            let subject = self.target(out, what)?;
            let part = format!("exilez {}", out.targets[out.targets.len() - 1].phrase);
            self.push(out, Effect::Exile(subject), part);
            Ok(())
        } else if let Some(what) = f.strip_prefix("renvoyez ") {
            let phrase = what.strip_suffix(" dans la main de son proprietaire").ok_or_else(|| self.unknown())?;
            let subject = self.target(out, phrase)?;
            self.push(out, Effect::ReturnToHand(subject), self.printed.clone());
            Ok(())
        } else if let Some((_, rest)) = f.split_once(" inflige ").or_else(|| f.split_once(" infligent ")) {
            self.damage(out, rest)
        } else if f == "contrecarrez le sort cible" {
            let subject = self.target(out, "le sort cible")?;
            self.push(out, Effect::Counter(subject), self.printed.clone());
            Ok(())
        } else if let Some(rest) = f.strip_prefix("vous gagnez ") {
            let n = self.life(rest)?;
            self.push(out, Effect::GainLife(n), self.printed.clone());
            Ok(())
        } else if let Some(rest) = f.strip_prefix("le joueur cible perd ") {
            let amount = self.life(rest)?;
            let who = self.target(out, "le joueur cible")?;
            self.push(out, Effect::LoseLife { who, amount }, self.printed.clone());
            Ok(())
        } else if let Some(rest) = f.strip_prefix("mettez ") {
            self.counters(out, rest)
        } else if let Some(rest) = f.strip_suffix(" jusqu'a la fin du tour") {
            self.until_end_of_turn(out, rest)
        } else if f == "tous les terrains sont des creatures 1/1 qui sont toujours des terrains" {
            out.statics.push(Static::AllLandsAreCreatures);
            Ok(())
        } else {
            Err(self.unknown())
        }
    }

    /// The error for a sentence outside the subset, quoting it.
    fn unknown(&self) -> String {
        format!(
            "phrase hors du sous-ensemble compris par le moteur : « {} » (voir docs/scenarios.md pour les phrases \
             reconnues)",
            self.printed
        )
    }

    /// An instruction of this sentence; `part` the words it follows.
    fn push(&self, out: &mut Text, effect: Effect, part: String) {
        out.effects.push(Instruction { effect, sentence: self.printed.clone(), part });
    }

    /// A target phrase, added to the text's targets.
    fn target(&self, out: &mut Text, phrase: &str) -> Result<Subject, String> {
        let spec = target_phrase(phrase).ok_or_else(|| self.unknown())?;
        out.targets.push(spec);
        Ok(Subject::Target(out.targets.len() - 1))
    }

    /// « Détruisez toutes les créatures… », « Détruisez la créature ciblée et
    /// le terrain ciblé » (one instruction per target, each its own part).
    fn destroy(&self, out: &mut Text, what: &str) -> Result<(), String> {
        if let Some(all) = all_creatures(what) {
            self.push(out, Effect::Destroy { what: all, regenerate: true }, self.printed.clone());
            return Ok(());
        }
        let mut effects = vec![];
        for phrase in what.split(" et ") {
            let subject = self.target(out, phrase)?;
            let part = format!("détruisez {}", out.targets[out.targets.len() - 1].phrase);
            effects.push((Effect::Destroy { what: subject, regenerate: true }, part));
        }
        for (effect, part) in effects {
            self.push(out, effect, part);
        }
        Ok(())
    }

    /// « Il ne peut pas être régénéré » applies to the last destruction
    /// before it; « Ils … » to all of them.
    fn no_regeneration(&self, out: &mut Text, plural: bool) -> Result<(), String> {
        let destroys: Vec<usize> = out
            .effects
            .iter()
            .enumerate()
            .filter(|(_, i)| matches!(i.effect, Effect::Destroy { .. }))
            .map(|(i, _)| i)
            .collect();
        if destroys.is_empty() {
            return Err(format!("« {} » ne suit aucune destruction", self.printed));
        }
        let concerned: &[usize] = if plural { &destroys } else { &destroys[destroys.len() - 1..] };
        for &i in concerned {
            if let Effect::Destroy { regenerate, .. } = &mut out.effects[i].effect {
                *regenerate = false;
            }
        }
        Ok(())
    }

    /// « La créature ciblée gagne +3/+3 », « reçoit -2/-2 », « acquiert le
    /// vol », « gagne +1/+0 et acquiert l'initiative » (« jusqu'à la fin du
    /// tour » already taken off).
    fn until_end_of_turn(&self, out: &mut Text, rest: &str) -> Result<(), String> {
        let (phrase, change) = [" gagne ", " recoit ", " acquiert "]
            .iter()
            .find_map(|verb| rest.split_once(verb).map(|(p, c)| (p, format!("{}{c}", verb.trim_start()))))
            .ok_or_else(|| self.unknown())?;
        let what = self.subject(out, phrase)?;
        for part in change.split(" et ") {
            let part = part.trim();
            let effect = if let Some(pt) = part.strip_prefix("gagne ").or_else(|| part.strip_prefix("recoit ")) {
                let (power, toughness) = signed_pt(pt).ok_or_else(|| self.unknown())?;
                Effect::Pump { what: what.clone(), power, toughness }
            } else if let Some(k) = part.strip_prefix("acquiert ") {
                let keyword = keyword_with_article(k).ok_or_else(|| self.unknown())?;
                Effect::GainUntilEndOfTurn { what: what.clone(), keyword }
            } else {
                return Err(self.unknown());
            };
            self.push(out, effect, self.printed.clone());
        }
        Ok(())
    }

    /// The subject of a sentence: « ~ » or a target phrase.
    fn subject(&self, out: &mut Text, phrase: &str) -> Result<Subject, String> {
        if phrase.trim() == "~" { Ok(Subject::This) } else { self.target(out, phrase) }
    }

    /// « Quand ~ meurt, piochez une carte. »: a triggered ability whose
    /// instructions target nothing.
    fn trigger(&self, out: &mut Text, rest: &str) -> Result<(), String> {
        let (condition, effect) = rest.split_once(", ").ok_or_else(|| self.unknown())?;
        let event = match condition {
            "~ meurt" => TriggerEvent::Dies,
            "~ arrive sur le champ de bataille" | "~ arrive" => TriggerEvent::Enters,
            "~ attaque" => TriggerEvent::Attacks,
            "une autre creature que vous controlez meurt" => TriggerEvent::AnotherCreatureYouControlDies,
            _ => return Err(self.unknown()),
        };
        let printed_effect = self.printed.split_once(", ").map_or("", |(_, e)| e).trim();
        // The instruction alone reads as a sentence: « Piochez une carte ».
        let mut chars = printed_effect.chars();
        let printed_effect = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
        let inner = Sentence { printed: printed_effect, folded: effect.to_string() };
        let mut read = Text::default();
        inner.read(&mut read)?;
        if !read.targets.is_empty() || !read.triggers.is_empty() || !read.statics.is_empty() {
            return Err(format!(
                "« {} » : une capacité déclenchée qui cible, ou qui en contient une autre, est hors du \
                 sous-ensemble compris par le moteur",
                self.printed
            ));
        }
        out.triggers.push(Trigger { event, sentence: self.printed.clone(), effects: read.effects });
        Ok(())
    }

    /// « Créez un jeton de créature 1/1 blanche Soldat », « Créez deux jetons
    /// de créature 1/1 vertes Elfe avec le vol ».
    fn tokens(&self, out: &mut Text, rest: &str) -> Result<(), String> {
        let (count, rest) = rest.split_once(' ').ok_or_else(|| self.unknown())?;
        let count = number(count).filter(|n| (1..=10).contains(n)).ok_or_else(|| self.unknown())?;
        let rest = rest
            .strip_prefix("jetons de creature ")
            .or_else(|| rest.strip_prefix("jeton de creature "))
            .ok_or_else(|| self.unknown())?;
        let (rest, with) = match rest.split_once(" avec ") {
            Some((r, w)) => (r, Some(w)),
            None => (rest, None),
        };
        let pt = rest.split(' ').next().and_then(|pt| pt.split_once('/')).ok_or_else(|| self.unknown())?;
        let stat = |x: &str| x.parse::<i32>().ok().filter(|n| (0..=100).contains(n));
        let (power, toughness) = (stat(pt.0).ok_or_else(|| self.unknown())?, stat(pt.1).ok_or_else(|| self.unknown())?);
        // After the power and toughness: colours in lower case, then the
        // creature types, capitalised as printed (« blanche Soldat »).
        let printed = self.printed.split_once(" avec ").map_or(self.printed.as_str(), |(p, _)| p);
        let printed_words: Vec<&str> = printed.split_whitespace().map(|w| w.trim_end_matches(['.', ','])).collect();
        let after_pt = printed_words.iter().position(|w| w.contains('/')).ok_or_else(|| self.unknown())? + 1;
        let mut colours = Vec::new();
        let mut subtypes: Vec<String> = Vec::new();
        for w in &printed_words[after_pt..] {
            let capitalised = w.chars().next().is_some_and(char::is_uppercase);
            match (capitalised, Colour::parse(w)) {
                (true, _) => subtypes.push((*w).to_string()),
                (false, Some(c)) if subtypes.is_empty() => colours.push(c),
                (false, _) if matches!(fold(w).as_str(), "et" | "incolore" | "incolores") => {}
                _ => return Err(self.unknown()),
            }
        }
        if subtypes.is_empty() {
            return Err(self.unknown());
        }
        let keywords = match with {
            Some(w) => w
                .split(" et ")
                .map(|k| keyword_with_article(k).ok_or_else(|| self.unknown()))
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        let spec = TokenSpec { count, power, toughness, colours, subtypes, keywords };
        self.push(out, Effect::CreateTokens(spec), self.printed.clone());
        Ok(())
    }

    /// « Mettez deux marqueurs +1/+1 sur la créature ciblée. », « un marqueur -1/-1 ».
    fn counters(&self, out: &mut Text, rest: &str) -> Result<(), String> {
        let (count, rest) = rest.split_once(' ').ok_or_else(|| self.unknown())?;
        let count = number(count).filter(|n| (1..=100).contains(n)).ok_or_else(|| self.unknown())?;
        let rest =
            rest.strip_prefix("marqueurs ").or_else(|| rest.strip_prefix("marqueur ")).ok_or_else(|| self.unknown())?;
        let (kind, phrase) = rest.split_once(" sur ").ok_or_else(|| self.unknown())?;
        let plus = match kind {
            "+1/+1" => true,
            "-1/-1" => false,
            _ => return Err(self.unknown()),
        };
        let what = self.subject(out, phrase)?;
        self.push(out, Effect::Counters { what, plus, count }, self.printed.clone());
        Ok(())
    }

    /// « Piochez deux cartes. »
    fn draw(&self, out: &mut Text, rest: &str) -> Result<(), String> {
        let mut words = rest.split(' ');
        let n = words.next().and_then(number).ok_or_else(|| self.unknown())?;
        if !matches!(words.next(), Some("carte" | "cartes")) || words.next().is_some() {
            return Err(self.unknown());
        }
        self.push(out, Effect::Draw(n), self.printed.clone());
        Ok(())
    }

    /// « ~ inflige 3 blessures à n'importe quelle cible » and its other
    /// recipients.
    fn damage(&self, out: &mut Text, rest: &str) -> Result<(), String> {
        let (amount, rest) = rest.split_once(' ').ok_or_else(|| self.unknown())?;
        let amount = number(amount).ok_or_else(|| self.unknown())?;
        let to =
            rest.strip_prefix("blessures ").or_else(|| rest.strip_prefix("blessure ")).ok_or_else(|| self.unknown())?;
        let subject = match to {
            "a n'importe quelle cible" => {
                out.targets.push(TargetSpec::plain(TargetKind::Any));
                Subject::Target(out.targets.len() - 1)
            }
            "a une cible, creature ou joueur" | "a une cible creature ou joueur" => {
                out.targets.push(TargetSpec::plain(TargetKind::CreatureOrPlayer));
                Subject::Target(out.targets.len() - 1)
            }
            "a chaque creature" => Subject::EachCreature,
            "a chaque creature et a chaque joueur" => Subject::EachCreatureAndPlayer,
            "a chaque adversaire" => Subject::EachOpponent,
            t => match t.strip_prefix("au ").or_else(|| t.strip_prefix("a ")) {
                Some(phrase) if phrase.starts_with("joueur") => self.target(out, &format!("le {phrase}"))?,
                Some(phrase) => self.target(out, phrase)?,
                None => return Err(self.unknown()),
            },
        };
        self.push(out, Effect::Damage { amount, to: subject }, self.printed.clone());
        Ok(())
    }

    /// « 3 points de vie »: the amount of a life gain or loss.
    fn life(&self, rest: &str) -> Result<u32, String> {
        let (n, unit) = rest.split_once(' ').ok_or_else(|| self.unknown())?;
        if !matches!(unit, "points de vie" | "point de vie") {
            return Err(self.unknown());
        }
        number(n).ok_or_else(|| self.unknown())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salve_and_spores() {
        let t = parse("Détruisez l'enchantement ciblé. Piochez une carte.").unwrap();
        assert_eq!(t.targets.len(), 1);
        assert_eq!(t.targets[0].kind, TargetKind::Enchantment);
        assert_eq!(t.effects[1].effect, Effect::Draw(1));
        assert_eq!(t.targets[0].phrase, "l'enchantement ciblé");

        let t = parse("Détruisez la créature non-noire ciblée et le terrain ciblé. Ils ne peuvent pas être régénérés.")
            .unwrap();
        assert_eq!(t.targets.len(), 2);
        assert_eq!(t.targets[0].not_colours, [Colour::Black]);
        assert_eq!(t.targets[1].kind, TargetKind::Land);
        assert!(t.effects.iter().all(|i| matches!(i.effect, Effect::Destroy { regenerate: false, .. })));
        assert_eq!(t.targets[0].phrase, "la créature non-noire ciblée");
        assert_eq!(t.effects[1].part, "détruisez le terrain ciblé");
    }

    #[test]
    fn the_rest_of_the_subset() {
        let t =
            parse("Détruisez la créature non-artefact, non-noire ciblée. Elle ne peut pas être régénérée.").unwrap();
        assert_eq!(t.targets[0].not_types, [CardType::Artifact]);
        assert_eq!(t.targets[0].phrase, "la créature non-artefact, non-noire ciblée");
        assert!(matches!(
            parse("Détruisez toutes les créatures non-noires.").unwrap().effects[0].effect,
            Effect::Destroy { what: Subject::AllCreatures { .. }, regenerate: true }
        ));
        let t = parse("Le Pyroclasme inflige 2 blessures à chaque créature.").unwrap();
        assert_eq!(t.effects[0].effect, Effect::Damage { amount: 2, to: Subject::EachCreature });
        for text in [
            "Foudre inflige 3 blessures à n'importe quelle cible.",
            "~ inflige trois blessures à une cible, créature ou joueur.",
            "La Hache de lave inflige 5 blessures au joueur ciblé.",
            "Choc inflige 2 blessures à la créature ciblée.",
        ] {
            let t = parse(text).unwrap();
            assert_eq!(t.targets.len(), 1, "{text}");
        }
        assert_eq!(parse("Piochez deux cartes.").unwrap().effects[0].effect, Effect::Draw(2));
        assert!(matches!(parse("Contrecarrez le sort ciblé.").unwrap().effects[0].effect, Effect::Counter(_)));
        assert_eq!(parse("Vous gagnez 3 points de vie.").unwrap().effects[0].effect, Effect::GainLife(3));
        assert!(matches!(
            parse("Le joueur ciblé perd 2 points de vie.").unwrap().effects[0].effect,
            Effect::LoseLife { amount: 2, .. }
        ));
        assert_eq!(
            parse("Tous les terrains sont des créatures 1/1 qui sont toujours des terrains.").unwrap().statics.len(),
            1
        );
        assert!(matches!(
            parse("Renvoyez le permanent ciblé dans la main de son propriétaire.").unwrap().effects[0].effect,
            Effect::ReturnToHand(_)
        ));
        assert!(matches!(parse("Exilez la créature ciblée.").unwrap().effects[0].effect, Effect::Exile(_)));
    }

    #[test]
    fn outside_the_subset_quotes_the_sentence() {
        let e = parse("Détruisez l'enchantement ciblé. Mélangez votre bibliothèque.").unwrap_err();
        assert!(e.contains("« Mélangez votre bibliothèque »"), "{e}");
        assert!(parse("Il ne peut pas être régénéré.").unwrap_err().contains("ne suit aucune destruction"));
        assert!(parse("Détruisez la licorne ciblée.").is_err());
    }
}
