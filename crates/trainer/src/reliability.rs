//! The coach's reliability table: how far the chance the coach states for its shot is true.
//! Positions of every kind are drawn (each drill's, at every level, and mid-game scatters of 3
//! to 19 pieces), the coach is asked for its shot, and the shot is replayed with the
//! benchmark's execution noise, each stroke judged by the referee; the claimed chances are put
//! in bins of 10 points and each bin's claims set against the rate its replays measured.

use crate::drill::{Drill, DrillKind, LEVELS, NoPosition};
use crate::position::{Position, QueenAt};
use carrom_ai::Noise;
use carrom_ai::coach::hint;
use carrom_ai::noise::mix;
use carrom_match::stroke_report;
use carrom_physics::shot::play;
use carrom_physics::{Seat, Shot, Spec, Table};
use carrom_referee::Referee;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

/// One bin of claimed chances: `from` to `to` per cent.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Bin {
    pub from: u32,
    pub to: u32,
    /// Positions whose claimed chance fell in the bin.
    pub positions: u32,
    /// The mean claimed chance of those positions (0-1).
    pub claimed: f64,
    /// The rate their replays measured (0-1).
    pub measured: f64,
    /// measured - claimed, in points (per cent).
    pub difference: f64,
}

/// The table.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Reliability {
    pub positions: u32,
    /// Replays of each position's shot.
    pub replays: u32,
    pub seed: u64,
    /// Positions where the player had no legal place for the striker (none asked).
    pub skipped: u32,
    /// The ten bins, 0-10% to 90-100%.
    pub bins: Vec<Bin>,
    /// The largest |difference| over the bins with positions, in points.
    pub max_difference: f64,
    /// Every bin with positions is within 5 points.
    pub within_5_points: bool,
    /// All positions: mean claimed and measured.
    pub claimed: f64,
    pub measured: f64,
}

/// The `i`th position of the table: every twelfth is a mid-game scatter of three kinds, the rest
/// cycle through the drills at every level (`None`: a scatter with no men of one colour). A
/// drill that cannot be set on this board is [`NoPosition`]: the table draws every drill, so
/// it cannot be measured on such a board.
pub fn draw(spec: &Spec, seed: u64, i: u32) -> Result<Option<Position>, NoPosition> {
    let s = mix(seed, u64::from(i));
    let slot = i % 12;
    if slot < 9 {
        let kind = DrillKind::ALL[slot as usize];
        let level = 1 + ((i / 12) % u32::from(LEVELS)) as u8;
        return Drill::new(spec, kind, level, s).map(|d| Some(d.position));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(s);
    let n = rng.random_range(3..=19usize);
    let layout = carrom_physics::soak::random_scatter(&mut rng, spec, n);
    let p = Position::new(Seat::South, QueenAt::OnBoard, layout);
    Ok(p.referee().map(|_| p))
}

/// Measures the table over `positions` positions, each shot replayed `replays` times. `each`
/// is told after every position (its index, claimed chance and measured rate). A drill that
/// cannot be set on this board stops the measurement ([`NoPosition`]).
pub fn measure(
    spec: &Spec,
    positions: u32,
    replays: u32,
    seed: u64,
    mut each: impl FnMut(u32, f64, f64),
) -> Result<Reliability, NoPosition> {
    let run = Replays {
        spec,
        seed,
        replays,
    };
    let mut sums = [(0u32, 0f64, 0u64); 10];
    let mut skipped = 0;
    let (mut all_claimed, mut all_hits, mut asked) = (0f64, 0u64, 0u32);
    for i in 0..positions {
        let Some((chance, hits)) = run.position(i)? else {
            skipped += 1;
            continue;
        };
        let rate = hits as f64 / f64::from(replays.max(1));
        let b = ((chance * 10.0).floor() as usize).min(9);
        sums[b].0 += 1;
        sums[b].1 += chance;
        sums[b].2 += hits;
        all_claimed += chance;
        all_hits += hits;
        asked += 1;
        each(i, chance, rate);
    }
    let bins = bins(&sums, replays);
    let max_difference = bins
        .iter()
        .filter(|b| b.positions > 0)
        .map(|b| b.difference.abs())
        .fold(0.0, f64::max);
    Ok(Reliability {
        positions: asked,
        replays,
        seed,
        skipped,
        within_5_points: max_difference <= 5.0,
        max_difference,
        bins,
        claimed: all_claimed / f64::from(asked.max(1)),
        measured: all_hits as f64 / (f64::from(asked.max(1)) * f64::from(replays.max(1))),
    })
}

/// The coach's shots of a measurement, each replayed `replays` times with the benchmark's
/// noise.
struct Replays<'a> {
    spec: &'a Spec,
    seed: u64,
    replays: u32,
}

