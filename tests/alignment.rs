//! Editions aligned by content, not by number ([`arbitre::graph::align`]),
//! and every rule followed across them ([`arbitre::graph::history`]): the
//! English diff 2025-11-14 → 2026-01-16 checked by hand, rules renumbered
//! since the edition the French 701 table translates, the French texts
//! followed to the rules in force, and the gold set of French–English pairs.
//! All on the embedded corpus: the French documents, the English editions
//! they translate (2011-02-04, 2024-03-08) and the two newest.

use arbitre::Graph;
use arbitre::graph::align::{Alignment, Relation};
use arbitre::graph::{NodeIdx, NodeKind};
use arbitre::vocab::Lang;

use crate::common::{edition, french, id, node};

/// The default corpus.
fn g() -> &'static Graph {
    french()
}

/// A French rule's counterpart in the rules in force, with their relation.
fn in_force(g: &Graph, fr_date: &str, french_id: &str) -> Option<(NodeIdx, Relation)> {
    let n = node(g, edition(g, Lang::Fr, fr_date), french_id);
    let now = g.in_force(n)?;
    Some((now, g.relation(n, now)))
}

/// The rules and subrules of an alignment with this relation, as `old→new` labels.
fn labels(g: &Graph, a: &Alignment, relation: Relation) -> Vec<String> {
    a.pairs
        .iter()
        .filter(|p| p.relation == relation)
        .filter(|p| p.old.or(p.new).is_some_and(|n| matches!(g.node(n).kind, NodeKind::Rule | NodeKind::Subrule)))
        .map(|p| {
            let label = |n: Option<_>| n.map_or("-".to_string(), |n| g.node(n).label());
            format!("{}→{}", label(p.old), label(p.new))
        })
        .collect()
}

/// 2025-11-14 → 2026-01-16, read by hand (both texts, rule by rule): 3,109
/// rules then, 3,114 now; 3,100 kept their number and text; « Friends
/// forever » (702.124k) joined the list of 702.124i, so the three partner
/// subrules after it moved up one letter (m→k, n→m, p→n: letters skip l and
/// o); five rules changed their text (205.3m and 207.2c lists, 601.2a,
/// 702.124a and 702.124i); Blight (701.68, a–d) and 610.5 are new.
#[test]
fn english_2025_11_to_2026_01() {
    let g = g();
    let (old, new) = (edition(g, Lang::En, "2025-11-14"), edition(g, Lang::En, "2026-01-16"));
    let a = g.align(old, new);
    let same = labels(g, &a, Relation::Same);
    assert_eq!(same.len(), 3103);
    let renumbered: Vec<&String> = same.iter().filter(|l| l.split_once('→').is_some_and(|(x, y)| x != y)).collect();
    assert_eq!(renumbered, ["702.124m→702.124k", "702.124n→702.124m", "702.124p→702.124n"]);
    assert_eq!(
        labels(g, &a, Relation::Changed),
        ["205.3m→205.3m", "207.2c→207.2c", "601.2a→601.2a", "702.124a→702.124a", "702.124i→702.124i"]
    );
    assert_eq!(labels(g, &a, Relation::Removed), ["702.124k→-"]);
    assert_eq!(
        labels(g, &a, Relation::Added),
        ["-→610.5", "-→701.68", "-→701.68a", "-→701.68b", "-→701.68c", "-→701.68d"]
    );
}

/// The edition the French 701 table translates (2024-03-08) against the
/// current one: keyword actions inserted since then push « Regenerate »
/// from 701.15 to 701.19 and « Scry » from 701.18 to 701.22, while 701.15
/// is now « Goad » — numbers alone would pair the wrong rules.
#[test]
fn keyword_actions_renumbered_since_2024() {
    let g = g();
    let (old, new) = (edition(g, Lang::En, "2024-03-08"), edition(g, Lang::En, "2026-01-16"));
    let a = g.align(old, new);
    for (then, now) in [("701.15", "701.19"), ("701.15a", "701.19a"), ("701.18a", "701.22a"), ("701.7a", "701.8a")] {
        let pair = a.new_of(node(g, old, then)).unwrap_or_else(|| panic!("{then}"));
        assert_eq!(pair.new.map(|n| g.node(n).id), Some(Some(id(now))), "{then} → {now}");
        assert_ne!(pair.relation, Relation::Removed);
        // The same through the lineages, which go by 2025-11-14.
        assert_eq!(g.counterpart(node(g, old, then), new), pair.new, "{then} → {now}");
    }
    // No pairing by number alone: 701.15 of 2024 is not 701.15 of 2026.
    assert_ne!(a.new_of(node(g, old, "701.15")).and_then(|p| p.new), Some(node(g, new, "701.15")));
    assert_ne!(g.counterpart(node(g, old, "701.15"), new), Some(node(g, new, "701.15")));
}

