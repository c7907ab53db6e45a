//! A guest's link: a player (or a spectator) at another machine joined to the host, the host's
//! messages read, its own seats' actions sent and paced, and the host's match kept as a log.
//! The one match a guest follows is its board's in the game, or a headless guest's
//! ([`crate::headless`]).

use crate::bounds::Bucket;
use crate::error::{FollowError, JoinError, LinkClosed, StartError};
use crate::host::LOCAL;
use crate::protocol::{Applied, GUEST_PACE, GUEST_PACE_BURST, Hello, PROTOCOL, Role, SeatState};
use crate::protocol::{Binding, CodeExchange, Prover, ToGuest, ToHost, code_proof, proof_holds};
use crate::protocol::{Ticket, rejoin_ticket};
use crate::wire::{Client, FromGuest, FromHost};
use crate::words::shown;
use carrom_match::{Action, Level, Match};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat};
use carrom_remote::RefereesLog;
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A guest that sent an action and heard nothing of it for this long asks the host for the
/// whole match (and then again after twice as long, up to [`ASK_AT_MOST_EVERY`]).
pub const ANSWER_WITHIN: Duration = Duration::from_secs(3);
/// The longest wait between two asks for the match while an action goes unanswered.
pub const ASK_AT_MOST_EVERY: Duration = Duration::from_secs(30);
/// An action the host dropped for coming too fast is sent again after this long.
pub const SEND_AGAIN_AFTER: Duration = Duration::from_millis(100);
/// How long a reconnection waits for the host's welcome, and between two tries.
const REJOIN_WITHIN: Duration = Duration::from_secs(3);
const REJOIN_EVERY: Duration = Duration::from_millis(500);

/// Who a guest is and what it plays with.
#[derive(Clone, Debug)]
pub struct Joining {
    pub code: String,
    pub name: String,
    pub role: Role,
    /// Seats asked for (empty: the next free one, or the ones this name held).
    pub seats: Vec<Seat>,
    /// The guest's seats are played by a computer of this level.
    pub computer: Option<Level>,
    pub spec: Spec,
    /// The rules the guest expects, if it was told.
    pub rules: Option<Rules>,
    /// Where to keep the match's save after every action.
    pub save: Option<PathBuf>,
}

impl Joining {
    /// The host's own window joining through its in-process link: it plays the seats `here`,
    /// or watches when nobody plays at the host's machine.
    pub fn at_host(code: &str, here: Vec<Seat>, spec: &Spec, save: Option<PathBuf>) -> Joining {
        let role = if here.is_empty() {
            Role::Spectator
        } else {
            Role::Player
        };
        Joining {
            seats: here,
            save,
            ..Joining::new(code, "Host", role, spec)
        }
    }

    /// `name` joining with the join code `code` as `role`: for the next free seat (or the seats
    /// this name held), played by its person, the rules not named, no save kept.
    pub fn new(code: &str, name: &str, role: Role, spec: &Spec) -> Joining {
        Joining {
            code: code.to_string(),
            name: name.to_string(),
            role,
            seats: Vec::new(),
            computer: None,
            spec: spec.clone(),
            rules: None,
            save: None,
        }
    }

    /// The hello, with this end's message of the code's key exchange (not the code).
    fn hello(&self, pake: String) -> ToHost {
        ToHost::Hello(Hello {
            protocol: PROTOCOL,
            pake,
            name: self.name.clone(),
            role: self.role,
            seats: self.seats.clone(),
            computer: self.computer,
            spec: Box::new(self.spec.clone()),
            rules: self.rules.map(Box::new),
        })
    }
}

enum Link {
    Quic(Client),
    /// The host's own people, in the host's process.
    Local {
        to_host: mpsc::Sender<FromGuest>,
        from_host: mpsc::Receiver<ToGuest>,
        waker: crate::wire::Waker,
    },
}

impl Link {
    /// The connection's TLS binding (zeros for the in-process link, which has no TLS).
    fn binding(&self) -> Binding {
        match self {
            Link::Quic(c) => c.binding,
            Link::Local { .. } => crate::host::LOCAL_BINDING,
        }
    }

    /// The host's address this link reached (none in-process).
    fn addr(&self) -> Option<SocketAddr> {
        match self {
            Link::Quic(c) => Some(c.addr),
            Link::Local { .. } => None,
        }
    }

    fn send(&self, message: ToHost) {
        match self {
            Link::Quic(c) => c.send(&message),
            Link::Local { to_host, .. } => {
                let _ = to_host.send(FromGuest::Message {
                    conn: LOCAL,
                    message,
                });
            }
        }
    }

