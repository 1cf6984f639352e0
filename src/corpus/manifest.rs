//! The corpus manifest, `rules/corpus.toml`.
//!
//! It lists every document of the corpus with what the document itself may
//! not say: its language, its edition date, its layout and a title.
//!
//! ```toml
//! [[document]]
//! path = "fr-2011-608-resoudre-les-sorts.txt"   # relative to the manifest
//! language = "fr"                               # fr | en
//! edition = "2011-02-04"                        # YYYY-MM-DD; omitted for undated documents
//! format = "page_export"                        # page_export | table_export | judge_article | official_txt
//! translates = "2011-02-04"                      # a translation: the English edition it translates (optional)
//! source_chapters = { 205 = 204 }                # chapters numbered otherwise in that edition (optional)
//! title = "Règles complètes — 608. Résoudre les sorts et les capacités"
//! ```
//!
//! Errors name the manifest's line and say what is wrong, in French.

use serde::Deserialize;
use toml::Spanned;

use super::{Format, LoadError};
use crate::text::line_at;
use crate::toml_error;
use crate::vocab::{Date, Lang, Translation};

/// One document listed in the manifest, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct ManifestEntry {
    /// Path relative to the manifest's folder.
    pub path: String,
    /// The document's language.
    pub language: Lang,
    /// The edition date, if the document is dated.
    pub edition: Option<Date>,
    /// What it translates, for a translation (`translates`, `source_chapters`).
    pub translates: Option<Translation>,
    /// The layout.
    pub format: Format,
    /// The title shown to judges.
    pub title: String,
}

/// The whole manifest.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    /// The documents, in the order they are listed.
    pub documents: Vec<ManifestEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    #[serde(default)]
    document: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    path: Spanned<String>,
    language: Spanned<String>,
    edition: Option<Spanned<String>>,
    format: Spanned<String>,
    title: Spanned<String>,
    translates: Option<Spanned<String>>,
    source_chapters: Option<Spanned<std::collections::BTreeMap<String, i64>>>,
}

impl Manifest {
    /// Parses the manifest's text; `path` is used in error messages.
    pub fn parse(path: &str, text: &str) -> Result<Manifest, LoadError> {
        let error = |offset: usize, detail: String| LoadError::Manifest {
            path: path.to_string(),
            line: line_at(text, offset),
            detail,
        };

        let raw: RawManifest =
            toml::from_str(text).map_err(|e| error(toml_error::offset(&e), toml_error::in_french(e.message())))?;
        if raw.document.is_empty() {
            return Err(error(0, "aucun document listé (ajoutez des sections [[document]])".into()));
        }

        let mut documents = Vec::with_capacity(raw.document.len());
        for entry in raw.document {
            let language = Lang::parse(entry.language.get_ref()).ok_or_else(|| {
                error(
                    entry.language.span().start,
                    format!("langue « {} » inconnue (fr ou en)", entry.language.get_ref()),
                )
            })?;
            let format = Format::parse(entry.format.get_ref()).ok_or_else(|| {
                error(
                    entry.format.span().start,
                    format!(
                        "format « {} » inconnu (page_export, table_export, judge_article ou official_txt)",
                        entry.format.get_ref()
                    ),
                )
            })?;
            let edition = match &entry.edition {
                None => None,
                Some(e) => Some(Date::parse_iso(e.get_ref()).ok_or_else(|| {
                    error(e.span().start, format!("date d'édition « {} » invalide (AAAA-MM-JJ)", e.get_ref()))
                })?),
            };
            let file = entry.path.get_ref().trim();
            if file.is_empty() || file.split(['/', '\\']).any(|c| c == "..") || file.starts_with('/') {
                return Err(error(
                    entry.path.span().start,
                    format!("chemin « {file} » refusé : il doit rester dans le dossier du manifeste"),
                ));
            }
            if documents.iter().any(|d: &ManifestEntry| d.path == file) {
                return Err(error(entry.path.span().start, format!("« {file} » est listé deux fois")));
            }
            let translates = translation(&entry, &error)?;
            documents.push(ManifestEntry {
                path: file.to_string(),
                language,
                edition,
                translates,
                format,
                title: entry.title.into_inner().trim().to_string(),
            });
        }
        Ok(Manifest { documents })
    }
}

/// `translates` and `source_chapters`: the edition a document translates,
/// and the chapters numbered otherwise there.
fn translation(entry: &RawEntry, error: &dyn Fn(usize, String) -> LoadError) -> Result<Option<Translation>, LoadError> {
    let Some(t) = &entry.translates else {
        return match &entry.source_chapters {
            Some(c) => Err(error(c.span().start, "« source_chapters » va avec « translates »".into())),
            None => Ok(None),
        };
    };
    let source = Date::parse_iso(t.get_ref())
        .ok_or_else(|| error(t.span().start, format!("date d'édition « {} » invalide (AAAA-MM-JJ)", t.get_ref())))?;
    let mut moved_chapters = Vec::new();
    for (from, to) in entry.source_chapters.as_ref().map(|c| c.get_ref().iter()).into_iter().flatten() {
        let chapter = |n: i64| u16::try_from(n).ok().filter(|c| (100..=999).contains(c));
        match (from.parse::<i64>().ok().and_then(chapter), chapter(*to)) {
            (Some(f), Some(t)) => moved_chapters.push((f, t)),
            _ => {
                let at = entry.source_chapters.as_ref().map_or(0, |c| c.span().start);
                return Err(error(at, format!("chapitres « {from} = {to} » invalides (deux numéros de 100 à 999)")));
            }
        }
    }
    Ok(Some(Translation { source, moved_chapters }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_translation_names_its_source() {
        let entry = "[[document]]\npath = \"a.txt\"\nlanguage = \"fr\"\nformat = \"page_export\"\ntitle = \"A\"\n";
        let m =
            Manifest::parse("m", &format!("{entry}translates = \"2011-02-04\"\nsource_chapters = {{ 205 = 204 }}\n"))
                .unwrap();
        let t = m.documents[0].translates.as_ref().unwrap();
        assert_eq!((t.source.to_string(), t.moved_chapters.as_slice()), ("2011-02-04".to_string(), &[(205, 204)][..]));
        let e = Manifest::parse("m", &format!("{entry}source_chapters = {{ 205 = 204 }}\n")).unwrap_err();
        assert!(e.to_string().contains("« source_chapters » va avec « translates »"), "{e}");
        let e =
            Manifest::parse("m", &format!("{entry}translates = \"2011-02-04\"\nsource_chapters = {{ 20 = 204 }}\n"))
                .unwrap_err();
        assert!(e.to_string().contains("chapitres « 20 = 204 » invalides"), "{e}");
    }

    #[test]
    fn errors_name_the_line() {
        let text = "[[document]]\npath = \"a.txt\"\nlanguage = \"fr\"\nedition = \"2011-13-01\"\nformat = \"page_export\"\ntitle = \"A\"\n";
        let e = Manifest::parse("rules/corpus.toml", text).unwrap_err().to_string();
        assert!(e.contains("ligne 4") && e.contains("2011-13-01"), "{e}");
        let e = Manifest::parse("m", "[[document]]\npath = \"a\"\nlangue = \"fr\"").unwrap_err().to_string();
        assert!(e.contains("ligne 3"), "{e}");
        let e = Manifest::parse(
            "m",
            "[[document]]\npath = \"../x\"\nlanguage = \"fr\"\nformat = \"page_export\"\ntitle = \"t\"",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("refusé"), "{e}");
    }
}
