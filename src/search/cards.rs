//! The cards a query names, in the search: found by their names
//! ([`crate::cards::names`]); their names stay in the words searched (the
//! rules' examples cite cards) but name no rule (« protection » of
//! « Teferi's Protection » is not the keyword); what their texts are about
//! ([`crate::cards::topics`]) joins the ranking: the rules of each family
//! a card touches that the words found are multiplied, more for a topic
//! rare among the cards, over each card named — the type-changing layer
//! 613.1d touched by both Blood Moon and Urborg comes first.
//!
//! ```text
//! « blood moon contre urborg, ça tape pour quelle couleur »
//!   ├─ cards: Blood Moon, Urborg, Tomb of Yawgmoth
//!   ├─ words searched: all, « blood », « moon », « urborg » naming no rule
//!   └─ topics: 305.7, 613.1d (« nonbasic lands are », « is a swamp in addition… »), 205.4d …
//! ```

use std::sync::LazyLock;

use super::collect::Collected;
use crate::cards::{
    Card, Cards, names,
    topics::{Kind as TopicKind, Topics, Touched},
};
use crate::graph::{Graph, NodeIdx};
use crate::lexicon::{Kind, Lexicon};
use crate::vocab::{Lang, Letter, RuleId};

use super::weights::{CARD_TOPICS, MIN_TOPIC, W_CARD, W_CARD_FOUND, W_CITED, W_FOUND_FLOOR};

/// What the cards named make of a query.
#[derive(Debug, Clone, Default)]
pub struct Named {
    /// The cards, in [`Cards::cards`], in the order of the query.
    pub cards: Vec<usize>,
    /// The words searched in the rules: the query without the cards' names.
    pub words: String,
    /// Whether the query is essentially the cards' names (the card first).
    pub card_first: bool,
    /// The rules the cards' texts touch, and how much.
    pub boosts: Vec<(RuleId, f32)>,
    /// Those only common topics (« Legendary », « Instant ») or a card's
    /// keywords, types and keyword actions touch ([`Kind::brings_rules`](crate::cards::topics::Kind::brings_rules)):
    /// they count for the rules the words found, whatever their sum.
    pub weak: Vec<RuleId>,
    /// The words of the query that name cards ([`names::words`]): not typos.
    pub name_words: Vec<String>,
    /// The words of the query inside the name of a card named as a card
    /// (not a game word standing for itself): searched, but naming no rule
    /// (« protection » of « Teferi's Protection » is not the keyword).
    pub card_words: Vec<String>,
    /// The cards named as cards (not a game word standing for itself), in
    /// [`Cards::cards`]: their topics count, and the rules that cite them.
    pub as_cards: Vec<usize>,
}

impl Named {
    /// The families of rules the cards' rare enough topics touch: the
    /// words' best rule of each is found wherever it ranks (see [`boosted`]).
    pub(super) fn families(&self) -> Vec<RuleId> {
        self.boosts.iter().map(|&(r, _)| r).filter(|r| !self.weak.contains(r)).collect()
    }
}

/// Words that do not make a query more than a card's name: « la carte
/// kitchen finks », « c'est quoi blood moon ».
const FILLER: &[&str] = &[
    "carte", "cartes", "card", "la", "le", "les", "l", "de", "du", "des", "un", "une", "c", "est", "quoi", "que", "qu",
    "the", "a", "texte", "oracle", "fr", "en", "francais", "anglais",
];

