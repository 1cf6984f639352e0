//! The cards a judge names: the embedded card data, names recognised in a
//! question (English, French, a distinctive word, one typo, game words only
//! alone), and `arbitre carte`.

use std::process::Command;

use arbitre::cards::Cards;

fn named(question: &str) -> Vec<String> {
    let cards = Cards::embedded();
    cards.names.recognise(cards, question).into_iter().map(|i| cards.cards[i].name.to_string()).collect()
}

#[test]
fn every_card_is_read_with_its_french_names_and_rulings() {
    let cards = Cards::embedded();
    assert_eq!(cards.cards.len(), 35_033);
    let finks = cards.find("Kitchen Finks").expect("Kitchen Finks");
    assert_eq!(finks.french, ["Fourbes de cuisine"]);
    assert!(!finks.rulings.is_empty());
    assert!(cards.cards.iter().filter(|c| !c.french.is_empty()).count() > 14_000);
    // A split card: the data's « Fire » and « Feu (Feu/Glace) » are the French name « Feu // Glace ».
    let fire = cards.find("Fire // Ice").expect("Fire // Ice");
    assert_eq!(fire.french, ["Feu // Glace"]);
    assert!(cards.find("feu // glace").is_some_and(|c| c.name == "Fire // Ice"));
    // « Vie (Mort/Vie) »: the half before the bracket comes first.
    assert_eq!(cards.find("Life // Death").expect("Life // Death").french, ["Vie // Mort"]);
    let breaking = cards.find("Breaking // Entering").expect("Breaking // Entering");
    assert_eq!(breaking.french, ["Effraction", "Effraction // Pénétration"]);
    // Rulings come oldest first, as Gatherer lists them (the data has Clone's of 2013 before one of 2012).
    let clone = cards.find("Clone").expect("Clone");
    assert!(clone.rulings.len() > 5);
    // Given twice in the data, in the same words in another order: shown once.
    let somehow: Vec<_> = clone.rulings.iter().filter(|r| r.text.starts_with("If Clone somehow enters")).collect();
    assert_eq!(somehow.len(), 1, "{somehow:?}");
    for c in &cards.cards {
        assert!(c.rulings.windows(2).all(|w| w[0].date <= w[1].date), "{}: {:?}", c.name, c.rulings);
    }
}

#[test]
fn names_are_recognised_in_a_question() {
    // Two cards named, in the order of the question; English, then French.
    assert_eq!(
        named("blood moon contre urborg, ca tape pour quelle couleur"),
        ["Blood Moon", "Urborg, Tomb of Yawgmoth"]
    );
    assert_eq!(named("lune de sang et fourbes de cuisine"), ["Blood Moon", "Kitchen Finks"]);
    // A distinctive word, and one typo in a long word.
    assert_eq!(named("kitchen finks avec un -1/-1, persist revient ?"), ["Kitchen Finks"]);
    assert_eq!(named("finks avec un marqueur -1/-1"), ["Kitchen Finks"]);
    assert_eq!(named("kitchen fniks"), ["Kitchen Finks"]);
    // The longest name wins: « Kitchen Finks », not a card named « Kitchen ».
    assert!(!named("kitchen finks").iter().any(|n| n != "Kitchen Finks"));
    // A name that is also a game word names the card alone or with « carte ».
    assert!(named("vigilance et attaque").is_empty(), "{:?}", named("vigilance et attaque"));
    assert_eq!(named("vigilance"), ["Vigilance"]);
    assert_eq!(named("la carte vigilance"), ["Vigilance"]);
    assert!(named("le sort fizzle quand la cible est illégale").is_empty());
    // A possessive typed without its « 's »: Urza's Saga, not the card named Urza.
    assert_eq!(named("urza saga chapitre III"), ["Urza's Saga"]);
    assert_eq!(named("urza's saga sous blood moon"), ["Urza's Saga", "Blood Moon"]);
    assert_eq!(named("teferi protection sur mes tokens"), ["Teferi's Protection"]);
}

