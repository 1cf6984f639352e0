//! Rule order, parents, children, previous/next, look-ups.

use arbitre::graph::{LookupError, NodeKind, Origin};
use arbitre::vocab::Lang;

use crate::common::{edition, french, id, node};

#[test]
fn numeric_order_and_structural_parents() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2024-03-08");
    let chapter = g.node(node(g, ed, "701"));
    let kids: Vec<String> = chapter.children.iter().map(|&c| g.node(c).label()).collect();
    let nine = kids.iter().position(|k| k == "701.9").unwrap();
    assert_eq!(kids[nine + 1], "701.10", "701.9 < 701.10: {kids:?}");
    // 701.10 is implied by its subrules and is not a child of 701.1.
    let ten = g.node(node(g, ed, "701.10"));
    assert_eq!(ten.origin, Origin::Implied);
    assert_eq!(g.node(ten.parent.unwrap()).label(), "701");
    assert_eq!(ten.children.len(), 8);
}

#[test]
fn previous_and_next() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2011-02-04");
    let (prev, next) = g.neighbours(node(g, ed, "608.2k"));
    assert_eq!(g.node(prev.unwrap()).label(), "608.2j");
    assert_eq!(g.node(next.unwrap()).label(), "608.3");
    // Reading order crosses chapters: before 608.1 comes the last rule of 205,
    // the second text printed as 205.4f.
    let (prev, _) = g.neighbours(node(g, ed, "608.1"));
    let prev = g.node(prev.unwrap());
    assert_eq!((prev.label(), prev.occurrence), ("205.4f".to_string(), 1));
    // Chapters go to chapters.
    let (_, next) = g.neighbours(node(g, ed, "205"));
    assert_eq!(g.node(next.unwrap()).label(), "608");
}

#[test]
fn loose_lookups() {
    let g = french();
    for typed in ["608.2b", "608.2B", "RC 608.2b", "règle 608.2b", "608,2b", "r608.2b"] {
        let n = g.lookup(typed).unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(g.node(n).label(), "608.2b", "{typed}");
    }
}

#[test]
fn unknown_ids_suggest_the_nearest() {
    let g = french();
    match g.lookup("608.2z") {
        Err(LookupError::Unknown { nearest, .. }) => {
            let near: Vec<String> = nearest.iter().map(|n| n.to_string()).collect();
            // 608.2p is the last subrule of 608.2 in force (608.2k was the last in 2011).
            assert!(near.contains(&"608.2".to_string()) && near.contains(&"608.2p".to_string()), "{near:?}");
            assert!(near.contains(&"608.3".to_string()), "{near:?}");
        }
        other => panic!("{other:?}"),
    }
    let e = g.lookup("salve d'aura").unwrap_err();
    assert!(e.to_string().contains("n'est pas un numéro de règle"), "{e}");
}

#[test]
fn sections_and_chapters_have_their_rules_in_order() {
    let g = french();
    let en = edition(g, Lang::En, "2026-01-16");
    let section = g.node(node(g, en, "6"));
    let chapters: Vec<String> = section.children.iter().map(|&c| g.node(c).label()).collect();
    assert_eq!(chapters.first().map(String::as_str), Some("600"));
    assert_eq!(chapters.last().map(String::as_str), Some("616"));
    assert!(section.children.iter().all(|&c| g.node(c).kind == NodeKind::Chapter));
    // Every numbered English node has its parent in the same edition.
    for &n in g.ordered(en) {
        let node = g.node(n);
        if node.kind != NodeKind::Section {
            let p = g.node(node.parent.expect("parent"));
            assert_eq!(p.edition, en);
            assert!(node.id.unwrap().is_within(p.id.unwrap()));
        }
    }
    assert_eq!(id("702.10").parent(), Some(id("702")));
}
