//! Combat, triggered abilities and tokens in the engine: one test per rule
//! applied, and one per step the rules refuse (with its key and its rule).
//! Tests assert on events and on the result, never on sentences.

use std::process::Command;

use arbitre::engine::card::Keyword;
use arbitre::engine::event::Event;
use arbitre::engine::index::PlayerIdx;
use arbitre::engine::text::TriggerEvent;
use arbitre::engine::{self, Outcome, Stopped};
use arbitre::vocab::RuleId;

use crate::common::french;

/// A creature on the battlefield: id, owner, power/toughness, keyword abilities, rules text.
fn creature(id: &str, owner: &str, pt: (i32, i32), abilities: &[&str], text: &str) -> String {
    let abilities: Vec<String> = abilities.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        "\n[[carte]]\nid = \"{id}\"\nnom = \"{}\"\ntype = \"Créature : ours\"\ncout = \"{{1}}{{G}}\"\nforce = {}\nendurance = {}\ncapacites = [{}]\ntexte = \"{text}\"\nproprietaire = \"{owner}\"\nzone = \"champ de bataille\"\n",
        id.to_uppercase(),
        pt.0,
        pt.1,
        abilities.join(", ")
    )
}

/// A scenario: Alex (active) and Rob, these cards, these steps.
fn scenario(cards: &[String], steps: &str) -> String {
    format!("titre = \"combat\"\njoueurs = [\"Alex\", \"Rob\"]\n{}\n{steps}", cards.concat())
}

fn play(toml: &str) -> Outcome {
    let s = engine::parse("combat.toml", toml, Some(french())).unwrap_or_else(|e| panic!("{e}"));
    engine::run(&s).unwrap_or_else(|e| panic!("{e}"))
}

/// The scenario refused at a step: its key and its first rule.
fn refused(toml: &str) -> (&'static str, String) {
    let s = engine::parse("combat.toml", toml, Some(french())).unwrap_or_else(|e| panic!("{e}"));
    match engine::run(&s) {
        Err(Stopped::Illegal { key, rules, .. }) => (key, rules[0].to_string()),
        Err(other) => panic!("arrêté autrement : {other}"),
        Ok(_) => panic!("accepté :\n{toml}"),
    }
}

fn events(o: &Outcome) -> Vec<&Event> {
    o.steps.iter().flat_map(|s| &s.events).map(|e| &e.event).collect()
}

const ATTACK_BLOCK_DAMAGE: &str =
    "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = { b = \"a\" }\n[[etape]]\nblessures = true\n";

#[test]
fn first_strike_kills_the_blocker_before_it_deals_damage() {
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 2), &["initiative"], ""), creature("b", "Rob", (2, 2), &[], "")],
        ATTACK_BLOCK_DAMAGE,
    ));
    assert_eq!(o.result.zones["b"], "cimetière");
    assert_eq!(o.result.damage["a"], 0);
    let steps: Vec<bool> = events(&o)
        .iter()
        .filter_map(|e| if let Event::DamageStep { first_strike, .. } = e { Some(*first_strike) } else { None })
        .collect();
    assert_eq!(steps, [true, false], "une étape d'initiative puis l'étape normale (510.4)");
    assert!(
        events(&o)
            .iter()
            .any(|e| matches!(e, Event::DamageStep { first_strike: true, waiting, .. } if waiting.len() == 1))
    );
}

#[test]
fn without_first_strike_there_is_one_damage_step_and_both_die() {
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 2), &[], ""), creature("b", "Rob", (2, 2), &[], "")],
        ATTACK_BLOCK_DAMAGE,
    ));
    assert_eq!((o.result.zones["a"].as_str(), o.result.zones["b"].as_str()), ("cimetière", "cimetière"));
    assert_eq!(events(&o).iter().filter(|e| matches!(e, Event::DamageStep { .. })).count(), 1);
}

