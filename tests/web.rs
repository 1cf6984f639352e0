//! The web app's routes, in process (`actix_web::test`): status, key content,
//! escaping, headers, errors; snapshots of rendered pages.

use std::sync::OnceLock;

use actix_web::body::to_bytes;
use actix_web::http::{Method, StatusCode, header};
use actix_web::test::{self, TestRequest};
use actix_web::web::Data;
use arbitre::web::{AppState, app};
use serde_json::Value;

fn state() -> Data<AppState> {
    static S: OnceLock<Data<AppState>> = OnceLock::new();
    S.get_or_init(|| {
        let loaded = arbitre::load(&[]);
        Data::new(AppState::new(loaded.graph).unwrap())
    })
    .clone()
}

/// Sends a request; returns status, headers and body.
async fn send(req: TestRequest) -> (StatusCode, header::HeaderMap, String) {
    let service = test::init_service(app(state())).await;
    let response = test::call_service(&service, req.to_request()).await;
    let status = response.status();
    let headers = response.headers().clone();
    let body = to_bytes(response.into_body()).await.unwrap_or_default();
    (status, headers, String::from_utf8(body.to_vec()).unwrap())
}

async fn get(uri: &str) -> (StatusCode, header::HeaderMap, String) {
    send(TestRequest::get().uri(uri)).await
}

/// The page without what changes between runs (search time).
fn stable(html: &str) -> String {
    regex::Regex::new(r"\(\d+,\d+ ms\)").unwrap().replace_all(html, "(… ms)").into_owned()
}

#[actix_web::test]
async fn home_page() {
    let (status, headers, body) = get("/").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "text/html; charset=utf-8");
    assert!(body.contains("<html lang=\"fr\">"));
    assert!(body.contains("name=\"q\"") && body.contains("autofocus"), "the search box has focus");
    // One table of contents: the rules in force, under French titles, the
    // chapters with French text marked.
    assert!(body.contains("Sommaire des règles en vigueur (2026-01-16)"));
    assert!(body.contains(
        "<a href=\"/regles/608\">608. Résoudre les sorts et les capacités</a> <span class=\"badge\">français</span>"
    ));
    assert!(
        body.contains("<a href=\"/regles/609\">609. Effets</a></li>"),
        "a chapter in English only, without the badge"
    );
    assert!(body.contains("<a href=\"/regles/702\">702. Capacités mot-clé</a></li>"), "{body}");
    assert!(
        body.contains("fr 2011-02-04\u{a0}: 3 documents, 74 règles")
            && body.contains("fr 2024-03-08\u{a0}: 1 document"),
        "editions loaded"
    );
    assert!(body.contains("/cours/semaine-5-lancer-des-sorts-et-activer-des-capacites"));
    insta::assert_snapshot!("page_home", body);
}

#[actix_web::test]
async fn rule_page() {
    let (status, _, body) = get("/regles/608.2b").await;
    assert_eq!(status, StatusCode::OK);
    for expected in [
        "<li><a href=\"/regles/608\">608. Résoudre les sorts et les capacités</a></li>",
        "<article class=\"rule\" id=\"R6082b\">",
        "<span class=\"num\" id=\"608.2b\">608.2b</span>",
        "<aside class=\"example\" id=\"R6082b-ex1\" aria-label=\"Exemple\"><p>Exemple\u{a0}: Salve d’aura",
        "id=\"R6082b-ex2\"",
        "href=\"/regles/608.2a\" data-preview=\"/api/regles/608.2a\">← 608.2a</a>",
        "href=\"/regles/608.2c\" data-preview=\"/api/regles/608.2c\">608.2c →</a>",
        // The 2011 French text, cited by its number in force, with its edition.
        "<p class=\"meta\">Texte français, édition fr 2011-02-04, traduction de la règle 608.2b de l’édition en 2011-02-04</p>",
        "data-cite=\"RC 608.2b (texte français de 2011)\" data-permalink=\"/regles/608.2b?edition=fr-2011-02-04\" hidden>Citer</button>",
        // The rule in force beside it, and what changed since 2011.
        "<p class=\"notice\" role=\"note\">Ce texte date de 2011\u{202f}; la règle a changé depuis.",
        "<summary><a href=\"/regles/608.2b?edition=en-2026-01-16\">En vigueur (2026-01-16)\u{a0}: 608.2b</a></summary>",
        "<del>The spell or ability is countered if</del><ins>If</ins>",
        "<ins>doesn’t resolve.",
        "<a href=\"/regles/608.2b/historique\">Historique de la règle",
        "Source\u{a0}: rules/fr-2011-608-resoudre-les-sorts.txt, ligne 43",
    ] {
        assert!(body.contains(expected), "{expected}");
    }
    let cited = &body[body.find("Cité par").unwrap()..];
    // The 2011 608.3a cites it; it is 608.3c in force.
    assert!(cited.contains(">608.2</a>") && cited.contains(">608.3c</a>"), "backlinks");
    insta::assert_snapshot!("page_608_2b", body);
}

#[actix_web::test]
async fn references_are_links_and_ranges_expand() {
    let (_, _, body) = get("/regles/608.2").await;
    assert!(body.contains("<a class=\"ref\" href=\"/regles/608.2c\" data-preview=\"/api/regles/608.2c\">608.2c-j</a>"));
    // « 608.2c-j » in 2011 numbering: each target leads to its 2011 French
    // text, at its address in force (the 2011 608.2g is 608.2h since 608.2f
    // was added in between).
    let expansion = &body[body.find("<p class=\"expansion\">").unwrap()..];
    for (then, now) in [("c", "c"), ("d", "d"), ("e", "e"), ("f", "g"), ("g", "h"), ("j", "k")] {
        assert!(expansion.contains(&format!("href=\"/regles/608.2{now}\"")), "608.2{then} → 608.2{now}: {expansion}");
    }
    // A reference to a rule no French text has leads to the rule in force,
    // never to a chapter known by its title only.
    let (_, _, body) = get("/regles/608.2a").await;
    assert!(!body.contains("titre-seul") && body.contains("href=\"/regles/603."), "{body}");
    // Subrules on their rule's page have both anchors.
    let (_, _, body) = get("/regles/608.2").await;
    assert!(body.contains("id=\"R6082b\"") && body.contains("id=\"608.2b\""));
}

#[actix_web::test]
async fn citations_without_a_page_are_text() {
    // With the English edition, the glossary's « London Mulligan » cites 103.5:
    // glossary entries have their page; a citation is never an empty link.
    let Some(mut editions) = crate::common::english_editions() else { return };
    let loaded = arbitre::load(&[editions.pop().unwrap()]);
    let service = test::init_service(app(Data::new(AppState::new(loaded.graph).unwrap()))).await;
    let response = test::call_service(&service, TestRequest::get().uri("/regles/103.5").to_request()).await;
    let body = String::from_utf8(to_bytes(response.into_body()).await.unwrap_or_default().to_vec()).unwrap();
    assert!(
        body.contains("<a class=\"ref\" href=\"/glossaire/London%20Mulligan\">London Mulligan</a> <span class=\"note\">(glossaire)</span>"),
        "{body}"
    );
    assert!(!body.contains("href=\"\""));
}

