//! The index documents made from the graph: which nodes are searched, and
//! for each, a document for the whole node and short passages (each
//! example, an article in stretches), with the fields of its language.

use std::sync::LazyLock;

use regex::Regex;
use tantivy::TantivyDocument;

use super::schema::Fields;
use super::weights::PASSAGE_CHARS;
use crate::graph::{Graph, NodeIdx, NodeKind, Origin};
use crate::lexicon::glosses::Gloss;
use crate::vocab::{Lang, RuleId};

/// Whether a node is a search document: rules and subrules with text (or a
/// title of their own and no subrules), chapter introductions, judge-class articles — of
/// the rules in force and of the French texts. An older edition of the
/// rules in force is history (its pages and `/regles/{id}/historique` show
/// it), and so is an English cell left untranslated in a French document
/// when its rule is in force: the rule in force is indexed in its place.
pub fn indexed(graph: &Graph, idx: NodeIdx) -> bool {
    let n = graph.node(idx);
    if let Some(current) = graph.current() {
        let translation = graph.is_translation(n.edition);
        let superseded = !translation && n.edition != current && graph.edition(n.edition).date.is_some();
        let untranslated = translation && n.language != graph.edition(n.edition).language;
        if superseded || (untranslated && graph.in_force(idx).is_some()) {
            return false;
        }
    }
    match n.kind {
        // A rule that is only a title (« 702.19. Trample ») is searched
        // through its subrules, which carry its title: the subrule that
        // answers comes first, not the heading above it.
        NodeKind::Rule | NodeKind::Subrule => {
            let heading_only =
                n.title.as_deref().is_some_and(|t| n.text.trim().is_empty() || n.text.trim() == t.trim());
            if heading_only && !n.children.is_empty() {
                return false;
            }
            n.has_text() || (n.origin == Origin::Heading && n.title.is_some())
        }
        NodeKind::Chapter | NodeKind::Section => n.has_text(),
        NodeKind::Article => true,
        _ => false,
    }
}

/// The index documents of a node: the whole node (text and examples), then
/// short passages — each example alone, an article in stretches — so that a
/// word rare in a long text (a card name in one example, « Trinisphère » in a
/// twelve-kilobyte article) is not drowned by the length of its field.
pub(super) fn documents_of(graph: &Graph, idx: NodeIdx, fields: &Fields) -> Vec<TantivyDocument> {
    let n = graph.node(idx);
    let mut docs = vec![document(graph, idx, fields)];
    let mut number = 0u64;
    let mut passage = |text: &str, lang: Lang, as_example: bool| {
        number += 1;
        let mut doc = header(graph, idx, fields);
        doc.add_u64(fields.passage, number);
        let f = fields.of(lang);
        let (stem, fold) = if as_example { (f.examples, f.examples_fold) } else { (f.text, f.text_fold) };
        doc.add_text(stem, text);
        doc.add_text(fold, text);
        add_context(graph, idx, fields, &mut doc);
        doc
    };
    if n.examples.len() > 1 {
        for &e in &n.examples {
            docs.push(passage(&graph.node(e).text, graph.node(e).language, true));
        }
    }
    if n.kind == NodeKind::Article {
        for stretch in stretches(&n.text, PASSAGE_CHARS) {
            docs.push(passage(stretch, n.language, false));
        }
    }
    docs
}

