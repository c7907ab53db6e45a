//! The break map: expected pieces pocketed by a full-power break from each striker position
//! along the base line and each direction, averaged over noisy samples.

use crate::geom::{angle_of, legal};
use crate::noise::{Noise, mix};
use carrom_physics::shot::play;
use carrom_physics::{Piece, Seat, Shot, Spec, Table, Vec2, opening_rack};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The map: `expected[i][j]` is for `positions[i]` and `offsets_deg[j]` (degrees from the
/// direction at the board centre, + = to the player's left).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BreakMap {
    pub seat: Seat,
    pub samples: u32,
    pub positions: Vec<f32>,
    pub offsets_deg: Vec<f32>,
    pub expected: Vec<Vec<f32>>,
    /// How often the striker fell in, per cell.
    pub striker_pocketed: Vec<Vec<f32>>,
    pub best: BestBreak,
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct BestBreak {
    pub position: f32,
    pub offset_deg: f32,
    /// The shot's angle (relative to forward).
    pub angle_deg: f32,
    /// The cell's mean over its few samples: the best of many such means, so it flatters.
    pub expected: f32,
    /// The same break played again [`CONFIRM_SAMPLES`] times with fresh noise: the figure to
    /// tell a player, measured as the coach measures a break (not in the JSON, whose fields
    /// stay as they were).
    #[serde(skip)]
    pub confirmed: f32,
}

/// How often the map's best break is played again to measure it without the best-of-many
/// flattery (as many as the coach plays each shot it shows before ranking them).
pub const CONFIRM_SAMPLES: u32 = crate::coach::RANK_SAMPLES;

/// Builds the map for South breaking the opening rack. `grid`: 25 positions x 25 directions x
/// 10 samples; otherwise 9 positions straight at the centre x 6 samples.
pub fn break_map(spec: &Spec, grid: bool, seed: u64, noise: Noise) -> BreakMap {
    let seat = Seat::South;
    let rack = opening_rack(&spec.board, seat);
    let (positions, offsets, samples) = cells_of(spec, seat, &rack, grid);
    let sampler = Sampler {
        spec,
        seat,
        rack: &rack,
        base: Table::new(spec, &rack),
        noise,
    };
    let cells: Vec<(usize, usize)> = (0..positions.len())
        .flat_map(|i| (0..offsets.len()).map(move |j| (i, j)))
        .collect();
    let values: Vec<(f32, f32)> = cells
        .par_iter()
        .enumerate()
        .map(|(n, &(i, j))| {
            let angle = sampler.angle_to_centre(positions[i]) + offsets[j];
            let shot = sampler.shot(positions[i], angle);
            sampler.means(&shot, samples, mix(seed, n as u64))
        })
        .collect();
    let mut expected = vec![vec![0.0; offsets.len()]; positions.len()];
    let mut striker_pocketed = expected.clone();
    let mut best = BestBreak {
        position: 0.0,
        offset_deg: 0.0,
        angle_deg: 0.0,
        expected: -1.0,
        confirmed: 0.0,
    };
    for (&(i, j), &(e, s)) in cells.iter().zip(&values) {
        expected[i][j] = e;
        striker_pocketed[i][j] = s;
        if e > best.expected {
            best = BestBreak {
                position: positions[i],
                offset_deg: offsets[j],
                angle_deg: sampler.angle_to_centre(positions[i]) + offsets[j],
                expected: e,
                confirmed: 0.0,
            };
        }
    }
    best.confirmed = sampler.confirmed(&sampler.shot(best.position, best.angle_deg), seed);
    BreakMap {
        seat,
        samples,
        positions,
        offsets_deg: offsets,
        expected,
        striker_pocketed,
        best,
    }
}

/// The map's striker positions (the legal ones of `grid`'s), its direction offsets and the
/// samples of each cell.
fn cells_of(spec: &Spec, seat: Seat, rack: &[Piece], grid: bool) -> (Vec<f32>, Vec<f32>, u32) {
    let (np, offsets, samples): (usize, Vec<f32>, u32) = if grid {
        (25, (0..25).map(|j| -12.0 + j as f32).collect(), 10)
    } else {
        (9, vec![0.0], 6)
    };
    let positions = (0..np)
        .map(|i| -0.76 + 1.52 * i as f32 / (np - 1) as f32)
        .filter(|&p| legal(spec, seat, p, rack))
        .collect();
    (positions, offsets, samples)
}

/// Full-power breaks into the rack, played with noise on copies of one table.
struct Sampler<'a> {
    spec: &'a Spec,
    seat: Seat,
    rack: &'a [Piece],
    base: Table,
    noise: Noise,
}