#[actix_web::test]
async fn canonical_addresses() {
    for uri in ["/regles/608.2B", "/regles/RC%20608.2b", "/regles/r%C3%A8gle%20608.2b", "/regles/608,2b"] {
        let (status, headers, _) = get(uri).await;
        assert_eq!(status, StatusCode::MOVED_PERMANENTLY, "{uri}");
        assert_eq!(headers.get(header::LOCATION).unwrap(), "/regles/608.2b", "{uri}");
    }
    let (status, headers, _) = get("/regles/205.4F?edition=fr-2011-02-04").await;
    assert_eq!(status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(headers.get(header::LOCATION).unwrap(), "/regles/205.4f?edition=fr-2011-02-04");
}

#[actix_web::test]
async fn english_passages_are_marked() {
    let (_, _, body) = get("/regles/701.8c?edition=fr-2024-03-08").await;
    assert!(body.contains("<div class=\"text\" lang=\"en\"><p>If a card is discarded"), "{body}");
    assert!(
        body.contains(
            "<p class=\"untranslated\">Non traduit\u{a0}: le document français donne ce texte en anglais.</p>"
        )
    );
    let (_, _, body) = get("/regles/701.8?edition=fr-2024-03-08").await;
    // Cited by its number in force: the 2024 701.8 (Discard) is 701.9 today.
    assert!(body.contains("<section class=\"passage depth-1\" id=\"R7019c\" lang=\"en\">"), "{body}");
    assert!(body.contains("701.9c</a> <span class=\"untranslated\" lang=\"fr\">non traduit</span>"), "{body}");
    // French text is not marked.
    let (_, _, body) = get("/regles/701.8a?edition=fr-2024-03-08").await;
    assert!(!body.contains("untranslated"), "{body}");
}

#[actix_web::test]
async fn chapter_and_section_pages() {
    let (status, _, body) = get("/regles/608").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<span class=\"title\">Résoudre les sorts et les capacités</span>"));
    let (a, b, c) =
        (body.find("id=\"R6081\"").unwrap(), body.find("id=\"R6082b\"").unwrap(), body.find("id=\"R6083b\"").unwrap());
    assert!(a < b && b < c, "rules in order");
    assert!(body.contains("Salve d’aura"), "examples with their rules");
    insta::assert_snapshot!("page_608", body);

    // A chapter in force with no French text: in English, under its French title.
    let (status, _, body) = get("/regles/609").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<span class=\"title\">Effets</span>"), "{body}");
    assert!(body.contains("<section class=\"passage depth-0\" id=\"R6091\" lang=\"en\">"), "{body}");

    let (_, _, body) = get("/regles/6").await;
    assert!(body.contains(
        "<a href=\"/regles/608\">608. Résoudre les sorts et les capacités</a> <span class=\"badge\">français</span>"
    ));
    assert!(body.contains("609. Effets"));
    // The chapter in the French document alone, as printed, by its edition.
    let (_, _, body) = get("/regles/609?edition=fr-2024-03-08").await;
    assert!(body.contains("Le texte de ce chapitre n’est pas dans le corpus"), "{body}");
}

#[actix_web::test]
async fn duplicates_stay_reachable() {
    let (_, _, first) = get("/regles/205.4f?edition=fr-2011-02-04").await;
    assert!(first.contains("neigeux") && first.contains("Un autre texte est imprimé sous ce même numéro"));
    assert!(first.contains("href=\"/regles/205.4f?edition=fr-2011-02-04&#38;occurrence=2\""), "{first}");
    let (status, _, second) = get("/regles/205.4f?edition=fr-2011-02-04&occurrence=2").await;
    assert_eq!(status, StatusCode::OK);
    assert!(second.contains("machination") && second.contains("doublon"));
    // No rule in force is paired with the second text: the page does not say it was removed.
    let plain = |s: &str| s.replace(['\u{a0}', '\u{202f}'], " ").replace('’', "'");
    let second = plain(&second);
    assert!(second.contains("Aucune règle en vigueur (en 2026-01-16) n'est reliée à ce texte"), "{second}");
    assert!(!second.contains("plus dans les règles en vigueur") && !second.contains("plus en vigueur"), "{second}");
    // A text the alignment followed and lost is said to be removed.
    let (_, _, old) = get("/regles/801.12?edition=fr-2011-02-04").await;
    let old = plain(&old);
    assert!(old.contains("Cette règle n'est plus dans les règles en vigueur (en 2026-01-16)"), "{old}");
}

#[actix_web::test]
async fn search_page() {
    let (status, _, body) = get("/recherche?q=salve+d%27aura").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<a class=\"result\" href=\"/regles/608.2b\">"));
    assert!(body.contains("<mark>Salve</mark> d’<mark>aura</mark>"));
    assert!(
        regex::Regex::new(r#"<p class="count" role="status">\d+ (premiers )?résultats \(\d+,\d+ ms\)</p>"#)
            .unwrap()
            .is_match(&body)
    );
    insta::assert_snapshot!("page_search", stable(&body));

    // A rule number goes straight to the rule.
    let (status, headers, _) = get("/recherche?q=RC+608.2B").await;
    assert_eq!(status, StatusCode::FOUND);
    assert_eq!(headers.get(header::LOCATION).unwrap(), "/regles/608.2b");

    // Filters.
    let (_, _, body) = get("/recherche?q=cr%C3%A9ature&section=8").await;
    let ids: Vec<&str> = body.match_indices("<span class=\"num\">").map(|(i, _)| &body[i + 18..i + 19]).collect();
    assert!(!ids.is_empty() && ids.iter().all(|s| *s == "8"), "{ids:?}");
    assert!(body.contains("<option value=\"8\" selected>"));
    let (_, _, body) = get("/recherche?q=carte&edition=fr-2024-03-08&langue=fr").await;
    assert!(body.contains("<option value=\"fr-2024-03-08\" selected>") && body.contains("701."));
}

#[actix_web::test]
async fn an_old_text_of_a_rule_that_changed_says_so_in_the_results() {
    // The French 608.2b of 2011 says « contrecarré »; today's rule says the spell doesn't resolve.
    let (_, _, body) = get("/recherche?q=cible+illegale+a+la+resolution").await;
    let first = &body[body.find("<a class=\"result\" href=\"/regles/608.2b\">").expect("608.2b")..];
    let first = &first[..first.find("</li>").unwrap_or(first.len())];
    assert!(first.contains("Texte de 2011\u{a0}: la règle a changé depuis, lisez la règle en vigueur."), "{first}");
    // A rule in force has no such line.
    let (_, _, body) = get("/recherche?q=trample+deathtouch").await;
    assert!(!body.contains("la règle a changé depuis"), "{body}");
    let (_, _, json) = get("/api/recherche?q=cible+illegale+a+la+resolution").await;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let hits = v.as_array().unwrap();
    let old = hits.iter().find(|h| h["id"] == "608.2b" && h["edition"] == "2011-02-04").expect("608.2b of 2011");
    assert_eq!(old["changed_since"], true);
    assert!(hits.iter().filter(|h| h["edition"] == "2026-01-16").all(|h| h["changed_since"] == false));
    // The French 801.12 of 2011 (the legend rule of limited range of
    // influence) is no longer a rule; today's 801.12 is another.
    // A second text under one number, which the alignment does not pair (the
    // French 205.4f of 2011 printed twice), is not said to be removed.
    let (_, _, json) = get("/api/recherche?q=machination+continu+exempt%C3%A9e").await;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v.as_array().unwrap().iter().all(|h| h["removed_since"] != true), "{v}");
    let (_, _, body) = get("/recherche?q=2+legendes+meme+nom+sba").await;
    let old = &body
        [body.find("<a class=\"result\" href=\"/regles/801.12?edition=fr-2011-02-04\">").expect("801.12 of 2011")..];
    let old = &old[..old.find("</li>").unwrap_or(old.len())];
    assert!(old.contains("Texte de 2011\u{a0}: cette règle n’est plus dans les règles en vigueur."), "{old}");
    let (_, _, json) = get("/api/recherche?q=2+legendes+meme+nom+sba").await;
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let hits = v.as_array().unwrap();
    let old = hits.iter().find(|h| h["id"] == "801.12" && h["edition"] == "2011-02-04").expect("801.12 of 2011");
    assert_eq!((old["removed_since"].clone(), old["changed_since"].clone()), (true.into(), false.into()));
    assert!(hits.iter().filter(|h| h["edition"] == "2026-01-16").all(|h| h["removed_since"] == false));
}

