//! Who is winning: each side's chance to win the board and the game from a position, by a
//! model fitted on self-play of the computer players ([`fit`]) and shipped as data
//! (`data/winprob.json`: the figures, the command that fitted them and the self-play seeds it
//! used). The review's chart of a match is drawn from it.
//!
//! The board: a logistic regression on [features](FEATURES) of the position as one side sees
//! it (every feature changes sign when the sides swap and there is no constant, so the two
//! sides' chances add up to 1), and how the board ends for its winner: the men the loser has
//! left then, by the men he has left now (`men_left`), and whether the winner covered the
//! Queen, by her state now (`queen_to_winner`). That is the board's points by the Laws (52-55:
//! a point a man, the Queen's 3 while the winner's score is below 22, at most 12).
//! The game: worked out exactly from the board's outcomes, board after board to the game's
//! target (Law 56: 25 points, or the leader after the eighth board, an extra board deciding a
//! tie), each later board from its opening with the break alternating ([`GameTable`]).

pub mod fit;

use crate::player::Rung;
use carrom_match::MatchSetup;
use carrom_referee::{GameWonBy, QueenState, Referee, Rules, Side, Verdict};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock};

/// The shipped model, fitted by `carrom winprob --fit`.
const SHIPPED: &str = include_str!("../data/winprob.json");

/// What the model file says it is.
pub const FORMAT: &str = "carrom-winprob-3";

/// The men of a side at a board's opening (Law 4: nine of each colour).
pub const MEN: usize = 9;

/// The features of a position as one side sees it (`own` is that side, `opp` the other), in
/// the order of the board's weights:
/// - `strike`: +1 when his side strikes next, -1 when the other does;
/// - `men`: the other side's men left on the board less his own, over 9;
/// - `men_late`: `men` times how far the board has gone (1 less the men left of both over 18);
/// - `strike_late`: `strike` times the same;
/// - `queen_covered`: +1 covered by his side, -1 by the other, else 0;
/// - `queen_to_cover`: +1 pocketed by his side and awaiting cover, -1 by the other, else 0;
/// - `dues`: the dues the other side owes less his own, over 3;
/// - `men_open`: `men` while the Queen is on the board (either side may still cover her);
/// - `strike_few`: for the side to strike, 1 over one more than his men left (+ when his side
///   strikes, - when the other does);
/// - `rating`: his side's rating less the other's ([`Situation::strength`]), over 400;
/// - `men_weaker`: `men` times the weaker side's rating less [`MIDDLE_RATING`], over 400
///   ([`Situation::weaker`], read within the self-play's, [`fit::weaker_ratings`]; 0 when a
///   side has a person): a lead is turned into the board more
///   surely the better the weaker hand on it (a side that misses the pots that would finish it
///   off, or lets the other's run go on, is the weaker);
/// - `rating_late`: `rating` times how far the board has gone (the stronger side's edge is
///   the smaller the fewer strokes are left for it to tell).
pub const FEATURES: [&str; 12] = [
    "strike",
    "men",
    "men_late",
    "strike_late",
    "queen_covered",
    "queen_to_cover",
    "dues",
    "men_open",
    "strike_few",
    "rating",
    "men_weaker",
    "rating_late",
];

/// The rating `men_weaker` is read from: the middle of the ladder's levels the self-play
/// pairs are made of (the medium's, 1403, rounded); a position whose sides' levels are not
/// known counts as this.
pub const MIDDLE_RATING: f64 = 1400.0;

/// How many features the board's regression weighs.
pub const N_FEATURES: usize = FEATURES.len();

/// A position's features as `side` sees it ([`FEATURES`]).
pub fn features(referee: &Referee, side: Side) -> [f64; N_FEATURES] {
    features_of(&Situation::of(referee), side.index())
}

