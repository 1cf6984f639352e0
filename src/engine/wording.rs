//! The French sentences of the engine's events: every word a judge reads of
//! a ruling is made here, from the data of an [`Event`], with the few words
//! announcing each step's [`Action`] and those of each expectation that does
//! not hold ([`Difference`]).
//!
//! Cards and players are named from the scenario; the numbers of the moment
//! (damage marked, life total) come with the event.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::card::{Colour, Keyword};
use super::event::{AuraFalls, Divergence, Event, Illegal};
use super::game::Game;
use super::index::{CardIdx, PlayerIdx};
use super::scenario::{Action, Card, Change, Choice, Scenario};
use super::trace::{Difference, Notice};

mod abilities;
mod combat;

/// Names cards and players of one scenario.
#[derive(Clone, Copy)]
pub struct Wording<'s> {
    cards: Cards<'s>,
    players: &'s [String],
}

/// The cards named: the scenario's, or the game's (with its tokens and
/// triggered abilities).
#[derive(Clone, Copy)]
enum Cards<'s> {
    Scenario(&'s [Card]),
    Game(&'s [Arc<Card>]),
}

impl<'s> Cards<'s> {
    fn get(self, c: CardIdx) -> &'s Card {
        match self {
            Cards::Scenario(cards) => &cards[c.0],
            Cards::Game(cards) => &cards[c.0],
        }
    }
}

impl<'s> Wording<'s> {
    /// The wording of a scenario's events, naming its cards.
    pub fn new(scenario: &'s Scenario) -> Wording<'s> {
        Wording { cards: Cards::Scenario(&scenario.cards), players: &scenario.players }
    }

    /// The wording of a game's events, naming its tokens and abilities too.
    pub fn of(game: &'s Game) -> Wording<'s> {
        Wording { cards: Cards::Game(&game.cards), players: &game.scenario.players }
    }

    fn card(&self, c: CardIdx) -> &'s str {
        &self.cards.get(c).name
    }

    fn player(&self, p: PlayerIdx) -> &'s str {
        &self.players[p.0]
    }

