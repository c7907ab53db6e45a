//! What a client asks to show, read from the store as the JSON API reads it: the leaderboard, a
//! player's page, the live matches and a finished (or live) match's save. Answered over the
//! WebSocket ([`crate::ws`]) and by the API ([`crate::api`]); bounded in what may be asked.

use crate::Shared;
use crate::live::Live;
use crate::store::PlayerRow;
use carrom_match::{Match, SaveFile};
use carrom_online::protocol::{LEADERBOARD_ROWS, MAX_ASKED_NAME, RECENT_MATCHES};
use carrom_online::{LiveMatch, PastMatch, Standing, ToClient, ToServer};
use std::sync::atomic::Ordering;

/// Why a query is not answered, in words.
pub type Refusal = String;

/// The answer to a query ([`ToServer::is_query`]); none for any other message.
pub async fn answer(shared: &Shared, query: &ToServer) -> Option<Result<ToClient, Refusal>> {
    Some(match query {
        ToServer::Leaderboard => leaderboard(shared).await,
        ToServer::Player { name } => player(shared, name).await,
        ToServer::Live => Ok(ToClient::Live {
            matches: live(shared),
        }),
        ToServer::Saved { id } => replayed(shared, *id)
            .await
            .map(|(_, game)| ToClient::Saved {
                id: *id,
                save: Box::new(SaveFile::of(&game)),
            }),
        _ => return None,
    })
}

fn standing(p: &PlayerRow) -> Standing {
    Standing {
        name: p.name.clone(),
        rating: p.rating,
        deviation: p.deviation,
        games: p.games,
        wins: p.wins,
    }
}

async fn leaderboard(shared: &Shared) -> Result<ToClient, Refusal> {
    let rows =
        (shared.store.leaderboard(LEADERBOARD_ROWS as i64).await).map_err(|e| e.to_string())?;
    Ok(ToClient::Leaderboard {
        rows: rows.iter().map(standing).collect(),
    })
}

async fn player(shared: &Shared, name: &str) -> Result<ToClient, Refusal> {
    if name.len() > MAX_ASKED_NAME {
        return Err(format!("a name of {} bytes: names are shorter", name.len()));
    }
    let store = &shared.store;
    let p = (store.player(name).await)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no player is named {name}"))?;
    let ids = (store.matches_of(name, RECENT_MATCHES as i64).await).map_err(|e| e.to_string())?;
    let mut matches = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(row) = store.match_row(id).await.map_err(|e| e.to_string())? {
            matches.push(PastMatch {
                id,
                players: row.seats.iter().map(|s| s.name.clone()).collect(),
                rated: row.rated,
                live: row.live,
                winners: row.winners,
                how: row.how,
            });
        }
    }
    Ok(ToClient::Player {
        player: standing(&p),
        matches,
    })
}

/// The live matches, by number.
pub fn live(shared: &Shared) -> Vec<LiveMatch> {
    let mut list: Vec<LiveMatch> = match shared.matches.lock() {
        Ok(m) => m
            .iter()
            .map(|(&id, h)| LiveMatch {
                id,
                players: h.players.clone(),
                rated: h.rated,
                actions: h.actions.load(Ordering::Relaxed),
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    list.sort_by_key(|m| m.id);
    list
}

/// Match `id` as the database keeps it, played again from its actions.
pub async fn replayed(
    shared: &Shared,
    id: u64,
) -> Result<(crate::store::MatchRow, Match), Refusal> {
    let row = (shared.store.match_row(id).await)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no match {id}"))?;
    let actions = shared.store.actions(id).await.map_err(|e| e.to_string())?;
    let game = Match::new(&shared.config.spec, row.setup.clone()).map_err(|e| e.to_string())?;
    let live =
        Live::new(id, row.rated, game, row.seats.clone(), &actions).map_err(|e| e.to_string())?;
    Ok((row, live.game))
}
