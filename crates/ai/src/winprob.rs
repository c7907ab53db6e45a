//! Who is winning: each side's chance to win the board and the game from a position, by a
//! model fitted on self-play of the computer players ([`fit`]) and shipped as data
//! (`data/winprob.json`: the weights, the command that fitted them and the self-play seeds it
//! used). The review's chart of a match is drawn from it.
//!
//! The model is two logistic regressions: the board's on [features](FEATURES) of the position
//! as one side sees it, the game's on the board's odds and the game score
//! ([`GAME_FEATURES`]: a game is one outcome, and the few games a fit can play would let a
//! regression on every feature learn their accidents). Every feature changes sign when the
//! sides swap and there is no constant, so the two sides' chances always add up to 1.

pub mod fit;

use carrom_referee::{QueenState, Referee, Side, Verdict};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The shipped model, fitted by `carrom winprob --fit`.
const SHIPPED: &str = include_str!("../data/winprob.json");

/// What the model file says it is.
pub const FORMAT: &str = "carrom-winprob";

/// The features of a position as one side sees it (`own` is that side, `opp` the other), in
/// the order of the model's weights:
/// - `strike`: +1 when his side strikes next, -1 when the other does;
/// - `men`: the other side's men left on the board less his own, over 9;
/// - `men_late`: `men` times how far the board has gone (1 less the men left of both over 18);
/// - `strike_late`: `strike` times the same;
/// - `queen_covered`: +1 covered by his side, -1 by the other, else 0;
/// - `queen_to_cover`: +1 pocketed by his side and awaiting cover, -1 by the other, else 0;
/// - `dues`: the dues the other side owes less his own, over 3;
/// - `score`: his game score less the other's, over 25;
/// - `score_late`: `score` times the higher of the two game scores over 25.
pub const FEATURES: [&str; 9] = [
    "strike",
    "men",
    "men_late",
    "strike_late",
    "queen_covered",
    "queen_to_cover",
    "dues",
    "score",
    "score_late",
];

/// How many features the board's regression weighs.
pub const N_FEATURES: usize = FEATURES.len();

/// The features of the game's regression: `board`, the board's log-odds by the board's
/// weights; `score` and `score_late` as in [`FEATURES`].
pub const GAME_FEATURES: [&str; 3] = ["board", "score", "score_late"];

/// A position's features for the game's regression, from its [`features`] and the board's
/// weights `board`.
pub fn game_features(board: &[f64], f: &[f64; N_FEATURES]) -> [f64; 3] {
    [logit(board, f), f[7], f[8]]
}

/// A position's features as `side` sees it ([`FEATURES`]).
pub fn features(referee: &Referee, side: Side) -> [f64; N_FEATURES] {
    let own_colour = referee.colour_of_side(side);
    let (own, opp) = (referee.men(own_colour), referee.men(own_colour.other()));
    let strike = match referee.turn() {
        Some(seat) if referee.side_of(seat) == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    };
    let men = (f64::from(opp.on_board) - f64::from(own.on_board)) / 9.0;
    let late = 1.0 - f64::from(own.on_board + opp.on_board) / 18.0;
    let queen_covered = match referee.queen() {
        QueenState::Covered(c) if c == own_colour => 1.0,
        QueenState::Covered(_) => -1.0,
        _ => 0.0,
    };
    let queen_to_cover = match referee.queen() {
        QueenState::AwaitingCover { by } if referee.side_of(by) == side => 1.0,
        QueenState::AwaitingCover { .. } => -1.0,
        _ => 0.0,
    };
    let dues = (f64::from(opp.owed) - f64::from(own.owed)) / 3.0;
    let s = referee.score();
    let (mine, theirs) = (
        f64::from(s[side.index()]),
        f64::from(s[side.other().index()]),
    );
    let score = (mine - theirs) / 25.0;
    let score_late = score * mine.max(theirs) / 25.0;
    [
        strike,
        men,
        men * late,
        strike * late,
        queen_covered,
        queen_to_cover,
        dues,
        score,
        score_late,
    ]
}

/// The fitted model, as the data file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinModel {
    /// [`FORMAT`].
    pub format: String,
    /// The command that fitted it.
    pub command: String,
    /// The self-play games it was fitted on: game `g` is seeded `mix(seed, g)` and played
    /// by the pair of levels `levels[g % levels.len()]` (side 0's, side 1's).
    pub seed: u64,
    pub games: u32,
    pub levels: Vec<[String; 2]>,
    /// The positions each regression was fitted on.
    pub board_positions: u32,
    pub game_positions: u32,
    /// How long the fit took, in seconds (playing the games and fitting).
    pub fit_seconds: f64,
    /// The names of the board's features, in the order of its weights ([`FEATURES`]) ...
    pub features: Vec<String>,
    /// ... and of the game's ([`GAME_FEATURES`]).
    pub game_features: Vec<String>,
    /// The weights of the chance to win the board ...
    pub board: Vec<f64>,
    /// ... and of the chance to win the game.
    pub game: Vec<f64>,
}

