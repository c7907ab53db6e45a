//! Random shots for robustness checks: nothing escapes, nothing goes non-finite, every shot
//! comes to rest.

use crate::geometry::Seat;
use crate::rack::opening_rack;
use crate::shot::{Shot, play};
use crate::spec::Spec;
use crate::table::{Piece, PieceColour, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

/// What a soak found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SoakReport {
    pub shots: u32,
    /// Pieces (or strikers) found outside the playing surface without having been pocketed or
    /// reported overboard.
    pub escaped: u32,
    /// Shots that left a non-finite position or velocity.
    pub non_finite: u32,
    /// Shots that had not come to rest within the time limit.
    pub unfinished: u32,
    /// Longest simulated time of a shot (s).
    pub max_time: f32,
}

/// A random legal striker position for `seat` on a board holding `pieces`.
pub fn random_legal_position(
    rng: &mut impl Rng,
    spec: &Spec,
    seat: Seat,
    pieces: &[Piece],
) -> Option<f32> {
    let r = spec.board.coin_radius();
    (0..200)
        .map(|_| rng.random_range(-1.0f32..=1.0))
        .find(|&p| {
            spec.board
                .check_striker_placement(
                    seat,
                    spec.board.striker_spot(seat, p),
                    pieces.iter().map(|q| (q.pos(), r)),
                )
                .is_ok()
        })
}

/// `n` pieces scattered at random, not overlapping (a mid-game position).
pub fn random_scatter(rng: &mut impl Rng, spec: &Spec, n: usize) -> Vec<Piece> {
    let r = spec.board.coin_radius();
    let lim = spec.board.half() - r;
    let mut pieces: Vec<Piece> = Vec::with_capacity(n);
    let kinds = |i: usize| match i {
        0 => PieceColour::Queen,
        i if i % 2 == 1 => PieceColour::White,
        _ => PieceColour::Black,
    };
    let mut attempts = 0;
    while pieces.len() < n && attempts < 10_000 {
        attempts += 1;
        let p = Piece {
            kind: kinds(pieces.len()),
            x: rng.random_range(-lim..lim),
            y: rng.random_range(-lim..lim),
        };
        let clear = pieces
            .iter()
            .all(|q| (q.pos() - p.pos()).length() > 2.0 * r + 1e-4);
        let in_pocket = spec
            .board
            .pockets()
            .iter()
            .any(|k| (k.centre() - p.pos()).length() < k.radius + r);
        if clear && !in_pocket {
            pieces.push(p);
        }
    }
    pieces
}

/// Plays `shots` random shots: half from the rack, half from scattered positions; random seats,
/// legal placements, any direction; power uniform up to 1 (or always 1 with `full_power`).
pub fn soak(spec: &Spec, shots: u32, seed: u64, full_power: bool) -> SoakReport {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = SoakReport::default();
    let half = spec.board.half();
    for i in 0..shots {
        let seat = Seat::ALL[rng.random_range(0..4)];
        let pieces = if i % 2 == 0 {
            opening_rack(&spec.board, seat)
        } else {
            let n = rng.random_range(1..=19);
            random_scatter(&mut rng, spec, n)
        };
        let Some(position) = random_legal_position(&mut rng, spec, seat, &pieces) else {
            continue;
        };
        let shot = Shot {
            seat,
            position,
            angle_deg: rng.random_range(-180.0..180.0),
            power: if full_power {
                1.0
            } else {
                rng.random_range(0.0..=1.0)
            },
        };
        let mut table = Table::new(spec, &pieces);
        let result = play(&mut table, &shot);
        report.shots += 1;
        report.max_time = report.max_time.max(result.time);
        if !result.finished {
            report.unfinished += 1;
        }
        let mut bad = false;
        let mut check = |x: f32, y: f32, gone: bool| {
            if !(x.is_finite() && y.is_finite()) {
                bad = true;
            } else if !gone && (x.abs() > half || y.abs() > half) {
                report.escaped += 1;
            }
        };
        for p in &result.pieces {
            check(p.x, p.y, p.pocketed || p.overboard);
        }
        let s = &result.striker;
        check(s.end[0], s.end[1], s.pocketed || s.overboard);
        if bad {
            report.non_finite += 1;
        }
    }
    report
}
