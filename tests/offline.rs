//! Reading offline: the web app manifest, the service worker, the list of
//! pages a phone keeps (every rule of the edition in force, every French
//! text, every scenario step), the search index it searches; and a real
//! browser that turns « Disponible hors ligne » on, loses the network, and
//! still reads a rule and searches.

use std::collections::HashSet;
use std::io::Read;
use std::net::{SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use actix_web::body::to_bytes;
use actix_web::http::{StatusCode, header};
use actix_web::test::{self, TestRequest};
use actix_web::web::Data;
use arbitre::graph::{NodeIdx, NodeKind};
use arbitre::web::{AppState, app};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{Cdp, browser, start_chromedriver};

fn state() -> Data<AppState> {
    static S: OnceLock<Data<AppState>> = OnceLock::new();
    S.get_or_init(|| Data::new(AppState::new(arbitre::load(&[]).graph).unwrap())).clone()
}

/// Sends a request; returns status, headers and body bytes.
async fn send(req: TestRequest) -> (StatusCode, header::HeaderMap, Vec<u8>) {
    let service = test::init_service(app(state())).await;
    let response = test::call_service(&service, req.to_request()).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = to_bytes(response.into_body()).await.unwrap_or_default();
    (status, headers, body.to_vec())
}

async fn get(uri: &str) -> (StatusCode, header::HeaderMap, Vec<u8>) {
    send(TestRequest::get().uri(uri)).await
}

fn content_type(headers: &header::HeaderMap) -> &str {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default()
}

#[actix_web::test]
async fn the_manifest_and_the_service_worker() {
    let (status, headers, body) = get("/manifest.webmanifest").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type(&headers), "application/manifest+json");
    let manifest: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(manifest["short_name"], "arbitre");
    assert!(manifest["name"].as_str().unwrap().starts_with("arbitre"), "{manifest}");
    assert_eq!(manifest["lang"], "fr");
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["display"], "standalone");
    assert_eq!(manifest["theme_color"], "#1d4e89");
    assert_eq!(manifest["background_color"], "#fdfcfa");
    assert_eq!(manifest["icons"][0]["src"], "/static/icon.svg");
    assert_eq!(manifest["icons"][0]["type"], "image/svg+xml");

    let (status, headers, body) = get("/sw.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type(&headers), "text/javascript; charset=utf-8");
    assert_eq!(headers.get(header::CACHE_CONTROL).unwrap(), "no-cache");
    let script = String::from_utf8(body).unwrap();
    assert!(script.contains("addEventListener(\"fetch\"") && script.contains("arbitre-hors-ligne"));

    // Every page links the manifest, loads offline.js, and has the switch (hidden without JavaScript).
    let (_, _, body) = get("/regles/608.2b").await;
    let page = String::from_utf8(body).unwrap();
    assert!(page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"));
    assert!(page.contains("<script src=\"/static/offline.js?v="));
    assert!(page.contains("<p id=\"hors-ligne\" hidden>"));
    assert!(page.contains("role=\"switch\" aria-checked=\"false\""));
    let (status, headers, _) = get(&page_asset(&page, "/static/offline.js?v=")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type(&headers), "text/javascript; charset=utf-8");
    assert!(headers.get(header::CACHE_CONTROL).unwrap().to_str().unwrap().contains("immutable"));
}

/// The address of an asset a page loads, from its prefix.
fn page_asset(page: &str, prefix: &str) -> String {
    let start = page.find(prefix).unwrap();
    page[start..].split('"').next().unwrap().to_string()
}

/// The list of `/hors-ligne/liste.json`.
async fn list() -> Value {
    let (status, headers, body) = get("/hors-ligne/liste.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type(&headers), "application/json");
    serde_json::from_slice(&body).unwrap()
}

#[actix_web::test]
async fn the_list_has_every_rule_in_force_every_french_text_and_every_step() {
    let list = list().await;
    let entries = list["adresses"].as_array().unwrap();
    let urls: HashSet<&str> = entries.iter().map(|e| e[0].as_str().unwrap()).collect();
    assert_eq!(urls.len(), entries.len(), "each address once");
    assert_eq!(list["pages"].as_u64().unwrap() as usize, entries.len());
    let total: u64 = entries.iter().map(|e| e[1].as_u64().unwrap()).sum();
    assert_eq!(list["octets"].as_u64().unwrap(), total);
    assert!(entries.iter().all(|e| e[1].as_u64().unwrap() > 0));
    assert_eq!(list["version"].as_str().unwrap().len(), 16);

    let g = &state().graph;
    let current = g.current().unwrap();
    let mut rules = 0;
    for (i, n) in g.nodes().iter().enumerate() {
        let numbered = n.kind.is_numbered();
        if numbered && n.edition == current {
            // Every rule, chapter and section in force, at its plain address.
            let url = format!("/regles/{}", n.label());
            assert!(urls.contains(url.as_str()), "{url} absent de la liste");
            rules += 1;
        } else if numbered && g.is_translation(n.edition) && g.has_content(NodeIdx(i as u32)) {
            // Every French text: at the number a judge cites it by, or with its edition named.
            let cited = format!("/regles/{}", g.cited_label(NodeIdx(i as u32)));
            let own = format!("/regles/{}?edition=", n.label());
            assert!(
                urls.contains(cited.as_str()) || urls.iter().any(|u| u.starts_with(&own)),
                "{} français absent",
                n.label()
            );
        }
    }
    assert!(rules > 3000, "{rules}");
    // Every step of every shipped scenario.
    for e in &state().examples.entries {
        for step in 0..=e.outcome.steps.len() {
            let url = format!("/exemples/{}?etape={step}", e.scenario.slug);
            assert!(urls.contains(url.as_str()), "{url} absent de la liste");
        }
    }
    for url in ["/", "/hors-ligne/recherche", "/hors-ligne/index.json", "/exemples", "/static/icon.svg"] {
        assert!(urls.contains(url), "{url}");
    }
    assert!(urls.iter().any(|u| u.starts_with("/static/style.css?v=")));
    assert!(urls.iter().any(|u| u.starts_with("/glossaire/")));
    // A size is the body a browser receives.
    for entry in entries.iter().step_by(500) {
        let url = entry[0].as_str().unwrap();
        let (status, _, body) =
            send(TestRequest::get().uri(url).insert_header((header::ACCEPT_ENCODING, "gzip"))).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        assert_eq!(body.len() as u64, entry[1].as_u64().unwrap(), "{url}");
    }
}

#[actix_web::test]
async fn the_index_has_every_rule_in_force_and_every_french_text() {
    let (status, headers, plain) = get("/hors-ligne/index.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type(&headers), "application/json");
    assert!(headers.get(header::CONTENT_ENCODING).is_none());
    let (_, headers, gzipped) =
        send(TestRequest::get().uri("/hors-ligne/index.json").insert_header((header::ACCEPT_ENCODING, "gzip, br")))
            .await;
    assert_eq!(headers.get(header::CONTENT_ENCODING).unwrap(), "gzip");
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(gzipped.as_slice()).read_to_end(&mut unzipped).unwrap();
    assert_eq!(unzipped, plain);
    assert!(gzipped.len() * 3 < plain.len(), "gzip {} octets, JSON {}", gzipped.len(), plain.len());

    let index: Value = serde_json::from_slice(&plain).unwrap();
    let g = &state().graph;
    assert_eq!(index["edition"], "2026-01-16");
    let documents = index["documents"].as_array().unwrap();
    let by_language = |lang: &str| -> HashSet<&str> {
        documents.iter().filter(|d| d[2] == lang).map(|d| d[1].as_str().unwrap()).collect()
    };
    let (english, french) = (by_language("en"), by_language("fr"));
    let numbers: HashSet<&str> = index["numeros"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    let current = g.current().unwrap();
    for (i, n) in g.nodes().iter().enumerate() {
        let idx = NodeIdx(i as u32);
        let rule = matches!(n.kind, NodeKind::Rule | NodeKind::Subrule);
        if rule && n.edition == current {
            // Every rule in force: searched by its text, or (a heading only) reached by its number.
            let label = n.label();
            if arbitre::search::indexed(g, idx) {
                assert!(english.contains(label.as_str()), "{label} absent de l'index");
            } else {
                assert!(numbers.contains(label.as_str()), "{label} absent des numéros");
            }
        } else if arbitre::search::indexed(g, idx) && n.language == arbitre::vocab::Lang::Fr && n.id.is_some() {
            assert!(french.contains(g.cited_label(idx).as_str()), "{} français absent de l'index", n.label());
        }
    }
    // A document: its address, its ids as the relevance files count them, its group with its rule in force.
    let salve = documents.iter().find(|d| d[1] == "608.2b" && d[2] == "fr").unwrap();
    assert_eq!(salve[0], "/regles/608.2b");
    assert!(salve[8].as_array().unwrap().contains(&json!("fr:608.2b")));
    let in_force = documents.iter().find(|d| d[1] == "608.2b" && d[2] == "en").unwrap();
    assert_eq!(salve[7], in_force[7]);
    assert!(index["vocabulaire"].as_array().unwrap().iter().any(|v| v[0] == "piétinement" && v[1] == "trample"));
    assert!(!index["traductions"].as_array().unwrap().is_empty());
}

#[actix_web::test]
async fn the_offline_search_page() {
    let (status, headers, body) = get("/hors-ligne/recherche").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type(&headers), "text/html; charset=utf-8");
    let page = String::from_utf8(body).unwrap();
    assert!(page.contains("id=\"recherche-hors-ligne\" data-index=\"/hors-ligne/index.json\""));
    assert!(page.contains("Pas de réseau\u{a0}: la recherche se fait dans les règles gardées sur cet appareil."));
    let scripts = regex::Regex::new(r"<script(\s[^>]*)?>").unwrap();
    assert!(scripts.find_iter(&page).all(|m| m.as_str().contains(" src=")));
}

// ───────────────────────── A real browser ─────────────────────────

/// The server, on a free port, in its own thread and actix system; its
/// handle stops it (the network « cut »).
fn start_server() -> (SocketAddr, actix_web::dev::ServerHandle) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let state = AppState::new(arbitre::load(&[]).graph).unwrap();
            let (server, addrs) = arbitre::web::bind("127.0.0.1:0", state, Some(2)).unwrap();
            tx.send((addrs[0], server.handle())).unwrap();
            server.await.unwrap();
        })
    });
    rx.recv_timeout(Duration::from_secs(30)).expect("the server starts")
}

