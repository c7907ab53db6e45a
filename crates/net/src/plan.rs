//! A hosted match as a person plans it (`carrom host`'s flags): who holds each seat, the
//! match's setup or the save to go on with, the join code; and a headless host and guest run
//! to the end of their match, saying what happens as `carrom host --headless` and `carrom join
//! --headless` print it.

use crate::error::{HostError, JoinCodeError, JoinError, LinkClosed};
use crate::guest::GuestLink;
use crate::headless::Guest;
use crate::host::{Host, HostConfig};
use crate::protocol::Holder;
use carrom_match::{Level, Match, MatchLength, MatchSetup, SaveError, SaveFile};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat, Seats};
use carrom_remote::SeatingError;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How a person plans a hosted match.
#[derive(Clone, Debug)]
pub struct HostPlan {
    pub bind: SocketAddr,
    /// The join code (six letters and digits made up when none).
    pub code: Option<String>,
    /// No window: nobody at the host's machine.
    pub headless: bool,
    /// Singles or doubles (singles when none; a save fixes it).
    pub seats: Option<Seats>,
    /// The rules and their name (the ICF's when none).
    pub rules: Option<(Rules, String)>,
    pub length: Option<MatchLength>,
    /// The host's players' names in seat order.
    pub names: Vec<String>,
    /// Seats played by the host's computer, and by people at the host's machine.
    pub computer: Vec<Seat>,
    pub here: Vec<Seat>,
    pub level: Level,
    pub seed: Option<u64>,
    /// A save to go on with, and where to keep the host's own.
    pub load: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub hand_over: Option<Duration>,
}

/// A hosted match that cannot be planned so; each the sentence `carrom host` prints.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    #[error("--here: a headless host has nobody at its machine; use --computer")]
    HereHeadless,
    #[error(transparent)]
    Seating(#[from] SeatingError),
    /// Flags the save fixes, given with it.
    #[error(
        "{}: the save {} fixes the match's mode, rules, length, seed and names; leave them out \
         with --load",
        flags.join(", "),
        path.display()
    )]
    FixedBySave {
        flags: Vec<&'static str>,
        path: PathBuf,
    },
    #[error(transparent)]
    Load(#[from] SaveError),
    #[error("--names: {given} names for {seats} seats")]
    Names { given: usize, seats: usize },
}

impl HostPlan {
    /// The seats and who holds each: the computer's, the people here's (South's by default in
    /// a window, unless the computer plays it) and the guests'.
    fn holders(&self, seats: Seats) -> Result<Vec<(Seat, Holder)>, PlanError> {
        if self.headless && !self.here.is_empty() {
            return Err(PlanError::HereHeadless);
        }
        let mut here = self.here.clone();
        if here.is_empty() && !self.headless && !self.computer.contains(&Seat::South) {
            here.push(Seat::South);
        }
        Ok(carrom_remote::seat_holders(seats, &here, &self.computer)?)
    }