    /// A target's name: the card's or the player's.
    pub fn target(&self, choice: Choice) -> &'s str {
        match choice {
            Choice::Card(c) => self.card(c),
            Choice::Player(p) => self.player(p),
        }
    }

    /// The action of a step, in a few words (« Rob lance Salve d'aura en
    /// ciblant Croisade »), as announced before it is played.
    pub fn action(&self, action: &Action) -> String {
        match action {
            Action::Cast { card, targets } => {
                let who = self.player(self.cards.get(*card).controller);
                if targets.is_empty() {
                    format!("{who} lance {}", self.card(*card))
                } else {
                    let names: Vec<&str> = targets.iter().map(|&t| self.target(t)).collect();
                    format!("{who} lance {} en ciblant {}", self.card(*card), names.join(", puis "))
                }
            }
            Action::Modify { card, .. } => format!("Modification {}", de(self.card(*card))),
            Action::Move { card, to } => format!("Déplacement {} {}", de(self.card(*card)), to.to_phrase()),
            Action::Regenerate { card } => format!("Régénération {}", de(self.card(*card))),
            Action::Resolve => "Tous les joueurs passent : résolution".to_string(),
            Action::Legend { keep } => format!("Règle des légendes : choix {}", de(self.card(*keep))),
            Action::EndOfTurn => "Étape de nettoyage (fin du tour)".to_string(),
            Action::Attack { .. } | Action::Block { .. } | Action::Damage { .. } => self.combat_action(action),
        }
    }

    /// Card names joined: « A », « A et B », « A, B et C ».
    fn names(&self, cards: &[CardIdx]) -> String {
        let names: Vec<&str> = cards.iter().map(|&c| self.card(c)).collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} et {last}", rest.join(", ")),
        }
    }

    /// The event, in French: one or more sentences.
    #[allow(clippy::too_many_lines)] // one arm per event: the whole wording reads best as one table
    pub fn event(&self, event: &Event) -> String {
        match event {
            Event::AttackersDeclared { .. }
            | Event::BlockersDeclared { .. }
            | Event::FlyingBlocked { .. }
            | Event::MenaceBlocked { .. }
            | Event::DamageStep { .. }
            | Event::Assigned { .. }
            | Event::NoBlockerLeft { .. }
            | Event::CombatDamageToCreature { .. }
            | Event::CombatDamageToPlayer { .. }
            | Event::CombatDamagePrevented { .. }
            | Event::Lifelink { .. }
            | Event::DeathtouchDamage { .. }
            | Event::GameOver { .. }
            | Event::PlayerLeavesGame { .. } => self.combat_event(event).unwrap_or_default(),
            Event::Refused { why } => format!(
                "Étape refusée : {}. L'action est illégale, la partie revient à l'état d'avant ; les étapes \
                 suivantes ne sont pas jouées.",
                self.refusal(why)
            ),
            Event::TokenCreated { .. }
            | Event::TokenCeases { .. }
            | Event::Triggered { .. }
            | Event::TriggersInApnapOrder { .. }
            | Event::AbilityResolves { .. }
            | Event::AbilityEnds { .. }
            | Event::SourceGone { .. }
            | Event::GainedUntilEndOfTurn { .. } => self.ability_event(event).unwrap_or_default(),
            Event::Moved { card, from, to, .. } => format!(
                "{} va {} {} : c'est un nouvel objet, sans lien avec l'ancien.",
                self.card(*card),
                from.from_phrase(),
                to.to_phrase()
            ),
            Event::ShieldAdded { card } => format!(
                "{} reçoit un bouclier de régénération : la prochaine fois que ce permanent devrait être détruit ce \
                 tour-ci, il sera régénéré à la place.",
                self.card(*card)
            ),
            Event::RegenerationWithoutEffect { card } => {
                format!("{} n'est pas sur le champ de bataille : la régénération n'a pas d'effet.", self.card(*card))
            }
            Event::LandNotCast { card } => format!(
                "{} est un terrain : un terrain se joue, il ne se lance pas ; rien ne se passe.",
                self.card(*card)
            ),
            Event::NotInHand { card, zone } => format!(
                "{} est {} : seule une carte en main peut être lancée ici ; rien ne se passe.",
                self.card(*card),
                zone.in_phrase()
            ),
            Event::Cast { player, card } => format!(
                "{} lance {} : la carte va de sa main sur la pile et devient un sort.",
                self.player(*player),
                self.card(*card)
            ),
            Event::TargetChosen { instance, phrase, target, again } => format!(
                "Cible {} ({phrase}) : {}{}.",
                instance + 1,
                self.target(*target),
                if *again {
                    " (déjà choisie pour une autre occurrence du mot « cible », ce qui est permis)"
                } else {
                    ""
                }
            ),
            Event::CastIllegal { instance, phrase, target, why } => format!(
                "Cible {} ({phrase}) : {} ne peut pas être choisie — {}. Le lancement est illégal : la partie revient \
                 à l'état d'avant.",
                instance + 1,
                self.target(*target),
                self.illegal(why)
            ),
            Event::Modified { card, change, pt, timestamp } => format!(
                "{} : {} (effet continu, horodatage {timestamp} ; il ne s'applique qu'à cet objet).",
                self.card(*card),
                modification(change, *pt)
            ),
            Event::NothingToResolve => "La pile est vide : rien ne se résout.".into(),
            Event::Resolves { spell } => {
                format!("Tous les joueurs passent : le sort au sommet de la pile, {}, se résout.", self.card(*spell))
            }
            Event::TargetStillLegal { instance, phrase, target } => {
                format!("Cible {} ({phrase}) : {} est toujours une cible légale.", instance + 1, self.target(*target))
            }
            Event::TargetIllegal { instance, phrase, target, why } => format!(
                "Cible {} ({phrase}) : {} n'est plus une cible légale — {}.",
                instance + 1,
                self.target(*target),
                self.illegal(why)
            ),
            Event::DoesNotResolve { spell, draws, .. } => format!(
                "Toutes les cibles {} sont illégales : le sort ne se résout pas ; il quitte la pile et va au \
                 cimetière de son propriétaire. Aucune de ses instructions n'est suivie{}. Il n'est pas contrecarré \
                 (« ne peut pas être contrecarré » n'y change rien, et ce qui se déclenche quand un sort est \
                 contrecarré ne se déclenche pas).",
                de(self.card(*spell)),
                if *draws { " : personne ne pioche" } else { "" }
            ),
            Event::OlderFrenchText { divergence: Divergence::CounteredOnResolution } => {
                "Le texte français de 2011 (608.2b) dit « contrecarré » ; depuis l'édition anglaise du 5 octobre \
                 2018, le sort ne se résout pas, sans être contrecarré."
                    .into()
            }
            Event::AuraAttached { card, controller, host } => format!(
                "L'aura {} devient un permanent sous le contrôle {}, attachée à {}.",
                self.card(*card),
                de(self.player(*controller)),
                self.target(*host)
            ),
            Event::PermanentEntered { card, controller } => format!(
                "{} est un sort de permanent : la carte arrive sur le champ de bataille sous le contrôle {}.",
                self.card(*card),
                de(self.player(*controller))
            ),
            Event::Instruction { sentence } => format!("Instruction suivante : « {sentence} »."),
            Event::ResolutionEnds { spell } => {
                format!("Fin de la résolution : {} va au cimetière de son propriétaire.", self.card(*spell))
            }
            Event::PartWithoutTarget { part, target } => format!(
                "La partie « {part} » vise une cible devenue illégale ({}) : elle ne lui fait rien.",
                target.map(|t| self.target(t)).unwrap_or_default()
            ),
            Event::ColourExcluded { card, colours, colour } => format!(
                "{} ({}) : cette créature est {}, donc pas « non-{} »{} ; l'effet ne vérifie que la couleur qu'il \
                 nomme, elle n'est pas concernée.",
                self.card(*card),
                bare_colours(colours),
                colour.feminine(),
                colour.feminine(),
                also(colours, *colour)
            ),
            Event::ColourMissing { card, colours, colour } => format!(
                "{} ({}) : cette créature n'est pas {}, elle n'est pas concernée.",
                self.card(*card),
                bare_colours(colours),
                colour.feminine()
            ),
            Event::ColourMatches { card, colours, colour } => format!(
                "{} ({}) : cette créature est {}{} ; l'effet ne vérifie que la couleur qu'il nomme, elle est \
                 concernée.",
                self.card(*card),
                bare_colours(colours),
                colour.feminine(),
                also(colours, *colour)
            ),
            Event::ControllerOutOfRange { card, controller, caster } => format!(
                "{} est sous le contrôle {}, hors de la portée d'influence {} : l'effet ne l'affecte pas.",
                self.card(*card),
                de(self.player(*controller)),
                de(self.player(*caster))
            ),
            Event::PlayerOutOfRange { player, caster } => format!(
                "{} est hors de la portée d'influence {} : l'effet ne l'affecte pas.",
                self.player(*player),
                de(self.player(*caster))
            ),
            Event::AnimatedLand { card, power, toughness, type_line } => format!(
                "{} n'est pas une créature imprimée, mais « Tous les terrains sont des créatures 1/1 qui sont toujours \
                 des terrains » en fait une créature {power}/{toughness} qui garde ses autres types ({type_line}) : \
                 l'effet la concerne.",
                self.card(*card)
            ),
            Event::Exiled { card, not_destruction } => format!(
                "{} va en exil{}.",
                self.card(*card),
                if *not_destruction {
                    " : l'exil n'est pas une destruction, ni l'indestructibilité ni la régénération ne l'empêchent"
                } else {
                    ""
                }
            ),
            Event::ProtectionDoesNotStop { card, colour } => format!(
                "{} a la protection contre le {colour}, mais ce sort ne cible pas ce permanent : la protection \
                 empêche d'être ciblé, enchanté, équipé ou bloqué et prévient les blessures ; elle n'empêche pas \
                 d'être détruit ou exilé par un effet qui ne cible pas.",
                self.card(*card)
            ),
            Event::AuraDoesNotTarget { aura, host, keyword } => format!(
                "{} a maintenant {}, mais l'aura {} reste attachée : une aura sur le champ de bataille ne cible \
                 rien, seul le sort d'aura avait une cible.",
                self.card(*host),
                keyword_with_article(*keyword),
                self.card(*aura)
            ),
            Event::Conclusion { spell, legal, targets, .. } => {
                if *targets == 0 {
                    format!(
                        "Conclusion : {} ne cible rien, il n'y a pas de cible à vérifier ; le sort se résout.",
                        self.card(*spell)
                    )
                } else if legal == targets {
                    let (which, verb) = if *targets == 1 {
                        ("la cible", "est toujours légale")
                    } else {
                        ("toutes les cibles", "sont toujours légales")
                    };
                    format!("Conclusion : {which} {} {verb}, le sort se résout.", de(self.card(*spell)))
                } else {
                    let (cibles, reste) =
                        if *legal > 1 { ("cibles", "restent légales") } else { ("cible", "reste légale") };
                    format!(
                        "Conclusion : {} {cibles} sur {} {reste}, {} se résout ; ce qui vise une cible illégale ne \
                         fait rien.",
                        count_feminine(*legal),
                        count_feminine(*targets),
                        self.card(*spell)
                    )
                }
            }
            Event::StateBasedActionsWait => "Les actions basées sur un état ne sont pas vérifiées pendant la \
                                             résolution : un joueur à 0 point de vie ou moins ne perd pas encore, une \
                                             créature qui a des blessures mortelles n'est pas encore détruite ; la \
                                             vérification se fait à la fin de la résolution."
                .into(),
            Event::ReturnedToHand { card } => {
                format!("{} retourne dans la main de son propriétaire.", self.card(*card))
            }
            Event::DamagePrevented { card, colour } => format!(
                "Les blessures qui seraient infligées à {} sont prévenues : ce permanent a la protection contre le \
                 {colour}.",
                self.card(*card)
            ),
            Event::DamageToPermanent { spell, card, amount, marked } => format!(
                "{} inflige {} à {} (blessures marquées : {marked}).",
                self.card(*spell),
                plural(*amount, "blessure", "blessures"),
                self.card(*card)
            ),
            Event::DamageToPlayer { spell, player, amount, life } => format!(
                "{} inflige {} à {}, qui perd autant de points de vie ({life}).",
                self.card(*spell),
                plural(*amount, "blessure", "blessures"),
                self.player(*player)
            ),
            Event::Drew { player, count } => format!("{} pioche {}.", self.player(*player), cards(*count)),
            Event::Countered { card } => {
                format!("{} est contrecarré : la carte va au cimetière de son propriétaire.", self.card(*card))
            }
            Event::LifeGained { player, amount, life } => {
                format!("{} gagne {} ({life}).", self.player(*player), plural(*amount, "point de vie", "points de vie"))
            }
            Event::LifeLost { player, amount, life } => {
                format!("{} perd {} ({life}).", self.player(*player), plural(*amount, "point de vie", "points de vie"))
            }
            Event::Indestructible { card } => {
                format!("{} a l'indestructibilité : ce permanent n'est pas détruit.", self.card(*card))
            }
            Event::Regenerated { card } => format!(
                "Régénération : au lieu d'être détruit, ce permanent ({}) est engagé et ses blessures sont retirées ; \
                 le bouclier est utilisé.",
                self.card(*card)
            ),
            Event::RegenerationForbidden { card } => format!(
                "{} a un bouclier de régénération, mais l'effet interdit la régénération : le bouclier ne s'applique \
                 pas.",
                self.card(*card)
            ),
            Event::Destroyed { card } => {
                format!("{} va au cimetière de son propriétaire : c'est une destruction.", self.card(*card))
            }
            Event::LegendRulePending { player, cards } => format!(
                "{} contrôle {} permanents légendaires nommés « {} » : la règle des légendes s'applique, et {} \
                 choisit celui qu'il garde (étape suivante).",
                self.player(*player),
                count_masculine(cards.len()),
                self.card(cards[0]),
                self.player(*player)
            ),
            Event::LegendRule { player, kept, others, chosen } => format!(
                "Règle des légendes : {} garde {}{} ; {} {} au cimetière de {} propriétaire (ce n'est pas une \
                 destruction : l'indestructibilité et la régénération n'y peuvent rien).",
                self.player(*player),
                self.card(*kept),
                if *chosen {
                    ""
                } else {
                    ", arrivé le plus récemment (choix par défaut : aucune étape « legende »)"
                },
                self.names(others),
                if others.len() > 1 { "vont" } else { "va" },
                if others.len() > 1 { "leur" } else { "son" }
            ),
            Event::NoLegendChoice { card } => {
                format!("Aucune règle des légendes n'attend de choix pour {} : l'étape ne fait rien.", self.card(*card))
            }
            Event::Pumped { card, power, toughness, pt } => format!(
                "{} {} {power:+}/{toughness:+} jusqu'à la fin du tour : {}/{} (couche 7c).",
                self.card(*card),
                if *power < 0 || *toughness < 0 { "reçoit" } else { "gagne" },
                pt.0,
                pt.1
            ),
            Event::CountersPut { card, plus, count, pt } => {
                let kind = if *plus { "+1/+1" } else { "-1/-1" };
                format!(
                    "{} reçoit {} : {}/{} (couche 7c).",
                    self.card(*card),
                    plural(*count, &format!("marqueur {kind}"), &format!("marqueurs {kind}")),
                    pt.0,
                    pt.1
                )
            }
            Event::CountersCancel { card, pairs } => format!(
                "{} a des marqueurs +1/+1 et -1/-1 : {} de chaque sorte {}.",
                self.card(*card),
                count_masculine(*pairs as usize),
                if *pairs > 1 { "sont retirés" } else { "est retiré" }
            ),
            Event::Cleanup { damage_removed, effects_ended } => {
                let damage = if damage_removed.is_empty() {
                    "aucun permanent n'a de blessures".to_string()
                } else {
                    format!("les blessures sont retirées {}", de(&self.names(damage_removed)))
                };
                let effects = if effects_ended.is_empty() {
                    "aucun effet « jusqu'à la fin du tour » ne prend fin".to_string()
                } else {
                    format!("les effets « jusqu'à la fin du tour » sur {} prennent fin", self.names(effects_ended))
                };
                format!("Nettoyage, en même temps : {damage}, et {effects}.")
            }
            Event::StateBasedActions => "Avant qu'un joueur ne reçoive la priorité, le jeu vérifie les actions \
                                         basées sur un état, jusqu'à ce qu'aucune ne s'applique :"
                .into(),
            Event::PlayerLoses { player, life } => {
                let amount = plural(life.unsigned_abs(), "point de vie", "points de vie");
                let sign = if *life < 0 { "-" } else { "" };
                format!("{} a {sign}{amount} (0 ou moins) : il perd la partie.", self.player(*player))
            }
            Event::ZeroToughness { card, toughness } => format!(
                "{} a une endurance de {toughness} et va au cimetière de son propriétaire (ce n'est pas une \
                 destruction : ni la régénération ni l'indestructibilité n'y peuvent rien).",
                self.card(*card)
            ),
            Event::LethalDamage { card, damage, toughness } => format!(
                "{} a {} pour une endurance de {toughness} : ce sont des blessures mortelles, et le permanent est \
                 détruit, sauf s'il est indestructible ou se régénère.",
                self.card(*card),
                plural(*damage, "blessure marquée", "blessures marquées")
            ),
            Event::AuraUnattached { card, why } => {
                let because = match why {
                    AuraFalls::NotAttached => {
                        "l'objet qu'elle enchantait a quitté le champ de bataille (un objet qui revient est un \
                         nouvel objet)"
                            .to_string()
                    }
                    AuraFalls::NotEnchantable { host, enchant } => format!(
                        "{} n'est plus un objet qu'elle peut enchanter (« {} »)",
                        self.card(*host),
                        Keyword::Enchant(*enchant)
                    ),
                    AuraFalls::Protection { host, colour } => format!(
                        "{} a la protection contre le {colour}, et l'aura est {}",
                        self.card(*host),
                        colour.feminine()
                    ),
                };
                let state = if matches!(why, AuraFalls::NotAttached) {
                    "n'est plus attachée à rien"
                } else {
                    "est attachée illégalement"
                };
                format!("L'aura {} {state} — {because} : elle va au cimetière de son propriétaire.", self.card(*card))
            }
        }
    }

    /// An expectation of `[attendu]` that does not hold, in French.
    pub fn difference(&self, difference: &Difference) -> String {
        let id = |c: CardIdx| self.label(c);
        match difference {
            Difference::Zone { card, expected, got } => {
                format!("zone de « {} » : attendu {expected}, obtenu {got}", id(*card))
            }
            Difference::Draws { player, expected, got } => {
                format!("pioches {} : attendu {expected}, obtenu {got}", de(self.player(*player)))
            }
            Difference::Life { player, expected, got } => {
                format!("points de vie {} : attendu {expected}, obtenu {got}", de(self.player(*player)))
            }
            Difference::DamageOffBattlefield { card, expected, zone } => format!(
                "blessures de « {} » : attendu {expected}, mais la carte n'est plus sur le champ de bataille ({zone})",
                id(*card)
            ),
            Difference::Damage { card, expected, got } => {
                format!("blessures de « {} » : attendu {expected}, obtenu {got}", id(*card))
            }
            Difference::Countered { expected, got } => {
                format!("sorts contrecarrés : attendu {}, obtenu {}", self.ids(expected), self.ids(got))
            }
            Difference::NotResolved { expected, got } => {
                format!("sorts non résolus : attendu {}, obtenu {}", self.ids(expected), self.ids(got))
            }
            Difference::Losers { expected, got } => {
                let names = |l: &[PlayerIdx]| {
                    if l.is_empty() {
                        "aucun".to_string()
                    } else {
                        l.iter().map(|&p| self.player(p)).collect::<Vec<_>>().join(", ")
                    }
                };
                format!("joueurs qui ont perdu : attendu {}, obtenu {}", names(expected), names(got))
            }
            Difference::Counters { card, plus, expected, got } => format!(
                "marqueurs {} sur « {} » : attendu {expected}, obtenu {got}",
                if *plus { "+1/+1" } else { "-1/-1" },
                id(*card)
            ),
            Difference::PowerToughness { card, expected, got } => format!(
                "force et endurance de « {} » : attendu {}/{}, obtenu {}",
                id(*card),
                expected.0,
                expected.1,
                got.map_or("pas une créature sur le champ de bataille".to_string(), |(p, t)| format!("{p}/{t}"))
            ),
            Difference::Refusal { expected, got } if got.is_empty() => {
                format!("refus attendu (règle {expected}) : aucune étape n'a été refusée")
            }
            Difference::Refusal { expected, got } => {
                let got: Vec<String> = got.iter().map(ToString::to_string).collect();
                format!("refus attendu (règle {expected}) : l'étape refusée cite {}", got.join(", "))
            }
            Difference::Tokens { player, expected, got } => {
                format!("jetons {} : attendu {expected}, obtenu {got}", de(self.player(*player)))
            }
            Difference::Tapped { expected, got } => {
                format!("permanents engagés : attendu {}, obtenu {}", self.ids(expected), self.ids(got))
            }
        }
    }

    /// Cards as a judge reads them, or « aucun ».
    fn ids(&self, cards: &[CardIdx]) -> String {
        if cards.is_empty() {
            return "aucun".to_string();
        }
        cards.iter().map(|&c| self.label(c)).collect::<Vec<_>>().join(", ")
    }

    /// A card as a judge reads it: its name, with its id when another card
    /// has that name (« Thalia (thalia-2) »).
    fn label(&self, c: CardIdx) -> String {
        let name = self.card(c);
        let shared = match self.cards {
            Cards::Scenario(cards) => cards.iter().filter(|k| k.name == name).count(),
            Cards::Game(cards) => cards.iter().filter(|k| k.name == name).count(),
        };
        if shared > 1 { format!("{name} ({})", self.id(c)) } else { name.to_string() }
    }

    /// A card's id in the scenario (« ours »).
    fn id(&self, c: CardIdx) -> &'s str {
        &self.cards.get(c).id
    }

    /// What holds but is written the old way.
    pub fn notice(&self, n: &Notice) -> String {
        match n {
            Notice::NotResolvedNamedCountered { card } => {
                let id = self.id(*card);
                format!(
                    "« contrecarres » nomme « {id} », qui ne s'est pas résolu (toutes ses cibles illégales, 608.2b) \
                     sans être contrecarré (701.6a) : écrivez non_resolus = [\"{id}\"]"
                )
            }
        }
    }

    /// Why a target is illegal, as a clause.
    pub fn illegal(&self, why: &Illegal) -> String {
        match why {
            Illegal::NotAPlayer { player, phrase } => {
                format!("{} est un joueur, pas « {phrase} »", self.player(*player))
            }
            Illegal::PlayerLeft { player } => format!("{} a quitté la partie", self.player(*player)),
            Illegal::PlayerOutOfRange { player, caster } => {
                format!("{} est hors de la portée d'influence {}", self.player(*player), de(self.player(*caster)))
            }
            Illegal::NewObject { card } => {
                format!("{} a changé de zone : c'est un nouvel objet, que le sort ne cible pas", self.card(*card))
            }
            Illegal::WrongZone { card, expected } => {
                format!("{} n'est pas dans la zone voulue ({expected})", self.card(*card))
            }
            Illegal::WrongKind { card, phrase } => format!("{} ne correspond pas à « {phrase} »", self.card(*card)),
            Illegal::ExcludedColour { card, colour, phrase } => {
                format!("{} est de couleur {} : ce n'est pas « {phrase} »", self.card(*card), colour.feminine())
            }
            Illegal::ExcludedType { card, card_type, phrase } => {
                format!("{} a le type {} : ce n'est pas « {phrase} »", self.card(*card), card_type.name())
            }
            Illegal::Protection { card, colour, spell } => format!(
                "{} a la protection contre le {colour}, et {} est de couleur {}",
                self.card(*card),
                self.card(*spell),
                colour.feminine()
            ),
            Illegal::Shroud { card } => format!("{} a le linceul", self.card(*card)),
            Illegal::Hexproof { card, caster } => format!(
                "{} a la défense talismanique et {} est un adversaire de son contrôleur",
                self.card(*card),
                self.player(*caster)
            ),
            Illegal::ControllerOutOfRange { card, caster } => format!(
                "{} est sous le contrôle d'un joueur hors de la portée d'influence {}",
                self.card(*card),
                de(self.player(*caster))
            ),
        }
    }
}

