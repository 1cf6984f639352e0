//! Ruling scenarios: `/exemples` (the list), `/exemples/{slug}?etape=N` (one
//! scenario, step by step, with the board), `/exemples/essai` (an editor: a
//! judge changes a scenario and plays it), `/exemples/format` (the format's
//! documentation) and `/api/exemples/{slug}` (the trace as JSON, the keys of
//! `arbitre explique --json`).
//!
//! The shipped scenarios are read and played once, at start-up
//! ([`super::catalogue::Examples::load`]). A scenario typed in the editor is
//! read from its form within a size and a time limit (413, 408), then read
//! and played on the editor's own pool ([`super::pool`]: 503 with
//! `Retry-After` when it is full) within the engine's budgets and a time
//! limit; its page lists every step's events and draws the board of one
//! step, the one asked for (`etape`), else the last.

use std::time::{Duration, Instant};

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::catalogue::example_url;
use super::error::WebError;
use super::pages::{
    ArticlePage, EditorError, EditorPage, EventLine, ExamplePage, ExampleSummary, ExamplesPage, Layout, Link, StepLink,
    StepView, SummaryLine, WhatIfControls,
};
use super::render::{api_url_of, link, markdown_html, url_of};
use super::request::params;
use super::typography::French;
use super::{AppState, html};
use crate::engine::trace::{Board, EventView, Summary};
use crate::engine::{self, Outcome, ScenarioError};
use crate::graph::{Graph, NodeIdx};
use crate::vocab::RuleId;

/// The longest scenario the editor accepts (the form may be three times
/// longer once URL-encoded).
pub const MAX_EDITOR_BYTES: usize = engine::MAX_SCENARIO_BYTES;

/// How long a scenario typed in the editor may take to read and play.
pub const RUN_LIMIT: Duration = Duration::from_secs(2);

/// The longest form read: the scenario URL-encoded (three bytes for one at
/// worst) and the names of the fields.
const MAX_FORM_BYTES: usize = 3 * MAX_EDITOR_BYTES + 1024;

/// The documentation of the format, shown at `/exemples/format`.
const FORMAT_DOC: &str = include_str!("../../docs/scenarios.md");

/// A link to a rule the engine cites: to the rule, or to the chapter that
/// holds it when the corpus does not have its text (said in the note).
fn rule_link(g: &Graph, rule: &RuleId) -> Link {
    match engine::resolve_rule(g, *rule) {
        Some((idx, true)) => {
            let mut l = link(g, idx, None);
            l.label = rule.to_string();
            l
        }
        Some((idx, false)) => Link {
            label: rule.to_string(),
            url: url_of(g, idx).unwrap_or_default(),
            preview: api_url_of(g, idx),
            note: format!("texte absent du corpus : {}", chapter_label(g, idx)),
        },
        None => Link { label: rule.to_string(), url: String::new(), preview: None, note: "absente du corpus".into() },
    }
}

fn chapter_label(g: &Graph, idx: NodeIdx) -> String {
    let n = g.node(idx);
    match &n.title {
        Some(t) => format!("{} {t}", n.label()),
        None => n.label(),
    }
}

fn event_lines(g: &Graph, events: &[EventView]) -> Vec<EventLine> {
    events
        .iter()
        .map(|e| EventLine { text: e.text.clone(), rules: e.rules.iter().map(|r| rule_link(g, r)).collect() })
        .collect()
}

fn initial_step(board: &Board) -> StepView {
    StepView {
        number: 0,
        action: "Situation de départ".into(),
        comment: String::new(),
        events: Vec::new(),
        board: board.clone(),
    }
}

/// Every step of a trace, from the starting situation.
fn step_views(g: &Graph, o: &Outcome) -> Vec<StepView> {
    let mut out = vec![initial_step(&o.initial)];
    out.extend(o.steps.iter().map(|s| StepView {
        number: s.number,
        action: s.action.clone(),
        comment: s.comment.clone().unwrap_or_default(),
        events: event_lines(g, &s.events),
        board: s.state.clone(),
    }));
    out
}

/// The result, one line per card and per player.
fn summary_lines(r: &Summary) -> Vec<SummaryLine> {
    engine::render::result_lines(r).into_iter().map(|(label, value)| SummaryLine { label, value }).collect()
}

fn status(o: &Outcome) -> (bool, String) {
    let c = &o.expected;
    match (c.present, c.ok) {
        (false, _) => (true, "sans résultat attendu".into()),
        (true, true) => (true, "résultat attendu vérifié".into()),
        (true, false) => {
            let n = crate::text::plural(c.differences.len(), "différence", "différences");
            (false, format!("{n} avec le résultat attendu"))
        }
    }
}

