//! Printed characteristics: type lines, colours, keyword abilities, in French.
//!
//! Everything a scenario writes is matched without regard to accents and
//! case (« Créature », « creature »); what is shown keeps the printed form.

use std::collections::BTreeSet;
use std::fmt;

use crate::text::fold;
use crate::vocab::RuleId;

/// The five colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Colour {
    /// White ({W}), « blanc ».
    #[serde(rename = "blanc")]
    White,
    /// Blue ({U}), « bleu ».
    #[serde(rename = "bleu")]
    Blue,
    /// Black ({B}), « noir ».
    #[serde(rename = "noir")]
    Black,
    /// Red ({R}), « rouge ».
    #[serde(rename = "rouge")]
    Red,
    /// Green ({G}), « vert ».
    #[serde(rename = "vert")]
    Green,
}

impl Colour {
    /// All colours, in the order of the colour pie.
    pub const ALL: [Colour; 5] = [Colour::White, Colour::Blue, Colour::Black, Colour::Red, Colour::Green];

    /// Reads a colour name (« noir », « noire », « noirs »…).
    pub fn parse(s: &str) -> Option<Colour> {
        let f = fold(s.trim());
        let stem = f.trim_end_matches('s').trim_end_matches('e');
        match stem {
            "blanc" | "blanch" => Some(Colour::White),
            "bleu" => Some(Colour::Blue),
            "noir" => Some(Colour::Black),
            "roug" => Some(Colour::Red),
            "vert" => Some(Colour::Green),
            _ => None,
        }
    }

    /// The mana symbol letter.
    fn symbol(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'W' => Some(Colour::White),
            'U' => Some(Colour::Blue),
            'B' => Some(Colour::Black),
            'R' => Some(Colour::Red),
            'G' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The colour's name, masculine singular.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "blanc",
            Colour::Blue => "bleu",
            Colour::Black => "noir",
            Colour::Red => "rouge",
            Colour::Green => "vert",
        }
    }

    /// The colour's name, feminine singular (« une créature non-noire »,
    /// « de couleur blanche »).
    pub fn feminine(self) -> &'static str {
        match self {
            Colour::White => "blanche",
            Colour::Blue => "bleue",
            Colour::Black => "noire",
            Colour::Red => "rouge",
            Colour::Green => "verte",
        }
    }

    /// The colours of a mana cost: `{1}{W}{W}` → blanc; `{W/U}` → blanc, bleu.
    pub fn of_cost(cost: &str) -> Result<BTreeSet<Colour>, String> {
        let mut out = BTreeSet::new();
        let mut rest = cost.trim();
        while !rest.is_empty() {
            let Some(inner) = rest.strip_prefix('{').and_then(|r| r.split_once('}')) else {
                return Err(format!("coût « {cost} » illisible (attendu : {{1}}{{W}}{{W}})"));
            };
            let (symbol, after) = inner;
            for part in symbol.split('/') {
                match part.chars().next() {
                    Some(c) if part.len() == 1 && Colour::symbol(c).is_some() => {
                        out.insert(Colour::symbol(c).unwrap_or(Colour::White));
                    }
                    _ if part.chars().all(|c| c.is_ascii_digit()) && !part.is_empty() => {}
                    _ if matches!(part, "X" | "C" | "S" | "P") => {}
                    _ => return Err(format!("symbole de mana « {{{symbol}}} » inconnu dans « {cost} »")),
                }
            }
            rest = after.trim_start();
        }
        Ok(out)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Card types, in the order a French type line writes them
/// (« Terrain-créature-artefact », « Enchantement-créature »).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum CardType {
    /// Land, « terrain ».
    #[serde(rename = "terrain")]
    Land,
    /// Enchantment, « enchantement ».
    #[serde(rename = "enchantement")]
    Enchantment,
    /// Creature, « créature ».
    #[serde(rename = "creature")]
    Creature,
    /// Artifact, « artefact ».
    #[serde(rename = "artefact")]
    Artifact,
    /// Planeswalker.
    #[serde(rename = "planeswalker")]
    Planeswalker,
    /// Instant, « éphémère ».
    #[serde(rename = "ephemere")]
    Instant,
    /// Sorcery, « rituel ».
    #[serde(rename = "rituel")]
    Sorcery,
}

