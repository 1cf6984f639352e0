//! Hostile input never panics: each case gives a clear error or an anomaly.

use arbitre::Graph;
use arbitre::corpus::{self, Format, LoadError, ManifestEntry};
use arbitre::vocab::{AnomalyKind, Lang};
use proptest::prelude::*;

fn declared(format: Format) -> ManifestEntry {
    ManifestEntry {
        path: "x.txt".into(),
        language: Lang::Fr,
        edition: None,
        translates: None,
        format,
        title: "x".into(),
    }
}

/// Loads bytes, builds the graph, and checks that no line was lost.
fn load_and_audit(bytes: &[u8], format: Option<Format>) -> Result<Graph, LoadError> {
    let d = format.map(declared);
    let doc = corpus::load("essai.txt", bytes, d.as_ref())?;
    let g = Graph::build(vec![doc]);
    let audit = g.audit(0);
    assert!(audit.unowned.is_empty() && audit.not_contained.is_empty(), "{audit:#?}");
    Ok(g)
}

fn kinds(g: &Graph) -> Vec<AnomalyKind> {
    g.anomalies().iter().map(|a| a.kind).collect()
}

#[test]
fn empty_and_blank_files_are_errors() {
    for bytes in [&b""[..], b"\n\n  \r\n\t"] {
        let e = load_and_audit(bytes, None).unwrap_err().to_string();
        assert!(e.contains("essai.txt") && e.contains("vide"), "{e}");
    }
}

#[test]
fn binary_garbage_is_an_error_naming_file_and_line() {
    let mut bytes = b"608.2b\nSi le sort\n".to_vec();
    bytes.extend([0x89, b'P', b'N', b'G', 0, 0, 0, 13, 0xff, 0xd8]);
    let e = load_and_audit(&bytes, None).unwrap_err().to_string();
    assert!(e.contains("essai.txt, ligne 3") && e.contains("binaire"), "{e}");
}

#[test]
fn utf32_and_truncated_utf16_are_errors() {
    let e = load_and_audit(&[0xFF, 0xFE, 0, 0, b'a', 0, 0, 0], None).unwrap_err().to_string();
    assert!(e.contains("UTF-32"), "{e}");
    let e = load_and_audit(&[0xFF, 0xFE, b'a', 0, b'b'], None).unwrap_err().to_string();
    assert!(e.contains("UTF-16LE") && e.contains("impair"), "{e}");
}

#[test]
fn invalid_utf8_is_read_as_windows_1252_and_reported() {
    let g = load_and_audit(b"608.2b\n\nSi le sort sp\xe9cifie des cibles.\n", None).unwrap();
    assert_eq!(kinds(&g), [AnomalyKind::Encoding]);
    assert_eq!(g.anomalies()[0].line, 3);
    assert!(g.nodes().iter().any(|n| n.text == "Si le sort spécifie des cibles."));
}

#[test]
fn encodings_and_line_ends_give_the_same_graph() {
    let text = std::fs::read_to_string("rules/fr-2011-608-resoudre-les-sorts.txt").unwrap();
    let texts = |g: &Graph| g.nodes().iter().map(|n| (n.label(), n.text.clone())).collect::<Vec<_>>();
    let reference = texts(&load_and_audit(text.as_bytes(), None).unwrap());
    let crlf = text.replace('\n', "\r\n");
    let cr = text.replace('\n', "\r");
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend(crlf.as_bytes());
    let mut le = vec![0xFF, 0xFE];
    le.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let mut be = vec![0xFE, 0xFF];
    be.extend(cr.encode_utf16().flat_map(u16::to_be_bytes));
    let decomposed: String = unicode_normalization::UnicodeNormalization::nfd(text.as_str()).collect();
    for (name, bytes) in [
        ("CRLF", crlf.into_bytes()),
        ("CR", cr.into_bytes()),
        ("BOM", bom),
        ("UTF-16LE", le),
        ("UTF-16BE", be),
        ("NFD", decomposed.into_bytes()),
    ] {
        assert_eq!(texts(&load_and_audit(&bytes, None).unwrap()), reference, "{name}");
    }
}

