//! Computer players against each other under the referee: full ICF games with physics,
//! execution noise and dues placed by the players, checking the referee's invariants after
//! every stroke.

use crate::game::{layout_after, phys_seat, stroke_report};
use crate::search::mix;
use crate::{Level, Player};
use carrom_physics::shot::play;
use carrom_physics::{Piece, PieceKind, Spec, Table, opening_rack};
use carrom_referee::{MEN_PER_COLOUR, PieceColour, QueenState, Referee, Rules, Seats, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Instant;

/// Strokes after which a game is stopped (and counted as an invariant violation: every game
/// must end).
pub const STROKE_CAP: u32 = 5000;

/// One finished game.
#[derive(Clone, Debug, Serialize)]
pub struct GameRun {
    /// The winning side (0 plays the first level), `None` if the game was stopped.
    pub winner: Option<usize>,
    pub strokes: u32,
    pub boards: u32,
    pub score: [u16; 2],
    pub violations: Vec<String>,
    /// Decision times by side (ms).
    pub decision_ms: [Vec<f64>; 2],
}

#[derive(Clone, Debug, Serialize)]
pub struct SelfplaySummary {
    pub games: u32,
    pub wins: [u32; 2],
    pub mean_strokes_per_game: f64,
    pub invariant_violations: u32,
    pub mean_boards_per_game: f64,
    pub mean_decision_ms: [f64; 2],
    /// The slowest decision of each side (ms).
    pub max_decision_ms: [f64; 2],
}

/// Checks the referee's promises against the physical layout.
fn check(referee: &Referee, layout: &[Piece]) -> Vec<String> {
    let mut bad = Vec::new();
    if layout.len() > 19 {
        bad.push(format!("{} pieces on the board (at most 19)", layout.len()));
    }
    for (kind, col) in [
        (PieceKind::White, PieceColour::White),
        (PieceKind::Black, PieceColour::Black),
    ] {
        let physical = layout.iter().filter(|p| p.kind == kind).count() as u8;
        let m = referee.men(col);
        if physical != m.on_board {
            bad.push(format!(
                "{col}: {physical} on the board, referee says {}",
                m.on_board
            ));
        }
        if m.on_board + m.pocketed != MEN_PER_COLOUR {
            bad.push(format!(
                "{col}: {} on board + {} pocketed != 9",
                m.on_board, m.pocketed
            ));
        }
    }
    let queen_on = layout.iter().any(|p| p.kind == PieceKind::Queen);
    if queen_on != (referee.queen() == QueenState::OnBoard) {
        bad.push(format!(
            "Queen on the board: {queen_on}, referee: {:?}",
            referee.queen()
        ));
    }
    bad
}

/// Plays one game between `levels[0]` (side 0) and `levels[1]` (side 1).
pub fn play_game(
    spec: &Spec,
    rules: Rules,
    seats: Seats,
    levels: [Level; 2],
    seed: u64,
    side1_breaks: bool,
) -> GameRun {
    let mut referee = Referee::new(rules, seats);
    if side1_breaks {
        let _ = referee.set_breaker(seats.first_seat_of(Side::One));
    }
    let mut players: Vec<(carrom_referee::Seat, Player)> = seats
        .seats()
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            (
                s,
                Player::new(levels[seats.side_of(s).index()], mix(seed, i as u64 + 1)),
            )
        })
        .collect();
    let mut exec_rng = ChaCha8Rng::seed_from_u64(mix(seed, 0xE7EC));
    let mut layout = opening_rack(&spec.board, phys_seat(referee.breaker()));
    let mut run = GameRun {
        winner: None,
        strokes: 0,
        boards: 1,
        score: [0, 0],
        violations: Vec::new(),
        decision_ms: [Vec::new(), Vec::new()],
    };
    while let Some(turn) = referee.turn() {
        if run.strokes >= STROKE_CAP {
            run.violations
                .push(format!("game did not end within {STROKE_CAP} strokes"));
            break;
        }
        run.strokes += 1;
        let side = referee.side_of(turn).index();
        let idx = players.iter().position(|(s, _)| *s == turn).unwrap_or(0);
        let t = Instant::now();
        let shot = players[idx]
            .1
            .choose_shot(spec, &layout, phys_seat(turn), &referee);
        run.decision_ms[side].push(t.elapsed().as_secs_f64() * 1000.0);
        let Some(shot) = shot else {
            // No legal placement: pass the turn (Law 137) if the break is made.
            if referee.pass().is_err() {
                run.violations
                    .push("no legal placement before the break".into());
                break;
            }
            continue;
        };
        if shot.validate(spec, &layout).is_err() {
            run.violations
                .push(format!("illegal shot chosen: {shot:?}"));
        }
        let noise = players[idx].1.execution_noise();
        let played = noise.apply(spec, &layout, &shot, &mut exec_rng);
        let mut table = Table::new(spec, &layout);
        let result = play(&mut table, &played);
        let report = stroke_report(&result);
        let verdict = match referee.judge(&report) {
            Ok(v) => v,
            Err(e) => {
                run.violations
                    .push(format!("referee rejected a stroke report: {e}"));
                break;
            }
        };
        if verdict.board_result.is_some() || verdict.board_cancelled {
            if let (None, Some(next)) = (verdict.match_result, verdict.next) {
                layout = opening_rack(&spec.board, phys_seat(next));
                run.boards += 1;
            }
            continue;
        }
        let ref_now = referee;
        layout = layout_after(spec, &result, &verdict, |colour, placer, l| {
            let i = players.iter().position(|(s, _)| *s == placer).unwrap_or(0);
            players[i]
                .1
                .place_due(spec, l, colour, phys_seat(placer), &ref_now)
        });
        for v in check(&referee, &layout) {
            run.violations.push(format!("stroke {}: {v}", run.strokes));
        }
    }
    run.winner = referee.match_winner().map(|s| s.index());
    run.score = referee.score();
    run
}

/// Plays `games` games; game `g` is seeded from `seed` and `g`, and the breaking side alternates.
pub fn selfplay(
    spec: &Spec,
    rules: Rules,
    seats: Seats,
    levels: [Level; 2],
    games: u32,
    seed: u64,
    mut each: impl FnMut(u32, &GameRun),
) -> SelfplaySummary {
    let mut wins = [0u32; 2];
    let mut strokes = 0u64;
    let mut boards = 0u64;
    let mut violations = 0u32;
    let mut ms: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for g in 0..games {
        let run = play_game(spec, rules, seats, levels, mix(seed, g as u64), g % 2 == 1);
        if let Some(w) = run.winner {
            wins[w] += 1;
        }
        strokes += run.strokes as u64;
        boards += run.boards as u64;
        violations += run.violations.len() as u32;
        for (all, game) in ms.iter_mut().zip(&run.decision_ms) {
            all.extend_from_slice(game);
        }
        each(g, &run);
    }
    let mean = |v: &Vec<f64>| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    SelfplaySummary {
        games,
        wins,
        mean_strokes_per_game: if games == 0 {
            0.0
        } else {
            strokes as f64 / games as f64
        },
        invariant_violations: violations,
        mean_boards_per_game: if games == 0 {
            0.0
        } else {
            boards as f64 / games as f64
        },
        mean_decision_ms: [mean(&ms[0]), mean(&ms[1])],
        max_decision_ms: ms.map(|v| v.iter().copied().fold(0.0, f64::max)),
    }
}
