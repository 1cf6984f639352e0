//! How well card names are recognised, measured on a set of queries
//! (`tests/cartes/noms.tsv`): each line a query and the cards it names,
//! `-` for none, `;` between cards, `|` between names any one of which is
//! right. Recall is the share of the cards named that are found, precision
//! the share of the cards found that were named.

use serde::Serialize;

use super::Cards;

/// The figures of one set.
#[derive(Debug, Clone, Serialize)]
pub struct Recognition {
    /// Queries read.
    pub queries: usize,
    /// Cards the queries name.
    pub expected: usize,
    /// Cards recognised.
    pub found: usize,
    /// Of those, the ones the query names.
    pub right: usize,
    /// Named cards found.
    pub recalled: usize,
    /// `recalled / expected`.
    pub recall: f64,
    /// `right / found`.
    pub precision: f64,
    /// The queries not read right: the query, what was expected, what was found.
    pub misses: Vec<(String, String, Vec<String>)>,
}

impl Recognition {
    /// Measures the cards' recognition on the set's text; an unreadable line is an error naming it.
    pub fn measure(cards: &Cards, set: &str) -> Result<Recognition, String> {
        let mut r = Recognition {
            queries: 0,
            expected: 0,
            found: 0,
            right: 0,
            recalled: 0,
            recall: 0.0,
            precision: 0.0,
            misses: Vec::new(),
        };
        for (i, line) in set.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((query, expected)) = line.split_once('\t') else {
                return Err(format!("ligne {} : requête<TAB>attendu", i + 1));
            };
            let wanted: Vec<Vec<&str>> = if expected.trim() == "-" {
                Vec::new()
            } else {
                expected.split(';').map(|c| c.split('|').map(str::trim).collect()).collect()
            };
            let found: Vec<&str> =
                cards.names.recognise(cards, query).into_iter().map(|c| cards.cards[c].name.as_str()).collect();
            r.queries += 1;
            r.expected += wanted.len();
            r.found += found.len();
            let right = found.iter().filter(|f| wanted.iter().any(|w| w.contains(f))).count();
            let recalled = wanted.iter().filter(|w| found.iter().any(|f| w.contains(f))).count();
            r.right += right;
            r.recalled += recalled;
            if right < found.len() || recalled < wanted.len() {
                r.misses.push((query.to_string(), expected.to_string(), found.iter().map(|s| s.to_string()).collect()));
            }
        }
        r.recall = ratio(r.recalled, r.expected);
        r.precision = ratio(r.right, r.found);
        Ok(r)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}