#[actix_web::test]
async fn search_results_are_titled_by_their_words_and_name_the_scenarios() {
    // A subrule is titled by its own first words, its chapter below.
    let (_, _, body) = get("/recherche?q=chercher+une+carte").await;
    assert!(
        body.contains(
            "<span class=\"num\">701.23a</span> <span class=\"words\">— Pour chercher une carte dans une zone"
        ),
        "{body}"
    );
    assert!(body.contains("<p class=\"meta\">Actions mot-clé · édition fr 2024-03-08"));
    // The scenario that plays the situation searched is named, with its rules.
    let (_, _, body) = get("/recherche?q=salve+d%27aura+protection").await;
    let scenarios = &body[body.find("class=\"scenarios\"").expect("a box of scenarios")..];
    assert!(scenarios.contains(
        "<a href=\"/exemples/salve-d-aura-protection-contre-le-blanc\">Salve d’aura\u{a0}: l’enchantement acquiert la protection contre le blanc</a> <span class=\"meta\">illustre RC 608.2b</span>"
    ));
    let (_, _, body) = get("/recherche?q=r%C3%A8gle+des+l%C3%A9gendes").await;
    let start = body.find("class=\"scenarios\"").expect("a box of scenarios");
    let section = &body[start..start + body[start..].find("</section>").unwrap()];
    assert_eq!(section.matches("<li>").count(), 1, "{section}");
    // An empty search asks for words, without an empty pair of brackets.
    let (_, _, body) = get("/recherche?q=").await;
    assert!(body.contains("<p class=\"count\" role=\"status\">Tapez votre recherche</p>"));
    assert!(!body.contains("Essayez moins de mots"), "nothing was searched: {body}");
    let (status, _, body) = get("/api/recherche?q=+").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("requête vide"), "{body}");
    // Control characters typed (NUL, BEL, ESC) are not written back into the page.
    let (status, _, body) = get("/recherche?q=a%00b%07c%1b%5B31m+pi%C3%A9t%01inement").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!body.contains(['\0', '\u{7}', '\u{1b}', '\u{1}']), "{body}");
    assert!(body.contains("abc[31m piétinement"), "{body}");
    // Nor those of an address not found, on its page or in the API's answer.
    for url in ["/regles/608.2b%07", "/regles/%1b608", "/api/regles/608.2b%00", "/cartes/zz%1bqx%07"] {
        let (status, _, body) = get(url).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{url}");
        assert!(!body.contains(['\0', '\u{7}', '\u{1b}']), "{url}: {body}");
    }
}

#[actix_web::test]
async fn french_typography_is_in_the_pages_not_in_ids_nor_search() {
    let (_, _, body) = get("/regles/608.2b").await;
    // No-break spaces before « : » and inside « », curly apostrophes: in the text…
    assert!(body.contains(
        "Exemple\u{a0}: Salve d’aura est un éphémère blanc qui dit\u{a0}: «\u{202f}Détruisez l’enchantement ciblé."
    ));
    assert!(!body.contains(" : ") || body.contains("<textarea"), "a plain space before a colon");
    // …never in ids, links or attributes.
    assert!(body.contains("href=\"/regles/608.2b?edition=fr-2011-02-04\""));
    assert!(body.contains("data-cite=\"RC 608.2b (texte français de 2011)\""));
    // The graph and the search keep the source text.
    let (_, _, json) = get("/api/regles/608.2b").await;
    assert!(json.contains("Salve d'aura est un éphémère blanc qui dit : « Détruisez l'enchantement ciblé."), "{json}");
    let (_, _, body) = get("/recherche?q=%C2%AB+d%C3%A9truisez+l%27enchantement+cibl%C3%A9+%C2%BB").await;
    assert!(body.contains("href=\"/regles/608.2b\""));
    // The editor's text is left as typed.
    let (_, _, body) = get("/exemples/essai?depuis=salve-d-aura-cible-legale").await;
    assert!(body.contains("texte = &#34;Détruisez l&#39;enchantement ciblé. Piochez une carte.&#34;"), "{body}");
}

#[actix_web::test]
async fn card_pages_show_a_card_its_rules_and_its_french_text() {
    // By its French name or a distinctive part: a redirection to its English name.
    for alias in ["/cartes/fourbes-de-cuisine", "/cartes/finks", "/cartes/Kitchen-Finks"] {
        let (status, headers, _) = get(alias).await;
        assert_eq!(status, StatusCode::MOVED_PERMANENTLY, "{alias}");
        assert_eq!(headers.get(header::LOCATION).unwrap(), "/cartes/kitchen-finks");
    }
    let (status, _, body) = get("/cartes/kitchen-finks").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h1 lang=\"en\">Kitchen Finks</h1>") && body.contains("Fourbes de cuisine"));
    // What players call it; a nickname is an address too.
    let spaced = body.replace(['\u{a0}', '\u{202f}'], " ");
    assert!(spaced.contains("Surnoms : « finks »"), "{body}");
    let (status, headers, _) = get("/cartes/bob").await;
    assert_eq!(status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(headers.get(header::LOCATION).unwrap(), "/cartes/dark-confidant");
    // Its keyword and its type lead to their rules, with previews.
    assert!(
        body.contains("<a class=\"ref\" href=\"/regles/702.79\" data-preview=\"/api/regles/702.79\">RC 702.79</a>"),
        "{body}"
    );
    assert!(body.contains("href=\"/regles/302\""));
    // Rulings dated, the French text of 2008 with its warning, the notice.
    assert!(body.contains("<time>2013-06-07</time>"));
    assert!(body.contains("Texte français imprimé (SHM, 2008-05-02)"));
    assert!(body.contains("Fan Content Policy"));
    // The API, and an unknown card.
    let (status, _, json) = get("/api/cartes/lune-de-sang").await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["card"]["name"], "Blood Moon");
    assert!(v["notice"].as_str().unwrap().contains("Fan Content Policy"));
    assert_eq!(v["related"][1]["rule"], "613.1d");
    let (_, _, json) = get("/api/cartes/aura-blast").await;
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["scenarios"].as_array().unwrap().len(), 3, "{json}");
    let (status, _, _) = get("/cartes/zzqxw").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A name with a typo the lookup does not correct: the 404 leads to the card.
    let (status, _, body) = get("/cartes/sword-of-fire-and-icf").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("href=\"/cartes/sword-of-fire-and-ice\""), "{body}");
    assert!(body.contains("Cartes proches\u{a0}: <a class=\"ref\" href=\"/cartes/sword-of-fire-and-ice\""), "{body}");
    let (status, _, json) = get("/api/cartes/sword-of-fire-and-icf").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["proches"], serde_json::json!(["Sword of Fire and Ice"]));
    // A split card's half the data lacks, said on its page.
    let (_, _, body) = get("/cartes/fire-ice").await;
    assert!(body.contains("texte manquant\u{a0}: <span lang=\"en\">Ice</span>."), "{body}");
}