impl CardType {
    fn parse(s: &str) -> Option<CardType> {
        match fold(s.trim()).as_str() {
            "artefact" => Some(CardType::Artifact),
            "creature" => Some(CardType::Creature),
            "enchantement" => Some(CardType::Enchantment),
            "ephemere" => Some(CardType::Instant),
            "terrain" => Some(CardType::Land),
            "planeswalker" => Some(CardType::Planeswalker),
            "rituel" => Some(CardType::Sorcery),
            _ => None,
        }
    }

    /// The type's name.
    pub fn name(self) -> &'static str {
        match self {
            CardType::Artifact => "artefact",
            CardType::Creature => "créature",
            CardType::Enchantment => "enchantement",
            CardType::Instant => "éphémère",
            CardType::Land => "terrain",
            CardType::Planeswalker => "planeswalker",
            CardType::Sorcery => "rituel",
        }
    }

    /// Whether objects of this type are permanents (110.4).
    pub fn is_permanent(self) -> bool {
        !matches!(self, CardType::Instant | CardType::Sorcery)
    }
}

/// A type line: supertypes, card types, subtypes.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct TypeLine {
    /// Supertypes (« de base », « légendaire », « neigeux », « du monde »).
    pub supertypes: BTreeSet<String>,
    /// Card types.
    pub types: BTreeSet<CardType>,
    /// Subtypes (« aura », « forêt », « dryade »).
    pub subtypes: Vec<String>,
}

impl TypeLine {
    /// Reads a French type line: « Créature : ours », « Terrain-créature : forêt et dryade »,
    /// « Enchantement : aura », « Terrain de base : montagne », « Créature-artefact : golem ».
    pub fn parse(line: &str) -> Result<TypeLine, String> {
        let (left, right) = match line.split_once(':') {
            Some((l, r)) => (l.trim(), Some(r.trim())),
            None => (line.trim(), None),
        };
        let mut t = TypeLine::default();
        let mut words = fold(left);
        for (pattern, name) in [
            ("de base", "de base"),
            ("legendaire", "légendaire"),
            ("neigeux", "neigeux"),
            ("enneige", "neigeux"),
            ("du monde", "du monde"),
        ] {
            if words.contains(pattern) {
                words = words.replace(pattern, " ");
                t.supertypes.insert(name.to_string());
            }
        }
        for part in words.split(['-', ' ']).filter(|p| !p.trim().is_empty()) {
            let ty = CardType::parse(part).ok_or_else(|| {
                format!(
                    "type inconnu dans « {line} » (types : artefact, créature, enchantement, éphémère, planeswalker, \
                     rituel, terrain ; sur-types : de base, légendaire, neigeux)"
                )
            })?;
            t.types.insert(ty);
        }
        if t.types.is_empty() {
            return Err(format!("ligne de type « {line} » sans type de carte"));
        }
        if let Some(r) = right {
            t.subtypes = r
                .split(" et ")
                .flat_map(|s| s.split(','))
                .map(|s| s.trim().to_lowercase())
                .filter(|s| !s.is_empty())
                .collect();
        }
        Ok(t)
    }

    /// Whether the line has a card type.
    pub fn is(&self, t: CardType) -> bool {
        self.types.contains(&t)
    }

    /// Whether the object is a permanent card (it enters the battlefield on resolution).
    pub fn is_permanent(&self) -> bool {
        self.types.iter().any(|t| t.is_permanent())
    }
}

