//! The web app judges use, with actix-web and askama.
//!
//! ```text
//! request ─▶ security headers ─▶ address length limit ─▶ route ─▶ handler ─▶ page (askama) or JSON
//!                                                          └─ anything else: WebError, a French page
//! ```
//!
//! One handler file per page family: `home`, `rules` (rules, chapters,
//! sections), `changes` (what changed between editions, a rule's history),
//! `glossary` (a term's definition),
//! `search`, `articles`, `examples` (ruling scenarios and their editor),
//! `api`, `assets`, `offline` (the manifest, the service worker, what a
//! phone keeps to read offline). Handlers never import each other: what
//! they share lives in `render` (addresses, links, linked text),
//! `request` (parameters, node selection, search filters), `contents`
//! (tables of contents, editions), `catalogue` (the shipped scenarios),
//! `pages` (template structs) and `error`. What bounds the service lives
//! beside them: `limits` (timeouts, connections, the editor's pool size),
//! `pool` (the editor's threads) and `memory` (free memory given back). Every route answers GET and HEAD (the
//! scenario editor also POST); other methods get a 405, unknown addresses a
//! 404 page with a search box. Rule pages are rendered once per node and kept
//! (the graph never changes while the server runs); the home page is
//! rendered at start-up; search pages are always computed.

// Page families: one handler file each, none importing another.
mod api;
mod articles;
mod assets;
pub mod cards;
mod changes;
pub mod examples;
mod glossary;
mod home;
mod offline;
mod rules;
mod search;
mod typography;
pub mod whatif;

// What the handlers share.
pub mod catalogue;
mod contents;
mod error;
pub mod limits;
mod memory;

/// Sets the allocator up for a server and starts giving freed memory back
/// ([`memory`]): before the graph and the index are built, then again (once)
/// at [`bind`].
pub fn prepare_memory() {
    memory::start_trimming();
}

/// Gives free memory back to the system now (what ended threads left
/// included), without waiting for the next period of [`memory`].
pub fn give_memory_back() {
    memory::collect();
}
pub mod pages;
mod pool;
mod render;
mod request;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{DefaultHeaders, Next, from_fn};
use actix_web::web::Bytes;
use actix_web::{App, HttpRequest, HttpResponse, ResponseError, guard, web};

pub use error::WebError;

use crate::Graph;
use crate::graph::{EditionIdx, NodeIdx};
use crate::search::SearchIndex;

/// Longest address read (path and query); longer ones get a 414.
pub const MAX_URI: usize = 8 * 1024;

/// The Content-Security-Policy: only this site's scripts, styles and images;
/// no inline script anywhere.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// What the server holds: the graph, the search index, rendered pages.
pub struct AppState {
    /// The rule graph.
    pub graph: Graph,
    /// The search index.
    pub index: SearchIndex,
    /// Rendered page of each node, filled on first request.
    pages: Vec<OnceLock<Bytes>>,
    /// Rendered comparison of two editions, filled on first request (at
    /// most one per pair of loaded editions).
    comparisons: std::sync::Mutex<std::collections::HashMap<(EditionIdx, EditionIdx), Bytes>>,
    /// The home page, rendered at start-up.
    home: Bytes,
    /// The shipped ruling scenarios, read and played at start-up.
    pub examples: catalogue::Examples,
    /// How long a scenario typed in the editor may take ([`examples::RUN_LIMIT`]).
    pub run_limit: Duration,
    /// How long the body of a request may take to arrive ([`limits::BODY_TIMEOUT`]).
    pub body_timeout: Duration,
    /// The threads that play scenarios typed in the editor.
    editor: pool::Pool,
    /// Time to build the state (graph excluded).
    pub build_time: Duration,
    /// The list of pages kept offline and the offline search index, computed on first request.
    offline: offline::Offline,
    /// Each French word of the texts, folded → as printed (accents and all):
    /// what a typo correction is shown as. Built on first need.
    printed_words: OnceLock<std::collections::HashMap<String, String>>,
}

