//! Resuming a saved match: the one way a save becomes a match to go on with, for the command
//! line's `--load` and the game menu's Continue alike.

use crate::error::ResumeError;
use crate::game::Match;
use crate::save::SaveFile;
use carrom_physics::Spec;

/// A match resumed from its save, ready to go on.
#[derive(Clone, Debug)]
pub struct Resumed {
    pub game: Match,
    /// How many of the match's ended boards the players have seen the result of: all of them,
    /// but the last when the match stands just after a board ended, so its result is shown
    /// again.
    pub results_seen: usize,
}

impl Resumed {
    /// The match `game` as it stands, to be gone on with.
    pub fn at(game: Match) -> Resumed {
        let just_ended = game.last.as_ref().is_some_and(|v| v.board_ended());
        let results_seen = game.stats.boards.len() - usize::from(just_ended);
        Resumed { game, results_seen }
    }
}

/// Resumes the match saved in `save` (read from the file `name`): its actions are played again
/// with the physics it was played with, each reaching the position recorded after it (the
/// digests), and the match must stand at the games and score the save records. An error names
/// the file and what does not fit; `print` gets each verdict's lines as it is played again.
pub fn resume(
    spec: &Spec,
    save: &SaveFile,
    name: &str,
    print: impl FnMut(&str),
) -> Result<Resumed, ResumeError> {
    let game = Match::replay(spec, save, print).map_err(|source| ResumeError::Replay {
        name: name.to_string(),
        source,
    })?;
    let games = game.referee.games();
    let score = game.referee.score();
    if games != save.games || score != save.score {
        return Err(ResumeError::Ending {
            name: name.to_string(),
            games,
            score,
            recorded_games: save.games,
            recorded_score: save.score,
        });
    }
    Ok(Resumed::at(game))
}
