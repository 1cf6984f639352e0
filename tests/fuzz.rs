//! Property tests over two doors of arbitre open to anyone: the editor's
//! HTTP path (`POST /exemples/essai`, the whole app in process) and `arbitre
//! check` (the command, on a file). Whatever is sent, the answer is one of
//! the documented statuses or exit codes, never a panic nor a 5xx.
//!
//! 64 cases each by default; `PROPTEST_CASES=5000 cargo test --release
//! --test integration fuzz` for a long run (figures in the README).

use std::sync::LazyLock;

use actix_web::http::StatusCode;
use actix_web::test::{self, TestRequest};
use actix_web::web::Data;
use arbitre::web::{AppState, app};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64)
}

/// The app's state, built once for every case.
static STATE: LazyLock<Data<AppState>> =
    LazyLock::new(|| Data::new(AppState::new(arbitre::load(&[]).graph).expect("the default corpus loads")));

/// The shipped scenarios, the seeds of the mutations.
static SEEDS: LazyLock<Vec<String>> =
    LazyLock::new(|| arbitre::embedded::scenarios().into_iter().map(|(_, text)| text.to_string()).collect());

/// Lines that reach the reader's corners: keys of every action, odd values,
/// numbers at and beyond the limits.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("[[etape]]".to_string()),
        Just("[[carte]]".to_string()),
        Just("[attendu]".to_string()),
        "(lancer|resoudre|deplacer|regenerer|modifier|legende|fin_du_tour|vers|cibles|gagne|perd|etape|id|zone|type|texte|force|endurance|capacites|couleurs|proprietaire|controleur|joueurs|illustre|titre|perdants|engages|non_resolus|points_de_vie_depart|attaquer|defenseur|bloquer|blessures|repartition|jetons|refus) = .{0,40}",
        "attaquer = \\[(\"[a-z0-9-]{1,10}\", ){0,12}\\]",
        "defenseur = \"(Alex|Rob|Carl|x)\"",
        "bloquer = \\{ ([a-z0-9-]{1,10} = \"[a-z0-9-]{1,10}\", ){0,8}\\}",
        "blessures = (true|false|\"initiative\"|\"x\"|1)",
        "repartition = \\{ [a-z0-9-]{1,8} = \\{ ([a-z0-9A-Z-]{1,8} = -?[0-9]{1,6}, ){0,6}\\} \\}",
        "jetons = \\{ (Alex|Rob|x) = -?[0-9]{1,4} \\}",
        "refus = \"[0-9.a-z]{0,8}\"",
        "[a-z0-9-]{1,10}-jeton-[0-9]{1,4}",
        "texte = \"((Quand ~ (meurt|arrive sur le champ de bataille|attaque)|À chaque fois qu'une autre créature que vous contrôlez meurt), (piochez une carte|créez (un|deux|dix) jetons? de créature [0-9]{1,3}/[0-9]{1,3} (blanche|vertes|x) (Soldat|Elfe)|mettez un marqueur \\+1/\\+1 sur ~|chaque adversaire perd [0-9]{1,3} points de vie|~ inflige [0-9]{1,3} blessures à chaque adversaire)\\. ){0,16}\"",
        "texte = \"La créature ciblée acquiert (le vol|l'initiative|le piétinement|le contact mortel|x) jusqu'à la fin du tour\\.\"",
        Just("fin_du_tour = true".to_string()),
        "legende = \"[a-z0-9-]{1,10}\"",
        "type = \"Créature légendaire : (humain|ours)\"",
        "marqueurs = \\{ [a-z0-9-]{1,8} = \\{ \"(\\+1/\\+1|-1/-1|x)\" = -?[0-9]{1,4} \\} \\}",
        "force_endurance = \\{ [a-z0-9-]{1,8} = \"-?[0-9]{1,4}/-?[0-9]{1,4}\" \\}",
        "texte = \"La créature ciblée (gagne|reçoit) [+-][0-9]{1,3}/[+-][0-9]{1,3} jusqu'à la fin du tour\\.\"",
        "texte = \"Mettez [0-9]{1,3} marqueurs? (\\+1/\\+1|-1/-1) sur la créature ciblée\\.\"",
        "(force|endurance) = -?[0-9]{1,12}",
        "cibles = \\[(\"[a-z0-9-]{1,8}\", ){0,20}\\]",
        "capacites = \\[(\"(vol|linceul|protection contre le (blanc|noir)|indestructible|enchanter une créature|initiative|double initiative|piétinement|contact mortel|lien de vie|vigilance|portée|menace|défenseur|x)\", ){0,20}\\]",
        "texte = \"(~ inflige [0-9]{1,4} blessures? à (chaque créature|n'importe quelle cible|la créature ciblée)\\. ){0,30}\"",
        "texte = \"(Détruisez|Exilez|Régénérez) (la créature ciblée|tous les terrains|l'enchantement ciblé)\\.\"",
        "zone = \"(main|pile|cimetière|exil|champ de bataille|bibliothèque|nulle part)\"",
        "\\PC{0,60}",
    ]
}

