//! The carrom server: one process a club or a community runs on a public machine, to which
//! every player connects outwards. It is the referee of every match it hosts (carrom-net's host
//! logic on carrom-match's `Match`), pairs players (quick match by rating, private rooms),
//! rates them (Glicko-2), keeps every match in its database (SQLite or PostgreSQL) as it is
//! played, so a restarted server goes on with every match in progress, and serves a JSON API
//! and, with `--web`, the browser build.
//!
//! axum for HTTP and WebSocket on tokio; sqlx for the database; skillratings for the ratings.

pub mod api;
pub mod clock;
pub mod config;
pub mod error;
pub mod journal;
pub mod live;
pub mod lobby;
pub mod names;
pub mod pages;
pub mod rating;
pub mod store;
pub mod timings;
pub mod tls;
pub mod ws;

pub use config::{DEFAULT_LISTEN, ServerConfig, sqlite_in};
pub use error::{ServerError, StoreError};
pub use store::{Store, shown_url};

use axum::serve::ListenerExt;
use live::{Handle, Live, SeatPlan};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot};

/// What every connection and match of the server shares.
pub struct Shared {
    pub config: ServerConfig,
    pub store: Store,
    /// The live matches, by number.
    pub matches: Mutex<HashMap<u64, Handle>>,
    /// The live match each player's name sits in.
    pub seated: Mutex<HashMap<String, u64>>,
    pub lobby: Mutex<lobby::Lobby>,
    /// Match numbers are handed out here (the next one).
    next_id: tokio::sync::Mutex<u64>,
    next_conn: AtomicU64,
    /// Connections open, in all and by address; new names claimed by address.
    pub conns: AtomicUsize,
    pub by_address: Mutex<HashMap<IpAddr, usize>>,
    pub names_by_address: Mutex<HashMap<IpAddr, carrom_remote::Bucket>>,
    /// Where the server's time goes for each action (`GET /api/timings`).
    pub timings: timings::Timings,
}

impl Shared {
    fn new(config: ServerConfig, store: Store, next_id: u64) -> Shared {
        Shared {
            config,
            store,
            matches: Mutex::new(HashMap::new()),
            seated: Mutex::new(HashMap::new()),
            lobby: Mutex::new(lobby::Lobby::default()),
            next_id: tokio::sync::Mutex::new(next_id),
            next_conn: AtomicU64::new(1),
            conns: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
            names_by_address: Mutex::new(HashMap::new()),
            timings: timings::Timings::default(),
        }
    }

