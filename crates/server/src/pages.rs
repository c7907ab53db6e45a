//! The queries a client asks to show, read from the store: the leaderboard, a player's page,
//! the live matches and a finished (or live) match's save. The one set of queries behind both
//! the WebSocket's pages ([`crate::ws`], [`answer`]) and the JSON API ([`crate::api`]), with
//! their limits: the protocol's [`LEADERBOARD_ROWS`] and [`RECENT_MATCHES`].

use crate::error::{QueryError, StoreError};
use crate::live::ToMatch;
use crate::shared::Shared;
use crate::store::{MatchRow, PlayerRow};
use carrom_match::{Match, SaveFile};
use carrom_online::protocol::{LEADERBOARD_ROWS, MAX_ASKED_NAME, RECENT_MATCHES};
use carrom_online::{DoublesStanding, LiveMatch, Mode, PastMatch, Standing, ToClient, ToServer};
use std::sync::atomic::Ordering;

/// The answer to a query ([`ToServer::is_query`]); none for any other message.
pub(crate) async fn answer(
    shared: &Shared,
    query: &ToServer,
) -> Option<Result<ToClient, QueryError>> {
    Some(match query {
        ToServer::Leaderboard { mode } => {
            let rows = match mode {
                Mode::Singles => leaderboard(shared).await,
                Mode::Doubles => doubles_leaderboard(shared).await,
            };
            (rows.map_err(QueryError::from)).map(|rows| ToClient::Leaderboard {
                mode: *mode,
                rows: rows.iter().map(standing).collect(),
            })
        }
        ToServer::Player { name } => player_page(shared, name).await,
        ToServer::Live => Ok(ToClient::Live {
            matches: live(shared),
        }),
        ToServer::Saved { id } => {
            stored_match(shared, *id)
                .await
                .map(|(_, game)| ToClient::Saved {
                    id: *id,
                    save: Box::new(SaveFile::of(&game)),
                })
        }
        ToServer::Tournaments => Ok(ToClient::Tournaments {
            tournaments: shared.tournament_list().await,
        }),
        ToServer::Tournament { id } => {
            tournament(shared, *id).await.map(|t| ToClient::Tournament {
                tournament: Box::new(t),
            })
        }
        _ => return None,
    })
}

/// Tournament `id` as it stands (the WebSocket's page and the API's).
pub(crate) async fn tournament(
    shared: &Shared,
    id: u64,
) -> Result<carrom_online::TournamentView, QueryError> {
    (crate::tournaments::view(shared, id).await?).ok_or(QueryError::NoTournament { id })
}

fn standing(p: &PlayerRow) -> Standing {
    Standing {
        name: p.name.clone(),
        rating: p.rating,
        deviation: p.deviation,
        games: p.games,
        wins: p.wins,
        doubles: p.doubles.as_ref().map(|d| DoublesStanding {
            rating: d.rating,
            uncertainty: d.uncertainty,
            games: d.games,
            wins: d.wins,
        }),
    }
}

/// The best rated doubles players, best first ([`LEADERBOARD_ROWS`] of them).
pub(crate) async fn doubles_leaderboard(shared: &Shared) -> Result<Vec<PlayerRow>, StoreError> {
    shared
        .store
        .doubles_leaderboard(LEADERBOARD_ROWS as i64)
        .await
}

/// The best rated players who have played, best first ([`LEADERBOARD_ROWS`] of them).
pub(crate) async fn leaderboard(shared: &Shared) -> Result<Vec<PlayerRow>, StoreError> {
    shared.store.leaderboard(LEADERBOARD_ROWS as i64).await
}

/// Player `name` and the numbers of his last matches, newest first ([`RECENT_MATCHES`]).
pub(crate) async fn player(
    shared: &Shared,
    name: &str,
) -> Result<(PlayerRow, Vec<u64>), QueryError> {
    let store = &shared.store;
    let p = (store.player(name).await?).ok_or_else(|| QueryError::NoPlayer {
        name: name.to_string(),
    })?;
    let ids = store.matches_of(&p.name, RECENT_MATCHES as i64).await?;
    Ok((p, ids))
}

/// A player's page as a client is sent it: his standing and his last matches.
async fn player_page(shared: &Shared, name: &str) -> Result<ToClient, QueryError> {
    if name.len() > MAX_ASKED_NAME {
        return Err(QueryError::LongName { bytes: name.len() });
    }
    let (p, ids) = player(shared, name).await?;
    let mut matches = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(row) = shared.store.match_row(id).await? {
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

/// The live matches anyone may watch (not private rooms'), by number.
pub(crate) fn live(shared: &Shared) -> Vec<LiveMatch> {
    let mut list: Vec<LiveMatch> = match shared.matches.lock() {
        Ok(m) => m
            .iter()
            .filter(|(_, h)| h.watch_code.is_none())
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

/// Match `id` as the database keeps it: a live match as its task has it, a finished one
/// played again from its actions once and then kept ([`Shared::kept`]), so that asking for a
/// match again and again costs the server no replays.
pub(crate) async fn stored_match(
    shared: &Shared,
    id: u64,
) -> Result<(MatchRow, Match), QueryError> {
    if let Some(kept) = shared.kept(id) {
        return Ok(kept);
    }
    let row = (shared.store.match_row(id).await?).ok_or(QueryError::NoMatch { id })?;
    if row.live
        && let Some(handle) = shared.handle(id)
    {
        let (reply, game) = tokio::sync::oneshot::channel();
        if handle.to.send(ToMatch::Snapshot { reply }).await.is_ok()
            && let Ok(game) = game.await
        {
            return Ok((row, game));
        }
    }
    let game = shared.load(&row).await?.game;
    if !row.live {
        shared.keep(&row, &game);
    }
    Ok((row, game))
}
