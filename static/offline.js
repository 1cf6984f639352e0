// arbitre — reading offline. Progressive enhancement: nothing else needs this file.
// - « Disponible hors ligne » (footer): the size to download first, then every
//   page of /hors-ligne/liste.json into the cache the service worker (/sw.js)
//   answers from, with its progress; off, the cache is deleted.
// - The offline search page (/hors-ligne/recherche, which the service worker
//   shows for /recherche without network): the rules of /hors-ligne/index.json
//   searched here, in the phone.
// - Under node (scripts/offline-eval.sh), the search alone: module.exports.
"use strict";

(function () {
  var CACHE = "arbitre-hors-ligne";
  var LIST = "/hors-ligne/liste.json";
  var INDEX = "/hors-ligne/index.json";
  var STATE = "/hors-ligne/etat";
  var PARALLEL = 6;
  // French typography: a no-break space before « : », a narrow one before « ; ! ? » and inside « ».
  var NBSP = "\u00a0";
  var NNBSP = "\u202f";

  // ───────────────────────── The search ─────────────────────────
  //
  // The server's search (src/search), in the phone, on the index JSON: the
  // words typed read as concepts — the longest runs of words that name an
  // entry of the French ↔ English vocabulary, each other word said in French
  // as typed and in English by its learned translations (or as typed when
  // English texts have it as much) — each concept weighed by its rarity;
  // each text's match of each concept (BM25 without rarity, fields
  // weighed), a French text and its rule in force one unit that says a
  // concept as well as the better of the two; times the share of the
  // question said; the words typed side by side found close together; a
  // head start for the rules the query names, a subrule after its rule, a
  // rule that calls its matter a state-based action after the 704 rule.

  // Question words and the filler of a spoken question (the server's list).
  var QUESTION = ("quand comment pourquoi quoi combien lequel laquelle lesquels lesquelles est-ce koi kwa pk pq " +
    "chose choses truc trucs exactement vraiment genre style marche fonctionne veut dire svp stp merci bonjour " +
    "salut question ok hein bref donc alors bien").split(" ");
  // Lucene's English stop words (the server's English analyzer).
  var EN_STOP = ("a an and are as at be but by for if in into is it no not of on or such that the their then " +
    "there these they this to was will with").split(" ");
  // Words dropped when matching the vocabulary's names (articles, « de »), as typed.
  var LEX_DROP = ["le", "la", "les", "l", "un", "une", "des", "du", "de", "d"];
  var FR_FUNCTION = ["le", "la", "les", "des", "du", "une", "est", "dans", "pour", "avec", "sur", "qui", "que", "je", "elle", "il", "peut"];
  var EN_FUNCTION = ["the", "of", "and", "is", "to", "with", "from", "when", "that", "which", "it", "does", "can", "what", "how"];
  // The weights of src/search/weights.rs.
  var W = {
    title: 2, lead: 1.5, text: 1, examples: 0.7, context: 0.3, heading: 1.5,
    typo: 0.7, proximity: 0.5, tieBreaker: 0.3, rankPrior: 0.04, otherLanguage: 0.25,
    corroboration: 0.25, named: 1.5, stating: 1.15, term: 1,
  };
  var TERM_SLOP = 1;
  var K1 = 1.2, B = 0.75;
  var MAX_SPAN = 8, MAX_WORDS = 24, PROXIMITY_CANDIDATES = 200, DEFERRING = 30;
  var SLOP = { fr: 2, en: 4 };
  // Subrule letters, in order (the rules skip l and o).
  var LETTERS = "abcdefghijkmnpqrstuvwxyz";

  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/[’‘]/g, "'");
  }

  // Words of a folded text: letters and digits, a power/toughness (« +1/+1 ») as one word.
  var WORD = /[+-]?[0-9x*]+\/[+-]?[0-9x*]+|[a-z0-9]+/g;
  function words(folded) {
    return folded.match(WORD) || [];
  }

  // Words as typed (lowercase, accents kept): « dé » is not « de ».
  var TYPED = /[+-]?[0-9x*]+\/[+-]?[0-9x*]+|[\p{L}\p{N}]+/gu;
  function typedWords(text) {
    return text.normalize("NFC").toLowerCase().replace(/[’‘]/g, "'").replace(/œ/g, "oe").replace(/æ/g, "ae").match(TYPED) || [];
  }

  function hasDigit(w) { return /[0-9]/.test(w); }

  // A light French stemmer: plural, then one ending of gender, participle,
  // infinitive or noun (« bloquée », « bloquer », « bloqué », « bloque » → « bloqu »).
  var FR_ENDINGS = [["issement", 4], ["ement", 3], ["ation", 3], ["atrice", 3], ["ateur", 3], ["euse", 3],
    ["ant", 5], ["ee", 3], ["er", 3], ["ez", 3], ["e", 3]];
  function frStem(w) {
    if (w.length <= 3 || hasDigit(w)) return w;
    if (w.length > 5 && /aux$/.test(w)) w = w.slice(0, -3) + "al";
    else if (/[sx]$/.test(w) && !/ss$/.test(w)) w = w.slice(0, -1);
    for (var i = 0; i < FR_ENDINGS.length; i++) {
      var e = FR_ENDINGS[i][0];
      if (w.length - e.length >= FR_ENDINGS[i][1] && w.slice(-e.length) === e) return w.slice(0, -e.length);
    }
    return w;
  }

  // A light English stemmer: plural (S-stemmer), « -ing », « -ed », a doubled consonant, a final « e ».
  function enStem(w) {
    if (w.length <= 3 || hasDigit(w)) return w;
    if (/ies$/.test(w) && w.length > 4 && !/[ae]ies$/.test(w)) w = w.slice(0, -3) + "y";
    else if (/sses$/.test(w)) w = w.slice(0, -2);
    else if (/es$/.test(w) && !/[aeo]es$/.test(w)) w = w.slice(0, -1);
    else if (/s$/.test(w) && !/[us]s$/.test(w)) w = w.slice(0, -1);
    if (/ing$/.test(w) && w.length > 5) w = w.slice(0, -3);
    else if (/ed$/.test(w) && w.length > 4) w = w.slice(0, -2);
    if (/([b-df-hj-km-np-rtv-z])\1$/.test(w) && w.length > 3) w = w.slice(0, -1);
    if (/e$/.test(w) && w.length > 4) w = w.slice(0, -1);
    return w;
  }

  function stemmer(lang) { return lang === "en" ? enStem : frStem; }

  // ── The index, built in the phone ──

  // Builds what the search needs from the index JSON: per bag (French texts,
  // English texts, the French headings and chapter titles of English rules)
  // the postings of each term with its weighted frequency; lengths; the
  // vocabulary's names keyed for matching; the word translations.
  function prepare(data) {
    var e = {
      docs: data.documents.map(function (d) {
        return {
          url: d[0], id: d[1], lang: d[2], title: d[3], heading: d[4], text: d[5], examples: d[6],
          group: d[7], ids: d[8], ctx: d[9], sba: d[10], rank: rankOf(d[1]),
        };
      }),
      contexts: data.contextes,
      edition: data.edition,
      numbers: new Set(data.numeros),
      stop: { fr: new Set(data.mots_vides.map(fold).concat(["cf"])), en: new Set(EN_STOP) },
      bags: {},
      surface: { fr: new Set(), en: new Set() },
      numberNames: new Map(),
      groups: new Map(),
    };
    data.nombres.forEach(function (n) { e.numberNames.set(n[0], { fr: fold(n[1]), en: n[2] }); });
    ["fr", "en", "frh"].forEach(function (b) { e.bags[b] = { postings: new Map(), length: [], average: 1, count: 0 }; });
    e.docs.forEach(function (d, i) {
      var list = e.groups.get(d.group) || [];
      list.push(i);
      e.groups.set(d.group, list);
      indexDoc(e, d, i);
    });
    ["fr", "en", "frh"].forEach(function (b) {
      var bag = e.bags[b], total = 0;
      bag.length.forEach(function (n) { total += n; });
      bag.average = Math.max(1, total / Math.max(1, bag.count));
    });
    prepareLexicon(e, data);
    e.translations = new Map();
    data.traductions.forEach(function (t) {
      var key = frStem(fold(t[0]));
      var list = e.translations.get(key) || [];
      var en = enStem(fold(t[1]));
      var known = list.find(function (x) { return x[0] === en; });
      if (known) known[1] = Math.max(known[1], t[2]);
      else list.push([en, t[2]]);
      e.translations.set(key, list);
    });
    return e;
  }

  // The rank of a subrule among its siblings, plus one (« 608.2a » 1, « 608.2b » 2); 0 for a rule.
  function rankOf(id) {
    var m = /^\d{3}\.\d+([a-z]+)$/.exec(id);
    if (!m) return 0;
    var r = 0;
    for (var i = 0; i < m[1].length; i++) r = r * LETTERS.length + Math.max(0, LETTERS.indexOf(m[1][i]));
    return r + 1;
  }

  // The first sentence of a text.
  function lead(text) {
    var line = text.split("\n")[0];
    var stop = line.indexOf(". ");
    return stop < 0 ? line : line.slice(0, stop + 1);
  }

  function indexDoc(e, d, i) {
    var ctx = e.contexts[d.ctx] || ["", ""];
    var own = [[d.title, W.title, false], [d.text, W.text, true], [lead(d.text), W.lead - W.text, false],
      [d.examples, W.examples, true], [ctx[0], W.context, false]];
    addFields(e, d.lang, d.lang, i, own);
    if (d.lang === "en") addFields(e, "frh", "fr", i, [[d.heading, W.heading, true], [ctx[1], W.context, false]]);
  }

  function addFields(e, bagName, lang, i, fields) {
    var bag = e.bags[bagName];
    var tf = new Map();
    var length = 0;
    var stem = stemmer(lang);
    fields.forEach(function (f) {
      var ws = words(fold(f[0] || ""));
      for (var k = 0; k < ws.length; k++) {
        if (e.stop[lang].has(ws[k])) continue;
        if (bagName !== "frh") e.surface[lang].add(ws[k]);
        var t = stem(ws[k]);
        tf.set(t, (tf.get(t) || 0) + f[1]);
        if (f[2]) length++;
      }
    });
    if (!tf.size) return;
    bag.length[i] = length;
    bag.count++;
    tf.forEach(function (n, t) {
      var p = bag.postings.get(t);
      if (!p) bag.postings.set(t, p = []);
      p.push(i, n);
    });
  }

  // The key of a name of the vocabulary: its words, articles dropped, folded and stemmed.
  function nameKey(typed, lang) {
    var stem = stemmer(lang);
    return typed.filter(function (w) { return LEX_DROP.indexOf(w) < 0; }).map(function (w) { return stem(fold(w)); }).join(" ");
  }

  function prepareLexicon(e, data) {
    e.lexicon = data.vocabulaire.map(function (v) { return { fr: v[0], en: v[1], kind: v[2], rule: v[3] }; });
    e.byFrench = new Map();
    e.byEnglish = new Map();
    var add = function (map, key, i) {
      if (!key) return;
      var list = map.get(key) || [];
      if (list.indexOf(i) < 0) list.push(i);
      map.set(key, list);
    };
    e.lexicon.forEach(function (entry, i) {
      add(e.byFrench, nameKey(typedWords(entry.fr), "fr"), i);
      if (!shorthand(entry)) add(e.byEnglish, nameKey(typedWords(entry.en), "en"), i);
    });
  }

  function shorthand(entry) { return entry.kind === "jargon" || entry.kind === "abréviation"; }

  // ── Reading the query ──

  // A rule number in any form a judge types it (« 608.2b », « RC 608,2B », « règle 608.2b »).
  function ruleNumber(text) {
    var m = /^(?:(?:rc|cr|r|regles?|rules?)\s*)?(\d{1,3}(?:[.,]\d{1,3}[a-z]*)?)\.?$/.exec(fold(text).trim());
    return m ? m[1].replace(",", ".") : null;
  }

  // What the judge typed: rule numbers, quoted phrases, words.
  function parse(raw) {
    var text = raw.slice(0, 1000).replace(/[\u0000-\u001f]/g, " ").trim();
    var whole = ruleNumber(text);
    if (whole) return { ids: [whole], isId: true, phrases: [], words: "" };
    var phrases = [];
    var rest = text.replace(/["«“„]([^"»”“]*)["»”“]/g, function (_, p) {
      if (p.trim()) phrases.push(p.trim());
      return " ";
    }).replace(/["«»“”„]/g, " ");
    var ids = [];
    rest = rest.replace(/\b\d{3}[.,]\d{1,3}[a-zA-Z]?\b/g, function (m) {
      ids.push(m.toLowerCase().replace(",", "."));
      return " ";
    });
    return { ids: ids, isId: false, phrases: phrases, words: rest };
  }

  // The language of a query: its function words, and the words one language's texts have and not the other's.
  function languageOf(e, typed) {
    var fr = 0, en = 0;
    typed.forEach(function (t) {
      var w = fold(t);
      if (FR_FUNCTION.indexOf(w) >= 0) fr++;
      if (EN_FUNCTION.indexOf(w) >= 0) en++;
      var inFr = e.surface.fr.has(w), inEn = e.surface.en.has(w);
      if (inFr && !inEn) fr++;
      if (inEn && !inFr) en++;
    });
    return en > fr ? "en" : "fr";
  }

  // The documents of a bag having a term.
  function df(e, bag, term) {
    var p = e.bags[bag].postings.get(term);
    return p ? p.length / 2 : 0;
  }

  // The rarity of a term in a bag (tantivy's BM25 inverse document frequency).
  function idf(e, bag, term) {
    var n = df(e, bag, term);
    if (!n) return 0;
    var all = e.bags[bag].count;
    return Math.log(1 + (all - n + 0.5) / (n + 0.5));
  }

  // The word of the texts one letter away (added, removed, replaced, swapped)
  // that most texts of `langs` have; null when none.
  function oneEditAway(e, w, langs) {
    var letters = "abcdefghijklmnopqrstuvwxyz";
    var best = null, bestDf = 0;
    var consider = function (c) {
      langs.forEach(function (lang) {
        if (!e.surface[lang].has(c)) return;
        var n = df(e, lang, stemmer(lang)(c));
        if (n > bestDf) { best = c; bestDf = n; }
      });
    };
    for (var i = 0; i <= w.length; i++) {
      for (var k = 0; k < letters.length; k++) {
        consider(w.slice(0, i) + letters[k] + w.slice(i));
        if (i < w.length) consider(w.slice(0, i) + letters[k] + w.slice(i + 1));
      }
      if (i < w.length) consider(w.slice(0, i) + w.slice(i + 1));
      if (i + 1 < w.length) consider(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
    }
    return best;
  }

  // A concept: what one word or one name of the vocabulary says, in each
  // language: names, each a list of slots, each slot a list of [term, weight].
  function concept(label) { return { label: label, names: { fr: [], en: [] } }; }

  function slotsOf(name, lang, e) {
    var stem = stemmer(lang);
    return words(fold(name)).filter(function (w) { return !e.stop[lang].has(w); }).map(function (w) { return [[stem(w), 1]]; });
  }

  function addName(c, lang, slots) {
    if (!slots.length) return;
    var key = JSON.stringify(slots);
    if (!c.names[lang].some(function (s) { return JSON.stringify(s) === key; })) c.names[lang].push(slots);
  }

  // Whether a French word no entry names is searched as typed in English
  // texts too: a number, a word English texts have about as often as French
  // texts or more (franglais, a card name, a word spelt alike).
  function englishWord(e, w) {
    if (hasDigit(w)) return true;
    var en = df(e, "en", enStem(w)) / Math.max(1, e.bags.en.count);
    var fr = df(e, "fr", frStem(w)) / Math.max(1, e.bags.fr.count);
    return en > 0 && fr <= 4 * en;
  }

  // The concept of a word no entry names: as typed in French, translated in
  // English; a word no text has, corrected to the nearest one, at a lower weight.
  function wordConcept(e, w, english, corrections) {
    var c = concept(w);
    var number = e.numberNames.get(w);
    if (number) {
      c.names.fr.push([[[w, 1], [frStem(number.fr), 1]]]);
      c.names.en.push([[[w, 1], [enStem(number.en), 1]]]);
      return c;
    }
    var known = df(e, "fr", frStem(w)) || df(e, "en", enStem(w)) || df(e, "frh", frStem(w)) || e.translations.has(frStem(w));
    var weight = 1;
    if (!known) {
      var fixed = w.length >= 5 && !hasDigit(w) ? oneEditAway(e, w, ["fr", "en"]) : null;
      if (!fixed) return null;
      corrections.push(fixed);
      w = fixed;
      weight = W.typo;
    }
    c.names.fr.push([[[frStem(w), weight]]]);
    var translated = english ? null : e.translations.get(frStem(w));
    if (translated && translated.length) {
      c.names.en.push([translated.map(function (t) { return [t[0], t[1] * weight]; })]);
    } else if (english || englishWord(e, w)) {
      c.names.en.push([[[enStem(w), weight]]]);
    } else if (w.length >= 6 && !e.surface.en.has(w)) {
      // « hybride » → « hybrid », « colore » → « color ».
      var cognate = oneEditAway(e, w, ["en"]);
      if (cognate) c.names.en.push([[[enStem(cognate), W.typo * weight]]]);
    }
    return c;
  }

  // The rule a matched entry names, whose family gets a head start: a
  // keyword's, a piece of jargon's; a title, counter, term, chapter or step of several words.
  function namedRule(entry, typedCount) {
    if (!entry.rule) return null;
    var always = ["capacité mot-clé", "action mot-clé", "jargon"];
    var several = ["titre", "marqueur", "terme", "chapitre", "étape"];
    if (always.indexOf(entry.kind) >= 0 || (several.indexOf(entry.kind) >= 0 && typedCount > 1)) return entry.rule;
    return null;
  }

  // The concepts of the query's words: the longest runs that name entries of
  // the vocabulary first (their names in both languages), then each other word.
  function conceptsOf(e, typed, english, corrections, named) {
    var out = [];
    var seen = new Set();
    var push = function (c) {
      if (!c) return;
      var key = JSON.stringify(c.names);
      if (!seen.has(key) && out.length < MAX_WORDS) { seen.add(key); out.push(c); }
    };
    var i = 0;
    while (i < typed.length) {
      var found = null;
      for (var span = Math.min(MAX_SPAN, typed.length - i); span >= 1 && !found; span--) {
        var run = typed.slice(i, i + span);
        var fr = nameKey(run, "fr"), en = nameKey(run, "en");
        var entries = (fr && e.byFrench.get(fr)) || (en && e.byEnglish.get(en));
        if (entries) found = { span: span, entries: entries, typed: run.join(" ") };
      }
      if (found) {
        var c = concept(found.typed);
        c.entries = found.entries;
        found.entries.forEach(function (k) {
          var entry = e.lexicon[k];
          addName(c, "fr", slotsOf(shorthand(entry) ? found.typed : entry.fr, "fr", e));
          addName(c, "en", slotsOf(entry.en, "en", e));
          var rule = namedRule(entry, found.span);
          if (rule && named.indexOf(rule) < 0) named.push(rule);
        });
        push(c);
        i += found.span;
        continue;
      }
      var w = fold(typed[i]);
      if (!e.stop.fr.has(w) && !(english && e.stop.en.has(w))) push(wordConcept(e, w, english, corrections));
      i++;
    }
    return out;
  }

  // ── Scoring ──

  // A slot's rarity in a bag: its likeliest word's.
  function slotIdf(e, bag, slot) {
    var best = 0, weight = 0;
    slot.forEach(function (alt) {
      var r = idf(e, bag, alt[0]);
      if (alt[1] > weight && r > 0) { weight = alt[1]; best = r; }
    });
    return best;
  }

  // How much finding a name tells: its slots' rarities summed, divided by
  // the square root of their number.
  function nameRarity(e, bag, slots) {
    var idfs = slots.map(function (s) { return slotIdf(e, bag, s); }).filter(function (x) { return x > 0; });
    var sum = idfs.reduce(function (a, b) { return a + b; }, 0);
    return sum / Math.sqrt(Math.max(1, idfs.length));
  }

  // A concept's weight: its rarity in the rules in force when they say it, else in the French texts.
  function conceptWeight(e, c) {
    var rarity = function (lang, bag) {
      return c.names[lang].reduce(function (m, slots) { return Math.max(m, nameRarity(e, bag, slots)); }, 0);
    };
    return rarity("en", "en") || rarity("fr", "fr") || rarity("fr", "frh");
  }

  // How well each document of a bag says a name: each slot's best term
  // (BM25 without rarity, times its weight) plus a share of its other terms,
  // the slots weighed by their rarity. Into `into`, the best name per document.
  function nameMatches(e, bag, slots, into) {
    var rarities = slots.map(function (s) { return slotIdf(e, bag, s); });
    var total = rarities.reduce(function (a, b) { return a + b; }, 0);
    if (total <= 0) return;
    var b = e.bags[bag];
    var sum = new Map(), said = new Map();
    slots.forEach(function (slot, k) {
      var share = rarities[k] / total;
      if (!share) return;
      var best = new Map(), all = new Map();
      slot.forEach(function (alt) {
        var p = b.postings.get(alt[0]);
        if (!p) return;
        for (var j = 0; j < p.length; j += 2) {
          var d = p[j], tf = p[j + 1];
          var s = alt[1] * share * tf * (K1 + 1) / (tf + K1 * (1 - B + B * (b.length[d] || b.average) / b.average));
          if (s > (best.get(d) || 0)) best.set(d, s);
          all.set(d, (all.get(d) || 0) + s);
        }
      });
      best.forEach(function (s, d) {
        sum.set(d, (sum.get(d) || 0) + s + W.tieBreaker * (all.get(d) - s));
        said.set(d, (said.get(d) || 0) + 1);
      });
    });
    // A game term of several words found whole, as the vocabulary names it.
    if (slots.length > 1 && bag !== "frh") {
      var firsts = slots.map(function (slot) { return slot[0][0]; });
      said.forEach(function (n, d) {
        if (n < slots.length) return;
        var times = phraseCount(stems(e, d), firsts, TERM_SLOP);
        if (times) sum.set(d, sum.get(d) + W.term * times * (K1 + 1) / (times + K1 * (1 - B + B * (b.length[d] || b.average) / b.average)));
      });
    }
    sum.forEach(function (s, d) { if (s > (into.get(d) || 0)) into.set(d, s); });
  }

  // How many times a text has these terms in a row, at most `slop` words between two.
  function phraseCount(text, terms, slop) {
    var times = 0;
    for (var i = 0; i < text.length; i++) {
      if (text[i] !== terms[0]) continue;
      var at = i, k = 1;
      for (; k < terms.length; k++) {
        var next = -1;
        for (var j = at + 1; j <= at + 1 + slop && j < text.length; j++) if (text[j] === terms[k]) { next = j; break; }
        if (next < 0) break;
        at = next;
      }
      if (k === terms.length) times++;
    }
    return times;
  }

  // ── Searching ──

  // Searches. Returns { hits, corrections, loosened, redirect, trace }: each
  // hit a document shown (its address, number, title, ids, the terms to
  // mark), the others of its group beside it; with `trace`, the first units
  // ranked with their total, coverage and head start (for tuning).
  function search(e, raw, limit, trace) {
    limit = limit || 10;
    var q = parse(raw);
    var result = { hits: [], corrections: [], loosened: false, redirect: null, trace: !!trace };
    var seen = new Set();
    var byNumber = numberHits(e, q, seen);
    if (q.isId && byNumber.length) result.redirect = "/regles/" + q.ids[0];
    var text = q.isId ? [] : wordHits(e, q, limit, seen, result);
    result.hits = byNumber.concat(text).slice(0, limit);
    return result;
  }

  // Whether a rule id is within another (« 702.19c » in « 702.19 », « 702.19 » in « 702 »).
  function within(id, rule) {
    if (id === rule) return true;
    if (id.indexOf(rule) !== 0) return false;
    var next = id.charAt(rule.length);
    return /[a-z]/.test(next) || (next === "." && rule.indexOf(".") < 0);
  }

  // The rules the query names by number; a number typed alone brings its subrules after it.
  function numberHits(e, q, seen) {
    var hits = [];
    q.ids.forEach(function (id) {
      var family = [];
      e.docs.forEach(function (d, i) { if (d.id === id || (q.isId && within(d.id, id))) family.push(i); });
      family.sort(function (a, b) { return (e.docs[a].id === id ? 0 : 1) - (e.docs[b].id === id ? 0 : 1); });
      if (!family.some(function (i) { return e.docs[i].id === id; }) && e.numbers.has(id) && !seen.has("n" + id)) {
        seen.add("n" + id);
        hits.push({ doc: -1, id: id, url: "/regles/" + id, lang: "fr", title: "", heading: "", ids: [id], versions: [], terms: [] });
      }
      family.forEach(function (i) {
        var g = e.docs[i].group;
        if (seen.has(g)) return;
        seen.add(g);
        hits.push(hitOf(e, g, []));
      });
    });
    return hits;
  }

  // A group as a hit: shown by its French text when it has one.
  function hitOf(e, g, terms) {
    var docs = e.groups.get(g) || [];
    var fr = docs.filter(function (d) { return e.docs[d].lang === "fr"; });
    var shown = (fr.length ? fr : docs)[0];
    var d = e.docs[shown];
    return {
      doc: shown, id: d.id, url: d.url, lang: d.lang, title: d.title, heading: d.heading, ids: d.ids,
      versions: docs.filter(function (k) { return k !== shown; }), terms: terms[d.lang] || [],
    };
  }

  // The words of the query, question words aside.
  function queryWords(q) {
    return typedWords(q.words + " " + q.phrases.join(" ")).filter(function (w) { return QUESTION.indexOf(fold(w)) < 0; });
  }

  // Text matches, ranked (see the top of this section).
  function wordHits(e, q, wanted, seen, result) {
    var typed = queryWords(q);
    if (!typed.length) return [];
    var english = languageOf(e, typed) === "en";
    var named = [];
    var concepts = conceptsOf(e, typed, english, result.corrections, named).filter(function (c) {
      c.weight = conceptWeight(e, c);
      return c.weight > 0;
    });
    if (!concepts.length) return [];
    var units = tally(e, concepts, english);
    var allowed = phraseFilter(e, q, result);
    var queryWeight = concepts.reduce(function (s, c) { return s + c.weight; }, 0);
    proximity(e, concepts, units, queryWeight / concepts.length);
    var ranked = [];
    units.forEach(function (u, g) {
      if (seen.has(g) || (allowed && !allowed.has(g))) return;
      var coverage = Math.min(1, u.covered / queryWeight);
      var docs = e.groups.get(g);
      var id = e.docs[docs[0]].id;
      var rank = e.docs[docs[0]].rank;
      var start = 1;
      if (named.some(function (r) { return within(id, r); })) start = W.named;
      if (coverage >= 1 - 1e-6 && named.some(function (r) { return id === r || (rank === 1 && within(id, r) && id.length === r.length + 1); })) start *= W.stating;
      ranked.push({ g: g, id: id, score: u.total * coverage * start / (1 + W.rankPrior * rank), coverage: coverage, total: u.total, start: start });
    });
    ranked.sort(function (a, b) { return b.score - a.score; });
    deferToStateBasedActions(e, ranked);
    definingFirst(e, concepts, ranked);
    if (result.trace) result.trace = ranked.slice(0, 40);
    var terms = { fr: [], en: [] };
    concepts.forEach(function (c) {
      ["fr", "en"].forEach(function (lang) {
        c.names[lang].forEach(function (slots) { slots.forEach(function (slot) { slot.forEach(function (t) { terms[lang].push(t[0]); }); }); });
      });
    });
    var hits = [];
    for (var k = 0; k < ranked.length && hits.length < wanted; k++) {
      if (seen.has(ranked[k].g)) continue;
      seen.add(ranked[k].g);
      var hit = hitOf(e, ranked[k].g, terms);
      hit.score = ranked[k].score;
      hits.push(hit);
    }
    return hits;
  }

  // Each concept on each bag, added up by unit (a French text and its rule
  // in force): the concept's weight times the better of the unit's French
  // and English matches, plus a share of the other.
  function tally(e, concepts, english) {
    var units = new Map();
    concepts.forEach(function (c) {
      var best = { fr: new Map(), en: new Map() };
      [["fr", "fr"], ["fr", "frh"], ["en", "en"]].forEach(function (pair) {
        var lang = pair[0], bag = pair[1];
        var matches = new Map();
        c.names[lang].forEach(function (slots) { nameMatches(e, bag, slots, matches); });
        var factor = english && bag === "fr" ? W.otherLanguage : 1;
        matches.forEach(function (s, d) {
          var g = e.docs[d].group;
          if (s * factor > (best[lang].get(g) || 0)) best[lang].set(g, s * factor);
        });
      });
      var touched = new Set(best.fr.keys());
      best.en.forEach(function (_, g) { touched.add(g); });
      touched.forEach(function (g) {
        var fr = best.fr.get(g) || 0, en = best.en.get(g) || 0;
        var u = units.get(g);
        if (!u) units.set(g, u = { total: 0, covered: 0 });
        u.total += c.weight * (Math.max(fr, en) + W.corroboration * Math.min(fr, en));
        u.covered += c.weight;
      });
    });
    return units;
  }

  // The stems of a document's text and examples, in order (made on first need).
  function stems(e, i) {
    var d = e.docs[i];
    if (!d.stems) {
      var stem = stemmer(d.lang);
      d.stems = words(fold(d.text + " \n " + d.examples)).filter(function (w) { return !e.stop[d.lang].has(w); }).map(stem);
    }
    return d.stems;
  }

  // Words typed side by side found close together (each concept's first
  // name's words, in order; in English a pair may come turned round): a
  // bonus at half the weight of an average concept, for the best units only.
  function proximity(e, concepts, units, mean) {
    var pairs = { fr: [], en: [] };
    ["fr", "en"].forEach(function (lang) {
      var firsts = [];
      concepts.forEach(function (c) { if (c.names[lang][0]) c.names[lang][0].forEach(function (slot) { firsts.push(slot[0][0]); }); });
      for (var i = 0; i + 1 < firsts.length; i++) if (firsts[i] !== firsts[i + 1]) pairs[lang].push([firsts[i], firsts[i + 1]]);
    });
    if (!pairs.fr.length && !pairs.en.length) return;
    var order = [];
    units.forEach(function (u, g) { order.push([g, u.total]); });
    order.sort(function (a, b) { return b[1] - a[1]; });
    order.slice(0, PROXIMITY_CANDIDATES).forEach(function (entry) {
      var best = { fr: 0, en: 0 };
      e.groups.get(entry[0]).forEach(function (i) {
        var lang = e.docs[i].lang;
        var found = pairsFound(stems(e, i), pairs[lang], SLOP[lang]);
        if (found > best[lang]) best[lang] = found;
      });
      var bonus = Math.max(best.fr, best.en) + W.corroboration * Math.min(best.fr, best.en);
      if (bonus) units.get(entry[0]).total += W.proximity * mean * bonus;
    });
  }

  // How many pairs a text has within `slop` words of each other (a pair turned round costs two).
  function pairsFound(text, pairs, slop) {
    var found = 0;
    pairs.forEach(function (p) {
      var lastA = -1, lastB = -1;
      for (var k = 0; k < text.length; k++) {
        if (text[k] === p[0]) {
          if (lastB >= 0 && k - lastB + 1 <= slop) { found++; return; }
          lastA = k;
        } else if (text[k] === p[1]) {
          if (lastA >= 0 && k - lastA - 1 <= slop) { found++; return; }
          lastB = k;
        }
      }
    });
    return found;
  }

  // A rule that calls its matter a state-based action comes after the rule
  // of 704 that performs it, when that one is found and says as much of the
  // question (121.4 → 704.5b, 122.1f → 704.5c).
  function deferToStateBasedActions(e, ranked) {
    var raised = false;
    for (var i = 0; i < Math.min(DEFERRING, ranked.length); i++) {
      var sba = [];
      e.groups.get(ranked[i].g).forEach(function (d) { sba = sba.concat(e.docs[d].sba || []); });
      sba.forEach(function (target) {
        for (var j = 0; j < Math.min(DEFERRING * 4, ranked.length); j++) {
          if (j !== i && within(ranked[j].id, target) && ranked[j].score < ranked[i].score && ranked[j].coverage >= ranked[i].coverage) {
            ranked[j].score = ranked[i].score * 1.01;
            raised = true;
          }
        }
      });
    }
    if (raised) ranked.sort(function (a, b) { return b.score - a.score; });
  }

  // A query that only names a keyword or a piece of jargon (« surmener ») is
  // answered first by the rule that defines it: the rule itself, or its first subrule.
  function definingFirst(e, concepts, ranked) {
    if (concepts.length !== 1 || !concepts[0].entries) return;
    var rules = [];
    concepts[0].entries.forEach(function (k) {
      var entry = e.lexicon[k];
      if (entry.rule && (entry.kind === "capacité mot-clé" || entry.kind === "action mot-clé" || entry.kind === "jargon")) rules.push(entry.rule);
    });
    rules.reverse().forEach(function (rule) {
      var at = ranked.findIndex(function (r) { return r.id === rule; });
      if (at < 0) at = ranked.findIndex(function (r) { return r.id === rule + "a"; });
      if (at > 0) ranked.unshift(ranked.splice(at, 1)[0]);
    });
  }

  // The groups a quoted phrase allows (its words in a row, accents and case
  // aside); null when there is none, or when no text has it (then its words
  // are searched, and said so).
  function phraseFilter(e, q, result) {
    if (!q.phrases.length) return null;
    var wanted = q.phrases.map(function (p) { return " " + words(fold(p)).join(" ") + " "; });
    var allowed = new Set();
    e.docs.forEach(function (d) {
      var text = " " + words(fold(d.title + " " + d.text + " " + d.examples)).join(" ") + " ";
      if (wanted.every(function (p) { return text.indexOf(p) >= 0; })) allowed.add(d.group);
    });
    if (allowed.size) return allowed;
    result.loosened = true;
    return null;
  }

  // French typography for display (as the server's pages): the space before
  // « : » no-break, the one before « ; ! ? » and inside « » narrow and
  // no-break, an apostrophe between two letters curly.
  function typography(text) {
    return text.replace(/ :/g, NBSP + ":").replace(/ ([;!?»])/g, NNBSP + "$1").replace(/« /g, "«" + NNBSP)
      .replace(/(\p{L})'(?=\p{L})/gu, "$1’");
  }

  // The best passage of a hit's text: the window that says the most terms
  // searched, about `size` characters, as [text, marked] parts, in French typography.
  function snippet(e, hit, size) {
    size = size || 220;
    if (hit.doc < 0) return [];
    var d = e.docs[hit.doc];
    // Typography changes no length: the words are found where they are shown.
    var text = typography((d.text + (d.examples ? " " + d.examples : "")).replace(/\s+/g, " "));
    var stem = stemmer(hit.lang);
    var wanted = new Set(hit.terms);
    var folded = "";
    for (var i = 0; i < text.length; i++) folded += fold(text[i]).charAt(0) || " ";
    var spans = [];
    var re = /[+-]?[0-9x*]+\/[+-]?[0-9x*]+|[a-z0-9]+/g, m;
    while ((m = re.exec(folded))) spans.push([m.index, m.index + m[0].length, wanted.has(stem(m[0])) ? stem(m[0]) : null]);
    var start = 0, best = 0;
    for (var s = 0; s < spans.length; s++) {
      if (!spans[s][2]) continue;
      var seen = new Set();
      for (var t = s; t < spans.length && spans[t][1] - spans[s][0] <= size; t++) if (spans[t][2]) seen.add(spans[t][2]);
      if (seen.size > best) { best = seen.size; start = s; }
    }
    var from = start > 3 ? spans[start - 3][0] : 0;
    if (from > 0) from = text.lastIndexOf(" ", from) + 1;
    var to = Math.min(text.length, from + size);
    if (to < text.length) { var cut = text.lastIndexOf(" ", to); if (cut > from + size / 2) to = cut; }
    var parts = [];
    if (from > 0) parts.push(["…", false]);
    var at = from;
    spans.forEach(function (sp) {
      if (sp[0] < from || sp[1] > to || !sp[2]) return;
      if (sp[0] > at) parts.push([text.slice(at, sp[0]), false]);
      parts.push([text.slice(sp[0], sp[1]), true]);
      at = sp[1];
    });
    if (at < to) parts.push([text.slice(at, to), false]);
    if (to < text.length) parts.push(["…", false]);
    return parts;
  }

  // What a query is searched for: its concepts, their names and weights, the rules it names.
  function explain(e, raw) {
    var typed = queryWords(parse(raw));
    var named = [], corrections = [];
    var english = languageOf(e, typed) === "en";
    var concepts = conceptsOf(e, typed, english, corrections, named);
    concepts.forEach(function (c) { c.weight = conceptWeight(e, c); });
    return { english: english, concepts: concepts, named: named, corrections: corrections };
  }

  var Recherche = { prepare: prepare, search: search, explain: explain, snippet: snippet, typography: typography, fold: fold, frStem: frStem, enStem: enStem, ruleNumber: ruleNumber };

  if (typeof module === "object" && module.exports) {
    module.exports = Recherche;
    return;
  }
  if (typeof document === "undefined") return;

  // ───────────────────────── In the page ─────────────────────────

  function thousands(n) {
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, NNBSP);
  }

  function megabytes(bytes) {
    var mb = bytes / 1e6;
    return (mb < 10 ? mb.toFixed(1) : String(Math.round(mb))).replace(".", ",") + NBSP + "Mo";
  }

  function quoted(text) { return "«" + NNBSP + typography(text) + NNBSP + "»"; }


  // ── The offline search page ──
  var shell = document.getElementById("recherche-hors-ligne");
  if (shell) searchPage(shell);

  // Shows the results of the query in the address; the search box of the
  // page then searches here, without loading the page again.
  function searchPage(heading) {
    var status = document.getElementById("hors-ligne-compte");
    var notice = document.getElementById("hors-ligne-avis");
    var path = location.pathname;
    var query = (new URLSearchParams(location.search).get("q") || "").trim();
    if (path !== "/recherche" && path !== "/hors-ligne/recherche") {
      // The service worker shows this page for a page not kept.
      heading.textContent = "Page non disponible hors ligne";
      notice.textContent = "Pas de réseau" + NBSP + ": la page " + quoted(decodeURIComponent(path)) +
        " n’a pas été gardée sur cet appareil. Cherchez dans les règles gardées" + NBSP + ":";
      query = ruleNumber(decodeURIComponent(path.replace(/^\/regles\//, "").replace(/\/.*/, ""))) || "";
      if (!query) { status.textContent = ""; return; }
      show(query, false);
    } else {
      show(query, true);
    }
    var form = document.querySelector("form.search");
    if (form) {
      form.addEventListener("submit", function (ev) {
        var q = document.getElementById("q").value.trim();
        if (!q) return;
        ev.preventDefault();
        history.pushState(null, "", "/recherche?q=" + encodeURIComponent(q));
        show(q, true);
      });
    }
    window.addEventListener("popstate", function () {
      show((new URLSearchParams(location.search).get("q") || "").trim(), true);
    });

    var loaded = null;
    function show(query, here) {
      var list = document.getElementById("hors-ligne-resultats");
      var box = document.getElementById("q");
      list.textContent = "";
      if (box) box.value = query;
      if (!query) { status.textContent = "Tapez votre recherche."; return; }
      if (here) {
        heading.textContent = "Recherche" + NBSP + ": " + quoted(query);
        document.title = "Recherche " + quoted(query) + " — arbitre";
      }
      status.textContent = "Recherche en cours…";
      var started = performance.now();
      loaded = loaded || loadIndex(heading.getAttribute("data-index"));
      loaded.then(function (e) {
        var r = search(e, query, 20);
        if (r.redirect && here) { location.assign(r.redirect); return; }
        var ms = (performance.now() - started).toFixed(1).replace(".", ",");
        var n = r.hits.length;
        status.textContent = (n === 0 ? "Aucun résultat" : n === 1 ? "1 résultat" : n + " résultats") +
          " (" + ms + NBSP + "ms, hors ligne, édition " + e.edition + ")";
        if (r.corrections.length) status.textContent += " — mots inconnus remplacés par" + NBSP + ": " + r.corrections.join(", ");
        if (r.loosened) status.textContent += " — aucun texte ne contient l’expression entre guillemets telle quelle" + NBSP + ": résultats pour ses mots";
        if (!n) list.appendChild(element("li", {}, "Essayez moins de mots, un synonyme, ou le numéro de la règle (608.2b)."));
        r.hits.forEach(function (h) { list.appendChild(resultItem(e, h)); });
      }).catch(function () {
        loaded = null;
        status.textContent = "La recherche hors ligne demande d’abord d’activer " + quoted("Disponible hors ligne") +
          " (en bas de page) avec le réseau.";
      });
    }
  }

  function loadIndex(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(prepare);
  }

  function element(name, attrs, text) {
    var el = document.createElement(name);
    Object.keys(attrs || {}).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (text) el.textContent = text;
    return el;
  }

  // One result, as the server's search page shows it.
  function resultItem(e, h) {
    var li = element("li", h.lang === "en" ? { lang: "en" } : {});
    var title = element("h2");
    var a = element("a", { class: "result", href: h.url });
    a.appendChild(element("span", { class: "num" }, h.id));
    if (h.lang === "en" && h.heading) {
      a.appendChild(document.createTextNode(" "));
      a.appendChild(element("span", { lang: "fr" }, typography(h.heading)));
      if (h.title) a.appendChild(element("span", { class: "original" }, " (" + h.title + ")"));
    } else if (h.title) {
      a.appendChild(document.createTextNode(" " + typography(h.title)));
    }
    title.appendChild(a);
    if (h.lang === "en" && h.heading) {
      title.appendChild(document.createTextNode(" "));
      title.appendChild(element("span", { class: "badge", lang: "fr" }, "non traduit"));
    }
    li.appendChild(title);
    var p = element("p", { class: "snippet" });
    snippet(e, h).forEach(function (part) {
      p.appendChild(part[1] ? element("mark", {}, part[0]) : document.createTextNode(part[0]));
    });
    li.appendChild(p);
    var meta = element("p", { class: "meta", lang: "fr" }, h.lang === "en" ? "édition " + e.edition + " (anglais)" : "texte français");
    h.versions.forEach(function (v, i) {
      var d = e.docs[v];
      meta.appendChild(document.createTextNode(i === 0 ? " · aussi" + NBSP + ": " : ", "));
      meta.appendChild(element("a", { href: d.url }, d.id + (d.lang === "en" ? " en vigueur (anglais)" : " (français)")));
    });
    li.appendChild(meta);
    return li;
  }

  // ── The switch ──
  var box = document.getElementById("hors-ligne");
  var toggle = document.getElementById("hors-ligne-interrupteur");
  var status = document.getElementById("hors-ligne-etat");
  var bar = document.getElementById("hors-ligne-progression");
  if (!box || !toggle || !("serviceWorker" in navigator) || !window.caches) return;
  box.hidden = false;
  var busy = false;
  var cancelled = false;

  function say(text, buttons) {
    status.textContent = text;
    (buttons || []).forEach(function (b) {
      var button = element("button", { type: "button" }, b[0]);
      button.addEventListener("click", b[1]);
      status.appendChild(document.createTextNode(" "));
      status.appendChild(button);
    });
  }

  // The switch's state: aria-checked, and a box ticked or not before its name.
  var mark = element("span", { "aria-hidden": "true" });
  toggle.insertBefore(mark, toggle.firstChild);
  function checked(on) {
    toggle.setAttribute("aria-checked", on ? "true" : "false");
    mark.textContent = on ? "☑ " : "☐ ";
  }
  checked(false);

  function readState() {
    return caches.open(CACHE).then(function (c) { return c.match(STATE); }).then(function (r) { return r ? r.json() : null; });
  }

  function writeState(cache, state) {
    return cache.put(STATE, new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json" } }));
  }

  function fetchList() {
    return fetch(LIST, { cache: "no-cache", headers: { "X-Arbitre-Hors-Ligne": "1" } }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    });
  }

  function available(state) {
    checked(true);
    say("Disponible hors ligne" + NBSP + ": " + thousands(state.pages) + " pages (" + megabytes(state.octets) + ") gardées sur cet appareil.");
  }

  // On load: what the cache holds; a download cut short goes on; a newer list is offered.
  function showState() {
    caches.has(CACHE).then(function (has) {
      if (!has) { checked(false); say(""); return; }
      readState().then(function (state) {
        if (!state) { checked(false); say(""); return; }
        navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
        if (!state.fini) {
          checked(true);
          if (navigator.onLine) { start(false); return; }
          say("Téléchargement interrompu" + NBSP + ": il reprendra avec le réseau.");
          return;
        }
        available(state);
        if (navigator.onLine && !sessionStorage.getItem("arbitre-hors-ligne-vu")) {
          sessionStorage.setItem("arbitre-hors-ligne-vu", "1");
          fetchList().then(function (list) {
            if (list.version !== state.version) {
              say("Une nouvelle version des pages est disponible (" + megabytes(list.octets) + ").", [["Mettre à jour", function () { start(true, list); }]]);
            }
          }).catch(function () {});
        }
      });
    });
  }

  // Asks the size first, then downloads.
  function ask() {
    if (!navigator.onLine) { say("Pas de réseau" + NBSP + ": réessayez avec le réseau."); return; }
    say("Calcul de la taille…");
    fetchList().then(function (list) {
      say(thousands(list.pages) + " pages, " + megabytes(list.octets) + " à télécharger.", [
        ["Télécharger", function () { start(true, list); }],
        ["Annuler", function () { say(""); }],
      ]);
    }).catch(function () { say("La liste des pages n’a pas pu être lue" + NNBSP + "; réessayez."); });
  }

  function progress(done, total) {
    bar.hidden = false;
    bar.max = total;
    bar.value = done;
    say(thousands(done) + " / " + thousands(total) + " pages");
  }

  // Downloads every page of the list into the cache (`fresh`: even those
  // already there), six at a time, each tried three times; then says so.
  function start(fresh, given) {
    if (busy) return;
    busy = true;
    cancelled = false;
    checked(true);
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
    var registered = navigator.serviceWorker.register("/sw.js", { scope: "/" });
    var list;
    Promise.all([given ? Promise.resolve(given) : fetchList(), caches.open(CACHE), registered]).then(function (all) {
      list = all[0];
      var cache = all[1];
      var state = { version: list.version, pages: list.pages, octets: list.octets, fini: false };
      return writeState(cache, state).then(function () { return fill(cache, list.adresses, fresh); })
        .then(function () {
          if (cancelled) return;
          state.fini = true;
          state.date = new Date().toISOString();
          return writeState(cache, state).then(function () { bar.hidden = true; available(state); });
        });
    }).catch(function () {
      if (cancelled) return;
      bar.hidden = true;
      say("Téléchargement interrompu" + NNBSP + "; il reprendra à la prochaine page ouverte avec le réseau.", [["Reprendre", function () { start(false); }]]);
    }).then(function () { busy = false; });
  }

  function fill(cache, entries, fresh) {
    var next = 0, done = 0;
    progress(0, entries.length);
    var one = function (url, tries) {
      return fetch(url, { cache: "no-cache", headers: { "X-Arbitre-Hors-Ligne": "1" } }).then(function (r) {
        if (!r.ok) throw new Error(url + " : " + r.status);
        return cache.put(url, r);
      }).catch(function (err) {
        if (tries > 1 && !cancelled) return one(url, tries - 1);
        throw err;
      });
    };
    var worker = function () {
      if (cancelled || next >= entries.length) return Promise.resolve();
      var url = entries[next++][0];
      var kept = fresh ? Promise.resolve(null) : cache.match(url, { ignoreVary: true });
      return kept.then(function (hit) { return hit || one(url, 3); }).then(function () {
        done++;
        if (!cancelled) progress(done, entries.length);
        return worker();
      });
    };
    var workers = [];
    for (var i = 0; i < PARALLEL; i++) workers.push(worker());
    return Promise.all(workers);
  }

  // Off: the cache deleted, the service worker unregistered.
  function stop() {
    cancelled = true;
    bar.hidden = true;
    checked(false);
    readState().catch(function () { return null; }).then(function (state) {
      return caches.delete(CACHE).then(function () {
        return navigator.serviceWorker.getRegistrations().then(function (regs) {
          return Promise.all(regs.map(function (r) { return r.unregister(); }));
        });
      }).then(function () {
        say("Plus disponible hors ligne" + (state ? NBSP + ": " + megabytes(state.octets) + " libérés." : "."));
      });
    });
  }

  toggle.addEventListener("click", function () {
    if (toggle.getAttribute("aria-checked") === "true") stop();
    else ask();
  });
  showState();
})();