    fn recv(&self, wait: Duration) -> Option<FromHost> {
        match self {
            Link::Quic(c) => {
                if wait.is_zero() {
                    c.incoming.try_recv().ok()
                } else {
                    c.incoming.recv_timeout(wait).ok()
                }
            }
            Link::Local { from_host, .. } => {
                let got = if wait.is_zero() {
                    from_host
                        .try_recv()
                        .map_err(|e| e == mpsc::TryRecvError::Disconnected)
                } else {
                    from_host
                        .recv_timeout(wait)
                        .map_err(|e| e == mpsc::RecvTimeoutError::Disconnected)
                };
                match got {
                    Ok(m) => Some(FromHost::Message(m)),
                    Err(true) => Some(FromHost::Closed(LinkClosed::HostStopped)),
                    Err(false) => None,
                }
            }
        }
    }
}

/// What a guest saw.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// Who sits where changed.
    Seating,
    /// The match arrived (at its start, or the whole of it on a join, rejoin or resync).
    Match,
    /// The host applied an action: the follower plays it and takes it ([`GuestLink::take`]).
    Applied(Applied),
    /// The host refused one of this guest's messages.
    Rejected(String),
    /// Something for the log: a position corrected to the host's, a resync asked for.
    Note(String),
    /// The connection is gone.
    Closed(LinkClosed),
}

/// An action sent that the host has not answered yet.
#[derive(Clone, Copy, Debug)]
struct Unanswered {
    index: usize,
    action: Action,
    /// The host dropped it (it came too fast): it goes again at this time.
    again_at: Option<Instant>,
    /// When to ask for the whole match if nothing comes, and how long the wait was.
    ask_at: Instant,
    waited: Duration,
}

/// A guest's link to a hosted match: the connection, its seats, who sits where, the pacing of
/// what it sends and the host's match as a log. The match itself is the follower's: the game's
/// board, or a headless guest's ([`crate::Guest`]).
pub struct GuestLink {
    link: Link,
    pub joining: Joining,
    /// The seats this guest plays (none for a spectator).
    pub seats: Vec<Seat>,
    pub seating: Vec<SeatState>,
    /// The host's match: its setup, physics and every action it applied, as heard here.
    pub referees: Option<RefereesLog>,
    /// The last action sent, by its index: not sent again until the match moves on.
    sent: Option<usize>,
    /// The last action sent, until the host answers it: sent again when the host dropped it,
    /// and asked after when no answer comes.
    unanswered: Option<Unanswered>,
    /// The guest's messages, paced under the host's bound ([`GUEST_PACE`] a second): those
    /// that wait for their turn, and the pace.
    outbox: VecDeque<ToHost>,
    pace: Bucket,
    pub connected: bool,
    /// This guest's way back in to its seats ([`Ticket`]), from its last welcome.
    ticket: Option<Ticket>,
}

impl GuestLink {
    /// Joins the host at `addr`: connects, says hello and waits (up to `timeout`) for the
    /// welcome. A refusal is the error, with the host's reason.
    pub fn join(
        addr: SocketAddr,
        joining: Joining,
        timeout: Duration,
    ) -> Result<GuestLink, JoinError> {
        GuestLink::join_first(&[addr], joining, timeout)
    }

    /// Joins the host at the first of `addrs` that answers (`localhost` names two:
    /// [`crate::resolve_all`]); [`GuestLink::addr`] says which.
    pub fn join_first(
        addrs: &[SocketAddr],
        joining: Joining,
        timeout: Duration,
    ) -> Result<GuestLink, JoinError> {
        GuestLink::join_back(addrs, joining, timeout, None)
    }

    /// Joins as [`GuestLink::join_first`], coming back to its seats with `ticket`.
    fn join_back(
        addrs: &[SocketAddr],
        joining: Joining,
        timeout: Duration,
        ticket: Option<Ticket>,
    ) -> Result<GuestLink, JoinError> {
        let client = Client::connect_back(addrs, None, timeout, ticket)?;
        GuestLink::welcomed(Link::Quic(client), joining, timeout)
    }

    /// The host's address this guest reached (none for the host's own people).
    pub fn addr(&self) -> Option<SocketAddr> {
        self.link.addr()
    }

    /// The host's own people, joined through the host's in-process link.
    pub fn local(
        link: crate::host::LocalLink,
        joining: Joining,
        timeout: Duration,
    ) -> Result<GuestLink, JoinError> {
        GuestLink::welcomed(
            Link::Local {
                to_host: link.to_host,
                from_host: link.from_host,
                waker: link.waker,
            },
            joining,
            timeout,
        )
    }

