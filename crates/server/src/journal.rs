//! The actions' group commit: every match hands its applied action to one writer, which writes
//! the actions waiting at one moment in one statement (one transaction, one commit) and then
//! answers each match, which only then sends its action to its players. A player never sees an
//! action a restart would lose, and 200 matches acting at once cost the database a few commits
//! instead of 200 one after the other.
//!
//! One batch is written at a time: while it commits, the next gathers. Each match waits for its
//! own action's commit before it plays on, so at most one action of each live match waits here
//! and a match's actions are stored in order.

use crate::error::StoreError;
use crate::timings::Histogram;
use carrom_match::Action;
use carrom_referee::Seat;
use serde_json::{Value, json};
use sqlx::{Any, AnyPool};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};

/// The most actions written in one statement (four values each: well within SQLite's and
/// PostgreSQL's bounds on a statement's parameters).
pub(crate) const MOST_IN_A_BATCH: usize = 256;

/// An action to store: its match, its number in the match, the seat that played it.
#[derive(Clone, Debug)]
pub(crate) struct ActionRow {
    pub(crate) match_id: u64,
    pub(crate) index: usize,
    pub(crate) seat: Seat,
    /// The action as JSON.
    pub(crate) action: String,
}

impl ActionRow {
    pub(crate) fn new(match_id: u64, index: usize, seat: Seat, action: &Action) -> ActionRow {
        ActionRow {
            match_id,
            index,
            seat,
            action: serde_json::to_string(action).expect("an action is always JSON"),
        }
    }
}

/// An action waiting for its batch's commit (handed over at `sent`), and whom to tell (when
/// the commit was done).
struct Waiting {
    row: ActionRow,
    sent: Instant,
    committed: oneshot::Sender<Result<Instant, StoreError>>,
}

/// The writer's figures (`GET /api/timings`): its commits, the actions they held; for each
/// action its wait for the writer to take it (the batch before it), and from its commit to its
/// match going on; for each commit the wait for the database's connection (other queries on
/// it) and the write itself.
#[derive(Default)]
pub(crate) struct Commits {
    pub(crate) commits: AtomicU64,
    pub(crate) actions: AtomicU64,
    pub(crate) taken: Histogram,
    pub(crate) connection: Histogram,
    pub(crate) write: Histogram,
    pub(crate) answered: Histogram,
    pub(crate) checkpoints: AtomicU64,
}

impl Commits {
    fn count(&self, actions: usize, connection: Duration, write: Duration) {
        self.commits.fetch_add(1, Ordering::Relaxed);
        self.actions.fetch_add(actions as u64, Ordering::Relaxed);
        self.connection.add(connection);
        self.write.add(write);
    }

    /// The figures, times in milliseconds.
    pub(crate) fn figures(&self) -> Value {
        let commits = self.commits.load(Ordering::Relaxed);
        let actions = self.actions.load(Ordering::Relaxed);
        json!({
            "commits": commits,
            "actions_a_commit": actions as f64 / commits.max(1) as f64,
            "taken_ms": self.taken.figures(),
            "connection_wait_ms": self.connection.figures(),
            "write_ms": self.write.figures(),
            "answered_ms": self.answered.figures(),
            "checkpoints": self.checkpoints.load(Ordering::Relaxed),
        })
    }
}

impl std::fmt::Debug for Commits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Commits({})", self.figures())
    }
}

/// The way to the writer.
#[derive(Clone, Debug)]
pub(crate) struct Journal {
    to: mpsc::Sender<Waiting>,
    pub(crate) commits: Arc<Commits>,
}

impl Journal {
    /// Starts the writer on `pool`, with SQLite's checkpoints on `checkpoints` (a connection of
    /// their own); it stops when the last `Journal` is dropped.
    pub(crate) fn start(pool: AnyPool, checkpoints: Option<AnyPool>) -> Journal {
        let (to, from) = mpsc::channel(4 * MOST_IN_A_BATCH);
        let commits = Arc::new(Commits::default());
        let checkpoints = checkpoints.map(|pool| Checkpoints {
            pool,
            last: Instant::now(),
            running: Arc::new(AtomicBool::new(false)),
            commits: commits.clone(),
        });
        tokio::spawn(write(pool, from, commits.clone(), checkpoints));
        Journal { to, commits }
    }

    /// Stores `row`: returns once it is committed (or could not be).
    pub(crate) async fn add(&self, row: ActionRow) -> Result<(), StoreError> {
        let (committed, answer) = oneshot::channel();
        let sent = Instant::now();
        let waiting = Waiting {
            row,
            sent,
            committed,
        };
        (self.to.send(waiting).await).map_err(|_| StoreError::Stopped)?;
        let at = answer.await.map_err(|_| StoreError::Stopped)??;
        self.commits.answered.add(at.elapsed());
        Ok(())
    }
}

