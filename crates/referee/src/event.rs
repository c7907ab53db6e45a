//! What a ruling is about, as data: the [`Event`] each [`Ruling`](crate::Ruling) carries with
//! its Law. The referee makes no sentences; the words players read are made from these events
//! and the players' names at the edge (`carrom_match::words`), in one place.

use crate::report::PieceColour;
use crate::seat::{Seat, Side};
use serde::Serialize;

/// How the Queen pocketed without the right to her goes back (Laws 95(a), 95(b)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenBack {
    /// She goes back and the turn is lost (ICF).
    TurnLost,
    /// She goes back at once and the turn continues (house rules).
    AtOnce,
    /// She stays in the pocket until the turn ends, which continues (traditional rules).
    AtEndOfTurn,
}

/// The foul the house rules make of a stroke (traditional rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HouseFoul {
    OpponentsLastMan,
    OwnLastManBeforeQueen,
    OpponentsMan,
    Striker,
    OffTheBoard,
}

/// Whose last men a board-ending stroke pocketed (Laws 52, 102-112).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LastMen {
    Own,
    Opponents,
    Both,
}

/// How the Queen stood for a board-ending stroke (Laws 102-112).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QueenAtEnd {
    /// Pocketed in the stroke, or awaiting the striker's cover.
    Covering,
    OnBoard,
    CoveredByStriker,
    CoveredByOpponent,
}

