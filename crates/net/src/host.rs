//! The host: its match is the referee. Guests join with the code and are given seats; every
//! action comes to the host, is checked by its [`Match`] (whose turn, a legal stroke or
//! placement) and goes to every machine with its outcome and the digest after it.

use crate::bounds::{Guesses, Origin};
use crate::error::{HostError, JoinCodeError, Refusal, Rejection, SeatRefusal};
use crate::protocol::{Applied, Hello, Holder, PROTOCOL, Role, SeatState, ToGuest, ToHost};
use crate::protocol::{Binding, CodeExchange, Prover, SessionKey, code_proof, proof_holds};
use crate::protocol::{Ticket, rejoin_ticket};
use crate::protocol::{rules_difference, spec_difference};
use crate::wire::{ConnId, FromGuest, PROOF_WITHIN, Server};
use carrom_match::SeatPlan;
use carrom_match::{Action, Level, Match, MatchSetup, Player, ReplayError, ResumeError, SaveFile};
use carrom_physics::Spec;
use carrom_referee::Seat;
use carrom_remote::Holding;
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The connection number of the host's own guest (the windowed host's people), in-process.
pub const LOCAL: ConnId = 0;
/// The host's own guest's binding: its link is in-process, without TLS to bind to.
pub const LOCAL_BINDING: Binding = [0; 32];
/// The most spectators a match takes (with the seats' guests, well under the host's
/// connections, so a guest of the match always has room to come back).
pub const MAX_SPECTATORS: usize = 32;

/// How a match is hosted.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// Where to listen: `0.0.0.0:PORT` for other machines, `127.0.0.1:0` in tests.
    pub bind: SocketAddr,
    /// The join code guests must give.
    pub code: String,
    /// The match's setup. A guest's seat takes the guest's name (and computer level, if its
    /// seats are played by a computer) when the match starts.
    pub setup: MatchSetup,
    /// Who plays each seat of `setup`.
    pub holders: Vec<(Seat, Holder)>,
    pub spec: Spec,
    /// A saved match to go on with (`carrom host --load`): its actions are played again first.
    pub resume: Option<SaveFile>,
    /// Where the host keeps its save of the match after every action.
    pub save: Option<PathBuf>,
    /// A guest's seat whose guest has been gone this long when it is to act is handed to a
    /// computer (`None`: the match waits).
    pub hand_over_after: Option<Duration>,
}

impl HostConfig {
    /// A match to host on `bind` with the join code `code`, its seats held as `holders` says:
    /// a new match (no save to go on with), no save kept by the host, and a match that waits
    /// for a guest who has gone.
    pub fn new(
        bind: SocketAddr,
        code: &str,
        setup: MatchSetup,
        holders: Vec<(Seat, Holder)>,
        spec: &Spec,
    ) -> HostConfig {
        HostConfig {
            bind,
            code: code.to_string(),
            setup,
            holders,
            spec: spec.clone(),
            resume: None,
            save: None,
            hand_over_after: None,
        }
    }
}

/// The link of the host's own guest, in the host's process.
pub struct LocalLink {
    pub to_host: mpsc::Sender<FromGuest>,
    pub from_host: mpsc::Receiver<ToGuest>,
    /// Called after each message to the guest.
    pub waker: crate::wire::Waker,
}

/// A computer at the host: given the match when one of the host's computer seats is to act, it
/// returns that seat's action.
pub type ComputerPlay = Box<dyn FnMut(&Match) -> Option<Action> + Send>;

/// What happened at the host, for its log or its window.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    Joined {
        name: String,
        seats: Vec<Seat>,
        role: Role,
    },
    Refused {
        from: String,
        reason: Refusal,
    },
    Rejected {
        name: String,
        reason: Rejection,
    },
    Left {
        name: String,
        seats: Vec<Seat>,
    },
    Started,
    Applied {
        index: usize,
        by: Seat,
    },
    HandedOver {
        seat: Seat,
    },
    Over,
}

#[derive(Clone, Debug)]
struct SeatInfo {
    seat: Seat,
    holder: Holder,
    name: String,
    conn: Option<ConnId>,
    /// A guest's seat handed to a computer: the guest's name, to give it back when he returns.
    handed_from: Option<String>,
    gone_since: Option<Instant>,
    computer: Option<Level>,
    /// The ticket back in of the guest last welcomed to this seat.
    ticket: Option<Ticket>,
}