/// The features of a [`Situation`] as side `own` (0 or 1) sees it.
pub fn features_of(at: &Situation, own: usize) -> [f64; N_FEATURES] {
    let opp = 1 - own;
    let sign = |s: u8| if usize::from(s) == own { 1.0 } else { -1.0 };
    let strike = at.striker.map_or(0.0, sign);
    let (m_own, m_opp) = (f64::from(at.men[own]), f64::from(at.men[opp]));
    let men = (m_opp - m_own) / 9.0;
    let late = 1.0 - (m_own + m_opp) / 18.0;
    let (queen_covered, queen_to_cover, open) = match at.queen {
        QueenAt::Covered(s) => (sign(s), 0.0, 0.0),
        QueenAt::ToCover(s) => (0.0, sign(s), 0.0),
        QueenAt::Open => (0.0, 0.0, 1.0),
    };
    let dues = (f64::from(at.owed[opp]) - f64::from(at.owed[own])) / 3.0;
    let rating = sign(0) * f64::from(at.strength) / 400.0;
    let strike_few = at
        .striker
        .map_or(0.0, |s| sign(s) / (1.0 + f64::from(at.men[usize::from(s)])));
    [
        strike,
        men,
        men * late,
        strike * late,
        queen_covered,
        queen_to_cover,
        dues,
        men * open,
        strike_few,
        rating,
        men * at.weaker_level(),
        rating * late,
    ]
}

/// The Queen's state as the model reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenAt {
    /// On the board (or on her way back to it): either side may still cover her.
    Open,
    /// Pocketed by this side (0 or 1), who must cover her with his next stroke.
    ToCover(u8),
    /// Covered by this side.
    Covered(u8),
}

/// A position as the model reads it, by side index: the men each side has left on the board
/// and owes, the Queen, the game score, the board (1-based) and who broke it, who strikes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Situation {
    pub men: [u8; 2],
    pub owed: [u8; 2],
    pub queen: QueenAt,
    pub score: [u16; 2],
    pub board: u8,
    pub breaker: u8,
    /// `None` when the match is over.
    pub striker: Option<u8>,
    /// Side 0's rating less side 1's, in Elo points, when both are computers of known levels
    /// (the mean of a side's players' ratings on the ladder); 0 when a side has a person.
    #[serde(default)]
    pub strength: i16,
    /// The weaker side's rating (the lower of the two sides' means on the ladder), when both
    /// are computers of known levels; 0 when a side has a person.
    #[serde(default)]
    pub weaker: i16,
}

impl Situation {
    /// A board's opening at the game score `score`, broken by side `breaker`.
    pub fn opening(score: [u16; 2], board: u8, breaker: u8) -> Situation {
        Situation {
            men: [MEN as u8; 2],
            owed: [0; 2],
            queen: QueenAt::Open,
            score,
            board,
            breaker,
            striker: Some(breaker),
            strength: 0,
            weaker: 0,
        }
    }

    /// The same position with the sides' ratings ([`strength_of`]).
    pub fn rated(self, strength: Strength) -> Situation {
        Situation {
            strength: strength.difference,
            weaker: strength.weaker,
            ..self
        }
    }

    /// What the situation knows of the sides' ratings.
    pub fn sides(&self) -> Strength {
        Strength {
            difference: self.strength,
            weaker: self.weaker,
        }
    }

    /// The weaker side's rating less [`MIDDLE_RATING`], over 400 (0 when not known); a
    /// rating beyond those of the self-play's weaker sides read as the nearest of them (the
    /// model has not seen how the others play).
    fn weaker_level(&self) -> f64 {
        if self.weaker == 0 {
            return 0.0;
        }
        let (low, high) = fit::weaker_ratings();
        (f64::from(self.weaker).clamp(low, high) - MIDDLE_RATING) / 400.0
    }

    /// The position the referee stands at.
    pub fn of(referee: &Referee) -> Situation {
        let side = |seat| referee.side_of(seat).index() as u8;
        let colour = |s: Side| referee.colour_of_side(s);
        let by_side = |f: &dyn Fn(Side) -> u8| [f(Side::Zero), f(Side::One)];
        let queen = match referee.queen() {
            QueenState::AwaitingCover { by } => QueenAt::ToCover(side(by)),
            QueenState::Covered(c) => match referee.side_of_colour(c) {
                Some(s) => QueenAt::Covered(s.index() as u8),
                None => QueenAt::Open,
            },
            _ => QueenAt::Open,
        };
        Situation {
            men: by_side(&|s| referee.men(colour(s)).on_board),
            owed: by_side(&|s| referee.men(colour(s)).owed),
            queen,
            score: referee.score(),
            board: referee.board_number(),
            breaker: side(referee.breaker()),
            striker: referee.turn().map(side),
            strength: 0,
            weaker: 0,
        }
    }
}

