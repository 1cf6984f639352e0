//! The server's limits, each tried: a stalled body, a body announced too
//! long, a body sent on a page that takes none, scenarios at and beyond the
//! engine's budgets. Against the real server on loopback (bodies and
//! timeouts need real connections), or in process for the scenarios.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::web::Data;
use arbitre::engine::scenario::{MAX_ABILITIES, MAX_CARDS, MAX_PLAYERS, MAX_TARGETS, MAX_TEXT_CHARS};
use arbitre::web::{AppState, app};

/// The real server, with a body time limit of one second, on a free port.
fn start_server() -> SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let mut state = AppState::new(arbitre::load(&[]).graph).unwrap();
            state.body_timeout = Duration::from_secs(1);
            let (server, addrs) = arbitre::web::bind("127.0.0.1:0", state, Some(1)).unwrap();
            tx.send(addrs[0]).unwrap();
            server.await.unwrap();
        })
    });
    rx.recv_timeout(Duration::from_secs(30)).expect("the server starts")
}

/// Sends `head` (and nothing more), then reads until the server closes or
/// 10 s pass: the answer, when its first byte came, and when the server
/// closed the connection.
fn send_and_wait(addr: SocketAddr, head: &str) -> (String, Duration, Duration) {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let start = Instant::now();
    stream.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    let mut first = None;
    let mut buf = [0u8; 8192];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                first.get_or_insert(start.elapsed());
                answer.extend_from_slice(&buf[..n]);
            }
        }
    }
    let closed = start.elapsed();
    (String::from_utf8_lossy(&answer).into_owned(), first.unwrap_or(closed), closed)
}

#[test]
fn a_stalled_body_gets_its_408_in_time_and_its_connection_closed() {
    let addr = start_server();
    let head = "POST /exemples/essai HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                Content-Length: 100000\r\n\r\nscenario=";
    let (answer, took, closed) = send_and_wait(addr, head);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("Envoi trop lent"), "{answer}");
    // Answered after the body time limit (1 s here), and the connection
    // closed by the server soon after (the read ended before 10 s).
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(3), "{took:?}");
    assert!(closed < Duration::from_secs(5), "{closed:?}");
}

#[test]
fn headers_that_never_end_get_a_408() {
    let addr = start_server();
    let (answer, took, closed) = send_and_wait(addr, "GET /regles/608.2b HTTP/1.1\r\nHost: x\r\n");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let limit = arbitre::web::limits::HEADER_TIMEOUT;
    assert!(took >= limit - Duration::from_millis(500) && took < limit + Duration::from_secs(3), "{took:?}");
    assert!(closed < limit + Duration::from_secs(5), "{closed:?}");
}

#[test]
fn a_body_announced_too_long_is_refused_before_it_is_read() {
    let addr = start_server();
    let head = "POST /exemples/essai HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                Content-Length: 100000000\r\n\r\nscenario=";
    let (answer, took, closed) = send_and_wait(addr, head);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(took < Duration::from_millis(900), "answered without waiting for the body: {took:?}");
    assert!(closed < Duration::from_secs(5), "{closed:?}");
}

