//! The game: objects, zones, the stack, and the rules that move them.
//!
//! A card is always exactly one object; when it changes zone it becomes a new
//! object (400.7): its identity number changes, the modifications made to the
//! old object and its damage are gone, and a spell that targeted the old
//! object finds its target illegal (608.2b).
//!
//! Characteristics are computed, never stored: the printed ones, then the
//! continuous effects that apply, in layer order and, within a layer, in
//! timestamp order (613): types (layer 4), colours (5), abilities (6),
//! power and toughness (7b).
//!
//! Each action records events: what happened, in French, and the rules
//! applied; [`super::trace`] turns them into the explanation.

use std::collections::BTreeSet;

use super::card::{CardType, Colour, Enchant, Keyword, TypeLine};
use super::scenario::{Action, Card, Change, Choice, Scenario, Zone};
use super::text::{Effect, Instruction, Static, Subject, TargetKind, TargetSpec};

/// What happened, and the rules applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The explanation, in French.
    pub text: String,
    /// The rules applied, as written in the rules (`608.2b`).
    pub rules: Vec<&'static str>,
}

/// A player.
#[derive(Debug, Clone)]
pub struct PlayerState {
    /// Name.
    pub name: String,
    /// Life total.
    pub life: i32,
    /// Cards drawn during the scenario.
    pub draws: u32,
    /// Anonymous cards left in the library.
    pub library: u32,
    /// Whether the player lost the game (704.5a).
    pub lost: bool,
}

/// A target as chosen on casting: what, and which object it was then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chosen {
    /// The choice.
    pub choice: Choice,
    /// For a card: the object's identity when it was targeted.
    pub object: u64,
}

/// The object a card currently is.
#[derive(Debug, Clone)]
pub struct Object {
    /// Identity: changes at every zone change (400.7).
    pub id: u64,
    /// Zone.
    pub zone: Zone,
    /// Controller.
    pub controller: usize,
    /// Damage marked (a permanent).
    pub damage: u32,
    /// Regeneration shields (701.15).
    pub shields: u32,
    /// Tapped.
    pub tapped: bool,
    /// Timestamp: when it entered its zone (613.7).
    pub timestamp: u64,
    /// Targets, while a spell on the stack.
    pub targets: Vec<Chosen>,
    /// The card it is attached to (an aura), and that card's object then.
    pub attached_to: Option<(usize, u64)>,
}

/// A continuous effect from a `modifier` step, on one object.
#[derive(Debug, Clone)]
struct Modification {
    card: usize,
    object: u64,
    timestamp: u64,
    change: Change,
}

/// Characteristics, after continuous effects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chars {
    /// Type line.
    pub type_line: TypeLine,
    /// Colours.
    pub colours: BTreeSet<Colour>,
    /// Keyword abilities.
    pub keywords: Vec<Keyword>,
    /// Power.
    pub power: Option<i32>,
    /// Toughness.
    pub toughness: Option<i32>,
}

impl Chars {
    /// Whether it has a card type.
    pub fn is(&self, t: CardType) -> bool {
        self.type_line.is(t)
    }

    fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }
}

/// The whole game.
#[derive(Debug, Clone)]
pub struct Game<'s> {
    /// The scenario played.
    pub scenario: &'s Scenario,
    /// Players, in seat order.
    pub players: Vec<PlayerState>,
    /// The object each card is.
    pub objects: Vec<Object>,
    /// The stack, bottom first.
    pub stack: Vec<usize>,
    /// Cards countered on resolution (608.2b) or by a spell (701.5).
    pub countered: Vec<usize>,
    modifications: Vec<Modification>,
    clock: u64,
    next_id: u64,
}

/// Cards in each player's library at the start.
const LIBRARY: u32 = 60;

impl<'s> Game<'s> {
    /// The game at the start of the scenario.
    pub fn new(scenario: &'s Scenario) -> Game<'s> {
        let players = scenario
            .players
            .iter()
            .map(|name| PlayerState { name: name.clone(), life: 20, draws: 0, library: LIBRARY, lost: false })
            .collect();
        let objects = scenario
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| Object {
                id: i as u64 + 1,
                zone: c.zone,
                controller: c.controller,
                damage: 0,
                shields: 0,
                tapped: false,
                timestamp: i as u64 + 1,
                targets: Vec::new(),
                attached_to: None,
            })
            .collect();
        let n = scenario.cards.len() as u64;
        Game {
            scenario,
            players,
            objects,
            stack: Vec::new(),
            countered: Vec::new(),
            modifications: Vec::new(),
            clock: n + 1,
            next_id: n + 1,
        }
    }

