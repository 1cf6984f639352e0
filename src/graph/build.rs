//! Building the graph from parsed documents. See the parent module for the
//! three steps (nodes, hierarchy, links).

use super::node::{Edge, EdgeIdx, EditionIdx, Node, NodeIdx, NodeKind, Origin, Resolution, SourceRef};
use super::{Document, Graph, Owner};
use crate::corpus::language;
use crate::corpus::toc::{TocEntry, TocTarget};
use crate::corpus::{Item, ItemKind, ParsedDocument};
use crate::text::{fold, quote, slug};
use crate::vocab::{Anomaly, AnomalyKind, Edition, Lang, RuleId, refs};

/// A rule whose text is one short line without final punctuation is a title
/// (« 205.2. Types de cartes », « 701.2. Activate »).
const MAX_TITLE_CHARS: usize = 60;

/// What the items of one document share while they are added: where they
/// come from, and what the items before them became.
struct Adding {
    /// The document's index in the graph.
    document: usize,
    /// Its path (the key of its table of contents).
    path: String,
    edition: EditionIdx,
    language: Lang,
    /// The document's own node.
    node: NodeIdx,
    /// The last rule seen, to report one out of order.
    previous_rule: Option<(RuleId, u32)>,
    /// The node each item before became (an example finds its rule here).
    item_nodes: Vec<Option<NodeIdx>>,
}

impl Adding {
    fn at(&self, line: u32) -> SourceRef {
        SourceRef { document: self.document, line }
    }
}

/// The parts of an article item.
struct Article<'a> {
    kicker: &'a [String],
    title: &'a String,
    markdown: &'a String,
    covers: &'a Vec<RuleId>,
}

impl Graph {
    /// Builds the graph from parsed documents, in the order given.
    pub fn build(documents: Vec<ParsedDocument>) -> Graph {
        let mut g = Graph::default();
        for doc in documents {
            g.add_document(doc);
        }
        g.complete_hierarchy();
        g.link();
        g.sort_anomalies();
        g.follow_rules();
        g
    }

    /// Sorts anomalies by document, line and kind, and renumbers the lines
    /// they own accordingly.
    fn sort_anomalies(&mut self) {
        let mut order: Vec<usize> = (0..self.anomalies.len()).collect();
        order.sort_by_key(|&i| {
            let a = &self.anomalies[i];
            (a.document, a.line, a.kind, i)
        });
        let mut new_index = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        let mut slots: Vec<Option<Anomaly>> = std::mem::take(&mut self.anomalies).into_iter().map(Some).collect();
        self.anomalies = order.iter().map(|&old| slots[old].take().expect("each anomaly once")).collect();
        let renumber = |o: &mut Owner| {
            if let Owner::Anomaly(a) = o {
                *a = new_index[*a];
            }
        };
        for doc in &mut self.documents {
            doc.owners.iter_mut().for_each(renumber);
            doc.shared.iter_mut().for_each(|(_, o)| renumber(o));
        }
    }

    fn edition_of(&mut self, edition: Edition) -> EditionIdx {
        match self.editions.iter().position(|e| *e == edition) {
            Some(i) => EditionIdx(i as u16),
            None => {
                self.editions.push(edition);
                self.ordered.push(Vec::new());
                self.chapter_contents.push(false);
                EditionIdx(self.editions.len() as u16 - 1)
            }
        }
    }

    fn push_node(&mut self, node: Node) -> NodeIdx {
        let idx = NodeIdx(self.nodes.len() as u32);
        if let Some(id) = node.id {
            self.by_edition.entry((node.edition, id)).or_default().push(idx);
            self.by_id.entry(id).or_default().push(idx);
        }
        self.nodes.push(node);
        idx
    }

    fn own(&mut self, document: usize, lines: &[u32], owner: Owner) {
        let doc = &mut self.documents[document];
        for &line in lines {
            let slot = &mut doc.owners[line as usize - 1];
            match *slot {
                Owner::Nobody => *slot = owner,
                current if current == owner => {}
                _ => {
                    if !doc.shared.contains(&(line, owner)) {
                        doc.shared.push((line, owner));
                    }
                }
            }
        }
    }

