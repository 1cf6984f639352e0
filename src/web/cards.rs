//! Card pages: `/cartes/{slug}` (a card by its English name; its French
//! name or a distinctive part redirects there, as rule numbers do), and
//! `/api/cartes/{slug}`. A page shows both names, the cost, the type line,
//! the Oracle text with its words of the game linked to their rules (its
//! keywords, the types, supertypes and subtypes it names: [`Segment`]), the
//! rules its keywords and types touch (linked, with previews), the dated
//! rulings and the French printed text — each with a one-line warning when
//! the English text changed since 2018 — the shipped scenarios with that
//! card, and Wizards' Fan Content Policy notice.

use std::sync::LazyLock;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use super::error::WebError;
use super::pages::{CardPage, Link};
use super::render::link;
use super::typography::French;
use super::{AppState, html, redirect};
use crate::cards::{Card, Cards};
use crate::engine::Scenario;
use crate::graph::Graph;
use crate::lexicon::{Kind, Lexicon};
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

/// The card a slug names, or the 404 naming what was asked, with the
/// cards it may have meant ([`Cards::nearest`]).
fn card_of<'c>(cards: &'c Cards, slug: &str) -> Result<&'c Card, WebError> {
    let name = slug.replace('-', " ");
    cards.find(&name).ok_or_else(|| {
        let nearest = cards.nearest(&name, 8).into_iter().map(card_link).collect();
        WebError::NotFound { what: format!("aucune carte « {} »", crate::text::quote(slug)), nearest }
    })
}

/// A half of a card ([`crate::cards::Half`]) as its page shows it.
fn half_view(g: &Graph, card: &Card, half: &crate::cards::Half) -> super::pages::HalfView {
    super::pages::HalfView {
        name: half.name.to_string(),
        meta: half.meta(),
        stats: half.stats(),
        oracle: oracle_text(g, card, &half.text),
        url: String::new(),
    }
}

/// Another face of a card that the data has as a card of its own (the back
/// of Delver of Secrets), as its page shows it under the card's text.
fn face_view(g: &Graph, face: &Card) -> super::pages::HalfView {
    super::pages::HalfView {
        name: face.name.to_string(),
        meta: face.meta(),
        stats: face.stats(),
        oracle: oracle_text(g, face, &face.text),
        url: card_url(face),
    }
}

/// A link to a card's page, its French names beside.
fn card_link(c: &Card) -> Link {
    Link { label: c.name.to_string(), url: card_url(c), preview: None, note: c.french.join(", ") }
}

/// A card's address.
pub fn card_url(card: &Card) -> String {
    format!("/cartes/{}", crate::text::slug(&card.name))
}

/// `GET /cartes/{slug}`.
pub(super) async fn page(state: web::Data<AppState>, slug: web::Path<String>) -> Result<HttpResponse, WebError> {
    let cards = Cards::embedded();
    // Every card's topics, read once (`serve` reads them at start).
    cards.topics();
    let card = card_of(cards, &slug)?;
    let url = card_url(card);
    if url != format!("/cartes/{slug}") {
        return Ok(redirect(StatusCode::MOVED_PERMANENTLY, &url));
    }
    let scenarios = scenarios_of(card, state.examples.entries.iter().map(|e| &e.scenario))
        .into_iter()
        .map(|s| Link {
            label: s.title.clone(),
            url: super::catalogue::example_url(&s.slug, None),
            preview: None,
            note: String::new(),
        })
        .collect();
    let page = card_page(&state.graph, cards, card, scenarios);
    Ok(html(page.french()?))
}

/// The page of a card among `cards`, with the scenarios in which it appears.
fn card_page(g: &Graph, cards: &Cards, card: &Card, scenarios: Vec<Link>) -> CardPage {
    let stale = card.stale();
    let (faces, missing_faces) = cards.other_faces(card);
    CardPage {
        layout: super::pages::Layout::new(&card.name, ""),
        name: card.name.to_string(),
        french: card.french.join(", "),
        nicknames: card.nicknames_said(),
        cost: card.mana_cost.as_deref().unwrap_or_default().to_string(),
        type_line: card.type_line.to_string(),
        stats: card.stats(),
        text: card.text.clone(),
        oracle: oracle_text(g, card, &card.text),
        rules: related_rules(g, cards, card),
        rulings: card.rulings.iter().map(|r| (r.date.to_string(), r.text.clone())).collect(),
        printed: card.latest_printed().map(|p| (format!("{}, {}", p.set, p.date), p.type_line_shown(), p.text.clone())),
        changed: stale == Some(true),
        unchecked: stale.is_none(),
        halves: card
            .halves
            .iter()
            .map(|h| half_view(g, card, h))
            .chain(faces.iter().map(|f| face_view(g, f)))
            .collect(),
        faces: faces.into_iter().map(card_link).collect(),
        missing_faces,
        front_half: card.name.split(" // ").next().unwrap_or_default().to_string(),
        namesakes: cards.namesakes(card).into_iter().map(card_link).collect(),
        scenarios,
        notice: crate::cards::NOTICE.to_string(),
    }
}

