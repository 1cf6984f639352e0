//! Rule, chapter and section pages: `/regles/{id}`.
//!
//! The address takes the id in any form a judge types; a form other than the
//! canonical one (`608.2B`, `RC 608.2b`) redirects to it. `?edition=fr-2011-02-04`
//! picks another edition or language, `?occurrence=2` the second text printed
//! under a duplicated number; without them, the version a plain id gives.
//!
//! The page of a keyword ability or action (702.19, 701.17) lists a few cards
//! with that keyword, linked to their pages, and how many have it.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use super::catalogue::Examples;
use super::contents::sections;
use super::error::WebError;
use super::pages::InForce;
use super::pages::{ChapterPage, Layout, Link, Passage, RulePage};
use super::render::{
    anchor_of, api_url_of, diff_html, history_url_of, lang_of, link, permalink_of, text_html, untranslated, url_of,
};
use super::request::{params, select};
use super::typography::French;
use super::{AppState, html, redirect};
use crate::cards::{Card, Cards};
use crate::graph::align::Relation;
use crate::graph::view::Gone;
use crate::graph::{Graph, NodeIdx, NodeKind, Origin};
use crate::lexicon::{Entry, Kind, Lexicon};
use crate::vocab::{Lang, RuleId};

/// `GET /regles/{id}`.
pub(super) async fn page(
    state: web::Data<AppState>,
    path: web::Path<String>,
    req: HttpRequest,
) -> Result<HttpResponse, WebError> {
    let g = &state.graph;
    let raw = path.into_inner();
    let id = RuleId::parse_loose(&raw).map_err(|e| WebError::NotFound { what: e.to_string(), nearest: vec![] })?;
    let canonical = id.to_string();
    if raw != canonical {
        let query = if req.query_string().is_empty() { String::new() } else { format!("?{}", req.query_string()) };
        return Ok(redirect(StatusCode::MOVED_PERMANENTLY, &format!("/regles/{canonical}{query}")));
    }
    let idx = select(g, id, &params(&req)?)?;
    let body = state.page(idx, || render(g, &state.examples, idx))?;
    Ok(html(body))
}

/// The page of a node: a rule page, or a chapter or section page.
fn render(g: &Graph, examples: &Examples, idx: NodeIdx) -> Result<String, WebError> {
    // Scenarios illustrating the rule itself; on a chapter or section page,
    // those illustrating any rule within it.
    let illustrated = |exact: bool| g.node(idx).id.map(|id| examples.illustrating(id, exact)).unwrap_or_default();
    match g.node(idx).kind {
        NodeKind::Rule | NodeKind::Subrule => Ok(rule_page(g, idx, illustrated(true)).french()?),
        NodeKind::Chapter | NodeKind::Section => Ok(chapter_page(g, idx, illustrated(false)).french()?),
        _ => Err(WebError::NotFound { what: "ce nœud n'a pas de page".into(), nearest: vec![] }),
    }
}

/// The node whose place in the rules a page shows: the rule in force for a
/// text of the rules in force or a translation of one (the French 701.15 sits
/// in 701 as 701.19 does), else the node itself (an older edition's page).
fn place_of(g: &Graph, idx: NodeIdx) -> NodeIdx {
    let n = g.node(idx);
    let followed = g.current() == Some(n.edition) || g.is_translation(n.edition);
    g.in_force(idx).filter(|_| followed).unwrap_or(idx)
}

/// Sommaire › section › chapter › … above a node, in the rules in force
/// when the node is in them or translates them, with French titles.
fn breadcrumb(g: &Graph, idx: NodeIdx) -> Vec<Link> {
    let mut chain = Vec::new();
    let place = place_of(g, idx);
    let mut up = g.node(place).parent;
    while let Some(p) = up {
        let n = g.node(p);
        let title = g.french_title(p).or(n.title.as_deref());
        let label = match (title, n.kind) {
            (Some(t), NodeKind::Section | NodeKind::Chapter) => format!("{}. {t}", n.label()),
            _ => n.label(),
        };
        let shown = if place == idx { p } else { g.shown(p) };
        chain.push(Link { label, url: url_of(g, shown).unwrap_or_default(), preview: None, note: String::new() });
        up = n.parent;
    }
    chain.push(Link { label: "Sommaire".into(), url: "/".into(), preview: None, note: String::new() });
    chain.reverse();
    chain
}

