//! A real browser: Debian's headless Chromium, driven through chromedriver
//! with fantoccini, against the server listening on a real socket.
//!
//! Needs `chromium` and `chromium-driver` (`.ci/run` installs them);
//! `CHROMEDRIVER` names another driver than the `chromedriver` of the `PATH`.
//! Without a driver the two browser tests say they are skipped — and fail
//! when `CI` is set. The screenshots land in `target/navigateur/`.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// The server, on a free port, in its own thread and actix system.
fn start_server() -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let state = arbitre::web::AppState::new(arbitre::load(&[]).graph).unwrap();
            let (server, addrs) = arbitre::web::bind("127.0.0.1:0", state, Some(2)).unwrap();
            tx.send(addrs[0]).unwrap();
            server.await.unwrap();
        })
    });
    rx.recv_timeout(Duration::from_secs(30)).expect("the server starts")
}

/// chromedriver, stopped when dropped.
pub(crate) struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// chromedriver on a free port, or `None` when there is none (the test is skipped).
pub(crate) fn start_chromedriver() -> Option<Driver> {
    let port = free_port();
    let program = std::env::var_os("CHROMEDRIVER").unwrap_or_else(|| "chromedriver".into());
    let spawned =
        Command::new(&program).arg(format!("--port={port}")).stdout(Stdio::null()).stderr(Stdio::null()).spawn();
    let child = match spawned {
        Ok(child) => child,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            crate::common::skip(&format!(
                "{} introuvable : installez chromium et chromium-driver \
                 (apt-get install -y chromium chromium-driver), comme le fait .ci/run",
                program.to_string_lossy()
            ));
            return None;
        }
        Err(e) => panic!("chromedriver ne démarre pas : {e}"),
    };
    // From here on the driver is stopped and reaped whatever happens.
    let driver = Driver { child, url: format!("http://127.0.0.1:{port}") };
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if let Ok((200, _)) = raw_get(&format!("127.0.0.1:{port}"), "/status") {
            return Some(driver);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("chromedriver ne répond pas sur le port {port}");
}

/// A plain HTTP/1.1 GET over a socket: status and body.
fn raw_get(addr: &str, path: &str) -> std::io::Result<(u16, Vec<u8>)> {
    raw_request(addr, &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"))
}

fn raw_request(addr: &str, request: &str) -> std::io::Result<(u16, Vec<u8>)> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    stream.write_all(request.as_bytes())?;
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let head = String::from_utf8_lossy(&response[..response.len().min(64)]).to_string();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok((status, response))
}

/// A Chrome DevTools Protocol command, through chromedriver.
#[derive(Debug)]
pub(crate) struct Cdp(pub(crate) &'static str, pub(crate) Value);

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/goog/cdp/execute", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "cmd": self.0, "params": self.1 }).to_string()))
    }
}

pub(crate) async fn browser(driver: &Driver) -> Client {
    let profile = tempfile::tempdir().unwrap().keep();
    let mut caps = Capabilities::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": "/usr/bin/chromium",
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", format!("--user-data-dir={}", profile.display()), "--window-size=1280,900"
            ]
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("chromium starts under chromedriver")
}

