//! Endurance attackers against a running `arbitre serve`, run by hand (not in
//! CI), usually by `scripts/endurance.sh`:
//!
//! ```text
//! args ──▶ mode ──▶ N client tasks (tokio, multi-thread) ──TCP──▶ server
//!                       │ each returns its counts when the duration ends
//!                       └──▶ merged ──▶ one line of figures in French (stdout)
//! ```
//!
//! - `corps-bloque`: a form POST whose body never comes (`Content-Length:
//!   100000`, then `scenario=` and nothing more); waits for the server to
//!   answer (408 expected) or close, then does it again.
//! - `entetes-lents`: `GET /regles/608.2b`, then one byte of header a second,
//!   forever; counts answers and closes, then does it again.
//! - `editeur`: posts the heaviest scenarios the limits allow to
//!   `/exemples/essai` in a loop, and some just beyond a limit (expected to be
//!   refused quickly); counts statuses, response times and the largest body.
//! - `scenarios DOSSIER`: writes the generated scenarios there, one file
//!   each, to check them with `arbitre explique`.
//!
//! `cargo run --release --example attaque -- corps-bloque --addr 127.0.0.1:8190 --clients 2000 --duree 10`.
//! Network errors are counted, never a panic.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::time::{Instant, sleep, timeout_at};

/// How long a connection attempt may wait (a server that stops accepting
/// leaves it in the listen queue).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
/// The pause before trying again after a refused connection.
const RETRY_PAUSE: Duration = Duration::from_millis(200);
/// Connection attempts in flight at once, all clients together.
const CONNECTS_AT_ONCE: usize = 256;
/// The longest an editor's request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an editor's request started before the end may still run after it.
const GRACE: Duration = Duration::from_secs(5);

/// A form POST announcing 100,000 bytes and sending 9.
const STALLED_HEAD: &[u8] = b"POST /exemples/essai HTTP/1.1\r\nHost: x\r\n\
Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nscenario=";
/// The request line of the slow client; its headers follow a byte a second.
const SLOW_HEAD: &[u8] = b"GET /regles/608.2b HTTP/1.1\r\n";
/// The header sent a byte a second, over and over.
const SLOW_HEADER: &[u8] = b"X-Lent: abcdefghijklmnopqrstuvwxyz\r\n";

// Limits of the scenarios, mirrored from the server's (`arbitre::engine`:
// `MAX_SCENARIO_BYTES`, `scenario::MAX_*`, `trace::MAX_EVENTS`) to aim at
// them; written here so that the attacker does not follow their renames.
const MAX_PLAYERS: usize = 16;
const MAX_CARDS: usize = 100;
const MAX_STEPS: usize = 200;
const MAX_BYTES: usize = 64 * 1024;
/// Keywords listed on a card, and instructions in its text.
const MAX_ABILITIES: usize = 16;
const MAX_TARGETS: usize = 16;
const MAX_TEXT_CHARS: usize = 1500;
/// Events of a whole scenario.
const MAX_EVENTS: usize = 2000;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("scenarios") {
        std::process::exit(write_scenarios(args.get(1).map_or("/tmp/attaque-scenarios", String::as_str)));
    }
    let config = match Config::parse(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("attaque : {e}");
            eprintln!(
                "usage : attaque <corps-bloque|entetes-lents|editeur> --addr 127.0.0.1:PORT --clients N --duree \
                 SECONDES\n        attaque scenarios DOSSIER"
            );
            std::process::exit(2);
        }
    };
    let line = match config.mode {
        Mode::StalledBody => held_mode(&config, stalled_body).await.line("corps-bloque", config.clients),
        Mode::SlowHeaders => held_mode(&config, slow_headers).await.line("entetes-lents", config.clients),
        Mode::Editor => editor_mode(&config).await,
    };
    println!("{line}");
}

// ─── Command line ────────────────────────────────────────────────────────────

#[derive(Clone, Copy)]
enum Mode {
    StalledBody,
    SlowHeaders,
    Editor,
}

struct Config {
    mode: Mode,
    addr: SocketAddr,
    clients: usize,
    duration: Duration,
}

