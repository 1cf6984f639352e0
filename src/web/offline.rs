//! Reading offline: the web app manifest, the service worker, the pages a
//! judge keeps on the phone and the search index the phone searches.
//!
//! ```text
//! /manifest.webmanifest    the app: French name, colours, icon, start page
//! /sw.js                   the service worker (static/sw.js), scope /
//! /hors-ligne/liste.json   every address to keep, with its size and the total
//! /hors-ligne/index.json   the rules and French texts the search reads, the vocabulary
//! /hors-ligne/recherche    the page the service worker shows for /recherche offline
//! ```
//!
//! The list holds the pages needed to read every rule of the edition in
//! force and every French text (their rule, chapter and section pages, the
//! glossary in force, the judge-class articles), each scenario's step pages,
//! the home page, the search page used offline, the index and the static
//! files. Each size is measured by asking the application itself, once, for
//! the page as a browser would get it ([`measured`]): what the judge is told
//! to download is what is downloaded.
//!
//! The index ([`index_json`]) carries the text of every search document (the
//! ones [`crate::search::indexed`] names), how it is grouped with its rule in
//! force, the ids the relevance files count it by
//! ([`crate::search::eval::ids_of`]), the French ↔ English vocabulary and the
//! learned word translations: `static/offline.js` builds its own inverted
//! index from it in the phone. Built once, on first request, served gzipped
//! when the browser takes it.

use std::collections::HashMap;
use std::io::Write as _;
use std::sync::OnceLock;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Serialize;

use super::AppState;
use super::assets;
use super::catalogue::example_url;
use super::error::WebError;
use super::pages::Layout;
use super::render::{french_heading, url_of};
use crate::graph::{Graph, NodeIdx, NodeKind};
use crate::vocab::{Lang, RuleId};

/// The theme colour of the app (the accent of `static/style.css`, light theme).
const THEME_COLOR: &str = "#1d4e89";
/// Its background colour (the page background of `static/style.css`).
const BACKGROUND_COLOR: &str = "#fdfcfa";
/// The address of the search page the service worker answers offline.
pub const SEARCH_SHELL: &str = "/hors-ligne/recherche";
/// The address of the index.
pub const INDEX: &str = "/hors-ligne/index.json";
/// The address of the list.
pub const LIST: &str = "/hors-ligne/liste.json";

/// What the offline routes compute once: the list with its sizes, the index.
#[derive(Default)]
pub struct Offline {
    /// `liste.json`, measured on first request.
    list: tokio::sync::OnceCell<Bytes>,
    /// `index.json`, plain and gzipped, built on first request.
    index: OnceLock<Packed>,
}

/// A JSON document, plain and gzipped.
struct Packed {
    json: Bytes,
    gzip: Bytes,
}

impl Packed {
    fn of(json: Vec<u8>) -> Packed {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        let gzip = gz.write_all(&json).and_then(|()| gz.finish()).unwrap_or_default();
        Packed { json: Bytes::from(json), gzip: Bytes::from(gzip) }
    }

    /// The response: gzipped when the browser says it takes gzip.
    fn response(&self, req: &HttpRequest, cache: &str) -> HttpResponse {
        let mut response = HttpResponse::Ok();
        response
            .insert_header((header::CONTENT_TYPE, "application/json"))
            .insert_header((header::CACHE_CONTROL, cache))
            .insert_header((header::VARY, "Accept-Encoding"));
        if takes_gzip(req) && !self.gzip.is_empty() {
            response.insert_header((header::CONTENT_ENCODING, "gzip")).body(self.gzip.clone())
        } else {
            response.body(self.json.clone())
        }
    }
}

/// Whether the request's `Accept-Encoding` names gzip.
fn takes_gzip(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT_ENCODING)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|e| e.split(';').next().is_some_and(|name| name.trim().eq_ignore_ascii_case("gzip")))
}

/// `GET /manifest.webmanifest`.
pub(super) async fn manifest() -> HttpResponse {
    let manifest = serde_json::json!({
        "id": "/",
        "name": "arbitre — Règles complètes pour les arbitres",
        "short_name": "arbitre",
        "description": "Les Règles complètes de Magic: The Gathering en français, pour les arbitres, même sans réseau.",
        "lang": "fr",
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{ "src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any" }],
    });
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/manifest+json"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(manifest.to_string())
}

/// `GET /sw.js`: the service worker, at the root so that its scope is the
/// whole site. Never kept by HTTP caches: browsers look for a new one at
/// each visit, and a new binary's is installed at once.
pub(super) async fn service_worker() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/javascript; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(assets::body("sw.js"))
}

/// The search page the service worker shows offline: `static/offline.js`
/// reads the query from the address and searches the index kept on the phone.
#[derive(Template)]
#[template(path = "offline-search.html")]
struct SearchShell {
    layout: Layout,
    index: &'static str,
}