#[derive(Clone, Debug)]
struct GuestInfo {
    name: String,
    from: String,
    /// When it connected: a connection that does not prove the code within [`PROOF_WITHIN`]
    /// is closed.
    since: Instant,
    /// Its address, as the bounds on guessing the code count it.
    origin: Origin,
    role: Option<Role>,
    seats: Vec<Seat>,
    /// The connection's TLS binding: the guest's proof of the code is made for it.
    binding: Binding,
    /// A hello whose key exchange is answered, waiting for the guest's proof.
    pending: Option<Box<(Hello, SessionKey)>>,
}

impl SeatInfo {
    /// A seat of `config`'s match as the host starts: its holder and, unless a guest is to
    /// take it, its player's name.
    fn at_start(config: &HostConfig, seat: Seat) -> Result<SeatInfo, HostError> {
        let holder = config
            .holders
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, h)| *h)
            .ok_or(HostError::Unseated(seat))?;
        let player = config.setup.player(seat);
        Ok(SeatInfo {
            seat,
            holder,
            name: if holder == Holder::Guest && config.resume.is_none() {
                String::new()
            } else {
                player.name.clone()
            },
            conn: None,
            handed_from: None,
            gone_since: None,
            computer: player.computer,
            ticket: None,
        })
    }
}

/// The save to go on with, as [`HostError::Resume`] names it (a caller that read it from a
/// file names the file instead: [`renamed`]).
pub const SAVE_NAME: &str = "the save to go on with";

/// `error` with the save named `name` (the file it was read from).
pub fn renamed(error: ResumeError, name: &str) -> ResumeError {
    let name = name.to_string();
    match error {
        ResumeError::Replay { source, .. } => ResumeError::Replay { name, source },
        ResumeError::Ending {
            games,
            score,
            recorded_games,
            recorded_score,
            ..
        } => ResumeError::Ending {
            name,
            games,
            score,
            recorded_games,
            recorded_score,
        },
    }
}

/// A hosted match.
pub struct Host {
    server: Server,
    pub(crate) config: HostConfig,
    seats: Vec<SeatInfo>,
    guests: BTreeMap<ConnId, GuestInfo>,
    local: Option<mpsc::Sender<ToGuest>>,
    /// Called after each message to the host's own guest.
    local_waker: crate::wire::Waker,
    game: Option<Match>,
    log: Vec<Applied>,
    computers: ComputerPlay,
    /// Wrong guesses of the code, per address and overall.
    guesses: Guesses,
    /// Every verdict's lines so far, for the headless host's printout.
    pub calls: Vec<String>,
}

impl Host {
    /// Starts listening. With `resume`, the saved match is played again at once (its players
    /// keep their names; guests take their seats back).
    pub fn start(config: HostConfig, computers: ComputerPlay) -> Result<Host, HostError> {
        config.setup.validate().map_err(HostError::Setup)?;
        let lasts = crate::bounds::code_lasts(&config.code);
        if lasts < crate::bounds::REFUSED_UNDER {
            return Err(HostError::WeakCode {
                chars: config.code.chars().count(),
                lasts,
            });
        }
        let seats = config
            .setup
            .seats
            .seats()
            .iter()
            .map(|&seat| SeatInfo::at_start(&config, seat))
            .collect::<Result<_, _>>()?;
        let server = Server::start(config.bind)?;
        let mut host = Host {
            server,
            config,
            seats,
            guests: BTreeMap::new(),
            local: None,
            local_waker: Default::default(),
            game: None,
            log: Vec::new(),
            computers,
            guesses: Guesses::new(Instant::now()),
            calls: Vec::new(),
        };
        if let Some(save) = host.config.resume.clone() {
            host.resume(&save)?;
        }
        // Computers in every seat (a server for computer matches): the match starts at once,
        // and spectators join it.
        if host.seats.iter().all(|s| s.holder == Holder::Computer) {
            host.start_when_seated(&mut Vec::new());
        }
        Ok(host)
    }

