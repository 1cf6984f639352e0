//! From raw bytes to numbered lines of NFC text.
//!
//! Rules documents found in the wild come with a UTF-8 byte-order mark, in
//! UTF-16, in Windows-1252, with CRLF, LF or bare CR line ends (the 2026
//! English edition mixes CRLF and CR). This module reads the bytes as they are
//! and either produces lines of text or a [`LoadError`] that names the file,
//! the line and what is wrong. Every line is normalized to NFC so that an
//! accent typed as a combining mark and a precomposed accent are the same text.
//!
//! Decoding is decided from the bytes only:
//! 1. a byte-order mark (UTF-8, UTF-16 LE/BE; UTF-32 is refused);
//! 2. without one, NUL bytes in a regular pattern mean UTF-16, any other NUL
//!    means a binary file;
//! 3. valid UTF-8 is UTF-8;
//! 4. invalid UTF-8 is read as Windows-1252 with a warning, unless the result is
//!    full of control characters (then it is binary).

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use super::LoadError;

/// A decoded document: its lines and how the bytes were read.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// The lines, NFC-normalized, without their line ends; `lines[0]` is line 1.
    pub lines: Vec<String>,
    /// The encoding the bytes were read in.
    pub encoding: Encoding,
    /// For a Windows-1252 fallback: the line of the first byte that was not UTF-8.
    pub first_invalid_utf8_line: Option<u32>,
}

/// The character encodings a document may be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8, with or without a byte-order mark.
    Utf8,
    /// UTF-16, little-endian.
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
    /// Windows-1252 (read when the bytes are not valid UTF-8).
    Windows1252,
}

impl Encoding {
    /// The encoding's usual name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
            Encoding::Windows1252 => "Windows-1252",
        }
    }
}

/// Decodes `bytes` read from `path` (used in error messages) into lines.
pub fn decode(path: &str, bytes: &[u8]) -> Result<SourceText, LoadError> {
    let err = |line: u32, detail: String| LoadError::Content { path: path.to_string(), line, detail };
    if bytes.is_empty() {
        return Err(LoadError::Empty { path: path.to_string() });
    }
    if bytes.starts_with(&[0xFF, 0xFE, 0, 0]) || bytes.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Err(err(1, "encodage UTF-32 non pris en charge ; enregistrez le fichier en UTF-8".into()));
    }

    let (text, encoding, first_invalid) = if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        (utf8(rest).map_err(|line| err(line, invalid_utf8_after_bom()))?, Encoding::Utf8, None)
    } else if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        (utf16(rest, Encoding::Utf16Le).map_err(|d| err(1, d))?, Encoding::Utf16Le, None)
    } else if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        (utf16(rest, Encoding::Utf16Be).map_err(|d| err(1, d))?, Encoding::Utf16Be, None)
    } else if let Some(nul) = bytes.iter().position(|&b| b == 0) {
        match utf16_without_bom(bytes) {
            Some(enc) => (utf16(bytes, enc).map_err(|d| err(1, d))?, enc, None),
            None => {
                let line = line_of_offset(bytes, nul);
                return Err(err(line, "contenu binaire (octet nul) : ce n'est pas un document texte".into()));
            }
        }
    } else {
        match utf8(bytes) {
            Ok(text) => (text, Encoding::Utf8, None),
            Err(line) => {
                let (text, _, _) = encoding_rs::WINDOWS_1252.decode(bytes);
                (text.into_owned(), Encoding::Windows1252, Some(line))
            }
        }
    };

    if let Some((offset, count)) = too_many_controls(&text) {
        let line = line_of_offset(text.as_bytes(), offset);
        let how = if encoding == Encoding::Windows1252 {
            "ni UTF-8 valide ni texte Windows-1252 plausible"
        } else {
            "texte illisible"
        };
        return Err(err(line, format!("{how} ({count} caractères de contrôle) : ce n'est pas un document texte")));
    }

    let lines = split_lines(&text);
    if lines.iter().all(|l| l.trim().is_empty()) {
        return Err(LoadError::Empty { path: path.to_string() });
    }
    Ok(SourceText { lines, encoding, first_invalid_utf8_line: first_invalid })
}

fn invalid_utf8_after_bom() -> String {
    "le fichier commence par une marque UTF-8 (BOM) mais contient des octets qui ne sont pas de l'UTF-8".into()
}

/// Valid UTF-8 as a `String`, or the line of the first invalid byte.
fn utf8(bytes: &[u8]) -> Result<String, u32> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => Err(line_of_offset(bytes, e.valid_up_to())),
    }
}

fn utf16(bytes: &[u8], enc: Encoding) -> Result<String, String> {
    if !bytes.len().is_multiple_of(2) {
        return Err(format!("{} tronqué : nombre impair d'octets", enc.name()));
    }
    let codec = if enc == Encoding::Utf16Le { encoding_rs::UTF_16LE } else { encoding_rs::UTF_16BE };
    codec
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|s| s.into_owned())
        .ok_or_else(|| format!("{} mal formé (surrogate isolé)", enc.name()))
}

