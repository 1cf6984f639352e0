//! `arbitre cartes importe` and `arbitre cartes check`: small downloads of
//! both formats written here (MTGJSON v5 AtomicCards, Scryfall oracle-cards),
//! the files they give read back with `Cards::parse`, every skip counted,
//! broken folders and hostile input answered in French, never a panic.

use std::io::Write;
use std::path::{Path, PathBuf};

use arbitre::cards::Cards;
use arbitre::cards::import::{FRENCH_FILE, ORACLE_FILE, read_folder};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Runs the command line in this process: exit code, standard output and
/// error, no-break spaces and curly apostrophes made plain.
fn run(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = arbitre::cli::run(std::iter::once("arbitre").chain(args.iter().copied()), &mut out, &mut err);
    let plain = |b: Vec<u8>| String::from_utf8(b).unwrap().replace(['\u{a0}', '\u{202f}'], " ").replace('’', "'");
    (code, plain(out), plain(err))
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

fn gunzip_json(file: &Path) -> Value {
    let mut text = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(std::fs::File::open(file).unwrap()), &mut text)
        .unwrap();
    serde_json::from_slice(&text).unwrap()
}

/// The French file a folder had before: 2018's names and printed texts.
fn old_french() -> Value {
    let printed = |set: &str, text: &str, then: &str| json!([{ "set": set, "date": "2008-05-02", "type": "Créature", "text": text, "oracle_then": then }]);
    json!([
        { "name": "Delver of Secrets", "fr": ["Sondeur de secrets"], "rulings": [],
          "fr_printed": printed("ISD", "Au début de votre entretien…", "At the beginning of your upkeep…") },
        { "name": "Ice", "fr": ["Glace"], "rulings": [], "fr_printed": printed("APC", "Engagez…", "Tap target permanent.") },
        { "name": "Kitchen Finks", "fr": ["Fourbes de cuisine"], "rulings": [{ "date": "2008-05-01", "text": "Old." }],
          "fr_printed": printed("SHM", "Quand les Fourbes de cuisine arrivent en jeu…", "When Kitchen Finks comes into play, you gain 2 life.") },
        { "name": "Obsolete Card", "fr": ["Carte disparue"], "rulings": [], "fr_printed": printed("XXX", "…", "…") },
    ])
}

/// A small AtomicCards.json: a creature with a keyword, a transform card, a
/// split card, two meld cards sharing their melded face, a card of a humour
/// set, and what is to be skipped.
fn atomic_cards() -> Value {
    let face = |name: &str, face: &str, side: &str, layout: &str, ty: &str, fr: Value| {
        json!({ "name": name, "faceName": face, "side": side, "layout": layout, "type": ty, "types": ["Creature"],
                "subtypes": [], "supertypes": [], "colorIdentity": ["W"], "text": format!("{face} text."),
                "power": "2", "toughness": "2", "foreignData": fr })
    };
    let french = |name: &str, face: &str| json!([{ "language": "French", "name": name, "faceName": face }]);
    let bruna = "Bruna, the Fading Light // Brisela, Voice of Nightmares";
    let gisela = "Gisela, the Broken Blade // Brisela, Voice of Nightmares";
    json!({
        "meta": { "date": "2026-01-20", "version": "5.2.2+20260120" },
        "data": {
            "Kitchen Finks": [{
                "name": "Kitchen Finks", "manaCost": "{1}{G/W}{G/W}", "type": "Creature — Ouphe", "types": ["Creature"],
                "subtypes": ["Ouphe"], "supertypes": [], "keywords": ["Persist"], "power": "3", "toughness": "2",
                "layout": "normal", "colorIdentity": ["G", "W"], "manaValue": 3, "legalities": { "modern": "Legal" },
                "text": "When this creature enters, you gain 2 life.\nPersist",
                "foreignData": [{ "language": "German", "name": "Küchenfinken" }, { "language": "French", "name": "Fourbes de cuisine" }],
                "rulings": [{ "date": "2013-06-07", "text": "If a creature with persist stops being a creature, persist will still work." }]
            }],
            "Delver of Secrets // Insectile Aberration": [
                { "name": "Delver of Secrets // Insectile Aberration", "faceName": "Delver of Secrets", "side": "a",
                  "layout": "transform", "manaCost": "{U}", "type": "Creature — Human Wizard", "types": ["Creature"],
                  "subtypes": ["Human", "Wizard"], "supertypes": [], "colorIdentity": ["U"], "power": "1", "toughness": "1",
                  "text": "At the beginning of your upkeep, look at the top card of your library.",
                  "foreignData": french("Sondeur de secrets // Aberration insectoïde", "Sondeur de secrets"),
                  "rulings": [{ "date": "2011-09-22", "text": "Delver transforms." }] },
                { "name": "Delver of Secrets // Insectile Aberration", "faceName": "Insectile Aberration", "side": "b",
                  "layout": "transform", "type": "Creature — Human Insect", "types": ["Creature"], "keywords": ["Flying"],
                  "subtypes": ["Human", "Insect"], "supertypes": [], "colorIdentity": ["U"], "power": "3", "toughness": "2",
                  "text": "Flying", "foreignData": french("Sondeur de secrets // Aberration insectoïde", "Aberration insectoïde") }
            ],
            "Fire // Ice": [
                { "name": "Fire // Ice", "faceName": "Fire", "side": "a", "layout": "split", "manaCost": "{1}{R}",
                  "type": "Instant", "types": ["Instant"], "subtypes": [], "supertypes": [], "colorIdentity": ["R", "U"],
                  "text": "Fire deals 2 damage divided as you choose among one or two targets.",
                  "foreignData": french("Feu // Glace", "Feu") },
                { "name": "Fire // Ice", "faceName": "Ice", "side": "b", "layout": "split", "manaCost": "{1}{U}",
                  "type": "Instant", "types": ["Instant"], "subtypes": [], "supertypes": [], "colorIdentity": ["R", "U"],
                  "text": "Tap target permanent.\nDraw a card.", "foreignData": french("Feu // Glace", "Glace") }
            ],
            bruna: [face(bruna, "Bruna, the Fading Light", "a", "meld", "Legendary Creature — Angel Horror", json!([])),
                    face(bruna, "Brisela, Voice of Nightmares", "b", "meld", "Legendary Creature — Eldrazi Angel", french("Brisela", "Brisela, voix des cauchemars"))],
            gisela: [face(gisela, "Gisela, the Broken Blade", "a", "meld", "Legendary Creature — Angel Horror", json!([])),
                     face(gisela, "Brisela, Voice of Nightmares", "b", "meld", "Legendary Creature — Eldrazi Angel", json!([]))],
            "Blacker Lotus": [{ "name": "Blacker Lotus", "layout": "normal", "type": "Artifact", "types": ["Artifact"],
                                "manaCost": "{0}", "isFunny": true, "text": "Tear Blacker Lotus into pieces." }],
            "Goblin Token Card": [{ "name": "Goblin Token Card", "layout": "token", "type": "Token Creature — Goblin" }],
            "": [{ "layout": "normal", "type": "Instant", "text": "No name." }],
            "Bad\u{7}Name\nTwo": [{ "name": "Bad\u{7}Name\nTwo", "layout": "normal", "type": "Instant" }],
            "x".repeat(100_000): [{ "layout": "normal", "type": "Instant" }],
            "Broken Entry": 5
        }
    })
}

