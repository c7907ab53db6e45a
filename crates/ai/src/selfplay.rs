//! Computer players against each other under the referee: full ICF games played through the
//! match layer (the loop the game runs), with execution noise and dues placed by the players;
//! the match checks its invariants after every stroke.

use crate::computers::{Computers, PlayedOut, computers_match};
use crate::noise::mix;
use crate::{Level, LevelSpec, Rung};
use carrom_match::{Action, Match, MatchLength, MatchSetup};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seats, Side};
use serde::Serialize;

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

/// The rules of a self-play game and of a ladder's: one ICF game (Law 56: 25 points or eight
/// boards).
pub fn one_game_rules() -> Rules {
    let mut rules = Rules::icf();
    MatchLength::Game.apply(&mut rules);
    rules
}

/// The match of a self-play game between `levels[0]` (side 0) and `levels[1]` (side 1), seeded
/// with `seed`; side 1 breaks when `side1_breaks` says so.
pub fn game_setup(
    rules: Rules,
    seats: Seats,
    levels: [Level; 2],
    seed: u64,
    side1_breaks: bool,
) -> MatchSetup {
    let mut setup = computers_match(seats, rules, "self-play", levels, seed);
    if side1_breaks {
        setup.breaker = Some(seats.first_seat_of(Side::One));
    }
    setup
}

/// Plays one game of `setup`'s computers (see [`game_setup`]) through the match layer, which
/// checks its invariants after every stroke.
pub fn play_game(spec: &Spec, setup: MatchSetup) -> GameRun {
    play_game_with(spec, setup, |l| *l.spec())
}

/// [`play_game`], each level playing as `spec_of` says (a variation of the ladder being
/// measured).
pub fn play_game_with(
    spec: &Spec,
    setup: MatchSetup,
    spec_of: impl Fn(Level) -> LevelSpec,
) -> GameRun {
    let mut run = GameRun {
        winner: None,
        strokes: 0,
        boards: 1,
        score: [0, 0],
        violations: Vec::new(),
        decision_ms: [Vec::new(), Vec::new()],
    };
    let (mut game, mut computers) = match Match::new(spec, setup.clone()) {
        Ok(game) => (game, Computers::for_setup_with(&setup, &spec_of)),
        Err(e) => {
            run.violations
                .push(format!("the game could not be set up: {e}"));
            return run;
        }
    };
    let end = computers.play_out(&mut game, STROKE_CAP, |game, played| {
        if matches!(played.action, Action::Stroke { .. } | Action::Pass) {
            run.strokes += 1;
        }
        if let Some(ms) = played.decision_ms {
            run.decision_ms[game.referee.side_of(played.seat).index()].push(ms);
        }
    });
    match end {
        PlayedOut::Over => {}
        PlayedOut::Capped(cap) => run
            .violations
            .push(format!("game did not end within {cap} strokes")),
        PlayedOut::NoComputer(seat) => run
            .violations
            .push(format!("no computer to act for {seat}")),
        PlayedOut::Refused(action, e) => {
            run.violations.push(format!("{action:?} was refused: {e}"))
        }
    }
    run.violations.extend(game.violations.iter().cloned());
    run.boards = game.boards;
    run.winner = game.referee.match_winner().map(|s| s.index());
    run.score = game.referee.score();
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
        let setup = game_setup(rules, seats, levels, mix(seed, g as u64), g % 2 == 1);
        let run = play_game(spec, setup);
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
