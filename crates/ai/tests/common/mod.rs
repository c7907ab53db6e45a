//! Shared by the behaviour tests and the measurement harness (`examples/measure_ai.rs`); each
//! uses a part.
#![allow(dead_code)]

use carrom_ai::Noise;
use carrom_ai::candidates::{GenLimits, ShotKind, generate};
use carrom_ai::{ClearingState, Player};
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceColour, Seat, ShotResult, Spec, Table, Vec2};
use carrom_referee::Referee;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// The number in environment variable `key`, else `default` (the harnesses' sizes).
pub fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A clearing board with one man left at `at` (the Queen covered, the other 18 men pocketed),
/// after the break.
pub fn lone_man_state(at: Vec2) -> ClearingState {
    ClearingState {
        layout: vec![Piece::new(PieceColour::White, at)],
        queen_pending: false,
        queen_covered: true,
        men_pocketed: 18,
        owed: 0,
        strikes: 1,
    }
}

/// A hard player planning with the benchmark's noise, and the stream its strokes are executed
/// with, seeded from `seed` as `carrom_ai::clearing::play_board` seeds them.
pub fn hard_clearing_player(seed: u64) -> (Player, rand_chacha::ChaCha8Rng) {
    carrom_ai::benchmark::board_player(carrom_ai::Level::Hard, seed, Noise::BENCHMARK)
}

/// One clearing stroke: `player` chooses (timed into `times`), the shot is played with the
/// benchmark's noise from `exec`. The result is not yet applied to `state`. `None` when the
/// player has no legal placement.
pub fn clearing_stroke(
    spec: &Spec,
    player: &mut Player,
    state: &ClearingState,
    exec: &mut impl Rng,
    times: &mut DecisionTimes,
) -> Option<ShotResult> {
    let start = Instant::now();
    let shot = player.choose_clearing_shot(spec, state)?;
    times.add(start.elapsed());
    let played = Noise::BENCHMARK.apply(spec, &state.layout, &shot, exec);
    Some(play(&mut Table::new(spec, &state.layout), &played))
}

/// How long decisions took.
#[derive(Default)]
pub struct DecisionTimes {
    pub total: Duration,
    pub slowest: Duration,
    pub count: u32,
}

impl DecisionTimes {
    pub fn add(&mut self, took: Duration) {
        self.total += took;
        self.slowest = self.slowest.max(took);
        self.count += 1;
    }
}

impl std::fmt::Display for DecisionTimes {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "{:.0} ms mean, {:.0} ms slowest",
            self.total.as_secs_f64() * 1000.0 / self.count.max(1) as f64,
            self.slowest.as_secs_f64() * 1000.0
        )
    }
}

/// One lone man at a random spot of the board, the best direct cut by the geometric estimate
/// (the candidates' prior) from South, played `strokes` times with the benchmark's noise.
/// Returns the estimate and how many strokes pocketed him; `None` when no direct cut exists.
pub fn lone_man_cut(spec: &Spec, rng: &mut impl Rng, strokes: u32) -> Option<(f32, u32)> {
    let limits = GenLimits {
        positions_per_aim: 6,
        banks: false,
        combinations: false,
        break_up_offsets: &[],
        plays_safe: true,
    };
    let h = spec.board.half() - spec.board.coin_radius();
    let at = Vec2::new(rng.random_range(-h..h), rng.random_range(-h..h));
    let layout = vec![Piece::new(PieceColour::White, at)];
    let all = generate(spec, &layout, Seat::South, &|_| true, false, limits);
    let best = all
        .iter()
        .filter(|c| c.kind == ShotKind::Direct)
        .max_by(|a, b| a.prior.total_cmp(&b.prior))?;
    let mut pocketed = 0;
    for _ in 0..strokes {
        let played = Noise::BENCHMARK.apply(spec, &layout, &best.shot, rng);
        let result = play(&mut Table::new(spec, &layout), &played);
        pocketed += u32::from(result.pieces[0].pocketed);
    }
    Some((best.prior, pocketed))
}

/// A seeded mid-game position for South (white): `n` pieces scattered, the Queen among them.
pub fn mid_game_position(spec: &Spec, seed: u64, n: usize) -> (Vec<Piece>, Referee) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let layout = carrom_physics::soak::random_scatter(&mut rng, spec, n);
    let referee = carrom_match::referee_for_south(&layout).unwrap();
    (layout, referee)
}