/// A small Scryfall oracle-cards file: the same kinds of cards, the Scryfall way.
fn scryfall_cards() -> Value {
    json!([
        { "object": "card", "id": "1", "oracle_id": "a", "name": "Kitchen Finks", "layout": "normal",
          "mana_cost": "{1}{G/W}{G/W}", "type_line": "Creature — Ouphe", "keywords": ["Persist"], "power": "3",
          "toughness": "2", "color_identity": ["G", "W"], "set_type": "expansion",
          "oracle_text": "When this creature enters, you gain 2 life.\nPersist" },
        { "object": "card", "name": "Delver of Secrets // Insectile Aberration", "layout": "transform",
          "keywords": ["Flying", "Transform"], "color_identity": ["U"], "card_faces": [
            { "object": "card_face", "name": "Delver of Secrets", "mana_cost": "{U}", "type_line": "Creature — Human Wizard",
              "oracle_text": "At the beginning of your upkeep, look at the top card of your library.", "power": "1", "toughness": "1" },
            { "object": "card_face", "name": "Insectile Aberration", "mana_cost": "", "type_line": "Creature — Human Insect",
              "oracle_text": "Flying", "power": "3", "toughness": "2" } ] },
        { "object": "card", "name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}",
          "type_line": "Instant // Instant", "keywords": [], "color_identity": ["R", "U"], "card_faces": [
            { "object": "card_face", "name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant",
              "oracle_text": "Fire deals 2 damage divided as you choose among one or two targets." },
            { "object": "card_face", "name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant",
              "oracle_text": "Tap target permanent.\nDraw a card." } ] },
        { "object": "card", "name": "Jace, the Mind Sculptor", "layout": "normal", "mana_cost": "{2}{U}{U}",
          "type_line": "Legendary Planeswalker — Jace", "loyalty": "3", "keywords": [], "color_identity": ["U"],
          "oracle_text": "+2: Look at the top card of target player's library." },
        { "object": "card", "name": "Goblin", "layout": "token", "type_line": "Token Creature — Goblin" },
        { "object": "card", "name": "Delver of Secrets // Delver of Secrets", "layout": "art_series", "type_line": "Card // Card" },
        { "object": "card", "name": "Monarch", "layout": "emblem", "type_line": "Card" },
        { "object": "card", "layout": "normal", "type_line": "Instant" },
        { "object": "card", "name": "Tab\tName", "layout": "normal", "type_line": "Instant" },
        { "object": "ruling", "oracle_id": "a", "comment": "Not a card." },
        42
    ])
}

