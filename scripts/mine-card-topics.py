#!/usr/bin/env python3
"""Mines what card texts are about, as rules of the Comprehensive Rules in force.

Writes rules/cartes/sujets.tsv: one line per topic, `kind<TAB>pattern<TAB>rules<TAB>cards<TAB>source`.
  keyword  a keyword of the cards' `keywords` field, or said in their text outside reminder text
           (« You have hexproof », « gains flashback ») → the 701/702 rule titled by it, and the rules outside
           600–702 its rule sends to (Morph → 708, face-down permanents; see sent_to)
  layout   a card's layout (`split`, `adventure`, `transform`) → the rule of cards of that kind
           (« Split Cards » 709, « Adventurer Cards » 715; reviewed: double-faced cards 712)
  type     a card type, supertype or subtype of the type line → the rule that defines it
           (section 3 titles, « have the subtype “X.” », « The basic land types are », « A X token is »),
           and the rules that rule sends to (« legend rule (see rule 704.5j) »), and the state-based
           actions of which it is the subject (« If an Aura is attached to an illegal object » → 704.5m)
  phrase   words of Oracle text that the rules quote or say themselves, found in few rules
           (« can't be countered » → 113.6g, 603.1a; « enters tapped » → 603.6d), and the titles of
           rules the cards say (« mana abilities » → 605, « the monarch » → 724)
  cost     a mana symbol of the card's mana cost that the rules speak of (« an {X} in its mana cost »)
           → the rules that say it, and the rule of that symbol whose subrules say it (107.3 for {X})
  interaction  two cards named that both touch these rules → the rule of their interaction
           (two replacement effects → 616.1; two continuous effects of one layer — the same rule of 613,
           « 613 (même règle) » — → 613.7, 613.8); « A + B »: one card touches A, another B (a card that
           reads a mana value, 202.3, and a double-faced card, 712 → 712.8, the characteristics of a face);
           « dit A + B »: the question says a word of the vocabulary whose rule is of A, a card touches B
           (« commandant », 903.3, and a card that exiles, 701.13 → 903.9a)
  layout-named  a layout again → the rules outside its own that name its kind of card (« split card »
           in 202.3d): they lift only the rules the words found
`cards` is how many cards of today match the pattern; `source` says where the line was found.
The patterns are matched by src/cards/topics.rs on Oracle text lowercased, the card's own name read as
« this » (a `cost` pattern on the card's mana cost as written). Run from the project root:

    python3 scripts/mine-card-topics.py rules/en-2026-01-16-comprehensive-rules.txt \
        rules/cartes/oracle-cards.json.gz > rules/cartes/sujets.tsv

Then review the diff: a line whose rule does not answer what the words say is removed by adding its
pattern to REJECTED below, with the reason.
"""

import collections
import gzip
import json
import re
import sys

# The words by which the rules name each layout's kind of card, outside the layout's own rules;
# reviewed: « double-faced » alone is both kinds, « nonmodal » and « modal » one each.
LAYOUT_NAMED = {
    "split": (r"\bsplit (?:card|spell|permanent)s?\b", None, "« split card »"),
    "aftermath": (r"\bsplit (?:card|spell|permanent)s?\b", None, "« split card »"),
    "transform": (r"(?<!\bmodal )\bdouble-faced\b", None, "« double-faced » (pas « modal double-faced »)"),
    "modal_dfc": (r"\bdouble-faced\b", r"\bnonmodal\b", "« double-faced » (pas dans une règle qui dit « nonmodal »)"),
    "meld": (r"\bmeld(?:ed)? (?:card|permanent|pair)s?\b", None, "« meld card », « melded permanent »"),
    "adventure": (r"\badventurer cards?\b", None, "« adventurer card »"),
    "flip": (r"\bflip cards?\b", None, "« flip card »"),
}

# Rules a type touches that its definition does not send to, reviewed: (rule, source).
TYPE_ALSO = {
    "Aura": [("608.3b", "303.4a « An Aura spell requires a target » : sa cible vérifiée à la résolution, 608.3b")],
}

