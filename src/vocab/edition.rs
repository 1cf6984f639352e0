//! Languages and edition dates.
//!
//! An edition is the pair (language, date): the French rules of 2011-02-04,
//! the English rules effective 2026-01-16. Several documents may belong to the
//! same edition (the 2011 French rules come as one export per chapter), and the
//! same rule id exists once per edition.

use std::fmt;

/// The language of a document or of a passage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// French.
    Fr,
    /// English.
    En,
}

impl Lang {
    /// The ISO 639-1 code (`fr`, `en`), as used in `lang` attributes and JSON.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// The language's name in French, for messages.
    pub fn name_fr(self) -> &'static str {
        match self {
            Lang::Fr => "français",
            Lang::En => "anglais",
        }
    }

    /// Parses `fr`/`en` (and the French and English names), ignoring case.
    pub fn parse(s: &str) -> Option<Lang> {
        match s.trim().to_lowercase().as_str() {
            "fr" | "français" | "francais" | "french" => Some(Lang::Fr),
            "en" | "anglais" | "english" => Some(Lang::En),
            _ => None,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A calendar date, ordered chronologically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

const MONTHS_EN: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const MONTHS_FR: [&str; 12] = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
];

impl Date {
    /// A date, if it exists in the calendar.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (year >= 1993 && (1..=days).contains(&day)).then_some(Date { year, month, day })
    }

    /// Parses `YYYY-MM-DD`.
    pub fn parse_iso(s: &str) -> Option<Date> {
        let mut parts = s.trim().splitn(3, '-');
        let y = parts.next()?.parse().ok()?;
        let m = parts.next()?.parse().ok()?;
        let d = parts.next()?.parse().ok()?;
        Date::new(y, m, d)
    }

    /// Parses the French day-first form `DD/MM/YYYY`.
    pub fn parse_dmy(s: &str) -> Option<Date> {
        let mut parts = s.trim().splitn(3, '/');
        let d = parts.next()?.parse().ok()?;
        let m = parts.next()?.parse().ok()?;
        let y = parts.next()?.parse().ok()?;
        Date::new(y, m, d)
    }

    /// Parses a written date: `January 16, 2026` or `16 janvier 2026`.
    pub fn parse_written(s: &str) -> Option<Date> {
        let words: Vec<String> = s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase())
            .collect();
        let month_of = |w: &str| {
            MONTHS_EN
                .iter()
                .position(|m| *m == w)
                .or_else(|| MONTHS_FR.iter().position(|m| *m == w))
                .map(|i| i as u8 + 1)
        };
        match words.as_slice() {
            [m, d, y] if month_of(m).is_some() => {
                Date::new(y.parse().ok()?, month_of(m)?, d.trim_end_matches("er").parse().ok()?)
            }
            [d, m, y] if month_of(m).is_some() => {
                Date::new(y.parse().ok()?, month_of(m)?, d.trim_end_matches("er").parse().ok()?)
            }
            _ => None,
        }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl serde::Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One edition of the rules: a language and, when known, its date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edition {
    /// The language the edition is written in.
    pub language: Lang,
    /// The edition date; `None` for undated documents (judge-class articles).
    pub date: Option<Date>,
}

impl Edition {
    /// The edition's label: `fr 2011-02-04`, or `fr (non daté)`.
    pub fn label(&self) -> String {
        match self.date {
            Some(d) => format!("{} {d}", self.language),
            None => format!("{} (non daté)", self.language),
        }
    }
}

/// What a translated document translates: the edition of its source, and
/// the chapters it numbers otherwise than its source does (the French
/// type-line page prints as 205 the 2011-02-04 chapter 204).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Translation {
    /// The date of the edition translated.
    pub source: Date,
    /// (chapter in the translation, chapter in the source), where they differ.
    pub moved_chapters: Vec<(u16, u16)>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(Date::parse_written("January 16, 2026"), Date::new(2026, 1, 16));
        assert_eq!(Date::parse_written("16 janvier 2026"), Date::new(2026, 1, 16));
        assert_eq!(Date::parse_dmy("30/09/2011"), Date::new(2011, 9, 30));
        assert_eq!(Date::parse_iso("2024-02-30"), None);
        assert!(Date::parse_iso("2011-02-04") < Date::parse_iso("2024-02-02"));
    }
}
