//! The tournaments' rows: each tournament's organizer, its state and the whole of it as JSON
//! ([`crate::tournaments::Held`]), written after every change.

use super::{Store, json, read};
use crate::error::StoreError;
use crate::tournaments::Held;
use sqlx::Row;

impl Store {
    /// The number of the next tournament.
    pub(crate) async fn next_tournament_id(&self) -> Result<u64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) AS top FROM tournaments")
            .fetch_one(&self.reads)
            .await?;
        Ok(row.try_get::<i64, _>("top")? as u64 + 1)
    }

    /// A new tournament; false when its number was taken meanwhile.
    pub(crate) async fn create_tournament(&self, held: &Held) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO tournaments (id, organizer, state, doc) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(held.id as i64)
        .bind(held.organizer.as_str())
        .bind(held.state_name())
        .bind(json(held))
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The tournament as it stands now.
    pub(crate) async fn save_tournament(&self, held: &Held) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET state = $1, doc = $2 WHERE id = $3")
            .bind(held.state_name())
            .bind(json(held))
            .bind(held.id as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The tournaments not ended (a restarted server goes on with them).
    pub(crate) async fn running_tournaments(&self) -> Result<Vec<Held>, StoreError> {
        let rows = sqlx::query(
            "SELECT doc FROM tournaments WHERE state IN ('open', 'live', 'paused') ORDER BY id",
        )
        .fetch_all(&self.reads)
        .await?;
        rows.iter()
            .map(|r| read(&r.try_get::<String, _>("doc")?))
            .collect()
    }

    /// Tournament `id`, ended or not.
    pub(crate) async fn tournament(&self, id: u64) -> Result<Option<Held>, StoreError> {
        let row = sqlx::query("SELECT doc FROM tournaments WHERE id = $1")
            .bind(id as i64)
            .fetch_optional(&self.reads)
            .await?;
        row.map(|r| read(&r.try_get::<String, _>("doc")?))
            .transpose()
    }

    /// The tournaments `organizer` holds that have not ended.
    pub(crate) async fn organized_by(&self, organizer: &str) -> Result<usize, StoreError> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS n FROM tournaments WHERE organizer = $1 \
             AND state IN ('open', 'live', 'paused')",
        )
        .bind(organizer)
        .fetch_one(&self.reads)
        .await?;
        Ok(row.try_get::<i64, _>("n")? as usize)
    }
}
