//! Where the benches find `shared/`: `ARBITRE_SHARED`, or `../shared` beside
//! the repository. Included by each bench with `#[path]`.

use std::path::PathBuf;

/// The `shared/` folder, when it holds `corpus/`.
pub fn dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ARBITRE_SHARED") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    };
    dir.join("corpus").is_dir().then_some(dir)
}
