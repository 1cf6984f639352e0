//! Prints tantivy's explanation of a query's score for some rules (for tuning).
//! `cargo run --release --example explain -- "QUERY" ID… [--avec PATH]`
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let extra: Vec<std::path::PathBuf> = match args.iter().position(|a| a == "--avec") {
        Some(i) => args.drain(i..).skip(1).map(Into::into).collect(),
        None => vec![],
    };
    let loaded = arbitre::load_with(&extra);
    let g = &loaded.graph;
    let index = arbitre::search::SearchIndex::build(g).unwrap();
    for id in &args[1..] {
        let n = g.lookup(id).unwrap();
        for e in index.explain(&args[0], n) {
            let v: serde_json::Value = serde_json::from_str(&e).unwrap();
            println!("== {id} ({}): {}", g.edition(g.node(n).edition).label(), v["value"]);
            fn walk(v: &serde_json::Value, depth: usize) {
                if depth > 4 {
                    return;
                }
                for c in v["details"].as_array().into_iter().flatten() {
                    let d = c["description"].as_str().unwrap_or("");
                    println!("{}{} {}", "  ".repeat(depth), c["value"], d.chars().take(100).collect::<String>());
                    walk(c, depth + 1);
                }
            }
            walk(&v, 1);
        }
    }
}
