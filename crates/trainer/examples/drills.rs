//! Prints drills of every kind and level with their demonstration scored, and strokes turned
//! off it: `cargo run --release -p carrom-trainer --example drills [SEEDS]`.
use carrom_physics::Spec;
use carrom_trainer::{Drill, DrillKind, LEVELS, score};
use std::time::Instant;

fn main() {
    let seeds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let spec = Spec::default();
    for kind in DrillKind::ALL {
        for level in 1..=LEVELS {
            for seed in 0..seeds {
                let t = Instant::now();
                let d = Drill::new(&spec, kind, level, seed).unwrap();
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                let s = score(&spec, &d, &d.demonstration).unwrap();
                let mut turned = Vec::new();
                for da in [-3.0f32, 3.0] {
                    let mut shot = d.demonstration;
                    shot.angle_deg += da;
                    turned.push(score(&spec, &d, &shot).unwrap().words);
                }
                let mut soft = d.demonstration;
                soft.power *= 0.4;
                turned.push(score(&spec, &d, &soft).unwrap().words);
                println!(
                    "{:?} L{level} s{seed} {ms:.0} ms window {:.1}: {} | {} | {}",
                    kind,
                    d.window_deg,
                    d.task,
                    s.words,
                    turned.join(" / ")
                );
            }
        }
    }
}
