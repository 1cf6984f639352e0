//! Nothing is lost: every non-blank line of every document is owned by
//! exactly one node or anomaly, and the owner holds the line's words.

use arbitre::Graph;
use arbitre::corpus::ItemKind;
use arbitre::graph::NodeKind;

use crate::common::{english_editions, french, id};

fn assert_lossless(g: &arbitre::Graph) {
    assert!(!g.documents().is_empty());
    for d in 0..g.documents().len() {
        let audit = g.audit(d);
        assert!(audit.is_lossless(), "{audit:#?}");
        let non_blank = g.documents()[d].lines.iter().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(audit.content_lines, non_blank);
        assert_eq!(audit.in_nodes + audit.in_anomalies + audit.markup, non_blank, "{}", audit.path);
    }
}

#[test]
fn every_document_in_rules() {
    let g = french();
    assert_eq!(g.documents().len(), 9, "5 French documents, 4 English editions");
    assert_lossless(g);
}

#[test]
fn both_english_editions() {
    let Some(editions) = english_editions() else { return };
    for file in editions {
        let loaded = arbitre::load(std::slice::from_ref(&file));
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let g = &loaded.graph;
        assert_lossless(g);
        let c = g.counts(None);
        assert!(c.rules > 3000, "{file:?}: {c:?}");
        assert!(c.examples > 250 && c.glossary > 700, "{c:?}");
        // The layout's pieces all land where they belong.
        let kinds = |k: NodeKind| g.nodes().iter().filter(|n| n.kind == k).count();
        assert_eq!(kinds(NodeKind::Section), 9);
        assert_eq!(kinds(NodeKind::Chapter), 146, "chapters 100–123, 200–213 … 900–905");
        assert!(kinds(NodeKind::Prose) >= 3, "Introduction, Glossary, Credits");
    }
}

#[test]
fn the_audit_catches_lost_and_misplaced_lines() {
    // The audit is not a tautology: tamper with a parsed document and it says so.
    let path = "rules/fr-2011-608-resoudre-les-sorts.txt";
    let bytes = std::fs::read(path).unwrap();
    let parsed = arbitre::corpus::load(path, &bytes, None).unwrap();
    let rule = |doc: &arbitre::corpus::ParsedDocument, s: &str| {
        doc.items.iter().position(|i| i.kind == ItemKind::Rule(id(s))).unwrap()
    };

    // 608.2b keeps its lines but loses its words.
    let mut doc = parsed.clone();
    let k = rule(&doc, "608.2b");
    doc.items[k].parts[0].text = "texte remplacé".into();
    let audit = Graph::build(vec![doc]).audit(0);
    assert_eq!(audit.not_contained, [45]);
    assert!(!audit.is_lossless());

    // 608.2c keeps its text but gives up its lines: they are owned by nobody.
    let mut doc = parsed.clone();
    let k = rule(&doc, "608.2c");
    doc.items[k].lines.clear();
    let audit = Graph::build(vec![doc]).audit(0);
    assert_eq!(audit.unowned, [51, 53]);

    // A number line claimed by the wrong rule is caught too.
    let mut doc = parsed;
    let (a, b) = (rule(&doc, "608.2d"), rule(&doc, "608.2e"));
    let stolen = doc.items[b].lines.remove(0);
    doc.items[a].lines.push(stolen);
    let audit = Graph::build(vec![doc]).audit(0);
    assert_eq!(audit.not_contained, [stolen]);
}
