//! A client's WebSocket: its bounds (connections in all and from one address, message size and
//! rate, new names from one address), its hello (a name and the name's token), and what it asks
//! for, handed to the lobby or to its match. Every refusal is a [`Refusal`] and carries its
//! reason.

use crate::error::{LobbyError, Refusal, TournamentError};
use crate::guard::{Over, Ticket};
use crate::live::{Out, Outbox, ToMatch, tell};
use crate::lobby::{self, Waiting};
use crate::names;
use crate::shared::Shared;
use axum::extract::ws::{Message, WebSocket};
use carrom_online::protocol::MAX_CLIENT_MESSAGE;
use carrom_online::{ONLINE_PROTOCOL, ToClient, ToServer};
use carrom_remote::bounds::{Bucket, FLOOD_LIMIT, GUEST_BURST, GUEST_RATE, Origin};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A connection that has not said hello within this long is closed.
pub(crate) const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// Past the bound on one address's connections, this many times as many are let in to prove
/// a name with its token (a player gets in past strangers at his address); then none.
pub(crate) const PROVEN_PAST_THE_BOUND: usize = 4;
/// A welcomed client silent this long is pinged; silent as long again, it is closed.
pub(crate) const SILENT_FOR: Duration = Duration::from_secs(30);
/// A welcomed client that sends no message this long, and neither plays nor watches a
/// match, is closed.
pub(crate) const IDLE_FOR: Duration = Duration::from_secs(30 * 60);
/// Connections one name may have at once.
pub(crate) const MOST_CONNECTIONS_A_NAME: usize = 4;

/// Counts a new connection from `origin` among the server's WebSockets (uncounted when the
/// ticket is dropped), or the reason it is refused.
fn admit(shared: &Shared, origin: Origin) -> Result<Ticket, Refusal> {
    (shared.sockets.admit(origin)).map_err(|over| match over {
        Over::All => Refusal::Full {
            most: shared.config.max_connections,
        },
        Over::FromOne => Refusal::FromYourAddress {
            most: shared.config.max_per_address,
        },
    })
}

