//! Fitting the win-chance model and checking it: positions from self-play games of the
//! computer players (one ICF game each, through the match layer), each labelled with who won
//! its board and its game; a logistic regression of each; and the calibration table on games
//! the model was not fitted on.

use super::{FEATURES, GAME_FEATURES, N_FEATURES, WinModel, chance, features, game_features};
use crate::computers::Computers;
use crate::noise::mix;
use crate::selfplay::{STROKE_CAP, game_setup, one_game_rules};
use carrom_match::{Action, Level, Match};
use carrom_physics::Spec;
use carrom_referee::{Seats, Side};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashMap;

/// The pairs of levels the games are played by, in turn (side 0's, side 1's): the middle of
/// the ladder, evenly matched and a rung apart either way, so that neither side is the
/// stronger over the pairs.
pub const LEVEL_PAIRS: [[Level; 2]; 4] = [
    [Level::Medium, Level::Medium],
    [Level::Easy, Level::Medium],
    [Level::Medium, Level::Easy],
    [Level::Skilled, Level::Skilled],
];

/// The seed of the games `carrom winprob --fit` plays by default ...
pub const FIT_SEED: u64 = 4801;
/// ... and of the held-out games `carrom winprob --check` plays (none of them among the fit's).
pub const CHECK_SEED: u64 = 4802;

/// The L2 penalty on the weights, per position (keeps the fit defined when a feature never
/// varies in the games, e.g. no dues owed).
const RIDGE: f64 = 1e-4;

/// One position after a stroke, as side 0 sees it, and what became of its board and game.
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: [f64; N_FEATURES],
    /// Side 0 won the board the position is in (`None`: the board was cancelled, or the
    /// match ended before it was played).
    pub board_won: Option<bool>,
    /// Side 0 won the game.
    pub game_won: Option<bool>,
}

/// The positions of one self-play game: the opening one and the one after every stroke and
/// pass, while the match goes on.
pub fn game_samples(spec: &Spec, levels: [Level; 2], seed: u64, side1_breaks: bool) -> Vec<Sample> {
    let setup = game_setup(one_game_rules(), Seats::Singles, levels, seed, side1_breaks);
    let mut computers = Computers::for_setup(&setup);
    let Ok(mut game) = Match::new(spec, setup) else {
        return Vec::new();
    };
    // Each position with the board (game, board) it is in.
    let mut at: Vec<([f64; N_FEATURES], (u8, u8), u8)> = vec![here(&game)];
    let mut boards: HashMap<(u8, u8), bool> = HashMap::new();
    let mut games: HashMap<u8, bool> = HashMap::new();
    computers.play_out(&mut game, STROKE_CAP, |game, played| {
        let Some(v) = played.verdict else { return };
        if let Some(b) = v.board_result {
            boards.insert((v.game, v.board), b.winner == Side::Zero);
        }
        if let Some(g) = v.game_result {
            games.insert(v.game, g.winner == Side::Zero);
        }
        if !game.is_over() && matches!(played.action, Action::Stroke { .. } | Action::Pass) {
            at.push(here(game));
        }
    });
    at.into_iter()
        .map(|(features, board, g)| Sample {
            features,
            board_won: boards.get(&board).copied(),
            game_won: games.get(&g).copied(),
        })
        .collect()
}

fn here(game: &Match) -> ([f64; N_FEATURES], (u8, u8), u8) {
    let r = &game.referee;
    let at = (r.game_number(), r.board_number());
    (features(r, Side::Zero), at, at.0)
}

/// The positions of `games` self-play games, game `g` seeded `mix(seed, g)` and played by
/// [`LEVEL_PAIRS`]`[g % 4]`, side 1 breaking in every other round of the four pairs (so each
/// pair breaks from both sides); played two at a time (or as many as rayon has threads), in
/// the games' order whatever the threads did.
pub fn samples(spec: &Spec, games: u32, seed: u64) -> Vec<Sample> {
    (0..games)
        .into_par_iter()
        .map(|g| {
            let levels = LEVEL_PAIRS[g as usize % LEVEL_PAIRS.len()];
            let side1_breaks = (g as usize / LEVEL_PAIRS.len()) % 2 == 1;
            game_samples(spec, levels, mix(seed, u64::from(g)), side1_breaks)
        })
        .collect::<Vec<_>>()
        .concat()
}

/// The weights of a logistic regression of `won` on the features (Newton's method, a small
/// ridge penalty), with each position counted from both sides (so the sides are alike).
pub fn regress<const N: usize>(rows: &[([f64; N], bool)]) -> Vec<f64> {
    let mut w = [0.0; N];
    let n = rows.len().max(1) as f64;
    for _ in 0..30 {
        let mut grad = [0.0; N];
        let mut hess = [[0.0; N]; N];
        for (f, won) in rows {
            for (x, y) in [(*f, *won), (f.map(|v| -v), !*won)] {
                let p = chance(&w, &x);
                let err = f64::from(u8::from(y)) - p;
                for i in 0..N {
                    grad[i] += err * x[i];
                    for j in 0..N {
                        hess[i][j] += p * (1.0 - p) * x[i] * x[j];
                    }
                }
            }
        }
        for i in 0..N {
            grad[i] -= RIDGE * n * w[i];
            hess[i][i] += RIDGE * n;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|s| s.abs()).sum();
        for (w, s) in w.iter_mut().zip(step) {
            *w += s;
        }
        if size < 1e-9 {
            break;
        }
    }
    w.to_vec()
}