# Lines reviewed and rejected: the words are there, the rule is not about them.
REJECTED = {
    "at the beginning of": "dit par presque trois mille cartes : le début d'une étape, pas un sujet",
    "any number": "107.1c parle des nombres en général",
    "in addition": "105.3 parle des couleurs ; les cartes l'emploient partout",
    "each player's": "805.4d : les équipes en multijoueur, pas le possessif des cartes",
    "each opponent's": "805.4d : les équipes en multijoueur",
    "that opponent": "805.4d : les équipes en multijoueur",
    "attacking player": "805.10c : les équipes en multijoueur",
    "your team": "102.4 : les équipes ; les cartes qui le disent sont des cartes d'équipe",
    "can't have": "113.11 : trop général",
    "could target": "707.10d : copie d'un sort, pas ce que disent les cartes",
    "could produce": "106.7 : le mana qu'un terrain pourrait produire, bien trop rare dans les questions",
    "the same is true for": "702.1c : tournure des règles",
    "two targets": "115.4 : exemple de nombre de cibles",
    "{t}: add [mana symbol]": "305.6 : les terrains de base ; toute capacité de mana le dit",
    "into play": "403.5 : l'ancien vocabulaire, dit aujourd'hui par peu de cartes",
    "each player": "trop général",
    "choose a [value]": "607.2d : capacités liées, trop général pour « choose a »",
    "the chosen [value]": "607.2d : trop général",
    "the last chosen [value]": "607.2d : trop général",
}
# Reviewed lines the rules say without quoting card text: the pattern as cards say it, the rules
# that answer, and the rule text it paraphrases (the source).
REVIEWED = [
    ("phrase", "can't be countered", "101.2, 701.6", "101.2 : « can't » l'emporte ; 701.6 : contrecarrer"),
    ("phrase", "counter target", "701.6", "701.6 Counter : « To counter a spell or ability »"),
    ("phrase", "nonbasic lands are", "305.7, 613.1d", "305.7 : un effet qui fixe le type de terrain de base ; 613.1d couche 4"),
    ("phrase", "is a [basic land type] in addition to its other", "305.7, 613.1d", "305.7 : « in addition to its other land types »"),
    ("phrase", "lands are [basic land type]", "305.7, 613.1d", "305.7 : un effet qui fixe le type de terrain de base"),
    ("phrase", "gain control of", "613.1b", "613.1b : couche 2, les effets de changement de contrôle"),
    # The Auras that take a permanent (Control Magic, 39 cards) never give haste, unlike half of the
    # « gain control of » cards (124 of 270, Act of Treason): what is asked of them is summoning sickness.
    ("phrase", "you control enchanted creature/artifact/permanent/land/planeswalker/enchantment.", "613.1b, 302.6", "613.1b : couche 2, les effets de changement de contrôle (Control Magic) ; 302.6 : une créature « can't attack unless it has been under its controller's control continuously since their most recent turn began »"),
    ("phrase", "loses all abilities", "613.1f", "613.1f : couche 6, les effets qui retirent des capacités"),
    ("phrase", "becomes a copy of", "707.2, 613.1a", "707.2 : ce que copie une copie ; 613.1a couche 1"),
    ("phrase", "base power and toughness", "613.4b", "613.4b : couche 7b, qui fixe la force et l'endurance"),
    ("phrase", "base power and base toughness", "613.4b", "613.4b : couche 7b, qui fixe la force et l'endurance (Opalescence)"),
    ("phrase", "gets +[n]/+[n]", "613.4c", "613.4c : couche 7c, les modifications de force et d'endurance"),
    ("phrase", "are [types] in addition to their other types", "205.1b, 613.1d", "205.1b : « retains a prior card type » ; 613.1d : couche 4, un effet qui change le type de plusieurs objets (Mycosynth Lattice)"),
    ("phrase", "is/are [kind] creature with power and toughness", "613.1d, 613.4b", "613.1d : couche 4, des objets qui deviennent créatures ; 613.4b : couche 7b, leur force et endurance fixées (March of the Machines)"),
    ("phrase", "is also a", "205.1b, 613.1d", "205.1b : un objet qui a un autre type « in addition to » ; 613.1d couche 4"),
    ("phrase", "enters tapped", "614.1d, 614.12", "614.1d : « [This permanent] enters . . . » est un effet de remplacement"),
    ("phrase", "if [something] would die", "614.1a, 614.6", "614.1a : les effets qui disent « instead » ; 614.6"),
    ("phrase", "instead", "614.1a", "614.1a : « Effects that use the word “instead” are replacement effects. »"),
    ("phrase", "prevent", "615.1", "615.1 : les effets de prévention"),
    ("phrase", "when this dies", "603.10a, 700.4", "603.10a : les capacités qui « regardent en arrière » ; 700.4 : mourir"),
    ("phrase", "whenever [something] dies", "603.10a, 700.4", "603.10a : les capacités qui « regardent en arrière » ; 700.4 : mourir"),
    ("phrase", "+1/+1 counter", "122.3, 704.5q", "704.5q : marqueurs +1/+1 et -1/-1 ; 122.3"),
    ("phrase", "-1/-1 counter", "122.3, 704.5q", "704.5q : marqueurs +1/+1 et -1/-1 ; 122.3"),
    ("phrase", "enter tapped", "614.1d, 614.12", "614.1d : « [Objects] enter [the battlefield] . . . » est un effet de remplacement"),
    ("phrase", "enters with [some] counter", "122.6, 614.1c", "122.6 : des marqueurs « mis » sur un objet, aussi quand il arrive avec ; 614.1c : « [This permanent] enters with . . . »"),
    ("phrase", "until this leaves the battlefield", "610.3", "610.3 : les effets ponctuels qui changent un objet de zone « until »"),
    ("phrase", "when/whenever [event] exile [object] until this leaves the battlefield", "610.3b", "610.3b : « If a resolving triggered ability creates the initial one-shot effect […] the object doesn't move » : l'exil « until » fait par une capacité déclenchée"),
    ("phrase", "can't lose the game", "101.2, 104.3b", "101.2 : « can't » l'emporte ; 104.3b : perdre à 0 point de vie"),
    ("phrase", "cost {[n]} more", "601.2f", "601.2f : « Some effects may increase or reduce the cost to pay »"),
    ("phrase", "costs {[n]} more", "601.2f", "601.2f : « Some effects may increase or reduce the cost to pay »"),
    ("phrase", "cost {[n]} less", "601.2f", "601.2f : « Some effects may increase or reduce the cost to pay »"),
    ("phrase", "costs {[n]} less", "601.2f", "601.2f : « Some effects may increase or reduce the cost to pay »"),
    ("phrase", "mana value", "202.3", "202.3 : « The mana value of an object is a number… »"),
    ("phrase", "phases out", "702.26", "702.26a : les permanents « phase out » ; toute la règle du phasing (702.26d, 702.26g)"),
    ("phrase", "phase out", "702.26", "702.26a : les permanents « phase out » ; toute la règle du phasing (702.26d, 702.26g)"),
    ("phrase", "lose all abilities", "613.1f", "613.1f : couche 6, les effets qui retirent des capacités"),
    # A keyword a card gives a player: the one rule of 702 that says what a keyword means « on a
    # player » (surveyed 2026-11-28: « on a player », « a player with », « players have » in 702).
    ("phrase", "you have hexproof", "702.11c", "702.11c : « “Hexproof” on a player means “You can’t be the target of spells or abilities your opponents control.” »"),
    # What lowers a creature's toughness, or makes it 0 (a 0/0 token without its counters): the
    # state-based action that puts it into the graveyard, which indestructible does not stop.
    ("phrase", "-[n]/-[n]", "704.5f", "704.5f : « If a creature has toughness 0 or less, it’s put into its owner’s graveyard. Regeneration can’t replace this event. »"),
    ("phrase", "+[n]/-[n]", "704.5f", "704.5f : « If a creature has toughness 0 or less, it’s put into its owner’s graveyard. »"),
    ("phrase", "0/0", "704.5f", "704.5f : « If a creature has toughness 0 or less, it’s put into its owner’s graveyard. »"),
    # What a card does from a player's opening hand (the Leylines, the Chancellors, Gemstone Caverns).
    ("phrase", "in your opening hand", "103.6", "103.6 : « Some cards allow a player to take actions with them from their opening hand. Once the mulligan process (see rule 103.5) is complete… »"),
    # Wordings the rules govern without quoting them, surveyed in the whole rules (2026-11-27),
    # each said by 13 cards or more, reviewed one by one.
    ("phrase", "at the beginning of your next upkeep", "603.7, 603.7b", "603.7 : « An effect may create a delayed triggered ability that can do something at a later time »."),
    ("phrase", "whenever one or more", "603.2c", "603.2c : « An ability triggers only once each time its trigger event occurs », même si l'événement concerne plusieurs objets."),
    ("phrase", "whenever you cast", "601.2i", "601.2i : « Any abilities that trigger when a spell is cast or put onto the stack trigger at this time », une fois le sort entièrement lancé."),
    ("phrase", "a source of your choice", "609.7a", "609.7a : « If an effect requires a player to choose a source of damage, they may choose a permanent; a spell on the stack »…"),
    ("phrase", "the next time [something] would deal damage", "615.8", "615.8 : ces effets « refer to the next time a specific source would deal damage » et empêchent « the next instance of damage from that source »."),
    ("phrase", "prevented this way", "615.5", "615.5 : « Some prevention effects also include an additional effect, which may refer to the amount of damage that was prevented »."),
    ("phrase", "is dealt to [something] instead", "614.9", "614.9 : les effets qui remplacent les blessures infligées à l'un par les mêmes blessures à un autre « are called redirection effects »."),
    ("phrase", "switch [something] power and toughness", "613.4d", "613.4d : « Layer 7d: Effects that switch a creature’s power and toughness are applied »."),
    ("phrase", "becomes a [n]/[n]", "613.4b, 613.1d", "613.4b : « Layer 7b: Effects that set power and/or toughness to a specific number or value are applied »."),
    ("phrase", "creatures you control get +[n]/+[n] until end of turn", "611.2c", "611.2c : pour un effet issu d'un sort résolu, « the set of objects it affects is determined when that continuous effect begins »."),
    ("phrase", "then return it to the battlefield", "400.7, 603.6a", "400.7 : « An object that moves from one zone to another becomes a new object with no memory of, or relation to, its previous existence »."),
    ("phrase", "copy of [something], except", "707.9, 707.9b", "707.9b : « Some copy effects modify a characteristic as part of the copying process », et la valeur finale devient une valeur copiable."),
    ("phrase", "cast the copy", "707.12", "707.12 : « An effect that instructs a player to cast a copy of an object (and not just copy a spell) follows the rules for casting spells »."),
    ("phrase", "copy target [something] ability", "707.10, 707.10b", "707.10 : « To copy a spell, activated ability, or triggered ability means to put a copy of it onto the stack »."),
    ("phrase", "less to activate", "602.2b, 601.2f", "602.2b : « An activated ability’s analog to a spell’s mana cost (as referenced in rule 601.2f) is its activation cost »."),
    ("phrase", "spend this mana only", "106.6", "106.6 : « Some spells or abilities that produce mana restrict how that mana can be spent »."),
    ("phrase", "don't lose this mana as steps and phases end", "106.4", "106.4 : « Each player’s mana pool empties at the end of each step and phase, and the player is said to lose this mana »."),
    ("phrase", "adds an additional", "106.12a, 605.1b, 605.4a", "605.4a : « A triggered mana ability doesn’t go on the stack », il se résout juste après la capacité de mana qui l'a déclenché."),
    ("phrase", "can't be activated", "602.5", "602.5 : « A player can’t begin to activate an ability that’s prohibited from being activated » ; 603.2a : ces effets n'affectent pas les capacités déclenchées."),
    ("phrase", "up to one target", "115.6, 601.2c", "115.6 : « A spell or ability that requires targets may allow zero targets to be chosen »."),
    ("phrase", "life total becomes", "119.5", "119.5 : « If an effect sets a player’s life total to a specific number, the player gains or loses the necessary amount of life »."),
    ("phrase", "can't gain life", "119.7", "119.7 : « If an effect says that a player can’t gain life », ce joueur ne peut pas faire d'échange qui augmenterait son total."),
    ("phrase", "rounded up", "107.1a", "107.1a : si un nombre fractionnaire peut apparaître, « the spell or ability will tell you whether to round up or down »."),
    ("phrase", "shield counter", "122.1c", "122.1c : « One or more shield counters on a permanent create a single replacement effect and a single prevention effect that protect the permanent »."),
    ("phrase", "stun counter", "122.1d", "122.1d : « One or more stun counters on a permanent create a single replacement effect that stops the permanent from untapping »."),
    ("phrase", "finality counter", "122.1h", "122.1h : « One or more finality counters on a permanent create a single replacement effect that stops the permanent from going to the graveyard »."),
    ("phrase", "put its counters on", "122.8, 122.9", "122.8 : si l'objet a quitté le champ de bataille, le joueur « puts the same number of each kind of counter the first object had onto the second object »."),
    ("phrase", "if you would draw a card", "121.6, 614.11", "614.11 : « Some effects replace card draws. These effects are applied even if no cards could be drawn »."),
    ("phrase", "maximum hand size", "402.2, 514.1", "402.2 : « Each player has a maximum hand size, which is normally seven cards »."),
    ("phrase", "doesn't untap during [something] untap step", "502.3", "502.3 : « Normally, all of a player’s permanents untap, but effects can keep one or more of a player’s permanents from untapping »."),
    ("phrase", "choose a card name", "201.4, 201.4a", "201.4 : « If an effect instructs a player to choose a card name, the player must choose the name of a card in the Oracle card reference »."),
    ("phrase", "with the same name as", "201.2a", "201.2a : « Two or more objects have the same name if they have at least one name in common »."),
    ("phrase", "color identity", "903.4, 903.4f", "903.4f : « If an ability refers to the colors or number of colors in a commander’s color identity, that quality is undefined if that player doesn’t have a commander »."),
    ("phrase", "from the command zone", "903.8", "903.8 : « A player may cast a commander they own from the command zone » avec un surcoût de {2} par lancement précédent."),
    ("phrase", "flip a coin", "705.1, 705.2", "705.2 : certains effets ne regardent que pile ou face et « No player wins or loses a coin flip for this kind of effect »."),
    ("phrase", "roll a d20", "706.1a, 706.2", "706.2 : « After the roll, the number indicated on the top face of the die before any modifiers is the natural result »."),
    ("phrase", "your devotion to", "700.5, 700.5a", "700.5 : la dévotion « is equal to the number of mana symbols of that color among the mana costs of permanents that player controls »."),
    ("phrase", "all creatures able to block [something] do so", "509.1c", "509.1c : les exigences de blocage doivent être respectées au maximum : « the maximum possible number of requirements that could be obeyed without disobeying any restrictions »."),
    ("phrase", "tapped and attacking", "508.4, 508.3a", "508.4 : les créatures mises sur le champ de bataille attaquantes « are “attacking” but, for the purposes of trigger events and effects, they never “attacked.” »"),
    ("phrase", "assigns combat damage equal to its toughness rather than its power", "510.1a", "510.1a : normalement « Each attacking creature and each blocking creature assigns combat damage equal to its power »."),
    ("phrase", "additional combat phase", "500.8, 505.1a", "500.8 : « Some effects can add phases to a turn. They do this by adding the phases directly after the specified phase »."),
    ("phrase", "take an extra turn", "500.7", "500.7 : « Some effects can give a player extra turns » ; « The most recently created turn will be taken first »."),
    ("phrase", "deals combat damage to a player", "510.3a", "510.3a : « Any abilities that triggered on damage being dealt » vont sur la pile avant que le joueur actif reçoive la priorité ; 510.4 crée un second pas de blessures."),
    ("phrase", "each player chooses", "101.4, 101.4b", "101.4 : « the active player (the player whose turn it is) makes any choices required, then the next player in turn order »."),
    ("phrase", "gains life equal to its power", "608.2h", "608.2h : si l'objet n'est plus dans la zone, « the effect uses the object’s last known information »."),
    ("phrase", "damage equal to that creature's power", "608.2h", "608.2h : si l'objet a quitté sa zone, « the effect uses the object’s last known information »."),
    ("phrase", "look at the top card of your library any time", "401.5", "401.5 : « If the top card of the player’s library changes while a spell is being cast, the new top card won’t be revealed and can’t be looked at until the spell becomes cast »."),
    ("phrase", "spells from the top of your library", "601.3e, 401.5", "601.3e : des caractéristiques alternatives « are considered to determine if a card or copy of a card is legal to cast » (exemple de Garruk's Horde)."),
    ("phrase", "triggers an additional time", "603.2d", "603.2d : « An ability may state that a triggered ability triggers additional times »"),
    ("phrase", "excess damage", "120.4a", "120.4a : « excess damage that would be dealt to a permanent is dealt to another permanent or player instead »"),
    ("phrase", "copy target [something] spell", "707.10", "707.10 : « To copy a spell, activated ability, or triggered ability means to put a copy of it onto the stack »"),
    ("phrase", "the sacrificed [something]'s", "608.2h", "608.2h : l'objet n'est plus dans la zone attendue, « the effect uses the object's last known information »"),
    ("phrase", "at the beginning of the next end step", "603.7, 513.1a, 513.2", "603.7 : « An effect may create a delayed triggered ability that can do something at a later time » ; 513.1a, 513.2"),
    # A second survey (2026-11-27): combat, control, zones, the end of the game, costs and modes,
    # the words the rules define; reviewed one by one, seven of sixty left out (too broad, or
    # rejected above).
    ("phrase", "attacks each combat if able", "508.1d", "508.1d : c'est une exigence d'attaque, « effects that say a creature attacks if able », à respecter au maximum sans violer de restriction."),
    ("phrase", "blocks [something] if able", "509.1c", "509.1c : c'est une exigence de blocage, « effects that say a creature must block, or that it must block if some condition is met »."),
    ("phrase", "must be blocked", "509.1c", "509.1c : c'est une exigence imposée aux bloqueurs, vérifiée comme les « requirements (effects that say a creature must block »."),
    ("phrase", "can't block this turn", "509.1b", "509.1b : c'est une restriction de blocage, « effects that say a creature can’t block »."),
    ("phrase", "can't attack or block", "508.1c, 509.1b", "508.1c et 509.1b : restrictions vérifiées à la déclaration, « effects that say a creature can’t attack » / « effects that say a creature can’t block »."),
    ("phrase", "can't attack [something] unless [something] pays", "508.1d, 508.1h", "508.1d : « If a creature can’t attack unless a player pays a cost, that player is not required to pay that cost » ; 508.1h fixe le « total cost to attack »."),
    ("phrase", "can't be blocked except by", "509.1b", "509.1b : « A restriction may be created by an evasion ability (a static ability an attacking creature has that restricts what can block it) »."),
    ("phrase", "remove [something] from combat", "506.4", "506.4 : « A creature that’s removed from combat stops being an attacking, blocking, blocked, and/or unblocked creature »."),
    ("phrase", "unblocked", "509.1h", "509.1h : « one with no creatures declared as blockers for it becomes an unblocked creature »."),
    ("phrase", "whenever you attack", "508.3d, 508.3c, 508.3e", "508.3d : « Whenever [a player] attacks » se déclenche « if one or more creatures that player controls are declared as attackers » (variantes « with » et « [another player] » en 508.3c et 508.3e)."),
    ("phrase", "lose control of", "603.10d", "603.10d : « Abilities that trigger when a player loses control of an object » regardent en arrière dans le temps."),
    ("phrase", "exile [something] face down", "406.3, 406.3a", "406.3 : « Cards “exiled face down” can’t be examined by any player except when instructions allow it »."),
    ("phrase", "is turned face up", "708.8, 116.2b", "708.8 : « Any abilities relating to the permanent entering the battlefield don’t trigger » quand on le retourne ; 116.2b : « Turning a face-down creature face up is a special action »."),
    ("phrase", "onto the battlefield under your control", "110.2, 110.2a", "110.2 : « A permanent’s controller is, by default, the player under whose control it entered the battlefield »."),
    ("phrase", "you own", "108.3", "108.3 : « The owner of a card in the game is the player who started the game with it in their deck »."),
    ("phrase", "win the game", "104.2b, 104.3f", "104.2b : « An effect may state that a player wins the game » ; 104.3f : gagner et perdre à la fois, « that player loses the game »."),
    ("phrase", "loses the game", "104.3e, 603.10f", "104.3e : « An effect may state that a player loses the game » ; 603.10f : ces déclencheurs « look back in time »."),
    ("phrase", "pay [n] life", "119.4, 119.4b", "119.4 : « the player may do so only if their life total is greater than or equal to the amount of the payment »."),
    ("phrase", "whenever you gain life", "119.9", "119.9 : « If a player gains 0 life, no life gain event has occurred, and these abilities won’t trigger »."),
    ("phrase", "an emblem with", "114.1, 114.2", "114.2 : « [Player] gets an emblem with [ability] » veut dire que ce joueur « puts an emblem with [ability] into the command zone »."),
    ("phrase", "play an additional land", "305.2, 305.2a", "305.2 : « A player can normally play one land during their turn; however, continuous effects may increase this number »."),
    ("phrase", "can't cast", "601.3, 101.2", "601.3 : on ne peut lancer que si « no rule or effect prohibits that player from casting it » ; 101.2 : « the “can’t” effect takes precedence »."),
    ("phrase", "unless [something] pays", "118.12a", "118.12a : « [Do something] unless [a player does something else] » équivaut à « [A player may do something else]. If [that player doesn’t], [do something] »."),
    ("phrase", "end the turn", "723.1", "723.1 : « Some cards end the turn », selon une procédure qui « differ from the normal process for resolving spells and abilities »."),
    ("phrase", "by replacing all instances of", "612.1, 612.2", "612.1 : « Such an effect is a text-changing effect » ; 612.2 : il « changes only those words that are used in the correct way »."),
    ("phrase", "from outside the game", "400.11a, 400.11b", "400.11a : « Cards in a player’s sideboard are outside the game » ; 400.11b : « Some effects bring cards into a game from outside the game »."),
    ("phrase", "poison counter", "122.1f, 704.5c", "704.5c : « If a player has ten or more poison counters, that player loses the game »."),
    ("phrase", "{e}", "107.14", "107.14 : « The energy symbol is {E}. It represents one energy counter »."),
    ("phrase", "divided as you choose", "601.2d, 115.7f", "601.2d : « the player announces the division. Each of these targets must receive at least one of whatever is being divided »."),
    ("phrase", "distribute", "601.2d, 115.7f", "601.2d : « If the spell requires the player to divide or distribute an effect (such as damage or counters) among one or more targets, the player announces the division »."),
    ("phrase", "any number of target", "601.2c, 115.3", "601.2c : « If the spell has a variable number of targets, the player announces how many targets they will choose »."),
    ("phrase", "x can't be 0", "107.3a, 107.3b", "107.3b : lancé sans payer son coût de mana, « then the only legal choice for X is 0 » ; 107.3a : X est annoncé au lancement."),
    ("phrase", "without paying its mana cost", "118.9a, 118.9d, 107.3b", "118.9a : « Only one alternative cost can be applied to any one spell » ; 118.9d : les surcoûts s'appliquent encore ; 107.3b : « the only legal choice for X is 0 »."),
    ("phrase", "choose two -", "700.2a, 700.2d", "700.2d : « that player normally can’t choose the same mode more than once »."),
    ("phrase", "choose one or both -", "700.2a, 700.2d", "700.2a : « The controller of a modal spell or activated ability chooses the mode(s) as part of casting that spell »."),
    ("phrase", "skip your", "614.10, 614.10a", "614.10 : « “Skip [something]” is the same as “Instead of doing [something], do nothing.” »"),
    ("phrase", "of your library in any order", "401.4", "401.4 : « the owner of those cards may arrange them in any order »."),
    # A trigger on each card drawn (Orcish Bowmasters, Consecrated Sphinx): a draw of several
    # cards is that many draws, each an event of its own.
    ("phrase", "whenever [something] draws a card", "121.2, 603.2c", "121.2 : « Cards may only be drawn one at a time. If a player is instructed to draw multiple cards, that player performs that many individual card draws » ; 603.2c : « it can trigger repeatedly if one event contains multiple occurrences »."),
    ("phrase", "whenever you draw a card", "121.2, 603.2c", "121.2 : « Cards may only be drawn one at a time. If a player is instructed to draw multiple cards, that player performs that many individual card draws » ; 603.2c : « it can trigger repeatedly if one event contains multiple occurrences »."),
    ("phrase", "at the beginning of your draw step", "504.1, 504.2, 603.2b", "504.1 : « First, the active player draws a card » ; 504.2 : ensuite seulement « the active player gets priority »."),
    ("phrase", "a crime", "700.13", "700.13 : « A player commits a crime as that player casts a spell, activates an ability, or puts a triggered ability on the stack and that spell or ability targets at least one opponent »."),
    ("phrase", "completed a dungeon", "309.7", "309.7 : « A player completes a dungeon as that dungeon card is removed from the game »."),
    ("phrase", "flying counter", "122.1b", "122.1b : « A keyword counter on a permanent or on a card in a zone other than the battlefield causes that object to gain that keyword »."),
    ("phrase", "tap an untapped creature you control", "302.6", "302.6 : seule la capacité d'une créature « with the tap symbol or the untap symbol in its activation cost » est bloquée par le mal d'invocation."),
    ("phrase", "move [something] counter", "122.5", "122.5 : « If an effect says to “move” a counter, it means to remove that counter from the object it’s currently on and put it onto a second object »."),
    ("phrase", "leave your graveyard", "603.10a", "603.10a : regardent en arrière les « abilities that trigger when a card leaves a graveyard »."),
    ("phrase", "becomes the color", "105.3, 613.1e", "105.3 : « the new color replaces all previous colors the object had » ; 613.1e : « Color-changing effects are applied » en couche 5."),
    ("phrase", "your party", "700.8, 700.8a, 700.8b", "700.8 : « A player’s party consists of up to one Cleric creature that player controls, up to one Rogue creature they control »…"),
    ("phrase", "historic", "700.6", "700.6 : « The term historic refers to an object that has the legendary supertype, the artifact card type, or the Saga subtype »."),
    ("phrase", "outlaw", "700.12, 700.12a", "700.12 : « The term outlaw refers to an object that has the Assassin, Mercenary, Pirate, Rogue, and/or Warlock creature types »."),
    ("phrase", "modified", "700.9", "700.9 : « A permanent is modified if it has one or more counters on it (see rule 122), if it is equipped (see rule 301.5), or if it is enchanted by an Aura that is controlled by that permanent’s controller »."),
    ("phrase", "any player may activate", "602.2", "602.2 : « Only an object’s controller (or its owner, if it doesn’t have a controller) can activate its activated ability unless the object specifically says otherwise »."),
    # A third survey (2026-11-27): triggers, durations, replacement of entering and of counters,
    # delayed abilities; 20 of 50 kept, the others too broad (the beginning of each step) or loose;
    # 616.1 left to the interaction of two replacement effects (one alone does not bring it).
    ("phrase", "whenever [something] leaves the battlefield", "603.6c, 603.10a", "Déclencheur de sortie du champ de bataille : 603.10a précise que ces capacités « look back in time »."),
    ("phrase", "as this enters, choose", "614.12a, 607.2d", "Le choix fait en arrivant relève d'un effet de remplacement : « that choice is made before the permanent enters the battlefield »."),
    ("phrase", "for as long as it remains exiled", "611.2b, 400.7", "Durée liée à l'exil : la carte qui quitte l'exil « becomes a new object with no memory of, or relation to, its previous existence »."),
    ("phrase", "until your next turn", "611.2a", "Durée jusqu'au prochain tour : si le joueur quitte la partie, les effets aux « durations that last until that player’s next turn » durent jusqu'au début de ce tour."),
    ("phrase", "the next [something] you cast this turn", "611.2f", "Effet sur le prochain sort lancé : « they begin to apply at the time that player next puts an appropriate spell on the stack »."),
    ("phrase", "would be put into a graveyard from anywhere", "614.1a, 614.6, 603.2g", "Remplacement de la mise au cimetière : la carte ne meurt pas, car « An event that’s prevented or replaced won’t trigger anything »."),
    ("phrase", "counters would be put on", "614.16, 122.6", "Remplacement sur la pose de marqueurs, y compris à l'arrivée : 122.6 vise aussi « an object that’s given counters as it enters the battlefield »."),
    ("phrase", "tokens would be created", "614.16", "Remplacement sur la création de jetons : « they also apply if another replacement or prevention effect does so »."),
    ("phrase", "enters with an additional", "614.12, 122.6", "Marqueurs supplémentaires à l'arrivée donnés par un autre permanent : ces remplacements « may also come from other sources »."),
    ("phrase", "when you control no", "603.8", "Capacité déclenchée par un état du jeu : « These are called state triggers »."),
    ("phrase", "when you cast this", "601.2i", "Déclencheur de lancement de ce sort : « Any abilities that trigger when a spell is cast or put onto the stack trigger at this time »."),
    ("phrase", "at the beginning of the next turn's upkeep", "603.7, 503.1a", "Capacité déclenchée retardée : « An effect may create a delayed triggered ability that can do something at a later time »."),
    ("phrase", "dies this turn", "603.7b, 603.7c", "Déclencheur retardé avec durée : il ne se déclenche pas qu'une fois s'il a « a stated duration, such as “this turn.” »."),
    ("phrase", "exile it at the beginning of the next end step", "603.7c", "Exil différé : « if that object is no longer in the zone it’s expected to be in at the time the delayed triggered ability resolves, the ability won’t affect it »."),
    ("phrase", "sacrifice it at the beginning of the next end step", "603.7c, 701.21a", "Sacrifice différé : on ne peut sacrifier « something that’s a permanent they don’t control », et 603.7c si l'objet a changé de zone."),
    ("phrase", "whenever a creature dealt damage by this this turn dies", "603.10a, 700.4", "Déclencheur de mort d'une créature blessée : c'est une sortie du champ de bataille, et ces déclencheurs « look back in time »."),
    ("phrase", "return that card to the battlefield", "400.7, 603.6a", "Clignotement : la carte revenue « becomes a new object with no memory of, or relation to, its previous existence »."),
    ("phrase", "loyalty counter", "306.5c, 704.5i", "Marqueurs de loyauté : action basée sur un état, « If a planeswalker has loyalty 0, it’s put into its owner’s graveyard »."),
    ("phrase", "the discarded card", "400.7j", "La carte défaussée (coût ou effet) reste trouvable : « that spell or ability’s effects can find that object »."),
    ("phrase", "if this would enter", "614.12, 614.1a", "Remplacement de l'arrivée par le permanent lui-même : « Such effects may come from the permanent itself if they affect only that permanent »."),
    ("phrase", ": [cost] target [object]. add", "605.1a, 605.5a", "605.1a : une capacité activée est une capacité de mana si « it doesn’t require a target » ; 605.5a : « An ability with a target is not a mana ability »"),
    ("phrase", "when/whenever [event], add", "605.1b, 605.5a", "605.1b : une capacité déclenchée est une capacité de mana si elle « triggers from the activation or resolution of an activated mana ability … or from mana being added » ; 605.5a : sinon elle ne l'est pas"),
    ("phrase", "return target [something] to its owner's hand", "400.3", "400.3 : « If an object would go to any library, graveyard, or hand other than its owner’s, it goes to its owner’s corresponding zone » : la main de son propriétaire, une créature volée comprise"),
    ("type", "Planeswalker", "306, 606, 306.9", "306.5d : « Each planeswalker has a number of loyalty abilities » (606) ; 306.9 : loyauté 0"),
    ("layout", "transform", "712, 701.27", "712.1 : « nonmodal double-faced cards (previously called “transforming double-faced cards”) » ; 701.27 Transform"),
    ("layout", "modal_dfc", "712", "712.1 : « modal double-faced cards »"),
    ("layout", "meld", "712, 701.42", "712.1 : les cartes qui s'assemblent ; 701.42 Meld"),
    ("layout", "aftermath", "709", "702.127a : « Aftermath is an ability found on some split cards »"),
    ("interaction", "614, 615", "616.1", "616.1 : « If two or more replacement and/or prevention effects are attempting to modify the way an event affects an object or player »"),
    ("interaction", "701.20, 702.85 + 712", "712.8a", "712.8a : « While a double-faced card is outside the game or in a zone other than the battlefield or stack, it has only the characteristics of its front face » : une carte révélée de la bibliothèque (701.20, cascade 702.85)"),
    ("interaction", "701.20, 702.85 + 709", "709.4", "709.4 : « In every zone except the stack, the characteristics of a split card are those of its two halves combined » : une carte révélée de la bibliothèque"),
    ("interaction", "701.20, 702.85 + 715", "715.4", "715.4 : « In every zone except the stack […] an adventurer card has only its normal characteristics » : une carte révélée de la bibliothèque"),
    ("interaction", "202.3 + 712", "712.8", "712.8 : « Each face of a double-faced card […] has its own set of characteristics » : la valeur de mana qu'une carte lit est celle d'une face, selon la zone"),
    ("interaction", "202.3 + 709", "709.3, 709.4", "709.3b : sur la pile, la moitié lancée seule ; 709.4 : ailleurs, les deux moitiés : la valeur de mana qu'une carte lit"),
    ("interaction", "202.3 + 715", "715.3, 715.4", "715.3b : sur la pile en aventure, les caractéristiques de l'aventure ; 715.4 : ailleurs, les normales"),
    # The rules of a keyword that name the kind of permanent another card is (surveyed 2026-11-28:
    # the subrules of 701 and 702 that name Auras, Equipment or Fortifications, left out those of a
    # card's own keyword, Enchant, Equip, Bestow…, and those of one card, 702.16n and 702.16p).
    ("interaction", "303.4 + 702.26", "702.26g", "702.26g : « When a permanent phases out, any Auras, Equipment, or Fortifications attached to that permanent phase out at the same time »"),
    ("interaction", "301.5, 301.6 + 702.26", "702.26g", "702.26g : « any Auras, Equipment, or Fortifications attached to that permanent phase out at the same time »"),
    ("interaction", "303.4 + 702.16", "702.16c", "702.16c : « A permanent or player with protection can’t be enchanted by Auras that have the stated quality »"),
    ("interaction", "301.5, 301.6 + 702.16", "702.16d", "702.16d : « A permanent with protection can’t be equipped by Equipment that have the stated quality »"),
    ("interaction", "707 + 712", "707.8", "707.8 : « When copying a melded permanent or other double-faced permanent, use the copiable values of the face that’s currently up »"),
    ("interaction", "613 (même règle)", "613.7, 613.8", "613.7 : « Within a layer or sublayer », l'ordre par horodatage ; 613.8 : par dépendance"),
    # A characteristic-defining ability (Tarmogoyf) against an effect that sets power and toughness
    # (Turn to Frog, Oko): layer 7a before 7b. Tried and left out (2026-11-29): the pairs with a
    # modifying effect (613.4c, « gets +[n]/+[n] », thousands of cards: Rancor, Bonesplitter) lifted
    # layer 7 in questions on Auras and Equipment, and cost more than they gained.
    ("interaction", "208.2a + 613.4b", "613.4a, 613.4b", "613.4 : « Within layer 7, apply effects in a series of sublayers in the order described below » : une capacité qui définit une caractéristique (7a), un effet qui la fixe (7b)"),
    ("interaction", "702.85, 701.57, 118.9 + 107.3", "107.3b", "107.3b : « an effect lets that player cast that spell while paying neither its mana cost nor an alternative cost that includes X, then the only legal choice for X is 0 » : une carte qui fait lancer sans payer (cascade, découverte) et une carte avec {X} dans son coût"),
    # The query's words and a card (« dit A + B »: a word of the vocabulary whose rule is of A, a card
    # touching B): a commander the card destroys, exiles or sacrifices may go to the command zone
    # (a state-based action); one it returns to its owner's hand may go there instead (a replacement
    # effect). Tried and left out (2026-11-29): « dit 111 + 701.13 » → 111.7, 111.8, a
    # token a card exiles: Teferi's Protection and Rest in Peace exile too (themselves, what would
    # die), and questions on their tokens lost more than Flickerwisp's gained.
    ("interaction", "dit 903.3 + 701.8, 701.13, 701.21, 700.4", "903.9a", "903.9a : « If a commander is in a graveyard or in exile […] its owner may put it into the command zone » : un commandant qu'une carte détruit, exile ou fait sacrifier, ou qui meurt"),
    ("interaction", "dit 903.3 + 400.3", "903.9b", "903.9b : « If a commander would be put into its owner’s hand or library from anywhere, its owner may put it into the command zone instead » : un commandant qu'une carte renvoie dans la main"),
]
# Mined phrases a reviewed line replaces (« phase out », mined as 702.26a alone; the next end step,
# mined as 513.1a and 513.2 without the delayed triggered ability of 603.7).
REVIEWED_PATTERNS = {"phase out", "at the beginning of the next end step"}
# Layouts whose rule the titles do not name (« Double-Faced Cards »), or that are keywords (`mutate`,
# `aftermath`), or a card of one game only (`planar`, `scheme`, `vanguard`: their type says it).
LAYOUTS_BY_REVIEW = {"transform", "modal_dfc", "meld"}
# A phrase is kept when this many cards at least say it …
MIN_CARDS = 8
# … in at most this many rules (else the words are of every rule, not a topic).
MAX_RULES = 3
# Phrases of this many words.
NGRAMS = (2, 3, 4, 5)
# Words a phrase may not be made of alone.
STOP = set(
    "a an the of to and or in on it its this that your you their they is are be as at by for from with "
    "each any one two three all other another target player players card cards creature creatures "
    "permanent permanents spell spells control controls may can until end turn this's gets get has have "
    "if then when whenever where up x n".split()
)


