//! French full-text search. Every test runs twice: on the French documents
//! alone, and on the embedded corpus, where the English rules in force (3,000
//! rules) stand beside them (search must stay correct at scale).

use std::sync::OnceLock;

use arbitre::Graph;
use arbitre::search::{Filters, Hit, SearchIndex, eval};
use arbitre::vocab::Lang;

use crate::common::{french, french_only, shared};

fn french_index() -> &'static SearchIndex {
    static I: OnceLock<SearchIndex> = OnceLock::new();
    I.get_or_init(|| SearchIndex::build(french_only()).unwrap())
}

/// The embedded corpus (French documents and English editions) and its index.
fn both() -> Option<(&'static Graph, &'static SearchIndex)> {
    static I: OnceLock<SearchIndex> = OnceLock::new();
    Some((french(), I.get_or_init(|| SearchIndex::build(french()).unwrap())))
}

/// Runs a check on both corpora.
fn on_both(check: impl Fn(&Graph, &SearchIndex)) {
    check(french_only(), french_index());
    let (g, i) = both().expect("embedded");
    check(g, i);
}

fn search(g: &Graph, index: &SearchIndex, q: &str) -> Vec<Hit> {
    index.search(g, q, 10, &Filters::default()).hits
}

/// The hits by their number in their own edition (the French documents'
/// numbers for French texts).
fn ids(g: &Graph, hits: &[Hit]) -> Vec<String> {
    hits.iter().map(|h| g.node(h.node).label()).collect()
}

/// Whether the English rules in force are loaded: French queries are then
/// translated and compete with them, so a French text that comes first on
/// the French documents alone may come a few places lower.
fn at_scale(g: &Graph) -> bool {
    g.current().is_some()
}

/// The rank (1-based) of `id` among the first ten hits.
fn rank_of(g: &Graph, index: &SearchIndex, q: &str, id: &str) -> Option<usize> {
    ids(g, &search(g, index, q)).iter().position(|i| i == id).map(|p| p + 1)
}

fn first(g: &Graph, index: &SearchIndex, q: &str) -> String {
    ids(g, &search(g, index, q)).into_iter().next().unwrap_or_else(|| panic!("aucun résultat pour {q}"))
}

#[test]
fn accents_typed_or_not_decomposed_or_not() {
    on_both(|g, i| {
        let accented = ids(g, &search(g, i, "résolution d'un sort de permanent"));
        assert!(accented[..3].contains(&"608.3".to_string()), "{accented:?}");
        assert_eq!(ids(g, &search(g, i, "resolution d'un sort de permanent")), accented);
        assert_eq!(ids(g, &search(g, i, "re\u{301}solution d'un sort de permanent")), accented, "NFD");
        assert_eq!(ids(g, &search(g, i, "RÉSOLUTION D'UN SORT DE PERMANENT")), accented);
    });
}

#[test]
fn genders_and_numbers_meet() {
    on_both(|g, i| {
        // « exilée » finds « exiler », « exil » (701.11a); « bloquée » and « bloque » meet « bloquer ».
        if at_scale(g) {
            // The keyword action in force (the French 701.11a, cited 701.13a)
            // first, then the English rules on the exile zone (406).
            let hits = search(g, i, "carte exilée");
            assert_eq!(g.cited_label(hits[0].node), "701.13a", "{:?}", ids(g, &hits));
            assert!(hits[..3].iter().any(|h| g.node(h.node).label().starts_with("406.")), "{:?}", ids(g, &hits));
        } else {
            // Beside 701.55a, an English cell the French table left untranslated (« Exile cards… »).
            assert!(
                rank_of(g, i, "carte exilée", "701.11a").is_some_and(|r| r <= 3),
                "{:?}",
                ids(g, &search(g, i, "carte exilée"))
            );
        }
        let a = ids(g, &search(g, i, "créature bloquée"));
        let b = ids(g, &search(g, i, "creature bloquee"));
        assert!(!a.is_empty() && a[..3] == b[..3], "{a:?} / {b:?}");
    });
}

