//! What every connection and match of the server shares: its settings, its store, the live
//! matches and who sits in them, the lobby, the connections' counts; and the one loading of a
//! match from the store, for a restarted server's live matches and for a match asked for.

use crate::config::ServerConfig;
use crate::error::LoadError;
use crate::guard::Open;
use crate::live::{self, Handle, Live, SeatPlan};
use crate::lobby::Lobby;
use crate::store::{MatchRow, Store};
use crate::timings::Timings;
use carrom_online::ToClient;
use carrom_remote::bounds::{Guesses, Origin, PerOrigin};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// A player away when his match ended is told how it ended when he comes back within this
/// long.
pub(crate) const UNTOLD_FOR: Duration = Duration::from_secs(600);
/// The queries one address may ask (the API's and the WebSockets' together), a second ...
pub(crate) const QUERIES_PER_SEC: f64 = 5.0;
/// ... and at once.
pub(crate) const QUERIES_BURST: f64 = 30.0;
/// Finished matches kept as they were played again, for the API and the pages.
pub(crate) const KEPT_MATCHES: usize = 64;

/// Finished matches played again, by number, and the order they came in.
type Kept = (
    HashMap<u64, (MatchRow, carrom_match::Match)>,
    std::collections::VecDeque<u64>,
);

/// What every connection and match of the server shares.
pub struct Shared {
    pub(crate) config: ServerConfig,
    pub(crate) store: Store,
    /// The live matches, by number.
    pub(crate) matches: Mutex<HashMap<u64, Handle>>,
    /// The live match each player's name sits in.
    pub(crate) seated: Mutex<HashMap<String, u64>>,
    pub(crate) lobby: Mutex<Lobby>,
    /// The tournaments running (not ended), by number.
    pub(crate) tournaments: Mutex<HashMap<u64, crate::tournaments::Handle>>,
    /// Match numbers are handed out here (the next one).
    next_id: tokio::sync::Mutex<u64>,
    next_conn: AtomicU64,
    /// The WebSockets open, in all and by address; new names claimed by address.
    pub(crate) sockets: Arc<Open>,
    pub(crate) names_by_address: Mutex<PerOrigin>,
    /// The queries (the API's and the WebSockets'), by address.
    queries: Mutex<PerOrigin>,
    /// Connections welcomed under each name.
    by_name: Mutex<HashMap<String, usize>>,
    /// Wrong room codes, by address and from everyone (as the host across machines counts
    /// wrong join codes).
    pub(crate) guesses: Mutex<Guesses>,
    /// How the matches ended of the players who were away then, until they come back.
    untold: Mutex<HashMap<String, (Instant, ToClient)>>,
    /// Finished matches played again, by number, and the order they came in.
    kept: Mutex<Kept>,
    /// Where the server's time goes for each action (`GET /api/timings`).
    pub(crate) timings: Timings,
}

impl Shared {
    pub(crate) fn new(config: ServerConfig, store: Store, next_id: u64) -> Shared {
        Shared {
            store,
            matches: Mutex::new(HashMap::new()),
            seated: Mutex::new(HashMap::new()),
            lobby: Mutex::new(Lobby::default()),
            tournaments: Mutex::new(HashMap::new()),
            next_id: tokio::sync::Mutex::new(next_id),
            next_conn: AtomicU64::new(1),
            sockets: Open::new(
                config.max_connections,
                config.max_per_address * crate::ws::PROVEN_PAST_THE_BOUND,
            ),
            names_by_address: Mutex::new(PerOrigin::new(
                f64::from(config.new_names_per_hour) / 3600.0,
                f64::from(config.new_names_per_hour),
            )),
            queries: Mutex::new(PerOrigin::new(QUERIES_PER_SEC, QUERIES_BURST)),
            by_name: Mutex::new(HashMap::new()),
            guesses: Mutex::new(Guesses::new(Instant::now())),
            untold: Mutex::new(HashMap::new()),
            kept: Mutex::new(Default::default()),
            timings: Timings::default(),
            config,
        }
    }

    /// A number for a new connection.
    pub(crate) fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The live match `name` sits in, and the way to it.
    pub(crate) fn match_of(&self, name: &str) -> Option<(u64, Handle)> {
        let id = *self.seated.lock().ok()?.get(name)?;
        let handle = self.matches.lock().ok()?.get(&id)?.clone();
        Some((id, handle))
    }

    pub(crate) fn handle(&self, id: u64) -> Option<Handle> {
        self.matches.lock().ok()?.get(&id).cloned()
    }

    /// Match `id` is over: out of the registry, its players free.
    pub(crate) fn ended(&self, id: u64, seats: &[SeatPlan]) {
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

    /// Whether `origin` may ask one more query now.
    pub(crate) fn may_query(&self, origin: Origin) -> bool {
        (self.queries.lock()).is_ok_and(|mut q| q.take(origin, Instant::now()))
    }

    /// Where a connection from `peer` comes from: the proxy's word for it (the last address
    /// of its `X-Forwarded-For`) when the server is told to trust its proxy, else the peer.
    pub(crate) fn origin(&self, peer: std::net::IpAddr, headers: &axum::http::HeaderMap) -> Origin {
        let forwarded = (headers.get("x-forwarded-for"))
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|last| last.trim().parse().ok());
        match forwarded {
            Some(ip) if self.config.trust_proxy => Origin::of(ip),
            _ => Origin::of(peer),
        }
    }

