//! The `arbitre` binary: outputs, JSON keys, exit codes, French messages.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::common::{english_editions, shared, terminal};

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
    crate::common::plain(&o.stderr)
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
fn regle_shows_a_renumbered_french_text_with_todays_neighbours() {
    // The French 701.16a of 2024 is 701.20a today; 701.16 is Investigate.
    let o = arbitre(&["regle", "701.20a"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains(&terminal("règle 701.16a dans cette édition")), "{text}");
    for line in ["Parent : 701.20\n", "Précédente : 701.20 · Suivante : 701.20b\n", "Cité par : 602.2a, 702.94b\n"]
    {
        assert!(text.contains(&terminal(line)), "« {line} » in {text}");
    }
    assert!(!text.contains("701.16\n") && !text.contains("701.16 ·"), "{text}");
    // A reference of a text of 2011 is followed to today's rule, as the site follows it.
    let text = stdout(&arbitre(&["regle", "608.2h"]));
    assert!(text.contains(&terminal("« 112.7a » → 113.7a : résolue (édition en 2026-01-16)")), "{text}");
    assert!(
        text.contains(&terminal("Autres éditions : en 2011-02-04, en 2024-03-08, en 2025-11-14, en 2026-01-16")),
        "{text}"
    );
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

/// Every command, in the order `arbitre --help` lists them.
const COMMANDS: [&str; 11] = [
    "check",
    "regle",
    "cherche",
    "serve",
    "evalue-recherche",
    "compare",
    "definit",
    "carte",
    "cartes",
    "vocabulaire",
    "explique",
];

/// The no-break space French typography puts before « : » (and inside « »).
const NBSP: char = '\u{a0}';

/// What clap says in English, which should never reach a judge: its help
/// headings and notes, and the words of its error messages.
const ENGLISH: [&str; 21] = [
    "Usage",
    "Commands",
    "COMMAND>",
    "Arguments:",
    "Options:",
    "[default",
    "default:",
    "possible values",
    "Print help",
    "Print version",
    "error:",
    "Error",
    "For more information",
    "unexpected",
    "invalid value",
    "required",
    "try '",
    "tip:",
    "found",
    "Did you mean",
    "similar",
];

/// `text` (what `what` printed) has none of clap's English.
fn assert_no_english(text: &str, what: &str) {
    for word in ENGLISH {
        assert!(!text.contains(word), "{what}: « {word} » in\n{text}");
    }
}

/// The lines of a help section, from its heading (« Exemples : ») to the
/// next blank line.
fn section<'a>(help: &'a str, heading: &str) -> Vec<&'a str> {
    let heading = format!("{heading}{NBSP}:");
    help.lines().skip_while(|l| *l != heading).skip(1).take_while(|l| !l.is_empty()).collect()
}

/// French help: no English, every heading and colon spaced the French way.
fn assert_french_help(help: &str, what: &str) {
    assert_no_english(help, what);
    assert!(help.contains(&format!("\nUtilisation{NBSP}: arbitre")), "{what}:\n{help}");
    for plain in [" :", " ;", " ?", " !", "« ", " »"] {
        assert!(!help.contains(plain), "{what}: « {plain} » with a plain space in\n{help}");
    }
    for heading in help.lines().filter(|l| !l.starts_with(' ') && l.ends_with(':')) {
        assert!(heading.ends_with(&format!("{NBSP}:")), "{what}: heading « {heading} »");
    }
}

/// The words of an example as the shell splits them (only "…" quotes are used).
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    assert!(!quoted, "unbalanced quotes: {line}");
    words.extend((!word.is_empty()).then_some(word));
    words
}