/// A fresh folder, with the previous French file when asked.
fn folder(with_old_french: bool) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    if with_old_french {
        std::fs::write(dir.path().join(FRENCH_FILE), gzip(old_french().to_string().as_bytes())).unwrap();
    }
    dir
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, bytes).unwrap();
    file
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

#[test]
fn mtgjson_gives_cards_faces_french_names_and_rulings() {
    let dir = folder(true);
    let download = write(dir.path(), "AtomicCards.json", atomic_cards().to_string().as_bytes());
    let (code, out, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("Format reconnu : MTGJSON v5, AtomicCards.json"), "{err}");
    assert!(out.contains("(version 5.2.2+20260120 du 2026-01-20)"), "{out}");
    assert!(out.contains("Lu : 11 fiches de"), "{out}");
    // Finks, Delver, Fire // Ice, Bruna, Gisela, Brisela, Blacker Lotus; Insectile Aberration.
    assert!(out.contains("Cartes écrites : 7 cartes, 1 face arrière\n"), "{out}");
    assert!(out.contains("  dont 1 moitié gardée avec sa carte (cartes scindées"), "{out}");
    assert!(out.contains("dont 1 carte de sets d'humour"), "{out}");
    for skipped in [
        "Fiches ignorées : 6\n",
        "  sans nom : 1 (ex. « fiche n° ",
        "  nom de plus de 300 caractères : 1",
        "  nom avec des caractères de contrôle ou invisibles : 1 (ex. « Bad\\u{7}Name\\nTwo »)\n",
        "  jeton (layout token) : 1 (ex. « Goblin Token Card »)\n",
        "  fiche mal formée (attendu : un tableau de faces) : 1 (ex. « Broken Entry »)\n",
        "  nom déjà écrit par une fiche précédente : 1 (ex. « Brisela, Voice of Nightmares »)\n",
    ] {
        assert!(out.contains(skipped), "« {skipped} » in\n{out}");
    }
    assert!(out.contains("  textes français imprimés repris de l'ancien fichier : 2 cartes\n"), "{out}");
    assert!(
        out.contains("  textes français imprimés non repris (nom absent des nouvelles cartes) : 2 (ex. « Ice », « Obsolete Card »)\n"),
        "{out}"
    );
    assert!(out.contains("  décisions : 2 décisions pour 2 cartes\n"), "{out}");
    assert_eq!(names_in(dir.path()), ["AtomicCards.json", FRENCH_FILE, ORACLE_FILE], "no temporary file left");

    let cards = read_folder(dir.path()).unwrap();
    let finks = cards.find("Kitchen Finks").unwrap();
    assert_eq!(finks.french, ["Fourbes de cuisine"]);
    assert_eq!(finks.keywords, ["Persist"]);
    assert_eq!(finks.mana_cost.as_deref(), Some("{1}{G/W}{G/W}"));
    assert_eq!((finks.power.as_deref(), finks.toughness.as_deref()), (Some("3"), Some("2")));
    // Today's rulings replace 2018's; 2018's printed text stays, with the English text of its time.
    assert_eq!(finks.rulings.len(), 1);
    assert_eq!(finks.rulings[0].date, "2013-06-07");
    assert_eq!(finks.printed.len(), 1);
    assert_eq!(finks.printed[0].oracle_then, "When Kitchen Finks comes into play, you gain 2 life.");
    assert_eq!(cards.find("fourbes de cuisine").unwrap().name, "Kitchen Finks");

    // The double-faced card by its full name, either face, and its French names.
    let delver = cards.find("Delver of Secrets // Insectile Aberration").unwrap();
    assert_eq!(delver.french, ["Sondeur de secrets // Aberration insectoïde"]);
    assert_eq!(delver.printed[0].set, "ISD", "the front face's printed text of 2018 joins the whole card");
    assert!(cards.find("sondeur de secrets").unwrap().name.starts_with("Delver of Secrets"));
    let back = cards.cards.iter().find(|c| c.name == "Insectile Aberration").unwrap();
    assert_eq!(
        (back.french.as_slice(), back.keywords.as_slice()),
        (&["Aberration insectoïde".into()][..], &["Flying".into()][..])
    );
    assert!(cards.find("aberration insectoide").unwrap().name.contains("Insectile Aberration"));
    let fire = cards.find("Fire // Ice").unwrap();
    assert_eq!((fire.mana_cost.as_deref(), fire.french.as_slice()), (Some("{1}{R}"), &["Feu // Glace".into()][..]));
    ice_is_kept_with_fire(&cards);
    assert_eq!(cards.cards.iter().filter(|c| c.name == "Brisela, Voice of Nightmares").count(), 1);
    assert_eq!(cards.find("Brisela, voix des cauchemars").unwrap().name, "Brisela, Voice of Nightmares");
    assert!(cards.find("Goblin Token Card").is_none_or(|c| c.name != "Goblin Token Card"));

    // The faces as the shipped file writes them, keys in its order.
    let oracle = gunzip_json(&dir.path().join(ORACLE_FILE));
    let record = |name: &str| oracle.as_array().unwrap().iter().find(|r| r["name"] == name).unwrap().clone();
    assert_eq!(record("Delver of Secrets // Insectile Aberration")["back"], "Insectile Aberration");
    let aberration = record("Insectile Aberration");
    assert_eq!((&aberration["face"], &aberration["front"]), (&json!("back"), &json!("Delver of Secrets")));
    let shipped = gunzip_json(&Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join("cartes").join(ORACLE_FILE));
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    let shipped_face = shipped.as_array().unwrap().iter().find(|r| r.get("face").is_some()).unwrap();
    assert_eq!(keys(&aberration), keys(shipped_face));
    assert_eq!(keys(&record("Kitchen Finks")), keys(&shipped[0]));
    assert_eq!(record("Fire // Ice")["keywords"], Value::Null, "no keywords: null, as MTGJSON leaves them out");

    let (code, out, err) = run(&["cartes", "check", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Aucun problème."), "{out}");
    assert!(out.contains("fiches françaises sans fiche Oracle du même nom : aucune"), "{out}");
}

/// The second half of a split card is kept with it, from either format:
/// its own cost, type and text, in the card's JSON; the card no longer says
/// its text is missing.
fn ice_is_kept_with_fire(cards: &Cards) {
    let fire = cards.find("Fire // Ice").unwrap();
    assert_eq!(fire.text, "Fire deals 2 damage divided as you choose among one or two targets.");
    assert_eq!(fire.halves.len(), 1, "{:?}", fire.halves);
    let ice = &fire.halves[0];
    assert_eq!(
        (ice.name.as_str(), ice.mana_cost.as_deref(), ice.type_line.as_str(), ice.text.as_str()),
        ("Ice", Some("{1}{U}"), "Instant", "Tap target permanent.\nDraw a card.")
    );
    assert_eq!(ice.meta(), "{1}{U} · Instant");
    let (_, missing) = cards.other_faces(fire);
    assert!(missing.is_empty(), "{missing:?}");
    let v = cards.json(fire);
    assert_eq!(v["card"]["halves"][0]["name"], "Ice");
    assert_eq!(v["card"]["halves"][0]["mana_cost"], "{1}{U}");
    assert_eq!(v["card"]["halves"][0]["type_line"], "Instant");
    assert_eq!(v["missing_faces"], json!([]));
}

#[test]
fn scryfall_gives_cards_and_leaves_the_french_file_as_it_is() {
    let dir = folder(true);
    let before = std::fs::read(dir.path().join(FRENCH_FILE)).unwrap();
    // Gzip-compressed, named as Scryfall names it: the bytes say what it is.
    let download = write(dir.path(), "oracle-cards-20260120.json.gz", &gzip(scryfall_cards().to_string().as_bytes()));
    let (code, out, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("Format reconnu : Scryfall, fichier en vrac oracle-cards"), "{err}");
    assert!(out.contains("Cartes écrites : 4 cartes, 1 face arrière\n"), "{out}");
    assert!(out.contains("Fichier français laissé tel quel"), "{out}");
    assert!(out.contains("Scryfall ne donne ni noms français ni décisions"), "{out}");
    for skipped in [
        "Fiches ignorées : 7\n",
        "  sans nom : 1 (ex. « fiche n° 8 »)\n",
        "  nom avec des caractères de contrôle ou invisibles : 1 (ex. « Tab\\tName »)\n",
        "  jeton (layout token) : 1",
        "  emblème (layout emblem) : 1",
        "  carte d'illustration Art Series (layout art_series) : 1",
        "  pas un objet carte de Scryfall (« object » n'est pas « card ») : 2",
    ] {
        assert!(out.contains(skipped), "« {skipped} » in\n{out}");
    }
    assert_eq!(std::fs::read(dir.path().join(FRENCH_FILE)).unwrap(), before, "the French file is untouched");

    let cards = read_folder(dir.path()).unwrap();
    let finks = cards.find("fourbes de cuisine").unwrap();
    assert_eq!((finks.name.as_str(), finks.keywords.as_slice()), ("Kitchen Finks", &["Persist".into()][..]));
    let jace = cards.find("Jace, the Mind Sculptor").unwrap();
    assert_eq!((jace.loyalty.as_deref(), jace.stats().as_str()), (Some("3"), "loyauté 3"));
    let fire = cards.find("Fire // Ice").unwrap();
    assert_eq!((fire.mana_cost.as_deref(), fire.type_line.as_str()), (Some("{1}{R}"), "Instant"));
    assert!(out.contains("  dont 1 moitié gardée avec sa carte"), "{out}");
    ice_is_kept_with_fire(&cards);
    let back = cards.cards.iter().find(|c| c.name == "Insectile Aberration").unwrap();
    assert_eq!((back.mana_cost.as_deref(), back.text.as_str()), (None, "Flying"));
    let oracle = gunzip_json(&dir.path().join(ORACLE_FILE));
    let jace = oracle.as_array().unwrap().iter().find(|r| r["name"] == "Jace, the Mind Sculptor").unwrap();
    assert_eq!(
        (&jace["supertypes"], &jace["types"], &jace["subtypes"]),
        (&json!(["Legendary"]), &json!(["Planeswalker"]), &json!(["Jace"]))
    );

    // The French file of 2018 names faces: « Ice », « Obsolete Card »… join no card, a warning only.
    let (code, out, _) = run(&["cartes", "check", path(dir.path())]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("fiches françaises sans fiche Oracle du même nom : 3 (ex. « Delver of Secrets », « Ice », « Obsolete Card »)"), "{out}");
}

#[test]
fn a_scryfall_api_list_is_read_too() {
    let dir = folder(false);
    let list = json!({ "object": "list", "has_more": false, "data": scryfall_cards() });
    let download = write(dir.path(), "recherche.json", list.to_string().as_bytes());
    let (code, out, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(err.contains("Scryfall, liste de cartes de l'API"), "{err}");
    // The folder had no French file: the binary's is copied, the folder is whole.
    assert!(out.contains("Fichier français absent du dossier : celui du binaire y est copié"), "{out}");
    let copied = std::fs::read(dir.path().join(FRENCH_FILE)).unwrap();
    assert_eq!(copied, std::fs::read(format!("rules/cartes/{FRENCH_FILE}")).unwrap());
    let (code, out, err) = run(&["cartes", "check", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");

    // One page of the API, more following: not the cards, refused.
    let list = json!({ "object": "list", "has_more": true, "data": scryfall_cards() });
    let page = write(dir.path(), "page.json", list.to_string().as_bytes());
    let before = std::fs::read(dir.path().join(ORACLE_FILE)).unwrap();
    let (code, _, err) = run(&["cartes", "importe", path(&page), "--vers", path(dir.path())]);
    assert_eq!(code, 2);
    assert!(err.contains("has_more") && err.contains("rien n'est écrit"), "{err}");
    assert_eq!(std::fs::read(dir.path().join(ORACLE_FILE)).unwrap(), before);
}

#[test]
fn a_download_of_far_fewer_cards_replaces_them_only_when_asked() {
    // A folder with the shipped cards (35,033), and a download of five.
    let dir = folder(false);
    for file in [ORACLE_FILE, FRENCH_FILE] {
        std::fs::copy(format!("rules/cartes/{file}"), dir.path().join(file)).unwrap();
    }
    let before = std::fs::read(dir.path().join(ORACLE_FILE)).unwrap();
    let download = write(dir.path(), "oracle-cards.json", scryfall_cards().to_string().as_bytes());
    let (code, _, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path())]);
    assert_eq!(code, 2);
    assert!(err.contains("5 fiches contre 35 033") && err.contains("--remplacer"), "{err}");
    assert_eq!(std::fs::read(dir.path().join(ORACLE_FILE)).unwrap(), before, "nothing written");
    let (code, out, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path()), "--remplacer"]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("Fichier français laissé tel quel"), "{out}");
}

/// A folder of hand-written card files.
fn folder_with(oracle: &Value, french: &Value) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(ORACLE_FILE), gzip(oracle.to_string().as_bytes())).unwrap();
    std::fs::write(dir.path().join(FRENCH_FILE), gzip(french.to_string().as_bytes())).unwrap();
    dir
}