/// `arbitre compare`: the hand-read diff in JSON, stable keys.
#[test]
fn compare_prints_what_changed() {
    let args = ["compare", "2025-11-14", "en-2026-01-16", "--json"];
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", crate::common::plain(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let strings = |key: &str| -> Vec<String> {
        v[key].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
    };
    assert_eq!(strings("removed"), ["702.124k"]);
    assert_eq!(strings("added"), ["610.5", "701.68", "701.68a", "701.68b", "701.68c", "701.68d"]);
    assert_eq!(strings("changed"), ["205.3m", "207.2c", "601.2a", "702.124a", "702.124i"]);
    assert_eq!(v["renumbered"][0], serde_json::json!({ "from": "702.124m", "to": "702.124k" }));
    assert_eq!(v["glossary"]["added"], serde_json::json!(["Blight"]));
    assert_eq!(v["glossary"]["removed"], serde_json::json!(["Friends Forever"]));
    assert!(v["references_only"].as_array().unwrap().is_empty());
}

/// An edition that is not loaded, or a date two languages share: exit 2,
/// in French, with what is loaded.
#[test]
fn compare_names_the_editions_it_knows() {
    let run = |args: &[&str]| std::process::Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    let o = run(&["compare", "1999-01-01", "2011-02-04"]);
    assert_eq!(o.status.code(), Some(2));
    let message = crate::common::plain(&o.stderr);
    assert!(message.contains("édition « 1999-01-01 » absente du corpus chargé (éditions : fr 2011-02-04"), "{message}");
    let o = run(&["compare", "fr-2011-02-04", "fr-2024-03-08"]);
    assert_eq!(o.status.code(), Some(0), "{}", crate::common::plain(&o.stderr));
    assert!(
        String::from_utf8_lossy(&o.stdout)
            .starts_with(&crate::common::terminal("Comparaison : fr 2011-02-04 → fr 2024-03-08"))
    );
    let o = run(&["compare", "2011-02-04", "2024-03-08"]);
    assert_eq!(o.status.code(), Some(2));
    let message = crate::common::plain(&o.stderr);
    assert!(message.contains("en-2011-02-04"), "{message}");
}

/// The French texts followed to the current English rules through the
/// editions they translate: the French 701 table (numbered as 2024-03-08)
/// and the 2011 chapter 608 (2011-02-04). Numbers alone would offer
/// « régénérer » as *Goad* and the 2011 608.2g as the rule on paying mana.
#[test]
fn french_texts_reach_the_rules_in_force_through_their_source() {
    let g = g();
    let current = g.current().expect("an official edition is loaded");
    assert_eq!(g.edition(current).label(), "en 2026-01-16");
    for (fr_date, french, now, relation) in [
        ("2024-03-08", "701.7a", "701.8a", Relation::Same),
        ("2024-03-08", "701.15a", "701.19a", Relation::Same),
        ("2024-03-08", "701.15b", "701.19b", Relation::Same),
        ("2024-03-08", "701.18a", "701.22a", Relation::Same),
        ("2011-02-04", "608.2g", "608.2h", Relation::Changed),
        ("2011-02-04", "608.2b", "608.2b", Relation::Changed),
    ] {
        let (n, r) = in_force(g, fr_date, french).unwrap_or_else(|| panic!("{french}"));
        assert_eq!(g.node(n).id, Some(id(now)), "{french} → {now}");
        assert_eq!(r, relation, "{french} → {now}");
    }
    // The translation is followed through its source, never by number: the
    // French 701.15 is not the 701.15 in force (Goad), nor 608.2g 608.2g.
    assert_ne!(in_force(g, "2024-03-08", "701.15").map(|p| p.0), Some(node(g, current, "701.15")));
    assert_ne!(in_force(g, "2011-02-04", "608.2g").map(|p| p.0), Some(node(g, current, "608.2g")));
    // The type-line page's 205 is its source's 204: its rules reach 205 in force.
    assert_eq!(in_force(g, "2011-02-04", "205.4d").map(|p| g.node(p.0).label()).as_deref(), Some("205.4d"));
}

