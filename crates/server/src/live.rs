//! A match the server hosts, in a task of its own: its [`Match`] is the referee (every action is
//! checked and played by carrom-remote's referee, [`carrom_remote::at_host`], as a host across
//! machines checks it), each action is stored as it is applied and then sent to every client
//! with its outcome and digest. The server's computers play their seats; a player gone longer
//! than the server's wait forfeits.
//! A match whose rules have a shot clock (the rated ones) keeps it ([`crate::clock`]): the
//! time-out is applied, stored and sent like any action.

use crate::clock::Clock;
use crate::rating;
use crate::shared::Shared;
use carrom_ai::Computers;
use carrom_match::{Action, Match, MatchError, MatchSetup};
use carrom_online::ToClient;
use carrom_referee::{Seat, Side};
use carrom_remote::{Applied, Holder, Holding, Rejection, ReplayError, Ruled, SeatState};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

pub use crate::outbox::{Out, Outbox, tell};

/// Who plays a seat: a person by his name, or one of the server's computers (the match's own
/// seat plan, as every match names its seats).
pub use carrom_match::SeatPlan;

/// What a connection asks of a match.
#[derive(Debug)]
pub enum ToMatch {
    /// A connection joins: a player by his name, or a spectator (`None`).
    Attach {
        conn: u64,
        name: Option<String>,
        outbox: Outbox,
    },
    Detach {
        conn: u64,
    },
    Act {
        conn: u64,
        index: usize,
        action: Action,
        /// When the connection read it (the server's figures count its wait from then).
        at: Instant,
    },
    Resync {
        conn: u64,
    },
    /// The match as it stands (the API and the pages: no replay of its actions).
    Snapshot {
        reply: tokio::sync::oneshot::Sender<Match>,
    },
}

/// A live match as the server's registry sees it.
#[derive(Clone, Debug)]
pub struct Handle {
    pub id: u64,
    /// Its setup's seed (a tournament's game finds the match it started by it).
    pub seed: u64,
    pub to: mpsc::Sender<ToMatch>,
    pub players: Vec<String>,
    pub rated: bool,
    pub actions: Arc<AtomicUsize>,
    /// A private room's match: watched with this code only.
    pub watch_code: Option<String>,
}

struct Conn {
    name: Option<String>,
    outbox: Outbox,
}

/// While the database is away, what a match did is tried again after this long, doubling ...
const STORE_RETRY_FIRST: Duration = Duration::from_millis(100);
/// ... up to this long.
const STORE_RETRY_MOST: Duration = Duration::from_secs(5);

/// A match being played.
pub struct Live {
    pub id: u64,
    pub rated: bool,
    pub game: Match,
    pub seats: Vec<SeatPlan>,
    pub log: Vec<Applied>,
    /// A private room's match: watched with this code only.
    pub watch_code: Option<String>,
    computers: Computers,
    conns: BTreeMap<u64, Conn>,
    /// Since when each person's name has had no connection to the match.
    gone: HashMap<String, Instant>,
    /// How long each person was away before, in all: the server's wait to come back is
    /// counted once in a match, not for each absence.
    was_away: HashMap<String, Duration>,
    actions: Arc<AtomicUsize>,
    /// The shot clock of the action now due (a match on the clock, a person to act).
    clock: Option<Clock>,
    /// When the last action was a stroke: when it was sent, and how long its pieces take to
    /// come to rest (the next clock starts once a board showing it in real time has).
    stroke_sent: Option<(tokio::time::Instant, Duration)>,
}

impl Live {
    /// Match `id` from its setup, replaying `actions` (a match the database kept); its people
    /// count as gone from now until they connect.
    pub fn new(
        id: u64,
        rated: bool,
        mut game: Match,
        seats: Vec<SeatPlan>,
        actions: &[Action],
    ) -> Result<Live, ReplayError> {
        let log = carrom_remote::replay(&mut game, actions, &[])?;
        let everyone = game.setup.clone().seated(&seats);
        let now = Instant::now();
        let gone = seats
            .iter()
            .filter(|s| s.computer.is_none())
            .map(|s| (s.name.clone(), now))
            .collect();
        Ok(Live {
            id,
            rated,
            computers: Computers::for_setup(&everyone),
            game,
            seats,
            log,
            watch_code: None,
            conns: BTreeMap::new(),
            gone,
            was_away: HashMap::new(),
            actions: Arc::new(AtomicUsize::new(actions.len())),
            clock: None,
            stroke_sent: None,
        })
    }

