//! Finding cross-references in rules text.
//!
//! Rules cite each other in many shapes, in French and in English:
//!
//! | text                          | targets                      |
//! |-------------------------------|------------------------------|
//! | « cf. règle 609 »             | 609                          |
//! | « Cf. règle 603.4. »          | 603.4                        |
//! | « règles 608.2c-j »           | 608.2c, 608.2d … 608.2j (8)  |
//! | « 601.2a–h »                  | 601.2a … 601.2h              |
//! | « 119.7-8 », « 712.9-10 »     | 119.7, 119.8 / 712.9, 712.10 |
//! | « rules 903.6–903.11 »        | 903.6 … 903.11               |
//! | « cf. section 3 »             | section 3                    |
//! | « rules 614 and 615 »         | 614, 615                     |
//!
//! Two passes read them:
//! 1. a dotted number (`608.2b`) is a reference wherever it stands — nothing
//!    else in rules text looks like it; a range may follow it;
//! 2. a bare number (`609`, `3`) is a reference only after a word that
//!    announces one (règle, rule, section, cf., see, voir), and so are the
//!    numbers listed after it (« rules 614 and 615 »).
//!
//! A number announced that way but impossible (`règle 99999.9z`) is returned
//! as a [`BadRef`], never dropped.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use super::id::{Letter, RuleId};

/// The most rules one range may name; a longer range is reported as invalid.
const MAX_RANGE: usize = 100;

/// A reference found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawRef {
    /// Byte range of the reference in the text (« 608.2c-j »).
    pub span: Range<usize>,
    /// The rules it names, in order (eight for « 608.2c-j »).
    pub targets: Vec<RuleId>,
}

/// Something announced as a reference that is not a valid rule number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRef {
    /// Byte range in the text.
    pub span: Range<usize>,
    /// Why it is not valid, in French.
    pub reason: String,
}

static DOTTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b(\d{3})\.(\d{1,3})([a-zA-Z])?").unwrap());
static TRIGGER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:cf|voir|see|r[èe]gles?|rules?|(sections?)|chapitres?|chapters?)\b\.?").unwrap()
});
static LIST_SEPARATOR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:\s*,\s*(?:(?:et|and|ou|or)\s+)?|\s+(?:et|and|ou|or)\s+)").unwrap());
static NUMBERISH: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d[\d.]*[a-zA-Z]*").unwrap());
static RANGE_END: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[-–‑](?:(\d{3})\.(\d{1,3})([a-z])?|(\d{1,3})([a-z])?|([a-z]))").unwrap());

/// Finds the references in `text`, in order, and the invalid ones.
pub fn extract(text: &str) -> (Vec<RawRef>, Vec<BadRef>) {
    let mut refs = Vec::new();
    let mut bad = Vec::new();

    // Pass 1: dotted numbers, with an optional range.
    let mut consumed = 0; // end of the last range read: « 903.11 » in « 903.6–903.11 » is not read again
    for c in DOTTED.captures_iter(text) {
        let whole = c.get(0).unwrap();
        if whole.start() < consumed || !ends_cleanly(text, whole.end()) {
            continue;
        }
        let Some(start) = dotted_id(&c[1], &c[2], c.get(3).map(|m| m.as_str())) else {
            if let Some(l) = c.get(3) {
                bad.push(BadRef {
                    span: whole.range(),
                    reason: format!("la lettre « {} » n'est pas utilisée pour numéroter les règles", l.as_str()),
                });
            }
            continue;
        };
        match range_after(text, whole.start(), whole.end(), start) {
            Some((end, Ok(targets))) => {
                consumed = end;
                refs.push(RawRef { span: whole.start()..end, targets });
            }
            Some((end, Err(reason))) => {
                consumed = end;
                bad.push(BadRef { span: whole.start()..end, reason });
                refs.push(RawRef { span: whole.range(), targets: vec![start] });
            }
            None => refs.push(RawRef { span: whole.range(), targets: vec![start] }),
        }
    }

    // Pass 2: bare numbers after a word announcing a reference. Where each
    // reference starts is indexed, so a long text stays linear.
    let mut ref_end: std::collections::HashMap<usize, usize> =
        refs.iter().map(|r| (r.span.start, r.span.end)).collect();
    let mut bad_start: std::collections::HashSet<usize> = bad.iter().map(|b| b.span.start).collect();
    for t in TRIGGER.captures_iter(text) {
        let sections = t.get(1).is_some();
        let mut pos = t.get(0).unwrap().end();
        loop {
            let after_space = pos + (text[pos..].len() - text[pos..].trim_start().len());
            if let Some(end) = ref_end.get(&after_space) {
                pos = *end; // a dotted reference, already found
            } else if let Some(m) = NUMBERISH.find(&text[after_space..]) {
                let span = after_space..after_space + m.as_str().trim_end_matches('.').len();
                let token = &text[span.clone()];
                if bad_start.contains(&span.start) {
                    pos = span.end;
                } else {
                    match bare_target(token, sections) {
                        Ok(id) => {
                            let (end, targets) = match chapter_range(text, span.end, id) {
                                Some((end, t)) => (end, t),
                                None => (span.end, vec![id]),
                            };
                            refs.push(RawRef { span: span.start..end, targets });
                            ref_end.entry(span.start).or_insert(end);
                            pos = end;
                        }
                        Err(reason) => {
                            bad_start.insert(span.start);
                            bad.push(BadRef { span: span.clone(), reason });
                            pos = span.end;
                        }
                    }
                }
            } else {
                break;
            }
            match LIST_SEPARATOR.find(&text[pos..]) {
                Some(sep) if text[pos + sep.end()..].starts_with(|c: char| c.is_ascii_digit()) => pos += sep.end(),
                _ => break,
            }
        }
    }

    refs.sort_by_key(|r| r.span.start);
    refs.dedup_by_key(|r| r.span.start);
    bad.sort_by_key(|b| b.span.start);
    (refs, bad)
}

