//! Rule numbers parsed into their parts.
//!
//! The Comprehensive Rules number everything the same way: a section (`6`),
//! a chapter (`608`), a rule (`608.2`) and a subrule (`608.2b`). A [`RuleId`]
//! keeps those parts as numbers so that ordering is numeric (`701.9 < 701.10`)
//! and parenthood is structural (`702.1` is not a parent of `702.10`): ids are
//! never compared as strings.
//!
//! Subrule letters skip `l` and `o` (they look like `1` and `0`), so the letter
//! after `k` is `m`, and a range such as `608.2k-m` holds two rules.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use unicode_normalization::UnicodeNormalization;

/// A subrule letter: `a` to `z`, never `l` nor `o`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Letter(u8);

impl Letter {
    /// The first subrule letter, `a`.
    pub const FIRST: Letter = Letter(b'a');

    /// Accepts a lowercase or uppercase ASCII letter other than `l` and `o`.
    pub fn new(c: char) -> Option<Letter> {
        let c = c.to_ascii_lowercase();
        (c.is_ascii_lowercase() && c != 'l' && c != 'o').then_some(Letter(c as u8))
    }

    /// The letter as a character.
    pub fn as_char(self) -> char {
        self.0 as char
    }

    /// Its place among the subrule letters: 0 for `a`, 11 for `m` (`l` and
    /// `o` are skipped).
    pub fn rank(self) -> u8 {
        self.0 - b'a' - u8::from(self.0 > b'l') - u8::from(self.0 > b'o')
    }

    /// The next subrule letter, skipping `l` and `o`; `None` after `z`.
    pub fn next(self) -> Option<Letter> {
        let mut c = self.0 + 1;
        while c == b'l' || c == b'o' {
            c += 1;
        }
        (c <= b'z').then_some(Letter(c))
    }

    /// The letters from `self` to `last` inclusive, in order (empty when `last < self`).
    pub fn through(self, last: Letter) -> Vec<Letter> {
        let mut out = Vec::new();
        let mut cur = Some(self);
        while let Some(l) = cur {
            if l > last {
                break;
            }
            out.push(l);
            cur = l.next();
        }
        out
    }
}

/// A rule number: a section, a chapter, a rule or a subrule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleId {
    /// A section of the rules, `0` to `9` (`6` is « Sorts, capacités et effets »).
    Section(u8),
    /// A chapter, `100` to `999` (`608`).
    Chapter(u16),
    /// A numbered rule inside a chapter (`608.2`).
    Rule {
        /// The chapter number.
        chapter: u16,
        /// The rule number inside the chapter.
        number: u16,
    },
    /// A lettered subrule (`608.2b`).
    Subrule {
        /// The chapter number.
        chapter: u16,
        /// The rule number inside the chapter.
        number: u16,
        /// The subrule letter.
        letter: Letter,
    },
}

/// Why a text is not a rule number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// Nothing that looks like a rule number.
    #[error("« {0} » n'est pas un numéro de règle (exemples : 608, 608.2, 608.2b)")]
    NotAnId(String),
    /// The chapter is outside 100–999.
    #[error("« {0} » : le chapitre doit être un nombre de 100 à 999")]
    BadChapter(String),
    /// The subrule letter is `l` or `o`, which the rules never use.
    #[error("« {0} » : les lettres l et o ne sont pas utilisées pour numéroter les règles")]
    SkippedLetter(String),
}

impl RuleId {
    /// The section this id belongs to (`608.2b` → 6).
    pub fn section(self) -> u8 {
        match self {
            RuleId::Section(s) => s,
            RuleId::Chapter(c) | RuleId::Rule { chapter: c, .. } | RuleId::Subrule { chapter: c, .. } => {
                (c / 100) as u8
            }
        }
    }

