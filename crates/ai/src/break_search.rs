//! Finding a break book: successive halving over a grid of striker positions, directions and
//! powers into the clearing rack, every outcome valued by the clearing judge, the best
//! re-measured with fresh noise (see [`crate::break_book`] for the book itself).

use crate::break_book::{BookBreak, BreakBook};
use crate::clearing::{ClearingJudge, ClearingState, pocket_order};
use crate::geom::{angle_of, legal};
use crate::lone_man::{LoneManCosts, spec_key};
use crate::noise::{Noise, mix};
use crate::search::Judge;
use carrom_physics::shot::play;
use carrom_physics::{Seat, Shot, Spec, Table, Vec2};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// How much searching finding a book does: successive halving, `rounds[k] = (keep, samples)`
/// keeps the best `keep` candidates of the round before and plays each `samples` more times.
#[derive(Clone, Debug)]
pub struct BookSearch {
    /// Striker positions tried (those legal for the rack), shot-position units.
    pub positions: Vec<f32>,
    /// Directions tried, degrees off the line from the striker to the rack's centre.
    pub offsets_deg: Vec<f32>,
    pub powers: Vec<f32>,
    pub rounds: Vec<(usize, u32)>,
    /// How many of the last round's best the book keeps; they are re-measured with this many
    /// fresh noisy strokes each, so the book's figures carry no selection bias.
    pub keep: usize,
    pub remeasure: u32,
}

impl BookSearch {
    /// The search behind the shipped book: 81 positions × 41 directions (±20°, 1° apart) × 4
    /// powers (0.85 to 1); 6 samples each, then the best 300 × 48, 40 × 400, 8 × 2000; the best
    /// 4 re-measured over 4000 fresh strokes.
    pub fn full() -> BookSearch {
        BookSearch {
            positions: (0..=80).map(|i| -1.0 + i as f32 * 0.025).collect(),
            offsets_deg: (-20..=20).map(|d| d as f32).collect(),
            powers: vec![0.85, 0.9, 0.95, 1.0],
            rounds: vec![(usize::MAX, 6), (300, 48), (40, 400), (8, 2000)],
            keep: 4,
            remeasure: 4000,
        }
    }
}

/// Plays `shot` `n` times with `noise` into the judge's rack (on clones of `base`) and returns the sums of the value, the
/// pieces pocketed and the striker pocketed.
fn measure(
    spec: &Spec,
    base: &Table,
    judge: &ClearingJudge,
    shot: &Shot,
    noise: Noise,
    seed: u64,
    n: u32,
) -> (f64, f64, f64) {
    let rack = &judge.state.layout;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut value, mut pieces, mut striker) = (0.0, 0.0, 0.0);
    for _ in 0..n {
        let played = noise.apply(spec, rack, shot, &mut rng);
        let result = play(&mut base.clone(), &played);
        value += judge.value(spec, rack, &result) as f64;
        pieces += pocket_order(&result).len() as f64;
        striker += f64::from(u8::from(result.striker.pocketed));
    }
    (value, pieces, striker)
}

/// Finds the book for `spec` and `noise`: every candidate of `search` judged by the clearing
/// judge on a fresh board (with the shipped lone-man table when it fits `spec`).
pub fn find(spec: &Spec, noise: Noise, search: &BookSearch, seed: u64) -> BreakBook {
    let seat = Seat::South;
    let state = ClearingState::new(spec);
    let judge = ClearingJudge {
        state: &state,
        lone: LoneManCosts::for_spec(spec),
    };
    let rack = &state.layout;
    let base = Table::new(spec, rack);
    let mut candidates: Vec<Shot> = Vec::new();
    for &position in &search.positions {
        if !legal(spec, seat, position, rack) {
            continue;
        }
        let towards = angle_of(seat, Vec2::ZERO - spec.board.striker_spot(seat, position));
        for &off in &search.offsets_deg {
            for &power in &search.powers {
                candidates.push(Shot {
                    seat,
                    position,
                    angle_deg: towards + off,
                    power,
                });
            }
        }
    }
    // (index into candidates, value sum, samples)
    let best_mean_first = |a: &(usize, f64, u32), b: &(usize, f64, u32)| {
        let (ma, mb) = (a.1 / a.2.max(1) as f64, b.1 / b.2.max(1) as f64);
        mb.total_cmp(&ma).then(a.0.cmp(&b.0))
    };
    let mut alive: Vec<(usize, f64, u32)> = (0..candidates.len()).map(|i| (i, 0.0, 0)).collect();
    for (round, &(keep, samples)) in search.rounds.iter().enumerate() {
        alive.sort_by(best_mean_first);
        alive.truncate(keep);
        alive.par_iter_mut().for_each(|(i, sum, n)| {
            let stream = mix(seed, ((round as u64) << 32) | *i as u64);
            let (v, _, _) = measure(spec, &base, &judge, &candidates[*i], noise, stream, samples);
            *sum += v;
            *n += samples;
        });
    }
    alive.sort_by(best_mean_first);
    alive.truncate(search.keep);
    let fresh = mix(seed, 0xF4E5_4000_0000);
    let mut breaks: Vec<BookBreak> = alive
        .par_iter()
        .map(|&(i, _, _)| {
            let shot = candidates[i];
            let n = search.remeasure.max(1);
            let (v, p, s) = measure(spec, &base, &judge, &shot, noise, mix(fresh, i as u64), n);
            BookBreak {
                position: shot.position,
                angle_deg: shot.angle_deg,
                power: shot.power,
                value: (v / n as f64) as f32,
                pieces: (p / n as f64) as f32,
                striker_pocketed: (s / n as f64) as f32,
                samples: n,
            }
        })
        .collect();
    breaks.sort_by(|a, b| b.value.total_cmp(&a.value));
    BreakBook {
        spec_key: spec_key(spec),
        noise,
        breaks,
    }
}
