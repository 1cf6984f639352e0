//! What changed: `/changements` (the editions loaded and what changed from
//! each to the next), `/changements/{old}..{new}` (rules added, removed,
//! renumbered, changed with their word-level diffs, split and merged, those
//! whose text only renumbers the rules it cites, the glossary apart — what
//! judges read at every update), and `/regles/{id}/historique` (one rule
//! through every loaded edition and language, followed through renumbering).
//!
//! Comparisons come from the alignment by content ([`crate::graph::align`]);
//! a comparison page is rendered once per pair of editions and kept.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::error::WebError;
use super::pages::{
    ChangeGroup, ChangedRule, ChangesPage, ComparisonPage, EditionPair, HistoryPage, HistoryVersion, Layout, Link,
};
use super::render::{diff_html, key_of, lang_of, permalink_of, text_html, url_of};
use super::request::{params, select};
use super::typography::French;
use super::{AppState, html, redirect};
use crate::graph::align::{Alignment, Pair, Regrouped, Relation};
use crate::graph::history::LinkKind;
use crate::graph::view::Gone;
use crate::graph::{EditionIdx, Graph, NodeIdx, NodeKind};
use crate::text::plural;
use crate::vocab::RuleId;

/// Rules shown with their text or diff in one group of a comparison; the
/// others are listed by number (a comparison across fifteen years changes
/// hundreds of rules: the page stays readable on a phone).
pub const SHOWN_PER_GROUP: usize = 200;

/// `GET /changements`, or with `?de=…&a=…` (the form), a redirection to their comparison.
pub(super) async fn list(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let p = params(&req)?;
    if let (Some(old), Some(new)) = (p.get("de"), p.get("a")) {
        let (old, new) = (crate::text::slug(old), crate::text::slug(new));
        return Ok(redirect(StatusCode::SEE_OTHER, &format!("/changements/{old}..{new}")));
    }
    let pairs = g
        .links()
        .iter()
        .filter(|l| l.kind == LinkKind::Successor)
        .rev()
        .map(|l| EditionPair {
            label: format!("{} → {}", g.edition(l.old).label(), g.edition(l.new).label()),
            url: comparison_url(g, l.old, l.new),
            counts: counts(g, &l.alignment),
        })
        .collect();
    let mut editions: Vec<(String, String)> =
        g.editions().iter().filter(|e| e.date.is_some()).map(|e| (key_of(e), e.label())).collect();
    editions.sort_by(|a, b| b.0.cmp(&a.0));
    // The form starts on the last change of the rules in force.
    let newest = g.links().iter().rfind(|l| l.kind == LinkKind::Successor && Some(l.new) == g.current());
    let key = |e: EditionIdx| key_of(g.edition(e));
    let (default_old, default_new) = newest.map(|l| (key(l.old), key(l.new))).unwrap_or_default();
    let layout = Layout::new("Changements des règles", "");
    Ok(html(ChangesPage { layout, pairs, editions, default_old, default_new }.french()?))
}

/// `GET /changements/{old}..{new}`.
pub(super) async fn comparison(state: web::Data<AppState>, path: web::Path<String>) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let (old, new) = editions_of(g, &path)?;
    let body = state.comparison(old, new, || Ok(comparison_page(g, old, new).french()?))?;
    Ok(html(body))
}

/// `GET /regles/{id}/historique` (`?edition=` names the edition the number is read in).
pub(super) async fn history(
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let id = RuleId::parse_loose(&path).map_err(|e| WebError::NotFound { what: e.to_string(), nearest: vec![] })?;
    let idx = select(g, id, &params(&req)?)?;
    Ok(html(history_page(g, idx).french()?))
}

/// The address of a comparison.
fn comparison_url(g: &Graph, old: EditionIdx, new: EditionIdx) -> String {
    format!("/changements/{}..{}", key_of(g.edition(old)), key_of(g.edition(new)))
}

/// « 3 258 identiques, 5 modifiées, … » for an alignment.
fn counts(g: &Graph, a: &Alignment) -> String {
    let renumbered = a.renumbered(g).count();
    format!(
        "{}, {}, {}, {}, {}",
        plural(a.count(Relation::Changed), "modifiée", "modifiées"),
        plural(renumbered, "renumérotée", "renumérotées"),
        plural(a.count(Relation::Added), "ajoutée", "ajoutées"),
        plural(a.count(Relation::Removed), "retirée", "retirées"),
        plural(a.count(Relation::Same), "identique", "identiques"),
    )
}

/// The two editions of `old..new`, of one language, the old one first.
fn editions_of(g: &Graph, pair: &str) -> Result<(EditionIdx, EditionIdx), WebError> {
    let bad = |what: String| WebError::BadRequest(what);
    let (old, new) = pair
        .split_once("..")
        .ok_or_else(|| bad("comparaison illisible : écrivez ANCIENNE..NOUVELLE (2025-11-14..2026-01-16)".into()))?;
    let old = g.edition_named(old).map_err(|e| WebError::NotFound { what: e, nearest: vec![] })?;
    let new = g.edition_named(new).map_err(|e| WebError::NotFound { what: e, nearest: vec![] })?;
    let (a, b) = (g.edition(old), g.edition(new));
    if a.language != b.language {
        return Err(bad(format!("{} et {} ne sont pas de la même langue", a.label(), b.label())));
    }
    if old == new {
        return Err(bad(format!("une édition comparée à elle-même ({})", a.label())));
    }
    Ok(if a.date <= b.date { (old, new) } else { (new, old) })
}