#[test]
fn double_strike_with_trample_over_a_chump_blocker() {
    let o = play(&scenario(
        &[
            creature("a", "Alex", (3, 3), &["double initiative", "piétinement"], ""),
            creature("b", "Rob", (1, 1), &[], ""),
        ],
        ATTACK_BLOCK_DAMAGE,
    ));
    assert_eq!(o.result.life["Rob"], 15, "2 puis 3 (702.19b, 702.19d)");
    assert!(events(&o).iter().any(|e| matches!(e, Event::NoBlockerLeft { trample: true, .. })));
}

#[test]
fn a_blocked_creature_without_trample_deals_nothing_once_its_blocker_is_gone() {
    let o = play(&scenario(
        &[creature("a", "Alex", (3, 3), &["double initiative"], ""), creature("b", "Rob", (1, 1), &[], "")],
        ATTACK_BLOCK_DAMAGE,
    ));
    assert_eq!(o.result.life["Rob"], 20, "510.1c : bloquée, elle le reste");
    assert!(events(&o).iter().any(|e| matches!(e, Event::NoBlockerLeft { trample: false, .. })));
}

#[test]
fn trample_with_deathtouch_assigns_one_to_each_blocker() {
    let toml = scenario(
        &[
            creature("a", "Alex", (5, 5), &["piétinement", "contact mortel"], ""),
            creature("b", "Rob", (0, 8), &[], ""),
            creature("c", "Rob", (1, 1), &[], ""),
        ],
        "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = { b = \"a\", c = \"a\" }\n[[etape]]\nblessures = true\n",
    );
    let o = play(&toml);
    assert_eq!(o.result.life["Rob"], 17);
    assert_eq!(o.result.zones["b"], "cimetière", "704.5h : une blessure d'une source avec le contact mortel");
    assert!(events(&o).iter().any(|e| matches!(e, Event::DeathtouchDamage { .. })));
    let lethal = events(&o)
        .iter()
        .find_map(|e| if let Event::Assigned { lethal, .. } = e { Some(lethal.clone()) } else { None });
    assert_eq!(lethal.unwrap().iter().map(|l| l.1).collect::<Vec<_>>(), [1, 1], "702.2c");
}

#[test]
fn lethal_damage_counts_the_damage_already_marked() {
    let toml = scenario(
        &[
            creature("a", "Alex", (4, 4), &["piétinement"], ""),
            creature("b", "Rob", (1, 3), &[], ""),
            "\n[[carte]]\nid = \"choc\"\nnom = \"Choc\"\ntype = \"Éphémère\"\ncout = \"{R}\"\ntexte = \"Choc inflige 2 blessures à n'importe quelle cible.\"\nproprietaire = \"Alex\"\nzone = \"main\"\n".to_string(),
        ],
        "[[etape]]\nlancer = \"choc\"\ncibles = [\"b\"]\n[[etape]]\nresoudre = true\n[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = { b = \"a\" }\n[[etape]]\nblessures = true\n",
    );
    let o = play(&toml);
    assert_eq!(o.result.life["Rob"], 17, "1 blessure mortelle au bloqueur qui en a déjà 2, 3 au joueur (702.19b)");
}

#[test]
fn the_default_division_follows_the_order_written_and_a_chosen_one_is_checked() {
    let cards = [
        creature("a", "Alex", (2, 2), &[], ""),
        creature("mur", "Rob", (0, 8), &[], ""),
        creature("elfe", "Rob", (1, 1), &[], ""),
    ];
    let with = |block: &str, extra: &str| {
        scenario(
            &cards,
            &format!(
                "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = {block}\n[[etape]]\nblessures = true\n{extra}"
            ),
        )
    };
    let o = play(&with("{ mur = \"a\", elfe = \"a\" }", ""));
    assert_eq!(
        (o.result.zones["elfe"].as_str(), o.result.damage["mur"]),
        ("champ de bataille", 2),
        "tout au mur, écrit en premier"
    );
    let o = play(&with("{ elfe = \"a\", mur = \"a\" }", ""));
    assert_eq!(o.result.zones["elfe"], "cimetière", "l'elfe, écrit en premier, reçoit sa blessure mortelle");
    let o = play(&with("{ mur = \"a\", elfe = \"a\" }", "repartition = { a = { elfe = 2 } }\n"));
    assert_eq!(o.result.zones["elfe"], "cimetière", "répartition choisie (510.1c)");
    assert!(events(&o).iter().any(|e| matches!(e, Event::Assigned { chosen: true, .. })));
}

