//! The ruling evaluator: reading and playing each shipped scenario, and the
//! largest scenario the engine accepts (100 cards, 200 steps), which bounds
//! what a scenario typed in the web editor can cost.
//!
//! `cargo bench --bench engine`.

// criterion_group! defines a public function it cannot document.
#![allow(missing_docs)]

use arbitre::engine;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

/// 96 creatures shared among 16 players, four spells, and 200 steps that
/// cast, change, move and resolve: every path of the engine, at its limits
/// (15 Pyroclasms on 96 creatures and 16 players stay under the 2,000 events
/// a scenario may give; the other steps change creatures).
fn largest_scenario() -> String {
    let players: Vec<String> = (1..=16).map(|i| format!("\"J{i}\"")).collect();
    let mut s = format!("titre = \"limite\"\njoueurs = [{}]\nportee_influence = 2\n", players.join(", "));
    for i in 0..96 {
        s.push_str(&format!(
            "[[carte]]\nid = \"c{i}\"\nnom = \"Créature {i}\"\ntype = \"Créature : ours\"\ncout = \"{{1}}{{G}}\"\nforce = 2\nendurance = {}\nproprietaire = \"J{}\"\nzone = \"champ de bataille\"\n",
            3 + i % 4,
            1 + i % 16
        ));
    }
    for (id, text) in [
        ("pyro", "Le Pyroclasme inflige 1 blessure à chaque créature et à chaque joueur."),
        ("mort", "Détruisez la créature non-noire ciblée. Elle ne peut pas être régénérée."),
        ("colere", "Détruisez toutes les créatures non-noires."),
        ("annule", "Contrecarrez le sort ciblé."),
    ] {
        s.push_str(&format!(
            "[[carte]]\nid = \"{id}\"\nnom = \"{id}\"\ntype = \"Éphémère\"\ncout = \"{{B}}{{R}}\"\ntexte = \"{text}\"\nproprietaire = \"J1\"\nzone = \"main\"\n"
        ));
    }
    for i in 0..15 {
        let c = i * 2 % 96;
        s.push_str(&format!("[[etape]]\nmodifier = \"c{c}\"\ncouleurs = [\"noir\"]\n"));
        s.push_str("[[etape]]\nlancer = \"pyro\"\n[[etape]]\nresoudre = true\n");
        s.push_str(&format!("[[etape]]\nregenerer = \"c{}\"\n", c + 1));
        s.push_str("[[etape]]\ndeplacer = \"pyro\"\nvers = \"main\"\n");
    }
    for i in 0..125 {
        s.push_str(&format!("[[etape]]\nmodifier = \"c{}\"\ngagne = [\"vol\"]\n", i % 96));
    }
    s
}

/// The largest combat: 49 attackers each blocked by one of 49 creatures,
/// first strike, trample and lifelink on some, deathtouch on the others: two
/// damage steps over 98 creatures.
fn largest_combat() -> String {
    let mut s = String::from("titre = \"combat\"\njoueurs = [\"J0\", \"J1\"]\n");
    for i in 0..98 {
        let keywords =
            if i % 4 == 0 { "\"initiative\", \"piétinement\", \"lien de vie\"" } else { "\"contact mortel\"" };
        s.push_str(&format!(
            "[[carte]]\nid = \"c{i}\"\nnom = \"C{i}\"\ntype = \"Créature : ours\"\nforce = 3\nendurance = 2\ncapacites = [{keywords}]\nproprietaire = \"J{}\"\nzone = \"champ de bataille\"\n",
            i % 2
        ));
    }
    let attackers: Vec<String> = (0..98).step_by(2).map(|i| format!("\"c{i}\"")).collect();
    let blocks: Vec<String> = (0..98).step_by(2).map(|i| format!("c{} = \"c{i}\"", i + 1)).collect();
    s.push_str(&format!(
        "[[etape]]\nattaquer = [{}]\n[[etape]]\nbloquer = {{ {} }}\n[[etape]]\nblessures = true\n",
        attackers.join(", "),
        blocks.join(", ")
    ));
    s
}

fn engine(c: &mut Criterion) {
    let graph = arbitre::load(&[]).graph;
    let mut group = c.benchmark_group("engine");
    for (path, text) in arbitre::embedded::scenarios() {
        let name = path.rsplit('/').next().unwrap_or(&path).trim_end_matches(".toml").to_string();
        group.bench_function(BenchmarkId::new("read+play", name), |b| {
            b.iter(|| engine::run(&engine::parse(&path, text, Some(&graph)).unwrap()).unwrap())
        });
    }
    let largest = largest_scenario();
    let scenario = engine::parse("limite.toml", &largest, Some(&graph)).unwrap();
    assert_eq!(scenario.steps.len(), 200);
    group.sample_size(20);
    group.bench_function("read+play/largest (100 cards, 200 steps)", |b| {
        b.iter(|| engine::run(&engine::parse("limite.toml", &largest, Some(&graph)).unwrap()).unwrap())
    });
    let combat = largest_combat();
    group.bench_function("read+play/largest combat (98 creatures)", |b| {
        b.iter(|| engine::run(&engine::parse("combat.toml", &combat, Some(&graph)).unwrap()).unwrap())
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
