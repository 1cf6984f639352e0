//! The trace as French text, for the terminal (`arbitre explique`).
//!
//! Each step: its number and action, the author's comment, one line per
//! event with the rules it applies, then the board. At the end, the result
//! and the comparison with `[attendu]`.

use std::fmt::Write;

use super::trace::{Board, CardView, Outcome};

/// The whole explanation.
pub fn outcome_text(o: &Outcome) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", o.title);
    let _ = writeln!(s, "{}", "=".repeat(o.title.chars().count().min(100)));
    if !o.illustrates.is_empty() {
        let _ = writeln!(
            s,
            "Illustre : {}",
            o.illustrates.iter().map(|r| format!("RC {r}")).collect::<Vec<_>>().join(", ")
        );
    }
    let _ = writeln!(s, "\nSituation de départ");
    board_text(&o.initial, &mut s);
    for step in &o.steps {
        let _ = writeln!(s, "\nÉtape {} — {} (ligne {})", step.number, step.action, step.line);
        if let Some(c) = &step.comment {
            let _ = writeln!(s, "  ({})", c.trim());
        }
        for e in &step.events {
            let rules = e.rules.iter().map(|r| format!("RC {r}")).collect::<Vec<_>>().join(", ");
            let _ = writeln!(s, "  • {} [{rules}]", e.text);
        }
        board_text(&step.state, &mut s);
    }
    let _ = writeln!(s, "\nRésultat");
    for (id, zone) in &o.result.zones {
        let damage =
            o.result.damage.get(id).filter(|d| **d > 0).map(|d| format!(", {d} blessure(s)")).unwrap_or_default();
        let _ = writeln!(s, "  {id} : {zone}{damage}");
    }
    for (p, life) in &o.result.life {
        let draws = o.result.draws.get(p).copied().unwrap_or(0);
        let _ = writeln!(s, "  {p} : {life} points de vie, {draws} carte(s) piochée(s)");
    }
    let countered = if o.result.countered.is_empty() { "aucun".to_string() } else { o.result.countered.join(", ") };
    let _ = writeln!(s, "  Sorts contrecarrés : {countered}");
    if o.expected.present {
        if o.expected.ok {
            let _ = writeln!(s, "\nAttendu : conforme.");
        } else {
            let _ = writeln!(s, "\nAttendu : {} différence(s)", o.expected.differences.len());
            for d in &o.expected.differences {
                let _ = writeln!(s, "  ✗ {d}");
            }
        }
    } else {
        let _ = writeln!(s, "\nAttendu : pas de table [attendu] dans le scénario.");
    }
    s
}

fn card_text(c: &CardView) -> String {
    let mut parts = vec![c.type_line.clone()];
    if let Some(pt) = &c.power_toughness {
        parts.push(pt.clone());
    }
    parts.push(if c.colours.is_empty() { "incolore".to_string() } else { c.colours.join("-") });
    parts.extend(c.abilities.iter().cloned());
    if c.damage > 0 {
        parts.push(format!("{} blessure(s)", c.damage));
    }
    if c.tapped {
        parts.push("engagé".into());
    }
    if c.shields > 0 {
        parts.push(format!("{} bouclier(s) de régénération", c.shields));
    }
    if let Some(a) = &c.attached_to {
        parts.push(format!("attachée à {a}"));
    }
    if !c.targets.is_empty() {
        parts.push(format!("cibles : {}", c.targets.join(", ")));
    }
    format!("{} [{}] ({}) #{}", c.name, c.id, parts.join(", "), c.object)
}

/// The board, indented under a step.
pub fn board_text(b: &Board, s: &mut String) {
    for p in &b.players {
        let status = match (p.lost, p.in_range) {
            (true, _) => " — a perdu",
            (false, false) => " — hors de portée du joueur actif",
            _ => "",
        };
        let _ = writeln!(s, "  {} : {} PV, bibliothèque {}, {} pioche(s){status}", p.name, p.life, p.library, p.draws);
        for (label, cards) in
            [("champ de bataille", &p.battlefield), ("main", &p.hand), ("cimetière", &p.graveyard), ("exil", &p.exile)]
        {
            if !cards.is_empty() {
                let list: Vec<String> = cards.iter().map(card_text).collect();
                let _ = writeln!(s, "    {label} : {}", list.join(" ; "));
            }
        }
    }
    if b.stack.is_empty() {
        let _ = writeln!(s, "  pile : vide");
    } else {
        let list: Vec<String> = b.stack.iter().map(card_text).collect();
        let _ = writeln!(s, "  pile (sommet d'abord) : {}", list.join(" ; "));
    }
}