#[test]
fn a_word_of_french_names_no_card_and_a_nickname_names_the_card_judges_ask_about() {
    // « adverse » (Adverse Conditions), « tombent » (Renforts qui tombent à
    // pic), « poser » (the end of « Repurposer »), « qui » after « carte »:
    // words of French.
    assert!(named("flash pendant le tour adverse").is_empty(), "{:?}", named("flash pendant le tour adverse"));
    assert!(named("les 2 joueurs tombent a 0 pv en meme temps").is_empty());
    assert!(named("poser un terrain l'adversaire peut repondre ?").is_empty());
    assert!(named("defausser une carte qui choisit").is_empty());
    // A card named like a variant of the rules (810, Two-Headed Giant) is a word of the game.
    assert!(named("la balance des points de vie en two headed giant").is_empty());
    assert_eq!(named("la carte two-headed giant"), ["Two-Headed Giant"]);
    // The end of a long name's word: the card judges are asked about.
    assert_eq!(named("le goyf compte les types dans tous les cimetieres ?"), ["Tarmogoyf"]);
    assert_eq!(named("tarmo avec un eclair"), ["Tarmogoyf"]);
    // A typo in a whole name beats a word of another name typed right.
    assert_eq!(named("orcish bowmaster"), ["Orcish Bowmasters"]);
    assert_eq!(named("dark confident"), ["Dark Confidant"]);
    // A legendary card's shortened name (201.5c) names it when it names no
    // other (« urborg » above, also the name of a 1994 land: the card judges
    // are asked about); not a name many share (« jace »), nor a word of
    // French (« jet », of « Jet, Rebel Leader »).
    assert_eq!(named("urborg"), ["Urborg, Tomb of Yawgmoth"]);
    assert!(named("jace ou liliana du voile").iter().all(|n| !n.starts_with("Jace")), "{:?}", named("jace ou liliana"));
    assert!(named("jet de des pour savoir qui commence").is_empty());
    // Nor a shortened name made of words of the texts (« Mana Max, Afterburner »),
    // and one typed without its apostrophe names its card (« K'rrik »).
    assert!(named("combien de mana max peut on payer").is_empty());
    assert_eq!(named("krrik et un sort phyrexien"), ["K'rrik, Son of Yawgmoth"]);
    // « & » in a name is typed « and »: the whole name, not Minsc, Beloved Ranger.
    assert_eq!(named("minsc and boo et un hamster"), ["Minsc & Boo, Timeless Heroes"]);
    // A word of names too common to name a card is not the start of a
    // longer one (« thunder », « mirror »: Thunderherd Migration, Mirrorwing Dragon).
    assert!(named("thunder et mirror").is_empty(), "{:?}", named("thunder et mirror"));
    // A typo one letter from two words of names: the card judges are asked about.
    assert_eq!(named("bitterblosom"), ["Bitterblossom"]);
    // A distinctive word beside a word of other names or a word nothing
    // knows is part of a name the data lacks; alone or in a question, its card.
    assert!(named("grimveil tidecaller").is_empty(), "{:?}", named("grimveil tidecaller"));
    assert_eq!(named("le tidecaller detape mes terrains"), ["Halimar Tidecaller"]);
    // A short word of names (« seer ») is not the end of a longer one (Djinni Windseer).
    assert!(named("thornveil seer").is_empty(), "{:?}", named("thornveil seer"));
}

#[test]
fn a_french_name_of_one_word_names_its_card_beside_another_card() {
    // A French name of one word is a word of French: the card alone or with « carte » …
    assert_eq!(named("foudre"), ["Lightning Bolt"]);
    assert_eq!(named("la carte foudre"), ["Lightning Bolt"]);
    assert!(named("la foudre tombe sur le champ de bataille").is_empty());
    assert!(named("une contrainte de blocage compte comme une restriction ?").is_empty());
    // … and in a question that names another card.
    assert_eq!(named("foudre sur un tarmogoyf 2/3, il meurt ?"), ["Lightning Bolt", "Tarmogoyf"]);
    assert_eq!(named("pacifisme sur ma creature, mere des runes lui donne pro blanc"), ["Pacifism", "Mother of Runes"]);
    // Not a face's name of one word (« Donner » of Give // Take), a verb of the question.
    assert_eq!(named("protecteur sylvestre, je le sacrifie pour donner le linceul ?"), ["Sylvan Safekeeper"]);
}

