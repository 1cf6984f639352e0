//! Card pages: `/cartes/{slug}` (a card by its English name; its French
//! name or a distinctive part redirects there, as rule numbers do), and
//! `/api/cartes/{slug}`. A page shows both names, the cost, the type line,
//! the Oracle text, the rules its keywords and types touch (linked, with
//! previews), the dated rulings and the French printed text — each with a
//! one-line warning when the English text changed since 2018 — the shipped
//! scenarios with that card, and Wizards' Fan Content Policy notice.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use super::error::WebError;
use super::pages::{CardPage, Link};
use super::render::link;
use super::typography::French;
use super::{AppState, html, redirect};
use crate::cards::{Card, Cards};
use crate::graph::Graph;
use crate::lexicon::Lexicon;
use crate::vocab::RuleId;

/// The card types and the rule of each (section 3).
const TYPE_RULES: [(&str, &str); 10] = [
    ("Artifact", "301"),
    ("Creature", "302"),
    ("Enchantment", "303"),
    ("Instant", "304"),
    ("Land", "305"),
    ("Planeswalker", "306"),
    ("Sorcery", "307"),
    ("Kindred", "308"),
    ("Battle", "310"),
    ("Legendary", "704.5j"),
];

/// The card a slug names, or the 404 naming what was asked.
fn card_of<'c>(cards: &'c Cards, slug: &str) -> Result<&'c Card, WebError> {
    cards.find(&slug.replace('-', " ")).ok_or_else(|| WebError::NotFound {
        what: format!("aucune carte « {} »", crate::text::quote(slug)),
        nearest: vec![],
    })
}

/// A card's address.
pub fn card_url(card: &Card) -> String {
    format!("/cartes/{}", crate::text::slug(&card.name))
}

/// `GET /cartes/{slug}`.
pub(super) async fn page(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, WebError> {
    let cards = Cards::embedded();
    let card = card_of(cards, &slug)?;
    let url = card_url(card);
    if url != format!("/cartes/{slug}") {
        return Ok(redirect(StatusCode::MOVED_PERMANENTLY, &url));
    }
    let g = &state.graph;
    let changed = card.printed.last().is_some_and(|p| card.changed_since(p));
    let scenarios = state
        .examples
        .entries
        .iter()
        .filter(|e| e.scenario.cards.iter().any(|c| c.name == card.name || card.french.contains(&c.name)))
        .map(|e| Link {
            label: e.scenario.title.clone(),
            url: super::catalogue::example_url(&e.scenario.slug, None),
            preview: None,
            note: String::new(),
        })
        .collect();
    let page = CardPage {
        layout: super::pages::Layout::new(&card.name, ""),
        name: card.name.clone(),
        french: card.french.join(", "),
        cost: card.mana_cost.clone().unwrap_or_default(),
        type_line: card.type_line.clone(),
        stats: card.stats(),
        text: card.text.clone(),
        rules: related_rules(g, card),
        rulings: card.rulings.iter().map(|r| (r.date.clone(), r.text.clone())).collect(),
        printed: card.printed.last().map(|p| (format!("{}, {}", p.set, p.date), p.type_line.clone(), p.text.clone())),
        changed,
        scenarios,
        notice: crate::cards::NOTICE.to_string(),
    };
    Ok(html(page.french()?))
}

/// `GET /api/cartes/{slug}`: the card, as `arbitre carte --json`.
pub(super) async fn api(slug: web::Path<String>) -> Result<HttpResponse, WebError> {
    let card = card_of(Cards::embedded(), &slug)?;
    Ok(HttpResponse::Ok().json(card.json()))
}

/// The rules the card's keywords and types touch, each linked to the rule
/// in force: its keyword abilities by the vocabulary (« Trample » → 702.19),
/// its card types (section 3), its subtypes when the vocabulary names them
/// (Aura → 303.4), legendary (704.5j).
fn related_rules(g: &Graph, card: &Card) -> Vec<Link> {
    let lexicon = Lexicon::embedded();
    let mut ids: Vec<(RuleId, String)> = Vec::new();
    let mut add = |id: Option<RuleId>, why: &str| {
        if let Some(id) = id
            && !ids.iter().any(|(i, _)| *i == id)
        {
            ids.push((id, why.to_string()));
        }
    };
    for k in &card.keywords {
        add(lexicon.by_english(k).iter().find_map(|e| e.rule), k);
    }
    let type_words: Vec<&str> = card.type_line.split([' ', '—', '/']).filter(|w| !w.is_empty()).collect();
    for (word, rule) in TYPE_RULES {
        if type_words.contains(&word) {
            add(RuleId::parse(rule).ok(), word);
        }
    }
    for word in type_words.iter().filter(|w| !TYPE_RULES.iter().any(|(t, _)| t == *w)) {
        add(lexicon.by_english(word).iter().find_map(|e| e.rule), word);
    }
    ids.into_iter()
        .filter_map(|(id, why)| {
            let idx = g.find(id)?;
            let mut l = link(g, idx, None);
            l.label = id.to_string();
            l.note = why;
            Some(l)
        })
        .collect()
}