impl Config {
    fn parse(args: &[String]) -> Result<Config, String> {
        let mode = match args.first().map(String::as_str) {
            Some("corps-bloque") => Mode::StalledBody,
            Some("entetes-lents") => Mode::SlowHeaders,
            Some("editeur") => Mode::Editor,
            Some(m) => return Err(format!("mode « {m} » inconnu")),
            None => return Err("mode manquant".into()),
        };
        let (mut addr, mut clients, mut duration) = (None, None, None);
        let mut rest = args[1..].iter();
        while let Some(flag) = rest.next() {
            let value = rest.next().ok_or_else(|| format!("valeur manquante après {flag}"))?;
            let bad = |what: &str| format!("{flag} : {what} attendu, pas « {value} »");
            match flag.as_str() {
                "--addr" => addr = Some(value.parse().map_err(|_| bad("une adresse IP:PORT"))?),
                "--clients" => clients = Some(value.parse().map_err(|_| bad("un nombre"))?),
                "--duree" => duration = Some(Duration::from_secs(value.parse().map_err(|_| bad("des secondes"))?)),
                _ => return Err(format!("option « {flag} » inconnue")),
            }
        }
        Ok(Config {
            mode,
            addr: addr.ok_or("--addr manquant")?,
            clients: clients.filter(|n| *n > 0).ok_or("--clients manquant (au moins 1)")?,
            duration: duration.ok_or("--duree manquant")?,
        })
    }
}

// ─── Connections ─────────────────────────────────────────────────────────────

/// What came of a connection attempt.
enum Connect {
    Open(TcpStream),
    /// Refused, reset: the server said no.
    Refused,
    /// No answer within [`CONNECT_TIMEOUT`]: the server is not accepting.
    Pending,
    /// This process ran out of file descriptors or local ports.
    Local,
    /// The duration ended.
    Over,
}

/// Connects, with at most [`CONNECTS_AT_ONCE`] attempts in flight (`gate`).
async fn connect(addr: SocketAddr, gate: &Semaphore, deadline: Instant) -> Connect {
    let Ok(Ok(_permit)) = timeout_at(deadline, gate.acquire()).await else {
        return Connect::Over;
    };
    let until = (Instant::now() + CONNECT_TIMEOUT).min(deadline);
    match timeout_at(until, TcpStream::connect(addr)).await {
        Ok(Ok(stream)) => Connect::Open(stream),
        // EMFILE, ENFILE, EADDRNOTAVAIL: on this side.
        Ok(Err(e)) if matches!(e.raw_os_error(), Some(23 | 24 | 99)) => Connect::Local,
        Ok(Err(_)) => Connect::Refused,
        Err(_) if Instant::now() >= deadline => Connect::Over,
        Err(_) => Connect::Pending,
    }
}

/// The status of an HTTP response's first line, once it is all there.
fn status_line(head: &[u8]) -> Option<u16> {
    let end = head.windows(2).position(|w| w == b"\r\n")?;
    let line = std::str::from_utf8(&head[..end]).ok()?;
    let mut words = line.split(' ');
    words.next().filter(|w| w.starts_with("HTTP/"))?;
    words.next()?.parse().ok()
}

/// What the server did with a held connection.
enum Answer {
    /// It answered with this status.
    Status(u16),
    /// It closed (or reset) the connection without an answer.
    Closed,
    /// Nothing yet when the duration ended.
    Pending,
}

/// Reads until a status line, a close, or `until`. `head` keeps what came.
async fn read_answer(stream: &mut TcpStream, head: &mut Vec<u8>, until: Instant) -> Option<Answer> {
    let mut buf = [0u8; 2048];
    match timeout_at(until, stream.read(&mut buf)).await {
        Err(_) => None,
        Ok(Ok(0) | Err(_)) => Some(status_line(head).map_or(Answer::Closed, Answer::Status)),
        Ok(Ok(n)) => {
            head.extend_from_slice(&buf[..n]);
            status_line(head).map(Answer::Status)
        }
    }
}

// ─── Held connections: stalled bodies, slow headers ─────────────────────────

/// The counts of the clients that hold connections open.
#[derive(Default)]
struct Held {
    opened: u64,
    statuses: BTreeMap<u16, u64>,
    closed: u64,
    pending_at_end: u64,
    refused: u64,
    connect_timeouts: u64,
    local: u64,
    /// Connections ended by the server (answered or closed), and how long they lasted in all.
    ended: u64,
    held: Duration,
}

