//! Every sentence players read about the referee's rulings and their results, made in one place
//! from the rulings' data ([`Event`](carrom_referee::Event)), the verdicts and the match's statistics, and the players'
//! names: the game's calls and result cards, the headless demo's and `carrom replay`'s lines,
//! the statistics' board lines and the summary's title. A translation changes this module and
//! nothing else.

use crate::game::Match;
use crate::setup::MatchSetup;
use crate::stats::{BoardStats, MatchStats};
use carrom_referee::{PieceColour, Ruling, Seat, Seats, Side, Verdict};

mod board;
mod fouls;
mod points;
mod queen;
mod rulings;

pub use rulings::sentence;

/// The players' names by seat, for the sentences.
#[derive(Clone, Debug)]
pub struct Names {
    seats: Seats,
    players: Vec<(Seat, String)>,
}

impl Names {
    pub fn of(setup: &MatchSetup) -> Names {
        Names {
            seats: setup.seats,
            players: setup
                .seats
                .seats()
                .iter()
                .map(|s| (*s, setup.player(*s).name.clone()))
                .collect(),
        }
    }

    fn name(&self, seat: Seat) -> &str {
        self.as_given(seat).trim()
    }

    /// The name as the player gave it.
    fn as_given(&self, seat: Seat) -> &str {
        self.players
            .iter()
            .find(|(s, _)| *s == seat)
            .map_or("", |(_, n)| n.as_str())
    }

    /// A player by name with his seat, "Ravi (North)"; the seat alone when he is unnamed or
    /// named after it.
    pub fn seat(&self, seat: Seat) -> String {
        let title = seat.title();
        let name = self.name(seat);
        if name.is_empty() || name.starts_with(title) {
            title.to_string()
        } else {
            format!("{name} ({title})")
        }
    }

