//! One askama template struct per page, and the plain data they show.
//!
//! Handlers build these from the graph; templates only lay them out. Text
//! already turned into HTML by `web::render` (escaped, with links) is in
//! fields ending in `_html`, and they are the only thing templates print
//! unescaped (`|safe`): everything else goes through askama's escaping,
//! attributes included (`lang="{{ lang }}"`). The test
//! `web::only_html_fields_are_printed_unescaped` reads the templates and
//! fails on any other `|safe`.

use askama::Template;
use serde::Serialize;

use super::assets;

/// What every page shares: its title and the search box's value.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The page title (after « arbitre — »).
    pub title: String,
    /// The search box's value.
    pub query: String,
    /// The stylesheet's address, with its version.
    pub css: String,
    /// The script's address, with its version.
    pub js: String,
}

impl Layout {
    /// A layout with a title and the search box's value.
    pub fn new(title: &str, query: &str) -> Layout {
        Layout {
            title: title.to_string(),
            query: query.to_string(),
            css: assets::url("style.css"),
            js: assets::url("app.js"),
        }
    }
}

/// A link to a page, with an optional preview (JSON address) and language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Link {
    /// The text of the link.
    pub label: String,
    /// Its address.
    pub url: String,
    /// The JSON of the rule, for hover previews.
    pub preview: Option<String>,
    /// Extra words after the link (an edition, a title).
    pub note: String,
}

/// An entry of a table of contents.
#[derive(Debug, Clone, Serialize)]
pub struct TocChapter {
    /// The chapter number.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its page.
    pub url: String,
    /// Whether its text is in the corpus.
    pub has_text: bool,
    /// Whether a French text covers any of it (a French chapter title alone is not text).
    pub french: bool,
    /// The `lang` attribute of the title: « en » when no French title is known.
    #[serde(skip)]
    pub title_lang: &'static str,
}

/// A section of a table of contents, with its chapters.
#[derive(Debug, Clone, Serialize)]
pub struct TocSection {
    /// The section number.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its page.
    pub url: String,
    /// Whether any of its text is in the corpus.
    pub has_text: bool,
    /// The `lang` attribute of the title: « en » when no French title is known.
    #[serde(skip)]
    pub title_lang: &'static str,
    /// Its chapters, in order.
    pub chapters: Vec<TocChapter>,
}

/// The table of contents of one language.
#[derive(Debug, Clone, Serialize)]
pub struct Toc {
    /// « fr » or « en ».
    pub language: String,
    /// The heading, in French.
    pub heading: String,
    /// The `lang` attribute of the table: « en » for English, empty for French.
    #[serde(skip)]
    pub lang: &'static str,
    /// Sections, in order.
    pub sections: Vec<TocSection>,
}

/// One edition loaded, for the home page.
#[derive(Debug, Clone, Serialize)]
pub struct EditionInfo {
    /// « fr 2011-02-04 ».
    pub label: String,
    /// Documents of this edition.
    pub documents: usize,
    /// Numbered rules printed in it.
    pub rules: usize,
}

/// The home page.
#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    /// Shared layout.
    pub layout: Layout,
    /// One table of contents per language.
    pub tocs: Vec<Toc>,
    /// The editions loaded.
    pub editions: Vec<EditionInfo>,
    /// The judge-class articles.
    pub articles: Vec<Link>,
}

/// A passage of a rule page: a subrule, an example, with its anchor.
#[derive(Debug, Clone)]
pub struct Passage {
    /// The rule id, or « Exemple ».
    pub label: String,
    /// Its anchor (Yawgatog's `R6082b`).
    pub anchor: String,
    /// A second anchor, the plain id (`608.2b`), for numbered passages.
    pub id_anchor: String,
    /// Its page.
    pub url: String,
    /// Its text, as HTML with links.
    pub text_html: String,
    /// The `lang` attribute of the text: « en » for English, empty for French (the page's language).
    pub lang: &'static str,
    /// English text left untranslated in a French document: marked « non traduit ».
    pub untranslated: bool,
    /// An older text than the rule in force: « texte de 2011, la règle a changé depuis ».
    pub note: String,
    /// 0 for a rule, 1 for a subrule, 2 for an example.
    pub depth: u8,
    /// Its title, for rules that have one.
    pub title: String,
}

