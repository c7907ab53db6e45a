//! A tournament's task: what its players and its organizer ask, its start time, its games
//! started as matches and taken in when they end (a forfeited match a walkover), its row
//! written after every change, and every change told to the players who came.

use super::{Asker, Held};
use crate::error::TournamentError;
use crate::live::{Outbox, SeatPlan, ToMatch, tell};
use crate::shared::Shared;
use carrom_online::{Organize, ToClient, TournamentState, TournamentView};
use carrom_referee::Seat;
use carrom_tournament::{Entrant, Seeding, Settings, Tournament};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// How often a tournament looks at its games in play and its start time.
const LOOK_EVERY: Duration = Duration::from_millis(500);

/// What a tournament's task is asked.
pub(crate) enum ToTournament {
    View {
        reply: oneshot::Sender<TournamentView>,
    },
    Export {
        reply: oneshot::Sender<Option<Tournament>>,
    },
    /// A player joins, or comes to play his games.
    Enter {
        asker: Asker,
        code: Option<String>,
        reply: oneshot::Sender<Result<(), TournamentError>>,
    },
    /// A connection that came is gone.
    Leave { conn: u64 },
    Organize {
        name: String,
        act: Organize,
        reply: oneshot::Sender<Result<(), TournamentError>>,
    },
}

/// A tournament running: as held, the connections of the players who came, and the games
/// whose end could not be taken in (not tried again until the server restarts).
struct Running {
    held: Held,
    present: BTreeMap<u64, (String, Outbox)>,
    stuck: BTreeSet<u32>,
    /// The row is behind the tournament (its last write failed): written again at the next
    /// look.
    unsaved: bool,
    shared: Arc<Shared>,
}

/// Runs `held` in a task of its own, in the registry until it ends.
pub(super) fn spawn(shared: &Arc<Shared>, held: Held) {
    let (to, from) = mpsc::channel(256);
    if let Ok(mut t) = shared.tournaments.lock() {
        t.insert(held.id, to);
    }
    let running = Running {
        held,
        present: BTreeMap::new(),
        stuck: BTreeSet::new(),
        unsaved: false,
        shared: shared.clone(),
    };
    tokio::spawn(run(running, from));
}

async fn run(mut r: Running, mut from: mpsc::Receiver<ToTournament>) {
    let mut look = tokio::time::interval(LOOK_EVERY);
    while !r.held.state.ended() {
        tokio::select! {
            got = from.recv() => match got {
                Some(m) => r.handle(m).await,
                None => break,
            },
            _ = look.tick() => r.look().await,
        }
    }
    if let Ok(mut t) = r.shared.tournaments.lock() {
        t.remove(&r.held.id);
    }
    // Those who ask after the end are answered from the row.
    from.close();
    while let Some(m) = from.recv().await {
        r.answer_ended(m);
    }
}

impl Running {
    async fn handle(&mut self, message: ToTournament) {
        match message {
            ToTournament::View { reply } => {
                let _ = reply.send(self.held.view());
            }
            ToTournament::Export { reply } => {
                let _ = reply.send(self.held.tournament.clone());
            }
            ToTournament::Enter { asker, code, reply } => {
                let entered = self.enter(asker, code.as_deref()).await;
                let _ = reply.send(entered);
            }
            ToTournament::Leave { conn } => {
                self.present.remove(&conn);
            }
            ToTournament::Organize { name, act, reply } => {
                let done = self.organize(&name, act).await;
                let _ = reply.send(done);
            }
        }
    }

    fn answer_ended(&self, message: ToTournament) {
        let id = self.held.id;
        match message {
            ToTournament::View { reply } => drop(reply.send(self.held.view())),
            ToTournament::Export { reply } => drop(reply.send(self.held.tournament.clone())),
            ToTournament::Enter { reply, .. } | ToTournament::Organize { reply, .. } => {
                let _ = reply.send(Err(TournamentError::Ended { id }));
            }
            ToTournament::Leave { .. } => {}
        }
    }

    /// The start time come, the games that ended taken in, the next ones started.
    async fn look(&mut self) {
        let now = carrom_store::unix_seconds();
        let due = (self.held.plan.starts_at).is_some_and(|at| at <= now);
        if self.held.state == TournamentState::Open && due {
            if let Err(why) = self.start().await {
                eprintln!(
                    "tournament {}: cannot start: {why}; cancelled",
                    self.held.id
                );
                self.held.state = TournamentState::Cancelled;
                self.changed().await;
            }
            return;
        }
        if self.held.state == TournamentState::Live {
            self.take_in_ended().await;
            self.start_games().await;
        }
        if self.unsaved {
            self.save().await;
        }
    }