/// Reads the cards a query names. A card named by a word of the game
/// (« vigilance » alone) is found, but the words stay in the rule query and
/// the rule comes first.
pub fn named(cards: &Cards, words: &str) -> Named {
    let mentions = cards.names.mentions(cards, words, false);
    if mentions.is_empty() {
        return Named { words: words.to_string(), ..Named::default() };
    }
    let mut out = Named::default();
    for m in &mentions {
        if !out.cards.contains(&m.card) {
            out.cards.push(m.card);
        }
    }
    // The query's words, in the order of the mentions' positions.
    let all = names::words(words);
    let asked_as_card = all.iter().any(|w| w == "carte" || w == "card");
    let named_by_card: Vec<&names::Mention> = mentions.iter().filter(|m| !m.game_word || asked_as_card).collect();
    // Each whitespace-separated token's words, in the same order.
    let mut index = 0;
    let mut rest_is_filler = true;
    for token in words.split_whitespace() {
        let token_words = names::words(token);
        let n = token_words.len();
        let in_name =
            n > 0 && (index..index + n).all(|i| named_by_card.iter().any(|m| (m.start..m.start + m.len).contains(&i)));
        if !in_name && token_words.iter().any(|w| !FILLER.contains(&w.as_str())) {
            rest_is_filler = false;
        }
        index += n;
    }
    out.card_first = rest_is_filler && !named_by_card.is_empty();
    for m in &named_by_card {
        out.card_words.extend(all[m.start..m.start + m.len].iter().cloned());
    }
    // The words as the names write them; a typo (« pyrcolasme ») is still corrected.
    for m in &mentions {
        let spelt = names::name_words(&cards.cards[m.card]);
        out.name_words.extend(all[m.start..m.start + m.len].iter().filter(|w| spelt.contains(w)).cloned());
    }
    // The names stay in the words searched: the rules' examples name cards
    // (« Salve d'aura » in 608.2b's French text, Blood Moon in 613's); the
    // jargon said of a card's kind joins them (« le jitte tombe »).
    out.words = words.to_string();
    let mut said: Vec<&str> = Vec::new();
    for m in &named_by_card {
        for jargon in said_of_its_kind(&cards.cards[m.card], &all) {
            if !said.contains(&jargon) {
                said.push(jargon);
                out.words.push(' ');
                out.words.push_str(jargon);
            }
        }
    }
    // What the cards are about, but not for a game word standing for itself.
    let topics = Topics::embedded();
    let as_cards: Vec<usize> = mentions.iter().filter(|m| !m.game_word || asked_as_card).map(|m| m.card).collect();
    let (each, seen) = topics_of_each(cards, &as_cards);
    // The rules a topic rare enough of the card's text touches: lifted even
    // when the words did not find them.
    let mut lifted: Vec<RuleId> = Vec::new();
    out.as_cards = seen;
    // Where two cards' effects meet (two replacement effects: 616.1), and
    // where the query's words meet a card (« mon commandant » exiled: 903.9a).
    let between = topics.between(&each);
    let said = topics.said_between(&each, |families| says(&all, families));
    for touched in each.into_iter().chain([between, said]) {
        // The strongest topics; the common ones (« Legendary ») and the
        // rules that name the card's kind (« split card » in 202.3d) count
        // only for the rules the words found too (see [`boosted`]).
        let only_found = |t: &Touched| t.weight < MIN_TOPIC || t.kind == TopicKind::LayoutNamed;
        let (weak, strong): (Vec<Touched>, Vec<Touched>) = touched.into_iter().partition(only_found);
        for t in strong.into_iter().take(CARD_TOPICS).chain(weak) {
            // A query of names alone asks for the rules the cards touch, all of them.
            if !only_found(&t) && (t.kind.brings_rules() || out.card_first) {
                lifted.push(t.rule);
            }
            match out.boosts.iter_mut().find(|(r, _)| *r == t.rule) {
                Some((_, w)) => *w += t.weight,
                None => out.boosts.push((t.rule, t.weight)),
            }
        }
    }
    out.weak = out.boosts.iter().map(|&(r, _)| r).filter(|r| !lifted.contains(r)).collect();
    out
}

/// The rules each card named touches ([`Cards::topics_at`]), a face named
/// with its card (« delver … l'aberration insectoïde ») joined to it as one
/// card, whose topics meet no other there; and the cards, each once.
fn topics_of_each(cards: &Cards, named: &[usize]) -> (Vec<Vec<Touched>>, Vec<usize>) {
    let mut each: Vec<Vec<Touched>> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    // The card of each of `each`.
    let mut of_each: Vec<usize> = Vec::new();
    for &named in named {
        if seen.contains(&named) {
            continue;
        }
        seen.push(named);
        // The first subrule of a rule the card touches is lifted with it
        // already, the rule's heading (Mother of Runes' 702.16a within
        // its keyword's 702.16); a later one says more (Progenitus' 702.16j).
        let touched = cards.topics_at(named);
        let families: Vec<RuleId> = touched.iter().map(|t| t.rule).collect();
        let heading = |r: RuleId| match r {
            RuleId::Subrule { chapter, number, letter } => {
                letter == Letter::FIRST && families.contains(&RuleId::Rule { chapter, number })
            }
            _ => false,
        };
        let touched = touched.into_iter().filter(|t| !heading(t.rule));
        let card = &cards.cards[named];
        match of_each.iter().position(|&s| one_card(&cards.cards[s], card)) {
            Some(k) => {
                for t in touched {
                    match each[k].iter_mut().find(|o| o.rule == t.rule) {
                        Some(o) => o.weight = o.weight.max(t.weight),
                        None => each[k].push(t),
                    }
                }
            }
            None => {
                each.push(touched.collect());
                of_each.push(named);
            }
        }
    }
    (each, seen)
}

/// Whether two cards are one: a face and the card of all its faces
/// (« Insectile Aberration » of « Delver of Secrets // Insectile Aberration »).
fn one_card(a: &Card, b: &Card) -> bool {
    a.name.split(" // ").any(|face| face == b.name) || b.name.split(" // ").any(|face| face == a.name)
}