/// Splits a text into stretches of whole lines of about `size` bytes.
pub(super) fn stretches(text: &str, size: usize) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices('\n') {
        if i - start >= size {
            out.push(&text[start..i]);
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// The fields every document of a node carries: the node, its edition,
/// language, section and chapter.
pub(super) fn header(graph: &Graph, idx: NodeIdx, fields: &Fields) -> TantivyDocument {
    let n = graph.node(idx);
    let mut doc = TantivyDocument::default();
    doc.add_u64(fields.node, u64::from(idx.0));
    let ed = graph.edition(n.edition);
    doc.add_text(fields.edition, ed.date.map(|d| d.to_string()).unwrap_or_default());
    doc.add_text(fields.language, n.language.code());
    let place = n.id.or_else(|| n.covers.first().copied());
    if let Some(id) = place {
        doc.add_text(fields.section, id.section().to_string());
        if let Some(c) = id.chapter() {
            doc.add_text(fields.chapter, c.to_string());
        }
    }
    doc.add_u64(fields.rank, subrule_rank(n.id));
    doc
}

/// The index document of a whole node: title, first sentence, text, examples, context.
pub(super) fn document(graph: &Graph, idx: NodeIdx, fields: &Fields) -> TantivyDocument {
    let n = graph.node(idx);
    let mut doc = header(graph, idx, fields);
    doc.add_u64(fields.passage, 0);

    let f = fields.of(n.language);
    // The rule's own title, or its rule's (701.46a is « Aventurez-vous dans le donjon »).
    let title = n.title.clone().or_else(|| {
        let p = graph.node(n.parent?);
        matches!(p.kind, NodeKind::Rule).then(|| p.title.clone()).flatten()
    });
    if let Some(t) = &title {
        doc.add_text(f.title, t);
        doc.add_text(f.title_fold, t);
    }
    doc.add_text(f.lead, first_sentence(&n.text));
    if let Some(d) = defined(n.text.lines().next().unwrap_or("")) {
        doc.add_text(f.defines, d);
    }
    doc.add_text(f.text, &n.text);
    doc.add_text(f.text_fold, &n.text);
    for &e in &n.examples {
        let ex = graph.node(e);
        let ef = fields.of(ex.language);
        doc.add_text(ef.examples, &ex.text);
        doc.add_text(ef.examples_fold, &ex.text);
    }
    add_context(graph, idx, fields, &mut doc);
    doc
}

/// The index documents of a rule's French gloss ([`crate::lexicon::glosses`]):
/// the gloss (passage 0), then the question (passage [`QUESTION`]), each a
/// document of the rule's node in the French text fields. The question is
/// said as a judge types it: short, it is not drowned by the gloss's
/// length, as a rule's example is not by its text.
pub(super) fn gloss_documents(graph: &Graph, idx: NodeIdx, gloss: &Gloss, fields: &Fields) -> [TantivyDocument; 2] {
    [(0, &gloss.gloss), (QUESTION, &gloss.question)].map(|(passage, text)| {
        let mut doc = header(graph, idx, fields);
        doc.add_u64(fields.passage, passage);
        doc.add_text(fields.fr.text, text);
        doc.add_text(fields.fr.text_fold, text);
        doc
    })
}

/// The passage number of a gloss's question.
pub(super) const QUESTION: u64 = 1;

/// What surrounds a node: the kind of document and the chapter and section titles.
pub(super) fn add_context(graph: &Graph, idx: NodeIdx, fields: &Fields, doc: &mut TantivyDocument) {
    let n = graph.node(idx);
    let ed = graph.edition(n.edition);
    // What the document is, for a judge: a judge-class article is a « cours d'arbitre ».
    if n.kind == NodeKind::Article {
        doc.add_text(fields.fr.context, "cours d'arbitre");
        if let Some(k) = &n.heading {
            doc.add_text(fields.of(ed.language).context, k);
        }
    }
    // The chapter and section titles around the rule.
    let mut up = n.parent;
    while let Some(p) = up {
        let pn = graph.node(p);
        if matches!(pn.kind, NodeKind::Chapter | NodeKind::Section)
            && let Some(t) = &pn.title
        {
            doc.add_text(fields.of(ed.language).context, t);
        }
        up = pn.parent;
    }
}

/// The rank of a subrule among its siblings: 0 for `a` (and for a rule without
/// letter), 1 for `b`…
pub(super) fn subrule_rank(id: Option<RuleId>) -> u64 {
    match id {
        Some(RuleId::Subrule { letter, .. }) => u64::from(letter.rank()),
        _ => 0,
    }
}

/// The first sentence of a text: up to the first full stop followed by a
/// space, or the first line.
pub(super) fn first_sentence(text: &str) -> &str {
    let line = text.lines().next().unwrap_or("");
    match line.find(". ") {
        Some(i) => &line[..=i],
        None => line,
    }
}

pub(super) static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)
        (?:^|[.!?]\s+)Pour\s+(?P<pour>(?:qu['’]|\p{L}+(?:er|ir|re|oir)\b)[^,.;]{0,80}),   # « Pour voter, … »
        | (?:^|[.!?]\s+)To\s+(?P<to>[^,.;]{3,80}),                                      # « To cloak a card, … »
        | ^(?P<subject>[^.;]{3,120}?)\s(?:signifie|means)\b                              # « Contrecarrer un sort … signifie »",
    )
    .unwrap()
});

/// What a rule defines, in the phrasing of the rules: « Pour X, … » at the
/// start of a sentence of its first paragraph (X an infinitive or a « qu' »
/// clause, not « Pour chaque »), « X signifie … » opening it, and the English
/// « To X, … », « X means … ».
pub(super) fn defined(paragraph: &str) -> Option<&str> {
    // Most paragraphs define nothing: the fast test first, the captures only then.
    if !DEFINITION.is_match(paragraph) {
        return None;
    }
    let c = DEFINITION.captures(paragraph)?;
    let subject = ["pour", "to", "subject"].iter().find_map(|g| c.name(g))?.as_str();
    let conditional = ["Si ", "If ", "Quand ", "When ", "Lorsqu"].iter().any(|p| subject.starts_with(p));
    (!conditional).then_some(subject)
}