/// Whether the character at `end` does not continue a word or a number.
fn ends_cleanly(text: &str, end: usize) -> bool {
    text[end..].chars().next().is_none_or(|c| !c.is_alphanumeric())
}

fn dotted_id(chapter: &str, number: &str, letter: Option<&str>) -> Option<RuleId> {
    let chapter: u16 = chapter.parse().ok().filter(|c| *c >= 100)?;
    let number: u16 = number.parse().ok().filter(|_| !number.starts_with('0'))?;
    match letter {
        None => Some(RuleId::Rule { chapter, number }),
        Some(l) => {
            let letter = Letter::new(l.chars().next()?)?;
            Some(RuleId::Subrule { chapter, number, letter })
        }
    }
}

/// Reads a range after a dotted id: `-j`, `–h`, `-8`, `–903.11`.
/// Returns the end of the range and its rules, or why it is invalid; `None`
/// when no range follows.
fn range_after(text: &str, from: usize, at: usize, start: RuleId) -> Option<(usize, Result<Vec<RuleId>, String>)> {
    let c = RANGE_END.captures(&text[at..])?;
    let end = at + c.get(0).unwrap().end();
    if !ends_cleanly(text, end) {
        return None;
    }
    let last = if let Some(ch) = c.get(1) {
        dotted_id(ch.as_str(), &c[2], c.get(3).map(|m| m.as_str()))
    } else if let Some(n) = c.get(4) {
        let chapter = start.chapter()?;
        dotted_id(&chapter.to_string(), n.as_str(), c.get(5).map(|m| m.as_str()))
    } else {
        let l = Letter::new(c[6].chars().next()?);
        match (start, l) {
            (RuleId::Subrule { chapter, number, .. }, Some(letter)) => {
                Some(RuleId::Subrule { chapter, number, letter })
            }
            _ => None,
        }
    };
    let text_of = &text[from..end];
    let Some(last) = last else {
        return Some((end, Err(format!("intervalle illisible « {text_of} »"))));
    };
    Some((end, expand(start, last).ok_or_else(|| format!("intervalle invalide « {text_of} »"))))
}

/// The rules from `first` to `last`: letters of one rule, or rules of one chapter.
fn expand(first: RuleId, last: RuleId) -> Option<Vec<RuleId>> {
    let out: Vec<RuleId> = match (first, last) {
        (RuleId::Subrule { chapter, number, letter: a }, RuleId::Subrule { chapter: c2, number: n2, letter: b })
            if chapter == c2 && number == n2 =>
        {
            a.through(b).into_iter().map(|letter| RuleId::Subrule { chapter, number, letter }).collect()
        }
        (RuleId::Rule { chapter, number: a }, RuleId::Rule { chapter: c2, number: b }) if chapter == c2 && a <= b => {
            (a..=b).map(|number| RuleId::Rule { chapter, number }).collect()
        }
        (RuleId::Chapter(a), RuleId::Chapter(b)) if a <= b && a / 100 == b / 100 => {
            (a..=b).map(RuleId::Chapter).collect()
        }
        _ => return None,
    };
    (out.len() >= 2 && out.len() <= MAX_RANGE).then_some(out)
}

