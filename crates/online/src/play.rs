//! A headless client: asks the server for a match (quick match, a room of its own or of a
//! friend's, or one to watch), follows the server's match, plays its own seats with a computer,
//! and when the connection drops, connects again and goes on (the server gives the name its
//! seats back and sends the whole match).

use crate::client::{Connection, Welcome};
use crate::error::ClientError;
use crate::protocol::{Mode, ToClient, ToServer};
use carrom_ai::Computers;
use carrom_match::{Level, Match, MatchLength, MatchSetup};
use carrom_net::Applied;
use carrom_net::apply::at_guest;
use carrom_net::bounds::Bucket;
use carrom_net::protocol::{GUEST_PACE, GUEST_PACE_BURST};
use carrom_physics::Spec;
use carrom_referee::Seat;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What the client asks the server for.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    Quick {
        length: Option<MatchLength>,
    },
    Create {
        mode: Mode,
        length: Option<MatchLength>,
        computers: Vec<Seat>,
        level: Option<Level>,
    },
    Room(String),
    Watch(u64),
}

impl Request {
    fn message(&self) -> ToServer {
        match self.clone() {
            Request::Quick { length } => ToServer::Quick { length },
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
            Request::Watch(id) => ToServer::Watch { id },
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

/// What a headless client saw, for its printout.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    Welcome(Welcome),
    Waiting(String),
    Room(String),
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

/// The match as this client follows it.
#[derive(Default)]
struct Follow {
    id: Option<u64>,
    seats: Vec<Seat>,
    game: Option<Match>,
    /// The action this client sent, by its index: not sent again until the match moves on.
    sent: Option<usize>,
    computers: Option<Computers>,
    over: Option<(Vec<String>, String)>,
    /// This client's actions, paced under the server's bound on a client's messages (as a
    /// guest paces its own under a host's).
    pace: Option<Bucket>,
}

/// Plays `plan` to the end of its match; `on` hears what happens.
pub async fn play(plan: Plan, mut on: impl FnMut(&Event)) -> Result<Played, ClientError> {
    let mut follow = Follow::default();
    let mut token = plan.token.clone();
    let mut gone_since: Option<Instant> = None;
    loop {
        let (mut conn, welcome) = match Connection::hello_trusting(
            &plan.server,
            &plan.name,
            token.as_deref(),
            plan.ca.as_deref(),
        )
        .await
        {
            Ok(ok) => ok,
            Err(e) if !e.is_final() && gone_since.is_some_and(|t| t.elapsed() < plan.retry) => {
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        if welcome.token.is_some() {
            token.clone_from(&welcome.token);
        }
        on(&Event::Welcome(welcome));
        // A player already seated is given his seats back by the server on his hello.
        if follow.id.is_none() || matches!(plan.request, Request::Watch(_)) {
            conn.send(&plan.request.message()).await?;
        }
        if gone_since.is_some() {
            on(&Event::Note("connected again".into()));
        }
        match follow_match(&mut conn, &mut follow, &plan, &mut on).await {
            Ok(()) => {
                conn.close().await;
                let (winners, how) = follow.over.take().unzip();
                return Ok(Played {
                    id: follow.id,
                    game: follow.game,
                    winners: winners.unwrap_or_default(),
                    how,
                });
            }
            Err(e) if e.is_final() => return Err(e),
            Err(e) => {
                on(&Event::Note(format!("{e}; connecting again")));
                gone_since = Some(Instant::now());
            }
        }
    }
}

/// Reads the server's messages and plays this client's seats until the match is over
/// (`Ok`) or the connection is gone (an error).
async fn follow_match(
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
        match message {
            ToClient::Welcome { .. }
            | ToClient::Seating { .. }
            | ToClient::Clock { .. }
            | ToClient::Leaderboard { .. }
            | ToClient::Player { .. }
            | ToClient::Live { .. }
            | ToClient::Saved { .. } => {}
            ToClient::Waiting { what } => on(&Event::Waiting(what)),
            ToClient::Room { code } => on(&Event::Room(code)),
            ToClient::Seated { id, seats, .. } => {
                follow.id = Some(id);
                follow.seats.clone_from(&seats);
                on(&Event::Seated { id, seats });
            }
            ToClient::Match {
                setup, spec, log, ..
            } => {
                let game = rebuild(&spec, &setup, &log)?;
                if follow.computers.is_none() {
                    follow.computers = plan.computer.map(|l| computers(&setup, &follow.seats, l));
                }
                follow.sent = None;
                follow.game = Some(game);
            }
            ToClient::Applied(applied) => {
                if let Some(game) = &mut follow.game
                    && applied.index >= game.actions.len()
                    && at_guest(game, &applied).is_err()
                {
                    conn.send(&ToServer::Resync).await?;
                }
                on(&Event::Applied(applied.index));
            }
            ToClient::Over { winners, how, .. } => {
                follow.over = Some((winners, how));
                return Ok(());
            }
            ToClient::Refused { reason } => return Err(ClientError::Refused(reason)),
            ToClient::Rejected { reason } => {
                on(&Event::Note(format!("the server refused: {reason}")))
            }
        }
    }
}

/// This client's action, when one of its seats is to act and it has not sent one for this
/// point of the match: its computer's choice (thought over on a thread of its own).
async fn next_action(follow: &mut Follow, _plan: &Plan) -> Option<ToServer> {
    let game = follow.game.as_ref()?;
    let actor = game.next_actor()?;
    let index = game.actions.len();
    if !follow.seats.contains(&actor.seat()) || follow.sent == Some(index) {
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
    follow.sent = Some(index);
    Some(ToServer::Act {
        index,
        action: action?,
    })
}

/// The computers of this client's `seats` at `level`, seeded from the match's setup.
fn computers(setup: &MatchSetup, seats: &[Seat], level: Level) -> Computers {
    let mut mine = setup.clone();
    for (seat, player) in setup.seats.seats().iter().zip(&mut mine.players) {
        player.computer = seats.contains(seat).then_some(level);
    }
    Computers::for_setup(&mine)
}

/// The server's match rebuilt from its setup and log, each action taken with the server's
/// outcome.
fn rebuild(spec: &Spec, setup: &MatchSetup, log: &[Applied]) -> Result<Match, ClientError> {
    let mut game =
        Match::new(spec, setup.clone()).map_err(|e| ClientError::Follow(e.to_string()))?;
    for applied in log {
        at_guest(&mut game, applied).map_err(|e| ClientError::Follow(e.to_string()))?;
    }
    Ok(game)
}
