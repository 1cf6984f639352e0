//! The ruling evaluator: the shipped scenarios, each engine rule, bad
//! scenarios, text outside the subset, and `arbitre explique`.

use std::process::Command;

use std::collections::BTreeSet;

use arbitre::engine::card::{CardType, Colour, Enchant, Keyword, TypeLine};
use arbitre::engine::event::{AuraFalls, Divergence, Event, Illegal, Refusal};
use arbitre::engine::index::{CardIdx, ObjectId, PlayerIdx};
use arbitre::engine::scenario::{Change, Choice, Zone};
use arbitre::engine::text::TriggerEvent;
use arbitre::engine::wording::Wording;
use arbitre::engine::{self, Outcome, Scenario, ScenarioError};
use arbitre::vocab::RuleId;
use proptest::prelude::*;
use serde_json::Value;

use crate::common::french;

/// Reads a scenario written in a test, checked against the French corpus.
fn read(toml: &str) -> Result<Scenario, ScenarioError> {
    engine::parse("essai.toml", toml, Some(french()))
}

/// Reads and plays a scenario written in a test.
fn play(toml: &str) -> Outcome {
    let s = read(toml).unwrap_or_else(|e| panic!("{e}"));
    engine::run(&s).expect("within the budgets")
}

/// A rule number written in a test.
fn rule(id: &str) -> RuleId {
    RuleId::parse(id).unwrap_or_else(|e| panic!("{e}"))
}

/// Every event of the trace, as data.
fn happened(o: &Outcome) -> Vec<&Event> {
    o.steps.iter().flat_map(|s| &s.events).map(|e| &e.event).collect()
}

/// The events of one step.
fn step(o: &Outcome, number: usize) -> Vec<&Event> {
    o.steps[number].events.iter().map(|e| &e.event).collect()
}

/// How many events match.
fn count(events: &[&Event], matching: impl Fn(&Event) -> bool) -> usize {
    events.iter().filter(|e| matching(e)).count()
}

fn zone<'a>(o: &'a Outcome, id: &str) -> &'a str {
    &o.result.zones[id]
}

/// The shipped scenario with this file name, played.
fn shipped(name: &str) -> Outcome {
    let (path, text) = arbitre::embedded::scenarios()
        .into_iter()
        .find(|(p, _)| p.ends_with(&format!("/{name}.toml")))
        .unwrap_or_else(|| panic!("scénario {name} absent"));
    engine::run(&engine::parse(&path, text, Some(french())).unwrap_or_else(|e| panic!("{e}")))
        .expect("within the budgets")
}

const TWO_PLAYERS: &str = "titre = \"essai\"\njoueurs = [\"Alex\", \"Rob\"]\n";

const BEAR: &str = r#"
[[carte]]
id = "ours"
nom = "Ours"
type = "Créature : ours"
cout = "{1}{G}"
force = 2
endurance = 2
proprietaire = "Rob"
zone = "champ de bataille"
"#;

/// A spell of Alex's, in hand.
fn spell(id: &str, colour_cost: &str, kind: &str, text: &str) -> String {
    format!(
        "\n[[carte]]\nid = \"{id}\"\nnom = \"Sort {id}\"\ntype = \"{kind}\"\ncout = \"{colour_cost}\"\ntexte = \"{text}\"\nproprietaire = \"Alex\"\nzone = \"main\"\n"
    )
}

// ---------------------------------------------------------------- shipped scenarios

#[test]
fn every_shipped_scenario_reads_and_its_expectations_hold() {
    let all = engine::load_embedded(french());
    assert!(all.len() >= 8, "{} scénarios", all.len());
    for s in all {
        let s = s.unwrap_or_else(|e| panic!("{e}"));
        assert!(s.expected.is_some(), "{} : pas de [attendu]", s.path);
        assert!(!s.illustrates.is_empty(), "{} : pas de règle illustrée", s.path);
        let o = engine::run(&s).expect("within the budgets");
        assert!(o.expected.ok, "{} : {:?}", s.path, o.expected.differences);
        // Every step is played, unless the game ended or a step was refused, as expected.
        let stopped = o.steps.last().is_some_and(|step| {
            step.events.iter().any(|e| matches!(e.event, Event::GameOver { .. } | Event::Refused { .. }))
        });
        assert!(o.steps.len() == s.steps.len() || stopped, "{} : étapes non jouées", s.path);
        assert!(o.steps.iter().all(|step| !step.rules.is_empty()), "{} : une étape sans règle", s.path);
    }
}

#[test]
fn every_rule_the_engine_cites_exists_in_the_graph() {
    // The rules cited by the shipped scenarios' traces…
    for s in engine::load_embedded(french()) {
        let o = engine::run(&s.unwrap()).expect("within the budgets");
        for rule in o.cited_rules() {
            assert!(engine::resolve_rule(french(), rule).is_some(), "{} cite {rule}, absente du corpus", o.path);
        }
    }
    // …and every rule written in the engine's code, whether a shipped
    // scenario reaches it or not.
    let sources = [include_str!("../src/engine/event.rs"), include_str!("../src/engine/card.rs")];
    let mut cited = Vec::new();
    for source in sources {
        for literal in source.split('"').skip(1).step_by(2) {
            let is_rule = literal.get(..3).is_some_and(|p| p.chars().all(|c| c.is_ascii_digit()))
                && literal.chars().all(|c| c.is_ascii_alphanumeric() || c == '.');
            if is_rule {
                cited.push(literal);
            }
        }
    }
    assert!(cited.len() > 40, "{cited:?}");
    for rule in cited {
        let id = RuleId::parse(rule).unwrap_or_else(|e| panic!("le moteur cite « {rule} » : {e}"));
        assert!(engine::resolve_rule(french(), id).is_some(), "le moteur cite {rule}, absente du corpus");
    }
}

#[test]
fn salve_d_aura_target_still_legal_destroys_and_draws() {
    let o = shipped("salve-d-aura-cible-legale");
    assert_eq!(zone(&o, "croisade"), "cimetière");
    assert_eq!(o.result.draws["Alex"], 1);
    assert!(o.result.countered.is_empty());
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::TargetStillLegal { instance: 0, .. })), 1);
}

#[test]
fn salve_d_aura_protection_from_white_does_not_resolve_and_nobody_draws() {
    let o = shipped("salve-d-aura-protection-contre-le-blanc");
    // 608.2b: it doesn't resolve; it is not countered (701.6a).
    assert_eq!(o.result.not_resolved, ["salve"]);
    assert!(o.result.countered.is_empty());
    assert_eq!(o.result.draws["Alex"], 0);
    assert_eq!(zone(&o, "croisade"), "champ de bataille");
    let resolution = &o.steps[2];
    assert!(resolution.rules.contains(&rule("608.2b")) && resolution.rules.contains(&rule("702.16b")));
    let events = step(&o, 2);
    let protection =
        |e: &Event| matches!(e, Event::TargetIllegal { why: Illegal::Protection { colour: Colour::White, .. }, .. });
    assert_eq!(count(&events, protection), 1, "{events:?}");
    assert_eq!(count(&events, |e| matches!(e, Event::DoesNotResolve { draws: true, aura: false, .. })), 1);
    // The French text of 2011 says « contrecarré »: one line says the rule changed.
    let older = |e: &Event| matches!(e, Event::OlderFrenchText { divergence: Divergence::CounteredOnResolution });
    assert_eq!(count(&events, older), 1);
    assert!(!resolution.rules.contains(&rule("701.6a")), "not countered: 701.6a is not cited");
    assert_eq!(count(&events, |e| matches!(e, Event::Drew { .. } | Event::Destroyed { .. })), 0);
}

#[test]
fn salve_d_aura_target_left_the_battlefield_does_not_resolve() {
    let o = shipped("salve-d-aura-quitte-le-champ-de-bataille");
    assert_eq!(o.result.not_resolved, ["salve"]);
    assert_eq!(o.result.draws["Alex"], 0);
    // It came back, as a new object the spell never targeted (400.7).
    assert_eq!(zone(&o, "croisade"), "champ de bataille");
    let new_object = |e: &Event| matches!(e, Event::TargetIllegal { why: Illegal::NewObject { .. }, .. });
    assert_eq!(count(&happened(&o), new_object), 1);
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Moved { old, new, .. } if old != new)), 2);
}

#[test]
fn spores_pesteuses_same_land_turned_black_is_destroyed_without_regeneration() {
    let o = shipped("spores-pesteuses-terrain-anime-devient-noir");
    assert!(o.result.countered.is_empty());
    assert_eq!(zone(&o, "foret"), "cimetière");
    let events = happened(&o);
    let creature_part = |e: &Event| matches!(e, Event::PartWithoutTarget { part, .. } if part == "détruisez la créature non-noire ciblée");
    assert_eq!(count(&events, creature_part), 1, "{events:?}");
    let black = |e: &Event| {
        matches!(e, Event::TargetIllegal { why: Illegal::ExcludedColour { colour: Colour::Black, .. }, .. })
    };
    assert_eq!(count(&events, black), 1);
    assert_eq!(count(&events, |e| matches!(e, Event::RegenerationForbidden { .. })), 1);
    assert_eq!(count(&events, |e| matches!(e, Event::Destroyed { .. })), 1);
    // The board before resolution shows the black animated land with its shield.
    let before = &o.steps[3].state.players[1].battlefield[0];
    assert_eq!((before.colours.as_slice(), before.shields), (&["noir".to_string()][..], 1));
    assert!(before.creature && before.type_line.starts_with("Terrain-créature"));
}

#[test]
fn spores_pesteuses_both_targets_illegal_does_not_resolve() {
    let o = shipped("spores-pesteuses-deux-cibles-illegales");
    assert_eq!(o.result.not_resolved, ["spores"]);
    assert!(o.result.countered.is_empty());
    assert_eq!((zone(&o, "ours"), zone(&o, "montagne")), ("champ de bataille", "champ de bataille"));
}

#[test]
fn rule_608_2h_checks_only_the_named_colour() {
    let o = shipped("608-2h-creatures-non-noires");
    let after_first = &o.steps[1].state.players[1].battlefield;
    let ids: Vec<&str> = after_first.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["esprit", "zombie"], "« non-noires » épargne la créature noire et blanche");
    assert!(o.steps[3].state.players[1].battlefield.is_empty(), "« noires » la détruit");
    assert!(o.steps[1].rules.contains(&rule("608.2j")));
}

#[test]
fn rule_205_1b_lands_become_1_1_creatures_and_keep_their_types() {
    let o = shipped("205-1b-terrains-creatures");
    let rob = &o.initial.players[1].battlefield;
    let artifact_land = rob.iter().find(|c| c.id == "terrain-artefact").unwrap();
    assert_eq!(artifact_land.type_line, "Terrain-créature-artefact");
    assert_eq!(artifact_land.power_toughness.as_deref(), Some("1/1"));
    let mountain = rob.iter().find(|c| c.id == "montagne").unwrap();
    assert!(
        mountain.type_line.contains("de base") && mountain.type_line.ends_with(": montagne"),
        "{}",
        mountain.type_line
    );
    assert!(mountain.creature);
    assert_eq!(zone(&o, "montagne"), "cimetière");
    let events = happened(&o);
    assert!(count(&events, |e| matches!(e, Event::LethalDamage { damage: 2, toughness: 1, .. })) == 2, "{events:?}");
    let animated = |e: &Event| {
        matches!(e, Event::AnimatedLand { power: 1, toughness: 1, type_line, .. }
            if type_line.to_string() == "Terrain-créature-artefact")
    };
    assert_eq!(count(&events, animated), 1, "{events:?}");
}

