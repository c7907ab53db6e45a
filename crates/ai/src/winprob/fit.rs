//! Fitting the win-chance model and checking it: positions from self-play games of the
//! computer players (one ICF game each, through the match layer), each with how its board
//! ended and who won its game; a logistic regression of who wins the board, the counts of how
//! boards end for their winners; and the calibration table on games the model was not fitted
//! on.

use super::{
    FEATURES, MEN, N_FEATURES, QueenAt, Situation, WinModel, chance, features_of, strength_of,
};
use crate::computers::Computers;
use crate::noise::mix;
use crate::player::Rung;
use crate::selfplay::{STROKE_CAP, game_setup, one_game_rules};
use carrom_match::{Action, Level, Match};
use carrom_physics::Spec;
use carrom_referee::{QueenState, Seats, Side};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The pairs of levels the games are played by, in turn (side 0's, side 1's): the lower
/// middle of the ladder, evenly matched and a rung apart either way, so that neither side is
/// the stronger over the pairs.
pub const LEVEL_PAIRS: [[Level; 2]; 6] = [
    [Level::Medium, Level::Medium],
    [Level::Easy, Level::Medium],
    [Level::Medium, Level::Easy],
    [Level::Easy, Level::Easy],
    [Level::Skilled, Level::Medium],
    [Level::Medium, Level::Skilled],
];

/// The lowest and the highest rating of the weaker side of a pair of [`LEVEL_PAIRS`] (the
/// range of the `men_weaker` feature the model is fitted on).
pub fn weaker_ratings() -> (f64, f64) {
    let weaker = LEVEL_PAIRS.map(|[a, b]| a.rating().min(b.rating()));
    let low = weaker.iter().copied().fold(f64::INFINITY, f64::min);
    let high = weaker.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (low, high)
}

/// The seed of the games `carrom winprob --fit` plays by default ...
pub const FIT_SEED: u64 = 4801;
/// ... and of the held-out games `carrom winprob --check` plays (none of them among the fit's).
pub const CHECK_SEED: u64 = 4802;

/// The L2 penalty on the weights, per position (keeps the fit defined when a feature never
/// varies in the games, e.g. no dues owed).
const RIDGE: f64 = 1e-4;

/// One position after a stroke, and what became of its board and game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sample {
    pub at: Situation,
    /// How the position's board ended (`None`: cancelled, or the match ended before).
    pub board_end: Option<BoardEnd>,
    /// The side (0 or 1) that won the game.
    pub game_winner: Option<u8>,
}

/// How a board ended: who won it, by how many points, the loser's men left on the board, and
/// whether the winner had covered the Queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardEnd {
    pub winner: u8,
    pub points: u16,
    pub men_left: u8,
    pub queen_by_winner: bool,
}

/// The positions of one self-play game: the opening one and the one after every stroke and
/// pass, while the match goes on.
pub fn game_samples(spec: &Spec, levels: [Level; 2], seed: u64, side1_breaks: bool) -> Vec<Sample> {
    let setup = game_setup(one_game_rules(), Seats::Singles, levels, seed, side1_breaks);
    let strength = strength_of(&setup);
    let here = |game: &Match| {
        let r = &game.referee;
        let at = (r.game_number(), r.board_number());
        (Situation::of(r).rated(strength), at, at.0)
    };
    let mut computers = Computers::for_setup(&setup);
    let Ok(mut game) = Match::new(spec, setup) else {
        return Vec::new();
    };
    // Each position with the board (game, board) it is in.
    let mut at: Vec<(Situation, (u8, u8), u8)> = vec![here(&game)];
    let mut boards: HashMap<(u8, u8), BoardEnd> = HashMap::new();
    let mut games: HashMap<u8, u8> = HashMap::new();
    // The sides' colours in the board being played (the referee has those of the next board
    // once a board ends: the breaker's colour goes with the break).
    let colours_of = |game: &Match| [Side::Zero, Side::One].map(|s| game.referee.colour_of_side(s));
    let mut colours = colours_of(&game);
    computers.play_out(&mut game, STROKE_CAP, |game, played| {
        let Some(v) = played.verdict else { return };
        if let Some(b) = v.board_result {
            let (winner, loser) = (b.winner.index(), b.winner.other().index());
            let end = BoardEnd {
                winner: winner as u8,
                points: b.points,
                men_left: v.position.men(colours[loser]).on_board,
                queen_by_winner: v.position.queen == QueenState::Covered(colours[winner]),
            };
            boards.insert((v.game, v.board), end);
        }
        colours = colours_of(game);
        if let Some(g) = v.game_result {
            games.insert(v.game, g.winner.index() as u8);
        }
        if !game.is_over() && matches!(played.action, Action::Stroke { .. } | Action::Pass) {
            at.push(here(game));
        }
    });
    at.into_iter()
        .map(|(at, board, g)| Sample {
            at,
            board_end: boards.get(&board).copied(),
            game_winner: games.get(&g).copied(),
        })
        .collect()
}