/// The rules before and after a node, where it sits ([`place_of`]), each
/// shown as its plain number shows it.
fn neighbours(g: &Graph, idx: NodeIdx) -> (Option<Link>, Option<Link>) {
    let place = place_of(g, idx);
    let (previous, next) = g.neighbours(place);
    let shown = |n: Option<NodeIdx>| n.map(|n| if place == idx { n } else { g.shown(n) });
    (neighbour(g, shown(previous)), neighbour(g, shown(next)))
}

/// The same rule elsewhere: in the other editions and languages, found by
/// the alignment whatever its number there, and other texts printed under
/// its number in its own edition. Each says how it stands to the text
/// shown (« même sens que ce texte »), not to the rule in force: the French
/// 701.16a of 2024 translates the English 701.16a of 2024, and differs
/// from today's 701.20a.
fn versions(g: &Graph, idx: NodeIdx) -> Vec<Link> {
    let n = g.node(idx);
    let aligned = g.lineage(idx).unwrap_or_default().iter().copied();
    let duplicates = n.id.map(|id| g.occurrences(n.edition, id)).unwrap_or_default().iter().copied();
    aligned
        .chain(duplicates)
        .filter(|&v| v != idx)
        .map(|v| {
            let o = g.node(v);
            let mut label = format!("{} — édition {}", o.label(), g.edition(o.edition).label());
            if o.occurrence > 0 {
                label.push_str(&format!(", texte n° {}", o.occurrence + 1));
            }
            let mut notes: Vec<String> = Vec::new();
            if g.current() == Some(o.edition) {
                notes.push("en vigueur".into());
            }
            if !g.has_content(v) {
                notes.push("titre seulement".into());
            } else if o.language != g.edition(o.edition).language {
                notes.push(format!("texte en {}", o.language.name_fr()));
            }
            if g.lineage(idx).is_some_and(|l| l.contains(&v)) {
                notes.push(match g.relation(idx, v) {
                    Relation::Same => "même sens que ce texte".into(),
                    _ => "texte différent de celui-ci".into(),
                });
            }
            Link { label, url: permalink_of(g, v), preview: api_url_of(g, v), note: notes.join(" · ") }
        })
        .collect()
}

/// Judge-class articles about a node (covering it or a rule above it).
fn articles(g: &Graph, idx: NodeIdx) -> Vec<Link> {
    let Some(id) = g.node(idx).id else { return Vec::new() };
    g.nodes()
        .iter()
        .enumerate()
        .filter(|(_, n)| n.kind == NodeKind::Article && n.covers.iter().any(|&c| id.is_within(c) || c.is_within(id)))
        .map(|(i, _)| link(g, NodeIdx(i as u32), None))
        .collect()
}

/// A passage: a numbered node or an example, as HTML, under the number a
/// judge cites it by; a French text older than the rule in force says so.
fn passage(g: &Graph, idx: NodeIdx, depth: u8) -> Passage {
    let n = g.node(idx);
    let numbered = n.id.is_some();
    let standing = g.standing(idx);
    let note = match g.edition(n.edition).date {
        Some(date) if numbered && standing.shows_in_force_beside(idx) => {
            let year = &date.to_string()[..4];
            if standing.changed() {
                format!("texte de {year}, la règle a changé depuis")
            } else {
                format!("texte de {year}")
            }
        }
        _ => String::new(),
    };
    Passage {
        label: if numbered { g.cited_label(idx) } else { "Exemple".into() },
        anchor: anchor_of(g, idx),
        id_anchor: if numbered { g.cited_label(idx) } else { String::new() },
        url: url_of(g, idx).unwrap_or_default(),
        text_html: text_html(g, idx),
        lang: lang_of(n.language),
        untranslated: untranslated(g, idx),
        note,
        depth,
        title: if n.text.as_str() == n.title.as_deref().unwrap_or("") {
            String::new()
        } else {
            n.title.clone().unwrap_or_default()
        },
    }
}