    /// The chapter this id belongs to, if it is below a section.
    pub fn chapter(self) -> Option<u16> {
        match self {
            RuleId::Section(_) => None,
            RuleId::Chapter(c) | RuleId::Rule { chapter: c, .. } | RuleId::Subrule { chapter: c, .. } => Some(c),
        }
    }

    /// The same rule moved to another chapter (`205.3d` in 204 → `204.3d`);
    /// a section stays as it is.
    pub fn in_chapter(self, to: u16) -> RuleId {
        match self {
            RuleId::Section(_) => self,
            RuleId::Chapter(_) => RuleId::Chapter(to),
            RuleId::Rule { number, .. } => RuleId::Rule { chapter: to, number },
            RuleId::Subrule { number, letter, .. } => RuleId::Subrule { chapter: to, number, letter },
        }
    }

    /// The id one level up: `608.2b` → `608.2` → `608` → `6` → none.
    pub fn parent(self) -> Option<RuleId> {
        match self {
            RuleId::Section(_) => None,
            RuleId::Chapter(c) => Some(RuleId::Section((c / 100) as u8)),
            RuleId::Rule { chapter, .. } => Some(RuleId::Chapter(chapter)),
            RuleId::Subrule { chapter, number, .. } => Some(RuleId::Rule { chapter, number }),
        }
    }

    /// All ids above this one, nearest first.
    pub fn ancestors(self) -> impl Iterator<Item = RuleId> {
        std::iter::successors(self.parent(), |id| id.parent())
    }

    /// Depth in the hierarchy: section 0, chapter 1, rule 2, subrule 3.
    pub fn depth(self) -> u8 {
        match self {
            RuleId::Section(_) => 0,
            RuleId::Chapter(_) => 1,
            RuleId::Rule { .. } => 2,
            RuleId::Subrule { .. } => 3,
        }
    }

    /// Whether `self` is `other` or lies below it (`608.2b` is within `608`,
    /// `702.10` is not within `702.1`).
    pub fn is_within(self, other: RuleId) -> bool {
        // The same as `self == other || self.ancestors().any(|a| a == other)`,
        // without walking up: the search asks it of every unit it found.
        match (self, other) {
            _ if self == other => true,
            (_, RuleId::Section(s)) => self.section() == s,
            (RuleId::Rule { chapter, .. } | RuleId::Subrule { chapter, .. }, RuleId::Chapter(c)) => chapter == c,
            (RuleId::Subrule { chapter, number, .. }, RuleId::Rule { chapter: c, number: n }) => {
                chapter == c && number == n
            }
            _ => false,
        }
    }

    /// The anchor used by Yawgatog's hyperlinked rules: `608.2b` → `R6082b`.
    pub fn anchor(self) -> String {
        format!("R{}", self.to_string().replace('.', ""))
    }

    /// The sort key: parts compared as numbers, a parent before its children.
    fn key(self) -> (u8, u16, u16, u8) {
        match self {
            RuleId::Section(s) => (s, 0, 0, 0),
            RuleId::Chapter(c) => (self.section(), c, 0, 0),
            RuleId::Rule { chapter, number } => (self.section(), chapter, number, 0),
            RuleId::Subrule { chapter, number, letter } => (self.section(), chapter, number, letter.0),
        }
    }

