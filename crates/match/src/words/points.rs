//! The words for the point game's rulings: men and the Queen scoring for whoever pockets them,
//! its fouls, and the game won on points.

use super::{Names, count, men};
use carrom_referee::{Event, Seat};

/// The point game: scoring, fouls, the break passing and the game's end.
pub(super) fn point_game(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
        Event::MenScored {
            by,
            white,
            black,
            points,
            total,
        } => format!(
            "{} pocketed {}: {} ({total} in all). The turn continues.",
            seat(by),
            pocketed(*white, *black),
            count(*points, "point", "points")
        ),
        Event::QueenScored { by, points, total } => format!(
            "The Queen is covered: {} to {} ({total} in all).",
            count(*points, "point", "points"),
            seat(by)
        ),
        Event::PointFoul { .. } => point_foul(e, names),
        Event::PointBreakPasses { attempts, next } => format!(
            "Break not made in {attempts} attempts: the break passes to {}.",
            seat(next)
        ),
        Event::PointsTarget { by, points, target } => format!(
            "{} has {points} points, {target} or more: the game is won.",
            seat(by)
        ),
        Event::PointsBoardOver { board } => {
            format!("Every carrom man is pocketed: board {board} is over.")
        }
        Event::PointsMost { by, points, board } => format!(
            "After {}, {} has the most points ({points}): the game is won.",
            count(*board, "board", "boards"),
            seat(by)
        ),
        other => unreachable!("{other:?} is not an event of the point game"),
    }
}

/// "a white man and 2 black men".
fn pocketed(white: u8, black: u8) -> String {
    match (white, black) {
        (w, 0) => men(w, carrom_referee::PieceColour::White),
        (0, b) => men(b, carrom_referee::PieceColour::Black),
        (w, b) => format!(
            "{} and {}",
            men(w, carrom_referee::PieceColour::White),
            men(b, carrom_referee::PieceColour::Black)
        ),
    }
}

fn point_foul(e: &Event, names: &Names) -> String {
    let Event::PointFoul {
        by,
        striker,
        men_back,
        queen_back,
        penalty,
        points_lost,
        total,
        continues,
    } = e
    else {
        unreachable!("not a point game's foul")
    };
    let what = if *striker {
        "pocketed the striker"
    } else {
        "fouled"
    };
    let back = match (*men_back, *queen_back) {
        (0, false) => String::new(),
        (1, false) => " The man pocketed with it comes up.".into(),
        (n, false) => format!(" The {n} men pocketed with it come up."),
        (0, true) => " The Queen pocketed with it comes back.".into(),
        (n, true) => format!(
            " The Queen and the {} pocketed with it come back.",
            count(n, "man", "men")
        ),
    };
    let penalty = match penalty {
        Some(colour) => format!(
            " A {} man of his comes back on the board: {} off ({total} in all).",
            colour.name(),
            count(*points_lost, "point", "points")
        ),
        None => " He has no man to give back: he owes one.".into(),
    };
    let turn = if *continues {
        " He strikes again."
    } else {
        " Turn passes."
    };
    format!("{} {what}.{back}{penalty}{turn}", names.seat(*by))
}
