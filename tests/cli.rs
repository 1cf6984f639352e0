//! The `arbitre` binary: outputs, JSON keys, exit codes, French messages.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::common::{english_editions, shared};

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// The report without its timing line, which changes every run.
fn without_timing(text: &str) -> String {
    text.lines().filter(|l| !l.starts_with("Lu, analysé et relié en")).collect::<Vec<_>>().join("\n")
}

#[test]
fn check_reports_the_default_corpus() {
    let o = arbitre(&["check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.lines().last().unwrap().starts_with("Lu, analysé et relié en"), "{text}");
    insta::assert_snapshot!("check_default", without_timing(&text));
}

#[test]
fn check_json_has_stable_keys() {
    let o = arbitre(&["check", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let mut v: Value = serde_json::from_slice(&o.stdout).unwrap();
    for d in v["documents"].as_array().unwrap() {
        for key in ["path", "format", "language", "edition", "rules", "examples", "anomalies"] {
            assert!(d.get(key).is_some(), "documents[].{key}");
        }
        for a in d["anomalies"].as_array().unwrap() {
            for key in ["kind", "id", "line", "message"] {
                assert!(a.get(key).is_some(), "anomalies[].{key}");
            }
        }
    }
    for key in ["rules", "examples", "references", "resolved", "title_only", "dangling"] {
        assert!(v["totals"][key].is_u64(), "totals.{key}");
    }
    let t = &v["totals"];
    assert_eq!(
        t["references"],
        t["resolved"].as_u64().unwrap() + t["title_only"].as_u64().unwrap() + t["dangling"].as_u64().unwrap()
    );
    assert!(v["elapsed_ms"].as_f64().unwrap() > 0.0);
    v.as_object_mut().unwrap().remove("elapsed_ms");
    insta::assert_json_snapshot!("check_default_json", v);
}

#[test]
fn check_english_editions() {
    let Some(editions) = english_editions() else { return };
    let mut args = vec!["check".to_string()];
    args.extend(editions.iter().map(|p| p.to_string_lossy().into_owned()));
    args.push("--json".into());
    let o = arbitre(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let docs = v["documents"].as_array().unwrap();
    assert_eq!(docs.len(), 2);
    for d in docs {
        assert_eq!(d["format"], "official_txt");
        assert_eq!(d["language"], "en");
        assert!(d["rules"].as_u64().unwrap() > 3000);
        assert_eq!(d["lines"]["unowned"].as_array().unwrap().len(), 0);
    }
    assert_eq!(docs[0]["edition"], "2025-11-14");
    assert_eq!(docs[1]["edition"], "2026-01-16");
    assert_eq!(v["totals"]["lost_lines"], 0);
}

#[test]
fn check_fails_with_a_french_message_naming_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("rules/fr-2011-608-resoudre-les-sorts.txt", dir.path().join("bon.txt")).unwrap();
    std::fs::write(dir.path().join("image.txt"), b"ligne 1\nligne 2\n\x89PNG\x00\x00\x00\x0dIHDR").unwrap();
    let o = arbitre(&["check", &dir.path().to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("image.txt, ligne 3") && err.contains("binaire"), "{err}");
    // The good document is still reported.
    assert!(stdout(&o).contains("bon.txt"), "{}", stdout(&o));

    let o = arbitre(&["check", "n-existe-pas.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("n-existe-pas.txt : lecture impossible (fichier introuvable)"), "{}", stderr(&o));
}

#[test]
fn check_reads_a_manifest_and_reports_its_errors() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("corpus.toml"),
        "[[document]]\npath = \"a.txt\"\nlanguage = \"fr\"\nformat = \"page_export\"\ntitel = \"x\"\n",
    )
    .unwrap();
    let o = arbitre(&["check", &dir.path().to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("corpus.toml, ligne 5") && err.contains("clé « titel » inconnue"), "{err}");
}

#[test]
fn regle_prints_a_rule() {
    let o = arbitre(&["regle", "608.2b"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    insta::assert_snapshot!("regle_608_2b", stdout(&o));
    for typed in ["608.2B", "RC 608.2b", "règle 608.2b"] {
        assert_eq!(stdout(&arbitre(&["regle", typed])), stdout(&o), "{typed}");
    }
}

#[test]
fn regle_json() {
    let o = arbitre(&["regle", "608.2", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in [
        "id",
        "language",
        "edition",
        "title",
        "text",
        "examples",
        "parent",
        "children",
        "references",
        "cited_by",
        "source",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
    assert_eq!(v["source"]["path"], "rules/fr-2011-608-resoudre-les-sorts.txt");
    assert_eq!(v["source"]["line"], 35);
    insta::assert_json_snapshot!("regle_608_2_json", v);
}

#[test]
fn regle_unknown_id_suggests() {
    let o = arbitre(&["regle", "608.2z"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("la règle 608.2z n'existe pas") && err.contains("608.2p"), "{err}");
    let o = arbitre(&["regle", "pioche"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("n'est pas un numéro de règle"), "{}", stderr(&o));
}

#[test]
fn regle_with_another_corpus() {
    let o = arbitre(&["regle", "702.9a", "--corpus", "rules/en-2026-01-16-comprehensive-rules.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("RC 702.9a — Flying\nÉdition en 2026-01-16"), "{}", stdout(&o));
}

#[test]
fn usage_errors_are_french() {
    let o = arbitre(&["verifie"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("commande inconnue « verifie »"), "{}", stderr(&o));
    let o = arbitre(&["regle"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("argument obligatoire manquant"), "{}", stderr(&o));
    let o = arbitre(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Utilisation : arbitre") && stdout(&o).contains("Commandes"), "{}", stdout(&o));
    assert!(Path::new(env!("CARGO_BIN_EXE_arbitre")).exists());
}

/// The search output without the time it took.
fn without_search_timing(text: &str) -> String {
    let re = regex::Regex::new(r"\(\d+,\d+ ms\)").unwrap();
    re.replace_all(text, "(… ms)").into_owned()
}

#[test]
fn cherche_prints_ranked_results() {
    let o = arbitre(&["cherche", "salve d'aura", "--limite", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("index : 3048 documents, construit en"), "{}", stderr(&o));
    insta::assert_snapshot!("cherche_salve", without_search_timing(&stdout(&o)));
}

#[test]
fn cherche_json_keys_and_order() {
    let o = arbitre(&["cherche", "spores pesteuses", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let hits = v.as_array().unwrap();
    assert_eq!(hits[0]["id"], "608.2b");
    for h in hits {
        for key in ["id", "title", "edition", "language", "snippet", "score"] {
            assert!(h.get(key).is_some(), "{key}");
        }
    }
    let scores: Vec<f64> = hits.iter().map(|h| h["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert!(hits[0]["snippet"].as_str().unwrap().contains("<mark>Spores</mark> <mark>pesteuses</mark>"));
}

#[test]
fn cherche_filters_and_empty_results() {
    let o = arbitre(&["cherche", "créature", "--section", "8", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.as_array().unwrap().iter().all(|h| h["id"].as_str().unwrap().starts_with('8')), "{v}");
    let o = arbitre(&["cherche", "zzqxw wqzzx"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("Aucun résultat pour « zzqxw wqzzx »"), "{}", stdout(&o));
    let o = arbitre(&["cherche", "608.2z"]);
    assert!(stdout(&o).contains("Règles proches : 608.2, "), "{}", stdout(&o));
    let o = arbitre(&["cherche", "x", "--langue", "de"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("valeur invalide « de »"), "{}", stderr(&o));
}

#[test]
fn evalue_recherche_on_the_public_set() {
    let Some(public) = shared("relevance/public.tsv") else { return };
    let o = arbitre(&["evalue-recherche", &public.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let last = stdout(&o).lines().last().unwrap().to_string();
    let mrr: f64 = last.split("MRR@10 : ").nth(1).unwrap()[..5].replace(',', ".").parse().unwrap();
    assert!(mrr >= 0.9, "{last}");
    let o = arbitre(&["evalue-recherche", &public.to_string_lossy(), "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["queries"].as_array().unwrap().len(), 15);
    for key in ["mrr_at_10", "recall_at_1", "recall_at_5"] {
        assert!(v["summary"][key].is_f64(), "{key}");
    }
}

#[test]
fn evalue_recherche_reports_bad_files() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.tsv");
    std::fs::write(&bad, "# ok\nsalve\t608.2b\nsans tabulation\n").unwrap();
    let o = arbitre(&["evalue-recherche", &bad.to_string_lossy()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("bad.tsv, ligne 3 : une tabulation doit séparer"), "{}", stderr(&o));
    let o = arbitre(&["evalue-recherche", "absent.tsv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("absent.tsv : lecture impossible (fichier introuvable)"), "{}", stderr(&o));
}

#[test]
fn regle_in_one_edition() {
    let o = arbitre(&["regle", "701.15a", "--edition", "fr-2024-03-08"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Édition fr 2024-03-08"));
    let o = arbitre(&["regle", "701.15a", "--edition", "fr-2011-02-04"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("la règle 701.15a n'est pas dans l'édition fr 2011-02-04"));
    // Two languages share the date: the language is asked for.
    let o = arbitre(&["regle", "608.2b", "--edition", "2011-02-04"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("précisez la langue (fr-2011-02-04 ou en-2011-02-04)"));
    // The number is read in that edition: the French 701.15 of 2024 is « régénérer »,
    // cited by its number in force.
    let o = arbitre(&["regle", "701.15", "--edition", "fr-2024-03-08"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("RC 701.19") && text.contains("règle 701.15 dans cette édition"), "{text}");
    let o = arbitre(&["regle", "608.2b", "--edition", "1999-01-01"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("édition « 1999-01-01 » absente du corpus chargé"));
}

#[test]
fn regle_historique_follows_renumbering() {
    let o = arbitre(&["regle", "608.2h", "--historique"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("Historique de RC 608.2h — 5 version(s)"), "{text}");
    assert!(text.contains("608.2g — fr 2011-02-04 · traduction de 608.2g en 2011-02-04"), "{text}");
    assert!(text.contains("608.2h — en 2024-03-08 · texte modifié · renumérotée (était 608.2g)"), "{text}");
    let o = arbitre(&["regle", "608.2h", "--historique", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let entries = v.as_array().unwrap();
    assert_eq!(entries.len(), 5);
    for key in ["rule", "text", "text_language", "change", "renumbered_from", "translates"] {
        assert!(entries[0].get(key).is_some(), "{key}");
    }
}

#[test]
fn regle_json_says_what_is_in_force() {
    // The French 2011 608.2g, under its number in force.
    let o = arbitre(&["regle", "608.2h", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["id"].as_str(), v["language"].as_str()), (Some("608.2g"), Some("fr")));
    assert_eq!(v["current"]["id"], "608.2h");
    assert_eq!(v["current"]["relation"], "changed");
    let versions = v["versions"].as_array().unwrap();
    assert_eq!(versions.len(), 4, "{versions:?}");
    for key in ["id", "edition", "language", "relation", "renumbered"] {
        assert!(versions[0].get(key).is_some(), "{key}");
    }
    let text = stdout(&arbitre(&["regle", "608.2h"]));
    assert!(text.starts_with("RC 608.2h — "), "{text}");
    assert!(text.contains("Ce texte date de 2011 ; la règle a changé depuis"), "{text}");
    assert!(text.contains("En vigueur (en 2026-01-16) : RC 608.2h"), "{text}");
    assert!(text.contains("[-itself or a target that’s become illegal,-]{+itself,+}"), "{text}");
}

#[test]
fn compare_reports_splits_merges_and_the_glossary() {
    let o = arbitre(&["compare", "2025-11-14", "2026-01-16", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["merged"], serde_json::json!([{ "from": ["702.124i", "702.124k"], "to": ["702.124i"] }]));
    assert_eq!(v["split"], serde_json::json!([]));
    let text = stdout(&arbitre(&["compare", "2025-11-14", "2026-01-16"]));
    assert!(text.contains("702.124m → 702.124k"), "{text}");
}

#[test]
fn definit_gives_the_glossary_entry_in_force() {
    let o = arbitre(&["definit", "TRAMPLE"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("Trample (glossaire, édition en 2026-01-16)\nA keyword ability"), "{text}");
    assert!(text.contains("Règles citées : 702.19"), "{text}");
    let o = arbitre(&["definit", "last known information", "--json"]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["term"], "Last Known Information");
    assert_eq!(v["rules"], serde_json::json!(["113.7a", "608.2b", "608.2h", "800.4h"]));
    for key in ["definition", "edition", "language", "source"] {
        assert!(v.get(key).is_some(), "{key}");
    }
    let o = arbitre(&["definit", "piétinement"]);
    assert!(stdout(&o).starts_with("Trample (glossaire"), "{}", stdout(&o));
    let o = arbitre(&["definit", "SBA"]);
    assert!(stdout(&o).starts_with("State-Based Actions (glossaire"), "{}", stdout(&o));
    let o = arbitre(&["definit", "tramp"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("aucune entrée du glossaire pour « tramp » ; termes proches : Trample"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_missing_or_foreign_document_stops_the_command_before_serving() {
    let dir = tempfile::tempdir().unwrap();
    let rtf = dir.path().join("regles.rtf");
    std::fs::write(&rtf, "{\\rtf1\\ansi\n100.1. These Magic rules apply to any Magic game.\n").unwrap();
    let rtf = rtf.to_str().unwrap();
    let o = arbitre(&["check", rtf]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains("document RTF : enregistrez-le en texte brut"), "{}", stdout(&o));
    for args in [
        &["serve", "--addr", "127.0.0.1:0", "--avec", "/nonexistent/regles.txt"][..],
        &["serve", "--addr", "127.0.0.1:0", "--corpus", "/nonexistent/regles.txt"],
        &["serve", "--addr", "127.0.0.1:0", "--avec", rtf],
        &["cherche", "vol", "--avec", "/nonexistent/regles.txt"],
    ] {
        let o = arbitre(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stdout(&o));
        let e = stderr(&o);
        assert!(e.contains("erreur : 1 document illisible : rien n'est fait"), "{e}");
        assert!(e.contains("fichier introuvable") || e.contains("document RTF"), "{e}");
        assert!(!stdout(&o).contains("http://"), "nothing is served");
    }
}
