//! The words for the Queen: pocketed, covered or put back (Laws 92-97), and with the striker
//! (Laws 95(b), 95(d), 98-101).

use super::{Names, continues, men};
use carrom_referee::{Event, QueenBack, Seat};

/// The Queen pocketed, covered or put back, Laws 92-97.
pub(super) fn the_queen(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
        Event::QueenPocketed { continues: c } => format!(
            "Queen pocketed: she must be covered with the next stroke.{}",
            continues(*c)
        ),
        Event::QueenAfterDuesRecovered { continues: c } => format!(
            "Queen pocketed after recovery of the dues and/or penalties, all nine own men on the board: the right to her stands. She must be covered with the next stroke.{}",
            continues(*c)
        ),
        Event::QueenAndOwnMen { colour, men: n } => format!(
            "Queen and {} pocketed together: the Queen is covered.",
            men(*n, *colour)
        ),
        Event::QueenWithMenAllNine => "Queen pocketed with more than one own man while all nine were on the board: the Queen is covered.".into(),
        Event::QueenWithOneManAllNine => "Queen pocketed with one own man while all nine were on the board: she must still be covered with the next stroke.".into(),
        Event::QueenBeforeOwnMan { back } => match back {
            QueenBack::TurnLost => {
                "Queen pocketed before any own man: she goes back and the turn is lost."
            }
            QueenBack::AtEndOfTurn => {
                "Queen pocketed before any own man: she stays in the pocket and goes back to the centre at the end of the turn; the turn continues."
            }
            QueenBack::AtOnce => {
                "Queen pocketed before any own man: she goes back; the turn continues."
            }
        }
        .into(),
        Event::QueenWithDueOutstanding { back } => match back {
            QueenBack::TurnLost => {
                "Queen pocketed while a due is outstanding: she goes back and the turn is lost."
            }
            QueenBack::AtEndOfTurn => {
                "Queen pocketed while a due is outstanding: she stays in the pocket and goes back to the centre at the end of the turn; the turn continues."
            }
            QueenBack::AtOnce => "Queen pocketed while a due is outstanding: she goes back.",
        }
        .into(),
        Event::QueenCovered { by } => format!("Queen covered by {}.", seat(by)),
        Event::QueenNotCovered => {
            "The Queen was not covered: the umpire puts her back in the centre circle.".into()
        }
        Event::QueenNotCoveredTurnOver { by } => format!(
            "{}'s turn is over before the Queen was covered: the umpire puts her back in the centre circle.",
            seat(by)
        ),
        Event::QueenReturnedAtEndOfTurn { by } => format!(
            "{}'s turn is over: the Queen he pocketed without the right to her is returned to the centre circle by the umpire (house rules: at the end of the turn).",
            seat(by)
        ),
        other => unreachable!("{other:?} is not an event of the Queen"),
    }
}

/// The Queen and the striker together, Laws 95(b), 95(d) and 98-101.
pub(super) fn queen_with_striker(e: &Event, _names: &Names) -> String {
    match e {
        Event::CoveringWithStriker {
            colour,
            men: n,
            continues: c,
        } => format!(
            "Striker pocketed with {} while covering the Queen: they come out with one due{}",
            men(*n, *colour),
            if *c {
                "; the turn continues and the Queen must be covered with the next stroke."
            } else {
                "."
            }
        ),
        Event::StrikerAloneWhileCovering => "Striker pocketed alone while covering the Queen: the Queen goes back, one due. Turn passes.".into(),
        Event::QueenStrikerWithDue => "Queen pocketed with the striker while a due is outstanding: the Queen goes back and one more due is declared. Turn passes.".into(),
        Event::QueenStrikerAllNine => "Queen pocketed with the striker while all nine men are on the board: the Queen goes back and a due is declared. Turn passes.".into(),
        Event::QueenMenStrikerAllNine { colour, men: n } => format!(
            "Queen, {} and striker pocketed while all nine men were on the board: the Queen and the men come out and a due is declared. Turn passes (Law 95(d) read before Law 98(a)).",
            men(*n, *colour)
        ),
        Event::QueenMenStriker {
            colour,
            men: n,
            continues: c,
        } => format!(
            "Queen, {} and striker pocketed: the Queen and the men come out with one due.{}",
            men(*n, *colour),
            continues(*c)
        ),
        Event::QueenStriker { continues: c } => format!(
            "Queen pocketed with the striker: the umpire returns the Queen and one due comes out.{}",
            continues(*c)
        ),
        Event::StrikerWithOpponentsMenBeforeQueen => "The striker went down with the opponent's men: they stay pocketed and the turn passes (Law 74 read before Law 99(a)).".into(),
        other => unreachable!("{other:?} is not an event of the Queen with the striker"),
    }
}