/// A model file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WinModelError {
    #[error("not a win-chance model: {0}")]
    NotJson(#[from] serde_json::Error),
    #[error("format `{0}`, expected `{FORMAT}`")]
    Format(String),
    #[error("features {found:?}, expected {expected:?}")]
    Features {
        found: Vec<String>,
        expected: Vec<&'static str>,
    },
    #[error("{which} weights: {found} numbers, expected {expected}, all finite")]
    Weights {
        which: &'static str,
        found: usize,
        expected: usize,
    },
}

/// Each side's chance (0-1) to win the board and the game, by side index.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinChances {
    pub board: [f32; 2],
    pub game: [f32; 2],
}

fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The log-odds the weights `w` give a position with features `f`.
pub fn logit<const N: usize>(w: &[f64], f: &[f64; N]) -> f64 {
    w.iter().zip(f).map(|(w, f)| w * f).sum()
}

/// The chance the weights `w` give a position with features `f`.
pub fn chance<const N: usize>(w: &[f64], f: &[f64; N]) -> f64 {
    logistic(logit(w, f))
}

impl WinModel {
    /// Reads a model file's text, checking it is one this build can use.
    pub fn parse(text: &str) -> Result<WinModel, WinModelError> {
        let model: WinModel = serde_json::from_str(text)?;
        if model.format != FORMAT {
            return Err(WinModelError::Format(model.format));
        }
        for (found, expected) in [
            (&model.features, &FEATURES[..]),
            (&model.game_features, &GAME_FEATURES[..]),
        ] {
            if found != expected {
                return Err(WinModelError::Features {
                    found: found.clone(),
                    expected: expected.to_vec(),
                });
            }
        }
        for (which, w, n) in [
            ("board", &model.board, N_FEATURES),
            ("game", &model.game, GAME_FEATURES.len()),
        ] {
            if w.len() != n || !w.iter().all(|x| x.is_finite()) {
                return Err(WinModelError::Weights {
                    which,
                    found: w.len(),
                    expected: n,
                });
            }
        }
        Ok(model)
    }

    /// The model the crate ships (a test keeps it readable).
    pub fn shipped() -> &'static WinModel {
        static MODEL: OnceLock<WinModel> = OnceLock::new();
        MODEL.get_or_init(|| WinModel::parse(SHIPPED).expect("the shipped winprob.json reads"))
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Side 0's chance to win the board and the game from the position `referee` stands at.
    fn side0(&self, referee: &Referee) -> (f64, f64) {
        let f = features(referee, Side::Zero);
        let game = game_features(&self.board, &f);
        (chance(&self.board, &f), chance(&self.game, &game))
    }

    /// Each side's chances from the position the referee stands at, before any stroke of
    /// it (a board not yet over).
    pub fn chances(&self, referee: &Referee) -> WinChances {
        let (board, game) = self.side0(referee);
        WinChances {
            board: pair(board),
            game: pair(game),
        }
    }

    /// Each side's chances after the stroke judged by `verdict`, the referee standing after
    /// it: a board or game that stroke ended is the winner's (chance 1); else the model's.
    pub fn after(&self, referee: &Referee, verdict: &Verdict) -> WinChances {
        let (mut board, mut game) = self.side0(referee);
        if let Some(b) = verdict.board_result {
            board = won(b.winner);
        } else if verdict.board_cancelled {
            board = 0.5;
        }
        if let Some(g) = verdict.game_result {
            game = won(g.winner);
        }
        WinChances {
            board: pair(board),
            game: pair(game),
        }
    }

    /// A fingerprint of the weights (a stored review made with other weights is made again).
    pub fn key(&self) -> u64 {
        let text: Vec<String> = self
            .board
            .iter()
            .chain(&self.game)
            .map(f64::to_string)
            .collect();
        crate::review::fnv(text.join(" ").as_bytes())
    }
}

/// Side 0's chance when `winner` won.
fn won(winner: Side) -> f64 {
    if winner == Side::Zero { 1.0 } else { 0.0 }
}

fn pair(side0: f64) -> [f32; 2] {
    [side0 as f32, (1.0 - side0) as f32]
}