#[test]
fn help_is_french_for_every_command() {
    let o = arbitre(&["--help"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
    let help = stdout(&o);
    assert_french_help(&help, "arbitre --help");
    assert!(help.contains(&format!("\nUtilisation{NBSP}: arbitre <COMMANDE>\n")), "{help}");
    let listed: Vec<&str> =
        section(&help, "Commandes").iter().map(|l| l.split_whitespace().next().unwrap_or_default()).collect();
    assert_eq!(listed, COMMANDS, "a new command needs its help snapshot and examples");
    assert_eq!(stdout(&arbitre(&["-h"])), help);
    insta::assert_snapshot!("help", help);
    for command in COMMANDS {
        let o = arbitre(&[command, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{command}: {}", stderr(&o));
        assert_eq!(stderr(&o), "");
        let help = stdout(&o);
        let what = format!("arbitre {command} --help");
        assert_french_help(&help, &what);
        let help_line = help.lines().find(|l| l.starts_with("  -h, --help "));
        assert!(help_line.is_some_and(|l| l.ends_with(" Affiche l'aide")), "{what}: {help_line:?}");
        let examples = section(&help, "Exemples");
        assert!((2..=3).contains(&examples.len()), "{what}: {examples:?}");
        assert!(
            examples
                .iter()
                .all(|e| e.starts_with(&format!("  arbitre {command} ")) || e.trim() == format!("arbitre {command}")),
            "{what}: {examples:?}"
        );
        assert_eq!(stdout(&arbitre(&[command, "-h"])), help);
        insta::assert_snapshot!(format!("help_{command}"), help);
    }
    let o = arbitre(&["--version"]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), format!("arbitre {}\n", env!("CARGO_PKG_VERSION"))));
}

#[test]
fn cherche_help_says_its_default_in_french() {
    let help = stdout(&arbitre(&["cherche", "--help"]));
    assert!(help.contains(&format!("\nArguments{NBSP}:\n  <REQUÊTE>  Ce que vous cherchez{NBSP}:")), "{help}");
    assert!(help.contains(&format!("\nOptions{NBSP}:\n")), "{help}");
    assert!(help.contains(&format!("--limite <N>       Nombre de résultats (par défaut{NBSP}: 10)\n")), "{help}");
    assert!(help.contains("  -h, --help             Affiche l'aide\n"), "{help}");
    let help = stdout(&arbitre(&["serve", "--help"]));
    assert!(help.contains(&format!("Adresse d'écoute (par défaut{NBSP}: 127.0.0.1:8080)")), "{help}");
    assert!(help.contains("--sans-cartes"), "{help}");
}

/// Every example of every help works on the embedded corpus, run from the
/// source tree; not `serve`, which serves until stopped (the web tests serve),
/// nor those that write into the files of `rules/`.
#[test]
fn help_examples_work() {
    let mut examples = Vec::new();
    for args in std::iter::once(vec![]).chain(COMMANDS.iter().map(|c| vec![*c])) {
        let help = stdout(&arbitre(&[args.as_slice(), &["--help"]].concat()));
        for line in section(&help, "Exemples") {
            let command = line.split(" # ").next().unwrap_or_default().trim();
            let words = shell_words(command);
            assert_eq!(words.first().map(String::as_str), Some("arbitre"), "{line}");
            if words[1] == "serve" || words.iter().any(|w| w == "--met-a-jour" || w == "--traductions") {
                continue;
            }
            examples.push(words[1..].to_vec());
        }
    }
    assert!(examples.len() >= 20, "{examples:?}");
    // A few at a time: each loads the corpus.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(4);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                while let Some(words) = examples.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    let o = arbitre(&words.iter().map(String::as_str).collect::<Vec<_>>());
                    assert_eq!(o.status.code(), Some(0), "arbitre {}: {}", words.join(" "), stderr(&o));
                    assert!(!o.stdout.is_empty(), "arbitre {}", words.join(" "));
                }
            });
        }
    });
}