def rules_of(path):
    text = open(path, encoding="utf-8-sig").read().replace("\r\n", "\n").replace("\r", "\n")
    rx = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]?))?\.? (.*)$")
    rules = collections.OrderedDict()
    cur = None
    for line in text.split("\n"):
        m = rx.match(line)
        if m and int(m.group(1)) >= 100:
            cur = m.group(1) + ("." + m.group(2) + m.group(3) if m.group(2) else "")
            rules[cur] = m.group(4)
        elif cur and line.startswith("Example:"):
            rules[cur] += " " + line
        elif line.strip() == "Glossary" and cur and "." in cur and cur.startswith("9"):
            break
    # The table of contents comes first: keep the last text of each id.
    return rules


def titles(rules):
    out = {}
    for rid, text in rules.items():
        if re.fullmatch(r"\d{3}(\.\d+)?", rid) and len(text) < 60 and not text.endswith("."):
            out[rid] = text.strip()
    return out


def norm(text, name=None):
    t = text.replace("’", "'").replace("—", "-").lower()
    if name:
        for part in [name] + name.split(" // ") + [name.split(",")[0]]:
            if len(part) > 2:
                t = t.replace(part.lower(), "this")
    t = re.sub(r"\([^)]*\)", " ", t)  # reminder text
    t = re.sub(r"this (creature|artifact|enchantment|land|permanent|spell|card|aura|equipment|vehicle)", "this", t)
    return re.sub(r"\s+", " ", t)


