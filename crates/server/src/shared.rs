//! What every connection and match of the server shares: its settings, its store, the live
//! matches and who sits in them, the lobby, the connections' counts; and the one loading of a
//! match from the store, for a restarted server's live matches and for a match asked for.

use crate::config::ServerConfig;
use crate::error::LoadError;
use crate::live::{self, Handle, Live, SeatPlan};
use crate::lobby::Lobby;
use crate::store::{MatchRow, Store};
use crate::timings::Timings;
use carrom_remote::Bucket;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// What every connection and match of the server shares.
pub struct Shared {
    pub(crate) config: ServerConfig,
    pub(crate) store: Store,
    /// The live matches, by number.
    pub(crate) matches: Mutex<HashMap<u64, Handle>>,
    /// The live match each player's name sits in.
    pub(crate) seated: Mutex<HashMap<String, u64>>,
    pub(crate) lobby: Mutex<Lobby>,
    /// Match numbers are handed out here (the next one).
    next_id: tokio::sync::Mutex<u64>,
    next_conn: AtomicU64,
    /// Connections open, in all and by address; new names claimed by address.
    pub(crate) conns: AtomicUsize,
    pub(crate) by_address: Mutex<HashMap<IpAddr, usize>>,
    pub(crate) names_by_address: Mutex<HashMap<IpAddr, Bucket>>,
    /// Where the server's time goes for each action (`GET /api/timings`).
    pub(crate) timings: Timings,
}

impl Shared {
    pub(crate) fn new(config: ServerConfig, store: Store, next_id: u64) -> Shared {
        Shared {
            config,
            store,
            matches: Mutex::new(HashMap::new()),
            seated: Mutex::new(HashMap::new()),
            lobby: Mutex::new(Lobby::default()),
            next_id: tokio::sync::Mutex::new(next_id),
            next_conn: AtomicU64::new(1),
            conns: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
            names_by_address: Mutex::new(HashMap::new()),
            timings: Timings::default(),
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
        Live::new(row.id, row.rated, game, row.seats.clone(), &actions)
            .map_err(|e| LoadError::Replay(e.to_string()))
    }

    /// A new match of `seats` (its setup's players named as they say), stored and started.
    pub(crate) async fn start_match(
        self: &Arc<Self>,
        setup: carrom_match::MatchSetup,
        seats: Vec<SeatPlan>,
        rated: bool,
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
            id,
            rated,
            setup,
            seats: seats.clone(),
            live: true,
            winners: Vec::new(),
            how: String::new(),
        };
        self.store.create_match(&row).await?;
        drop(next);
        let live =
            Live::new(id, rated, game, seats, &[]).map_err(|e| LoadError::Replay(e.to_string()))?;
        Ok(self.spawn(live))
    }

    /// The live matches the store kept (a restarted server): each played again to where it
    /// stood, and going on. How many.
    pub(crate) async fn resume_all(self: &Arc<Self>) -> Result<usize, crate::ServerError> {
        let rows = self.store.live_matches().await?;
        for row in &rows {
            let live = self.load(row).await.map_err(|e| match e {
                LoadError::Store(e) => e.into(),
                why => crate::ServerError::Resume {
                    id: row.id,
                    why: why.to_string(),
                },
            })?;
            self.spawn(live);
        }
        Ok(rows.len())
    }
}