/// `GET /api/cartes/{slug}`: the card, as `arbitre carte --json`; an
/// unknown card is JSON too (`erreur`, `proches`), as the rules' API.
pub(super) async fn api(state: web::Data<AppState>, slug: web::Path<String>) -> HttpResponse {
    let cards = Cards::embedded();
    cards.topics();
    match card_of(cards, &slug) {
        Ok(card) => {
            let scenarios = scenarios_of(card, state.examples.entries.iter().map(|e| &e.scenario));
            HttpResponse::Ok().json(json(card, &scenarios))
        }
        Err(e) => e.json_response(),
    }
}

/// The card as `/api/cartes/{slug}` and `arbitre carte --json` give it:
/// [`Cards::json`], its address (`url`) and the shipped scenarios in which
/// it appears (`scenarios`: `title`, `url`).
pub fn json(card: &Card, scenarios: &[&Scenario]) -> serde_json::Value {
    let mut v = Cards::embedded().json(card);
    v["url"] = card_url(card).into();
    v["scenarios"] = scenarios
        .iter()
        .map(|s| serde_json::json!({ "title": s.title, "url": super::catalogue::example_url(&s.slug, None) }))
        .collect();
    v
}

/// The shipped scenarios in which a card appears, by its English or French name.
pub fn scenarios_of<'s>(card: &Card, scenarios: impl IntoIterator<Item = &'s Scenario>) -> Vec<&'s Scenario> {
    scenarios.into_iter().filter(|s| s.cards.iter().any(|c| card.is_called(&c.name))).collect()
}

/// « Règles liées » ([`Cards::related`]), each linked to the rule in force
/// with its preview and what of the card names it.
fn related_rules(g: &Graph, cards: &Cards, card: &Card) -> Vec<Link> {
    cards
        .related(card)
        .into_iter()
        .filter_map(|r| {
            let idx = g.find(r.rule)?;
            let mut l = link(g, idx, None);
            l.label = r.rule.to_string();
            l.note = r.why;
            Some(l)
        })
        .collect()
}

/// A run of a card's Oracle text, as printed: plain text, or a word of the
/// game (a keyword, a card type, a supertype, a subtype) linked to its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// The characters of the Oracle text, unchanged.
    pub text: String,
    /// The rule in force it leads to (address and preview), for a word of the game.
    pub rule: Option<Link>,
}

/// A word of the game to find in an Oracle text.
#[derive(Debug, Clone)]
struct Term {
    /// Its words, lowercase (« first strike », « treasure token »).
    words: String,
    /// The rule it leads to.
    rule: RuleId,
    /// Which forms of its last word are read as it.
    forms: Forms,
}

/// The forms of a word found in an Oracle text besides the word itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Forms {
    /// The word alone (a keyword ability: « Flying »).
    Exact,
    /// Its plural (a type: « creatures », « Auras », « sorceries », « land types »).
    Plural,
    /// The forms of a verb (a keyword action: « mills », « investigated »).
    Verb,
}

/// The words of the game every Oracle text may hold, whatever the card:
/// the card types ([`TYPE_RULES`] first), the supertypes and subtypes the
/// vocabulary names with a rule, and the keyword abilities (a card grants
/// them: « Enchanted creature … has trample »).
static GAME_WORDS: LazyLock<Vec<Term>> = LazyLock::new(|| {
    let mut terms: Vec<Term> = Vec::new();
    let mut add = |name: &str, rule: Option<RuleId>, forms: Forms| {
        let words = name_words(name);
        if let Some(rule) = rule
            && words.starts_with(char::is_alphanumeric)
            && !terms.iter().any(|t| t.words == words)
        {
            terms.push(Term { words, rule, forms });
        }
    };
    for (word, rule) in TYPE_RULES {
        add(word, RuleId::parse(rule).ok(), Forms::Plural);
    }
    for e in Lexicon::embedded().entries() {
        match e.kind {
            Kind::Type | Kind::Supertype | Kind::Subtype => add(&e.en, e.rule, Forms::Plural),
            Kind::KeywordAbility => add(&e.en, e.rule, Forms::Exact),
            _ => {}
        }
    }
    terms
});