/// The rule in force, shown beside an older or translated text.
#[derive(Debug, Clone)]
pub struct InForce {
    /// « En vigueur (2026-01-16) : 608.2h ».
    pub label: String,
    /// Its page in its edition.
    pub url: String,
    /// Its text, as HTML with links.
    pub text_html: String,
    /// The `lang` attribute of its text.
    pub lang: &'static str,
    /// When the rule changed after the text shown: « Ce texte date de 2011 ; la règle a changé depuis. »
    pub notice: String,
    /// What changed, word by word, from the English text the text shown
    /// stands for to the rule in force (`<del>`, `<ins>`), as HTML.
    pub diff_html: String,
    /// « Règle anglaise 608.2g du 2011-02-04 → 608.2h en vigueur ».
    pub diff_label: String,
}

/// A rule or subrule page.
#[derive(Template)]
#[template(path = "rule.html")]
pub struct RulePage {
    /// Shared layout.
    pub layout: Layout,
    /// The number a judge cites: the number in force (« 608.2h » for the
    /// 2011 French 608.2g).
    pub id: String,
    /// What the text shown is: its language, edition, and its number there
    /// when another (« Texte français de l'édition fr 2011-02-04 … »).
    pub text_from: String,
    /// The rule in force beside the text shown, when the text shown is not it.
    pub in_force: Option<InForce>,
    /// When the rule is no longer in force: says so.
    pub gone: String,
    /// The rule's history across the loaded editions.
    pub history_url: String,
    /// « RC 608.2b ».
    pub citation: String,
    /// The permalink (path).
    pub permalink: String,
    /// The title shown beside the number.
    pub title: String,
    /// Section › chapter › rule.
    pub breadcrumb: Vec<Link>,
    /// Yawgatog's anchor of the rule.
    pub anchor: String,
    /// The text, as HTML with links.
    pub text_html: String,
    /// English text left untranslated in a French document: marked « non traduit ».
    pub untranslated: bool,
    /// The `lang` attribute of the text: « en » for English, empty for French (the page's language).
    pub lang: &'static str,
    /// Why the rule has no text of its own, if it has none.
    pub note: String,
    /// The examples, set apart.
    pub examples: Vec<Passage>,
    /// The subrules, with their examples.
    pub subrules: Vec<Passage>,
    /// The previous rule.
    pub previous: Option<Link>,
    /// The next rule.
    pub next: Option<Link>,
    /// Rules citing this one.
    pub cited_by: Vec<Link>,
    /// The same number in other editions and languages, and other texts under it.
    pub versions: Vec<Link>,
    /// Judge-class articles about this rule.
    pub articles: Vec<Link>,
    /// Ruling scenarios illustrating this rule.
    pub scenarios: Vec<Link>,
    /// On a keyword ability's or action's page, how many cards have it
    /// (« 1 080 cartes ont la capacité mot-clé « piétinement » … »); empty elsewhere.
    pub keyword_summary: String,
    /// A few of those cards, each linked to its page (`note`: its French name).
    pub keyword_cards: Vec<Link>,
    /// « fr 2011-02-04 ».
    pub edition: String,
    /// « rules/…txt, ligne 43 ».
    pub source: String,
}

/// A chapter or section page.
#[derive(Template)]
#[template(path = "chapter.html")]
pub struct ChapterPage {
    /// Shared layout.
    pub layout: Layout,
    /// « Chapitre » or « Section ».
    pub kind: &'static str,
    /// « 608 ».
    pub id: String,
    /// Its title.
    pub title: String,
    /// The `lang` attribute of the title: « en » when no French title is known.
    pub title_lang: &'static str,
    /// Whether it is the chapter or section in force: its rules shown in French where a French text exists.
    pub in_force: bool,
    /// Section › chapter.
    pub breadcrumb: Vec<Link>,
    /// Yawgatog's anchor.
    pub anchor: String,
    /// The introduction, as HTML.
    pub intro_html: String,
    /// The `lang` attribute of the text: « en » for English, empty for French (the page's language).
    pub lang: &'static str,
    /// For a chapter: every rule, subrule and example, in order.
    pub passages: Vec<Passage>,
    /// For a section: its chapters.
    pub chapters: Vec<TocChapter>,
    /// Whether the text is not in the corpus (known by its title only).
    pub title_only: bool,
    /// The same number in other editions and languages.
    pub versions: Vec<Link>,
    /// Judge-class articles about this chapter.
    pub articles: Vec<Link>,
    /// Ruling scenarios illustrating a rule of this chapter.
    pub scenarios: Vec<Link>,
    /// The previous chapter or section.
    pub previous: Option<Link>,
    /// The next chapter or section.
    pub next: Option<Link>,
    /// « fr 2024-03-08 ».
    pub edition: String,
    /// Where it is printed.
    pub source: String,
}