impl Held {
    fn merge(&mut self, o: Held) {
        self.opened += o.opened;
        for (code, n) in o.statuses {
            *self.statuses.entry(code).or_default() += n;
        }
        self.closed += o.closed;
        self.pending_at_end += o.pending_at_end;
        self.refused += o.refused;
        self.connect_timeouts += o.connect_timeouts;
        self.local += o.local;
        self.ended += o.ended;
        self.held += o.held;
    }

    /// Counts a connection's end; `false` when the duration ended first.
    fn answer(&mut self, answer: Answer, opened_at: Instant) -> bool {
        match answer {
            Answer::Status(code) => *self.statuses.entry(code).or_default() += 1,
            Answer::Closed => self.closed += 1,
            Answer::Pending => {
                self.pending_at_end += 1;
                return false;
            }
        }
        self.ended += 1;
        self.held += opened_at.elapsed();
        true
    }

    /// The summary line.
    fn line(&self, mode: &str, clients: usize) -> String {
        let s408 = self.statuses.get(&408).copied().unwrap_or(0);
        let others: BTreeMap<_, _> = self.statuses.iter().filter(|(c, _)| **c != 408).collect();
        let mean = match self.ended {
            0 => "—".to_string(),
            n => format!("{} s", decimal(self.held.as_secs_f64() / n as f64, 1)),
        };
        format!(
            "{mode} : {} clients, {} connexions, 408 : {}, autres : {}, fermées sans réponse : {}, encore ouvertes à \
             la fin : {}, connexions refusées ou en attente : {} (refusées : {}, sans réponse en {} s : {}), \
             épuisement local (descripteurs, ports) : {}, durée moyenne d'une connexion jusqu'à la réponse ou la \
             fermeture : {mean}",
            thousands(clients as u64),
            thousands(self.opened),
            thousands(s408),
            codes(&others),
            thousands(self.closed),
            thousands(self.pending_at_end),
            thousands(self.refused + self.connect_timeouts),
            thousands(self.refused),
            CONNECT_TIMEOUT.as_secs(),
            thousands(self.connect_timeouts),
            thousands(self.local),
        )
    }
}

/// Runs `clients` tasks of `client` until the duration ends; merges their counts.
async fn held_mode<F, Fut>(config: &Config, client: F) -> Held
where
    F: Fn(SocketAddr, Arc<Semaphore>, Instant) -> Fut,
    Fut: Future<Output = Held> + Send + 'static,
{
    let deadline = Instant::now() + config.duration;
    let gate = Arc::new(Semaphore::new(CONNECTS_AT_ONCE));
    let tasks: Vec<_> =
        (0..config.clients).map(|_| tokio::spawn(client(config.addr, gate.clone(), deadline))).collect();
    let mut total = Held::default();
    for t in tasks {
        if let Ok(held) = t.await {
            total.merge(held);
        }
    }
    total
}

/// Counts a failed connection attempt, pausing after a refusal.
async fn failed(held: &mut Held, c: Connect) {
    match c {
        Connect::Open(_) | Connect::Over => {}
        Connect::Refused => {
            held.refused += 1;
            sleep(RETRY_PAUSE).await;
        }
        Connect::Pending => held.connect_timeouts += 1,
        Connect::Local => {
            held.local += 1;
            sleep(RETRY_PAUSE).await;
        }
    }
}

/// A client's loop until the deadline: connect, play one `exchange`, count
/// its answer; connection failures are counted and retried.
async fn client_loop<F, Fut>(addr: SocketAddr, gate: Arc<Semaphore>, deadline: Instant, mut exchange: F) -> Held
where
    F: FnMut(TcpStream) -> Fut,
    Fut: std::future::Future<Output = Answer>,
{
    let mut held = Held::default();
    while Instant::now() < deadline {
        let stream = match connect(addr, &gate, deadline).await {
            Connect::Open(s) => s,
            Connect::Over => break,
            other => {
                failed(&mut held, other).await;
                continue;
            }
        };
        held.opened += 1;
        let opened_at = Instant::now();
        let answer = exchange(stream).await;
        if !held.answer(answer, opened_at) {
            break;
        }
    }
    held
}