/// A bare number after an announcing word: a chapter (three digits) or, after
/// « section », a section (one digit).
fn bare_target(token: &str, sections: bool) -> Result<RuleId, String> {
    let invalid = || Err(format!("« {token} » n'est pas un numéro de règle valide"));
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return invalid();
    }
    match (token.len(), sections) {
        (1, true) => Ok(RuleId::Section(token.parse().unwrap_or(0))),
        (3, _) => match token.parse::<u16>() {
            Ok(c) if c >= 100 => Ok(RuleId::Chapter(c)),
            _ => invalid(),
        },
        _ => invalid(),
    }
}

/// A chapter range after a bare chapter: `100-104`.
fn chapter_range(text: &str, at: usize, first: RuleId) -> Option<(usize, Vec<RuleId>)> {
    let RuleId::Chapter(_) = first else {
        return None;
    };
    let rest = &text[at..];
    let dash = rest.chars().next().filter(|c| matches!(c, '-' | '–' | '‑'))?;
    let digits = &rest[dash.len_utf8()..];
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    if n != 3 {
        return None;
    }
    let end = at + dash.len_utf8() + n;
    if !ends_cleanly(text, end) {
        return None;
    }
    let last = RuleId::Chapter(digits[..n].parse().ok()?);
    Some((end, expand(first, last)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Vec<String> {
        extract(text).0.iter().flat_map(|r| r.targets.iter().map(|t| t.to_string())).collect()
    }

    #[test]
    fn french_forms() {
        assert_eq!(targets("(Cf. règle 609, « Effets. »)"), ["609"]);
        assert_eq!(targets("Cf. règle 603.4."), ["603.4"]);
        assert_eq!(
            targets("les règles 608.2c-j, sans ordre particulier"),
            ["608.2c", "608.2d", "608.2e", "608.2f", "608.2g", "608.2h", "608.2i", "608.2j"]
        );
        assert_eq!(
            targets("les règles 601.2a–h"),
            ["601.2a", "601.2b", "601.2c", "601.2d", "601.2e", "601.2f", "601.2g", "601.2h"]
        );
        assert_eq!(targets("cf. section 3, « Types de carte. »"), ["3"]);
        assert_eq!(
            targets("This follows rules 701.28a-f, 712.9-10, and 712.18."),
            ["701.28a", "701.28b", "701.28c", "701.28d", "701.28e", "701.28f", "712.9", "712.10", "712.18"]
        );
        assert_eq!(targets("Règles complètes section. 601 et 602"), ["601", "602"]);
        assert_eq!(targets("règles 608.2k-m"), ["608.2k", "608.2m"]);
    }

    #[test]
    fn english_forms() {
        assert_eq!(targets("see rule 116.2b"), ["116.2b"]);
        assert_eq!(targets("rule 704.5k"), ["704.5k"]);
        assert_eq!(targets("See rules 614 and 615."), ["614", "615"]);
        assert_eq!(targets("rules 119.7–8"), ["119.7", "119.8"]);
        assert_eq!(targets("rules 903.6–903.11."), ["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"]);
        assert_eq!(targets("See section 8, “Multiplayer Rules.”"), ["8"]);
        assert_eq!(targets("See rule 314, \"Schemes,\" and rule 904, \"Archenemy.\""), ["314", "904"]);
    }

    #[test]
    fn spans_point_at_the_reference() {
        let text = "les règles 608.2c-j, sans ordre";
        let (refs, _) = extract(text);
        assert_eq!(&text[refs[0].span.clone()], "608.2c-j");
    }

    #[test]
    fn not_references() {
        assert!(targets("Règles US [30/09/2011] Règles FR [04/02/2011]").is_empty());
        assert!(targets("un deck de 60 cartes, 20 points de vie, 98057-0707").is_empty());
        assert!(targets("a 2/2 creature with +1/+1").is_empty());
    }

    #[test]
    fn invalid_references_are_reported() {
        let (refs, bad) = extract("voir la règle 99999.9z pour tout");
        assert!(refs.is_empty());
        assert_eq!(bad.len(), 1);
        assert!(bad[0].reason.contains("99999.9z"), "{:?}", bad);
        let (_, bad) = extract("règles 608.2j-c");
        assert_eq!(bad.len(), 1);
    }
}