#[test]
fn a_ten_megabyte_line() {
    let long = "a".repeat(10 * 1024 * 1024);
    for format in [
        None,
        Some(Format::PageExport),
        Some(Format::TableExport),
        Some(Format::JudgeArticle),
        Some(Format::OfficialTxt),
    ] {
        let bytes = format!("608.2b\n\n{long} cf. règle 608.2c-j\n").into_bytes();
        let g = load_and_audit(&bytes, format).unwrap();
        // The line is kept whole, in a rule or, when the layout gives it no rule, in an anomaly.
        let in_node = g.nodes().iter().any(|n| n.text.len() > 10_000_000);
        let in_anomaly = g.anomalies().iter().any(|a| a.text.as_ref().is_some_and(|t| t.len() > 10_000_000));
        assert!(in_node || in_anomaly, "{format:?}");
        assert!(g.anomalies().iter().all(|a| a.message.len() < 1000), "messages quote, they do not copy");
    }
}

#[test]
fn a_reference_to_rule_99999_9z_is_an_anomaly() {
    let g = load_and_audit("608.2b\n\nVoir la règle 99999.9z et la règle 999.9z.\n".as_bytes(), None).unwrap();
    let invalid = g.anomalies().iter().find(|a| a.kind == AnomalyKind::InvalidReference).expect("reported");
    assert!(invalid.message.contains("99999.9z") && invalid.line == 3, "{invalid:?}");
    // 999.9z is well formed but absent: dangling, reported too.
    assert!(
        g.anomalies().iter().any(|a| a.kind == AnomalyKind::DanglingReference && a.id.as_deref() == Some("999.9z"))
    );
}

#[test]
fn every_anomaly_kind_of_a_page_export_is_reported() {
    let g = load_and_audit(&std::fs::read("tests/fixtures/anomalies.txt").unwrap(), None).unwrap();
    let found: Vec<(AnomalyKind, u32)> = g.anomalies().iter().map(|a| (a.kind, a.line)).collect();
    assert_eq!(
        found,
        [
            (AnomalyKind::OrphanText, 5),
            (AnomalyKind::EmptyRule, 9),
            (AnomalyKind::Duplicate, 15),
            (AnomalyKind::OutOfOrder, 19),
            (AnomalyKind::OrphanText, 23),
            (AnomalyKind::InvalidNumber, 23),
        ]
    );
    // The orphan's text is kept in the anomaly.
    assert!(g.anomalies()[0].text.as_deref().unwrap().contains("avant toute règle"));
    // The invalid number keeps its text and its example in the same anomaly.
    let invalid = g.anomalies()[4].text.as_deref().unwrap();
    assert_eq!(invalid, "608.2o\nTexte du numéro invalide.\nExemple : exemple du numéro invalide.");
}

/// Lines shaped like the ones parsers look for, to reach deep states.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[1-9][0-9]{2}\\.[0-9]{1,2}[a-z]?\\.?",
        "[1-9][0-9]{2}\\.[0-9]{1,2}[a-z]?\\.? [a-zé ,.]{0,30}",
        "[1-9][0-9]{2}\\.[0-9]{1,2}[a-z]? \\|",
        "[a-zé ,']{0,30} \\|",
        "\\|",
        "[0-9]\\. [A-Z][a-z]{0,10}",
        "[1-9][0-9]{2}\\. [A-Z][a-z ]{0,20}( : [a-z ]{1,10})?",
        "(Exemple|Example) ?: [a-z ]{0,20}",
        "(Sommaire|Contents|Introduction|Glossary|Credits|MAGIC JUDGE)",
        "(cf\\. règle|see rule|rules|section) [0-9]{1,6}(\\.[0-9]{1,3}[a-z]?)?([-–][0-9a-z]{1,3})?(, [0-9]{3})?",
        "- [a-z ;]{0,20}",
        "\\PC{0,40}",
        "",
    ]
}

fn line_end() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just("\n"), Just("\r\n"), Just("\r")]
}

fn format() -> impl Strategy<Value = Option<Format>> {
    prop_oneof![
        Just(None),
        Just(Some(Format::PageExport)),
        Just(Some(Format::TableExport)),
        Just(Some(Format::JudgeArticle)),
        Just(Some(Format::OfficialTxt)),
    ]
}