/// One client of `corps-bloque`.
async fn stalled_body(addr: SocketAddr, gate: Arc<Semaphore>, deadline: Instant) -> Held {
    client_loop(addr, gate, deadline, |mut stream| async move {
        let mut head = Vec::new();
        if stream.write_all(STALLED_HEAD).await.is_err() {
            return Answer::Closed;
        }
        loop {
            if let Some(a) = read_answer(&mut stream, &mut head, deadline).await {
                return a;
            }
            if Instant::now() >= deadline {
                return Answer::Pending;
            }
        }
    })
    .await
}

/// One client of `entetes-lents`.
async fn slow_headers(addr: SocketAddr, gate: Arc<Semaphore>, deadline: Instant) -> Held {
    client_loop(addr, gate, deadline, |mut stream| async move { trickle(&mut stream, deadline).await }).await
}

/// Sends the request line, then a byte of header a second, reading between them.
async fn trickle(stream: &mut TcpStream, deadline: Instant) -> Answer {
    if stream.write_all(SLOW_HEAD).await.is_err() {
        return Answer::Closed;
    }
    let mut head = Vec::new();
    for &byte in SLOW_HEADER.iter().cycle() {
        let tick = (Instant::now() + Duration::from_secs(1)).min(deadline);
        while Instant::now() < tick {
            if let Some(a) = read_answer(stream, &mut head, tick).await {
                return a;
            }
        }
        if Instant::now() >= deadline {
            return Answer::Pending;
        }
        if stream.write_all(&[byte]).await.is_err() {
            // A reset may follow an answer already on its way: read it if it is there.
            let soon = Instant::now() + Duration::from_millis(100);
            return read_answer(stream, &mut head, soon).await.unwrap_or(Answer::Closed);
        }
    }
    Answer::Closed
}

// ─── The editor ──────────────────────────────────────────────────────────────

/// What came of one POST.
enum Reply {
    Status {
        code: u16,
        body: u64,
    },
    /// Connection refused, reset, or closed without an answer.
    NetError,
    /// No full answer within [`REQUEST_TIMEOUT`].
    TimedOut,
    /// Still running [`GRACE`] after the end of the run: given up.
    Cut,
}

/// One request of the editor: which scenario, what came back, how long it took.
struct Sample {
    scenario: usize,
    reply: Reply,
    elapsed: Duration,
}

/// The editor's loop: `clients` tasks posting the scenarios in turn.
async fn editor_mode(config: &Config) -> String {
    let scenarios = scenarios();
    let bodies: Arc<Vec<Vec<u8>>> =
        Arc::new(scenarios.iter().map(|s| format!("scenario={}", form_encode(&s.toml)).into_bytes()).collect());
    let deadline = Instant::now() + config.duration;
    let tasks: Vec<_> = (0..config.clients)
        .map(|c| {
            let (bodies, addr) = (bodies.clone(), config.addr);
            tokio::spawn(async move {
                let mut samples = Vec::new();
                let mut next = c % bodies.len();
                while Instant::now() < deadline {
                    let start = Instant::now();
                    let end = deadline + GRACE;
                    let until = (start + REQUEST_TIMEOUT).min(end);
                    let reply = match post(addr, &bodies[next], until).await {
                        Reply::TimedOut if until == end => Reply::Cut,
                        reply => reply,
                    };
                    if matches!(reply, Reply::NetError) {
                        sleep(RETRY_PAUSE).await;
                    }
                    samples.push(Sample { scenario: next, reply, elapsed: start.elapsed() });
                    next = (next + 1) % bodies.len();
                }
                samples
            })
        })
        .collect();
    let mut samples = Vec::new();
    for t in tasks {
        samples.extend(t.await.unwrap_or_default());
    }
    let mut out = format!("editeur : {} clients, {}", config.clients, editor_figures(&samples, false));
    for (i, s) in scenarios.iter().enumerate() {
        let mine: Vec<&Sample> = samples.iter().filter(|x| x.scenario == i).collect();
        let _ = write!(out, "\n  · {} ({}) : {}", s.name, s.expect, editor_figures(&mine, true));
    }
    out
}