/// What changed from `old` to `new`, group by group.
fn comparison_page(g: &Graph, old: EditionIdx, new: EditionIdx) -> ComparisonPage {
    let alignment = g.alignment_between(old, new);
    let c = g.comparison(old, new, &alignment);
    let rules =
        |p: &&Pair| p.old.or(p.new).is_some_and(|n| matches!(g.node(n).kind, NodeKind::Rule | NodeKind::Subrule));
    let pairs: Vec<&Pair> = alignment.pairs.iter().filter(rules).collect();
    let of = |relation: Relation| pairs.iter().filter(move |p| p.relation == relation);
    let text = |n: Option<NodeIdx>| n.map(|n| text_html(g, n)).unwrap_or_default();
    let renumbered = |p: &&&Pair| p.old.zip(p.new).is_some_and(|(a, b)| g.node(a).id != g.node(b).id);
    let mut groups = vec![
        group(
            "Modifiées",
            "modifiees",
            "Le texte a changé (mot à mot : retiré, ajouté), numéro changé ou non.",
            of(Relation::Changed).map(|p| changed_rule(g, p, pair_diff(g, p))).collect(),
        ),
        group(
            "Renumérotées",
            "renumerotees",
            "Même texte sous un autre numéro (un mot-clé inséré décale ceux qui suivent).",
            of(Relation::Same).filter(renumbered).map(|p| changed_rule(g, p, String::new())).collect(),
        ),
        group(
            "Ajoutées",
            "ajoutees",
            "Règles nouvelles dans cette édition.",
            of(Relation::Added).map(|p| changed_rule(g, p, text(p.new))).collect(),
        ),
        group(
            "Retirées",
            "retirees",
            "Règles de l'ancienne édition sans équivalent dans la nouvelle.",
            of(Relation::Removed).map(|p| changed_rule(g, p, text(p.old))).collect(),
        ),
        group(
            "Scindées et fusionnées",
            "regroupees",
            "Une règle devenue plusieurs, ou plusieurs devenues une (aussi comptées ci-dessus).",
            c.split.iter().chain(&c.merged).map(|r| regrouped(g, new, r)).collect(),
        ),
        group(
            "Seuls les numéros cités changent",
            "renvois",
            "Même texte ; seuls les numéros des règles citées ont suivi une renumérotation.",
            pairs.iter().filter(|p| p.references_only).map(|p| changed_rule(g, p, pair_diff(g, p))).collect(),
        ),
    ];
    groups.push(glossary_group(g, old, new, &c.glossary));
    let summary = format!("{} ; glossaire : {}.", counts(g, &alignment), glossary_counts(&c.glossary));
    let title = format!("{} → {}", g.edition(old).label(), g.edition(new).label());
    ComparisonPage {
        layout: Layout::new(&format!("Changements {title}"), ""),
        title,
        summary,
        groups,
        lang: lang_of(g.edition(new).language),
        shown_per_group: SHOWN_PER_GROUP,
    }
}

/// A group of a comparison: the first [`SHOWN_PER_GROUP`] rules with their
/// text or diff, the others listed by number.
fn group(heading: &str, anchor: &'static str, about: &str, mut rules: Vec<ChangedRule>) -> ChangeGroup {
    let more = rules
        .split_off(rules.len().min(SHOWN_PER_GROUP))
        .into_iter()
        .map(|r| Link { label: r.label, url: r.url, preview: None, note: String::new() })
        .collect();
    ChangeGroup { heading: heading.to_string(), anchor, about: about.to_string(), rules, more }
}

/// A rule of a comparison: « 702.124m → 702.124k » when renumbered, its page, its text.
fn changed_rule(g: &Graph, p: &Pair, text_html: String) -> ChangedRule {
    let label = |n: NodeIdx| g.node(n).label();
    let shown = match (p.old, p.new) {
        (Some(a), Some(b)) if g.node(a).id != g.node(b).id => format!("{} → {}", label(a), label(b)),
        (_, Some(b)) => label(b),
        (Some(a), None) => label(a),
        (None, None) => String::new(),
    };
    ChangedRule { label: shown, url: p.new.or(p.old).map(|n| permalink_of(g, n)).unwrap_or_default(), text_html }
}

/// The word-level diff of a pair's texts.
fn pair_diff(g: &Graph, p: &Pair) -> String {
    match (p.old, p.new) {
        (Some(a), Some(b)) => diff_html(&g.node(a).text, &g.node(b).text),
        _ => String::new(),
    }
}

