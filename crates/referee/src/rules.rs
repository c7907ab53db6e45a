//! Rule variants as data: the [`Rules`] struct and its presets; loading them from RON / TOML
//! files is `load`.

use crate::preset::Preset;
use crate::seat::TurnOrder;
use serde::{Deserialize, Serialize};

mod load;

pub use load::RulesError;

/// What happens when the Queen is pocketed by a player who has no right to her yet
/// (no own carrom man pocketed, Law 92; or a due outstanding, Law 95(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenWithoutRight {
    /// Law 95(a)/(b): she is taken out for placing and the player loses his turn.
    ReturnedTurnLost,
    /// Traditional rules: she is returned to the centre but the turn continues.
    ReturnedTurnContinues,
}

/// When the Queen pocketed without the right to her goes back to the centre, if the turn
/// continues (`QueenWithoutRight::ReturnedTurnContinues`). When the turn is lost
/// (`ReturnedTurnLost`, the ICF Laws) the stroke ends the turn and both values return her in
/// its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenReturned {
    /// Taken out for placing by the umpire at once, in the verdict of the stroke that pocketed
    /// her (ICF Laws 93, 95(a)/(b): "the Queen shall be taken out for placing").
    AtOnce,
    /// Traditional rules: "the turn continues but the Queen is returned to the centre at the
    /// end of the turn". She stays in the pocket (`QueenState::AwaitingReturn`) while the
    /// player strikes on, counts for nobody even if he pockets his own men later in the turn,
    /// and the umpire returns her in the verdict that ends the turn.
    EndOfTurn,
}

/// When an owed due or penalty man comes back once a man of that colour is in the pockets
/// (Law 72(c)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DuesReturned {
    /// Taken out for placing in the verdict of the stroke that makes a man available (ICF Laws
    /// 72(c), 83: "as soon as they are available").
    AtOnce,
    /// Traditional rules: "If a penalty is owed, when a piece becomes available due to being
    /// pocketed, the piece is returned to the centre by the opponent at the end of the turn."
    /// The man stays in the pocket while the player strikes on and comes out in the verdict
    /// that ends the turn; only if the player's colour would be cleared meanwhile does it come
    /// out at once (a board cannot go on with a colour cleared and not won).
    EndOfTurn,
}

/// What pocketing an opponent's carrom man does to the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpponentPiece {
    /// ICF Laws 48, 74-76 (ICF preset): the man counts as pocketed; the turn continues only if
    /// an own man (or the Queen) went down properly in the same stroke, as Law 75 says with the
    /// striker. Law 125(a) ("the Umpire shall stop the player from playing further") is read
    /// as stopping a turn that nothing else continues.
    Icf,
    /// Law 125(a) read literally ("When a player pockets the C/m of his opponent knowingly or
    /// unknowingly, the Umpire shall stop the player from playing further"), and the casual /
    /// FOF 2022 rules ("If you sink your opponent's piece, you lose your turn"): the man counts
    /// as pocketed and the turn always ends, even if own men fell too.
    EndsTurn,
    /// Traditional rules: a foul (one penalty man, turn ends); the Queen, if pocketed in the
    /// same stroke, is returned.
    Foul,
}

/// How a board ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Endings {
    /// ICF Laws 52-53 and 102-112: pocketing one's last man with the Queen on the board, or
    /// the opponent's last man, ends the board against the player.
    Icf,
    /// Traditional rules: pocketing one's last man before the Queen is covered, or the
    /// opponent's last man, is a foul (the pieces come back with a penalty man); a board ends
    /// only when a player clears his colour after the Queen has been covered.
    Traditional,
}

/// Law 45(c): "If a player in his attempt to break, plays an improper stroke or pockets his
/// striker without touching any of the c/m, he shall lose his turn. However, due/penalty shall
/// not be applicable." Which improper break attempts cost the turn only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImproperBreak {
    /// "Without touching" qualifies both clauses (ICF preset): only an attempt that touches
    /// nothing is still an attempt to break. An improper stroke that touches a man makes the
    /// break (Law 44) and is judged like any improper stroke (Laws 64, 72(b), 76, 77).
    Untouched,
    /// "Without touching" qualifies only the striker: any improper stroke in the attempt to
    /// break loses the turn with no due or penalty. If it touched a man the break is made
    /// (Law 44); own men and the Queen it pocketed come out (Law 64(b)), the opponent's men
    /// stay pocketed (Law 76).
    Any,
}