    /// Match `row` as the store keeps it, on `game` (its setup), replaying `actions`.
    pub fn of_row(
        row: &crate::store::MatchRow,
        game: Match,
        actions: &[Action],
    ) -> Result<Live, ReplayError> {
        let mut live = Live::new(row.id, row.rated, game, row.seats.clone(), actions)?;
        live.watch_code.clone_from(&row.watch_code);
        Ok(live)
    }

    /// Its entry in the server's registry, with the way to send it messages.
    pub fn handle(&self, to: mpsc::Sender<ToMatch>) -> Handle {
        Handle {
            id: self.id,
            seed: self.game.setup.seed,
            to,
            players: self.seats.iter().map(|s| s.name.clone()).collect(),
            rated: self.rated,
            actions: self.actions.clone(),
            watch_code: self.watch_code.clone(),
        }
    }

    fn seating(&self) -> Vec<SeatState> {
        self.seats
            .iter()
            .map(|s| SeatState {
                seat: s.seat,
                name: s.name.clone(),
                holder: if s.computer.is_some() {
                    Holder::Computer
                } else {
                    Holder::Guest
                },
                connected: s.computer.is_some() || !self.gone.contains_key(&s.name),
            })
            .collect()
    }

    fn broadcast(&self, message: &ToClient) {
        let text: Arc<str> = message.text().into();
        for c in self.conns.values() {
            c.outbox.text(text.clone());
        }
    }

    fn whole_match(&self) -> ToClient {
        ToClient::Match {
            id: self.id,
            setup: Box::new(self.game.setup.clone()),
            spec: Box::new(self.game.spec.clone()),
            log: self.log.clone(),
        }
    }

    fn seats_of(&self, name: &str) -> Vec<Seat> {
        self.seats
            .iter()
            .filter(|s| s.computer.is_none() && s.name == name)
            .map(|s| s.seat)
            .collect()
    }

    fn attach(&mut self, conn: u64, name: Option<String>, outbox: Outbox) {
        let seats = name.as_deref().map_or(Vec::new(), |n| self.seats_of(n));
        if let Some(n) = &name {
            // The same player on a new connection: the old one no longer speaks for him.
            self.conns.retain(|_, c| c.name.as_deref() != Some(n));
            if let Some(since) = self.gone.remove(n) {
                *self.was_away.entry(n.clone()).or_default() += since.elapsed();
            }
        }
        tell(
            &outbox,
            &ToClient::Seated {
                id: self.id,
                seats,
                rated: self.rated,
                seating: self.seating(),
            },
        );
        tell(&outbox, &self.whole_match());
        if let Some(c) = self.clock {
            tell(&outbox, &c.message(tokio::time::Instant::now()));
        }
        self.conns.insert(conn, Conn { name, outbox });
        self.broadcast(&ToClient::Seating {
            seating: self.seating(),
        });
    }

    fn detach(&mut self, conn: u64) {
        if let Some(Conn { name: Some(n), .. }) = self.conns.remove(&conn) {
            if !self.conns.values().any(|c| c.name.as_ref() == Some(&n)) {
                self.gone.insert(n, Instant::now());
            }
            self.broadcast(&ToClient::Seating {
                seating: self.seating(),
            });
        }
    }

    /// A player's action from `conn`, for his own seat that is to act, as the match's next
    /// action: checked and applied as a host checks one ([`carrom_remote::at_host`]), and
    /// added to the log.
    fn act(&mut self, conn: u64, index: usize, action: Action) -> Result<Applied, Rejection> {
        let c = self.conns.get(&conn).ok_or(Rejection::NoHello)?;
        let name = c.name.as_deref().ok_or(Rejection::Spectator)?;
        let his = self.seats_of(name);
        let ruled = carrom_remote::at_host(&mut self.game, index, action, |seat| {
            if his.contains(&seat) {
                Holding::Holds
            } else {
                Holding::NotHis
            }
        })?;
        Ok(self.record(ruled))
    }