    fn anomaly(&mut self, document: usize, kind: AnomalyKind, line: u32, id: Option<String>, message: String) -> usize {
        self.anomalies.push(Anomaly { kind, id, line, message, document, text: None });
        self.anomalies.len() - 1
    }

    /// Step 1: the document's items become nodes and anomalies.
    fn add_document(&mut self, doc: ParsedDocument) {
        let edition = self.edition_of(Edition { language: doc.language, date: doc.edition });
        let d = self.documents.len();
        let mut owners = vec![Owner::Nobody; doc.lines.len()];
        for &m in &doc.markup {
            owners[m as usize - 1] = Owner::Markup;
        }
        let doc_node = self.push_node(Node {
            title: Some(doc.title.clone()),
            ..blank(NodeKind::Document, doc.path.clone(), edition, doc.language, SourceRef { document: d, line: 1 })
        });
        self.documents.push(Document {
            path: doc.path.clone(),
            format: doc.format,
            language: doc.language,
            edition,
            title: doc.title.clone(),
            translates: doc.translates.clone(),
            encoding: doc.encoding,
            lines: doc.lines,
            owners,
            shared: Vec::new(),
            node: doc_node,
        });
        let mut cx = Adding {
            document: d,
            path: doc.path,
            edition,
            language: doc.language,
            node: doc_node,
            previous_rule: None,
            item_nodes: Vec::with_capacity(doc.items.len()),
        };
        for item in &doc.items {
            let node = self.add_item(&mut cx, item);
            if let Some(n) = node {
                self.own(d, &item.lines, Owner::Node(n));
                self.own(d, &item.layout, Owner::Node(n));
            }
            cx.item_nodes.push(node);
        }
        for note in doc.notes {
            self.anomaly(d, note.kind, note.line, note.id, note.message);
        }
    }

    /// One item of a document: the node it becomes, or `None` when it
    /// becomes an anomaly (or an example without its rule).
    fn add_item(&mut self, cx: &mut Adding, item: &Item) -> Option<NodeIdx> {
        let at = cx.at(item.first_line());
        match &item.kind {
            ItemKind::Header => Some(self.add_header(cx, item)),
            ItemKind::Contents(entries) => Some(self.add_contents(cx, item, entries, at)),
            ItemKind::Section { number, title, heading } => {
                Some(self.heading_node(cx, RuleId::Section(*number), title, heading, item, at))
            }
            ItemKind::Chapter { number, title, heading } => {
                Some(self.add_chapter(cx, RuleId::Chapter(*number), title.as_deref(), heading.as_deref(), item, at))
            }
            ItemKind::Rule(id) => Some(self.add_rule(cx, *id, item, at)),
            ItemKind::RuleHeading(id) => Some(self.add_rule_heading(cx, *id, item, at)),
            ItemKind::Example { rule } => {
                let parent = cx.item_nodes.get(*rule).copied().flatten()?;
                Some(self.add_example(cx, parent, item, at))
            }
            ItemKind::Glossary { term } => Some(self.add_glossary(cx, term, item, at)),
            ItemKind::Prose { title } => Some(self.add_prose(cx, title, item, at)),
            ItemKind::Article { kicker, title, markdown, covers } => {
                Some(self.add_article(cx, Article { kicker, title, markdown, covers }, item, at))
            }
            ItemKind::Orphan { reason } => {
                self.add_orphan(cx, reason, item, at);
                None
            }
        }
    }

    /// The document's header: the text of the document's own node.
    fn add_header(&mut self, cx: &Adding, item: &Item) -> NodeIdx {
        set_text(&mut self.nodes[cx.node.0 as usize], item);
        cx.node
    }

    /// A table of contents: its node, and the sections and chapters it names
    /// (their titles).
    fn add_contents(&mut self, cx: &Adding, item: &Item, entries: &[TocEntry], at: SourceRef) -> NodeIdx {
        let key = format!("sommaire:{}", cx.path);
        let mut node = blank(NodeKind::Contents, key, cx.edition, cx.language, at);
        set_text(&mut node, item);
        let idx = self.push_node(node);
        for entry in entries {
            let id = match entry.target {
                TocTarget::Section(s) => RuleId::Section(s),
                TocTarget::Chapter(c) => {
                    self.chapter_contents[cx.edition.0 as usize] = true;
                    RuleId::Chapter(c)
                }
                TocTarget::Named => continue,
            };
            let at = cx.at(entry.line);
            self.numbered(cx.edition, id, Origin::Contents, Some(&entry.title), cx.language, at);
        }
        idx
    }

