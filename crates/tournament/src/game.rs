//! The VKK game and its boards: "Players has to play six boards or score 25 points (whichever
//! comes first) to decide the game. At the end of six boards, if both the players have equal
//! points then an additional game (with a toss) will be played. Winner of this board will be
//! declared the winner." A one-board shootout is a game of one board.

use serde::{Deserialize, Serialize};

/// The boards of a VKK game (the referee's `Rules::vkk().boards_per_game`).
pub const BOARDS: usize = 6;
/// The points that end a VKK game (the referee's `Rules::vkk().game_points`).
pub const GAME_POINTS: u32 = 25;

/// One board that ended: who won it, and the points it scored him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub winner: String,
    pub points: u32,
}

/// A game's boards as played: its six boards (fewer when 25 points came first, one in a
/// shootout), and the additional board of a game tied after six; or a walkover, with no
/// boards.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    pub boards: Vec<Board>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional: Option<Board>,
    /// Who won the additional board's toss and struck first in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub additional_first: Option<String>,
    /// The player who lost the game by walkover: he did not come, or did not come back, within
    /// the wait (Law 143(i)). The game has no boards, and its winner is the other player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walkover: Option<String>,
}

/// What kind of game: the VKK game, or a one-board shootout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Game,
    Shootout,
}

/// Why a game's boards are not a VKK game's. `field` is the path inside the game, as
/// `boards[3].winner`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("field `{field}`: {reason}")]
pub struct GameError {
    pub field: String,
    pub reason: String,
}

fn refuse(field: impl Into<String>, reason: impl Into<String>) -> GameError {
    GameError {
        field: field.into(),
        reason: reason.into(),
    }
}

/// The points each player scored on the boards (not the additional board), in the order of
/// `players`. A walkover has no boards: its points are [`walkover_points`].
pub fn board_points(players: &[String; 2], boards: &[Board]) -> [u32; 2] {
    let mut points = [0, 0];
    for b in boards {
        if let Some(i) = players.iter().position(|p| *p == b.winner) {
            points[i] += b.points;
        }
    }
    points
}

/// The points of a walkover won by `winner`, in the order of `players`: the game won
/// [`GAME_POINTS`] to 0, its full points conceded by the player who did not come.
pub fn walkover_points(players: &[String; 2], winner: &str) -> [u32; 2] {
    [0, 1].map(|i| if players[i] == winner { GAME_POINTS } else { 0 })
}

/// The winner of a game between `players` with `outcome`'s boards, `None` while it goes on;
/// or why the boards are not such a game's: a board won by someone not in the game, a board
/// after the game was over on 25 points, a seventh board, an additional board on a game that
/// was not tied after six (or a shootout's), more than one board in a shootout. A walkover is
/// won by the other player; one naming someone not in the game, or with boards, is refused.
pub fn decide(
    players: &[String; 2],
    outcome: &Outcome,
    kind: Kind,
) -> Result<Option<String>, GameError> {
    if let Some(absent) = &outcome.walkover {
        return walkover_winner(players, absent, outcome).map(Some);
    }
    let limit = if kind == Kind::Shootout { 1 } else { BOARDS };
    let mut points = [0u32; 2];
    for (i, b) in outcome.boards.iter().enumerate() {
        let Some(w) = players.iter().position(|p| *p == b.winner) else {
            let reason = format!("{} is not in the game ({})", b.winner, players.join(" v "));
            return Err(refuse(format!("boards[{i}].winner"), reason));
        };
        if let Some(lead) = points.iter().position(|p| *p >= GAME_POINTS) {
            let reason = format!(
                "the game was over before it: {} reached {GAME_POINTS} points ({}-{})",
                players[lead], points[0], points[1]
            );
            return Err(refuse(format!("boards[{i}]"), reason));
        }
        if i >= limit {
            let reason = match kind {
                Kind::Shootout => "a shootout is one board".to_string(),
                Kind::Game => format!(
                    "a game has {BOARDS} boards; a tie after them is decided by `additional`"
                ),
            };
            return Err(refuse(format!("boards[{i}]"), reason));
        }
        points[w] += b.points;
    }
    let over_on_points = points.iter().any(|p| *p >= GAME_POINTS);
    let all_boards = outcome.boards.len() == limit;
    let tied = kind == Kind::Game && all_boards && !over_on_points && points[0] == points[1];
    if let Some(b) = &outcome.additional {
        return additional_winner(players, b, tied, points, outcome.boards.len()).map(Some);
    }
    if tied || !(over_on_points || all_boards) {
        return Ok(None);
    }
    Ok(Some(players[usize::from(points[1] > points[0])].clone()))
}