impl AppState {
    /// Builds the search index and the home page for a graph.
    pub fn new(graph: Graph) -> Result<AppState, String> {
        let start = Instant::now();
        let index = SearchIndex::build(&graph).map_err(|e| format!("construction de l'index impossible : {e}"))?;
        let pages = (0..graph.nodes().len()).map(|_| OnceLock::new()).collect();
        let examples = catalogue::Examples::load(&graph);
        let mut state = AppState {
            graph,
            index,
            pages,
            comparisons: Default::default(),
            home: Bytes::new(),
            examples,
            run_limit: examples::RUN_LIMIT,
            body_timeout: limits::BODY_TIMEOUT,
            editor: pool::Pool::new("arbitre-editeur", limits::EDITOR_THREADS, limits::EDITOR_QUEUE),
            build_time: Duration::ZERO,
            offline: offline::Offline::default(),
            printed_words: OnceLock::new(),
        };
        state.home = Bytes::from(home::render(&state).map_err(|e| e.to_string())?);
        state.build_time = start.elapsed();
        Ok(state)
    }

    /// A word as the French texts print it (« quantite » → « quantité »);
    /// the word itself when no text has it.
    pub fn printed(&self, folded: &str) -> String {
        let words = self.printed_words.get_or_init(|| {
            let mut map = std::collections::HashMap::new();
            let french = self.graph.nodes().iter().filter(|n| n.language == crate::vocab::Lang::Fr);
            for n in french {
                for w in n.text.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() > 2) {
                    map.entry(crate::text::fold(w)).or_insert_with(|| w.to_lowercase());
                }
            }
            map
        });
        words.get(folded).cloned().unwrap_or_else(|| folded.to_string())
    }

    /// The rendered page of a node, rendering it the first time.
    fn page(&self, idx: NodeIdx, render: impl FnOnce() -> Result<String, WebError>) -> Result<Bytes, WebError> {
        let slot = &self.pages[idx.0 as usize];
        if let Some(page) = slot.get() {
            return Ok(page.clone());
        }
        let page = Bytes::from(render()?);
        Ok(slot.get_or_init(|| page).clone())
    }
}

impl AppState {
    /// The rendered comparison of two editions, rendering it the first time
    /// (outside the lock: two first requests may both render it).
    fn comparison(
        &self,
        old: EditionIdx,
        new: EditionIdx,
        render: impl FnOnce() -> Result<String, WebError>,
    ) -> Result<Bytes, WebError> {
        let cached = |s: &Self| s.comparisons.lock().ok().and_then(|m| m.get(&(old, new)).cloned());
        if let Some(page) = cached(self) {
            return Ok(page);
        }
        let page = Bytes::from(render()?);
        if let Ok(mut m) = self.comparisons.lock() {
            m.entry((old, new)).or_insert_with(|| page.clone());
        }
        Ok(page)
    }
}

/// An HTML response.
fn html(body: impl Into<Bytes>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
        .body(body.into())
}

/// A redirection.
fn redirect(status: actix_web::http::StatusCode, to: &str) -> HttpResponse {
    HttpResponse::build(status).insert_header((header::LOCATION, to)).finish()
}

async fn method_not_allowed() -> HttpResponse {
    WebError::MethodNotAllowed("GET, HEAD").error_response()
}

async fn method_not_allowed_but_post() -> HttpResponse {
    WebError::MethodNotAllowed("GET, HEAD, POST").error_response()
}

async fn not_found(req: HttpRequest) -> HttpResponse {
    let what = format!("aucune page à l'adresse « {} »", crate::text::quote(req.path()));
    WebError::NotFound { what, nearest: vec![] }.error_response()
}

/// Refuses addresses longer than [`MAX_URI`] before any handler reads them.
async fn limit_uri(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let len = req.uri().path().len() + req.uri().query().map_or(0, str::len);
    if len > MAX_URI {
        let response = WebError::UriTooLong(MAX_URI).error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    next.call(req).await.map(ServiceResponse::map_into_left_body)
}

/// A route answering GET and HEAD.
fn get<F, Args>(handler: F) -> actix_web::Route
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    web::route().guard(guard::Any(guard::Get()).or(guard::Head())).to(handler)
}