#[test]
fn lifelink_gains_the_damage_dealt_even_as_the_creature_dies() {
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 1), &["lien de vie"], ""), creature("b", "Rob", (1, 1), &[], "")],
        ATTACK_BLOCK_DAMAGE,
    ));
    assert_eq!(o.result.life["Alex"], 22);
    assert!(events(&o).iter().any(|e| matches!(e, Event::Lifelink { amount: 2, player: PlayerIdx(0), .. })));
}

#[test]
fn vigilance_does_not_tap_and_an_unblocked_attacker_hits_the_player() {
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 2), &["vigilance"], ""), creature("c", "Alex", (3, 3), &[], "")],
        "[[etape]]\nattaquer = [\"a\", \"c\"]\n[[etape]]\nbloquer = {}\n[[etape]]\nblessures = true\n",
    ));
    assert_eq!(o.result.tapped, ["c"]);
    assert_eq!(o.result.life["Rob"], 15);
    assert!(events(&o).iter().any(|e| matches!(e, Event::CombatDamageToPlayer { unblocked: true, .. })));
}

#[test]
fn reach_blocks_flying_and_menace_needs_two_blockers() {
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 2), &["vol"], ""), creature("b", "Rob", (1, 3), &["portée"], "")],
        ATTACK_BLOCK_DAMAGE,
    ));
    assert!(events(&o).iter().any(|e| matches!(e, Event::FlyingBlocked { reach: true, .. })));
    let o = play(&scenario(
        &[
            creature("a", "Alex", (2, 2), &["menace"], ""),
            creature("b", "Rob", (1, 1), &[], ""),
            creature("c", "Rob", (1, 1), &[], ""),
        ],
        "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = { b = \"a\", c = \"a\" }\n[[etape]]\nblessures = true\n",
    ));
    assert!(events(&o).iter().any(|e| matches!(e, Event::MenaceBlocked { blockers: 2, .. })));
}

#[test]
fn protection_prevents_combat_damage_from_its_colour() {
    let red = creature("a", "Alex", (3, 3), &[], "").replace("{1}{G}", "{1}{R}");
    let o =
        play(&scenario(&[red, creature("b", "Rob", (1, 1), &["protection contre le rouge"], "")], ATTACK_BLOCK_DAMAGE));
    assert_eq!(o.result.zones["b"], "champ de bataille");
    assert!(events(&o).iter().any(|e| matches!(e, Event::CombatDamagePrevented { .. })));
}

#[test]
fn first_strike_gained_or_double_strike_lost_between_the_two_steps() {
    // 702.7c: first strike given after the first-strike step does not stop regular damage.
    let cards = [
        creature("a", "Alex", (2, 2), &["initiative"], ""),
        creature("c", "Alex", (2, 2), &[], ""),
        creature("b", "Rob", (1, 5), &[], ""),
        creature("d", "Rob", (1, 5), &[], ""),
    ];
    let steps = "[[etape]]\nattaquer = [\"a\", \"c\"]\n[[etape]]\nbloquer = { b = \"a\", d = \"c\" }\n[[etape]]\nblessures = \"initiative\"\n[[etape]]\nmodifier = \"c\"\ngagne = [\"initiative\"]\n[[etape]]\nblessures = true\n";
    let o = play(&scenario(&cards, steps));
    assert_eq!(o.result.damage["d"], 2, "702.7c");
    assert_eq!(o.result.damage["b"], 2, "a n'inflige pas deux fois");
    // 702.4c: double strike removed after the first-strike step: no second hit.
    let cards = [creature("a", "Alex", (2, 2), &["double initiative"], ""), creature("b", "Rob", (1, 5), &[], "")];
    let steps = "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = { b = \"a\" }\n[[etape]]\nblessures = \"initiative\"\n[[etape]]\nmodifier = \"a\"\nperd = [\"double initiative\"]\n[[etape]]\nblessures = true\n";
    let o = play(&scenario(&cards, steps));
    assert_eq!(o.result.damage["b"], 2, "702.4c");
}

