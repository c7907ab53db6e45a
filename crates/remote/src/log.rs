//! What a follower keeps of the referee's match when its one match is elsewhere (the board's):
//! the referee's setup and physics and every action the referee applied since, in order. The
//! referee's match is rebuilt from it when the board has left the referee's line.

use crate::at_guest::rebuild;
use crate::error::{AtGuestError, RebuildError};
use crate::protocol::Applied;
use carrom_match::{Match, MatchSetup};
use carrom_physics::Spec;

/// The referee's match as a log: its setup, its physics and its actions as the referee
/// applied them.
#[derive(Clone, Debug, PartialEq)]
pub struct RefereesLog {
    pub setup: MatchSetup,
    pub spec: Spec,
    log: Vec<Applied>,
}

impl RefereesLog {
    /// The referee's whole match as it came: its setup, physics and log.
    pub fn new(setup: MatchSetup, spec: Spec, log: Vec<Applied>) -> RefereesLog {
        RefereesLog { setup, spec, log }
    }

    /// How many actions the referee has applied, as far as this follower heard.
    pub fn len(&self) -> usize {
        self.log.len()
    }

    /// Whether no action was applied yet.
    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// The referee's actions, in order.
    pub fn actions(&self) -> &[Applied] {
        &self.log
    }

    /// Takes the referee's next action (once): one already in the log (it came with the whole
    /// match) is passed over (`false`); one past the next is out of order (the follower missed
    /// one and asks for the whole match).
    pub fn take(&mut self, applied: &Applied) -> Result<bool, AtGuestError> {
        match applied.index.cmp(&self.log.len()) {
            std::cmp::Ordering::Less => Ok(false),
            std::cmp::Ordering::Equal => {
                self.log.push(applied.clone());
                Ok(true)
            }
            std::cmp::Ordering::Greater => Err(AtGuestError::OutOfOrder {
                index: applied.index,
                applied: self.log.len(),
            }),
        }
    }

    /// The referee's match rebuilt from the log, each action taken with the referee's outcome;
    /// what was corrected on the way.
    pub fn rebuild(&self) -> Result<(Match, Vec<String>), RebuildError> {
        rebuild(&self.spec, &self.setup, &self.log)
    }
}