    fn card(&self, i: usize) -> &'s Card {
        &self.scenario.cards[i]
    }

    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The card's name.
    pub fn name(&self, i: usize) -> &'s str {
        &self.card(i).name
    }

    fn player_name(&self, p: usize) -> &str {
        &self.players[p].name
    }

    /// Characteristics of a card's current object (613).
    pub fn chars(&self, i: usize) -> Chars {
        let card = self.card(i);
        let object = &self.objects[i];
        let mut c = Chars {
            type_line: card.type_line.clone(),
            colours: card.colours.clone(),
            keywords: card.keywords.clone(),
            power: card.power,
            toughness: card.toughness,
        };
        // Effects applying to this object: modifications of this very object,
        // and static abilities of permanents (on permanents).
        let mut effects: Vec<(u8, u64, EffectChange)> = Vec::new();
        for m in self.modifications.iter().filter(|m| m.card == i && m.object == object.id) {
            if let Some(t) = &m.change.type_line {
                effects.push((4, m.timestamp, EffectChange::SetType(t.clone())));
            }
            if let Some(cs) = &m.change.colours {
                effects.push((5, m.timestamp, EffectChange::SetColours(cs.clone())));
            }
            for k in &m.change.gains {
                effects.push((6, m.timestamp, EffectChange::Gain(*k)));
            }
            for k in &m.change.loses {
                effects.push((6, m.timestamp, EffectChange::Lose(*k)));
            }
            if m.change.power.is_some() || m.change.toughness.is_some() {
                effects.push((7, m.timestamp, EffectChange::SetPt(m.change.power, m.change.toughness)));
            }
        }
        if object.zone == Zone::Battlefield {
            for (s, src) in self.scenario.cards.iter().enumerate() {
                if self.objects[s].zone == Zone::Battlefield && src.text.statics.contains(&Static::AllLandsAreCreatures)
                {
                    let ts = self.objects[s].timestamp;
                    effects.push((4, ts, EffectChange::LandsBecomeCreatures));
                    effects.push((7, ts, EffectChange::LandsAre11));
                }
            }
        }
        effects.sort_by_key(|e| (e.0, e.1));
        for (_, _, e) in effects {
            match e {
                EffectChange::SetType(t) => c.type_line = t,
                EffectChange::LandsBecomeCreatures if c.is(CardType::Terrain) => {
                    c.type_line.types.insert(CardType::Creature);
                }
                EffectChange::SetColours(cs) => c.colours = cs,
                EffectChange::Gain(k) if !c.keywords.contains(&k) => c.keywords.push(k),
                EffectChange::Lose(k) => c.keywords.retain(|x| *x != k),
                EffectChange::SetPt(p, t) => {
                    c.power = p.or(c.power);
                    c.toughness = t.or(c.toughness);
                }
                EffectChange::LandsAre11 if c.is(CardType::Terrain) && c.is(CardType::Creature) => {
                    c.power = Some(1);
                    c.toughness = Some(1);
                }
                _ => {}
            }
        }
        c
    }

    /// Whether a permanent is a creature through « Tous les terrains sont des
    /// créatures 1/1… » on the battlefield (205.1b, 611.3a).
    fn animated_by_static(&self, i: usize) -> bool {
        self.objects[i].zone == Zone::Battlefield
            && self.card(i).type_line.is(CardType::Terrain)
            && self.scenario.cards.iter().enumerate().any(|(s, src)| {
                self.objects[s].zone == Zone::Battlefield && src.text.statics.contains(&Static::AllLandsAreCreatures)
            })
    }

    /// Seats apart around the table, the shorter way.
    fn distance(&self, a: usize, b: usize) -> u32 {
        let n = self.players.len();
        let d = a.abs_diff(b);
        d.min(n - d) as u32
    }

    /// Whether player `b` is within player `a`'s range of influence (801.2).
    pub fn in_range(&self, a: usize, b: usize) -> bool {
        self.scenario.range.is_none_or(|r| self.distance(a, b) <= r)
    }

    /// Moves a card to a zone: a new object (400.7).
    fn move_to(&mut self, i: usize, zone: Zone) {
        if self.objects[i].zone == Zone::Stack {
            self.stack.retain(|&s| s != i);
        }
        let id = self.next_id;
        self.next_id += 1;
        let ts = self.tick();
        // Off the battlefield and the stack an object has no controller; its
        // owner is kept there so that a later cast knows who holds it.
        let controller = match zone {
            Zone::Battlefield | Zone::Stack => self.card(i).controller,
            _ => self.card(i).owner,
        };
        self.objects[i] = Object {
            id,
            zone,
            controller,
            damage: 0,
            shields: 0,
            tapped: false,
            timestamp: ts,
            targets: Vec::new(),
            attached_to: None,
        };
        if zone == Zone::Stack {
            self.stack.push(i);
        }
    }

    /// Why a target is not legal for a spell, or `None` when it is (115, 608.2b).
    fn illegal(&self, spell: usize, spec: &TargetSpec, chosen: &Chosen) -> Option<(String, Vec<&'static str>)> {
        let controller = self.objects[spell].controller;
        let source_colours = self.chars(spell).colours;
        match chosen.choice {
            Choice::Player(p) => {
                if !matches!(spec.kind, TargetKind::Player | TargetKind::Any | TargetKind::CreatureOrPlayer) {
                    return Some((
                        format!("{} est un joueur, pas « {} »", self.player_name(p), spec.phrase),
                        vec!["115.1"],
                    ));
                }
                if self.players[p].lost {
                    return Some((format!("{} a quitté la partie", self.player_name(p)), vec!["104.3"]));
                }
                if !self.in_range(controller, p) {
                    return Some((
                        format!(
                            "{} est hors de la portée d'influence {}",
                            self.player_name(p),
                            de(self.player_name(controller))
                        ),
                        vec!["801.4"],
                    ));
                }
                None
            }
            Choice::Card(t) => {
                let o = &self.objects[t];
                let name = self.name(t);
                if o.id != chosen.object {
                    return Some((
                        format!("{name} a changé de zone : c'est un nouvel objet, que le sort ne cible pas"),
                        vec!["400.7", "608.2b"],
                    ));
                }
                let expected_zone = if spec.kind == TargetKind::Spell { Zone::Stack } else { Zone::Battlefield };
                if o.zone != expected_zone {
                    return Some((
                        format!("{name} n'est pas dans la zone voulue ({})", expected_zone),
                        vec!["115.1", "608.2b"],
                    ));
                }
                let c = self.chars(t);
                let kind_ok = match spec.kind {
                    TargetKind::Creature => c.is(CardType::Creature),
                    TargetKind::Enchantment => c.is(CardType::Enchantement),
                    TargetKind::Land => c.is(CardType::Terrain),
                    TargetKind::Artifact => c.is(CardType::Artefact),
                    TargetKind::Permanent => true,
                    TargetKind::Spell => true,
                    TargetKind::Player => false,
                    TargetKind::Any => c.is(CardType::Creature) || c.is(CardType::Planeswalker),
                    TargetKind::CreatureOrPlayer => c.is(CardType::Creature),
                };
                if !kind_ok {
                    return Some((format!("{name} ne correspond pas à « {} »", spec.phrase), vec!["115.1", "608.2b"]));
                }
                if let Some(col) = spec.not_colours.iter().find(|col| c.colours.contains(col)) {
                    return Some((
                        format!("{name} est de couleur {} : ce n'est pas « {} »", col.feminine(), spec.phrase),
                        vec!["608.2b"],
                    ));
                }
                if let Some(ty) = spec.not_types.iter().find(|ty| c.is(**ty)) {
                    return Some((
                        format!("{name} a le type {} : ce n'est pas « {} »", ty.name(), spec.phrase),
                        vec!["608.2b"],
                    ));
                }
                if let Some(col) = source_colours.iter().find(|col| c.has(Keyword::Protection(**col))) {
                    return Some((
                        format!(
                            "{name} a la protection contre le {col}, et {} est de couleur {}",
                            self.name(spell),
                            col.feminine()
                        ),
                        vec!["702.16b"],
                    ));
                }
                if c.has(Keyword::Shroud) {
                    return Some((format!("{name} a le linceul"), vec!["702.18a"]));
                }
                if c.has(Keyword::Hexproof) && o.controller != controller {
                    return Some((
                        format!(
                            "{name} a la défense talismanique et {} est un adversaire de son contrôleur",
                            self.player_name(controller)
                        ),
                        vec!["702.11b"],
                    ));
                }
                if !self.in_range(controller, o.controller) {
                    return Some((
                        format!(
                            "{name} est sous le contrôle d'un joueur hors de la portée d'influence {}",
                            de(self.player_name(controller))
                        ),
                        vec!["801.4"],
                    ));
                }
                None
            }
        }
    }

    /// The specs of a spell's targets: its text's, or its « enchanter ».
    fn specs(&self, spell: usize) -> Vec<TargetSpec> {
        let card = self.card(spell);
        let mut specs = card.text.targets.clone();
        if let Some(e) = card.enchant() {
            let (kind, phrase) = match e {
                Enchant::Creature => (TargetKind::Creature, "une créature"),
                Enchant::Land => (TargetKind::Land, "un terrain"),
                Enchant::Artifact => (TargetKind::Artifact, "un artefact"),
                Enchant::Permanent => (TargetKind::Permanent, "un permanent"),
            };
            specs.push(TargetSpec { kind, not_colours: vec![], not_types: vec![], phrase: phrase.into() });
        }
        specs
    }

    /// A target's name: the card's or the player's.
    pub fn describe(&self, choice: Choice) -> String {
        match choice {
            Choice::Card(c) => self.name(c).to_string(),
            Choice::Player(p) => self.player_name(p).to_string(),
        }
    }

    /// Plays one action; returns what happened.
    pub fn play(&mut self, action: &Action) -> Vec<Event> {
        let mut ev = Vec::new();
        match action {
            Action::Cast { card, targets } => self.cast(*card, targets, &mut ev),
            Action::Modify { card, change } => self.modify(*card, change, &mut ev),
            Action::Move { card, to } => {
                let from = self.objects[*card].zone;
                self.move_to(*card, *to);
                ev.push(Event {
                    text: format!(
                        "{} va {} {} : c'est un nouvel objet, sans lien avec l'ancien.",
                        self.name(*card),
                        from.from_phrase(),
                        to.to_phrase()
                    ),
                    rules: vec!["400.7"],
                });
                self.state_based_actions(&mut ev);
            }
            Action::Regenerate { card } => {
                if self.objects[*card].zone == Zone::Battlefield {
                    self.objects[*card].shields += 1;
                    ev.push(Event {
                        text: format!("{} reçoit un bouclier de régénération : la prochaine fois que ce permanent devrait être détruit ce tour-ci, il sera régénéré à la place.", self.name(*card)),
                        rules: vec!["701.15a"],
                    });
                } else {
                    ev.push(Event {
                        text: format!(
                            "{} n'est pas sur le champ de bataille : la régénération n'a pas d'effet.",
                            self.name(*card)
                        ),
                        rules: vec!["701.15a"],
                    });
                }
            }
            Action::Resolve => self.resolve(&mut ev),
        }
        ev
    }

    fn cast(&mut self, card: usize, targets: &[Choice], ev: &mut Vec<Event>) {
        let name = self.name(card);
        let caster = self.card(card).controller;
        let zone = self.objects[card].zone;
        if self.chars(card).is(CardType::Terrain) {
            ev.push(Event {
                text: format!("{name} est un terrain : un terrain se joue, il ne se lance pas ; rien ne se passe."),
                rules: vec!["305.1", "601.2"],
            });
            return;
        }
        if zone != Zone::Hand {
            ev.push(Event {
                text: format!(
                    "{name} est {} : seule une carte en main peut être lancée ici ; rien ne se passe.",
                    zone.in_phrase()
                ),
                rules: vec!["601.2a", "601.3"],
            });
            return;
        }
        let before = (self.objects[card].clone(), self.stack.clone(), self.clock, self.next_id);
        self.move_to(card, Zone::Stack);
        ev.push(Event {
            text: format!(
                "{} lance {name} : la carte va de sa main sur la pile et devient un sort.",
                self.player_name(caster)
            ),
            rules: vec!["601.2", "601.2a"],
        });
        let specs = self.specs(card);
        let chosen: Vec<Chosen> = targets
            .iter()
            .map(|&choice| Chosen {
                choice,
                object: match choice {
                    Choice::Card(c) => self.objects[c].id,
                    Choice::Player(_) => 0,
                },
            })
            .collect();
        self.objects[card].targets = chosen.clone();
        for (i, (spec, ch)) in specs.iter().zip(&chosen).enumerate() {
            let shared = chosen[..i].iter().any(|o| o.choice == ch.choice);
            match self.illegal(card, spec, ch) {
                None => ev.push(Event {
                    text: format!(
                        "Cible {} ({}) : {}{}.",
                        i + 1,
                        spec.phrase,
                        self.describe(ch.choice),
                        if shared {
                            " (déjà choisie pour une autre occurrence du mot « cible », ce qui est permis)"
                        } else {
                            ""
                        }
                    ),
                    rules: vec!["601.2c", "115.3"],
                }),
                Some((why, rules)) => {
                    let mut r = vec!["601.2c"];
                    r.extend(rules);
                    r.push("601.2");
                    ev.push(Event {
                        text: format!("Cible {} ({}) : {} ne peut pas être choisie — {why}. Le lancement est illégal : la partie revient à l'état d'avant.", i + 1, spec.phrase, self.describe(ch.choice)),
                        rules: r,
                    });
                    (self.objects[card], self.stack, self.clock, self.next_id) = before;
                    return;
                }
            }
        }
    }

    fn modify(&mut self, card: usize, change: &Change, ev: &mut Vec<Event>) {
        let ts = self.tick();
        let object = self.objects[card].id;
        self.modifications.push(Modification { card, object, timestamp: ts, change: change.clone() });
        let name = self.name(card);
        let mut parts = Vec::new();
        let mut rules = vec!["611.2c", "613.1", "613.7"];
        for k in &change.gains {
            parts.push(format!("gagne « {k} »"));
            rules.push(k.rule());
        }
        for k in &change.loses {
            parts.push(format!("perd « {k} »"));
        }
        if let Some(cs) = &change.colours {
            parts.push(format!("devient {}", colours_fr(cs)));
            rules.push("105.3");
        }
        if let Some(t) = &change.type_line {
            parts.push(format!("devient « {t} »"));
            rules.push("205.1a");
        }
        if change.power.is_some() || change.toughness.is_some() {
            let c = self.chars(card);
            parts.push(format!(
                "a une force et une endurance de {}/{}",
                c.power.unwrap_or(0),
                c.toughness.unwrap_or(0)
            ));
            rules.push("613.4b");
        }
        ev.push(Event {
            text: format!(
                "{name} : {} (effet continu, horodatage {ts} ; il ne s'applique qu'à cet objet).",
                parts.join(", ")
            ),
            rules,
        });
        self.state_based_actions(ev);
    }

    fn resolve(&mut self, ev: &mut Vec<Event>) {
        let Some(&spell) = self.stack.last() else {
            ev.push(Event { text: "La pile est vide : rien ne se résout.".into(), rules: vec!["608.1"] });
            return;
        };
        let name = self.name(spell);
        let card = self.card(spell);
        let controller = self.objects[spell].controller;
        ev.push(Event {
            text: format!("Tous les joueurs passent : le sort au sommet de la pile, {name}, se résout."),
            rules: vec!["608.1"],
        });
        let specs = self.specs(spell);
        let chosen = self.objects[spell].targets.clone();
        // 608.2b / 608.3a: each target instance is checked again.
        let mut legal = Vec::new();
        for (i, (spec, ch)) in specs.iter().zip(&chosen).enumerate() {
            match self.illegal(spell, spec, ch) {
                None => {
                    legal.push(true);
                    ev.push(Event {
                        text: format!(
                            "Cible {} ({}) : {} est toujours une cible légale.",
                            i + 1,
                            spec.phrase,
                            self.describe(ch.choice)
                        ),
                        rules: vec!["608.2b"],
                    });
                }
                Some((why, rules)) => {
                    legal.push(false);
                    let mut r = vec!["608.2b"];
                    r.extend(rules.into_iter().filter(|r| *r != "608.2b"));
                    ev.push(Event {
                        text: format!(
                            "Cible {} ({}) : {} n'est plus une cible légale — {why}.",
                            i + 1,
                            spec.phrase,
                            self.describe(ch.choice)
                        ),
                        rules: r,
                    });
                }
            }
        }
        if !legal.is_empty() && legal.iter().all(|l| !l) {
            self.countered.push(spell);
            self.move_to(spell, Zone::Graveyard);
            ev.push(Event {
                text: format!(
                    "Toutes les cibles de {name} sont illégales : le sort est contrecarré à la résolution et va au cimetière de son propriétaire. Aucune de ses instructions n'est suivie{}.",
                    if card.text.effects.iter().any(|i| matches!(i.effect, Effect::Draw(_))) { " : personne ne pioche" } else { "" }
                ),
                rules: if card.enchant().is_some() { vec!["608.2b", "608.3a", "701.5a"] } else { vec!["608.2b", "701.5a"] },
            });
            self.state_based_actions(ev);
            return;
        }
        if card.type_line.is_permanent() {
            // 608.3: a permanent spell becomes a permanent; an aura is attached to its target (608.3a).
            self.move_to(spell, Zone::Battlefield);
            if let Some(ch) = chosen.first().filter(|_| card.enchant().is_some()) {
                if let Choice::Card(t) = ch.choice {
                    self.objects[spell].attached_to = Some((t, self.objects[t].id));
                }
                ev.push(Event {
                    text: format!(
                        "L'aura {name} devient un permanent sous le contrôle {}, attachée à {}.",
                        de(self.player_name(controller)),
                        self.describe(ch.choice)
                    ),
                    rules: vec!["608.3a"],
                });
            } else {
                ev.push(Event {
                    text: format!("{name} est un sort de permanent : la carte arrive sur le champ de bataille sous le contrôle {}.", de(self.player_name(controller))),
                    rules: vec!["608.3"],
                });
            }
            self.state_based_actions(ev);
            return;
        }
        // 608.2c: the instructions, in the order written.
        let mut previous: Option<&str> = None;
        for instruction in &card.text.effects {
            if previous != Some(instruction.sentence.as_str()) {
                ev.push(Event {
                    text: format!("Instruction suivante : « {} ».", instruction.sentence),
                    rules: vec!["608.2c"],
                });
                previous = Some(&instruction.sentence);
            }
            self.apply(spell, controller, instruction, &chosen, &legal, ev);
        }
        // 608.2k: the last step of resolving an instant or sorcery.
        if self.objects[spell].zone == Zone::Stack {
            self.move_to(spell, Zone::Graveyard);
            ev.push(Event {
                text: format!("Fin de la résolution : {name} va au cimetière de son propriétaire."),
                rules: vec!["608.2k"],
            });
        }
        self.state_based_actions(ev);
    }

    /// The cards a subject designates, with the event for each one skipped.
    fn subjects(
        &self,
        part: &str,
        controller: usize,
        subject: &Subject,
        chosen: &[Chosen],
        legal: &[bool],
        ev: &mut Vec<Event>,
    ) -> (Vec<usize>, Vec<usize>) {
        let mut cards = Vec::new();
        let mut players = Vec::new();
        match subject {
            Subject::Target(i) => {
                if !legal.get(*i).copied().unwrap_or(false) {
                    let what = chosen.get(*i).map(|c| self.describe(c.choice)).unwrap_or_default();
                    ev.push(Event {
                        text: format!(
                            "La partie « {part} » vise une cible devenue illégale ({what}) : elle ne lui fait rien."
                        ),
                        rules: vec!["608.2b"],
                    });
                    return (cards, players);
                }
                match chosen[*i].choice {
                    Choice::Card(c) => cards.push(c),
                    Choice::Player(p) => players.push(p),
                }
            }
            Subject::AllCreatures { .. } | Subject::EachCreature | Subject::EachCreatureAndPlayer => {
                for c in 0..self.objects.len() {
                    if self.objects[c].zone != Zone::Battlefield || !self.chars(c).is(CardType::Creature) {
                        continue;
                    }
                    if let Subject::AllCreatures { colours, not_colours } = subject {
                        let ch = self.chars(c);
                        let shown = colours_fr(&ch.colours).trim_start_matches("de couleur ").to_string();
                        let others = |named: Colour| {
                            let rest: BTreeSet<Colour> = ch.colours.iter().copied().filter(|c| *c != named).collect();
                            if rest.is_empty() {
                                String::new()
                            } else {
                                format!(
                                    ", même si elle est aussi {}",
                                    colours_fr(&rest).trim_start_matches("de couleur ")
                                )
                            }
                        };
                        if let Some(col) = not_colours.iter().find(|col| ch.colours.contains(col)) {
                            ev.push(Event {
                                text: format!(
                                    "{} ({shown}) : cette créature est {}, donc pas « non-{} »{} ; l'effet ne vérifie que \
                                     la couleur qu'il nomme, elle n'est pas concernée.",
                                    self.name(c),
                                    col.feminine(),
                                    col.feminine(),
                                    others(*col)
                                ),
                                rules: vec!["608.2h"],
                            });
                            continue;
                        }
                        if let Some(col) = colours.iter().find(|col| !ch.colours.contains(col)) {
                            ev.push(Event {
                                text: format!(
                                    "{} ({shown}) : cette créature n'est pas {}, elle n'est pas concernée.",
                                    self.name(c),
                                    col.feminine()
                                ),
                                rules: vec!["608.2h"],
                            });
                            continue;
                        }
                        if let Some(col) = colours.first().filter(|col| !others(**col).is_empty()) {
                            ev.push(Event {
                                text: format!(
                                    "{} ({shown}) : cette créature est {}{} ; l'effet ne vérifie que la couleur qu'il \
                                     nomme, elle est concernée.",
                                    self.name(c),
                                    col.feminine(),
                                    others(*col)
                                ),
                                rules: vec!["608.2h"],
                            });
                        }
                    }
                    if !self.in_range(controller, self.objects[c].controller) {
                        ev.push(Event {
                            text: format!("{} est sous le contrôle {}, hors de la portée d'influence {} : l'effet ne l'affecte pas.", self.name(c), de(self.player_name(self.objects[c].controller)), de(self.player_name(controller))),
                            rules: vec!["801.10"],
                        });
                        continue;
                    }
                    if !self.card(c).type_line.is(CardType::Creature) && self.animated_by_static(c) {
                        let ch = self.chars(c);
                        ev.push(Event {
                            text: format!(
                                "{} n'est pas une créature imprimée, mais « Tous les terrains sont des créatures 1/1 qui \
                                 sont toujours des terrains » en fait une créature {}/{} qui garde ses autres types \
                                 ({}) : l'effet la concerne.",
                                self.name(c),
                                ch.power.unwrap_or(0),
                                ch.toughness.unwrap_or(0),
                                ch.type_line
                            ),
                            rules: vec!["205.1b", "611.3a", "613.1"],
                        });
                    }
                    cards.push(c);
                }
                if matches!(subject, Subject::EachCreatureAndPlayer) {
                    for p in 0..self.players.len() {
                        if self.in_range(controller, p) {
                            players.push(p);
                        } else {
                            ev.push(Event {
                                text: format!(
                                    "{} est hors de la portée d'influence {} : l'effet ne l'affecte pas.",
                                    self.player_name(p),
                                    de(self.player_name(controller))
                                ),
                                rules: vec!["801.10"],
                            });
                        }
                    }
                }
            }
        }
        (cards, players)
    }

    fn apply(
        &mut self,
        spell: usize,
        controller: usize,
        instruction: &Instruction,
        chosen: &[Chosen],
        legal: &[bool],
        ev: &mut Vec<Event>,
    ) {
        let name = self.name(spell);
        let part = instruction.part.as_str();
        let effect = &instruction.effect;
        match effect {
            Effect::Destroy { what, regenerate } => {
                let (cards, _) = self.subjects(part, controller, what, chosen, legal, ev);
                for c in cards {
                    self.destroy(c, *regenerate, ev);
                }
            }
            Effect::Exile(what) => {
                let (cards, _) = self.subjects(part, controller, what, chosen, legal, ev);
                for c in cards {
                    self.move_to(c, Zone::Exile);
                    ev.push(Event { text: format!("{} va en exil.", self.name(c)), rules: vec!["701.11a", "400.7"] });
                }
            }
            Effect::ReturnToHand(what) => {
                let (cards, _) = self.subjects(part, controller, what, chosen, legal, ev);
                for c in cards {
                    self.move_to(c, Zone::Hand);
                    ev.push(Event {
                        text: format!("{} retourne dans la main de son propriétaire.", self.name(c)),
                        rules: vec!["400.7"],
                    });
                }
            }
            Effect::Damage { amount, to } => {
                let (cards, players) = self.subjects(part, controller, to, chosen, legal, ev);
                let colours = self.chars(spell).colours;
                for c in cards {
                    let ch = self.chars(c);
                    if let Some(col) = colours.iter().find(|col| ch.has(Keyword::Protection(**col))) {
                        ev.push(Event { text: format!("Les blessures qui seraient infligées à {} sont prévenues : ce permanent a la protection contre le {col}.", self.name(c)), rules: vec!["702.16e"] });
                        continue;
                    }
                    self.objects[c].damage += amount;
                    ev.push(Event {
                        text: format!(
                            "{name} inflige {amount} blessure{} à {} (blessures marquées : {}).",
                            plural(*amount),
                            self.name(c),
                            self.objects[c].damage
                        ),
                        rules: vec!["120.3", "120.6"],
                    });
                }
                for p in players {
                    self.players[p].life -= *amount as i32;
                    ev.push(Event {
                        text: format!(
                            "{name} inflige {amount} blessure{} à {}, qui perd autant de points de vie ({}).",
                            plural(*amount),
                            self.player_name(p),
                            self.players[p].life
                        ),
                        rules: vec!["120.3a", "119.3"],
                    });
                }
            }
            Effect::Draw(n) => {
                for _ in 0..*n {
                    let p = &mut self.players[controller];
                    p.library = p.library.saturating_sub(1);
                    p.draws += 1;
                }
                ev.push(Event {
                    text: format!("{} pioche {}.", self.player_name(controller), cards_fr(*n)),
                    rules: vec!["121.1"],
                });
            }
            Effect::Counter(what) => {
                let (cards, _) = self.subjects(part, controller, what, chosen, legal, ev);
                for c in cards {
                    self.countered.push(c);
                    self.move_to(c, Zone::Graveyard);
                    ev.push(Event {
                        text: format!(
                            "{} est contrecarré : la carte va au cimetière de son propriétaire.",
                            self.name(c)
                        ),
                        rules: vec!["701.5a"],
                    });
                }
            }
            Effect::GainLife(n) => {
                self.players[controller].life += *n as i32;
                ev.push(Event {
                    text: format!(
                        "{} gagne {n} point{} de vie ({}).",
                        self.player_name(controller),
                        plural(*n),
                        self.players[controller].life
                    ),
                    rules: vec!["119.1"],
                });
            }
            Effect::LoseLife { who, amount } => {
                let (_, players) = self.subjects(part, controller, who, chosen, legal, ev);
                for p in players {
                    self.players[p].life -= *amount as i32;
                    ev.push(Event {
                        text: format!(
                            "{} perd {amount} point{} de vie ({}).",
                            self.player_name(p),
                            plural(*amount),
                            self.players[p].life
                        ),
                        rules: vec!["119.3"],
                    });
                }
            }
        }
    }

    /// Destroys a permanent: indestructible and regeneration may stop it (701.7, 701.15, 702.12).
    /// Returns whether the permanent changed (destroyed or regenerated).
    fn destroy(&mut self, c: usize, may_regenerate: bool, ev: &mut Vec<Event>) -> bool {
        let name = self.name(c);
        if self.chars(c).has(Keyword::Indestructible) {
            ev.push(Event {
                text: format!("{name} a l'indestructibilité : ce permanent n'est pas détruit."),
                rules: vec!["702.12b"],
            });
            return false;
        }
        if self.objects[c].shields > 0 {
            if may_regenerate {
                let o = &mut self.objects[c];
                o.shields -= 1;
                o.tapped = true;
                o.damage = 0;
                ev.push(Event {
                    text: format!("Régénération : au lieu d'être détruit, ce permanent ({name}) est engagé et ses blessures sont retirées ; le bouclier est utilisé."),
                    rules: vec!["701.15a", "701.7b"],
                });
                return true;
            }
            ev.push(Event { text: format!("{name} a un bouclier de régénération, mais l'effet interdit la régénération : le bouclier ne s'applique pas."), rules: vec!["701.15a"] });
        }
        self.move_to(c, Zone::Graveyard);
        ev.push(Event {
            text: format!("{name} va au cimetière de son propriétaire : c'est une destruction."),
            rules: vec!["701.7a"],
        });
        true
    }

    /// State-based actions, until none applies (704.3).
    ///
    /// Each pass either moves an object, removes damage (regeneration) or
    /// makes a player lose, so the loop ends; an indestructible creature with
    /// lethal damage stays, and is reported once.
    fn state_based_actions(&mut self, ev: &mut Vec<Event>) {
        let start = ev.len();
        let mut survivors: Vec<u64> = Vec::new();
        loop {
            let mut acted = false;
            for p in 0..self.players.len() {
                if self.players[p].life <= 0 && !self.players[p].lost {
                    self.players[p].lost = true;
                    ev.push(Event {
                        text: format!(
                            "{} a {} point de vie ou moins et perd la partie.",
                            self.player_name(p),
                            self.players[p].life
                        ),
                        rules: vec!["704.5a"],
                    });
                    acted = true;
                }
            }
            for c in 0..self.objects.len() {
                if self.objects[c].zone != Zone::Battlefield {
                    continue;
                }
                let ch = self.chars(c);
                if ch.is(CardType::Creature) {
                    let t = ch.toughness.unwrap_or(0);
                    if t <= 0 {
                        self.move_to(c, Zone::Graveyard);
                        ev.push(Event {
                            text: format!(
                                "{} a une endurance de {t} et va au cimetière de son propriétaire (ce n'est pas une \
                                 destruction : ni la régénération ni l'indestructibilité n'y peuvent rien).",
                                self.name(c)
                            ),
                            rules: vec!["704.5f"],
                        });
                        acted = true;
                        continue;
                    }
                    let id = self.objects[c].id;
                    if self.objects[c].damage as i32 >= t && !survivors.contains(&id) {
                        ev.push(Event {
                            text: format!(
                                "{} a {} blessures marquées pour une endurance de {t} : ce sont des blessures mortelles, \
                                 ce permanent est détruit.",
                                self.name(c),
                                self.objects[c].damage
                            ),
                            rules: vec!["704.5g"],
                        });
                        if self.destroy(c, true, ev) {
                            acted = true;
                        } else {
                            survivors.push(id);
                        }
                        continue;
                    }
                }
                if let Some((host, object)) = self.objects[c].attached_to
                    && (self.objects[host].id != object || self.objects[host].zone != Zone::Battlefield)
                {
                    self.move_to(c, Zone::Graveyard);
                    ev.push(Event {
                        text: format!(
                            "{} n'est plus attachée à un objet légal : elle va au cimetière de son propriétaire.",
                            self.name(c)
                        ),
                        rules: vec!["704.5", "303.4"],
                    });
                    acted = true;
                }
            }
            if !acted {
                break;
            }
        }
        if ev.len() > start {
            let announce = Event {
                text: "Avant qu'un joueur ne reçoive la priorité, le jeu vérifie les actions basées sur un état, \
                       jusqu'à ce qu'aucune ne s'applique :"
                    .into(),
                rules: vec!["704.3"],
            };
            ev.insert(start, announce);
        }
    }
}