/// `a x = b` by Gaussian elimination with partial pivoting (`a` is positive definite here).
fn solve<const N: usize>(mut a: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for c in 0..N {
        let p = (c..N)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        b.swap(c, p);
        if a[c][c].abs() < 1e-12 {
            continue;
        }
        let pivot = a[c];
        for r in c + 1..N {
            let k = a[r][c] / pivot[c];
            for (x, p) in a[r].iter_mut().zip(pivot).skip(c) {
                *x -= k * p;
            }
            b[r] -= k * b[c];
        }
    }
    let mut x = [0.0; N];
    for c in (0..N).rev() {
        let rest: f64 = (c + 1..N).map(|j| a[c][j] * x[j]).sum();
        x[c] = if a[c][c].abs() < 1e-12 {
            0.0
        } else {
            (b[c] - rest) / a[c][c]
        };
    }
    x
}

/// The rows for the board's regression ...
pub fn board_rows(samples: &[Sample]) -> Vec<([f64; N_FEATURES], bool)> {
    samples
        .iter()
        .filter_map(|s| s.board_won.map(|w| (s.features, w)))
        .collect()
}

/// ... and for the game's.
pub fn game_rows(samples: &[Sample]) -> Vec<([f64; N_FEATURES], bool)> {
    samples
        .iter()
        .filter_map(|s| s.game_won.map(|w| (s.features, w)))
        .collect()
}

/// `rows` (of [`features`]) for the game's regression ([`game_features`], by the board's
/// weights `board`).
pub fn game_view(board: &[f64], rows: &[([f64; N_FEATURES], bool)]) -> Vec<([f64; 3], bool)> {
    rows.iter()
        .map(|(f, won)| (game_features(board, f), *won))
        .collect()
}

/// `rows` as the side to strike next sees each position (side 0's rows turned round where
/// side 1 strikes): the calibration table's view. Side 0 is only the side that broke first in
/// the match, which the model cannot know of; the side to strike is a side of the position.
pub fn striker_rows(rows: &[([f64; N_FEATURES], bool)]) -> Vec<([f64; N_FEATURES], bool)> {
    rows.iter()
        .map(|(f, won)| {
            if f[0] < 0.0 {
                (f.map(|v| -v), !*won)
            } else {
                (*f, *won)
            }
        })
        .collect()
}

/// Plays `games` self-play games seeded from `seed` and fits the model on them; `command` is
/// written into it as the command that fitted it, `seconds` how long it took (the caller
/// times it: this crate reads no clock here).
pub fn fit(spec: &Spec, games: u32, seed: u64, command: &str) -> WinModel {
    let all = samples(spec, games, seed);
    let (board, game) = (board_rows(&all), game_rows(&all));
    let board_w = regress(&board);
    WinModel {
        format: super::FORMAT.into(),
        command: command.into(),
        seed,
        games,
        levels: LEVEL_PAIRS
            .iter()
            .map(|p| p.map(|l| l.name().to_string()))
            .collect(),
        board_positions: board.len() as u32,
        game_positions: game.len() as u32,
        fit_seconds: 0.0,
        features: FEATURES.iter().map(|f| f.to_string()).collect(),
        game_features: GAME_FEATURES.iter().map(|f| f.to_string()).collect(),
        game: regress(&game_view(&board_w, &game)),
        board: board_w,
    }
}

/// One bin of a calibration table: the positions whose predicted chance (side 0's) fell in
/// `[from, to)`, their mean predicted chance and the share side 0 actually won.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    pub from: f64,
    pub to: f64,
    pub positions: u32,
    pub predicted: f64,
    pub won: f64,
}

impl Bin {
    /// How far the share won is from the chance predicted, in points (0-100).
    pub fn off_by(&self) -> f64 {
        (self.won - self.predicted).abs() * 100.0
    }
}

/// A calibration table in ten bins of ten points, and the Brier score (the mean squared
/// difference between the chance and the outcome: 0.25 for always saying 50%).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Calibration {
    pub bins: Vec<Bin>,
    pub brier: f64,
    pub positions: u32,
}

/// Bins with at least this many positions must be within [`TARGET_POINTS`] ...
pub const TARGET_POSITIONS: u32 = 50;
/// ... points of the share actually won.
pub const TARGET_POINTS: f64 = 5.0;

impl Calibration {
    /// The weights `w` checked on `rows`.
    pub fn of<const N: usize>(w: &[f64], rows: &[([f64; N], bool)]) -> Calibration {
        let mut sums = [(0u32, 0.0, 0.0); 10];
        let mut brier = 0.0;
        for (f, won) in rows {
            let p = chance(w, f);
            let y = f64::from(u8::from(*won));
            let k = ((p * 10.0) as usize).min(9);
            sums[k].0 += 1;
            sums[k].1 += p;
            sums[k].2 += y;
            brier += (p - y) * (p - y);
        }
        let bins = (0..10)
            .map(|k| {
                let (n, p, y) = sums[k];
                let m = f64::from(n.max(1));
                Bin {
                    from: k as f64 / 10.0,
                    to: (k + 1) as f64 / 10.0,
                    positions: n,
                    predicted: p / m,
                    won: y / m,
                }
            })
            .collect();
        Calibration {
            bins,
            brier: brier / rows.len().max(1) as f64,
            positions: rows.len() as u32,
        }
    }

    /// Every bin of [`TARGET_POSITIONS`] or more positions is within [`TARGET_POINTS`].
    pub fn meets_target(&self) -> bool {
        self.bins
            .iter()
            .filter(|b| b.positions >= TARGET_POSITIONS)
            .all(|b| b.off_by() <= TARGET_POINTS)
    }
}
