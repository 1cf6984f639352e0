//! Glossary pages: `/glossaire/{terme}`, the definition of a term of the
//! rules in force (case and accents ignored), its rule citations as links;
//! `?edition=` names another edition. A term the glossary lacks is a 404
//! with the terms close to it.

use actix_web::{HttpRequest, HttpResponse, web};

use super::error::WebError;
use super::pages::{GlossaryPage, Layout, Link};
use super::render::{key_of, link, text_html, url_of};
use super::request::params;
use super::typography::French;
use super::{AppState, html};
use crate::graph::{Graph, NodeIdx};

/// `GET /glossaire/{terme}`.
pub(super) async fn page(
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let term = path.into_inner();
    let wanted = params(&req)?.get("edition").cloned();
    let entries = g.glossary_entries(&term);
    let found = match &wanted {
        Some(key) => entries.iter().copied().find(|&n| key_of(g.edition(g.node(n).edition)) == *key),
        None => g.definition_of_name(&term, crate::lexicon::Lexicon::embedded()).map(|(n, _)| n),
    };
    let Some(idx) = found else {
        let nearest = g
            .glossary_terms_near(&term, 8)
            .into_iter()
            .filter_map(|t| g.definition(&t))
            .map(|n| Link {
                label: g.node(n).key.clone(),
                url: url_of(g, n).unwrap_or_default(),
                preview: None,
                note: String::new(),
            })
            .chain(
                // A word of jargon the glossary lacks: the rule the vocabulary sends it to (« fizzle » → 608.2b).
                crate::lexicon::Lexicon::embedded()
                    .rules_of(&term)
                    .into_iter()
                    .filter_map(|r| g.find(r))
                    .map(|n| link(g, g.shown(n), None)),
            )
            .collect();
        let what = format!("aucune entrée du glossaire pour « {} »", crate::text::quote(&term));
        return Err(WebError::NotFound { what, nearest });
    };
    Ok(html(render(g, idx).french()?))
}

fn render(g: &Graph, idx: NodeIdx) -> GlossaryPage {
    let n = g.node(idx);
    let ed = g.edition(n.edition);
    let in_force = if g.current() == Some(n.edition) { "Glossaire des règles en vigueur" } else { "Glossaire" };
    let others = g
        .glossary_entries(&n.key)
        .iter()
        .copied()
        .filter(|&o| o != idx)
        .map(|o| {
            let key = key_of(g.edition(g.node(o).edition));
            Link {
                label: format!("{} — édition {}", g.node(o).key, g.edition(g.node(o).edition).label()),
                url: format!("{}?edition={key}", url_of(g, o).unwrap_or_default()),
                preview: None,
                note: String::new(),
            }
        })
        .collect();
    GlossaryPage {
        layout: Layout::new(&format!("Glossaire : {}", n.key), ""),
        term: n.key.clone(),
        definition_html: text_html(g, idx),
        edition: format!("{in_force}, édition {}", ed.label()),
        others,
        source: format!("{}, ligne {}", g.document_of(idx).path, n.source.line),
    }
}