#[test]
fn elisions_with_either_apostrophe() {
    on_both(|g, i| {
        let straight = ids(g, &search(g, i, "détruisez l'enchantement ciblé"));
        let curly = ids(g, &search(g, i, "détruisez l’enchantement ciblé"));
        let none = ids(g, &search(g, i, "détruisez enchantement ciblé"));
        assert_eq!(straight, curly);
        // Without the article, the words are the same; only their positions
        // (and so the proximity bonus, in the tail) move.
        assert_eq!(straight[..4], none[..4]);
        if at_scale(g) {
            // « enchantement » and « Enchant » share an English stem: 702.5 competes.
            assert!(straight.contains(&"608.2b".to_string()), "{straight:?}");
        } else {
            assert_eq!(straight[0], "608.2b");
        }
    });
}

#[test]
fn rule_numbers_in_any_form_jump_to_the_rule() {
    on_both(|g, i| {
        for q in ["608.2b", "608.2B", "608,2b", "RC 608.2b", "CR 608.2b", "règle 608.2b", "r608.2b"] {
            let hits = search(g, i, q);
            assert_eq!(g.node(hits[0].node).label(), "608.2b", "{q}");
            assert!(hits[0].by_number);
            assert_eq!(g.edition(g.node(hits[0].node).edition).language, Lang::Fr, "{q}: French first");
        }
        // A number's subrules follow it, by the number a judge cites them by
        // (in force: the French 2024 701.8 « défausser » is 701.9 today).
        let family: Vec<String> = search(g, i, "701.9").iter().map(|h| g.cited_label(h.node)).collect();
        assert_eq!(family[..3], ["701.9", "701.9a", "701.9b"], "{family:?}");
        assert!(family.iter().all(|f| f == "701.9" || f.starts_with("701.9") && f.len() == 6), "{family:?}");
        assert!(!family.contains(&"701.10".to_string()), "701.10 is no child of 701.9: {family:?}");
        // Rules reached by number score above every text match.
        let hits = search(g, i, "608.2b salve");
        assert_eq!(g.node(hits[0].node).label(), "608.2b");
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
    });
}

#[test]
fn hostile_queries_never_fail() {
    let long = "salve ".repeat(2000);
    let hostile = [
        "",
        " ",
        "*",
        "**",
        "+",
        "-",
        ":",
        "(",
        ")",
        "()",
        "\"",
        "\"\"",
        "« ",
        "salve d'aura\"",
        "+salve -aura",
        "titre:salve",
        "(salve OR aura",
        "l'",
        "d’",
        "\u{0}\u{1}\u{7}\u{1b}[31m",
        "\u{feff}\u{200b}",
        "%s%n%x",
        "<script>alert(1)</script>",
        "'; DROP TABLE regles; --",
        "608.2b.2b.2b",
        "99999.9z",
        "608.2l",
        long.as_str(),
    ];
    on_both(|g, i| {
        for q in hostile {
            let r = i.search(g, q, 10, &Filters::default());
            assert!(r.hits.len() <= 10, "{q}");
            for h in &r.hits {
                assert!(!h.snippet.to_html().contains("<script"), "{q}");
            }
        }
    });
}

#[test]
fn quoted_phrases_must_appear() {
    on_both(|g, i| {
        let hits = search(g, i, "\"protection contre le blanc\"");
        assert_eq!(g.node(hits[0].node).label(), "608.2b", "the text that has it as typed first");
        // A French text shown has the French words quoted; an English rule,
        // which cannot, is found by their translation (702.16, Protection).
        for h in &hits {
            let n = g.node(h.node);
            if n.language == Lang::Fr {
                let all: String =
                    std::iter::once(n.text.clone()).chain(n.examples.iter().map(|&e| g.node(e).text.clone())).collect();
                assert!(arbitre::text::fold(&all).contains("protection contre le blanc"), "{}", n.label());
            } else if at_scale(g) {
                assert!(n.label().starts_with("702.16"), "{}", n.label());
            }
        }
        if !at_scale(g) {
            // Unquoted, the same words match far more widely.
            assert!(search(g, i, "protection contre le blanc").len() > hits.len());
        }
    });
}

