//! From graph nodes to what pages show: addresses, links with previews,
//! linked text, Markdown. Every handler builds its links here.
//!
//! Every text a page shows goes through here, escaped. A rule's text is cut
//! at the spans its references occupy (the graph records them), and each
//! span becomes a link: to the rule, to the chapter or section known by its
//! title only (marked as such), or a plain marked span when the reference
//! leads nowhere. A range (« 608.2c-j ») links to its first rule, and the
//! paragraph is followed by the expansion, one link per rule.

use std::fmt::Write as _;

use pulldown_cmark::{Event, Parser, Tag, TagEnd, html};

use super::pages::Link;
use crate::graph::{Edge, Graph, NodeIdx, NodeKind, Resolution};
use crate::text::escape_html;
use crate::vocab::{Edition, Lang, RuleId, refs};

/// The key of an edition in URLs: `fr-2011-02-04`, or `fr` for undated documents.
pub fn key_of(edition: &Edition) -> String {
    match edition.date {
        Some(d) => format!("{}-{d}", edition.language),
        None => edition.language.to_string(),
    }
}

/// The key of a node's edition in URLs.
pub fn edition_key(graph: &Graph, idx: NodeIdx) -> String {
    key_of(graph.edition(graph.node(idx).edition))
}

/// The address of a numbered node: its plain number when that gives it
/// (`/regles/701.19` for the French 701.15 « régénérer », the text shown for
/// the rule in force), else its number in its edition with the edition
/// named ([`edition_path`]).
fn rule_path(graph: &Graph, idx: NodeIdx, prefix: &str) -> String {
    match graph.plain_id(idx) {
        Some(id) => format!("{prefix}{id}"),
        None => edition_path(graph, idx, prefix),
    }
}

/// The address of a numbered node in its own edition, whatever a plain
/// number gives: `/regles/608.2g?edition=fr-2011-02-04` (a permalink to a text).
fn edition_path(graph: &Graph, idx: NodeIdx, prefix: &str) -> String {
    let n = graph.node(idx);
    let mut path = format!("{prefix}{}?edition={}", n.label(), edition_key(graph, idx));
    if n.occurrence > 0 {
        let _ = write!(path, "&occurrence={}", n.occurrence + 1);
    }
    path
}

/// The history page of a numbered node: `/regles/608.2h/historique`, with
/// the edition named when a plain number does not give the node.
pub fn history_url_of(graph: &Graph, idx: NodeIdx) -> String {
    let path = rule_path(graph, idx, "/regles/");
    match path.split_once('?') {
        Some((rule, query)) => format!("{rule}/historique?{query}"),
        None => format!("{path}/historique"),
    }
}

/// The permalink of a text: the page of this node in its edition.
pub fn permalink_of(graph: &Graph, idx: NodeIdx) -> String {
    edition_path(graph, idx, "/regles/")
}

/// The page of a node, if it has one.
pub fn url_of(graph: &Graph, idx: NodeIdx) -> Option<String> {
    let n = graph.node(idx);
    match n.kind {
        NodeKind::Section | NodeKind::Chapter | NodeKind::Rule | NodeKind::Subrule => {
            Some(rule_path(graph, idx, "/regles/"))
        }
        NodeKind::Example => {
            let parent = n.parent?;
            Some(format!("{}#{}", url_of(graph, parent)?, anchor_of(graph, idx)))
        }
        NodeKind::Article => Some(format!("/cours/{}", n.key)),
        NodeKind::Glossary => Some(format!("/glossaire/{}", path_segment(&n.key))),
        _ => None,
    }
}

/// Text as one segment of an address: unreserved characters as they are,
/// every other byte percent-encoded (« Last Known Information » →
/// `Last%20Known%20Information`).
pub fn path_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b => {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
    out
}

/// The JSON of a node, for hover previews.
pub fn api_url_of(graph: &Graph, idx: NodeIdx) -> Option<String> {
    graph.node(idx).id.map(|_| rule_path(graph, idx, "/api/regles/"))
}

