fn main() {
    let (mut lmin, mut smin) = (f64::MAX, f64::MAX);
    for _ in 0..10 {
        let t = std::time::Instant::now();
        let l = arbitre::load(&[]);
        let t1 = t.elapsed();
        let _s = arbitre::web::AppState::new(l.graph).unwrap();
        let t2 = t.elapsed();
        lmin = lmin.min(t1.as_secs_f64()*1000.0); smin = smin.min((t2-t1).as_secs_f64()*1000.0);
    }
    eprintln!("min load {lmin:.1} ms state {smin:.1} ms");
}
