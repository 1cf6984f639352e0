//! Helpers shared by the test modules: the corpora, loaded once.

use std::path::PathBuf;
use std::sync::OnceLock;

use arbitre::Graph;
use arbitre::graph::{EditionIdx, NodeIdx};
use arbitre::vocab::{Lang, RuleId};

/// The `shared/` folder beside the repository.
pub fn shared() -> PathBuf {
    let candidates = [
        std::env::var_os("ARBITRE_SHARED").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")),
        Some(PathBuf::from("/work/shared")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.join("corpus").is_dir())
        .expect("shared/corpus introuvable : définissez ARBITRE_SHARED vers le dossier shared/")
}

/// The two English editions, oldest first.
pub fn english_editions() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(shared().join("corpus"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "deux éditions anglaises attendues dans shared/corpus");
    files
}

/// The embedded French corpus.
pub fn french() -> &'static Graph {
    static G: OnceLock<Graph> = OnceLock::new();
    G.get_or_init(|| {
        let loaded = arbitre::load(&[]);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        loaded.graph
    })
}

/// The French corpus with the newest English edition beside it.
pub fn french_and_english() -> &'static Graph {
    static G: OnceLock<Graph> = OnceLock::new();
    G.get_or_init(|| {
        let newest = english_editions().pop().unwrap();
        let loaded = arbitre::load_with(&[newest]);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        loaded.graph
    })
}

/// Parses a rule id.
pub fn id(s: &str) -> RuleId {
    RuleId::parse(s).unwrap()
}

/// The edition of a language and date.
pub fn edition(g: &Graph, lang: Lang, date: &str) -> EditionIdx {
    let i = g
        .editions()
        .iter()
        .position(|e| e.language == lang && e.date.map(|d| d.to_string()).as_deref() == Some(date))
        .unwrap_or_else(|| panic!("édition {lang} {date} absente"));
    EditionIdx(i as u16)
}

/// The first node of `id` in an edition.
pub fn node(g: &Graph, ed: EditionIdx, s: &str) -> NodeIdx {
    *g.occurrences(ed, id(s)).first().unwrap_or_else(|| panic!("{s} absent"))
}