/// What happened, for one ruling. Seats, sides, colours and counts are the ones the ruling is
/// about; `continues` tells whether the ruling keeps the turn (an opponent's man under Law
/// 125(a) read literally may stop it, in a ruling of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    // ----- the break (Laws 44, 45) -------------------------------------------------------
    BreakMade,
    /// An attempt that touched nothing: `attempt` of `attempts`.
    BreakMissed {
        by: Seat,
        attempt: u8,
        attempts: u8,
    },
    /// The attempts are used up: the right to break passes to `next`, who plays `colour`.
    BreakPasses {
        attempts: u8,
        next: Seat,
        colour: PieceColour,
    },
    /// House rules: failing to break is a foul.
    BreakMissFoul,
    /// Law 45(c): an improper stroke (or the striker, `striker`) touching nothing at the break.
    BreakImproper {
        by: Seat,
        striker: bool,
    },
    /// Law 45(c) read for every improper break: the turn is lost, no due or penalty.
    ImproperBreakNoPenalty {
        by: Seat,
    },
    /// House rules (`break_fouls_penalised`): a foul in an attempt to break that touched no
    /// man is a foul like any other, with no exception for the break; the break is still to be
    /// made. The foul's own ruling follows.
    BreakAttemptFoul {
        by: Seat,
    },
    /// Traditional rules: after the first turn a stroke touching nothing ends the turn.
    BreakStillToMake {
        next: Seat,
        attempts: u8,
    },

    // ----- the turn and passes (Laws 48, 116, 125, 137) ----------------------------------
    NothingPocketed {
        next: Seat,
    },
    OpponentsMenPocketed {
        by: Seat,
        men: u8,
    },
    OwnMenPocketed {
        by: Seat,
        colour: PieceColour,
        men: u8,
        continues: bool,
    },
    OpponentsManStopsTurn,
    StrikerOffBoard {
        continues: bool,
    },
    Pass {
        by: Seat,
        in_a_row: u8,
        cancel_at: u8,
    },
    PassBeforeBreak {
        next: Seat,
        colour: PieceColour,
    },
    PassesCancelBoard {
        by_every_player: bool,
        each: u8,
    },

    // ----- fouls, dues and penalties (Laws 50, 63-65, 72-78, 88, 114) ------------------------
    TechnicalFoulInTurn {
        offender: Seat,
    },
    TechnicalFoul {
        offender: Seat,
        before_first_stroke: bool,
        colour: PieceColour,
    },
    ShotClock {
        by: Seat,
        secs: u8,
    },
    /// A due or penalty man not placed within the time (Law 88): a foul against the placer,
    /// one man of his `colour` out for placing, or owed when none is in the pockets.
    PlacingTime {
        by: Seat,
        secs: u8,
        colour: PieceColour,
        owed: bool,
    },
    DueUsedForQueen,
    /// An improper stroke and what it pocketed (Laws 64, 72(b), 76, 77, 98(b)-101(b)).
    ImproperStroke {
        striker: bool,
        own_men: u8,
        opponents_men: u8,
        queen: bool,
        covering: bool,
    },
    /// A foul of the house rules and the penalty men it costs.
    HouseFoul {
        foul: HouseFoul,
        penalties: u8,
    },
    StrikerAlone,
    StrikerWithOwnMen {
        colour: PieceColour,
        men: u8,
    },
    StrikerWithOpponentsMen,
    StrikerWithBothMen {
        colour: PieceColour,
        men: u8,
        opponents_colour: PieceColour,
        opponents_men: u8,
        continues: bool,
    },
    /// Outstanding dues now available: `placer` takes out `men` of `colour`.
    DuesAvailable {
        placer: Seat,
        dues: u8,
        colour: PieceColour,
        men: u8,
    },
    /// Doubles: who places (78(b)(i) the player on the right; (ii) the striker himself).
    DuesPlacedBy {
        placer: Seat,
        colour: PieceColour,
        striker_himself: bool,
    },
    DuesOutstanding {
        colour: PieceColour,
        owed: u8,
    },
    /// Traditional rules (`dues_returned = "end_of_turn"`): owed men of `colour` are in the
    /// pockets, and wait there until the turn ends.
    DuesWaitForEndOfTurn {
        colour: PieceColour,
        men: u8,
    },
    /// Traditional rules: `by`'s turn is over, and `placer` returns the owed men that became
    /// available during it.
    DuesReturnedAtEndOfTurn {
        by: Seat,
        placer: Seat,
        colour: PieceColour,
        men: u8,
    },
    /// Pieces off the board (Law 65): the Queen, the striker's men and the other's.
    PiecesOffBoard {
        queen: u8,
        own: u8,
        other: u8,
    },

    // ----- the Queen (Laws 92-101) --------------------------------------------------------
    QueenPocketed {
        continues: bool,
    },
    QueenAfterDuesRecovered {
        continues: bool,
    },
    QueenAndOwnMen {
        colour: PieceColour,
        men: u8,
    },
    QueenWithMenAllNine,
    QueenWithOneManAllNine,
    QueenBeforeOwnMan {
        back: QueenBack,
    },
    QueenWithDueOutstanding {
        back: QueenBack,
    },
    QueenCovered {
        by: Seat,
    },
    QueenNotCovered,
    QueenNotCoveredTurnOver {
        by: Seat,
    },
    QueenReturnedAtEndOfTurn {
        by: Seat,
    },
    CoveringWithStriker {
        colour: PieceColour,
        men: u8,
        continues: bool,
    },
    StrikerAloneWhileCovering,
    QueenStrikerWithDue,
    QueenStrikerAllNine,
    QueenMenStrikerAllNine {
        colour: PieceColour,
        men: u8,
    },
    QueenMenStriker {
        colour: PieceColour,
        men: u8,
        continues: bool,
    },
    QueenStriker {
        continues: bool,
    },
    StrikerWithOpponentsMenBeforeQueen,

    // ----- boards, games and the match (Laws 52-57, 102-112) -----------------------------
    /// A stroke pocketing a last man ended the board: `winner` by `points` (before Law 55's
    /// cap). `as_law`: the row of Laws 102-112 a gap in the table follows.
    BoardEnded {
        by: Seat,
        last: LastMen,
        queen: QueenAtEnd,
        improper: bool,
        striker: bool,
        as_law: Option<&'static str>,
        winner: Side,
        points: u16,
    },
    /// Traditional rules: `by` cleared `colour` after the Queen was covered.
    ColourCleared {
        by: Seat,
        colour: PieceColour,
        winner: Side,
        points: u16,
    },
    BoardCapped {
        points: u16,
        cap: u8,
    },
    DuesWrittenOff,
    QueenAddsNothing {
        side: Side,
        score: u16,
    },
    GameOnPoints {
        side: Side,
        points: u16,
        game: u8,
    },
    GameOnBoards {
        side: Side,
        board: u8,
        game: u8,
    },
    GameByExtraBoard {
        side: Side,
        game: u8,
    },
    GameByBoard {
        side: Side,
        game: u8,
    },
    ExtraBoard {
        board: u8,
    },
    MatchWon {
        side: Side,
        games: [u8; 2],
    },

    // ----- the point game (`Rules::points`) -----------------------------------------------
    /// Men pocketed scoring for the striker: `points` for them, `total` his points now.
    MenScored {
        by: Seat,
        white: u8,
        black: u8,
        points: u16,
        total: u16,
    },
    /// The Queen covered, her `points` to the striker.
    QueenScored {
        by: Seat,
        points: u16,
        total: u16,
    },
    /// A foul in the point game: the striker pocketed (`striker`), else an improper stroke or
    /// the clock; the men and the Queen it pocketed come back; the fouler's `penalty` man (the
    /// one worth least of his) comes back with its points, or is owed (`None`).
    PointFoul {
        by: Seat,
        striker: bool,
        men_back: u8,
        queen_back: bool,
        penalty: Option<PieceColour>,
        points_lost: u16,
        total: u16,
        continues: bool,
    },
    /// The attempts to break are used up: the next player breaks.
    PointBreakPasses {
        attempts: u8,
        next: Seat,
    },
    /// A player reached the game's target.
    PointsTarget {
        by: Seat,
        points: u16,
        target: u16,
    },
    /// Every man of the board is pocketed.
    PointsBoardOver {
        board: u8,
    },
    /// The game won by the most points after its boards.
    PointsMost {
        by: Seat,
        points: u16,
        board: u8,
    },
}
