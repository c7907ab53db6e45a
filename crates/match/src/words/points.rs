//! The words for the point game's rulings: men and the Queen scoring for whoever pockets them,
//! its fouls, and the game won on points.

use super::{Names, count, men};
use crate::{BoardStats, Match};
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

/// A point board's result card, when every man went down and the game goes on: the board,
/// who leads, what each player made of the board, and the points so far.
pub(super) fn board_over(model: &Match, b: &BoardStats, points: [u16; 4]) -> Vec<String> {
    let seats = model.setup.seats.seats();
    let name = |s: Seat| model.player(s).name.clone();
    let before = points_before(model, b);
    let top = seats.iter().map(|s| points[s.index()]).max().unwrap_or(0);
    let leaders: Vec<String> = seats
        .iter()
        .filter(|s| points[s.index()] == top)
        .map(|&s| name(s))
        .collect();
    let lead = match leaders.as_slice() {
        [one] => format!("{one} leads, {}", count(top, "point", "points")),
        many => format!("{} share the lead, {top} points", listed(many)),
    };
    let made = seats
        .iter()
        .map(|&s| {
            let made = i32::from(points[s.index()]) - i32::from(before[s.index()]);
            format!("{} {made:+}", name(s))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let standing = seats
        .iter()
        .map(|&s| format!("{} {}", name(s), points[s.index()]))
        .collect::<Vec<_>>()
        .join(" - ");
    vec![
        format!("Board {}: every man is down (Law 56(a))", b.board),
        lead,
        format!("This board: {made}"),
        format!(
            "Points: {standing} (first to {})",
            model.referee.rules().game_points
        ),
    ]
}

/// Every seat's points before the point board `b`: after the last point board before it.
fn points_before(model: &Match, b: &BoardStats) -> [u16; 4] {
    model
        .stats
        .boards
        .iter()
        .filter(|o| (o.game, o.board) < (b.game, b.board))
        .filter_map(|o| o.points_by_seat)
        .next_back()
        .unwrap_or([0; 4])
}

/// "Asha and Ravi", "Asha, Ravi and Mina".
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A point board in the match's statistics: "Game 1 board 1: every man down, points South 14,
/// East 10, North 8 (Law 56(a)), 41 strokes" (each seat that has points).
pub(super) fn board_line(b: &BoardStats, points: [u16; 4]) -> String {
    let by_seat = Seat::ALL
        .iter()
        .filter(|s| points[s.index()] > 0)
        .map(|s| format!("{} {}", s.title(), points[s.index()]))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "Game {} board {}: every man down, points {by_seat} (Law 56(a)), {} strokes",
        b.game, b.board, b.strokes
    )
}
