//! Speed of the simulator, measured on one thread.

use crate::geometry::Seat;
use crate::rack::opening_rack;
use crate::shot::{Shot, play};
use crate::soak::{random_legal_position, random_scatter};
use crate::spec::Spec;
use crate::table::Table;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Instant;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    pub break_shots_per_sec: f64,
    pub midgame_shots_per_sec: f64,
    pub us_per_step: f64,
    pub steps_per_break: f64,
    pub steps_per_midgame_shot: f64,
}

/// Times break shots from the rack at full power and mid-game shots (8-10 pieces, normal
/// power), each for about `seconds` and at least one shot.
pub fn bench(spec: &Spec, seconds: f64) -> BenchReport {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let rack = opening_rack(&spec.board, Seat::South);
    let template = Table::new(spec, &rack);

    let mut breaks = 0u64;
    let mut break_steps = 0u64;
    let start = Instant::now();
    while breaks == 0 || start.elapsed().as_secs_f64() < seconds {
        let shot = Shot {
            seat: Seat::South,
            position: rng.random_range(-0.3..0.3),
            angle_deg: rng.random_range(-3.0..3.0),
            power: 1.0,
        };
        let mut table = template.clone();
        break_steps += play(&mut table, &shot).steps as u64;
        breaks += 1;
    }
    let break_secs = start.elapsed().as_secs_f64();

    // Mid-game positions are prepared outside the timed loop.
    let positions: Vec<_> = (0..64)
        .map(|_| {
            let n = rng.random_range(8..=10);
            let pieces = random_scatter(&mut rng, spec, n);
            let position = random_legal_position(&mut rng, spec, Seat::South, &pieces);
            (Table::new(spec, &pieces), position.unwrap_or(0.0))
        })
        .collect();
    let mut mids = 0u64;
    let mut mid_steps = 0u64;
    let start = Instant::now();
    while mids == 0 || start.elapsed().as_secs_f64() < seconds {
        let (table, position) = &positions[(mids % positions.len() as u64) as usize];
        let shot = Shot {
            seat: Seat::South,
            position: *position,
            angle_deg: rng.random_range(-60.0..60.0),
            power: rng.random_range(0.3..0.7),
        };
        let mut table = table.clone();
        mid_steps += play(&mut table, &shot).steps as u64;
        mids += 1;
    }
    let mid_secs = start.elapsed().as_secs_f64();
    BenchReport {
        break_shots_per_sec: breaks as f64 / break_secs,
        midgame_shots_per_sec: mids as f64 / mid_secs,
        us_per_step: (break_secs + mid_secs) * 1e6 / (break_steps + mid_steps) as f64,
        steps_per_break: break_steps as f64 / breaks as f64,
        steps_per_midgame_shot: mid_steps as f64 / mids as f64,
    }
}

/// A measurement an example runs by name (`measure_physics`, `measure_ai`).
pub type Harness = (&'static str, fn());

/// No harness has a name containing what was asked for: the message lists the names there are.
#[derive(Debug, thiserror::Error)]
#[error(
    "which measurement? one or more of (or part of a name; `all` for every one):{}",
    names.iter().map(|n| format!("\n  {n}")).collect::<String>()
)]
pub struct NoHarness {
    pub names: Vec<&'static str>,
}

/// Runs the harnesses whose names contain one of `wanted` (`all` runs every one), each after a
/// line `== name`; none when none is chosen.
pub fn run_harnesses(harnesses: &[Harness], wanted: &[String]) -> Result<(), NoHarness> {
    let chosen: Vec<_> = harnesses
        .iter()
        .filter(|(name, _)| {
            wanted
                .iter()
                .any(|w| w == "all" || name.contains(w.as_str()))
        })
        .collect();
    if chosen.is_empty() {
        return Err(NoHarness {
            names: harnesses.iter().map(|(name, _)| *name).collect(),
        });
    }
    for (name, run) in chosen {
        println!("== {name}");
        run();
    }
    Ok(())
}