    /// One more connection under `name`, unless it has `most` already.
    pub(crate) fn count_name(&self, name: &str, most: usize) -> bool {
        let Ok(mut by_name) = self.by_name.lock() else {
            return false;
        };
        let n = by_name.entry(name.to_string()).or_insert(0);
        if *n >= most {
            return false;
        }
        *n += 1;
        true
    }

    /// A connection under `name` is gone.
    pub(crate) fn uncount_name(&self, name: &str) {
        if let Ok(mut by_name) = self.by_name.lock()
            && let Some(n) = by_name.get_mut(name)
        {
            *n -= 1;
            if *n == 0 {
                by_name.remove(name);
            }
        }
    }

    /// The players `away` when their match ended (`over`): each told when he comes back.
    pub(crate) fn untold<'a>(&self, away: impl Iterator<Item = &'a String>, over: ToClient) {
        let Ok(mut untold) = self.untold.lock() else {
            return;
        };
        untold.retain(|_, (at, _)| at.elapsed() < UNTOLD_FOR);
        for name in away {
            untold.insert(name.clone(), (Instant::now(), over.clone()));
        }
    }

    /// How `name`'s match ended while he was away, if it did lately; told once.
    pub(crate) fn take_untold(&self, name: &str) -> Option<ToClient> {
        let (at, over) = self.untold.lock().ok()?.remove(name)?;
        (at.elapsed() < UNTOLD_FOR).then_some(over)
    }

    /// Finished match `id`, kept as it was played again.
    pub(crate) fn kept(&self, id: u64) -> Option<(MatchRow, carrom_match::Match)> {
        self.kept.lock().ok()?.0.get(&id).cloned()
    }

    /// Keeps finished match `row` as it was played again (the [`KEPT_MATCHES`] last ones).
    pub(crate) fn keep(&self, row: &MatchRow, game: &carrom_match::Match) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        let (by_id, order) = &mut *kept;
        if by_id.insert(row.id, (row.clone(), game.clone())).is_none() {
            order.push_back(row.id);
        }
        while order.len() > KEPT_MATCHES {
            if let Some(old) = order.pop_front() {
                by_id.remove(&old);
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

    /// Match `row` as the store keeps it, played again from its actions to where it stands:
    /// the one loading of a match from the store (a restarted server's live matches, a match
    /// a client or the API asks for).
    pub(crate) async fn load(&self, row: &MatchRow) -> Result<Live, LoadError> {
        let actions = self.store.actions(row.id).await?;
        let game = carrom_match::Match::new(&self.config.spec, row.setup.clone())?;
        Live::of_row(row, game, &actions).map_err(|e| LoadError::Replay(e.to_string()))
    }

    /// A new match of `seats` (its setup's players named as they say), stored and started;
    /// a private room's watched with its code only.
    pub(crate) async fn start_match(
        self: &Arc<Self>,
        setup: carrom_match::MatchSetup,
        seats: Vec<SeatPlan>,
        (rated, watch_code): (bool, Option<String>),
    ) -> Result<Handle, LoadError> {
        let mut next = self.next_id.lock().await;
        let id = (*next).max(self.store.next_match_id().await?);
        *next = id + 1;
        let mut setup = live::named_setup(setup, &seats);
        if rated {
            // Rated matches are played on the ICF's shot clock (Laws 46, 50, 88).
            setup.rules.shot_clock_secs = Some(self.config.shot_clock_secs);
        }
        let game = carrom_match::Match::new(&self.config.spec, setup.clone())?;
        let row = MatchRow {
            watch_code,
            ..MatchRow::starting(id, rated, setup, seats)
        };
        self.store.create_match(&row).await?;
        drop(next);
        let live = Live::of_row(&row, game, &[]).map_err(|e| LoadError::Replay(e.to_string()))?;
        Ok(self.spawn(live))
    }

    /// The live matches the store kept (a restarted server): each played again to where it
    /// stood, and going on. How many. A match that cannot be played again from its actions is
    /// set aside (marked so in the store, and logged): the server starts with the others.
    pub(crate) async fn resume_all(self: &Arc<Self>) -> Result<usize, crate::ServerError> {
        let rows = self.store.live_matches().await?;
        let mut resumed = 0;
        for row in &rows {
            match self.load(row).await {
                Ok(live) => {
                    self.spawn(live);
                    resumed += 1;
                }
                // The database itself away: the server cannot start. (A record in it that
                // does not read is the match's fault, and sets the match aside below.)
                Err(LoadError::Store(e)) if !matches!(e, crate::StoreError::Record(_)) => {
                    return Err(e.into());
                }
                Err(why) => {
                    let why = why.to_string();
                    let id = row.id;
                    eprintln!(
                        "the match {id} in the database cannot be played again: {why}; it is set aside"
                    );
                    self.store.set_aside(row.id, &why).await?;
                }
            }
        }
        Ok(resumed)
    }
}
