//! Cross-references: edges, ranges, resolution, backlinks.

use arbitre::graph::{NodeKind, Resolution};
use arbitre::vocab::{AnomalyKind, Lang};

use crate::common::{edition, french, id, node};

#[test]
fn range_608_2c_j_yields_eight_edges() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2011-02-04");
    let from = node(g, ed, "608.2");
    let text = &g.node(from).text;
    let range: Vec<_> =
        g.references(from).iter().filter(|e| &text[e.span.start as usize..e.span.end as usize] == "608.2c-j").collect();
    let targets: Vec<String> = range.iter().map(|e| e.target.to_string()).collect();
    assert_eq!(targets, ["608.2c", "608.2d", "608.2e", "608.2f", "608.2g", "608.2h", "608.2i", "608.2j"]);
    for e in &range {
        assert_eq!(e.resolution, Resolution::Resolved(node(g, ed, &e.target.to_string())));
        assert_eq!(e.line, 37, "the line of 608.2's text (its number is on line 35)");
    }
    // All of 608.2's references: 608.2a, 608.2b, the eight, 608.2k.
    assert_eq!(g.references(from).len(), 11);
}

#[test]
fn backlinks_are_reverse_edges() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2011-02-04");
    let target = node(g, ed, "608.2b");
    let citing: Vec<String> = g.cited_by(target).map(|e| g.node(e.from).label()).collect();
    assert_eq!(citing, ["608.2", "608.3a"]);
    // Shown by the numbers a judge cites them by: the 2011 608.3a is 608.3c in force.
    let cited_as: Vec<String> = g.cited_by(target).map(|e| g.citing_label(e.from)).collect();
    assert_eq!(cited_as, ["608.2", "608.3c"]);
    for e in g.cited_by(target) {
        assert_eq!(e.resolution.node(), Some(target));
    }
}

#[test]
fn references_outside_the_corpus_resolve_to_titles() {
    let g = french();
    let old = edition(g, Lang::Fr, "2011-02-04");
    let new = edition(g, Lang::Fr, "2024-03-08");
    // « cf. section 3 » in 205.2a: the 2011 sommaire knows section 3 by its title.
    let r = g.references(node(g, old, "205.2a"));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].resolution, Resolution::TitleOnly(node(g, old, "3")));
    // « Cf. règle 603.4 » in 608.2a: chapter 603 is known by the 2024 table of contents.
    let r = g.references(node(g, old, "608.2a"));
    assert_eq!(r[0].target, id("603.4"));
    assert_eq!(r[0].resolution, Resolution::TitleOnly(node(g, new, "603")));
    assert_eq!(g.node(node(g, new, "603")).title.as_deref(), Some("Gérer les capacités déclenchées"));
}

#[test]
fn references_inside_an_edition_resolve_to_rules() {
    let g = french();
    let new = edition(g, Lang::Fr, "2024-03-08");
    // « (Cf. règle 701.15, « Régénérer. ») » in 701.7c: 701.15 is implied by its subrules.
    let r = g.references(node(g, new, "701.7c"));
    assert_eq!(r[0].resolution, Resolution::Resolved(node(g, new, "701.15")));
    // « rules 701.28a-f, 712.9-10, and 712.18 » in 701.50a.
    let targets: Vec<String> = g.references(node(g, new, "701.50a")).iter().map(|e| e.target.to_string()).collect();
    assert_eq!(
        targets,
        ["701.28a", "701.28b", "701.28c", "701.28d", "701.28e", "701.28f", "712.9", "712.10", "712.18"]
    );
}

#[test]
fn english_references_and_dangling_ones() {
    let g = french();
    let en = edition(g, Lang::En, "2026-01-16");
    // « See rule 116.2b » style references resolve in their own edition.
    let cloak = g.references(node(g, en, "701.58b"));
    assert!(
        cloak.iter().any(|e| e.target == id("116.2b") && e.resolution == Resolution::Resolved(node(g, en, "116.2b"))),
        "{cloak:?}"
    );
    // The glossary's « Map » cites 110.10, which does not exist: reported, not dropped.
    let map = g.glossary_entries("map").iter().copied().find(|&n| g.node(n).edition == en).unwrap();
    let dangling: Vec<_> = g.references(map).iter().filter(|e| e.resolution == Resolution::Dangling).collect();
    assert_eq!(dangling.len(), 1);
    assert_eq!(dangling[0].target, id("110.10"));
    let anomaly = g
        .anomalies()
        .iter()
        .find(|a| {
            a.kind == AnomalyKind::DanglingReference
                && a.id.as_deref() == Some("110.10")
                && g.documents()[a.document].edition == en
        })
        .expect("dangling reference reported");
    assert_eq!(anomaly.line, dangling[0].line);
}

#[test]
fn the_same_id_in_several_editions() {
    let g = french();
    // A plain id prefers the French text…
    let n = g.find(id("608.2b")).unwrap();
    assert_eq!(g.edition(g.node(n).edition).language, Lang::Fr);
    // …and knows its English version.
    let versions: Vec<Lang> = g.versions(id("608.2b")).iter().map(|&v| g.edition(g.node(v).edition).language).collect();
    assert!(versions.contains(&Lang::En) && versions.contains(&Lang::Fr));
    // A rule only in English is found in English.
    let n = g.find(id("100.1a")).unwrap();
    assert_eq!(g.node(n).kind, NodeKind::Subrule);
    assert_eq!(g.edition(g.node(n).edition).language, Lang::En);
}

#[test]
fn every_edge_records_its_place() {
    let g = french();
    for e in g.edges() {
        let from = g.node(e.from);
        let printed = &from.text[e.span.start as usize..e.span.end as usize];
        assert!(printed.contains(|c: char| c.is_ascii_digit()), "{printed}");
        let line = &g.documents()[from.source.document].lines[e.line as usize - 1];
        assert!(line.contains(printed), "« {printed} » absent de la ligne {} : {line}", e.line);
    }
}
