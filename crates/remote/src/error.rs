//! What a referee refuses of a follower's messages ([`Rejection`]), and what a follower could
//! not take of the referee's ([`AtGuestError`], [`RebuildError`]); a match the referee cannot
//! play again ([`ReplayError`]). Each error's message is the sentence the command line and the
//! game show.

use crate::bounds::{GUEST_RATE, MAX_GUEST_MESSAGE};
use carrom_match::MatchError;
use carrom_referee::Seat;

/// A message that is not JSON of the protocol: the parser's reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("malformed message: {0}")]
pub struct Malformed(pub String);

/// A message a peer sent that cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadMessage {
    #[error("a message of {0} bytes is over the limit of {MAX_GUEST_MESSAGE}")]
    TooLarge(usize),
    /// Messages faster than [`GUEST_RATE`] a second: dropped (this many so far).
    #[error("too many messages: at most {GUEST_RATE} a second ({0} dropped)")]
    TooFast(u32),
    /// So many messages dropped for coming too fast that the connection is closed.
    #[error("disconnected after {0} messages sent too fast")]
    Flooded(u32),
    #[error(transparent)]
    Malformed(#[from] Malformed),
}

/// Why the referee does not take one of a follower's messages: the connection stays.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Rejection {
    #[error("say hello first")]
    NoHello,
    #[error("a proof after the welcome")]
    ProofAfterWelcome,
    #[error("a spectator does not play")]
    Spectator,
    #[error("the match has not started: seats are still empty")]
    NotStarted,
    /// An action whose number is not the match's next (sent twice, or too late).
    #[error("action {index} is not the next one ({next}): it was applied already or came too late")]
    NotNext { index: usize, next: usize },
    #[error("the match is over")]
    Over,
    /// Another's turn: the name of who is to act, and his seat.
    #[error("it is {name}'s turn, and the {} seat is not yours", seat.name())]
    NotYourTurn { name: String, seat: Seat },
    #[error("the {} seat was handed to a computer", .0.name())]
    HandedOver(Seat),
    #[error("a returned piece must be placed first")]
    PlaceFirst,
    #[error("there is no piece to place")]
    NothingToPlace,
    /// A player sent a time-out: only the referee, which keeps the shot clock, calls one.
    #[error("a time-out is called by the host that keeps the shot clock, not by a player")]
    OwnTimeOut,
    /// A stroke of one seat sent for another.
    #[error("a stroke from the {} seat, but {} is to strike", from.name(), to_strike.name())]
    OtherSeatsStroke { from: Seat, to_strike: Seat },
    /// An action the match refuses.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// Every seat is filled, but the match cannot start.
    #[error("the match cannot start: {0}")]
    CannotStart(MatchError),
    #[error(transparent)]
    Bad(#[from] BadMessage),
}

/// A referee's action a follower could not take into its match ([`crate::at_guest`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AtGuestError {
    #[error("action {index} arrived when {applied} actions were applied")]
    OutOfOrder { index: usize, applied: usize },
    #[error("action {0}: a stroke without its outcome")]
    NoOutcome(usize),
    /// The match here refuses the action.
    #[error("action {index}: {source}")]
    Refused { index: usize, source: MatchError },
    /// Even with the referee's pieces, the position's digest is not the referee's.
    #[error(
        "action {index}: the position differs from the host's even with its pieces (digest \
         {ours}, the host's {host})"
    )]
    Differs {
        index: usize,
        ours: String,
        host: String,
    },
}

/// The referee's whole match could not be rebuilt here ([`crate::rebuild`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RebuildError {
    /// The referee's setup does not start a match here.
    #[error(transparent)]
    Setup(MatchError),
    #[error(transparent)]
    Action(#[from] AtGuestError),
}

/// A match's actions that the referee cannot play again ([`crate::replay`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// An action after the match ended (the match's own refusal of it in `source`).
    #[error("action {index} after the end")]
    AfterTheEnd { index: usize, source: MatchError },
    /// An action the match refuses.
    #[error("action {index}: {source}")]
    Action { index: usize, source: MatchError },
    /// An action that plays but does not reach the digest recorded for it.
    #[error(
        "action {index}: does not reach the recorded position (digest {digest:016x}, recorded {recorded})"
    )]
    Diverged {
        index: usize,
        digest: u64,
        recorded: String,
    },
}

impl From<ReplayError> for carrom_match::ReplayError {
    /// A save's replay in the words of [`carrom_match::resume`]: an action after the end is one
    /// the match refuses.
    fn from(e: ReplayError) -> carrom_match::ReplayError {
        match e {
            ReplayError::AfterTheEnd { index, source } | ReplayError::Action { index, source } => {
                carrom_match::ReplayError::Action { index, source }
            }
            ReplayError::Diverged {
                index,
                digest,
                recorded,
            } => carrom_match::ReplayError::Diverged {
                index,
                digest,
                recorded,
            },
        }
    }
}