    /// A rule number written in the program's source, read when the program
    /// is built: use it in a constant (`const { RuleId::known("608.2b") }`),
    /// where a malformed number stops the build instead of the program. Same
    /// forms as [`RuleId::parse`], without spaces or final dot.
    pub const fn known(text: &str) -> RuleId {
        let b = text.as_bytes();
        let mut i = 0;
        let mut chapter: u16 = 0;
        while i < b.len() && b[i].is_ascii_digit() && i < 3 {
            chapter = chapter * 10 + (b[i] - b'0') as u16;
            i += 1;
        }
        if i == 1 && b.len() == 1 {
            return RuleId::Section(chapter as u8);
        }
        assert!(i == 3 && chapter >= 100, "a rule number starts with a chapter, 100 to 999");
        if i == b.len() {
            return RuleId::Chapter(chapter);
        }
        assert!(b[i] == b'.' && i + 1 < b.len() && b[i + 1] != b'0', "a chapter is followed by « .rule »");
        i += 1;
        let start = i;
        let mut number: u16 = 0;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 3 {
            number = number * 10 + (b[i] - b'0') as u16;
            i += 1;
        }
        assert!(i > start, "a rule number has digits after the dot");
        if i == b.len() {
            return RuleId::Rule { chapter, number };
        }
        let c = b[i];
        assert!(
            i + 1 == b.len() && c.is_ascii_lowercase() && c != b'l' && c != b'o',
            "one subrule letter, not l nor o"
        );
        RuleId::Subrule { chapter, number, letter: Letter(c) }
    }

    /// Parses a canonical rule number as printed in the rules: `6`, `608`,
    /// `608.2`, `608.2.` or `608.2b` (an uppercase letter is accepted).
    pub fn parse(text: &str) -> Result<RuleId, IdError> {
        let s = text.trim();
        let s = s.strip_suffix('.').unwrap_or(s);
        let not_an_id = || IdError::NotAnId(text.trim().to_string());
        let (chapter_part, rest) = match s.split_once('.') {
            Some((c, r)) => (c, Some(r)),
            None => (s, None),
        };
        if chapter_part.is_empty() || !chapter_part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(not_an_id());
        }
        let Some(rest) = rest else {
            return match chapter_part.len() {
                1 => Ok(RuleId::Section(chapter_part.parse().map_err(|_| not_an_id())?)),
                3 => {
                    let c: u16 = chapter_part.parse().map_err(|_| not_an_id())?;
                    if c < 100 {
                        return Err(IdError::BadChapter(s.to_string()));
                    }
                    Ok(RuleId::Chapter(c))
                }
                _ => Err(IdError::BadChapter(s.to_string())),
            };
        };
        if chapter_part.len() != 3 {
            return Err(IdError::BadChapter(s.to_string()));
        }
        let chapter: u16 = chapter_part.parse().map_err(|_| not_an_id())?;
        if chapter < 100 {
            return Err(IdError::BadChapter(s.to_string()));
        }
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 3 {
            return Err(not_an_id());
        }
        // Rules are numbered from 1, without leading zeros: « 100.00 » is no rule.
        if rest.starts_with('0') {
            return Err(not_an_id());
        }
        let number: u16 = rest[..digits].parse().map_err(|_| not_an_id())?;
        let tail = &rest[digits..];
        let mut chars = tail.chars();
        match (chars.next(), chars.next()) {
            (None, _) => Ok(RuleId::Rule { chapter, number }),
            (Some(c), None) if c.is_ascii_alphabetic() => match Letter::new(c) {
                Some(letter) => Ok(RuleId::Subrule { chapter, number, letter }),
                None => Err(IdError::SkippedLetter(s.to_string())),
            },
            _ => Err(not_an_id()),
        }
    }

    /// Parses a rule number as a judge types it: `608.2B`, `608,2b`,
    /// `RC 608.2b`, `CR 608.2b`, `règle 608.2b`, `rule 608.2b`, `r608.2b`,
    /// `§608.2b`, with any spacing.
    pub fn parse_loose(text: &str) -> Result<RuleId, IdError> {
        let folded: String = text.nfkc().collect::<String>().to_lowercase();
        let mut s = folded.trim();
        for prefix in ["règles", "règle", "regles", "regle", "rules", "rule", "rc", "cr", "§", "r"] {
            if let Some(rest) = s.strip_prefix(prefix) {
                // « r » alone is a prefix only when a number follows (`r608.2b`).
                if rest.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                    s = rest.trim_start();
                    break;
                }
            }
        }
        let compact: String =
            s.chars().filter(|c| !c.is_whitespace()).map(|c| if c == ',' { '.' } else { c }).collect();
        RuleId::parse(&compact).map_err(|e| match e {
            IdError::NotAnId(_) => IdError::NotAnId(text.trim().to_string()),
            other => other,
        })
    }
}