/// `check` aligns consecutive editions of one language, and only editions
/// of one text: the French 2011 chapters and the 2024 table share no rule.
#[test]
fn check_reports_consecutive_editions() {
    let report = arbitre::report::CheckReport::new(&arbitre::load(&[]));
    let a = report.alignments.iter().find(|a| a.old == "en 2025-11-14").expect("2025-11-14 aligned");
    assert_eq!(a.new, "en 2026-01-16");
    assert_eq!((a.changed, a.added, a.removed, a.renumbered), (5, 6, 1, 3));
    assert!(report.to_text(false).contains("en 2025-11-14 → en 2026-01-16 : 3258 identiques · 5 modifiées"));
}

/// The gold set (`tests/alignment/gold.tsv`): 130 French rules paired by
/// hand with their English 2026 counterparts, written by someone who had
/// not read the alignment code; each document goes through the edition its
/// manifest entry `translates`. Measured: 130/130 pairs right; the relation
/// agrees on 97, the 33 others being editorial English changes the reader
/// judged « same » and the alignment, which compares texts, « changed ».
/// The sources are 2011-02-04 (its chapter 204 printed as 205 in the
/// type-line page) and 2024-03-08.
#[test]
fn gold_set_of_french_and_english_pairs() {
    let g = g();
    let gold = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/alignment/gold.tsv")).unwrap();
    let (mut total, mut paired, mut related, mut misses) = (0, 0, 0, Vec::new());
    for line in gold.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (document, french, english, relation) = (cols[0], cols[1], cols[2], cols[3]);
        let date = if document.starts_with("fr-2011") { "2011-02-04" } else { "2024-03-08" };
        let (found, found_relation) = match in_force(g, date, french) {
            Some((n, r)) => (g.node(n).label(), format!("{r:?}").to_lowercase()),
            None => ("-".to_string(), "removed".to_string()),
        };
        total += 1;
        if found == english {
            paired += 1;
            related += usize::from(found_relation == relation);
            // The relation is textual (the English source against the current
            // English text): an editorial change the reader judged « same » may
            // be « changed » here, but a change of meaning is never « same ».
            if relation == "changed" && found_relation == "same" {
                misses.push(format!("{document} {french}: changement non signalé"));
            }
        } else {
            misses.push(format!("{document} {french}: {found} ({found_relation}), attendu {english} ({relation})"));
        }
    }
    let accuracy = paired as f64 / total as f64;
    eprintln!("alignement : {paired}/{total} paires justes ({:.1} %), relation juste pour {related}", 100.0 * accuracy);
    assert!(total >= 100 && accuracy >= 0.97, "{paired}/{total}\n{}", misses.join("\n"));
    assert!(misses.is_empty(), "{}", misses.join("\n"));
}

/// Keyword actions inserted between 2024-03-08 and 2025-11-14 push most of
/// chapter 701 down: those rules are renumbered, not changed — a shifted
/// chapter is not reported as mass changes.
#[test]
fn a_shifted_chapter_is_renumbered_not_changed() {
    let g = g();
    let (old, new) = (edition(g, Lang::En, "2024-03-08"), edition(g, Lang::En, "2025-11-14"));
    let c = g.compare(old, new);
    let in_701: Vec<_> = c.renumbered.iter().filter(|r| r.to.starts_with("701.")).collect();
    let changed = in_701.iter().filter(|r| c.changed.contains(&r.to)).count();
    assert!(in_701.len() > 200, "{}", in_701.len());
    assert!(changed * 10 < in_701.len(), "{changed} of {} renumbered rules of 701 also changed", in_701.len());
    assert!(in_701.iter().any(|r| (r.from.as_str(), r.to.as_str()) == ("701.15a", "701.19a")));
}

