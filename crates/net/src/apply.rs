//! Applying an action to a match, at the host (on its own physics) and at a guest (with the
//! host's outcome).

use crate::error::{AtGuestError, Rejection};
use crate::protocol::Applied;
use carrom_match::{Action, Match, MatchError, outcome_of};
use carrom_physics::Table;
use carrom_physics::shot::play;
use carrom_referee::{Seat, Verdict};

/// Whether `by` may ask for `action` now, before the match checks it: a stroke or a pass while
/// a piece waits to be placed, a place with nothing to place, and a stroke of another seat are
/// refused, and so is a time-out: the shot clock is the host's to keep (a host's and the
/// server's one check).
pub fn may_act(game: &Match, by: Seat, action: &Action) -> Result<(), Rejection> {
    match (game.next_actor(), action) {
        (_, Action::TimeOut) => Err(Rejection::OwnTimeOut),
        (Some(carrom_match::Actor::Placer { .. }), Action::Stroke { .. } | Action::Pass) => {
            Err(Rejection::PlaceFirst)
        }
        (Some(carrom_match::Actor::Striker(_)), Action::Place { .. }) => {
            Err(Rejection::NothingToPlace)
        }
        (_, Action::Stroke { shot }) if shot.seat != by => Err(Rejection::OtherSeatsStroke {
            from: shot.seat,
            to_strike: by,
        }),
        _ => Ok(()),
    }
}

/// The host applies `action` by `by`: a stroke is checked and played on the physics crate's own
/// table (the game's live board plays it bit for bit the same), and the result is recorded as
/// the [`Applied`] every guest receives.
pub fn at_host(
    game: &mut Match,
    by: Seat,
    action: Action,
) -> Result<(Applied, Option<Verdict>), MatchError> {
    let index = game.actions.len();
    let (outcome, verdict) = match action {
        Action::Stroke { shot } => {
            game.check_shot(&shot)?;
            let mut table = Table::new(&game.spec, &game.layout);
            let outcome = outcome_of(&play(&mut table, &shot));
            let verdict = game.apply_stroke(shot, outcome.clone())?;
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

/// What a guest found when it applied the host's action.
#[derive(Debug)]
pub struct AtGuest {
    pub verdict: Option<Verdict>,
    /// The guest's position differed from the host's after the action and was replaced by it
    /// (the digest checked again after); the text says how.
    pub corrected: Option<String>,
}

/// A guest applies the host's action with the host's outcome, so the pieces end where the
/// host's did whatever this machine's floating point does; then compares digests and, when they
/// differ, takes the host's position.
pub fn at_guest(game: &mut Match, applied: &Applied) -> Result<AtGuest, AtGuestError> {
    let index = applied.index;
    if index != game.actions.len() {
        return Err(AtGuestError::OutOfOrder {
            index,
            applied: game.actions.len(),
        });
    }
    let refused = |source| AtGuestError::Refused { index, source };
    let verdict = match applied.action {
        Action::Stroke { shot } => {
            let outcome = applied
                .outcome
                .clone()
                .ok_or(AtGuestError::NoOutcome(index))?;
            Some(game.apply_stroke(shot, outcome).map_err(refused)?)
        }
        Action::Pass => Some(game.pass().map_err(refused)?),
        Action::Place { x, y } => {
            game.place(x, y).map_err(refused)?;
            None
        }
        Action::TimeOut => Some(game.time_out().map_err(refused)?),
    };
    let mut corrected = None;
    let ours = hex(game.digest());
    if ours != applied.digest {
        game.layout = applied.layout.clone();
        let digest = game.digest();
        let now = hex(digest);
        if let Some(last) = game.digests.last_mut() {
            *last = digest;
        }
        // The host's digest is its words: shown escaped.
        let host = crate::shown(&applied.digest);
        if now != applied.digest {
            return Err(AtGuestError::Differs {
                index,
                ours: now,
                host,
            });
        }
        corrected = Some(format!(
            "action {index}: this machine's position (digest {ours}) differed from the host's ({host}); took the host's"
        ));
    }
    Ok(AtGuest { verdict, corrected })
}

/// A digest as the protocol writes it: 16 hex digits.
pub fn hex(digest: u64) -> String {
    format!("{digest:016x}")
}