    /// A chapter: with its heading, or an introduction without one (table
    /// export).
    fn add_chapter(
        &mut self,
        cx: &Adding,
        id: RuleId,
        title: Option<&str>,
        heading: Option<&str>,
        item: &Item,
        at: SourceRef,
    ) -> NodeIdx {
        if let (Some(t), Some(h)) = (title, heading) {
            return self.heading_node(cx, id, t, h, item, at);
        }
        let idx = self.numbered(cx.edition, id, Origin::Source, None, cx.language, at);
        let text = item.text();
        let n = &mut self.nodes[idx.0 as usize];
        n.language = language::detect(&text, cx.language);
        append_text(n, item);
        idx
    }

    /// A rule or subrule; one numbered before the rule above it is reported.
    fn add_rule(&mut self, cx: &mut Adding, id: RuleId, item: &Item, at: SourceRef) -> NodeIdx {
        if let Some((prev, _)) = cx.previous_rule
            && id < prev
        {
            let message = format!("la règle {id} apparaît après la règle {prev}");
            self.anomaly(cx.document, AnomalyKind::OutOfOrder, at.line, Some(id.to_string()), message);
        }
        cx.previous_rule = Some((id, at.line));
        self.rule_node(cx.edition, id, item, cx.language, at)
    }

    /// A heading without a number just before the first subrule of a rule
    /// that has no line of its own (« Aventurez-vous dans le donjon » before
    /// 701.46a): that rule's node, titled by it.
    fn add_rule_heading(&mut self, cx: &Adding, id: RuleId, item: &Item, at: SourceRef) -> NodeIdx {
        let text = item.text();
        let idx = self.numbered(cx.edition, id, Origin::Heading, Some(&text), cx.language, at);
        let n = &mut self.nodes[idx.0 as usize];
        n.language = language::detect(&text, cx.language);
        add_heading(n, &text);
        idx
    }

    /// An example, attached to its rule in order.
    fn add_example(&mut self, cx: &Adding, parent: NodeIdx, item: &Item, at: SourceRef) -> NodeIdx {
        let parent_node = &self.nodes[parent.0 as usize];
        let key = format!("{}#exemple-{}", parent_node.label(), parent_node.examples.len() + 1);
        let mut node = blank(NodeKind::Example, key, parent_node.edition, cx.language, at);
        set_text(&mut node, item);
        node.language = language::detect(&node.text, cx.language);
        node.parent = Some(parent);
        let idx = self.push_node(node);
        self.nodes[parent.0 as usize].examples.push(idx);
        idx
    }

    /// A glossary entry; one without a definition is reported.
    fn add_glossary(&mut self, cx: &Adding, term: &str, item: &Item, at: SourceRef) -> NodeIdx {
        let mut node = blank(NodeKind::Glossary, term.to_string(), cx.edition, cx.language, at);
        node.title = Some(term.to_string());
        set_text(&mut node, item);
        if node.text.is_empty() {
            let msg = format!("le terme « {} » n'a pas de définition", quote(term));
            self.anomaly(cx.document, AnomalyKind::EmptyGlossaryEntry, at.line, None, msg);
        }
        let idx = self.push_node(node);
        self.glossary.entry(fold(term)).or_default().push(idx);
        idx
    }

    /// Unnumbered prose (an introduction, credits), under its heading.
    fn add_prose(&mut self, cx: &Adding, title: &str, item: &Item, at: SourceRef) -> NodeIdx {
        let mut node = blank(NodeKind::Prose, title.to_string(), cx.edition, cx.language, at);
        node.title = Some(title.to_string());
        set_text(&mut node, item);
        self.push_node(node)
    }