/// Whether the player keeps his turn after a stroke two Laws rule on differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnRuling {
    /// The player continues his turn.
    Continues,
    /// The player loses his turn.
    Lost,
}

/// Law 137: "If the players pass over their turn consecutively for 3 times each, that
/// particular Board shall be cancelled and be replayed." Who "each" is in doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassesBy {
    /// Each side (ICF preset): `passes_to_cancel` passes by each side in a row, six in all,
    /// in singles and in doubles.
    Side,
    /// Each player: in doubles `passes_to_cancel` passes by each of the four players in a
    /// row, twelve in all (singles: the same as `Side`).
    Player,
}

/// The endings that the table of Laws 102-112 leaves out (a last man pocketed in a situation
/// no row names). In both readings a gap with the striker or an improper stroke takes the row
/// for the same Queen situation, adding or dropping that row's additional point for the
/// striker; the readings differ on the proper strokes without the striker after the Queen
/// has been covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndingGaps {
    /// ICF preset: where no row applies, the scoring Laws decide. Both last men by a proper
    /// stroke without the striker after the Queen is covered: the striker has completed his
    /// men and wins (Law 52(a)), by the opponent's men left (none) and the Queen only if he
    /// covered her (Laws 53, 54). The opponent's last man alone with the Queen already covered:
    /// the opponent has no man left and wins (Law 52(a)) by the striker's men left, the Queen
    /// only if he covered her, and the additional points Laws 106/111 give.
    Scoring,
    /// Every gap takes the nearest row. Both last men by a proper stroke without the striker
    /// after the Queen is covered: as Law 110(a) (covered by him: lost by 1) or 112(a)
    /// (covered by the opponent: lost by 3, 1 at 22 or more) without the striker's point. The
    /// opponent's last man alone with the Queen already covered: as Law 106 / 111 (lost by the
    /// striker's men left and the Queen's points).
    NearestLaw,
}

/// How a game is won (Law 56, and the traditional variant's "best of three").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameWonBy {
    /// Law 56 (ICF preset): by the first side to reach `game_points`, or by the leader after
    /// `boards_per_game` boards, an extra board deciding a tie.
    Points,
    /// Traditional rules: "Winners will not be decided on the basis of points, best of three
    /// matches will be considered." A game is one board, won by the side that wins it
    /// (pocketing all its pieces first, after the Queen is covered); the board's points are
    /// its score, and `games_to_win` boards win the match.
    Board,
}

/// Who has `break_attempts` attempts to break (Law 45).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakAttemptsFor {
    /// Law 45(b) (ICF preset): after the breaker's misses the opponent breaks with the same
    /// attempts, "the above condition will prevail till the break is effected".
    EveryBreaker,
    /// Traditional rules: "For the very first turn, the player is allowed three attempts". Only
    /// the first turn of the board has the attempts (and `break_miss_is_foul`'s penalty for
    /// "the first player to strike"); after it a stroke that touches nothing ends the turn like
    /// any stroke that pockets nothing ("it doesn't matter if the striker hits no pieces"),
    /// until a stroke breaks.
    FirstTurn,
}

/// The point game: every player for himself, any carrom man pocketed by anyone for the points
/// of its colour, the Queen for hers once covered (by a man of any colour, on the same or the
/// next stroke). The game is won by the first to reach `Rules::game_points`, or by the most
/// points when `Rules::boards_per_game` boards are played (a tie at the top: another board, as
/// Law 56(b)). The defaults are "point carrom" as the Wikipedia article on carrom describes the
/// variant "popular with children or an odd number of players": the men of one colour a point
/// each, of the other two, the Queen five, 17 points to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PointGame {
    /// Points for a white man pocketed.
    pub white: u16,
    /// Points for a black man pocketed.
    pub black: u16,
    /// Points for the Queen, once covered.
    pub queen: u16,
}

impl Default for PointGame {
    fn default() -> Self {
        PointGame {
            white: 2,
            black: 1,
            queen: 5,
        }
    }
}

impl PointGame {
    /// The points of `white` white men and `black` black men.
    pub fn men(&self, white: u8, black: u8) -> u16 {
        u16::from(white) * self.white + u16::from(black) * self.black
    }

    /// The points of a pocketed piece of `colour`.
    pub fn value(&self, colour: crate::report::PieceColour) -> u16 {
        use crate::report::PieceColour::{Black, Queen, White};
        match colour {
            White => self.white,
            Black => self.black,
            Queen => self.queen,
        }
    }
}