/// What the model knows of the sides' levels, in Elo points: both 0 when a side has a person.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Strength {
    /// Side 0's rating less side 1's ([`Situation::strength`]).
    pub difference: i16,
    /// The weaker side's rating ([`Situation::weaker`]).
    pub weaker: i16,
}

/// The sides' ratings of a match ([`Strength`]): each side's the mean of its players' on the
/// ladder.
pub fn strength_of(setup: &MatchSetup) -> Strength {
    let mut sides = [(0.0, 0u32); 2];
    for (seat, player) in setup.seats.seats().iter().zip(&setup.players) {
        let Some(level) = player.computer else {
            return Strength::default();
        };
        let side = &mut sides[setup.seats.side_of(*seat).index()];
        side.0 += level.rating();
        side.1 += 1;
    }
    let [a, b] = sides.map(|(sum, n)| sum / f64::from(n.max(1)));
    Strength {
        difference: (a - b).round() as i16,
        weaker: a.min(b).round() as i16,
    }
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
    /// The positions and boards it was fitted on.
    pub positions: u32,
    pub boards: u32,
    /// How long the fit took, in seconds (playing the games and fitting).
    pub fit_seconds: f64,
    /// The names of the board's features, in the order of its weights ([`FEATURES`]).
    pub features: Vec<String>,
    /// The weights of the chance to win the board.
    pub board: Vec<f64>,
    /// `men_left[m][e]`: the chance that a board's loser, with `m` men on the board (0-9),
    /// has `e` left when it ends (each row adds up to 1).
    pub men_left: Vec<Vec<f64>>,
    /// The chance the board's winner has covered the Queen when it ends, the Queen now on the
    /// board, awaiting the winner's cover, awaiting the loser's ([`QueenAt`]; covered, she is
    /// the coverer's).
    pub queen_to_winner: [f64; 3],
}

/// A model file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WinModelError {
    #[error("not a win-chance model: {0}")]
    NotJson(#[from] serde_json::Error),
    #[error(
        "format `{0}`, expected `{FORMAT}` (a model of another version of the features: fit it again with `carrom winprob --fit`)"
    )]
    Format(String),
    #[error("features {found:?}, expected {expected:?}")]
    Features {
        found: Vec<String>,
        expected: Vec<&'static str>,
    },
    #[error("board weights: {found} numbers, expected {expected}, all finite")]
    Weights { found: usize, expected: usize },
    #[error(
        "{which}: not chances (each 0-1, finite, and each of men_left's 10 rows of 10 adding up to 1)"
    )]
    Chances { which: &'static str },
}