    /// A judge-class article, under a key made from its title (unique).
    fn add_article(&mut self, cx: &Adding, article: Article, item: &Item, at: SourceRef) -> NodeIdx {
        let title = article.title;
        let base = slug(title.split(" (").next().unwrap_or(title));
        let mut key = base.clone();
        let mut n = 2;
        while self.articles.contains_key(&key) {
            key = format!("{base}-{n}");
            n += 1;
        }
        let mut node = blank(NodeKind::Article, key.clone(), cx.edition, cx.language, at);
        node.title = Some(title.clone());
        node.heading = (!article.kicker.is_empty()).then(|| article.kicker.join(" · "));
        node.markdown = Some(article.markdown.clone());
        node.covers = article.covers.clone();
        set_text(&mut node, item);
        let idx = self.push_node(node);
        self.articles.insert(key, idx);
        idx
    }

    /// Text that belongs to nothing: an anomaly that owns its lines.
    fn add_orphan(&mut self, cx: &Adding, reason: &str, item: &Item, at: SourceRef) {
        let text = item.text();
        let message = format!("{reason} : « {} »", quote(&text));
        let a = self.anomaly(cx.document, AnomalyKind::OrphanText, at.line, None, message);
        self.anomalies[a].text = Some(text);
        self.own(cx.document, &item.lines, Owner::Anomaly(a));
        self.own(cx.document, &item.layout, Owner::Anomaly(a));
    }

    /// The node of a section or chapter, created if new; a title from a
    /// table of contents is kept, and a different one reported.
    fn numbered(
        &mut self,
        edition: EditionIdx,
        id: RuleId,
        origin: Origin,
        title: Option<&str>,
        lang: Lang,
        at: SourceRef,
    ) -> NodeIdx {
        if let Some(&idx) = self.occurrences(edition, id).first() {
            if let Some(t) = title {
                let current = self.nodes[idx.0 as usize].title.clone();
                match current {
                    None => self.nodes[idx.0 as usize].title = Some(t.to_string()),
                    Some(c) if fold(&c).replace('’', "'") != fold(t).replace('’', "'") => {
                        let msg = format!("{id} s'intitule « {c} » ailleurs et « {t} » ici");
                        self.anomaly(at.document, AnomalyKind::TitleMismatch, at.line, Some(id.to_string()), msg);
                    }
                    Some(_) => {}
                }
            }
            let n = &mut self.nodes[idx.0 as usize];
            if n.origin != Origin::Source && origin == Origin::Source {
                n.origin = Origin::Source;
                n.source = at;
            }
            return idx;
        }
        let mut node = blank(kind_of(id), String::new(), edition, lang, at);
        node.id = Some(id);
        node.origin = origin;
        node.title = title.map(str::to_string);
        self.push_node(node)
    }

    /// A section or chapter heading line with the text under it.
    fn heading_node(
        &mut self,
        cx: &Adding,
        id: RuleId,
        title: &str,
        heading: &str,
        item: &Item,
        at: SourceRef,
    ) -> NodeIdx {
        let idx = self.numbered(cx.edition, id, Origin::Source, Some(title), cx.language, at);
        let n = &mut self.nodes[idx.0 as usize];
        if n.heading.is_none() {
            n.language = language::detect(title, cx.language);
        }
        add_heading(n, heading);
        append_text(n, item);
        idx
    }

    /// A numbered rule: a new node, or a second occurrence of its number.
    fn rule_node(&mut self, edition: EditionIdx, id: RuleId, item: &Item, lang: Lang, at: SourceRef) -> NodeIdx {
        let text = item.text();
        let existing = self.occurrences(edition, id).to_vec();
        // A rule first known by its heading only takes its printed text.
        if let Some(&first) = existing.first()
            && self.nodes[first.0 as usize].origin != Origin::Source
        {
            let n = &mut self.nodes[first.0 as usize];
            n.origin = Origin::Source;
            n.source = at;
            set_text(n, item);
            return first;
        }
        if let Some(&first) = existing.first() {
            let other = &self.nodes[first.0 as usize];
            let same = if other.text == text { "le même texte" } else { "des textes différents" };
            let occurrence = existing.len() + 1;
            let msg = format!(
                "le numéro {id} apparaît {occurrence} fois dans l'édition {} (ligne {} et ligne {}) avec {same} ; \
                 les deux textes sont conservés",
                self.editions[edition.0 as usize].label(),
                other.source.line,
                at.line
            );
            self.anomaly(at.document, AnomalyKind::Duplicate, at.line, Some(id.to_string()), msg);
        }
        let mut node = blank(kind_of(id), String::new(), edition, lang, at);
        node.id = Some(id);
        node.occurrence = existing.len() as u16;
        node.origin = Origin::Source;
        set_text(&mut node, item);
        node.language = language::detect(&text, lang);
        // A sentence ends with its stop, also inside quotes (700.15: « … short
        // for “enter[s] the battlefield.” »): not a title.
        let end = text.trim_end_matches(['”', '"', '»', ' ', '\u{a0}', '\u{202f}']);
        if item.parts.len() == 1 && text.chars().count() <= MAX_TITLE_CHARS && !end.ends_with(['.', ';', ':', ')']) {
            node.title = Some(text);
        }
        self.push_node(node)
    }