/// A split or merge: « 702.124i + 702.124k → 702.124i », linked to the first new rule.
fn regrouped(g: &Graph, new: EditionIdx, r: &Regrouped) -> ChangedRule {
    let first = r.to.first().and_then(|id| RuleId::parse(id).ok());
    ChangedRule {
        label: format!("{} → {}", r.from.join(" + "), r.to.join(" + ")),
        url: first.and_then(|id| g.occurrences(new, id).first().map(|&n| permalink_of(g, n))).unwrap_or_default(),
        text_html: String::new(),
    }
}

/// « 1 terme ajouté, 1 retiré, 0 redéfini ».
fn glossary_counts(gl: &crate::graph::align::GlossaryChanges) -> String {
    format!(
        "{}, {}, {}",
        plural(gl.added.len(), "terme ajouté", "termes ajoutés"),
        plural(gl.removed.len(), "retiré", "retirés"),
        plural(gl.changed.len(), "redéfini", "redéfinis")
    )
}

/// The glossary's changes: terms added, removed, and redefined with their diff.
fn glossary_group(
    g: &Graph,
    old: EditionIdx,
    new: EditionIdx,
    gl: &crate::graph::align::GlossaryChanges,
) -> ChangeGroup {
    let entry = |edition: EditionIdx, term: &str| {
        g.glossary_entries(term).iter().copied().find(|&n| g.node(n).edition == edition)
    };
    let mut rules = Vec::new();
    for term in &gl.added {
        let text = entry(new, term).map(|n| crate::text::escape_html(&g.node(n).text)).unwrap_or_default();
        rules.push(ChangedRule { label: format!("{term} (ajouté)"), url: String::new(), text_html: text });
    }
    for term in &gl.removed {
        let text = entry(old, term).map(|n| crate::text::escape_html(&g.node(n).text)).unwrap_or_default();
        rules.push(ChangedRule { label: format!("{term} (retiré)"), url: String::new(), text_html: text });
    }
    for term in &gl.changed {
        let text = match (entry(old, term), entry(new, term)) {
            (Some(a), Some(b)) => diff_html(&g.node(a).text, &g.node(b).text),
            _ => String::new(),
        };
        rules.push(ChangedRule { label: format!("{term} (redéfini)"), url: String::new(), text_html: text });
    }
    ChangeGroup {
        heading: "Glossaire".into(),
        anchor: "glossaire",
        about: "Termes ajoutés, retirés ou redéfinis.".into(),
        rules,
        more: Vec::new(),
    }
}

/// One rule through the loaded editions, newest first.
fn history_page(g: &Graph, idx: NodeIdx) -> HistoryPage {
    let entries = g.history(idx);
    let mut versions = Vec::new();
    // Each version with the one before it in its language, for its diff.
    for ((v, before), h) in g.history_steps(idx).into_iter().zip(&entries) {
        let n = g.node(v);
        let ed = g.edition(n.edition);
        let mut notes = Vec::new();
        if g.current() == Some(n.edition) {
            notes.push("en vigueur".to_string());
        }
        if let Some(t) = &h.translates {
            notes.push(format!(
                "traduction de la règle {} ({} {})",
                t.id,
                t.language,
                t.edition.as_deref().unwrap_or("")
            ));
        }
        if let Some(from) = &h.renumbered_from {
            notes.push(format!("renumérotée (était {from})"));
        }
        match (h.translates.is_some(), h.change) {
            (false, Some(Relation::Same)) => notes.push("même texte".into()),
            (false, Some(_)) => notes.push("texte modifié".into()),
            (false, None) => notes.push("première édition chargée qui l'a".into()),
            (true, _) => {}
        }
        if n.language != ed.language {
            notes.push("non traduit".into());
        }
        let diff = match (before, h.change) {
            (Some(b), Some(Relation::Changed)) => diff_html(&g.node(b).text, &n.text),
            _ => String::new(),
        };
        versions.push(HistoryVersion {
            label: format!("{} — édition {}", n.label(), ed.label()),
            url: permalink_of(g, v),
            notes: notes.join(" · "),
            text_html: text_html(g, v),
            lang: lang_of(n.language),
            diff_html: diff,
        });
    }
    versions.reverse();
    let id = g.cited_label(idx);
    let summary = match g.gone(idx) {
        Some(Gone::Removed) => format!(
            "{} ; cette règle n'est plus dans les règles en vigueur.",
            plural(versions.len(), "version dans les éditions chargées", "versions dans les éditions chargées")
        ),
        Some(Gone::Unpaired) => format!(
            "{} ; aucune règle en vigueur n'y est reliée.",
            plural(versions.len(), "version dans les éditions chargées", "versions dans les éditions chargées")
        ),
        None => format!(
            "{}, suivies par leur contenu (renumérotations comprises), la plus récente d'abord.",
            plural(versions.len(), "version dans les éditions chargées", "versions dans les éditions chargées")
        ),
    };
    HistoryPage {
        layout: Layout::new(&format!("Historique de RC {id}"), ""),
        url: url_of(g, idx).unwrap_or_default(),
        id,
        summary,
        versions,
    }
}
