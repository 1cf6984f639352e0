//! Evaluating the ranking on judge-style questions.
//!
//! A query file has one question per line, `query<TAB>ids` (acceptable ids,
//! comma-separated: a hit is any of them), `#` for comments. For each query
//! the rank of the first acceptable result (1-based, within the first ten)
//! is recorded; the summary gives MRR@10, recall@1 and recall@5.

use serde::Serialize;

/// The results considered.
pub const DEPTH: usize = 10;

/// One question of a query file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// The query, as a judge typed it.
    pub query: String,
    /// The acceptable ids (rule ids or article slugs).
    pub answers: Vec<String>,
    /// The line in the file.
    pub line: u32,
}

/// Why a query file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}, ligne {line} : {detail}")]
pub struct FileError {
    /// The file.
    pub path: String,
    /// The line.
    pub line: u32,
    /// What is wrong.
    pub detail: String,
}

/// Reads a query file.
pub fn parse(path: &str, text: &str) -> Result<Vec<Question>, FileError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i as u32 + 1;
        let l = raw.trim_end_matches('\r');
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        let err = |detail: &str| FileError { path: path.to_string(), line, detail: detail.to_string() };
        let (query, ids) =
            l.split_once('\t').ok_or_else(|| err("une tabulation doit séparer la requête des identifiants"))?;
        let answers: Vec<String> = ids.split(',').map(|s| normalize_id(s.trim())).filter(|s| !s.is_empty()).collect();
        if query.trim().is_empty() || answers.is_empty() {
            return Err(err("requête ou identifiants manquants"));
        }
        out.push(Question { query: query.trim().to_string(), answers, line });
    }
    Ok(out)
}

/// A rule id in canonical form (`608.2B` → `608.2b`, `FR:608.2b` →
/// `fr:608.2b`); other ids as they are.
pub fn normalize_id(id: &str) -> String {
    let (prefix, rest) = match id.split_once(':') {
        Some((l, r)) if crate::vocab::Lang::parse(l).is_some() => (format!("{}:", l.to_lowercase()), r.trim()),
        _ => (String::new(), id),
    };
    let rule = crate::vocab::RuleId::parse_loose(rest).map(|r| r.to_string()).unwrap_or_else(|_| rest.to_string());
    format!("{prefix}{rule}")
}

/// The ids a result answers to. A qualified id counts only in its
/// language: `fr:N` for a French text numbered N in its own document,
/// `en:N` for an English text numbered N (the rules in force are the only
/// English rules indexed) — the English 608.2h is another rule than the
/// French 608.2h of 2011. A plain number counts in any language: the
/// result's own number, its number in force, and the numbers of the French
/// texts of its rule (query files without prefix were written against the
/// French documents, or against the English rules in force). An article,
/// its slug.
pub fn ids_of(graph: &crate::Graph, node: crate::graph::NodeIdx) -> Vec<String> {
    let n = graph.node(node);
    if n.id.is_none() {
        return vec![n.label()];
    }
    let own = std::slice::from_ref(&node);
    let french = graph
        .lineage(node)
        .unwrap_or(own)
        .iter()
        .filter(|&&m| graph.edition(graph.node(m).edition).language == crate::vocab::Lang::Fr && graph.has_content(m))
        .map(|&m| graph.node(m).label());
    let in_force = graph.in_force(node).map(|c| graph.node(c).label()).unwrap_or_else(|| n.label());
    let mut ids = vec![format!("{}:{}", n.language.code(), n.label()), n.label(), in_force];
    ids.extend(french);
    ids.dedup();
    ids
}

/// The rank of the first result answering to an acceptable id (1-based, within [`DEPTH`]).
pub fn rank(results: &[Vec<String>], answers: &[String]) -> Option<usize> {
    results.iter().take(DEPTH).position(|ids| ids.iter().any(|i| answers.contains(i))).map(|p| p + 1)
}

/// MRR@10, recall@1 and recall@5 over ranks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    /// Number of questions.
    pub queries: usize,
    /// Mean reciprocal rank within the first ten.
    pub mrr_at_10: f64,
    /// Share of questions answered first.
    pub recall_at_1: f64,
    /// Share of questions answered in the first five.
    pub recall_at_5: f64,
}

impl Summary {
    /// Summarizes ranks (`None`: not in the first ten).
    pub fn of(ranks: &[Option<usize>]) -> Summary {
        let n = ranks.len().max(1) as f64;
        let rr: f64 = ranks.iter().map(|r| r.map_or(0.0, |r| 1.0 / r as f64)).sum();
        Summary {
            queries: ranks.len(),
            mrr_at_10: rr / n,
            recall_at_1: ranks.iter().filter(|r| **r == Some(1)).count() as f64 / n,
            recall_at_5: ranks.iter().filter(|r| r.is_some_and(|r| r <= 5)).count() as f64 / n,
        }
    }
}

/// One question, answered.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    /// The query.
    pub query: String,
    /// The acceptable ids.
    pub answers: Vec<String>,
    /// The rank of the first acceptable result, if within the first ten.
    pub rank: Option<usize>,
    /// The first results, by the number a judge cites them by.
    pub results: Vec<String>,
}

/// Runs every question against the index.
pub fn run(
    index: &super::SearchIndex,
    graph: &crate::Graph,
    questions: &[Question],
    filters: &super::Filters,
) -> (Vec<Outcome>, Summary) {
    let outcomes: Vec<Outcome> = questions
        .iter()
        .map(|q| {
            let hits = index.search(graph, &q.query, DEPTH, filters).hits;
            let ids: Vec<Vec<String>> = hits.iter().map(|h| ids_of(graph, h.node)).collect();
            let results = hits.iter().map(|h| graph.cited_label(h.node)).collect();
            Outcome { query: q.query.clone(), answers: q.answers.clone(), rank: rank(&ids, &q.answers), results }
        })
        .collect();
    let ranks: Vec<Option<usize>> = outcomes.iter().map(|o| o.rank).collect();
    (outcomes, Summary::of(&ranks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_scores() {
        let q = parse("f", "# commentaire\nsalve\t608.2B, 608.2c\n\n608.3\t608.3\n").unwrap();
        assert_eq!(q.len(), 2);
        assert_eq!(q[0].answers, ["608.2b", "608.2c"]);
        assert_eq!(q[1].line, 4);
        assert!(parse("f", "sans tabulation").unwrap_err().to_string().contains("f, ligne 1"));
        let results: Vec<Vec<String>> = ["1", "608.2c", "2"].map(|r| vec![r.to_string()]).to_vec();
        assert_eq!(rank(&results, &q[0].answers), Some(2));
        assert_eq!(normalize_id("FR:608.2B"), "fr:608.2b");
        let s = Summary::of(&[Some(1), Some(2), None, Some(5)]);
        assert_eq!(s.mrr_at_10, (1.0 + 0.5 + 0.2) / 4.0);
        assert_eq!((s.recall_at_1, s.recall_at_5), (0.25, 0.75));
    }
}