    /// Step 2: implied parents, rule order, parents and children.
    fn complete_hierarchy(&mut self) {
        // Every ancestor of a printed rule exists: 701.15a implies 701.15 and 701.
        let printed: Vec<(EditionIdx, RuleId, SourceRef)> = self
            .nodes
            .iter()
            .filter(|n| n.id.is_some() && n.origin != Origin::Contents)
            .map(|n| (n.edition, n.id.unwrap(), n.source))
            .collect();
        for (edition, id, source) in printed {
            let lang = self.editions[edition.0 as usize].language;
            for ancestor in id.ancestors() {
                if !self.occurrences(edition, ancestor).is_empty() {
                    break;
                }
                let mut node = blank(kind_of(ancestor), String::new(), edition, lang, source);
                node.id = Some(ancestor);
                node.origin = Origin::Implied;
                self.push_node(node);
            }
        }

        for (e, order) in self.ordered.iter_mut().enumerate() {
            order.clear();
            order.extend(
                self.nodes
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| n.id.is_some() && n.edition.0 as usize == e)
                    .map(|(i, _)| NodeIdx(i as u32)),
            );
            let nodes = &self.nodes;
            order.sort_by_key(|&n| (nodes[n.0 as usize].id, nodes[n.0 as usize].occurrence, n));
        }