/// A node's anchor: Yawgatog's `R6082b` for numbered nodes (by the number a
/// judge cites them by), `R6082b-ex1` for examples.
pub fn anchor_of(graph: &Graph, idx: NodeIdx) -> String {
    let n = graph.node(idx);
    match (graph.cited_id(idx), n.kind, n.parent) {
        (Some(id), _, _) => id.anchor(),
        (None, NodeKind::Example, Some(p)) => {
            let rank = graph.node(p).examples.iter().position(|&e| e == idx).unwrap_or(0) + 1;
            format!("{}-ex{rank}", anchor_of(graph, p))
        }
        _ => n.key.clone(),
    }
}

/// The `lang` attribute of a passage: « en » for English text, empty for
/// French, the page's language.
pub fn lang_of(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "",
        Lang::En => lang.code(),
    }
}

/// Whether a node is English text inside a French edition: a cell the
/// French document left untranslated (the 701 table has 71).
pub fn untranslated(g: &Graph, idx: NodeIdx) -> bool {
    let n = g.node(idx);
    n.language == Lang::En && g.edition(n.edition).language == Lang::Fr
}

/// The French heading of an English rule, for a judge reading French: the
/// French name the vocabulary gives its title (702.19b « Trample » →
/// « Piétinement »), else the French title of its chapter (« Capacités
/// mot-clé »); `None` for a French text or when nothing names it in French.
pub fn french_heading(g: &Graph, idx: NodeIdx) -> Option<String> {
    if g.node(idx).language == Lang::Fr {
        return None;
    }
    let lexicon = crate::lexicon::Lexicon::embedded();
    let named = |title: &str| lexicon.by_english(title).first().map(|e| capitalized(&e.fr));
    if let Some(name) = g.display_title(idx).and_then(named) {
        return Some(name);
    }
    let mut up = Some(idx);
    while let Some(u) = up {
        let n = g.node(u);
        if n.kind == crate::graph::NodeKind::Chapter {
            return g.french_title(u).map(str::to_string).or_else(|| n.title.as_deref().and_then(named));
        }
        up = n.parent;
    }
    None
}

