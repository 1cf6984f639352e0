//! The home page: search box, tables of contents ([`super::contents`]),
//! editions loaded, judge-class articles. Rendered once, at start-up.

use actix_web::{HttpResponse, web};

use super::contents::{editions, tocs};
use super::error::WebError;
use super::pages::{HomePage, Layout, Link};
use super::render::url_of;
use super::typography::French;
use super::{AppState, html};
use crate::graph::{NodeIdx, NodeKind};

/// Renders the home page (once, at start-up).
pub(super) fn render(state: &AppState) -> Result<String, WebError> {
    let g = &state.graph;
    let articles = g
        .nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.kind == NodeKind::Article)
        .map(|(i, n)| Link {
            label: n.title.clone().unwrap_or_default(),
            url: url_of(g, NodeIdx(i as u32)).unwrap_or_default(),
            preview: None,
            note: String::new(),
        })
        .collect();
    let page = HomePage { layout: Layout::new("Sommaire", ""), tocs: tocs(g), editions: editions(g), articles };
    Ok(page.french()?)
}

/// `GET /`.
pub(super) async fn page(state: web::Data<AppState>) -> HttpResponse {
    html(state.home.clone())
}