    /// A player joins (before the start) or comes to play (after it).
    async fn enter(
        &mut self,
        (conn, name, outbox): Asker,
        code: Option<&str>,
    ) -> Result<(), TournamentError> {
        let id = self.held.id;
        let wanted = self.held.code.as_deref();
        if wanted.is_some() && code.map(|c| c.trim().to_uppercase()).as_deref() != wanted {
            return Err(TournamentError::NoTournament { id });
        }
        let joined = self.held.entrants.contains(&name);
        if self.held.removed.contains(&name) {
            return Err(TournamentError::NotIn { id, name });
        }
        match self.held.state {
            TournamentState::Open if !joined => {
                self.held.room_for_one()?;
                self.held.entrants.push(name.clone());
                self.present.insert(conn, (name, outbox));
                self.changed().await;
                return Ok(());
            }
            TournamentState::Live | TournamentState::Paused if !joined => {
                self.join_late(&name)?;
                self.present.insert(conn, (name, outbox));
                self.changed().await;
                return Ok(());
            }
            s if s.ended() => return Err(TournamentError::Ended { id }),
            _ => {}
        }
        tell(&outbox, &self.told());
        self.give_game(conn, &name, &outbox).await;
        self.present.insert(conn, (name, outbox));
        Ok(())
    }

    /// A player who comes to a Swiss under way (until half its rounds): in from its next
    /// round; any other format's draw takes nobody more.
    fn join_late(&mut self, name: &str) -> Result<(), TournamentError> {
        let id = self.held.id;
        self.held.room_for_one()?;
        let t = self
            .held
            .tournament
            .as_mut()
            .ok_or(TournamentError::NotStarted { id })?;
        t.join_late(carrom_tournament::Entrant::person(name))
            .map_err(|source| TournamentError::Late { id, source })?;
        self.held.entrants.push(name.to_string());
        Ok(())
    }

    /// The player's game in play, if he has one: his connection given to its match.
    async fn give_game(&self, conn: u64, name: &str, outbox: &Outbox) {
        let Some(t) = &self.held.tournament else {
            return;
        };
        let his = (self.held.matches.iter())
            .filter(|(n, _)| t.game(**n).is_some_and(|g| g.winner.is_none()))
            .filter(|(n, _)| {
                t.game(**n)
                    .is_some_and(|g| g.players.iter().any(|p| p == name))
            })
            .find_map(|(_, id)| self.shared.handle(*id));
        if let Some(handle) = his {
            let attach = ToMatch::Attach {
                conn,
                name: Some(name.to_string()),
                outbox: outbox.clone(),
            };
            let _ = handle.to.send(attach).await;
        }
    }

    async fn organize(&mut self, name: &str, act: Organize) -> Result<(), TournamentError> {
        let id = self.held.id;
        if name != self.held.organizer {
            let organizer = self.held.organizer.clone();
            return Err(TournamentError::NotOrganizer { id, organizer });
        }
        let state = self.held.state;
        match act {
            Organize::Start if state == TournamentState::Open => self.start().await?,
            Organize::Start => {
                let why = "it was started already";
                return Err(TournamentError::Started { id, why });
            }
            Organize::Pause if state == TournamentState::Live => {
                self.held.state = TournamentState::Paused;
            }
            Organize::Resume if state == TournamentState::Paused => {
                self.held.state = TournamentState::Live;
            }
            Organize::Pause | Organize::Resume => return Err(TournamentError::NotStarted { id }),
            Organize::Cancel => self.held.state = TournamentState::Cancelled,
            Organize::Remove { name } => self.remove(name)?,
        }
        self.changed().await;
        if self.held.state == TournamentState::Live {
            self.start_games().await;
        }
        Ok(())
    }

    /// A player out: before the start, off the list; after it, his games from now on are
    /// walkovers (and the one he plays now when it ends).
    fn remove(&mut self, name: String) -> Result<(), TournamentError> {
        let id = self.held.id;
        if !self.held.entrants.contains(&name) || self.held.removed.contains(&name) {
            return Err(TournamentError::NotIn { id, name });
        }
        if self.held.state == TournamentState::Open {
            self.held.entrants.retain(|e| *e != name);
        } else {
            self.held.removed.push(name);
        }
        Ok(())
    }

    /// The draw of the players who joined (the tournament crate's, from the tournament's
    /// seed), and its first games started.
    async fn start(&mut self) -> Result<(), TournamentError> {
        let plan = &self.held.plan;
        let settings = Settings {
            format: plan.format,
            players: self
                .held
                .entrants
                .iter()
                .map(|n| Entrant::person(n))
                .collect(),
            groups: plan.groups,
            rounds: plan.rounds,
            rules: carrom_tournament::tournament::RULES.to_string(),
            third_place: plan.third_place,
            seed: self.held.seed,
            seeding: Seeding::Order,
        };
        self.held.tournament = Some(Tournament::new(settings)?);
        self.held.state = TournamentState::Live;
        self.changed().await;
        self.start_games().await;
        Ok(())
    }

    /// Every next game not started yet: started as a match (a removed player's a walkover
    /// at once), its players' connections given to it.
    async fn start_games(&mut self) {
        while self.held.state == TournamentState::Live {
            let Some(t) = &self.held.tournament else {
                return;
            };
            let next = (t.next_games().into_iter())
                .find(|n| !self.held.matches.contains_key(n) && !self.stuck.contains(n));
            let Some(number) = next else { return };
            let Some(game) = t.game(number).cloned() else {
                return;
            };
            let out = game.players.iter().find(|p| self.held.removed.contains(p));
            let started = match out {
                Some(absent) => self.walkover(number, &absent.clone()),
                None => self.start_game(&game).await,
            };
            if let Err(why) = started {
                eprintln!("tournament {}: game {number}: {why}", self.held.id);
                self.stuck.insert(number);
            }
            self.changed().await;
        }
    }