/// The positions of `games` self-play games, game `g` seeded `mix(seed, g)` and played by
/// [`LEVEL_PAIRS`]`[g % 6]`, side 1 breaking in every other round of the six pairs (so each
/// pair breaks from both sides); played two at a time (or as many as rayon has threads), in
/// the games' order whatever the threads did.
pub fn samples(spec: &Spec, games: u32, seed: u64) -> Vec<Sample> {
    (0..games)
        .into_par_iter()
        .map(|g| game_number(spec, seed, g))
        .collect::<Vec<_>>()
        .concat()
}

/// The positions of game `g` of the games seeded from `seed` (see [`samples`]).
pub fn game_number(spec: &Spec, seed: u64, g: u32) -> Vec<Sample> {
    let levels = LEVEL_PAIRS[g as usize % LEVEL_PAIRS.len()];
    let side1_breaks = (g as usize / LEVEL_PAIRS.len()) % 2 == 1;
    game_samples(spec, levels, mix(seed, u64::from(g)), side1_breaks)
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

/// The rows for the board's regression: each position's features as side 0 sees it, and
/// whether side 0 won its board.
pub fn board_rows(samples: &[Sample]) -> Vec<([f64; N_FEATURES], bool)> {
    samples
        .iter()
        .filter_map(|s| s.board_end.map(|e| (features_of(&s.at, 0), e.winner == 0)))
        .collect()
}

/// `men_left[m][e]`: of the positions whose board's loser had `m` men on the board, the share
/// where he had `e` left when it ended; each row given a little weight on every count from
/// none to `m` (a row the games never saw is even over them).
pub fn men_left(samples: &[Sample]) -> Vec<Vec<f64>> {
    let mut counts = vec![vec![0.0; MEN + 1]; MEN + 1];
    for s in samples {
        if let Some(end) = s.board_end {
            let m = usize::from(s.at.men[usize::from(1 - end.winner)]).min(MEN);
            counts[m][usize::from(end.men_left).min(MEN)] += 1.0;
        }
    }
    for (m, row) in counts.iter_mut().enumerate() {
        for c in row.iter_mut().take(m + 1) {
            *c += PRIOR;
        }
        let total: f64 = row.iter().sum();
        row.iter_mut().for_each(|c| *c /= total);
    }
    counts
}

/// The weight of the even prior in [`men_left`] and [`queen_to_winner`], in positions.
const PRIOR: f64 = 0.5;

/// The share of positions whose board's winner had covered the Queen when it ended, the
/// Queen on the board, awaiting the winner's cover, awaiting the loser's.
pub fn queen_to_winner(samples: &[Sample]) -> [f64; 3] {
    let mut counts = [(PRIOR, 2.0 * PRIOR); 3];
    for s in samples {
        let Some(end) = s.board_end else { continue };
        let k = match s.at.queen {
            QueenAt::Open => 0,
            QueenAt::ToCover(by) if by == end.winner => 1,
            QueenAt::ToCover(_) => 2,
            QueenAt::Covered(_) => continue,
        };
        counts[k].0 += f64::from(u8::from(end.queen_by_winner));
        counts[k].1 += 1.0;
    }
    counts.map(|(won, n)| won / n)
}

/// The boards the samples saw end (a board's positions come one after another, with one
/// score and board number; a game's first board follows another game's last, never 0-0).
fn boards_ended(samples: &[Sample]) -> u32 {
    let boards = samples.chunk_by(|a, b| (a.at.score, a.at.board) == (b.at.score, b.at.board));
    boards.filter(|b| b[0].board_end.is_some()).count() as u32
}

/// Plays `games` self-play games seeded from `seed` and fits the model on them; `command` is
/// written into it as the command that fitted it, `seconds` how long it took (the caller
/// times it: this crate reads no clock here).
pub fn fit(spec: &Spec, games: u32, seed: u64, command: &str) -> WinModel {
    fit_on(&samples(spec, games, seed), games, seed, command)
}

/// The model fitted on the positions `all` of `games` games seeded from `seed`.
pub fn fit_on(all: &[Sample], games: u32, seed: u64, command: &str) -> WinModel {
    let board = board_rows(all);
    WinModel {
        format: super::FORMAT.into(),
        command: command.into(),
        seed,
        games,
        levels: LEVEL_PAIRS
            .iter()
            .map(|p| p.map(|l| l.name().to_string()))
            .collect(),
        positions: all.len() as u32,
        boards: boards_ended(all),
        fit_seconds: 0.0,
        features: FEATURES.iter().map(|f| f.to_string()).collect(),
        board: regress(&board),
        men_left: men_left(all),
        queen_to_winner: queen_to_winner(all),
    }
}

/// Each position's chance as the side to strike next sees it, and whether that side won:
/// the calibration table's view (side 0 is only the side that broke first in the match, which
/// the model cannot know of; the side to strike is a side of the position). `board` picks the
/// board's chance and outcome, else the game's.
pub fn striker_chances(model: &WinModel, samples: &[Sample], board: bool) -> Vec<(f64, bool)> {
    let rules = one_game_rules();
    samples
        .par_iter()
        .filter_map(|s| {
            let winner = if board {
                s.board_end.map(|e| e.winner)
            } else {
                s.game_winner
            }?;
            let striker = s.at.striker?;
            let (b, g) = model.side0(&s.at, &rules);
            let p0 = if board { b } else { g };
            let p = if striker == 0 { p0 } else { 1.0 - p0 };
            Some((p, winner == striker))
        })
        .collect()
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
    /// The chances `rows` (each with whether it was won) checked.
    pub fn of(rows: &[(f64, bool)]) -> Calibration {
        let mut sums = [(0u32, 0.0, 0.0); 10];
        let mut brier = 0.0;
        for (p, won) in rows {
            let p = *p;
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

    /// The table in words, for the chance to win the `what` (board or game): its size, Brier
    /// score and whether it meets the target, then a line per bin.
    pub fn lines(&self, what: &str) -> Vec<String> {
        let mut out = vec![
            format!(
                "The chance of the side to strike to win the {what}: {} positions, Brier score {:.4}; {}",
                self.positions,
                self.brier,
                if self.meets_target() {
                    "every bin of 50 or more positions within 5 points"
                } else {
                    "NOT every bin of 50 or more positions within 5 points"
                }
            ),
            "  predicted   positions  mean predicted  share won  off by (points)".to_string(),
        ];
        out.extend(self.bins.iter().map(|b| {
            format!(
                "  {:>3.0}-{:<3.0}%   {:>9}  {:>13.1}%  {:>8.1}%  {:>6.1}",
                b.from * 100.0,
                b.to * 100.0,
                b.positions,
                b.predicted * 100.0,
                b.won * 100.0,
                b.off_by()
            )
        }));
        out
    }
}

/// A model checked on held-out games ([`check`]): the calibration of its chances to win the
/// board and the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub games: u32,
    pub seed: u64,
    pub board: Calibration,
    pub game: Calibration,
}

/// A check asked on the games the model was fitted on.
#[derive(Debug, thiserror::Error)]
#[error("the model was fitted on the games of that seed; check it on others")]
pub struct FittedOnThem;

/// Plays `games` held-out self-play games seeded from `seed` and checks `model`'s chances on
/// their positions; refused on the games the model was fitted on.
pub fn check(
    spec: &Spec,
    model: &WinModel,
    games: u32,
    seed: u64,
) -> Result<Checked, FittedOnThem> {
    if seed == model.seed {
        return Err(FittedOnThem);
    }
    let all = samples(spec, games, seed);
    Ok(Checked {
        games,
        seed,
        board: Calibration::of(&striker_chances(model, &all, true)),
        game: Calibration::of(&striker_chances(model, &all, false)),
    })
}

impl Checked {
    /// The two tables in words ([`Calibration::lines`]).
    pub fn lines(&self) -> Vec<String> {
        let mut out = self.board.lines("board");
        out.extend(self.game.lines("game"));
        out
    }

    /// The check as `carrom winprob --check` prints it: the games, the seed, both tables and
    /// whether each meets the target.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({"games": self.games, "seed": self.seed, "board": self.board,
            "game": self.game, "board_meets_target": self.board.meets_target(),
            "game_meets_target": self.game.meets_target()})
    }
}