#[test]
fn pyroclasme_with_range_of_influence_one_at_six_players() {
    let o = shipped("pyroclasme-portee-d-influence");
    for (id, z) in [
        ("ours-alex", "cimetière"),
        ("ours-bea", "cimetière"),
        ("ours-chloe", "champ de bataille"),
        ("ours-david", "champ de bataille"),
        ("ours-emma", "champ de bataille"),
        ("ours-felix", "champ de bataille"),
    ] {
        assert_eq!(zone(&o, id), z, "{id}");
    }
    assert_eq!(o.result.damage["ours-felix"], 2, "le voisin de droite est touché");
    assert_eq!(o.result.damage["ours-david"], 0);
    let out_of_range = |e: &Event| matches!(e, Event::ControllerOutOfRange { caster: PlayerIdx(0), .. });
    assert_eq!(count(&happened(&o), out_of_range), 3);
    let in_range: Vec<bool> = o.initial.players.iter().map(|p| p.in_range).collect();
    assert_eq!(in_range, [true, true, false, false, false, true]);
}

// ---------------------------------------------------------------- wording

#[test]
fn events_are_said_in_french() {
    let s = read(&format!(
        "{TWO_PLAYERS}{}{BEAR}",
        spell("choc", "{R}", "Éphémère", "Choc inflige 2 blessures à la créature ciblée.")
    ))
    .unwrap();
    let cases = one_event_of_each_kind();
    let mut kinds = BTreeSet::new();
    for (event, text) in &cases {
        assert_eq!(Wording::new(&s).event(event), *text, "{event:?}");
        assert!(!event.rules().is_empty(), "{event:?} ne cite aucune règle");
        kinds.insert(kind(event));
    }
    assert_eq!(kinds.len(), EVENT_KINDS + ILLEGAL_KINDS - 1, "une sorte d'évènement sans phrase vérifiée");
    // The rules of an illegal target come with it, 608.2b once.
    let (ours, phrase) = (CardIdx(1), "une créature ciblée".to_string());
    let why = Illegal::NewObject { card: ours };
    let event = Event::TargetIllegal { instance: 0, phrase, target: Choice::Card(ours), why };
    assert_eq!(event.rules(), [rule("608.2b"), rule("400.7")]);
}

