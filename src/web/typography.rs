//! French typography on a rendered page: [`crate::text::french_typography`]
//! applied to the text between tags, never to tags, attributes (links, ids),
//! nor to what must stay as typed — `<textarea>` (the scenario editor),
//! `<pre>`, `<code>`, `<script>`, `<style>`. Askama escapes `'` as `&#39;`:
//! an escaped apostrophe between two letters is made curly too.

use std::borrow::Cow;

use crate::text::french_typography;

/// Elements whose text is left as it is.
const VERBATIM: [&str; 5] = ["textarea", "pre", "code", "script", "style"];

/// The page with French typography in its text.
pub fn page(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 50);
    let mut rest = html;
    // The verbatim element we are in, if any.
    let mut verbatim: Option<&str> = None;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            out.push_str(&text(rest, verbatim.is_some()));
            break;
        };
        out.push_str(&text(&rest[..lt], verbatim.is_some()));
        rest = &rest[lt..];
        // A comment, or a tag: copied whole.
        let end = if rest.starts_with("<!--") {
            rest.find("-->").map_or(rest.len(), |i| i + 3)
        } else {
            rest.find('>').map_or(rest.len(), |i| i + 1)
        };
        let tag = &rest[..end];
        let name: String = tag
            .trim_start_matches('<')
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        match verbatim {
            Some(v) if tag.starts_with("</") && name == v => verbatim = None,
            None if !tag.starts_with("</") && !tag.starts_with("<!") => {
                verbatim = VERBATIM.iter().find(|v| **v == name).copied();
            }
            _ => {}
        }
        out.push_str(tag);
        rest = &rest[end..];
    }
    out
}

/// One run of text between tags.
fn text(run: &str, verbatim: bool) -> Cow<'_, str> {
    if verbatim {
        return Cow::Borrowed(run);
    }
    let run: Cow<'_, str> = if run.contains("&#39;") { Cow::Owned(curly_escaped(run)) } else { Cow::Borrowed(run) };
    match french_typography(&run) {
        Cow::Borrowed(_) => run,
        Cow::Owned(s) => Cow::Owned(s),
    }
}

/// `l&#39;enchantement` → `l’enchantement`, and an apostrophe after a letter
/// at the end of a run (`d&#39;<mark>aura</mark>`: an elision before an
/// inline tag); other escaped apostrophes stay.
fn curly_escaped(run: &str) -> String {
    let mut out = String::with_capacity(run.len());
    let mut rest = run;
    while let Some(i) = rest.find("&#39;") {
        let before = rest[..i].chars().next_back();
        let after = rest[i + 5..].chars().next();
        out.push_str(&rest[..i]);
        let letters = before.is_some_and(char::is_alphabetic) && after.is_none_or(char::is_alphabetic);
        out.push_str(if letters { "’" } else { "&#39;" });
        rest = &rest[i + 5..];
    }
    out.push_str(rest);
    out
}

/// Rendering a page in French: the template, then the typography.
pub trait French: askama::Template {
    /// The page, rendered, with French typography in its text.
    fn french(&self) -> askama::Result<String> {
        Ok(page(&self.render()?))
    }
}

impl<T: askama::Template> French for T {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_only() {
        let html =
            "<p title=\"a : b\">Protection : « cible » ; l&#39;aura ?</p><a href=\"/regles/608.2b\">RC 608.2b</a>";
        let out = page(html);
        assert_eq!(
            out,
            "<p title=\"a : b\">Protection\u{a0}: «\u{202f}cible\u{202f}»\u{202f}; l’aura\u{202f}?</p><a href=\"/regles/608.2b\">RC 608.2b</a>"
        );
        let editor = "<textarea>texte = \"l'aura : x\"</textarea><p>l'aura : x</p>";
        assert_eq!(page(editor), "<textarea>texte = \"l'aura : x\"</textarea><p>l’aura\u{a0}: x</p>");
        assert_eq!(page("<script>a ? b : c</script>"), "<script>a ? b : c</script>");
        assert_eq!(page("<!-- a : b --><b>c</b>"), "<!-- a : b --><b>c</b>");
        assert_eq!(page("<mark>Salve</mark> d&#39;<mark>aura</mark>"), "<mark>Salve</mark> d’<mark>aura</mark>");
    }
}