/// A name of the vocabulary as words to find: lowercase, without its note
/// in parentheses (« ∞ (infinity) » → « ∞ »).
fn name_words(name: &str) -> String {
    let name = match name.find(" (") {
        Some(i) if i > 0 => &name[..i],
        _ => name,
    };
    name.trim().to_lowercase()
}

/// The words of the game to find in this card's text: its own keywords
/// (abilities and actions, a verb in any of its forms), then the words
/// every text may hold.
fn terms_of(card: &Card) -> Vec<Term> {
    let lexicon = Lexicon::embedded();
    let mut terms: Vec<Term> = card
        .keywords
        .iter()
        .filter_map(|k| {
            let rule = crate::cards::topics::keyword_rule(lexicon, k)?;
            let action = lexicon.by_english(k).iter().any(|e| e.kind == Kind::KeywordAction);
            let words = name_words(k);
            let words_ok = words.starts_with(char::is_alphanumeric);
            words_ok.then_some(Term { words, rule, forms: if action { Forms::Verb } else { Forms::Exact } })
        })
        .collect();
    terms.extend(GAME_WORDS.iter().cloned());
    terms
}

/// The names a card's text may call it by, left unlinked (« Urza's Saga »
/// is no Saga rule): its name, each face's, and a legendary face's short
/// name (« Urborg » for « Urborg, Tomb of Yawgmoth »).
fn own_names(card: &Card) -> Vec<&str> {
    let mut names = vec![card.name.as_str()];
    for face in card.name.split(" // ") {
        names.push(face);
        if let Some((short, _)) = face.split_once(", ") {
            names.push(short);
        }
    }
    names.retain(|n| n.chars().count() >= 3);
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    names
}

/// Whether a word may start at byte `i` of `line`: not inside a word, nor
/// after a hyphen (« non-Aura », « snow-covered ») or a letter's apostrophe.
fn word_starts(line: &str, i: usize) -> bool {
    let mut before = line[..i].chars().rev();
    match before.next() {
        None => true,
        Some(c) if c.is_alphanumeric() || c == '-' => false,
        Some('\'' | '’') => !before.next().is_some_and(char::is_alphanumeric),
        Some(_) => true,
    }
}

/// Whether a word may end at byte `i` of `line`: no letter, digit or hyphen
/// after it, nor an apostrophe and a letter (« creature's » is left whole:
/// French typography curls an apostrophe between two letters of one run).
fn word_ends(line: &str, i: usize) -> bool {
    let mut after = line[i..].chars();
    match after.next() {
        None => true,
        Some(c) if c.is_alphanumeric() || c == '-' => false,
        Some('\'' | '’') => !after.next().is_some_and(char::is_alphanumeric),
        Some(_) => true,
    }
}

