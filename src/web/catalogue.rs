//! The shipped ruling scenarios of `rules/scenarios/`, read and played once
//! at start-up and kept in the server's state: the scenario pages show them,
//! the rule and chapter pages list those illustrating them.

use super::pages::Link;
use crate::engine::{self, Outcome, Scenario, ScenarioError};
use crate::graph::Graph;
use crate::vocab::RuleId;

/// A shipped scenario and its trace.
pub struct Example {
    /// The scenario.
    pub scenario: Scenario,
    /// Its trace.
    pub outcome: Outcome,
}

/// The shipped scenarios, read and played.
pub struct Examples {
    /// The scenarios that read, in file order.
    pub entries: Vec<Example>,
    /// The ones that did not, with why: shown on `/exemples`, never dropped.
    pub errors: Vec<ScenarioError>,
}

impl Examples {
    /// Reads and plays the embedded scenarios against the graph.
    pub fn load(graph: &Graph) -> Examples {
        let mut out = Examples { entries: Vec::new(), errors: Vec::new() };
        for read in engine::load_embedded(graph) {
            match read {
                Ok(scenario) => match engine::run(&scenario) {
                    Ok(outcome) => out.entries.push(Example { scenario, outcome }),
                    Err(stopped) => out.errors.push(engine::ScenarioError {
                        path: scenario.path.clone(),
                        line: stopped.line().unwrap_or(1),
                        key: None,
                        message: stopped.to_string(),
                    }),
                },
                Err(e) => out.errors.push(e),
            }
        }
        out
    }

    /// A shipped scenario by its slug.
    pub fn get(&self, slug: &str) -> Option<&Example> {
        self.entries.iter().find(|e| e.scenario.slug == slug)
    }

    /// Links to the scenarios illustrating a rule (`exact`), or any rule
    /// within it (a chapter page).
    pub fn illustrating(&self, id: RuleId, exact: bool) -> Vec<Link> {
        self.entries
            .iter()
            .filter(|e| e.scenario.illustrates.iter().any(|&r| if exact { r == id } else { r.is_within(id) }))
            .map(|e| Link {
                label: e.scenario.title.clone(),
                url: example_url(&e.scenario.slug, None),
                preview: None,
                note: String::new(),
            })
            .collect()
    }
}

impl Examples {
    /// The scenarios a search is about (`/recherche`): those whose title and
    /// description hold at least half the words of the query that say
    /// something (stop words and short words left out), and two of them when
    /// it has two or more, accents and case aside; more words first, then those illustrating the rules found
    /// first. At most `max`, each with the rules it illustrates.
    pub fn matching(&self, query: &str, found: &[RuleId], max: usize) -> Vec<Link> {
        let words: Vec<String> = crate::text::fold(query)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().count() >= 3 && !crate::text::FRENCH_STOP_WORDS.contains(w))
            .map(str::to_string)
            .collect();
        if words.is_empty() {
            return Vec::new();
        }
        let mut scored: Vec<(usize, bool, &Example)> = self
            .entries
            .iter()
            .filter_map(|e| {
                let s = &e.scenario;
                let text = crate::text::fold(&format!("{} {}", s.title, s.description.as_deref().unwrap_or("")));
                let said: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
                let matched = words.iter().filter(|w| said.iter().any(|x| x == *w)).count();
                let illustrates = found.iter().any(|r| s.illustrates.contains(r));
                let enough = matched * 2 >= words.len() && matched >= words.len().min(2);
                enough.then_some((matched, illustrates, e))
            })
            .collect();
        scored.sort_by_key(|s| std::cmp::Reverse((s.0, s.1)));
        scored
            .into_iter()
            .take(max)
            .map(|(_, _, e)| {
                let rules: Vec<String> = e.scenario.illustrates.iter().map(|r| format!("RC {r}")).collect();
                Link {
                    label: e.scenario.title.clone(),
                    url: example_url(&e.scenario.slug, None),
                    preview: None,
                    note: rules.join(", "),
                }
            })
            .collect()
    }
}

/// The page of a scenario, or of one of its steps.
pub fn example_url(slug: &str, step: Option<usize>) -> String {
    match step {
        Some(n) => format!("/exemples/{slug}?etape={n}#etape"),
        None => format!("/exemples/{slug}"),
    }
}
