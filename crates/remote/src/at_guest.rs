//! The follower's side: the referee's action taken into the match here with the referee's
//! outcome, its digest checked ([`at_guest`]), and a match rebuilt from the referee's log
//! ([`rebuild`]).

use crate::error::{AtGuestError, RebuildError};
use crate::protocol::Applied;
use carrom_match::{Action, Match, MatchSetup};
use carrom_physics::Spec;
use carrom_referee::Verdict;

/// What a follower found when it applied the referee's action.
#[derive(Debug, Default)]
pub struct AtGuest {
    pub verdict: Option<Verdict>,
    /// The follower's position differed from the referee's after the action and was replaced
    /// by it (the digest checked again after); the text says how.
    pub corrected: Option<String>,
}

/// A follower applies the referee's action with the referee's outcome, so the pieces end where
/// the referee's did whatever this machine's floating point does; then compares digests and,
/// when they differ, takes the referee's position.
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
    let corrected = checked_digest(game, applied)?;
    Ok(AtGuest { verdict, corrected })
}

/// After the referee's action `applied` was taken here: when this position's digest is not
/// the referee's, the referee's pieces are taken (and the digest checked again).
fn checked_digest(game: &mut Match, applied: &Applied) -> Result<Option<String>, AtGuestError> {
    let index = applied.index;
    let ours = hex(game.digest());
    if ours == applied.digest {
        return Ok(None);
    }
    game.layout = applied.layout.clone();
    let digest = game.digest();
    let now = hex(digest);
    if let Some(last) = game.digests.last_mut() {
        *last = digest;
    }
    // The referee's digest is its words: shown escaped.
    let host = crate::shown(&applied.digest);
    if now != applied.digest {
        return Err(AtGuestError::Differs {
            index,
            ours: now,
            host,
        });
    }
    Ok(Some(format!(
        "action {index}: this machine's position (digest {ours}) differed from the host's ({host}); took the host's"
    )))
}

/// The referee's action taken into `game` once: one already in it (it came with the whole
/// match) is passed over (`None`), the next is taken with [`at_guest`].
pub fn take(game: &mut Match, applied: &Applied) -> Result<Option<AtGuest>, AtGuestError> {
    if applied.index < game.actions.len() {
        return Ok(None);
    }
    at_guest(game, applied).map(Some)
}

/// The referee's match rebuilt from its setup and log, each action taken with the referee's
/// outcome; what was corrected on the way.
pub fn rebuild(
    spec: &Spec,
    setup: &MatchSetup,
    log: &[Applied],
) -> Result<(Match, Vec<String>), RebuildError> {
    let mut game = Match::new(spec, setup.clone()).map_err(RebuildError::Setup)?;
    let mut notes = Vec::new();
    for applied in log {
        notes.extend(at_guest(&mut game, applied)?.corrected);
    }
    Ok((game, notes))
}

/// A digest as the protocol writes it: 16 hex digits.
pub fn hex(digest: u64) -> String {
    format!("{digest:016x}")
}

/// Whether the match here reached the referee's position after action `applied` (the board
/// played it on its own physics): its digest there is the referee's.
pub fn agrees(game: &Match, applied: &Applied) -> bool {
    game.digests.get(applied.index).map(|d| hex(*d)).as_deref() == Some(applied.digest.as_str())
}