/// Sets the viewport exactly (as a phone at 360 px, or a desktop).
async fn viewport(c: &Client, width: u32) {
    let params = json!({ "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600 });
    c.issue_cmd(Cdp("Emulation.setDeviceMetricsOverride", params)).await.unwrap();
}

/// Whether anything on the page is wider than the viewport.
async fn overflows(c: &Client) -> (u64, u64) {
    let v = c
        .execute("return [document.documentElement.scrollWidth, document.documentElement.clientWidth];", vec![])
        .await
        .unwrap();
    (v[0].as_u64().unwrap(), v[1].as_u64().unwrap())
}

fn shots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/navigateur");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The PNG's width, from its header.
fn png_width(png: &[u8]) -> u32 {
    assert_eq!(&png[1..4], b"PNG");
    u32::from_be_bytes(png[16..20].try_into().unwrap())
}

async fn wait_until(c: &Client, script: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let v = c.execute(script, vec![]).await.unwrap();
        if !v.is_null() && v != json!(false) && v != json!("") {
            return v;
        }
        assert!(Instant::now() < deadline, "rien après 10 s : {script}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_judge_searches_reads_previews_and_cites() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let base = format!("http://{server}");
    let c = browser(&driver).await;

    // Home: the search box has focus.
    c.goto(&base).await.unwrap();
    assert_eq!(c.execute("return document.activeElement.id;", vec![]).await.unwrap(), "q");

    // Type « salve d'aura », open the first result: it is 608.2b.
    c.find(Locator::Id("q")).await.unwrap().send_keys("salve d'aura\u{E007}").await.unwrap();
    let first = c.wait().for_element(Locator::Css("ol.results a.result")).await.unwrap();
    first.click().await.unwrap();
    wait_until(&c, "return location.pathname === '/regles/608.2b';").await;
    let number = c.find(Locator::Css("h1 .num")).await.unwrap().text().await.unwrap();
    assert_eq!(number, "608.2b");

    // « / » focuses the search box from anywhere.
    c.execute("document.activeElement.blur();", vec![]).await.unwrap();
    c.find(Locator::Css("body")).await.unwrap().send_keys("/").await.unwrap();
    assert_eq!(c.execute("return document.activeElement.id;", vec![]).await.unwrap(), "q");

    // Hover the link to 608.2a: its preview shows 608.2a's text.
    let link = c.find(Locator::Css("a[data-preview='/api/regles/608.2a']")).await.unwrap();
    let hover = MouseActions::new("souris".into()).then(PointerAction::MoveToElement {
        element: link.clone(),
        duration: Some(Duration::from_millis(50)),
        x: 0.0,
        y: 0.0,
    });
    c.perform_actions(hover).await.unwrap();
    let preview =
        wait_until(&c, "const p = document.getElementById('apercu'); return !p.hidden && p.textContent;").await;
    let preview = preview.as_str().unwrap();
    assert!(preview.starts_with("RC 608.2a"), "{preview}");
    assert!(preview.contains("clause d’intervention"), "{preview}");
    // Keyboard: focusing a link shows its preview too.
    let preview = focus_preview(&c, "a[data-preview='/api/regles/608.2c']", "608.2c").await;
    assert!(preview.contains("instructions"), "{preview}");

    // « Citer » copies the citation and the permalink; read the clipboard back.
    let grant = json!({ "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"], "origin": base });
    c.issue_cmd(Cdp("Browser.grantPermissions", grant)).await.unwrap();
    c.find(Locator::Css("button.cite")).await.unwrap().click().await.unwrap();
    // The 2011 French text: cited by its number in force, with its edition,
    // and a permalink to that edition.
    let expected = format!("RC 608.2b (texte français de 2011) — {base}/regles/608.2b?edition=fr-2011-02-04");
    wait_until(&c, "return document.querySelector('.cite-status').textContent;").await;
    let copied = c
        .execute_async("navigator.clipboard.readText().then(arguments[0], e => arguments[0]('erreur : ' + e));", vec![])
        .await
        .unwrap();
    assert_eq!(copied, json!(expected));

    // The 2011 French 608.2g, at 608.2h in force: the rule in force beside it,
    // folded on a phone, open on a desktop, and the change notice.
    viewport(&c, 360).await;
    c.goto(&format!("{base}/regles/608.2h")).await.unwrap();
    let notice = c.find(Locator::Css("p.notice")).await.unwrap().text().await.unwrap();
    assert!(notice.starts_with("Ce texte date de 2011\u{202f}; la règle a changé depuis."), "{notice}");
    let open = "return document.getElementById('en-vigueur').open;";
    assert_eq!(c.execute(open, vec![]).await.unwrap(), json!(false), "folded on a phone");
    let summary = c.find(Locator::Css("details.in-force summary")).await.unwrap().text().await.unwrap();
    assert_eq!(summary, "En vigueur (2026-01-16) : 608.2h");
    viewport(&c, 1280).await;
    c.refresh().await.unwrap();
    wait_until(&c, open).await;
    let diff = c.find(Locator::Css("details.in-force p.diff del")).await.unwrap().text().await.unwrap();
    assert!(diff.contains("itself or a target"), "{diff}");
    fits_phone_and_desktop(&c, "regles_608.2h").await;

    // 360 px and 1280 px: nothing overflows horizontally; screenshots kept.
    for page in [
        "/regles/608.2b",
        "/",
        "/recherche?q=salve+d%27aura",
        "/regles/608",
        "/regles/701",
        "/changements",
        "/changements/2025-11-14..2026-01-16",
        "/regles/608.2h/historique",
        "/exemples",
        "/exemples/format",
        "/exemples/essai",
        "/exemples/salve-d-aura-cible-legale/etsi?carte=croisade&capacite=vol&avant=2",
        "/recherche?q=chercher+une+carte",
        "/regles/7",
        "/glossaire/last%20known%20information",
        "/regles/999.9",
        "/cours/semaine-5-lancer-des-sorts-et-activer-des-capacites",
        "/cartes/kitchen-finks",
    ] {
        c.goto(&format!("{base}{page}")).await.unwrap();
        let name = page.trim_start_matches('/').replace(['/', '?', '=', '%', '+', '.'], "_");
        fits_phone_and_desktop(&c, if name.is_empty() { "accueil" } else { &name }).await;
    }
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn what_if_on_salve_d_aura_without_writing_toml() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let c = browser(&driver).await;
    viewport(&c, 360).await;
    c.goto(&format!("http://{server}/exemples/salve-d-aura-cible-legale?etape=1")).await.unwrap();
    c.find(Locator::Css("details.etsi summary")).await.unwrap().click().await.unwrap();
    fits_phone_and_desktop(&c, "et-si-controles").await;
    viewport(&c, 360).await;
    // Give the enchantment protection from white, before the resolution.
    let choose = |name: &str, value: &str| {
        format!(
            "const s = document.querySelector('details.etsi select[name={name}]'); s.value = {value:?}; return s.value;"
        )
    };
    for (name, value) in [("carte", "croisade"), ("capacite", "protection contre le blanc"), ("avant", "2")] {
        let set = c.execute(&choose(name, value), vec![]).await.unwrap();
        assert_eq!(set, json!(value), "{name}");
    }
    c.find(Locator::Css("details.etsi button[type=submit]")).await.unwrap().click().await.unwrap();
    let played = c.wait().for_element(Locator::Css("article.played")).await.unwrap().text().await.unwrap();
    assert!(played.contains("ne se résout pas"), "{played}");
    // On a phone the step-through comes before the TOML, which stays editable.
    let order = "const a = document.querySelector('article.played').getBoundingClientRect().top;                  const t = document.getElementById('scenario').getBoundingClientRect().top; return a < t;";
    assert_eq!(c.execute(order, vec![]).await.unwrap(), json!(true));
    let area = c.find(Locator::Id("scenario")).await.unwrap().prop("value").await.unwrap().unwrap();
    assert!(area.contains("gagne = [\"protection contre le blanc\"]"), "{area}");
    fits_phone_and_desktop(&c, "et-si-resultat").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_phone_a_tap_previews_a_rule_and_a_second_tap_opens_it() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let c = browser(&driver).await;
    viewport(&c, 360).await;
    c.goto(&format!("http://{server}/regles/608.2b")).await.unwrap();
    let selector = "a.ref.next[data-preview]";
    let tap = |link: fantoccini::elements::Element| {
        use fantoccini::actions::{InputSource, PointerAction, TouchActions};
        TouchActions::new("doigt".into())
            .then(PointerAction::MoveToElement { element: link, duration: None, x: 0.0, y: 0.0 })
            .then(PointerAction::Down { button: 0 })
            .then(PointerAction::Up { button: 0 })
    };
    let into_view = format!("document.querySelector({selector:?}).scrollIntoView({{block: 'center'}});");
    c.execute(&into_view, vec![]).await.unwrap();
    let link = c.find(Locator::Css(selector)).await.unwrap();
    let href = link.attr("href").await.unwrap().unwrap();
    let before = c.current_url().await.unwrap();
    c.perform_actions(tap(link.clone())).await.unwrap();
    let wait = "const p = document.getElementById('apercu'); return !p.hidden && p.textContent.startsWith('RC ') && p.textContent;";
    let preview = wait_until(&c, wait).await;
    assert!(preview.as_str().unwrap_or_default().contains("Ouvrir la règle"), "{preview}");
    assert_eq!(c.current_url().await.unwrap(), before, "the first tap stays on the page");
    fits_phone_and_desktop(&c, "apercu-tactile").await;
    viewport(&c, 360).await;
    // The second tap on the same link follows it.
    c.execute(&into_view, vec![]).await.unwrap();
    let link = c.find(Locator::Css(selector)).await.unwrap();
    c.perform_actions(tap(link)).await.unwrap();
    let script = format!("return location.pathname + location.search === {href:?};");
    wait_until(&c, &script).await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn the_pages_a_judge_reads_fit_a_phone_in_both_themes() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let c = browser(&driver).await;
    for theme in ["light", "dark"] {
        let media = json!({ "features": [{ "name": "prefers-color-scheme", "value": theme }] });
        c.issue_cmd(Cdp("Emulation.setEmulatedMedia", media)).await.unwrap();
        for (page, name) in [
            ("/", "accueil"),
            ("/regles/608.2b", "regle"),
            ("/recherche?q=salve+d%27aura+protection", "recherche"),
            ("/exemples/pietinement-et-contact-mortel?etape=4", "etape"),
        ] {
            c.goto(&format!("http://{server}{page}")).await.unwrap();
            if name == "etape" {
                // The « et si » controls, unfolded and in view.
                c.execute("const d = document.querySelector('details.etsi'); d.open = true;", vec![]).await.unwrap();
                fits_phone_and_desktop(&c, &format!("{name}-{theme}")).await;
                c.execute("document.querySelector('details.etsi').scrollIntoView();", vec![]).await.unwrap();
                fits_phone_and_desktop(&c, &format!("et-si-{theme}")).await;
            } else {
                fits_phone_and_desktop(&c, &format!("{name}-{theme}")).await;
            }
            let scheme = c.execute("return matchMedia('(prefers-color-scheme: dark)').matches;", vec![]).await.unwrap();
            assert_eq!(scheme, json!(theme == "dark"), "{page}");
        }
    }
    c.close().await.unwrap();
}

/// Focuses a rule link and waits for its preview; returns the preview's text.
async fn focus_preview(c: &Client, selector: &str, id: &str) -> String {
    let focus = format!("document.querySelector({selector:?}).focus();");
    c.execute(&focus, vec![]).await.unwrap();
    let wait = format!(
        "const p = document.getElementById('apercu'); return !p.hidden && p.textContent.startsWith('RC {id}') && p.textContent;"
    );
    wait_until(c, &wait).await.as_str().unwrap_or_default().to_string()
}

/// Checks that nothing overflows at 360 px and 1280 px, and keeps screenshots.
async fn fits_phone_and_desktop(c: &Client, name: &str) {
    for width in [360, 1280] {
        viewport(c, width).await;
        let (scroll, client) = overflows(c).await;
        assert!(scroll <= client, "{name} à {width} px : {scroll} > {client}");
        let png = c.screenshot().await.unwrap();
        assert_eq!(png_width(&png), width, "{name}");
        std::fs::write(shots().join(format!("{name}-{width}.png")), png).unwrap();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_judge_steps_through_a_scenario_and_asks_what_if() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let base = format!("http://{server}");
    let c = browser(&driver).await;

    // The list, then the Spores pesteuses example.
    c.goto(&format!("{base}/exemples")).await.unwrap();
    c.find(Locator::Css("a[href='/exemples/spores-pesteuses-terrain-anime-devient-noir']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&c, "return document.querySelector('h2#etape-titre').textContent === 'Situation de départ';").await;
    fits_phone_and_desktop(&c, "exemple-depart").await;

    // Step by step with « suivante » until the last step.
    for step in 1..=5 {
        c.find(Locator::Css("a[rel=next]")).await.unwrap().click().await.unwrap();
        let script = format!("return location.search === '?etape={step}';");
        wait_until(&c, &script).await;
    }
    assert!(c.find_all(Locator::Css("a[rel=next]")).await.unwrap().is_empty());
    let graveyard = c
        .execute("return [...document.querySelectorAll('.player')].map(p => p.textContent).join(' ');", vec![])
        .await
        .unwrap();
    assert!(graveyard.as_str().unwrap().contains("Cimetière"), "{graveyard}");
    let result = c.find(Locator::Css("section.result")).await.unwrap().text().await.unwrap();
    assert!(result.contains("Le résultat attendu par le scénario est vérifié"), "{result}");
    fits_phone_and_desktop(&c, "exemple-resolution").await;

    // A rule cited by a step shows its preview.
    viewport(&c, 1280).await;
    let preview = focus_preview(&c, "ol.events a[data-preview='/api/regles/608.2b']", "608.2b").await;
    assert!(preview.contains("cibles"), "{preview}");

    // « What if » the land gained protection from black instead of turning black:
    // both targets are illegal, the spell doesn't resolve, the expectation fails.
    c.find(Locator::LinkText("Modifier ce scénario et le rejouer")).await.unwrap().click().await.unwrap();
    let area = c.wait().for_element(Locator::Id("scenario")).await.unwrap();
    let text = area.prop("value").await.unwrap().unwrap();
    assert!(text.contains("couleurs = [\"noir\"]"));
    area.clear().await.unwrap();
    area.send_keys(&text.replace("couleurs = [\"noir\"]", "gagne = [\"protection contre le noir\"]")).await.unwrap();
    c.find(Locator::Css("form.editor button[type=submit]")).await.unwrap().click().await.unwrap();
    let result = c.wait().for_element(Locator::Css("section.result")).await.unwrap().text().await.unwrap();
    assert!(result.contains("Sorts non résolus\nSpores pesteuses"), "{result}");
    assert!(result.contains("n’est pas vérifié"), "{result}");
    fits_phone_and_desktop(&c, "essai-resultat").await;

    // A mistake is shown above the text, with its line.
    let area = c.find(Locator::Id("scenario")).await.unwrap();
    area.send_keys("\nbizarre = 1\n").await.unwrap();
    c.find(Locator::Css("form.editor button[type=submit]")).await.unwrap().click().await.unwrap();
    let error = c.wait().for_element(Locator::Css("#erreur")).await.unwrap().text().await.unwrap();
    assert!(error.contains("Scénario invalide.") && error.contains("«\u{202f}bizarre\u{202f}» inconnue"), "{error}");
    fits_phone_and_desktop(&c, "essai-erreur").await;
    c.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_judge_steps_through_a_combat() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let c = browser(&driver).await;
    c.goto(&format!("http://{server}/exemples/double-initiative-et-pietinement")).await.unwrap();
    wait_until(&c, "return document.querySelector('h2#etape-titre').textContent === 'Situation de départ';").await;
    let tags = "return [...document.querySelectorAll('.tag.combat')].map(t => t.textContent).join(' | ');";
    // Attackers, then blockers: each drawn on the board with its part in the combat.
    let mut seen = Vec::new();
    for step in 1..=4 {
        c.find(Locator::Css("a[rel=next]")).await.unwrap().click().await.unwrap();
        wait_until(&c, &format!("return location.search === '?etape={step}';")).await;
        seen.push(c.execute(tags, vec![]).await.unwrap().as_str().unwrap_or_default().to_string());
        if step == 3 {
            fits_phone_and_desktop(&c, "combat-bloqueurs").await;
        }
    }
    assert_eq!(seen[1], "attaque Rob", "{seen:?}");
    assert_eq!(seen[2], "attaque Rob | bloque Mammouth de guerre", "{seen:?}");
    // The damage step: the first-strike step, then the regular one, the damage assigned.
    let events = c.find(Locator::Css("ol.events")).await.unwrap().text().await.unwrap();
    let first = events.find("Étape des blessures d’initiative").expect("first-strike step");
    let regular = events.find("Étape des blessures de combat").expect("regular step");
    assert!(first < regular, "{events}");
    assert!(events.contains("1 blessure à Elfes de Llanowar, 2 blessures à Rob"), "{events}");
    assert!(events.contains("qui passe à 15 points de vie"), "{events}");
    fits_phone_and_desktop(&c, "combat-blessures").await;
    c.close().await.unwrap();
}

#[test]
fn the_real_server_answers_long_addresses_and_head() {
    let server = start_server().to_string();
    // 100 KB of query string: a 4xx, and the server still answers afterwards.
    let (status, _) = raw_get(&server, &format!("/recherche?q={}", "a".repeat(100 * 1024))).unwrap();
    assert!((400..500).contains(&status), "{status}");
    let (status, _) = raw_get(&server, "/regles/608.2b").unwrap();
    assert_eq!(status, 200);
    // HEAD: the headers of GET, no body.
    let (status, response) =
        raw_request(&server, &format!("HEAD /regles/608.2b HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n"))
            .unwrap();
    assert_eq!(status, 200);
    let text = String::from_utf8_lossy(&response);
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(head.to_lowercase().contains("content-type: text/html"), "{head}");
    assert!(body.is_empty(), "HEAD has no body: {body:.80}");
    // An unknown method.
    let (status, _) =
        raw_request(&server, &format!("BREW /regles/608.2b HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n"))
            .unwrap();
    assert_eq!(status, 405);
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_phone_a_search_naming_two_cards_shows_both_and_the_layer() {
    let Some(driver) = start_chromedriver() else { return };
    let server = start_server();
    let c = browser(&driver).await;
    viewport(&c, 360).await;
    c.goto(&format!("http://{server}/recherche?q=lune+de+sang+urborg")).await.unwrap();
    // On the first screen (800 px high, nothing scrolled): both cards, and
    // rule 613 (the type-changing layer) among the results.
    let script = "const h = window.innerHeight; \
        const seen = (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= h; }; \
        const cards = [...document.querySelectorAll('section.cartes a')].filter(seen).map(a => a.textContent); \
        const rules = [...document.querySelectorAll('a[href^=\"/regles/613\"]')].filter(seen).map(a => a.getAttribute('href')); \
        return [cards, rules];";
    let v = c.execute(script, vec![]).await.unwrap();
    let cards: Vec<&str> = v[0].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(cards.contains(&"Blood Moon") && cards.iter().any(|c| c.starts_with("Urborg")), "{v}");
    let layout = c
        .execute(
            "return [...document.querySelectorAll('main > *, main section, main li')].slice(0, 30).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().top) + ' ' + (e.textContent || '').slice(0, 40));",
            vec![],
        )
        .await
        .unwrap();
    assert!(!v[1].as_array().unwrap().is_empty(), "no rule 613 on the first screen: {v} {layout}");
    let (scroll, client) = overflows(&c).await;
    assert!(scroll <= client, "the results overflow at 360 px: {scroll} > {client}");
    // The card's page, from the box, fits the phone too.
    c.find(Locator::Css("section.cartes a[href='/cartes/blood-moon']")).await.unwrap().click().await.unwrap();
    wait_until(&c, "return location.pathname === '/cartes/blood-moon';").await;
    let (scroll, client) = overflows(&c).await;
    assert!(scroll <= client, "the card page overflows at 360 px: {scroll} > {client}");
    c.close().await.unwrap();
}
