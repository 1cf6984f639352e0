//! What an address asks for: its query parameters, read without failing on
//! repeated or empty keys; the node a rule address selects (`?edition=…`,
//! `&occurrence=…`); the search filters (`section`, `chapitre`, `edition`,
//! `langue`). A value that cannot be read is a [`WebError`] in French.

use std::collections::HashMap;

use actix_web::{HttpRequest, web};

use super::error::WebError;
use super::render::{edition_key, key_of, nearest};
use crate::graph::{Graph, NodeIdx};
use crate::search::Filters;
use crate::vocab::{Lang, RuleId};

/// The query parameters, read without failing on repeated or empty keys.
pub fn params(req: &HttpRequest) -> Result<HashMap<String, String>, WebError> {
    web::Query::<Vec<(String, String)>>::from_query(req.query_string())
        .map(|q| q.into_inner().into_iter().collect())
        .map_err(|_| WebError::BadRequest("paramètres de l'adresse illisibles".to_string()))
}

/// The node an address asks for.
pub fn select(g: &Graph, id: RuleId, params: &HashMap<String, String>) -> Result<NodeIdx, WebError> {
    let unknown = |what: String| WebError::NotFound { what, nearest: nearest(g, id) };
    let Some(key) = params.get("edition").filter(|k| !k.is_empty()) else {
        return g.find(id).ok_or_else(|| unknown(format!("la règle {id} n'existe pas dans le corpus")));
    };
    // An edition by its key (`fr-2024-03-08`) or by its date alone, as in
    // the manifest (`2024-03-08`): the preferred language when two share it.
    let date = |n: NodeIdx| g.edition(g.node(n).edition).date.map(|d| d.to_string());
    let mut versions: Vec<NodeIdx> = g.versions(id).iter().copied().filter(|&n| edition_key(g, n) == *key).collect();
    if versions.is_empty()
        && let Some(best) = g.preferred(g.versions(id).iter().copied().filter(|&n| date(n).as_ref() == Some(key)))
    {
        let edition = g.node(best).edition;
        versions = g.versions(id).iter().copied().filter(|&n| g.node(n).edition == edition).collect();
    }
    if versions.is_empty() {
        return Err(unknown(format!("la règle {id} n'existe pas dans l'édition « {key} »")));
    }
    let occurrence = match params.get("occurrence") {
        Some(o) => o.parse::<usize>().map_err(|_| WebError::BadRequest(format!("occurrence « {o} » illisible")))?,
        None => 1,
    };
    versions
        .get(occurrence.saturating_sub(1))
        .copied()
        .ok_or_else(|| unknown(format!("la règle {id} n'a pas d'occurrence {occurrence} dans l'édition « {key} »")))
}

/// Results shown on a page.
pub const PAGE: usize = 10;

/// The filters of a query string; a value that cannot be read is an error.
pub fn filters(g: &Graph, p: &HashMap<String, String>) -> Result<Filters, WebError> {
    let get = |k: &str| p.get(k).map(|v| v.trim()).filter(|v| !v.is_empty());
    let section =
        match get("section") {
            Some(s) => Some(s.parse::<u8>().ok().filter(|s| *s <= 9).ok_or_else(|| {
                WebError::BadRequest(format!("section « {} » inconnue (0 à 9)", crate::text::quote(s)))
            })?),
            None => None,
        };
    let chapter = match get("chapitre") {
        Some(c) => Some(c.parse::<u16>().ok().filter(|c| (100..=999).contains(c)).ok_or_else(|| {
            WebError::BadRequest(format!("chapitre « {} » inconnu (100 à 999)", crate::text::quote(c)))
        })?),
        None => None,
    };
    let language = match get("langue") {
        Some(l) => Some(Lang::parse(l).ok_or_else(|| {
            WebError::BadRequest(format!("langue « {} » inconnue (fr ou en)", crate::text::quote(l)))
        })?),
        None => None,
    };
    let edition = match get("edition") {
        Some(e) => {
            let known = g.editions().iter().find(|ed| key_of(ed) == e || ed.date.is_some_and(|d| d.to_string() == e));
            let ed =
                known.ok_or_else(|| WebError::BadRequest(format!("édition « {} » inconnue", crate::text::quote(e))))?;
            ed.date.map(|d| d.to_string())
        }
        None => None,
    };
    Ok(Filters { section, chapter, edition, language })
}
