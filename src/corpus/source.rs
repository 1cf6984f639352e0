//! Where documents come from: the corpus embedded in the binary, or paths.
//!
//! The default corpus is `rules/`, embedded at build time so the binary alone
//! serves everything (the files come from [`crate::embedded`]). `arbitre check PATH…` reads files and folders instead:
//! a folder with a `corpus.toml` is read through its manifest; a folder
//! without one is read file by file (`.txt` and `.md`), each file's layout,
//! language and edition detected from its content; a single file takes its
//! description from its folder's manifest when it is listed there.

use std::path::{Path, PathBuf};

use super::{LoadError, Manifest, ManifestEntry, ParsedDocument};
use crate::embedded;

/// The manifest's file name.
pub const MANIFEST: &str = "corpus.toml";

/// A document's bytes and what the manifest says about it.
#[derive(Debug, Clone)]
pub struct DocumentSource {
    /// The path shown to judges.
    pub path: String,
    /// The raw bytes.
    pub bytes: Vec<u8>,
    /// The manifest's description, when the document is listed.
    pub declared: Option<ManifestEntry>,
}

/// The result of gathering sources: documents, failures, files passed over.
#[derive(Debug, Default)]
pub struct Gathered {
    /// Documents to parse.
    pub sources: Vec<DocumentSource>,
    /// Files or manifests that could not be read.
    pub errors: Vec<LoadError>,
    /// Files not read, with the reason (not listed in the manifest, not text).
    pub skipped: Vec<(String, String)>,
}

/// The embedded default corpus, through its manifest.
pub fn embedded() -> Gathered {
    let mut out = Gathered::default();
    let manifest_path = format!("{}/{MANIFEST}", embedded::ROOT);
    let Some(bytes) = embedded::file(MANIFEST) else {
        out.errors.push(LoadError::Io { path: manifest_path, reason: "manifeste absent du binaire".into() });
        return out;
    };
    let text = String::from_utf8_lossy(bytes);
    match Manifest::parse(&manifest_path, &text) {
        Ok(manifest) => {
            for entry in manifest.documents {
                let path = format!("{}/{}", embedded::ROOT, entry.path);
                match embedded::file(&entry.path) {
                    Some(bytes) => {
                        out.sources.push(DocumentSource { path, bytes: bytes.to_vec(), declared: Some(entry) })
                    }
                    None => {
                        out.errors.push(LoadError::Io { path, reason: "listé dans le manifeste mais absent".into() })
                    }
                }
            }
        }
        Err(e) => out.errors.push(e),
    }
    out
}

/// Files and folders given on the command line.
pub fn from_paths(paths: &[PathBuf]) -> Gathered {
    let mut out = Gathered::default();
    for path in paths {
        if path.is_dir() {
            from_folder(path, &mut out);
        } else {
            let declared = listed_in_parent_manifest(path);
            read_file(path, declared, &mut out);
        }
    }
    out
}

fn display(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

fn read_file(path: &Path, declared: Option<ManifestEntry>, out: &mut Gathered) {
    match std::fs::read(path) {
        Ok(bytes) => out.sources.push(DocumentSource { path: display(path), bytes, declared }),
        Err(e) => out.errors.push(LoadError::io(&display(path), &e)),
    }
}

fn read_manifest(folder: &Path) -> Option<Result<Manifest, LoadError>> {
    let path = folder.join(MANIFEST);
    if !path.is_file() {
        return None;
    }
    Some(match std::fs::read(&path) {
        Ok(bytes) => Manifest::parse(&display(&path), &String::from_utf8_lossy(&bytes)),
        Err(e) => Err(LoadError::io(&display(&path), &e)),
    })
}

fn listed_in_parent_manifest(file: &Path) -> Option<ManifestEntry> {
    let folder = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = file.file_name()?.to_string_lossy().to_string();
    let manifest = read_manifest(folder)?.ok()?;
    manifest.documents.into_iter().find(|d| d.path == name)
}

fn is_text_document(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()).map(str::to_lowercase).as_deref(), Some("txt" | "md" | "text"))
}

fn from_folder(folder: &Path, out: &mut Gathered) {
    match read_manifest(folder) {
        Some(Ok(manifest)) => {
            let listed: Vec<String> = manifest.documents.iter().map(|d| d.path.clone()).collect();
            for entry in manifest.documents {
                let path = folder.join(&entry.path);
                read_file(&path, Some(entry), out);
            }
            for file in walk(folder) {
                let relative = file.strip_prefix(folder).map(display).unwrap_or_default();
                if is_text_document(&file) && !listed.contains(&relative) {
                    out.skipped.push((display(&file), format!("non listé dans {MANIFEST}")));
                }
            }
        }
        Some(Err(e)) => out.errors.push(e),
        None => {
            for file in walk(folder) {
                if is_text_document(&file) {
                    read_file(&file, None, out);
                } else {
                    out.skipped.push((display(&file), "pas un document texte (.txt, .md)".into()));
                }
            }
        }
    }
}

/// The files under `folder`, recursively, in name order.
fn walk(folder: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n != MANIFEST) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Decodes and parses every gathered document, on two threads (the
/// default corpus holds four English editions of a megabyte each);
/// failures are collected, documents and errors keep the gathered order.
pub fn parse_all(gathered: Gathered) -> (Vec<ParsedDocument>, Vec<LoadError>, Vec<(String, String)>) {
    let parse = |sources: &[DocumentSource]| -> Vec<Result<ParsedDocument, LoadError>> {
        sources.iter().map(|s| super::load(&s.path, &s.bytes, s.declared.as_ref())).collect()
    };
    // Halves of about equal size in bytes.
    let total: usize = gathered.sources.iter().map(|s| s.bytes.len()).sum();
    let mut half = 0;
    let mut bytes = 0;
    while half < gathered.sources.len() && bytes < total / 2 {
        bytes += gathered.sources[half].bytes.len();
        half += 1;
    }
    let (first, second) = gathered.sources.split_at(half);
    let results = std::thread::scope(|s| {
        let other = s.spawn(|| parse(second));
        let mut results = parse(first);
        results.extend(other.join().expect("a parsing thread panicked"));
        results
    });
    let mut errors = gathered.errors;
    let mut docs = Vec::with_capacity(results.len());
    for r in results {
        match r {
            Ok(doc) => docs.push(doc),
            Err(e) => errors.push(e),
        }
    }
    (docs, errors, gathered.skipped)
}