def phrase_regex(q):
    """A quoted phrase as a pattern: « [this permanent] » is « this », other bracketed words and
    « . . . » stand for a few words, N and X for a number."""
    parts = []
    for token in re.split(r"(\[[^\]]*\]|\. \. \.|\bn\b|\b[a-z]+(?:/[a-z]+)+\b)", q):
        if not token:
            continue
        alternatives = token.strip("[]").split("/")
        if token == "and/or":
            parts.append(re.escape(token))
        elif "/" in token and all(re.fullmatch(r"[a-z]{2,}", a) for a in alternatives):
            # « When/Whenever/At », « [cast/play] »: one of the words.
            parts.append("(?:" + "|".join(re.escape(a) for a in alternatives) + ")")
        elif token == "[basic land type]":
            parts.append("(?:plains|islands?|swamps?|mountains?|forests?)")
        elif token in ("[n]",):
            parts.append(r"(?:\d+|x)")
        elif token in ("[this]", "[this permanent]", "[this object]", "[this creature]", "[this card]", "[this spell]"):
            parts.append("this")
        elif re.fullmatch(r"\[[a-z]+ or [a-z]+\]", token):
            # « [power or toughness] »: one word or the other, not anything.
            a, b = token[1:-1].split(" or ")
            parts.append("(?:" + re.escape(a) + "|" + re.escape(b) + ")")
        elif token.startswith("[") or token == ". . .":
            parts.append(r"[^.\n]{0,60}?")
        elif token == "n":
            parts.append(r"(?:\d+|x)")
        else:
            parts.append(re.escape(token))
    return re.compile(r"(?<![a-z0-9'])" + "".join(parts) + r"(?![a-z0-9'])")