/// One search result.
#[derive(Debug, Clone)]
pub struct ResultView {
    /// « 608.2b ».
    pub id: String,
    /// Its page.
    pub url: String,
    /// Its title.
    pub title: String,
    /// For a rule without a title of its own (a subrule): its first words,
    /// shown as its title so that results of one chapter can be told apart
    /// (« 701.19b — Chercher une carte… »); the chapter's title goes below.
    pub words: Option<String>,
    /// « fr 2011-02-04 ».
    pub edition: String,
    /// The snippet, HTML-escaped, matches in `<mark>`.
    pub snippet_html: String,
    /// The `lang` attribute of the text: « en » for English, empty for French (the page's language).
    pub lang: &'static str,
    /// For an English text: its French heading (« Piétinement ») — the
    /// result is then marked « non traduit ».
    pub french: Option<String>,
    /// The rule's other texts grouped under it (the rule in force's English text).
    pub versions: Vec<Link>,
    /// An older text of a rule that changed since: « texte de 2011, la règle a changé depuis ».
    pub changed: String,
}

/// A glossary definition shown above the results.
#[derive(Debug, Clone)]
pub struct DefinitionBox {
    /// The glossary term (« Trample »).
    pub term: String,
    /// Its definition, as the glossary says it.
    pub text: String,
    /// Its glossary page.
    pub url: String,
    /// The `lang` attribute of the text.
    pub lang: &'static str,
    /// The glossary entry the word typed names in English when the French
    /// reading found this one (« initiative »: first strike, and *Initiative*).
    pub also: Vec<DefinitionBox>,
}

/// An option of a filter list.
#[derive(Debug, Clone)]
pub struct FilterOption {
    /// The value sent.
    pub value: String,
    /// The label shown.
    pub label: String,
    /// Whether it is the current choice.
    pub selected: bool,
}

/// The search page.
#[derive(Template)]
#[template(path = "search.html")]
pub struct SearchPage {
    /// Shared layout.
    pub layout: Layout,
    /// The query.
    pub query: String,
    /// The results.
    pub results: Vec<ResultView>,
    /// « 3 résultats », « 20 premiers résultats ».
    pub count: String,
    /// « 0,41 ms ».
    pub elapsed: String,
    /// Sections to filter on.
    pub sections: Vec<FilterOption>,
    /// Editions to filter on.
    pub editions: Vec<FilterOption>,
    /// Languages to filter on.
    pub languages: Vec<FilterOption>,
    /// When nothing is found: the nearest rules.
    pub nearest: Vec<Link>,
    /// Words searched instead of words the index does not know.
    pub corrections: Vec<Link>,
    /// The glossary definition of the term the query names.
    pub definition: Option<DefinitionBox>,
    /// Whether the quoted phrases, found nowhere, were searched as words.
    pub loosened: bool,
    /// The shipped scenarios the query is about, each with the rules it illustrates.
    pub scenarios: Vec<Link>,
    /// The cards the query names: link, English name, French names, type line, start of the text.
    pub cards: Vec<CardBox>,
    /// Whether the query is essentially a card's name: its box comes first, with its text.
    pub card_first: bool,
    /// Wizards' Fan Content Policy notice, shown with card text.
    pub notice: String,
    /// Whether a filter is chosen: the filters are shown open.
    pub filtered: bool,
}