/// The winner of a walkover: the player who came, when `absent` is in the game and no board
/// was played (any boards played before it are not counted, so none are given).
fn walkover_winner(
    players: &[String; 2],
    absent: &str,
    outcome: &Outcome,
) -> Result<String, GameError> {
    let Some(came) = players.iter().position(|p| p == absent).map(|i| 1 - i) else {
        let reason = format!("{absent} is not in the game ({})", players.join(" v "));
        return Err(refuse("walkover", reason));
    };
    if !outcome.boards.is_empty() || outcome.additional.is_some() {
        let reason = format!(
            "a walkover (Law 143(i): {absent} did not come) has no boards; \
             boards played before it are not counted"
        );
        return Err(refuse("walkover", reason));
    }
    Ok(players[came].clone())
}

/// The additional board's winner, when the game was tied after six boards.
fn additional_winner(
    players: &[String; 2],
    board: &Board,
    tied: bool,
    points: [u32; 2],
    boards: usize,
) -> Result<String, GameError> {
    if !tied {
        let reason = format!(
            "an additional board is played only on a game tied after {BOARDS} boards \
             (this one: {}-{} after {boards})",
            points[0], points[1]
        );
        return Err(refuse("additional", reason));
    }
    if !players.contains(&board.winner) {
        let reason = format!(
            "{} is not in the game ({})",
            board.winner,
            players.join(" v ")
        );
        return Err(refuse("additional.winner", reason));
    }
    Ok(board.winner.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair() -> [String; 2] {
        ["Asha".into(), "Ravi".into()]
    }

    fn boards(list: &[(&str, u32)]) -> Vec<Board> {
        list.iter()
            .map(|(w, p)| Board {
                winner: w.to_string(),
                points: *p,
            })
            .collect()
    }

    #[test]
    fn twenty_five_points_end_the_game_before_six_boards() {
        let o = Outcome {
            boards: boards(&[("Asha", 12), ("Asha", 13)]),
            ..Outcome::default()
        };
        assert_eq!(decide(&pair(), &o, Kind::Game), Ok(Some("Asha".into())));
        let o = Outcome {
            boards: boards(&[("Asha", 12), ("Asha", 13), ("Ravi", 1)]),
            ..Outcome::default()
        };
        let e = decide(&pair(), &o, Kind::Game).unwrap_err();
        assert_eq!(e.field, "boards[2]");
    }

    #[test]
    fn a_game_short_of_six_boards_and_25_points_goes_on() {
        let o = Outcome {
            boards: boards(&[("Asha", 3), ("Ravi", 4)]),
            ..Outcome::default()
        };
        assert_eq!(decide(&pair(), &o, Kind::Game), Ok(None));
    }

    #[test]
    fn a_seventh_board_a_stranger_and_an_untied_additional_board_are_refused() {
        let seven = boards(&[("Asha", 1); 7]);
        let o = Outcome {
            boards: seven,
            ..Outcome::default()
        };
        assert_eq!(
            decide(&pair(), &o, Kind::Game).unwrap_err().field,
            "boards[6]"
        );
        let o = Outcome {
            boards: boards(&[("Sunil", 1)]),
            ..Outcome::default()
        };
        assert_eq!(
            decide(&pair(), &o, Kind::Game).unwrap_err().field,
            "boards[0].winner"
        );
        let o = Outcome {
            boards: boards(&[("Asha", 7), ("Ravi", 3)]),
            additional: boards(&[("Ravi", 2)]).pop(),
            ..Outcome::default()
        };
        assert_eq!(
            decide(&pair(), &o, Kind::Game).unwrap_err().field,
            "additional"
        );
    }

    #[test]
    fn a_walkover_is_won_by_the_player_who_came() {
        let o = Outcome {
            walkover: Some("Asha".into()),
            ..Outcome::default()
        };
        assert_eq!(decide(&pair(), &o, Kind::Game), Ok(Some("Ravi".into())));
        assert_eq!(decide(&pair(), &o, Kind::Shootout), Ok(Some("Ravi".into())));
        assert_eq!(walkover_points(&pair(), "Ravi"), [0, GAME_POINTS]);
    }

    #[test]
    fn a_walkover_naming_a_stranger_or_with_boards_or_an_additional_board_is_refused() {
        let stranger = Outcome {
            walkover: Some("Sunil".into()),
            ..Outcome::default()
        };
        let with_boards = Outcome {
            boards: boards(&[("Ravi", 3)]),
            walkover: Some("Asha".into()),
            ..Outcome::default()
        };
        let with_additional = Outcome {
            additional: boards(&[("Ravi", 3)]).pop(),
            walkover: Some("Asha".into()),
            ..Outcome::default()
        };
        for o in [stranger, with_boards, with_additional] {
            let e = decide(&pair(), &o, Kind::Game).unwrap_err();
            assert_eq!(e.field, "walkover", "{o:?}");
        }
    }
}
