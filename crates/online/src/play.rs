//! A headless client: asks the server for a match (quick match, a room of its own or of a
//! friend's, or one to watch), follows the server's match, plays its own seats with a computer,
//! and when the connection drops, connects again and goes on (the server gives the name its
//! seats back and sends the whole match).

use crate::client::{Connection, Hello, Sleep, Welcome};
use crate::error::ClientError;
use crate::follow::{Heard, ServerMatch};
use crate::protocol::{Mode, ToClient, ToServer};
use carrom_ai::Computers;
use carrom_match::{Level, Match, MatchLength, MatchSetup, SeatPlan};
use carrom_referee::Seat;
use carrom_remote::bounds::{Bucket, GUEST_PACE, GUEST_PACE_BURST};
use carrom_remote::take;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What the client asks the server for.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Quick {
        length: Option<MatchLength>,
        mode: Mode,
    },
    /// Quick doubles beside a partner: a new party (its code told), or his by its code.
    Partners {
        length: Option<MatchLength>,
        party: crate::Party,
    },
    Create {
        mode: Mode,
        length: Option<MatchLength>,
        computers: Vec<Seat>,
        level: Option<Level>,
    },
    Room(String),
    Watch(u64),
    /// A tournament's games, as they come ([`crate::tournament::play_tournament`]): joined
    /// if it is open (a private one with its code).
    Tournament {
        id: u64,
        code: Option<String>,
    },
}

impl Request {
    pub(crate) fn message(&self) -> ToServer {
        match self.clone() {
            Request::Quick { length, mode } => ToServer::Quick { length, mode },
            Request::Partners { length, party } => ToServer::Partners { length, party },
            Request::Create {
                mode,
                length,
                computers,
                level,
            } => ToServer::Create {
                mode,
                length,
                computers,
                level,
            },
            Request::Room(code) => ToServer::Join { code },
            Request::Watch(id) => ToServer::Watch { id, code: None },
            Request::Tournament { id, code } => ToServer::EnterTournament { id, code },
        }
    }
}

/// Who plays, where, and what for.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The server, as [`crate::ws_url`] reads it.
    pub server: String,
    pub name: String,
    /// The name's token (none to claim a new name).
    pub token: Option<String>,
    pub request: Request,
    /// The client's seats are played by a computer of this level (none: the client watches).
    pub computer: Option<Level>,
    /// How long to keep trying to connect again when the connection drops.
    pub retry: Duration,
    /// How long the client waits before each action it sends (a person's pace; none for a
    /// computer that acts at once).
    pub pace: Duration,
    /// A PEM file of certificates a `wss://` server is trusted by, besides webpki's roots.
    pub ca: Option<PathBuf>,
}

impl Plan {
    /// Its hello: the server, the name and its token, and how long to keep trying to
    /// connect again.
    pub(crate) fn hello(&self) -> Hello {
        Hello {
            server: self.server.clone(),
            name: self.name.clone(),
            token: self.token.clone(),
            ca: self.ca.clone(),
            retry: self.retry,
        }
    }
}

/// What a headless client saw, for its printout.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Welcome(Welcome),
    Waiting(String),
    Room(String),
    /// A party for quick doubles made: its code, for the partner.
    Party(String),
    Seated {
        id: u64,
        seats: Vec<Seat>,
    },
    /// This client sent its action (its index).
    Sent(usize),
    /// An action applied (its index).
    Applied(usize),
    /// Something for the log: a refusal of one of this client's messages, a reconnection.
    Note(String),
    /// The tournament as it stands, changed.
    Tournament(Box<crate::protocol::TournamentView>),
}

/// How a headless client's match went.
#[derive(Debug, Default)]
pub struct Played {
    pub id: Option<u64>,
    pub game: Option<Match>,
    pub winners: Vec<String>,
    /// How the match ended, in the server's words (none when it did not end).
    pub how: Option<String>,
}

/// The match as this client follows it: the server's words about it ([`ServerMatch`]) and the
/// client's one match.
#[derive(Default)]
pub(crate) struct Follow {
    pub(crate) server: ServerMatch,
    pub(crate) game: Option<Match>,
    computers: Option<Computers>,
    /// This client's actions, paced under the server's bound on a client's messages (as a
    /// guest paces its own under a host's).
    pace: Option<Bucket>,
}

impl Follow {
    /// How the match followed went: its number, the match, its winners and how it ended.
    pub(crate) fn played(mut self) -> Played {
        let (winners, how) = self.server.following.over.take().unzip();
        Played {
            id: self.server.id,
            game: self.game,
            winners: winners.unwrap_or_default(),
            how,
        }
    }
}

