//! Dumps the win-chance model's self-play positions as JSON lines (one game per line: its
//! number, levels and positions), the very games `carrom winprob --fit/--check` plays, for
//! studying the model away from the command (`winprob_study`).
//! `cargo run --release -p carrom-ai --example winprob_samples -- SEED FIRST LAST > F.jsonl`

use carrom_ai::winprob::fit::{LEVEL_PAIRS, game_number};
use carrom_physics::Spec;
use rayon::prelude::*;
use std::io::Write;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (seed, first, last) = (args[0], args[1] as u32, args[2] as u32);
    let spec = Spec::default();
    // Each game's line as it is done (in any order: the line names its game).
    (first..last).into_par_iter().for_each(|g| {
        let samples = game_number(&spec, seed, g);
        let levels = LEVEL_PAIRS[g as usize % LEVEL_PAIRS.len()].map(|l| l.name());
        let line = serde_json::json!({"g": g, "levels": levels, "samples": samples});
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}").unwrap();
        out.flush().unwrap();
    });
}
