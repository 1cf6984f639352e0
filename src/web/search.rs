//! The search page: `/recherche?q=…&section=…&edition=…&langue=…`.
//!
//! A rule number goes straight to the rule page (302). Otherwise the results
//! with their snippets, the filters, the count and the time; when nothing is
//! found, the nearest rules and the words searched instead of unknown ones.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::error::WebError;
use super::pages::{CardBox, DefinitionBox, FilterOption, Layout, Link, ResultView, SearchPage};
use super::render::{french_heading, key_of, lang_of, link, nearest, url_of};
use super::request::{PAGE, filters, params};
use super::typography::French;
use super::{AppState, html, redirect};
use crate::graph::{EditionIdx, Graph};
use crate::search::Results;
use crate::vocab::RuleId;

/// The number of results, in French.
fn count(n: usize) -> String {
    match n {
        0 => "Aucun résultat".to_string(),
        1 => "1 résultat".to_string(),
        PAGE => format!("{PAGE} premiers résultats"),
        n => format!("{n} résultats"),
    }
}

/// `GET /recherche`.
pub(super) async fn page(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let p = params(&req)?;
    let query = p.get("q").map(|q| crate::text::typed(q)).unwrap_or_default();
    let filters = filters(g, &p)?;
    // A rule number goes straight to its page.
    if let Ok(id) = RuleId::parse_loose(&query)
        && !g.versions(id).is_empty()
    {
        return Ok(redirect(StatusCode::FOUND, &format!("/regles/{id}")));
    }
    let results = if query.is_empty() { None } else { Some(state.index.search(g, &query, PAGE, &filters)) };
    // Corrections are the index's folded words: shown as the texts print them.
    let results = results.map(|mut r| {
        r.corrections = r.corrections.iter().map(|c| state.printed(c)).collect();
        r
    });
    let scenarios = results.as_ref().map_or_else(Vec::new, |r| {
        let found: Vec<RuleId> = r.hits.iter().take(5).filter_map(|h| g.node(h.node).id).collect();
        state.examples.matching(&query, &found, MAX_SCENARIOS)
    });
    Ok(html(render(g, &query, &p, results, scenarios)?))
}

fn options(values: Vec<(String, String)>, current: Option<&String>) -> Vec<FilterOption> {
    values.into_iter().map(|(value, label)| FilterOption { selected: current == Some(&value), value, label }).collect()
}

fn render(
    g: &Graph,
    query: &str,
    p: &HashMap<String, String>,
    results: Option<Results>,
    scenarios: Vec<Link>,
) -> Result<String, WebError> {
    let sections = (1..=9u8)
        .filter_map(|s| {
            let n = g.find(RuleId::Section(s))?;
            let title = g.french_title(n).or(g.node(n).title.as_deref()).unwrap_or("");
            Some((s.to_string(), format!("{s}. {title}")))
        })
        .collect();
    // The editions searched: the rules in force and the French texts (older
    // editions are history, not indexed).
    let searched = |e: EditionIdx| g.current().is_none_or(|c| c == e || g.is_translation(e));
    let editions = (0..g.editions().len())
        .map(|i| EditionIdx(i as u16))
        .filter(|&e| g.edition(e).date.is_some() && searched(e))
        .map(|e| (key_of(g.edition(e)), g.edition(e).label()))
        .collect();
    let languages = vec![("fr".to_string(), "français".to_string()), ("en".to_string(), "anglais".to_string())];

    let (mut results_view, mut nearest_links, mut corrections, mut shown, mut elapsed) =
        (Vec::new(), Vec::new(), Vec::new(), "Tapez votre recherche".to_string(), String::new());
    let mut definition = None;
    let mut loosened = false;
    let (mut cards, mut card_first) = (Vec::new(), false);
    if let Some(r) = results {
        loosened = r.loosened;
        card_first = r.card_first;
        cards = r
            .card_views()
            .into_iter()
            .map(|c| CardBox {
                url: format!("/cartes/{}", c.id),
                name: c.name,
                french: c.french.join(", "),
                type_line: c.type_line,
                excerpt: c.excerpt,
                ruling: c.ruling.map(|r| (r.date, r.text, r.warning)),
            })
            .collect();
        definition = r.definition.map(|d| {
            let mut found = definition_box(g, d);
            found.also = g.english_homonym(query, d).map(|o| definition_box(g, o)).into_iter().collect();
            found
        });
        shown = count(r.hits.len());
        elapsed = format!("{} ms", crate::text::decimal_fr(r.elapsed.as_secs_f64() * 1000.0, 2));
        results_view = r.hits.iter().map(|h| result_view(g, h)).collect();
        if r.hits.is_empty() {
            nearest_links = r.query.ids.first().map(|&id| nearest(g, id)).unwrap_or_default();
        }
        corrections = r
            .corrections
            .iter()
            .map(|c| Link {
                label: c.clone(),
                url: format!("/recherche?q={}", urlencode(c)),
                preview: None,
                note: String::new(),
            })
            .collect();
    }
    let page = SearchPage {
        layout: Layout::new(&format!("Recherche « {} »", crate::text::quote(query)), query),
        query: query.to_string(),
        results: results_view,
        count: shown,
        elapsed,
        sections: options(sections, p.get("section")),
        editions: options(editions, p.get("edition")),
        languages: options(languages, p.get("langue")),
        nearest: nearest_links,
        corrections,
        definition,
        loosened,
        scenarios,
        cards,
        card_first,
        notice: crate::cards::NOTICE.to_string(),
        filtered: ["section", "edition", "langue"].iter().any(|k| p.get(*k).is_some_and(|v| !v.is_empty())),
    };
    Ok(page.french()?)
}