/// Plays `plan` to the end of its match; `on` hears what happens.
pub async fn play(plan: Plan, mut on: impl FnMut(&Event)) -> Result<Played, ClientError> {
    let mut follow = Follow::default();
    let mut hello = plan.hello();
    let mut gone_since: Option<Instant> = None;
    loop {
        let mut pause = Sleep(Duration::from_millis(300));
        let Some((mut conn, welcome)) = hello.again(gone_since, &mut pause).await? else {
            return Err(ClientError::Closed);
        };
        on(&Event::Welcome(welcome));
        // A player already seated is given his seats back by the server on his hello.
        if follow.server.id.is_none() || matches!(plan.request, Request::Watch(_)) {
            conn.send(&plan.request.message()).await?;
        }
        if gone_since.is_some() {
            on(&Event::Note("connected again".into()));
        }
        match follow_match(&mut conn, &mut follow, &plan, &mut on).await {
            Ok(()) => {
                conn.close().await;
                return Ok(follow.played());
            }
            Err(e) if e.is_final() => return Err(e),
            Err(e) => {
                on(&Event::Note(format!("{e}; connecting again")));
                gone_since = Some(Instant::now());
            }
        }
    }
}

/// The token a welcome gives `name` at `server` (a name claimed now), kept in the tokens'
/// file; nothing for any other event.
pub fn keep_welcomed(server: &str, name: &str, e: &Event) -> Result<(), crate::TokenError> {
    match e {
        Event::Welcome(w) => match &w.token {
            Some(token) => crate::keep_token(server, name, token),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// [`play`] under the name's token kept in the tokens' file ([`crate::tokens`]), keeping the
/// token a welcome gives as it comes (a token that could not be kept is the error, even when
/// the match was played).
pub async fn play_kept(mut plan: Plan, mut on: impl FnMut(&Event)) -> Result<Played, ClientError> {
    plan.token = crate::kept_token(&plan.server, &plan.name);
    let (server, name) = (plan.server.clone(), plan.name.clone());
    let mut kept = Ok(());
    let played = play(plan, |e| {
        if let Err(e) = keep_welcomed(&server, &name, e) {
            kept = Err(e);
        }
        on(e);
    })
    .await;
    kept?;
    played
}

/// Reads the server's messages and plays this client's seats until the match is over
/// (`Ok`) or the connection is gone (an error).
pub(crate) async fn follow_match(
    conn: &mut Connection,
    follow: &mut Follow,
    plan: &Plan,
    on: &mut impl FnMut(&Event),
) -> Result<(), ClientError> {
    loop {
        if let Some(action) = next_action(follow, plan).await {
            let pace = (follow.pace)
                .get_or_insert_with(|| Bucket::new(GUEST_PACE, GUEST_PACE_BURST, Instant::now()));
            let wait = pace.wait(Instant::now()).max(plan.pace);
            tokio::time::sleep(wait).await;
            pace.take(Instant::now());
            conn.send(&action).await?;
            if let ToServer::Act { index, .. } = action {
                on(&Event::Sent(index));
            }
        }
        let message = conn.recv().await?.ok_or(ClientError::Closed)?;
        match &message {
            ToClient::Waiting { what } => on(&Event::Waiting(what.clone())),
            ToClient::Room { code } => on(&Event::Room(code.clone())),
            ToClient::Party { code } => on(&Event::Party(code.clone())),
            ToClient::Seated { id, seats, .. } => on(&Event::Seated {
                id: *id,
                seats: seats.clone(),
            }),
            ToClient::Refused { reason } => return Err(ClientError::Refused(reason.clone())),
            _ => {}
        }
        let told = follow.server.hear(&message);
        if heard(follow, plan, told, on)? {
            conn.send(&ToServer::Resync).await?;
        }
        if follow.server.following.over.is_some() {
            return Ok(());
        }
    }
}

/// What the server's message asks of the client's match, done: the whole match taken, the
/// next action taken with the server's outcome. Whether the client asks for the whole match
/// (an action that did not apply here); an error when the server's match cannot be followed.
fn heard(
    follow: &mut Follow,
    plan: &Plan,
    heard: Heard,
    on: &mut impl FnMut(&Event),
) -> Result<bool, ClientError> {
    match heard {
        Heard::Nothing | Heard::Over => {}
        Heard::Match(game) => {
            if follow.computers.is_none() {
                let seats = &follow.server.following.seats;
                follow.computers = plan.computer.map(|l| computers(&game.setup, seats, l));
            }
            follow.game = Some(*game);
        }
        Heard::Unfollowed(e) => return Err(ClientError::Follow(e.to_string())),
        Heard::Applied(applied) => {
            let resync = follow
                .game
                .as_mut()
                .is_some_and(|game| take(game, &applied).is_err());
            on(&Event::Applied(applied.index));
            return Ok(resync);
        }
        Heard::Rejected(reason) => on(&Event::Note(format!("the server refused: {reason}"))),
    }
    Ok(false)
}

/// This client's action, when one of its seats is to act and it has not sent one for this
/// point of the match: its computer's choice (thought over on a thread of its own).
async fn next_action(follow: &mut Follow, _plan: &Plan) -> Option<ToServer> {
    let game = follow.game.as_ref()?;
    let actor = game.next_actor()?;
    let index = game.actions.len();
    let following = &follow.server.following;
    if !following.seats.contains(&actor.seat()) || following.sent(index) {
        return None;
    }
    let mut computers = follow.computers.take()?;
    let position = game.clone();
    let (computers, action) = tokio::task::spawn_blocking(move || {
        let action = computers.act(&position);
        (computers, action)
    })
    .await
    .ok()?;
    follow.computers = Some(computers);
    follow.server.following.send_at(index);
    Some(ToServer::Act {
        index,
        action: action?,
    })
}

/// The computers of this client's `seats` at `level`, seeded from the match's setup.
fn computers(setup: &MatchSetup, seats: &[Seat], level: Level) -> Computers {
    let plans: Vec<SeatPlan> = (setup.seats.seats().iter().zip(&setup.players))
        .map(|(&seat, p)| SeatPlan::new(seat, &p.name, seats.contains(&seat).then_some(level)))
        .collect();
    Computers::for_setup(&setup.clone().seated(&plans))
}

impl Request {
    /// What `carrom online`'s flags ask for: a room by its code, a match to watch, a room of
    /// one's own (`create`: its mode, with the server's computers at `level`), or else a quick
    /// match.
    pub fn asked(
        (room, watch, create): (Option<String>, Option<u64>, bool),
        mode: Mode,
        length: Option<MatchLength>,
        level: Level,
    ) -> Request {
        match (room, watch, create) {
            (Some(code), _, _) => Request::Room(code),
            (None, Some(id), _) => Request::Watch(id),
            (None, None, true) => Request::Create {
                mode,
                length,
                computers: Vec::new(),
                level: Some(level),
            },
            (None, None, false) => Request::Quick { length, mode },
        }
    }
}

impl Event {
    /// The event in words as `carrom online` prints it, and whether it is a note (for the
    /// errors' stream); `None` for the actions.
    pub fn words(&self) -> Option<(String, bool)> {
        let line = match self {
            Event::Welcome(w) => format!("In as {} (rating {:.0})", w.name, w.rating),
            Event::Waiting(what) => what.clone(),
            Event::Room(code) => format!("Room code: {code}"),
            Event::Party(code) => format!("Party code: {code} (for your partner)"),
            Event::Seated { id, seats } if seats.is_empty() => format!("Match {id}: watching"),
            Event::Seated { id, seats } => {
                let seats: Vec<&str> = seats.iter().map(|s| s.name()).collect();
                format!("Match {id}: {}", seats.join(", "))
            }
            Event::Sent(_) | Event::Applied(_) => return None,
            Event::Tournament(t) => crate::tournament::line(t),
            Event::Note(note) => return Some((note.clone(), true)),
        };
        Some((line, false))
    }
}

impl Played {
    /// The summary `carrom online --json` prints: the match's ([`carrom_remote::summary`]) with
    /// its number on the server.
    pub fn summary(&self) -> serde_json::Value {
        match &self.game {
            Some(g) => {
                let mut summary = carrom_remote::summary(g);
                summary.insert("match".into(), serde_json::json!(self.id));
                summary.into()
            }
            None => serde_json::json!({
                "match": self.id, "actions": 0, "finished": false, "score": null, "digests": []
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_ask_for_a_room_a_match_to_watch_a_room_of_ones_own_or_a_quick_match() {
        let level = Level::Medium;
        let singles = Mode::Singles;
        let room = Request::asked((Some("K7M2QX".into()), None, false), singles, None, level);
        assert_eq!(room, Request::Room("K7M2QX".into()));
        assert_eq!(
            Request::asked((None, Some(4), false), singles, None, level),
            Request::Watch(4)
        );
        let own = Request::asked((None, None, true), Mode::Doubles, None, level);
        assert!(matches!(
            own,
            Request::Create {
                mode: Mode::Doubles,
                level: Some(Level::Medium),
                ..
            }
        ));
        let board = Some(MatchLength::Board);
        let quick = Request::asked((None, None, false), Mode::Doubles, board, level);
        assert_eq!(
            quick,
            Request::Quick {
                length: board,
                mode: Mode::Doubles
            }
        );
    }

    #[test]
    fn a_seating_is_told_by_its_seats_and_a_note_goes_to_the_errors() {
        let seated = Event::Seated {
            id: 3,
            seats: vec![Seat::North],
        };
        assert_eq!(seated.words(), Some(("Match 3: north".into(), false)));
        let watching = Event::Seated {
            id: 3,
            seats: vec![],
        };
        assert_eq!(watching.words(), Some(("Match 3: watching".into(), false)));
        let note = Event::Note("connected again".into());
        assert_eq!(note.words(), Some(("connected again".into(), true)));
        assert_eq!(Event::Applied(5).words(), None);
    }
}