/// Judges' jargon said of a kind of card: an entry of the vocabulary that
/// begins with a subtype's French name (« l'aura tombe », « l'équipement
/// tombe », 704.5m and 704.5n).
struct KindJargon {
    /// The subtype's words as the type lines write it (« equipment »).
    subtype: Vec<String>,
    /// The jargon's words after the subtype (« tombe »).
    rest: Vec<String>,
    /// The jargon as the vocabulary writes it.
    jargon: &'static str,
}

/// Every [`KindJargon`] of the vocabulary.
static KIND_JARGON: LazyLock<Vec<KindJargon>> = LazyLock::new(|| {
    let entries = Lexicon::embedded().entries();
    let subtypes: Vec<(Vec<String>, Vec<String>)> = entries
        .iter()
        .filter(|e| e.kind == Kind::Subtype)
        .map(|e| (names::words(&e.en), names::words(&e.fr)))
        .collect();
    let mut out = Vec::new();
    for e in entries.iter().filter(|e| e.kind == Kind::Jargon) {
        let said = names::words(&e.fr);
        let said: Vec<String> = said.into_iter().skip_while(|w| ARTICLES.contains(&w.as_str())).collect();
        for (en, fr) in &subtypes {
            if said.len() > fr.len() && said.starts_with(fr) {
                out.push(KindJargon { subtype: en.clone(), rest: said[fr.len()..].to_vec(), jargon: e.fr.as_str() });
            }
        }
    }
    out
});

/// The articles before a kind in jargon (« l'aura »).
const ARTICLES: [&str; 4] = ["l", "le", "la", "les"];

/// The jargon of its kind a query ([`names::words`]) says of a card: a word
/// of its names followed by the jargon's words after the kind (« le jitte
/// tombe » of an Equipment: « l'équipement tombe »; « SoFI … l'épée tombe »
/// of Sword of Fire and Ice, whose French name the data writes « Épée d'Eau
/// et de Feu »).
fn said_of_its_kind(card: &Card, query: &[String]) -> Vec<&'static str> {
    // Most queries say no jargon's words: nothing of the card is read.
    if !KIND_JARGON.iter().any(|j| j.rest.first().is_some_and(|w| query.contains(w))) {
        return Vec::new();
    }
    let type_words = names::words(&card.type_line);
    let own: Vec<String> = names::name_words(card).into_iter().filter(|w| w.chars().count() > 2).collect();
    KIND_JARGON
        .iter()
        .filter(|j| type_words.windows(j.subtype.len()).any(|w| w == j.subtype))
        .filter(|j| (0..query.len()).any(|i| own.contains(&query[i]) && query[i + 1..].starts_with(&j.rest)))
        .map(|j| j.jargon)
        .collect()
}

/// The words of the vocabulary's entries whose rule is of a family an
/// interaction « dit A + B » needs said ([`Topics::said_families`]), in
/// French and in English (« commandant », « commander », « cmdr »), each
/// with its rule.
static SAID: LazyLock<Vec<(Vec<String>, RuleId)>> = LazyLock::new(|| {
    let families: Vec<RuleId> = Topics::embedded().said_families().collect();
    let mut out = Vec::new();
    for e in Lexicon::embedded().entries() {
        let Some(rule) = e.rule.filter(|r| families.iter().any(|&f| r.is_within(f))) else { continue };
        for name in [&e.fr, &e.en] {
            let words = names::words(name);
            if !words.is_empty() && !out.iter().any(|(w, r)| *w == words && *r == rule) {
                out.push((words, rule));
            }
        }
    }
    out
});

/// Whether a query ([`names::words`]) says an entry of the vocabulary whose
/// rule is of these families, its last word maybe plural (« commandants »).
fn says(query: &[String], families: &[RuleId]) -> bool {
    let same = |typed: &str, name: &str, last: bool| {
        typed == name || (last && typed.strip_suffix(['s', 'x']).is_some_and(|t| t == name))
    };
    SAID.iter().filter(|(_, r)| families.iter().any(|&f| r.is_within(f))).any(|(words, _)| {
        query
            .windows(words.len())
            .any(|w| w.iter().zip(words).enumerate().all(|(i, (t, n))| same(t, n, i + 1 == words.len())))
    })
}

/// The names of one card, each in its language: a rule whose text has one
/// word for word cites the card in an example (« Démon extracteur » in
/// 801.7a, Blood Moon in 613.8's).
pub fn names_of(cards: &Cards, card: usize) -> Vec<(Lang, String)> {
    let card = &cards.cards[card];
    std::iter::once((Lang::En, card.name.to_string()))
        .chain(card.french.iter().map(|f| (Lang::Fr, f.to_string())))
        .collect()
}