impl fmt::Display for TypeLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let types: Vec<&str> = self.types.iter().map(|t| t.name()).collect();
        let mut s = types.join("-");
        if let Some(first) = s.chars().next() {
            s = format!("{}{}", first.to_uppercase(), &s[first.len_utf8()..]);
        }
        for sup in &self.supertypes {
            s.push(' ');
            s.push_str(sup);
        }
        if !self.subtypes.is_empty() {
            s.push_str(" : ");
            s.push_str(&self.subtypes.join(" et "));
        }
        f.write_str(&s)
    }
}

/// What an aura may enchant (303.4a, 702.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Enchant {
    /// « Enchanter : créature ».
    Creature,
    /// « Enchanter : terrain ».
    Land,
    /// « Enchanter : artefact ».
    Artifact,
    /// « Enchanter : permanent ».
    Permanent,
}

/// The keyword abilities the engine knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Keyword {
    /// Protection contre une couleur (702.16).
    Protection(Colour),
    /// Défense talismanique (702.11).
    Hexproof,
    /// Linceul (702.18).
    Shroud,
    /// Indestructible (702.12).
    Indestructible,
    /// Vol (702.9).
    Flying,
    /// Enchanter (702.5), for auras.
    Enchant(Enchant),
    /// Initiative: first strike (702.7).
    FirstStrike,
    /// Double initiative: double strike (702.4).
    DoubleStrike,
    /// Piétinement: trample (702.19).
    Trample,
    /// Contact mortel: deathtouch (702.2).
    Deathtouch,
    /// Lien de vie: lifelink (702.15).
    Lifelink,
    /// Vigilance (702.20).
    Vigilance,
    /// Portée: reach (702.17).
    Reach,
    /// Menace (702.111).
    Menace,
    /// Défenseur: defender (702.3).
    Defender,
}

impl Keyword {
    /// Reads a keyword ability: « protection contre le blanc », « défense
    /// talismanique », « linceul », « indestructible », « vol »,
    /// « enchanter une créature ».
    pub fn parse(s: &str) -> Result<Keyword, String> {
        let f = fold(s.trim()).replace('’', "'");
        if let Some(c) = f.strip_prefix("protection contre le ").or_else(|| f.strip_prefix("protection contre ")) {
            return Colour::parse(c).map(Keyword::Protection).ok_or_else(|| format!("couleur inconnue dans « {s} »"));
        }
        if let Some(what) = f.strip_prefix("enchanter") {
            let what = what.trim_start_matches([' ', ':']).trim();
            let what = what.trim_start_matches("une ").trim_start_matches("un ").trim();
            return match what {
                "creature" => Ok(Keyword::Enchant(Enchant::Creature)),
                "terrain" => Ok(Keyword::Enchant(Enchant::Land)),
                "artefact" => Ok(Keyword::Enchant(Enchant::Artifact)),
                "permanent" => Ok(Keyword::Enchant(Enchant::Permanent)),
                _ => Err(format!("« {s} » : enchanter quoi ? (créature, terrain, artefact, permanent)")),
            };
        }
        match f.as_str() {
            "defense talismanique" => Ok(Keyword::Hexproof),
            "linceul" => Ok(Keyword::Shroud),
            "indestructible" => Ok(Keyword::Indestructible),
            "vol" => Ok(Keyword::Flying),
            "initiative" => Ok(Keyword::FirstStrike),
            "double initiative" => Ok(Keyword::DoubleStrike),
            "pietinement" => Ok(Keyword::Trample),
            "contact mortel" => Ok(Keyword::Deathtouch),
            "lien de vie" => Ok(Keyword::Lifelink),
            "vigilance" => Ok(Keyword::Vigilance),
            "portee" => Ok(Keyword::Reach),
            "menace" => Ok(Keyword::Menace),
            "defenseur" => Ok(Keyword::Defender),
            _ => Err(format!(
                "capacité « {s} » inconnue (protection contre le <couleur>, défense talismanique, linceul, \
                 indestructible, vol, portée, initiative, double initiative, piétinement, contact mortel, lien de \
                 vie, vigilance, menace, défenseur, enchanter une créature)"
            )),
        }
    }

