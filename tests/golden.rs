//! Golden tests on the seed documents of `rules/`.

use arbitre::graph::{NodeKind, Origin, Resolution};
use arbitre::vocab::{AnomalyKind, Lang};

use crate::common::{edition, french, id, node};

/// The rules printed with their number in `[from, to]` of an edition.
fn printed_between(g: &arbitre::Graph, lang: Lang, date: &str, from: &str, to: &str) -> Vec<String> {
    let ed = edition(g, lang, date);
    let (from, to) = (id(from), id(to));
    g.ordered(ed)
        .iter()
        .map(|&n| g.node(n))
        .filter(|n| matches!(n.kind, NodeKind::Rule | NodeKind::Subrule) && n.origin == Origin::Source)
        .filter(|n| n.id.is_some_and(|i| i >= from && i <= to))
        .map(|n| n.label())
        .collect()
}

#[test]
fn resolving_spells_608_1_to_608_3b() {
    let rules = printed_between(french(), Lang::Fr, "2011-02-04", "608.1", "608.3b");
    assert_eq!(rules.len(), 16, "{rules:?}");
    assert_eq!(rules.first().map(String::as_str), Some("608.1"));
    assert_eq!(rules.last().map(String::as_str), Some("608.3b"));
}

#[test]
fn range_of_influence_801_1_to_801_19() {
    let rules = printed_between(french(), Lang::Fr, "2011-02-04", "801.1", "801.19");
    assert_eq!(rules.len(), 29, "{rules:?}");
    // Numeric order: 801.9 comes before 801.10.
    let nine = rules.iter().position(|r| r == "801.9").unwrap();
    let ten = rules.iter().position(|r| r == "801.10").unwrap();
    assert!(nine < ten);
}

#[test]
fn type_line_205_1_to_205_4f_with_the_duplicate() {
    let g = french();
    let rules = printed_between(g, Lang::Fr, "2011-02-04", "205.1", "205.4f");
    assert_eq!(rules.len(), 29, "{rules:?}");
    assert_eq!(rules.iter().filter(|r| *r == "205.4f").count(), 2);
    // 205.3k is followed by 205.3m: letters skip l.
    let k = rules.iter().position(|r| r == "205.3k").unwrap();
    assert_eq!(rules[k + 1], "205.3m");

    let ed = edition(g, Lang::Fr, "2011-02-04");
    let both = g.occurrences(ed, id("205.4f"));
    assert_eq!(both.len(), 2);
    let (a, b) = (g.node(both[0]), g.node(both[1]));
    assert!(a.text.contains("neigeux"), "{}", a.text);
    assert!(b.text.contains("machination"), "{}", b.text);
    assert_eq!((a.occurrence, b.occurrence), (0, 1));
    let dup = g.anomalies().iter().find(|x| x.kind == AnomalyKind::Duplicate).expect("the duplicate is reported");
    assert_eq!(dup.id.as_deref(), Some("205.4f"));
    assert_eq!(dup.line, 155);
}

#[test]
fn keyword_actions_701_2a_to_701_58d_and_the_introduction() {
    let g = french();
    let rules = printed_between(g, Lang::Fr, "2024-03-08", "701.2a", "701.58d");
    assert_eq!(rules.len(), 194, "{rules:?}");
    let ed = edition(g, Lang::Fr, "2024-03-08");
    let chapter = g.node(node(g, ed, "701"));
    assert!(chapter.text.starts_with("La plupart des actions décrites"), "{}", chapter.text);
    assert_eq!(chapter.title.as_deref(), Some("Actions mot-clé"));
}

