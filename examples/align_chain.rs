//! How well editions far apart are aligned, measured against the archive:
//! the alignment of two English editions years apart (as the embedded
//! corpus aligns 2011-02-04 with 2024-03-08) against the composition of the
//! alignments of every pair of consecutive editions between them, each a
//! small step where most rules keep their text.
//! `cargo run --release --example align_chain -- ../shared/corpus/archive [OLD NEW]…`
//! (dates; by default 2011-02-04 → 2024-03-08 and a few other spans).
//! Prints, per span, how many old rules the direct alignment sends where
//! the chain does (of all, of those it finds changed or removed, of those
//! the chain links to a rule), and with `-v` each disagreement. The chain
//! is not the truth either, but its steps are short: where the two differ,
//! one of them is wrong.
use std::collections::HashMap;

use arbitre::graph::NodeIdx;
use arbitre::graph::align::Relation;
use arbitre::vocab::Lang;

/// The English editions, by date.
fn english_editions(g: &arbitre::Graph) -> Vec<(String, arbitre::graph::EditionIdx)> {
    let mut english: Vec<(String, arbitre::graph::EditionIdx)> = g
        .editions()
        .iter()
        .enumerate()
        .filter(|(_, e)| e.language == Lang::En)
        .filter_map(|(i, e)| Some((e.date?.to_string(), arbitre::graph::EditionIdx(i as u16))))
        .collect();
    english.sort();
    english
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let args: Vec<&String> = args.iter().filter(|a| *a != "-v").collect();
    let archive = std::path::PathBuf::from(args.first().map(|s| s.as_str()).unwrap_or("../shared/corpus/archive"));
    let g = arbitre::load_with(&[archive]).graph;
    let english = english_editions(&g);
    let spans: Vec<(String, String)> = if args.len() >= 3 {
        args[1..].chunks(2).map(|c| (c[0].to_string(), c[1].to_string())).collect()
    } else {
        [
            ("2011-02-04", "2024-03-08"),
            ("2008-10-01", "2012-07-01"),
            ("2015-07-17", "2023-04-14"),
            ("2017-04-28", "2025-11-14"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .to_vec()
    };
    let at = |date: &str| english.iter().position(|(d, _)| d == date).expect("edition in the archive");
    // Each consecutive step's mapping, computed once.
    let mut steps: HashMap<usize, HashMap<NodeIdx, Option<NodeIdx>>> = HashMap::new();
    let (mut all_agree, mut all_total) = (0, 0);
    for (from, to) in spans {
        let (a, b) = (at(&from), at(&to));
        for i in a..b {
            steps.entry(i).or_insert_with(|| {
                let al = g.align(english[i].1, english[i + 1].1);
                al.pairs.iter().filter_map(|p| Some((p.old?, p.new))).collect()
            });
        }
        let direct = g.align(english[a].1, english[b].1);
        let (mut agree, mut total, mut changed_agree, mut changed_total) = (0, 0, 0, 0);
        let (mut linked_chain, mut linked_both) = (0, 0);
        for p in &direct.pairs {
            let Some(old) = p.old else { continue };
            // The chain: old → … → new, or lost on the way.
            let mut at_node = Some(old);
            for i in a..b {
                at_node = at_node.and_then(|n| steps[&i].get(&n).copied().flatten());
            }
            total += 1;
            let same = at_node == p.new;
            if at_node.is_some() {
                linked_chain += 1;
                if same {
                    linked_both += 1;
                }
            }
            agree += usize::from(same);
            if p.relation == Relation::Changed || p.relation == Relation::Removed {
                changed_total += 1;
                changed_agree += usize::from(same);
            }
            if !same && verbose {
                let label = |n: Option<NodeIdx>| n.map_or("—".to_string(), |n| g.node(n).label());
                let text = |n: NodeIdx| g.node(n).text.chars().take(70).collect::<String>();
                println!(
                    "{from}→{to}\t{}\tdirect {} ({:?})\tchain {}\t{}\t| {}",
                    g.node(old).label(),
                    label(p.new),
                    p.relation,
                    label(at_node),
                    text(old),
                    p.new.map(text).unwrap_or_default()
                );
            }
        }
        all_agree += agree;
        all_total += total;
        println!(
            "{from} → {to} ({} étapes) : {agree}/{total} règles suivies comme par la chaîne ; \
             changées ou retirées : {changed_agree}/{changed_total} ; liées par la chaîne : {linked_both}/{linked_chain}",
            b - a
        );
    }
    println!("en tout : {all_agree}/{all_total}");
}