/// A text's first words, up to `max` characters, cut after a word and
/// marked « … » when cut; the first sentence only.
pub fn first_words(text: &str, max: usize) -> String {
    let first = text.lines().next().unwrap_or("").trim();
    let sentence = first.find(". ").map_or(first, |i| &first[..=i]);
    if sentence.chars().count() <= max {
        return sentence.trim_end_matches('.').to_string();
    }
    let mut out = String::new();
    for word in sentence.split_whitespace() {
        if out.chars().count() + word.chars().count() + 1 > max {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    let out = out.trim_end_matches([',', ';', ':', '(', '—']).trim_end().to_string();
    format!("{out}…")
}

/// A name with its first letter in capital (« piétinement » → « Piétinement »).
fn capitalized(name: &str) -> String {
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Links to the existing rules nearest to an id.
pub fn nearest(g: &Graph, id: RuleId) -> Vec<Link> {
    g.nearest(id, 6).into_iter().filter_map(|n| g.find(n)).map(|n| link(g, n, None)).collect()
}

/// A link to a node, labelled with the number a judge cites it by (or its
/// title), with its preview.
pub fn link(g: &Graph, idx: NodeIdx, note: Option<String>) -> Link {
    let n = g.node(idx);
    let label = match n.kind {
        NodeKind::Article => n.title.clone().unwrap_or_default(),
        _ if n.id.is_some() => g.cited_label(idx),
        _ => n.label(),
    };
    Link { label, url: url_of(g, idx).unwrap_or_default(), preview: api_url_of(g, idx), note: note.unwrap_or_default() }
}

/// A link to a node with its preview, as HTML: `<a class="ref" …>label</a>`.
fn node_link(graph: &Graph, target: NodeIdx, label: &str, class: &str, title: Option<&str>) -> String {
    let mut out = String::new();
    match url_of(graph, target) {
        Some(url) => {
            let _ = write!(out, "<a class=\"{class}\" href=\"{}\"", escape_html(&url));
            if let Some(api) = api_url_of(graph, target) {
                let _ = write!(out, " data-preview=\"{}\"", escape_html(&api));
            }
            if let Some(t) = title {
                let _ = write!(out, " title=\"{}\"", escape_html(t));
            }
            let _ = write!(out, ">{}</a>", escape_html(label));
        }
        None => out.push_str(&escape_html(label)),
    }
    out
}

/// One reference span: the link for its text.
fn reference_html(graph: &Graph, edges: &[&Edge], printed: &str) -> String {
    let first = edges[0];
    match graph.leads_to(first) {
        Resolution::Resolved(t) => node_link(graph, t, printed, "ref", None),
        Resolution::TitleOnly(t) => {
            let tn = graph.node(t);
            let what = if tn.kind == NodeKind::Section { "la section" } else { "le chapitre" };
            let title = format!(
                "{} : texte absent du corpus ; lien vers {what} {} « {} »",
                first.target,
                tn.label(),
                tn.title.as_deref().unwrap_or("")
            );
            node_link(graph, t, printed, "ref titre-seul", Some(&title))
        }
        Resolution::Dangling => format!(
            "<span class=\"ref pendante\" title=\"{} : introuvable dans le corpus\">{}</span>",
            escape_html(&first.target.to_string()),
            escape_html(printed)
        ),
    }
}

/// A node's text as HTML paragraphs, every cross-reference a link, ranges
/// expanded after their paragraph.
pub fn text_html(graph: &Graph, idx: NodeIdx) -> String {
    let node = graph.node(idx);
    let text = &node.text;
    let edges = graph.references(idx);
    // Group the edges by span: « 608.2c-j » is eight edges, one span.
    let mut spans: Vec<(usize, usize, Vec<&Edge>)> = Vec::new();
    for e in edges {
        let (s, t) = (e.span.start as usize, e.span.end as usize);
        match spans.last_mut() {
            Some(last) if last.0 == s && last.1 == t => last.2.push(e),
            _ => spans.push((s, t, vec![e])),
        }
    }
    spans.sort_by_key(|s| s.0);

    let mut out = String::new();
    let mut spans = spans.into_iter().peekable();
    let mut offset = 0;
    for line in text.split('\n') {
        let end = offset + line.len();
        let mut expansions: Vec<String> = Vec::new();
        out.push_str("<p>");
        let mut at = offset;
        while let Some((s, t, _)) = spans.peek() {
            if *s >= end || *t > end {
                break;
            }
            let (s, t, group) = spans.next().expect("peeked");
            out.push_str(&escape_html(&text[at..s]));
            let printed = &text[s..t];
            out.push_str(&reference_html(graph, &group, printed));
            if group.len() > 1 {
                let links: Vec<String> = group
                    .iter()
                    .map(|e| match graph.leads_to(e) {
                        Resolution::Resolved(n) => node_link(graph, n, &e.target.to_string(), "ref", None),
                        _ => reference_html(graph, &[e], &e.target.to_string()),
                    })
                    .collect();
                expansions.push(format!("« {} » : {}", escape_html(printed), links.join(" · ")));
            }
            at = t;
        }
        out.push_str(&escape_html(&text[at..end]));
        out.push_str("</p>\n");
        for x in expansions {
            let _ = writeln!(out, "<p class=\"expansion\">{x}</p>");
        }
        offset = end + 1;
    }
    out
}

/// A word-level difference as HTML: removed words in `<del>`, added in `<ins>`.
pub fn diff_html(old: &str, new: &str) -> String {
    crate::text::word_diff(old, new)
        .iter()
        .map(|p| match p.kind {
            crate::text::DiffKind::Same => escape_html(&p.text),
            crate::text::DiffKind::Removed => format!("<del>{}</del>", escape_html(&p.text)),
            crate::text::DiffKind::Added => format!("<ins>{}</ins>", escape_html(&p.text)),
        })
        .collect()
}

/// Plain text with its rule numbers linked (for articles): each reference
/// found in the text links to the rule a plain id gives.
pub fn link_numbers(graph: &Graph, text: &str) -> String {
    let (found, _) = refs::extract(text);
    let mut out = String::new();
    let mut at = 0;
    for r in found {
        let target =
            r.targets.first().and_then(|&t| graph.find(t).or_else(|| t.ancestors().find_map(|a| graph.find(a))));
        out.push_str(&escape_html(&text[at..r.span.start]));
        let printed = &text[r.span.clone()];
        match target {
            Some(n) => out.push_str(&node_link(graph, n, printed, "ref", None)),
            None => out.push_str(&escape_html(printed)),
        }
        at = r.span.end;
    }
    out.push_str(&escape_html(&text[at..]));
    out
}

/// Markdown to HTML, with the rule numbers of its text linked. Raw HTML in
/// the Markdown is shown as text, never interpreted.
pub fn markdown_html(graph: &Graph, markdown: &str) -> String {
    let mut in_link = 0usize;
    let events = Parser::new(markdown).map(|event| match event {
        Event::Start(Tag::Link { .. }) => {
            in_link += 1;
            event
        }
        Event::End(TagEnd::Link) => {
            in_link = in_link.saturating_sub(1);
            event
        }
        Event::Text(t) if in_link == 0 => Event::InlineHtml(link_numbers(graph, &t).into()),
        Event::Html(h) | Event::InlineHtml(h) => Event::Text(h),
        other => other,
    });
    let mut out = String::new();
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_links_rule_numbers_and_shows_html_as_text() {
        let g = crate::load(&[]).graph;
        let html = markdown_html(
            &g,
            "## Cible\n\nVoir la règle 608.2b et [un lien](https://x.invalid/608.2c).\n\n<script>alert(1)</script>",
        );
        assert!(html.contains("<h2>Cible</h2>"), "{html}");
        assert!(
            html.contains("<a class=\"ref\" href=\"/regles/608.2b\" data-preview=\"/api/regles/608.2b\">608.2b</a>"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"https://x.invalid/608.2c\">un lien</a>"),
            "numbers inside links stay as they are: {html}"
        );
        assert!(!html.contains("<script>") && html.contains("&lt;script&gt;"), "{html}");
    }

    #[test]
    fn dangling_and_title_only_references() {
        // The French documents alone: no English edition to follow references into.
        let rules = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let french: Vec<_> = ["fr-2011-801-portee-d-influence-limitee.txt", "fr-2024-701-actions-mot-cle.txt"]
            .map(|f| rules.join(f))
            .to_vec();
        let g = crate::load(&french).graph;
        // 801.12 cites 704.5k: not in these documents, linked to chapter 704 known by its title.
        let idx = g.lookup("801.12").unwrap();
        let html = text_html(&g, idx);
        assert!(html.contains("class=\"ref titre-seul\" href=\"/regles/704\""), "{html}");
        assert!(html.contains("texte absent du corpus"), "{html}");
    }

    #[test]
    fn french_references_lead_to_the_french_text_or_the_rule_in_force() {
        let g = crate::load(&[]).graph;
        let french = |date: &str, id: &str| {
            let e = g
                .editions()
                .iter()
                .position(|e| e.language == Lang::Fr && e.date.is_some_and(|d| d.to_string() == date));
            let e = crate::graph::EditionIdx(e.expect("French edition") as u16);
            g.occurrences(e, RuleId::parse(id).unwrap())[0]
        };
        // The 2024 701.53b cites 608.2d: the 2011 French text of that rule,
        // not the 2024 table's chapter 608, known by its title only.
        let html = text_html(&g, french("2024-03-08", "701.53b"));
        assert!(html.contains(">608.2d</a>") && !html.contains("titre-seul"), "{html}");
        let edge = g.references(french("2024-03-08", "701.53b")).iter().find(|e| e.target.to_string() == "608.2d");
        let to = g.leads_to(edge.expect("701.53b cites 608.2d")).node().expect("leads somewhere");
        assert_eq!((g.node(to).language, g.edition(g.node(to).edition).label()), (Lang::Fr, "fr 2011-02-04".into()));
        // The 2011 205.4d cites the legend rule by its 2011 number, 704.5k:
        // it leads to the legend rule in force, 704.5j, not to today's 704.5k.
        let edge = g.references(french("2011-02-04", "205.4d")).iter().find(|e| e.target.to_string() == "704.5k");
        let to = g.leads_to(edge.expect("205.4d cites 704.5k")).node().expect("leads somewhere");
        assert_eq!(g.node(to).label(), "704.5j");
        assert!(g.node(to).text.contains("legend rule"), "{}", g.node(to).text);
    }
}