impl Replays<'_> {
    /// Position `i`: the chance the coach claims for its shot there and how many of its
    /// replays made it; `None` when the position has no legal place or no hint.
    fn position(&self, i: u32) -> Result<Option<(f64, u64)>, NoPosition> {
        let (spec, seed) = (self.spec, self.seed);
        Ok(draw(spec, seed, i)?.and_then(|position| self.asked(i, &position)))
    }

    /// The coach asked at position `i`: its claimed chance and its replays' hits.
    fn asked(&self, i: u32, position: &Position) -> Option<(f64, u64)> {
        let (spec, seed) = (self.spec, self.seed);
        let referee = position.referee()?;
        let layout = &position.pieces;
        let seat = position.seat;
        let h = hint(
            spec,
            layout,
            seat,
            &referee,
            mix(seed ^ 0xC0AC, u64::from(i)),
        )?;
        let best = &h.best;
        let target = layout
            .iter()
            .position(|p| Some(*p) == best.target)
            .filter(|_| best.chance_is_the_targets());
        let hits = self.hits(i, position, &referee, &best.shot, target);
        Some((f64::from(best.chance), hits))
    }

    /// How many of `shot`'s replays at position `i` made it: its target down (when the
    /// chance is the target's) and the turn going on, or the board won.
    fn hits(
        &self,
        i: u32,
        position: &Position,
        referee: &Referee,
        shot: &Shot,
        target: Option<usize>,
    ) -> u64 {
        let (spec, layout, replays) = (self.spec, &position.pieces, self.replays);
        let base = Table::new(spec, layout);
        let side = referee.side_of(position.seat);
        (0..replays)
            .into_par_iter()
            .map(|j| {
                let mut rng = ChaCha8Rng::seed_from_u64(mix(
                    self.seed ^ 0x5E11_AB1E,
                    u64::from(i) * u64::from(replays) + u64::from(j),
                ));
                let shot = Noise::BENCHMARK.apply(spec, layout, shot, &mut rng);
                let result = play(&mut base.clone(), &shot);
                let mut r = *referee;
                let Ok(v) = r.judge(&stroke_report(&result)) else {
                    return 0;
                };
                let won = v.board_result.is_some_and(|b| b.winner == side);
                let down = target.is_none_or(|t| result.pieces[t].pocketed);
                u64::from(down && (v.continues || won))
            })
            .sum()
    }
}

/// The table's bins of ten points of claimed chance, from each bin's positions, claimed
/// chances and hits.
fn bins(sums: &[(u32, f64, u64); 10], replays: u32) -> Vec<Bin> {
    sums.iter()
        .enumerate()
        .map(|(k, &(n, claimed, hits))| {
            let (claimed, measured) = if n == 0 {
                (0.0, 0.0)
            } else {
                (
                    claimed / f64::from(n),
                    hits as f64 / (f64::from(n) * f64::from(replays.max(1))),
                )
            };
            Bin {
                from: 10 * k as u32,
                to: 10 * (k as u32 + 1),
                positions: n,
                claimed,
                measured,
                difference: if n == 0 {
                    0.0
                } else {
                    100.0 * (measured - claimed)
                },
            }
        })
        .collect()
}

impl Reliability {
    /// The table as text: a header, one line per bin, the largest difference.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "The coach's chance against {} replays of its shot at the benchmark's noise, {} positions (seed {}{})",
                self.replays,
                self.positions,
                self.seed,
                if self.skipped > 0 {
                    format!(", {} without a legal place skipped", self.skipped)
                } else {
                    String::new()
                }
            ),
            "claimed   positions  mean claimed  measured  difference".into(),
        ];
        for b in &self.bins {
            if b.positions == 0 {
                out.push(format!("{:>3}-{:<3}%  {:>9}", b.from, b.to, 0));
                continue;
            }
            out.push(format!(
                "{:>3}-{:<3}%  {:>9}  {:>11.1}%  {:>7.1}%  {:>+9.1}",
                b.from,
                b.to,
                b.positions,
                100.0 * b.claimed,
                100.0 * b.measured,
                b.difference
            ));
        }
        out.push(format!(
            "all        {:>9}  {:>11.1}%  {:>7.1}%  {:>+9.1}",
            self.positions,
            100.0 * self.claimed,
            100.0 * self.measured,
            100.0 * (self.measured - self.claimed)
        ));
        out.push(format!(
            "largest difference in a bin: {:.1} points ({})",
            self.max_difference,
            if self.within_5_points {
                "every bin within 5"
            } else {
                "NOT every bin within 5"
            }
        ));
        out
    }
}