def within(rid, family):
    """Whether a rule is a family's (712: 712.8a; 701.27: 701.27c) or the family itself."""
    if "." in family:
        return rid == family or re.fullmatch(re.escape(family) + r"[a-z]", rid) is not None
    return rid == family or rid.startswith(family + ".")


def without_examples(text):
    """A rule's text without its examples."""
    return text.split("Example:")[0]


def sent_to(rules, rid):
    """The rules outside the keyword chapters that a keyword's rule and its subrules send to
    (« see rule 708 »: morph makes a face-down permanent; « rule 729 »: mutate a merged one; « rule
    704 »: deathtouch's lethal damage; « rule 510 »: first strike's combat damage step). Not the
    rules of spells and abilities, 600–699: every alternative cost sends to 601.2b and 601.2f, how
    a spell's costs are paid, which say nothing of the keyword (measured 2026-11-29: with them, the
    seven card sets lose 0.023 of MRR@10 summed)."""
    out = []
    for sub, text in rules.items():
        if not within(sub, rid):
            continue
        for group in re.findall(r"rules? ((?:\d{3}(?:\.\d+[a-z]?)?(?:, | and | or |–|-)?)+)", without_examples(text)):
            for ref in re.findall(r"\d{3}(?:\.\d+[a-z]?)?", group):
                section = int(ref[:3])
                if not within(ref, rid) and not 600 <= section <= 702 and ref not in out:
                    out.append(ref)
    return out