/// A scenario: a shipped one with lines replaced, inserted or cut, or any text.
fn scenario() -> impl Strategy<Value = String> {
    let mutated = (
        0..SEEDS.len(),
        proptest::collection::vec((any::<prop::sample::Index>(), 0u8..3, fragment()), 0..5),
        proptest::option::of(any::<prop::sample::Index>()),
    )
        .prop_map(|(seed, edits, cut)| {
            let mut lines: Vec<String> = SEEDS[seed].lines().map(String::from).collect();
            for (at, how, fragment) in edits {
                let i = at.index(lines.len() + 1);
                match how {
                    0 if i < lines.len() => lines[i] = fragment,
                    1 if i < lines.len() => {
                        lines.remove(i);
                    }
                    _ => lines.insert(i, fragment),
                }
            }
            let mut text = lines.join("\n");
            if let Some(cut) = cut {
                let mut at = cut.index(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.truncate(at);
            }
            text
        });
    prop_oneof![4 => mutated, 1 => "\\PC{0,400}"]
}

/// Posts one form to the editor, in process: the status and the body's size.
fn post(fields: Vec<(String, String)>) -> (StatusCode, usize) {
    actix_web::rt::System::new().block_on(async {
        let service = test::init_service(app(STATE.clone())).await;
        let req = TestRequest::post().uri("/exemples/essai").set_form(fields);
        let response = test::call_service(&service, req.to_request()).await;
        let status = response.status();
        (status, test::read_body(response).await.len())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn the_editor_answers_every_form_with_a_documented_status(
        text in scenario(),
        step in proptest::option::of(prop_oneof![4 => "[0-9]{0,3}", 1 => "\\PC{0,5}"]),
        other in proptest::option::of(("\\PC{0,10}", "\\PC{0,20}")),
    ) {
        let mut fields = vec![("scenario".to_string(), text.clone())];
        fields.extend(step.map(|s| ("etape".to_string(), s)));
        fields.extend(other);
        let (status, size) = post(fields);
        let allowed = [
            StatusCode::OK,
            StatusCode::BAD_REQUEST,
            StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNPROCESSABLE_ENTITY,
            StatusCode::SERVICE_UNAVAILABLE,
        ];
        prop_assert!(allowed.contains(&status), "{status} for {text:?}");
        // The page: the scenario echoed, its events (2,000 at most) and one board.
        prop_assert!(size < 1_500_000, "{size} octets for {} posted", text.len());
    }

    #[test]
    fn check_answers_every_file_with_a_report_or_an_error(
        head in prop_oneof![
            Just(Vec::new()),
            Just(b"{\\rtf1 ".to_vec()),
            Just(b"%PDF-1.4\n".to_vec()),
            Just(b"PK\x03\x04".to_vec()),
            Just(b"<html>".to_vec()),
            Just(vec![0xEF, 0xBB, 0xBF]),
            Just(vec![0xFF, 0xFE]),
        ],
        lines in proptest::collection::vec(
            prop_oneof![
                "[1-9][0-9]{2}\\.[0-9]{1,3}[a-z]?\\.? \\PC{0,40}",
                "[0-9]\\. [A-Z][a-z ]{0,20}",
                "(Contents|Glossary|Credits|Sommaire|Exemple : |Example: )\\PC{0,20}",
                "(voir la règle|see rule) [0-9]{1,4}(\\.[0-9]{1,3}[a-z]?)?",
                "\\PC{0,80}",
            ],
            0..80,
        ),
        tail in proptest::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut bytes = head;
        bytes.extend(lines.join("\n").into_bytes());
        bytes.extend(tail);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("essai.txt");
        std::fs::write(&path, &bytes).unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = arbitre::cli::run(["arbitre", "check", path.to_str().unwrap()], &mut out, &mut err);
        prop_assert!(code <= 1, "exit {code}: {}", String::from_utf8_lossy(&err));
        let report = String::from_utf8(out).expect("the report is UTF-8");
        prop_assert!(report.contains("Total"), "{report}");
    }
}

#[test]
fn the_scenario_generator_reaches_played_and_refused_scenarios() {
    // The mutations keep some scenarios whole: the property above sees 200s, not only 422s.
    let (status, _) = post(vec![("scenario".into(), SEEDS[0].clone())]);
    assert_eq!(status, StatusCode::OK);
}

/// The shipped scenarios, read once, for the « et si… » controls.
static SHIPPED: LazyLock<Vec<arbitre::engine::Scenario>> = LazyLock::new(|| {
    let graph = &STATE.graph;
    arbitre::engine::load_embedded(graph).into_iter().map(|s| s.expect("a shipped scenario reads")).collect()
});

/// One value of a control: empty (no change) or one of the offered values.
fn control(values: Vec<String>) -> impl Strategy<Value = String> {
    let n = values.len();
    (0..=n).prop_map(move |i| if i == n { String::new() } else { values[i].clone() })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Any combination of the « et si… » controls of any shipped scenario
    /// gives a scenario that reads and plays (a step made illegal by the
    /// change is shown refused, as the page does).
    #[test]
    fn every_combination_of_the_what_if_controls_plays(
        (seed, fields) in (0..SHIPPED.len()).prop_flat_map(|i| {
            use arbitre::web::whatif::{ABILITIES, COLOURS, ZONES, targets};
            let s = &SHIPPED[i];
            let cards: Vec<String> = s.cards.iter().map(|c| c.id.clone()).collect();
            let mut choices = cards.clone();
            choices.extend(s.players.iter().cloned());
            let steps: Vec<String> = (1..=s.steps.len() + 1).map(|n| n.to_string()).collect();
            let target_list: Vec<String> = targets(s).into_iter().map(|t| t.0).collect();
            let owned = |list: &[&str]| list.iter().map(|v| v.to_string()).collect::<Vec<_>>();
            (
                Just(i),
                (
                    control(cards),
                    control(owned(&ABILITIES)),
                    control(owned(&COLOURS)),
                    control(owned(&ZONES)),
                    control(steps),
                    control(target_list),
                    control(choices),
                ),
            )
        })
    ) {
        let s = &SHIPPED[seed];
        let (card, ability, colour, zone, before, target, new_target) = fields;
        let q: std::collections::HashMap<String, String> = [
            ("carte", card.clone()),
            ("capacite", ability),
            ("couleur", colour),
            ("zone", zone),
            ("avant", before),
            ("cible_de", target.clone()),
            ("nouvelle_cible", new_target.clone()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        let Ok(w) = arbitre::web::whatif::WhatIf::read(s, &q) else {
            // Refused only for what the page cannot send: a change without
            // its card, a target without its replacement.
            let incomplete = card.is_empty() || (!target.is_empty() && new_target.is_empty());
            prop_assert!(incomplete, "controls refused: {q:?}");
            return Ok(());
        };
        let toml = w.toml(s).expect("the modified scenario is written");
        let modified = arbitre::engine::parse("etsi.toml", &toml, Some(&STATE.graph));
        let modified = match modified {
            Ok(m) => m,
            Err(e) => return Err(TestCaseError::fail(format!("{e}\n{toml}"))),
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        let played = arbitre::engine::trace::run_until_showing(&modified, deadline, arbitre::engine::trace::Boards::Only(0), true);
        prop_assert!(played.is_ok(), "{:?}\n{toml}", played.err());
    }
}
