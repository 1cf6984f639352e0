//! The French glosses of the English rules (`rules/gloses-fr.tsv`): read
//! whole, tied to their edition, followed to the rules in force, searched
//! and never shown.

use arbitre::lexicon::glosses::{Gloss, Glosses};
use arbitre::search::{Filters, SearchIndex};
use arbitre::vocab::{Date, RuleId};

use crate::common::french;

fn gloss(rule: &str, text: &str) -> Gloss {
    Gloss { rule: RuleId::parse(rule).unwrap(), gloss: text.to_string(), question: format!("{text} ?") }
}

fn ids(index: &SearchIndex, q: &str) -> Vec<String> {
    let g = french();
    index.search(g, q, 10, &Filters::default()).hits.iter().map(|h| g.node(h.node).label()).collect()
}

#[test]
fn every_rule_of_the_edition_in_force_has_its_gloss() {
    let g = french();
    let glosses = Glosses::embedded().expect("rules/gloses-fr.tsv");
    let edition = g.edition_named("en-2026-01-16").unwrap();
    assert_eq!(Some(glosses.edition), g.edition(edition).date);
    let missing: Vec<String> = glosses
        .entries
        .iter()
        .filter(|e| g.occurrences(edition, e.rule).is_empty())
        .map(|e| e.rule.to_string())
        .collect();
    assert!(missing.is_empty(), "glosses of rules the edition does not have: {missing:?}");
    // And every numbered rule of the edition has its gloss (3,114).
    let glossed: std::collections::HashSet<RuleId> = glosses.entries.iter().map(|e| e.rule).collect();
    let unglossed: Vec<String> = g
        .ordered(edition)
        .iter()
        .filter_map(|&n| g.node(n).id)
        .filter(|id| matches!(id, RuleId::Rule { .. } | RuleId::Subrule { .. }) && !glossed.contains(id))
        .map(|id| id.to_string())
        .collect();
    assert!(unglossed.is_empty(), "rules without a gloss: {unglossed:?}");
    assert!(glosses.entries.len() >= 3100, "{}", glosses.entries.len());
    // The rules only a title stands for (« 702.19. Trample ») are searched
    // through their subrules: their glosses are not indexed.
    let index = SearchIndex::build(g).unwrap();
    assert!((2800..glosses.entries.len()).contains(&index.glosses), "{}", index.glosses);
}

#[test]
fn a_french_question_finds_an_english_rule_through_its_gloss() {
    let g = french();
    let with = SearchIndex::build(g).unwrap();
    let without = SearchIndex::build_with(g, None).unwrap();
    assert_eq!(without.glosses, 0);
    // Rules with no French text, asked in words their English text does not
    // translate to: first through their gloss, lower without.
    for (q, rule) in [
        ("deux joueurs perdent en meme temps c'est une egalite", "104.4a"),
        // (Not « nouvel objet »: that is a word of jargon of the vocabulary, 400.7 without the glosses.)
        ("un objet qui change de zone est sans memoire ni lien avec son passe", "400.7"),
    ] {
        assert_eq!(ids(&with, q).first().map(String::as_str), Some(rule), "{q}: {:?}", ids(&with, q));
        assert_ne!(ids(&without, q).first().map(String::as_str), Some(rule), "{q}: {:?}", ids(&without, q));
    }
}

#[test]
fn jargon_is_searched_as_typed_in_the_glosses() {
    let g = french();
    let index = SearchIndex::build(g).unwrap();
    // The glosses say « trigger » and « en même temps » as judges do (603.3b:
    // « plusieurs triggers en meme temps, APNAP, j'ordonne les miens… »).
    let q = "deux triggers ETB en meme temps je choisis l'ordre";
    let found = ids(&index, q);
    assert!(found.iter().take(3).any(|id| id == "603.3b"), "{q}: {found:?}");
    // « En même temps » is no jargon in the rules' French texts, where it is
    // not searched as typed: the rule of two players losing at once comes first.
    let q = "deux joueurs perdent en meme temps c'est une egalite";
    assert_eq!(ids(&index, q).first().map(String::as_str), Some("104.4a"), "{q}");
}

#[test]
fn a_phrase_quoted_in_french_is_looked_for_in_the_glosses_too() {
    let g = french();
    let index = SearchIndex::build(g).unwrap();
    // No English text can have French words quoted: a rule with no French
    // text says them in its gloss only (607.2a: « les cartes exilées avec »).
    let q = "capacites liees \"les cartes exilees avec\"";
    assert_eq!(ids(&index, q).first().map(String::as_str), Some("607.2a"), "{q}: {:?}", ids(&index, q));
    // A phrase quoted in English is looked for as written, in the rules' texts.
    let q = "\"exiled with\" linked abilities";
    assert!(ids(&index, q).iter().take(3).any(|id| id.starts_with("607.")), "{q}: {:?}", ids(&index, q));
}

#[test]
fn a_gloss_follows_its_rule_to_the_edition_in_force_unless_its_text_changed() {
    let g = french();
    // Glosses of the edition before: 702.124m is 702.124k in force, the
    // same text renumbered; 601.2a changed on 2026-01-16.
    let older = Glosses {
        edition: Date::new(2025, 11, 14).unwrap(),
        entries: vec![gloss("702.124m", "zorglubienne renumérotée"), gloss("601.2a", "bidulonnerie modifiée")],
    };
    let index = SearchIndex::build_with(g, Some(&older)).unwrap();
    assert_eq!(index.glosses, 1);
    let hits = index.search(g, "zorglubienne", 10, &Filters::default()).hits;
    let first = g.node(hits[0].node);
    assert_eq!(first.label(), "702.124k");
    assert_eq!(g.edition(first.edition).date, Date::new(2026, 1, 16));
    // Searched, never shown: the rule's own text is the snippet.
    assert!(!hits[0].snippet.to_html().contains("zorglub"), "{}", hits[0].snippet.to_html());
    assert!(!ids(&index, "bidulonnerie").contains(&"601.2a".to_string()));
    // Glosses of an edition the corpus does not have apply to nothing.
    let elsewhere = Glosses { edition: Date::new(2020, 1, 1).unwrap(), entries: older.entries.clone() };
    assert_eq!(SearchIndex::build_with(g, Some(&elsewhere)).unwrap().glosses, 0);
}
