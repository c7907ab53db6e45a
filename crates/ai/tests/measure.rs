//! Measurements behind `crates/ai/README.md`'s break figures (ignored: seconds, prints figures):
//!
//! ```sh
//! cargo test --release -p carrom-ai --test measure -- --ignored --nocapture
//! ```

mod common;

use carrom_ai::practice::{PracticeState, pocket_order};
use carrom_ai::search::Noise;
use carrom_ai::{Level, Player};
use carrom_physics::shot::play;
use carrom_physics::{Spec, Table};
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// The hard player's opening break in practice: 120 decisions (seeds 0..120), each played five
/// times with the benchmark's execution noise.
#[test]
#[ignore]
fn hard_break_pieces_per_stroke() {
    let spec = Spec::default();
    let noise = Noise::BENCHMARK;
    let decisions = 120u64;
    let (mut pieces, mut strokes) = (0usize, 0usize);
    let mut thinking = Duration::ZERO;
    let mut slowest = Duration::ZERO;
    for seed in 0..decisions {
        let mut player = Player::new(Level::Hard, seed).with_plan_noise(noise);
        let state = PracticeState::new(&spec);
        let start = Instant::now();
        let shot = player.choose_practice_shot(&spec, &state).expect("a break");
        let took = start.elapsed();
        thinking += took;
        slowest = slowest.max(took);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 99);
        for _ in 0..5 {
            let played = noise.apply(&spec, &state.layout, &shot, &mut rng);
            let result = play(&mut Table::new(&spec, &state.layout), &played);
            pieces += pocket_order(&result).len();
            strokes += 1;
        }
    }
    println!(
        "hard break: {:.3} pieces per stroke over {strokes} noisy strokes; decision {:.0} ms mean, {:.0} ms slowest",
        pieces as f64 / strokes as f64,
        thinking.as_secs_f64() * 1000.0 / decisions as f64,
        slowest.as_secs_f64() * 1000.0
    );
}

/// Where a hard practice board's strikes go: strikes spent at each number of pieces on the
/// board, and how often each kind of chosen shot pocketed something (boards `mix(5, 0..n)`,
/// `CARROM_DIAG_BOARDS` boards, default 8).
#[test]
#[ignore]
fn practice_stroke_diagnostic() {
    use carrom_ai::Kind;
    use std::collections::BTreeMap;
    let spec = Spec::default();
    let noise = Noise::BENCHMARK;
    let boards: u64 = std::env::var("CARROM_DIAG_BOARDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let mut by_left: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
    let mut by_kind: BTreeMap<String, (u32, u32, f64)> = BTreeMap::new();
    let mut total = 0u32;
    let (mut queen_back, mut men_back) = (0u32, 0u32);
    let (mut thinking, mut slowest, mut decisions) = (Duration::ZERO, Duration::ZERO, 0u32);
    for b in 0..boards {
        let seed = carrom_ai::search::mix(5, b);
        let mut player = Player::new(Level::Hard, seed).with_plan_noise(noise);
        let mut exec = rand_chacha::ChaCha8Rng::seed_from_u64(carrom_ai::search::mix(seed, 0xE7EC));
        let mut state = PracticeState::new(&spec);
        while !state.is_clear() && state.strikes < 500 {
            let left = state.layout.len();
            let start = Instant::now();
            let Some(shot) = player.choose_practice_shot(&spec, &state) else {
                break;
            };
            let took = start.elapsed();
            thinking += took;
            slowest = slowest.max(took);
            decisions += 1;
            let kind: Kind = player.last.as_ref().map(|d| d.kind).unwrap();
            let played = noise.apply(&spec, &state.layout, &shot, &mut exec);
            let result = play(&mut Table::new(&spec, &state.layout), &played);
            let down = pocket_order(&result).len() as u32;
            let pending = state.queen_pending;
            let men_before = state.men_pocketed;
            state.apply(&spec, &result);
            if pending && !state.queen_covered {
                queen_back += 1;
            }
            if state.men_pocketed < men_before {
                men_back += 1;
            }
            let e = by_left.entry(left).or_default();
            e.0 += 1;
            e.1 += down;
            let k = by_kind.entry(format!("{kind:?}")).or_default();
            k.0 += 1;
            k.1 += down;
            k.2 += player.last.as_ref().unwrap().value as f64;
        }
        println!("board {b}: {} strikes", state.strikes);
        total += state.strikes;
    }
    println!(
        "mean strikes {:.2}; Queen back to the centre {queen_back}, men back {men_back}",
        total as f64 / boards as f64
    );
    println!(
        "decisions: {:.0} ms mean, {:.0} ms slowest",
        thinking.as_secs_f64() * 1000.0 / decisions.max(1) as f64,
        slowest.as_secs_f64() * 1000.0
    );
    println!("pieces on board: strokes, pieces pocketed");
    for (left, (n, down)) in &by_left {
        println!(
            "  {left:2}: {:5.2} strokes/board, {:.2} pieces/stroke",
            *n as f64 / boards as f64,
            *down as f64 / *n as f64
        );
    }
    for (kind, (n, down, v)) in &by_kind {
        println!(
            "  {kind:12}: {n:4} strokes, {:.2} pieces/stroke, mean value {:.2}",
            *down as f64 / *n as f64,
            v / *n as f64
        );
    }
}

/// Is the geometric estimate of a direct cut's chance (`geom::cut_success`, the candidates'
/// prior) calibrated? One piece at a random spot, the best direct cut by prior, 40 noisy
/// strokes; binned by the estimate.
#[test]
#[ignore]
fn direct_cut_calibration() {
    let spec = Spec::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut bins = [(0u32, 0.0f64, 0u32); 10];
    for _ in 0..400 {
        let Some((prior, hits)) = common::lone_man_cut(&spec, &mut rng, 40) else {
            continue;
        };
        let bin = ((prior * 10.0) as usize).min(9);
        bins[bin].0 += 1;
        bins[bin].1 += prior as f64;
        bins[bin].2 += hits;
    }
    println!("estimate bin: spots, mean estimate, pocketed");
    for (i, (n, p, hits)) in bins.iter().enumerate() {
        if *n > 0 {
            println!(
                "  {:.1}-{:.1}: {n:3} spots, estimate {:.2}, pocketed {:.2}",
                i as f32 / 10.0,
                (i + 1) as f32 / 10.0,
                p / *n as f64,
                *hits as f64 / (*n as f64 * 40.0)
            );
        }
    }
}