/// Recognizes UTF-16 without a byte-order mark: ASCII text in UTF-16 has a
/// NUL in every other byte.
fn utf16_without_bom(bytes: &[u8]) -> Option<Encoding> {
    if bytes.len() < 4 || !bytes.len().is_multiple_of(2) {
        return None;
    }
    let pairs = bytes.len() / 2;
    let high_zero_odd = bytes.chunks_exact(2).filter(|p| p[1] == 0 && p[0] != 0).count();
    let high_zero_even = bytes.chunks_exact(2).filter(|p| p[0] == 0 && p[1] != 0).count();
    if high_zero_odd * 10 >= pairs * 7 {
        Some(Encoding::Utf16Le)
    } else if high_zero_even * 10 >= pairs * 7 {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// The byte offset and number of control characters when they make up more
/// than 1 % of the text (a text file has none but tabs and line ends).
fn too_many_controls(text: &str) -> Option<(usize, usize)> {
    // Read bytes: C0 controls and DEL are single bytes, C1 controls are
    // 0xC2 0x80–0x9F; every byte that is not a continuation starts a character.
    let bytes = text.as_bytes();
    let mut first = None;
    let mut count = 0usize;
    let mut chars = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        if b & 0xC0 != 0x80 {
            chars += 1;
        }
        let c0 = (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f;
        let c1 = b == 0xC2 && bytes.get(i + 1).is_some_and(|n| (0x80..=0x9F).contains(n));
        if c0 || c1 {
            count += 1;
            first.get_or_insert(i);
        }
    }
    (count > 0 && count * 100 > chars).then(|| (first.unwrap_or(0), count))
}

/// The 1-based line holding byte `offset`, counting CRLF, CR and LF as line ends.
fn line_of_offset(bytes: &[u8], offset: usize) -> u32 {
    let head = &bytes[..offset.min(bytes.len())];
    let mut line = 1u32;
    let mut prev_cr = false;
    for &b in head {
        match b {
            b'\n' if prev_cr => {}
            b'\n' | b'\r' => line = line.saturating_add(1),
            _ => {}
        }
        prev_cr = b == b'\r';
    }
    line
}

/// Splits on CRLF, bare CR and LF, and normalizes each line to NFC.
fn split_lines(text: &str) -> Vec<String> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut rest = text;
    loop {
        match rest.bytes().position(|b| b == b'\r' || b == b'\n') {
            Some(i) => {
                lines.push(nfc(&rest[..i]));
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
            }
            None => {
                if !rest.is_empty() {
                    lines.push(nfc(rest));
                }
                break;
            }
        }
    }
    lines
}

/// NFC normalization, skipped when the quick check says the text already is.
pub fn nfc(s: &str) -> String {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => s.to_string(),
        _ => s.nfc().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_and_bom() {
        let t = decode("x", b"\xEF\xBB\xBFa\r\nb\rc\n\nd").unwrap();
        assert_eq!(t.lines, ["a", "b", "c", "", "d"]);
        assert_eq!(t.encoding, Encoding::Utf8);
    }

    #[test]
    fn utf16_with_and_without_bom() {
        let mut le = vec![0xFF, 0xFE];
        for u in "règle 608.2b\r\n".encode_utf16() {
            le.extend(u.to_le_bytes());
        }
        assert_eq!(decode("x", &le).unwrap().lines, ["règle 608.2b"]);
        let be: Vec<u8> = "Exemple".encode_utf16().flat_map(|u| u.to_be_bytes()).collect();
        let t = decode("x", &be).unwrap();
        assert_eq!((t.lines[0].as_str(), t.encoding), ("Exemple", Encoding::Utf16Be));
    }

    #[test]
    fn windows_1252_fallback() {
        let t = decode("x", b"ligne 1\nR\xE8gle \x93cible\x94").unwrap();
        assert_eq!(t.lines[1], "Règle “cible”");
        assert_eq!((t.encoding, t.first_invalid_utf8_line), (Encoding::Windows1252, Some(2)));
    }

    #[test]
    fn decomposed_accents_become_composed() {
        let t = decode("x", "re\u{301}solution".as_bytes()).unwrap();
        assert_eq!(t.lines[0], "résolution");
    }

    #[test]
    fn binary_and_empty_are_errors() {
        assert!(matches!(decode("x", b""), Err(LoadError::Empty { .. })));
        assert!(matches!(decode("x", b" \n\t\n"), Err(LoadError::Empty { .. })));
        let e = decode("f.bin", b"abc\n\x00\x01\x02\x03\x89PNG").unwrap_err();
        assert!(e.to_string().contains("f.bin"), "{e}");
        assert!(e.to_string().contains("ligne 2"), "{e}");
    }
}