    /// The action of a server's computer at `by`, checked as a player's is after its number
    /// and seat, applied and added to the log.
    fn apply(&mut self, by: Seat, action: Action) -> Result<Applied, Rejection> {
        let ruled = carrom_remote::checked(&mut self.game, by, action)?;
        Ok(self.record(ruled))
    }

    /// The time-out the server calls at `by`, applied and added to the log.
    fn call_time_out(&mut self, by: Seat) -> Result<Applied, MatchError> {
        let ruled = carrom_remote::play(&mut self.game, by, Action::TimeOut)?;
        Ok(self.record(ruled))
    }

    /// An action the match applied, added to the log.
    fn record(&mut self, (applied, _): Ruled) -> Applied {
        self.stroke_sent = matches!(applied.action, Action::Stroke { .. }).then(|| {
            let moving = Duration::from_secs_f32(self.game.stroke_time.max(0.0));
            (tokio::time::Instant::now(), moving)
        });
        self.log.push(applied.clone());
        self.actions.store(self.log.len(), Ordering::Relaxed);
        applied
    }

    /// The action now due on the shot clock and its seat: a match whose rules have a clock, a
    /// person (not one of the server's computers) to act.
    fn due_on_the_clock(&self) -> Option<((usize, Seat), Duration)> {
        let secs = self.game.setup.rules.shot_clock_secs?;
        let seat = self.game.next_actor()?.seat();
        (self.seats.iter()).find(|s| s.seat == seat && s.computer.is_none())?;
        let due = (self.game.actions.len(), seat);
        Some((due, Duration::from_secs(u64::from(secs))))
    }

    /// Winds the shot clock for the action now due: started when its player can act (a
    /// stroke before it shown to its rest, its aim `aim_shown` before it), running whether
    /// or not he is connected; every client is told when it is wound.
    fn wind_clock(&mut self, aim_shown: Duration) {
        let Some((due, full)) = self.due_on_the_clock() else {
            self.clock = None;
            return;
        };
        let now = tokio::time::Instant::now();
        let shown = self
            .stroke_sent
            .map(|(sent, moving)| sent + aim_shown + moving);
        let starts = shown.map_or(now, |t| now.max(t));
        let (clock, started) = Clock::wind(self.clock, due, full, starts);
        self.clock = Some(clock);
        if started {
            self.broadcast(&clock.message(now));
        }
    }

    /// The clock ran out (and its grace): the time-out of the player due to act, applied.
    fn time_out(&mut self, grace: Duration) -> Option<Applied> {
        let clock = self.clock?;
        let late = clock.time_out_at(grace) <= tokio::time::Instant::now();
        if !late || clock.index != self.game.actions.len() {
            return None;
        }
        self.clock = None;
        match self.call_time_out(clock.seat) {
            Ok(applied) => Some(applied),
            Err(e) => {
                eprintln!(
                    "match {}: the time-out at {}: {e}",
                    self.id,
                    clock.seat.name()
                );
                None
            }
        }
    }

    /// The seat a server's computer is to play now, if any.
    fn computer_to_act(&self) -> Option<Seat> {
        let seat = self.game.next_actor()?.seat();
        self.seats
            .iter()
            .any(|s| s.seat == seat && s.computer.is_some())
            .then_some(seat)
    }

    /// Whether the match's end changes its players' ratings: a rated match played out, or
    /// forfeited after its first board (a forfeit before it is unrated: two names of one
    /// person forfeiting to each other at once gain nothing).
    fn counts_for_rating(&self) -> bool {
        let r = &self.game.referee;
        self.rated && (self.game.is_over() || r.game_number() > 1 || r.board_number() > 1)
    }