#[test]
fn usage_errors_are_french() {
    let commands = COMMANDS.join(", ");
    let cases: [(&[&str], String); 16] = [
        (&["cherche"], "il manque l'argument <REQUÊTE>\nAide : arbitre cherche --help".into()),
        (
            &["cherche", "--limite", "x", "foo"],
            "valeur invalide « x » pour --limite : un nombre entier est attendu\nAide : arbitre cherche --help".into(),
        ),
        (&["cherche", "foo", "--foo"], "argument inattendu « --foo »\nAide : arbitre cherche --help".into()),
        (&["inconnu"], format!("commande inconnue « inconnu » ; les commandes : {commands}\nAide : arbitre --help")),
        (&["verifie"], format!("commande inconnue « verifie » ; les commandes : {commands}\nAide : arbitre --help")),
        (&[], format!("il manque la commande ; les commandes : {commands}\nAide : arbitre --help")),
        (
            &["cherch", "vol"],
            "commande inconnue « cherch » ; vouliez-vous dire « cherche » ou « check » ?\nAide : arbitre --help".into(),
        ),
        (
            &["cherche", "vol", "--limit", "3"],
            "argument inattendu « --limit » ; vouliez-vous dire « --limite » ?\nAide : arbitre cherche --help".into(),
        ),
        (
            &["cherche", "cible", "illegale"],
            "argument inattendu « illegale » (une valeur de plusieurs mots s'écrit entre guillemets)\n\
             Aide : arbitre cherche --help"
                .into(),
        ),
        (&["-x"], "argument inattendu « -x »\nAide : arbitre --help".into()),
        (
            &["cherche", "vol", "--langue", "de"],
            "valeur invalide « de » pour --langue : fr ou en est attendu\nAide : arbitre cherche --help".into(),
        ),
        (
            &["cherche", "vol", "--section", "12"],
            "valeur invalide « 12 » pour --section : un numéro de section de 1 à 9 est attendu\n\
             Aide : arbitre cherche --help"
                .into(),
        ),
        (
            &["evalue-recherche", "q.tsv", "--chapitre", "60"],
            "valeur invalide « 60 » pour --chapitre : un numéro de chapitre de 100 à 999 est attendu\n\
             Aide : arbitre evalue-recherche --help"
                .into(),
        ),
        (&["cherche", "vol", "--limite"], "il manque la valeur de --limite\nAide : arbitre cherche --help".into()),
        (
            &["cherche", "vol", "--limite", "3", "--limite", "4"],
            "--limite est donné plus d'une fois\nAide : arbitre cherche --help".into(),
        ),
        (&["compare"], "il manque les arguments <ANCIENNE> et <NOUVELLE>\nAide : arbitre compare --help".into()),
    ];
    for (args, expected) in cases {
        let o = arbitre(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(stdout(&o), "", "{args:?}");
        assert_eq!(err, format!("erreur : {expected}\n"), "{args:?}");
        assert_no_english(&err, &format!("{args:?}"));
    }
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
    assert!(stderr(&o).contains("index : 3049 documents et 2852 gloses françaises, construit en"), "{}", stderr(&o));
    // The wait for the cards is said apart: the time printed is the search's.
    assert!(stderr(&o).contains("cartes : 35 033 lues ("), "{}", stderr(&o));
    insta::assert_snapshot!("cherche_salve", without_search_timing(&stdout(&o)));
}

#[test]
fn cherche_json_keys_and_order() {
    let o = arbitre(&["cherche", "spores pesteuses", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let items = v.as_array().unwrap();
    // « Spores pesteuses » is a card's name: the card first, then the rules.
    assert_eq!(items[0]["kind"], "card");
    assert_eq!(items[0]["name"], "Plague Spores");
    let hits: Vec<&Value> = items.iter().filter(|h| h["kind"] == "rule").collect();
    assert_eq!(hits[0]["id"], "608.2b");
    for h in &hits {
        for key in ["kind", "id", "title", "edition", "language", "snippet", "score", "changed_since"] {
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
    assert!(stdout(&o).starts_with(&terminal("Aucun résultat pour « zzqxw wqzzx »")), "{}", stdout(&o));
    let o = arbitre(&["cherche", "608.2z"]);
    assert!(stdout(&o).contains(&terminal("Règles proches : 608.2, ")), "{}", stdout(&o));
    // Nothing to search: an error, not an empty list.
    for args in [&["cherche", ""][..], &["cherche", " \u{7} "], &["carte", ""]] {
        let o = arbitre(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("vide"), "{args:?}: {}", stderr(&o));
    }
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
    assert!(stderr(&o).contains("la règle 701.15a n'est pas dans l'édition fr 2011-02-04"));
    // Two languages share the date: the language is asked for.
    let o = arbitre(&["regle", "608.2b", "--edition", "2011-02-04"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("précisez la langue (fr-2011-02-04 ou en-2011-02-04)"));
    // The number is read in that edition: the French 701.15 of 2024 is « régénérer »,
    // cited by its number in force.
    let o = arbitre(&["regle", "701.15", "--edition", "fr-2024-03-08"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("RC 701.19") && text.contains("règle 701.15 dans cette édition"), "{text}");
    // A rule of one short sentence ending inside quotes is a rule, not a title.
    let o = arbitre(&["regle", "700.15"]);
    let text = crate::common::plain(&o.stdout);
    assert!(text.starts_with("RC 700.15 — General\n"), "{text}");
    // A text the alignment followed and lost: the legend rule of Limited Range of Influence.
    let o = arbitre(&["regle", "801.12", "--edition", "fr-2011-02-04"]);
    assert_eq!(o.status.code(), Some(0));
    let text = crate::common::plain(&o.stdout);
    assert!(text.contains("Cette règle n'est plus dans les règles en vigueur (en 2026-01-16)."), "{text}");
    let o = arbitre(&["regle", "608.2b", "--edition", "1999-01-01"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("édition « 1999-01-01 » absente du corpus chargé"));
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
    assert!(text.contains(&terminal("Ce texte date de 2011 ; la règle a changé depuis")), "{text}");
    assert!(text.contains(&terminal("En vigueur (en 2026-01-16) : RC 608.2h")), "{text}");
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
    assert!(text.contains(&terminal("Règles citées : 702.19")), "{text}");
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
    // « initiative » is first strike in French, and the glossary's Initiative in English: both said.
    let text = stdout(&arbitre(&["definit", "initiative"]));
    assert!(text.starts_with("First Strike (glossaire"), "{text}");
    assert!(text.contains(&terminal("En anglais, « Initiative » est aussi un terme du glossaire :")), "{text}");
    assert!(text.contains(&terminal("Règles citées : 725")), "{text}");
    for typed in ["the initiative", "prendre l'initiative"] {
        let text = stdout(&arbitre(&["definit", typed]));
        assert!(text.starts_with("Initiative (glossaire"), "{typed}: {text}");
    }
    // A note in parentheses may end a term, not words after it: a question.
    let text = stdout(&arbitre(&["definit", "lancer (un sort)"]));
    assert!(text.starts_with("Cast (glossaire"), "{text}");
    let o = arbitre(&["definit", "prendre l'initiative (undercity) a un adversaire"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains("termes proches : Initiative\n"), "{}", stderr(&o));
    let o = arbitre(&["definit", "fizzle"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("Le vocabulaire l'envoie à la règle 608.2b : arbitre regle 608.2b"), "{}", stderr(&o));
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
    assert!(stdout(&o).contains(&terminal("document RTF : enregistrez-le en texte brut")), "{}", stdout(&o));
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