impl Ord for RuleId {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for RuleId {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleId::Section(s) => write!(f, "{s}"),
            RuleId::Chapter(c) => write!(f, "{c}"),
            RuleId::Rule { chapter, number } => write!(f, "{chapter}.{number}"),
            RuleId::Subrule { chapter, number, letter } => {
                write!(f, "{chapter}.{number}{}", letter.as_char())
            }
        }
    }
}

impl FromStr for RuleId {
    type Err = IdError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleId::parse(s)
    }
}

impl serde::Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> RuleId {
        RuleId::parse(s).unwrap()
    }

    #[test]
    fn known_reads_as_parse() {
        for s in ["6", "608", "608.2", "608.2b", "701.15a", "120.3", "702.16", "100.1", "999.999z"] {
            assert_eq!(RuleId::known(s), id(s), "{s}");
        }
        const K: RuleId = RuleId::known("704.5g");
        assert_eq!(K.to_string(), "704.5g");
    }

    #[test]
    fn orders_numerically_not_as_strings() {
        assert!(id("701.9") < id("701.10"));
        assert!(id("701.9z") < id("701.10"));
        assert!(id("608") < id("608.1"));
        assert!(id("6") < id("600"));
        assert!(id("699.9z") < id("7"));
    }

    #[test]
    fn within_is_being_an_ancestor_or_the_same() {
        let ids: Vec<RuleId> = [
            "6", "7", "608", "609", "702", "608.2", "608.3", "702.1", "702.10", "608.2b", "608.3b", "702.10a", "702.1a",
        ]
        .iter()
        .map(|t| id(t))
        .collect();
        for &a in &ids {
            for &b in &ids {
                let walked = a == b || a.ancestors().any(|p| p == b);
                assert_eq!(a.is_within(b), walked, "{a} dans {b}");
            }
        }
    }

    #[test]
    fn parenthood_is_structural() {
        assert!(!id("702.10").is_within(id("702.1")));
        assert!(id("702.10a").is_within(id("702.10")));
        assert_eq!(id("608.2b").parent(), Some(id("608.2")));
        assert_eq!(id("608").parent(), Some(id("6")));
    }

    #[test]
    fn letters_skip_l_and_o() {
        let k = Letter::new('k').unwrap();
        assert_eq!(k.next(), Letter::new('m'));
        assert_eq!(Letter::new('n').unwrap().next(), Letter::new('p'));
        assert!(Letter::new('l').is_none());
        assert_eq!(RuleId::parse("608.2l"), Err(IdError::SkippedLetter("608.2l".into())));
        let c = Letter::new('c').unwrap();
        assert_eq!(c.through(Letter::new('j').unwrap()).len(), 8);
        // A letter's rank is its place in that order, `l` and `o` skipped.
        for letter in Letter::FIRST.through(Letter::new('z').unwrap()) {
            assert_eq!(usize::from(letter.rank()), Letter::FIRST.through(letter).len() - 1, "{}", letter.as_char());
        }
        assert_eq!(Letter::new('m').unwrap().rank(), 11);
    }

    #[test]
    fn loose_forms() {
        for s in ["608.2b", "608.2B", "608,2b", "RC 608.2b", "CR 608.2b", "règle 608.2b", "r608.2b", " 608.2b. "] {
            assert_eq!(RuleId::parse_loose(s), Ok(id("608.2b")), "{s}");
        }
        assert!(RuleId::parse_loose("salve").is_err());
        assert!(RuleId::parse_loose("99999.9z").is_err());
        assert!(RuleId::parse("100.00").is_err() && RuleId::parse("100.01").is_err());
    }

    #[test]
    fn anchors() {
        assert_eq!(id("608.2b").anchor(), "R6082b");
    }
}