#[test]
fn a_player_at_zero_life_loses_and_the_steps_after_are_not_played() {
    let toml = scenario(
        &[creature("a", "Alex", (2, 2), &[], "")],
        "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nblessures = true\n[[etape]]\nfin_du_tour = true\n",
    )
    .replacen(
        "joueurs = [\"Alex\", \"Rob\"]\n",
        "joueurs = [\"Alex\", \"Rob\"]\npoints_de_vie_depart = { Rob = 2 }\n",
        1,
    );
    let o = play(&toml);
    assert_eq!(o.result.losers, ["Rob"]);
    assert_eq!(o.steps.len(), 2, "la partie est finie (104.2a)");
    assert!(events(&o).iter().any(|e| matches!(e, Event::GameOver { winner: Some(PlayerIdx(0)), steps_left: 1 })));
}

#[test]
fn a_player_who_loses_a_multiplayer_game_leaves_it_with_what_they_own() {
    let lent = creature("pret", "Carl", (1, 1), &[], "").replace("zone = ", "controleur = \"Rob\"\nzone = ");
    let borrowed = creature("emprunt", "Rob", (1, 1), &[], "").replace("zone = ", "controleur = \"Carl\"\nzone = ");
    let toml = scenario(
        &[creature("a", "Alex", (2, 2), &[], ""), lent, borrowed],
        "[[etape]]\nattaquer = [\"a\"]\ndefenseur = \"Carl\"\n[[etape]]\nblessures = true\n[[etape]]\nfin_du_tour = true\n",
    )
    .replace("joueurs = [\"Alex\", \"Rob\"]\n", "joueurs = [\"Alex\", \"Rob\", \"Carl\"]\npoints_de_vie_depart = { Carl = 2 }\n");
    let o = play(&toml);
    assert_eq!(o.result.losers, ["Carl"]);
    assert_eq!(o.steps.len(), 3, "Alex et Rob jouent encore");
    assert!(!o.result.zones.contains_key("pret"), "800.4a : ce que Carl possède quitte la partie");
    assert_eq!(o.result.zones["emprunt"], "exil", "800.4a : ce qu'il contrôle encore est exilé");
    assert_eq!(o.result.life["Carl"], 0);
    assert!(events(&o).iter().any(|e| matches!(e, Event::PlayerLeavesGame { .. })));
}