#[actix_web::test]
async fn a_corrected_word_is_shown_with_its_accents() {
    let (_, _, body) = get("/recherche?q=quantitee+de+mana").await;
    assert!(body.contains("<a href=\"/recherche?q=quantit%C3%A9\">quantité</a>"), "{body}");
}

#[actix_web::test]
async fn search_suggestions() {
    let (_, _, body) = get("/recherche?q=608.2z").await;
    assert!(body.contains("Aucune règle ne correspond"));
    assert!(body.contains("Règles proches\u{a0}:") && body.contains("href=\"/regles/608.2p\""), "{body}");
    let (_, _, body) = get("/recherche?q=pyrcolasme").await;
    assert!(
        body.contains("Mots inconnus remplacés par\u{a0}: <a href=\"/recherche?q=pyroclasme\">pyroclasme</a>"),
        "{body}"
    );
    let (status, _, body) = get("/recherche?q=x&section=douze").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Section «\u{202f}douze\u{202f}» inconnue (0 à 9)"));
}

#[actix_web::test]
async fn articles() {
    let (status, _, body) = get("/cours/semaine-5-lancer-des-sorts-et-activer-des-capacites").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h2>Lancer un sort</h2>") && body.contains("<h3>1. Annonce</h3>"));
    assert!(body.contains("<li>Si le sort a plusieurs modes"));
    assert!(body.contains("Règles couvertes\u{a0}: <a class=\"ref\" href=\"/regles/601\""), "{body}");
    // Listed on the pages of the rules they cover.
    for page in ["/regles/601", "/regles/602"] {
        let (_, _, body) = get(page).await;
        assert!(body.contains("href=\"/cours/semaine-5-lancer-des-sorts-et-activer-des-capacites\""), "{page}");
    }
    let (status, _, _) = get("/cours/inconnu").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn json_api() {
    let (status, headers, body) = get("/api/regles/608.2b").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "application/json");
    let v: Value = serde_json::from_str(&body).unwrap();
    let cli =
        std::process::Command::new(env!("CARGO_BIN_EXE_arbitre")).args(["regle", "608.2b", "--json"]).output().unwrap();
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(v, cli, "the API and `arbitre regle --json` agree");

    let (_, _, body) = get("/api/recherche?q=spores+pesteuses").await;
    let items: Value = serde_json::from_str(&body).unwrap();
    // The card the query names first (`kind: "card"`), then the rules.
    assert_eq!(items[0]["kind"], "card");
    assert_eq!(items[0]["id"], "plague-spores");
    let hits = &items[1];
    assert_eq!(hits["id"], "608.2b");
    for key in ["kind", "id", "title", "edition", "language", "snippet", "score"] {
        assert!(hits.get(key).is_some(), "{key}");
    }

    let (_, _, body) = get("/api/sommaire").await;
    let toc: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(toc["sommaires"][0]["language"], "fr");
    assert!(toc["editions"].as_array().unwrap().len() >= 2);

    // One edition, by its key or by its date as the manifest writes it; the
    // same JSON as `arbitre regle --edition`.
    for edition in ["fr-2024-03-08", "2024-03-08"] {
        let (status, _, body) = get(&format!("/api/regles/701.15a?edition={edition}")).await;
        assert_eq!(status, StatusCode::OK, "{edition}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!((v["id"].as_str(), v["edition"].as_str()), (Some("701.15a"), Some("2024-03-08")));
        // Its counterpart in force, found by content: 701.19a, not 701.15a (Goad).
        assert_eq!(v["current"]["id"], "701.19a", "{v}");
        assert_eq!(
            (v["current"]["relation"].as_str(), v["current"]["renumbered"].as_bool()),
            (Some("same"), Some(true))
        );
    }
    let (status, _, _) = get("/api/regles/701.15a?edition=fr-2011-02-04").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The versions come from the alignment: one per edition that has the rule.
    let (_, _, body) = get("/api/regles/608.2h").await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (v["id"].as_str(), v["edition"].as_str(), v["language"].as_str()),
        (Some("608.2g"), Some("2011-02-04"), Some("fr"))
    );
    assert_eq!(
        v["current"],
        serde_json::json!({ "id": "608.2h", "edition": "2026-01-16", "language": "en", "relation": "changed", "renumbered": true })
    );
    let versions: Vec<(String, String)> = v["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            (
                x["id"].as_str().unwrap().to_string(),
                format!("{}-{}", x["language"].as_str().unwrap(), x["edition"].as_str().unwrap()),
            )
        })
        .collect();
    assert!(versions.contains(&("608.2g".into(), "en-2011-02-04".into())), "{versions:?}");
    assert!(versions.contains(&("608.2h".into(), "en-2026-01-16".into())), "{versions:?}");
    assert!(
        !versions.iter().any(|(id, ed)| id == "608.2g" && ed == "en-2026-01-16"),
        "no pairing by number: {versions:?}"
    );

    let (status, _, body) = get("/api/regles/608.2z").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let e: Value = serde_json::from_str(&body).unwrap();
    assert!(e["erreur"].as_str().unwrap().contains("608.2z") && e["proches"].as_array().unwrap().len() > 2);
}

#[actix_web::test]
async fn errors_are_french_pages() {
    let (status, _, body) = get("/regles/608.2z").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("La règle 608.2z n’existe pas dans le corpus"));
    assert!(body.contains("Règles proches\u{a0}:") && body.contains("href=\"/regles/608.2p\""));
    assert!(body.contains("<input id=\"q2\" name=\"q\" type=\"search\">"), "a search box");
    insta::assert_snapshot!("page_404_rule", body);

    for uri in ["/nimporte", "/regles/", "/regles/salve", "/api/rien"] {
        let (status, _, body) = get(uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(body.contains("lang=\"fr\"") || body.contains("erreur"), "{uri}");
    }
}

#[actix_web::test]
async fn user_input_is_escaped() {
    for (q, raw) in
        [("%3Cscript%3Ealert(1)%3C/script%3E", "<script>alert(1)"), ("%22%3E%3Cimg%20onerror%3E", "\"><img onerror>")]
    {
        let (status, _, body) = get(&format!("/recherche?q={q}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(!body.contains(raw), "{raw} must not appear raw");
        assert!(!body.contains("<img onerror") && !body.contains("<script>alert"));
        // Shown as text: in the title, the heading and the search boxes.
        assert!(body.matches("&#60;").count() >= 3, "{body}");
    }
    let (_, _, body) = get("/regles/%3Cscript%3Ealert(1)%3C%2Fscript%3E").await;
    assert!(!body.contains("<script>alert"));
}

#[actix_web::test]
async fn security_headers_and_no_inline_script() {
    let scripts = regex::Regex::new(r"<script(\s[^>]*)?>").unwrap();
    for uri in ["/", "/regles/608.2b", "/recherche?q=salve", "/nimporte"] {
        let (_, headers, body) = get(uri).await;
        let csp = headers.get(header::CONTENT_SECURITY_POLICY).unwrap().to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"), "{csp}");
        assert_eq!(headers.get(header::X_CONTENT_TYPE_OPTIONS).unwrap(), "nosniff");
        for m in scripts.find_iter(&body) {
            assert!(m.as_str().contains(" src="), "inline script on {uri}: {}", m.as_str());
        }
        assert!(!body.contains(" style=\"") && !body.contains(" onclick="), "{uri}");
    }
}

#[actix_web::test]
async fn static_assets() {
    let (status, headers, body) = get("/static/style.css").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "text/css; charset=utf-8");
    assert!(headers.get(header::CACHE_CONTROL).unwrap().to_str().unwrap().contains("immutable"));
    assert!(body.contains("prefers-color-scheme: dark"));
    let etag = headers.get(header::ETAG).unwrap().clone();
    let (status, _, _) =
        send(TestRequest::get().uri("/static/style.css").insert_header((header::IF_NONE_MATCH, etag))).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    let (_, headers, _) = get("/static/app.js").await;
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "text/javascript; charset=utf-8");
    for uri in [
        "/static/../Cargo.toml",
        "/static/%2e%2e%2fCargo.toml",
        "/static/..%2FCargo.toml",
        "/static/nope.css",
        "/static/",
    ] {
        let (status, _, body) = get(uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!body.contains("[package]"), "{uri}");
    }
}