/// A model file that cannot be read or used: the file, and why.
#[derive(Debug, thiserror::Error)]
pub enum WinModelFileError {
    #[error("{}: {source}", path.display())]
    Read {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Model {
        path: std::path::PathBuf,
        source: WinModelError,
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

fn is_chance(p: f64) -> bool {
    p.is_finite() && (0.0..=1.0).contains(&p)
}

impl WinModel {
    /// What `carrom winprob --fit` says of the model it wrote to `out`: the games, positions
    /// and boards it was fitted on, and how long that took.
    pub fn fitted_line(&self, out: &std::path::Path) -> String {
        format!(
            "Fitted on {} games ({} positions, {} boards) in {:.1} s; written to {}",
            self.games,
            self.positions,
            self.boards,
            self.fit_seconds,
            out.display()
        )
    }

    /// Reads the model file at `path` ([`WinModel::parse`]).
    pub fn load(path: &std::path::Path) -> Result<WinModel, WinModelFileError> {
        let text = std::fs::read_to_string(path).map_err(|source| WinModelFileError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        WinModel::parse(&text).map_err(|source| WinModelFileError::Model {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Reads a model file's text, checking it is one this build can use.
    pub fn parse(text: &str) -> Result<WinModel, WinModelError> {
        let model: WinModel = serde_json::from_str(text)?;
        if model.format != FORMAT {
            return Err(WinModelError::Format(model.format));
        }
        if model.features != FEATURES {
            return Err(WinModelError::Features {
                found: model.features.clone(),
                expected: FEATURES.to_vec(),
            });
        }
        if model.board.len() != N_FEATURES || !model.board.iter().all(|x| x.is_finite()) {
            return Err(WinModelError::Weights {
                found: model.board.len(),
                expected: N_FEATURES,
            });
        }
        let row_ok = |r: &Vec<f64>| {
            r.len() == MEN + 1
                && r.iter().all(|p| is_chance(*p))
                && (r.iter().sum::<f64>() - 1.0).abs() < 1e-6
        };
        if model.men_left.len() != MEN + 1 || !model.men_left.iter().all(row_ok) {
            return Err(WinModelError::Chances { which: "men_left" });
        }
        if !model.queen_to_winner.iter().all(|p| is_chance(*p)) {
            return Err(WinModelError::Chances {
                which: "queen_to_winner",
            });
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

    /// Side 0's chance to win the board from the situation `at`.
    pub fn board_chance(&self, at: &Situation) -> f64 {
        chance(&self.board, &features_of(at, 0))
    }

    /// How the board of `at` ends if side `winner` wins it: each number of points with its
    /// chance (Laws 52-55 under `rules`).
    pub fn points(&self, at: &Situation, winner: usize, rules: &Rules) -> Vec<(u16, f64)> {
        let loser = 1 - winner;
        let row = &self.men_left[usize::from(at.men[loser]).min(MEN)];
        let [open, own, other] = self.queen_to_winner;
        let queen = match at.queen {
            QueenAt::Covered(s) => f64::from(u8::from(usize::from(s) == winner)),
            QueenAt::ToCover(s) if usize::from(s) == winner => own,
            QueenAt::ToCover(_) => other,
            QueenAt::Open => open,
        };
        let queen_points = if at.score[winner] < rules.queen_points_below {
            u16::from(rules.queen_points)
        } else {
            0
        };
        let cap = u16::from(rules.max_board_points);
        let mut out = Vec::with_capacity(2 * row.len());
        for (e, p) in row.iter().enumerate().filter(|(_, p)| **p > 0.0) {
            let e = e as u16;
            out.push((e.min(cap), p * (1.0 - queen)));
            out.push(((e + queen_points).min(cap), p * queen));
        }
        out
    }

    /// Side 0's chance to win the board and the game from the situation `at` under `rules`.
    pub fn side0(&self, at: &Situation, rules: &Rules) -> (f64, f64) {
        let board = self.board_chance(at);
        if rules.game_won_by == GameWonBy::Board {
            return (board, board);
        }
        let table = self.table(rules, at.sides());
        (board, table.over_board(self, at))
    }

    /// The game's table for `rules` and the sides' `strength`, made once for each with this
    /// model (the last few kept).
    fn table(&self, rules: &Rules, strength: Strength) -> Arc<GameTable> {
        type Kept = Vec<((u64, Strength), Rules, Arc<GameTable>)>;
        static TABLES: Mutex<Kept> = Mutex::new(Vec::new());
        let key = (self.key(), strength);
        let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, t)) = tables.iter().find(|(k, r, _)| *k == key && r == rules) {
            return t.clone();
        }
        let t = Arc::new(GameTable::new(self, *rules, strength));
        if tables.len() >= 16 {
            tables.remove(0);
        }
        tables.push((key, *rules, t.clone()));
        t
    }

    /// Each side's chances from the position the referee stands at, before any stroke of
    /// it (a board not yet over), the sides' strength unknown.
    pub fn chances(&self, referee: &Referee) -> WinChances {
        self.chances_at(&Situation::of(referee), referee.rules())
    }

    /// Each side's chances from the situation `at` under `rules`.
    pub fn chances_at(&self, at: &Situation, rules: &Rules) -> WinChances {
        let (board, game) = self.side0(at, rules);
        WinChances {
            board: pair(board),
            game: pair(game),
        }
    }

    /// Each side's chances after the stroke judged by `verdict`, the referee standing after
    /// it, the sides' ratings `strength` ([`strength_of`]): a board or game that stroke ended
    /// is the winner's (chance 1); else the model's.
    pub fn after(&self, referee: &Referee, verdict: &Verdict, strength: Strength) -> WinChances {
        let at = Situation::of(referee).rated(strength);
        let (mut board, mut game) = self.side0(&at, referee.rules());
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

    /// A fingerprint of the figures (a stored review made with other figures is made again).
    pub fn key(&self) -> u64 {
        let text: Vec<String> = self
            .board
            .iter()
            .chain(self.men_left.iter().flatten())
            .chain(&self.queen_to_winner)
            .map(f64::to_string)
            .collect();
        carrom_terms::fnv1a(text.join(" ").as_bytes())
    }
}

/// Side 0's chance to win the game from the opening of every board of a game under one
/// rules: by board (1 to the extra board), each side's score below the game's target, and
/// the side that breaks it; worked out from the last board back.
#[derive(Debug)]
pub struct GameTable {
    rules: Rules,
    /// Indexed by [`GameTable::at`].
    opening: Vec<f64>,
}

impl GameTable {
    /// The table of `model` under `rules`, the sides' ratings `strength`.
    pub fn new(model: &WinModel, rules: Rules, strength: Strength) -> GameTable {
        let target = usize::from(rules.game_points.max(1));
        let boards = usize::from(rules.boards_per_game) + 1;
        let mut table = GameTable {
            rules,
            opening: vec![0.0; boards * target * target * 2],
        };
        for board in (1..=boards).rev() {
            for s0 in 0..target {
                for s1 in 0..target {
                    for breaker in 0..2u8 {
                        let score = [s0 as u16, s1 as u16];
                        let at = Situation::opening(score, board as u8, breaker).rated(strength);
                        let v = table.over_board(model, &at);
                        let i = table.at(at.score, at.board, breaker);
                        table.opening[i] = v;
                    }
                }
            }
        }
        table
    }

    fn at(&self, score: [u16; 2], board: u8, breaker: u8) -> usize {
        let target = usize::from(self.rules.game_points.max(1));
        let b = usize::from(board.clamp(1, self.rules.boards_per_game + 1)) - 1;
        ((b * target + usize::from(score[0])) * target + usize::from(score[1])) * 2
            + usize::from(breaker)
    }

    /// Side 0's chance to win the game from the situation `at`: each way its board can end,
    /// then the game from the next board's opening (a later board already in the table).
    pub fn over_board(&self, model: &WinModel, at: &Situation) -> f64 {
        let p0 = model.board_chance(at);
        [(0, p0), (1, 1.0 - p0)]
            .into_iter()
            .map(|(w, pw)| {
                let ends = model.points(at, w, &self.rules);
                pw * ends
                    .iter()
                    .map(|(points, p)| p * self.after_board(at, w, *points))
                    .sum::<f64>()
            })
            .sum()
    }

    /// Side 0's chance to win the game once side `w` has won the board of `at` by `points`
    /// (Law 56).
    fn after_board(&self, at: &Situation, w: usize, points: u16) -> f64 {
        let mut score = at.score;
        score[w] += points;
        let r = &self.rules;
        let side0 = |s: usize| f64::from(u8::from(s == 0));
        if score[w] >= r.game_points || at.board > r.boards_per_game {
            return side0(w);
        }
        if score[1 - w] >= r.game_points {
            return side0(1 - w);
        }
        if at.board == r.boards_per_game && score[0] != score[1] {
            return side0(if score[0] > score[1] { 0 } else { 1 });
        }
        self.opening[self.at(score, at.board + 1, 1 - at.breaker)]
    }
}

/// Side 0's chance when `winner` won.
fn won(winner: Side) -> f64 {
    if winner == Side::Zero { 1.0 } else { 0.0 }
}

fn pair(side0: f64) -> [f32; 2] {
    [side0 as f32, (1.0 - side0) as f32]
}