    /// The save to go on with, read; the host plays it again and checks it once
    /// ([`Host::start`]). The flags the save fixes are refused.
    fn resume(&self) -> Result<Option<SaveFile>, PlanError> {
        let Some(path) = &self.load else {
            return Ok(None);
        };
        let flags: Vec<&'static str> = [
            ("--mode", self.seats.is_some()),
            ("--rules", self.rules.is_some()),
            ("--length", self.length.is_some()),
            ("--seed", self.seed.is_some()),
            ("--names", !self.names.is_empty()),
        ]
        .into_iter()
        .filter_map(|(flag, given)| given.then_some(flag))
        .collect();
        if !flags.is_empty() {
            let path = path.clone();
            return Err(PlanError::FixedBySave { flags, path });
        }
        Ok(Some(SaveFile::load(path)?))
    }

    /// A new match's setup: its seats, rules, length and seed, the computers' seats and the
    /// names given.
    fn new_setup(&self, seats: Seats, holders: &[(Seat, Holder)]) -> Result<MatchSetup, PlanError> {
        let (mut rules, name) = self
            .rules
            .clone()
            .unwrap_or_else(|| (Rules::icf(), "icf".into()));
        self.length.unwrap_or(MatchLength::Full).apply(&mut rules);
        let mut setup = MatchSetup::new(seats, rules, &name, self.seed.unwrap_or(1));
        if self.names.len() > seats.count() {
            let (given, seats) = (self.names.len(), seats.count());
            return Err(PlanError::Names { given, seats });
        }
        carrom_remote::seat_computers(&mut setup, holders, self.level);
        for (player, name) in setup.players.iter_mut().zip(&self.names) {
            player.name = name.clone();
        }
        Ok(setup)
    }

    /// The host's configuration: the save to go on with or a new match, the join code (made up
    /// when none was given; a warning for a weak one goes to `warn`).
    pub fn config(&self, spec: &Spec, warn: impl FnOnce(String)) -> Result<HostConfig, PlanError> {
        let resume = self.resume()?;
        let seats = match &resume {
            Some(save) => save.setup.seats,
            None => self.seats.unwrap_or(Seats::Singles),
        };
        let holders = self.holders(seats)?;
        let setup = match &resume {
            Some(save) => save.setup.clone(),
            None => self.new_setup(seats, &holders)?,
        };
        let code = (self.code.clone()).unwrap_or_else(|| carrom_remote::new_code(&mut rand::rng()));
        if let Some(warning) = crate::bounds::weak_code_warning(&code) {
            warn(warning);
        }
        Ok(HostConfig {
            bind: self.bind,
            code,
            setup,
            holders,
            spec: spec.clone(),
            resume,
            save: self.save.clone(),
            hand_over_after: self.hand_over,
        })
    }

    /// What a host going on with a save says first: the file and how many actions it holds,
    /// so that of two saves of the match (the host's own and a guest's can differ by the last
    /// action when the host went) the newer is taken.
    pub fn going_on(&self, config: &HostConfig) -> Option<String> {
        let (path, save) = (self.load.as_ref()?, config.resume.as_ref()?);
        Some(format!(
            "Going on with {}: {} actions (of two saves of one match, the one with more actions \
             is the newer)",
            path.display(),
            save.actions.len()
        ))
    }
}

/// A host's join code as typed: a join code that guessers at the host's limits do not find
/// within a day on average.
pub fn host_code(text: &str) -> Result<String, HostError> {
    let code = crate::join_code(text).map_err(|JoinCodeError| HostError::Code(JoinCodeError))?;
    let lasts = crate::bounds::code_lasts(&code);
    if lasts < crate::bounds::REFUSED_UNDER {
        let chars = code.chars().count();
        return Err(HostError::WeakCode { chars, lasts });
    }
    Ok(code)
}

impl Host {
    /// A headless host runs its match to the end: each event and call said (`say`), and once
    /// the match is over, a moment for the guests to read the last action and leave.
    pub fn run_to_the_end(&mut self, mut say: impl FnMut(String)) {
        let mut over_at: Option<Instant> = None;
        let mut printed = 0;
        let mut had_guests = false;
        loop {
            let events = self.poll(Duration::from_millis(50));
            had_guests |= self.guests() > 0;
            events.iter().filter_map(|e| e.words()).for_each(&mut say);
            for line in &self.calls[printed..] {
                say(format!("  {line}"));
            }
            printed = self.calls.len();
            if self.game().is_some_and(Match::is_over) {
                let t = *over_at.get_or_insert_with(Instant::now);
                // The guests have the last action; give them a moment to read it and leave.
                if (had_guests && self.guests() == 0) || t.elapsed() > Duration::from_secs(5) {
                    break;
                }
            }
        }
    }
}

