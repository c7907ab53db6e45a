//! A tournament beside the load: an organizer makes a Swiss of computers on the server, as
//! many headless players join it as the plan says, he starts it when they all have, and each
//! plays his games as the server gives them to him until its last round ends: how long it
//! took, its games and walkovers, its champion, and its actions' round trips (tallied apart
//! from the quick matches').

use super::{Tally, tally_trips};
use carrom_match::Level;
use carrom_online::{
    ClientError, Connection, Organize, Plan, Request, ToClient, ToServer, TournamentPlan,
    TournamentView,
};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The tournament a load test plays beside its matches.
#[derive(Clone, Copy, Debug)]
pub struct SwissLoad {
    /// Its players: headless computer clients, one name each.
    pub players: u64,
    /// Its rounds.
    pub rounds: usize,
}

/// How long the players have to join before it starts without the late ones.
const JOINING: Duration = Duration::from_secs(60);

/// The Swiss `swiss` played on the server at `addr` by computers of `level`, each action
/// `pace` after the last: its figures, or why it could not be played.
pub async fn play(
    swiss: SwissLoad,
    addr: &str,
    level: Level,
    pace: Duration,
) -> Result<Value, ClientError> {
    let (mut organizer, _) = Connection::hello(addr, "Load organizer", None).await?;
    let plan = TournamentPlan {
        rounds: Some(swiss.rounds),
        ..TournamentPlan::new("Load Swiss", carrom_tournament::Format::Swiss)
    };
    organizer.send(&ToServer::CreateTournament { plan }).await?;
    let (id, code) = loop {
        match answer(&mut organizer).await? {
            ToClient::TournamentMade { id, code } => break (id, code),
            _ => continue,
        }
    };
    let tally = Arc::new(Mutex::new(Tally::default()));
    let players: Vec<_> = (0..swiss.players)
        .map(|i| {
            let plan = Plan {
                server: addr.to_string(),
                name: format!("Swiss {i}"),
                token: None,
                request: Request::Tournament {
                    id,
                    code: code.clone(),
                },
                computer: Some(level),
                retry: Duration::from_secs(10),
                pace,
                ca: None,
            };
            tokio::spawn(player(plan, tally.clone()))
        })
        .collect();
    let joined = all_joined(&mut organizer, id, swiss.players).await?;
    let t0 = Instant::now();
    let act = Organize::Start;
    organizer.send(&ToServer::Organize { id, act }).await?;
    answer(&mut organizer).await?;
    organizer.close().await;
    let ended = futures_util::future::join_all(players).await;
    let seconds = t0.elapsed().as_secs_f64();
    let view = ended.into_iter().flatten().flatten().next();
    let t = tally.lock().unwrap_or_else(|e| e.into_inner());
    Ok(figures(swiss, joined, view.as_ref(), &t, seconds))
}

/// The server's next answer that is not a refusal (a refusal is the error).
async fn answer(conn: &mut Connection) -> Result<ToClient, ClientError> {
    match conn.recv().await?.ok_or(ClientError::Closed)? {
        ToClient::Rejected { reason } | ToClient::Refused { reason } => {
            Err(ClientError::Refused(reason))
        }
        m => Ok(m),
    }
}

/// Asks tournament `id` as it stands until `players` have joined (or the time to join is
/// over): how many joined.
async fn all_joined(conn: &mut Connection, id: u64, players: u64) -> Result<usize, ClientError> {
    let end = Instant::now() + JOINING;
    loop {
        conn.send(&ToServer::Tournament { id }).await?;
        let entrants = loop {
            if let ToClient::Tournament { tournament } = answer(conn).await? {
                break tournament.entrants.len();
            }
        };
        if entrants as u64 >= players || Instant::now() > end {
            return Ok(entrants);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// A player of the tournament: his games played, each action's round trip tallied; the
/// tournament as it ended for him.
async fn player(plan: Plan, tally: Arc<Mutex<Tally>>) -> Option<TournamentView> {
    let mut trips = tally_trips(tally.clone());
    let played = carrom_online::play_tournament(plan, |e| trips(e)).await;
    let played = played.ok()?;
    if let Ok(mut t) = tally.lock() {
        t.finished += 1;
    }
    played.tournament
}

/// The tournament's figures.
fn figures(
    swiss: SwissLoad,
    joined: usize,
    view: Option<&TournamentView>,
    t: &Tally,
    seconds: f64,
) -> Value {
    let games = view.map_or(&[][..], |v| &v.games[..]);
    let played = games.iter().filter(|g| g.game.winner.is_some()).count();
    let walkovers = (games.iter())
        .filter(|g| g.game.result.as_ref().is_some_and(|r| r.walkover.is_some()))
        .count();
    let (p50, p99) = t.percentiles();
    json!({
        "players": swiss.players,
        "joined": joined,
        "rounds": swiss.rounds,
        "state": view.map(|v| format!("{:?}", v.summary.state)),
        "champions": view.map(|v| v.champions.clone()).unwrap_or_default(),
        "games": games.len(),
        "games_played": played,
        "walkovers": walkovers,
        "players_finished": t.finished,
        "seconds_from_its_start": seconds,
        "actions": t.applied,
        "round_trip_ms_p50": p50,
        "round_trip_ms_p99": p99,
    })
}
