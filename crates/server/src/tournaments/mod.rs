//! Tournaments played on the server: an organizer (a name and its token) makes one (its
//! format, groups or rounds, rated or not, open or by a code, a start time or "when I start
//! it"); players join until it starts; then each round's games are paired by the tournament
//! crate (the same draw and pairing as `carrom tournament`), each game played as a match like
//! any other (the VKK game on the ICF's shot clock, its players' connections given to it), and
//! the next round paired when the last game of one is taken in. A player who does not come to
//! his game within the server's wait forfeits it: a walkover (Law 143(i)).
//!
//! Each tournament is a task of its own (as each match is), the one writer of its row: the
//! whole tournament ([`Held`]) is written after every change, so a restarted server goes on
//! with it, its games in play being matches the server resumes anyway.

mod run;

use crate::error::{StoreError, TournamentError};
use crate::live::Outbox;
use crate::shared::Shared;
use carrom_online::{TournamentPlan, TournamentState, TournamentSummary};
use carrom_tournament::Tournament;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

pub(crate) use run::ToTournament;

/// Tournaments one name may hold at once, not ended.
pub(crate) const MOST_HELD: usize = 3;
/// Tournaments the server runs at once, not ended.
pub(crate) const MOST_RUNNING: usize = 64;
/// The most players a tournament takes.
pub(crate) const MOST_PLAYERS: usize = 128;
/// The longest name of a tournament, in characters.
pub(crate) const LONGEST_NAME: usize = 60;

/// A tournament as the server holds it, and as its row keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Held {
    pub(crate) id: u64,
    pub(crate) organizer: String,
    pub(crate) plan: TournamentPlan,
    /// A private tournament's code.
    pub(crate) code: Option<String>,
    pub(crate) state: TournamentState,
    /// The seed of its draw, its tosses and its matches.
    pub(crate) seed: u64,
    /// The players who joined, in order.
    pub(crate) entrants: Vec<String>,
    /// The tournament crate's tournament, once it has started.
    pub(crate) tournament: Option<Tournament>,
    /// The match each game started is played as, by the game's number.
    pub(crate) matches: BTreeMap<u32, u64>,
    /// Players the organizer removed: their games from then on are walkovers.
    #[serde(default)]
    pub(crate) removed: Vec<String>,
}

impl Held {
    pub(crate) fn state_name(&self) -> &'static str {
        match self.state {
            TournamentState::Open => "open",
            TournamentState::Live => "live",
            TournamentState::Paused => "paused",
            TournamentState::Over => "over",
            TournamentState::Cancelled => "cancelled",
        }
    }

    pub(crate) fn summary(&self) -> TournamentSummary {
        TournamentSummary {
            id: self.id,
            name: self.plan.name.clone(),
            organizer: self.organizer.clone(),
            format: self.plan.format,
            state: self.state,
            rated: self.plan.rated,
            private: self.plan.private,
            players: self.entrants.len(),
        }
    }

    /// The tournament as clients and the API see it: the standings exactly as `carrom
    /// tournament standings --json` prints them of its file.
    pub(crate) fn view(&self) -> carrom_online::TournamentView {
        carrom_online::TournamentView {
            removed: self.removed.clone(),
            ..carrom_online::TournamentView::new(
                self.summary(),
                self.entrants.clone(),
                self.tournament.as_ref(),
                &self.matches,
                self.plan.starts_at,
            )
        }
    }

    /// Room for one more player, or how many it takes.
    fn room_for_one(&self) -> Result<(), TournamentError> {
        let most = self.plan.most.unwrap_or(MOST_PLAYERS).min(MOST_PLAYERS);
        if self.entrants.len() >= most {
            return Err(TournamentError::Full { id: self.id, most });
        }
        Ok(())
    }
}

/// A running tournament's way in.
pub(crate) type Handle = mpsc::Sender<ToTournament>;

/// The plan, checked: a name to show, a bound on its players the server keeps.
fn checked(mut plan: TournamentPlan) -> Result<TournamentPlan, TournamentError> {
    plan.name = plan.name.trim().to_string();
    let chars = plan.name.chars().count();
    if chars == 0 || chars > LONGEST_NAME || plan.name.chars().any(char::is_control) {
        return Err(TournamentError::Plan(format!(
            "its name is 1 to {LONGEST_NAME} characters, printable"
        )));
    }
    if plan.most.is_some_and(|m| !(2..=MOST_PLAYERS).contains(&m)) {
        return Err(TournamentError::Plan(format!(
            "most: 2 to {MOST_PLAYERS} players"
        )));
    }
    Ok(plan)
}