#[test]
fn typos_are_tolerated_below_exact_matches() {
    on_both(|g, i| {
        assert_eq!(first(g, i, "pyroclasm six joueurs"), "801.10");
        assert_eq!(first(g, i, "surmenr"), first(g, i, "surmener"));
        let exact = search(g, i, "surmener");
        let typo = search(g, i, "surmenr");
        assert!(typo[0].score < exact[0].score, "a typo weighs less than the word");
        assert!(ids(g, &search(g, i, "contrecarer un sort"))[..3].contains(&"701.5a".to_string()));
    });
}

#[test]
fn card_names_in_examples_find_their_rule() {
    on_both(|g, i| {
        for q in ["Salve d'aura", "salve d’aura", "SALVE D AURA", "Spores pesteuses", "spores pesteuse"] {
            assert_eq!(first(g, i, q), "608.2b", "{q}");
        }
        assert_eq!(first(g, i, "Hache de lave"), "801.15a");
        assert_eq!(first(g, i, "Démantèlement rigoureux"), "701.19b");
    });
}

#[test]
fn definitions_come_first() {
    on_both(|g, i| {
        assert!(rank_of(g, i, "meuler des cartes", "701.13a").is_some_and(|r| r <= 2));
        assert_eq!(first(g, i, "surmener"), "701.39a");
        assert_eq!(first(g, i, "exiler un objet"), "701.11a");
    });
}

#[test]
fn filters_restrict_without_reordering() {
    on_both(|g, i| {
        let q = "portée d'influence créature";
        let sec8 = i.search(g, q, 10, &Filters { section: Some(8), ..Filters::default() }).hits;
        assert!(!sec8.is_empty());
        assert!(sec8.iter().all(|h| g.node(h.node).id.unwrap().section() == 8));
        let ch205 = i.search(g, "type de carte", 10, &Filters { chapter: Some(205), ..Filters::default() }).hits;
        assert!(!ch205.is_empty() && ch205.iter().all(|h| g.node(h.node).id.unwrap().chapter() == Some(205)));
        let ed = Filters { edition: Some("2024-03-08".into()), ..Filters::default() };
        let new = i.search(g, "carte", 10, &ed).hits;
        assert!(
            !new.is_empty()
                && new.iter().all(|h| g.edition(g.node(h.node).edition).date.unwrap().to_string() == "2024-03-08")
        );
        let en = i.search(g, "permanent", 10, &Filters { language: Some(Lang::En), ..Filters::default() }).hits;
        assert!(!en.is_empty() && en.iter().all(|h| g.node(h.node).language == Lang::En));
        // A number outside the filter does not jump.
        let none = i.search(g, "608.2b", 10, &Filters { section: Some(8), ..Filters::default() }).hits;
        assert!(none.iter().all(|h| g.node(h.node).label() != "608.2b"));
    });
}

#[test]
fn snippets_are_escaped_and_highlighted() {
    on_both(|g, i| {
        let hits = search(g, i, "salve d'aura");
        let html = hits[0].snippet.to_html();
        assert!(html.contains("<mark>Salve</mark> d&#39;<mark>aura</mark>"), "{html}");
        // The stem's other forms light up too: « exilée » highlights « exiler ».
        let exiled = search(g, i, "exilée un objet");
        let french = exiled.iter().find(|h| g.node(h.node).label() == "701.11a").expect("701.11a, « exiler »");
        let html = french.snippet.to_html();
        assert!(html.contains("<mark>exiler</mark>"), "{html}");
        for h in &hits {
            let text = h.snippet.to_html().replace("<mark>", "").replace("</mark>", "");
            assert!(!text.contains('<') && !text.contains('>'), "{text}");
        }
    });
}

#[test]
fn articles_are_searchable() {
    on_both(|g, i| {
        assert_eq!(
            first(g, i, "trinisphère coût total verrouillé"),
            "semaine-5-lancer-des-sorts-et-activer-des-capacites"
        );
    });
}