/// At 360 px and 1280 px, nothing wider than the viewport; a screenshot of
/// each in `target/navigateur/`, the page scrolled to `element` first.
async fn fits_phone_and_desktop(c: &Client, name: &str, element: &str) {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/navigateur");
    std::fs::create_dir_all(&dir).unwrap();
    for width in [360, 1280] {
        let params = json!({ "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600 });
        c.issue_cmd(Cdp("Emulation.setDeviceMetricsOverride", params)).await.unwrap();
        let v = c
            .execute("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];", vec![])
            .await
            .unwrap();
        assert!(v[0].as_u64() <= v[1].as_u64(), "{name} à {width} px : {v}");
        let scroll = format!("document.getElementById({element:?}).scrollIntoView({{block: 'center'}});");
        c.execute(&scroll, vec![]).await.unwrap();
        std::fs::write(dir.join(format!("{name}-{width}.png")), c.screenshot().await.unwrap()).unwrap();
    }
}

/// Runs `script` until it returns something true, for `seconds` at most.
async fn wait_until(c: &Client, script: &str, seconds: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        let v = c.execute(script, vec![]).await.unwrap();
        if !v.is_null() && v != json!(false) && v != json!("") {
            return v;
        }
        assert!(Instant::now() < deadline, "rien après {seconds} s : {script}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_judge_keeps_the_rules_and_reads_them_without_network() {
    let Some(driver) = start_chromedriver() else { return };
    let (server, handle) = start_server();
    let base = format!("http://{server}");
    let c = browser(&driver).await;
    c.goto(&format!("{base}/regles/608.2b")).await.unwrap();

    // The switch: the size first, then the download with its progress, then « disponible ».
    let toggle = c.wait().for_element(Locator::Id("hors-ligne-interrupteur")).await.unwrap();
    wait_until(&c, "return !document.getElementById('hors-ligne').hidden;", 10).await;
    toggle.click().await.unwrap();
    let asked = wait_until(
        &c,
        "const s = document.getElementById('hors-ligne-etat'); return s.querySelector('button') && s.textContent;",
        // The list of pages is made on the first request: slow in a debug build on a busy machine.
        120,
    )
    .await;
    let asked = asked.as_str().unwrap();
    assert!(asked.contains(" pages, ") && asked.contains("\u{a0}Mo à télécharger."), "{asked}");
    fits_phone_and_desktop(&c, "hors-ligne-taille", "hors-ligne").await;
    c.find(Locator::XPath("//span[@id='hors-ligne-etat']/button[. = 'Télécharger']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let progress = wait_until(&c, "const t = document.getElementById('hors-ligne-etat').textContent; return (/ \\/ .* pages$/.test(t) || t.startsWith('Disponible')) && t;", 60).await;
    assert!(progress.as_str().unwrap().contains(" pages"), "{progress}");
    let done = wait_until(&c, "const t = document.getElementById('hors-ligne-etat').textContent; return t.startsWith('Disponible hors ligne') && t;", 300).await;
    assert!(done.as_str().unwrap().contains("gardées sur cet appareil"), "{done}");
    assert_eq!(
        c.execute("return document.getElementById('hors-ligne-interrupteur').getAttribute('aria-checked');", vec![])
            .await
            .unwrap(),
        "true"
    );
    wait_until(&c, "return !!navigator.serviceWorker.controller;", 20).await;

    // The network cut: Chrome offline, and the server stopped.
    c.issue_cmd(Cdp("Network.enable", json!({}))).await.unwrap();
    let offline = json!({ "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1 });
    c.issue_cmd(Cdp("Network.emulateNetworkConditions", offline)).await.unwrap();
    handle.stop(false).await;
    assert!(TcpStream::connect(server).is_err(), "le serveur répond encore");

    // A rule page, from the phone.
    c.goto(&format!("{base}/regles/608.2h")).await.unwrap();
    let number = c.find(Locator::Css("h1 .num")).await.unwrap().text().await.unwrap();
    assert_eq!(number, "608.2h");
    // A hover preview: the rule's text, from the index kept.
    let preview = "fetch('/api/regles/608.2a').then(r => r.json()).then(j => arguments[0](j.id + ' ' + j.language), e => arguments[0]('erreur ' + e));";
    assert_eq!(c.execute_async(preview, vec![]).await.unwrap(), "608.2a fr");
    // A search from the search box: the offline search page answers, with rule links.
    let q = c.find(Locator::Id("q")).await.unwrap();
    q.send_keys("salve d'aura\u{E007}").await.unwrap();
    let first = wait_until(
        &c,
        "const a = document.querySelector('#hors-ligne-resultats a.result'); return a && a.getAttribute('href');",
        30,
    )
    .await;
    assert_eq!(first, "/regles/608.2b");
    let status = c.find(Locator::Id("hors-ligne-compte")).await.unwrap().text().await.unwrap();
    assert!(status.contains("hors ligne"), "{status}");
    fits_phone_and_desktop(&c, "hors-ligne-recherche", "contenu").await;
    // French found for English-only rules; a second search on the same page.
    let q = c.find(Locator::Id("q")).await.unwrap();
    q.clear().await.unwrap();
    q.send_keys("piétinement contact mortel\u{E007}").await.unwrap();
    let found = wait_until(&c, "const a = [...document.querySelectorAll('#hors-ligne-resultats .num')].map(n => n.textContent); return a.length > 0 && a.slice(0, 5).join(' ');", 30).await;
    assert!(found.as_str().is_some_and(|f| f.contains("702.19")), "{found}");
    // A rule number typed: its page.
    c.goto(&format!("{base}/recherche?q=RC+704.5b")).await.unwrap();
    wait_until(
        &c,
        "return location.pathname === '/regles/704.5b' && document.querySelector('h1 .num').textContent === '704.5b';",
        30,
    )
    .await;
    // A scenario step.
    c.goto(&format!("{base}/exemples/salve-d-aura-cible-legale?etape=1")).await.unwrap();
    wait_until(&c, "return !!document.querySelector('h2#etape-titre');", 10).await;

    // Off: the cache is deleted.
    c.find(Locator::Id("hors-ligne-interrupteur")).await.unwrap().click().await.unwrap();
    wait_until(
        &c,
        "return document.getElementById('hors-ligne-etat').textContent.startsWith('Plus disponible hors ligne');",
        20,
    )
    .await;
    let kept = c.execute_async("caches.has('arbitre-hors-ligne').then(arguments[0]);", vec![]).await.unwrap();
    assert_eq!(kept, json!(false));
    c.close().await.unwrap();
}