/// One event of each kind (and each reason for an illegal target), with
/// what a judge reads, in the scenario of [`events_are_said_in_french`]:
/// Alex's « Sort choc » (card 0), Rob's « Ours » (card 1).
#[allow(clippy::too_many_lines)] // a table, one row per kind: it reads best whole
fn one_event_of_each_kind() -> Vec<(Event, &'static str)> {
    let (choc, ours, alex, rob) = (CardIdx(0), CardIdx(1), PlayerIdx(0), PlayerIdx(1));
    let phrase = || "une créature ciblée".to_string();
    let white_black: BTreeSet<Colour> = [Colour::White, Colour::Black].into_iter().collect();
    let green: BTreeSet<Colour> = [Colour::Green].into_iter().collect();
    let illegal =
        |why: Illegal| Event::TargetIllegal { instance: 0, phrase: phrase(), target: Choice::Card(ours), why };
    let change = Change {
        gains: vec![Keyword::Flying],
        colours: Some(white_black.clone()),
        power: Some(1),
        toughness: Some(1),
        ..Change::default()
    };
    let forest = TypeLine::parse("Terrain-créature : forêt").unwrap();
    vec![
        (
            Event::Moved { card: ours, from: Zone::Battlefield, to: Zone::Hand, old: ObjectId(2), new: ObjectId(9) },
            "Ours va du champ de bataille vers la main : c'est un nouvel objet, sans lien avec l'ancien.",
        ),
        (
            Event::ShieldAdded { card: ours },
            "Ours reçoit un bouclier de régénération : la prochaine fois que ce permanent devrait être détruit ce tour-ci, il sera régénéré à la place.",
        ),
        (
            Event::RegenerationWithoutEffect { card: ours },
            "Ours n'est pas sur le champ de bataille : la régénération n'a pas d'effet.",
        ),
        (
            Event::LandNotCast { card: ours },
            "Ours est un terrain : un terrain se joue, il ne se lance pas ; rien ne se passe.",
        ),
        (
            Event::NotInHand { card: choc, zone: Zone::Graveyard },
            "Sort choc est dans le cimetière : seule une carte en main peut être lancée ici ; rien ne se passe.",
        ),
        (
            Event::Cast { player: alex, card: choc },
            "Alex lance Sort choc : la carte va de sa main sur la pile et devient un sort.",
        ),
        (
            Event::TargetChosen { instance: 1, phrase: phrase(), target: Choice::Card(ours), again: true },
            "Cible 2 (une créature ciblée) : Ours (déjà choisie pour une autre occurrence du mot « cible », ce qui est permis).",
        ),
        (
            Event::CastIllegal {
                instance: 0,
                phrase: phrase(),
                target: Choice::Card(ours),
                why: Illegal::Hexproof { card: ours, caster: alex },
            },
            "Cible 1 (une créature ciblée) : Ours ne peut pas être choisie — Ours a la défense talismanique et Alex est un adversaire de son contrôleur. Le lancement est illégal : la partie revient à l'état d'avant.",
        ),
        (
            Event::Modified { card: ours, change, pt: Some((1, 1)), timestamp: 7 },
            "Ours : gagne « vol », devient de couleur blanche et noire, a une force et une endurance de 1/1 (effet continu, horodatage 7 ; il ne s'applique qu'à cet objet).",
        ),
        (Event::NothingToResolve, "La pile est vide : rien ne se résout."),
        (
            Event::Resolves { spell: choc },
            "Tous les joueurs passent : le sort au sommet de la pile, Sort choc, se résout.",
        ),
        (
            Event::TargetStillLegal { instance: 0, phrase: phrase(), target: Choice::Card(ours) },
            "Cible 1 (une créature ciblée) : Ours est toujours une cible légale.",
        ),
        (
            illegal(Illegal::Protection { card: ours, colour: Colour::Red, spell: choc }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours a la protection contre le rouge, et Sort choc est de couleur rouge.",
        ),
        (
            illegal(Illegal::NotAPlayer { player: rob, phrase: phrase() }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Rob est un joueur, pas « une créature ciblée ».",
        ),
        (
            illegal(Illegal::PlayerLeft { player: rob }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Rob a quitté la partie.",
        ),
        (
            illegal(Illegal::PlayerOutOfRange { player: rob, caster: alex }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Rob est hors de la portée d'influence d'Alex.",
        ),
        (
            illegal(Illegal::NewObject { card: ours }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours a changé de zone : c'est un nouvel objet, que le sort ne cible pas.",
        ),
        (
            illegal(Illegal::WrongZone { card: ours, expected: Zone::Battlefield }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours n'est pas dans la zone voulue (champ de bataille).",
        ),
        (
            illegal(Illegal::WrongKind { card: ours, phrase: phrase() }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours ne correspond pas à « une créature ciblée ».",
        ),
        (
            illegal(Illegal::ExcludedColour { card: ours, colour: Colour::Black, phrase: phrase() }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours est de couleur noire : ce n'est pas « une créature ciblée ».",
        ),
        (
            illegal(Illegal::ExcludedType { card: ours, card_type: CardType::Artifact, phrase: phrase() }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours a le type artefact : ce n'est pas « une créature ciblée ».",
        ),
        (
            illegal(Illegal::Shroud { card: ours }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours a le linceul.",
        ),
        (
            illegal(Illegal::Hexproof { card: ours, caster: alex }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours a la défense talismanique et Alex est un adversaire de son contrôleur.",
        ),
        (
            illegal(Illegal::ControllerOutOfRange { card: ours, caster: alex }),
            "Cible 1 (une créature ciblée) : Ours n'est plus une cible légale — Ours est sous le contrôle d'un joueur hors de la portée d'influence d'Alex.",
        ),
        (
            Event::DoesNotResolve { spell: choc, aura: false, draws: true },
            "Toutes les cibles de Sort choc sont illégales : le sort ne se résout pas ; il quitte la pile et va au cimetière de son propriétaire. Aucune de ses instructions n'est suivie : personne ne pioche. Il n'est pas contrecarré (« ne peut pas être contrecarré » n'y change rien, et ce qui se déclenche quand un sort est contrecarré ne se déclenche pas).",
        ),
        (
            Event::AuraAttached { card: choc, controller: alex, host: Choice::Card(ours) },
            "L'aura Sort choc devient un permanent sous le contrôle d'Alex, attachée à Ours.",
        ),
        (
            Event::PermanentEntered { card: ours, controller: rob },
            "Ours est un sort de permanent : la carte arrive sur le champ de bataille sous le contrôle de Rob.",
        ),
        (
            Event::Instruction { sentence: "Piochez une carte.".into() },
            "Instruction suivante : « Piochez une carte. ».",
        ),
        (
            Event::ResolutionEnds { spell: choc },
            "Fin de la résolution : Sort choc va au cimetière de son propriétaire.",
        ),
        (
            Event::PartWithoutTarget { part: "Détruisez le terrain ciblé".into(), target: Some(Choice::Card(ours)) },
            "La partie « Détruisez le terrain ciblé » vise une cible devenue illégale (Ours) : elle ne lui fait rien.",
        ),
        (
            Event::ColourExcluded { card: ours, colours: white_black.clone(), colour: Colour::Black },
            "Ours (blanche et noire) : cette créature est noire, donc pas « non-noire », même si elle est aussi blanche ; l'effet ne vérifie que la couleur qu'il nomme, elle n'est pas concernée.",
        ),
        (
            Event::ColourMissing { card: ours, colours: green, colour: Colour::Black },
            "Ours (verte) : cette créature n'est pas noire, elle n'est pas concernée.",
        ),
        (
            Event::ColourMatches { card: ours, colours: white_black, colour: Colour::Black },
            "Ours (blanche et noire) : cette créature est noire, même si elle est aussi blanche ; l'effet ne vérifie que la couleur qu'il nomme, elle est concernée.",
        ),
        (
            Event::ControllerOutOfRange { card: ours, controller: rob, caster: alex },
            "Ours est sous le contrôle de Rob, hors de la portée d'influence d'Alex : l'effet ne l'affecte pas.",
        ),
        (
            Event::PlayerOutOfRange { player: rob, caster: alex },
            "Rob est hors de la portée d'influence d'Alex : l'effet ne l'affecte pas.",
        ),
        (
            Event::AnimatedLand { card: ours, power: 1, toughness: 1, type_line: forest },
            "Ours n'est pas une créature imprimée, mais « Tous les terrains sont des créatures 1/1 qui sont toujours des terrains » en fait une créature 1/1 qui garde ses autres types (Terrain-créature : forêt) : l'effet la concerne.",
        ),
        (Event::Exiled { card: ours, not_destruction: false }, "Ours va en exil."),
        (
            Event::Exiled { card: ours, not_destruction: true },
            "Ours va en exil : l'exil n'est pas une destruction, ni l'indestructibilité ni la régénération ne l'empêchent.",
        ),
        (
            Event::OlderFrenchText { divergence: Divergence::CounteredOnResolution },
            "Le texte français de 2011 (608.2b) dit « contrecarré » ; depuis l'édition anglaise du 5 octobre 2018, le sort ne se résout pas, sans être contrecarré.",
        ),
        (
            Event::AuraDoesNotTarget { aura: choc, host: ours, keyword: Keyword::Hexproof },
            "Ours a maintenant la défense talismanique, mais l'aura Sort choc reste attachée : une aura sur le champ de bataille ne cible rien, seul le sort d'aura avait une cible.",
        ),
        (
            Event::Conclusion { spell: choc, legal: 1, targets: 1, permanent: false },
            "Conclusion : la cible de Sort choc est toujours légale, le sort se résout.",
        ),
        (
            Event::Conclusion { spell: choc, legal: 0, targets: 0, permanent: false },
            "Conclusion : Sort choc ne cible rien, il n'y a pas de cible à vérifier ; le sort se résout.",
        ),
        (
            Event::ProtectionDoesNotStop { card: ours, colour: Colour::White },
            "Ours a la protection contre le blanc, mais ce sort ne cible pas ce permanent : la protection empêche d'être ciblé, enchanté, équipé ou bloqué et prévient les blessures ; elle n'empêche pas d'être détruit ou exilé par un effet qui ne cible pas.",
        ),
        (
            Event::Conclusion { spell: choc, legal: 1, targets: 2, permanent: false },
            "Conclusion : une cible sur deux reste légale, Sort choc se résout ; ce qui vise une cible illégale ne fait rien.",
        ),
        (
            Event::StateBasedActionsWait,
            "Les actions basées sur un état ne sont pas vérifiées pendant la résolution : un joueur à 0 point de vie ou moins ne perd pas encore, une créature qui a des blessures mortelles n'est pas encore détruite ; la vérification se fait à la fin de la résolution.",
        ),
        (Event::ReturnedToHand { card: ours }, "Ours retourne dans la main de son propriétaire."),
        (
            Event::DamagePrevented { card: ours, colour: Colour::Red },
            "Les blessures qui seraient infligées à Ours sont prévenues : ce permanent a la protection contre le rouge.",
        ),
        (
            Event::DamageToPermanent { spell: choc, card: ours, amount: 2, marked: 2 },
            "Sort choc inflige 2 blessures à Ours (blessures marquées : 2).",
        ),
        (
            Event::DamageToPlayer { spell: choc, player: rob, amount: 1, life: 19 },
            "Sort choc inflige 1 blessure à Rob, qui perd autant de points de vie (19).",
        ),
        (Event::Drew { player: alex, count: 2 }, "Alex pioche 2 cartes."),
        (Event::Countered { card: choc }, "Sort choc est contrecarré : la carte va au cimetière de son propriétaire."),
        (Event::LifeGained { player: alex, amount: 3, life: 23 }, "Alex gagne 3 points de vie (23)."),
        (Event::LifeLost { player: rob, amount: 1, life: 19 }, "Rob perd 1 point de vie (19)."),
        (Event::Indestructible { card: ours }, "Ours a l'indestructibilité : ce permanent n'est pas détruit."),
        (
            Event::Regenerated { card: ours },
            "Régénération : au lieu d'être détruit, ce permanent (Ours) est engagé et ses blessures sont retirées ; le bouclier est utilisé.",
        ),
        (
            Event::RegenerationForbidden { card: ours },
            "Ours a un bouclier de régénération, mais l'effet interdit la régénération : le bouclier ne s'applique pas.",
        ),
        (Event::Destroyed { card: ours }, "Ours va au cimetière de son propriétaire : c'est une destruction."),
        (
            Event::StateBasedActions,
            "Avant qu'un joueur ne reçoive la priorité, le jeu vérifie les actions basées sur un état, jusqu'à ce qu'aucune ne s'applique :",
        ),
        (Event::PlayerLoses { player: rob, life: 0 }, "Rob a 0 point de vie (0 ou moins) : il perd la partie."),
        (Event::PlayerLoses { player: rob, life: -3 }, "Rob a -3 points de vie (0 ou moins) : il perd la partie."),
        (
            Event::LegendRulePending { player: rob, cards: vec![ours, choc] },
            "Rob contrôle deux permanents légendaires nommés « Ours » : la règle des légendes s'applique, et Rob choisit celui qu'il garde (étape suivante).",
        ),
        (
            Event::LegendRule { player: rob, kept: ours, others: vec![choc], chosen: true },
            "Règle des légendes : Rob garde Ours ; Sort choc va au cimetière de son propriétaire (ce n'est pas une destruction : l'indestructibilité et la régénération n'y peuvent rien).",
        ),
        (
            Event::LegendRule { player: rob, kept: ours, others: vec![choc, choc], chosen: false },
            "Règle des légendes : Rob garde Ours, arrivé le plus récemment (choix par défaut : aucune étape « legende ») ; Sort choc et Sort choc vont au cimetière de leur propriétaire (ce n'est pas une destruction : l'indestructibilité et la régénération n'y peuvent rien).",
        ),
        (
            Event::Pumped { card: ours, power: 3, toughness: 3, pt: (5, 5) },
            "Ours gagne +3/+3 jusqu'à la fin du tour : 5/5 (couche 7c).",
        ),
        (
            Event::Pumped { card: ours, power: -2, toughness: -2, pt: (0, 0) },
            "Ours reçoit -2/-2 jusqu'à la fin du tour : 0/0 (couche 7c).",
        ),
        (
            Event::CountersPut { card: ours, plus: true, count: 2, pt: (4, 4) },
            "Ours reçoit 2 marqueurs +1/+1 : 4/4 (couche 7c).",
        ),
        (
            Event::CountersCancel { card: ours, pairs: 1 },
            "Ours a des marqueurs +1/+1 et -1/-1 : un de chaque sorte est retiré.",
        ),
        (
            Event::Cleanup { damage_removed: vec![ours], effects_ended: vec![] },
            "Nettoyage, en même temps : les blessures sont retirées d'Ours, et aucun effet « jusqu'à la fin du tour » ne prend fin.",
        ),
        (
            Event::NoLegendChoice { card: ours },
            "Aucune règle des légendes n'attend de choix pour Ours : l'étape ne fait rien.",
        ),
        (
            Event::ZeroToughness { card: ours, toughness: 0 },
            "Ours a une endurance de 0 et va au cimetière de son propriétaire (ce n'est pas une destruction : ni la régénération ni l'indestructibilité n'y peuvent rien).",
        ),
        (
            Event::LethalDamage { card: ours, damage: 3, toughness: 2 },
            "Ours a 3 blessures marquées pour une endurance de 2 : ce sont des blessures mortelles, et le permanent est détruit, sauf s'il est indestructible ou se régénère.",
        ),
        (
            Event::LethalDamage { card: ours, damage: 1, toughness: 1 },
            "Ours a 1 blessure marquée pour une endurance de 1 : ce sont des blessures mortelles, et le permanent est détruit, sauf s'il est indestructible ou se régénère.",
        ),
        (
            Event::AuraUnattached { card: choc, why: AuraFalls::NotAttached },
            "L'aura Sort choc n'est plus attachée à rien — l'objet qu'elle enchantait a quitté le champ de bataille (un objet qui revient est un nouvel objet) : elle va au cimetière de son propriétaire.",
        ),
        (
            Event::AuraUnattached {
                card: choc,
                why: AuraFalls::NotEnchantable { host: ours, enchant: Enchant::Creature },
            },
            "L'aura Sort choc est attachée illégalement — Ours n'est plus un objet qu'elle peut enchanter (« enchanter une créature ») : elle va au cimetière de son propriétaire.",
        ),
        (
            Event::AuraUnattached { card: choc, why: AuraFalls::Protection { host: ours, colour: Colour::White } },
            "L'aura Sort choc est attachée illégalement — Ours a la protection contre le blanc, et l'aura est blanche : elle va au cimetière de son propriétaire.",
        ),
        (
            Event::AttackersDeclared { attackers: vec![ours], defender: rob, tapped: vec![ours], vigilant: vec![] },
            "Alex attaque Rob avec Ours. Ours s'engage : attaquer engage, ce n'est pas un coût.",
        ),
        (
            Event::AttackersDeclared { attackers: vec![ours], defender: rob, tapped: vec![], vigilant: vec![ours] },
            "Alex attaque Rob avec Ours. Ours a la vigilance : attaquer ne l'engage pas.",
        ),
        (
            Event::BlockersDeclared { blocks: vec![(choc, ours)], unblocked: vec![] },
            "Sort choc bloque Ours. Ours est désormais une créature bloquée : elle le reste même si ses bloqueurs quittent le combat.",
        ),
        (
            Event::BlockersDeclared { blocks: vec![], unblocked: vec![ours] },
            "Aucune créature ne bloque. Ours n'est pas bloquée.",
        ),
        (
            Event::FlyingBlocked { blocker: choc, attacker: ours, reach: true },
            "Ours a le vol : seule une créature avec le vol ou la portée peut la bloquer ; Sort choc a la portée, ce blocage est permis.",
        ),
        (
            Event::MenaceBlocked { attacker: ours, blockers: 2 },
            "Ours a la menace : seules deux créatures ou plus peuvent la bloquer ; 2 créatures la bloquent, ce blocage est permis.",
        ),
        (
            Event::DamageStep { first_strike: true, dealing: vec![ours], waiting: vec![choc] },
            "Étape des blessures d'initiative (une créature du combat a l'initiative ou la double initiative) : seules celles-là infligent des blessures maintenant — Ours inflige ses blessures ; Sort choc attend l'étape normale.",
        ),
        (
            Event::DamageStep { first_strike: false, dealing: vec![ours, choc], waiting: vec![] },
            "Étape des blessures de combat : Ours et Sort choc infligent leurs blessures, toutes en même temps.",
        ),
        (
            Event::Assigned {
                attacker: ours,
                shares: vec![(Choice::Card(choc), 1), (Choice::Player(alex), 2)],
                chosen: false,
                trample: true,
                deathtouch: true,
                lethal: vec![(choc, 1)],
            },
            "Ours répartit ses blessures : 1 blessure à Sort choc, 2 blessures à Alex (répartition par défaut : des blessures mortelles à chaque bloqueur dans l'ordre écrit, le reste au joueur attaqué). Avec le piétinement, le joueur ne reçoit des blessures qu'une fois des blessures mortelles assignées à chaque bloqueur (1 pour Sort choc). Avec le contact mortel, une seule blessure suffit à être mortelle.",
        ),
        (
            Event::Assigned {
                attacker: ours,
                shares: vec![(Choice::Card(choc), 3)],
                chosen: true,
                trample: false,
                deathtouch: false,
                lethal: vec![(choc, 2)],
            },
            "Ours répartit ses blessures : 3 blessures à Sort choc (comme son contrôleur l'a choisi ; il n'y a plus d'ordre d'assignation des blessures).",
        ),
        (
            Event::NoBlockerLeft { attacker: ours, trample: true },
            "Ours a été bloquée, mais plus aucune créature ne la bloque : avec le piétinement, toutes ses blessures vont au joueur attaqué.",
        ),
        (
            Event::NoBlockerLeft { attacker: ours, trample: false },
            "Ours a été bloquée et le reste, mais plus aucune créature ne la bloque : elle n'inflige aucune blessure de combat.",
        ),
        (
            Event::CombatDamageToCreature { source: ours, card: choc, amount: 2, marked: 3, deathtouch: true },
            "Ours inflige 2 blessures à Sort choc (3 blessures marquées en tout), avec le contact mortel.",
        ),
        (
            Event::CombatDamageToPlayer { source: ours, player: alex, amount: 2, life: 18, unblocked: true },
            "Ours, non bloquée, inflige 2 blessures à Alex, qui passe à 18 points de vie.",
        ),
        (
            Event::CombatDamagePrevented { source: ours, card: choc, colour: Colour::Green },
            "Sort choc a la protection contre le vert : les blessures que lui inflige Ours sont prévenues.",
        ),
        (
            Event::Lifelink { source: ours, player: rob, amount: 2, life: 22 },
            "Ours a le lien de vie : Rob gagne 2 points de vie en même temps (22 en tout).",
        ),
        (
            Event::DeathtouchDamage { card: ours },
            "Ours a reçu des blessures d'une source avec le contact mortel : elle est détruite, quelle que soit son endurance.",
        ),
        (
            Event::GameOver { winner: Some(rob), steps_left: 2 },
            "La partie est finie : Rob, seul joueur restant, gagne la partie ; les 2 étapes suivantes ne sont pas jouées.",
        ),
        (
            Event::PlayerLeavesGame { player: rob, gone: vec![ours], exiled: vec![choc] },
            "Rob a perdu et quitte la partie, qui continue sans lui : les objets qu'il possède la quittent aussi (Ours) ; ceux qu'il contrôlait encore sont exilés (Sort choc).",
        ),
        (
            Event::GameOver { winner: None, steps_left: 0 },
            "La partie est finie : aucun joueur ne reste, la partie est nulle.",
        ),
        (
            Event::TokenCreated { token: choc, maker: ours, controller: rob },
            "Ours crée un jeton, Sort choc : Rob en est le propriétaire et le contrôleur, il arrive sur le champ de bataille.",
        ),
        (
            Event::TokenCeases { token: choc, zone: Zone::Hand },
            "Sort choc est un jeton dans la main : un jeton hors du champ de bataille cesse d'exister.",
        ),
        (
            Event::Triggered {
                ability: choc,
                source: ours,
                controller: rob,
                event: TriggerEvent::Dies,
                sentence: "Quand Ours meurt, piochez une carte".into(),
            },
            "Capacité déclenchée d'Ours : « Quand Ours meurt, piochez une carte » — Ours est mise dans un cimetière depuis le champ de bataille : elle meurt, et sa capacité « meurt » regarde en arrière, vers le moment où elle était encore sur le champ de bataille. Elle va sur la pile sous le contrôle de Rob, dès qu'un joueur devrait recevoir la priorité.",
        ),
        (
            Event::Triggered {
                ability: choc,
                source: ours,
                controller: rob,
                event: TriggerEvent::Enters,
                sentence: "Quand Ours arrive sur le champ de bataille, vous gagnez 2 points de vie".into(),
            },
            "Capacité déclenchée d'Ours : « Quand Ours arrive sur le champ de bataille, vous gagnez 2 points de vie » — Ours arrive sur le champ de bataille. Elle va sur la pile sous le contrôle de Rob, dès qu'un joueur devrait recevoir la priorité.",
        ),
        (
            Event::TriggersInApnapOrder { players: vec![alex, rob] },
            "Plusieurs joueurs ont des capacités déclenchées : elles vont sur la pile dans l'ordre du joueur actif puis des autres dans l'ordre du tour (Alex, puis Rob) ; la dernière mise sur la pile se résout la première.",
        ),
        (
            Event::AbilityResolves { ability: choc, source: ours },
            "Tous les joueurs passent : la capacité déclenchée d'Ours au sommet de la pile se résout ; elle existe indépendamment de sa source.",
        ),
        (Event::AbilityEnds { ability: choc }, "Fin de la résolution : Sort choc quitte la pile et cesse d'exister."),
        (
            Event::SourceGone { card: ours },
            "Ours n'est plus l'objet dont la capacité s'est déclenchée (un nouvel objet, ou hors du champ de bataille) : cette instruction ne lui fait rien.",
        ),
        (
            Event::GainedUntilEndOfTurn { card: ours, keyword: Keyword::Trample },
            "Ours acquiert le piétinement jusqu'à la fin du tour (effet continu, couche 6).",
        ),
        (
            Event::Refused { why: Refusal::Flying { blocker: choc, attacker: ours } },
            "Étape refusée : Sort choc ne peut pas bloquer Ours : Ours a le vol, et Sort choc n'a ni le vol ni la portée. L'action est illégale, la partie revient à l'état d'avant ; les étapes suivantes ne sont pas jouées.",
        ),
    ]
}

/// How many kinds of [`Event`] and of [`Illegal`] there are ([`kind`]).
const EVENT_KINDS: usize = 78;
/// See [`EVENT_KINDS`].
const ILLEGAL_KINDS: usize = 12;

/// A number for each kind of event, and for each reason of an illegal
/// target: a kind added to the engine does not compile here until it is
/// numbered, and [`events_are_said_in_french`] then asks for its wording.
#[allow(clippy::too_many_lines)] // one number per kind: a table
fn kind(event: &Event) -> usize {
    let illegal = |why: &Illegal| match why {
        Illegal::NotAPlayer { .. } => 100,
        Illegal::PlayerLeft { .. } => 101,
        Illegal::PlayerOutOfRange { .. } => 102,
        Illegal::NewObject { .. } => 103,
        Illegal::WrongZone { .. } => 104,
        Illegal::WrongKind { .. } => 105,
        Illegal::ExcludedColour { .. } => 106,
        Illegal::ExcludedType { .. } => 107,
        Illegal::Protection { .. } => 108,
        Illegal::Shroud { .. } => 109,
        Illegal::Hexproof { .. } => 110,
        Illegal::ControllerOutOfRange { .. } => 111,
    };
    match event {
        Event::Moved { .. } => 0,
        Event::ShieldAdded { .. } => 1,
        Event::RegenerationWithoutEffect { .. } => 2,
        Event::LandNotCast { .. } => 3,
        Event::NotInHand { .. } => 4,
        Event::Cast { .. } => 5,
        Event::TargetChosen { .. } => 6,
        Event::CastIllegal { .. } => 7,
        Event::Modified { .. } => 8,
        Event::NothingToResolve => 9,
        Event::Resolves { .. } => 10,
        Event::TargetStillLegal { .. } => 11,
        // Each reason is a kind of its own; the event itself is worded with each.
        Event::TargetIllegal { why, .. } => illegal(why),
        Event::DoesNotResolve { .. } => 13,
        Event::AuraAttached { .. } => 14,
        Event::PermanentEntered { .. } => 15,
        Event::Instruction { .. } => 16,
        Event::ResolutionEnds { .. } => 17,
        Event::PartWithoutTarget { .. } => 18,
        Event::ColourExcluded { .. } => 19,
        Event::ColourMissing { .. } => 20,
        Event::ColourMatches { .. } => 21,
        Event::ControllerOutOfRange { .. } => 22,
        Event::PlayerOutOfRange { .. } => 23,
        Event::AnimatedLand { .. } => 24,
        Event::Exiled { .. } => 25,
        Event::ReturnedToHand { .. } => 26,
        Event::DamagePrevented { .. } => 27,
        Event::DamageToPermanent { .. } => 28,
        Event::DamageToPlayer { .. } => 29,
        Event::Drew { .. } => 30,
        Event::Countered { .. } => 31,
        Event::LifeGained { .. } => 32,
        Event::LifeLost { .. } => 33,
        Event::Indestructible { .. } => 34,
        Event::Regenerated { .. } => 35,
        Event::RegenerationForbidden { .. } => 36,
        Event::Destroyed { .. } => 37,
        Event::StateBasedActions => 38,
        Event::PlayerLoses { .. } => 39,
        Event::ZeroToughness { .. } => 40,
        Event::LethalDamage { .. } => 41,
        Event::AuraUnattached { .. } => 42,
        Event::OlderFrenchText { .. } => 43,
        Event::AuraDoesNotTarget { .. } => 44,
        Event::Conclusion { .. } => 45,
        Event::StateBasedActionsWait => 46,
        Event::ProtectionDoesNotStop { .. } => 47,
        Event::LegendRulePending { .. } => 48,
        Event::LegendRule { .. } => 49,
        Event::NoLegendChoice { .. } => 50,
        Event::Pumped { .. } => 51,
        Event::CountersPut { .. } => 52,
        Event::CountersCancel { .. } => 53,
        Event::Cleanup { .. } => 54,
        Event::AttackersDeclared { .. } => 55,
        Event::BlockersDeclared { .. } => 56,
        Event::FlyingBlocked { .. } => 57,
        Event::MenaceBlocked { .. } => 58,
        Event::DamageStep { .. } => 59,
        Event::Assigned { .. } => 60,
        Event::NoBlockerLeft { .. } => 61,
        Event::CombatDamageToCreature { .. } => 62,
        Event::CombatDamageToPlayer { .. } => 63,
        Event::CombatDamagePrevented { .. } => 64,
        Event::Lifelink { .. } => 65,
        Event::DeathtouchDamage { .. } => 66,
        Event::GameOver { .. } => 67,
        Event::TokenCreated { .. } => 68,
        Event::TokenCeases { .. } => 69,
        Event::Triggered { .. } => 70,
        Event::TriggersInApnapOrder { .. } => 71,
        Event::AbilityResolves { .. } => 72,
        Event::AbilityEnds { .. } => 73,
        Event::SourceGone { .. } => 74,
        Event::GainedUntilEndOfTurn { .. } => 75,
        Event::Refused { .. } => 76,
        Event::PlayerLeavesGame { .. } => 77,
    }
}

// ---------------------------------------------------------------- engine rules

#[test]
fn protection_makes_a_target_illegal_on_casting() {
    let toml = format!(
        "{TWO_PLAYERS}{}{}\n[[etape]]\nlancer = \"choc\"\ncibles = [\"ours\"]\n",
        spell("choc", "{R}", "Éphémère", "Choc inflige 2 blessures à la créature ciblée."),
        BEAR.replace("force = 2", "capacites = [\"protection contre le rouge\"]\nforce = 2")
    );
    let o = play(&toml);
    assert_eq!(zone(&o, "choc"), "main", "le lancement illégal est annulé (601.2)");
    assert!(o.steps[0].state.stack.is_empty());
    assert!(o.steps[0].rules.contains(&rule("702.16b")), "{:?}", o.steps[0].rules);
    let protection = |e: &Event| {
        matches!(e, Event::CastIllegal { instance: 0, why: Illegal::Protection { colour: Colour::Red, .. }, .. })
    };
    assert_eq!(count(&step(&o, 0), protection), 1);
}

#[test]
fn protection_prevents_damage_that_does_not_target() {
    let toml = format!(
        "{TWO_PLAYERS}{}{}\n[[etape]]\nlancer = \"pyro\"\n[[etape]]\nresoudre = true\n",
        spell("pyro", "{1}{R}", "Rituel", "Le Pyroclasme inflige 2 blessures à chaque créature."),
        BEAR.replace("force = 2", "capacites = [\"protection contre le rouge\"]\nforce = 2")
    );
    let o = play(&toml);
    assert_eq!(zone(&o, "ours"), "champ de bataille");
    assert_eq!(o.result.damage["ours"], 0);
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::DamagePrevented { colour: Colour::Red, .. })), 1);
}

#[test]
fn hexproof_stops_opponents_only_and_shroud_stops_everyone() {
    let hexproof = BEAR.replace("force = 2", "capacites = [\"défense talismanique\"]\nforce = 2");
    let cast = "\n[[etape]]\nlancer = \"choc\"\ncibles = [\"ours\"]\n";
    let shock = spell("choc", "{R}", "Éphémère", "Choc inflige 2 blessures à la créature ciblée.");
    // Alex is Rob's opponent: he cannot target it.
    let o = play(&format!("{TWO_PLAYERS}{shock}{hexproof}{cast}"));
    assert_eq!(zone(&o, "choc"), "main");
    assert!(o.steps[0].rules.contains(&rule("702.11b")));
    let opponent =
        |e: &Event| matches!(e, Event::CastIllegal { why: Illegal::Hexproof { caster: PlayerIdx(0), .. }, .. });
    assert_eq!(count(&step(&o, 0), opponent), 1);
    // Rob can target his own creature with hexproof.
    let own = shock.replace("proprietaire = \"Alex\"", "proprietaire = \"Rob\"");
    let o = play(&format!("{TWO_PLAYERS}{own}{hexproof}{cast}"));
    assert_eq!(zone(&o, "choc"), "pile");
    // Shroud: not even its controller.
    let shroud = BEAR.replace("force = 2", "capacites = [\"linceul\"]\nforce = 2");
    let o = play(&format!("{TWO_PLAYERS}{own}{shroud}{cast}"));
    assert_eq!(zone(&o, "choc"), "main");
    assert!(o.steps[0].rules.contains(&rule("702.18a")));
    assert_eq!(count(&step(&o, 0), |e| matches!(e, Event::CastIllegal { why: Illegal::Shroud { .. }, .. })), 1);
}

#[test]
fn a_card_that_changes_zone_is_a_new_object_without_the_old_effects() {
    // Indestructible given to the old object does not follow it (400.7).
    let toml = format!(
        "{TWO_PLAYERS}{}{BEAR}
[[etape]]
modifier = \"ours\"
gagne = [\"indestructible\"]
[[etape]]
deplacer = \"ours\"
vers = \"main\"
[[etape]]
deplacer = \"ours\"
vers = \"champ de bataille\"
[[etape]]
lancer = \"mort\"
cibles = [\"ours\"]
[[etape]]
resoudre = true
",
        spell("mort", "{B}", "Éphémère", "Détruisez la créature ciblée.")
    );
    let o = play(&toml);
    let first = o.initial.players[1].battlefield[0].object;
    let later = o.steps[2].state.players[1].battlefield[0].object;
    assert_ne!(first, later, "nouvel objet, nouvelle identité");
    assert!(o.steps[0].state.players[1].battlefield[0].abilities.contains(&"indestructible".to_string()));
    assert!(o.steps[2].state.players[1].battlefield[0].abilities.is_empty());
    assert_eq!(zone(&o, "ours"), "cimetière");
}

#[test]
fn continuous_effects_apply_in_timestamp_order_within_a_layer() {
    let lands = r#"
[[carte]]
id = "animation"
nom = "Animation"
type = "Enchantement"
texte = "Tous les terrains sont des créatures 1/1 qui sont toujours des terrains."
proprietaire = "Alex"
zone = "main"

[[carte]]
id = "foret"
nom = "Forêt"
type = "Terrain de base : forêt"
proprietaire = "Rob"
zone = "champ de bataille"
"#;
    let pump = "\n[[etape]]\nmodifier = \"foret\"\nforce = 3\nendurance = 3\n";
    let enter = "\n[[etape]]\ndeplacer = \"animation\"\nvers = \"champ de bataille\"\n";
    // The 3/3 setting comes first, the 1/1 static later: 1/1 (613.7).
    let o = play(&format!("{TWO_PLAYERS}{lands}{pump}{enter}"));
    let forest = &o.steps[1].state.players[1].battlefield[0];
    assert_eq!((forest.creature, forest.power_toughness.as_deref()), (true, Some("1/1")));
    // The static first, the 3/3 setting later: 3/3; still a creature (layer 4 before 7b).
    let o = play(&format!("{TWO_PLAYERS}{lands}{enter}{pump}"));
    let forest = &o.steps[1].state.players[1].battlefield[0];
    assert_eq!((forest.creature, forest.power_toughness.as_deref()), (true, Some("3/3")));
    // Without the static, the forest is no creature and shows no power.
    let o = play(&format!("{TWO_PLAYERS}{lands}{pump}"));
    assert!(!o.steps[0].state.players[1].battlefield[0].creature);
}

#[test]
fn regeneration_replaces_destruction_unless_forbidden() {
    let kill = |text: &str| {
        format!(
            "{TWO_PLAYERS}{}{BEAR}\n[[etape]]\nregenerer = \"ours\"\n[[etape]]\nlancer = \"mort\"\ncibles = [\"ours\"]\n[[etape]]\nresoudre = true\n",
            spell("mort", "{B}", "Éphémère", text)
        )
    };
    let o = play(&kill("Détruisez la créature ciblée."));
    assert_eq!(zone(&o, "ours"), "champ de bataille");
    let bear = &o.steps[2].state.players[1].battlefield[0];
    assert!(bear.tapped && bear.shields == 0);
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Regenerated { .. })), 1);
    let o = play(&kill("Détruisez la créature ciblée. Elle ne peut pas être régénérée."));
    assert_eq!(zone(&o, "ours"), "cimetière");
}

#[test]
fn indestructible_survives_destruction_and_lethal_damage() {
    let bear = BEAR.replace("force = 2", "capacites = [\"indestructible\"]\nforce = 2");
    let toml = format!(
        "{TWO_PLAYERS}{}{}{bear}\n[[etape]]\nlancer = \"mort\"\ncibles = [\"ours\"]\n[[etape]]\nresoudre = true\n[[etape]]\nlancer = \"pyro\"\n[[etape]]\nresoudre = true\n",
        spell("mort", "{B}", "Éphémère", "Détruisez la créature ciblée."),
        spell("pyro", "{2}{R}", "Rituel", "Le Pyroclasme inflige 3 blessures à chaque créature.")
    );
    let o = play(&toml);
    assert_eq!(zone(&o, "ours"), "champ de bataille");
    assert_eq!(o.result.damage["ours"], 3);
    let events = happened(&o);
    assert_eq!(count(&events, |e| matches!(e, Event::Indestructible { .. })), 2, "{events:?}");
    // Reported once: state-based actions do not loop on it.
    assert_eq!(count(&step(&o, 3), |e| matches!(e, Event::LethalDamage { damage: 3, toughness: 2, .. })), 1);
}

#[test]
fn toughness_zero_is_not_destruction() {
    let bear = BEAR.replace("force = 2", "capacites = [\"indestructible\"]\nforce = 2");
    let o = play(&format!("{TWO_PLAYERS}{bear}\n[[etape]]\nmodifier = \"ours\"\nendurance = 0\n"));
    assert_eq!(zone(&o, "ours"), "cimetière");
    assert!(o.steps[0].rules.contains(&rule("704.5f")));
    assert_eq!(count(&step(&o, 0), |e| matches!(e, Event::ZeroToughness { toughness: 0, .. })), 1);
    assert_eq!(count(&step(&o, 0), |e| matches!(e, Event::Indestructible { .. })), 0);
}

#[test]
fn a_player_at_zero_life_loses() {
    let toml = format!(
        "{TWO_PLAYERS}{}\n[[etape]]\nlancer = \"drain\"\ncibles = [\"Rob\"]\n[[etape]]\nresoudre = true\n",
        spell("drain", "{B}", "Rituel", "Le joueur ciblé perd 20 points de vie. Vous gagnez 3 points de vie.")
    );
    let o = play(&toml);
    assert_eq!((o.result.life["Rob"], o.result.life["Alex"]), (0, 23));
    assert!(o.steps[1].state.players[1].lost);
    assert!(o.steps[1].rules.contains(&rule("704.5a")));
    let events = step(&o, 1);
    assert_eq!(count(&events, |e| matches!(e, Event::PlayerLoses { player: PlayerIdx(1), life: 0 })), 1);
    assert_eq!(count(&events, |e| matches!(e, Event::LifeGained { player: PlayerIdx(0), amount: 3, life: 23 })), 1);
}

#[test]
fn damage_to_any_target_and_to_players() {
    let toml = format!(
        "{TWO_PLAYERS}{}{}{BEAR}
[[etape]]
lancer = \"foudre\"
cibles = [\"Rob\"]
[[etape]]
resoudre = true
[[etape]]
lancer = \"tremblement\"
[[etape]]
resoudre = true
[attendu]
points_de_vie = {{ Rob = 16, Alex = 19 }}
blessures = {{ ours = 1 }}
",
        spell("foudre", "{R}", "Éphémère", "Foudre inflige 3 blessures à n'importe quelle cible."),
        spell("tremblement", "{R}", "Rituel", "~ inflige 1 blessure à chaque créature et à chaque joueur.")
    );
    let o = play(&toml);
    assert!(o.expected.ok, "{:?}", o.expected.differences);
}

#[test]
fn a_spell_can_counter_another_spell_on_the_stack() {
    let toml = format!(
        "{TWO_PLAYERS}{}{}
[[etape]]
lancer = \"divination\"
[[etape]]
lancer = \"annulation\"
cibles = [\"divination\"]
[[etape]]
resoudre = true
[[etape]]
resoudre = true
[attendu]
contrecarres = [\"divination\"]
pioches = {{ Alex = 0 }}
zones = {{ divination = \"cimetière\", annulation = \"cimetière\" }}
",
        spell("divination", "{2}{U}", "Rituel", "Piochez deux cartes."),
        spell("annulation", "{1}{U}{U}", "Éphémère", "Contrecarrez le sort ciblé.").replace("\"Alex\"", "\"Rob\"")
    );
    let o = play(&toml);
    assert!(o.expected.ok, "{:?}", o.expected.differences);
    assert_eq!(o.steps[1].state.stack.len(), 2, "deux sorts sur la pile");
    assert_eq!(step(&o, 3), [&Event::NothingToResolve]);
}

#[test]
fn an_aura_whose_target_became_illegal_does_not_resolve_and_one_whose_host_leaves_goes_to_the_graveyard() {
    let aura = r#"
[[carte]]
id = "pacifisme"
nom = "Pacifisme"
type = "Enchantement : aura"
cout = "{1}{W}"
capacites = ["enchanter une créature"]
proprietaire = "Alex"
zone = "main"
"#;
    let cast = "\n[[etape]]\nlancer = \"pacifisme\"\ncibles = [\"ours\"]\n";
    let protect = "\n[[etape]]\nmodifier = \"ours\"\ngagne = [\"protection contre le blanc\"]\n";
    let resolve = "\n[[etape]]\nresoudre = true\n";
    let o = play(&format!("{TWO_PLAYERS}{aura}{BEAR}{cast}{protect}{resolve}"));
    assert_eq!(o.result.not_resolved, ["pacifisme"]);
    assert!(o.steps[2].rules.contains(&rule("608.3b")));
    let leave = "\n[[etape]]\ndeplacer = \"ours\"\nvers = \"cimetière\"\n";
    let o = play(&format!("{TWO_PLAYERS}{aura}{BEAR}{cast}{resolve}{leave}"));
    assert_eq!(o.steps[1].state.players[0].battlefield[0].attached_to.as_deref(), Some("Ours"));
    assert_eq!(zone(&o, "pacifisme"), "cimetière");
    assert!(o.steps[2].rules.contains(&rule("704.5m")) && o.steps[2].rules.contains(&rule("400.7")));
}

#[test]
fn a_target_outside_the_range_of_influence_cannot_be_chosen() {
    let toml = format!(
        "titre = \"t\"\njoueurs = [\"Alex\", \"Bea\", \"Chloé\", \"David\"]\nportee_influence = 1\n{}{}\n[[etape]]\nlancer = \"choc\"\ncibles = [\"ours\"]\n",
        spell("choc", "{R}", "Éphémère", "Choc inflige 2 blessures à la créature ciblée."),
        BEAR.replace("\"Rob\"", "\"Chloé\"")
    );
    let o = play(&toml);
    assert_eq!(zone(&o, "choc"), "main");
    assert!(o.steps[0].rules.contains(&rule("801.4")));
    let out_of_range = |e: &Event| {
        matches!(e, Event::CastIllegal { why: Illegal::ControllerOutOfRange { caster: PlayerIdx(0), .. }, .. })
    };
    assert_eq!(count(&step(&o, 0), out_of_range), 1);
}

#[test]
fn an_expectation_that_does_not_hold_is_listed() {
    let toml = format!(
        "{TWO_PLAYERS}{}{BEAR}\n[[etape]]\nlancer = \"mort\"\ncibles = [\"ours\"]\n[[etape]]\nresoudre = true\n[attendu]\nzones = {{ ours = \"champ de bataille\" }}\ncontrecarres = [\"mort\"]\npioches = {{ Alex = 2 }}\n",
        spell("mort", "{B}", "Éphémère", "Détruisez la créature ciblée.")
    );
    let o = play(&toml);
    assert!(!o.expected.ok);
    assert_eq!(o.expected.differences.len(), 3, "{:?}", o.expected.differences);
    assert!(o.expected.differences[0].contains("attendu champ de bataille, obtenu cimetière"));
}

// ---------------------------------------------------------------- bad scenarios

#[test]
#[allow(clippy::too_many_lines)] // a table, one row per mistake: it reads best whole
fn each_bad_scenario_names_its_line_and_key() {
    let card = "[[carte]]\nid = \"ours\"\nnom = \"Ours\"\ntype = \"Créature : ours\"\nforce = 2\nendurance = 2\nproprietaire = \"Rob\"\nzone = \"champ de bataille\"\n";
    let base = format!("{TWO_PLAYERS}{card}");
    // (scenario, line, key, words of the message)
    let cases: Vec<(String, u32, Option<&str>, &str)> = vec![
        ("joueurs = [\"Alex\"]\n".into(), 1, Some("titre"), "manquante"),
        (format!("{TWO_PLAYERS}titre = \"deux\"\n"), 3, Some("titre"), "clé en double"),
        ("titre = \"t\"\njoueurs = [\"Alex\", 3]\n".into(), 2, Some("joueurs"), "chaîne"),
        ("titre = \"t\"\njoueurs = [\"Alex\"]\n".into(), 2, Some("joueurs"), "deux joueurs"),
        ("titre = \"t\"\njoueurs = [\"Alex\", \"alex\"]\n".into(), 2, Some("joueurs"), "double"),
        (format!("{TWO_PLAYERS}portee_influence = 0\n"), 3, Some("portee_influence"), "1 à 100"),
        (
            "titre = \"t\"\nillustre = [\"999.9\"]\njoueurs = [\"A\", \"B\"]\n".into(),
            2,
            Some("illustre"),
            "n'existe pas",
        ),
        ("titre = \"t\"\nillustre = [\"608.2l\"]\njoueurs = [\"A\", \"B\"]\n".into(), 2, Some("illustre"), "l et o"),
        (format!("{TWO_PLAYERS}inconnue = 1\n"), 3, Some("inconnue"), "« inconnue » inconnue"),
        (base.replace("id = \"ours\"", "id = \"Ours 1\""), 4, Some("id"), "invalide"),
        (format!("{base}{card}"), 12, Some("id"), "déjà utilisé"),
        (base.replace("Créature : ours", "Sorcellerie"), 6, Some("type"), "type inconnu"),
        (base.replace("force = 2\n", ""), 3, Some("force"), "force et une endurance"),
        (base.replace("force = 2", "force = 99999"), 7, Some("force"), "hors limites"),
        (base.replace("proprietaire = \"Rob\"", "proprietaire = \"Zoé\""), 9, Some("proprietaire"), "Zoé"),
        (base.replace("champ de bataille", "pile"), 10, Some("zone"), "inconnue"),
        (base.replace("nom = \"Ours\"", "nom = \"Ours\"\ncouleurs = [\"violet\"]"), 6, Some("couleurs"), "violet"),
        (base.replace("nom = \"Ours\"", "nom = \"Ours\"\ncout = \"{1}{Q}\""), 6, Some("cout"), "{Q}"),
        (base.replace("nom = \"Ours\"", "nom = \"Ours\"\ncapacites = [\"hâte\"]"), 6, Some("capacites"), "hâte"),
        (
            base.replace("nom = \"Ours\"", "nom = \"Ours\"\ntexte = \"Quand ~ meurt, détruisez la créature ciblée.\""),
            6,
            Some("texte"),
            "capacité déclenchée qui cible",
        ),
        (
            base.replace(
                "nom = \"Ours\"",
                "nom = \"Ours\"\ntexte = \"Créez un jeton de créature 1/1 violette Soldat.\"",
            ),
            6,
            Some("texte"),
            "« Créez un jeton de créature 1/1 violette Soldat »",
        ),
        (
            base.replace("nom = \"Ours\"", "nom = \"Ours\"\ntexte = \"Mettez un marqueur +1/+1 sur ~.\""),
            6,
            Some("texte"),
            "capacité déclenchée d'un permanent",
        ),
        (base.replace("id = \"ours\"", "id = \"ours-jeton-1\""), 4, Some("id"), "réservé"),
        (format!("{base}[[etape]]\nattaquer = []\n"), 12, Some("attaquer"), "au moins une créature"),
        (
            format!("{base}[[etape]]\nattaquer = [\"ours\"]\nbloqueur = 1\n"),
            13,
            Some("bloqueur"),
            "« bloqueur » inconnue",
        ),
        (format!("{base}[[etape]]\nattaquer = [\"loup\"]\n"), 12, Some("attaquer"), "« loup » inconnue"),
        (format!("{base}[[etape]]\nattaquer = [\"ours\", \"ours\"]\n"), 12, Some("attaquer"), "deux fois"),
        (
            format!("{base}[[etape]]\nattaquer = [\"ours\"]\ndefenseur = \"Alex\"\n"),
            13,
            Some("defenseur"),
            "joueur actif",
        ),
        (format!("{base}[[etape]]\nbloquer = {{ loup = \"ours\" }}\n"), 12, Some("bloquer"), "« loup » inconnue"),
        (format!("{base}[[etape]]\nbloquer = {{ ours = \"ours\" }}\n"), 12, Some("bloquer"), "elle-même"),
        (format!("{base}[[etape]]\nblessures = false\n"), 12, Some("blessures"), "initiative"),
        (format!("{base}[[etape]]\nblessures = \"double\"\n"), 12, Some("blessures"), "initiative"),
        (
            format!("{base}[[etape]]\nresoudre = true\nrepartition = {{ ours = {{ Rob = 2 }} }}\n"),
            11,
            Some("repartition"),
            "« blessures »",
        ),
        (
            format!("{base}[[etape]]\nblessures = true\nrepartition = {{ ours = {{ Rob = -1 }} }}\n"),
            13,
            Some("repartition"),
            "0 à 10000",
        ),
        (
            format!("{base}[[etape]]\nblessures = true\nrepartition = {{ ours = {{ Zoe = 1 }} }}\n"),
            13,
            Some("repartition"),
            "ni une carte ni un joueur",
        ),
        (format!("{base}[[etape]]\ndeplacer = \"ours-jeton-1\"\nvers = \"main\"\n"), 12, None, "ne crée pas de jeton"),
        (format!("{base}[attendu]\njetons = {{ Zoe = 1 }}\n"), 12, Some("jetons"), "Zoe"),
        (format!("{base}[attendu]\nrefus = \"abc\"\n"), 12, Some("refus"), "abc"),
        (
            base.replace("nom = \"Ours\"", "nom = \"Ours\"\ntexte = \"Mélangez votre bibliothèque.\""),
            6,
            Some("texte"),
            "« Mélangez votre bibliothèque »",
        ),
        (format!("{base}[[etape]]\nlancer = \"loup\"\n"), 12, Some("lancer"), "« loup » inconnue"),
        (
            format!("{base}[[etape]]\nresoudre = true\nregenerer = \"ours\"\n"),
            11,
            Some("etape"),
            "exactement une action",
        ),
        (format!("{base}[[etape]]\n"), 11, Some("etape"), "exactement une action"),
        (format!("{base}[[etape]]\nresoudre = false\n"), 12, Some("resoudre"), "true"),
        (format!("{base}[[etape]]\ndeplacer = \"ours\"\n"), 11, Some("vers"), "demande « vers »"),
        (format!("{base}[[etape]]\ndeplacer = \"ours\"\nvers = \"poubelle\"\n"), 13, Some("vers"), "poubelle"),
        (format!("{base}[[etape]]\nmodifier = \"ours\"\n"), 11, Some("modifier"), "rien à modifier"),
        (
            format!("{base}[[etape]]\nmodifier = \"ours\"\ngagne = [\"vol\"]\ncibles = [\"ours\"]\n"),
            11,
            Some("cibles"),
            "lancer",
        ),
        (format!("{base}[[etape]]\nregenerer = \"ours\"\nvers = \"main\"\n"), 11, Some("vers"), "deplacer"),
        (format!("{base}[attendu]\nzones = {{ loup = \"main\" }}\n"), 12, Some("zones"), "« loup » inconnue"),
        (format!("{base}[attendu]\npioches = {{ Alex = -1 }}\n"), 12, Some("pioches"), "0 à 10000"),
        (format!("{base}[attendu]\npoints_de_vie = {{ \"Zoé\" = 3 }}\n"), 12, Some("points_de_vie"), "Zoé"),
        (format!("{base}[attendu]\npoints_de_vie = {{ Zoé = 3 }}\n"), 12, Some("points_de_vie"), "entre guillemets"),
    ];
    for (toml, line, key, words) in cases {
        let Err(e) = read(&toml) else { panic!("accepté :\n{toml}") };
        assert_eq!((e.line, e.key.as_deref()), (line, key), "{e}\n---\n{toml}");
        assert!(e.to_string().contains(words), "« {words} » absent de : {e}");
        assert!(e.to_string().starts_with("essai.toml, ligne "), "{e}");
    }
}

#[test]
fn casting_with_the_wrong_number_of_targets_is_refused() {
    let shock = spell("choc", "{R}", "Éphémère", "Choc inflige 2 blessures à la créature ciblée.");
    for cibles in ["", "cibles = []", "cibles = [\"ours\", \"ours\"]"] {
        let e = read(&format!("{TWO_PLAYERS}{shock}{BEAR}\n[[etape]]\nlancer = \"choc\"\n{cibles}\n")).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("cibles"));
        assert!(e.message.contains("demande 1 cible"), "{e}");
    }
    let e =
        read(&format!("{TWO_PLAYERS}{shock}{BEAR}\n[[etape]]\nlancer = \"choc\"\ncibles = [\"Zoé\"]\n")).unwrap_err();
    assert!(e.message.contains("ni une carte ni un joueur"), "{e}");
}

#[test]
fn text_outside_the_subset_is_quoted_never_ignored() {
    for (text, quoted) in [
        ("Détruisez l'enchantement ciblé. Mélangez votre bibliothèque.", "Mélangez votre bibliothèque"),
        ("Détruisez la licorne ciblée.", "Détruisez la licorne ciblée"),
        (
            "Piochez trois cartes, puis défaussez-vous d'une carte.",
            "Piochez trois cartes, puis défaussez-vous d'une carte",
        ),
        ("Vol", "Vol"),
        ("Foudre inflige 3 blessures à chaque planeswalker.", "Foudre inflige 3 blessures à chaque planeswalker"),
    ] {
        let e = read(&format!("{TWO_PLAYERS}{}", spell("x", "{R}", "Éphémère", text))).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("texte"));
        assert!(e.message.contains(&format!("« {quoted} »")), "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Any text, TOML or not, gives a scenario or an error: never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let _ = engine::parse("essai.toml", &text, Some(french()));
    }

    /// Any sequence of steps over a small table plays to the end.
    #[test]
    fn arbitrary_steps_play_to_the_end(steps in proptest::collection::vec(0usize..12, 0..25)) {
        let mut toml = format!(
            "{TWO_PLAYERS}{}{}{}{BEAR}",
            spell("mort", "{B}", "Éphémère", "Détruisez la créature ciblée. Elle ne peut pas être régénérée."),
            spell("pyro", "{R}", "Rituel", "Le Pyroclasme inflige 2 blessures à chaque créature et à chaque joueur."),
            spell("annule", "{U}", "Éphémère", "Contrecarrez le sort ciblé."),
        );
        for s in steps {
            toml.push_str(match s {
                0 => "\n[[etape]]\nlancer = \"mort\"\ncibles = [\"ours\"]\n",
                1 => "\n[[etape]]\nlancer = \"pyro\"\n",
                2 => "\n[[etape]]\nlancer = \"annule\"\ncibles = [\"mort\"]\n",
                3 => "\n[[etape]]\nregenerer = \"ours\"\n",
                4 => "\n[[etape]]\nmodifier = \"ours\"\nendurance = 0\n",
                5 => "\n[[etape]]\nmodifier = \"ours\"\ngagne = [\"indestructible\"]\n",
                6 => "\n[[etape]]\ndeplacer = \"ours\"\nvers = \"main\"\n",
                7 => "\n[[etape]]\ndeplacer = \"mort\"\nvers = \"main\"\n",
                8 => "\n[[etape]]\ndeplacer = \"ours\"\nvers = \"champ de bataille\"\n",
                9 => "\n[[etape]]\nmodifier = \"ours\"\ncouleurs = [\"noir\"]\ntype = \"Terrain\"\n",
                _ => "\n[[etape]]\nresoudre = true\n",
            });
        }
        let o = play(&toml);
        prop_assert!(o.steps.iter().all(|s| !s.events.is_empty()));
    }
}

// ---------------------------------------------------------------- command line

fn explique(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("explique")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

#[test]
fn explique_prints_numbered_steps_with_rules_and_exits_0() {
    let o = explique(&["rules/scenarios/salve-d-aura-protection-contre-le-blanc.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    insta::assert_snapshot!("explique_salve_protection", text);
}

#[test]
fn explique_json_has_stable_keys() {
    let o = explique(&["rules/scenarios/spores-pesteuses-terrain-anime-devient-noir.toml", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    let step = &v["steps"][4];
    assert!(step["rules"].as_array().unwrap().iter().any(|r| r == "608.2b"));
    assert!(step["text"].as_str().unwrap().contains("Forêt"));
    assert!(step["state"]["players"][1]["graveyard"][0]["id"] == "foret");
    assert_eq!(v["result"]["zones"]["foret"], "cimetière");
    assert_eq!(v["result"]["draws"]["Alex"], 0);
    assert_eq!(v["result"]["life"]["Rob"], 20);
    assert!(v["result"]["damage"].is_object());
    assert_eq!(v["result"]["countered"], serde_json::json!([]));
    assert_eq!(v["expected"]["ok"], true);
    assert_eq!(v["expected"]["differences"], serde_json::json!([]));
}

#[test]
fn explique_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = dir.path().join("faux.toml");
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/scenarios/salve-d-aura-cible-legale.toml"),
    )
    .unwrap()
    .replace("pioches = { Alex = 1, Rob = 0 }", "pioches = { Alex = 0, Rob = 0 }");
    std::fs::write(&wrong, text).unwrap();
    let o = explique(&[wrong.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains(&crate::common::terminal("✗ pioches d'Alex : attendu 0, obtenu 1")), "{out}");

    let invalid = dir.path().join("invalide.toml");
    std::fs::write(&invalid, "titre = \"t\"\njoueurs = [\"Alex\", \"Rob\"]\n\n[[etape]]\nlancer = \"rien\"\n").unwrap();
    let o = explique(&[invalid.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = crate::common::plain(&o.stderr);
    assert!(err.contains("invalide.toml, ligne 5, clé « lancer »") && err.contains("« rien » inconnue"), "{err}");

    let o = explique(&["nulle-part.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(crate::common::plain(&o.stderr).contains("nulle-part.toml : fichier introuvable"));

    let latin1 = dir.path().join("latin1.toml");
    std::fs::write(&latin1, b"titre = \"Sc\xe9nario\"\n").unwrap();
    let o = explique(&[latin1.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(crate::common::plain(&o.stderr).contains("pas en UTF-8"));
}

#[test]
fn permanent_spells_enter_the_battlefield_and_instructions_follow_the_written_order() {
    let creature = r#"
[[carte]]
id = "ours"
nom = "Ours"
type = "Créature : ours"
cout = "{1}{G}"
force = 2
endurance = 2
proprietaire = "Alex"
controleur = "Rob"
zone = "main"
"#;
    let o = play(&format!("{TWO_PLAYERS}{creature}\n[[etape]]\nlancer = \"ours\"\n[[etape]]\nresoudre = true\n"));
    assert_eq!(zone(&o, "ours"), "champ de bataille");
    assert!(o.steps[1].rules.contains(&rule("608.3a")));
    assert_eq!(o.steps[1].state.players[1].battlefield[0].id, "ours", "under the control of its controller, Rob");

    // 608.2c then 608.2n: destroy, then draw, then the instant goes to the graveyard.
    let o = shipped("salve-d-aura-cible-legale");
    let events = step(&o, 1);
    let position = |what: fn(&Event) -> bool| events.iter().position(|e| what(e)).expect("event");
    let destroyed = position(|e| matches!(e, Event::Destroyed { .. }));
    let drew = position(|e| matches!(e, Event::Drew { player: PlayerIdx(0), count: 1 }));
    assert!(destroyed < drew && drew < position(|e| matches!(e, Event::ResolutionEnds { .. })));
    // The instant goes to the graveyard last (608.2n), then the conclusion closes the resolution.
    let last_two: Vec<_> = o.steps[1].events.iter().rev().take(2).map(|e| e.rules.clone()).collect();
    assert_eq!(last_two, [vec![rule("608.2b")], vec![rule("608.2n")]]);

    // A land is played, not cast.
    let land = creature.replace("Créature : ours", "Terrain de base : forêt").replace("force = 2\nendurance = 2\n", "");
    let o = play(&format!("{TWO_PLAYERS}{land}\n[[etape]]\nlancer = \"ours\"\n"));
    assert_eq!(zone(&o, "ours"), "main");
    assert_eq!(step(&o, 0), [&Event::LandNotCast { card: CardIdx(0) }]);
}

// ---------------------------------------------------------------- citations

/// Every rule the engine can cite, with words of the notion it is cited for:
/// the current English text of the rule (title included) must hold one of
/// them. A renumbering in a future edition makes the test fail loudly.
const CITATIONS: &[(&str, &[&str])] = &[
    ("104.2a", &["wins the game"]),
    ("111.1", &["tokens onto the battlefield"]),
    ("111.2", &["creates a token"]),
    ("111.7", &["ceases to exist"]),
    ("113.7a", &["independently of its source"]),
    ("120.3a", &["lose that much life"]),
    ("120.3f", &["lifelink"]),
    ("506.1", &["combat phase"]),
    ("508.1a", &["attack"]),
    ("508.1b", &["attack"]),
    ("508.1f", &["taps the chosen creatures"]),
    ("508.1m", &["attackers being declared"]),
    ("509.1", &["declares blockers"]),
    ("509.1a", &["block"]),
    ("509.1b", &["restrictions"]),
    ("509.1h", &["blocked creature"]),
    ("510.1", &["combat damage"]),
    ("510.1a", &["equal to its power"]),
    ("510.1b", &["unblocked creature"]),
    ("510.1c", &["blocked creature"]),
    ("510.2", &["dealt simultaneously"]),
    ("510.4", &["first strike"]),
    ("603.2", &["triggers"]),
    ("603.3", &["puts it on the stack"]),
    ("603.3b", &["apnap"]),
    ("603.6a", &["enters-the-battlefield"]),
    ("603.10a", &["look back in time"]),
    ("608.2", &["ability"]),
    ("613.1f", &["layer 6"]),
    ("700.4", &["dies"]),
    ("702.2", &["deathtouch"]),
    ("702.2b", &["deathtouch"]),
    ("702.2c", &["deathtouch"]),
    ("702.3", &["defender"]),
    ("702.3b", &["defender can’t attack"]),
    ("702.4", &["double strike"]),
    ("702.4b", &["double strike"]),
    ("702.7", &["first strike"]),
    ("702.7b", &["first strike"]),
    ("702.9b", &["flying"]),
    ("702.15", &["lifelink"]),
    ("702.15b", &["lifelink"]),
    ("702.16f", &["can’t be blocked"]),
    ("702.17", &["reach"]),
    ("702.17b", &["reach"]),
    ("702.19", &["trample"]),
    ("702.19b", &["trample"]),
    ("702.19d", &["trample"]),
    ("702.20", &["vigilance"]),
    ("702.20b", &["vigilance"]),
    ("702.111", &["menace"]),
    ("702.111b", &["menace"]),
    ("704.5d", &["token"]),
    ("704.5h", &["deathtouch"]),
    ("105.3", &["color"]),
    ("115.1", &["target"]),
    ("115.1b", &["aura permanent doesn’t target"]),
    ("115.3", &["same target"]),
    ("117.5", &["state-based actions"]),
    ("119.3", &["gain life", "lose life"]),
    ("120.3e", &["damage to be marked"]),
    ("120.6", &["damage marked"]),
    ("121.1", &["draws a card"]),
    ("122.1a", &["+x/+y counter"]),
    ("205.1a", &["card type"]),
    ("205.1b", &["retains"]),
    ("303.4c", &["aura", "illegal"]),
    ("305.1", &["play a land"]),
    ("400.7", &["new object"]),
    ("514.2", &["until end of turn"]),
    ("601.2", &["to cast a spell"]),
    ("601.2a", &["casting of a spell"]),
    ("601.2c", &["target"]),
    ("601.3", &["begin to cast"]),
    ("608.1", &["resolves"]),
    ("608.2b", &["doesn’t resolve"]),
    ("608.2c", &["order written"]),
    ("608.2j", &["specified characteristics"]),
    ("608.2n", &["owner’s graveyard"]),
    ("608.3a", &["becomes a permanent"]),
    ("608.3b", &["still legal"]),
    ("608.3c", &["aura spell", "attached"]),
    ("611.2c", &["continuous effect"]),
    ("611.2a", &["until end of turn"]),
    ("611.3a", &["static ability"]),
    ("613.1", &["characteristics"]),
    ("613.4b", &["set power"]),
    ("613.4c", &["layer 7c"]),
    ("613.7", &["timestamp"]),
    ("701.6a", &["to counter a spell"]),
    ("701.8a", &["to destroy a permanent"]),
    ("701.8b", &["destroyed"]),
    ("701.8c", &["regeneration"]),
    ("701.13a", &["to exile an object"]),
    ("701.19a", &["regenerates"]),
    ("702.5", &["enchant"]),
    ("702.9", &["flying"]),
    ("702.11", &["hexproof"]),
    ("702.11b", &["hexproof"]),
    ("702.12", &["indestructible"]),
    ("702.12b", &["indestructible"]),
    ("702.16", &["protection"]),
    ("702.16b", &["can’t be targeted"]),
    ("702.16c", &["can’t be enchanted"]),
    ("702.16e", &["damage", "prevented"]),
    ("702.18", &["shroud"]),
    ("702.18a", &["shroud"]),
    ("704.3", &["state-based actions"]),
    ("704.5a", &["0 or less life"]),
    ("704.5f", &["toughness 0 or less"]),
    ("704.5g", &["lethal damage"]),
    ("704.5j", &["legendary permanents with the same name"]),
    ("704.5q", &["+1/+1 counter and a -1/-1 counter"]),
    ("704.5m", &["aura"]),
    ("732.1", &["illegal action"]),
    ("800.4", &["left the game"]),
    ("800.4a", &["leaves the game"]),
    ("801.4", &["range of influence"]),
    ("801.10", &["range of influence"]),
];

/// The rule numbers written in the engine's sources (`rule_ids![…]`,
/// `RuleId::known(…)`), read from `src/engine/`.
fn rules_in_engine_sources() -> BTreeSet<String> {
    let literal = regex::Regex::new(r#""(\d{3}(?:\.\d+[a-z]?)?)""#).unwrap();
    let call = regex::Regex::new(r"(?s)rule_ids!\[[^\]]*\]|RuleId::known\([^)]*\)").unwrap();
    let mut out = BTreeSet::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for m in call.find_iter(&text) {
                // The macro's own definition names no rule.
                out.extend(literal.captures_iter(m.as_str()).map(|c| c[1].to_string()));
            }
        }
    }
    out
}

#[test]
fn every_citation_is_a_rule_in_force_saying_what_it_is_cited_for() {
    let g = french();
    let in_force = crate::common::edition(g, arbitre::vocab::Lang::En, "2026-01-16");
    let cited = rules_in_engine_sources();
    assert!(cited.len() >= 50, "{cited:?}");
    let table: std::collections::BTreeMap<&str, &[&str]> = CITATIONS.iter().copied().collect();
    for id in &cited {
        let words = table.get(id.as_str()).unwrap_or_else(|| panic!("{id} cité par le moteur, absent de CITATIONS"));
        let node = g.node(crate::common::node(g, in_force, id));
        let text = format!("{} {}", node.title.as_deref().unwrap_or(""), node.text).to_lowercase();
        assert!(words.iter().any(|w| text.contains(w)), "{id} ne dit plus {words:?} : {text}");
    }
    // Every shipped scenario cites only those rules.
    for (path, text) in arbitre::embedded::scenarios() {
        let outcome = engine::run(&engine::parse(&path, text, Some(g)).unwrap()).unwrap();
        for r in outcome.cited_rules() {
            assert!(cited.contains(&r.to_string()), "{path} cite {r}, que le moteur n'écrit pas");
        }
    }
}

// ---------------------------------------------------------------- Auras, conclusions, why-not lines

#[test]
fn an_aura_falls_off_a_creature_with_protection_from_its_colour_and_off_what_it_cannot_enchant() {
    let o = shipped("aura-protection-contre-sa-couleur");
    let falls =
        |e: &Event| matches!(e, Event::AuraUnattached { why: AuraFalls::Protection { colour: Colour::White, .. }, .. });
    assert_eq!(count(&step(&o, 2), falls), 1);
    assert!(o.steps[2].rules.contains(&rule("704.5m")) && o.steps[2].rules.contains(&rule("702.16c")));
    assert_eq!((zone(&o, "pacifisme"), zone(&o, "ours")), ("cimetière", "champ de bataille"));

    let o = shipped("aura-terrain-qui-n-est-plus-une-creature");
    let falls = |e: &Event| {
        matches!(e, Event::AuraUnattached { why: AuraFalls::NotEnchantable { enchant: Enchant::Creature, .. }, .. })
    };
    assert_eq!(count(&step(&o, 3), falls), 1);
    assert!(o.steps[3].rules.contains(&rule("303.4c")));
}

#[test]
fn protection_does_not_stop_a_spell_that_targets_nothing() {
    let o = shipped("colere-de-dieu-protection-contre-le-blanc");
    assert_eq!(zone(&o, "chevalier"), "cimetière");
    let why_not = |e: &Event| matches!(e, Event::ProtectionDoesNotStop { colour: Colour::White, .. });
    assert_eq!(count(&step(&o, 2), why_not), 1, "said for the knight, not for the bear");
    assert!(o.steps[2].rules.contains(&rule("702.16b")));
}

#[test]
fn a_player_at_zero_life_during_a_resolution_who_gains_life_before_the_check_stays() {
    let o = shipped("zero-point-de-vie-pendant-la-resolution");
    assert_eq!((o.result.life["Alex"], o.result.life["Rob"]), (5, 0));
    let events = step(&o, 1);
    let wait = events.iter().position(|e| matches!(e, Event::StateBasedActionsWait)).expect("said");
    let gain = events.iter().position(|e| matches!(e, Event::LifeGained { .. })).expect("gained");
    assert!(wait < gain, "said when both players reach 0, before Alex gains life");
    let losers: Vec<_> = events.iter().filter(|e| matches!(e, Event::PlayerLoses { .. })).collect();
    assert_eq!(losers.len(), 1, "Rob only");

    let o = shipped("exil-d-une-creature-indestructible");
    assert_eq!(zone(&o, "golem"), "exil");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Exiled { not_destruction: true, .. })), 1);
}

#[test]
fn the_legend_rule_keeps_the_chosen_one_or_else_the_newest() {
    let o = shipped("regle-des-legendes");
    assert_eq!((zone(&o, "thalia-1"), zone(&o, "thalia-2")), ("champ de bataille", "cimetière"));
    assert_eq!(count(&step(&o, 2), |e| matches!(e, Event::LegendRulePending { .. })), 1);
    assert_eq!(count(&step(&o, 3), |e| matches!(e, Event::LegendRule { chosen: true, .. })), 1);
    assert!(o.steps[3].rules.contains(&rule("704.5j")));
    // Without the `legende` step, the newest stays, and the line says it was the default.
    let (_, text) =
        arbitre::embedded::scenarios().into_iter().find(|(p, _)| p.ends_with("/regle-des-legendes.toml")).unwrap();
    let steps_end = text.find("[[etape]]\nlegende").unwrap();
    let expected = "\n[attendu]\nzones = { thalia-1 = \"cimetière\", thalia-2 = \"champ de bataille\" }\n";
    let o = play(&format!("{}{expected}", &text[..steps_end]));
    assert!(o.expected.ok, "{:?}", o.expected.differences);
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::LegendRule { chosen: false, .. })), 1);
    // A `legende` step naming a card that is not legendary is refused with its rule.
    let e = read(&text.replace("legende = \"thalia-1\"", "legende = \"inconnue\"")).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("legende"));
    let not_legendary = text.replace("Créature légendaire : humain et soldat\"\ncout = \"{1}{W}\"\nforce = 2\nendurance = 1\nproprietaire = \"Alex\"\nzone = \"champ de bataille\"", "Créature : humain et soldat\"\ncout = \"{1}{W}\"\nforce = 2\nendurance = 1\nproprietaire = \"Alex\"\nzone = \"champ de bataille\"");
    let e = read(&not_legendary).unwrap_err();
    assert!(e.message.contains("704.5j"), "{e}");
}

#[test]
fn starting_life_losers_and_tapped_permanents_are_set_and_checked() {
    let burn = spell("feu", "{R}", "Rituel", "Sort feu inflige 3 blessures à n'importe quelle cible.");
    let start = "points_de_vie_depart = { Rob = 2 }\n";
    let steps = "\n[[etape]]\nregenerer = \"ours\"\n[[etape]]\nlancer = \"feu\"\ncibles = [\"Rob\"]\n\
                 [[etape]]\nresoudre = true\n";
    let expected = "\n[attendu]\npoints_de_vie = { Alex = 20, Rob = -1 }\nperdants = [\"Rob\"]\nengages = []\n";
    let o = play(&format!("{TWO_PLAYERS}{start}{burn}{BEAR}{steps}{expected}"));
    assert!(o.expected.ok, "{:?}", o.expected.differences);
    assert_eq!(o.result.losers, ["Rob"]);
    assert!(o.result.tapped.is_empty());
    // A regenerated creature is tapped (701.19a): `engages` sees it.
    let destroy = spell("mort", "{B}", "Éphémère", "Détruisez la créature ciblée.");
    let steps = "\n[[etape]]\nregenerer = \"ours\"\n[[etape]]\nlancer = \"mort\"\ncibles = [\"ours\"]\n\
                 [[etape]]\nresoudre = true\n";
    let wrong = "\n[attendu]\nengages = []\nperdants = [\"Alex\"]\n";
    let o = play(&format!("{TWO_PLAYERS}{destroy}{BEAR}{steps}{wrong}"));
    assert_eq!(o.result.tapped, ["ours"]);
    assert_eq!(
        o.expected.differences,
        ["joueurs qui ont perdu : attendu Alex, obtenu aucun", "permanents engagés : attendu aucun, obtenu Ours"]
    );
    let e = read(&format!("{TWO_PLAYERS}points_de_vie_depart = {{ Zoé = 2 }}\n")).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("points_de_vie_depart"));
}

#[test]
fn until_end_of_turn_effects_and_damage_end_together_at_cleanup_and_counters_cancel() {
    let o = shipped("croissance-gigantesque-et-nettoyage");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Pumped { pt: (5, 5), .. })), 1);
    // After Choc: 2 damage on a 5/5, no lethal damage.
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::LethalDamage { .. })), 0);
    assert_eq!(count(&step(&o, 4), |e| matches!(e, Event::Cleanup { .. })), 1);
    assert_eq!(o.result.power_toughness["ours"], "2/2");
    assert!(o.steps[4].rules.contains(&rule("514.2")));

    let o = shipped("marqueurs-qui-s-annulent");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::CountersCancel { pairs: 1, .. })), 1);
    assert_eq!(o.result.counters["ours"]["+1/+1"], 1);
    assert!(!o.result.counters["ours"].contains_key("-1/-1"));
    assert_eq!(o.result.power_toughness["ours"], "3/3");

    // A pump that does not say « jusqu'à la fin du tour » is outside the subset, quoted.
    let e = read(&format!("{TWO_PLAYERS}{}", spell("x", "{G}", "Éphémère", "La créature ciblée gagne +3/+3.")))
        .unwrap_err();
    assert!(e.message.contains("« La créature ciblée gagne +3/+3 »"), "{e}");
    let e =
        read(&format!("{TWO_PLAYERS}{BEAR}\n[attendu]\nmarqueurs = {{ ours = {{ \"+2/+2\" = 1 }} }}\n")).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("marqueurs"));
    // A -2/-2 until end of turn on a 2/2: toughness 0, put into the graveyard (704.5f).
    let shrink = spell("nuit", "{B}", "Éphémère", "La créature ciblée reçoit -2/-2 jusqu'à la fin du tour.");
    let o = play(&format!(
        "{TWO_PLAYERS}{shrink}{BEAR}\n[[etape]]\nlancer = \"nuit\"\ncibles = [\"ours\"]\n[[etape]]\nresoudre = true\n"
    ));
    assert_eq!(zone(&o, "ours"), "cimetière");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::ZeroToughness { toughness: 0, .. })), 1);
}

