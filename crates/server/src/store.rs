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
use crate::names;
use carrom_match::{Action, MatchSetup};
use carrom_referee::Seat;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor, Row};

mod tournaments;

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// A player's columns, as [`player_row`] reads them.
const PLAYER: &str = "name, token_hash, rating, deviation, volatility, games, wins, rated_at, \
     doubles_rating, doubles_uncertainty, doubles_games, doubles_wins";

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
    /// When his rating last changed, in seconds since 1970 (none before his first rated
    /// match).
    #[serde(skip)]
    pub(crate) rated_at: Option<i64>,
    /// His doubles rating, once he has played a rated doubles match.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) doubles: Option<DoublesRow>,
}

/// A player's doubles rating as the database keeps it: Weng-Lin's for two teams.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct DoublesRow {
    pub(crate) rating: f64,
    pub(crate) uncertainty: f64,
    pub(crate) games: i64,
    pub(crate) wins: i64,
}

/// A match as the database keeps it.
#[derive(Clone, Debug)]
pub struct MatchRow {
    pub id: u64,
    pub rated: bool,
    pub setup: MatchSetup,
    pub seats: Vec<SeatPlan>,
    pub live: bool,
    /// Set aside: it could not be played again from its actions ([`Store::set_aside`]).
    pub aside: bool,
    pub winners: Vec<String>,
    pub how: String,
    /// A private room's match: watched with this code only.
    pub watch_code: Option<String>,
}