#[test]
fn examples_of_608_2b_are_salve_and_spores() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2011-02-04");
    let rule = g.node(node(g, ed, "608.2b"));
    let examples: Vec<&str> = rule.examples.iter().map(|&e| g.node(e).text.as_str()).collect();
    assert_eq!(examples.len(), 2);
    assert!(examples[0].starts_with("Exemple : Salve d'aura"), "{}", examples[0]);
    assert!(examples[1].starts_with("Exemple : Les Spores pesteuses"), "{}", examples[1]);
    for &e in &rule.examples {
        assert_eq!(g.node(e).parent, Some(node(g, ed, "608.2b")));
    }
}

#[test]
fn untranslated_rules_are_marked_english() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2024-03-08");
    assert_eq!(g.node(node(g, ed, "701.8c")).language, Lang::En);
    assert_eq!(g.node(node(g, ed, "701.8b")).language, Lang::Fr);
    assert_eq!(g.node(node(g, ed, "701.58d")).language, Lang::En);
    assert_eq!(g.node(node(g, ed, "701.34h")).language, Lang::Fr);
    let english = g.nodes().iter().filter(|n| n.edition == ed && n.language == Lang::En && n.has_text()).count();
    assert!(english > 40, "{english} passages en anglais");
}

#[test]
fn titles_come_from_the_tables_of_contents() {
    let g = french();
    let old = edition(g, Lang::Fr, "2011-02-04");
    assert_eq!(g.node(node(g, old, "6")).title.as_deref(), Some("Sorts, capacités et effets"));
    assert_eq!(g.node(node(g, old, "608")).title.as_deref(), Some("Résoudre les sorts et les capacités"));
    assert_eq!(g.node(node(g, old, "205")).title.as_deref(), Some("Ligne de type"));
    let new = edition(g, Lang::Fr, "2024-03-08");
    // A chapter whose text is not in the corpus is still known, with its title.
    let effects = g.node(node(g, new, "609"));
    assert_eq!(effects.title.as_deref(), Some("Effets"));
    assert_eq!(effects.origin, Origin::Contents);
    assert!(!g.has_content(node(g, new, "609")));
    assert_eq!(g.node(node(g, new, "905")).title.as_deref(), Some("Drafts Conspiracy"));
    let chapters = g.ordered(new).iter().filter(|&&n| g.node(n).kind == NodeKind::Chapter).count();
    assert_eq!(chapters, 144, "chapitres du sommaire en une ligne");
}

#[test]
fn unnumbered_heading_titles_its_rule() {
    let g = french();
    let ed = edition(g, Lang::Fr, "2024-03-08");
    let venture = g.node(node(g, ed, "701.46"));
    assert_eq!(venture.title.as_deref(), Some("Aventurez-vous dans le donjon"));
    assert_eq!(venture.origin, Origin::Heading);
    assert_eq!(venture.children.len(), 4);
    assert!(
        g.anomalies().iter().any(|a| a.kind == AnomalyKind::UnnumberedHeading && a.id.as_deref() == Some("701.46"))
    );
}

#[test]
fn judge_class_article_covers_601_and_602() {
    let g = french();
    let idx = g.article("semaine-5-lancer-des-sorts-et-activer-des-capacites").expect("article");
    let article = g.node(idx);
    assert_eq!(article.kind, NodeKind::Article);
    let covers: Vec<String> = article.covers.iter().map(|c| c.to_string()).collect();
    assert_eq!(covers, ["601", "602"]);
    let md = article.markdown.as_deref().unwrap();
    assert!(md.contains("## Lancer un sort"), "{md}");
    assert!(md.contains("### 1. Annonce"), "{md}");
    assert!(md.contains("- Si le sort a plusieurs modes"), "{md}");
    // Its references land on the chapters of the newest French edition that knows them.
    let targets: Vec<_> = g.references(idx).iter().map(|e| (e.target.to_string(), e.resolution)).collect();
    let new = edition(g, Lang::Fr, "2024-03-08");
    assert_eq!(
        targets,
        [
            ("601".to_string(), Resolution::TitleOnly(node(g, new, "601"))),
            ("602".to_string(), Resolution::TitleOnly(node(g, new, "602")))
        ]
    );
}