/// Statuses, response times and the largest body of some requests;
/// `compact`: the statuses seen only, and errors only when there are some.
fn editor_figures<S: std::borrow::Borrow<Sample>>(samples: &[S], compact: bool) -> String {
    let mut seen: BTreeMap<u16, u64> = BTreeMap::new();
    let (mut net, mut timed_out, mut cut, mut largest) = (0u64, 0u64, 0u64, 0u64);
    let mut times: Vec<Duration> = Vec::with_capacity(samples.len());
    for s in samples {
        let s = s.borrow();
        match s.reply {
            Reply::Status { code, body } => {
                *seen.entry(code).or_default() += 1;
                largest = largest.max(body);
                times.push(s.elapsed);
            }
            Reply::NetError => net += 1,
            Reply::TimedOut => timed_out += 1,
            Reply::Cut => cut += 1,
        }
    }
    times.sort();
    let at = |p: usize| times.get((times.len() * p / 100).min(times.len().saturating_sub(1)));
    let ms =
        |d: Option<&Duration>| d.map_or("—".to_string(), |d| format!("{} ms", decimal(d.as_secs_f64() * 1e3, 1)));
    let mut out = format!("{} requêtes, ", thousands(samples.len() as u64));
    if compact {
        let _ = write!(out, "{}, ", codes(&seen.iter().collect()));
    } else {
        for code in [200, 413, 422, 503] {
            let _ = write!(out, "{code} : {}, ", thousands(seen.remove(&code).unwrap_or(0)));
        }
        let _ = write!(out, "autres : {}, ", codes(&seen.iter().collect()));
    }
    if !compact || net > 0 {
        let _ = write!(out, "erreurs réseau : {}, ", thousands(net));
    }
    if !compact || timed_out > 0 {
        let _ = write!(out, "délais dépassés ({} s) : {}, ", REQUEST_TIMEOUT.as_secs(), thousands(timed_out));
    }
    if !compact || cut > 0 {
        let _ = write!(out, "abandonnées {} s après la fin : {}, ", GRACE.as_secs(), thousands(cut));
    }
    let _ = write!(
        out,
        "p50 {}, p99 {}, plus grande réponse : {} Ko",
        ms(at(50)),
        ms(at(99)),
        thousands(largest.div_ceil(1024))
    );
    out
}

/// One form POST to `/exemples/essai` on a fresh connection (`Connection: close`).
async fn post(addr: SocketAddr, body: &[u8], until: Instant) -> Reply {
    let exchange = async {
        let mut stream = TcpStream::connect(addr).await?;
        let head = format!(
            "POST /exemples/essai HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        // A server may answer before reading everything (413) and close:
        // the answer is read even when the writing failed.
        let _ = async {
            stream.write_all(head.as_bytes()).await?;
            stream.write_all(body).await
        }
        .await;
        read_response(&mut stream).await
    };
    match timeout_at(until, exchange).await {
        Err(_) => Reply::TimedOut,
        Ok(Err(_)) => Reply::NetError,
        Ok(Ok(reply)) => reply,
    }
}

/// Reads a response to its end: its status and the size of its body.
async fn read_response(stream: &mut TcpStream) -> io::Result<Reply> {
    let mut head = Vec::with_capacity(4096);
    let mut buf = vec![0u8; 64 * 1024];
    let (mut header_len, mut length, mut body) = (None, None, 0u64);
    loop {
        let n = stream.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        if header_len.is_some() {
            body += n as u64;
        } else {
            head.extend_from_slice(&buf[..n]);
            if let Some(end) = head.windows(4).position(|w| w == b"\r\n\r\n") {
                header_len = Some(end + 4);
                body = (head.len() - end - 4) as u64;
                length = content_length(&head[..end]);
            }
        }
        if length.is_some_and(|len| body >= len) {
            break;
        }
    }
    match (status_line(&head), header_len) {
        (Some(code), Some(_)) => Ok(Reply::Status { code, body }),
        _ => Err(io::Error::other("réponse incomplète")),
    }
}

/// The `Content-Length` of a response's headers.
fn content_length(head: &[u8]) -> Option<u64> {
    String::from_utf8_lossy(head).lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.trim().eq_ignore_ascii_case("content-length").then(|| value.trim().parse().ok())?
    })
}

