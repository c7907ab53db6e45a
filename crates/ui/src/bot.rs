//! A small computer player for the game's computer seats: it aims cut shots at the pockets,
//! simulates each candidate with the physics crate and keeps the one the referee likes best.
//! (The `carrom_ai` crate is the full player; this one is fast enough for the demo.)

use crate::model::{MatchModel, colour_of, outcome_of, to_rseat};
use carrom_physics::{Fate, PieceKind, Seat, Shot, Spec, Table, shot::play};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How many candidates a level tries.
pub fn candidates_for(level: &str) -> usize {
    match level {
        "easy" => 6,
        "hard" => 40,
        _ => 16,
    }
}

/// Aim error of a level, in degrees.
fn noise_for(level: &str) -> f32 {
    match level {
        "easy" => 2.0,
        "hard" => 0.2,
        _ => 0.8,
    }
}

fn rotate(v: [f32; 2], deg: f32) -> [f32; 2] {
    let (s, c) = deg.to_radians().sin_cos();
    [v[0] * c - v[1] * s, v[0] * s + v[1] * c]
}

/// The shot's angle (degrees, CCW from the seat's forward direction) for a world direction.
pub fn angle_for(seat: Seat, dir: [f32; 2]) -> f32 {
    let f = seat.forward();
    let cross = f.x * dir[1] - f.y * dir[0];
    let dot = f.x * dir[0] + f.y * dir[1];
    cross.atan2(dot).to_degrees()
}

/// Chooses a stroke for the seat to play.
pub fn choose(model: &MatchModel, seat: Seat, level: &str, rng: &mut ChaCha8Rng) -> Shot {
    let spec = &model.spec;
    if !model.referee.break_made() {
        let position = rng.random_range(-0.15f32..0.15);
        let shot = Shot {
            seat,
            position,
            angle_deg: 0.0,
            power: 1.0,
        };
        // Aim at the Queen from wherever we stand.
        let at = shot.striker_at(spec);
        let angle = angle_for(seat, [-at.x, -at.y]);
        return Shot {
            angle_deg: angle,
            ..shot
        };
    }
    let mine = colour_of(match model.referee.colour_of(to_rseat(seat)) {
        carrom_referee::PieceColour::Black => PieceKind::Black,
        _ => PieceKind::White,
    });
    let queen_ok = !matches!(
        model.referee.queen_right(to_rseat(seat)),
        carrom_referee::QueenRight::No | carrom_referee::QueenRight::NotOnBoard
    );
    let legal: Vec<f32> = (0..=40)
        .map(|k| -1.0 + k as f32 * 0.05)
        .filter(|p| {
            Shot {
                seat,
                position: *p,
                angle_deg: 0.0,
                power: 0.5,
            }
            .validate(spec, &model.layout)
            .is_ok()
        })
        .collect();
    let mut cands: Vec<Shot> = Vec::new();
    let rc = spec.board.coin_radius();
    let rs = spec.board.striker_radius();
    for piece in &model.layout {
        let ok = colour_of(piece.kind) == mine || (piece.kind == PieceKind::Queen && queen_ok);
        if !ok {
            continue;
        }
        for pocket in spec.board.pockets() {
            let to_pocket = [pocket.x - piece.x, pocket.y - piece.y];
            let d = to_pocket[0].hypot(to_pocket[1]);
            if d < 1e-6 {
                continue;
            }
            let u = [to_pocket[0] / d, to_pocket[1] / d];
            let ghost = [piece.x - u[0] * (rc + rs), piece.y - u[1] * (rc + rs)];
            for &position in &legal {
                let s = Shot {
                    seat,
                    position,
                    angle_deg: 0.0,
                    power: 0.0,
                };
                let at = s.striker_at(spec);
                let aim = [ghost[0] - at.x, ghost[1] - at.y];
                let dist = aim[0].hypot(aim[1]);
                let dir = [aim[0] / dist, aim[1] / dist];
                // Cut angle: the striker must push the piece towards the pocket.
                if dir[0] * u[0] + dir[1] * u[1] < 0.35 {
                    continue;
                }
                let power = ((dist + d) * 0.9 + 0.15).clamp(0.25, 0.9);
                cands.push(Shot {
                    seat,
                    position,
                    angle_deg: angle_for(seat, dir),
                    power,
                });
            }
        }
    }
    // Keep a sample, plus a few random strokes at the middle.
    let want = candidates_for(level);
    while cands.len() > want {
        let i = rng.random_range(0..cands.len());
        cands.swap_remove(i);
    }
    while cands.len() < want.min(8) {
        let position = legal
            .get(rng.random_range(0..legal.len().max(1)))
            .copied()
            .unwrap_or(0.0);
        let s = Shot {
            seat,
            position,
            angle_deg: 0.0,
            power: 0.0,
        };
        let at = s.striker_at(spec);
        let target = [
            rng.random_range(-0.08f32..0.08),
            rng.random_range(-0.08f32..0.08),
        ];
        let dir = rotate([target[0] - at.x, target[1] - at.y], 0.0);
        cands.push(Shot {
            angle_deg: angle_for(seat, dir),
            power: rng.random_range(0.4f32..0.8),
            ..s
        });
    }
    let noise = noise_for(level);
    let mut best: Option<(f32, Shot)> = None;
    for mut shot in cands {
        shot.angle_deg += rng.random_range(-noise..=noise);
        let value = evaluate(spec, model, &shot);
        if best.as_ref().is_none_or(|(v, _)| value > *v) {
            best = Some((value, shot));
        }
    }
    best.map(|(_, s)| s).unwrap_or(Shot {
        seat,
        position: 0.0,
        angle_deg: 0.0,
        power: 0.5,
    })
}

/// How good a stroke is for the striker's side, by what the referee would say.
fn evaluate(spec: &Spec, model: &MatchModel, shot: &Shot) -> f32 {
    if shot.validate(spec, &model.layout).is_err() {
        return f32::NEG_INFINITY;
    }
    let mut table = Table::new(spec, &model.layout);
    let result = play(&mut table, shot);
    let fates: Vec<Fate> = table.roster.pieces.iter().map(|m| m.fate).collect();
    let positions: Vec<[f32; 2]> = result.pieces.iter().map(|p| [p.x, p.y]).collect();
    let striker = table
        .roster
        .striker
        .map(|m| m.fate)
        .unwrap_or(Fate::OnBoard);
    let outcome = outcome_of(
        &table.roster.kinds,
        &fates,
        &positions,
        striker,
        &result.events,
    );
    let mut referee = model.referee;
    let side = referee.side_of(to_rseat(shot.seat)).index();
    let mine = referee.colour_of(to_rseat(shot.seat));
    let before_mine = referee.on_board(mine) as f32;
    let before_theirs = referee.on_board(mine.other()) as f32;
    let before_score = referee.score();
    let Ok(v) = referee.judge(&outcome.report) else {
        return f32::NEG_INFINITY;
    };
    let mut value = 0.0;
    value += (before_mine - referee.on_board(mine) as f32) * 3.0;
    value -= (before_theirs - referee.on_board(mine.other()) as f32) * 2.0;
    if v.continues {
        value += 2.0;
    }
    if outcome.report.striker_pocketed || outcome.report.striker_overboard {
        value -= 4.0;
    }
    if let Some(b) = v.board_result {
        value += if b.winner.index() == side {
            50.0
        } else {
            -50.0
        };
    }
    value += (v.score[side] as f32 - before_score[side] as f32) * 2.0;
    value
}

/// A seeded generator for a seat's choices.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}
