//! The words for the end of a board, its points, and games and the match (Laws 52-57,
//! 102-112); a board ended by a last man says what the stroke was, then to whom the board goes
//! and by how much.

use super::{Names, agree, count, plural};
use carrom_referee::{Event, LastMen, QueenAtEnd, Seat, Side};

/// The end of a board and its points, Laws 52-55 and 102-112.
pub(super) fn boards(e: &Event, names: &Names) -> String {
    let seat = |s: &Seat| names.seat(*s);
    match e {
        Event::BoardEnded { .. } => board_ended(names, e),
        Event::ColourCleared {
            by,
            colour,
            winner,
            points,
        } => format!(
            "{} cleared the {} men after the Queen was covered: board to {} by {}.",
            seat(by),
            colour.name(),
            names.side_title(*winner, false),
            count(*points, "point", "points")
        ),
        Event::BoardCapped { points, cap } => {
            format!("A board is worth at most {cap} points: {points} counted as {cap}.")
        }
        Event::DuesWrittenOff => "Outstanding dues and penalties are written off.".into(),
        Event::QueenAddsNothing { side, score } => format!(
            "{} {score} points: covering the Queen adds nothing.",
            agree(
                &names.side_title(*side, true),
                "already has",
                "already have"
            )
        ),
        other => unreachable!("{other:?} is not an event of a board's end"),
    }
}

/// Games and the match, Laws 56-57.
pub(super) fn games(e: &Event, names: &Names) -> String {
    match e {
        Event::GameOnPoints { side, points, game } => {
            let who = names.side_title(*side, true);
            let (reach, win) = if plural(&who) {
                ("reach", "win")
            } else {
                ("reaches", "wins")
            };
            format!("{who} {reach} {points} points and {win} game {game}.")
        }
        Event::GameOnBoards { side, board, game } => {
            let who = names.side_title(*side, true);
            let (lead, win) = if plural(&who) {
                ("lead", "win")
            } else {
                ("leads", "wins")
            };
            format!("{who} {lead} after board {board} and {win} game {game}.")
        }
        Event::GameByExtraBoard { side, game } => format!(
            "{} the extra board and game {game}.",
            agree(&names.side_title(*side, true), "wins", "win")
        ),
        Event::GameByBoard { side, game } => format!(
            "{} the board and with it game {game} (house rules: a game is one board, its points the board's score).",
            agree(&names.side_title(*side, true), "wins", "win")
        ),
        Event::ExtraBoard { board } => format!(
            "Scores level after board {board}: an extra board decides the game (the break goes by toss)."
        ),
        Event::MatchWon { side, games } => format!(
            "{} the match, {} to {}.",
            agree(&names.side_title(*side, true), "wins", "win"),
            count(games[side.index()], "game", "games"),
            games[side.other().index()]
        ),
        other => unreachable!("{other:?} is not an event of games"),
    }
}

/// `Event::BoardEnded` in words.
fn board_ended(names: &Names, e: &Event) -> String {
    let Event::BoardEnded {
        by,
        last,
        queen,
        improper,
        striker,
        as_law,
        winner,
        points,
    } = *e
    else {
        unreachable!("{e:?} is not a board ended by a last man")
    };
    let what = last_men(names, by, last, improper, striker);
    let stroke = ending_stroke(&what, last, queen, as_law);
    let to = board_to(names, by, winner);
    format!(
        "{stroke} Board to {to} by {}.",
        count(points, "point", "points")
    )
}

/// "Asha (South) pocketed his last man by a proper stroke together with the striker".
fn last_men(names: &Names, by: Seat, last: LastMen, improper: bool, striker: bool) -> String {
    let how = if improper { "an improper" } else { "a proper" };
    let with_striker = if striker {
        " together with the striker"
    } else {
        ""
    };
    let who = names.seat(by);
    match last {
        LastMen::Both => format!(
            "{who} pocketed his last man and the opponent's last man by {how} stroke{with_striker}"
        ),
        LastMen::Own => format!("{who} pocketed his last man by {how} stroke{with_striker}"),
        LastMen::Opponents => {
            format!("{who} pocketed the opponent's last man by {how} stroke{with_striker}")
        }
    }
}

/// The stroke's sentence: `what` it pocketed, how the Queen stood, and the row of Laws 102-112
/// a gap follows (`as_law`).
fn ending_stroke(
    what: &str,
    last: LastMen,
    queen: QueenAtEnd,
    as_law: Option<&'static str>,
) -> String {
    let without_point = |law: &str| format!(" (as Law {law} without the striker's point)");
    let as_row = |law: &str| format!(" (as Law {law})");
    match (last, queen) {
        (LastMen::Both, QueenAtEnd::Covering) | (LastMen::Opponents, QueenAtEnd::Covering) => {
            format!(
                "{what} while covering the Queen{}.",
                as_law.map(as_row).unwrap_or_default()
            )
        }
        (LastMen::Both, QueenAtEnd::OnBoard) => format!(
            "{what} with the Queen on the board{}.",
            as_law.map(as_row).unwrap_or_default()
        ),
        (LastMen::Both, QueenAtEnd::CoveredByStriker) => format!(
            "{what}; he had covered the Queen{}.",
            as_law.map(without_point).unwrap_or_default()
        ),
        (LastMen::Both, QueenAtEnd::CoveredByOpponent) => format!(
            "{what}; the opponent had covered the Queen{}.",
            as_law.map(without_point).unwrap_or_default()
        ),
        (LastMen::Own, QueenAtEnd::Covering) => format!("Queen covered. {what}."),
        (LastMen::Own, QueenAtEnd::OnBoard) => format!("{what}, leaving the Queen on the board."),
        (LastMen::Own, QueenAtEnd::CoveredByStriker) => format!("{what}; he covered the Queen."),
        (LastMen::Own, QueenAtEnd::CoveredByOpponent) => {
            format!("{what}; the Queen, covered by the loser, scores nothing.")
        }
        (LastMen::Opponents, QueenAtEnd::OnBoard) => {
            format!("{what} with the Queen on the board.")
        }
        (LastMen::Opponents, _) => match as_law {
            Some(law) => format!("{what}; the Queen had been covered (as Law {law})."),
            None if queen == QueenAtEnd::CoveredByOpponent => {
                format!("{what}: all the opponent's men are pocketed and he had covered the Queen.")
            }
            None => format!("{what}: all the opponent's men are pocketed."),
        },
    }
}

/// The side the board goes to, by its players' names, or "side 1 (the opponent)" when they
/// have none.
fn board_to(names: &Names, by: Seat, winner: Side) -> String {
    let side = names.side(winner);
    if !side.trim().is_empty() {
        return side;
    }
    let striker_side = names.seats.side_of(by);
    format!(
        "side {} ({})",
        winner.index(),
        if winner == striker_side {
            by.title()
        } else {
            "the opponent"
        }
    )
}