/// The length in bytes of `words` at the start of `text`, any case, or `None`.
fn prefix_len(text: &str, words: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    for w in words.chars() {
        let (_, c) = chars.next()?;
        if !c.to_lowercase().eq(w.to_lowercase()) {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

/// The length of a term at the start of `text` in one of its forms, the
/// longest form first, ending a word.
fn term_len(text: &str, term: &Term) -> Option<usize> {
    let w = term.words.as_str();
    let first = text.chars().next()?;
    if !w.chars().next().is_some_and(|f| first.to_lowercase().eq(f.to_lowercase())) {
        return None;
    }
    let mut stems: Vec<(&str, &[&str])> = Vec::new();
    match term.forms {
        Forms::Exact => stems.push((w, &[""])),
        Forms::Plural => {
            stems.push((w, &["s", "es", ""]));
            if let Some(stem) = w.strip_suffix('y') {
                stems.push((stem, &["ies"]));
            }
        }
        Forms::Verb => {
            stems.push((w, &["ing", "ed", "es", "s", "d", ""]));
            if let Some(stem) = w.strip_suffix('y') {
                stems.push((stem, &["ies", "ied"]));
            }
            if let Some(stem) = w.strip_suffix('e') {
                stems.push((stem, &["ing"]));
            }
        }
    }
    let mut best: Option<usize> = None;
    for (stem, endings) in stems {
        let Some(n) = prefix_len(text, stem) else { continue };
        for ending in endings {
            let Some(m) = prefix_len(&text[n..], ending) else { continue };
            if word_ends(text, n + m) && best.is_none_or(|b| n + m > b) {
                best = Some(n + m);
            }
        }
    }
    best
}

/// The Oracle text, line by line (each a paragraph), as runs: the first
/// occurrence of each word of the game outside reminder text linked to its
/// rule in force, with its preview, everything else as printed. An
/// « Enchant » line is linked whole (« Enchant creature you control »: the
/// ability is the keyword and what it enchants). The runs of a line put
/// together are the line, character for character.
fn oracle_text(g: &Graph, card: &Card, text: &str) -> Vec<Vec<Segment>> {
    let terms = terms_of(card);
    let names = own_names(card);
    let mut linked: Vec<RuleId> = Vec::new();
    let mut lines = Vec::new();
    for line in text.lines() {
        let mut runs: Vec<Segment> = Vec::new();
        let mut plain = 0;
        let mut depth = 0usize;
        let mut i = 0;
        while let Some(c) = line[i..].chars().next() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if depth > 0 || !c.is_alphanumeric() || !word_starts(line, i) {
                i += c.len_utf8();
                continue;
            }
            let rest = &line[i..];
            // The card's own name, possessive included (« Battle Squadron's power »).
            let own = |n: &&str| rest.starts_with(n) && !rest[n.len()..].starts_with(char::is_alphanumeric);
            if let Some(name) = names.iter().copied().find(own) {
                i += name.len();
                continue;
            }
            // The longest term here; of two as long, the card's own keyword.
            let found = terms
                .iter()
                .filter_map(|t| Some((term_len(rest, t)?, t)))
                .fold(None, |best, (n, t)| if best.is_none_or(|(b, _)| n > b) { Some((n, t)) } else { best });
            let Some((mut n, term)) = found else {
                i += c.len_utf8();
                continue;
            };
            if term.words == "enchant" && i == 0 {
                n = rest[..rest.find('(').unwrap_or(rest.len())].trim_end().len().max(n);
            }
            if !linked.contains(&term.rule) {
                linked.push(term.rule);
                if let Some(rule) = g.find(term.rule).map(|idx| link(g, idx, None)) {
                    if plain < i {
                        runs.push(Segment { text: line[plain..i].to_string(), rule: None });
                    }
                    runs.push(Segment { text: rest[..n].to_string(), rule: Some(rule) });
                    plain = i + n;
                }
            }
            i += n;
        }
        if plain < line.len() {
            runs.push(Segment { text: line[plain..].to_string(), rule: None });
        }
        lines.push(runs);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::typography::French;

    #[test]
    fn a_card_with_halves_shows_each_half_under_its_name() {
        let graph = crate::load(&[]).graph;
        let cards = Cards::embedded();
        let mut fire = cards.find("Fire // Ice").unwrap().clone();
        // The shipped data lacks Ice: the page says so.
        let page = card_page(&graph, cards, &fire, Vec::new());
        assert_eq!(page.missing_faces, ["Ice"]);
        assert!(page.french().unwrap().contains("texte manquant"));
        // As `cartes importe` keeps it from a download that has it.
        fire.halves = crate::cards::ice_of_fire_and_ice();
        let page = card_page(&graph, cards, &fire, Vec::new());
        assert!(page.missing_faces.is_empty());
        let html = page.french().unwrap();
        assert!(!html.contains("texte manquant"), "{html}");
        for part in [
            r#"<h3 lang="en">Fire</h3>"#,
            r#"<h3 lang="en">Ice</h3>"#,
            r#"<p class="meta"><span lang="en">{1}{U} · Instant</span></p>"#,
            "<p>Tap target permanent.</p><p>Draw a card.</p>",
        ] {
            assert!(html.contains(part), "« {part} » in {html}");
        }
        let (fire_at, ice_at) = (html.find(">Fire</h3>").unwrap(), html.find(">Ice</h3>").unwrap());
        assert!(
            fire_at < html.find("Fire deals 2 damage").unwrap() && html.find("Fire deals 2 damage").unwrap() < ice_at
        );
    }
}