/// `application/x-www-form-urlencoded`: unreserved bytes as they are, space
/// as `+`, the rest as `%XX`.
fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3 / 2);
    for &b in text.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => out.push(b as char),
            b' ' => out.push('+'),
            _ => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

// ─── Figures in French ───────────────────────────────────────────────────────

/// `12 345` (thousands separated by a space).
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(d);
    }
    out
}

/// `3,2` (a decimal comma).
fn decimal(x: f64, places: usize) -> String {
    format!("{x:.places$}").replace('.', ",")
}

/// `{413 : 3, 503 : 12}`.
fn codes(map: &BTreeMap<&u16, &u64>) -> String {
    let inner: Vec<String> = map.iter().map(|(c, n)| format!("{c} : {}", thousands(**n))).collect();
    format!("{{{}}}", inner.join(", "))
}

// ─── Scenarios ───────────────────────────────────────────────────────────────

/// A generated scenario: its name, what the server should do with it, its TOML.
struct Generated {
    name: &'static str,
    expect: &'static str,
    toml: String,
}

/// The heaviest scenarios within the limits, then one just beyond each limit.
///
/// The events' limit bounds the heavy ones before the others do: one
/// resolution of « blessures » deals 16 × (98 + 16) damage (1,829 events),
/// and 37 casts of « cibles » make 1,960. Their twins « au-delà » go on
/// until the server stops them.
fn scenarios() -> Vec<Generated> {
    let within = "dans les limites, 200 attendu";
    let events = "au-delà de 2 000 événements, refus attendu";
    let refused = "au-delà, 422 attendu";
    let list: [(&'static str, &'static str, String); 13] = [
        ("blessures", within, damage_everywhere(98, 1)),
        ("blessures au-delà de 2 000 événements", events, damage_everywhere(98, 2)),
        ("capacites", within, keywords(MAX_CARDS, MAX_ABILITIES, MAX_STEPS)),
        ("cibles", within, targets(MAX_TARGETS, 3 * (MAX_EVENTS / 53) - 1)),
        ("cibles au-delà de 2 000 événements", events, targets(MAX_TARGETS, MAX_STEPS)),
        ("17 joueurs", refused, with_players(MAX_PLAYERS + 1)),
        ("101 cartes", refused, keywords(MAX_CARDS + 1, 1, 2)),
        ("201 étapes", refused, targets(1, MAX_STEPS + 1)),
        ("17 capacités", refused, keywords(2, MAX_ABILITIES + 1, 2)),
        ("17 instructions", refused, long_text(MAX_ABILITIES + 1, MAX_TEXT_CHARS)),
        ("17 cibles", refused, targets(MAX_TARGETS + 1, 2)),
        ("texte de 1 501 caractères", refused, long_text(1, MAX_TEXT_CHARS + 1)),
        ("64 Kio + 1 octet", "au-delà, 413 attendu", too_large(MAX_BYTES + 1)),
    ];
    list.into_iter().map(|(name, expect, toml)| Generated { name, expect, toml }).collect()
}

/// `scenarios DOSSIER`: writes each scenario to a file; the exit code.
fn write_scenarios(dir: &str) -> i32 {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("attaque : impossible de créer {dir} ({e})");
        return 1;
    }
    for s in scenarios() {
        let file: String = s
            .name
            .chars()
            .filter_map(|c| match c {
                'é' | 'è' => Some('e'),
                'à' => Some('a'),
                ' ' | '-' => Some('-'),
                c if c.is_ascii_alphanumeric() => Some(c.to_ascii_lowercase()),
                _ => None,
            })
            .collect();
        let path = format!("{dir}/{file}.toml");
        if let Err(e) = std::fs::write(&path, &s.toml) {
            eprintln!("attaque : impossible d'écrire {path} ({e})");
            return 1;
        }
        println!("{path} : {} ({} octets)", s.expect, thousands(s.toml.len() as u64));
    }
    0
}

/// The nine keyword abilities a creature may have, cycled.
const KEYWORDS: [&str; 9] = [
    "vol",
    "linceul",
    "indestructible",
    "défense talismanique",
    "protection contre le blanc",
    "protection contre le bleu",
    "protection contre le noir",
    "protection contre le rouge",
    "protection contre le vert",
];