    /// A side by its players' names, "Asha" or "Asha & Ravi".
    pub fn side(&self, side: Side) -> String {
        self.players
            .iter()
            .filter(|(s, _)| self.seats.side_of(*s) == side)
            .map(|(_, n)| n.as_str())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// "Side 1", or the side's names.
    fn side_title(&self, side: Side, capital: bool) -> String {
        let names = self.side(side);
        if !names.trim().is_empty() {
            names
        } else if capital {
            format!("Side {}", side.index())
        } else {
            format!("side {}", side.index())
        }
    }
}

/// Why the striker may not be played from where it stands, in words: a piece it would disturb
/// is named by its colour ("the striker would disturb a black man (Law 134)"); the base line's
/// Laws are the physics crate's own words.
pub fn striker_placement(
    error: &carrom_physics::PlacementError,
    pieces: &[carrom_physics::Piece],
) -> String {
    use carrom_physics::{PieceColour, PlacementError};
    match error {
        PlacementError::OverlapsPiece(i) => {
            let piece = match pieces.get(*i).map(|p| p.kind) {
                Some(PieceColour::Queen) => "the Queen",
                Some(PieceColour::White) => "a white man",
                Some(PieceColour::Black) => "a black man",
                None => "a piece",
            };
            format!("the striker would disturb {piece}: pieces move only by a stroke (Law 134)")
        }
        other => other.to_string(),
    }
}

/// Whether a subject takes the plural verb: "You" and a side of two ("Asha & Ravi").
fn plural(subject: &str) -> bool {
    subject.trim().eq_ignore_ascii_case("you") || subject.contains(" & ")
}

/// `subject` with the verb agreeing: "Asha wins", "You win", "Asha & Ravi win".
fn agree(subject: &str, singular: &str, plural_form: &str) -> String {
    if plural(subject) {
        format!("{subject} {plural_form}")
    } else {
        format!("{subject} {singular}")
    }
}

/// A verdict as log lines (the game's log, the headless demo, `carrom replay`): each ruling with
/// who made the stroke, then any board, game or match result, the sides named by their players.
pub fn verdict(v: &Verdict, names: &Names) -> Vec<String> {
    let name = names.as_given(v.by);
    let mut out = Vec::new();
    for r in &v.rulings {
        out.push(format!(
            "G{} B{} {:>5} ({}): {}",
            v.game,
            v.board,
            v.by.title(),
            name,
            ruling(r, names)
        ));
    }
    // The winner of a board, a game or the match: "South & North (side 0)".
    let to = |side: Side| format!("{} (side {})", names.side(side), side.index());
    if let Some(b) = v.board_result {
        let (to, points, score) = (to(b.winner), b.points, v.score);
        out.push(format!(
            "  board to {to} for {points} points; score {score:?}"
        ));
    }
    if let Some(g) = v.game_result {
        out.push(format!("  GAME to {} ({:?})", to(g.winner), g.score));
    }
    if let Some(m) = v.match_result {
        out.push(format!("  MATCH to {}, games {:?}", to(m.winner), m.games));
    }
    out
}

/// "the Queen covered by white" for a board's `queen` field.
fn queen_at_end(queen: &str) -> String {
    match queen {
        "covered_by_white" => "the Queen covered by white".into(),
        "covered_by_black" => "the Queen covered by black".into(),
        _ => "the Queen not covered".into(),
    }
}

/// The lines of a board's result card: heading, winner, points and Law, the game's score, what
/// comes next (`watched`: no one is asked to go on).
pub fn board_result(model: &Match, b: &BoardStats, watched: bool) -> Vec<String> {
    if let Some(points) = b.points_by_seat {
        let mut lines = points::board_over(model, b, points);
        lines.push(next_board(model));
        lines.push(go_on(watched));
        return lines;
    }
    let names = [model.side_name(Side::Zero), model.side_name(Side::One)];
    let r = &model.referee;
    let mut lines = vec![format!("Game {}, board {}", b.game, b.board)];
    match b.winner {
        Some(_) => {
            lines.push(format!(
                "{} the board",
                agree(&b.winner_name, "wins", "win")
            ));
            lines.push(format!(
                "+{} {}, {} (Law {})",
                b.points,
                if b.points == 1 { "point" } else { "points" },
                queen_at_end(&b.queen),
                b.law
            ));
        }
        None => {
            lines.push("Board cancelled".into());
            lines.push(format!("It is played again (Law {})", b.law));
        }
    }
    let game_over = r.game_number() != b.game;
    lines.push(format!(
        "{} {}: {} {} - {} {}",
        if game_over { "Game" } else { "Game score" },
        if game_over { "over" } else { "now" },
        names[0],
        b.score[0],
        b.score[1],
        names[1]
    ));
    let games = r.games();
    lines.push(format!(
        "Games: {} {} - {} {}",
        names[0], games[0], games[1], names[1]
    ));
    lines.push(next_board(model));
    let white_now = r.colour_of_side(Side::One) == PieceColour::White;
    if u8::from(white_now) != b.white_side {
        let white = if white_now { &names[1] } else { &names[0] };
        let black = if white_now { &names[0] } else { &names[1] };
        lines.push(format!(
            "Colours change: {white} plays white, {black} black"
        ));
    }
    lines.push(go_on(watched));
    lines
}

/// "Next: game 1, board 2; Ravi (North) breaks".
fn next_board(model: &Match) -> String {
    let r = &model.referee;
    format!(
        "Next: game {}, board {}{}; {} breaks",
        r.game_number(),
        r.board_number(),
        if r.is_extra_board() {
            " (extra, Law 56(b))"
        } else {
            ""
        },
        model.seat_name(r.breaker())
    )
}

/// What comes after a board's result: asked of the players, or on its own (`watched`).
fn go_on(watched: bool) -> String {
    if watched {
        "The next board starts in a moment.".into()
    } else {
        "Click, or press Enter, to rack the next board.".into()
    }
}

/// A board in the match's statistics: "Game 1 board 2: Asha (South) +5 (Queen covered by white,
/// Law 53(c)), score [5, 0], 41 strokes", or the board cancelled.
pub fn board_line(b: &BoardStats) -> String {
    if let Some(points) = b.points_by_seat {
        return points::board_line(b, points);
    }
    match b.winner {
        Some(_) => format!(
            "Game {} board {}: {} +{} (Queen {}, Law {}), score {:?}, {} strokes",
            b.game,
            b.board,
            b.winner_name,
            b.points,
            b.queen.replace('_', " "),
            b.law,
            b.score,
            b.strokes
        ),
        None => format!(
            "Game {} board {}: cancelled (Law {}), {} strokes",
            b.game, b.board, b.law, b.strokes
        ),
    }
}

/// The match summary's title: "Ravi wins the match", or "The match is over" (no winner).
pub fn match_over(stats: &MatchStats) -> String {
    if stats.winner_seat.is_some() {
        format!("{} the game", agree(&stats.winner_name, "wins", "win"))
    } else if stats.winner.is_some() {
        format!("{} the match", agree(&stats.winner_name, "wins", "win"))
    } else {
        "The match is over".into()
    }
}

/// A ruling as the players read it: the sentence and its Law, "Nothing pocketed. Turn passes
/// to Ravi (North). (Law 48)".
pub fn ruling(r: &Ruling, names: &Names) -> String {
    format!("{} (Law {})", sentence(&r.event, names), r.law.as_str())
}

/// "1 white man", "3 black men".
fn men(n: u8, colour: PieceColour) -> String {
    count(
        n,
        &format!("{} man", colour.name()),
        &format!("{} men", colour.name()),
    )
}

fn count(n: impl Into<u32>, one: &str, many: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

fn continues(yes: bool) -> &'static str {
    if yes { " The turn continues." } else { "" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_striker_on_a_piece_names_the_piece_by_colour_and_the_law() {
        let pieces = [
            carrom_physics::Piece::new(carrom_physics::PieceColour::White, Default::default()),
            carrom_physics::Piece::new(carrom_physics::PieceColour::Queen, Default::default()),
        ];
        let said = striker_placement(&carrom_physics::PlacementError::OverlapsPiece(1), &pieces);
        assert_eq!(
            said,
            "the striker would disturb the Queen: pieces move only by a stroke (Law 134)"
        );
        let said = striker_placement(&carrom_physics::PlacementError::BeyondBaseLine, &pieces);
        assert!(said.contains("Law 130(a)"), "{said}");
    }

    #[test]
    fn the_verb_agrees_with_you_and_with_a_side_of_two() {
        assert_eq!(agree("Asha", "wins", "win"), "Asha wins");
        assert_eq!(agree("You", "wins", "win"), "You win");
        assert_eq!(agree("Asha & Ravi", "wins", "win"), "Asha & Ravi win");
    }
}