#[actix_web::test]
async fn long_addresses_get_414() {
    // (A URI over 64 KiB cannot even be built in process; the 100 KB case is
    // sent to the real server in the browser tests.)
    let long = format!("/recherche?q={}", "a".repeat(60 * 1024));
    let (status, _, body) = get(&long).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert!(body.contains("Adresse trop longue"));
    let (status, _, _) = get(&format!("/regles/{}", "6".repeat(20_000))).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
}

#[actix_web::test]
async fn methods() {
    let (status, headers, _) = send(TestRequest::default().method(Method::HEAD).uri("/regles/608.2b")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "text/html; charset=utf-8");
    for method in [Method::POST, Method::PUT, Method::DELETE, Method::PATCH, Method::from_bytes(b"BREW").unwrap()] {
        let (status, headers, body) = send(TestRequest::default().method(method.clone()).uri("/regles/608.2b")).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert_eq!(headers.get(header::ALLOW).unwrap(), "GET, HEAD");
        assert!(body.contains("Méthode non prise en charge"), "{method}");
    }
}

// ---------------------------------------------------------------- ruling scenarios

/// A form post to the scenario editor.
async fn post_scenario(toml: &str) -> (StatusCode, header::HeaderMap, String) {
    send(TestRequest::post().uri("/exemples/essai").set_form([("scenario", toml)])).await
}

fn shipped_source(slug: &str) -> String {
    std::fs::read_to_string(format!("{}/rules/scenarios/{slug}.toml", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[actix_web::test]
async fn examples_list() {
    let (status, _, body) = get("/exemples").await;
    assert_eq!(status, StatusCode::OK);
    for slug in [
        "salve-d-aura-cible-legale",
        "salve-d-aura-protection-contre-le-blanc",
        "salve-d-aura-quitte-le-champ-de-bataille",
        "spores-pesteuses-terrain-anime-devient-noir",
        "spores-pesteuses-deux-cibles-illegales",
        "608-2h-creatures-non-noires",
        "205-1b-terrains-creatures",
        "pyroclasme-portee-d-influence",
    ] {
        assert!(body.contains(&format!("href=\"/exemples/{slug}\"")), "{slug}");
    }
    assert_eq!(body.matches("résultat attendu vérifié").count(), 29);
    assert!(body.contains("href=\"/regles/608.2b\" data-preview=\"/api/regles/608.2b\">RC 608.2b</a>"));
    assert!(!body.contains("Scénarios illisibles"));
    assert!(body.contains("href=\"/exemples\">Exemples</a>"), "the site navigation links the examples");
}

#[actix_web::test]
async fn a_combat_example_draws_attackers_blockers_and_damage() {
    let base = "/exemples/pietinement-et-contact-mortel";
    let (status, _, body) = get(&format!("{base}?etape=3")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<span class=\"tag combat\">attaque Rob</span>"), "{body}");
    assert_eq!(body.matches("<span class=\"tag combat\">bloque Mammouth de guerre</span>").count(), 2);
    assert!(body.contains("au-combat"));
    let (_, _, body) = get(&format!("{base}?etape=4")).await;
    assert!(body.contains("Étape des blessures de combat"));
    assert!(body.contains(
        "répartit ses blessures\u{a0}: 1 blessure à Mur de pierre, 1 blessure à Elfes de Llanowar, 1 blessure à Rob"
    ));
    assert!(body.contains("data-preview=\"/api/regles/702.19b\">RC 702.19b</a>"));
    assert!(body.contains("data-preview=\"/api/regles/704.5h\">RC 704.5h</a>"));
    // A refused step is shown as such, with its rule.
    let (status, _, body) = get("/exemples/menace-un-seul-bloqueur?etape=2").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Étape refusée"), "{body}");
    assert!(body.contains("RC 702.111b"));
}

#[actix_web::test]
async fn what_if_controls_change_a_scenario_and_play_it() {
    // The controls are on each step page, with the cards by name.
    let (_, _, body) = get("/exemples/salve-d-aura-cible-legale?etape=1").await;
    assert!(body.contains("<form action=\"/exemples/salve-d-aura-cible-legale/etsi\" method=\"get\">"));
    assert!(body.contains("<option value=\"croisade\">Croisade</option>"));
    assert!(body.contains("<option value=\"protection contre le blanc\">protection contre le blanc</option>"));
    // Croisade gains protection from white before Salve d'aura resolves: it doesn't resolve.
    let url = "/exemples/salve-d-aura-cible-legale/etsi?carte=croisade&capacite=protection+contre+le+blanc&couleur=&zone=&avant=2";
    let (status, _, body) = get(url).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("— et si…"));
    assert!(body.contains("ne se résout pas"), "{body}");
    // The TOML stays visible and editable, with the step added.
    assert!(
        body.contains("modifier = &#34;croisade&#34;")
            && body.contains("gagne = [&#34;protection contre le blanc&#34;]"),
        "{body}"
    );
    assert!(!body.contains("[attendu]"), "the original expectation is left out");
    // Another target, and a step the change makes illegal is shown refused.
    let (status, _, body) = get("/exemples/salve-d-aura-cible-legale/etsi?cible_de=1:0&nouvelle_cible=Rob").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("cibles = [&#34;Rob&#34;]"), "{body}");
    let url = "/exemples/vol-et-portee/etsi?carte=araignee&capacite=&couleur=&zone=cimeti%C3%A8re&avant=2";
    let (status, _, body) = get(url).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("Étape refusée"), "{body}");
    // What the page cannot send is refused in French.
    for (query, words) in [
        ("carte=licorne", "carte « licorne » absente"),
        ("carte=croisade&capacite=h%C3%A2te", "capacité « hâte » inconnue"),
        ("capacite=vol", "choisissez la carte"),
        ("carte=croisade&avant=99", "étape 99"),
        ("cible_de=1:5&nouvelle_cible=Rob", "pas de cible 6"),
    ] {
        let (status, _, body) = get(&format!("/exemples/salve-d-aura-cible-legale/etsi?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        let said = arbitre::text::french_typography(words).to_lowercase();
        assert!(body.to_lowercase().contains(&said), "{query}: {body}");
    }
}

#[actix_web::test]
async fn an_example_step_by_step() {
    let base = "/exemples/salve-d-aura-protection-contre-le-blanc";
    // Step 0: the starting situation, the list of steps, a next link only.
    let (status, _, body) = get(base).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h2 id=\"etape-titre\">Situation de départ</h2>"));
    assert!(body.contains("rel=\"next\" href=\"/exemples/salve-d-aura-protection-contre-le-blanc?etape=1#etape\""));
    assert!(!body.contains("rel=\"prev\""));
    assert!(body.contains("<span class=\"card-name\">Croisade</span>"));
    // Step 2: the change, with its comment and its rules.
    let (_, _, body) = get(&format!("{base}?etape=2")).await;
    assert!(body.contains("Étape 2 — Modification de Croisade"));
    assert!(body.contains("class=\"comment\">En réponse, Rob donne à Croisade"));
    assert!(body.contains("protection contre le blanc</span>"), "the board shows the ability gained");
    // A rule cited by the engine opens its text in force.
    assert!(body.contains("href=\"/regles/613.1\""), "613.1 in force: {body}");
    // Last step: the resolution, the board, the result, the check.
    let (_, _, body) = get(&format!("{base}?etape=3")).await;
    assert!(body.contains("data-preview=\"/api/regles/608.2b\">RC 608.2b</a>"));
    assert!(body.contains("personne ne pioche"));
    assert!(body.contains("<h3>Pile</h3><p class=\"empty\">vide</p>"));
    assert!(body.contains("<h4>Cimetière</h4>"));
    assert!(body.contains("<dt>Sorts contrecarrés</dt><dd>aucun</dd>"));
    assert!(body.contains("<dt>Sorts non résolus</dt><dd>Salve d’aura</dd>"));
    assert!(body.contains("✓ Le résultat attendu"));
    assert!(!body.contains("rel=\"next\""));
    assert!(body.contains("href=\"/exemples/essai?depuis=salve-d-aura-protection-contre-le-blanc\""));
    insta::assert_snapshot!("page_example_last_step", body);
}

