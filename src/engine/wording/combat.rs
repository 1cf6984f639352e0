//! The French sentences of combat: the steps `attaquer`, `bloquer` and
//! `blessures`, their events, and why a step is refused ([`Refusal`]).

use super::{Wording, plural};
use crate::engine::event::{Event, Refusal};
use crate::engine::index::{CardIdx, PlayerIdx};
use crate::engine::scenario::{Action, Choice};

impl Wording<'_> {
    /// A combat step, announced (« Alex déclare ses attaquants : Ours »).
    pub(super) fn combat_action(&self, action: &Action) -> String {
        match action {
            Action::Attack { attackers, defender } => {
                let against = defender.map(|d| format!(" contre {}", self.player(d))).unwrap_or_default();
                format!("{} attaque{against} : {}", self.player(PlayerIdx(0)), self.names(attackers))
            }
            Action::Block { blocks } if blocks.is_empty() => "Déclaration des bloqueurs : aucun".to_string(),
            Action::Block { blocks } => {
                let pairs: Vec<String> =
                    blocks.iter().map(|&(b, a)| format!("{} bloque {}", self.card(b), self.card(a))).collect();
                format!("Déclaration des bloqueurs : {}", pairs.join(", "))
            }
            Action::Damage { first_strike_only: true, .. } => "Blessures de combat : étape de l'initiative".to_string(),
            _ => "Blessures de combat".to_string(),
        }
    }

    /// A combat event, in French; `None` for any other event.
    #[allow(clippy::too_many_lines)] // one arm per event: a table, read best whole
    pub(super) fn combat_event(&self, event: &Event) -> Option<String> {
        let text = match event {
            Event::AttackersDeclared { attackers, defender, tapped, vigilant } => {
                let mut s = format!("{} attaque {} avec {}.", self.player(PlayerIdx(0)), self.player(*defender), {
                    self.names(attackers)
                });
                if !tapped.is_empty() {
                    let verb = if tapped.len() > 1 { "s'engagent" } else { "s'engage" };
                    s.push_str(&format!(" {} {verb} : attaquer engage, ce n'est pas un coût.", self.names(tapped)));
                }
                if !vigilant.is_empty() {
                    let verb = if vigilant.len() > 1 { "ont" } else { "a" };
                    s.push_str(&format!(" {} {verb} la vigilance : attaquer ne l'engage pas.", self.names(vigilant)));
                }
                s
            }
            Event::BlockersDeclared { blocks, unblocked } => self.blockers(blocks, unblocked),
            Event::FlyingBlocked { blocker, attacker, reach } => format!(
                "{} a le vol : seule une créature avec le vol ou la portée peut la bloquer ; {} a {}, ce blocage est \
                 permis.",
                self.card(*attacker),
                self.card(*blocker),
                if *reach { "la portée" } else { "le vol" }
            ),
            Event::MenaceBlocked { attacker, blockers } => format!(
                "{} a la menace : seules deux créatures ou plus peuvent la bloquer ; {blockers} créatures la \
                 bloquent, ce blocage est permis.",
                self.card(*attacker)
            ),
            Event::DamageStep { first_strike, dealing, waiting } => self.damage_step(*first_strike, dealing, waiting),
            Event::Assigned { attacker, shares, chosen, trample, deathtouch, lethal } => {
                self.assigned(*attacker, shares, *chosen, *trample, *deathtouch, lethal)
            }
            Event::NoBlockerLeft { attacker, trample: true } => format!(
                "{} a été bloquée, mais plus aucune créature ne la bloque : avec le piétinement, toutes ses blessures \
                 vont au joueur attaqué.",
                self.card(*attacker)
            ),
            Event::NoBlockerLeft { attacker, trample: false } => format!(
                "{} a été bloquée et le reste, mais plus aucune créature ne la bloque : elle n'inflige aucune \
                 blessure de combat.",
                self.card(*attacker)
            ),
            Event::CombatDamageToCreature { source, card, amount, marked, deathtouch } => format!(
                "{} inflige {} à {} ({} en tout){}.",
                self.card(*source),
                plural(*amount, "blessure", "blessures"),
                self.card(*card),
                plural(*marked, "blessure marquée", "blessures marquées"),
                if *deathtouch { ", avec le contact mortel" } else { "" }
            ),
            Event::CombatDamageToPlayer { source, player, amount, life, unblocked } => format!(
                "{}{} inflige {} à {}, qui passe à {life} points de vie.",
                self.card(*source),
                if *unblocked { ", non bloquée," } else { "" },
                plural(*amount, "blessure", "blessures"),
                self.player(*player)
            ),
            Event::CombatDamagePrevented { source, card, colour } => format!(
                "{} a la protection contre le {colour} : les blessures que lui inflige {} sont prévenues.",
                self.card(*card),
                self.card(*source)
            ),
            Event::Lifelink { source, player, amount, life } => format!(
                "{} a le lien de vie : {} gagne {} en même temps ({life} en tout).",
                self.card(*source),
                self.player(*player),
                plural(*amount, "point de vie", "points de vie")
            ),
            Event::DeathtouchDamage { card } => format!(
                "{} a reçu des blessures d'une source avec le contact mortel : elle est détruite, quelle que soit \
                 son endurance.",
                self.card(*card)
            ),
            Event::GameOver { winner, steps_left } => {
                let who = match winner {
                    Some(p) => format!("{}, seul joueur restant, gagne la partie", self.player(*p)),
                    None => "aucun joueur ne reste, la partie est nulle".to_string(),
                };
                let rest = match steps_left {
                    0 => String::new(),
                    n => format!(" ; {} ne {} pas jouée{}", self.steps_after(*n), verb_be(*n), plural_s(*n)),
                };
                format!("La partie est finie : {who}{rest}.")
            }
            Event::PlayerLeavesGame { player, gone, exiled } => {
                let mut s = format!(
                    "{} a perdu et quitte la partie, qui continue sans lui : les objets qu'il possède la quittent \
                     aussi",
                    self.player(*player)
                );
                if !gone.is_empty() {
                    s.push_str(&format!(" ({})", self.names(gone)));
                }
                if !exiled.is_empty() {
                    s.push_str(&format!(" ; ceux qu'il contrôlait encore sont exilés ({})", self.names(exiled)));
                }
                s.push('.');
                s
            }
            _ => return None,
        };
        Some(text)
    }

    /// « la dernière étape », « les 3 étapes suivantes ».
    fn steps_after(&self, n: usize) -> String {
        if n == 1 { "l'étape suivante".to_string() } else { format!("les {n} étapes suivantes") }
    }

    fn blockers(&self, blocks: &[(CardIdx, CardIdx)], unblocked: &[CardIdx]) -> String {
        let mut s = if blocks.is_empty() {
            "Aucune créature ne bloque.".to_string()
        } else {
            let pairs: Vec<String> =
                blocks.iter().map(|&(b, a)| format!("{} bloque {}", self.card(b), self.card(a))).collect();
            let mut attackers: Vec<CardIdx> = blocks.iter().map(|b| b.1).collect();
            attackers.dedup();
            format!(
                "{}. {} {} désormais {} : {} le {} même si ses bloqueurs quittent le combat.",
                capitalise(&pairs.join(", ")),
                self.names(&attackers),
                if attackers.len() > 1 { "sont" } else { "est" },
                if attackers.len() > 1 { "des créatures bloquées" } else { "une créature bloquée" },
                if attackers.len() > 1 { "chacune" } else { "elle" },
                "reste",
            )
        };
        if !unblocked.is_empty() {
            let verb = if unblocked.len() > 1 { "ne sont pas bloquées" } else { "n'est pas bloquée" };
            s.push_str(&format!(" {} {verb}.", self.names(unblocked)));
        }
        s
    }

    fn damage_step(&self, first_strike: bool, dealing: &[CardIdx], waiting: &[CardIdx]) -> String {
        let who = match dealing.len() {
            0 => "aucune créature n'inflige de blessures".to_string(),
            1 => format!("{} inflige ses blessures", self.names(dealing)),
            _ => format!("{} infligent leurs blessures, toutes en même temps", self.names(dealing)),
        };
        if !first_strike {
            return format!("Étape des blessures de combat : {who}.");
        }
        let rest = match waiting.len() {
            0 => String::new(),
            1 => format!(" ; {} attend l'étape normale", self.names(waiting)),
            _ => format!(" ; {} attendent l'étape normale", self.names(waiting)),
        };
        format!(
            "Étape des blessures d'initiative (une créature du combat a l'initiative ou la double initiative) : seules \
             celles-là infligent des blessures maintenant — {who}{rest}."
        )
    }

    fn assigned(
        &self,
        attacker: CardIdx,
        shares: &[(Choice, u32)],
        chosen: bool,
        trample: bool,
        deathtouch: bool,
        lethal: &[(CardIdx, u32)],
    ) -> String {
        let parts: Vec<String> = shares
            .iter()
            .map(|&(to, n)| format!("{} à {}", plural(n, "blessure", "blessures"), self.target(to)))
            .collect();
        let how = if chosen {
            "comme son contrôleur l'a choisi ; il n'y a plus d'ordre d'assignation des blessures"
        } else if trample {
            "répartition par défaut : des blessures mortelles à chaque bloqueur dans l'ordre écrit, le reste au \
             joueur attaqué"
        } else {
            "répartition par défaut : des blessures mortelles à chaque bloqueur dans l'ordre écrit, le reste au \
             dernier"
        };
        let mut s = format!("{} répartit ses blessures : {} ({how}).", self.card(attacker), parts.join(", "));
        if trample {
            let needed: Vec<String> = lethal.iter().map(|&(b, n)| format!("{} pour {}", n, self.card(b))).collect();
            s.push_str(&format!(
                " Avec le piétinement, le joueur ne reçoit des blessures qu'une fois des blessures mortelles \
                 assignées à chaque bloqueur ({}).",
                needed.join(", ")
            ));
        }
        if deathtouch {
            s.push_str(" Avec le contact mortel, une seule blessure suffit à être mortelle.");
        }
        s
    }

    /// Why a combat step is refused, in French.
    #[allow(clippy::too_many_lines)] // one arm per reason: a table, read best whole
    pub fn refusal(&self, why: &Refusal) -> String {
        let c = |i: &CardIdx| self.card(*i);
        match why {
            Refusal::SecondAttack => "les attaquants de ce combat sont déjà déclarés".to_string(),
            Refusal::NotACreature { card, attacking } => format!(
                "{} n'est pas une créature sur le champ de bataille : elle ne peut pas {}",
                c(card),
                if *attacking { "attaquer" } else { "bloquer" }
            ),
            Refusal::NotActivePlayers { card, active } => format!(
                "{} n'est pas contrôlée par {}, le joueur actif : seul le joueur actif déclare des attaquants",
                c(card),
                self.player(*active)
            ),
            Refusal::NotDefendingPlayers { card, defender } => format!(
                "{} n'est pas contrôlée par {}, le joueur attaqué : seul le joueur défenseur déclare des bloqueurs",
                c(card),
                self.player(*defender)
            ),
            Refusal::Tapped { card, attacking } => format!(
                "{} est engagée : une créature engagée ne peut pas {}",
                c(card),
                if *attacking { "attaquer" } else { "bloquer" }
            ),
            Refusal::Defender { card } => format!("{} a le défenseur : elle ne peut pas attaquer", c(card)),
            Refusal::NoDefendingPlayer => "aucun joueur à attaquer : le joueur désigné a quitté la partie".to_string(),
            Refusal::NoAttack { .. } => {
                "aucun attaquant n'est déclaré : une étape « attaquer » vient d'abord".to_string()
            }
            Refusal::SecondBlock => "les bloqueurs de ce combat sont déjà déclarés".to_string(),
            Refusal::NotAttacking { blocker, attacker } => {
                format!("{} ne peut pas bloquer {} : elle n'attaque pas", c(blocker), c(attacker))
            }
            Refusal::Flying { blocker, attacker } => format!(
                "{} ne peut pas bloquer {} : {} a le vol, et {} n'a ni le vol ni la portée",
                c(blocker),
                c(attacker),
                c(attacker),
                c(blocker)
            ),
            Refusal::Menace { attacker, blocker } => format!(
                "{} a la menace : seules deux créatures ou plus peuvent la bloquer, et {} la bloque seule",
                c(attacker),
                c(blocker)
            ),
            Refusal::Protection { blocker, attacker, colour } => format!(
                "{} ne peut pas bloquer {} : {} a la protection contre le {colour}, et {} est de couleur {}",
                c(blocker),
                c(attacker),
                c(attacker),
                c(blocker),
                colour.feminine()
            ),
            Refusal::NoFirstStrike => "il n'y a pas d'étape des blessures d'initiative à jouer : aucune créature du \
                                       combat n'a l'initiative ni la double initiative, ou cette étape a déjà eu lieu"
                .to_string(),
            Refusal::DamageDone => "toutes les étapes de blessures de ce combat ont déjà eu lieu".to_string(),
            Refusal::DivisionNotAttacking { attacker } => {
                format!("{} n'attaque pas : elle n'a pas de blessures de combat à répartir", c(attacker))
            }
            Refusal::DivisionUnblocked { attacker } => format!(
                "{} n'est pas bloquée : elle inflige toutes ses blessures au joueur attaqué, sans répartition",
                c(attacker)
            ),
            Refusal::DivisionTotal { attacker, total, power } => format!(
                "la répartition de {} donne {}, mais sa force est {power} : elle répartit toute sa force",
                c(attacker),
                plural(*total, "blessure", "blessures")
            ),
            Refusal::DivisionNotBlocking { attacker, recipient } => format!(
                "la répartition de {} donne des blessures à {}, qui ne la bloque pas",
                c(attacker),
                self.target(*recipient)
            ),
            Refusal::DivisionPlayerWithoutTrample { attacker, player } => format!(
                "{} est bloquée et n'a pas le piétinement : ses blessures vont à ses bloqueurs, pas à {}",
                c(attacker),
                self.player(*player)
            ),
            Refusal::DivisionLethalFirst { attacker, blocker, lethal, given } => format!(
                "{} a le piétinement, mais {} ne reçoit que {} quand {} sont mortelles : le joueur ne reçoit des \
                 blessures qu'une fois des blessures mortelles assignées à chaque bloqueur",
                c(attacker),
                c(blocker),
                plural(*given, "blessure", "blessures"),
                lethal
            ),
        }
    }
}

/// « n'est » / « ne sont »: the verb for `n` steps.
fn verb_be(n: usize) -> &'static str {
    if n > 1 { "sont" } else { "est" }
}

fn plural_s(n: usize) -> &'static str {
    if n > 1 { "s" } else { "" }
}

/// The first letter in upper case.
fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
