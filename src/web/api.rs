//! The JSON API, with the keys of the command line's `--json` output:
//! `/api/regles/{id}` (as `arbitre regle --json`), `/api/recherche?q=` (as
//! `arbitre cherche --json`), `/api/sommaire` (editions and tables of contents).
//! Errors are JSON too: `{"erreur": "…", "proches": […]}` with the right status.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::AppState;
use super::contents::{editions, tocs};
use super::error::WebError;
use super::request::{PAGE, filters, params, select};
use crate::vocab::RuleId;

fn json(value: &impl Serialize) -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "public, max-age=300")).json(value)
}

fn error(e: WebError) -> HttpResponse {
    e.json_response()
}

/// `GET /api/regles/{id}`.
pub(super) async fn rule(state: web::Data<AppState>, path: web::Path<String>, req: HttpRequest) -> HttpResponse {
    let g = &state.graph;
    let found = RuleId::parse_loose(&path)
        .map_err(|e| WebError::NotFound { what: e.to_string(), nearest: vec![] })
        .and_then(|id| params(&req).and_then(|p| select(g, id, &p)));
    match found {
        Ok(idx) => json(&g.view(idx)),
        Err(e) => error(e),
    }
}

/// `GET /api/recherche?q=…`.
pub(super) async fn search(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let g = &state.graph;
    let run = || -> Result<HttpResponse, WebError> {
        let p = params(&req)?;
        let f = filters(g, &p)?;
        let limit = match p.get("limite") {
            Some(l) => l.parse::<usize>().map_err(|_| WebError::BadRequest(format!("limite « {l} » illisible")))?,
            None => PAGE,
        };
        let q = crate::text::typed(p.get("q").map(String::as_str).unwrap_or(""));
        if q.is_empty() {
            return Err(WebError::BadRequest(
                "requête vide : donnez des mots, un numéro de règle ou un nom de carte (q=…)".to_string(),
            ));
        }
        Ok(json(&state.index.search(g, &q, limit, &f).items(g)))
    };
    run().unwrap_or_else(error)
}

/// `GET /api/sommaire`.
pub(super) async fn contents(state: web::Data<AppState>) -> HttpResponse {
    let g = &state.graph;
    json(&serde_json::json!({ "editions": editions(g), "sommaires": tocs(g) }))
}