#[actix_web::test]
async fn example_errors() {
    let (status, _, body) = get("/exemples/inconnu").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("Aucun exemple «\u{202f}inconnu\u{202f}»") && body.contains("href=\"/exemples\""));
    for bad in ["4", "-1", "deux", "99999999999999999999"] {
        let (status, _, body) = get(&format!("/exemples/salve-d-aura-cible-legale?etape={bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(body.contains("inexistante") && body.contains("0 (situation de départ) à 2"), "{bad}");
    }
    let (status, _, body) = get("/exemples/%3Cscript%3E").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!body.contains("<script>"));
}

#[actix_web::test]
async fn rule_pages_list_the_examples_illustrating_them() {
    let (_, _, body) = get("/regles/608.2b").await;
    assert!(body.contains("<h2 id=\"exemples\">Exemples de décisions</h2>"));
    assert_eq!(body.matches("href=\"/exemples/salve-d-aura").count(), 3);
    assert_eq!(body.matches("href=\"/exemples/spores-pesteuses").count(), 2);
    let (_, _, body) = get("/regles/608").await;
    assert!(body.contains("href=\"/exemples/608-2h-creatures-non-noires\""), "a chapter lists those within it");
    let (_, _, body) = get("/regles/608.2a").await;
    assert!(!body.contains("id=\"exemples\""), "no example illustrates 608.2a");
}

#[actix_web::test]
async fn example_json_api() {
    let (status, headers, body) = get("/api/exemples/spores-pesteuses-deux-cibles-illegales").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CONTENT_TYPE).unwrap(), "application/json");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["result"]["countered"], serde_json::json!([]));
    assert_eq!(v["result"]["not_resolved"], serde_json::json!(["spores"]));
    assert_eq!(v["expected"]["ok"], true);
    assert!(v["steps"][3]["rules"].as_array().unwrap().iter().any(|r| r == "702.16b"));
}

#[actix_web::test]
async fn the_editor_plays_a_scenario() {
    let (status, _, body) = get("/exemples/essai?depuis=spores-pesteuses-deux-cibles-illegales").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<textarea id=\"scenario\" name=\"scenario\""));
    assert!(body.contains("Détruisez la créature non-noire ciblée et le terrain ciblé"));
    let (status, _, _) = get("/exemples/essai").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _, _) = get("/exemples/essai?depuis=rien").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // "What if" the land does not gain protection: the spell is not countered.
    let source = shipped_source("spores-pesteuses-deux-cibles-illegales");
    let what_if = source.replace("gagne = [\"protection contre le rouge\"]", "gagne = [\"vol\"]");
    let (status, headers, body) = post_scenario(&what_if).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers.get(header::CACHE_CONTROL).unwrap(), "no-store");
    assert!(body.contains("Montagne va au cimetière de son propriétaire"));
    assert!(body.contains("✗ Le résultat attendu n’est pas vérifié"));
    assert!(body.contains("zone de «\u{202f}Montagne\u{202f}»\u{a0}: attendu champ de bataille, obtenu cimetière"));
    assert!(body.contains("gagne = [&#34;vol&#34;]"), "the text area keeps what was typed");
    // The unchanged scenario holds.
    let (status, _, body) = post_scenario(&source).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("✓ Le résultat attendu"));
}

#[actix_web::test]
async fn the_editor_shows_mistakes_inline() {
    let source = shipped_source("salve-d-aura-cible-legale");
    let bad = source.replace("Piochez une carte.", "Piochez une carte. Mélangez votre bibliothèque.");
    let (status, _, body) = post_scenario(&bad).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("<strong>Scénario invalide.</strong> Ligne 15, clé «\u{202f}texte\u{202f}»"), "{body}");
    assert!(body.contains("«\u{202f}Mélangez votre bibliothèque\u{202f}»"));
    assert!(body.contains("<pre class=\"excerpt\">texte = &#34;Détruisez"));
    assert!(body.contains("Piochez une carte. Mélangez votre bibliothèque.&#34;"), "the text is kept for correction");

    let (status, _, body) = post_scenario("titre = \"<script>alert(1)</script>\"\njoueurs = [\"<img onerror>\"]").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!body.contains("<script>alert") && !body.contains("<img onerror"));

    let (status, _, body) = post_scenario("").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("clé «\u{202f}titre\u{202f}» manquante"));
}

