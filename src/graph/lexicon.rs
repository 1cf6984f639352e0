//! The part of the French ↔ English vocabulary that the aligned editions
//! give: each section, chapter and rule title of the rules in force beside
//! the French title of the same node in a French document (the 2011
//! sommaires, the contents and rules of the 2024 table of chapter 701).
//! `arbitre vocabulaire` prints these entries; they are committed, between
//! two marker lines, in `rules/vocabulaire.tsv`, and a test checks that the
//! file still says what the editions give.

use super::{Graph, NodeKind};
use crate::lexicon::{Entry, Kind};
use crate::vocab::Lang;

impl Graph {
    /// The vocabulary entries the aligned editions give, in the order of the
    /// rules in force: each titled section, chapter and rule in force whose
    /// lineage has a French title. Keyword actions and abilities (rules of
    /// 701 and 702) are named as such.
    pub fn aligned_titles(&self) -> Vec<Entry> {
        let Some(current) = self.current() else { return Vec::new() };
        let mut out: Vec<Entry> = Vec::new();
        for &idx in self.ordered(current) {
            let n = self.node(idx);
            let (Some(id), Some(en)) = (n.id, n.title.as_deref()) else { continue };
            let kind = match n.kind {
                NodeKind::Section => Kind::Section,
                NodeKind::Chapter => Kind::Chapter,
                NodeKind::Rule => match id.chapter() {
                    Some(701) => Kind::KeywordAction,
                    Some(702) => Kind::KeywordAbility,
                    _ => Kind::Title,
                },
                _ => continue,
            };
            let Some(fr_node) = self.newest_in_lineage(idx, |n| n.language == Lang::Fr && n.title.is_some()) else {
                continue;
            };
            let fr_n = self.node(fr_node);
            let Some(fr) = fr_n.title.as_deref() else { continue };
            let fr = fr.trim().trim_end_matches('.');
            if crate::lexicon::key(fr) == crate::lexicon::key(en) && kind != Kind::KeywordAction {
                continue; // the same words in both (« Vanguard »): nothing to translate
            }
            let source = format!(
                "titres alignés : {} {} {} ↔ en {} {}",
                fr_n.language.code(),
                self.edition(fr_n.edition).date.map(|d| d.to_string()).unwrap_or_default(),
                fr_n.label(),
                self.edition(current).date.map(|d| d.to_string()).unwrap_or_default(),
                n.label(),
            );
            let entry = Entry { fr: fr.to_string(), en: en.to_lowercase(), kind, rule: Some(id), source, line: 0 };
            if !out.iter().any(|e| e.fr == entry.fr && e.en == entry.en) {
                out.push(entry);
            }
        }
        out
    }
}

impl Graph {
    /// The aligned rule pairs of the loaded editions: each French text
    /// beside the English text it translates (French text, English text,
    /// the French rule's number) — what [`crate::lexicon::mining`] reads.
    pub fn translated_pairs(&self) -> Vec<(String, String, String)> {
        let mut pairs = Vec::new();
        for (i, n) in self.nodes().iter().enumerate() {
            let idx = super::NodeIdx(i as u32);
            if n.language != Lang::Fr || !n.has_text() || !self.is_translation(n.edition) {
                continue;
            }
            let Some(en) = self.original_of(idx).filter(|&e| self.node(e).language == Lang::En) else { continue };
            pairs.push((n.text.clone(), self.node(en).text.clone(), n.label()));
        }
        pairs
    }
}
