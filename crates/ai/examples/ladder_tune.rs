//! Tunes the ladder: plays neighbouring levels (or the round robin) with the ladder's specs,
//! some levels' noise changed on the command line, and prints each pair's win rate.
//!
//! ```sh
//! cargo run --release -p carrom-ai --features research --example ladder_tune -- 40 7 neighbours skilled=2.4,0.015,0.015
//! ```
//! Arguments: games a pair, seed, `neighbours` or `all`, then any `level=angle_deg,position,power`,
//! `level@candidates,samples` (first-round search), or `only=a,b` to play one pair.

use carrom_ai::research::ladder::{Pairs, run_ladder};
use carrom_ai::{LADDER, Level, LevelSpec, Noise};
use carrom_physics::Spec;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().map_or(10, |a| a.parse().expect("games"));
    let seed: u64 = args.get(1).map_or(1, |a| a.parse().expect("seed"));
    let pairs = match args.get(2).map(String::as_str) {
        Some("all") => Pairs::RoundRobin,
        _ => Pairs::Neighbours,
    };
    let mut ladder: Vec<LevelSpec> = LADDER.to_vec();
    for a in args.iter().skip(3) {
        if let Some(names) = a.strip_prefix("only=") {
            let keep: Vec<Level> = names
                .split(',')
                .map(|n| Level::parse(n).expect("level"))
                .collect();
            ladder.retain(|s| keep.contains(&s.level));
        } else if let Some((name, v)) = a.split_once('=') {
            let l = Level::parse(name).expect("level");
            let v: Vec<f32> = v.split(',').map(|x| x.parse().expect("number")).collect();
            let s = ladder
                .iter_mut()
                .find(|s| s.level == l)
                .expect("in the ladder");
            s.noise = Noise {
                angle_deg: v[0],
                position: v[1],
                power: v[2],
            };
        } else if let Some((name, v)) = a.split_once('@') {
            let l = Level::parse(name).expect("level");
            let v: Vec<usize> = v.split(',').map(|x| x.parse().expect("number")).collect();
            let s = ladder
                .iter_mut()
                .find(|s| s.level == l)
                .expect("in the ladder");
            s.budget.candidates = v[0];
            s.budget.samples = v[1] as u32;
        }
    }
    for s in &ladder {
        println!("{:>8}: {:?}", s.name, s.noise);
    }
    let spec = Spec::default();
    let t = Instant::now();
    let report = run_ladder(&spec, &ladder, pairs, games, seed, |p| {
        println!(
            "{}, {} violations, {:.0} s",
            p.line(),
            p.invariant_violations,
            t.elapsed().as_secs_f64()
        );
        for v in &p.violation_examples {
            println!("    {v}");
        }
    });
    for l in &report.levels {
        println!(
            "{:>8}: {:.0} ({:.0} to {:.0})",
            l.name, l.rating, l.low, l.high
        );
    }
}