/// Why a headless guest could not follow its match to the end.
#[derive(Debug, thiserror::Error)]
pub enum GuestRunError {
    /// The host refused this guest for good.
    #[error("{0}")]
    Refused(LinkClosed),
    /// Joining again was refused, or the host did not prove the code.
    #[error("{0}")]
    Final(JoinError),
    /// The host did not come back in time; the match so far is kept in `kept`, if anywhere.
    #[error("the host is gone ({why}){}", kept_words(.kept))]
    Gone {
        why: JoinError,
        kept: Option<PathBuf>,
    },
}

fn kept_words(kept: &Option<PathBuf>) -> String {
    kept.as_ref().map_or(String::new(), |p| {
        format!(
            "; the match so far is saved in {} (`carrom host --load` it)",
            p.display()
        )
    })
}

/// What a headless guest says as its match goes: a line for the output (a call), or one for
/// the errors (a note, a refusal, a reconnection).
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    Call(String),
    Note(String),
}

impl Guest {
    /// A headless guest follows its match to the end (connecting again to `addr` for up to
    /// `retry` when the link drops), playing its seats with the computer `computers` makes for
    /// the match's setup, if any; what happens said (`say`). An error when it cannot go on.
    pub fn run_to_the_end(
        &mut self,
        addr: SocketAddr,
        retry: Duration,
        mut computers: Option<impl FnMut(&MatchSetup) -> crate::ComputerPlay>,
        mut say: impl FnMut(Said),
    ) -> Result<(), GuestRunError> {
        let mut computer: Option<crate::ComputerPlay> = None;
        loop {
            for e in self.poll(Duration::from_millis(50)) {
                if let crate::GuestEvent::Match = e
                    && let (Some(make), Some(g)) = (&mut computers, &self.game)
                {
                    computer = Some(make(&g.setup));
                }
                if let Some(why) = self.heard(e, &mut say) {
                    if self.game.as_ref().is_some_and(Match::is_over) {
                        return Ok(());
                    }
                    if matches!(&why, LinkClosed::Refused(r) if !r.is_passing()) {
                        return Err(GuestRunError::Refused(why));
                    }
                    say(Said::Note(format!("{why}; reconnecting")));
                    self.reconnect_within(addr, retry)?;
                }
            }
            if self.game.as_ref().is_some_and(Match::is_over) {
                return Ok(());
            }
            if let (Some(c), Some(g)) = (&mut computer, &self.game)
                && self.to_act().is_some()
                && !self.waiting_for_host()
                && let Some(action) = c(g)
            {
                self.act(action);
            }
        }
    }

    /// One event of a headless guest's, said; the link's end when it closed.
    fn heard(&mut self, e: crate::GuestEvent, say: &mut impl FnMut(Said)) -> Option<LinkClosed> {
        use crate::GuestEvent;
        match e {
            GuestEvent::Applied(a) => match self.apply(&a) {
                Ok(r) => {
                    if let Some(note) = r.corrected {
                        say(Said::Note(note));
                    }
                    if let (Some(v), Some(g)) = (&r.verdict, &self.game) {
                        g.verdict_lines(v)
                            .into_iter()
                            .for_each(|l| say(Said::Call(l)));
                    }
                }
                Err(e) => say(Said::Note(e.to_string())),
            },
            GuestEvent::Rejected(why) => say(Said::Note(format!("The host refused: {why}"))),
            GuestEvent::Note(note) => say(Said::Note(note)),
            GuestEvent::Seating | GuestEvent::Match => {}
            GuestEvent::Closed(why) => return Some(why),
        }
        None
    }

    /// Rejoins the host for up to `retry`; a refusal, or a host that does not prove the code,
    /// ends it at once.
    fn reconnect_within(&mut self, addr: SocketAddr, retry: Duration) -> Result<(), GuestRunError> {
        match self.reconnect(addr, retry) {
            Ok(()) => Ok(()),
            Err(e) if e.is_final() => Err(GuestRunError::Final(e)),
            Err(why) => Err(GuestRunError::Gone {
                why,
                kept: self.joining.save.clone(),
            }),
        }
    }