    /// Plays the save again, once, checked as [`carrom_match::resume`] checks a save (with its
    /// words): every action reaches its recorded position, and the match ends and stands where
    /// the save says. The host's match and every action's outcome for its guests.
    fn resume(&mut self, save: &SaveFile) -> Result<(), HostError> {
        let replay = |source| {
            let name = SAVE_NAME.to_string();
            HostError::Resume(ResumeError::Replay { name, source })
        };
        let spec = save.physics(&self.config.spec);
        let mut game =
            Match::new(&spec, save.setup.clone()).map_err(|e| replay(ReplayError::Setup(e)))?;
        let log = carrom_remote::replay(&mut game, &save.actions, &save.digests)
            .map_err(|e| replay(e.into()))?;
        let (digests, actions) = (save.digests.len(), save.actions.len());
        if digests != 0 && digests != actions {
            return Err(replay(ReplayError::DigestCount { digests, actions }));
        }
        if save.finished != game.is_over() {
            let (recorded, ends) = (save.finished, game.is_over());
            return Err(replay(ReplayError::Finished { recorded, ends }));
        }
        let (games, score) = (game.referee.games(), game.referee.score());
        if games != save.games || score != save.score {
            return Err(HostError::Resume(ResumeError::Ending {
                name: SAVE_NAME.to_string(),
                games,
                score,
                recorded_games: save.games,
                recorded_score: save.score,
            }));
        }
        self.log = log;
        self.config.spec = spec;
        self.game = Some(game);
        Ok(())
    }

    /// The address the host listens on.
    pub fn addr(&self) -> SocketAddr {
        self.server.addr
    }

    pub fn code(&self) -> &str {
        &self.config.code
    }

    /// The addresses to give guests: the host's port on each of this machine's addresses (the
    /// one it listens on, when that is not every interface).
    pub fn addresses_to_give(&self) -> Vec<String> {
        let addr = self.addr();
        if !addr.ip().is_unspecified() {
            return vec![addr.to_string()];
        }
        let mut out: Vec<String> = crate::wire::interface_addresses()
            .into_iter()
            .filter(|a| addr.is_ipv6() || a.is_ipv4())
            .map(|a| SocketAddr::new(a, addr.port()).to_string())
            .collect();
        if out.is_empty() {
            out.push(addr.to_string());
        }
        out
    }

    /// The match, once every guest's seat is filled.
    pub fn game(&self) -> Option<&Match> {
        self.game.as_ref()
    }

    /// Who sits where, as every machine sees it.
    pub fn seating(&self) -> Vec<SeatState> {
        self.seats
            .iter()
            .map(|s| SeatState {
                seat: s.seat,
                name: s.name.clone(),
                holder: s.holder,
                connected: match s.holder {
                    Holder::Guest => s.conn.is_some(),
                    Holder::Host => s.conn == Some(LOCAL) || self.local.is_none(),
                    Holder::Computer => true,
                },
            })
            .collect()
    }

    /// A link for the host's own guest (its people, in the same process): messages to it come out
    /// of the returned receiver, its messages go into the returned sender as connection
    /// [`LOCAL`].
    pub fn local_link(&mut self) -> LocalLink {
        let (tx, rx) = mpsc::channel();
        self.local = Some(tx);
        let waker = self.local_waker.clone();
        let inject = self.server.inject.clone();
        let _ = inject.send(FromGuest::Connected {
            conn: LOCAL,
            from: SocketAddr::from(([127, 0, 0, 1], 0)),
            // In-process, with no TLS: the proofs are made on zeros.
            binding: LOCAL_BINDING,
        });
        LocalLink {
            to_host: inject,
            from_host: rx,
            waker,
        }
    }

    fn send(&self, conn: ConnId, message: ToGuest) {
        if conn == LOCAL {
            if let Some(local) = &self.local {
                let _ = local.send(message);
                crate::wire::wake(&self.local_waker);
            }
        } else {
            self.server.send(conn, message);
        }
    }

    fn broadcast(&self, message: &ToGuest) {
        for (&conn, guest) in &self.guests {
            if guest.role.is_some() {
                self.send(conn, message.clone());
            }
        }
    }