#[test]
fn a_nickname_names_its_card() {
    // `rules/cartes/surnoms.tsv`: each nickname's card is a card of the data.
    let cards = Cards::embedded();
    let nicknames = arbitre::cards::names::nicknames();
    assert!(nicknames.len() >= 250, "{}", nicknames.len());
    // Nor is it another card's whole name (« Misstep », « Swat »: left out).
    let whole: std::collections::HashSet<String> = cards
        .cards
        .iter()
        .flat_map(|c| std::iter::once(c.name.as_str()).chain(c.name.split(" // ")))
        .map(|name| arbitre::cards::names::words(name).join(" "))
        .collect();
    for n in nicknames {
        assert!(cards.cards.iter().any(|c| c.name == n.card), "« {} » : pas de carte « {} »", n.nickname, n.card);
        let key = arbitre::cards::names::words(n.nickname).join(" ");
        assert!(!whole.contains(&key), "« {} » est le nom d'une carte", n.nickname);
    }
    // Inside a question, before a shortened name (« Bob, Reluctant HYDRA Agent »).
    assert_eq!(named("bob revele un sort a 4, je perds 4 ?"), ["Dark Confidant"]);
    assert_eq!(named("eclair sur jace tms qui a 3 loyaute"), ["Jace, the Mind Sculptor"]);
    assert_eq!(named("led pendant que je paie un sort"), ["Lion's Eye Diamond"]);
    assert_eq!(named("t3feri en jeu, je peux lancer un sort en reponse ?"), ["Teferi, Time Raveler"]);
    assert_eq!(cards.find("bbe").map(|c| c.name.as_str()), Some("Bloodbraid Elf"));
    // A nickname that is also a word of French or of the jargon names its
    // card alone, or with « carte »; not in a question (« sa force »).
    assert_eq!(named("force"), ["Force of Will"]);
    assert!(named("sa force est prise avant qu'il meure ?").is_empty(), "{:?}", named("sa force est prise"));
    assert!(named("je garde la carte du top de ma bibliotheque").iter().all(|n| n != "Sensei's Divining Top"));
    assert_eq!(named("stp"), ["Swords to Plowshares"]);
    assert!(named("tu peux m'expliquer stp").is_empty(), "{:?}", named("tu peux m'expliquer stp"));
}

#[test]
fn a_text_of_2018_is_flagged_when_the_card_changed_since() {
    let cards = Cards::embedded();
    let outpost = cards.find("Abandoned Outpost").unwrap();
    let printed = outpost.printed.first().unwrap();
    // « Add {W} to your mana pool » (2001) is now « Add {W}. »
    assert!(outpost.changed_since(printed), "{}", outpost.text);
    assert_eq!(outpost.stale(), Some(true));
    // « When Kitchen Finks enters the battlefield » is now « When this
    // creature enters »: the same text.
    let finks = cards.find("Kitchen Finks").unwrap();
    assert_eq!(finks.stale(), Some(false), "{}", finks.text);
    // Rulings and no French printed text: nothing to compare.
    assert_eq!(cards.find("Blood Moon").unwrap().stale(), None);
    // One ruling the data gives twice, with « his or her » and with « their »: once, in today's words.
    let persist = |r: &&arbitre::cards::Ruling| r.text.starts_with("If multiple creatures with persist");
    let same: Vec<_> = finks.rulings.iter().filter(persist).collect();
    assert_eq!(same.len(), 1, "{same:?}");
    assert!(same[0].text.contains("all of their persist triggers"), "{}", same[0].text);
}

#[test]
fn the_french_text_shown_is_the_latest_in_french() {
    let cards = Cards::embedded();
    // Printed in M10, CMD, M13 and C13, listed in no set order.
    let slime = cards.find("Acidic Slime").unwrap().latest_printed().unwrap();
    assert_eq!(slime.set, "C13");
    // The data's only French record of Kaboom! holds the English text.
    assert!(cards.find("Kaboom!").unwrap().latest_printed().is_none());
    let finks = cards.find("Kitchen Finks").unwrap().latest_printed().unwrap();
    assert_eq!(finks.type_line_shown(), "Créature : orphe");
}