def words(t):
    return re.findall(r"[a-z0-9+/'{}-]+", t)


def main():
    rules = rules_of(sys.argv[1])
    cards = json.load(gzip.open(sys.argv[2]))
    # A card's halves kept with it by `cartes importe` (« Ice » of Fire // Ice) say theirs with it.
    def whole_text(c):
        return "\n".join([c.get("text") or ""] + [h.get("text") or "" for h in c.get("halves") or []])

    def costs(c):
        return " ".join([c.get("manaCost") or ""] + [h.get("manaCost") or "" for h in c.get("halves") or []])

    texts = [(c["name"], norm(whole_text(c), c["name"])) for c in cards]
    out = []

    # Keywords → the rule titled by them.
    title = titles(rules)
    by_title = {}
    for rid, t in title.items():
        if rid.startswith(("701.", "702.")):
            by_title[t.lower()] = rid
    kw = collections.Counter(k for c in cards for k in (c.get("keywords") or []))
    for k in sorted(kw):
        rid = by_title.get(k.lower())
        if rid:
            rx = phrase_regex(k.lower())
            n = sum(
                1
                for c, (_, text) in zip(cards, texts)
                if k in (c.get("keywords") or []) or rx.search(text)
            )
            sent = sent_to(rules, rid)
            source = f"titre de la règle {rid}" + (f" ; renvoie à {', '.join(sent)}" if sent else "")
            out.append(("keyword", k, ", ".join([rid] + sent), n, source))

    # Layouts → the rule of that kind of card (« Split Cards », « Adventurer Cards »).
    layouts = collections.Counter(c.get("layout") for c in cards if c.get("layout"))
    for layout, n in sorted(layouts.items()):
        for rid, t in title.items():
            if rid.startswith("7") and "." not in rid and t.endswith(" Cards"):
                first = t.split()[0].lower()
                if first == layout or (first.startswith(layout) and len(first) - len(layout) <= 2):
                    out.append(("layout", layout, rid, n, f"titre de la règle {rid}"))

    # Keyword actions said in the text (« destroy target », « exiled ») → the 701 rule titled by them.
    for rid, t in title.items():
        if not rid.startswith("701.") or " " in t or t.lower() in {k.lower() for k in kw}:
            continue
        verb = t.lower()
        forms = "|".join(re.escape(f) for f in {verb, verb + "s", verb + "es", verb + "ed", verb + "d"})
        object_words = "target|that|it|them|all|each|a|an|up|the|this|another|any|those|x|one|two|three|half"
        rx = re.compile(rf"(?<![a-z+/-])(?:(?:{forms}) (?:{object_words})\b|{re.escape(verb)}e?d\b)")
        n = sum(1 for _, text in texts if rx.search(text))
        if n >= MIN_CARDS:
            out.append(("action", verb, rid, n, f"titre de la règle {rid}, dit comme verbe"))

    # Types → the rule that defines them.
    types = collections.Counter()
    for c in cards:
        for field in ("types", "supertypes", "subtypes"):
            for t in c.get(field) or []:
                types[t] += 1
    section3 = {t.lower().rstrip("s"): rid for rid, t in title.items() if rid[0] == "3" and "." not in rid}
    chapters = {t.lower(): rid for rid, t in title.items() if "." not in rid}
    for t, n in sorted(types.items()):
        if any(u != t and u.lower() == t.lower() and m > n for u, m in types.items()):
            continue  # « pLAnE », a misspelt record of « Plane »
        found = []
        for plural in (t.lower() + " cards", t.lower() + "s"):
            if plural in chapters and chapters[plural][0] == "7":
                found.append((chapters[plural], f"titre de la règle {chapters[plural]}"))
        if t.lower() in section3:
            found.append((section3[t.lower()], f"titre de la règle {section3[t.lower()]}"))
        for rid, text in rules.items():
            if re.search(rf"(subtype|supertype) “{re.escape(t)}\.?”", text, re.I) or re.search(
                rf"with the supertype {re.escape(t.lower())}\b", text
            ) or re.search(
                rf"^(A|An) {re.escape(t)} token is", text
            ):
                found.append((rid, f"« {t} » défini en {rid}"))
                # The rule it sends to, when it names the state-based action (« legend rule »).
                for ref in re.findall(r"see rule (\d{3}\.\d+[a-z]?)", text):
                    if ref.startswith("704."):
                        found.append((ref, f"cité par {rid}"))
                break
        if re.search(rf"The basic land types are [^.]*\b{re.escape(t)}\b", rules.get("305.6", "")):
            found.append(("305.6", "type de terrain de base (305.6)"))
        # The state-based actions whose subject it is (704.5m « If an Aura is attached to an illegal
        # object… », 704.5s « If the number of lore counters on a Saga permanent… »): what the game does to it on its own.
        for rid, text in rules.items():
            clause = text.split(",")[0]
            if re.fullmatch(r"704\.[56][a-z]", rid) and clause.startswith("If ") and re.search(
                rf"\ban? (?:\w+ or )?{re.escape(t)}(?: or \w+)?\b", clause, re.I
            ):
                found.append((rid, f"action basée sur un état dont « {t} » est le sujet ({rid})"))
        found.extend(TYPE_ALSO.get(t, []))
        if found:
            ids = []
            for rid, _ in found:
                if rid not in ids:
                    ids.append(rid)
            out.append(("type", t, ", ".join(ids), n, " ; ".join(s for _, s in found)))

    # Mana symbols of a mana cost the rules speak of (« an object with an {X} in its mana cost »,
    # 202.3e) → those rules; when two subrules or more of one rule say it (107.3b, 107.3g), that rule
    # instead, so that its other subrules are of the family (107.3m: an X chosen for the spell a
    # permanent was, read by its enters-the-battlefield ability).
    symbols = collections.OrderedDict()
    for rid, text in rules.items():
        body = text.split("Example:")[0]
        for sym in re.findall(r"\ban? (\{[A-Z0-9]\}) in its mana cost", body):
            if rid not in symbols.setdefault(sym, []):
                symbols[sym].append(rid)
    for sym, where in symbols.items():
        parents = collections.Counter(r[:-1] for r in where if r[-1].isalpha())
        ids = []
        for r in where:
            rid = r[:-1] if r[-1].isalpha() and parents[r[:-1]] >= 2 else r
            if rid not in ids:
                ids.append(rid)
        n = sum(1 for c in cards if sym in costs(c))
        if n >= MIN_CARDS:
            out.append(("cost", sym, ", ".join(ids), n, "« " + sym + " in its mana cost » en " + ", ".join(where)))

    # Phrases of Oracle text the rules quote in their own text (not their examples): « [This
    # permanent] enters tapped » (603.6d). Bracketed words stand for anything, N for a number.
    quoted = collections.OrderedDict()
    names_of_rules = {t.lower().rstrip(".") for t in title.values()}
    for rid, text in rules.items():
        if "." not in rid:
            continue
        body = text.split("Example:")[0]
        # What a keyword ability means (« “Modular N” means “This permanent enters with N +1/+1
        # counters on it” »): a card that says those words without the keyword is not about it.
        if rid.startswith("702."):
            body = re.sub(r"\bmeans “[^”]*”", " ", body)
        for q in re.findall(r"“([^”]{3,160})”", body):
            q = norm(q).strip(" .,;:")
            if q in names_of_rules or q.rstrip(",") in names_of_rules:
                continue
            plain = re.sub(r"\[[^\]]*\]", " ", q)
            content = [w for w in words(plain) if w not in STOP and w not in ("n", "x") and not w.isdigit()]
            if len(content) < 2 and not (len(content) == 1 and len(words(plain)) >= 2):
                continue
            quoted.setdefault(q, []).append(rid)
    shapes = set()
    for q, where in quoted.items():
        # « protection from [quality a] » and « protection from [b] » are one pattern: the first kept.
        shape = re.sub(r"\[[^\]]*\]", "[]", q)
        if shape in shapes:
            continue
        shapes.add(shape)
        rx = phrase_regex(q)
        n = sum(1 for _, t in texts if rx.search(t))
        if n < MIN_CARDS or q in REJECTED or q in REVIEWED_PATTERNS:
            continue
        where = list(dict.fromkeys(where))
        out.append(("phrase", q, ", ".join(where[:MAX_RULES]), n, "cité en " + ", ".join(where[:MAX_RULES])))

    # Titles of rules the cards say (« mana abilities » → 605, « the monarch » → 724).
    said = {p for _, p, *_ in out}
    for rid, t in title.items():
        # Chapters' titles of two words or more (« Mana Abilities »; « Damage » is said by every
        # card that deals damage), and Commander's.
        if not re.fullmatch(r"[1-7]\d\d|903", rid) or (len(t.split()) < 2 and rid != "903"):
            continue
        plain = t.lower()
        forms = {plain, re.sub(r"ies$", "y", plain), re.sub(r"s$", "", plain)}
        for form in sorted(forms):
            if form in said or form in REJECTED or len(words(form)) < 1 or form in STOP:
                continue
            n = sum(1 for _, text in texts if phrase_regex(form).search(text))
            if n >= MIN_CARDS:
                out.append(("phrase", form, rid, n, f"titre de la règle {rid}"))
                said.add(form)

    for kind, pattern, ids, why in REVIEWED:
        if not ids:
            continue
        if kind == "layout":
            n = layouts.get(pattern, 0)
        elif kind == "interaction":
            n = 0
        elif kind == "type":
            n = types.get(pattern, 0)
            out = [row for row in out if not (row[0] == "type" and row[1] == pattern)]
        else:
            n = sum(1 for _, t in texts if phrase_regex(pattern).search(t))
        out.append((kind, pattern, ids, n, "relu : " + why))

    # The rules outside a layout's own that name its kind of card (« split card » in 202.3d, the
    # mana value of a split card; « double-faced » in 707.8, copying one): they only lift, among the
    # rules the words found, those that speak of the card named (see LAYOUT_NAMED).
    own = collections.defaultdict(list)
    for kind, pattern, ids, *_ in out:
        if kind == "layout":
            own[pattern].extend(i.strip() for i in str(ids).split(","))
    for layout, (said, unless, why) in LAYOUT_NAMED.items():
        rx, unless = re.compile(said), re.compile(unless or r"(?!)")
        where = [
            rid
            for rid, text in rules.items()
            if "." in rid
            and not rid.startswith(("701.", "702."))
            and not any(within(rid, o) for o in own[layout])
            and rx.search(without_examples(text))
            and not unless.search(without_examples(text))
        ]
        if where and layout in layouts:
            out.append(("layout-named", layout, ", ".join(where), layouts[layout], f"{why} en " + ", ".join(where)))

    print("# Ce dont parlent les textes des cartes, en règles en vigueur : miné par scripts/mine-card-topics.py")
    print("# (voir sa documentation) dans les Règles complètes du 2026-01-16 et les textes Oracle de rules/cartes/.")
    print(f"# cartes : {len(cards)}")
    print("# genre\tmotif\trègles\tcartes\tsource")
    for row in out:
        print("\t".join(str(x) for x in row))


if __name__ == "__main__":
    main()
