//! A game played by people on the board, taken into the tournament from its save: the save is
//! replayed and must end as recorded, be the game's two players under the VKK game's rules,
//! and be over; its boards become the game's (the referee's extra board, Law 56(b), its
//! additional board), and the save is kept with the tournament's replays. A game played on a
//! server is taken the same way, the server keeping its match.

use crate::game::{BOARDS, Board, Kind, Outcome};
use crate::play::game_rules;
use crate::tournament::{Game, RecordError, Tournament, kind_of};
use carrom_match::{Match, SaveFile, resume};
use carrom_physics::Spec;
use std::path::Path;

/// Why a save is not taken as a game's result.
#[derive(Debug, thiserror::Error)]
pub enum FromSaveError {
    #[error("there is no game {0}")]
    NoGame(u32),
    #[error(transparent)]
    Save(#[from] carrom_match::SaveError),
    #[error(transparent)]
    Resume(#[from] carrom_match::ResumeError),
    #[error("{save}: it is {found}'s match, not game {number}'s ({wanted})")]
    Players {
        save: String,
        number: u32,
        found: String,
        wanted: String,
    },
    #[error("{save}: its rules are not game {number}'s ({wanted})")]
    Rules {
        save: String,
        number: u32,
        wanted: String,
    },
    #[error("{0}: the match is not over")]
    NotOver(String),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error("the tournament's copy of the save: {0}")]
    Keep(carrom_match::SaveError),
}

/// Takes the save at `save` as game `number`'s result, keeping a copy of it in `folder`
/// (named from the tournament file's folder as `folder_name`). Returns the winner.
pub fn record_save(
    spec: &Spec,
    t: &mut Tournament,
    number: u32,
    save: &Path,
    folder: (&Path, &str),
) -> Result<String, FromSaveError> {
    let name = save.display().to_string();
    let file = SaveFile::load(save)?;
    let played = resume(spec, &file, &name, |_| {})?.game;
    record_played(t, number, &played, &name, folder)
}

/// Takes the match `played` on the board (the game's window: `name` for the messages) as
/// game `number`'s result, as [`record_save`] takes a save's.
pub fn record_played(
    t: &mut Tournament,
    number: u32,
    played: &Match,
    name: &str,
    (folder, folder_name): (&Path, &str),
) -> Result<String, FromSaveError> {
    let outcome = checked_outcome(t, number, played, name, Clock::Same)?;
    let kept = format!("game-{number:03}.json");
    SaveFile::of(played)
        .keep(&folder.join(&kept))
        .map_err(FromSaveError::Keep)?;
    Ok(t.record(number, outcome, vec![format!("{folder_name}/{kept}")])?)
}

/// Takes the match `played` on a server as game `number`'s result, as [`record_played`] does,
/// but keeps no copy of it: the server keeps the match, and `replay` (as "match 17"; also the
/// messages' name for it) is what the game's `replays` keep. The server plays on the ICF's
/// shot clock (`Rules::shot_clock_secs`, Law 50), so the rules are compared apart from it.
pub fn record_online(
    t: &mut Tournament,
    number: u32,
    played: &Match,
    replay: String,
) -> Result<String, FromSaveError> {
    let outcome = checked_outcome(t, number, played, &replay, Clock::Any)?;
    Ok(t.record(number, outcome, vec![replay])?)
}

/// How a match's shot clock is compared with the game's rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Clock {
    /// As every other rule: the game's (no shot clock under the `vkk` preset).
    Same,
    /// Any: the server sets its own.
    Any,
}

/// The boards of `played` as game `number`'s outcome, once the match is checked: the game's
/// two players at the game's rules (the shot clock compared as `clock` says), and over.
fn checked_outcome(
    t: &Tournament,
    number: u32,
    played: &Match,
    name: &str,
    clock: Clock,
) -> Result<Outcome, FromSaveError> {
    let game = t.game(number).ok_or(FromSaveError::NoGame(number))?;
    check_save(t, game, played, name, clock)?;
    if !played.referee.is_over() {
        return Err(FromSaveError::NotOver(name.to_string()));
    }
    Ok(outcome_of(game, played))
}

/// The boards of a match played on the board, named by its players; the referee's extra
/// board (Law 56(b)) of a game tied after six is the additional board.
fn outcome_of(game: &Game, played: &Match) -> Outcome {
    let players = [0, 1].map(|i| played.setup.players[i].name.clone());
    let mut boards: Vec<(Board, u8)> = (played.stats.boards.iter())
        .filter_map(|b| Some((board(&players, b.winner?, b.points), b.white_side)))
        .collect();
    let mut outcome = Outcome::default();
    if kind_of(&game.stage) == Kind::Game && boards.len() > BOARDS {
        let (extra, white) = boards.remove(BOARDS);
        outcome.additional = Some(extra);
        // The side that broke the board played white (Law 43).
        outcome.additional_first = Some(players[usize::from(white)].clone());
    }
    outcome.boards = boards.into_iter().map(|(b, _)| b).collect();
    outcome
}

fn board(players: &[String; 2], side: u8, points: u16) -> Board {
    Board {
        winner: players[usize::from(side)].clone(),
        points: u32::from(points),
    }
}

/// The save must be the game's two players at the game's rules: the VKK game, or one board for
/// a shootout (the shot clock compared as `clock` says).
fn check_save(
    t: &Tournament,
    game: &Game,
    played: &Match,
    save: &str,
    clock: Clock,
) -> Result<(), FromSaveError> {
    let found: Vec<&str> = played
        .setup
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    let same = found.len() == 2 && game.players.iter().all(|p| found.contains(&p.as_str()));
    if !same {
        return Err(FromSaveError::Players {
            save: save.into(),
            number: game.number,
            found: found.join(" v "),
            wanted: game.players.join(" v "),
        });
    }
    let one_board = kind_of(&game.stage) == Kind::Shootout;
    let wanted = t.rules.clone()
        + if one_board {
            ", one board"
        } else {
            ", one game"
        };
    let rules_ok = game_rules(t, one_board).is_ok_and(|mut r| {
        if clock == Clock::Any {
            r.shot_clock_secs = played.setup.rules.shot_clock_secs;
        }
        r == played.setup.rules
    });
    if !rules_ok {
        return Err(FromSaveError::Rules {
            save: save.into(),
            number: game.number,
            wanted,
        });
    }
    Ok(())
}