/// The writer: the actions waiting at one moment, written together, each match answered.
async fn write(
    pool: AnyPool,
    mut from: mpsc::Receiver<Waiting>,
    commits: Arc<Commits>,
    mut checkpoints: Option<Checkpoints>,
) {
    let mut batch = Vec::with_capacity(MOST_IN_A_BATCH);
    while from.recv_many(&mut batch, MOST_IN_A_BATCH).await > 0 {
        for w in &batch {
            commits.taken.add(w.sent.elapsed());
        }
        match commit(&pool, &batch, &commits).await {
            Ok(()) => {
                let at = Instant::now();
                for w in batch.drain(..) {
                    let _ = w.committed.send(Ok(at));
                }
            }
            Err(e) if batch.len() == 1 => {
                let _ = batch.remove(0).committed.send(Err(e));
            }
            // One bad action must not fail the others: each written on its own.
            Err(_) => {
                for w in batch.drain(..) {
                    let done = insert(&pool, &[&w.row]).await;
                    let _ = w.committed.send(done.map(|()| Instant::now()));
                }
            }
        }
        if let Some(c) = &mut checkpoints {
            c.now_and_then();
        }
    }
}

/// The batch's actions in one INSERT on the database's connection, counted.
async fn commit(pool: &AnyPool, batch: &[Waiting], commits: &Commits) -> Result<(), StoreError> {
    let rows: Vec<&ActionRow> = batch.iter().map(|w| &w.row).collect();
    let asked = Instant::now();
    let mut conn = pool.acquire().await?;
    let writing = Instant::now();
    insert(&mut *conn, &rows).await?;
    commits.count(rows.len(), writing - asked, writing.elapsed());
    Ok(())
}

/// `rows` in one INSERT (a statement is its own transaction on SQLite and PostgreSQL).
async fn insert<'c, E>(to: E, rows: &[&ActionRow]) -> Result<(), StoreError>
where
    E: sqlx::Executor<'c, Database = Any>,
{
    let sql = insert_sql(rows.len());
    let mut query = sqlx::query(&sql);
    for r in rows {
        query = query
            .bind(r.match_id as i64)
            .bind(r.index as i64)
            .bind(r.seat.name())
            .bind(r.action.as_str());
    }
    query.execute(to).await?;
    Ok(())
}

/// SQLite's checkpoints (the WAL copied into the database file, and both synced), started by
/// the writer at most once a second on a connection of their own, so that no commit waits for
/// one. PASSIVE: it takes no lock a commit needs, and copies what it can.
struct Checkpoints {
    pool: AnyPool,
    last: Instant,
    running: Arc<AtomicBool>,
    commits: Arc<Commits>,
}

impl Checkpoints {
    const EVERY: Duration = Duration::from_secs(1);

    fn now_and_then(&mut self) {
        if self.last.elapsed() < Self::EVERY || self.running.swap(true, Ordering::AcqRel) {
            return;
        }
        self.last = Instant::now();
        let (pool, running, commits) = (
            self.pool.clone(),
            self.running.clone(),
            self.commits.clone(),
        );
        tokio::spawn(async move {
            match sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&pool)
                .await
            {
                Ok(_) => {
                    commits.checkpoints.fetch_add(1, Ordering::Relaxed);
                }
                Err(e) => eprintln!("the database's checkpoint: {e}"),
            }
            running.store(false, Ordering::Release);
        });
    }
}

/// The INSERT of `n` actions, with the placeholders `$1`, `$2`, ... both databases read.
fn insert_sql(n: usize) -> String {
    let values: Vec<String> = (0..n)
        .map(|i| {
            let p = 4 * i;
            format!("(${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4)
        })
        .collect();
    format!(
        "INSERT INTO actions (match_id, idx, seat, action) VALUES {}",
        values.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// Ten matches (numbered from `first`) act at once, ten times each; then nine good actions
    /// at once and one stored already.
    async fn actions_stored_at_once(url: &str, first: u64) {
        let store = Store::open(url).await.expect("the database");
        let add = |id: u64, index: usize| {
            let store = store.clone();
            tokio::spawn(async move {
                let action = Action::Pass;
                store.add_action(id, index, Seat::South, &action).await
            })
        };
        let ids = first..first + 10;
        for index in 0..10 {
            let adds: Vec<_> = ids.clone().map(|id| add(id, index)).collect();
            for a in adds {
                a.await.expect("the task").expect("stored");
            }
        }
        let bad = first + 3;
        let adds: Vec<_> = (ids.clone())
            .map(|id| add(id, if id == bad { 4 } else { 10 }))
            .collect();
        let mut failed = Vec::new();
        for (id, a) in ids.clone().zip(adds) {
            if a.await.expect("the task").is_err() {
                failed.push(id);
            }
        }
        assert_eq!(failed, [bad], "only the action stored already fails");
        for id in ids {
            let kept = store.actions(id).await.expect("the actions");
            assert_eq!(kept.len(), if id == bad { 10 } else { 11 }, "match {id}");
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn actions_stored_at_once_are_all_kept_and_a_bad_one_fails_alone() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        actions_stored_at_once(&crate::sqlite_in(dir.path()), 1).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_same_on_postgresql_when_one_is_given() {
        let Ok(db) = std::env::var("CARROM_TEST_POSTGRES") else {
            eprintln!("CARROM_TEST_POSTGRES is not set: the PostgreSQL run is left out");
            return;
        };
        // Match numbers of their own on a database that may have seen other runs.
        let first = 1_000_000_000 + u64::from(std::process::id()) * 100;
        actions_stored_at_once(&db, first).await;
    }

    #[test]
    fn a_batch_is_one_insert_with_four_numbered_values_an_action() {
        assert_eq!(
            insert_sql(2),
            "INSERT INTO actions (match_id, idx, seat, action) VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)"
        );
    }
}
