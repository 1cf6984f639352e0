#!/usr/bin/env python3
"""Lists the words of card names that are also words of French: « adverse »
(Adverse Conditions), « test » (Ludevic's Test Subject), « tabernacle ».
A French judge types them as French, so such a word does not name a card on
its own (src/cards/names.rs); the whole name still does.

The French words are those of the Dicollecte French dictionary for Hunspell
(Debian package hunspell-fr-classical 7.0, licence MPL-2.0): its lowercase
entries (no proper nouns), with their plural when the entry takes one, and
for adjectives their feminine forms. Only the words that are also words of
a card name are kept, folded as names.rs folds them (lowercase, no accents,
« œ » as « oe »). Run from the project root:

    python3 scripts/french-name-words.py /usr/share/hunspell/fr_FR.dic \
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
    out = set()
    with open(path, encoding="utf-8", errors="replace") as f:
        next(f)  # the number of entries
        for line in f:
            entry = line.split(None, 1)
            if not entry:
                continue
            stem, _, flags = entry[0].partition("/")
            if not stem[:1].islower() or not re.fullmatch(r"[a-zà-ÿœæ]+", stem):
                continue
            forms = {stem}
            if "S" in flags:
                forms.add(stem + "s")
            if "X" in flags:
                forms.add(stem + "x")
            if "po:adj" in line and "F" in flags:
                forms.update({stem + "e", stem + "es"})
            out.update(fold(w) for w in forms)
    return out


def main():
    french = french_words(sys.argv[1])
    names = set()
    for c in json.load(gzip.open(sys.argv[2])):
        names.update(words(c["name"]))
    for c in json.load(gzip.open(sys.argv[3])):
        for n in c.get("fr") or []:
            names.update(words(n))
    kept = sorted(w for w in names & french if len(w) >= 4)
    print("# Mots des noms de cartes qui sont aussi des mots du français : un tel mot seul ne nomme pas une carte.")
    print("# Produit par scripts/french-name-words.py à partir du dictionnaire français Dicollecte pour Hunspell")
    print("# (paquet Debian hunspell-fr-classical 7.0, licence MPL-2.0) et des noms de rules/cartes/.")
    for w in kept:
        print(w)


if __name__ == "__main__":
    main()
