//! A match on a carrom server: its link ([`crate::online_link::Link`]) and what this machine
//! knows of the server's match besides the board's own ([`ServerMatch`]: carrom-online's
//! follower of the server's words, who is seated where, the shot clock, how the match ended,
//! and the server's log, from which its match is rebuilt when the board has left its line).

use super::remote::{NotTaken, Remote, ShotClock};
use crate::online_link::{Heard, Link};
use bevy::platform::time::Instant;
use carrom_match::{Action, Match};
use carrom_online::follow::Heard as Told;
use carrom_online::{ToClient, ToServer};
use carrom_physics::Seat;
use carrom_remote::{Applied, RefereesLog, SeatState};
use std::collections::VecDeque;
use std::time::Duration;

/// The server's match as this machine follows it, without a match of its own: the board's is
/// the one (the whole match the server sent waits here until the board takes it).
#[derive(Default)]
pub struct ServerMatch {
    pub follow: carrom_online::ServerMatch,
    /// The server's whole match as it came, until the board takes it.
    pub game: Option<Match>,
    /// The server's match as a log (its whole match and every action taken on the board
    /// since): the server's match, rebuilt when asked.
    referee: Option<RefereesLog>,
    pub connected: bool,
    pub given_up: Option<String>,
    /// When the shot clock was told.
    clock_told: Option<Instant>,
}

impl ServerMatch {
    /// Takes a message of the server's match: its actions queued in `queue` (taken once
    /// played on the board, [`ServerRemote::apply`]), words for the calls in `notes`. Whether
    /// it was the whole match. Messages that are not the match's are left alone.
    pub fn hear(
        &mut self,
        message: &ToClient,
        queue: &mut VecDeque<Applied>,
        notes: &mut Vec<String>,
    ) -> bool {
        match self.follow.hear(message) {
            Told::Match(game) => {
                if let ToClient::Match {
                    setup, spec, log, ..
                } = message
                {
                    let (setup, spec) = ((**setup).clone(), (**spec).clone());
                    self.referee = Some(RefereesLog::new(setup, spec, log.clone()));
                }
                self.game = Some(*game);
                return true;
            }
            Told::Unfollowed(e) => notes.push(match e {
                carrom_remote::RebuildError::Setup(e) => {
                    format!("the server's match cannot be set up here: {e}")
                }
                carrom_remote::RebuildError::Action(e) => {
                    format!("the server's action cannot be followed here: {e}")
                }
            }),
            Told::Applied(a) => queue.push_back(a),
            Told::Over => notes.extend(self.follow.over_words()),
            Told::Rejected(reason) => {
                // The action refused may be made again at its number (after the board here
                // takes the server's match).
                self.follow.following.afresh();
                notes.push(format!("The server refused: {reason}"));
            }
            Told::Nothing => {
                if matches!(message, ToClient::Clock { .. }) {
                    self.clock_told = Some(Instant::now());
                }
            }
        }
        false
    }

    /// The seats played here (none when watching).
    pub fn seats(&self) -> &[Seat] {
        &self.follow.following.seats
    }
}

/// A match on a server, followed on the board.
pub struct ServerRemote {
    pub link: Link,
    pub follow: ServerMatch,
}

impl Remote for ServerRemote {
    fn read(&mut self, _dt: f32, queue: &mut VecDeque<Applied>, notes: &mut Vec<String>) -> bool {
        let mut whole_match = false;
        for heard in self.link.poll() {
            let follow = &mut self.follow;
            match heard {
                Heard::Message(m) => whole_match |= follow.hear(&m, queue, notes),
                Heard::Welcome { .. } => {
                    follow.connected = true;
                    notes.push("Connected to the server again.".into());
                }
                Heard::Lost(why) => {
                    follow.connected = false;
                    notes.push(format!(
                        "Connection to the server lost ({why}): reconnecting"
                    ));
                }
                Heard::Refused(why) | Heard::Unreachable(why) => {
                    follow.connected = false;
                    notes.push(format!("No more reconnecting: {why}"));
                    follow.given_up = Some(why);
                }
            }
        }
        whole_match
    }

    /// The server's action, played on the board, added to its log (once).
    fn apply(&mut self, applied: &Applied) -> Result<(), NotTaken> {
        let log = self.follow.referee.as_mut().ok_or(NotTaken::NoMatch)?;
        log.take(applied).map(|_| ()).map_err(|e| {
            self.link.send(ToServer::Resync);
            NotTaken::Missed(e)
        })
    }

    fn act_at(&mut self, index: usize, action: Action) {
        if self.follow.follow.following.send_at(index) {
            self.link.send(ToServer::Act { index, action });
        }
    }

    /// The server's whole match as it came, or rebuilt from its log (asking for the whole
    /// match again when it cannot be).
    fn referees_match(&mut self) -> Option<Match> {
        if let Some(game) = self.follow.game.take() {
            return Some(game);
        }
        match self.follow.referee.as_ref()?.rebuild() {
            Ok((game, _)) => Some(game),
            Err(e) => {
                bevy::log::warn!("the server's match cannot be rebuilt here: {e}");
                self.link.send(ToServer::Resync);
                None
            }
        }
    }

    fn seating(&self) -> Vec<SeatState> {
        self.follow.follow.following.seating.clone()
    }

    fn seats(&self) -> Vec<Seat> {
        self.follow.seats().to_vec()
    }

    fn connected(&self) -> bool {
        self.follow.connected
    }

    fn given_up(&self) -> Option<String> {
        self.follow.given_up.clone()
    }

    fn set_waker(&mut self, wake: Box<dyn Fn() + Send>) {
        self.link.set_waker(wake);
    }

    fn clock(&self) -> Option<ShotClock> {
        let told = self
            .follow
            .follow
            .following
            .clock_for(self.follow.referee.as_ref().map_or(0, RefereesLog::len))?;
        let starts = self.follow.clock_told? + Duration::from_millis(u64::from(told.after));
        let ends = starts + Duration::from_millis(u64::from(told.millis));
        Some(ShotClock {
            seat: told.seat,
            starts,
            ends,
        })
    }

    fn over(&self) -> Option<String> {
        self.follow.follow.over_words()
    }

    fn referee(&self) -> &'static str {
        "on the server"
    }

    fn title(&self) -> &'static str {
        "ONLINE"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_and_the_seating_are_the_servers_last_words() {
        let mut follow = ServerMatch::default();
        follow.follow.id = Some(1);
        let (mut queue, mut notes) = (VecDeque::new(), Vec::new());
        let clock = ToClient::Clock {
            index: 4,
            seat: Seat::North,
            millis: 15_000,
            after: 0,
        };
        assert!(!follow.hear(&clock, &mut queue, &mut notes));
        assert!(follow.clock_told.is_some());
        let over = ToClient::Over {
            id: 1,
            winners: vec!["Asha".into()],
            how: "played out".into(),
        };
        follow.hear(&over, &mut queue, &mut notes);
        assert_eq!(
            follow.follow.following.clock, None,
            "no clock once the match is over"
        );
        assert_eq!(notes, vec!["Asha won: played out".to_string()]);
    }
}
