//! The HTTP side: the WebSocket at `/ws`, the JSON API for the pages and other tools, and with
//! `--web DIR` the browser build's static files, compressed as the browser accepts.
//!
//! - `GET /api/players/NAME`: `{"name", "rating", "deviation", "games", "wins", "matches"}`
//! - `GET /api/leaderboard`: the best rated players who have played, best first
//! - `GET /api/leaderboard/doubles`: the same by their doubles ratings
//! - `GET /api/live`: the live matches, to watch
//! - `GET /api/matches/ID`: a match, its digests and its save
//! - `GET /api/tournaments`: the open and live tournaments
//! - `GET /api/tournaments/ID`: a tournament: its players, its games with their matches, its
//!   standings exactly as `carrom tournament standings --json` prints them of its file
//! - `GET /api/tournaments/ID/export`: its file, which `carrom tournament standings FILE`
//!   reads (a 404 before it has started)
//! - `POST /api/tournaments` with `{"name", "token", "plan"}`: a tournament made by that
//!   name (its token proving it), answered `{"id", "code"}`; `POST /api/tournaments/ID/organize`
//!   with `{"name", "token", "act"}` (`{"type": "start"}`, `pause`, `resume`, `cancel`,
//!   `{"type": "remove", "name": ...}`): the organizer's act, answered with the tournament. A
//!   name without its token is a 403; another's act a 403 with its reason.
//! - `GET /api/timings`: where the server's time goes for each action ([`crate::timings`]),
//!   and the group commit's batches (`commits`, [`crate::journal`])
//!
//! An unknown name or match is a 404 with `{"error": "..."}`.

use crate::error::QueryError;
use crate::pages;
use crate::shared::Shared;
use axum::Json;
use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use carrom_online::protocol::MAX_CLIENT_MESSAGE;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

type Answer = Result<Json<Value>, (StatusCode, Json<Value>)>;

fn error(status: StatusCode, message: String) -> (StatusCode, Json<Value>) {
    (status, Json(json!({ "error": message })))
}

fn failed(e: impl std::fmt::Display) -> (StatusCode, Json<Value>) {
    error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
}

/// A query not answered: a 404 for what is unknown, else a 500.
fn refused(e: QueryError) -> (StatusCode, Json<Value>) {
    if e.is_unknown() {
        error(StatusCode::NOT_FOUND, e.to_string())
    } else {
        failed(e)
    }
}

pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let web = shared.config.web.clone();
    let api = Router::new()
        .route("/ws", get(upgrade))
        .route("/api/players/{name}", get(player))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/leaderboard/doubles", get(doubles_leaderboard))
        .route("/api/live", get(live))
        .route("/api/matches/{id}", get(one_match))
        .route("/api/tournaments", get(tournaments).post(create_tournament))
        .route("/api/tournaments/{id}", get(tournament))
        .route(
            "/api/tournaments/{id}/organize",
            axum::routing::post(organize),
        )
        .route("/api/tournaments/{id}/export", get(tournament_file))
        .route("/api/timings", get(timings))
        .layer(axum::middleware::from_fn_with_state(shared.clone(), rated))
        // A body is an organizer's plan or act: small.
        .layer(axum::extract::DefaultBodyLimit::max(MAX_CLIENT_MESSAGE))
        .with_state(shared);
    match web {
        Some(dir) => api.fallback_service(page(dir)),
        None => api,
    }
}

/// The browser build's files in `dir`: each sent compressed as the browser accepts (brotli,
/// gzip: the `.br` and `.gz` files beside it that `scripts/web.sh` writes), and kept by the
/// browser only to be asked again (`no-cache`: a file that has not changed is a 304 by its
/// date, a new build is taken at once).
fn page(dir: std::path::PathBuf) -> axum::routing::MethodRouter {
    use axum::http::{HeaderValue, header};
    let files = tower_http::services::ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip();
    let cache = tower_http::set_header::SetResponseHeaderLayer::if_not_present(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache"),
    );
    axum::routing::get_service(files).layer(cache)
}

async fn timings(State(shared): State<Arc<Shared>>) -> Json<Value> {
    let mut figures = shared.timings.figures();
    figures["commits"] = shared.store.commits().figures();
    Json(figures)
}

/// The API's requests, at most [`crate::shared::QUERIES_PER_SEC`] a second from one address
/// (with the WebSockets' queries): a 429 past that. The WebSocket's upgrade is not a query.
async fn rated(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let asks = request.uri().path().starts_with("/api/");
    if asks && !shared.may_query(shared.origin(from.ip(), request.headers())) {
        let why = crate::error::Refusal::Queries.to_string();
        return error(StatusCode::TOO_MANY_REQUESTS, why).into_response();
    }
    next.run(request).await
}

async fn upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    State(shared): State<Arc<Shared>>,
) -> Response {
    let origin = shared.origin(from.ip(), &headers);
    // Over the bound a message is still read, to be refused with its reason; far over it the
    // connection closes.
    ws.max_message_size(4 * MAX_CLIENT_MESSAGE)
        .max_frame_size(4 * MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| crate::ws::connection(socket, origin, shared))
        .into_response()
}

