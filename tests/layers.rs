//! The crate's layers, read from its source: every `use` and `crate::` path
//! of `src/` is resolved to the top-level module it names, and each module
//! may only reach the layers below it.
//!
//! ```text
//! leaf (vocab, text, toml_error, embedded) ◀── lexicon ◀── cards, corpus ◀── graph ◀── search, engine, report ◀── web ◀── cli
//! (search reads the cards a query names: cards sits below it)
//! ```
//!
//! Also: the web handlers (one file per page family) do not import each
//! other; what two of them share lives in a module of its own.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each top-level module of `src/` and the modules it may import. A module
/// missing from this table fails the test: a new module takes its place in
/// a layer when it is added.
const LAYERS: &[(&str, &[&str])] = &[
    ("vocab", &[]),
    ("text", &[]),
    ("toml_error", &[]),
    ("embedded", &[]),
    ("lexicon", &["vocab", "text", "embedded"]),
    ("cards", &["vocab", "text", "embedded", "lexicon"]),
    ("corpus", &["vocab", "text", "toml_error", "embedded"]),
    ("graph", &["vocab", "text", "lexicon", "corpus"]),
    ("search", &["vocab", "text", "lexicon", "cards", "corpus", "graph"]),
    ("engine", &["vocab", "text", "toml_error", "embedded", "graph"]),
    ("report", &["vocab", "text", "lexicon", "corpus", "graph"]),
    ("web", &["vocab", "text", "lexicon", "cards", "corpus", "graph", "search", "engine"]),
    ("cli", &["vocab", "text", "lexicon", "cards", "corpus", "graph", "search", "engine", "report", "web"]),
];

/// The items of `lib.rs` and the layer each belongs to (they load and build
/// a graph).
const ROOT_ITEMS: &[(&str, &str)] =
    &[("Graph", "graph"), ("Loaded", "graph"), ("load", "graph"), ("load_with", "graph")];

/// The web handlers: one file per page family, none importing another.
const HANDLERS: &[&str] = &["home", "rules", "search", "articles", "examples", "api", "assets", "cards"];

/// A source file and the module path it defines (`src/graph/build.rs` → [graph, build]).
struct SourceFile {
    /// The path from the crate's folder (`src/graph/build.rs`).
    path: PathBuf,
    module: Vec<String>,
    code: String,
}