    /// The rule of the keyword.
    pub fn rule(self) -> RuleId {
        match self {
            Keyword::Protection(_) => const { RuleId::known("702.16") },
            Keyword::Hexproof => const { RuleId::known("702.11") },
            Keyword::Shroud => const { RuleId::known("702.18") },
            Keyword::Indestructible => const { RuleId::known("702.12") },
            Keyword::Flying => const { RuleId::known("702.9") },
            Keyword::Enchant(_) => const { RuleId::known("702.5") },
            Keyword::FirstStrike => const { RuleId::known("702.7") },
            Keyword::DoubleStrike => const { RuleId::known("702.4") },
            Keyword::Trample => const { RuleId::known("702.19") },
            Keyword::Deathtouch => const { RuleId::known("702.2") },
            Keyword::Lifelink => const { RuleId::known("702.15") },
            Keyword::Vigilance => const { RuleId::known("702.20") },
            Keyword::Reach => const { RuleId::known("702.17") },
            Keyword::Menace => const { RuleId::known("702.111") },
            Keyword::Defender => const { RuleId::known("702.3") },
        }
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keyword::Protection(c) => write!(f, "protection contre le {c}"),
            Keyword::Hexproof => f.write_str("défense talismanique"),
            Keyword::Shroud => f.write_str("linceul"),
            Keyword::Indestructible => f.write_str("indestructible"),
            Keyword::Flying => f.write_str("vol"),
            Keyword::Enchant(Enchant::Creature) => f.write_str("enchanter une créature"),
            Keyword::Enchant(Enchant::Land) => f.write_str("enchanter un terrain"),
            Keyword::Enchant(Enchant::Artifact) => f.write_str("enchanter un artefact"),
            Keyword::Enchant(Enchant::Permanent) => f.write_str("enchanter un permanent"),
            Keyword::FirstStrike => f.write_str("initiative"),
            Keyword::DoubleStrike => f.write_str("double initiative"),
            Keyword::Trample => f.write_str("piétinement"),
            Keyword::Deathtouch => f.write_str("contact mortel"),
            Keyword::Lifelink => f.write_str("lien de vie"),
            Keyword::Vigilance => f.write_str("vigilance"),
            Keyword::Reach => f.write_str("portée"),
            Keyword::Menace => f.write_str("menace"),
            Keyword::Defender => f.write_str("défenseur"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_lines() {
        let t = TypeLine::parse("Terrain-créature : forêt et dryade").unwrap();
        assert!(t.is(CardType::Land) && t.is(CardType::Creature));
        assert_eq!(t.subtypes, ["forêt", "dryade"]);
        let t = TypeLine::parse("Terrain de base : montagne").unwrap();
        assert!(t.supertypes.contains("de base") && t.is(CardType::Land));
        assert!(TypeLine::parse("Créature-artefact : golem").unwrap().is(CardType::Artifact));
        assert!(TypeLine::parse("Ephemere").unwrap().is(CardType::Instant));
        assert!(TypeLine::parse("Sortilège").unwrap_err().contains("inconnu"));
    }

    #[test]
    fn colours_and_keywords() {
        assert_eq!(Colour::of_cost("{1}{W}{W}").unwrap(), BTreeSet::from([Colour::White]));
        assert_eq!(Colour::of_cost("{2}{B}{G}").unwrap().len(), 2);
        assert!(Colour::of_cost("{Q}").is_err());
        assert_eq!(Keyword::parse("Protection contre le blanc"), Ok(Keyword::Protection(Colour::White)));
        assert_eq!(Keyword::parse("défense talismanique"), Ok(Keyword::Hexproof));
        assert_eq!(Keyword::parse("Enchanter une créature"), Ok(Keyword::Enchant(Enchant::Creature)));
        assert_eq!(Keyword::parse("Piétinement"), Ok(Keyword::Trample));
        assert_eq!(Keyword::parse("double initiative"), Ok(Keyword::DoubleStrike));
        assert!(Keyword::parse("hâte").is_err());
        assert_eq!(Colour::parse("noire"), Some(Colour::Black));
    }
}