    fn broadcast_seating(&self) {
        self.broadcast(&ToGuest::Seating {
            seating: self.seating(),
        });
    }

    fn refuse(&mut self, conn: ConnId, reason: Refusal) -> HostEvent {
        let from = self
            .guests
            .remove(&conn)
            .map_or_else(|| format!("connection {conn}"), |g| g.from);
        let last = ToGuest::Refused {
            reason: reason.clone(),
        };
        if conn == LOCAL {
            self.send(conn, last);
        } else {
            self.server.close(conn, last);
        }
        HostEvent::Refused { from, reason }
    }

    /// Refuses one of a guest's messages; the connection stays.
    fn reject(&self, conn: ConnId, reason: Rejection) -> HostEvent {
        let name = self
            .guests
            .get(&conn)
            .map_or(String::new(), |g| g.name.clone());
        self.send(
            conn,
            ToGuest::Rejected {
                reason: reason.to_string(),
            },
        );
        HostEvent::Rejected { name, reason }
    }

    /// Handles whatever arrived (waiting up to `wait` for the first message) and lets a computer
    /// seat act; returns what happened.
    pub fn poll(&mut self, wait: Duration) -> Vec<HostEvent> {
        let mut events = Vec::new();
        let first = if wait.is_zero() {
            self.server.incoming.try_recv().ok()
        } else {
            self.server.incoming.recv_timeout(wait).ok()
        };
        if let Some(first) = first {
            self.handle(first, &mut events);
            while let Ok(next) = self.server.incoming.try_recv() {
                self.handle(next, &mut events);
            }
        }
        let silent: Vec<(ConnId, bool)> = self
            .guests
            .iter()
            .filter(|(c, g)| **c != LOCAL && g.role.is_none() && g.since.elapsed() > PROOF_WITHIN)
            .map(|(c, g)| (*c, g.pending.is_some()))
            .collect();
        for (conn, said_hello) in silent {
            let reason = if said_hello {
                Refusal::NoProof(PROOF_WITHIN.as_secs())
            } else {
                Refusal::NoHello(PROOF_WITHIN.as_secs())
            };
            events.push(self.refuse(conn, reason));
        }
        self.hand_over_gone_seats(&mut events);
        self.computer_acts(&mut events);
        events
    }

    fn handle(&mut self, incoming: FromGuest, events: &mut Vec<HostEvent>) {
        match incoming {
            FromGuest::Connected {
                conn,
                from,
                binding,
            } => {
                self.guests.insert(
                    conn,
                    GuestInfo {
                        name: String::new(),
                        from: from.to_string(),
                        since: Instant::now(),
                        origin: Origin::of(from.ip()),
                        role: None,
                        seats: Vec::new(),
                        binding,
                        pending: None,
                    },
                );
            }
            FromGuest::Closed { conn } => {
                if let Some(guest) = self.guests.remove(&conn) {
                    for s in self.seats.iter_mut().filter(|s| s.conn == Some(conn)) {
                        s.conn = None;
                        s.gone_since = Some(Instant::now());
                    }
                    if guest.role.is_some() {
                        self.broadcast_seating();
                        events.push(HostEvent::Left {
                            name: guest.name,
                            seats: guest.seats,
                        });
                    }
                }
            }
            // Before its hello is taken, a connection whose message cannot be read (another
            // version's, say) is closed with the reason.
            FromGuest::Bad { conn, why }
                if self.guests.get(&conn).is_some_and(|g| g.role.is_none()) =>
            {
                let reason = Refusal::Unreadable {
                    reason: why.to_string(),
                    host: PROTOCOL,
                };
                events.push(self.refuse(conn, reason));
            }
            FromGuest::Bad { conn, why } => events.push(self.reject(conn, why.into())),
            // An action dropped for coming too fast goes again, at the guest's pace.
            FromGuest::Dropped { conn, index } => {
                if self.guests.get(&conn).is_some_and(|g| g.role.is_some()) {
                    let reason = format!("action {index} came too fast: send it again");
                    self.send(conn, ToGuest::SendAgain { index, reason });
                }
            }
            FromGuest::Message { conn, message } => self.message(conn, message, events),
        }
    }