#[test]
fn a_body_sent_to_a_page_that_takes_none_is_answered_and_closed() {
    let addr = start_server();
    for head in [
        "GET /regles/608.2b HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc",
        "POST /regles/608.2b HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nabc",
    ] {
        let (answer, took, closed) = send_and_wait(addr, head);
        assert!(answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.1 405"), "{answer}");
        assert!(took < Duration::from_secs(1) && closed < Duration::from_secs(5), "{took:?} {closed:?}");
    }
}

// ---------------------------------------------------------------- scenarios at the budgets

/// A scenario of `players` players and `cards` cards, each card written by `card(i)`.
fn scenario(players: usize, cards: usize, card: impl Fn(usize) -> String, steps: &str) -> String {
    let names: Vec<String> = (0..players).map(|i| format!("\"J{i}\"")).collect();
    let mut toml = format!("titre = \"limite\"\njoueurs = [{}]\n", names.join(", "));
    for i in 0..cards {
        toml.push_str(&card(i));
    }
    toml.push_str(steps);
    toml
}

fn creature(i: usize, abilities: usize) -> String {
    let list: Vec<&str> = ["\"vol\""; 64][..abilities].to_vec();
    format!(
        "[[carte]]\nid = \"c{i}\"\nnom = \"C{i}\"\ntype = \"Créature : ours\"\nforce = 1\nendurance = 99\n\
         capacites = [{}]\nproprietaire = \"J{}\"\nzone = \"champ de bataille\"\n",
        list.join(", "),
        i % 2
    )
}

fn sorcery(id: &str, text: &str) -> String {
    format!(
        "[[carte]]\nid = \"{id}\"\nnom = \"S\"\ntype = \"Rituel\"\ntexte = \"{text}\"\nproprietaire = \"J0\"\nzone = \"main\"\n"
    )
}

async fn post(toml: &str) -> (StatusCode, String, Duration) {
    let state = AppState::new(arbitre::load(&[]).graph).unwrap();
    let service = test::init_service(app(Data::new(state))).await;
    let start = Instant::now();
    let req = TestRequest::post().uri("/exemples/essai").set_form([("scenario", toml)]);
    let response = test::call_service(&service, req.to_request()).await;
    let status = response.status();
    let body = test::read_body(response).await;
    (status, String::from_utf8_lossy(&body).into_owned(), start.elapsed())
}

#[actix_web::test]
async fn scenarios_beyond_a_budget_are_refused_with_the_limit_named() {
    let ping = "~ inflige 1 blessure à chaque créature et à chaque joueur. ";
    let targets = |n: usize| vec!["Détruisez la créature ciblée."; n].join(" ");
    let cast = |n: usize| {
        let list: Vec<String> = (0..n).map(|i| format!("\"c{i}\"")).collect();
        format!("[[etape]]\nlancer = \"s\"\ncibles = [{}]\n", list.join(", "))
    };
    let cases = [
        (scenario(2, 2, |i| creature(i, MAX_ABILITIES + 1), ""), "trop de capacités (17, au plus 16)"),
        (
            scenario(
                2,
                20,
                |i| if i == 19 { sorcery("s", &targets(MAX_TARGETS + 1)) } else { creature(i, 1) },
                &cast(17),
            ),
            "trop de cibles (17, au plus 16)",
        ),
        (scenario(2, 1, |_| sorcery("s", &ping.repeat(MAX_TEXT_CHARS / 50)), ""), "texte trop long"),
        (
            scenario(2, 1, |_| sorcery("s", &ping.repeat(MAX_ABILITIES + 1)), ""),
            "instructions et de capacités dans le texte (17, au plus 16)",
        ),
        (scenario(2, MAX_CARDS + 1, |i| creature(i, 1), ""), "trop de cartes (101, au plus 100)"),
        (scenario(MAX_PLAYERS + 1, 1, |i| creature(i, 1), ""), "trop de joueurs (17, au plus 16)"),
    ];
    for (toml, message) in cases {
        let (status, body, took) = post(&toml).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{message}: {body}");
        assert!(body.contains(message), "{message}: {body}");
        assert!(took < Duration::from_secs(1), "{message}: {took:?}");
        assert!(body.len() < 3 * toml.len() + 20_000, "{message}: {} octets", body.len());
    }
}

#[actix_web::test]
async fn the_heaviest_scenarios_within_the_budgets_give_bounded_pages() {
    // 16 players, 98 creatures with 16 abilities each, and a spell of 16
    // sentences dealing damage to each creature and each player, cast and
    // resolved while the budgets allow.
    let ping = "~ inflige 1 blessure à chaque créature et à chaque joueur. ".repeat(MAX_ABILITIES);
    let mut steps = String::new();
    for _ in 0..60 {
        steps.push_str(
            "[[etape]]\nlancer = \"s\"\n[[etape]]\nresoudre = true\n[[etape]]\ndeplacer = \"s\"\nvers = \"main\"\n",
        );
    }
    let toml =
        scenario(MAX_PLAYERS, 99, |i| if i == 98 { sorcery("s", &ping) } else { creature(i, MAX_ABILITIES) }, &steps);
    assert!(toml.len() < arbitre::engine::MAX_SCENARIO_BYTES);
    let (status, body, took) = post(&toml).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("scénario trop lourd"), "{body}");
    assert!(body.len() < 3 * toml.len() + 20_000, "{} octets", body.len());
    assert!(took < Duration::from_secs(2), "{took:?}");
    // One round only: it plays, and its page draws one board.
    let toml = scenario(
        MAX_PLAYERS,
        99,
        |i| if i == 98 { sorcery("s", &ping[..ping.len() / 2]) } else { creature(i, MAX_ABILITIES) },
        "[[etape]]\nlancer = \"s\"\n[[etape]]\nresoudre = true\n",
    );
    let (status, body, _) = post(&toml).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body.matches("id=\"plateau\"").count(), 1);
    assert!(body.len() < 1_000_000, "{} octets", body.len());
}