/// A card the query names, in the search page's box.
#[derive(Debug, Clone)]
pub struct CardBox {
    /// `/cartes/{slug}`.
    pub url: String,
    /// English name.
    pub name: String,
    /// French names, joined.
    pub french: String,
    /// Type line.
    pub type_line: String,
    /// The start of the Oracle text.
    pub excerpt: String,
    /// Its ruling closest to the question: date, text, and the warning to
    /// read before it (see [`crate::search::RulingView`]).
    pub ruling: Option<(String, String, Option<&'static str>)>,
}

/// A judge-class article.
#[derive(Template)]
#[template(path = "article.html")]
pub struct ArticlePage {
    /// Shared layout.
    pub layout: Layout,
    /// The page above it in the breadcrumb.
    pub crumb: Link,
    /// The lines above the title.
    pub kicker: String,
    /// The title.
    pub title: String,
    /// The body, as HTML.
    pub body_html: String,
    /// The rules it covers.
    pub covers: Vec<Link>,
    /// Where it comes from.
    pub source: String,
}

/// Two editions linked, in the list of `/changements`.
#[derive(Debug, Clone)]
pub struct EditionPair {
    /// « en 2025-11-14 → en 2026-01-16 ».
    pub label: String,
    /// The comparison page.
    pub url: String,
    /// « 5 modifiées, 6 ajoutées… ».
    pub counts: String,
}

/// `/changements`: the editions loaded and what changed between them.
#[derive(Template)]
#[template(path = "changes.html")]
pub struct ChangesPage {
    /// Shared layout.
    pub layout: Layout,
    /// Each edition and the next of its language.
    pub pairs: Vec<EditionPair>,
    /// The dated editions, for the form (key, label).
    pub editions: Vec<(String, String)>,
    /// The form's editions at first: the last change of the rules in force.
    pub default_old: String,
    /// The newer one.
    pub default_new: String,
}

/// One rule in a comparison: its link, what became of it, its text or diff.
#[derive(Debug, Clone)]
pub struct ChangedRule {
    /// Its number (« 702.124k », or « 702.124m → 702.124k »).
    pub label: String,
    /// Its page in the edition that has it.
    pub url: String,
    /// Its text, or its word-level difference (`<del>`, `<ins>`), as HTML.
    pub text_html: String,
}

/// A group of rules in a comparison.
#[derive(Debug, Clone)]
pub struct ChangeGroup {
    /// The heading (« Modifiées »).
    pub heading: String,
    /// The anchor.
    pub anchor: &'static str,
    /// What the group holds, in a sentence.
    pub about: String,
    /// The rules.
    pub rules: Vec<ChangedRule>,
    /// Rules listed without their text past the page's limit.
    pub more: Vec<Link>,
}

/// `/changements/{old}..{new}`: what changed from one edition to another.
#[derive(Template)]
#[template(path = "comparison.html")]
pub struct ComparisonPage {
    /// Shared layout.
    pub layout: Layout,
    /// « en 2025-11-14 → en 2026-01-16 ».
    pub title: String,
    /// The counts, in a sentence.
    pub summary: String,
    /// Changed, renumbered, split and merged, added, removed, references only, glossary.
    pub groups: Vec<ChangeGroup>,
    /// The `lang` attribute of the rules' texts.
    pub lang: &'static str,
    /// Rules shown with their text per group, at most.
    pub shown_per_group: usize,
}

/// One version of a rule on its history page.
#[derive(Debug, Clone)]
pub struct HistoryVersion {
    /// « 608.2h — édition en 2026-01-16 ».
    pub label: String,
    /// Its page.
    pub url: String,
    /// « en vigueur · renumérotée (était 608.2g) · texte modifié ».
    pub notes: String,
    /// Its text, as HTML.
    pub text_html: String,
    /// The `lang` attribute of its text.
    pub lang: &'static str,
    /// What changed since the version before it in its language, as HTML.
    pub diff_html: String,
}

/// `/regles/{id}/historique`: a rule across the loaded editions.
#[derive(Template)]
#[template(path = "history.html")]
pub struct HistoryPage {
    /// Shared layout.
    pub layout: Layout,
    /// « 608.2h ».
    pub id: String,
    /// The rule's page.
    pub url: String,
    /// What the page shows, in a sentence.
    pub summary: String,
    /// The versions, newest first.
    pub versions: Vec<HistoryVersion>,
}

/// `/glossaire/{terme}`: a glossary entry.
#[derive(Template)]
#[template(path = "glossary.html")]
pub struct GlossaryPage {
    /// Shared layout.
    pub layout: Layout,
    /// The term, as printed.
    pub term: String,
    /// The definition, as HTML with its rule links.
    pub definition_html: String,
    /// « Glossaire des règles en vigueur, édition en 2026-01-16 ».
    pub edition: String,
    /// The same term in the other editions loaded.
    pub others: Vec<Link>,
    /// « rules/…txt, ligne 8081 ».
    pub source: String,
}

/// An error page.
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    /// Shared layout.
    pub layout: Layout,
    /// The HTTP status.
    pub status: u16,
    /// The heading.
    pub heading: &'static str,
    /// What went wrong.
    pub message: String,
    /// The nearest pages, for a page not found.
    pub nearest: Vec<Link>,
    /// What they are: « Règles proches », « Cartes proches ».
    pub nearest_label: &'static str,
}