/// A rule variant. Every field defaults to its ICF value, so a rules file need only list
/// the fields it changes. The whole struct is `Copy` (cheap to clone for the AI).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Law 56(a): a game is won by the first side to reach this many points (ICF 25).
    pub game_points: u16,
    /// Law 56(a): ... or by the leader after this many boards (ICF 8, VKK 6); a tie then goes
    /// to an extra board (Law 56(b)) whose winner wins the game.
    pub boards_per_game: u8,
    /// Law 57: games needed to win the match (ICF 2: best of three).
    pub games_to_win: u8,
    /// Law 56: a game is won on points (ICF) or is one board (traditional).
    pub game_won_by: GameWonBy,
    /// Law 52(b)(i): value of the covered Queen to the board's winner (ICF 3).
    pub queen_points: u8,
    /// Laws 52(b)(i), 54: the Queen (and the "3 points" of Laws 102-112) count only while the
    /// beneficiary's game score is below this (ICF 22: "up to and including 21 points").
    pub queen_points_below: u16,
    /// Laws 102-112: the points awarded in the special endings ("shall win/lose by 3 points").
    pub forfeit_points: u8,
    /// Laws 102-112: ... reduced to this once the beneficiary has 22 or more ("by 1 point").
    pub forfeit_points_at_limit: u8,
    /// Laws 102-112: the points of the special endings drop once the beneficiary's score
    /// reaches `queen_points_below`, to `forfeit_points_at_limit` and the points for the Queen
    /// in a lost board to none (ICF). `false` (FOF 2022: "If you sink their last piece, you
    /// lose the board and three points"): the three points count at any score; only the
    /// Queen's own points stop at the limit.
    pub forfeit_points_limited: bool,
    /// Casual / FOF: pocketing one's last man before the Queen also gives the opponent one
    /// point per man of his left on the board (ICF Law 107: 3 points only).
    pub early_finish_counts_men: bool,
    /// Law 55: the most a board can be worth (ICF 12).
    pub max_board_points: u8,
    /// Law 45(a): attempts allowed to touch a piece at the break (ICF 3).
    pub break_attempts: u8,
    /// Traditional rules: failing to break in all attempts is a foul (one penalty man).
    pub break_miss_is_foul: bool,
    /// Law 45(c)'s exception for the break. `false` (ICF): an attempt to break that touches no
    /// man and is improper or pockets the striker loses the turn with no due or penalty, and
    /// the striker leaving the board is a missed attempt. `true` (traditional: "When a player
    /// commits a foul, the turn comes to an end immediately and a penalty is incurred", with
    /// no exception for the first turn's attempts): such an attempt is a foul like any stroke,
    /// one penalty man for each foul (owed while nothing is pocketed); the striker leaving the
    /// board is one only with `overboard_is_foul`.
    pub break_fouls_penalised: bool,
    /// Law 45(b): every player who has to break has the attempts (ICF), or only the first turn
    /// of the board (traditional).
    pub break_attempts_for: BreakAttemptsFor,
    /// Law 49(b): the direction in which the turn passes.
    pub turn_order: TurnOrder,
    /// Law 97(b): with all nine own men on the board, the Queen pocketed together with own men
    /// counts (one man: she must still be covered; two or more: covered). `false`: she counts
    /// only for a player who has pocketed a man this board (traditional).
    pub all_nine_exception: bool,
    /// Law 95(a)/(b): the Queen pocketed without the right to her.
    pub queen_without_right: QueenWithoutRight,
    /// ... and, if the turn continues, whether she goes back at once (ICF) or at the end of the
    /// turn (traditional).
    pub queen_returned: QueenReturned,
    /// Laws 48, 74-76, 125: pocketing the opponent's men.
    pub opponent_piece: OpponentPiece,
    /// Laws 73, 75, 98(a), 99(a): a proper stroke that pockets the striker with own men (or
    /// the Queen) keeps the turn. `false`: pocketing the striker is a plain foul that ends the
    /// turn and pocketed men stay down (traditional).
    pub striker_with_own_continues: bool,
    /// Law 72(c): an owed due comes back as soon as a man is available (ICF) or at the end of
    /// the turn (traditional).
    pub dues_returned: DuesReturned,
    /// Law 64(b): own men pocketed in a foul stroke come back out with the penalty.
    pub foul_returns_pocketed: bool,
    /// Traditional rules: a piece or the striker leaving the board is a foul. (ICF Laws 65,
    /// 116: no foul; the pieces go back to the centre circle.)
    pub overboard_is_foul: bool,
    /// How boards end (Laws 102-112 or the traditional rules).
    pub endings: Endings,
    /// The endings Laws 102-112 leave out: decided by the scoring Laws 52-53 (ICF) or by the
    /// nearest row of the table.
    pub ending_gaps: EndingGaps,
    /// Law 87(b): the additional points "if demanded" are always demanded.
    pub demand_additional_points: bool,
    /// Law 45(c): which improper break attempts lose the turn with no due or penalty.
    pub improper_break: ImproperBreak,
    /// Laws 74 and 99(a): a proper stroke pocketing the Queen and the opponent's men with the
    /// striker, no own man, by a player with the right to the Queen. `continues` (ICF): Law
    /// 99(a), as Law 75 keeps the turn when own men fall with the opponent's; `lost`: Law 74,
    /// the striker with the opponent's men loses the turn.
    pub queen_striker_opponent_men: TurnRuling,
    /// Laws 95(d) and 98(a): a proper stroke pocketing the Queen, own men and the striker while
    /// all nine own men are on the board. `continues` (ICF): Law 98(a), the own men keep the
    /// turn as in Laws 73 and 97(b); `lost`: Law 95(d), all nine on the board and the Queen
    /// with the striker lose the turn whatever else fell.
    pub queen_striker_own_men_all_nine: TurnRuling,
    /// Law 137: consecutive passes by each side (or player, see `passes_by`) that cancel the
    /// board (ICF 3).
    pub passes_to_cancel: u8,
    /// Law 137 in doubles: three passes by each side (ICF) or by each player.
    pub passes_by: PassesBy,
    /// Law 137: a pass before the break is made. `false` (ICF): rejected, the breaker must
    /// break (Laws 45(b), 46). `true`: it counts as a pass and the right to break passes to the
    /// next player, the colours staying as they are (as Law 45(b)).
    pub pass_before_break: bool,
    /// Law 50: a shot clock in seconds whose expiry is a foul (Law 64); `None` (default) = off.
    /// When off, a report of an expired clock is rejected.
    pub shot_clock_secs: Option<u8>,
    /// Law 63: technical fouls reported by the game are judged; when off they are rejected.
    pub technical_fouls: bool,
    /// The point game (the casual text's three players "against each other for points"):
    /// `None` (ICF) is the game of two colours, each side pocketing its own.
    pub points: Option<PointGame>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::icf()
    }
}