    fn message(&mut self, conn: ConnId, message: ToHost, events: &mut Vec<HostEvent>) {
        match message {
            ToHost::Hello(hello) => {
                if let Some(refused) = self.hello(conn, hello) {
                    events.push(refused);
                }
            }
            ToHost::Proof { proof } => {
                let event = self.proof(conn, &proof);
                let joined = matches!(event, HostEvent::Joined { .. });
                events.push(event);
                if joined {
                    self.start_when_seated(events);
                }
            }
            ToHost::Act { index, action } => {
                if let Err(reason) = self.act(conn, index, action, events) {
                    events.push(self.reject(conn, reason));
                }
            }
            ToHost::Resync => {
                if self.guests.get(&conn).is_some_and(|g| g.role.is_some()) {
                    self.send_match(conn);
                }
            }
        }
    }

    fn send_match(&self, conn: ConnId) {
        if let Some(game) = &self.game {
            self.send(
                conn,
                ToGuest::Match {
                    setup: Box::new(game.setup.clone()),
                    spec: Box::new(game.spec.clone()),
                    log: self.log.clone(),
                },
            );
        }
    }

    /// A guest's hello: its protocol checked, the host's half of the code's key exchange sent
    /// back (a [`ToGuest::Challenge`]); the guest is let in on its proof ([`Host::proof`]).
    /// Nothing to say unless it is refused.
    fn hello(&mut self, conn: ConnId, hello: Hello) -> Option<HostEvent> {
        let Some(guest) = self.guests.get(&conn) else {
            return Some(HostEvent::Refused {
                from: format!("connection {conn}"),
                reason: Refusal::HelloWhenGone,
            });
        };
        if guest.role.is_some() || guest.pending.is_some() {
            return Some(self.refuse(conn, Refusal::SecondHello));
        }
        if hello.protocol != PROTOCOL {
            let reason = Refusal::Version {
                guest: hello.protocol,
                host: PROTOCOL,
            };
            return Some(self.refuse(conn, reason));
        }
        // The key exchange is a guess of the code: answered only while guesses are left (the
        // host's own people, in this process, guess nothing).
        // Nor does a seated guest coming back with its ticket.
        if conn != LOCAL
            && !self.server.is_back(conn)
            && let Err(wait) = self.guesses.allowed(guest.origin, Instant::now())
        {
            let secs = wait.as_secs_f64().ceil() as u64;
            return Some(self.refuse(conn, Refusal::Guessing(secs)));
        }
        let (exchange, message) = CodeExchange::start(&self.config.code);
        let key = match exchange.finish(&hello.pake) {
            Ok(key) => key,
            Err(e) => return Some(self.refuse(conn, e.into())),
        };
        if let Some(guest) = self.guests.get_mut(&conn) {
            guest.pending = Some(Box::new((hello, key)));
        }
        self.send(conn, ToGuest::Challenge { pake: message });
        None
    }

    /// A guest's proof of the code: with it, its hello is checked (the physics, the rules, the
    /// name, the seats) and the guest welcomed.
    fn proof(&mut self, conn: ConnId, proof: &str) -> HostEvent {
        let (hello, key) = match self.authenticated(conn, proof) {
            Ok(proven) => proven,
            Err(event) => return event,
        };
        let name = match self.admissible(&hello) {
            Ok(name) => name,
            Err(reason) => return self.refuse(conn, reason),
        };
        let seats = match hello.role {
            Role::Spectator if self.spectators() >= MAX_SPECTATORS => {
                return self.refuse(conn, Refusal::Spectators(MAX_SPECTATORS));
            }
            Role::Spectator => Vec::new(),
            Role::Player => match self.seats_for(conn, &name, &hello.seats) {
                Ok(seats) => seats,
                Err(reason) => return self.refuse(conn, reason.into()),
            },
        };
        self.seat(conn, &name, &seats, hello.computer);
        self.welcome(conn, name, seats, hello.role, &key)
    }