/// One shipped scenario, in the list of `/exemples`.
#[derive(Debug, Clone)]
pub struct ExampleSummary {
    /// Title.
    pub title: String,
    /// Its page.
    pub url: String,
    /// Rules it illustrates.
    pub rules: Vec<Link>,
    /// Number of steps.
    pub steps: usize,
    /// Whether `[attendu]` holds.
    pub ok: bool,
    /// « attendu vérifié », « 2 différences ».
    pub status: String,
}

/// The list of scenarios.
#[derive(Template)]
#[template(path = "examples.html")]
pub struct ExamplesPage {
    /// Shared layout.
    pub layout: Layout,
    /// The scenarios, in file order.
    pub examples: Vec<ExampleSummary>,
    /// Shipped scenarios that could not be read, with why.
    pub errors: Vec<String>,
}

/// An event of a step, with links to its rules.
#[derive(Debug, Clone)]
pub struct EventLine {
    /// What happened.
    pub text: String,
    /// The rules applied, each a link.
    pub rules: Vec<Link>,
}

/// A step of a played scenario, ready to show.
#[derive(Debug, Clone)]
pub struct StepView {
    /// 0 for the starting situation.
    pub number: usize,
    /// The action, in a few words.
    pub action: String,
    /// The author's comment.
    pub comment: String,
    /// What happened.
    pub events: Vec<EventLine>,
    /// The board after the step.
    pub board: crate::engine::trace::Board,
}

/// An entry of the list of steps.
#[derive(Debug, Clone)]
pub struct StepLink {
    /// Its number.
    pub number: usize,
    /// The action.
    pub label: String,
    /// Its page.
    pub url: String,
    /// Whether it is the step shown.
    pub current: bool,
}

/// One scenario, at one step.
#[derive(Template)]
#[template(path = "example.html")]
pub struct ExamplePage {
    /// Shared layout.
    pub layout: Layout,
    /// Title.
    pub title: String,
    /// The description, as HTML.
    pub description_html: String,
    /// Rules it illustrates.
    pub rules: Vec<Link>,
    /// Every step, for navigation.
    pub nav: Vec<StepLink>,
    /// The step shown.
    pub step: StepView,
    /// The step before.
    pub previous: Option<Link>,
    /// The step after.
    pub next: Option<Link>,
    /// At the last step: the result.
    pub result: Option<Vec<SummaryLine>>,
    /// The comparison with `[attendu]`.
    pub expected: crate::engine::trace::Check,
    /// The editor, filled with this scenario.
    pub editor_url: String,
    /// The file.
    pub source: String,
    /// The « et si… » controls.
    pub what_if: WhatIfControls,
}