/// `GET /exemples`.
pub(super) async fn list(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let examples = state
        .examples
        .entries
        .iter()
        .map(|e| {
            let (ok, status) = status(&e.outcome);
            ExampleSummary {
                title: e.scenario.title.clone(),
                url: example_url(&e.scenario.slug, None),
                rules: e.outcome.illustrates.iter().map(|r| rule_link(g, r)).collect(),
                steps: e.scenario.steps.len(),
                ok,
                status,
            }
        })
        .collect();
    let page = ExamplesPage {
        layout: Layout::new("Exemples de décisions", ""),
        examples,
        errors: state.examples.errors.iter().map(ToString::to_string).collect(),
    };
    Ok(html(page.french()?))
}

/// `GET /exemples/{slug}?etape=N`.
pub(super) async fn page(
    state: web::Data<AppState>,
    slug: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let example = state.examples.get(&slug).ok_or_else(|| WebError::NotFound {
        what: format!("aucun exemple « {} »", crate::text::quote(&slug)),
        nearest: vec![Link {
            label: "Tous les exemples".into(),
            url: "/exemples".into(),
            preview: None,
            note: String::new(),
        }],
    })?;
    let (s, o) = (&example.scenario, &example.outcome);
    let last = o.steps.len();
    let step = match params(&req)?.get("etape").map(|v| v.trim()) {
        None | Some("") => 0,
        Some(v) => v.parse::<usize>().ok().filter(|n| *n <= last).ok_or_else(|| {
            WebError::BadRequest(format!(
                "étape « {} » inexistante : ce scénario a les étapes 0 (situation de départ) à {last}",
                crate::text::quote(v)
            ))
        })?,
    };
    let mut views = step_views(g, o);
    let nav = views
        .iter()
        .map(|v| StepLink {
            number: v.number,
            label: v.action.clone(),
            url: example_url(&s.slug, Some(v.number)),
            current: v.number == step,
        })
        .collect();
    let step_link = |n: usize, label: String| Link {
        label,
        url: example_url(&s.slug, Some(n)),
        preview: None,
        note: String::new(),
    };
    let page = ExamplePage {
        layout: Layout::new(&s.title, ""),
        title: s.title.clone(),
        description_html: s.description.as_deref().map(|d| markdown_html(g, d)).unwrap_or_default(),
        rules: o.illustrates.iter().map(|r| rule_link(g, r)).collect(),
        nav,
        previous: step
            .checked_sub(1)
            .map(|n| step_link(n, if n == 0 { "Situation de départ".into() } else { format!("Étape {n}") })),
        next: (step < last).then(|| step_link(step + 1, format!("Étape {}", step + 1))),
        result: (step == last).then(|| summary_lines(&o.result)),
        expected: o.expected.clone(),
        editor_url: format!("/exemples/essai?depuis={}", s.slug),
        source: s.path.clone(),
        step: views.swap_remove(step),
        what_if: what_if_controls(s),
    };
    Ok(html(page.french()?))
}

/// The « et si… » controls of a scenario: its cards by name, the keywords,
/// colours and zones the engine knows, its steps, its targets.
fn what_if_controls(s: &engine::Scenario) -> WhatIfControls {
    use super::whatif::{ABILITIES, COLOURS, ZONES, targets};
    let n = s.steps.len();
    let cards: Vec<(String, String)> = s.cards.iter().map(|c| (c.id.clone(), c.name.clone())).collect();
    let mut steps: Vec<(String, String)> = (1..=n)
        .map(|i| {
            let action = engine::wording::Wording::new(s).action(&s.steps[i - 1].action);
            (i.to_string(), format!("avant l'étape {i} ({action})"))
        })
        .collect();
    steps.push(((n + 1).to_string(), "à la fin".into()));
    let mut choices = cards.clone();
    choices.extend(s.players.iter().map(|p| (p.clone(), p.clone())));
    WhatIfControls {
        action: format!("/exemples/{}/etsi", s.slug),
        cards,
        abilities: ABILITIES.iter().map(|a| a.to_string()).collect(),
        colours: COLOURS.iter().map(|c| c.to_string()).collect(),
        zones: ZONES.iter().map(|z| z.to_string()).collect(),
        default_step: n.max(1).to_string(),
        steps,
        targets: targets(s),
        choices,
    }
}