fn source_files() -> Vec<SourceFile> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(&src).unwrap().with_extension("");
                let mut module: Vec<String> =
                    relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
                if module.last().is_some_and(|m| m == "mod" || m == "lib" || m == "main") {
                    module.pop();
                }
                let code = strip_comments_and_strings(&std::fs::read_to_string(&path).unwrap());
                out.push(SourceFile { path: Path::new("src").join(path.strip_prefix(&src).unwrap()), module, code });
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// Where a block comment starting at `i` ends (nested ones included).
fn block_comment_end(b: &[u8], mut i: usize) -> usize {
    let mut depth = 0;
    while i < b.len() {
        if b[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if b[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// Where a raw string (`r"…"`, `r#"…"#`) starting at `i` ends; `None` when
/// the `r` starts no raw string.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    let mut hashes = 0;
    while b.get(j) == Some(&b'#') {
        hashes += 1;
        j += 1;
    }
    if b.get(j) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
    j += 1;
    while j < b.len() && !b[j..].starts_with(&close) {
        j += 1;
    }
    Some(j + close.len())
}

/// The code without comments, string and char literals (a `crate::` in a
/// doc comment or a message is not an import).
fn strip_comments_and_strings(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = block_comment_end(b, i);
                out.push(' ');
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#')) && (i == 0 || !is_ident(b[i - 1])) => {
                match raw_string_end(b, i) {
                    Some(end) => {
                        i = end;
                        out.push_str("\"\"");
                    }
                    None => {
                        out.push('r');
                        i += 1;
                    }
                }
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            b'\'' => {
                // A char literal ('x', '\n', '\u{…}') or a lifetime ('a).
                let rest = &text[i + 1..];
                let literal_end = if rest.starts_with('\\') {
                    rest.find('\'').map(|e| e + 1)
                } else {
                    rest.chars()
                        .next()
                        .filter(|_| rest[rest.chars().next().unwrap().len_utf8()..].starts_with('\''))
                        .map(|c| c.len_utf8() + 1)
                };
                match literal_end {
                    Some(n) => {
                        i += 1 + n;
                        out.push_str("' '");
                    }
                    None => {
                        out.push('\'');
                        i += 1;
                    }
                }
            }
            _ => {
                let c = text[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The identifiers at the start of each path of a `use` tree body
/// (`{graph::Graph, search::{A, B}}` → graph, search).
fn tree_heads(body: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_start = true;
    let mut word = String::new();
    for c in body.chars() {
        match c {
            '{' => {
                depth += 1;
                at_start = depth == 1;
            }
            '}' => depth -= 1,
            ',' if depth == 1 => at_start = true,
            c if depth == 1 && at_start && (c.is_alphanumeric() || c == '_') => word.push(c),
            _ => {
                if !word.is_empty() {
                    heads.push(std::mem::take(&mut word));
                }
                if depth == 1 && !c.is_whitespace() {
                    at_start = false;
                }
            }
        }
    }
    heads
}

/// Every path of a file that leaves its own top-level module, as (line, the
/// top-level module named).
fn imports(file: &SourceFile) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let code = &file.code;
    let bytes = code.as_bytes();
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut at = 0;
    while let Some(found) = find_path_start(&code[at..]) {
        let start = at + found;
        at = start + 1;
        if start > 0 && (is_ident(bytes[start - 1]) || bytes[start - 1] == b':') {
            continue;
        }
        // Resolve `crate::` or a chain of `super::` to a path from the crate root.
        let mut rest = &code[start..];
        let mut base: Vec<String>;
        if let Some(r) = rest.strip_prefix("crate::") {
            base = Vec::new();
            rest = r;
        } else {
            // From module `graph::build`, `super` is `graph`; from `graph`, the root.
            base = file.module.clone();
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
        }
        let names: Vec<String> = if rest.starts_with('{') {
            let end = matching_brace(rest);
            tree_heads(&rest[..end])
        } else {
            let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            vec![word]
        };
        for name in names.into_iter().filter(|n| !n.is_empty() && n != "self") {
            let top = match base.first() {
                Some(m) => Some(m.clone()),
                None => layer_of_root_name(&name),
            };
            // Anything else at the root is an item of the file itself, reached
            // from an inline module (`mod tests { use super::helper; }`).
            if let Some(top) = top {
                out.push((line_of(start), top));
            }
        }
    }
    out
}

/// What a name at the crate root stands for: a top-level module, or an item
/// of `lib.rs` and the layer it belongs to.
fn layer_of_root_name(name: &str) -> Option<String> {
    if LAYERS.iter().any(|(m, _)| *m == name) {
        return Some(name.to_string());
    }
    ROOT_ITEMS.iter().find(|(item, _)| *item == name).map(|(_, layer)| layer.to_string())
}

fn find_path_start(code: &str) -> Option<usize> {
    match (code.find("crate::"), code.find("super::")) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn matching_brace(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let files = source_files();
    assert!(files.len() > 40, "src/ lu : {} fichiers", files.len());
    let mut violations = Vec::new();
    let mut checked = 0;
    for file in &files {
        let Some(own) = file.module.first() else { continue };
        let Some((_, allowed)) = LAYERS.iter().find(|(m, _)| m == own) else {
            violations.push(format!("{} : module « {own} » absent de la table des couches", file.path.display()));
            continue;
        };
        for (line, target) in imports(file) {
            checked += 1;
            if &target != own && !allowed.contains(&target.as_str()) {
                violations.push(format!("{}:{line} : « {own} » importe « {target} »", file.path.display()));
            }
        }
    }
    assert!(checked > 100, "trop peu de chemins lus ({checked}) : la lecture du source est cassée");
    assert!(violations.is_empty(), "couches non respectées :\n{}", violations.join("\n"));
}

#[test]
fn every_root_item_has_a_layer() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix("pub ") else { continue };
        let name = match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["mod", name, ..] => name.trim_end_matches(';').to_string(),
            ["fn" | "struct" | "enum" | "const" | "static", name, ..] => {
                name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
            }
            ["use", path, ..] => path.trim_end_matches(';').rsplit("::").next().unwrap_or("").to_string(),
            _ => continue,
        };
        assert!(layer_of_root_name(&name).is_some(), "« {name} » de lib.rs n'a pas de couche (LAYERS ou ROOT_ITEMS)");
    }
}

#[test]
fn web_handlers_do_not_import_each_other() {
    let mut violations = Vec::new();
    for file in source_files() {
        let [web, handler] = file.module.as_slice() else { continue };
        if web != "web" || !HANDLERS.contains(&handler.as_str()) {
            continue;
        }
        for (i, line) in file.code.lines().enumerate() {
            for other in HANDLERS.iter().filter(|h| *h != handler) {
                let paths = [format!("super::{other}::"), format!("crate::web::{other}::"), format!("super::{other};")];
                let grouped = line.contains("super::{")
                    && tree_heads(&line[line.find('{').unwrap()..]).contains(&other.to_string());
                if paths.iter().any(|p| line.contains(p.as_str())) || grouped {
                    violations.push(format!("{}:{} : {handler} importe {other}", file.path.display(), i + 1));
                }
            }
        }
    }
    assert!(violations.is_empty(), "un gestionnaire en importe un autre :\n{}", violations.join("\n"));
}

/// The reader itself: paths in comments and strings are not imports;
/// `super` chains and grouped imports are resolved.
#[test]
fn the_reader_resolves_paths() {
    let file = |path: &str, module: &[&str], code: &str| SourceFile {
        path: PathBuf::from(path),
        module: module.iter().map(|s| s.to_string()).collect(),
        code: strip_comments_and_strings(code),
    };
    let names = |f: &SourceFile| imports(f).into_iter().map(|(_, m)| m).collect::<BTreeSet<_>>();
    let f = file(
        "src/corpus/x.rs",
        &["corpus", "x"],
        "//! see crate::graph\nuse crate::{vocab::RuleId, text::fold};\nuse super::super::graph::G;\nlet s = \"crate::web\";\nuse super::Item;\nlet c = '\"'; crate::engine::x();",
    );
    assert_eq!(names(&f), ["corpus", "engine", "graph", "text", "vocab"].iter().map(|s| s.to_string()).collect());
    let m = file("src/graph/mod.rs", &["graph"], "use super::search::X; fn f<'a>(x: &'a str) {}");
    assert_eq!(names(&m), ["search".to_string()].into_iter().collect());
    let t = file("src/text.rs", &["text"], "mod tests { use super::fold; use super::*; use crate::Graph; }");
    assert_eq!(names(&t), ["graph".to_string()].into_iter().collect());
}