/// `GET /hors-ligne/recherche`.
pub(super) async fn search_page() -> Result<HttpResponse, WebError> {
    let page = SearchShell { layout: Layout::new("Recherche hors ligne", ""), index: INDEX };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
        .body(page.render()?))
}

/// `GET /hors-ligne/index.json`.
pub(super) async fn index(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    packed_index(&state).response(&req, "public, max-age=300")
}

fn packed_index(state: &AppState) -> &Packed {
    state.offline.index.get_or_init(|| Packed::of(index_json(&state.graph)))
}

/// `GET /hors-ligne/liste.json`: `{"version", "pages", "octets", "adresses": [[url, octets]…]}`.
pub(super) async fn list(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let json = state.offline.list.get_or_init(|| measured(state.clone())).await.clone();
    Packed::of(json.to_vec()).response(&req, "no-cache")
}

/// The list of [`LIST`]: each address of [`addresses`], asked of the
/// application itself as a browser asks for it (gzip taken), its size the
/// body received; an address that does not answer 200 is left out. The
/// version is a hash of every body: it changes when any page does.
async fn measured(state: web::Data<AppState>) -> Bytes {
    use actix_web::dev::Service as _;
    let service = actix_web::test::init_service(super::app(state.clone())).await;
    let mut entries: Vec<(String, usize)> = Vec::new();
    let mut hash = Fnv::default();
    for url in addresses(&state) {
        let request =
            actix_web::test::TestRequest::get().uri(&url).insert_header((header::ACCEPT_ENCODING, "gzip")).to_request();
        let Ok(response) = service.call(request).await else { continue };
        if response.status() != actix_web::http::StatusCode::OK {
            continue;
        }
        let Ok(body) = actix_web::body::to_bytes(response.into_body()).await else { continue };
        hash.write(url.as_bytes());
        hash.write(&body);
        entries.push((url, body.len()));
    }
    let total: usize = entries.iter().map(|(_, n)| n).sum();
    let list = serde_json::json!({
        "version": format!("{:016x}", hash.0),
        "pages": entries.len(),
        "octets": total,
        "adresses": entries,
    });
    Bytes::from(list.to_string())
}

/// FNV-1a, for the list's version.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Every address kept for reading offline, each once, in reading order: the
/// home page and the offline search page, the static files, the index; the
/// section, chapter and rule pages of the edition in force and of the French
/// texts (each by the address the site links it by), the glossary in force,
/// the judge-class articles; the scenarios, each step.
pub fn addresses(state: &AppState) -> Vec<String> {
    let g = &state.graph;
    let mut out: Vec<String> = vec!["/".into(), SEARCH_SHELL.into(), "/manifest.webmanifest".into()];
    out.extend(["style.css", "app.js", "offline.js"].map(assets::url));
    out.extend(["/static/icon.svg".to_string(), INDEX.to_string()]);
    let mut seen: std::collections::HashSet<String> = out.iter().cloned().collect();
    for i in 0..g.nodes().len() {
        let idx = NodeIdx(i as u32);
        if kept(g, idx)
            && let Some(url) = url_of(g, idx)
            && seen.insert(url.clone())
        {
            out.push(url);
        }
    }
    out.push("/exemples".into());
    for e in &state.examples.entries {
        out.push(example_url(&e.scenario.slug, None));
        for step in 0..=e.outcome.steps.len() {
            let url = example_url(&e.scenario.slug, Some(step));
            out.push(url.split('#').next().unwrap_or(&url).to_string());
        }
    }
    out
}

/// Whether a node's page is kept: a section, chapter or rule of the edition
/// in force or of a French translation, a glossary entry in force, an article.
fn kept(g: &Graph, idx: NodeIdx) -> bool {
    let n = g.node(idx);
    let in_force = g.current() == Some(n.edition);
    match n.kind {
        NodeKind::Section | NodeKind::Chapter | NodeKind::Rule | NodeKind::Subrule => {
            in_force || (g.is_translation(n.edition) && g.has_content(idx))
        }
        NodeKind::Glossary => in_force,
        NodeKind::Article => true,
        _ => false,
    }
}