#[test]
fn hexproof_does_not_make_an_aura_fall() {
    let aura = "\n[[carte]]\nid = \"pacifisme\"\nnom = \"Pacifisme\"\ntype = \"Enchantement : aura\"\ncout = \"{1}{W}\"\n\
                capacites = [\"enchanter une créature\"]\nproprietaire = \"Alex\"\nzone = \"main\"\n";
    let steps = "\n[[etape]]\nlancer = \"pacifisme\"\ncibles = [\"ours\"]\n[[etape]]\nresoudre = true\n\
                 [[etape]]\nmodifier = \"ours\"\ngagne = [\"défense talismanique\", \"linceul\"]\n";
    let o = play(&format!("{TWO_PLAYERS}{aura}{BEAR}{steps}"));
    assert_eq!(zone(&o, "pacifisme"), "champ de bataille");
    let stays = |e: &Event| matches!(e, Event::AuraDoesNotTarget { .. });
    assert_eq!(count(&step(&o, 2), stays), 2, "hexproof, then shroud");
    assert!(o.steps[2].rules.contains(&rule("115.1b")));
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::AuraUnattached { .. })), 0);
}

#[test]
fn each_resolution_with_targets_states_its_conclusion() {
    let o = shipped("spores-pesteuses-terrain-anime-devient-noir");
    let half = |e: &Event| matches!(e, Event::Conclusion { legal: 1, targets: 2, .. });
    assert_eq!(count(&happened(&o), half), 1);
    let o = shipped("salve-d-aura-cible-legale");
    let whole = |e: &Event| matches!(e, Event::Conclusion { legal: 1, targets: 1, permanent: false, .. });
    assert_eq!(count(&happened(&o), whole), 1);
    // A spell without targets resolves, and says why.
    let o = shipped("colere-de-dieu-protection-contre-le-blanc");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Conclusion { legal: 0, targets: 0, .. })), 1);
    // A spell that doesn't resolve says so instead.
    let o = shipped("spores-pesteuses-deux-cibles-illegales");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Conclusion { .. })), 0);
}