#[actix_web::test]
async fn combat_and_trigger_storms_stay_within_the_budgets() {
    // 98 creatures: half attack, each blocked by one of the other half, with
    // first strike on every other one: two damage steps, bounded pages.
    let fighter = |i: usize| {
        let keywords = if i.is_multiple_of(4) {
            "\"initiative\", \"piétinement\", \"lien de vie\""
        } else {
            "\"contact mortel\""
        };
        format!(
            "[[carte]]\nid = \"c{i}\"\nnom = \"C{i}\"\ntype = \"Créature : ours\"\nforce = 3\nendurance = 2\n\
             capacites = [{keywords}]\nproprietaire = \"J{}\"\nzone = \"champ de bataille\"\n",
            i % 2
        )
    };
    let attackers: Vec<String> = (0..98).step_by(2).map(|i| format!("\"c{i}\"")).collect();
    let blocks: Vec<String> = (0..98).step_by(2).map(|i| format!("c{} = \"c{i}\"", i + 1)).collect();
    let steps = format!(
        "[[etape]]\nattaquer = [{}]\n[[etape]]\nbloquer = {{ {} }}\n[[etape]]\nblessures = true\n",
        attackers.join(", "),
        blocks.join(", ")
    );
    let toml = scenario(2, 98, fighter, &steps);
    let (status, body, _) = post(&toml).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("Étape des blessures d’initiative"));
    assert!(body.len() < 1_000_000, "{} octets", body.len());
    // A wipe that triggers 16 « another creature dies » abilities on each of
    // 40 creatures: thousands of abilities, stopped by the events budget.
    let watcher =
        "À chaque fois qu'une autre créature que vous contrôlez meurt, piochez une carte. ".repeat(MAX_ABILITIES);
    let card = |i: usize| {
        if i == 0 {
            sorcery("s", "Détruisez toutes les créatures.")
        } else {
            format!(
                "[[carte]]\nid = \"c{i}\"\nnom = \"C{i}\"\ntype = \"Créature : elfe\"\nforce = 1\nendurance = 1\n\
                 texte = \"{}\"\nproprietaire = \"J0\"\nzone = \"champ de bataille\"\n",
                watcher.trim()
            )
        }
    };
    let toml = scenario(2, 41, card, "[[etape]]\nlancer = \"s\"\n[[etape]]\nresoudre = true\n");
    assert!(toml.len() < arbitre::engine::MAX_SCENARIO_BYTES);
    let (status, body, _) = post(&toml).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body.contains("scénario trop lourd"), "{body}");
}