proptest! {
    // 400 cases by default; `PROPTEST_CASES=50000` for a longer hunt.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(400),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000), f in format()) {
        let _ = load_and_audit(&bytes, f);
    }

    #[test]
    fn rule_shaped_documents_lose_no_line(lines in proptest::collection::vec((line(), line_end()), 1..60), f in format()) {
        let text: String = lines.iter().map(|(l, e)| format!("{l}{e}")).collect();
        match load_and_audit(text.as_bytes(), f) {
            Ok(g) => {
                // Every edge's span lies inside its node's text.
                for e in g.edges() {
                    prop_assert!(g.node(e.from).text.get(e.span.start as usize..e.span.end as usize).is_some());
                }
            }
            Err(LoadError::Empty { .. }) => prop_assert!(text.trim().is_empty()),
            // A text in which nothing reads as a rule or a reference to one is not a rules document.
            Err(LoadError::NoRules { .. }) => {
                prop_assert!(text.lines().all(|l| arbitre::vocab::refs::extract(l).0.is_empty()), "{text:?}")
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

/// An official TXT edition: the English edition embedded in `rules/`.
fn official_edition() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/en-2026-01-16-comprehensive-rules.txt"))
        .expect("the embedded corpus is in the repository")
}

#[test]
fn documents_in_other_formats_are_refused_with_their_format_named() {
    let rules = "100.1. These Magic rules apply to any Magic game with two or more players.\n";
    let docx_head = b"PK\x03\x04\x14\x00\x06\x00[Content_Types].xml word/document.xml";
    let cases: [(Vec<u8>, &str); 6] = [
        (format!("{{\\rtf1\\ansi\\deff0 {{\\fonttbl}}\n\\par {rules}").into_bytes(), "document RTF"),
        (format!("%PDF-1.7\n%\u{e2}\u{e3}\n1 0 obj\n{rules}").into_bytes(), "document PDF"),
        ([&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1][..], rules.as_bytes()].concat(), "document Word 97-2003"),
        ([&docx_head[..], rules.as_bytes()].concat(), "document Word (.docx)"),
        (format!("<!DOCTYPE html>\n<html><body><p>{rules}</p></body></html>").into_bytes(), "page HTML"),
        ([&b"PK\x03\x04rules.txt"[..], rules.as_bytes()].concat(), "archive ZIP"),
    ];
    for (bytes, format) in cases {
        for declared in [None, Some(Format::OfficialTxt)] {
            let e = load_and_audit(&bytes, declared).unwrap_err();
            assert!(matches!(e, LoadError::NotText { .. }), "{format}: {e}");
            let message = e.to_string();
            assert!(message.starts_with(&format!("essai.txt : {format}")), "{message}");
            assert!(message.contains("enregistrez") || message.contains("copiez") || message.contains("extrayez"));
        }
    }
}

#[test]
fn a_text_without_any_rule_is_not_a_rules_document() {
    let passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n";
    let e = load_and_audit(passwd.as_bytes(), None).unwrap_err();
    assert!(matches!(e, LoadError::NoRules { .. }), "{e}");
    assert!(e.to_string().contains("aucune règle reconnaissable"), "{e}");
    // Prose that cites a rule is a judge-class article.
    let g = load_and_audit("Lancer un sort\n\nVoir la règle 601.2 pour les étapes.\n".as_bytes(), None).unwrap();
    assert_eq!(g.documents()[0].format, Format::JudgeArticle);
}

#[test]
fn an_edition_cut_short_is_reported_truncated() {
    let full = official_edition();
    let g = load_and_audit(full.as_bytes(), None).unwrap();
    assert!(!kinds(&g).contains(&AnomalyKind::Truncated), "the whole edition is not truncated");
    // Cut before the second « 508. » line (the first is in the contents).
    let cut = full.match_indices("\n508. ").nth(1).or_else(|| full.match_indices("\r508. ").nth(1)).unwrap().0;
    let g = load_and_audit(&full.as_bytes()[..cut], None).unwrap();
    let truncated: Vec<_> = g.anomalies().iter().filter(|a| a.kind == AnomalyKind::Truncated).collect();
    assert_eq!(truncated.len(), 1, "{truncated:?}");
    let m = &truncated[0].message;
    assert!(m.contains("(508 … Credits)") && m.contains("s'arrête après la règle 507."), "{m}");
}

#[test]
fn an_edition_with_megabytes_of_plain_lines_loses_none() {
    // Four megabytes of lines without numbers after the last rule: they
    // continue the last part of the edition, and the audit follows them (its
    // time, linear, is measured by `cargo bench --bench ingest`).
    let mut text = official_edition();
    let line = "the creature deals damage to each player and each other creature with flying\n";
    text.push_str(&line.repeat(4 * 1024 * 1024 / line.len()));
    let g = load_and_audit(text.as_bytes(), None).unwrap();
    let audit = g.audit(0);
    assert!(audit.content_lines > 50_000 && audit.is_lossless(), "{audit:?}");
}