    /// The winners' names (of the side that won) and the match's end in words.
    fn result(&self) -> (Vec<String>, String) {
        let Some(side) = self.game.referee.match_winner() else {
            return (Vec::new(), "played out with no winner".into());
        };
        let winners = self.side_names(side);
        let how = format!(
            "{} won the match, games {:?}, score {:?}",
            winners.join(" & "),
            self.game.referee.games(),
            self.game.referee.score()
        );
        (winners, how)
    }

    fn side_names(&self, side: carrom_referee::Side) -> Vec<String> {
        self.seats
            .iter()
            .filter(|s| self.game.setup.seats.side_of(s.seat) == side)
            .map(|s| s.name.clone())
            .collect()
    }

    /// A person away longer than `after` in all this match (this absence and those before):
    /// the side he forfeits for.
    fn forfeited(&self, after: Duration) -> Option<(String, carrom_referee::Side)> {
        let before = |n: &String| self.was_away.get(n).copied().unwrap_or_default();
        let (name, _) = (self.gone.iter()).find(|(n, t)| before(n) + t.elapsed() >= after)?;
        let seat = self.seats.iter().find(|s| &s.name == name)?.seat;
        Some((name.clone(), self.game.setup.seats.side_of(seat)))
    }
}

/// The setup's players named and levelled as `seats` says.
pub fn named_setup(setup: MatchSetup, seats: &[SeatPlan]) -> MatchSetup {
    setup.seated(seats)
}

/// Runs match `live` until it ends: its messages, its computers, its shot clock, its players'
/// forfeits.
pub async fn run(mut live: Live, mut from: mpsc::Receiver<ToMatch>, shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    let grace = shared.config.clock_grace;
    let end = loop {
        if live.game.is_over() {
            break live.result();
        }
        if let Some(seat) = live.computer_to_act() {
            computer_plays(&mut live, seat, &shared).await;
            continue;
        }
        live.wind_clock(shared.config.aim_shown);
        let time_out_at = live.clock.map(|c| c.time_out_at(grace));
        tokio::select! {
            () = until(time_out_at) => time_out(&mut live, &shared).await,
            got = from.recv() => match got {
                Some(m) => handle(&mut live, m, &shared).await,
                None => return,
            },
            _ = tick.tick() => {
                if let Some((name, side)) = live.forfeited(shared.config.forfeit_after) {
                    let winners = live.side_names(side.other());
                    let secs = shared.config.forfeit_after.as_secs();
                    break (winners, format!("{name} did not come back within {secs} s: forfeited"));
                }
            }
        }
    };
    finish(&mut live, end, &shared).await;
    // Messages that came as it ended: the match is over for them.
    from.close();
    while let Some(m) = from.recv().await {
        if let ToMatch::Attach { outbox, .. } = m {
            tell(&outbox, &live.whole_match());
        }
    }
}