/// A node's numbered descendants and their examples, depth first. Below a
/// node of the rules in force, each rule is shown as its plain number shows
/// it (its French text when one exists), so a chapter in force reads in
/// French wherever it can.
fn passages(g: &Graph, idx: NodeIdx, out: &mut Vec<Passage>) {
    let in_force = g.current() == Some(g.node(idx).edition);
    for &c in &g.node(idx).children {
        let shown = if in_force { g.shown(c) } else { c };
        let depth = if g.node(c).kind == NodeKind::Subrule { 1 } else { 0 };
        out.push(passage(g, shown, depth));
        out.extend(g.node(shown).examples.iter().map(|&e| passage(g, e, 2)));
        passages(g, c, out);
    }
}

/// Why a node shows no text of its own, or what is odd about it.
fn note(g: &Graph, idx: NodeIdx) -> String {
    let n = g.node(idx);
    let mut notes = Vec::new();
    match n.origin {
        Origin::Implied => {
            notes.push("Ce numéro n'est pas imprimé dans la source : il regroupe les sous-règles ci-dessous.")
        }
        Origin::Heading => notes.push("Titre imprimé sans numéro dans la source ; le texte est dans les sous-règles."),
        Origin::Contents => notes.push("Règle connue par le sommaire seulement : son texte n'est pas dans le corpus."),
        Origin::Source => {}
    }
    if n.occurrence > 0 {
        notes.push(
            "Texte imprimé une seconde fois sous ce numéro dans la source (doublon signalé par « arbitre check »).",
        );
    } else if n.id.is_some_and(|id| g.occurrences(n.edition, id).len() > 1) {
        notes.push(
            "Un autre texte est imprimé sous ce même numéro dans la source : voir « Autres éditions et langues ».",
        );
    }
    notes.join(" ")
}

fn source(g: &Graph, idx: NodeIdx) -> String {
    format!("{}, ligne {}", g.document_of(idx).path, g.node(idx).source.line)
}

fn neighbour(g: &Graph, n: Option<NodeIdx>) -> Option<Link> {
    n.map(|n| link(g, n, None))
}

fn rule_page(g: &Graph, idx: NodeIdx, scenarios: Vec<Link>) -> RulePage {
    let n = g.node(idx);
    let (previous, next) = neighbours(g, idx);
    let mut subrules = Vec::new();
    passages(g, idx, &mut subrules);
    let mut cited_by: Vec<Link> = Vec::new();
    // Who cites this text, and who cites the rule in force it stands for.
    let place = place_of(g, idx);
    let citing = g.cited_by(idx).chain(g.cited_by(place).filter(|_| place != idx));
    for e in citing {
        // A rule in force that cites is shown as its number shows it (its French text, if any).
        let citer = match g.node(e.from).kind {
            NodeKind::Rule | NodeKind::Subrule if g.current() == Some(g.node(e.from).edition) => g.shown(e.from),
            _ => e.from,
        };
        let from = g.node(citer);
        let mut l = link(g, citer, None);
        l.label = g.citing_label(citer);
        match from.kind {
            NodeKind::Example => l.note = "(exemple)".into(),
            NodeKind::Glossary => l.note = "(glossaire)".into(),
            NodeKind::Prose => l.note = format!("({})", from.title.as_deref().unwrap_or("")),
            _ => {}
        }
        if from.edition != n.edition && Some(from.edition) != g.current() {
            l.note = format!("{} édition {}", l.note, g.edition(from.edition).label()).trim().to_string();
        }
        if !cited_by.iter().any(|c| c.url == l.url && c.label == l.label) {
            cited_by.push(l);
        }
    }
    let cited = g.cited_label(idx);
    let is_current = g.current() == Some(n.edition);
    let (keyword_summary, keyword_cards) = keyword_cards(in_force_id(g, idx));
    RulePage {
        layout: Layout::new(&format!("RC {cited}"), ""),
        citation: citation(g, idx),
        permalink: if is_current { url_of(g, idx).unwrap_or_default() } else { permalink_of(g, idx) },
        text_from: text_from(g, idx),
        in_force: in_force(g, idx),
        gone: gone(g, idx),
        history_url: history_url_of(g, idx),
        title: g.display_title(idx).unwrap_or_default().to_string(),
        breadcrumb: breadcrumb(g, idx),
        anchor: anchor_of(g, idx),
        text_html: if n.has_text() { text_html(g, idx) } else { String::new() },
        untranslated: n.has_text() && untranslated(g, idx),
        lang: lang_of(n.language),
        note: note(g, idx),
        examples: n.examples.iter().map(|&e| passage(g, e, 2)).collect(),
        subrules,
        previous,
        next,
        cited_by,
        versions: versions(g, idx),
        articles: articles(g, idx),
        scenarios,
        keyword_summary,
        keyword_cards,
        edition: g.edition(n.edition).label(),
        source: source(g, idx),
        id: cited,
    }
}