/// A rule split in two and a rule merged into another, read by hand: the
/// 2011 106.4a (announcing mana when passing priority, and after paying)
/// became 106.4a (after paying) and 106.4b (when passing priority); in
/// 2026, « Friends forever » (702.124k) joined the list of 702.124i.
#[test]
fn splits_and_merges_are_reported() {
    let g = g();
    let en = |d: &str| edition(g, Lang::En, d);
    let c = g.compare(en("2011-02-04"), en("2024-03-08"));
    let split: Vec<(Vec<String>, Vec<String>)> = c.split.iter().map(|r| (r.from.clone(), r.to.clone())).collect();
    assert!(split.contains(&(vec!["106.4a".into()], vec!["106.4a".into(), "106.4b".into()])), "{split:?}");
    let c = g.compare(en("2025-11-14"), en("2026-01-16"));
    assert!(c.split.is_empty(), "{:?}", c.split);
    let merged: Vec<(Vec<String>, Vec<String>)> = c.merged.iter().map(|r| (r.from.clone(), r.to.clone())).collect();
    assert_eq!(merged, [(vec!["702.124i".to_string(), "702.124k".into()], vec!["702.124i".to_string()])]);
    // A new rule worded like an old one is not a split of it (122.9, new in 2025, is modelled on 122.8).
    let c = g.compare(en("2024-03-08"), en("2025-11-14"));
    assert!(!c.split.iter().any(|r| r.from == ["122.8"]), "{:?}", c.split);
}

/// A rule's history follows it through renumbering, in both languages.
#[test]
fn history_follows_a_rule_through_renumbering() {
    let g = g();
    let n = node(g, edition(g, Lang::Fr, "2011-02-04"), "608.2g");
    let h: Vec<String> = g
        .history(n)
        .iter()
        .map(|e| format!("{} {}-{}", e.rule.id, e.rule.language, e.rule.edition.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        h,
        [
            "608.2g en-2011-02-04",
            "608.2g fr-2011-02-04",
            "608.2h en-2024-03-08",
            "608.2h en-2025-11-14",
            "608.2h en-2026-01-16"
        ]
    );
    let entries = g.history(n);
    assert_eq!(entries[1].translates.as_ref().map(|t| t.id.as_str()), Some("608.2g"));
    assert_eq!(entries[2].renumbered_from.as_deref(), Some("608.2g"));
    assert_eq!(entries[2].change, Some(Relation::Changed));
    assert_eq!(entries[4].change, Some(Relation::Same));
}

/// With the archive beside the embedded corpus (fourteen editions, 2008–2025,
/// ASCII, Windows-1252 and UTF-8 with BOM, CRLF or bare CR), every edition is
/// linked to the next and a rule's history goes through all of them; the two
/// archive files that `rules/` embeds are not read twice.
#[test]
fn history_across_the_archive() {
    let Some(archive) = crate::common::shared("corpus/archive") else { return };
    let loaded = arbitre::load_with(&[archive]);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let twice: Vec<&String> =
        loaded.skipped.iter().filter(|(_, why)| why.starts_with("déjà chargé")).map(|(p, _)| p).collect();
    assert_eq!(twice.len(), 2, "{twice:?}");
    let g = &loaded.graph;
    let english: Vec<_> = g.editions().iter().filter(|e| e.language == Lang::En).collect();
    assert_eq!(english.len(), 16, "14 archived editions, 2 of them embedded, and the 2 newest");
    let successors = g.links().iter().filter(|l| l.kind == arbitre::graph::history::LinkKind::Successor).count();
    assert_eq!(successors, 15);
    // The legend rule: 704.5k in 2011, 704.5j today; every English edition has it.
    let now = node(g, g.current().unwrap(), "704.5j");
    let versions: Vec<String> = g
        .history(now)
        .iter()
        .filter(|h| h.rule.language == Lang::En)
        .map(|h| format!("{} {}", h.rule.edition.as_deref().unwrap_or(""), h.rule.id))
        .collect();
    assert_eq!(versions.len(), 16, "{versions:?}");
    assert!(versions.contains(&"2011-02-04 704.5k".to_string()), "{versions:?}");
    assert_eq!(versions.last().map(String::as_str), Some("2026-01-16 704.5j"));
    // The French 205.4d cites the legend rule by its 2011 number: it still leads there.
    let fr = edition(g, Lang::Fr, "2011-02-04");
    let edge = g.references(node(g, fr, "205.4d")).iter().find(|e| e.target.to_string() == "704.5k").cloned();
    let to = g.leads_to(&edge.expect("205.4d cites 704.5k")).node().expect("leads somewhere");
    assert_eq!(g.node(to).label(), "704.5j");
}