/// A TOML basic string.
fn q(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A TOML array of strings.
fn list<S: AsRef<str>>(items: &[S]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| q(s.as_ref())).collect();
    format!("[{}]", quoted.join(", "))
}

/// The players `J1`… `Jn`.
fn players(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("J{i}")).collect()
}

/// The head of a scenario: title, rule illustrated, players.
fn head(title: &str, players: &[String]) -> String {
    format!("titre = {}\nillustre = [\"608.2b\"]\njoueurs = {}\n", q(title), list(players))
}

/// A 2/1000 bear on the battlefield with these abilities.
fn creature(out: &mut String, id: &str, owner: &str, abilities: &[&str]) {
    let _ = write!(
        out,
        "\n[[carte]]\nid = \"{id}\"\nnom = \"Ours {id}\"\ntype = \"Créature : ours\"\ncout = \"{{1}}{{G}}\"\n\
         capacites = {}\nforce = 2\nendurance = 1000\nproprietaire = \"{owner}\"\nzone = \"champ de bataille\"\n",
        list(abilities)
    );
}

/// A red sorcery in its owner's hand.
fn sorcery(out: &mut String, id: &str, name: &str, owner: &str, text: &str) {
    let _ = write!(
        out,
        "\n[[carte]]\nid = \"{id}\"\nnom = {}\ntype = \"Rituel\"\ncout = \"{{1}}{{R}}\"\ntexte = {}\n\
         proprietaire = \"{owner}\"\nzone = \"main\"\n",
        q(name),
        q(text)
    );
}

/// A step.
fn step(out: &mut String, body: &str) {
    let _ = write!(out, "\n[[etape]]\n{body}\n");
}

/// A rules text of exactly `chars` characters: `count` sentences of
/// `predicate` (« inflige 1 blessure à chaque créature. »), the first one
/// said of the card by a long name, the others by « ~ » (its name too).
fn text_of(count: usize, predicate: &str, chars: usize) -> String {
    let rest = format!(" ~ {predicate}").repeat(count.saturating_sub(1));
    let name_len = chars.saturating_sub(rest.chars().count() + predicate.chars().count() + 1).max(1);
    let name: String = "Le Pyroclasme".chars().chain(" de la fin du monde".chars().cycle()).take(name_len).collect();
    format!("{name} {predicate}{rest}")
}

/// Spells `spells` cast and resolved in turn, each sent back to hand to be
/// cast again, up to `steps` steps: `cibles` the targets of each cast.
fn cast_in_turn(out: &mut String, spells: &[&str], cibles: &str, steps: usize) {
    let mut written = 0;
    'rounds: loop {
        for s in spells {
            for body in [format!("lancer = \"{s}\"{cibles}"), "resoudre = true".to_string()] {
                if written == steps {
                    break 'rounds;
                }
                step(out, &body);
                written += 1;
            }
        }
        for s in spells {
            if written == steps {
                break 'rounds;
            }
            step(out, &format!("deplacer = \"{s}\"\nvers = \"main\""));
            written += 1;
        }
    }
}

/// « blessures »: 16 players, `creatures` indestructible bears spread among
/// them, and `spells` sorceries of 1,500 characters, each saying 16 times
/// « ~ inflige 1 blessure à chaque créature et à chaque joueur. », cast and
/// resolved in turn; then `modifier` steps up to the events' limit (one
/// event each).
fn damage_everywhere(creatures: usize, spells: usize) -> String {
    let seats = players(MAX_PLAYERS);
    let mut out = head("Pyroclasmes à seize joueurs", &seats);
    for i in 0..creatures {
        creature(&mut out, &format!("ours-{i}"), &seats[i % seats.len()], &["indestructible"]);
    }
    let text = text_of(MAX_ABILITIES, "inflige 1 blessure à chaque créature et à chaque joueur.", MAX_TEXT_CHARS);
    let ids: Vec<String> = (1..=spells).map(|i| format!("pyro-{i}")).collect();
    for (i, id) in ids.iter().enumerate() {
        sorcery(&mut out, id, "Pyroclasme", &seats[i % seats.len()], &text);
    }
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    let casts = 3 * spells - 1;
    cast_in_turn(&mut out, &ids, "", casts);
    // 1 + 16 × (98 + 16) + 4 events for a cast and its resolution.
    let left = MAX_EVENTS.saturating_sub(spells * (1 + MAX_ABILITIES * (creatures + MAX_PLAYERS) + 4));
    for i in 0..left.min(MAX_STEPS - casts) {
        let verb = if (i / creatures).is_multiple_of(2) { "gagne" } else { "perd" };
        step(&mut out, &format!("modifier = \"ours-{}\"\n{verb} = [\"vol\"]", i % creatures));
    }
    out
}