/// Sleeps until `t`; forever when there is none.
async fn until(t: Option<tokio::time::Instant>) {
    match t {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// The time-out of the player due to act, if his clock and its grace ran out: stored and sent.
async fn time_out(live: &mut Live, shared: &Shared) {
    if let Some(applied) = live.time_out(shared.config.clock_grace) {
        stored_and_sent(live, applied, shared).await;
    }
}

async fn handle(live: &mut Live, message: ToMatch, shared: &Shared) {
    match message {
        ToMatch::Attach { conn, name, outbox } => live.attach(conn, name, outbox),
        ToMatch::Detach { conn } => live.detach(conn),
        ToMatch::Snapshot { reply } => {
            let _ = reply.send(live.game.clone());
        }
        ToMatch::Resync { conn } => {
            if let Some(c) = live.conns.get(&conn) {
                tell(&c.outbox, &live.whole_match());
            }
        }
        ToMatch::Act {
            conn,
            index,
            action,
            at,
        } => {
            shared.timings.wait.add(at.elapsed());
            // An action after the clock and its grace ran out: the time-out comes first.
            time_out(live, shared).await;
            let applying = Instant::now();
            let done = live.act(conn, index, action);
            shared.timings.apply.add(applying.elapsed());
            match done {
                Ok(applied) => stored_and_sent(live, applied, shared).await,
                Err(reason) => {
                    if let Some(c) = live.conns.get(&conn) {
                        let reason = reason.to_string();
                        tell(&c.outbox, &ToClient::Rejected { reason });
                    }
                }
            }
        }
    }
}

/// An applied action: stored, then sent to every client of the match. A player is never sent
/// an action a restart would not play again: while the database is away the match waits
/// (its players told so) and the action is tried again until it is stored.
async fn stored_and_sent(live: &Live, applied: Applied, shared: &Shared) {
    let storing = Instant::now();
    let (id, index, store) = (live.id, applied.index, &shared.store);
    let mut retry = Retry::new(live, format!("action {index}"));
    loop {
        match store
            .add_action(id, index, applied.by, &applied.action)
            .await
        {
            Ok(()) => break,
            // A commit whose answer was lost: the action is there.
            Err(_) if store.has_action(id, index).await.unwrap_or(false) => break,
            Err(e) => retry.after(e).await,
        }
    }
    retry.done();
    shared.timings.store.add(storing.elapsed());
    live.broadcast(&ToClient::Applied(applied));
}

/// A write of a match's that failed, tried again after a wait longer each time
/// ([`STORE_RETRY_FIRST`] doubling to [`STORE_RETRY_MOST`]); the first failure is logged and
/// the match's clients are told that it waits.
struct Retry<'a> {
    live: &'a Live,
    what: String,
    wait: Duration,
    failed: bool,
}

impl<'a> Retry<'a> {
    fn new(live: &'a Live, what: String) -> Retry<'a> {
        Retry {
            live,
            what,
            wait: STORE_RETRY_FIRST,
            failed: false,
        }
    }

    /// The write failed with `e`: the wait before it is tried again.
    async fn after(&mut self, e: crate::StoreError) {
        if !self.failed {
            let (id, what) = (self.live.id, &self.what);
            eprintln!("match {id}: {what} not stored yet ({e}): trying again");
            self.live.broadcast(&ToClient::Waiting {
                what: "the server cannot store the match just now: it waits for its database"
                    .into(),
            });
            self.failed = true;
        }
        tokio::time::sleep(self.wait).await;
        self.wait = (self.wait * 2).min(STORE_RETRY_MOST);
    }

    /// The write is done.
    fn done(self) {
        if self.failed {
            eprintln!("match {}: {} stored", self.live.id, self.what);
        }
    }
}

/// A server's computer chooses its action (on a thread of its own) and the match applies it.
async fn computer_plays(live: &mut Live, seat: Seat, shared: &Shared) {
    let mut computers = live.computers.clone();
    let position = live.game.clone();
    let chosen = tokio::task::spawn_blocking(move || {
        let action = computers.act(&position);
        (computers, action)
    })
    .await;
    let (action, chose) = match chosen {
        Ok((computers, Some(action))) => {
            live.computers = computers;
            (action, true)
        }
        // A computer with nothing to do cannot hold the match: it passes, and its pass is an
        // action like any other (stored, then sent).
        _ => (Action::Pass, false),
    };
    let applied = match live.apply(seat, action) {
        Ok(applied) => applied,
        Err(e) if chose => {
            eprintln!("match {}: the computer at {}: {e}", live.id, seat.name());
            match live.apply(seat, Action::Pass) {
                Ok(applied) => applied,
                Err(_) => return,
            }
        }
        Err(_) => return,
    };
    stored_and_sent(live, applied, shared).await;
}

/// The match is over: stored as over with its players' ratings (a rated match) in one
/// transaction (tried until it is), then everyone told; a player not connected is told when he
/// comes back.
async fn finish(live: &mut Live, (winners, how): (Vec<String>, String), shared: &Shared) {
    let rated = if live.counts_for_rating() {
        ratings(live, &winners, shared).await
    } else {
        Vec::new()
    };
    let id = live.id;
    let mut retry = Retry::new(live, "its end".into());
    while let Err(e) = (shared.store).end_match(id, (&winners, &how), &rated).await {
        retry.after(e).await;
    }
    retry.done();
    shared.ended(live.id, &live.seats);
    let over = ToClient::Over { id, winners, how };
    live.broadcast(&over);
    shared.untold(live.gone.keys(), over);
}

/// A rated match's players after it: singles rated by Glicko-2, doubles by Weng-Lin for two
/// teams (none when they cannot be read).
async fn ratings(live: &Live, winners: &[String], shared: &Shared) -> Vec<crate::store::PlayerRow> {
    let mut players = Vec::new();
    for seat in &live.seats {
        match shared.store.player(&seat.name).await {
            Ok(Some(p)) => players.push((live.game.setup.seats.side_of(seat.seat), p)),
            _ => {
                eprintln!("match {}: its players cannot be read: not rated", live.id);
                return Vec::new();
            }
        }
    }
    let first_won = |p: &crate::store::PlayerRow| winners.contains(&p.name);
    match players.as_slice() {
        [(_, a), (_, b)] => {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            let now = now.map_or(0, |d| d.as_secs() as i64);
            let period = shared.config.rating_period;
            let (ra, rb) = rating::after_match((a, b), first_won(a), now, period);
            vec![ra, rb]
        }
        [_, _, _, _] => {
            let side = |s| {
                players
                    .iter()
                    .filter(move |(of, _)| *of == s)
                    .map(|(_, p)| p)
            };
            let team = |s| <[&crate::store::PlayerRow; 2]>::try_from(side(s).collect::<Vec<_>>());
            let (Ok(one), Ok(two)) = (team(Side::Zero), team(Side::One)) else {
                return Vec::new();
            };
            rating::after_doubles((one, two), first_won(one[0]))
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{MatchRow, Store};
    use crate::{ServerConfig, sqlite_in};
    use carrom_match::Level;
    use carrom_referee::{Rules, Seats};

    /// A match of two of the server's computers, stored.
    async fn a_match_against_the_computer(dir: &std::path::Path) -> (Live, Arc<Shared>) {
        let db = sqlite_in(dir);
        let config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), &db);
        let store = Store::open(&db).await.unwrap();
        let seats = vec![
            SeatPlan::new(Seat::South, "South (computer)", Some(Level::Beginner)),
            SeatPlan::new(Seat::North, "North (computer)", Some(Level::Beginner)),
        ];
        let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1).seated(&seats);
        let row = MatchRow::starting(1, false, setup.clone(), seats.clone());
        store.create_match(&row).await.unwrap();
        let game = Match::new(&config.spec, setup).unwrap();
        let live = Live::new(1, false, game, seats, &[]).unwrap();
        (live, Arc::new(Shared::new(config, store, 2)))
    }

    /// A server's computer with nothing to do passes (it cannot hold the match), and its pass
    /// is an action like any other: stored (a restarted server plays it again) and sent to
    /// every client of the match.
    #[tokio::test(flavor = "multi_thread")]
    async fn a_computer_with_nothing_to_do_passes_and_its_pass_is_stored_and_sent() {
        let dir = tempfile::tempdir().unwrap();
        let (mut live, shared) = a_match_against_the_computer(dir.path()).await;
        let (outbox, mut heard) = Outbox::new();
        live.attach(7, None, outbox);
        let shot = carrom_physics::Shot {
            seat: Seat::South,
            position: 0.0,
            angle_deg: 0.0,
            power: 1.0,
        };
        live.apply(Seat::South, Action::Stroke { shot }).unwrap();
        // The computer to act has nothing to do: no player of its own for the seat.
        live.computers =
            Computers::for_setup(&MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1));
        let seat = live.game.next_actor().unwrap().seat();
        computer_plays(&mut live, seat, &shared).await;
        assert_eq!(
            live.game.actions[1..],
            [Action::Pass],
            "the computer passed"
        );
        let stored = shared.store.actions(1).await.unwrap();
        assert_eq!(stored, [Action::Pass], "its pass is stored");
        let mut sent = Vec::new();
        while let Some(Out::Text(text)) = heard.try_next() {
            if let Ok(ToClient::Applied(a)) = serde_json::from_str::<ToClient>(&text) {
                sent.push(a);
            }
        }
        assert_eq!(sent, live.log[1..], "its pass is sent as it was applied");
    }
}
