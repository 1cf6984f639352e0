//! The files built into the binary: the `rules/` folder — the corpus with its
//! manifest, and the ruling scenarios of `rules/scenarios/`.
//!
//! The binary alone serves everything; `build.rs` rebuilds it when `rules/`
//! changes. The corpus reader takes its default documents from here
//! ([`file()`]), the engine its shipped scenarios ([`scenarios`]). A leaf: it
//! imports nothing else of the crate.

use std::path::Path;

use include_dir::{Dir, include_dir};

/// The `rules/` folder, embedded in the binary.
static RULES: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/rules");

/// The folder the embedded files come from, as shown to judges (`rules/…`).
pub const ROOT: &str = "rules";

/// The bytes of an embedded file of `rules/`, by its path inside that folder
/// (`corpus.toml`, `fr-2011-608-resoudre-les-sorts.txt`).
pub fn file(path: &str) -> Option<&'static [u8]> {
    RULES.get_file(path).map(|f| f.contents())
}

/// The text documents of `rules/` (the rules, every edition and language),
/// raw: for the words they use.
pub fn rule_texts() -> Vec<&'static [u8]> {
    RULES.files().filter(|f| f.path().extension().is_some_and(|e| e == "txt")).map(|f| f.contents()).collect()
}

/// The ruling scenarios of `rules/scenarios/`: (path shown to judges, TOML
/// text), in file-name order. A file that is not UTF-8 is kept with a
/// replacement character as its text, so that the scenario reader reports it
/// rather than it vanishing.
pub fn scenarios() -> Vec<(String, &'static str)> {
    let Some(dir) = RULES.get_dir("scenarios") else {
        return Vec::new();
    };
    let mut out: Vec<(String, &'static str)> = dir
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
        .map(|f| (format!("{ROOT}/{}", display(f.path())), f.contents_utf8().unwrap_or("\u{fffd}")))
        .collect();
    out.sort();
    out
}

fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_manifest_and_the_scenarios_are_built_in() {
        assert!(super::file("corpus.toml").is_some());
        assert!(super::file("absent.txt").is_none());
        let scenarios = super::scenarios();
        assert!(!scenarios.is_empty());
        assert!(scenarios.iter().all(|(p, _)| p.starts_with("rules/scenarios/") && p.ends_with(".toml")));
        assert!(scenarios.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