impl MatchRow {
    /// A new match as it is stored when it starts: live, no winner yet, anyone may watch it.
    pub(crate) fn starting(
        id: u64,
        rated: bool,
        setup: MatchSetup,
        seats: Vec<SeatPlan>,
    ) -> MatchRow {
        MatchRow {
            id,
            rated,
            setup,
            seats,
            live: true,
            aside: false,
            winners: Vec::new(),
            how: String::new(),
            watch_code: None,
        }
    }
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
        let store = Store {
            pool,
            reads,
            journal,
        };
        store.fill_keys().await?;
        store.fill_match_players().await?;
        Ok(store)
    }

    /// The name keys of the players claimed before names had keys ([`names::key`]); where two
    /// such names look alike, the later one keeps his exact name (its key marked with it), and
    /// then the keys are made unique.
    async fn fill_keys(&self) -> Result<(), StoreError> {
        let rows = sqlx::query("SELECT name FROM players WHERE name_key IS NULL ORDER BY name")
            .fetch_all(&self.pool)
            .await?;
        for r in &rows {
            let name: String = r.try_get("name")?;
            let mut key = names::key(&name);
            let taken = sqlx::query("SELECT name FROM players WHERE name_key = $1")
                .bind(key.as_str())
                .fetch_optional(&self.pool)
                .await?;
            if taken.is_some() {
                key = format!("{key}#{name}");
            }
            sqlx::query("UPDATE players SET name_key = $1 WHERE name = $2")
                .bind(key)
                .bind(name)
                .execute(&self.pool)
                .await?;
        }
        sqlx::query("CREATE UNIQUE INDEX IF NOT EXISTS players_by_key ON players (name_key)")
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Who played each match stored before `match_players` was kept, from its seats.
    async fn fill_match_players(&self) -> Result<(), StoreError> {
        let rows = sqlx::query(
            "SELECT id, seats FROM matches WHERE id NOT IN (SELECT match_id FROM match_players)",
        )
        .fetch_all(&self.pool)
        .await?;
        for r in &rows {
            let id = r.try_get::<i64, _>("id")? as u64;
            let seats: Vec<SeatPlan> = read(&r.try_get::<String, _>("seats")?)?;
            let mut tx = self.pool.begin().await?;
            add_players(&mut tx, id, &seats).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// The player named `name`, or the one whose name looks like it ([`names::key`]): his
    /// own exact name first.
    pub(crate) async fn player(&self, name: &str) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query(
            &format!("SELECT {PLAYER} FROM players \
             WHERE name = $1 OR name_key = $2 ORDER BY CASE WHEN name = $1 THEN 0 ELSE 1 END LIMIT 1"
        ))
        .bind(name)
        .bind(names::key(name))
        .fetch_optional(&self.reads)
        .await?;
        row.map(|r| player_row(&r)).transpose()
    }

    /// Claims `name` for the holder of the token whose hash is `token_hash`; false when the
    /// name, or one that looks like it, was claimed already.
    pub(crate) async fn claim(
        &self,
        name: &str,
        token_hash: &str,
        start: &PlayerRow,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO players (name, token_hash, rating, deviation, volatility, games, wins, name_key) \
             VALUES ($1, $2, $3, $4, $5, 0, 0, $6) ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(token_hash)
        .bind(start.rating)
        .bind(start.deviation)
        .bind(start.volatility)
        .bind(names::key(name))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The best rated doubles players, best first (by the rating less three uncertainties:
    /// what a player is surely worth, as Weng-Lin's and TrueSkill's leaderboards rank).
    pub(crate) async fn doubles_leaderboard(
        &self,
        limit: i64,
    ) -> Result<Vec<PlayerRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {PLAYER} FROM players WHERE doubles_games > 0 \
             ORDER BY doubles_rating - 3 * doubles_uncertainty DESC, name LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        rows.iter().map(player_row).collect()
    }

    /// The best rated players who have played, best first.
    pub(crate) async fn leaderboard(&self, limit: i64) -> Result<Vec<PlayerRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {PLAYER} FROM players WHERE games > 0 ORDER BY rating DESC, name LIMIT $1"
        ))
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

    /// A new match, and who plays it, in one transaction.
    pub(crate) async fn create_match(&self, m: &MatchRow) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO matches (id, rated, setup, seats, state, winners, how, watch_code) VALUES ($1, $2, $3, $4, 'live', '[]', '', $5)",
        )
        .bind(m.id as i64)
        .bind(i64::from(m.rated))
        .bind(json(&m.setup))
        .bind(json(&m.seats))
        .bind(m.watch_code.as_deref())
        .execute(&mut *tx)
        .await?;
        add_players(&mut tx, m.id, &m.seats).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether action `index` of match `id` is stored (a commit whose answer was lost).
    pub(crate) async fn has_action(&self, id: u64, index: usize) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT idx FROM actions WHERE match_id = $1 AND idx = $2")
            .bind(id as i64)
            .bind(index as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
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

    /// Marks match `id` over, won by `winners`, and writes its players' ratings and records
    /// (`rated`: none for an unrated match): one transaction, so a match is never over with
    /// its ratings unwritten, nor rated and still live.
    pub(crate) async fn end_match(
        &self,
        id: u64,
        (winners, how): (&[String], &str),
        rated: &[PlayerRow],
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE matches SET state = 'over', winners = $1, how = $2 WHERE id = $3")
            .bind(json(&winners))
            .bind(how)
            .bind(id as i64)
            .execute(&mut *tx)
            .await?;
        for p in rated {
            sqlx::query(
                "UPDATE players SET rating = $1, deviation = $2, volatility = $3, games = $4, wins = $5, rated_at = $7, \
                 doubles_rating = $8, doubles_uncertainty = $9, doubles_games = $10, doubles_wins = $11 WHERE name = $6",
            )
            .bind(p.rating)
            .bind(p.deviation)
            .bind(p.volatility)
            .bind(p.games)
            .bind(p.wins)
            .bind(p.name.as_str())
            .bind(p.rated_at)
            .bind(p.doubles.as_ref().map(|d| d.rating))
            .bind(p.doubles.as_ref().map(|d| d.uncertainty))
            .bind(p.doubles.as_ref().map_or(0, |d| d.games))
            .bind(p.doubles.as_ref().map_or(0, |d| d.wins))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Sets match `id` aside: it cannot be played again from its actions (`why`); a server
    /// that starts goes on with the others, and keeps this one as it is.
    pub(crate) async fn set_aside(&self, id: u64, why: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE matches SET state = 'aside', how = $1 WHERE id = $2")
            .bind(format!("set aside: it cannot be played again: {why}"))
            .bind(id as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub(crate) async fn match_row(&self, id: u64) -> Result<Option<MatchRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, rated, setup, seats, state, winners, how, watch_code FROM matches WHERE id = $1",
        )
        .bind(id as i64)
        .fetch_optional(&self.reads)
        .await?;
        row.map(|r| match_row(&r)).transpose()
    }

    /// The matches still being played (a restarted server goes on with them).
    pub(crate) async fn live_matches(&self) -> Result<Vec<MatchRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, rated, setup, seats, state, winners, how, watch_code FROM matches WHERE state = 'live' ORDER BY id",
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

    /// The last matches `name` played in, newest first: his name exactly.
    pub(crate) async fn matches_of(&self, name: &str, limit: i64) -> Result<Vec<u64>, StoreError> {
        let rows = sqlx::query(
            "SELECT match_id FROM match_players WHERE name = $1 ORDER BY match_id DESC LIMIT $2",
        )
        .bind(name)
        .bind(limit)
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<i64, _>("match_id")? as u64))
            .collect()
    }
}

/// The people who play match `id` (its computers are the server's), in `tx`.
async fn add_players(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: u64,
    seats: &[SeatPlan],
) -> Result<(), StoreError> {
    for s in seats.iter().filter(|s| s.computer.is_none()) {
        sqlx::query(
            "INSERT INTO match_players (match_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(id as i64)
        .bind(s.name.as_str())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
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
        rated_at: r.try_get("rated_at")?,
        doubles: match (
            r.try_get("doubles_rating")?,
            r.try_get("doubles_uncertainty")?,
        ) {
            (Some(rating), Some(uncertainty)) => Some(DoublesRow {
                rating,
                uncertainty,
                games: r.try_get("doubles_games")?,
                wins: r.try_get("doubles_wins")?,
            }),
            _ => None,
        },
    })
}

