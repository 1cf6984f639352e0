//! How each text of some rules says each concept of a query (for tuning):
//! `cargo run --release --example explain -- "QUERY" ID… [--avec PATH]`.
fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let extra: Vec<std::path::PathBuf> = match args.iter().position(|a| a == "--avec") {
        Some(i) => args.drain(i..).skip(1).map(Into::into).collect(),
        None => vec![],
    };
    let loaded = arbitre::load_with(&extra);
    let g = &loaded.graph;
    let index = arbitre::search::SearchIndex::build(g).unwrap();
    println!("{:?}", index.translation(&args[0]));
    for id in &args[1..] {
        let n = g.lookup(id).unwrap();
        println!("== {id}");
        for line in index.explain(&args[0], n) {
            println!("  {line}");
        }
    }
}
