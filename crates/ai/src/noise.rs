//! Execution noise: the Gaussian errors of a hand that places the striker and strikes, and the
//! seeding helpers every random stream of the computer players derives from.

use carrom_physics::{Piece, Shot, Spec};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Execution noise: Gaussian errors a player makes when playing a shot.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Noise {
    /// Sigma of the striker position, in shot-position units (half base lines): 0.01 is 0.005
    /// of the base-line range (2.35 mm on an ICF board).
    pub position: f32,
    /// Sigma of the direction (degrees).
    pub angle_deg: f32,
    /// Sigma of the power (0..1 scale).
    pub power: f32,
}

impl Noise {
    /// The clearing benchmark's noise: sigma 0.005 of the base-line range on position, 2
    /// degrees on direction, 0.01 on power.
    pub const BENCHMARK: Noise = Noise {
        position: 0.01,
        angle_deg: 2.0,
        power: 0.01,
    };
    pub const NONE: Noise = Noise {
        position: 0.0,
        angle_deg: 0.0,
        power: 0.0,
    };

    /// `shot` as actually played. A position that noise would make illegal (overlapping a
    /// piece, cutting the moon) is kept as intended: placing is deliberate, the stroke is not.
    pub fn apply(&self, spec: &Spec, layout: &[Piece], shot: &Shot, rng: &mut impl Rng) -> Shot {
        let mut s = *shot;
        let (g1, g2, g3) = (gauss(rng), gauss(rng), gauss(rng));
        let pos = (s.position + self.position * g1).clamp(-1.0, 1.0);
        if self.position > 0.0 && crate::geom::legal(spec, s.seat, pos, layout) {
            s.position = pos;
        }
        s.angle_deg += self.angle_deg * g2;
        s.power = (s.power + self.power * g3).clamp(0.0, 1.0);
        s
    }
}

/// A standard normal sample (Box-Muller).
pub fn gauss(rng: &mut impl Rng) -> f32 {
    let u1: f64 = rng.random_range(f64::MIN_POSITIVE..1.0);
    let u2: f64 = rng.random::<f64>();
    ((-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()) as f32
}

/// Mixes a seed with an index (splitmix64), for per-candidate streams.
pub fn mix(seed: u64, i: u64) -> u64 {
    let mut z = seed
        ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
