//! The server's database: SQLite (a file in the data directory) by default, PostgreSQL with the
//! same code and the same SQL when the address says `postgres://`. Runtime queries through
//! sqlx's `Any` driver (placeholders `$1`, `$2`, ... which both read), migrations run at start.
//! The actions, the one write each match makes at every stroke, go through the group commit of
//! [`crate::journal`].
//!
//! SQLite runs in WAL mode with `synchronous = NORMAL`, set on every connection as it opens: a
//! commit is written to the WAL file before it returns, and synced only at checkpoints. A
//! committed action survives the server's process being killed (what it wrote is in the
//! operating system's cache, which the kill does not touch); a power cut or a crash of the
//! operating system can lose the last commits, not the database (`synchronous = FULL` would
//! sync every commit: what a machine's crash needs, not a process's). Every write goes
//! through one connection (SQLite takes one writer at a time: none waits on its lock), the
//! reads through two others (WAL lets them read beside the writer), and the checkpoints (the
//! WAL copied into the file, with its syncs) through one more, off the writer's way.

use crate::database::Database;
use crate::error::StoreError;
use crate::journal::{ActionRow, Journal};
use crate::live::SeatPlan;
use carrom_match::{Action, MatchSetup};
use carrom_referee::Seat;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor, Row};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// A player as the database keeps him.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct PlayerRow {
    pub(crate) name: String,
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    #[serde(skip)]
    pub(crate) volatility: f64,
    pub(crate) games: i64,
    pub(crate) wins: i64,
    #[serde(skip)]
    pub(crate) token_hash: String,
}

/// A match as the database keeps it.
#[derive(Clone, Debug)]
pub struct MatchRow {
    pub id: u64,
    pub rated: bool,
    pub setup: MatchSetup,
    pub seats: Vec<SeatPlan>,
    pub live: bool,
    pub winners: Vec<String>,
    pub how: String,
}

/// The database.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    /// Every write (SQLite: its one writer's connection).
    pool: AnyPool,
    /// Every read (SQLite: connections of their own, which WAL lets read beside the writer).
    reads: AnyPool,
    journal: Journal,
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the server's records are always JSON")
}

fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Record(e.to_string()))
}

impl Store {
    /// Opens the database at `given` (any form [`Database`] reads: a SQLite file is made
    /// when missing, with its folder) and runs the migrations.
    pub(crate) async fn open(given: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let db: Database = given.parse()?;
        db.prepare(given)?;
        let sqlite = db.is_sqlite();
        let url = db.url();
        // SQLite takes one writer at a time: one connection, no waiting on its lock.
        let pool = connect(given, &url, sqlite, if sqlite { 1 } else { 8 }).await?;
        MIGRATOR
            .run(&pool)
            .await
            .map_err(|e| StoreError::Migrate(e.to_string()))?;
        let (reads, checkpoints) = if sqlite {
            let reads = connect(given, &url, sqlite, 2).await?;
            (reads, Some(connect(given, &url, sqlite, 1).await?))
        } else {
            (pool.clone(), None)
        };
        let journal = Journal::start(pool.clone(), checkpoints);
        Ok(Store {
            pool,
            reads,
            journal,
        })
    }

    pub(crate) async fn player(&self, name: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query(
            "SELECT name, token_hash, rating, deviation, volatility, games, wins FROM players WHERE name = $1",
        )
        .bind(name)
        .fetch_optional(&self.reads)
        .await?;
        row.map(|r| player_row(&r)).transpose()
    }

