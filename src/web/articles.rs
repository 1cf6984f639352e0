//! Judge-class articles: `/cours/{slug}`, rendered from Markdown with their
//! rule numbers linked.

use actix_web::{HttpResponse, web};

use super::error::WebError;
use super::pages::{ArticlePage, Layout, Link};
use super::render::{link, markdown_html};
use super::typography::French;
use super::{AppState, html};

/// `GET /cours/{slug}`.
pub(super) async fn page(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let idx = g.article(&slug).ok_or_else(|| WebError::NotFound {
        what: format!("aucun cours d'arbitre « {} »", crate::text::quote(&slug)),
        nearest: vec![],
    })?;
    let body = state.page(idx, || {
        let n = g.node(idx);
        let covers = n
            .covers
            .iter()
            .filter_map(|&c| g.find(c).map(|found| (c, found)))
            .map(|(c, found)| {
                let mut l = link(g, found, g.node(found).title.clone());
                l.label = c.to_string();
                l
            })
            .collect();
        let page = ArticlePage {
            layout: Layout::new(n.title.as_deref().unwrap_or("Cours d'arbitre"), ""),
            crumb: Link { label: "Cours d'arbitre".into(), url: String::new(), preview: None, note: String::new() },
            kicker: n.heading.clone().unwrap_or_default(),
            title: n.title.clone().unwrap_or_default(),
            body_html: markdown_html(g, n.markdown.as_deref().unwrap_or("")),
            covers,
            source: format!("{}, ligne {}", g.document_of(idx).path, n.source.line),
        };
        Ok(page.french()?)
    })?;
    Ok(html(body))
}
