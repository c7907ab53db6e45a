//! The server started: its database opened (its migrations run), every match it kept going on,
//! its lobby's clock, and its HTTP and WebSocket side listening (with its own TLS if asked);
//! and what a caller may ask of a running server.

use crate::error::{QueryError, ServerError};
use crate::shared::Shared;
use crate::store::{MatchRow, Store};
use crate::{ServerConfig, api, guard, lobby, pages, tls};
use axum::serve::ListenerExt;
use carrom_match::Match;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::oneshot;

/// A server running: where it listens, and how to stop it.
pub struct Running {
    pub addr: SocketAddr,
    /// Matches in progress it went on with from the database.
    pub resumed: usize,
    shared: Arc<Shared>,
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

    /// The number of the live match `name` sits in.
    pub fn match_of(&self, name: &str) -> Option<u64> {
        self.shared.match_of(name).map(|(id, _)| id)
    }

    /// How many players wait for a quick match.
    pub fn waiting(&self) -> usize {
        self.shared.lobby.lock().map_or(0, |l| l.queue.len())
    }

    /// Match `id` as the database keeps it, played again from its actions (as the API and
    /// the pages give it).
    pub async fn stored_match(&self, id: u64) -> Result<(MatchRow, Match), QueryError> {
        pages::stored_match(&self.shared, id).await
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
    let listen = config.listen;
    let cannot_listen = |source| ServerError::Listen {
        addr: listen,
        source,
    };
    let listener = (tokio::net::TcpListener::bind(listen).await).map_err(cannot_listen)?;
    let addr = listener.local_addr().map_err(cannot_listen)?;
    // Every TCP connection counted from its acceptance: the WebSockets' bound and a
    // sixteenth more (the API's requests, and room to tell a WebSocket the server is full),
    // and from one address as many as may prove a name past its WebSocket bound (behind a
    // trusted proxy every connection is the proxy's: its clients are counted by address at
    // their WebSocket).
    let from_one = match config.trust_proxy {
        true => usize::MAX,
        false => config.max_per_address * crate::ws::PROVEN_PAST_THE_BOUND,
    };
    let open = guard::Open::new(
        config.max_connections + config.max_connections / 16,
        from_one,
    );
    let listener = guard::Guarded::new(listener, open);
    let shared = Arc::new(Shared::new(config, store, next_id));
    let resumed = shared.resume_all().await?;
    crate::tournaments::resume_all(&shared).await?;
    tokio::spawn(lobby::run(shared.clone()));
    let app = api::router(shared.clone());
    let (stop, stopped) = oneshot::channel::<()>();
    let service = app.into_make_service_with_connect_info::<SocketAddr>();
    let stopping = async {
        let _ = stopped.await;
    };
    let task = match acceptor {
        None => tokio::spawn(async move {
            // Tapped (with nothing) for axum's connect info: the peer's address.
            let serving = axum::serve(listener.tap_io(|_| {}), service);
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
