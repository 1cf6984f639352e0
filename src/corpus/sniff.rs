//! Documents that are not plain text, told from their first bytes.
//!
//! A rules document is plain text. An RTF, PDF, Word, OpenDocument, HTML or
//! archive file holds text too, but wrapped in its format's markup: read as
//! text it gives lines like `100.1. These rules…` mixed with markup, which a
//! parser would take for rules. Such a file is refused before decoding, with
//! its format named and what to do (« document RTF : enregistrez-le en texte
//! brut »).

/// A format arbitre does not read, recognised from the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Foreign {
    /// What the file is, in French (« document RTF », « page HTML »).
    pub format: &'static str,
    /// What to do instead, in French.
    pub advice: &'static str,
}

const SAVE_AS_TEXT: &str = "enregistrez-le en texte brut (.txt, UTF-8) depuis le logiciel qui l'ouvre";
const EXTRACT: &str = "extrayez-en les documents texte (.txt) et donnez-les un par un";
const NOT_A_DOCUMENT: &str = "ce n'est pas un document de règles";

/// Signatures at the start of the file: bytes, format, advice.
const MAGIC: &[(&[u8], &str, &str)] = &[
    (b"{\\rtf", "document RTF", SAVE_AS_TEXT),
    (b"%PDF-", "document PDF", "copiez-en le texte dans un fichier texte brut (.txt, UTF-8)"),
    (&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], "document Word 97-2003 (.doc)", SAVE_AS_TEXT),
    (&[0x1F, 0x8B], "archive gzip", "décompressez-la d'abord"),
    (b"7z\xBC\xAF\x27\x1C", "archive 7z", EXTRACT),
    (b"Rar!\x1A\x07", "archive RAR", EXTRACT),
    (b"\x89PNG", "image PNG", NOT_A_DOCUMENT),
    (&[0xFF, 0xD8, 0xFF], "image JPEG", NOT_A_DOCUMENT),
    (b"GIF8", "image GIF", NOT_A_DOCUMENT),
    (b"\x7FELF", "programme (ELF)", NOT_A_DOCUMENT),
];

/// The non-text format of a file, if its first bytes say one.
pub fn foreign(bytes: &[u8]) -> Option<Foreign> {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    if let Some((_, format, advice)) = MAGIC.iter().find(|(magic, ..)| bytes.starts_with(magic)) {
        return Some(Foreign { format, advice });
    }
    if bytes.starts_with(b"PK\x03\x04") {
        return Some(zip_kind(bytes));
    }
    markup(bytes)
}

/// What a ZIP file is: Office and OpenDocument files are ZIP archives whose
/// first entries name them.
fn zip_kind(bytes: &[u8]) -> Foreign {
    let head = &bytes[..bytes.len().min(4096)];
    let has = |needle: &[u8]| head.windows(needle.len()).any(|w| w == needle);
    let (format, advice) = if has(b"word/") {
        ("document Word (.docx)", SAVE_AS_TEXT)
    } else if has(b"application/vnd.oasis.opendocument.text") {
        ("document OpenDocument (.odt)", SAVE_AS_TEXT)
    } else if has(b"application/epub+zip") {
        ("livre EPUB", SAVE_AS_TEXT)
    } else if has(b"xl/") || has(b"ppt/") {
        ("document Office (tableur ou présentation)", SAVE_AS_TEXT)
    } else {
        ("archive ZIP", EXTRACT)
    };
    Foreign { format, advice }
}

/// HTML and XML, told from their first tag (after blanks and a BOM in UTF-8).
fn markup(bytes: &[u8]) -> Option<Foreign> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    let head: Vec<u8> = bytes[start..bytes.len().min(start + 256)].to_ascii_lowercase();
    let opens = |tag: &[u8]| head.starts_with(tag);
    if opens(b"<!doctype html") || opens(b"<html") || (opens(b"<?xml") && has_html(&head)) {
        Some(Foreign { format: "page HTML", advice: "enregistrez la page en texte brut (.txt) ou copiez-en le texte" })
    } else if opens(b"<?xml") {
        Some(Foreign { format: "document XML", advice: SAVE_AS_TEXT })
    } else {
        None
    }
}

fn has_html(head: &[u8]) -> bool {
    head.windows(5).any(|w| w == b"<html")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_named() {
        let name = |b: &[u8]| foreign(b).map(|f| f.format);
        assert_eq!(name(b"{\\rtf1\\ansi 100.1. These rules"), Some("document RTF"));
        assert_eq!(name(b"%PDF-1.4\n100.1."), Some("document PDF"));
        assert_eq!(name(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]), Some("document Word 97-2003 (.doc)"));
        assert_eq!(name(b"PK\x03\x04....word/document.xml"), Some("document Word (.docx)"));
        assert_eq!(
            name(b"PK\x03\x04....mimetypeapplication/vnd.oasis.opendocument.text"),
            Some("document OpenDocument (.odt)")
        );
        assert_eq!(name(b"PK\x03\x04 rules.txt"), Some("archive ZIP"));
        assert_eq!(name(b"\xEF\xBB\xBF  <!DOCTYPE html><html>"), Some("page HTML"));
        assert_eq!(name(b"\n<HTML><body>608.2b"), Some("page HTML"));
        assert_eq!(name(b"<?xml version=\"1.0\"?><rules/>"), Some("document XML"));
    }

    #[test]
    fn text_is_not_foreign() {
        assert_eq!(foreign(b"Magic: The Gathering Comprehensive Rules\n100.1. These rules"), None);
        assert_eq!(foreign("608.2b Si le sort… <cible>".as_bytes()), None);
        assert_eq!(foreign(b"MZ est un mot"), None);
        assert_eq!(foreign(b""), None);
    }
}