/// How much of a query is the names of the cards it names: the share of
/// its words of three letters or more that are in a name (« charognards de
/// minuit rats du graf » is all names, « lune de sang en jeu, ma charmille
/// dryade c'est encore une créature ? » half).
pub fn names_share(query: &str, named: &Named) -> f32 {
    let long = |w: &&String| w.chars().count() > 2;
    let all = names::words(query).iter().filter(long).count();
    let in_names = named.card_words.iter().filter(long).count();
    if all == 0 { 0.0 } else { (in_names as f32 / all as f32).min(1.0) }
}

/// The ranking with the cards' topics. Each rule touched and its subrules
/// (a chapter and its rules: « Planeswalker » → 606) that the words found
/// have their score times `1 + W_CARD_FOUND × weight`: the card says which
/// family, the words which of its rules (« protection » of Mother of
/// Runes, « l'aura tombe » → 702.16c, not 702.16a). When a topic rare
/// enough touches it ([`MIN_TOPIC`]), one of those that bring their rules
/// ([`Kind::brings_rules`](crate::cards::topics::Kind::brings_rules)), and the words did not find the rule
/// that states it, the family's rule the words found best
/// ([`super::collect::Collected::family_best`], wherever it ranked; else
/// the stating node, a keyword's heading by its first subrule) comes in at
/// `W_CARD × weight × the best score`; when the words found it too
/// (weakly), it scores at least [`W_FOUND_FLOOR`] of that; a common topic (« Legendary »)
/// counts only for the rules the words found (704.5j when the question
/// says « legend rule »). Each rule of `citing` (its text cites cards
/// named, with how much: see [`super::SearchIndex::citing`]) gets
/// `W_CARD × W_CITED × that × the best score`.
pub(super) fn boosted(
    graph: &Graph,
    collected: Collected,
    named: &Named,
    citing: &[(NodeIdx, f32)],
) -> Vec<(f32, NodeIdx)> {
    let Collected { ranked: mut text, family_best } = collected;
    let (boosts, weak) = (&named.boosts, &named.weak);
    if boosts.is_empty() && citing.is_empty() {
        return text;
    }
    let best = text.first().map_or(1.0, |h| h.0).max(f32::EPSILON);
    // Each match's rule in force and its number, once for all the topics.
    let mut keys: Vec<(NodeIdx, Option<RuleId>)> = text
        .iter()
        .map(|&(_, n)| {
            let k = super::collect::rule_key(graph, n);
            (k, graph.node(k).id)
        })
        .collect();
    // Each rule once, by its text that cites the most (two editions of one rule).
    let mut citing_rules: Vec<(NodeIdx, NodeIdx, f32)> = Vec::new();
    for &(node, weight) in citing {
        let key = super::collect::rule_key(graph, node);
        match citing_rules.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, w)) => *w = w.max(weight),
            None => citing_rules.push((key, node, weight)),
        }
    }
    for (key, node, weight) in citing_rules {
        let add = W_CARD * W_CITED * weight * best;
        match keys.iter().position(|&(k, _)| k == key) {
            Some(i) => text[i].0 += add,
            None => {
                text.push((add, node));
                keys.push((key, graph.node(key).id));
            }
        }
    }
    for &(rule, weight) in boosts.iter() {
        let Some(node) = graph.find(rule) else { continue };
        let stating = if super::documents::indexed(graph, node) {
            node
        } else {
            graph.node(node).children.first().copied().unwrap_or(node)
        };
        let key = super::collect::rule_key(graph, stating);
        let mut found = false;
        let family = matches!(rule, RuleId::Chapter(_) | RuleId::Rule { .. } | RuleId::Subrule { .. });
        for ((score, _), &(k, id)) in text.iter_mut().zip(&keys) {
            if k == key || (family && id.is_some_and(|id| id.is_within(rule))) {
                *score *= 1.0 + W_CARD_FOUND * weight;
                found |= k == key;
            }
        }
        if !weak.contains(&rule) && super::documents::indexed(graph, stating) {
            let chosen = family_best.iter().find(|(f, _)| *f == rule).map_or(stating, |&(_, n)| n);
            let chosen_key = super::collect::rule_key(graph, chosen);
            let lift = W_CARD * weight * best;
            match keys.iter().position(|&(k, _)| k == chosen_key) {
                // Found weakly by the words (Blood Moon's 305.7 beside Dryad
                // Arbor): not far below where it would come in had they not.
                Some(i) => text[i].0 = text[i].0.max(W_FOUND_FLOOR * lift),
                None if !found => {
                    text.push((lift, chosen));
                    keys.push((chosen_key, graph.node(chosen_key).id));
                }
                None => {}
            }
        }
    }
    text.sort_by(|a, b| b.0.total_cmp(&a.0));
    text
}