    /// "Joined 127.0.0.1:7878 as Ravi (north)", or "(watching)".
    pub fn joined(&self, addr: SocketAddr) -> String {
        let seats: Vec<&str> = self.seats.iter().map(|s| s.name()).collect();
        let seats = if seats.is_empty() {
            "watching".to_string()
        } else {
            seats.join(", ")
        };
        format!("Joined {addr} as {} ({seats})", self.joining.name)
    }
}

/// The summary a headless host or guest prints at the end (`--json`): the match's
/// ([`carrom_remote::summary`]), who printed it and the invariants the match found broken.
pub fn summary(role: &str, game: Option<&Match>) -> serde_json::Value {
    use serde_json::json;
    match game {
        Some(g) => {
            let mut summary = carrom_remote::summary(g);
            summary.insert("role".into(), json!(role));
            summary.insert("invariant_violations".into(), json!(g.violations.len()));
            summary.into()
        }
        None => json!({ "role": role, "actions": 0, "finished": false }),
    }
}

/// The end of a headless run in words: "Match over after 87 actions: games ..., score ...".
pub fn ended(game: &Match) -> String {
    format!(
        "Match over after {} actions: games {:?}, score {:?}",
        game.actions.len(),
        game.referee.games(),
        game.referee.score()
    )
}

impl Host {
    /// [`Host::start`], a save to go on with (`load`) named as the person gave it in the
    /// errors of its replay.
    pub fn start_loaded(
        config: HostConfig,
        computers: crate::ComputerPlay,
        load: Option<&std::path::Path>,
    ) -> Result<Host, HostError> {
        Host::start(config, computers).map_err(|e| match (e, load) {
            (HostError::Resume(e), Some(path)) => {
                HostError::Resume(crate::host::renamed(e, &path.display().to_string()))
            }
            (e, _) => e,
        })
    }
}

/// Why the host's window did not come to its match ([`host_for_window`]).
#[derive(Debug, thiserror::Error)]
pub enum WindowError {
    #[error(transparent)]
    Host(#[from] crate::HostError),
    /// The window's people could not join the host in its own process.
    #[error(transparent)]
    Join(#[from] JoinError),
    #[error(transparent)]
    Start(#[from] crate::StartError),
}

/// The host's window's start: the host in a thread of its own ([`crate::HostThread`]), its
/// first lines said (where it listens, the addresses to give, `going_on`; its events after,
/// from its thread), the window's people joined through its in-process link (the link alone:
/// the window's board is their match; their save where `save` puts it for the code), and the
/// match's start waited for. The host, the window's link and the actions so far.
pub fn host_for_window(
    host: Host,
    spec: &Spec,
    going_on: Option<String>,
    save: impl FnOnce(&str) -> Option<PathBuf>,
    say: impl Fn(&str) + Clone + Send + 'static,
) -> Result<(crate::HostThread, GuestLink, Vec<carrom_remote::Applied>), WindowError> {
    let here: Vec<Seat> = (host.config.holders.iter())
        .filter(|(_, h)| *h == Holder::Host)
        .map(|(s, _)| *s)
        .collect();
    let events = say.clone();
    let (host, link) = crate::HostThread::start(host, move |e| {
        if let Some(line) = e.words() {
            events(&line);
        }
    })?;
    let code = host.code.clone();
    say(&format!("Hosting on {} with code {code}", host.addr));
    say(&format!(
        "Give guests one of: {}",
        host.addresses.join(", ")
    ));
    going_on.into_iter().for_each(|line| say(&line));
    let joining = crate::Joining::at_host(&code, here, spec, save(&code));
    let mut guest = GuestLink::local(link, joining, Duration::from_secs(10))?;
    let waiting = format!("Waiting for guests: give them the address and the code {code}");
    let backlog = guest.wait_for_start(None, || say(&waiting))?;
    Ok((host, guest, backlog))
}