/// `GET /api/exemples/{slug}`: the trace, as `arbitre explique --json`.
pub(super) async fn api(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, WebError> {
    let example = state.examples.get(&slug).ok_or_else(|| WebError::NotFound {
        what: format!("aucun exemple « {} »", crate::text::quote(&slug)),
        nearest: vec![],
    })?;
    Ok(HttpResponse::Ok().json(&example.outcome))
}

/// `GET /exemples/format`: the format's documentation, rule numbers linked.
pub(super) async fn format(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let (title, body) = match FORMAT_DOC.split_once('\n') {
        Some((first, rest)) if first.starts_with("# ") => (first.trim_start_matches("# ").trim(), rest),
        _ => ("Scénarios de décision", FORMAT_DOC),
    };
    let page = ArticlePage {
        layout: Layout::new(title, ""),
        crumb: Link { label: "Exemples".into(), url: "/exemples".into(), preview: None, note: String::new() },
        kicker: String::new(),
        title: title.to_string(),
        body_html: markdown_html(&state.graph, body),
        covers: Vec::new(),
        source: "docs/scenarios.md".into(),
    };
    Ok(html(page.french()?))
}

/// The form of the editor: the scenario, and the step whose board is drawn.
#[derive(serde::Deserialize)]
pub(super) struct EditorForm {
    scenario: String,
    #[serde(default)]
    etape: Option<String>,
}

/// Reads the editor's form: refused at once when `Content-Length` says it
/// is too long (413), cut off when its bytes do not arrive in time (408).
async fn read_form(
    req: &HttpRequest,
    payload: web::Payload,
    timeout: std::time::Duration,
) -> Result<EditorForm, WebError> {
    use actix_web::http::header;
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("application/x-www-form-urlencoded"));
    if !is_form {
        return Err(WebError::BadRequest("formulaire attendu (application/x-www-form-urlencoded)".into()));
    }
    let announced = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_FORM_BYTES as u64) {
        return Err(WebError::PayloadTooLarge(MAX_EDITOR_BYTES));
    }
    let bytes = match actix_web::rt::time::timeout(timeout, payload.to_bytes_limited(MAX_FORM_BYTES)).await {
        Err(_) => return Err(WebError::RequestTimeout(timeout.as_secs().max(1))),
        Ok(Err(_)) => return Err(WebError::PayloadTooLarge(MAX_EDITOR_BYTES)),
        Ok(Ok(Err(_))) => return Err(WebError::BadRequest("envoi interrompu avant la fin du formulaire".into())),
        Ok(Ok(Ok(bytes))) => bytes,
    };
    serde_urlencoded::from_bytes(&bytes)
        .map_err(|_| WebError::BadRequest("formulaire illisible : le champ « scenario » est attendu".into()))
}

fn editor(source: String) -> EditorPage {
    EditorPage {
        layout: Layout::new("Essayer un scénario", ""),
        source,
        error: None,
        title: String::new(),
        steps: Vec::new(),
        result: None,
        expected: None,
        board_step: 0,
        max_bytes: MAX_EDITOR_BYTES,
    }
}

/// `GET /exemples/essai?depuis=slug`: the editor, filled with a scenario.
pub(super) async fn editor_page(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let from = params(&req)?.get("depuis").cloned().filter(|s| !s.is_empty());
    let source = match &from {
        Some(slug) => {
            state.examples.get(slug).map(|e| e.scenario.source.clone()).ok_or_else(|| WebError::NotFound {
                what: format!("aucun exemple « {} » à modifier", crate::text::quote(slug)),
                nearest: vec![],
            })?
        }
        None => state.examples.entries.first().map(|e| e.scenario.source.clone()).unwrap_or_default(),
    };
    Ok(html(editor(source).french()?))
}

/// What became of a scenario typed in the editor.
enum Played {
    /// It did not read.
    Invalid(ScenarioError),
    /// It was stopped: its time ran out, or its events went over the budget.
    Stopped(engine::Stopped),
    /// It played.
    Done(Box<Outcome>),
}