#[test]
fn carte_finds_a_name_typed_whole_or_says_the_nearest() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    // A word left over is a name not found, not the card of another of its words.
    for (typed, near) in [
        ("sword of fire and icf", "Sword of Fire and Ice"),
        ("pathto exile", "Path to Exile"),
        ("liliana of the vail", "Liliana of the Veil"),
        ("jace", "Jace, the Mind Sculptor"),
    ] {
        let o = run(&["carte", typed]);
        assert_eq!(o.status.code(), Some(1), "{typed}");
        let err = crate::common::plain(&o.stderr);
        assert!(err.contains("aucune carte"), "{typed}: {err}");
        assert!(err.contains("Cartes proches : ") && err.contains(&format!("« {near} »")), "{typed}: {err}");
    }
    // With --json, the error is JSON, as the API gives it.
    let o = run(&["carte", "pathto exile", "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert!(v["erreur"].as_str().unwrap().starts_with("aucune carte"), "{v}");
    assert!(v["proches"].as_array().unwrap().iter().any(|n| n == "Path to Exile"), "{v}");
    // The error with French typography, as every message the terminal shows.
    let o = run(&["carte", "zzqxw"]);
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("erreur\u{a0}: aucune carte «\u{a0}zzqxw\u{a0}»"));
    // Nothing of a terminal's control codes is echoed.
    let o = run(&["carte", "\u{1b}]0;zzqx\u{7}\u{202e}"]);
    let err = crate::common::plain(&o.stderr);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}') && !err.contains('\u{202e}'), "{err:?}");
    // Two cards of one French name: the other is named.
    let o = run(&["carte", "lame de fond"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("Un de ses noms désigne aussi\u{a0}: Breaking Wave (Lame de fond)\n"), "{text}");
    // A half the data lacks is said; a face it has is named.
    let o = run(&["carte", "fire // ice"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("texte manquant\u{a0}: Ice."), "{text}");
    let o = run(&["carte", "delver of secrets", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["faces"], serde_json::json!(["Insectile Aberration"]));
    assert_eq!(v["missing_faces"], serde_json::json!([]));
}

/// A double-faced card's back face, a card of its own in the data, is
/// shown with its text under the front's, on the page and by `carte`.
#[actix_web::test]
async fn the_back_face_is_shown_under_the_front() {
    let (status, body) = get("/cartes/delver-of-secrets-insectile-aberration").await;
    assert_eq!(status, 200);
    for part in [
        r#"<h3 lang="en">Delver of Secrets</h3>"#,
        r#"<h3 lang="en"><a href="/cartes/insectile-aberration">Insectile Aberration</a></h3>"#,
        r#"<p class="meta"><span lang="en">Creature — Human Insect</span> · 3/2</p>"#,
        r#"<a class="ref" href="/regles/702.9" data-preview="/api/regles/702.9">Flying</a>"#,
    ] {
        assert!(body.contains(part), "« {part} » in {body}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre")).args(["carte", "delver"]).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("\nDelver of Secrets\nAt the beginning of your upkeep"), "{text}");
    assert!(text.contains("\nInsectile Aberration — Creature — Human Insect · 3/2\nFlying\n"), "{text}");
}

/// A melded face is the back of two cards: its page leads to both, and
/// each front's page to it.
#[actix_web::test]
async fn a_melded_face_leads_to_both_cards_that_meld() {
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["carte", "Brisela, Voice of Nightmares", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["faces"],
        serde_json::json!([
            "Bruna, the Fading Light // Brisela, Voice of Nightmares",
            "Gisela, the Broken Blade // Brisela, Voice of Nightmares"
        ])
    );
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre")).args(["carte", "brisela"]).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("Autres faces\u{a0}: Bruna, the Fading Light // Brisela"), "{text}");
    let (status, body) = get("/cartes/brisela-voice-of-nightmares").await;
    assert_eq!(status, 200);
    assert!(body.contains("Autres faces"), "{body}");
    for front in ["bruna-the-fading-light", "gisela-the-broken-blade"] {
        assert!(body.contains(&format!(r#"<a href="/cartes/{front}"#)), "{front} in {body}");
    }
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["carte", "gisela the broken blade", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["faces"], serde_json::json!(["Brisela, Voice of Nightmares"]));
}

#[test]
fn carte_shows_a_card_in_french_and_json() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    let o = run(&["carte", "finks"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("Kitchen Finks — Fourbes de cuisine\n"), "{text}");
    assert!(text.contains("Décisions (en anglais, jusqu’en 2018)"), "{text}");
    assert!(text.contains("Fan Content Policy"), "{text}");
    let o = run(&["carte", "lune de sang", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["card"]["name"], "Blood Moon");
    for key in ["french", "mana_cost", "type_line", "text", "keywords", "rulings", "printed"] {
        assert!(v["card"].get(key).is_some(), "{key}");
    }
    assert!(v["notice"].as_str().unwrap().contains("Wizards of the Coast"));
    let o = run(&["carte", "bob"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.starts_with("Dark Confidant — Obscur confident\nSurnoms\u{a0}: «\u{a0}bob\u{a0}»\n"), "{text}");
    let o = run(&["carte", "jace tms", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["card"]["name"], "Jace, the Mind Sculptor");
    assert_eq!(v["nicknames"], serde_json::json!(["jace tms", "jtms", "tms"]));
    let o = run(&["carte", "zzqxw"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(crate::common::plain(&o.stderr).contains("aucune carte"));
}

#[test]
fn carte_says_the_rules_a_card_touches_and_its_scenarios() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_arbitre")).args(args).output().unwrap();
    // « You have hexproof » is read in the text: the card has no keyword;
    // hexproof on a player is 702.11c, what it does from the opening hand 103.6.
    let o = run(&["carte", "ligne ley de vertu"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains(
            "\nRègles liées\u{a0}:\n  702.11c (you have hexproof)\n  103.6 (in your opening hand)\n  702.11 — Hexproof (Hexproof)\n"
        ),
        "{text}"
    );
    assert!(!text.contains("Scénarios"), "{text}");
    // The shipped scenarios that play the card, with the command that plays them.
    let o = run(&["carte", "salve d'aura"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("— arbitre explique rules/scenarios/salve-d-aura-protection-contre-le-blanc.toml\n"),
        "{text}"
    );
    assert!(text.contains("  701.8 — Destroy (destroy)\n"), "{text}");
    // A pattern's stand-ins read as « … » and « N », not as brackets.
    let o = run(&["carte", "propaganda"]);
    let text = crate::common::plain(&o.stdout);
    assert!(text.contains("  508.1d (can't attack … unless … pays)\n"), "{text}");
    assert!(!text.contains("[something]"), "{text}");
    // The command printed works from any folder: the scenario is in the binary.
    let o = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(["explique", "rules/scenarios/salve-d-aura-protection-contre-le-blanc.toml"])
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", crate::common::plain(&o.stderr));
    // The same in JSON.
    let o = run(&["carte", "lune de sang", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["related"][0], serde_json::json!({ "rule": "305.7", "why": "nonbasic lands are" }));
    // No French printed text: no English text of 2018 to compare.
    assert_eq!(v["stale"], serde_json::Value::Null);
    assert_eq!(v["url"], "/cartes/blood-moon");
    assert_eq!(v["scenarios"], serde_json::json!([]));
    let o = run(&["carte", "aura blast", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let urls: Vec<&str> = v["scenarios"].as_array().unwrap().iter().map(|s| s["url"].as_str().unwrap()).collect();
    assert!(urls.contains(&"/exemples/salve-d-aura-cible-legale"), "{urls:?}");
    // « Add {W} to your mana pool » (2001) is now « Add {W}. »: its texts of 2018 are flagged.
    let o = run(&["carte", "Abandoned Outpost", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["stale"], true);
}

// --- The card and rule pages: the Oracle text's words of the game linked to
// their rules, and a keyword's rule page listing the cards with it.

/// The app in process, built once for this module's tests.
fn state() -> actix_web::web::Data<arbitre::web::AppState> {
    static S: std::sync::OnceLock<actix_web::web::Data<arbitre::web::AppState>> = std::sync::OnceLock::new();
    S.get_or_init(|| {
        let loaded = arbitre::load(&[]);
        actix_web::web::Data::new(arbitre::web::AppState::new(loaded.graph).unwrap())
    })
    .clone()
}

/// `GET uri`: status and body.
async fn get(uri: &str) -> (actix_web::http::StatusCode, String) {
    use actix_web::test;
    let service = test::init_service(arbitre::web::app(state())).await;
    let response = test::call_service(&service, test::TestRequest::get().uri(uri).to_request()).await;
    let status = response.status();
    let body = actix_web::body::to_bytes(response.into_body()).await.unwrap_or_default();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

/// The Oracle text of a card page, as HTML.
fn oracle_html(body: &str) -> &str {
    let start = body.find("<div class=\"text\" lang=\"en\">").expect("the Oracle text");
    let end = start + body[start..].find("</div>").unwrap();
    &body[start..end]
}

/// What a reader sees of some HTML: its text, a line per paragraph, entities read.
fn shown_text(html: &str) -> String {
    let lines = html.replace("</p><p>", "\n");
    let text = regex::Regex::new("<[^>]*>").unwrap().replace_all(&lines, "").into_owned();
    let entity = regex::Regex::new("&(#[0-9]+|lt|gt|quot|amp);").unwrap();
    entity
        .replace_all(&text, |c: &regex::Captures| match &c[1] {
            "lt" => "<".to_string(),
            "gt" => ">".to_string(),
            "quot" => "\"".to_string(),
            "amp" => "&".to_string(),
            n => n[1..].parse::<u32>().ok().and_then(char::from_u32).map(String::from).unwrap_or_default(),
        })
        .into_owned()
}

/// A card's Oracle text as its page must show it: as printed, with the
/// French typography every page gets (an apostrophe between two letters curled).
fn printed(card: &arbitre::cards::Card) -> String {
    card.text.lines().map(|l| arbitre::text::french_typography(l).into_owned()).collect::<Vec<_>>().join("\n")
}

/// A link to a rule as every page writes one, with its preview.
fn rule_link(id: &str, text: &str) -> String {
    format!("<a class=\"ref\" href=\"/regles/{id}\" data-preview=\"/api/regles/{id}\">{text}</a>")
}

/// A card page's Oracle text, checked to be the card's text, character for character.
async fn oracle_of(name: &str) -> String {
    let card = Cards::embedded().find(name).unwrap_or_else(|| panic!("{name}"));
    let (status, body) = get(&format!("/cartes/{}", arbitre::text::slug(&card.name))).await;
    assert_eq!(status, 200, "{name}");
    let oracle = oracle_html(&body).to_string();
    assert_eq!(shown_text(&oracle), printed(card), "{name}: {oracle}");
    oracle
}

#[actix_web::test]
async fn the_oracle_text_links_keywords_and_types_to_their_rules() {
    // A keyword, with the preview every rule link has; the first « creature »
    // to 302; nothing in reminder text; otherwise the text as printed.
    let finks = oracle_of("Kitchen Finks").await;
    assert!(finks.contains(&format!("<p>{} (When this creature dies,", rule_link("702.79", "Persist"))), "{finks}");
    assert!(finks.contains(&format!("When this {} enters", rule_link("302", "creature"))), "{finks}");
    assert_eq!(finks.matches("<a ").count(), 2, "{finks}");
    let dreadmaw = oracle_of("Colossal Dreadmaw").await;
    assert!(
        dreadmaw.starts_with(&format!("<div class=\"text\" lang=\"en\"><p>{} (This", rule_link("702.19", "Trample")))
    );
    assert_eq!(dreadmaw.matches("<a ").count(), 1, "its reminder text unlinked: {dreadmaw}");
    // An Aura: « Enchant creature » is the enchant ability (the keyword and
    // what it enchants); the trample it grants and the word Aura lead to
    // their rules; « Enchanted » is no keyword.
    let rancor = oracle_of("Rancor").await;
    for expected in [
        format!("<p>{}</p>", rule_link("702.5", "Enchant creature")),
        format!("<p>Enchanted {} gets", rule_link("302", "creature")),
        format!("has {}.", rule_link("702.19", "trample")),
        format!("When this {} is put", rule_link("303.4", "Aura")),
    ] {
        assert!(rancor.contains(&expected), "{expected}\n{rancor}");
    }
    // A keyword action in its forms, subtypes, a type token, several words.
    let glimpse = oracle_of("Glimpse the Unthinkable").await;
    assert!(glimpse.contains(&format!("Target player {} ten cards.", rule_link("701.17", "mills"))), "{glimpse}");
    let urborg = oracle_of("Urborg, Tomb of Yawgmoth").await;
    assert!(urborg.contains(&format!("is a {}", rule_link("305.6", "Swamp"))), "{urborg}");
    assert!(urborg.contains(&format!("other {}.", rule_link("205.3i", "land types"))), "{urborg}");
    let elder = oracle_of("Sakura-Tribe Elder").await;
    assert!(elder.contains(&rule_link("205.4c", "basic land")), "{elder}");
    // A card's own name is no word of the game (« Battle » of Battle Squadron).
    let squadron = oracle_of("Battle Squadron").await;
    assert!(squadron.contains("<p>Battle Squadron’s power") && !squadron.contains("/regles/310"), "{squadron}");
    // A keyword the vocabulary knows by another form, both ways: linked in
    // the text, and its card counted on the rule's page.
    let bog = oracle_of("Bog Wraith").await;
    assert!(bog.contains(&rule_link("702.14", "Swampwalk")), "{bog}");
    let shaman = oracle_of("Ire Shaman").await;
    assert!(shaman.contains(&rule_link("702.37", "Megamorph")), "{shaman}");
    let (_, morph) = get("/regles/702.37").await;
    let morphs = counted(|k| k == "Morph" || k == "Megamorph");
    assert!(morph.contains(&format!("<p>{morphs} cartes ont la capacité mot-clé")), "{morphs}: {morph}");
}

/// How many cards have a keyword, each once: a double-faced card's faces,
/// which the data also gives alone, are that card.
fn counted(keyword: impl Fn(&str) -> bool) -> usize {
    let cards = &Cards::embedded().cards;
    let faces: std::collections::HashSet<&str> =
        cards.iter().filter(|c| c.name.contains(" // ")).flat_map(|c| c.name.split(" // ")).collect();
    cards.iter().filter(|c| c.keywords.iter().any(|k| keyword(k)) && !faces.contains(c.name.as_str())).count()
}

#[actix_web::test]
async fn every_oracle_text_is_shown_as_printed() {
    // One card in 40 (876 pages), each page showing its own card: the runs
    // put together are the text, links or not.
    let cards = Cards::embedded();
    let mut links = 0;
    let mut checked = 0;
    for card in cards.cards.iter().step_by(40) {
        let slug = arbitre::text::slug(&card.name);
        if slug.is_empty() || !cards.find(&slug.replace('-', " ")).is_some_and(|c| std::ptr::eq(c, card)) {
            continue;
        }
        let (status, body) = get(&format!("/cartes/{slug}")).await;
        assert_eq!(status, 200, "{}", card.name);
        let oracle = oracle_html(&body);
        assert_eq!(shown_text(oracle), printed(card), "{}: {oracle}", card.name);
        links += oracle.matches("<a class=\"ref\" href=\"/regles/").count();
        checked += 1;
    }
    assert!(checked > 800, "{checked}");
    assert!(links > checked, "{links} links for {checked} cards");
}

#[actix_web::test]
async fn a_keyword_rule_page_lists_cards_with_the_keyword() {
    let cards = Cards::embedded();
    let (status, body) = get("/regles/702.19").await;
    assert_eq!(status, 200);
    let at = body.find("<h2 id=\"cartes-mot-cle\">Cartes avec ce mot-clé</h2>").expect("the section");
    let section = &body[at..at + body[at..].find("</section>").unwrap()];
    // The count, each card once, thousands apart as French prints them.
    let trample = counted(|k| k == "Trample");
    assert!(trample > 1000, "{trample}");
    let count = format!("{}\u{202f}{:03}", trample / 1000, trample % 1000);
    assert!(
        section.contains(&format!(
            "<p>{count} cartes ont la capacité mot-clé «\u{202f}piétinement\u{202f}»\u{202f}; voici les 6 qui ont le plus de décisions\u{a0}:</p>"
        )),
        "{section}"
    );
    // Six cards, each linked to its own page, the most ruled first.
    let links: Vec<(String, String)> = regex::Regex::new("<li><a href=\"(/cartes/[^\"]+)\" lang=\"en\">([^<]+)</a>")
        .unwrap()
        .captures_iter(section)
        .map(|c| (c[1].to_string(), c[2].replace("’", "'")))
        .collect();
    assert_eq!(links.len(), 6, "{section}");
    let mut rulings = Vec::new();
    for (url, name) in &links {
        let card = cards.cards.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("{name}"));
        assert!(card.keywords.iter().any(|k| k == "Trample"), "{name}");
        let (status, page) = get(url).await;
        assert_eq!(status, 200, "{url}");
        assert!(page.contains(&format!("<h1 lang=\"en\">{}</h1>", name.replace('\'', "’"))), "{url}");
        rulings.push(card.rulings.len());
    }
    assert!(rulings.windows(2).all(|w| w[0] >= w[1]) && rulings[0] > 0, "{rulings:?}");
    assert!(section.contains("<span class=\"note\">("), "French names beside: {section}");

    // A keyword action, by its French name.
    let (_, body) = get("/regles/701.17").await;
    assert!(body.contains(" cartes utilisent l’action mot-clé «\u{202f}meuler\u{202f}»"), "{body}");
    // Both halves of « daybound and nightbound », read as the card pages read them.
    let (_, body) = get("/regles/702.145").await;
    assert!(body.contains("Cartes avec ce mot-clé") && body.contains("cartes ont cette capacité mot-clé"), "{body}");
    let (_, card) = get("/cartes/brutal-cathar-moonrage-brute").await;
    assert!(card.contains(&rule_link("702.145", "Daybound")), "{card}");
    // No card with ward has a ruling of 2018: paper cards before the
    // rebalanced cards of digital play (« A-… »).
    let (_, body) = get("/regles/702.21").await;
    assert!(body.contains("Cartes avec ce mot-clé") && !body.contains("href=\"/cartes/a-"), "{body}");
}

#[actix_web::test]
async fn other_rule_pages_list_no_cards() {
    // A subrule of a keyword, another rule, a chapter, a keyword no card has.
    for uri in ["/regles/702.19a", "/regles/608.2b", "/regles/702", "/regles/510.1c", "/regles/701.26"] {
        let (status, body) = get(uri).await;
        assert_eq!(status, 200, "{uri}");
        assert!(!body.contains("Cartes avec ce mot-clé") && !body.contains("href=\"/cartes/"), "{uri}");
    }
}

#[actix_web::test]
async fn a_hostile_card_address_is_a_french_404() {
    let long = "zq-".repeat(2000);
    for slug in [
        long.as_str(),
        "%3Cscript%3Ezzqx%3C%2Fscript%3E",
        "zzqx%22%3E%3Cimg%20src%3Dzzqx%3E",
        "zzqx%00%01%07%1B%7F%0A%0D",
        "%E2%80%AE%F0%9F%92%A5zzqx",
        "%FF%FE",
    ] {
        for base in ["/cartes/", "/api/cartes/"] {
            let (status, body) = get(&format!("{base}{slug}")).await;
            assert_eq!(status, 404, "{base}{slug}");
            // Markup typed is shown as text, never as markup; the API answers JSON.
            if base == "/api/cartes/" {
                let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                assert!(v["erreur"].as_str().unwrap().starts_with("aucune carte"), "{body}");
            } else {
                assert!(!body.contains("<script>zzqx") && !body.contains("<img src"), "{base}{slug}: {body}");
            }
            // Nor a control character, nor one that turns the text around.
            let hidden = |c: char| {
                (c.is_control() && c != '\n') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
            };
            assert!(!body.chars().any(hidden), "{base}{slug}: {body:?}");
            if base == "/cartes/" {
                assert!(body.contains("<html lang=\"fr\">") && body.contains("Aucune carte"), "{slug}: {body}");
            }
        }
    }
}

/// The search page shows, with a card named, its ruling closest to the
/// question, dated, with the warning when the card changed since.
#[actix_web::test]
async fn the_search_page_shows_the_ruling_closest_to_the_question() {
    let (status, body) =
        get("/recherche?q=electrolize%201%20degat%20sur%20deux%20creatures%2C%20une%20est%20sac%20en%20reponse%2C%20je%20pioche%20quand%20meme%20%3F").await;
    assert_eq!(status, 200);
    let decision = body.find(r#"<p class="decision">Décision du 2017-11-17"#).expect("the ruling");
    let rest = &body[decision..];
    assert!(rest.contains("the remaining target is dealt 1 damage"), "{rest}");
    assert!(
        rest.contains(r#"<p class="notice" role="note">Le texte anglais de la carte a changé depuis 2018"#),
        "{rest}"
    );
    // The API gives it with the card.
    let (status, body) =
        get("/api/recherche?q=electrolize%20une%20cible%20illegale%2C%20je%20pioche%20quand%20meme%20%3F").await;
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let card = v.as_array().and_then(|a| a.iter().find(|i| i["kind"] == "card")).expect("the card").clone();
    assert_eq!(card["ruling"]["date"], "2017-11-17", "{card}");
    assert_eq!(card["ruling"]["stale"], true, "{card}");
}