#[actix_web::test]
async fn the_editor_refuses_oversized_and_malformed_posts() {
    let big = format!("titre = \"{}\"\njoueurs = [\"A\", \"B\"]\n", "x".repeat(70 * 1024));
    let (status, _, body) = post_scenario(&big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body.contains("Scénario trop long (plus de 64 Kio)"));
    let huge = "é".repeat(200 * 1024);
    let (status, _, _) = post_scenario(&huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "over the form limit once encoded");
    let (status, _, body) = send(
        TestRequest::post().uri("/exemples/essai").insert_header((header::CONTENT_TYPE, "text/plain")).set_payload("x"),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("Formulaire attendu"), "{body}");
    let (status, _, body) = send(TestRequest::post().uri("/exemples/essai").set_form([("autre", "x")])).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("«\u{202f}scenario\u{202f}»"));
    let (status, headers, _) = send(TestRequest::put().uri("/exemples/essai")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(headers.get(header::ALLOW).unwrap(), "GET, HEAD, POST");
    let (status, _, _) = send(TestRequest::post().uri("/exemples")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[actix_web::test]
async fn the_format_page() {
    let (status, _, body) = get("/exemples/format").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h1>Scénarios de décision</h1>"));
    assert!(body.contains("Détruisez la créature non-noire ciblée et le terrain ciblé"));
    assert!(body.contains("href=\"/regles/608.2j\""), "rule numbers are linked");
}

#[actix_web::test]
async fn the_editor_is_time_limited() {
    // A server whose limit is zero: any scenario is cut off, with a French page.
    let loaded = arbitre::load(&[]);
    let mut state = AppState::new(loaded.graph).unwrap();
    state.run_limit = std::time::Duration::ZERO;
    let service = test::init_service(app(Data::new(state))).await;
    let req = TestRequest::post()
        .uri("/exemples/essai")
        .set_form([("scenario", shipped_source("salve-d-aura-cible-legale"))]);
    let response = test::call_service(&service, req.to_request()).await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body = String::from_utf8(to_bytes(response.into_body()).await.unwrap_or_default().to_vec()).unwrap();
    assert!(body.contains("Temps dépassé") && body.contains("en moins de 0,0 s"), "{body}");
}

/// A scenario of 60 creatures and `rounds` times a spell dealing 1 damage
/// to each, cast, resolved and put back in hand.
fn pinging_scenario(rounds: usize) -> String {
    let mut toml = "titre = \"grand\"\njoueurs = [\"A\", \"B\"]\n".to_string();
    for i in 0..60 {
        toml.push_str(&format!(
            "[[carte]]\nid = \"c{i}\"\nnom = \"C{i}\"\ntype = \"Créature : ours\"\nforce = 1\nendurance = 99\nproprietaire = \"B\"\nzone = \"champ de bataille\"\n"
        ));
    }
    toml.push_str("[[carte]]\nid = \"p\"\nnom = \"P\"\ntype = \"Rituel\"\ntexte = \"~ inflige 1 blessure à chaque créature.\"\nproprietaire = \"A\"\nzone = \"main\"\n");
    for _ in 0..rounds {
        toml.push_str(
            "[[etape]]\nlancer = \"p\"\n[[etape]]\nresoudre = true\n[[etape]]\ndeplacer = \"p\"\nvers = \"main\"\n",
        );
    }
    toml
}

#[actix_web::test]
async fn a_large_scenario_plays_with_the_board_of_one_step() {
    let toml = pinging_scenario(25);
    let (status, _, body) = post_scenario(&toml).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Étape 75 — Déplacement de P vers la main"));
    // Every step's events, one board: the last step's, and a button for each other.
    assert_eq!(body.matches("<details open id=\"plateau\">").count(), 1);
    assert!(body.contains("Plateau après l’étape 75"));
    assert!(body.contains("name=\"etape\" value=\"74\""));
    // 1,600 events of the 2,000 allowed: the page stays under a megabyte.
    assert!(body.len() < 1_000_000, "{} octets", body.len());
    // Another step's board, asked for.
    let req = TestRequest::post().uri("/exemples/essai").set_form([("scenario", toml.as_str()), ("etape", "2")]);
    let (status, _, body) = send(req).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Plateau après l’étape 2<") && !body.contains("Plateau après l’étape 75"));
    let req = TestRequest::post().uri("/exemples/essai").set_form([("scenario", toml.as_str()), ("etape", "x")]);
    assert_eq!(send(req).await.0, StatusCode::BAD_REQUEST);
}

#[actix_web::test]
async fn a_scenario_over_the_events_budget_is_refused_with_its_step() {
    let toml = pinging_scenario(60);
    let started = std::time::Instant::now();
    let (status, _, body) = post_scenario(&toml).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body.contains("scénario trop lourd") && body.contains("au plus 2000"), "{body}");
    assert!(body.len() < 2 * toml.len() + 20_000, "{} octets", body.len());
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
}

/// Every expression a template prints unescaped (`|safe`), with its file.
fn unescaped_in(template: &str) -> Vec<String> {
    let re = regex::Regex::new(r"\{\{-?\s*([^{}|]+?)\s*\|\s*safe\s*-?\}\}").unwrap();
    re.captures_iter(template).map(|c| c[1].trim().to_string()).collect()
}

/// Only fields ending in `_html` (built by `web::render`, escaped there) are
/// printed unescaped; everything else goes through askama's escaping.
#[test]
fn only_html_fields_are_printed_unescaped() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        // Every `|safe` is found by the reader below (none is missed by its pattern).
        assert_eq!(text.matches("|safe").count(), unescaped_in(&text).len(), "{}", path.display());
        for expr in unescaped_in(&text) {
            seen += 1;
            assert!(expr.ends_with("_html"), "{} imprime «\u{202f}{expr}\u{202f}» sans échappement", path.display());
        }
    }
    assert!(seen >= 5, "{seen} expressions |safe lues");
    // The check itself fails on anything else.
    assert_eq!(unescaped_in("<p{{ lang_attr|safe }}>{{ p.text_html|safe }}</p>"), ["lang_attr", "p.text_html"]);
}

#[actix_web::test]
async fn what_changed_between_editions() {
    let (status, _, body) = get("/changements").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("<a href=\"/changements/en-2025-11-14..en-2026-01-16\">en 2025-11-14 → en 2026-01-16</a>"),
        "{body}"
    );
    assert!(body.contains("5 modifiées, 3 renumérotées, 6 ajoutées, 1 retirée"), "{body}");
    // The hand-read diff, as judges read it at an update.
    let (status, _, body) = get("/changements/2025-11-14..2026-01-16").await;
    assert_eq!(status, StatusCode::OK);
    for expected in [
        "<h1>Ce qui a changé\u{a0}: en 2025-11-14 → en 2026-01-16</h1>",
        "<h2 id=\"modifiees\">Modifiées (5)</h2>",
        "<h2 id=\"renumerotees\">Renumérotées (3)</h2>",
        ">702.124m → 702.124k</a>",
        "<h2 id=\"ajoutees\">Ajoutées (6)</h2>",
        ">701.68a</a>",
        ">702.124k</a>",
        "702.124i + 702.124k → 702.124i",
        "<h2 id=\"renvois\">Seuls les numéros cités changent (0)</h2>",
        "Blight (ajouté)",
        "Friends Forever (retiré)",
    ] {
        assert!(body.contains(expected), "{expected}");
    }
    assert!(body.contains("<del>") && body.contains("<ins>"), "word diffs");
    // The form, and errors in French.
    let (status, headers, _) = get("/changements?de=en-2025-11-14&a=en-2026-01-16").await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(headers.get(header::LOCATION).unwrap(), "/changements/en-2025-11-14..en-2026-01-16");
    let (status, _, body) = get("/changements/fr-2011-02-04..en-2026-01-16").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("ne sont pas de la même langue"), "{body}");
    let (status, _, body) = get("/changements/1999-01-01..2026-01-16").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("absente du corpus chargé"), "{body}");
    let (status, _, _) = get("/changements/n-importe-quoi").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// « Autres éditions » says how each text stands to the text shown: the
/// French 701.16a of 2024, shown for 701.20a, translates the English text of
/// 2024 and differs from the rule in force.
#[actix_web::test]
async fn other_editions_are_compared_with_the_text_shown() {
    let (status, _, body) = get("/regles/701.20a").await;
    assert_eq!(status, StatusCode::OK);
    let versions = &body[body.find("id=\"versions\"").expect("versions")..];
    let versions = &versions[..versions.find("</section>").unwrap()];
    for expected in [
        ">701.16a — édition en 2024-03-08</a> <span class=\"note\">même sens que ce texte</span>",
        ">701.20a — édition en 2026-01-16</a> <span class=\"note\">en vigueur · texte différent de celui-ci</span>",
    ] {
        assert!(versions.contains(expected), "{expected}\n{versions}");
    }
}