#[test]
#[allow(clippy::too_many_lines)] // a table, one row per refused step: it reads best whole
fn each_illegal_combat_step_is_refused_with_its_key_and_rule() {
    let plain = |id: &str, owner: &str| creature(id, owner, (2, 2), &[], "");
    let cases: Vec<(String, &str, &str)> = vec![
        (
            scenario(&[creature("a", "Alex", (0, 4), &["défenseur"], "")], "[[etape]]\nattaquer = [\"a\"]\n"),
            "attaquer",
            "702.3b",
        ),
        (scenario(&[plain("a", "Rob")], "[[etape]]\nattaquer = [\"a\"]\n"), "attaquer", "508.1a"),
        (
            scenario(
                &[plain("a", "Alex")],
                "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nfin_du_tour = true\n[[etape]]\nattaquer = [\"a\"]\n",
            ),
            "attaquer",
            "508.1a",
        ),
        (
            scenario(&[plain("a", "Alex")], "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nattaquer = [\"a\"]\n"),
            "attaquer",
            "506.1",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Alex")],
                &ATTACK_BLOCK_DAMAGE.replace("[[etape]]\nblessures = true\n", ""),
            ),
            "bloquer",
            "509.1a",
        ),
        (
            scenario(&[plain("a", "Alex"), plain("b", "Rob")], "[[etape]]\nbloquer = { b = \"a\" }\n"),
            "bloquer",
            "509.1",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("c", "Alex"), plain("b", "Rob")],
                "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nbloquer = { b = \"c\" }\n",
            ),
            "bloquer",
            "509.1a",
        ),
        (
            scenario(&[creature("a", "Alex", (2, 2), &["vol"], ""), plain("b", "Rob")], ATTACK_BLOCK_DAMAGE),
            "bloquer",
            "702.9b",
        ),
        (
            scenario(&[creature("a", "Alex", (2, 2), &["menace"], ""), plain("b", "Rob")], ATTACK_BLOCK_DAMAGE),
            "bloquer",
            "702.111b",
        ),
        (
            scenario(
                &[creature("a", "Alex", (2, 2), &["protection contre le vert"], ""), plain("b", "Rob")],
                ATTACK_BLOCK_DAMAGE,
            ),
            "bloquer",
            "702.16f",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Rob")],
                &format!("{ATTACK_BLOCK_DAMAGE}[[etape]]\nbloquer = {{}}\n"),
            ),
            "bloquer",
            "509.1",
        ),
        (scenario(&[plain("a", "Alex")], "[[etape]]\nblessures = true\n"), "blessures", "510.1"),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Rob")],
                &ATTACK_BLOCK_DAMAGE.replace("blessures = true", "blessures = \"initiative\""),
            ),
            "blessures",
            "510.4",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Rob")],
                &format!("{ATTACK_BLOCK_DAMAGE}[[etape]]\nblessures = true\n"),
            ),
            "blessures",
            "510.4",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Rob")],
                &format!("{ATTACK_BLOCK_DAMAGE}repartition = {{ a = {{ b = 3 }} }}\n"),
            ),
            "repartition",
            "510.1a",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Rob"), plain("c", "Rob")],
                &format!("{ATTACK_BLOCK_DAMAGE}repartition = {{ a = {{ c = 2 }} }}\n"),
            ),
            "repartition",
            "510.1c",
        ),
        (
            scenario(
                &[plain("a", "Alex"), plain("b", "Rob")],
                &format!("{ATTACK_BLOCK_DAMAGE}repartition = {{ a = {{ b = 1, Rob = 1 }} }}\n"),
            ),
            "repartition",
            "510.1c",
        ),
        (
            scenario(
                &[creature("a", "Alex", (3, 3), &["piétinement"], ""), plain("b", "Rob")],
                &format!("{ATTACK_BLOCK_DAMAGE}repartition = {{ a = {{ b = 1, Rob = 2 }} }}\n"),
            ),
            "repartition",
            "702.19b",
        ),
        (
            scenario(
                &[plain("a", "Alex")],
                "[[etape]]\nattaquer = [\"a\"]\n[[etape]]\nblessures = true\nrepartition = { a = { Rob = 2 } }\n",
            ),
            "repartition",
            "510.1b",
        ),
    ];
    for (toml, key, rule) in cases {
        assert_eq!(refused(&toml), (key, rule.to_string()), "{toml}");
    }
}

#[test]
fn a_scenario_may_expect_a_refusal() {
    let o = play(&format!(
        "{}[attendu]\nrefus = \"702.9b\"\n",
        scenario(
            &[creature("a", "Alex", (2, 2), &["vol"], ""), creature("b", "Rob", (2, 2), &[], "")],
            ATTACK_BLOCK_DAMAGE
        )
    ));
    assert!(o.expected.ok, "{:?}", o.expected.differences);
    assert_eq!(o.steps.len(), 2, "l'étape refusée est la dernière jouée");
    assert_eq!(o.result.refused, [RuleId::parse("702.9b").unwrap(), RuleId::parse("509.1b").unwrap()]);
    // Expected, but nothing was refused.
    let o = play(&format!(
        "{}[attendu]\nrefus = \"702.9b\"\n",
        scenario(&[creature("a", "Alex", (2, 2), &[], ""), creature("b", "Rob", (2, 2), &[], "")], ATTACK_BLOCK_DAMAGE)
    ));
    assert!(!o.expected.ok);
}