    /// Claims `name` for the holder of the token whose hash is `token_hash`; false when the
    /// name was claimed already.
    pub(crate) async fn claim(
        &self,
        name: &str,
        token_hash: &str,
        start: &PlayerRow,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO players (name, token_hash, rating, deviation, volatility, games, wins) \
             VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(token_hash)
        .bind(start.rating)
        .bind(start.deviation)
        .bind(start.volatility)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Writes a player's rating and record after a match.
    pub(crate) async fn rate(&self, p: &PlayerRow) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE players SET rating = $1, deviation = $2, volatility = $3, games = $4, wins = $5 WHERE name = $6",
        )
        .bind(p.rating)
        .bind(p.deviation)
        .bind(p.volatility)
        .bind(p.games)
        .bind(p.wins)
        .bind(p.name.as_str())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The best rated players who have played, best first.
    pub(crate) async fn leaderboard(&self, limit: i64) -> Result<Vec<PlayerRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, token_hash, rating, deviation, volatility, games, wins FROM players \
             WHERE games > 0 ORDER BY rating DESC, name LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(player_row).collect()
    }

    /// The next match number.
    pub(crate) async fn next_match_id(&self) -> Result<u64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) AS top FROM matches")
            .fetch_one(&self.reads)
            .await?;
        let top: i64 = row.try_get("top")?;
        Ok(top as u64 + 1)
    }

    pub(crate) async fn create_match(&self, m: &MatchRow) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO matches (id, rated, setup, seats, state, winners, how) VALUES ($1, $2, $3, $4, 'live', '[]', '')",
        )
        .bind(m.id as i64)
        .bind(i64::from(m.rated))
        .bind(json(&m.setup))
        .bind(json(&m.seats))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Stores action `index` of match `id`, played by `seat`: returns once it is committed,
    /// in one transaction with the other actions waiting at the same moment.
    pub(crate) async fn add_action(
        &self,
        id: u64,
        index: usize,
        seat: Seat,
        action: &Action,
    ) -> Result<(), StoreError> {
        self.journal
            .add(ActionRow::new(id, index, seat, action))
            .await
    }

    /// The group commit's figures: its commits, the actions they held, the time each took.
    pub(crate) fn commits(&self) -> &crate::journal::Commits {
        &self.journal.commits
    }

    /// Marks match `id` over, won by `winners`.
    pub(crate) async fn end_match(
        &self,
        id: u64,
        winners: &[String],
        how: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET state = 'over', winners = $1, how = $2 WHERE id = $3")
            .bind(json(&winners))
            .bind(how)
            .bind(id as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(crate) async fn match_row(&self, id: u64) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, rated, setup, seats, state, winners, how FROM matches WHERE id = $1",
        )
        .bind(id as i64)
        .fetch_optional(&self.reads)
        .await?;
        row.map(|r| match_row(&r)).transpose()
    }

    /// The matches still being played (a restarted server goes on with them).
    pub(crate) async fn live_matches(&self) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, rated, setup, seats, state, winners, how FROM matches WHERE state = 'live' ORDER BY id",
        )
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(match_row).collect()
    }

    /// Match `id`'s actions, in order.
    pub(crate) async fn actions(&self, id: u64) -> Result<Vec<Action>, StoreError> {
        let rows = sqlx::query("SELECT action FROM actions WHERE match_id = $1 ORDER BY idx")
            .bind(id as i64)
            .fetch_all(&self.reads)
            .await?;
        rows.iter()
            .map(|r| read(&r.try_get::<String, _>("action")?))
            .collect()
    }

    /// The last matches `name` played in, newest first.
    pub(crate) async fn matches_of(&self, name: &str, limit: i64) -> Result<Vec<u64>, StoreError> {
        // The seats' JSON holds `"name":"NAME"`: a name is JSON-escaped the same way there.
        let needle = format!(
            "%{}%",
            json(&serde_json::json!({ "name": name })).trim_matches(['{', '}'])
        );
        let rows =
            sqlx::query("SELECT id FROM matches WHERE seats LIKE $1 ORDER BY id DESC LIMIT $2")
                .bind(needle)
                .bind(limit)
                .fetch_all(&self.reads)
                .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<i64, _>("id")? as u64))
            .collect()
    }
}

/// A pool of up to `connections` to the database at `url` (`given` so, for its errors);
/// SQLite's settings on each connection as it opens (a pooled connection may be opened again:
/// WAL is kept in the file, the rest is not).
async fn connect(
    given: &str,
    url: &str,
    sqlite: bool,
    connections: u32,
) -> Result<AnyPool, StoreError> {
    AnyPoolOptions::new()
        .max_connections(connections)
        // Not a ping before each query on SQLite (a file in this process: nothing to lose
        // touch with), which would cost each query a second trip to its connection's thread.
        .test_before_acquire(!sqlite)
        .after_connect(move |conn, _| {
            Box::pin(async move {
                if sqlite {
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute("PRAGMA synchronous = NORMAL").await?;
                    // The journal's checkpoints keep the WAL short; a commit checkpoints
                    // itself only if they fall this far behind (32 MB of pages).
                    conn.execute("PRAGMA wal_autocheckpoint = 8192").await?;
                }
                Ok(())
            })
        })
        .connect(url)
        .await
        .map_err(|e| StoreError::Open {
            url: shown_url(given),
            why: e.to_string(),
        })
}

fn player_row(r: &sqlx::any::AnyRow) -> Result<PlayerRow, StoreError> {
    Ok(PlayerRow {
        name: r.try_get("name")?,
        token_hash: r.try_get("token_hash")?,
        rating: r.try_get("rating")?,
        deviation: r.try_get("deviation")?,
        volatility: r.try_get("volatility")?,
        games: r.try_get("games")?,
        wins: r.try_get("wins")?,
    })
}

fn match_row(r: &sqlx::any::AnyRow) -> Result<MatchRow, StoreError> {
    Ok(MatchRow {
        id: r.try_get::<i64, _>("id")? as u64,
        rated: r.try_get::<i64, _>("rated")? != 0,
        setup: read(&r.try_get::<String, _>("setup")?)?,
        seats: read(&r.try_get::<String, _>("seats")?)?,
        live: r.try_get::<String, _>("state")? == "live",
        winners: read(&r.try_get::<String, _>("winners")?)?,
        how: r.try_get("how")?,
    })
}

/// A database address as it may be shown: without its password.
pub fn shown_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..s + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}
