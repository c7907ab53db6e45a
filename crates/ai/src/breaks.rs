//! The break map: expected pieces pocketed by a full-power break from each striker position
//! along the base line and each direction, averaged over noisy samples.

use crate::geom::{angle_of, legal};
use crate::noise::{Noise, mix};
use carrom_physics::shot::play;
use carrom_physics::{Seat, Shot, Spec, Table, Vec2, opening_rack};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

/// The map: `expected[i][j]` is for `positions[i]` and `offsets_deg[j]` (degrees from the
/// direction at the board centre, + = to the player's left).
#[derive(Clone, Debug, Serialize)]
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

#[derive(Clone, Copy, Debug, Serialize)]
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
/// flattery (as many as the coach plays a shot to judge it).
pub const CONFIRM_SAMPLES: u32 = crate::coach::JUDGE_SAMPLES;

/// Builds the map for South breaking the opening rack. `grid`: 25 positions x 25 directions x
/// 10 samples; otherwise 9 positions straight at the centre x 6 samples.
pub fn break_map(spec: &Spec, grid: bool, seed: u64, noise: Noise) -> BreakMap {
    let seat = Seat::South;
    let rack = opening_rack(&spec.board, seat);
    let (np, offsets, samples): (usize, Vec<f32>, u32) = if grid {
        (25, (0..25).map(|j| -12.0 + j as f32).collect(), 10)
    } else {
        (9, vec![0.0], 6)
    };
    let positions: Vec<f32> = (0..np)
        .map(|i| -0.76 + 1.52 * i as f32 / (np - 1) as f32)
        .filter(|&p| legal(spec, seat, p, &rack))
        .collect();
    let base = Table::new(spec, &rack);
    let cells: Vec<(usize, usize)> = (0..positions.len())
        .flat_map(|i| (0..offsets.len()).map(move |j| (i, j)))
        .collect();
    let values: Vec<(f32, f32)> = cells
        .par_iter()
        .enumerate()
        .map(|(n, &(i, j))| {
            let pos = positions[i];
            let s = spec.board.striker_spot(seat, pos);
            let angle = angle_of(seat, Vec2::ZERO - s) + offsets[j];
            let shot = Shot {
                seat,
                position: pos,
                angle_deg: angle,
                power: 1.0,
            };
            let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, n as u64));
            let (mut pieces, mut striker) = (0.0, 0.0);
            for _ in 0..samples {
                let s = noise.apply(spec, &rack, &shot, &mut rng);
                let mut t = base.clone();
                let r = play(&mut t, &s);
                pieces += r.pieces.iter().filter(|p| p.pocketed).count() as f32;
                striker += f32::from(u8::from(r.striker.pocketed));
            }
            (pieces / samples as f32, striker / samples as f32)
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
            let spot = spec.board.striker_spot(seat, positions[i]);
            best = BestBreak {
                position: positions[i],
                offset_deg: offsets[j],
                angle_deg: angle_of(seat, Vec2::ZERO - spot) + offsets[j],
                expected: e,
                confirmed: 0.0,
            };
        }
    }
    let shot = Shot {
        seat,
        position: best.position,
        angle_deg: best.angle_deg,
        power: 1.0,
    };
    let confirmed: f32 = (0..CONFIRM_SAMPLES)
        .into_par_iter()
        .map(|k| {
            let mut rng = ChaCha8Rng::seed_from_u64(mix(!seed, u64::from(k)));
            let s = noise.apply(spec, &rack, &shot, &mut rng);
            let mut t = base.clone();
            play(&mut t, &s)
                .pieces
                .iter()
                .filter(|p| p.pocketed)
                .count() as f32
        })
        .sum();
    best.confirmed = confirmed / CONFIRM_SAMPLES as f32;
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

/// Draws the map as a PNG heat map: x = striker position (player's left to right), y =
/// direction offset (top = most to the left), colour = expected pieces (scale 0 to the
/// maximum, shown by the bar on the right). The best cell is outlined in white.
pub fn write_png(map: &BreakMap, path: &std::path::Path) -> Result<(), String> {
    let cell = 24u32;
    let nx = map.positions.len() as u32;
    let ny = map.offsets_deg.len() as u32;
    let bar = 3 * cell;
    let (w, h) = (nx * cell + bar, ny * cell);
    let max = map
        .expected
        .iter()
        .flatten()
        .copied()
        .fold(0.0f32, f32::max)
        .max(1e-6);
    let mut img = image::RgbImage::new(w.max(1), h.max(1));
    for (i, col) in map.expected.iter().enumerate() {
        for (j, &e) in col.iter().enumerate() {
            let c = colour(e / max);
            // Offsets run -12..+12 (right..left); put the player's left at the top.
            let row = ny - 1 - j as u32;
            let best =
                map.positions[i] == map.best.position && map.offsets_deg[j] == map.best.offset_deg;
            for y in 0..cell {
                for x in 0..cell {
                    let edge = x == 0 || y == 0 || x == cell - 1 || y == cell - 1;
                    let px = if best && edge { [255, 255, 255] } else { c };
                    img.put_pixel(i as u32 * cell + x, row * cell + y, image::Rgb(px));
                }
            }
        }
    }
    for y in 0..h {
        let t = 1.0 - y as f32 / h.max(1) as f32;
        for x in nx * cell + cell..w {
            img.put_pixel(x, y, image::Rgb(colour(t)));
        }
    }
    img.save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("--out {}: {e}", path.display()))
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
