//! A client's WebSocket: its bounds (connections in all and from one address, message size and
//! rate, new names from one address), its hello (a name and the name's token), and what it asks
//! for, handed to the lobby or to its match. Every refusal is a [`Refusal`] and carries its
//! reason.

use crate::error::{LobbyError, Refusal};
use crate::live::{Out, Outbox, ToMatch, tell};
use crate::lobby::{self, Waiting};
use crate::names;
use crate::shared::Shared;
use axum::extract::ws::{Message, WebSocket};
use carrom_online::protocol::MAX_CLIENT_MESSAGE;
use carrom_online::{ONLINE_PROTOCOL, ToClient, ToServer};
use carrom_remote::bounds::{Bucket, FLOOD_LIMIT, GUEST_BURST, GUEST_RATE};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// A connection that has not said hello within this long is closed.
pub(crate) const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Wrong room codes an address may give at once, and then one every this long.
const WRONG_CODES_BURST: f64 = 5.0;
const WRONG_CODES_PER_SEC: f64 = 0.1;

/// A counted connection: uncounted when dropped.
struct Counted {
    shared: Arc<Shared>,
    ip: IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        self.shared.conns.fetch_sub(1, Ordering::Relaxed);
        if let Ok(mut m) = self.shared.by_address.lock()
            && let Some(n) = m.get_mut(&self.ip)
        {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.ip);
            }
        }
    }
}

/// Counts a new connection from `ip`, or the reason it is refused.
fn admit(shared: &Arc<Shared>, ip: IpAddr) -> Result<Counted, Refusal> {
    let most = shared.config.max_connections;
    if shared.conns.fetch_add(1, Ordering::Relaxed) >= most {
        shared.conns.fetch_sub(1, Ordering::Relaxed);
        return Err(Refusal::Full { most });
    }
    let Ok(mut m) = shared.by_address.lock() else {
        shared.conns.fetch_sub(1, Ordering::Relaxed);
        return Err(Refusal::Stopping);
    };
    let n = m.entry(ip).or_insert(0);
    if *n >= shared.config.max_per_address {
        drop(m);
        shared.conns.fetch_sub(1, Ordering::Relaxed);
        let most = shared.config.max_per_address;
        return Err(Refusal::FromYourAddress { most });
    }
    *n += 1;
    Ok(Counted {
        shared: shared.clone(),
        ip,
    })
}