async fn player(State(shared): State<Arc<Shared>>, Path(name): Path<String>) -> Answer {
    let (p, matches) = pages::player(&shared, &name).await.map_err(refused)?;
    let mut v = serde_json::to_value(&p).map_err(failed)?;
    v["matches"] = json!(matches);
    Ok(Json(v))
}

async fn leaderboard(State(shared): State<Arc<Shared>>) -> Answer {
    let players = pages::leaderboard(&shared).await.map_err(failed)?;
    Ok(Json(json!(players)))
}

async fn doubles_leaderboard(State(shared): State<Arc<Shared>>) -> Answer {
    let players = pages::doubles_leaderboard(&shared).await.map_err(failed)?;
    Ok(Json(json!(players)))
}

async fn live(State(shared): State<Arc<Shared>>) -> Answer {
    Ok(Json(json!(pages::live(&shared))))
}

/// A match as the database keeps it, played again from its actions: its players, how it
/// ended, the digest after every action and its save.
async fn one_match(State(shared): State<Arc<Shared>>, Path(id): Path<u64>) -> Answer {
    let (row, game) = pages::stored_match(&shared, id).await.map_err(refused)?;
    let g = &game;
    Ok(Json(json!({
        "id": id,
        "rated": row.rated,
        "state": if row.live { "live" } else if row.aside { "aside" } else { "over" },
        "players": row.seats,
        "winners": row.winners,
        "how": row.how,
        "actions": g.actions.len(),
        "games": g.referee.games(),
        "score": g.referee.score(),
        "finished": g.is_over(),
        "digests": g.digests.iter().map(|d| format!("{d:016x}")).collect::<Vec<_>>(),
        "save": carrom_match::SaveFile::of(g),
    })))
}

async fn tournaments(State(shared): State<Arc<Shared>>) -> Answer {
    Ok(Json(json!(shared.tournament_list().await)))
}

async fn tournament(State(shared): State<Arc<Shared>>, Path(id): Path<u64>) -> Answer {
    let view = pages::tournament(&shared, id).await.map_err(refused)?;
    Ok(Json(serde_json::to_value(view).map_err(failed)?))
}

/// The tournament's file, as `carrom tournament` keeps one.
async fn tournament_file(State(shared): State<Arc<Shared>>, Path(id): Path<u64>) -> Answer {
    let file = crate::tournaments::export(&shared, id)
        .await
        .map_err(failed)?;
    let file = file.ok_or_else(|| refused(crate::error::QueryError::NoTournament { id }))?;
    Ok(Json(serde_json::to_value(file).map_err(failed)?))
}

/// An organizer's new tournament: his name and its token, and its plan.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Making {
    name: String,
    token: String,
    plan: carrom_online::TournamentPlan,
}

/// An organizer's act: his name and its token, and the act.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Acting {
    name: String,
    token: String,
    act: carrom_online::Organize,
}

/// The name as the server keeps it, when `token` is its token: else a 403.
async fn proven(
    shared: &Shared,
    name: &str,
    token: &str,
) -> Result<String, (StatusCode, Json<Value>)> {
    let player = shared.store.player(name).await.map_err(failed)?;
    match player {
        Some(p) if crate::names::holds(token, &p.token_hash) => Ok(p.name),
        _ => Err(error(
            StatusCode::FORBIDDEN,
            format!("{name}: no player has that name with that token"),
        )),
    }
}

/// A refusal of the tournament's: a 404 for what is none, a 403 for what is not the asker's
/// to do, a 409 for what its state does not allow.
fn tournament_refused(e: crate::error::TournamentError) -> (StatusCode, Json<Value>) {
    use crate::error::TournamentError as T;
    let status = match e {
        T::NoTournament { .. } => StatusCode::NOT_FOUND,
        T::NotOrganizer { .. } | T::TooMany { .. } => StatusCode::FORBIDDEN,
        T::Plan(_) | T::Draw(_) => StatusCode::UNPROCESSABLE_ENTITY,
        T::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::CONFLICT,
    };
    error(status, e.to_string())
}

async fn create_tournament(State(shared): State<Arc<Shared>>, Json(asked): Json<Making>) -> Answer {
    let name = proven(&shared, &asked.name, &asked.token).await?;
    let (id, code) = (crate::tournaments::create(&shared, &name, asked.plan).await)
        .map_err(tournament_refused)?;
    Ok(Json(json!({ "id": id, "code": code })))
}

async fn organize(
    State(shared): State<Arc<Shared>>,
    Path(id): Path<u64>,
    Json(asked): Json<Acting>,
) -> Answer {
    let name = proven(&shared, &asked.name, &asked.token).await?;
    (crate::tournaments::organize(&shared, id, name, asked.act).await)
        .map_err(tournament_refused)?;
    let view = pages::tournament(&shared, id).await.map_err(refused)?;
    Ok(Json(serde_json::to_value(view).map_err(failed)?))
}