/// « gagne « vol », devient de couleur noire, a une force et une endurance de 1/1 ».
fn modification(change: &Change, pt: Option<(i32, i32)>) -> String {
    let mut parts = Vec::new();
    for k in &change.gains {
        parts.push(format!("gagne « {k} »"));
    }
    for k in &change.loses {
        parts.push(format!("perd « {k} »"));
    }
    if let Some(cs) = &change.colours {
        parts.push(format!("devient {}", colours(cs)));
    }
    if let Some(t) = &change.type_line {
        parts.push(format!("devient « {t} »"));
    }
    if let Some((power, toughness)) = pt {
        parts.push(format!("a une force et une endurance de {power}/{toughness}"));
    }
    parts.join(", ")
}

/// « , même si elle est aussi blanche »: the colours other than the one named.
fn also(colours: &BTreeSet<Colour>, named: Colour) -> String {
    let rest: BTreeSet<Colour> = colours.iter().copied().filter(|c| *c != named).collect();
    if rest.is_empty() { String::new() } else { format!(", même si elle est aussi {}", bare_colours(&rest)) }
}

/// « 1 blessure », « 2 blessures »: [`crate::text::plural`] for the engine's counts.
fn plural(n: u32, one: &str, many: &str) -> String {
    crate::text::plural(n as usize, one, many)
}

