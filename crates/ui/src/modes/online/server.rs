//! A match on a carrom server: its link ([`crate::online_link::Link`]) and the server's match as
//! this machine follows it ([`ServerMatch`]): who is seated where, the actions as the server
//! applied them, the shot clock, and how the match ended.

use super::remote::Remote;
use crate::online_link::{Heard, Link};
use bevy::platform::time::Instant;
use carrom_match::{Action, Match};
use carrom_net::apply::at_guest;
use carrom_net::{Applied, SeatState};
use carrom_online::{ToClient, ToServer};
use carrom_physics::{Seat, Spec};
use std::collections::VecDeque;
use std::time::Duration;

/// The server's match as this machine follows it.
#[derive(Default)]
pub struct ServerMatch {
    pub id: Option<u64>,
    /// The seats played here (none when watching).
    pub seats: Vec<Seat>,
    pub rated: bool,
    pub seating: Vec<SeatState>,
    pub game: Option<Match>,
    pub connected: bool,
    pub given_up: Option<String>,
    clock: Option<(usize, Seat, Instant)>,
    pub over: Option<String>,
    /// This machine's last action sent, by its number.
    sent: Option<usize>,
}

/// Why the server's match cannot be followed.
#[derive(Debug, thiserror::Error)]
pub enum NotFollowed {
    #[error("the server's match cannot be set up here: {0}")]
    Setup(#[from] carrom_match::MatchError),
    #[error("the server's action cannot be followed here: {0}")]
    Action(#[from] carrom_net::AtGuestError),
}

impl ServerMatch {
    /// Takes a message of the server's match: its actions queued in `queue` (taken into the
    /// match once played on the board, [`ServerMatch::apply`]), words for the calls in `notes`.
    /// Whether it was the whole match. Messages that are not the match's are left alone.
    pub fn hear(
        &mut self,
        message: &ToClient,
        queue: &mut VecDeque<Applied>,
        notes: &mut Vec<String>,
    ) -> bool {
        match message {
            ToClient::Seated {
                id,
                seats,
                rated,
                seating,
            } => {
                self.id = Some(*id);
                self.seats.clone_from(seats);
                self.rated = *rated;
                self.seating.clone_from(seating);
            }
            ToClient::Match {
                setup, spec, log, ..
            } => match rebuild(spec, setup, log) {
                Ok(game) => {
                    self.game = Some(game);
                    self.sent = None;
                    return true;
                }
                Err(e) => notes.push(e.to_string()),
            },
            ToClient::Applied(a) => queue.push_back(a.clone()),
            ToClient::Seating { seating } => self.seating.clone_from(seating),
            ToClient::Clock {
                index,
                seat,
                millis,
            } => {
                let ends = Instant::now() + Duration::from_millis(u64::from(*millis));
                self.clock = Some((*index, *seat, ends));
            }
            ToClient::Over { how, winners, .. } => {
                let words = over_words(how, winners);
                notes.push(words.clone());
                self.over = Some(words);
                self.clock = None;
            }
            ToClient::Rejected { reason } => {
                // The action refused may be made again at its number (after the board here
                // takes the server's match).
                self.sent = None;
                notes.push(format!("The server refused: {reason}"));
            }
            _ => {}
        }
        false
    }
}

/// How a match ended, in words: "Asha won: the match was played out."
pub fn over_words(how: &str, winners: &[String]) -> String {
    match winners {
        [] => format!("The match is over: {how}"),
        _ => format!("{} won: {how}", winners.join(" and ")),
    }
}

/// The server's match rebuilt from its setup and log, each action taken with the server's
/// outcome.
pub fn rebuild(
    spec: &Spec,
    setup: &carrom_match::MatchSetup,
    log: &[Applied],
) -> Result<Match, NotFollowed> {
    let mut game = Match::new(spec, setup.clone())?;
    for applied in log {
        at_guest(&mut game, applied)?;
    }
    Ok(game)
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

    fn apply(&mut self, applied: &Applied) -> Result<Option<String>, String> {
        let game = (self.follow.game.as_mut()).ok_or("the server's match has not come")?;
        if applied.index < game.actions.len() {
            return Ok(None);
        }
        match at_guest(game, applied) {
            Ok(r) => Ok(r.corrected),
            Err(e) => {
                self.link.send(ToServer::Resync);
                Err(e.to_string())
            }
        }
    }

    fn act_at(&mut self, index: usize, action: Action) {
        if self.follow.sent != Some(index) {
            self.follow.sent = Some(index);
            self.link.send(ToServer::Act { index, action });
        }
    }

    fn game(&self) -> Option<Match> {
        self.follow.game.clone()
    }

    fn seating(&self) -> Vec<SeatState> {
        self.follow.seating.clone()
    }

    fn seats(&self) -> Vec<Seat> {
        self.follow.seats.clone()
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

    fn clock(&self) -> Option<(Seat, Instant)> {
        let (index, seat, ends) = self.follow.clock?;
        let actions = self.follow.game.as_ref().map_or(0, |g| g.actions.len());
        (index >= actions).then_some((seat, ends))
    }

    fn over(&self) -> Option<String> {
        self.follow.over.clone()
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
    fn the_end_of_a_match_is_told_with_its_winners_in_the_servers_words() {
        let words = over_words("forfeited: Ravi was gone 2 minutes", &["Asha".into()]);
        assert_eq!(words, "Asha won: forfeited: Ravi was gone 2 minutes");
        assert!(over_words("abandoned", &[]).contains("over"));
    }

    #[test]
    fn the_clock_and_the_seating_are_the_servers_last_words() {
        let mut follow = ServerMatch::default();
        let (mut queue, mut notes) = (VecDeque::new(), Vec::new());
        let clock = ToClient::Clock {
            index: 4,
            seat: Seat::North,
            millis: 15_000,
        };
        assert!(!follow.hear(&clock, &mut queue, &mut notes));
        let (index, seat, ends) = follow.clock.unwrap();
        assert_eq!((index, seat), (4, Seat::North));
        assert!(ends > Instant::now() + Duration::from_secs(14));
        let over = ToClient::Over {
            id: 1,
            winners: vec!["Asha".into()],
            how: "played out".into(),
        };
        follow.hear(&over, &mut queue, &mut notes);
        assert_eq!(follow.clock, None, "no clock once the match is over");
        assert_eq!(notes, vec!["Asha won: played out".to_string()]);
    }
}
