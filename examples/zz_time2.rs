fn main() {
    for _ in 0..10 {
        let _l = arbitre::load(&[]);
    }
}