/// One client's connection, from its upgrade to its end.
pub(crate) async fn connection(socket: WebSocket, origin: Origin, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut out) = Outbox::new();
    let writer = tokio::spawn(async move {
        while let Some(o) = out.next().await {
            let sent = match o {
                Out::Text(text) => sink.send(Message::Text(text.as_ref().into())).await,
                Out::Ping => sink.send(Message::Ping(Default::default())).await,
                Out::Close => break,
            };
            if sent.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let counted = match admit(&shared, origin) {
        Ok(c) => c,
        Err(reason) => {
            refuse(&outbox, reason);
            let _ = writer.await;
            return;
        }
    };
    let mut client = Client {
        conn: shared.conn_id(),
        origin,
        // Past the bound on its address: it must prove a name with its token.
        past_the_bound: counted.nth > shared.config.max_per_address,
        shared,
        outbox: outbox.clone(),
        name: None,
        watching: None,
        entered: None,
        rate: Bucket::new(GUEST_RATE, GUEST_BURST, Instant::now()),
        dropped: 0,
        last_message: Instant::now(),
    };
    let overflowed = tokio::select! {
        () = client.read(&mut stream) => false,
        () = outbox.overflowed() => true,
    };
    client.gone().await;
    drop(counted);
    if overflowed {
        // A client that does not read: its writer waits on it, and is stopped.
        writer.abort();
    }
    outbox.close();
    let _ = writer.await;
}

/// Refuses the connection (`Refused`, then closed).
fn refuse(outbox: &Outbox, why: Refusal) {
    let reason = why.to_string();
    tell(outbox, &ToClient::Refused { reason });
    outbox.close();
}

/// Rejects one message (`Rejected`); the connection stays.
fn reject(outbox: &Outbox, why: impl Into<Refusal>) {
    let reason = why.into().to_string();
    tell(outbox, &ToClient::Rejected { reason });
}

struct Client {
    conn: u64,
    origin: Origin,
    /// Let in past its address's bound: only to prove a name with its token.
    past_the_bound: bool,
    shared: Arc<Shared>,
    outbox: Outbox,
    /// The name, once the hello is accepted.
    name: Option<String>,
    /// The match this connection watches.
    watching: Option<u64>,
    /// The tournament this connection came to (its games are given to it).
    entered: Option<u64>,
    rate: Bucket,
    dropped: u32,
    last_message: Instant,
}

/// What became of a message: go on reading, or close the connection.
enum Next {
    Go,
    Close,
}

impl Client {
    async fn read(&mut self, stream: &mut futures_util::stream::SplitStream<WebSocket>) {
        let deadline = tokio::time::Instant::now() + HELLO_WITHIN;
        let mut pinged = false;
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
                match tokio::time::timeout(SILENT_FOR, stream.next()).await {
                    Ok(got) => {
                        pinged = false;
                        got
                    }
                    Err(_) if self.idle() => {
                        let minutes = IDLE_FOR.as_secs() / 60;
                        return refuse(&self.outbox, Refusal::Idle { minutes });
                    }
                    Err(_) if !pinged => {
                        self.outbox.ping();
                        pinged = true;
                        continue;
                    }
                    Err(_) => {
                        let secs = 2 * SILENT_FOR.as_secs();
                        return refuse(&self.outbox, Refusal::Silent { secs });
                    }
                }
            };
            let frame = match got {
                Some(Ok(frame)) => frame,
                Some(Err(_)) | None => return,
            };
            // Every frame counts against the bound on a client's messages, whatever it is.
            match self.beyond_the_rate() {
                Some(Next::Close) => return,
                Some(Next::Go) => continue,
                None => {}
            }
            let text = match frame {
                Message::Text(t) => t,
                Message::Binary(_) => {
                    reject(&self.outbox, Refusal::Binary);
                    continue;
                }
                _ => continue,
            };
            if let Next::Close = self.message(text.as_str()).await {
                return;
            }
        }
    }

    /// A frame beyond the bound on a client's messages: dropped (`Go` on), and the connection
    /// closed after [`FLOOD_LIMIT`] of those; `None` for a frame within it.
    fn beyond_the_rate(&mut self) -> Option<Next> {
        if self.rate.take(Instant::now()) {
            return None;
        }
        self.dropped += 1;
        if self.dropped >= FLOOD_LIMIT {
            refuse(&self.outbox, Refusal::Flood);
            return Some(Next::Close);
        }
        reject(&self.outbox, Refusal::TooFast);
        Some(Next::Go)
    }

    /// Whether the client has sent no message for [`IDLE_FOR`] and neither plays nor
    /// watches a match.
    fn idle(&self) -> bool {
        let playing = (self.name.as_deref()).is_some_and(|n| self.shared.match_of(n).is_some());
        self.last_message.elapsed() >= IDLE_FOR && !playing && self.watching.is_none()
    }

    /// One message, within the bound of size.
    async fn message(&mut self, text: &str) -> Next {
        self.last_message = Instant::now();
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
        if message.is_query() && !self.shared.may_query(self.origin) {
            reject(&self.outbox, Refusal::Queries);
            return Next::Go;
        }
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
        let proven = self.proven(&name, token).await.and_then(|p| {
            let most = MOST_CONNECTIONS_A_NAME;
            if self.shared.count_name(&p.0, most) {
                Ok(p)
            } else {
                Err(Refusal::NameConnections { name: p.0, most })
            }
        });
        match proven {
            Ok((name, rating, token)) => {
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
                } else if let Some(over) = self.shared.take_untold(&name) {
                    // Back after his match ended while he was away: how it ended.
                    tell(&self.outbox, &over);
                }
                Next::Go
            }
            Err(reason) => {
                refuse(&self.outbox, reason);
                Next::Close
            }
        }
    }

    /// The name as the server keeps it (a name that looks like a player's is his), its
    /// rating, and a new token when the name is claimed now; or the refusal. A connection past
    /// its address's bound only proves a name it holds.
    async fn proven(
        &self,
        name: &str,
        token: Option<String>,
    ) -> Result<(String, f64, Option<String>), Refusal> {
        let store = &self.shared.store;
        let named = || name.to_string();
        let strangers = || Refusal::FromYourAddress {
            most: self.shared.config.max_per_address,
        };
        if let Some(p) = store.player(name).await? {
            return match token {
                Some(t) if names::holds(&t, &p.token_hash) => Ok((p.name, p.rating, None)),
                _ if self.past_the_bound => Err(strangers()),
                Some(_) => Err(Refusal::NotItsToken { name: p.name }),
                None => Err(Refusal::NeedsItsToken { name: p.name }),
            };
        }
        if self.past_the_bound {
            return Err(strangers());
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
        Ok((named(), start.rating, Some(token)))
    }

    /// Whether this address may claim one more new name this hour.
    fn may_claim(&self) -> Result<(), Refusal> {
        let per_hour = self.shared.config.new_names_per_hour;
        let mut m = (self.shared.names_by_address.lock()).map_err(|_| Refusal::Stopping)?;
        if m.take(self.origin, Instant::now()) {
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
        let sits = matches!(
            message,
            ToServer::Quick { .. } | ToServer::Create { .. } | ToServer::Join { .. }
        );
        if sits && in_match.is_none() {
            // Taking a seat ends the watching.
            self.stop_watching().await;
        }
        match message {
            // The queries are answered before (`Client::message`).
            ToServer::Hello { .. }
            | ToServer::Leaderboard { .. }
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
            ToServer::CreateTournament { plan } => {
                match crate::tournaments::create(&self.shared, &name, plan).await {
                    Ok((id, code)) => tell(&self.outbox, &ToClient::TournamentMade { id, code }),
                    Err(why) => reject(&self.outbox, why),
                }
            }
            ToServer::EnterTournament { id, code } => self.enter_tournament(id, code, me).await,
            ToServer::Organize { id, act } => self.organize(id, act, name).await,
            ToServer::Tournaments | ToServer::Tournament { .. } => {}
            _ if in_match.is_some() => reject(&self.outbox, Refusal::InAMatch),
            ToServer::Quick { length, mode } => {
                let rating = self.rating(&name, mode).await;
                let w = Waiting {
                    conn: self.conn,
                    name,
                    rating,
                    mode,
                    length: length.unwrap_or_default(),
                    since: Instant::now(),
                    outbox: self.outbox.clone(),
                    origin: self.origin,
                    party: None,
                };
                lobby::quick(&self.shared, w).await;
            }
            ToServer::Partners { length, party } => {
                let length = length.unwrap_or_default();
                if let Err(why) = self.partners(name, length, party).await {
                    reject(&self.outbox, why);
                }
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
            ToServer::Watch { id, code } => self.watch(id, code.as_deref()).await,
        }
    }

    /// What only tournament `id`'s organizer may do: done, and the tournament as it stands
    /// after it told him; or refused.
    async fn organize(&self, id: u64, act: carrom_online::Organize, name: String) {
        if let Err(why) = crate::tournaments::organize(&self.shared, id, name, act).await {
            return reject(&self.outbox, why);
        }
        match crate::pages::tournament(&self.shared, id).await {
            Ok(t) => tell(
                &self.outbox,
                &ToClient::Tournament {
                    tournament: Box::new(t),
                },
            ),
            Err(why) => reject(&self.outbox, why),
        }
    }

    /// Joins tournament `id` or comes to play its games; a private one's wrong code counted
    /// as a wrong room code.
    async fn enter_tournament(
        &mut self,
        id: u64,
        code: Option<String>,
        asker: (u64, String, Outbox),
    ) {
        if !self.may_guess() {
            return reject(&self.outbox, Refusal::WrongCodes);
        }
        let (reply, answer) = tokio::sync::oneshot::channel();
        let asked = crate::tournaments::ToTournament::Enter { asker, code, reply };
        match crate::tournaments::ask(&self.shared, id, asked, answer).await {
            Ok(()) => self.entered = Some(id),
            Err(why) => {
                if let TournamentError::NoTournament { .. } = why {
                    self.guessed_wrong();
                }
                reject(&self.outbox, why);
            }
        }
    }

    /// His rating for a match of `mode`: singles (Glicko-2) or doubles (Weng-Lin).
    async fn rating(&self, name: &str, mode: carrom_online::Mode) -> f64 {
        let p = match self.shared.store.player(name).await {
            Ok(Some(p)) => p,
            _ => crate::rating::start(name),
        };
        match mode {
            carrom_online::Mode::Singles => p.rating,
            carrom_online::Mode::Doubles => crate::rating::doubles_of(&p).rating,
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

    /// Whether this address (and everyone) has wrong room codes left to guess, as the host
    /// across machines counts wrong join codes.
    fn may_guess(&self) -> bool {
        (self.shared.guesses.lock())
            .is_ok_and(|mut g| g.allowed(self.origin, Instant::now()).is_ok())
    }

    /// A wrong code (a room's, a private tournament's), counted against this address and
    /// everyone.
    fn guessed_wrong(&self) {
        if let Ok(mut g) = self.shared.guesses.lock() {
            g.wrong(self.origin, Instant::now());
        }
    }

    /// Quick doubles beside a partner: a new party, its code told him first; or his partner's
    /// party, joined by its code (a wrong one counted as a wrong room code) for the length
    /// his partner waits for. Then he waits in it.
    async fn partners(
        &mut self,
        name: String,
        length: carrom_match::MatchLength,
        party: carrom_online::Party,
    ) -> Result<(), Refusal> {
        use carrom_online::Party;
        let gone = |_| LobbyError::Gone;
        let (code, length) = match party {
            Party::New => {
                let code = self.shared.lobby.lock().map_err(gone)?.new_party();
                tell(&self.outbox, &ToClient::Party { code: code.clone() });
                (code, length)
            }
            Party::Join(code) => {
                if !self.may_guess() {
                    return Err(Refusal::WrongCodes);
                }
                let found = (self.shared.lobby.lock().map_err(gone)?).party_for(&code, &name);
                if let Err(LobbyError::NoParty(_)) = found {
                    self.guessed_wrong();
                }
                (code.trim().to_uppercase(), found?)
            }
        };
        let mode = carrom_online::Mode::Doubles;
        let w = Waiting {
            conn: self.conn,
            rating: self.rating(&name, mode).await,
            name,
            mode,
            length,
            since: Instant::now(),
            outbox: self.outbox.clone(),
            origin: self.origin,
            party: Some(code),
        };
        lobby::quick(&self.shared, w).await;
        Ok(())
    }

    /// A room's code: taken while this address (and everyone) has wrong guesses left, as the
    /// host across machines takes a join code; a wrong one counted against both.
    async fn join(&mut self, code: &str, me: (u64, String, Outbox)) {
        if !self.may_guess() {
            return reject(&self.outbox, Refusal::WrongCodes);
        }
        if let Err(why) = lobby::join(&self.shared, code, me).await {
            if let LobbyError::NoRoom(_) = why {
                self.guessed_wrong();
            }
            reject(&self.outbox, why);
        }
    }

    /// Watches match `id`: a private room's only with its code (a wrong or missing one is
    /// answered as if there were no such match, and counted as a wrong room code).
    async fn watch(&mut self, id: u64, code: Option<&str>) {
        let handle = self.shared.handle(id);
        let Some(handle) = handle.filter(|h| self.may_watch(h, code)) else {
            return reject(&self.outbox, Refusal::NoLiveMatch { id });
        };
        self.watching = Some(id);
        self.attach(&handle, None).await;
    }

    /// Whether `code` lets this connection watch `match_`'s match.
    fn may_watch(&self, match_: &crate::live::Handle, code: Option<&str>) -> bool {
        let Some(wanted) = &match_.watch_code else {
            return true;
        };
        let now = Instant::now();
        let Ok(mut guesses) = self.shared.guesses.lock() else {
            return false;
        };
        let given = code.map(|c| c.trim().to_uppercase());
        let right = guesses.allowed(self.origin, now).is_ok() && given.as_ref() == Some(wanted);
        if !right {
            guesses.wrong(self.origin, now);
        }
        right
    }

    /// The match this connection watched: left.
    async fn stop_watching(&mut self) {
        if let Some(h) = self.watching.take().and_then(|id| self.shared.handle(id)) {
            let _ = h.to.send(ToMatch::Detach { conn: self.conn }).await;
        }
    }

    /// The connection is gone: out of the lobby and of its match, uncounted under its name.
    async fn gone(&mut self) {
        if let Some(name) = &self.name {
            self.shared.uncount_name(name);
        }
        if let Ok(mut l) = self.shared.lobby.lock() {
            l.leave(self.conn);
        }
        if let Some(t) = self.entered.and_then(|id| self.shared.tournament(id)) {
            let conn = self.conn;
            let _ = t
                .send(crate::tournaments::ToTournament::Leave { conn })
                .await;
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
