//! The trace as French text, for the terminal (`arbitre explique`).
//!
//! Each step: its number and action, the author's comment, one line per
//! event with the rules it applies, then the board. At the end, the result
//! and the comparison with `[attendu]`.

use std::fmt::Write;

use super::trace::{Board, CardView, Outcome, Summary};

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
    for (label, value) in result_lines(&o.result) {
        let _ = writeln!(s, "  {label} : {value}");
    }
    if o.expected.present {
        if o.expected.ok {
            let _ = writeln!(s, "\nAttendu : conforme.");
        } else {
            let n = o.expected.differences.len();
            let _ = writeln!(s, "\nAttendu : {}", crate::text::plural(n, "différence", "différences"));
            for d in &o.expected.differences {
                let _ = writeln!(s, "  ✗ {d}");
            }
        }
    } else {
        let _ = writeln!(s, "\nAttendu : pas de table [attendu] dans le scénario.");
    }
    for w in &o.expected.warnings {
        let _ = writeln!(s, "  attention : {w}");
    }
    s
}

/// The result, one line per card (its zone, its damage), per player (life,
/// cards drawn), and the spells countered: for the terminal and the web.
pub fn result_lines(r: &Summary) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = r
        .zones
        .iter()
        .map(|(id, zone)| {
            let damage = r.damage.get(id).copied().unwrap_or(0);
            let value = if damage > 0 {
                format!("{zone}, {}", crate::text::plural(damage as usize, "blessure", "blessures"))
            } else {
                zone.clone()
            };
            (r.names.get(id).unwrap_or(id).clone(), value)
        })
        .collect();
    for (player, life) in &r.life {
        let draws = r.draws.get(player).copied().unwrap_or(0);
        out.push((
            player.clone(),
            format!(
                "{}{}, {}",
                if *life < 0 { "-" } else { "" },
                crate::text::plural(life.unsigned_abs() as usize, "point de vie", "points de vie"),
                crate::text::plural(draws as usize, "carte piochée", "cartes piochées")
            ),
        ));
    }
    // Cards by name (ids are for files and JSON).
    let list = |l: &[String]| {
        if l.is_empty() {
            return "aucun".to_string();
        }
        l.iter().map(|id| r.names.get(id).unwrap_or(id).as_str()).collect::<Vec<_>>().join(", ")
    };
    out.push(("Sorts contrecarrés".into(), list(&r.countered)));
    out.push(("Sorts non résolus".into(), list(&r.not_resolved)));
    if !r.losers.is_empty() {
        out.push(("Ont perdu la partie".into(), r.losers.join(", ")));
    }
    if !r.tapped.is_empty() {
        out.push(("Permanents engagés".into(), list(&r.tapped)));
    }
    if !r.refused.is_empty() {
        let rules: Vec<String> = r.refused.iter().map(|id| format!("RC {id}")).collect();
        out.push(("Étape refusée".into(), rules.join(", ")));
    }
    let tokens: Vec<String> = r.tokens.iter().filter(|(_, n)| **n > 0).map(|(p, n)| format!("{p} : {n}")).collect();
    if !tokens.is_empty() {
        out.push(("Jetons sur le champ de bataille".into(), tokens.join(", ")));
    }
    out
}

fn card_text(c: &CardView) -> String {
    let mut parts = vec![c.type_line.clone()];
    if let Some(pt) = &c.power_toughness {
        parts.push(pt.clone());
    }
    parts.push(if c.colours.is_empty() { "incolore".to_string() } else { c.colours.join("-") });
    parts.extend(c.abilities.iter().cloned());
    if c.damage > 0 {
        parts.push(crate::text::plural(c.damage as usize, "blessure", "blessures"));
    }
    if c.tapped {
        parts.push("engagé".into());
    }
    parts.extend(c.combat.iter().cloned());
    parts.extend(c.counters.iter().cloned());
    if c.shields > 0 {
        parts.push(crate::text::plural(c.shields as usize, "bouclier de régénération", "boucliers de régénération"));
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
        let draws = crate::text::plural(p.draws as usize, "pioche", "pioches");
        let _ = writeln!(s, "  {} : {} PV, bibliothèque {}, {draws}{status}", p.name, p.life, p.library);
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
