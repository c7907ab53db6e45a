//! The sentence for each ruling's [`Event`], by chapter of the Laws: [`sentence`] sends each
//! event to its chapter (here the break and the turn; fouls and dues, the Queen, and boards and
//! games in their modules), so a new event must be given its words to compile.

use super::board::{boards, games};
use super::fouls::{dues, fouls, striker_pocketed};
use super::points::point_game;
use super::queen::{queen_with_striker, the_queen};
use super::{Names, count, men};
use carrom_referee::{Event, Seat};

/// The sentence for what happened. The patterns name every event, one a line as rustfmt writes
/// them: the list is what makes a new event fail to compile until it has its words.
pub fn sentence(e: &Event, names: &Names) -> String {
    use Event as E;
    match e {
        E::BreakMade
        | E::BreakMissed { .. }
        | E::BreakPasses { .. }
        | E::BreakMissFoul
        | E::BreakImproper { .. }
        | E::ImproperBreakNoPenalty { .. }
        | E::BreakAttemptFoul { .. }
        | E::BreakStillToMake { .. } => the_break(e, names),
        E::NothingPocketed { .. }
        | E::OpponentsMenPocketed { .. }
        | E::OwnMenPocketed { .. }
        | E::OpponentsManStopsTurn
        | E::StrikerOffBoard { .. }
        | E::Pass { .. }
        | E::PassBeforeBreak { .. }
        | E::PassesCancelBoard { .. } => the_turn(e, names),
        E::TechnicalFoulInTurn { .. }
        | E::TechnicalFoul { .. }
        | E::ShotClock { .. }
        | E::PlacingTime { .. }
        | E::DueUsedForQueen
        | E::ImproperStroke { .. }
        | E::HouseFoul { .. }
        | E::PiecesOffBoard { .. } => fouls(e, names),
        E::StrikerAlone
        | E::StrikerWithOwnMen { .. }
        | E::StrikerWithOpponentsMen
        | E::StrikerWithBothMen { .. } => striker_pocketed(e, names),
        E::DuesAvailable { .. }
        | E::DuesPlacedBy { .. }
        | E::DuesOutstanding { .. }
        | E::DuesWaitForEndOfTurn { .. }
        | E::DuesReturnedAtEndOfTurn { .. } => dues(e, names),
        E::QueenPocketed { .. }
        | E::QueenAfterDuesRecovered { .. }
        | E::QueenAndOwnMen { .. }
        | E::QueenWithMenAllNine
        | E::QueenWithOneManAllNine
        | E::QueenBeforeOwnMan { .. }
        | E::QueenWithDueOutstanding { .. }
        | E::QueenCovered { .. }
        | E::QueenNotCovered
        | E::QueenNotCoveredTurnOver { .. }
        | E::QueenReturnedAtEndOfTurn { .. } => the_queen(e, names),
        E::CoveringWithStriker { .. }
        | E::StrikerAloneWhileCovering
        | E::QueenStrikerWithDue
        | E::QueenStrikerAllNine
        | E::QueenMenStrikerAllNine { .. }
        | E::QueenMenStriker { .. }
        | E::QueenStriker { .. }
        | E::StrikerWithOpponentsMenBeforeQueen => queen_with_striker(e, names),
        E::BoardEnded { .. }
        | E::ColourCleared { .. }
        | E::BoardCapped { .. }
        | E::DuesWrittenOff
        | E::QueenAddsNothing { .. } => boards(e, names),
        E::GameOnPoints { .. }
        | E::GameOnBoards { .. }
        | E::GameByExtraBoard { .. }
        | E::GameByBoard { .. }
        | E::ExtraBoard { .. }
        | E::MatchWon { .. } => games(e, names),
        E::MenScored { .. }
        | E::QueenScored { .. }
        | E::PointFoul { .. }
        | E::PointBreakPasses { .. }
        | E::PointsTarget { .. }
        | E::PointsBoardOver { .. }
        | E::PointsMost { .. } => point_game(e, names),
    }
}

/// The break, Laws 44-47, and the house rules' attempts to break.
fn the_break(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
        Event::BreakMade => "Break made.".into(),
        Event::BreakMissed {
            by,
            attempt,
            attempts,
        } => format!(
            "Break not made — no carrom man touched (attempt {attempt} of {attempts}). {} tries again.",
            seat(by)
        ),
        Event::BreakPasses {
            attempts,
            next,
            colour,
        } => format!(
            "Break not made in {attempts} attempts: the right to break passes to {}, who plays {}.",
            seat(next),
            colour.name()
        ),
        Event::BreakMissFoul => {
            "Foul (house rules) — failing to break costs one penalty man.".into()
        }
        Event::BreakImproper { by, striker } => format!(
            "{} {} without touching a carrom man while breaking: turn lost, no due or penalty.",
            seat(by),
            if *striker {
                "pocketed the striker"
            } else {
                "played an improper stroke"
            }
        ),
        Event::ImproperBreakNoPenalty { by } => format!(
            "{} played an improper stroke in his attempt to break: he loses his turn, with no due or penalty (Law 45(c), read for every improper break). Own men and the Queen pocketed come out (Law 64(b)); the opponent's men stay pocketed (Law 76).",
            seat(by)
        ),
        Event::BreakAttemptFoul { by } => format!(
            "{} fouled in his attempt to break: the house rules make no exception for the break, so the turn ends and the foul costs its penalty. The break is still to be made.",
            seat(by)
        ),
        Event::BreakStillToMake { next, attempts } => format!(
            "No carrom man touched: the break is still to be made. Turn passes to {} (house rules: only the very first turn has {attempts} attempts).",
            seat(next)
        ),
        other => unreachable!("{other:?} is not an event of the break"),
    }
}

/// The turn and passes, Laws 48-49, 116, 125 and 137.
fn the_turn(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
        Event::NothingPocketed { next } => {
            format!("Nothing pocketed. Turn passes to {}.", seat(next))
        }
        Event::OpponentsMenPocketed { by, men } => format!(
            "{} pocketed {} of the opponent's; they stay pocketed. Turn passes.",
            seat(by),
            count(*men, "man", "men")
        ),
        Event::OwnMenPocketed {
            by,
            colour,
            men: n,
            continues,
        } => format!(
            "{} pocketed {}. {}",
            seat(by),
            men(*n, *colour),
            if *continues {
                "The turn continues."
            } else {
                "Turn passes."
            }
        ),
        Event::OpponentsManStopsTurn => "An opponent's man was pocketed: the umpire stops the player from playing further, even though own men fell too. The turn passes.".into(),
        Event::StrikerOffBoard { continues } => if *continues {
            "The striker jumped off the board, but own men were pocketed: the turn continues."
        } else {
            "The striker jumped off the board."
        }
        .into(),
        Event::Pass {
            by,
            in_a_row,
            cancel_at,
        } => format!(
            "{} passes ({in_a_row} in a row; {cancel_at} in a row cancel the board).",
            seat(by)
        ),
        Event::PassBeforeBreak { next, colour } => format!(
            "The break was not made: the right to break passes to {}, who plays {} (as Law 45(b)).",
            seat(next),
            colour.name()
        ),
        Event::PassesCancelBoard {
            by_every_player,
            each,
        } => format!(
            "{} passed {each} times in a row: the board is cancelled and replayed.",
            if *by_every_player {
                "Every player has"
            } else {
                "Both sides have"
            }
        ),
        other => unreachable!("{other:?} is not an event of the turn"),
    }
}