#[actix_web::test]
async fn a_rules_history() {
    let (status, _, body) = get("/regles/608.2h/historique").await;
    assert_eq!(status, StatusCode::OK);
    for expected in [
        "<h1>Historique de RC 608.2h</h1>",
        ">608.2h — édition en 2026-01-16</a>",
        "en vigueur · même texte",
        ">608.2h — édition en 2024-03-08</a>",
        "renumérotée (était 608.2g) · texte modifié",
        ">608.2g — édition fr 2011-02-04</a>",
        "traduction de la règle 608.2g (en 2011-02-04)",
        ">608.2g — édition en 2011-02-04</a>",
    ] {
        assert!(body.contains(expected), "{expected}");
    }
    // The newest first.
    assert!(body.find("édition en 2026-01-16").unwrap() < body.find("édition en 2011-02-04").unwrap());
    // A number read in one edition's numbering: the French 701.15 (2024) is 701.19 in force.
    let (status, _, body) = get("/regles/701.15/historique?edition=fr-2024-03-08").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("<h1>Historique de RC 701.19</h1>") && body.contains(">701.19 — édition en 2026-01-16</a>"),
        "{body}"
    );
}

#[actix_web::test]
async fn french_references_lead_to_a_text() {
    // The 2024 701.53b cites 608.2d: the 2011 French text, not the 2024 table's
    // chapter 608, known by its title only.
    let (_, _, body) = get("/regles/701.53b?edition=fr-2024-03-08").await;
    assert!(
        body.contains("<a class=\"ref\" href=\"/regles/608.2d\" data-preview=\"/api/regles/608.2d\">608.2d</a>"),
        "{body}"
    );
    assert!(!body.contains("titre-seul"), "{body}");
    // The 2011 205.4d cites the legend rule by its 2011 number, 704.5k: it
    // leads to the legend rule in force, 704.5j.
    let (_, _, body) = get("/regles/205.4d?edition=fr-2011-02-04").await;
    assert!(body.contains("href=\"/regles/704.5j\" data-preview=\"/api/regles/704.5j\">704.5k</a>"), "{body}");
    // A rule known only in English is shown in English under its French chapter title.
    let (_, _, body) = get("/regles/702.19b").await;
    assert!(body.contains("<li><a href=\"/regles/702\">702. Capacités mot-clé</a></li>"), "{body}");
    assert!(
        body.contains("<div class=\"text\" lang=\"en\"><p>The controller of an attacking creature with trample"),
        "{body}"
    );
    assert!(body.contains("Texte anglais, édition en 2026-01-16 (en vigueur)"), "{body}");
}

#[actix_web::test]
async fn search_across_languages() {
    // A keyword's French name: its definition first, then its rule in force,
    // in English under its French heading, marked « non traduit ».
    let (status, _, body) = get("/recherche?q=pi%C3%A9tinement").await;
    assert_eq!(status, StatusCode::OK);
    let definition = body.find("<section class=\"definition\"").expect("a definition");
    let first = body.find("<a class=\"result\" href=\"/regles/702.19a\">").expect("702.19a");
    assert!(definition < first, "the definition comes first");
    // A subrule is titled by its own words, its French heading below.
    assert!(body.contains("<span class=\"words\">— Trample is a static ability"), "{body}");
    assert!(body.contains("<p class=\"meta\"><span lang=\"fr\">Piétinement</span> · édition en 2026-01-16"), "{body}");
    assert!(body.contains("<span class=\"badge\" lang=\"fr\">non traduit</span>"));
    assert!(!body.contains("est aussi un terme du glossaire"), "{body}");
    // « initiative » is first strike in French, and the glossary's
    // *Initiative* in English: the box gives both, as `definit` does.
    let (_, _, body) = get("/recherche?q=initiative").await;
    let definition = &body[body.find("<section class=\"definition\"").expect("a definition")..];
    let definition = &definition[..definition.find("</section>").unwrap()];
    assert!(definition.contains(">First Strike</a></h2>"), "{definition}");
    assert!(
        definition.contains(
            "<a href=\"/glossaire/Initiative\" lang=\"en\">Initiative</a>\u{202f}» est aussi un terme du glossaire"
        ),
        "{definition}"
    );
    // A French text shows its rule in force beside it.
    let (_, _, body) = get("/recherche?q=le+sort+fizzle").await;
    assert!(
        body.contains("aussi\u{a0}: <a href=\"/regles/608.2b?edition=en-2026-01-16\">608.2b en vigueur (anglais)</a>"),
        "{body}"
    );
    // A quoted phrase no text has: its words are searched, and the page says so.
    let (_, _, body) = get("/recherche?q=%22la+source+inflige+z%C3%A9ro+blessure%22").await;
    assert!(body.contains("résultats pour ses mots"), "{body}");
}

#[actix_web::test]
async fn glossary_pages() {
    // Case and spaces as typed; the entry of the rules in force, its rules as links.
    let (status, _, body) = get("/glossaire/last%20known%20information").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h1 lang=\"en\">Last Known Information</h1>"), "{body}");
    assert!(body.contains("Glossaire des règles en vigueur, édition en 2026-01-16"));
    assert!(body.contains("<a class=\"ref\" href=\"/regles/608.2h\""), "{body}");
    assert!(body.contains("/glossaire/Last%20Known%20Information?edition=en-2011-02-04"), "older editions listed");
    let (status, _, body) = get("/glossaire/Last%20Known%20Information?edition=en-2011-02-04").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("édition en 2011-02-04"), "{body}");
    // Reached by its French name or its jargon, through the vocabulary.
    let (status, _, body) = get("/glossaire/pi%C3%A9tinement").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("<h1 lang=\"en\">Trample</h1>"), "{body}");
    let (status, _, body) = get("/glossaire/LKI").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Last Known Information"), "{body}");
    // A term the glossary lacks: a French 404 with the terms close to it.
    let (status, _, body) = get("/glossaire/tramp").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("Aucune entrée du glossaire pour «\u{202f}tramp\u{202f}»")
            && body.contains("Termes proches\u{a0}: <a class=\"ref\" href=\"/glossaire/Trample\""),
        "{body}"
    );
    // A word of jargon the glossary lacks: the rule the vocabulary sends it to.
    let (status, _, body) = get("/glossaire/fizzle").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("Règles proches\u{a0}: <a class=\"ref\" href=\"/regles/608.2b\""), "{body}");
}

/// `serve --sans-cartes`: the search reads no card, and the page shows none.
#[actix_web::test]
async fn a_search_without_cards_shows_no_card() {
    let mut state = AppState::new(arbitre::load(&[]).graph).unwrap();
    state.index.with_cards = false;
    let service = test::init_service(app(Data::new(state))).await;
    let req = TestRequest::get().uri("/recherche?q=lune+de+sang+urborg").to_request();
    let body = to_bytes(test::call_service(&service, req).await.into_body()).await.unwrap_or_default();
    let html = String::from_utf8(body.to_vec()).unwrap();
    assert!(html.contains("résultat"), "{html}");
    assert!(!html.contains("aria-label=\"Cartes nommées\""), "{html}");
    // With the cards, the same search shows both.
    let (_, _, html) = get("/recherche?q=lune+de+sang+urborg").await;
    assert!(html.contains("aria-label=\"Cartes nommées\"") && html.contains("Blood Moon"), "{html}");
}