/// The halves of every kind of card from MTGJSON: a flip card's flipped
/// half (its keywords the card's), a five-part split card; a reversible
/// card has none; a half whose name cannot be shown, given twice or beyond
/// eight is reported and the card kept without it.
#[test]
fn mtgjson_halves_are_kept_with_their_card() {
    let side = |name: &str, face: &str, side: &str, layout: &str, ty: &str, keywords: Value| {
        json!({ "name": name, "faceName": face, "side": side, "layout": layout, "type": ty, "manaCost": "{1}{W}",
                "text": format!("{face} text."), "keywords": keywords, "power": "2", "toughness": "2" })
    };
    let flip = "Bushi Tenderfoot // Kenzo the Hardhearted";
    let who = "Who // What // When // Where // Why";
    let bad = "Spell // Clear";
    let many = (0..12).map(|i| format!("Part {i}")).collect::<Vec<_>>().join(" // ");
    let reversible = "Hallowed Fountain // Hallowed Fountain";
    let mut data = serde_json::Map::new();
    data.insert(
        flip.into(),
        json!([
            side(flip, "Bushi Tenderfoot", "a", "flip", "Creature — Human Soldier", json!(null)),
            side(
                flip,
                "Kenzo the Hardhearted",
                "b",
                "flip",
                "Legendary Creature — Human Samurai",
                json!(["Bushido", "Double strike"])
            )
        ]),
    );
    let parts: Vec<&str> = who.split(" // ").collect();
    data.insert(
        who.into(),
        Value::Array(
            parts
                .iter()
                .zip(["a", "b", "c", "d", "e"])
                .map(|(f, s)| side(who, f, s, "split", "Instant", json!(null)))
                .collect(),
        ),
    );
    data.insert(
        bad.into(),
        json!([
            side(bad, "Spell", "a", "split", "Sorcery", json!(null)),
            side(bad, "Clear\u{202E}Name", "b", "split", "Sorcery", json!(null))
        ]),
    );
    let sides = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"];
    data.insert(
        many.clone(),
        Value::Array(
            many.split(" // ").zip(sides).map(|(f, s)| side(&many, f, s, "split", "Instant", json!(null))).collect(),
        ),
    );
    data.insert(
        reversible.into(),
        json!([
            side(reversible, "Hallowed Fountain", "a", "reversible_card", "Land", json!(null)),
            side(reversible, "Hallowed Fountain", "b", "reversible_card", "Land", json!(null))
        ]),
    );
    let dir = folder(false);
    let download = write(dir.path(), "AtomicCards.json", json!({ "data": data }).to_string().as_bytes());
    let (code, out, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");
    // Kenzo, What…Why (4), Part 1…Part 8 (8).
    assert!(out.contains("  dont 13 moitiés gardées avec leur carte"), "{out}");
    // Part 9, 10, 11; « Clear\u{202E}Name », a half named with an invisible character.
    assert!(out.contains("Moitiés écartées, la carte gardée sans elles : 4 (ex. « Part 0 // Part 1"), "{out}");
    assert!(out.contains(" : Part 9 (au-delà de 8 moitiés) »"), "{out}");
    let cards = read_folder(dir.path()).unwrap();
    let bushi = cards.find(flip).unwrap();
    assert_eq!(halves(bushi), ["Kenzo the Hardhearted"]);
    assert_eq!(bushi.halves[0].type_line, "Legendary Creature — Human Samurai");
    assert_eq!(bushi.halves[0].stats(), "2/2");
    assert_eq!(bushi.keywords, ["Bushido", "Double strike"], "the flipped half's keywords are the card's");
    assert_eq!(halves(cards.find(who).unwrap()), ["What", "When", "Where", "Why"]);
    assert!(cards.find(bad).unwrap().halves.is_empty(), "the card is kept without its half");
    assert_eq!(cards.find("Part 0").unwrap().halves.len(), 8);
    assert!(cards.find(reversible).unwrap().halves.is_empty(), "a reversible card is one card twice");
    let (code, out, _) = run(&["cartes", "check", path(dir.path())]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("dont 13 moitiés"), "{out}");
}

/// The names of a card's halves.
fn halves(card: &arbitre::cards::Card) -> Vec<String> {
    card.halves.iter().map(|h| h.name.to_string()).collect()
}

/// Scryfall gives an adventure's half in `card_faces`; a reversible card's
/// two faces are one card.
#[test]
fn scryfall_halves_are_kept_and_a_reversible_card_has_none() {
    let reversible = "Hallowed Fountain // Hallowed Fountain";
    let dir = folder(false);
    let scryfall = json!([
        { "object": "card", "name": "Bonecrusher Giant // Stomp", "layout": "adventure", "keywords": [], "card_faces": [
            { "object": "card_face", "name": "Bonecrusher Giant", "mana_cost": "{2}{R}", "type_line": "Creature — Giant",
              "oracle_text": "Whenever this creature becomes the target of a spell, it deals 2 damage to that spell's controller.",
              "power": "4", "toughness": "3" },
            { "object": "card_face", "name": "Stomp", "mana_cost": "{1}{R}", "type_line": "Instant — Adventure",
              "oracle_text": "Damage can't be prevented this turn. Stomp deals 2 damage to any target." } ] },
        { "object": "card", "name": reversible, "layout": "reversible_card", "card_faces": [
            { "object": "card_face", "name": "Hallowed Fountain", "type_line": "Land — Plains Island", "oracle_text": "({T}: Add {W} or {U}.)" },
            { "object": "card_face", "name": "Hallowed Fountain", "type_line": "Land — Plains Island", "oracle_text": "({T}: Add {W} or {U}.)" } ] }
    ]);
    let download = write(dir.path(), "oracle-cards.json", scryfall.to_string().as_bytes());
    let (code, out, err) = run(&["cartes", "importe", path(&download), "--vers", path(dir.path())]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("  dont 1 moitié gardée avec sa carte"), "{out}");
    let cards = read_folder(dir.path()).unwrap();
    let giant = cards.find("Bonecrusher Giant").unwrap();
    assert_eq!(halves(giant), ["Stomp"]);
    assert_eq!(giant.halves[0].meta(), "{1}{R} · Instant — Adventure");
    let why: Vec<String> = cards.related(giant).into_iter().map(|r| r.why).collect();
    assert!(why.iter().any(|w| w == "can't be prevented"), "Stomp's text counts for the card: {why:?}");
    assert!(cards.find(reversible).unwrap().halves.is_empty());
}

#[test]
fn check_finds_what_is_wrong_in_a_folder() {
    let card = |name: &str, ty: Value| json!({ "name": name, "manaCost": null, "type": ty, "text": "x" });
    let oracle = json!([
        card("Kitchen Finks", json!("Creature")),
        card("Kitchen Finks", json!("Creature")),
        card("Nameless Type", Value::Null),
        json!({ "name": "Fire // Ice", "type": "Instant", "text": "x", "halves": [
            { "name": null, "type": "Instant" }, { "name": "Ice", "type": "Instant" }, { "name": "Ice" }, { "name": "Fire" } ] })
    ]);
    let french = json!([
        { "name": "Kitchen Finks", "fr": ["Fourbes de cuisine"], "rulings": [{ "date": "07/06/2013", "text": "r" }], "fr_printed": [] },
        { "name": "Kitchen Finks", "fr": [], "rulings": [{ "date": "2013-02-30", "text": "r" }], "fr_printed": [] },
        { "name": "Nowhere", "fr": ["Nulle part"], "rulings": [], "fr_printed": [] },
    ]);
    let dir = folder_with(&oracle, &french);
    let (code, out, err) = run(&["cartes", "check", path(dir.path())]);
    assert_eq!(code, 1, "{out}\n{err}");
    for said in [
        "noms en double : 1 (ex. « Kitchen Finks »)",
        "fiches sans ligne de type : 1 (ex. « Nameless Type »)",
        "dates de décisions mal formées (AAAA-MM-JJ) : 2 (ex. « Kitchen Finks : 07/06/2013 », « Kitchen Finks : 2013-02-30 »)",
        "fiches françaises sans fiche Oracle du même nom : 1 (ex. « Nowhere ») — avertissement",
        "moitiés sans nom montrable, en double ou en trop : 3 (ex. « Fire // Ice :  (sans nom) », « Fire // Ice : Ice (en double) », « Fire // Ice : Fire (en double) »)",
        "5 Problèmes :",
    ] {
        assert!(out.contains(said), "« {said} » in\n{out}");
    }
    let (code, out, _) = run(&["cartes", "check", path(dir.path()), "--json"]);
    assert_eq!(code, 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    for key in [
        "folder",
        "oracle_records",
        "cards",
        "faces",
        "french_records",
        "with_french",
        "with_rulings",
        "rulings",
        "with_printed",
    ] {
        assert!(v[key].is_string() || v[key].is_u64(), "{key}: {v}");
    }
    for key in [
        "duplicate_names",
        "duplicate_french_names",
        "missing_type",
        "bad_halves",
        "french_orphans",
        "orphan_nicknames",
        "bad_ruling_dates",
    ] {
        assert!(v[key]["count"].is_u64() && v[key]["examples"].is_array(), "{key}: {v}");
    }
    assert_eq!((&v["ok"], v["problems"].as_array().unwrap().len()), (&json!(false), 5));
    assert_eq!((&v["duplicate_french_names"]["count"], &v["french_orphans"]["count"]), (&json!(1), &json!(1)));
    // The French orphan, and the nicknames of cards the sample does not have.
    assert_eq!(v["warnings"].as_array().unwrap().len(), 2);
    assert!(v["orphan_nicknames"]["count"].as_u64().unwrap() > 200, "{v}");
}

#[test]
fn check_says_when_a_folder_cannot_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("absent");
    let not_gzip = folder_with(&json!([]), &json!([]));
    std::fs::write(not_gzip.path().join(ORACLE_FILE), b"[]").unwrap();
    let not_cards = folder_with(&json!({ "name": "x" }), &json!([]));
    for (folder, said) in
        [(missing.as_path(), "dossier introuvable"), (not_gzip.path(), ORACLE_FILE), (not_cards.path(), ORACLE_FILE)]
    {
        let (code, out, err) = run(&["cartes", "check", path(folder)]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        assert!(err.starts_with("erreur : ") && err.contains(said), "{err}");
    }
    // An empty Oracle file reads, and is a problem.
    let empty = folder_with(&json!([]), &json!([]));
    let (code, out, _) = run(&["cartes", "check", path(empty.path())]);
    assert_eq!(code, 1);
    assert!(out.contains("le fichier Oracle n'a aucune carte"), "{out}");
}

#[test]
fn the_shipped_cards_pass_the_check() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules").join("cartes");
    let (code, out, err) = run(&["cartes", "check", path(&dir), "--json"]);
    assert_eq!(code, 0, "{out}\n{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((&v["oracle_records"], &v["faces"]), (&json!(35_033), &json!(401)));
    assert_eq!(v["cards"].as_u64().unwrap() as usize, Cards::embedded().cards.len() - 401);
}

/// Hostile input: a French error naming the file, exit 2, nothing written.
#[test]
fn hostile_downloads_are_refused_in_french() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut broken_gzip = gzip(b"[{\"object\": \"card\"}]");
    broken_gzip.truncate(broken_gzip.len() / 2);
    let shipped = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/cartes").join(ORACLE_FILE)).unwrap();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("vide.json", vec![], "fichier vide"),
        ("blanc.json", b"  \n\t ".to_vec(), "fichier vide"),
        ("vide.json.gz", gzip(b""), "archive gzip vide une fois décompressée"),
        ("texte.json", b"pas du json".to_vec(), "ce n'est pas du JSON valide"),
        ("nombre.json", b"42".to_vec(), "JSON d'aucun des formats connus : un nombre ; attendu AtomicCards.json"),
        ("chaine.json", b"\"AtomicCards\"".to_vec(), "une chaîne de caractères"),
        ("null.json", b"null".to_vec(), "JSON d'aucun des formats connus : null"),
        ("objet.json", b"{\"foo\": 1}".to_vec(), "un objet sans clé « data »"),
        ("data.json", b"{\"data\": 5}".to_vec(), "« data »"),
        (
            "data-vide.json",
            b"{\"meta\": {}, \"data\": {}}".to_vec(),
            "aucune carte lue (MTGJSON v5, AtomicCards.json) ; le fichier n'a aucune fiche",
        ),
        ("tableau.json", b"[]".to_vec(), "aucune carte lue"),
        ("nombres.json", b"[1, 2, 3]".to_vec(), "3 fiches ignorées — pas un objet carte de Scryfall"),
        (
            "faces.json",
            b"{\"data\": {\"X\": 5, \"Y\": []}}".to_vec(),
            "fiche mal formée (attendu : un tableau de faces) : 2",
        ),
        ("allprintings.json", b"{\"data\": {\"LEA\": {\"cards\": []}}}".to_vec(), "extension entière"),
        ("tronque.json", b"{\"data\": {\"A\": [{\"name\": ".to_vec(), "le fichier s'arrête au milieu du JSON"),
        ("profond.json", deep.into_bytes(), "ce n'est pas du JSON valide"),
        ("apres.json", b"[] []".to_vec(), "ce n'est pas du JSON valide"),
        ("casse.json.gz", broken_gzip, "archive gzip corrompue ou tronquée"),
        ("faux.json.gz", vec![0x1f, 0x8b, 0, 1, 2, 3], "archive gzip corrompue ou tronquée"),
        ("oracle-cards.json.gz", shipped, "fiche déjà au format du projet"),
        ("binaire.json", vec![0xff, 0xfe, 0, 0x80], "ce n'est pas du JSON valide"),
    ];
    let work = tempfile::tempdir().unwrap();
    for (name, bytes, said) in cases {
        let dir = folder(true);
        let file = write(work.path(), name, &bytes);
        let (code, out, err) = run(&["cartes", "importe", path(&file), "--vers", path(dir.path())]);
        assert_eq!((code, out.as_str()), (2, ""), "{name}: {err}");
        assert!(err.contains(&format!("erreur : {}", path(&file))), "{name}: {err}");
        assert!(err.contains(said), "{name}: « {said} » in {err}");
        assert_eq!(names_in(dir.path()), [FRENCH_FILE], "{name}: nothing written");
    }
    let dir = folder(false);
    let absent = work.path().join("absent.json");
    let (code, _, err) = run(&["cartes", "importe", path(&absent), "--vers", path(dir.path())]);
    assert_eq!(code, 2);
    assert!(err.contains("absent.json : fichier introuvable"), "{err}");
    let (code, _, err) = run(&["cartes", "importe", path(work.path()), "--vers", path(dir.path())]);
    assert_eq!(code, 2);
    assert!(err.contains("c'est un dossier"), "{err}");
    let file = write(work.path(), "ok.json", scryfall_cards().to_string().as_bytes());
    let (code, _, err) = run(&["cartes", "importe", path(&file), "--vers", path(&work.path().join("nulle-part"))]);
    assert_eq!(code, 2);
    assert!(err.contains("nulle-part : dossier introuvable"), "{err}");
    // A previous French file that cannot be read is not overwritten: its printed texts would be lost.
    std::fs::write(dir.path().join(FRENCH_FILE), b"pas du gzip").unwrap();
    let file = write(work.path(), "atomic.json", atomic_cards().to_string().as_bytes());
    let (code, _, err) = run(&["cartes", "importe", path(&file), "--vers", path(dir.path())]);
    assert_eq!(code, 2);
    assert!(err.contains("ancien fichier français illisible"), "{err}");
    assert_eq!(names_in(dir.path()), [FRENCH_FILE]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any bytes, as they come or after the start of either format: an
    /// answer (0, or 2 with a French error), never a panic.
    #[test]
    fn any_bytes_give_an_answer(start in 0..3usize, bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let prefix: &[u8] = [&b""[..], b"{\"data\": {\"A\": [", b"[{\"object\": \"card\", \"name\": "][start];
        let dir = folder(false);
        let file = write(dir.path(), "x.json", &[prefix, &bytes].concat());
        let (code, _, err) = run(&["cartes", "importe", path(&file), "--vers", path(dir.path())]);
        prop_assert!(code == 0 || (code == 2 && err.contains("erreur : ")), "{code} {err}");
    }
}