/// Names accepted by [`Rules::preset`].
pub const PRESET_NAMES: [&str; 6] = ["icf", "vkk", "fof2022", "casual", "traditional", "points"];

impl Rules {
    /// The ICF Laws (the default).
    pub const fn icf() -> Rules {
        Rules {
            game_points: 25,
            boards_per_game: 8,
            games_to_win: 2,
            game_won_by: GameWonBy::Points,
            queen_points: 3,
            queen_points_below: 22,
            forfeit_points: 3,
            forfeit_points_at_limit: 1,
            forfeit_points_limited: true,
            early_finish_counts_men: false,
            max_board_points: 12,
            break_attempts: 3,
            break_miss_is_foul: false,
            break_fouls_penalised: false,
            break_attempts_for: BreakAttemptsFor::EveryBreaker,
            turn_order: TurnOrder::Right,
            all_nine_exception: true,
            queen_without_right: QueenWithoutRight::ReturnedTurnLost,
            queen_returned: QueenReturned::AtOnce,
            dues_returned: DuesReturned::AtOnce,
            opponent_piece: OpponentPiece::Icf,
            striker_with_own_continues: true,
            foul_returns_pocketed: true,
            overboard_is_foul: false,
            endings: Endings::Icf,
            ending_gaps: EndingGaps::Scoring,
            demand_additional_points: true,
            improper_break: ImproperBreak::Untouched,
            queen_striker_opponent_men: TurnRuling::Continues,
            queen_striker_own_men_all_nine: TurnRuling::Continues,
            passes_to_cancel: 3,
            passes_by: PassesBy::Side,
            pass_before_break: false,
            shot_clock_secs: None,
            technical_fouls: false,
            points: None,
        }
    }

    /// The VKK tournament edition: six boards or 25 points decide the game, one game a match.
    pub const fn vkk() -> Rules {
        Rules {
            boards_per_game: 6,
            games_to_win: 1,
            ..Rules::icf()
        }
    }

