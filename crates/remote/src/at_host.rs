//! The referee's side: an action checked (its number, its seat, then what the match itself
//! checks) and played on the referee's physics, recorded as the [`Applied`] every follower
//! receives; a match's actions played again at the referee ([`replay`]).

use crate::at_guest::hex;
use crate::error::{Rejection, ReplayError};
use crate::protocol::Applied;
use carrom_match::{Action, Actor, Match, MatchError};
use carrom_referee::{Seat, Verdict};

/// What the referee makes of an action: the action as every follower receives it, and the
/// referee's ruling (none for a placement).
pub type Ruled = (Applied, Option<Verdict>);

/// Whether the seat to act is the sender's ([`at_host`]'s question to its caller, who knows
/// who sent it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    /// The sender plays the seat.
    Holds,
    /// Another player's seat.
    NotHis,
    /// The sender's seat, handed to the referee's computer while he was away.
    HandedOver,
}

/// A follower's action at the referee, checked and applied: numbered `index` (the match's
/// next), for the seat to act when `holds` says it is the sender's, and one the match takes
/// ([`may_act`], then the match's own checks). The one check of a host and of the server.
pub fn at_host(
    game: &mut Match,
    index: usize,
    action: Action,
    holds: impl FnOnce(Seat) -> Holding,
) -> Result<Ruled, Rejection> {
    let seat = seat_to_act(game, index)?;
    match holds(seat) {
        Holding::Holds => checked(game, seat, action),
        Holding::NotHis => {
            let name = game.seat_name(seat).to_string();
            Err(Rejection::NotYourTurn { name, seat })
        }
        Holding::HandedOver => Err(Rejection::HandedOver(seat)),
    }
}

/// The referee's own seat's action (its computer's), checked as a follower's is after its
/// number and seat ([`may_act`], the match's checks), and applied.
pub fn checked(game: &mut Match, by: Seat, action: Action) -> Result<Ruled, Rejection> {
    may_act(game, by, &action)?;
    Ok(play(game, by, action)?)
}

/// Whether `by` may ask for `action` now, before the match checks it: a stroke or a pass while
/// a piece waits to be placed, a place with nothing to place, and a stroke of another seat are
/// refused, and so is a time-out: the shot clock is the referee's to keep.
pub fn may_act(game: &Match, by: Seat, action: &Action) -> Result<(), Rejection> {
    match (game.next_actor(), action) {
        (_, Action::TimeOut) => Err(Rejection::OwnTimeOut),
        (Some(Actor::Placer { .. }), Action::Stroke { .. } | Action::Pass) => {
            Err(Rejection::PlaceFirst)
        }
        (Some(Actor::Striker(_)), Action::Place { .. }) => Err(Rejection::NothingToPlace),
        (_, Action::Stroke { shot }) if shot.seat != by => Err(Rejection::OtherSeatsStroke {
            from: shot.seat,
            to_strike: by,
        }),
        _ => Ok(()),
    }
}

/// The referee plays `action` by `by` as it is (the time-out it calls, an action it plays
/// again): a stroke is checked and played on the physics crate's own table (the game's live
/// board plays it bit for bit the same), and the result is recorded as the [`Applied`] every
/// follower receives.
pub fn play(game: &mut Match, by: Seat, action: Action) -> Result<Ruled, MatchError> {
    let index = game.actions.len();
    let (outcome, verdict) = match action {
        Action::Stroke { shot } => {
            let (outcome, verdict) = game.strike(shot)?;
            (Some(outcome), Some(verdict))
        }
        Action::Pass => (None, Some(game.pass()?)),
        Action::Place { x, y } => {
            game.place(x, y)?;
            (None, None)
        }
        Action::TimeOut => (None, Some(game.time_out()?)),
    };
    let applied = Applied {
        index,
        by,
        action,
        outcome,
        layout: game.layout.clone(),
        digest: hex(game.digest()),
    };
    Ok((applied, verdict))
}

/// A match's `actions` played again at the referee, each by the seat due to act (a save gone
/// on with, a match a restarted server kept), each reaching the digest `recorded` for it when
/// one is: every action as its followers receive it.
pub fn replay(
    game: &mut Match,
    actions: &[Action],
    recorded: &[String],
) -> Result<Vec<Applied>, ReplayError> {
    let mut log = Vec::with_capacity(actions.len());
    for (index, &action) in actions.iter().enumerate() {
        let actor = game.next_actor();
        // After the end the match refuses the action, whoever it is said to be by.
        let by = actor.map_or(Seat::South, |a| a.seat());
        let (applied, _) = play(game, by, action).map_err(|source| match actor {
            None => ReplayError::AfterTheEnd { index, source },
            Some(_) => ReplayError::Action { index, source },
        })?;
        if let Some(recorded) = recorded.get(index)
            && *recorded != applied.digest
        {
            let (digest, recorded) = (game.digest(), recorded.clone());
            return Err(ReplayError::Diverged {
                index,
                digest,
                recorded,
            });
        }
        log.push(applied);
    }
    Ok(log)
}

/// The seat due to act at action `index` (the match's next), or why a follower's action
/// there is refused before its seat is looked at.
pub fn seat_to_act(game: &Match, index: usize) -> Result<Seat, Rejection> {
    let next = game.actions.len();
    if index != next {
        return Err(Rejection::NotNext { index, next });
    }
    Ok(game.next_actor().ok_or(Rejection::Over)?.seat())
}