/// One search document of the index: `[address, number cited, language,
/// title, French heading of an English rule, text, examples, group, ids,
/// context, state-based actions]`. The group is the rule in force the
/// document says (a French text and its rule in force are one result); the
/// context is an index into `contextes`; the state-based actions are the
/// rules of 704 its rule in force sends to (« This is a state-based action.
/// See rule 704. »), which the search puts before it.
type Document = (String, String, &'static str, String, String, String, String, u32, Vec<String>, usize, Vec<String>);

/// The index served at [`INDEX`].
#[derive(Serialize)]
struct IndexJson {
    /// The date of the edition in force.
    edition: String,
    /// The search documents.
    documents: Vec<Document>,
    /// The chapter and section titles around documents: in the document's
    /// language, and in French for an English rule.
    contextes: Vec<(String, String)>,
    /// The rule numbers that have a page at `/regles/{numéro}`.
    numeros: Vec<String>,
    /// The French ↔ English vocabulary: `[français, anglais, sorte, règle]`.
    vocabulaire: Vec<(String, String, &'static str, String)>,
    /// Learned word translations: `[français, anglais, poids]`.
    traductions: Vec<(String, String, f32)>,
    /// French stop words, as the server's analyzers have them.
    mots_vides: &'static [&'static str],
    /// Numbers written in words: `[chiffres, français, anglais]`.
    nombres: Vec<(String, &'static str, &'static str)>,
}

/// The index JSON (see the module documentation).
pub fn index_json(g: &Graph) -> Vec<u8> {
    let mut contexts: Vec<(String, String)> = Vec::new();
    let mut context_ids: HashMap<(String, String), usize> = HashMap::new();
    let mut documents = Vec::new();
    for i in 0..g.nodes().len() {
        let idx = NodeIdx(i as u32);
        if !crate::search::indexed(g, idx) {
            continue;
        }
        let context = context_of(g, idx);
        let next = contexts.len();
        let c = *context_ids.entry(context.clone()).or_insert_with(|| {
            contexts.push(context);
            next
        });
        documents.push(document(g, idx, c));
    }
    let numeros = numbered_pages(g);
    let lexicon = crate::lexicon::Lexicon::embedded();
    let vocabulaire = lexicon
        .entries()
        .iter()
        .map(|e| (e.fr.clone(), e.en.clone(), e.kind.name(), e.rule.map(|r| r.to_string()).unwrap_or_default()))
        .collect();
    let index = IndexJson {
        edition: g.current().and_then(|c| g.edition(c).date).map(|d| d.to_string()).unwrap_or_default(),
        documents,
        contextes: contexts,
        numeros,
        vocabulaire,
        traductions: translations(),
        mots_vides: crate::text::FRENCH_STOP_WORDS,
        nombres: (0..=100)
            .filter_map(|n| crate::text::number_names(&n.to_string()).map(|(fr, en)| (n.to_string(), fr, en)))
            .collect(),
    };
    serde_json::to_vec(&index).unwrap_or_default()
}

/// The search document of a node.
fn document(g: &Graph, idx: NodeIdx, context: usize) -> Document {
    let n = g.node(idx);
    let url = match n.kind {
        NodeKind::Article => format!("/cours/{}", n.key),
        _ => url_of(g, idx).unwrap_or_default(),
    };
    let examples: Vec<&str> = n.examples.iter().map(|&e| g.node(e).text.as_str()).collect();
    let group = g.in_force(idx).unwrap_or(idx);
    let sba = RuleId::Chapter(704);
    let state_based: Vec<String> = g
        .references(group)
        .iter()
        .filter_map(|edge| edge.resolution.node().and_then(|t| g.node(t).id))
        .filter(|id| id.is_within(sba))
        .map(|id| id.to_string())
        .collect();
    (
        url,
        g.cited_label(idx),
        n.language.code(),
        g.display_title(idx).unwrap_or_default().to_string(),
        french_heading(g, idx).unwrap_or_default(),
        n.text.clone(),
        examples.join("\n"),
        group.0,
        crate::search::eval::ids_of(g, idx),
        context,
        state_based,
    )
}

/// The chapter and section titles above a node: in its language, and in
/// French for an English rule.
fn context_of(g: &Graph, idx: NodeIdx) -> (String, String) {
    let n = g.node(idx);
    let (mut own, mut french) = (Vec::new(), Vec::new());
    let mut up = n.parent;
    while let Some(p) = up {
        let pn = g.node(p);
        if matches!(pn.kind, NodeKind::Chapter | NodeKind::Section) {
            own.extend(pn.title.clone());
            if n.language == Lang::En {
                french.extend(g.french_title(p).map(str::to_string));
            }
        }
        up = pn.parent;
    }
    (own.join(" · "), french.join(" · "))
}

/// The rule numbers whose plain address `/regles/{numéro}` is kept.
fn numbered_pages(g: &Graph) -> Vec<String> {
    let mut out: Vec<String> = (0..g.nodes().len())
        .map(|i| NodeIdx(i as u32))
        .filter(|&idx| kept(g, idx) && g.node(idx).id.is_some())
        .filter_map(|idx| url_of(g, idx))
        .filter_map(|url| url.strip_prefix("/regles/").filter(|id| !id.contains('?')).map(str::to_string))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The learned word translations of `rules/traductions.tsv`, each with the
/// weight the server's search gives it ([`crate::lexicon::model::query_weight`]).
fn translations() -> Vec<(String, String, f32)> {
    let text = crate::lexicon::embedded_translations_text();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            let [fr, en, p, back, _] = cols[..] else { return None };
            let weight = crate::lexicon::model::query_weight(p.parse().ok()?, back.parse().ok()?);
            Some((fr.to_string(), en.to_string(), (weight * 1000.0).round() / 1000.0))
        })
        .collect()
}
