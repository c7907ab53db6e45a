//! A tournament's game between computers, played through the match layer as every match is
//! (the referee's `vkk` preset: six boards or 25 points), each part kept as a replay that
//! `carrom replay` checks. The game's toss says who breaks its first board. A game tied after
//! six boards stops there, and its additional board is a one-board match of its own with its
//! own toss ("an additional game (with a toss)"); a shootout is a one-board match.

use crate::game::{BOARDS, Board, Kind, Outcome, decide};
use crate::run::{self, Played, RunError};
use crate::tournament::{Game, Tournament, kind_of};
use carrom_ai::Computers;
use carrom_match::{Actor, Match, MatchLength, MatchSetup, Player, SaveFile, load_rules};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat, Seats};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::Path;

/// Strokes after which a match is stopped: every match must end (self-play's cap).
pub const STROKE_CAP: u32 = carrom_ai::selfplay::STROKE_CAP;

/// Why a computers' game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error("the rules `{name}`: {reason}")]
    Rules { name: String, reason: String },
    #[error("{0} is played by a person")]
    Person(String),
    #[error("the match could not be set up: {0}")]
    Setup(carrom_match::MatchError),
    #[error("the match did not end within {0} strokes")]
    Capped(u32),
    #[error("the match refused a computer's action: {0}")]
    Refused(carrom_match::MatchError),
    #[error("the match broke its invariants: {0}")]
    Violations(String),
    #[error("the match ended undecided after {0} boards")]
    Undecided(usize),
    #[error("its replay: {0}")]
    Replay(#[from] carrom_match::SaveError),
}