/// Makes a tournament of `plan` organized by `organizer`: stored, then running. Its number
/// and its code (a private one's).
pub(crate) async fn create(
    shared: &Arc<Shared>,
    organizer: &str,
    plan: TournamentPlan,
) -> Result<(u64, Option<String>), TournamentError> {
    let plan = checked(plan)?;
    if shared.store.organized_by(organizer).await? >= MOST_HELD {
        return Err(TournamentError::TooMany { most: MOST_HELD });
    }
    if shared.running_tournaments() >= MOST_RUNNING {
        return Err(TournamentError::ServerFull { most: MOST_RUNNING });
    }
    let code = plan
        .private
        .then(|| carrom_remote::new_code(&mut rand::rng()));
    loop {
        let id = shared.store.next_tournament_id().await?;
        let seed = shared.config.seed.map_or_else(rand::random, |s| s ^ id);
        let held = Held {
            id,
            organizer: organizer.to_string(),
            plan: plan.clone(),
            code: code.clone(),
            state: TournamentState::Open,
            seed,
            entrants: Vec::new(),
            tournament: None,
            matches: BTreeMap::new(),
            removed: Vec::new(),
        };
        if shared.store.create_tournament(&held).await? {
            run::spawn(shared, held);
            return Ok((id, code));
        }
    }
}

/// The tournaments the store kept that have not ended (a restarted server): each running
/// again, its games in play the matches the server resumed. How many.
pub(crate) async fn resume_all(shared: &Arc<Shared>) -> Result<usize, StoreError> {
    let held = shared.store.running_tournaments().await?;
    let n = held.len();
    for h in held {
        run::spawn(shared, h);
    }
    Ok(n)
}

/// Tournament `id` as it stands: from its task when it runs, else from the store.
pub(crate) async fn view(
    shared: &Shared,
    id: u64,
) -> Result<Option<carrom_online::TournamentView>, StoreError> {
    if let Some(handle) = shared.tournament(id) {
        let (reply, answer) = oneshot::channel();
        if handle.send(ToTournament::View { reply }).await.is_ok()
            && let Ok(view) = answer.await
        {
            return Ok(Some(view));
        }
    }
    Ok(shared.store.tournament(id).await?.map(|h| h.view()))
}

/// Tournament `id`'s file, as `carrom tournament standings FILE` reads it (none before it
/// starts).
pub(crate) async fn export(shared: &Shared, id: u64) -> Result<Option<Tournament>, StoreError> {
    if let Some(handle) = shared.tournament(id) {
        let (reply, answer) = oneshot::channel();
        if handle.send(ToTournament::Export { reply }).await.is_ok()
            && let Ok(t) = answer.await
        {
            return Ok(t);
        }
    }
    Ok(shared
        .store
        .tournament(id)
        .await?
        .and_then(|h| h.tournament))
}

/// Asks running tournament `id` (`asked`, answered on `answer`); one that is not running
/// has ended, or is none.
pub(crate) async fn ask(
    shared: &Shared,
    id: u64,
    asked: ToTournament,
    answer: oneshot::Receiver<Result<(), TournamentError>>,
) -> Result<(), TournamentError> {
    let ended = || async {
        match shared.store.tournament(id).await {
            Ok(Some(_)) => TournamentError::Ended { id },
            _ => TournamentError::NoTournament { id },
        }
    };
    let Some(handle) = shared.tournament(id) else {
        return Err(ended().await);
    };
    if handle.send(asked).await.is_err() {
        return Err(ended().await);
    }
    match answer.await {
        Ok(done) => done,
        Err(_) => Err(ended().await),
    }
}

/// The organizer's act `act` on tournament `id`, asked as `name`.
pub(crate) async fn organize(
    shared: &Shared,
    id: u64,
    name: String,
    act: carrom_online::Organize,
) -> Result<(), TournamentError> {
    let (reply, answer) = oneshot::channel();
    ask(
        shared,
        id,
        ToTournament::Organize { name, act, reply },
        answer,
    )
    .await
}

/// Who asks: his connection, his name, the way to him.
pub(crate) type Asker = (u64, String, Outbox);

impl Shared {
    /// The way to running tournament `id`.
    pub(crate) fn tournament(&self, id: u64) -> Option<Handle> {
        self.tournaments.lock().ok()?.get(&id).cloned()
    }

    /// The live match of `players` (in their seats' order) whose setup has `seed`.
    pub(crate) fn live_match_of(
        &self,
        players: &[String],
        seed: u64,
    ) -> Option<crate::live::Handle> {
        let matches = self.matches.lock().ok()?;
        (matches.values())
            .find(|h| h.seed == seed && h.players == players)
            .cloned()
    }

    /// The tournaments running, not ended.
    pub(crate) fn running_tournaments(&self) -> usize {
        self.tournaments.lock().map_or(0, |t| t.len())
    }

    /// The open and live tournaments, to list (a private one too: its code is still needed
    /// to join it).
    pub(crate) async fn tournament_list(&self) -> Vec<TournamentSummary> {
        let handles: Vec<Handle> = match self.tournaments.lock() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => return Vec::new(),
        };
        let mut list = Vec::new();
        for h in handles {
            let (reply, answer) = oneshot::channel();
            if h.send(ToTournament::View { reply }).await.is_ok()
                && let Ok(view) = answer.await
            {
                list.push(view.summary);
            }
        }
        list.sort_by_key(|s| s.id);
        list
    }
}
