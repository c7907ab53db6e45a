//! The clearing benchmark (`carrom practice`): a computer player clears single-player boards
//! (every stroke counts, the Queen must be covered; see [`crate::clearing`] for the rules) with
//! the benchmark's execution noise, and the strikes a board takes are counted.

use crate::clearing::ClearingState;
use crate::noise::{Noise, mix};
use crate::{Level, Player};
use carrom_physics::Spec;
use carrom_physics::Table;
use carrom_physics::shot::play;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use web_time::Instant;

/// Strokes after which a clearing board is abandoned.
pub const STRIKE_CAP: u32 = 500;

/// One clearing board's result.
#[derive(Clone, Debug, Serialize)]
pub struct BoardRun {
    pub strikes: u32,
    pub cleared: bool,
    /// Milliseconds of each decision.
    pub decision_ms: Vec<f64>,
}

/// The player of a clearing board seeded `seed`, planning with `noise`, and the stream its
/// strokes are executed with.
pub fn board_player(level: Level, seed: u64, noise: Noise) -> (Player, ChaCha8Rng) {
    (
        Player::new(level, seed).with_plan_noise(noise),
        ChaCha8Rng::seed_from_u64(mix(seed, 0xE7EC)),
    )
}

/// Plays one clearing board at `level`, executing every shot with `noise`.
pub fn play_board(spec: &Spec, level: Level, seed: u64, noise: Noise) -> BoardRun {
    let (mut player, mut exec_rng) = board_player(level, seed, noise);
    play_board_with(spec, &mut player, &mut exec_rng, noise)
}

/// Plays one clearing board with `player`, executing every shot with `noise` drawn from
/// `exec_rng` (the measurement harnesses give it a player with another budget).
pub fn play_board_with(
    spec: &Spec,
    player: &mut Player,
    exec_rng: &mut ChaCha8Rng,
    noise: Noise,
) -> BoardRun {
    let mut state = ClearingState::new(spec);
    let mut decision_ms = Vec::new();
    while !state.is_clear() && state.strikes < STRIKE_CAP {
        let t = Instant::now();
        let shot = player.choose_clearing_shot(spec, &state);
        decision_ms.push(t.elapsed().as_secs_f64() * 1000.0);
        let Some(shot) = shot else {
            // No legal placement at all (Law 142 would replay the board): abandon.
            break;
        };
        let played = noise.apply(spec, &state.layout, &shot, exec_rng);
        let mut table = Table::new(spec, &state.layout);
        let result = play(&mut table, &played);
        state.apply(spec, &result);
    }
    BoardRun {
        strikes: state.strikes,
        cleared: state.is_clear(),
        decision_ms,
    }
}

/// The clearing benchmark's summary.
#[derive(Clone, Debug, Serialize)]
pub struct ClearingSummary {
    pub boards: u32,
    pub cleared: u32,
    pub mean_strikes: f64,
    pub median_strikes: f64,
    pub max_strikes: u32,
    pub mean_decision_ms: f64,
    pub max_decision_ms: f64,
}

/// Plays `boards` clearing boards (board `i` seeded from `seed` and `i`).
pub fn clearing(
    spec: &Spec,
    level: Level,
    boards: u32,
    seed: u64,
    noise: Noise,
) -> ClearingSummary {
    clearing_with(spec, level, boards, seed, noise, |_, _| {})
}

/// [`clearing`], calling `each(i, &run)` after every board.
pub fn clearing_with(
    spec: &Spec,
    level: Level,
    boards: u32,
    seed: u64,
    noise: Noise,
    mut each: impl FnMut(u32, &BoardRun),
) -> ClearingSummary {
    let mut strikes = Vec::new();
    let mut ms = Vec::new();
    let mut cleared = 0;
    for i in 0..boards {
        let run = play_board(spec, level, mix(seed, i as u64), noise);
        each(i, &run);
        cleared += u32::from(run.cleared);
        strikes.push(run.strikes);
        ms.extend(run.decision_ms);
    }
    summarise(boards, cleared, &strikes, &ms)
}

/// The summary of `boards` boards, `cleared` of them cleared, from every board's strikes and
/// every decision's milliseconds.
pub fn summarise(boards: u32, cleared: u32, strikes: &[u32], ms: &[f64]) -> ClearingSummary {
    let mut sorted = strikes.to_vec();
    sorted.sort_unstable();
    let n = sorted.len();
    let median = if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2] as f64
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0
    };
    ClearingSummary {
        boards,
        cleared,
        mean_strikes: if n == 0 {
            0.0
        } else {
            sorted.iter().map(|&s| s as f64).sum::<f64>() / n as f64
        },
        median_strikes: median,
        max_strikes: sorted.last().copied().unwrap_or(0),
        mean_decision_ms: if ms.is_empty() {
            0.0
        } else {
            ms.iter().sum::<f64>() / ms.len() as f64
        },
        max_decision_ms: ms.iter().copied().fold(0.0, f64::max),
    }
}