/// A glossary entry in the box above the results.
fn definition_box(g: &Graph, d: crate::graph::NodeIdx) -> DefinitionBox {
    let v = g.definition_view(d);
    DefinitionBox {
        url: url_of(g, d).unwrap_or_default(),
        lang: lang_of(v.language),
        term: v.term,
        text: v.definition,
        also: Vec::new(),
    }
}

/// One result as the page shows it: a French text under its rule in force,
/// an English one under its French heading, marked « non traduit ».
fn result_view(g: &Graph, h: &crate::search::Hit) -> ResultView {
    let n = g.node(h.node);
    let versions = h
        .versions
        .iter()
        .map(|&v| {
            let vn = g.node(v);
            let mut l = link(g, v, None);
            l.label = if g.current() == Some(vn.edition) {
                format!("{} en vigueur ({})", g.cited_label(v), language_name(vn.language))
            } else {
                format!("{} (édition {})", g.cited_label(v), g.edition(vn.edition).label())
            };
            l
        })
        .collect();
    ResultView {
        id: g.cited_label(h.node),
        url: url_of(g, h.node).unwrap_or_default(),
        title: g.display_title(h.node).unwrap_or_default().to_string(),
        words: n.title.is_none().then(|| super::render::first_words(&n.text, FIRST_WORDS)).filter(|w| !w.is_empty()),
        edition: format!("édition {}", g.edition(n.edition).label()),
        snippet_html: h.snippet.to_html(),
        lang: lang_of(n.language),
        french: french_heading(g, h.node),
        versions,
        changed: {
            let year = g.edition(n.edition).date.map(|d| d.to_string()[..4].to_string()).unwrap_or_default();
            if g.changed_since(h.node) {
                format!("Texte de {year} : la règle a changé depuis, lisez la règle en vigueur.")
            } else if g.removed_since(h.node) {
                format!("Texte de {year} : cette règle n'est plus dans les règles en vigueur.")
            } else {
                String::new()
            }
        },
    }
}

/// The most scenarios shown beside the results of a search.
const MAX_SCENARIOS: usize = 3;

/// The most characters of a rule's first words shown as a result's title.
const FIRST_WORDS: usize = 70;

/// A language's name, in French.
fn language_name(lang: crate::vocab::Lang) -> &'static str {
    match lang {
        crate::vocab::Lang::Fr => "français",
        crate::vocab::Lang::En => "anglais",
    }
}

/// Percent-encodes a query value.
pub(super) fn urlencode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}
