#!/usr/bin/env python3
"""Lists the words of card names that are also words of French: « adverse »
(Adverse Conditions), « test » (Ludevic's Test Subject), « tabernacle ».
A French judge types them as French, so such a word does not name a card on
its own (src/cards/names.rs); the whole name still does. So are the starts
and ends of long words of names that are French (« poser » of « Repurposer »),
and a few words typed without their apostrophe (« quil »).

The French words are those of the Dicollecte French dictionary for Hunspell
(Debian package hunspell-fr-classical 7.0, licence MPL-2.0), every form of
its lowercase entries (no proper nouns) as Hunspell's `unmunch` (package
hunspell-tools) writes them: plurals, feminines, conjugations (« tombent »).
Only the words that are also words of a card name, or parts of them, are
kept, folded as names.rs folds them (lowercase, no accents, « œ » as « oe »).
Run from the project root:

    unmunch /usr/share/hunspell/fr_FR.dic /usr/share/hunspell/fr_FR.aff > /tmp/fr-forms.txt
    python3 scripts/french-name-words.py /tmp/fr-forms.txt \
        rules/cartes/oracle-cards.json.gz rules/cartes/mtgjson3-fr-rulings.json.gz \
        > rules/cartes/mots-francais.txt
"""

import gzip
import json
import re
import sys
import unicodedata


def fold(text):
    t = unicodedata.normalize("NFD", text.lower().replace("œ", "oe").replace("æ", "ae"))
    return "".join(c for c in t if not unicodedata.combining(c))


def words(text):
    return [w for w in re.split(r"[^0-9a-z]+", fold(text)) if w]


def french_words(path):
    """Every form of the dictionary, as `unmunch` writes them (« tombent/n'q'l'm't's'| »): the
    word before its flags, lowercase entries only (no proper nouns), no elided forms."""
    out = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            form = line.strip().split("/", 1)[0]
            if form[:1].islower() and re.fullmatch(r"[a-zà-ÿœæ-]+", form):
                out.update(w for w in words(form))
    return out


# Words typed on a phone without their apostrophe (« quil » for « qu'il »): French too.
ELIDED = """cest quil quils quelle quelles quon jai jen jy nest nen ny sil sils lautre lautres
dun dune jsuis lun lune""".split()
# A long word of a name is also named by its start (five letters or more) or its end (four or more),
# three letters at least left out (src/cards/names.rs): the parts that are French are listed too
# (« poser » ends « Repurposer »).
MIN_COMPOUND, MIN_LEFT_OUT = 8, 3


def parts(word):
    if len(word) < MIN_COMPOUND:
        return []
    starts = [word[:n] for n in range(5, len(word) - MIN_LEFT_OUT + 1)]
    ends = [word[-n:] for n in range(4, len(word) - MIN_LEFT_OUT + 1)]
    return starts + ends


def main():
    french = french_words(sys.argv[1]) | set(ELIDED)
    names = set()
    for c in json.load(gzip.open(sys.argv[2])):
        names.update(words(c["name"]))
    for c in json.load(gzip.open(sys.argv[3])):
        for n in c.get("fr") or []:
            names.update(words(n))
    said = names | {p for w in names for p in parts(w)}
    kept = sorted(w for w in said & french if len(w) >= 4)
    print("# Mots des noms de cartes (et débuts ou fins de leurs mots longs) qui sont aussi des mots du français :")
    print("# un tel mot seul ne nomme pas une carte.")
    print("# Produit par scripts/french-name-words.py à partir du dictionnaire français Dicollecte pour Hunspell")
    print("# (paquet Debian hunspell-fr-classical 7.0, licence MPL-2.0) et des noms de rules/cartes/.")
    for w in kept:
        print(w)


if __name__ == "__main__":
    main()