/// One client's connection, from its upgrade to its end.
pub(crate) async fn connection(socket: WebSocket, ip: IpAddr, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut out) = mpsc::channel::<Out>(1024);
    let writer = tokio::spawn(async move {
        while let Some(o) = out.recv().await {
            let sent = match o {
                Out::Text(text) => sink.send(Message::Text(text.as_ref().into())).await,
                Out::Close => break,
            };
            if sent.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let counted = match admit(&shared, ip) {
        Ok(c) => c,
        Err(reason) => {
            refuse(&outbox, reason);
            let _ = writer.await;
            return;
        }
    };
    let mut client = Client {
        conn: shared.conn_id(),
        ip,
        shared,
        outbox: outbox.clone(),
        name: None,
        watching: None,
        rate: Bucket::new(GUEST_RATE, GUEST_BURST, Instant::now()),
        dropped: 0,
        wrong_codes: Bucket::new(WRONG_CODES_PER_SEC, WRONG_CODES_BURST, Instant::now()),
    };
    client.read(&mut stream).await;
    client.gone().await;
    drop(counted);
    let _ = outbox.send(Out::Close).await;
    let _ = writer.await;
}

/// Refuses the connection (`Refused`, then closed).
fn refuse(outbox: &Outbox, why: Refusal) {
    let reason = why.to_string();
    tell(outbox, &ToClient::Refused { reason });
    let _ = outbox.try_send(Out::Close);
}

/// Rejects one message (`Rejected`); the connection stays.
fn reject(outbox: &Outbox, why: impl Into<Refusal>) {
    let reason = why.into().to_string();
    tell(outbox, &ToClient::Rejected { reason });
}

struct Client {
    conn: u64,
    ip: IpAddr,
    shared: Arc<Shared>,
    outbox: Outbox,
    /// The name, once the hello is accepted.
    name: Option<String>,
    /// The match this connection watches.
    watching: Option<u64>,
    rate: Bucket,
    dropped: u32,
    wrong_codes: Bucket,
}

/// What became of a message: go on reading, or close the connection.
enum Next {
    Go,
    Close,
}

impl Client {
    async fn read(&mut self, stream: &mut futures_util::stream::SplitStream<WebSocket>) {
        let deadline = tokio::time::Instant::now() + HELLO_WITHIN;
        loop {
            let got = if self.name.is_none() {
                match tokio::time::timeout_at(deadline, stream.next()).await {
                    Ok(got) => got,
                    Err(_) => {
                        let secs = HELLO_WITHIN.as_secs();
                        return refuse(&self.outbox, Refusal::NoHello { secs });
                    }
                }
            } else {
                stream.next().await
            };
            let text = match got {
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(Message::Binary(_))) => {
                    reject(&self.outbox, Refusal::Binary);
                    continue;
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return,
            };
            if let Next::Close = self.message(text.as_str()).await {
                return;
            }
        }
    }

    /// One message, within the bounds of size and rate.
    async fn message(&mut self, text: &str) -> Next {
        if !self.rate.take(Instant::now()) {
            self.dropped += 1;
            if self.dropped >= FLOOD_LIMIT {
                refuse(&self.outbox, Refusal::Flood);
                return Next::Close;
            }
            reject(&self.outbox, Refusal::TooFast);
            return Next::Go;
        }
        if text.len() > MAX_CLIENT_MESSAGE {
            reject(&self.outbox, Refusal::TooLong { bytes: text.len() });
            return Next::Go;
        }
        let message: ToServer = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                reject(&self.outbox, Refusal::Malformed(e));
                return Next::Go;
            }
        };
        if let Some(answer) = crate::pages::answer(&self.shared, &message).await {
            match answer {
                Ok(answer) => tell(&self.outbox, &answer),
                Err(reason) => reject(&self.outbox, reason),
            }
            return Next::Go;
        }
        match (message, self.name.clone()) {
            (
                ToServer::Hello {
                    protocol,
                    name,
                    token,
                },
                None,
            ) => self.hello(protocol, &name, token).await,
            (ToServer::Hello { .. }, Some(_)) => {
                reject(&self.outbox, Refusal::SecondHello);
                Next::Go
            }
            (_, None) => {
                refuse(&self.outbox, Refusal::HelloFirst);
                Next::Close
            }
            (m, Some(name)) => {
                self.ask(m, name).await;
                Next::Go
            }
        }
    }

    /// The hello: the name taken when it is new (a token given), or proven by its token.
    async fn hello(&mut self, protocol: u32, name: &str, token: Option<String>) -> Next {
        if protocol != ONLINE_PROTOCOL {
            refuse(&self.outbox, Refusal::Protocol { client: protocol });
            return Next::Close;
        }
        let name = match carrom_match::Player::checked_name(name) {
            Ok(n) => n,
            Err(e) => {
                refuse(&self.outbox, e.into());
                return Next::Close;
            }
        };
        match self.proven(&name, token).await {
            Ok((rating, token)) => {
                tell(
                    &self.outbox,
                    &ToClient::Welcome {
                        protocol: ONLINE_PROTOCOL,
                        name: name.clone(),
                        token,
                        rating,
                    },
                );
                self.name = Some(name.clone());
                // A player in a match (back after his connection or the server dropped): his
                // seats again, and the whole match.
                if let Some((_, handle)) = self.shared.match_of(&name) {
                    self.attach(&handle, Some(name)).await;
                }
                Next::Go
            }
            Err(reason) => {
                refuse(&self.outbox, reason);
                Next::Close
            }
        }
    }

    /// The name's rating, and a new token when the name is claimed now; or the refusal.
    async fn proven(
        &self,
        name: &str,
        token: Option<String>,
    ) -> Result<(f64, Option<String>), Refusal> {
        let store = &self.shared.store;
        let named = || name.to_string();
        if let Some(p) = store.player(name).await? {
            return match token {
                Some(t) if names::holds(&t, &p.token_hash) => Ok((p.rating, None)),
                Some(_) => Err(Refusal::NotItsToken { name: named() }),
                None => Err(Refusal::NeedsItsToken { name: named() }),
            };
        }
        if token.is_some() {
            return Err(Refusal::Unclaimed { name: named() });
        }
        self.may_claim()?;
        let token = names::new_token();
        let start = crate::rating::start(name);
        if !(store.claim(name, &names::token_hash(&token), &start)).await? {
            return Err(Refusal::JustClaimed { name: named() });
        }
        Ok((start.rating, Some(token)))
    }

    /// Whether this address may claim one more new name this hour.
    fn may_claim(&self) -> Result<(), Refusal> {
        let per_hour = self.shared.config.new_names_per_hour;
        let mut m = (self.shared.names_by_address.lock()).map_err(|_| Refusal::Stopping)?;
        let bucket = m.entry(self.ip).or_insert_with(|| {
            Bucket::new(
                f64::from(per_hour) / 3600.0,
                f64::from(per_hour),
                Instant::now(),
            )
        });
        if bucket.take(Instant::now()) {
            Ok(())
        } else {
            Err(Refusal::NewNames { per_hour })
        }
    }

    async fn attach(&mut self, handle: &crate::live::Handle, name: Option<String>) {
        let outbox = self.outbox.clone();
        let conn = self.conn;
        let _ = handle.to.send(ToMatch::Attach { conn, name, outbox }).await;
    }

    /// What a welcomed client asks for.
    async fn ask(&mut self, message: ToServer, name: String) {
        let me = (self.conn, name.clone(), self.outbox.clone());
        let in_match = self.shared.match_of(&name);
        match message {
            // The queries are answered before (`Client::message`).
            ToServer::Hello { .. }
            | ToServer::Leaderboard
            | ToServer::Player { .. }
            | ToServer::Live
            | ToServer::Saved { .. } => {}
            ToServer::Act { index, action } => self.act(index, action, in_match.map(|m| m.1)).await,
            ToServer::Resync => {
                let handle = match self.watching {
                    Some(id) => self.shared.handle(id),
                    None => in_match.map(|m| m.1),
                };
                if let Some(h) = handle {
                    let _ = h.to.send(ToMatch::Resync { conn: self.conn }).await;
                }
            }
            _ if in_match.is_some() => reject(&self.outbox, Refusal::InAMatch),
            ToServer::Quick { length } => {
                let rating = self.rating(&name).await;
                let w = Waiting {
                    conn: self.conn,
                    name,
                    rating,
                    length: length.unwrap_or_default(),
                    since: Instant::now(),
                    outbox: self.outbox.clone(),
                };
                lobby::quick(&self.shared, w).await;
            }
            ToServer::Create {
                mode,
                length,
                computers,
                level,
            } => {
                let level = level.unwrap_or(carrom_match::Level::Medium);
                let length = length.unwrap_or_default();
                match lobby::create(&self.shared, me, mode, length, &computers, level).await {
                    Ok(Some(code)) => tell(&self.outbox, &ToClient::Room { code }),
                    Ok(None) => {}
                    Err(reason) => reject(&self.outbox, reason),
                }
            }
            ToServer::Join { code } => self.join(&code, me).await,
            ToServer::Watch { id } => self.watch(id).await,
        }
    }

    async fn rating(&self, name: &str) -> f64 {
        match self.shared.store.player(name).await {
            Ok(Some(p)) => p.rating,
            _ => crate::rating::start(name).rating,
        }
    }

    /// An action: to the player's match (which checks it is his seat's turn), never a
    /// spectator's.
    async fn act(
        &mut self,
        index: usize,
        action: carrom_match::Action,
        handle: Option<crate::live::Handle>,
    ) {
        if self.watching.is_some() {
            return reject(&self.outbox, carrom_remote::Rejection::Spectator);
        }
        let Some(handle) = handle else {
            return reject(&self.outbox, Refusal::NotInAMatch);
        };
        let conn = self.conn;
        let _ = handle
            .to
            .send(ToMatch::Act {
                conn,
                index,
                action,
                at: Instant::now(),
            })
            .await;
    }

    async fn join(&mut self, code: &str, me: (u64, String, Outbox)) {
        if !self.wrong_codes.has(Instant::now()) {
            return reject(&self.outbox, Refusal::WrongCodes);
        }
        if let Err(why) = lobby::join(&self.shared, code, me).await {
            if let LobbyError::NoRoom(_) = why {
                self.wrong_codes.take(Instant::now());
            }
            reject(&self.outbox, why);
        }
    }

    async fn watch(&mut self, id: u64) {
        let Some(handle) = self.shared.handle(id) else {
            return reject(&self.outbox, Refusal::NoLiveMatch { id });
        };
        self.watching = Some(id);
        self.attach(&handle, None).await;
    }

    /// The connection is gone: out of the lobby and of its match.
    async fn gone(&mut self) {
        if let Ok(mut l) = self.shared.lobby.lock() {
            l.leave(self.conn);
        }
        let handle = match (self.watching, &self.name) {
            (Some(id), _) => self.shared.handle(id),
            (None, Some(name)) => self.shared.match_of(name).map(|m| m.1),
            _ => None,
        };
        if let Some(h) = handle {
            let _ = h.to.send(ToMatch::Detach { conn: self.conn }).await;
        }
    }
}