#[test]
fn explique_refuses_an_illegal_block_with_exit_2_naming_the_rule() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/scenarios-refuses");
    for (file, rule) in
        [("vol-bloque-par-une-creature-sans-portee.toml", "702.9b"), ("menace-un-seul-bloqueur.toml", "702.111b")]
    {
        let out = Command::new(env!("CARGO_BIN_EXE_arbitre")).arg("explique").arg(dir.join(file)).output().unwrap();
        let err = crate::common::plain(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("clé « bloquer »") && err.contains(rule), "{err}");
    }
}

// ---------------------------------------------------------------- triggers and tokens

#[test]
fn a_dies_trigger_after_a_wipe_goes_on_the_stack_and_draws() {
    let wipe = "\n[[carte]]\nid = \"colere\"\nnom = \"Colère de Dieu\"\ntype = \"Rituel\"\ncout = \"{2}{W}{W}\"\ntexte = \"Détruisez toutes les créatures.\"\nproprietaire = \"Alex\"\nzone = \"main\"\n";
    let toml = scenario(
        &[
            creature("m", "Rob", (1, 1), &[], "Quand ~ meurt, piochez une carte."),
            creature("n", "Alex", (1, 1), &[], "Quand ~ meurt, vous gagnez 3 points de vie."),
            wipe.to_string(),
        ],
        "[[etape]]\nlancer = \"colere\"\n[[etape]]\nresoudre = true\n[[etape]]\nresoudre = true\n[[etape]]\nresoudre = true\n",
    );
    let o = play(&toml);
    let triggered: Vec<(PlayerIdx, TriggerEvent)> = events(&o)
        .iter()
        .filter_map(
            |e| if let Event::Triggered { controller, event, .. } = e { Some((*controller, *event)) } else { None },
        )
        .collect();
    assert_eq!(
        triggered,
        [(PlayerIdx(0), TriggerEvent::Dies), (PlayerIdx(1), TriggerEvent::Dies)],
        "APNAP : Alex d'abord (603.3b)"
    );
    assert!(events(&o).iter().any(|e| matches!(e, Event::TriggersInApnapOrder { .. })));
    // Rob's ability, put on the stack last, resolves first.
    assert_eq!((o.result.draws["Rob"], o.result.life["Alex"]), (1, 23));
    assert!(o.steps[2].events.iter().any(|e| matches!(e.event, Event::Drew { player: PlayerIdx(1), .. })));
}

#[test]
fn another_creature_dying_at_the_same_time_is_seen_looking_back() {
    let wipe = "\n[[carte]]\nid = \"colere\"\nnom = \"Colère de Dieu\"\ntype = \"Rituel\"\ntexte = \"Détruisez toutes les créatures.\"\nproprietaire = \"Alex\"\nzone = \"main\"\n";
    let toml = scenario(
        &[
            creature(
                "w",
                "Alex",
                (1, 1),
                &[],
                "À chaque fois qu'une autre créature que vous contrôlez meurt, vous gagnez 1 point de vie.",
            ),
            creature("x", "Alex", (1, 1), &[], ""),
            creature("y", "Alex", (1, 1), &[], ""),
            wipe.to_string(),
        ],
        "[[etape]]\nlancer = \"colere\"\n[[etape]]\nresoudre = true\n",
    );
    let o = play(&toml);
    let n = events(&o)
        .iter()
        .filter(|e| matches!(e, Event::Triggered { event: TriggerEvent::AnotherCreatureYouControlDies, .. }))
        .count();
    assert_eq!(n, 2, "603.10a : la source, morte en même temps, voit les deux autres");
}