impl Sampler<'_> {
    /// The direction from the striker at `position` to the board's centre.
    fn angle_to_centre(&self, position: f32) -> f32 {
        let s = self.spec.board.striker_spot(self.seat, position);
        angle_of(self.seat, Vec2::ZERO - s)
    }

    fn shot(&self, position: f32, angle_deg: f32) -> Shot {
        Shot {
            seat: self.seat,
            position,
            angle_deg,
            power: 1.0,
        }
    }

    /// `shot` played `samples` times with noise seeded from `seed`: the pieces pocketed and
    /// how often the striker fell in, on average.
    fn means(&self, shot: &Shot, samples: u32, seed: u64) -> (f32, f32) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut pieces, mut striker) = (0.0, 0.0);
        for _ in 0..samples {
            let s = self.noise.apply(self.spec, self.rack, shot, &mut rng);
            let mut t = self.base.clone();
            let r = play(&mut t, &s);
            pieces += r.pieces.iter().filter(|p| p.pocketed).count() as f32;
            striker += f32::from(u8::from(r.striker.pocketed));
        }
        (pieces / samples as f32, striker / samples as f32)
    }

    /// The pieces `shot` pockets on average over [`CONFIRM_SAMPLES`] plays with fresh noise
    /// (each seeded from `!seed`).
    fn confirmed(&self, shot: &Shot, seed: u64) -> f32 {
        let pieces: f32 = (0..CONFIRM_SAMPLES)
            .into_par_iter()
            .map(|k| {
                let mut rng = ChaCha8Rng::seed_from_u64(mix(!seed, u64::from(k)));
                let s = self.noise.apply(self.spec, self.rack, shot, &mut rng);
                let mut t = self.base.clone();
                play(&mut t, &s)
                    .pieces
                    .iter()
                    .filter(|p| p.pocketed)
                    .count() as f32
            })
            .sum();
        pieces / CONFIRM_SAMPLES as f32
    }
}

/// A colour for `t` in 0..1 (dark blue, through green, to yellow).
pub fn colour(t: f32) -> [u8; 3] {
    let stops: [[f32; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = t.clamp(0.0, 1.0) * 4.0;
    let k = (t.floor() as usize).min(3);
    let f = t - k as f32;
    let c = |n: usize| (stops[k][n] + (stops[k + 1][n] - stops[k][n]) * f) as u8;
    [c(0), c(1), c(2)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best cell of the map is the best of many small means, so it flatters; played again
    /// with fresh noise it is measured as the coach measures a break, and the same map gives
    /// the same figure.
    #[test]
    fn the_best_break_is_measured_again_without_the_flattery_of_the_best_of_many() {
        let spec = Spec::default();
        let map = break_map(&spec, false, 5, Noise::BENCHMARK);
        let again = break_map(&spec, false, 5, Noise::BENCHMARK);
        assert_eq!(map.best.confirmed, again.best.confirmed);
        assert!((0.0..=19.0).contains(&map.best.confirmed));
        // The mean of the map's other cells at the best's place is no better than the best's
        // flattering figure; the confirmed figure is a mean of CONFIRM_SAMPLES breaks.
        let spread = map.expected.iter().flatten().fold(0.0f32, |m, e| m.max(*e));
        assert_eq!(spread, map.best.expected);
        let whole = map.best.confirmed * CONFIRM_SAMPLES as f32;
        assert!(
            (whole - whole.round()).abs() < 1e-2,
            "a count of pieces over the replays"
        );
    }
}