        for e in 0..self.ordered.len() {
            for i in 0..self.ordered[e].len() {
                let idx = self.ordered[e][i];
                let (edition, id) = {
                    let n = &self.nodes[idx.0 as usize];
                    (n.edition, n.id.unwrap())
                };
                let parent = id.ancestors().find_map(|a| self.occurrences(edition, a).first().copied());
                if let Some(p) = parent {
                    self.nodes[idx.0 as usize].parent = Some(p);
                    self.nodes[p.0 as usize].children.push(idx);
                }
            }
        }
    }

    /// For each edition: the editions of its language, newest first (undated last).
    fn same_language_editions(&self) -> Vec<Vec<EditionIdx>> {
        let mut all: Vec<EditionIdx> = (0..self.editions.len() as u16).map(EditionIdx).collect();
        all.sort_by_key(|e| std::cmp::Reverse(self.editions[e.0 as usize].date));
        self.editions
            .iter()
            .map(|own| all.iter().copied().filter(|e| self.editions[e.0 as usize].language == own.language).collect())
            .collect()
    }

    /// Resolves one target cited from `from` (see the module documentation of `graph`).
    fn resolve(&self, target: RuleId, from: EditionIdx, same_language: &[EditionIdx]) -> Resolution {
        let own = &self.editions[from.0 as usize];
        // 1. The rule itself, with text, in the citing edition (an undated
        //    article cites the newest edition that has it).
        let content_editions: &[EditionIdx] =
            if own.date.is_some() { std::slice::from_ref(&from) } else { same_language };
        for &e in content_editions {
            if let Some(&n) = self.occurrences(e, target).first()
                && self.has_content(n)
            {
                return Resolution::Resolved(n);
            }
        }
        // 2. The citing edition holds the chapter's rules but not this one: it is missing.
        if own.date.is_some()
            && let Some(c) = target.chapter()
            && target.depth() > 1
            && let Some(&n) = self.occurrences(from, RuleId::Chapter(c)).first()
            && !self.nodes[n.0 as usize].children.is_empty()
        {
            return Resolution::Dangling;
        }
        // 3. A chapter known by title, then a section, own edition first.
        let mut order = vec![from];
        order.extend(same_language.iter().copied().filter(|e| *e != from));
        if let Some(c) = target.chapter() {
            for &e in &order {
                if let Some(&n) = self.occurrences(e, RuleId::Chapter(c)).first() {
                    return Resolution::TitleOnly(n);
                }
            }
        }
        for &e in &order {
            // An edition that lists its chapters would know the chapter: a
            // chapter it does not list is no chapter at all.
            if target.chapter().is_some() && self.chapter_contents[e.0 as usize] {
                continue;
            }
            if let Some(&n) = self.occurrences(e, RuleId::Section(target.section())).first() {
                return Resolution::TitleOnly(n);
            }
        }
        Resolution::Dangling
    }

    /// Step 3: cross-references become edges; backlinks are their reverse.
    fn link(&mut self) {
        let same_language = self.same_language_editions();
        for i in 0..self.nodes.len() {
            let idx = NodeIdx(i as u32);
            let node = &self.nodes[i];
            if matches!(node.kind, NodeKind::Document | NodeKind::Contents) || node.text.is_empty() {
                let at = self.edges.len() as u32;
                self.nodes[i].references = at..at;
                continue;
            }
            let (found, bad) = refs::extract(&node.text);
            let edition = node.edition;
            let document = node.source.document;
            let label = node.label();
            let start = self.edges.len() as u32;
            for r in found {
                let line = self.nodes[i].line_of(r.span.start);
                for target in r.targets {
                    let resolution = self.resolve(target, edition, &same_language[edition.0 as usize]);
                    if resolution == Resolution::Dangling {
                        let msg = format!("{label} cite {target}, qui n'est pas dans le corpus");
                        self.anomaly(document, AnomalyKind::DanglingReference, line, Some(target.to_string()), msg);
                    }
                    let edge = EdgeIdx(self.edges.len() as u32);
                    self.edges.push(Edge {
                        from: idx,
                        target,
                        resolution,
                        span: r.span.start as u32..r.span.end as u32,
                        line,
                    });
                    if let Some(t) = resolution.node() {
                        self.nodes[t.0 as usize].cited_by.push(edge);
                    }
                }
            }
            for b in bad {
                let line = self.nodes[i].line_of(b.span.start);
                let msg = format!("{label} : {}", b.reason);
                self.anomaly(document, AnomalyKind::InvalidReference, line, None, msg);
            }
            let end = self.edges.len() as u32;
            self.nodes[i].references = start..end;
        }
    }
}

fn kind_of(id: RuleId) -> NodeKind {
    match id {
        RuleId::Section(_) => NodeKind::Section,
        RuleId::Chapter(_) => NodeKind::Chapter,
        RuleId::Rule { .. } => NodeKind::Rule,
        RuleId::Subrule { .. } => NodeKind::Subrule,
    }
}

fn blank(kind: NodeKind, key: String, edition: EditionIdx, language: Lang, source: SourceRef) -> Node {
    Node {
        kind,
        id: None,
        key,
        edition,
        language,
        title: None,
        heading: None,
        text: String::new(),
        markdown: None,
        occurrence: 0,
        origin: Origin::Source,
        parent: None,
        children: Vec::new(),
        examples: Vec::new(),
        covers: Vec::new(),
        source,
        text_lines: Vec::new(),
        references: 0..0,
        cited_by: Vec::new(),
    }
}

/// Records a heading line as printed; a node printed under several headings
/// (the same chapter in two documents) keeps each one.
fn add_heading(node: &mut Node, heading: &str) {
    match &mut node.heading {
        None => node.heading = Some(heading.to_string()),
        Some(h) if !h.split('\n').any(|l| l == heading) => {
            h.push('\n');
            h.push_str(heading);
        }
        Some(_) => {}
    }
}

/// Replaces a node's text with the item's paragraphs.
fn set_text(node: &mut Node, item: &Item) {
    node.text.clear();
    node.text_lines.clear();
    append_text(node, item);
}

/// Adds the item's paragraphs to a node's text, keeping each paragraph's line.
fn append_text(node: &mut Node, item: &Item) {
    for part in &item.parts {
        if part.text.is_empty() {
            continue;
        }
        if !node.text.is_empty() {
            node.text.push('\n');
        }
        node.text_lines.push((node.text.len() as u32, part.line));
        node.text.push_str(&part.text);
    }
}