#[test]
fn an_enters_trigger_makes_a_token_that_ceases_to_exist_when_bounced() {
    let knight = "\n[[carte]]\nid = \"k\"\nnom = \"Chevalier\"\ntype = \"Créature : chevalier\"\nforce = 2\nendurance = 2\ntexte = \"Quand ~ arrive sur le champ de bataille, créez un jeton de créature 1/1 blanche Soldat.\"\nproprietaire = \"Alex\"\nzone = \"main\"\n";
    let bounce = "\n[[carte]]\nid = \"boom\"\nnom = \"Boomerang\"\ntype = \"Éphémère\"\ntexte = \"Renvoyez le permanent ciblé dans la main de son propriétaire.\"\nproprietaire = \"Rob\"\nzone = \"main\"\n";
    let steps = "[[etape]]\nlancer = \"k\"\n[[etape]]\nresoudre = true\n[[etape]]\nresoudre = true\n[[etape]]\nlancer = \"boom\"\ncibles = [\"k-jeton-1\"]\n[[etape]]\nresoudre = true\n";
    let toml = format!("{}\n[attendu]\njetons = {{ Alex = 0 }}\n", scenario(&[knight.into(), bounce.into()], steps));
    let o = play(&toml);
    assert!(o.expected.ok, "{:?}", o.expected.differences);
    assert!(events(&o).iter().any(|e| matches!(e, Event::Triggered { event: TriggerEvent::Enters, .. })));
    assert!(events(&o).iter().any(|e| matches!(e, Event::TokenCreated { .. })));
    assert!(events(&o).iter().any(|e| matches!(e, Event::TokenCeases { .. })));
    assert!(!o.result.zones.contains_key("k-jeton-1"), "un jeton qui a cessé d'exister n'est dans aucune zone");
    assert_eq!(
        o.steps[2].state.players[0].battlefield.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
        ["k", "k-jeton-1"]
    );
}

#[test]
fn tokens_are_numbered_in_creation_order_and_an_attack_trigger_makes_them() {
    let maker = creature(
        "r",
        "Alex",
        (2, 2),
        &[],
        "Quand ~ attaque, créez deux jetons de créature 1/1 vertes Elfe avec la vigilance.",
    );
    let o = play(&scenario(&[maker], "[[etape]]\nattaquer = [\"r\"]\n[[etape]]\nresoudre = true\n"));
    assert!(events(&o).iter().any(|e| matches!(e, Event::Triggered { event: TriggerEvent::Attacks, .. })));
    assert_eq!(o.result.tokens["Alex"], 2);
    let ids: Vec<&str> = o.steps[1].state.players[0].battlefield.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["r", "r-jeton-1", "r-jeton-2"]);
    assert!(o.steps[1].state.players[0].battlefield[1].abilities.contains(&Keyword::Vigilance.to_string()));
}

#[test]
fn an_ability_gained_until_end_of_turn_ends_at_the_cleanup() {
    let spell = "\n[[carte]]\nid = \"s\"\nnom = \"Sort\"\ntype = \"Éphémère\"\ntexte = \"La créature ciblée gagne +1/+0 et acquiert le piétinement jusqu'à la fin du tour.\"\nproprietaire = \"Alex\"\nzone = \"main\"\n";
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 2), &[], ""), spell.into()],
        "[[etape]]\nlancer = \"s\"\ncibles = [\"a\"]\n[[etape]]\nresoudre = true\n[[etape]]\nfin_du_tour = true\n",
    ));
    let after = |step: usize| o.steps[step].state.players[0].battlefield[0].abilities.clone();
    assert_eq!(after(1), ["piétinement"]);
    assert!(after(2).is_empty(), "514.2");
    assert!(events(&o).iter().any(|e| matches!(e, Event::GainedUntilEndOfTurn { keyword: Keyword::Trample, .. })));
    assert_eq!(o.result.power_toughness["a"], "2/2");
}

#[test]
fn counters_on_the_source_do_nothing_once_it_left() {
    let o = play(&scenario(
        &[creature("a", "Alex", (2, 2), &[], "Quand ~ meurt, mettez un marqueur +1/+1 sur ~.")],
        "[[etape]]\ndeplacer = \"a\"\nvers = \"cimetière\"\n[[etape]]\nresoudre = true\n",
    ));
    assert!(events(&o).iter().any(|e| matches!(e, Event::SourceGone { .. })), "400.7");
    assert!(!o.result.counters.contains_key("a"));
}