    /// The hello and the key of a connection whose proof holds: it used the host's join code.
    /// Otherwise what the host does about it.
    fn authenticated(
        &mut self,
        conn: ConnId,
        proof: &str,
    ) -> Result<(Hello, SessionKey), HostEvent> {
        let Some(guest) = self.guests.get_mut(&conn) else {
            return Err(HostEvent::Refused {
                from: format!("connection {conn}"),
                reason: Refusal::ProofWhenGone,
            });
        };
        let (binding, origin) = (guest.binding, guest.origin);
        if guest.role.is_some() {
            return Err(self.reject(conn, Rejection::ProofAfterWelcome));
        }
        let Some(pending) = guest.pending.take() else {
            return Err(self.refuse(conn, Refusal::ProofBeforeHello));
        };
        let (hello, key) = *pending;
        if !proof_holds(&key, Prover::Guest, &binding, proof) {
            if conn != LOCAL {
                self.guesses.wrong(origin, Instant::now());
            }
            return Err(self.refuse(conn, Refusal::WrongCode));
        }
        Ok((hello, key))
    }

    /// Whether a proven guest's hello may play or watch here: the same physics and rules as
    /// the host's, a name that can be shown. Its name, trimmed.
    fn admissible(&self, hello: &Hello) -> Result<String, Refusal> {
        let spec = self.game.as_ref().map_or(&self.config.spec, |g| &g.spec);
        if let Some(d) = spec_difference(spec, &hello.spec) {
            return Err(Refusal::Physics(d));
        }
        if let Some(rules) = &hello.rules {
            let ours = self
                .game
                .as_ref()
                .map_or(&self.config.setup.rules, |g| &g.setup.rules);
            if let Some(d) = rules_difference(ours, rules) {
                return Err(Refusal::Rules(d));
            }
        }
        Player::checked_name(&hello.name).map_err(|_| Refusal::Name)
    }

    /// Gives `seats` to the guest `name` on `conn`: its old connection, if it still holds them,
    /// is closed; a seat handed to a computer is the guest's again; before the match starts a
    /// guest's seat takes the guest's name and computer level.
    fn seat(&mut self, conn: ConnId, name: &str, seats: &[Seat], computer: Option<Level>) {
        // A guest coming back on a new connection while its old one has not timed out yet.
        let old: Vec<ConnId> = self
            .seats
            .iter()
            .filter(|s| seats.contains(&s.seat))
            .filter_map(|s| s.conn)
            .filter(|&c| c != conn)
            .collect();
        for c in old {
            self.guests.remove(&c);
            self.server.close(
                c,
                ToGuest::Refused {
                    reason: Refusal::JoinedAgain(name.to_string()),
                },
            );
        }
        let started = self.game.is_some();
        for s in self.seats.iter_mut().filter(|s| seats.contains(&s.seat)) {
            s.conn = Some(conn);
            s.gone_since = None;
            if s.handed_from.take().is_some() {
                s.holder = Holder::Guest;
            }
            // A guest's seat takes the guest's name; the host's own seats keep theirs.
            if !started && s.holder == Holder::Guest {
                s.name = name.to_string();
                s.computer = computer;
            }
        }
    }

    /// Welcomes the guest on `conn` with its seats and its proof of the code; every machine
    /// hears who sits where, and a guest joining a match under way is sent it.
    fn welcome(
        &mut self,
        conn: ConnId,
        name: String,
        seats: Vec<Seat>,
        role: Role,
        key: &SessionKey,
    ) -> HostEvent {
        let guest = self.guests.get_mut(&conn).expect("a proven guest");
        guest.name = name.clone();
        guest.role = Some(role);
        guest.seats = seats.clone();
        let proof = code_proof(key, Prover::Host, &guest.binding);
        if conn != LOCAL {
            self.server.proven(conn);
            let ticket = rejoin_ticket(key, &guest.binding);
            for s in self.seats.iter_mut().filter(|s| seats.contains(&s.seat)) {
                s.ticket = Some(ticket);
            }
            let tickets = self.seats.iter().filter_map(|s| s.ticket).collect();
            self.server.tickets(tickets);
        }
        self.send(
            conn,
            ToGuest::Welcome {
                protocol: PROTOCOL,
                proof,
                seats: seats.clone(),
                seating: self.seating(),
            },
        );
        self.broadcast_seating();
        if self.game.is_some() {
            self.send_match(conn);
        }
        HostEvent::Joined { name, seats, role }
    }

