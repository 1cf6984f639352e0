//! The index schema: for each language, the fields of a rule (title, first
//! sentence, what it defines, text, examples, context) stemmed and folded;
//! and the exact fields filters and priors use (node, passage, rank,
//! edition, language, section, chapter).

use tantivy::schema::{FAST, Field, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions};

use super::analyzer::{EN_FOLD, EN_STEM, FR_FOLD, FR_STEM};
use crate::vocab::Lang;

/// The fields of one language.
#[derive(Debug, Clone, Copy)]
pub(super) struct LangFields {
    pub(super) title: Field,
    /// The first sentence of the text: where a rule states its subject
    /// (« Pour meuler un nombre de cartes… », « To manifest a card… »).
    pub(super) lead: Field,
    /// What the rule defines, when its first sentence is a definition
    /// (« Pour voter, … », « Contrecarrer un sort … signifie », « To cloak a card, … »).
    pub(super) defines: Field,
    pub(super) text: Field,
    pub(super) examples: Field,
    pub(super) context: Field,
    pub(super) title_fold: Field,
    pub(super) text_fold: Field,
    pub(super) examples_fold: Field,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Fields {
    pub(super) node: Field,
    /// Which document of its node: 0 for the whole node, then its passages.
    pub(super) passage: Field,
    pub(super) rank: Field,
    pub(super) edition: Field,
    pub(super) language: Field,
    pub(super) section: Field,
    pub(super) chapter: Field,
    pub(super) fr: LangFields,
    pub(super) en: LangFields,
}

impl Fields {
    pub(super) fn of(&self, lang: Lang) -> &LangFields {
        match lang {
            Lang::Fr => &self.fr,
            Lang::En => &self.en,
        }
    }
}

pub(super) fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let text = |analyzer: &str| {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(analyzer)
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        )
    };
    let mut lang = |code: &str, stem: &str, fold: &str| LangFields {
        title: b.add_text_field(&format!("title_{code}"), text(stem)),
        lead: b.add_text_field(&format!("lead_{code}"), text(stem)),
        defines: b.add_text_field(&format!("defines_{code}"), text(stem)),
        text: b.add_text_field(&format!("text_{code}"), text(stem)),
        examples: b.add_text_field(&format!("examples_{code}"), text(stem)),
        context: b.add_text_field(&format!("context_{code}"), text(stem)),
        title_fold: b.add_text_field(&format!("title_{code}_fold"), text(fold)),
        text_fold: b.add_text_field(&format!("text_{code}_fold"), text(fold)),
        examples_fold: b.add_text_field(&format!("examples_{code}_fold"), text(fold)),
    };
    let fr = lang("fr", FR_STEM, FR_FOLD);
    let en = lang("en", EN_STEM, EN_FOLD);
    let fields = Fields {
        node: b.add_u64_field("node", FAST),
        passage: b.add_u64_field("passage", FAST),
        rank: b.add_u64_field("rank", FAST),
        edition: b.add_text_field("edition", STRING),
        language: b.add_text_field("language", STRING),
        section: b.add_text_field("section", STRING),
        chapter: b.add_text_field("chapter", STRING),
        fr,
        en,
    };
    (b.build(), fields)
}