#[test]
fn an_old_scenario_naming_a_spell_that_did_not_resolve_in_contrecarres_holds_with_a_warning() {
    let (_, text) = arbitre::embedded::scenarios()
        .into_iter()
        .find(|(p, _)| p.ends_with("/spores-pesteuses-deux-cibles-illegales.toml"))
        .unwrap();
    let old = text.replace("contrecarres = []\nnon_resolus = [\"spores\"]", "contrecarres = [\"spores\"]");
    assert_ne!(old, text);
    let o = play(&old);
    assert!(o.expected.ok, "{:?}", o.expected.differences);
    assert_eq!(o.expected.warnings.len(), 1);
    assert!(o.expected.warnings[0].contains("non_resolus = [\"spores\"]"), "{:?}", o.expected.warnings);
    // Written with non_resolus, the same spell named as countered is a difference.
    let wrong =
        text.replace("contrecarres = []\nnon_resolus = [\"spores\"]", "contrecarres = [\"spores\"]\nnon_resolus = []");
    let o = play(&wrong);
    assert_eq!(o.expected.differences.len(), 2, "{:?}", o.expected.differences);
}

#[test]
fn exile_is_not_destruction_and_state_based_actions_wait_for_the_end_of_a_resolution() {
    let indestructible = BEAR.replace("endurance = 2\n", "endurance = 2\ncapacites = [\"indestructible\"]\n");
    let exile = spell("exil", "{W}", "Éphémère", "Exilez la créature ciblée.");
    let o = play(&format!(
        "{TWO_PLAYERS}{exile}{indestructible}\n[[etape]]\nlancer = \"exil\"\ncibles = [\"ours\"]\n[[etape]]\nresoudre = true\n"
    ));
    assert_eq!(zone(&o, "ours"), "exil");
    assert_eq!(count(&happened(&o), |e| matches!(e, Event::Exiled { not_destruction: true, .. })), 1);
    assert!(o.steps[1].rules.contains(&rule("701.8b")));

    let burn = spell("feu", "{R}", "Rituel", "Sort feu inflige 20 blessures à n'importe quelle cible.");
    let o = play(&format!(
        "{TWO_PLAYERS}{burn}{BEAR}\n[[etape]]\nlancer = \"feu\"\ncibles = [\"Rob\"]\n[[etape]]\nresoudre = true\n"
    ));
    let events = step(&o, 1);
    let wait = events.iter().position(|e| matches!(e, Event::StateBasedActionsWait)).expect("the wait is said");
    let loses = events.iter().position(|e| matches!(e, Event::PlayerLoses { .. })).expect("Rob loses");
    assert!(wait < loses);
}