    /// The seats a guest is given: those it asks for, or those its name held (a rejoin), or the
    /// first free guest's seat.
    fn seats_for(
        &self,
        conn: ConnId,
        name: &str,
        asked: &[Seat],
    ) -> Result<Vec<Seat>, SeatRefusal> {
        let may_hold = |s: &SeatInfo| match s.holder {
            Holder::Guest => true,
            Holder::Host => conn == LOCAL,
            Holder::Computer => s.handed_from.as_deref() == Some(name),
        };
        let taken_by_another = |s: &SeatInfo| {
            let named = if s.holder == Holder::Computer {
                s.handed_from.as_deref().unwrap_or("")
            } else {
                &s.name
            };
            // Before the match starts a seat is free until a guest holds it; after, a seat
            // belongs to the name that played it.
            (self.game.is_some() || s.conn.is_some()) && !named.is_empty() && named != name
        };
        if !asked.is_empty() {
            let mut seats = Vec::new();
            for &seat in asked {
                let Some(s) = self.seats.iter().find(|s| s.seat == seat) else {
                    return Err(SeatRefusal::NoSuchSeat(seat));
                };
                if !may_hold(s) {
                    return Err(SeatRefusal::NotAGuests(seat));
                }
                if taken_by_another(s) {
                    let holder = s.name.clone();
                    return Err(SeatRefusal::Taken { seat, holder });
                }
                if !seats.contains(&seat) {
                    seats.push(seat);
                }
            }
            return Ok(seats);
        }
        let held: Vec<Seat> = self
            .seats
            .iter()
            .filter(|s| may_hold(s) && (s.name == name || s.handed_from.as_deref() == Some(name)))
            .filter(|s| self.game.is_some() || s.conn.is_some())
            .map(|s| s.seat)
            .collect();
        if !held.is_empty() {
            return Ok(held);
        }
        self.seats
            .iter()
            .find(|s| s.holder == Holder::Guest && s.conn.is_none() && !taken_by_another(s))
            .map(|s| vec![s.seat])
            .ok_or(SeatRefusal::AllTaken)
    }

    fn start_when_seated(&mut self, events: &mut Vec<HostEvent>) {
        if self.game.is_some() {
            return;
        }
        let waiting = |s: &SeatInfo| {
            s.conn.is_none()
                && (s.holder == Holder::Guest || (s.holder == Holder::Host && self.local.is_some()))
        };
        if self.seats.iter().any(waiting) {
            return;
        }
        let setup = &self.config.setup;
        let plans: Vec<SeatPlan> = (self.seats.iter())
            .filter_map(|s| {
                let computer = match s.holder {
                    Holder::Guest => s.computer,
                    _ => setup.players[setup.index_of(s.seat)?].computer,
                };
                Some(SeatPlan::new(s.seat, &s.name, computer))
            })
            .collect();
        match Match::new(&self.config.spec, setup.clone().seated(&plans)) {
            Ok(game) => {
                self.game = Some(game);
                // Only to those welcomed: a connection still proving its code learns nothing.
                for (&conn, guest) in &self.guests {
                    if guest.role.is_some() {
                        self.send_match(conn);
                    }
                }
                events.push(HostEvent::Started);
            }
            Err(e) => events.push(HostEvent::Rejected {
                name: String::new(),
                reason: Rejection::CannotStart(e),
            }),
        }
    }

    fn act(
        &mut self,
        conn: ConnId,
        index: usize,
        action: Action,
        events: &mut Vec<HostEvent>,
    ) -> Result<(), Rejection> {
        let guest = self.guests.get(&conn).ok_or(Rejection::NoHello)?;
        match guest.role {
            None => return Err(Rejection::NoHello),
            Some(Role::Spectator) => return Err(Rejection::Spectator),
            Some(Role::Player) => {}
        }
        let game = self.game.as_mut().ok_or(Rejection::NotStarted)?;
        let seats = &self.seats;
        let ruled = carrom_remote::at_host(game, index, action, |seat| {
            match (
                guest.seats.contains(&seat),
                seats.iter().any(|s| s.seat == seat && s.conn == Some(conn)),
            ) {
                (false, _) => Holding::NotHis,
                (true, false) => Holding::HandedOver,
                (true, true) => Holding::Holds,
            }
        })?;
        self.record(ruled, events);
        Ok(())
    }