/// « un », « deux »…: a count of masculine things (permanents).
fn count_masculine(n: usize) -> String {
    match n {
        1 => "un".into(),
        n => count_feminine(n),
    }
}

/// « une », « deux »…: a count of feminine things (cibles).
fn count_feminine(n: usize) -> String {
    match n {
        1 => "une".into(),
        n => crate::text::number_names(&n.to_string()).map_or_else(|| n.to_string(), |(fr, _)| fr.to_string()),
    }
}

fn cards(n: u32) -> String {
    match n {
        1 => "une carte".into(),
        n => format!("{n} cartes"),
    }
}

/// « de couleur noire et blanche », « incolore ».
pub fn colours(colours: &BTreeSet<Colour>) -> String {
    let names: Vec<&str> = colours.iter().map(|c| c.feminine()).collect();
    match names.len() {
        0 => "incolore".to_string(),
        1 => format!("de couleur {}", names[0]),
        n => format!("de couleur {} et {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// « noire et blanche », « incolore »: the colours without « de couleur ».
fn bare_colours(set: &BTreeSet<Colour>) -> String {
    colours(set).trim_start_matches("de couleur ").to_string()
}

/// « le vol », « l'initiative », « la protection contre le blanc »: a keyword ability with its article.
pub fn keyword_with_article(k: Keyword) -> String {
    let article = match k {
        Keyword::Flying
        | Keyword::Shroud
        | Keyword::Trample
        | Keyword::Deathtouch
        | Keyword::Lifelink
        | Keyword::Defender => "le ",
        Keyword::Hexproof
        | Keyword::Protection(_)
        | Keyword::DoubleStrike
        | Keyword::Vigilance
        | Keyword::Reach
        | Keyword::Menace => "la ",
        Keyword::FirstStrike => "l'",
        Keyword::Indestructible => return "l'indestructibilité".to_string(),
        Keyword::Enchant(_) => return format!("« {k} »"),
    };
    format!("{article}{k}")
}

/// « de Rob », « d'Alex », « d'Emma »: the preposition, elided before a vowel.
pub fn de(name: &str) -> String {
    let vowel = crate::text::fold(name).starts_with(['a', 'e', 'i', 'o', 'u', 'y', 'h']);
    if vowel { format!("d'{name}") } else { format!("de {name}") }
}