    /// Game `game` started as a match of the server's: the VKK game on the ICF's shot clock,
    /// rated as the tournament is, its people's connections given to it.
    async fn start_game(&mut self, game: &carrom_tournament::Game) -> Result<(), String> {
        let t = self.held.tournament.as_ref().ok_or("not started")?;
        let mut setup = carrom_tournament::play::board_setup(t, game).map_err(|e| e.to_string())?;
        setup.rules.shot_clock_secs = Some(self.shared.config.shot_clock_secs);
        let seats = [Seat::South, Seat::North]
            .into_iter()
            .zip(&game.players)
            .map(|(seat, name)| SeatPlan {
                seat,
                name: name.clone(),
                computer: t.entrant(name).and_then(|e| e.computer),
            })
            .collect();
        let rated = self.held.plan.rated;
        // A match started for the game before a restart the row did not see yet: taken on.
        let handle = match self.shared.live_match_of(&game.players, setup.seed) {
            Some(started) => started,
            None => (self.shared.start_match(setup, seats, (rated, None)).await)
                .map_err(|e| e.to_string())?,
        };
        self.held.matches.insert(game.number, handle.id);
        for (conn, (name, outbox)) in &self.present {
            if game.players.contains(name) {
                let attach = ToMatch::Attach {
                    conn: *conn,
                    name: Some(name.clone()),
                    outbox: outbox.clone(),
                };
                let _ = handle.to.send(attach).await;
            }
        }
        Ok(())
    }

    /// Game `number` lost by walkover by `absent` (Law 143(i)).
    fn walkover(&mut self, number: u32, absent: &str) -> Result<(), String> {
        let t = self.held.tournament.as_mut().ok_or("not started")?;
        t.record_walkover(number, absent)
            .map_err(|e| e.to_string())?;
        Ok(())
    }

    /// The games whose matches have ended, taken in: a match played out as its boards, a
    /// forfeited one (or a removed player's) as a walkover.
    async fn take_in_ended(&mut self) {
        let Some(t) = &self.held.tournament else {
            return;
        };
        let ended: Vec<(u32, u64)> = (self.held.matches.iter())
            .filter(|(n, _)| t.game(**n).is_some_and(|g| g.winner.is_none()))
            .filter(|(n, _)| !self.stuck.contains(n))
            .filter(|(_, id)| self.shared.handle(**id).is_none())
            .map(|(n, id)| (*n, *id))
            .collect();
        for (number, id) in ended {
            match self.take_in(number, id).await {
                Ok(true) => self.changed().await,
                Ok(false) => {}
                Err(why) => {
                    eprintln!(
                        "tournament {}: game {number} (match {id}): {why}",
                        self.held.id
                    );
                    self.stuck.insert(number);
                }
            }
        }
    }

    /// Game `number`'s match `id`, ended, taken in; false while the store still has it live.
    async fn take_in(&mut self, number: u32, id: u64) -> Result<bool, String> {
        let (row, played) =
            (crate::pages::stored_match(&self.shared, id).await).map_err(|e| e.to_string())?;
        if row.live {
            return Ok(false);
        }
        let t = self.held.tournament.as_mut().ok_or("not started")?;
        let players = t.game(number).ok_or("no such game")?.players.clone();
        let removed = players.iter().find(|p| self.held.removed.contains(p));
        let absent = removed.or_else(|| {
            let forfeited = !played.referee.is_over();
            forfeited.then(|| players.iter().find(|p| !row.winners.contains(p)))?
        });
        match absent {
            Some(absent) => t
                .record_walkover(number, absent)
                .map_err(|e| e.to_string())?,
            None => {
                carrom_tournament::record::record_online(t, number, &played, format!("match {id}"))
                    .map_err(|e| e.to_string())?
            }
        };
        Ok(true)
    }

    /// A change: the tournament over when its games are, its row written, the players who
    /// came told.
    async fn changed(&mut self) {
        let over = self
            .held
            .tournament
            .as_ref()
            .is_some_and(Tournament::is_over);
        if over && self.held.state == TournamentState::Live {
            self.held.state = TournamentState::Over;
        }
        self.save().await;
        let told = self.told();
        self.present.retain(|_, (_, outbox)| {
            tell(outbox, &told);
            !outbox.is_closed()
        });
    }

    async fn save(&mut self) {
        self.unsaved = match self.shared.store.save_tournament(&self.held).await {
            Ok(()) => false,
            Err(e) => {
                eprintln!(
                    "tournament {}: its row: {e}; written again soon",
                    self.held.id
                );
                true
            }
        };
    }

    fn told(&self) -> ToClient {
        ToClient::Tournament {
            tournament: Box::new(self.held.view()),
        }
    }
}