/// A continuous effect, as applied in [`Game::chars`].
#[derive(Debug, Clone)]
enum EffectChange {
    SetType(TypeLine),
    LandsBecomeCreatures,
    SetColours(BTreeSet<Colour>),
    Gain(Keyword),
    Lose(Keyword),
    SetPt(Option<i32>, Option<i32>),
    LandsAre11,
}

fn plural(n: u32) -> &'static str {
    if n > 1 { "s" } else { "" }
}

fn cards_fr(n: u32) -> String {
    match n {
        1 => "une carte".into(),
        n => format!("{n} cartes"),
    }
}

/// « de couleur noire et blanche », « incolore ».
fn colours_fr(colours: &BTreeSet<Colour>) -> String {
    let names: Vec<&str> = colours.iter().map(|c| c.feminine()).collect();
    match names.len() {
        0 => "incolore".to_string(),
        1 => format!("de couleur {}", names[0]),
        n => format!("de couleur {} et {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// « de Rob », « d'Alex », « d'Emma »: the preposition, elided before a vowel.
fn de(name: &str) -> String {
    let vowel = crate::text::fold(name).starts_with(['a', 'e', 'i', 'o', 'u', 'y', 'h']);
    if vowel { format!("d'{name}") } else { format!("de {name}") }
}