/// The seed of game `number`'s match (`part` 0) or of its additional board's (`part` 1).
pub fn match_seed(seed: u64, number: u32, part: u64) -> u64 {
    let stream = (u64::from(number) << 8 | (part + 2)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ChaCha8Rng::seed_from_u64(seed ^ stream).next_u64()
}

/// The rules of a tournament's match: the VKK game (one game), or one board.
pub fn game_rules(t: &Tournament, one_board: bool) -> Result<Rules, PlayError> {
    let mut rules = load_rules(&t.rules).map_err(|e| PlayError::Rules {
        name: t.rules.clone(),
        reason: e.to_string(),
    })?;
    let length = if one_board {
        MatchLength::Board
    } else {
        MatchLength::Game
    };
    length.apply(&mut rules);
    Ok(rules)
}

/// The match of `players` (South, North), `first` breaking, between computers: the VKK
/// game, or one board.
pub fn match_setup(
    t: &Tournament,
    players: &[String; 2],
    first: &str,
    one_board: bool,
    seed: u64,
) -> Result<MatchSetup, PlayError> {
    if let Some(person) = players.iter().find(|p| !is_computer(t, p)) {
        return Err(PlayError::Person(person.clone()));
    }
    seated(t, players, first, one_board, seed)
}

/// The match game `game` is played as on the board, people and computers alike: its
/// players (the first named at South), the toss's winner breaking, its seed from the
/// tournament's, the VKK game (a shootout one board). A tie after six boards is played on as
/// the referee's extra board (Law 56(b)), which [`crate::record`] takes as the additional
/// board.
pub fn board_setup(t: &Tournament, game: &Game) -> Result<MatchSetup, PlayError> {
    let seed = match_seed(t.seed, game.number, 0);
    let one_board = kind_of(&game.stage) == Kind::Shootout;
    seated(t, &game.players, &game.first, one_board, seed)
}

fn is_computer(t: &Tournament, name: &str) -> bool {
    t.entrant(name).is_some_and(|e| e.is_computer())
}

/// The match of `players` (South, North), each as the tournament has him (a computer of
/// his level, or a person), `first` breaking.
fn seated(
    t: &Tournament,
    players: &[String; 2],
    first: &str,
    one_board: bool,
    seed: u64,
) -> Result<MatchSetup, PlayError> {
    let rules = game_rules(t, one_board)?;
    let mut setup = MatchSetup::new(Seats::Singles, rules, &t.rules, seed);
    for (i, name) in players.iter().enumerate() {
        setup.players[i] = Player {
            name: name.clone(),
            computer: t.entrant(name).and_then(|e| e.computer),
        };
    }
    let breaker = if first == players[0] {
        Seat::South
    } else {
        Seat::North
    };
    setup.breaker = Some(breaker);
    Ok(setup)
}

/// The computers play `setup`'s match until it is over or reaches an extra board (a game tied
/// after its boards: the tournament plays that board as a match of its own).
pub fn play_match(spec: &Spec, setup: MatchSetup) -> Result<Match, PlayError> {
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(spec, setup).map_err(PlayError::Setup)?;
    let mut strokes = 0;
    while let Some(actor) = game.next_actor() {
        if game.referee.is_extra_board() {
            break;
        }
        if matches!(actor, Actor::Striker(_)) {
            strokes += 1;
            if strokes > STROKE_CAP {
                return Err(PlayError::Capped(STROKE_CAP));
            }
        }
        let seat = actor.seat();
        let action = (computers.act(&game))
            .ok_or_else(|| PlayError::Person(game.seat_name(seat).to_string()))?;
        game.apply(&action).map_err(PlayError::Refused)?;
    }
    if let Some(v) = game.violations.first() {
        return Err(PlayError::Violations(v.to_string()));
    }
    Ok(game)
}

/// The boards a match's players won (a cancelled board, replayed, is none), named by
/// `players` (side 0 South, side 1 North).
pub fn boards_of(game: &Match, players: &[String; 2]) -> Vec<Board> {
    (game.stats.boards.iter())
        .filter_map(|b| {
            Some(Board {
                winner: players[usize::from(b.winner?)].clone(),
                points: u32::from(b.points),
            })
        })
        .collect()
}

/// Plays `game` of `t` between its computers, keeping each match's replay in `folder`
/// (named from the tournament file's folder as `folder_name`).
pub fn play_game(
    spec: &Spec,
    t: &Tournament,
    game: &Game,
    folder: &Path,
    folder_name: &str,
) -> Result<Played, PlayError> {
    let kind = kind_of(&game.stage);
    let seed = match_seed(t.seed, game.number, 0);
    let setup = match_setup(t, &game.players, &game.first, kind == Kind::Shootout, seed)?;
    let played = play_match(spec, setup)?;
    let mut outcome = Outcome {
        boards: boards_of(&played, &game.players),
        ..Outcome::default()
    };
    let name = |suffix: &str| format!("game-{:03}{suffix}.json", game.number);
    SaveFile::of(&played).keep(&folder.join(name("")))?;
    let mut replays = vec![format!("{folder_name}/{}", name(""))];
    if decide(&game.players, &outcome, kind)
        .ok()
        .flatten()
        .is_none()
    {
        if kind == Kind::Shootout || outcome.boards.len() != BOARDS {
            return Err(PlayError::Undecided(outcome.boards.len()));
        }
        let first = t.additional_toss(game);
        let seed = match_seed(t.seed, game.number, 1);
        let extra = play_match(spec, match_setup(t, &game.players, &first, true, seed)?)?;
        outcome.additional = boards_of(&extra, &game.players).into_iter().next();
        outcome.additional_first = Some(first);
        SaveFile::of(&extra).keep(&folder.join(name("-additional")))?;
        replays.push(format!("{folder_name}/{}", name("-additional")));
    }
    Ok(Played { outcome, replays })
}

/// Plays the next games of the tournament kept in `file` between computers (to the end with
/// `all`), saving it after every game; the replays beside it ([`crate::replay_folder`]).
pub fn play_on(
    spec: &Spec,
    t: &mut Tournament,
    file: &Path,
    all: bool,
    say: impl FnMut(&str),
) -> Result<u32, RunError> {
    let (folder, folder_name) = crate::replay_place(file);
    run::play_on(
        t,
        file,
        all,
        |t, game| Ok(play_game(spec, t, game, &folder, &folder_name)?),
        say,
    )
}
