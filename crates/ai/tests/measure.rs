//! Measurements behind `crates/ai/README.md`'s break figures (ignored: seconds, prints figures):
//!
//! ```sh
//! cargo test --release -p carrom-ai --test measure -- --ignored --nocapture
//! ```

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