/// « capacites »: `cards` bears with `per_card` abilities each, then `steps`
/// `modifier` steps taking abilities away, then giving them back, as many
/// per step as fit in 64 KiB.
fn keywords(cards: usize, per_card: usize, steps: usize) -> String {
    let seats = players(2);
    let abilities: Vec<&str> = KEYWORDS.iter().copied().cycle().take(per_card).collect();
    let mut base = head("Capacités mot-clé retirées puis rendues", &seats);
    for i in 0..cards {
        creature(&mut base, &format!("c{i}"), &seats[i % 2], &abilities);
    }
    for per_step in (1..=per_card.min(MAX_ABILITIES)).rev() {
        let mut out = base.clone();
        for i in 0..steps {
            let verb = if i < steps / 2 { "perd" } else { "gagne" };
            let changed: Vec<&str> = KEYWORDS.iter().copied().cycle().skip(i).take(per_step).collect();
            step(&mut out, &format!("modifier = \"c{}\"\n{verb} = {}", i % cards, list(&changed)));
        }
        if out.len() <= MAX_BYTES || per_step == 1 {
            return out;
        }
    }
    base
}

/// « cibles »: a spell with `count` targets, each a bear, cast and resolved
/// again and again for `steps` steps.
fn targets(count: usize, steps: usize) -> String {
    let seats = players(2);
    let mut out = head("Un sort à seize cibles, lancé encore et encore", &seats);
    for i in 0..count {
        creature(&mut out, &format!("t{i}"), "J2", &["indestructible"]);
    }
    let text = vec!["~ inflige 1 blessure à n'importe quelle cible."; count].join(" ");
    sorcery(&mut out, "salve", "Salve de feu", "J1", &text);
    let chosen: Vec<String> = (0..count).map(|i| format!("t{i}")).collect();
    cast_in_turn(&mut out, &["salve"], &format!("\ncibles = {}", list(&chosen)), steps);
    out
}

/// `n` players, each with a bear, one sorcery cast and resolved.
fn with_players(n: usize) -> String {
    let seats = players(n);
    let mut out = head("Trop de joueurs", &seats);
    for (i, p) in seats.iter().enumerate() {
        creature(&mut out, &format!("ours-{i}"), p, &[]);
    }
    sorcery(&mut out, "pyro", "Pyroclasme", "J1", "~ inflige 1 blessure à chaque créature et à chaque joueur.");
    cast_in_turn(&mut out, &["pyro"], "", 2);
    out
}

/// A sorcery of `count` instructions and `chars` characters, cast and resolved.
fn long_text(count: usize, chars: usize) -> String {
    let seats = players(2);
    let mut out = head("Un texte trop long", &seats);
    creature(&mut out, "ours", "J2", &[]);
    let text = text_of(count, "inflige 1 blessure à chaque créature.", chars);
    sorcery(&mut out, "pyro", "Pyroclasme", "J1", &text);
    cast_in_turn(&mut out, &["pyro"], "", 2);
    out
}

/// A small scenario padded by its description to `bytes` bytes.
fn too_large(bytes: usize) -> String {
    let mut out = with_players(2);
    let start = "description = \"\"\"\n";
    let end = "\n\"\"\"\n";
    let fill = bytes.saturating_sub(out.len() + start.len() + end.len());
    let mut description = String::with_capacity(fill);
    while description.len() < fill {
        description.push_str(&"Une description bien trop longue. "[..(fill - description.len()).min(34)]);
    }
    // Keys before the first table.
    let at = out.find("\n[[carte]]").unwrap_or(out.len());
    out.insert_str(at, &format!("{start}{description}{end}"));
    out
}
