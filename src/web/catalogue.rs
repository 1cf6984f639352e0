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

/// The page of a scenario, or of one of its steps.
pub fn example_url(slug: &str, step: Option<usize>) -> String {
    match step {
        Some(n) => format!("/exemples/{slug}?etape={n}#etape"),
        None => format!("/exemples/{slug}"),
    }
}