fn match_row(r: &sqlx::any::AnyRow) -> Result<MatchRow, StoreError> {
    Ok(MatchRow {
        id: r.try_get::<i64, _>("id")? as u64,
        rated: r.try_get::<i64, _>("rated")? != 0,
        setup: read(&r.try_get::<String, _>("setup")?)?,
        seats: read(&r.try_get::<String, _>("seats")?)?,
        live: r.try_get::<String, _>("state")? == "live",
        aside: r.try_get::<String, _>("state")? == "aside",
        winners: read(&r.try_get::<String, _>("winners")?)?,
        how: r.try_get("how")?,
        watch_code: r.try_get("watch_code")?,
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

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_referee::{Rules, Seats};

    async fn a_rated_match(store: &Store) -> MatchRow {
        let seats = vec![
            SeatPlan::new(Seat::South, "Asha", None),
            SeatPlan::new(Seat::North, "Ravi", None),
        ];
        for p in &seats {
            let start = crate::rating::start(&p.name);
            assert!(store.claim(&p.name, "hash", &start).await.unwrap());
        }
        let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1).seated(&seats);
        let row = MatchRow::starting(1, true, setup, seats);
        store.create_match(&row).await.unwrap();
        row
    }

    /// A kill or a failure between the match's end and its ratings cannot leave the match
    /// over and its players unrated: the two are one transaction.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_match_ends_with_its_ratings_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&crate::sqlite_in(dir.path())).await.unwrap();
        a_rated_match(&store).await;
        let (asha, ravi) = (
            store.player("Asha").await.unwrap().unwrap(),
            store.player("Ravi").await.unwrap().unwrap(),
        );
        let rated = crate::rating::after_match(
            (&asha, &ravi),
            true,
            100,
            std::time::Duration::from_secs(60),
        );
        let rated = [rated.0, rated.1];
        // The second write of the end fails, as a full disk or a kill would stop it.
        sqlx::query(
            "CREATE TRIGGER no_rating BEFORE UPDATE ON players BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
        )
        .execute(&store.pool)
        .await
        .unwrap();
        let winners = ["Asha".to_string()];
        let end = store.end_match(1, (&winners, "played out"), &rated).await;
        assert!(end.is_err());
        let row = store.match_row(1).await.unwrap().unwrap();
        assert!(row.live, "not over without its ratings");
        assert_eq!(store.player("Asha").await.unwrap().unwrap().games, 0);
        sqlx::query("DROP TRIGGER no_rating")
            .execute(&store.pool)
            .await
            .unwrap();
        store
            .end_match(1, (&winners, "played out"), &rated)
            .await
            .unwrap();
        let row = store.match_row(1).await.unwrap().unwrap();
        assert!(!row.live && row.winners == winners);
        let asha = store.player("Asha").await.unwrap().unwrap();
        assert_eq!((asha.games, asha.wins, asha.rated_at), (1, 1, Some(100)));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_players_matches_are_found_by_his_name_exactly_and_look_alikes_are_him() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&crate::sqlite_in(dir.path())).await.unwrap();
        a_rated_match(&store).await;
        for wildcard in ["%", "_sha", "A%", "asha"] {
            let start = crate::rating::start(wildcard);
            store.claim(wildcard, "hash", &start).await.unwrap();
            assert_eq!(
                store.matches_of(wildcard, 10).await.unwrap(),
                Vec::<u64>::new()
            );
        }
        assert_eq!(store.matches_of("Asha", 10).await.unwrap(), [1]);
        let start = crate::rating::start("ＡＳＨＡ");
        assert!(
            !store.claim("ＡＳＨＡ", "hash", &start).await.unwrap(),
            "taken"
        );
        let her = store.player("ａｓｈａ").await.unwrap().unwrap();
        assert_eq!(her.name, "Asha", "a look-alike finds her");
    }

    /// A database from before names had keys and matches their players' table: its players
    /// get their keys and its matches their players as the server opens it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_older_database_gets_its_name_keys_and_match_players_as_it_opens() {
        let dir = tempfile::tempdir().unwrap();
        let url = crate::sqlite_in(dir.path());
        {
            let store = Store::open(&url).await.unwrap();
            a_rated_match(&store).await;
            // As an older server left it: no keys, no players of its matches.
            sqlx::query("DROP INDEX players_by_key")
                .execute(&store.pool)
                .await
                .unwrap();
            sqlx::query("UPDATE players SET name_key = NULL")
                .execute(&store.pool)
                .await
                .unwrap();
            sqlx::query("DELETE FROM match_players")
                .execute(&store.pool)
                .await
                .unwrap();
        }
        let store = Store::open(&url).await.unwrap();
        assert_eq!(store.matches_of("Asha", 10).await.unwrap(), [1]);
        assert_eq!(store.player("ASHA").await.unwrap().unwrap().name, "Asha");
        let start = crate::rating::start("ａｓｈａ");
        assert!(
            !store.claim("ａｓｈａ", "hash", &start).await.unwrap(),
            "her key is unique again"
        );
    }
}
