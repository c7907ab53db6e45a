//! The server's match as a client follows it, whatever the client (a headless player, the
//! game's board, the browser's page): the server's messages about the match read once, here,
//! into carrom-remote's [`Following`] (the seats, who sits where, the shot clock, the end), the
//! whole match rebuilt from the server's log. The match itself is the client's: one match per
//! client.

use crate::protocol::ToClient;
use carrom_match::Match;
use carrom_remote::follow::ClockTold;
use carrom_remote::{Applied, Following, RebuildError, rebuild};

/// The server's match as this client follows it, without the match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ServerMatch {
    /// The match's number on the server.
    pub id: Option<u64>,
    pub rated: bool,
    pub following: Following,
}

/// What a message about the server's match asks of the client's own match.
#[derive(Debug)]
pub enum Heard {
    /// Nothing to do to the match (who sits where or the shot clock changed, or the message
    /// is not the match's).
    Nothing,
    /// The whole match, rebuilt from the server's log: it replaces the client's (what the
    /// client sent may be sent again).
    Match(Box<Match>),
    /// The whole match came but could not be rebuilt here.
    Unfollowed(RebuildError),
    /// The server's next action: taken into the client's match ([`carrom_remote::take`]) once
    /// the client has played it (at once for a headless client).
    Applied(Applied),
    /// The server refused this client's message (its words).
    Rejected(String),
    /// The match is over ([`Following::over`] says how).
    Over,
}

impl ServerMatch {
    /// Takes one of the server's messages.
    pub fn hear(&mut self, message: &ToClient) -> Heard {
        let f = &mut self.following;
        match message {
            ToClient::Seated {
                id,
                seats,
                rated,
                seating,
            } => {
                self.id = Some(*id);
                self.rated = *rated;
                f.seats.clone_from(seats);
                f.seating.clone_from(seating);
            }
            ToClient::Match {
                setup, spec, log, ..
            } => {
                return match rebuild(spec, setup, log) {
                    Ok((game, _)) => {
                        f.afresh();
                        Heard::Match(Box::new(game))
                    }
                    Err(e) => Heard::Unfollowed(e),
                };
            }
            ToClient::Applied(a) => return Heard::Applied(a.clone()),
            ToClient::Seating { seating } => f.seating.clone_from(seating),
            &ToClient::Clock {
                index,
                seat,
                millis,
                after,
            } => {
                f.clock = Some(ClockTold {
                    index,
                    seat,
                    millis,
                    after,
                })
            }
            // The end of this client's match (a client welcomed back is told how a match it
            // was away from ended: not another's).
            ToClient::Over { id, winners, how } if self.id == Some(*id) => {
                f.ended(winners.clone(), how.clone());
                return Heard::Over;
            }
            ToClient::Rejected { reason } => return Heard::Rejected(reason.clone()),
            _ => {}
        }
        Heard::Nothing
    }

    /// How the match ended, in words: "Asha won: the match was played out."
    pub fn over_words(&self) -> Option<String> {
        let (winners, how) = self.following.over.as_ref()?;
        Some(over_words(how, winners))
    }
}

/// How a match ended, in words: "Asha won: the match was played out."
pub fn over_words(how: &str, winners: &[String]) -> String {
    match winners {
        [] => format!("The match is over: {how}"),
        _ => format!("{} won: {how}", winners.join(" and ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_referee::Seat;

    #[test]
    fn the_end_of_a_match_is_told_with_its_winners_in_the_servers_words() {
        let words = over_words("forfeited: Ravi was gone 2 minutes", &["Asha".into()]);
        assert_eq!(words, "Asha won: forfeited: Ravi was gone 2 minutes");
        assert!(over_words("abandoned", &[]).contains("over"));
    }

    #[test]
    fn the_clock_and_the_seating_are_the_servers_last_words() {
        let mut follow = ServerMatch {
            id: Some(1),
            ..ServerMatch::default()
        };
        let clock = ToClient::Clock {
            index: 4,
            seat: Seat::North,
            millis: 15_000,
            after: 0,
        };
        assert!(matches!(follow.hear(&clock), Heard::Nothing));
        let told = follow.following.clock_for(4).unwrap();
        assert_eq!(
            (told.index, told.seat, told.millis),
            (4, Seat::North, 15_000)
        );
        let over = ToClient::Over {
            id: 1,
            winners: vec!["Asha".into()],
            how: "played out".into(),
        };
        assert!(matches!(follow.hear(&over), Heard::Over));
        assert_eq!(
            follow.following.clock, None,
            "no clock once the match is over"
        );
        assert_eq!(follow.over_words().as_deref(), Some("Asha won: played out"));
    }

    #[test]
    fn the_end_of_another_match_is_not_this_ones() {
        let mut follow = ServerMatch::default();
        let earlier = ToClient::Over {
            id: 4,
            winners: vec!["Ravi".into()],
            how: "Asha did not come back within 120 s: forfeited".into(),
        };
        assert!(matches!(follow.hear(&earlier), Heard::Nothing));
        follow.id = Some(5);
        assert!(matches!(follow.hear(&earlier), Heard::Nothing));
        assert_eq!(follow.following.over, None);
        follow.id = Some(4);
        assert!(matches!(follow.hear(&earlier), Heard::Over));
    }
}