    /// FOF 2022: 29 points or eight boards; the Queen is worth 5 until 25; potting the
    /// opponent's last man gives him 3 points plus the men on the board, and one's own last man
    /// before the Queen 3 points plus his men on the board, the three points at any score;
    /// sinking an opponent's piece ends the turn.
    pub const fn fof2022() -> Rules {
        Rules {
            game_points: 29,
            queen_points: 5,
            queen_points_below: 25,
            max_board_points: 14,
            forfeit_points_limited: false,
            early_finish_counts_men: true,
            opponent_piece: OpponentPiece::EndsTurn,
            ..Rules::icf()
        }
    }

    /// Casual rules: 25 points or eight boards, a single game; sinking an opponent's piece ends
    /// the turn; the last man before the Queen costs three points and one per man left.
    pub const fn casual() -> Rules {
        Rules {
            games_to_win: 1,
            early_finish_counts_men: true,
            opponent_piece: OpponentPiece::EndsTurn,
            ..Rules::icf()
        }
    }

    /// Traditional house rules: a match of the best of three boards, each board a game won by
    /// pocketing all one's pieces and scored by the opponent's pieces left and the Queen (5
    /// below 24); clockwise play; three attempts to break in the very first turn only, failing
    /// being a foul; every foul costs one penalty man and ends the turn with pocketed men staying
    /// down, in the attempts to break too; pieces leaving the board are fouls; an owed penalty
    /// and the Queen pocketed without the right go back at the end of the turn, which continues;
    /// no loss-of-board endings.
    pub const fn traditional() -> Rules {
        Rules {
            game_won_by: GameWonBy::Board,
            queen_points: 5,
            queen_points_below: 24,
            max_board_points: 14,
            break_miss_is_foul: true,
            break_fouls_penalised: true,
            break_attempts_for: BreakAttemptsFor::FirstTurn,
            turn_order: TurnOrder::Left,
            all_nine_exception: false,
            queen_without_right: QueenWithoutRight::ReturnedTurnContinues,
            queen_returned: QueenReturned::EndOfTurn,
            dues_returned: DuesReturned::EndOfTurn,
            opponent_piece: OpponentPiece::Foul,
            striker_with_own_continues: false,
            foul_returns_pocketed: false,
            overboard_is_foul: true,
            endings: Endings::Traditional,
            ..Rules::icf()
        }
    }

    /// The point game for three (the casual text's "As an exception, though, you can play with
    /// three players against each other for points", which names no values): point carrom as
    /// the Wikipedia article on carrom has it (white 2, black 1, the covered Queen 5, the first
    /// to 17 wins, else the most points when every man is down), played to the casual text's
    /// other rules, its fouls read for a game in which every man is anyone's.
    pub const fn points() -> Rules {
        Rules {
            game_points: 17,
            boards_per_game: 1,
            games_to_win: 1,
            opponent_piece: OpponentPiece::Icf,
            points: Some(PointGame {
                white: 2,
                black: 1,
                queen: 5,
            }),
            ..Rules::casual()
        }
    }

    /// A preset by name (`icf`, `vkk`, `fof2022`, `casual`, `traditional`, `points`).
    pub fn preset(name: &str) -> Option<Rules> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .map(Preset::rules)
    }

    /// Checks values that parse but make no sense. On failure: the field and the reason.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        let positive: [(&'static str, u32); 6] = [
            ("game_points", self.game_points.into()),
            ("boards_per_game", self.boards_per_game.into()),
            ("games_to_win", self.games_to_win.into()),
            ("max_board_points", self.max_board_points.into()),
            ("break_attempts", self.break_attempts.into()),
            ("passes_to_cancel", self.passes_to_cancel.into()),
        ];
        for (field, v) in positive {
            if v == 0 {
                return Err((field, "must be at least 1".into()));
            }
        }
        if let Some(p) = self.points {
            if p.white == 0 || p.black == 0 {
                return Err((
                    "points",
                    "a carrom man must be worth at least 1 point in the point game".into(),
                ));
            }
            if self.games_to_win != 1 {
                return Err((
                    "games_to_win",
                    "the point game is one game: set games_to_win = 1".into(),
                ));
            }
            if self.technical_fouls {
                return Err((
                    "technical_fouls",
                    "technical fouls are not judged in the point game".into(),
                ));
            }
        }
        if self.shot_clock_secs == Some(0) {
            return Err((
                "shot_clock_secs",
                "must be at least 1 second (leave it out to switch the clock off)".into(),
            ));
        }
        Ok(())
    }
}