    fn welcomed(link: Link, joining: Joining, timeout: Duration) -> Result<GuestLink, JoinError> {
        let binding = link.binding();
        let (exchange, pake) = CodeExchange::start(&joining.code);
        let mut exchange = Some(exchange);
        let mut key = None;
        link.send(joining.hello(pake));
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(JoinError::NoWelcome(timeout));
            }
            let message = match link.recv(left.min(Duration::from_millis(100))) {
                Some(FromHost::Message(m)) => m,
                Some(FromHost::Closed(why)) => return Err(JoinError::Closed(why)),
                Some(FromHost::Bad(why)) => return Err(JoinError::Malformed(why)),
                None => continue,
            };
            match message {
                // The host's half of the exchange: this end's proof that it used the same code.
                ToGuest::Challenge { pake } => {
                    let exchange = exchange.take().ok_or(JoinError::ChallengedTwice)?;
                    let shared = exchange.finish(&pake)?;
                    link.send(ToHost::Proof {
                        proof: code_proof(&shared, Prover::Guest, &binding),
                    });
                    key = Some(shared);
                }
                ToGuest::Welcome {
                    protocol,
                    proof,
                    seats,
                    seating,
                } => {
                    if protocol != PROTOCOL {
                        return Err(JoinError::Version(protocol));
                    }
                    if !key
                        .as_ref()
                        .is_some_and(|k| proof_holds(k, Prover::Host, &binding, &proof))
                    {
                        return Err(JoinError::HostUnproven);
                    }
                    let mut guest = GuestLink::welcomed_on(link, joining, seats, seating);
                    if let (Link::Quic(_), Some(key)) = (&guest.link, &key)
                        && !guest.seats.is_empty()
                    {
                        guest.ticket = Some(rejoin_ticket(key, &binding));
                    }
                    return Ok(guest);
                }
                // Before the welcome, a message the host could not read ends the join.
                ToGuest::Rejected { reason } => return Err(JoinError::Rejected(shown(&reason))),
                ToGuest::Refused { reason } => return Err(JoinError::Refused(reason)),
                _ => {}
            }
        }
    }

    /// A guest just welcomed on `link` to `seats`.
    fn welcomed_on(
        link: Link,
        joining: Joining,
        seats: Vec<Seat>,
        seating: Vec<SeatState>,
    ) -> GuestLink {
        GuestLink {
            link,
            joining,
            seats,
            seating: shown_seating(seating),
            referees: None,
            sent: None,
            unanswered: None,
            outbox: VecDeque::new(),
            pace: Bucket::new(GUEST_PACE, GUEST_PACE_BURST, Instant::now()),
            connected: true,
            ticket: None,
        }
    }

    /// Reads the host's messages until its match has started (every seat filled), for at most
    /// `within` (`None`: as long as the link holds): the host's actions that came with the
    /// start, still to be played. `waiting` is called once, when the first seating comes.
    pub fn wait_for_start(
        &mut self,
        within: Option<Duration>,
        waiting: impl FnOnce(),
    ) -> Result<Vec<Applied>, StartError> {
        let t0 = Instant::now();
        let mut waiting = Some(waiting);
        let mut backlog = Vec::new();
        while self.referees.is_none() {
            if within.is_some_and(|w| t0.elapsed() >= w) {
                return Err(StartError::NotWithin(t0.elapsed().as_secs()));
            }
            for e in self.poll(Duration::from_millis(100)) {
                match e {
                    GuestEvent::Closed(why) => return Err(why.into()),
                    GuestEvent::Applied(a) => backlog.push(a),
                    GuestEvent::Seating => {
                        if let Some(said) = waiting.take() {
                            said();
                        }
                    }
                    _ => {}
                }
            }
        }
        Ok(backlog)
    }

    /// Calls `wake` whenever a message from the host arrives (from the network's thread): the
    /// game's window, resting while nobody here acts, wakes to read it.
    pub fn set_waker(&mut self, wake: impl Fn() + Send + 'static) {
        let slot = match &self.link {
            Link::Quic(c) => &c.waker,
            Link::Local { waker, .. } => waker,
        };
        if let Ok(mut w) = slot.lock() {
            *w = Some(Box::new(wake));
        }
    }

    /// Connects again (after the connection dropped) with the same hello: the host gives this
    /// name its seats back and sends the whole match.
    pub fn rejoin(&mut self, addr: SocketAddr, timeout: Duration) -> Result<(), JoinError> {
        let joining = Joining {
            seats: self.seats.clone(),
            ..self.joining.clone()
        };
        let again = GuestLink::join_back(&[addr], joining, timeout, self.ticket)?;
        if let (Link::Quic(old), Link::Quic(new)) = (&self.link, &again.link)
            && let (Ok(mut old), Ok(mut new)) = (old.waker.lock(), new.waker.lock())
        {
            *new = old.take();
        }
        self.link = again.link;
        self.seats = again.seats;
        self.seating = again.seating;
        self.ticket = again.ticket;
        // What waited to go went to the old connection: the match the host sends says
        // whether the unanswered action is to go again.
        self.outbox.clear();
        self.connected = true;
        Ok(())
    }

    /// Rejoins the host at `addr` (after the connection dropped), trying every half second for
    /// up to `within`. Ends at once when trying again cannot help ([`JoinError::is_final`]): a
    /// refusal, or a host that did not prove the code (trying again would hand whoever it is
    /// another guess of the code). The error is the last try's.
    pub fn reconnect(&mut self, addr: SocketAddr, within: Duration) -> Result<(), JoinError> {
        let t0 = Instant::now();
        loop {
            match self.rejoin(addr, REJOIN_WITHIN) {
                Ok(()) => return Ok(()),
                Err(e) if e.is_final() || t0.elapsed() >= within => return Err(e),
                Err(_) => std::thread::sleep(REJOIN_EVERY),
            }
        }
    }

    /// Reads what arrived (waiting up to `wait` for the first message). A match is taken at
    /// once; an action is returned for the follower to play and [`GuestLink::take`].
    pub fn poll(&mut self, wait: Duration) -> Vec<GuestEvent> {
        let mut events = Vec::new();
        self.flush();
        let wait = wait.min(self.due_in(Instant::now()));
        let mut next = self.link.recv(wait);
        while let Some(got) = next {
            match got {
                FromHost::Message(m) => self.message(m, &mut events),
                FromHost::Bad(why) => events.push(GuestEvent::Note(format!(
                    "a message from the host could not be read: {why}"
                ))),
                FromHost::Closed(why) => {
                    self.connected = false;
                    events.push(GuestEvent::Closed(why));
                    break;
                }
            }
            next = self.link.recv(Duration::ZERO);
        }
        self.follow_up(Instant::now(), &mut events);
        self.flush();
        events
    }

    /// How long until something of this guest's is due to go: a message waiting for its
    /// turn, an action to send again, an ask for the match.
    fn due_in(&mut self, now: Instant) -> Duration {
        let mut due = Duration::MAX;
        if !self.outbox.is_empty() {
            due = self.pace.wait(now);
        }
        if let Some(u) = &self.unanswered {
            let at = u.again_at.unwrap_or(u.ask_at);
            due = due.min(at.saturating_duration_since(now));
        }
        due
    }

    /// The unanswered action: sent again when the host dropped it, or the whole match asked
    /// for when no answer came in time (and again after twice as long).
    fn follow_up(&mut self, now: Instant, events: &mut Vec<GuestEvent>) {
        let Some(u) = &mut self.unanswered else {
            return;
        };
        if u.again_at.is_some_and(|t| now >= t) {
            u.again_at = None;
            u.waited = ANSWER_WITHIN;
            u.ask_at = now + ANSWER_WITHIN;
            let (index, action) = (u.index, u.action);
            self.send(ToHost::Act { index, action });
        } else if u.again_at.is_none() && now >= u.ask_at {
            let index = u.index;
            let waited = u.waited;
            u.waited = (u.waited * 2).min(ASK_AT_MOST_EVERY);
            u.ask_at = now + u.waited;
            events.push(GuestEvent::Note(format!(
                "no answer from the host to action {index} within {} s: asked for the whole match",
                waited.as_secs()
            )));
            self.send(ToHost::Resync);
        }
    }

    /// Sends `message` when the pace allows: at once, or from [`GuestLink::poll`].
    fn send(&mut self, message: ToHost) {
        self.outbox.push_back(message);
        self.flush();
    }

    /// Sends what waits, as far as the pace allows.
    fn flush(&mut self) {
        let now = Instant::now();
        while !self.outbox.is_empty() && self.pace.take(now) {
            let message = self.outbox.pop_front().expect("a message");
            self.link.send(message);
        }
    }

    fn message(&mut self, message: ToGuest, events: &mut Vec<GuestEvent>) {
        match message {
            ToGuest::Welcome { seats, seating, .. } => {
                self.seats = seats;
                self.seating = shown_seating(seating);
                events.push(GuestEvent::Seating);
            }
            ToGuest::Seating { seating } => {
                self.seating = shown_seating(seating);
                events.push(GuestEvent::Seating);
            }
            // The key exchange is over once the guest is welcomed.
            ToGuest::Challenge { .. } => events.push(GuestEvent::Note(
                "the host sent a key exchange's message after the welcome".into(),
            )),
            ToGuest::Match { setup, spec, log } => {
                let actions = log.len();
                self.referees = Some(RefereesLog::new(shown_names(*setup), *spec, log));
                self.after_match(actions);
                events.push(GuestEvent::Match);
            }
            ToGuest::Applied(applied) => {
                if self.unanswered.is_some_and(|u| u.index <= applied.index) {
                    self.unanswered = None;
                }
                events.push(GuestEvent::Applied(applied));
            }
            ToGuest::SendAgain { index, .. } => {
                if let Some(u) = self.unanswered.as_mut().filter(|u| u.index == index) {
                    u.again_at = Some(Instant::now() + SEND_AGAIN_AFTER);
                }
            }
            ToGuest::Refused { reason } => {
                self.connected = false;
                events.push(GuestEvent::Closed(LinkClosed::Refused(reason)));
            }
            ToGuest::Rejected { reason } => events.push(GuestEvent::Rejected(shown(&reason))),
        }
    }

    /// The whole match came, with `actions` actions: the unanswered action goes again if it
    /// is still the next (nothing was applied since it was sent, so it is still this guest's
    /// turn); any other may be sent anew.
    fn after_match(&mut self, actions: usize) {
        match self.unanswered.as_mut() {
            Some(u) if u.index == actions => u.again_at = Some(Instant::now()),
            _ => {
                self.unanswered = None;
                self.sent = None;
            }
        }
    }

    /// Takes the host's action into the host's log here (once; `false` for one already in
    /// it): one past the next is out of order, and the whole match is asked for.
    pub fn take(&mut self, applied: &Applied) -> Result<bool, FollowError> {
        let log = self.referees.as_mut().ok_or(FollowError::NoMatch)?;
        let taken = log.take(applied);
        taken.map_err(|e| {
            self.send(ToHost::Resync);
            FollowError::Resync(e)
        })
    }

    /// The host's match rebuilt from its log (the whole match asked for again when it cannot
    /// be); what was corrected on the way.
    pub fn referees_match(&mut self) -> Result<(Match, Vec<String>), FollowError> {
        let log = self.referees.as_ref().ok_or(FollowError::NoMatch)?;
        let rebuilt = log.rebuild();
        rebuilt.map_err(|e| {
            self.send(ToHost::Resync);
            match e {
                carrom_remote::RebuildError::Setup(e) => FollowError::Setup(e),
                carrom_remote::RebuildError::Action(e) => FollowError::Action(e),
            }
        })
    }

    /// Sends the action numbered `index` for one of this guest's seats: paced under the host's
    /// bound, sent again when the host drops it, the whole match asked for when no answer
    /// comes. Once an index (a board runs ahead of the host's log: its own placements are on
    /// it before the host's answer); whether it went.
    pub fn act_at(&mut self, index: usize, action: Action) -> bool {
        if self.referees.is_none() || self.sent == Some(index) {
            return false;
        }
        self.sent = Some(index);
        let now = Instant::now();
        self.unanswered = Some(Unanswered {
            index,
            action,
            again_at: None,
            ask_at: now + ANSWER_WITHIN,
            waited: ANSWER_WITHIN,
        });
        self.send(ToHost::Act { index, action });
        true
    }

    /// Asks the host for its whole match (the follower could not take an action).
    pub fn send_resync(&mut self) {
        self.send(ToHost::Resync);
    }

    /// Whether the action numbered `index` was sent and waits for the host.
    pub fn sent(&self, index: usize) -> bool {
        self.sent == Some(index)
    }

    /// Sends any message at once, unpaced and not followed up (the hostile-peer tests send
    /// what a fair guest would not).
    pub fn send_raw(&self, message: ToHost) {
        self.link.send(message);
    }

    /// Sends raw bytes as they are (hostile-peer tests).
    pub fn send_bytes(&self, bytes: Vec<u8>) {
        if let Link::Quic(c) = &self.link {
            c.send_bytes(bytes);
        }
    }
}

/// Who sits where as the host says, its names made safe to show.
fn shown_seating(mut seating: Vec<SeatState>) -> Vec<SeatState> {
    for s in &mut seating {
        s.name = shown(&s.name);
    }
    seating
}

/// The host's match setup, its players' names made safe to show.
fn shown_names(mut setup: carrom_match::MatchSetup) -> carrom_match::MatchSetup {
    for p in &mut setup.players {
        p.name = shown(&p.name);
    }
    setup
}
