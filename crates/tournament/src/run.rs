//! Playing a tournament on: the next games (one round), or every game to the end, each
//! game's boards taken, the tournament saved atomically after every game, each result said.
//! Who plays a game (computers through the match layer, or a test's own boards) is the
//! caller's.

use crate::file::FileError;
use crate::game::Outcome;
use crate::tournament::{Game, RecordError, Tournament};
use crate::words;
use std::path::Path;

/// A game played: its boards and its replays (paths from the tournament file's folder).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    pub outcome: Outcome,
    pub replays: Vec<String>,
}

/// Why a game could not be played (the player's own error).
pub type PlayFailed = Box<dyn std::error::Error + Send + Sync>;

/// Why playing on stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("game {number}: {source}")]
    Play { number: u32, source: PlayFailed },
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    File(#[from] FileError),
}

/// Whether a person plays in `game`.
pub fn has_person(t: &Tournament, game: &Game) -> bool {
    (game.players.iter()).any(|p| t.entrant(p).is_none_or(|e| !e.is_computer()))
}

/// Plays the next games of `t` (every game to the end with `all`), `play` playing each one;
/// a game with a person is left for the board and said so. `t` is saved to `file` after
/// every game. Returns the games played.
pub fn play_on(
    t: &mut Tournament,
    file: &Path,
    all: bool,
    mut play: impl FnMut(&Tournament, &Game) -> Result<Played, PlayFailed>,
    mut say: impl FnMut(&str),
) -> Result<u32, RunError> {
    let mut played = 0;
    loop {
        let mut any = false;
        for number in t.next_games() {
            let game = t.game(number).cloned().expect("a scheduled game");
            if has_person(t, &game) {
                say(&words::needs_the_board(t, &game));
                continue;
            }
            let p = play(t, &game).map_err(|source| RunError::Play { number, source })?;
            t.record(number, p.outcome, p.replays)?;
            t.save(file)?;
            say(&words::result_line(
                t,
                t.game(number).expect("the game just played"),
            ));
            (any, played) = (true, played + 1);
        }
        if !all || !any {
            break;
        }
    }
    if let Some(line) = words::champion_line(t) {
        say(&line);
    }
    Ok(played)
}