/// The routes.
fn routes(cfg: &mut web::ServiceConfig) {
    let resource = |path: &str| web::resource(path).default_service(web::to(method_not_allowed));
    cfg.service(resource("/").route(get(home::page)))
        .service(resource("/regles/{id}").route(get(rules::page)))
        .service(resource("/regles/{id}/historique").route(get(changes::history)))
        .service(resource("/changements").route(get(changes::list)))
        .service(resource("/glossaire/{term}").route(get(glossary::page)))
        .service(resource("/changements/{pair}").route(get(changes::comparison)))
        .service(resource("/recherche").route(get(search::page)))
        .service(resource("/cours/{slug}").route(get(articles::page)))
        .service(resource("/cartes/{slug}").route(get(cards::page)))
        .service(resource("/api/cartes/{slug}").route(get(cards::api)))
        .service(resource("/exemples").route(get(examples::list)))
        .service(resource("/exemples/format").route(get(examples::format)))
        .service(
            web::resource("/exemples/essai")
                .route(get(examples::editor_page))
                .route(web::post().to(examples::run))
                .default_service(web::to(method_not_allowed_but_post)),
        )
        .service(resource("/exemples/{slug}/etsi").route(get(examples::what_if)))
        .service(resource("/exemples/{slug}").route(get(examples::page)))
        .service(resource("/api/exemples/{slug}").route(get(examples::api)))
        .service(resource("/api/regles/{id}").route(get(api::rule)))
        .service(resource("/api/recherche").route(get(api::search)))
        .service(resource("/api/sommaire").route(get(api::contents)))
        .service(resource("/static/{name}").route(get(assets::serve)))
        // Reading offline.
        .service(resource("/manifest.webmanifest").route(get(offline::manifest)))
        .service(resource("/sw.js").route(get(offline::service_worker)))
        .service(resource(offline::LIST).route(get(offline::list)))
        .service(resource(offline::INDEX).route(get(offline::index)))
        .service(resource(offline::SEARCH_SHELL).route(get(offline::search_page)));
}

/// The application, for the server and for tests.
pub fn app(
    state: web::Data<AppState>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    App::new()
        .app_data(state)
        .app_data(
            web::PathConfig::default().error_handler(|_, _| WebError::BadRequest("adresse illisible".into()).into()),
        )
        .wrap(from_fn(limit_uri))
        .wrap(
            DefaultHeaders::new()
                .add((header::CONTENT_SECURITY_POLICY, CSP))
                .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
                .add((header::REFERRER_POLICY, "same-origin"))
                .add((header::X_FRAME_OPTIONS, "DENY")),
        )
        .configure(routes)
        .default_service(web::to(not_found))
}

/// Binds the server to `addr` with `workers` threads (`None`: one per core),
/// within the [`limits`]; returns the running server (to await, inside an
/// actix system) and the addresses it listens on.
pub fn bind(
    addr: &str,
    state: AppState,
    workers: Option<usize>,
) -> std::io::Result<(actix_web::dev::Server, Vec<std::net::SocketAddr>)> {
    memory::start_trimming();
    // The cards (0.4–1 s to read) on a thread of their own: the server
    // listens at once; a search that names a card before they are read waits
    // for them, then reads the topics of the cards it names alone until every
    // card's are read (`Cards::topics_at`). Not when the search is without
    // cards (`serve --sans-cartes`).
    if state.index.with_cards {
        std::thread::spawn(|| {
            crate::cards::Cards::embedded().topics();
        });
    }
    let state = web::Data::new(state);
    let workers = workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let http = actix_web::HttpServer::new(move || app(state.clone()))
        .workers(workers)
        .max_connections(limits::MAX_CONNECTIONS.div_ceil(workers))
        .backlog(limits::BACKLOG)
        .client_request_timeout(limits::HEADER_TIMEOUT)
        .client_disconnect_timeout(limits::DISCONNECT_TIMEOUT)
        .keep_alive(limits::KEEP_ALIVE);
    let http = http.bind(addr)?;
    let addrs = http.addrs();
    Ok((http.run(), addrs))
}
