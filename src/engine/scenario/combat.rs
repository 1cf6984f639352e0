//! The combat steps of a scenario: `attaquer` (with `defenseur`), `bloquer`,
//! `blessures` (with `repartition`), read and checked for what the file
//! alone tells: every id names a card of the scenario, none twice, amounts
//! within bounds. Whether the attack or the block is legal depends on the
//! game at that step: the engine checks it when the step is played.

use toml::Spanned;

use super::{Action, Choice, DamageKey, Division, Ordered, Reader, ScenarioError};
use crate::engine::index::{CardIdx, PlayerIdx};
use crate::text::fold;

/// The most damage one share of a `repartition` may give.
const MAX_SHARE: i64 = 10_000;

impl Reader<'_> {
    /// `attaquer = ["ours", "elan"]`, with an optional `defenseur`.
    pub(super) fn attack(
        &self,
        list: &Spanned<Vec<Spanned<String>>>,
        defender_key: Option<&Spanned<String>>,
    ) -> Result<Action, ScenarioError> {
        if list.get_ref().is_empty() {
            let message = "« attaquer » nomme au moins une créature (pour ne pas attaquer, omettez l'étape)".into();
            return Err(self.err(list.span().start, "attaquer", message));
        }
        let mut attackers = Vec::new();
        for name in list.get_ref() {
            let card = self.card_named(name, "attaquer")?;
            if attackers.contains(&card) {
                let message = format!("« {} » est nommée deux fois", name.get_ref().trim());
                return Err(self.err(name.span().start, "attaquer", message));
            }
            attackers.push(card);
        }
        let defender = defender_key.map(|d| self.player(d, "defenseur")).transpose()?;
        if let (Some(PlayerIdx(0)), Some(d)) = (defender, defender_key) {
            let message = format!("{} est le joueur actif : il ne s'attaque pas lui-même (508.1b)", self.players[0]);
            return Err(self.err(d.span().start, "defenseur", message));
        }
        Ok(Action::Attack { attackers, defender })
    }

    /// `bloquer = { mur = "ours" }`: blocker id = attacker id, in the order
    /// written; `bloquer = {}` declares no block.
    pub(super) fn block(&self, table: &Spanned<Ordered<Spanned<String>>>) -> Result<Action, ScenarioError> {
        let mut blocks = Vec::new();
        for (blocker, attacker) in &table.get_ref().0 {
            let at = attacker.span().start;
            let blocker = self.card_by_id(blocker, at, "bloquer")?;
            let attacker = self.card_named(attacker, "bloquer")?;
            if blocker == attacker {
                let message = format!("« {} » ne peut pas se bloquer elle-même", self.cards[blocker.0].id);
                return Err(self.err(at, "bloquer", message));
            }
            blocks.push((blocker, attacker));
        }
        Ok(Action::Block { blocks })
    }

    /// `blessures = true` or `"initiative"`, with an optional `repartition`.
    pub(super) fn damage(
        &self,
        key: &Spanned<DamageKey>,
        division: Option<&Spanned<Ordered<Ordered<Spanned<i64>>>>>,
    ) -> Result<Action, ScenarioError> {
        let first_strike_only = match key.get_ref() {
            DamageKey::All(true) => false,
            DamageKey::Step(s) if fold(s.trim()) == "initiative" => true,
            _ => {
                let message = "« blessures » vaut true (toutes les étapes de blessures) ou \"initiative\" (l'étape \
                               des blessures d'initiative seule, 510.4)"
                    .into();
                return Err(self.err(key.span().start, "blessures", message));
            }
        };
        let mut out: Vec<Division> = Vec::new();
        for (attacker, shares) in division.map(|d| d.get_ref().0.as_slice()).unwrap_or_default() {
            let at = division.map_or(key.span().start, |d| d.span().start);
            let attacker = self.card_by_id(attacker, at, "repartition")?;
            if out.iter().any(|d| d.attacker == attacker) {
                let message = format!("« {} » est répartie deux fois", self.cards[attacker.0].id);
                return Err(self.err(at, "repartition", message));
            }
            let mut division = Division { attacker, shares: Vec::new() };
            for (recipient, amount) in &shares.0 {
                let at = amount.span().start;
                let choice = self.recipient(recipient, at)?;
                if division.shares.iter().any(|(c, _)| *c == choice) {
                    return Err(self.err(at, "repartition", format!("« {recipient} » est nommé deux fois")));
                }
                let n = *amount.get_ref();
                if !(0..=MAX_SHARE).contains(&n) {
                    return Err(self.err(at, "repartition", format!("blessures de 0 à {MAX_SHARE}, pas {n}")));
                }
                division.shares.push((choice, n as u32));
            }
            out.push(division);
        }
        Ok(Action::Damage { first_strike_only, division: out })
    }

    /// A card by its id, written as a table key (no span of its own: `at`
    /// is where the error points).
    fn card_by_id(&self, id: &str, at: usize, key: &str) -> Result<CardIdx, ScenarioError> {
        self.cards.iter().position(|c| c.id == id.trim()).map(CardIdx).ok_or_else(|| {
            let message = format!("carte « {id} » inconnue (déclarez-la dans un [[carte]])");
            self.err(at, key, message)
        })
    }

    /// Who gets a share of damage: a card's id, else a player's name.
    fn recipient(&self, name: &str, at: usize) -> Result<Choice, ScenarioError> {
        if let Some(i) = self.cards.iter().position(|c| c.id == name.trim()) {
            return Ok(Choice::Card(CardIdx(i)));
        }
        match self.players.iter().position(|p| fold(p) == fold(name.trim())) {
            Some(p) => Ok(Choice::Player(PlayerIdx(p))),
            None => Err(self.err(at, "repartition", format!("« {name} » n'est ni une carte ni un joueur du scénario"))),
        }
    }
}