    /// A number for a new connection.
    pub fn conn_id(&self) -> u64 {
        self.next_conn
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    /// The live match `name` sits in, and the way to it.
    pub fn match_of(&self, name: &str) -> Option<(u64, Handle)> {
        let id = *self.seated.lock().ok()?.get(name)?;
        let handle = self.matches.lock().ok()?.get(&id)?.clone();
        Some((id, handle))
    }

    pub fn handle(&self, id: u64) -> Option<Handle> {
        self.matches.lock().ok()?.get(&id).cloned()
    }

    /// Match `id` is over: out of the registry, its players free.
    fn ended(&self, id: u64, seats: &[SeatPlan]) {
        if let Ok(mut m) = self.matches.lock() {
            m.remove(&id);
        }
        if let Ok(mut s) = self.seated.lock() {
            for p in seats {
                if s.get(&p.name) == Some(&id) {
                    s.remove(&p.name);
                }
            }
        }
    }

    /// Runs `live` in a task of its own and puts it in the registry.
    fn spawn(self: &Arc<Self>, live: Live) -> Handle {
        let (to, from) = mpsc::channel(1024);
        let handle = live.handle(to);
        let id = live.id;
        if let Ok(mut s) = self.seated.lock() {
            for p in live.seats.iter().filter(|p| p.computer.is_none()) {
                s.insert(p.name.clone(), id);
            }
        }
        if let Ok(mut m) = self.matches.lock() {
            m.insert(id, handle.clone());
        }
        tokio::spawn(live::run(live, from, self.clone()));
        handle
    }

    /// A new match of `seats` (its setup's players named as they say), stored and started.
    pub async fn start_match(
        self: &Arc<Self>,
        setup: carrom_match::MatchSetup,
        seats: Vec<SeatPlan>,
        rated: bool,
    ) -> Result<Handle, String> {
        let mut next = self.next_id.lock().await;
        let id = (*next).max(
            self.store
                .next_match_id()
                .await
                .map_err(|e| e.to_string())?,
        );
        *next = id + 1;
        let mut setup = live::named_setup(setup, &seats);
        if rated {
            // Rated matches are played on the ICF's shot clock (Laws 46, 50, 88).
            setup.rules.shot_clock_secs = Some(self.config.shot_clock_secs);
        }
        let game = carrom_match::Match::new(&self.config.spec, setup.clone())
            .map_err(|e| e.to_string())?;
        let row = store::MatchRow {
            id,
            rated,
            setup,
            seats: seats.clone(),
            live: true,
            winners: Vec::new(),
            how: String::new(),
        };
        self.store
            .create_match(&row)
            .await
            .map_err(|e| e.to_string())?;
        drop(next);
        let live = Live::new(id, rated, game, seats, &[]).map_err(|e| e.to_string())?;
        Ok(self.spawn(live))
    }

    /// The live matches the database kept (a restarted server): each played again to where it
    /// stood, and going on.
    async fn resume_all(self: &Arc<Self>) -> Result<usize, ServerError> {
        let rows = self.store.live_matches().await?;
        for row in &rows {
            let actions = self.store.actions(row.id).await?;
            let resume = |why: String| ServerError::Resume { id: row.id, why };
            let game = carrom_match::Match::new(&self.config.spec, row.setup.clone())
                .map_err(|e| resume(e.to_string()))?;
            let live = Live::new(row.id, row.rated, game, row.seats.clone(), &actions)
                .map_err(|e| resume(e.to_string()))?;
            self.spawn(live);
        }
        Ok(rows.len())
    }
}

/// A server running: where it listens, and how to stop it.
pub struct Running {
    pub addr: SocketAddr,
    /// Matches in progress it went on with from the database.
    pub resumed: usize,
    pub shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops taking connections and waits for the server to stop.
    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        self.task.abort();
        let _ = self.task.await;
    }

    /// Waits until the server stops (never, unless it fails).
    pub async fn wait(self) {
        let _ = self.task.await;
    }
}

/// Starts the server: opens the database (running its migrations), goes on with every match
/// it kept, and listens.
pub async fn serve(config: ServerConfig) -> Result<Running, ServerError> {
    if let Some(dir) = config.web.as_ref().filter(|d| !d.is_dir()) {
        return Err(ServerError::Web {
            dir: dir.display().to_string(),
        });
    }
    let acceptor = config
        .tls
        .as_ref()
        .map(tls::TlsFiles::acceptor)
        .transpose()?;
    let store = Store::open(&config.db).await?;
    let next_id = store.next_match_id().await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|source| ServerError::Listen {
            addr: config.listen,
            source,
        })?;
    let addr = listener
        .local_addr()
        .map_err(|source| ServerError::Listen {
            addr: config.listen,
            source,
        })?;
    let shared = Arc::new(Shared::new(config, store, next_id));
    let resumed = shared.resume_all().await?;
    tokio::spawn(lobby::run(shared.clone()));
    let app = api::router(shared.clone());
    let (stop, stopped) = oneshot::channel::<()>();
    let service = app.into_make_service_with_connect_info::<SocketAddr>();
    let stopping = async {
        let _ = stopped.await;
    };
    let task = match acceptor {
        None => tokio::spawn(async move {
            let serving = axum::serve(listener, service);
            let _ = serving.with_graceful_shutdown(stopping).await;
        }),
        Some(acceptor) => tokio::spawn(async move {
            // Tapped (with nothing) for axum's connect info: the peer's address.
            let listener = tls::TlsListener::new(listener, addr, acceptor).tap_io(|_| {});
            let serving = axum::serve(listener, service);
            let _ = serving.with_graceful_shutdown(stopping).await;
        }),
    };
    Ok(Running {
        addr,
        resumed,
        shared,
        stop: Some(stop),
        task,
    })
}
