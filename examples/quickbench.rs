fn main() {
    let corpus = bg_tui::bench::builtin_corpus(10_000, bg_tui::bench::CORPUS_SEED);
    let r = bg_tui::bench::measure(&corpus, 3.0);
    println!("all: {:.2} M pairs/s, {:.2} M pos/s, {:.1} ns/pos, avg {:.1}", r.pairs_per_second()/1e6, r.positions_per_second()/1e6, r.nanos_per_position(), r.positions as f64 / r.pairs as f64);
    for dbl in [false, true] {
        let c: Vec<_> = corpus.iter().copied().filter(|(_, d)| d.is_double() == dbl).collect();
        let r = bg_tui::bench::measure(&c, 2.0);
        println!("double={dbl} n={}: {:.2} M pairs/s, {:.1} ns/pair, avg {:.1}", c.len(), r.pairs_per_second()/1e6, 1e9/r.pairs_per_second(), r.positions as f64 / r.pairs as f64);
    }
}
