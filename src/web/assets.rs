//! Static files, embedded in the binary.
//!
//! The stylesheet, the script and the icon are compiled in, so the binary
//! alone serves everything. Their addresses carry a version (a hash of the
//! content), so browsers may keep them for a year; a file is looked up by
//! name in a fixed list, so no address can reach the disk.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use super::error::WebError;

/// An embedded file.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static str,
}

const ASSETS: [Asset; 5] = [
    Asset { name: "style.css", content_type: "text/css; charset=utf-8", body: include_str!("../../static/style.css") },
    Asset { name: "app.js", content_type: "text/javascript; charset=utf-8", body: include_str!("../../static/app.js") },
    Asset { name: "icon.svg", content_type: "image/svg+xml", body: include_str!("../../static/icon.svg") },
    // Reading offline (`super::offline`): the switch and the offline search, the service worker.
    Asset {
        name: "offline.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../static/offline.js"),
    },
    Asset { name: "sw.js", content_type: "text/javascript; charset=utf-8", body: include_str!("../../static/sw.js") },
];

/// FNV-1a: a content hash for cache-busting versions.
const fn version(body: &str) -> u64 {
    let bytes = body.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

/// The versioned address of an embedded file (computed once per file).
pub fn url(name: &str) -> String {
    static URLS: std::sync::LazyLock<Vec<(&'static str, String)>> = std::sync::LazyLock::new(|| {
        ASSETS.iter().map(|a| (a.name, format!("/static/{}?v={:016x}", a.name, version(a.body)))).collect()
    });
    URLS.iter().find(|(n, _)| *n == name).map(|(_, u)| u.clone()).expect("an embedded asset")
}

/// The content of an embedded file (empty for a name not embedded).
pub fn body(name: &str) -> &'static str {
    find(name).map_or("", |a| a.body)
}

/// `GET /static/{name}`: an embedded file, with an `ETag` and long caching.
pub async fn serve(name: web::Path<String>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let Some(asset) = find(&name) else {
        return Err(WebError::NotFound {
            what: format!("aucun fichier statique « {} »", name.as_str()),
            nearest: vec![],
        });
    };
    let etag = format!("\"{:016x}\"", version(asset.body));
    let fresh = req.headers().get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str());
    let mut response = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::CONTENT_TYPE, asset.content_type))
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "public, max-age=31536000, immutable"));
    Ok(if fresh { response.finish() } else { response.body(asset.body) })
}