/// `POST /exemples/essai`: reads and plays the scenario typed, within the
/// size, time and work limits; a mistake is shown above the text, with its line.
pub(super) async fn run(
    state: web::Data<AppState>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, WebError> {
    let form = read_form(&req, payload, state.body_timeout).await?;
    let source = form.scenario.replace("\r\n", "\n");
    if source.len() > MAX_EDITOR_BYTES {
        return Err(WebError::PayloadTooLarge(MAX_EDITOR_BYTES));
    }
    let chosen = form.etape.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(|v| {
        v.parse::<usize>().map_err(|_| WebError::BadRequest(format!("étape « {} » illisible", crate::text::quote(v))))
    });
    let chosen = chosen.transpose()?;
    played_page(&state, source, chosen, false).await
}

/// The editor's page for a scenario typed or built, never cached: played,
/// its events and one board, or its mistake above the text with its line (422).
async fn played_page(
    state: &web::Data<AppState>,
    source: String,
    chosen: Option<usize>,
    show_refusals: bool,
) -> Result<HttpResponse, WebError> {
    let played = play(state, source.clone(), chosen, show_refusals).await?;
    let g = &state.graph;
    let mut page = editor(source);
    let status = match played {
        Ok(outcome) => {
            page.title = outcome.title.clone();
            page.steps = step_views(g, &outcome);
            // Every step's events, one board: the step asked for, else the last.
            page.board_step = chosen.unwrap_or(usize::MAX).min(page.steps.len() - 1);
            page.result = Some(summary_lines(&outcome.result));
            page.expected = Some(outcome.expected);
            StatusCode::OK
        }
        Err(e) => {
            let excerpt = page.source.lines().nth(e.line.saturating_sub(1) as usize).unwrap_or("").trim().to_string();
            let key = e.key.as_deref().map(|k| format!(", clé « {k} »")).unwrap_or_default();
            page.error = Some(EditorError { message: format!("Ligne {}{key} : {}", e.line, e.message), excerpt });
            StatusCode::UNPROCESSABLE_ENTITY
        }
    };
    Ok(HttpResponse::build(status)
        .insert_header((actix_web::http::header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(page.french()?))
}

/// `GET /exemples/{slug}/etsi`: « et si… » — the scenario changed by the
/// controls of its page ([`super::whatif`]), played like a scenario typed
/// in the editor; a step the change makes illegal is shown refused.
pub(super) async fn what_if(
    state: web::Data<AppState>,
    slug: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let example = state.examples.get(&slug).ok_or_else(|| WebError::NotFound {
        what: format!("aucun exemple « {} »", crate::text::quote(&slug)),
        nearest: vec![],
    })?;
    let q = params(&req)?;
    let w = super::whatif::WhatIf::read(&example.scenario, &q)?;
    let source = w.toml(&example.scenario)?;
    played_page(&state, source, None, true).await
}

/// Reads and plays a scenario on the editor's pool, within the time limit,
/// keeping the board of step `board` (else the last): the trace, or the
/// mistake (a scenario that does not read, or that goes over the engine's
/// budgets).
async fn play(
    state: &web::Data<AppState>,
    source: String,
    board: Option<usize>,
    show_refusals: bool,
) -> Result<Result<Outcome, ScenarioError>, WebError> {
    let limit = state.run_limit;
    let deadline = Instant::now() + limit;
    let worker_state = state.clone();
    let work = move || {
        if Instant::now() >= deadline {
            // It waited its whole time in the queue: nobody reads the answer.
            return Played::Stopped(engine::Stopped::Deadline { played: 0, total: 0 });
        }
        match engine::parse("scénario", &source, Some(&worker_state.graph)) {
            Err(e) => Played::Invalid(e),
            Ok(scenario) => {
                let last = scenario.steps.len();
                let boards = engine::trace::Boards::Only(board.unwrap_or(last).min(last));
                match engine::trace::run_until_showing(&scenario, deadline, boards, show_refusals) {
                    Ok(outcome) => Played::Done(Box::new(outcome)),
                    Err(stopped) => Played::Stopped(stopped),
                }
            }
        }
    };
    let result = state.editor.try_run(work).map_err(|_| WebError::Busy(super::limits::RETRY_AFTER_SECS))?;
    match actix_web::rt::time::timeout(limit, result).await {
        Err(_) | Ok(Ok(Played::Stopped(engine::Stopped::Deadline { .. }))) => {
            Err(WebError::Timeout(limit.as_secs_f64()))
        }
        Ok(Err(_)) => Err(WebError::Internal("exécution interrompue".into())),
        Ok(Ok(Played::Stopped(stopped))) => Ok(Err(ScenarioError {
            path: "scénario".into(),
            line: stopped.line().unwrap_or(1),
            key: stopped.key().map(str::to_string),
            message: stopped.reason(),
        })),
        Ok(Ok(Played::Invalid(e))) => Ok(Err(e)),
        Ok(Ok(Played::Done(outcome))) => Ok(Ok(*outcome)),
    }
}
