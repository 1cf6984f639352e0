//! The French sentences of tokens and triggered abilities, and of abilities
//! gained until end of turn.

use super::{Wording, de, keyword_with_article};
use crate::engine::event::Event;
use crate::engine::text::TriggerEvent;

impl Wording<'_> {
    /// A token or triggered-ability event, in French; `None` for any other event.
    pub(super) fn ability_event(&self, event: &Event) -> Option<String> {
        let text = match event {
            Event::TokenCreated { token, maker, controller } => format!(
                "{} crée un jeton, {} : {} en est le propriétaire et le contrôleur, il arrive sur le champ de bataille.",
                self.card(*maker),
                self.card(*token),
                self.player(*controller)
            ),
            Event::TokenCeases { token, zone } => format!(
                "{} est un jeton {} : un jeton hors du champ de bataille cesse d'exister.",
                self.card(*token),
                zone.in_phrase()
            ),
            Event::Triggered { source, controller, event, sentence, .. } => {
                let why = match event {
                    TriggerEvent::Dies => format!(
                        "{} est mise dans un cimetière depuis le champ de bataille : elle meurt, et sa capacité « \
                         meurt » regarde en arrière, vers le moment où elle était encore sur le champ de bataille",
                        self.card(*source)
                    ),
                    TriggerEvent::AnotherCreatureYouControlDies => "une autre créature de son contrôleur meurt ; \
                                                                    la capacité regarde en arrière, et voit aussi \
                                                                    les créatures mortes en même temps"
                        .to_string(),
                    TriggerEvent::Enters => format!("{} arrive sur le champ de bataille", self.card(*source)),
                    TriggerEvent::Attacks => format!("{} est déclarée comme attaquante", self.card(*source)),
                };
                format!(
                    "Capacité déclenchée {} : « {sentence} » — {why}. Elle va sur la pile sous le contrôle {}, \
                     dès qu'un joueur devrait recevoir la priorité.",
                    de(self.card(*source)),
                    super::de(self.player(*controller))
                )
            }
            Event::TriggersInApnapOrder { players } => {
                let names: Vec<&str> = players.iter().map(|&p| self.player(p)).collect();
                format!(
                    "Plusieurs joueurs ont des capacités déclenchées : elles vont sur la pile dans l'ordre du joueur \
                     actif puis des autres dans l'ordre du tour ({}) ; la dernière mise sur la pile se résout la \
                     première.",
                    names.join(", puis ")
                )
            }
            Event::AbilityResolves { source, .. } => format!(
                "Tous les joueurs passent : la capacité déclenchée {} au sommet de la pile se résout ; elle \
                 existe indépendamment de sa source.",
                de(self.card(*source))
            ),
            Event::AbilityEnds { ability } => {
                format!("Fin de la résolution : {} quitte la pile et cesse d'exister.", self.card(*ability))
            }
            Event::SourceGone { card } => format!(
                "{} n'est plus l'objet dont la capacité s'est déclenchée (un nouvel objet, ou hors du champ de \
                 bataille) : cette instruction ne lui fait rien.",
                self.card(*card)
            ),
            Event::GainedUntilEndOfTurn { card, keyword } => format!(
                "{} acquiert {} jusqu'à la fin du tour (effet continu, couche 6).",
                self.card(*card),
                keyword_with_article(*keyword)
            ),
            _ => return None,
        };
        Some(text)
    }
}