/// The number of the rule in force a page stands for (the 2011 French
/// text of trample stands for 702.19), if the rule is still in force.
fn in_force_id(g: &Graph, idx: NodeIdx) -> Option<RuleId> {
    g.in_force(idx).and_then(|n| g.node(n).id)
}

/// How many cards a keyword's rule page lists.
const KEYWORD_CARDS_SHOWN: usize = 6;

/// Each keyword rule (see [`crate::cards::topics::keyword_rule`]) and the cards whose `keywords`
/// name it, the most ruled first, then by name. A card counts once: the
/// face of a double-faced card, which the data also gives alone, is left
/// to its card (« Arlinn, the Moon's Fury » to « Arlinn, the Pack's Hope //
/// Arlinn, the Moon's Fury »), and so is a card without an address (a name
/// of no letter or digit). Built for the first keyword page asked: reading
/// the cards takes some 0.4 s, which no other page pays.
static CARDS_BY_KEYWORD: LazyLock<HashMap<RuleId, Vec<usize>>> = LazyLock::new(|| {
    let lexicon = Lexicon::embedded();
    let cards = &Cards::embedded().cards;
    let faces: HashSet<&str> =
        cards.iter().filter(|c| c.name.contains(" // ")).flat_map(|c| c.name.split(" // ")).collect();
    let counted = |c: &Card| !faces.contains(c.name.as_str()) && !crate::text::slug(&c.name).is_empty();
    let mut rules: HashMap<&str, Option<RuleId>> = HashMap::new();
    let mut index: HashMap<RuleId, Vec<usize>> = HashMap::new();
    for (i, card) in cards.iter().enumerate().filter(|(_, c)| counted(c)) {
        for k in &card.keywords {
            let rule = *rules.entry(k.as_str()).or_insert_with(|| crate::cards::topics::keyword_rule(lexicon, k));
            if let Some(rule) = rule {
                let list = index.entry(rule).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
    }
    for list in index.values_mut() {
        list.sort_by(|&a, &b| {
            let (a, b) = (&cards[a], &cards[b]);
            // The rebalanced cards of digital play (« A-Demilich ») last:
            // a judge's cards are paper cards.
            let digital = |c: &Card| c.name.starts_with("A-");
            digital(a)
                .cmp(&digital(b))
                .then_with(|| b.rulings.len().cmp(&a.rulings.len()))
                .then_with(|| a.name.cmp(&b.name))
        });
    }
    index
});

/// « Cartes avec ce mot-clé » on the page of a keyword ability or action
/// (a rule the vocabulary gives a keyword, 702.19 or 701.17, not its
/// subrules): how many cards have it, in a sentence, and the first few,
/// each linked to its page (English name, French name beside). Nothing for
/// any other rule, nor when no card has the keyword.
fn keyword_cards(id: Option<RuleId>) -> (String, Vec<Link>) {
    let Some(id) = id else { return Default::default() };
    let entries: Vec<&Entry> =
        Lexicon::embedded().entries().iter().filter(|e| e.kind.is_keyword() && e.rule == Some(id)).collect();
    if entries.is_empty() {
        return Default::default();
    }
    let Some(found) = CARDS_BY_KEYWORD.get(&id).filter(|f| !f.is_empty()) else { return Default::default() };
    let cards = Cards::embedded();
    // A card whose address shows another card (two names of one slug) is passed over.
    let shown: Vec<(&Card, String)> = found
        .iter()
        .map(|&i| (&cards.cards[i], format!("/cartes/{}", crate::text::slug(&cards.cards[i].name))))
        .filter(|(card, url)| {
            cards.find(&url["/cartes/".len()..].replace('-', " ")).is_some_and(|c| std::ptr::eq(c, *card))
        })
        .take(KEYWORD_CARDS_SHOWN)
        .collect();
    let mut summary = keyword_count(found.len(), &entries);
    match shown.len() {
        n if n == found.len() => summary.push_str(" :"),
        n if shown.iter().any(|(c, _)| !c.rulings.is_empty()) => {
            summary.push_str(&format!(" ; voici les {n} qui ont le plus de décisions :"));
        }
        n => summary.push_str(&format!(" ; en voici {n}, par ordre alphabétique :")),
    }
    let links = shown
        .into_iter()
        .map(|(card, url)| Link {
            label: card.name.to_string(),
            url,
            preview: None,
            note: card.french.first().map(ToString::to_string).unwrap_or_default(),
        })
        .collect();
    (summary, links)
}

/// « 1 080 cartes ont la capacité mot-clé « piétinement » », « 629 cartes
/// utilisent l'action mot-clé « meuler » »: the keyword by its French name
/// when the vocabulary gives it one, and only one that is not a proposal
/// awaiting review; else « cette capacité mot-clé ».
fn keyword_count(n: usize, entries: &[&Entry]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for e in entries {
        if !names.contains(&e.fr.as_str()) {
            names.push(&e.fr);
        }
    }
    let reviewed = entries.iter().all(|e| !e.source.contains("non vérifiée"));
    let action = entries.iter().any(|e| e.kind == Kind::KeywordAction);
    let what = match (action, names.as_slice()) {
        (false, [name]) if reviewed => format!("la capacité mot-clé « {name} »"),
        (true, [name]) if reviewed => format!("l'action mot-clé « {name} »"),
        (false, _) => "cette capacité mot-clé".to_string(),
        (true, _) => "cette action mot-clé".to_string(),
    };
    match (n, action) {
        (1, false) => format!("1 carte a {what}"),
        (1, true) => format!("1 carte utilise {what}"),
        (n, false) => format!("{} cartes ont {what}", thousands(n)),
        (n, true) => format!("{} cartes utilisent {what}", thousands(n)),
    }
}

/// A count with its thousands apart, as pages print them (« 1 080 », a
/// narrow no-break space).
fn thousands(n: usize) -> String {
    crate::text::thousands(n, crate::text::NNBSP)
}

/// What the page says of a text no rule in force continues: removed since
/// when the alignment followed it through the editions (the 801.12 of
/// 2011), else only that none is paired with it (a second text printed
/// under one number, such as the French 205.4f of 2011).
fn gone(g: &Graph, idx: NodeIdx) -> String {
    let in_force = g.current().map(|c| g.edition(c).label()).unwrap_or_default();
    match g.gone(idx) {
        Some(Gone::Removed) => format!(
            "Cette règle n'est plus dans les règles en vigueur ({in_force}) : elle a été retirée ou fondue dans une autre depuis ce texte."
        ),
        Some(Gone::Unpaired) => format!(
            "Aucune règle en vigueur ({in_force}) n'est reliée à ce texte : il peut y être sous un autre numéro, cherchez-le par ses mots."
        ),
        None => String::new(),
    }
}

/// « RC 608.2h », and when the text shown is not the rule in force, which
/// text it is: « RC 608.2h (texte français de 2011) ».
fn citation(g: &Graph, idx: NodeIdx) -> String {
    let n = g.node(idx);
    let ed = g.edition(n.edition);
    let cited = format!("RC {}", g.cited_label(idx));
    if g.current() == Some(n.edition) || ed.date.is_none() {
        return cited;
    }
    let year = ed.date.map(|d| d.to_string()[..4].to_string()).unwrap_or_default();
    match (n.language, g.in_force(idx)) {
        (_, None) if g.gone(idx) == Some(Gone::Removed) => format!("{cited} (édition {}, plus en vigueur)", ed.label()),
        (_, None) => format!("{cited} (édition {})", ed.label()),
        (Lang::Fr, Some(_)) => format!("{cited} (texte français de {year})"),
        (Lang::En, Some(_)) => format!("{cited} (texte anglais de l'édition {})", ed.label()),
    }
}

/// Which text is shown: language, edition, what it translates, its number there.
fn text_from(g: &Graph, idx: NodeIdx) -> String {
    let n = g.node(idx);
    let ed = g.edition(n.edition);
    let language = match (n.language, ed.language) {
        (Lang::En, Lang::Fr) => "Texte anglais laissé non traduit dans le document français",
        (Lang::Fr, _) => "Texte français",
        (Lang::En, _) => "Texte anglais",
    };
    let mut out = format!("{language}, édition {}", ed.label());
    if g.current() == Some(n.edition) {
        out.push_str(" (en vigueur)");
    }
    if let Some(original) = g.original_of(idx).filter(|&o| o != idx) {
        let o = g.node(original);
        out.push_str(&format!(", traduction de la règle {} de l'édition {}", o.label(), g.edition(o.edition).label()));
    }
    if g.cited_label(idx) != n.label() {
        out.push_str(&format!(" ; numérotée {} dans cette édition", n.label()));
    }
    out
}

/// The rule in force beside a text that is not it, with what changed since.
fn in_force(g: &Graph, idx: NodeIdx) -> Option<InForce> {
    let standing = g.standing(idx);
    let now = standing.in_force.filter(|_| standing.shows_in_force_beside(idx))?;
    let c = g.node(now);
    let date = g.edition(c.edition).date.map(|d| d.to_string()).unwrap_or_default();
    let (notice, diff_html, diff_label) = match (standing.changed(), standing.original) {
        (true, Some(original)) => {
            let o = g.node(original);
            let year = g.edition(g.node(idx).edition).date.map(|d| d.to_string()[..4].to_string()).unwrap_or_default();
            (
                format!("Ce texte date de {year} ; la règle a changé depuis."),
                diff_html(&o.text, &c.text),
                format!(
                    "Ce qui a changé, mot à mot : règle {} de l'édition {} → règle {} en vigueur",
                    o.label(),
                    g.edition(o.edition).label(),
                    c.label()
                ),
            )
        }
        _ => (String::new(), String::new(), String::new()),
    };
    Some(InForce {
        label: format!("En vigueur ({date}) : {}", c.label()),
        url: permalink_of(g, now),
        text_html: text_html(g, now),
        lang: lang_of(c.language),
        notice,
        diff_html,
        diff_label,
    })
}

fn chapter_page(g: &Graph, idx: NodeIdx, scenarios: Vec<Link>) -> ChapterPage {
    let n = g.node(idx);
    let (previous, next) = g.neighbours(idx);
    let mut passages_list = Vec::new();
    let mut chapters = Vec::new();
    if n.kind == NodeKind::Chapter {
        passages(g, idx, &mut passages_list);
    } else if let Some(RuleId::Section(s)) = n.id {
        // Every chapter of the section in this language, wherever its text is.
        let language = g.edition(n.edition).language;
        chapters = sections(g, language, Some(s)).into_iter().flat_map(|s| s.chapters).collect();
    }
    let title = g.french_title(idx).or(n.title.as_deref()).unwrap_or_default().to_string();
    let in_force = g.current() == Some(n.edition);
    ChapterPage {
        layout: Layout::new(&format!("{} {title}", n.label()), ""),
        kind: if n.kind == NodeKind::Chapter { "Chapitre" } else { "Section" },
        id: n.label(),
        title,
        title_lang: if g.french_title(idx).is_some() { "" } else { lang_of(n.language) },
        in_force,
        breadcrumb: breadcrumb(g, idx),
        anchor: anchor_of(g, idx),
        intro_html: if n.has_text() { text_html(g, idx) } else { String::new() },
        lang: lang_of(n.language),
        passages: passages_list,
        chapters,
        title_only: !g.has_content(idx),
        versions: versions(g, idx),
        articles: articles(g, idx),
        scenarios,
        previous: neighbour(g, previous),
        next: neighbour(g, next),
        edition: g.edition(n.edition).label(),
        source: source(g, idx),
    }
}
