//! Rebuilds the binary when the embedded corpus under `rules/` changes.
//!
//! `include_dir!` embeds `rules/` at compile time; Cargo does not know the macro
//! reads those files, so this script declares the folder as an input.

fn main() {
    println!("cargo:rerun-if-changed=rules");
}
