//! A headless tournament player: comes to a tournament (joining it while it is open), plays
//! each of his games as the server gives it to him with his computer, and follows the
//! tournament until it ends; when the connection drops, connects again and comes back (the
//! server gives him his game in play again).

use crate::client::{Connection, Sleep};
use crate::error::ClientError;
use crate::play::{Event, Follow, Plan, Played, follow_match};
use crate::protocol::{ToClient, TournamentView};
use std::time::{Duration, Instant};

/// How a headless player's tournament went: the tournament as it ended, and his games.
#[derive(Debug, Default)]
pub struct TournamentPlayed {
    pub tournament: Option<TournamentView>,
    pub games: Vec<Played>,
}

/// Plays `plan`'s tournament (its request a [`crate::Request::Tournament`]) to its end; `on`
/// hears what happens.
pub async fn play_tournament(
    plan: Plan,
    mut on: impl FnMut(&Event),
) -> Result<TournamentPlayed, ClientError> {
    let mut played = TournamentPlayed::default();
    let mut hello = plan.hello();
    let mut gone_since: Option<Instant> = None;
    loop {
        let mut pause = Sleep(Duration::from_millis(300));
        let Some((mut conn, welcome)) = hello.again(gone_since, &mut pause).await? else {
            return Err(ClientError::Closed);
        };
        on(&Event::Welcome(welcome));
        conn.send(&plan.request.message()).await?;
        match follow_tournament(&mut conn, &plan, &mut played, &mut on).await {
            Ok(()) => {
                conn.close().await;
                return Ok(played);
            }
            Err(e) if e.is_final() => return Err(e),
            Err(e) => {
                on(&Event::Note(format!("{e}; connecting again")));
                gone_since = Some(Instant::now());
            }
        }
    }
}

/// The tournament's messages until it ends, each game given to this client played.
async fn follow_tournament(
    conn: &mut Connection,
    plan: &Plan,
    played: &mut TournamentPlayed,
    on: &mut impl FnMut(&Event),
) -> Result<(), ClientError> {
    loop {
        let message = conn.recv().await?.ok_or(ClientError::Closed)?;
        match &message {
            ToClient::Tournament { tournament } => {
                on(&Event::Tournament(tournament.clone()));
                let ended = tournament.summary.state.ended();
                played.tournament = Some((**tournament).clone());
                if ended {
                    return Ok(());
                }
            }
            // Outside a match, a refusal is the tournament's: it does not take this player.
            ToClient::Rejected { reason } | ToClient::Refused { reason } => {
                return Err(ClientError::Refused(reason.clone()));
            }
            ToClient::Seated { id, seats, .. } => {
                on(&Event::Seated {
                    id: *id,
                    seats: seats.clone(),
                });
                let mut follow = Follow::default();
                follow.server.hear(&message);
                follow_match(conn, &mut follow, plan, on).await?;
                played.games.push(follow.played());
            }
            _ => {}
        }
    }
}

/// The tournament in a line, as `carrom online` prints it.
pub(crate) fn line(t: &TournamentView) -> String {
    let s = &t.summary;
    let played = t.games.iter().filter(|g| g.game.winner.is_some()).count();
    let mut line = format!(
        "Tournament {} ({}): {:?}, {} players, {played} of {} games played",
        s.id,
        s.name,
        s.state,
        t.entrants.len(),
        t.games.len()
    );
    if !t.champions.is_empty() {
        line += &format!("; champion {}", t.champions.join(" and "));
    }
    line
}

/// What an organizer asks of the server without the window: a tournament made of a plan (its
/// number and its code), or one of his tournament's acts done (the tournament as it stands
/// after it). Under `name`'s kept token; a name claimed now has its token kept.
pub async fn organize(
    server: &str,
    name: &str,
    ask: crate::protocol::ToServer,
    ca: Option<&std::path::Path>,
) -> Result<ToClient, ClientError> {
    let token = crate::kept_token(server, name);
    let (mut conn, welcome) =
        Connection::hello_trusting(server, name, token.as_deref(), ca).await?;
    if let Some(token) = &welcome.token {
        crate::keep_token(server, name, token)?;
    }
    conn.send(&ask).await?;
    let answer = loop {
        match conn.recv().await?.ok_or(ClientError::Closed)? {
            ToClient::Rejected { reason } | ToClient::Refused { reason } => {
                break Err(ClientError::Refused(reason));
            }
            m @ (ToClient::TournamentMade { .. } | ToClient::Tournament { .. }) => break Ok(m),
            _ => {}
        }
    };
    conn.close().await;
    answer
}