    /// The host's own seat's action (its computer's), checked and applied.
    fn apply(
        &mut self,
        by: Seat,
        action: Action,
        events: &mut Vec<HostEvent>,
    ) -> Result<(), Rejection> {
        let game = self.game.as_mut().ok_or(Rejection::NotStarted)?;
        let ruled = carrom_remote::checked(game, by, action)?;
        self.record(ruled, events);
        Ok(())
    }

    /// An action the host applied: its calls kept, sent to every machine, the save kept.
    fn record(&mut self, (applied, verdict): carrom_remote::Ruled, events: &mut Vec<HostEvent>) {
        let Some(game) = &self.game else { return };
        if let Some(v) = &verdict {
            let lines = game.verdict_lines(v);
            self.calls.extend(lines);
        }
        let (index, by) = (applied.index, applied.by);
        let over = game.is_over();
        self.log.push(applied.clone());
        self.broadcast(&ToGuest::Applied(applied));
        events.push(HostEvent::Applied { index, by });
        if over {
            events.push(HostEvent::Over);
        }
        self.save();
    }

    fn save(&self) {
        if let (Some(path), Some(game)) = (&self.config.save, &self.game)
            && let Err(e) = carrom_match::SaveFile::of(game).keep(path)
        {
            eprintln!("{e}");
        }
    }

    fn computer_acts(&mut self, events: &mut Vec<HostEvent>) {
        let Some(game) = &self.game else { return };
        let Some(actor) = game.next_actor() else {
            return;
        };
        let seat = actor.seat();
        if !self
            .seats
            .iter()
            .any(|s| s.seat == seat && s.holder == Holder::Computer)
        {
            return;
        }
        if let Some(action) = (self.computers)(game)
            && let Err(reason) = self.apply(seat, action, events)
        {
            events.push(HostEvent::Rejected {
                name: format!("the computer at {}", seat.name()),
                reason,
            });
        }
    }

    /// Hands a guest's seat to the host's computer (the guest left and the match should go on);
    /// the guest gets it back when it rejoins.
    pub fn hand_to_computer(&mut self, seat: Seat) -> Option<HostEvent> {
        let s = self
            .seats
            .iter_mut()
            .find(|s| s.seat == seat && s.holder == Holder::Guest && s.conn.is_none())?;
        s.handed_from = Some(s.name.clone());
        s.holder = Holder::Computer;
        self.broadcast_seating();
        Some(HostEvent::HandedOver { seat })
    }

    fn hand_over_gone_seats(&mut self, events: &mut Vec<HostEvent>) {
        let (Some(after), Some(game)) = (self.config.hand_over_after, &self.game) else {
            return;
        };
        let Some(actor) = game.next_actor() else {
            return;
        };
        let gone = self.seats.iter().any(|s| {
            s.seat == actor.seat()
                && s.holder == Holder::Guest
                && s.gone_since.is_some_and(|t| t.elapsed() >= after)
        });
        if gone && let Some(e) = self.hand_to_computer(actor.seat()) {
            events.push(e);
        }
    }

    fn spectators(&self) -> usize {
        let watching = |g: &&GuestInfo| g.role == Some(Role::Spectator);
        self.guests.values().filter(watching).count()
    }

    /// The guests connected and past their hello (the headless host waits for them to leave
    /// once the match is over).
    pub fn guests(&self) -> usize {
        self.guests.values().filter(|g| g.role.is_some()).count()
    }
}

/// A join code as typed: 1 to 16 letters and digits, read in capitals (`play1` is `PLAY1`).
pub fn join_code(text: &str) -> Result<String, JoinCodeError> {
    let t = text.trim().to_uppercase();
    if t.is_empty() || t.len() > 16 || !t.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(JoinCodeError);
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_join_code_is_read_in_capitals_and_nothing_but_letters_and_digits() {
        assert_eq!(join_code(" play1 "), Ok("PLAY1".into()));
        assert!(join_code("").is_err());
        assert!(join_code("AB-12").is_err());
        assert!(join_code(&"A".repeat(17)).is_err());
    }
}
