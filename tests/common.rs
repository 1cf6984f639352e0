//! Helpers shared by the test modules: the corpora, loaded once, and what a
//! test does when something it needs is not on this machine.
//!
//! A fresh clone has the embedded corpus (the French documents, the English
//! editions they translate and the two newest) and nothing else. The
//! relevance sets and the archive of older editions live in `shared/` beside
//! the repository (`ARBITRE_SHARED` says where, if elsewhere); the browser
//! tests need `chromedriver`. A test that needs what is absent says on the terminal what
//! it skipped and why ([`skip`]), and passes — unless `CI` is set: CI has
//! everything, so there a missing piece fails the test.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arbitre::Graph;
use arbitre::graph::{EditionIdx, NodeIdx};
use arbitre::vocab::{Lang, RuleId};

/// Whether this run is CI's: `CI` set to anything but `false` or `0`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Skips the rest of the current test: prints which test and why on the
/// terminal (written past the test harness's capture, so it is seen), or,
/// under CI, fails the test.
pub fn skip(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().filter(|n| *n != "main").unwrap_or("un test");
    if in_ci() {
        panic!("{test} : {why} — CI est défini, rien ne peut être ignoré");
    }
    let _ = writeln!(std::io::stderr().lock(), "ignoré — {test} : {why}");
}

/// The `shared/` folder: `ARBITRE_SHARED`, or `../shared` beside the
/// repository, when it holds `corpus/`.
pub fn shared_dir() -> Option<&'static Path> {
    static DIR: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = match std::env::var_os("ARBITRE_SHARED") {
            Some(d) => PathBuf::from(d),
            None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        };
        dir.join("corpus").is_dir().then_some(dir)
    })
    .as_deref()
}

/// A file of `shared/`, or `None` after [`skip`] when `shared/` is absent.
pub fn shared(relative: &str) -> Option<PathBuf> {
    match shared_dir() {
        Some(dir) => Some(dir.join(relative)),
        None => {
            skip(&format!("ce qui lit shared/{relative}, absent (ni ../shared ni ARBITRE_SHARED)"));
            None
        }
    }
}

/// The two newest English editions, as `rules/` embeds them (copied from
/// `shared/corpus/`), oldest first. `Some` always: the name says what the
/// tests that used to read them from `shared/` need.
pub fn english_editions() -> Option<Vec<PathBuf>> {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    Some(
        ["en-2025-11-14-comprehensive-rules.txt", "en-2026-01-16-comprehensive-rules.txt"]
            .map(|f| rules.join(f))
            .to_vec(),
    )
}

/// The embedded corpus: the French documents, the English editions they
/// translate and the two newest English editions.
pub fn french() -> &'static Graph {
    static G: OnceLock<Graph> = OnceLock::new();
    G.get_or_init(|| {
        let loaded = arbitre::load(&[]);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        loaded.graph
    })
}

/// The French documents of `rules/` alone, without the English editions:
/// what a corpus without the rules in force looks like.
pub fn french_only() -> &'static Graph {
    static G: OnceLock<Graph> = OnceLock::new();
    G.get_or_init(|| {
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let files: Vec<PathBuf> = std::fs::read_dir(&rules)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("fr-")))
            .collect();
        let loaded = arbitre::load(&files);
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

/// What the terminal shows of a French text: French typography, with a
/// no-break space where pages have a narrow one (see `src/cli.rs`).
pub fn terminal(text: &str) -> String {
    arbitre::text::french_typography(text).replace(arbitre::text::NNBSP, &arbitre::text::NBSP.to_string())
}

/// What a command wrote, with its French typography undone (no-break
/// spaces as spaces, curly apostrophes straight): for assertions on words.
pub fn plain(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).replace(['\u{a0}', '\u{202f}'], " ").replace('’', "'")
}