/// The « et si… » controls of a scenario's page: each list is (value, label).
#[derive(Debug, Clone, Default)]
pub struct WhatIfControls {
    /// Where the form goes (`/exemples/{slug}/etsi`).
    pub action: String,
    /// The cards, by name.
    pub cards: Vec<(String, String)>,
    /// Keyword abilities.
    pub abilities: Vec<String>,
    /// Colours.
    pub colours: Vec<String>,
    /// Zones.
    pub zones: Vec<String>,
    /// Before which step the change comes (the last is « à la fin »).
    pub steps: Vec<(String, String)>,
    /// The step chosen by default (before the last step).
    pub default_step: String,
    /// Targets that may be replaced.
    pub targets: Vec<(String, String)>,
    /// What may replace a target: cards and players.
    pub choices: Vec<(String, String)>,
}

/// A line of a scenario's result: a card and its zone, a player and their life.
#[derive(Debug, Clone)]
pub struct SummaryLine {
    /// The card id or player.
    pub label: String,
    /// Where it is, how they are.
    pub value: String,
}

/// A mistake in the scenario typed in the editor.
#[derive(Debug, Clone)]
pub struct EditorError {
    /// « Ligne 12, clé « zone » : … ».
    pub message: String,
    /// The line at fault, as typed.
    pub excerpt: String,
}

/// The scenario editor, and the scenario it played.
#[derive(Template)]
#[template(path = "editor.html")]
pub struct EditorPage {
    /// Shared layout.
    pub layout: Layout,
    /// The TOML in the text area.
    pub source: String,
    /// Why it could not be played.
    pub error: Option<EditorError>,
    /// The scenario's title, when it played.
    pub title: String,
    /// Every step, from the starting situation, when it played.
    pub steps: Vec<StepView>,
    /// The result, when it played.
    pub result: Option<Vec<SummaryLine>>,
    /// The comparison with `[attendu]`.
    pub expected: Option<crate::engine::trace::Check>,
    /// The step whose board is drawn (the others are empty).
    pub board_step: usize,
    /// The size limit, in bytes.
    pub max_bytes: usize,
}

/// One half of a card page ([`CardPage::halves`]).
pub struct HalfView {
    /// Its English name.
    pub name: String,
    /// « {U} · Instant ».
    pub meta: String,
    /// « 1/1 », « loyauté 3 », or nothing.
    pub stats: String,
    /// Its own page, for another face the data has as a card of its own
    /// (Insectile Aberration); empty for a half of this card's record.
    pub url: String,
    /// Its Oracle text as [`CardPage::oracle`].
    pub oracle: Vec<Vec<super::cards::Segment>>,
}

/// A card's page.
#[derive(Template)]
#[template(path = "card.html")]
pub struct CardPage {
    /// Shared layout.
    pub layout: Layout,
    /// English name.
    pub name: String,
    /// French names, joined.
    pub french: String,
    /// What players call it, quoted and joined (« bob »).
    pub nicknames: String,
    /// Mana cost.
    pub cost: String,
    /// Type line (English, Oracle).
    pub type_line: String,
    /// « 3/2 », « loyauté 4 ».
    pub stats: String,
    /// Oracle text.
    pub text: String,
    /// Oracle text, line by line (a paragraph each), as runs: its words of
    /// the game linked to their rules, the rest as printed.
    pub oracle: Vec<Vec<super::cards::Segment>>,
    /// The rules its keywords and types touch (`note`: the word that leads there).
    pub rules: Vec<Link>,
    /// Dated rulings.
    pub rulings: Vec<(String, String)>,
    /// The last French printed text: « set, date », type line, text.
    pub printed: Option<(String, String, String)>,
    /// Whether the English text changed since 2018.
    pub changed: bool,
    /// Whether there is no English text of 2018 to compare (rulings, no
    /// French printed text).
    pub unchecked: bool,
    /// The card's other faces or halves that the data has (links).
    pub faces: Vec<Link>,
    /// The names of its halves whose text the data lacks.
    pub missing_faces: Vec<String>,
    /// Its other halves that share its record (« Ice » of Fire // Ice),
    /// then its other faces that are cards of their own (Insectile
    /// Aberration), each with its text.
    pub halves: Vec<HalfView>,
    /// The name of its first half (« Fire »), heading its text when it has halves.
    pub front_half: String,
    /// Other cards of one of its names (links).
    pub namesakes: Vec<Link>,
    /// The shipped scenarios with this card.
    pub scenarios: Vec<Link>,
    /// Wizards' Fan Content Policy notice.
    pub notice: String,
}