#[test]
fn french_first_at_scale_english_when_english() {
    let Some((g, i)) = both() else { return };
    let hits = search(g, i, "cible illégale à la résolution");
    assert_eq!(g.edition(g.node(hits[0].node).edition).language, Lang::Fr);
    let hits = search(g, i, "flying evasion ability");
    assert_eq!(g.node(hits[0].node).label(), "702.9a");
    assert_eq!(g.edition(g.node(hits[0].node).edition).language, Lang::En);
    // French words with an English card name stay French. With the cards
    // on, Dryad Arbor's Forest type brings 305.6 first (608.3b third): a loss
    // the note of issue 16 reports; the words alone still find 608.3b.
    let mut off = SearchIndex::build(g).unwrap();
    off.with_cards = false;
    assert_eq!(first(g, &off, "clone copie charmille dryade worms of the earth"), "608.3b");
}

fn summary(g: &Graph, i: &SearchIndex, file: std::path::PathBuf) -> eval::Summary {
    let text = std::fs::read_to_string(&file).unwrap();
    let questions = eval::parse(&file.to_string_lossy(), &text).unwrap();
    eval::run(i, g, &questions, &Filters::default()).1
}

#[test]
fn ranking_on_the_query_sets() {
    let judges = std::path::PathBuf::from("tests/recherche/juges.tsv");
    on_both(|g, i| {
        let j = summary(g, i, judges.clone());
        assert!(j.mrr_at_10 >= 0.85 && j.recall_at_5 >= 0.9, "juges: {j:?}");
    });
    let Some((g, i)) = both() else { return };
    let e = summary(g, i, "tests/recherche/english.tsv".into());
    assert!(e.mrr_at_10 >= 0.75 && e.recall_at_5 >= 0.9, "english: {e:?}");
    // French questions over the whole rules, answered mostly by English
    // rules in force (figures in the README; floors a little below them).
    let j = summary(g, i, judges.clone());
    assert!(j.mrr_at_10 >= 0.905 && j.recall_at_5 >= 0.95, "juges, à l'échelle : {j:?}");
    // The cards named lose nothing on them (measured: 0.911 with, 0.905 without).
    let mut off = SearchIndex::build(g).unwrap();
    off.with_cards = false;
    let without = summary(g, &off, judges.clone());
    assert!(j.mrr_at_10 >= without.mrr_at_10, "juges avec les cartes {j:?}, sans {without:?}");
    let whole = summary(g, i, "tests/recherche/regles-completes.tsv".into());
    assert!(whole.mrr_at_10 >= 0.8 && whole.recall_at_5 >= 0.92, "règles complètes : {whole:?}");
    let held_out = summary(g, i, "tests/recherche/controle.tsv".into());
    assert!(held_out.mrr_at_10 >= 0.73 && held_out.recall_at_5 >= 0.82, "contrôle : {held_out:?}");
    let Some(public) = shared("relevance/public.tsv") else { return };
    on_both(|g, i| {
        let p = summary(g, i, public.clone());
        assert!(p.mrr_at_10 >= 0.9, "public: {p:?}");
    });
    let p = summary(g, i, public.clone());
    assert!(p.mrr_at_10 >= 0.95 && p.recall_at_5 >= 1.0, "public, à l'échelle : {p:?}");
    let Some(crossed) = shared("relevance/croisee.tsv") else { return };
    let c = summary(g, i, crossed);
    assert!(c.mrr_at_10 >= 0.9 && c.recall_at_5 >= 0.9, "croisée : {c:?}");
}

/// A search's scores are kept by its thread for the next search
/// (`search::collect`): a search after others ranks as the same search
/// alone, on a thread that never searched.
#[test]
fn a_search_after_others_ranks_as_alone() {
    let (g, index) = both().expect("embedded");
    let page = |q: &str| -> Vec<(String, String)> {
        index
            .search(g, q, 10, &Filters::default())
            .hits
            .iter()
            .map(|h| (g.node(h.node).label(), h.snippet.to_html()))
            .collect()
    };
    let last = "blood moon contre urborg, ca tape pour quelle couleur";
    let alone = std::thread::scope(|s| s.spawn(|| page(last)).join().unwrap());
    for q in ["piétinement", "fizzle", "\"protection contre le blanc\"", "608.2b", "régénérer une créature détruite"]
    {
        assert!(!page(q).is_empty(), "{q}");
    }
    assert_eq!(page(last), alone);
    assert!(!alone.is_empty());
}
