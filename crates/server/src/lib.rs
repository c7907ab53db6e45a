//! The carrom server: one process a club or a community runs on a public machine, to which
//! every player connects outwards. It is the referee of every match it hosts (carrom-net's host
//! logic on carrom-match's `Match`), pairs players (quick match by rating, private rooms),
//! rates them (Glicko-2), keeps every match in its database (SQLite or PostgreSQL) as it is
//! played, so a restarted server goes on with every match in progress, and serves a JSON API
//! and, with `--web`, the browser build.
//!
//! axum for HTTP and WebSocket on tokio; sqlx for the database; skillratings for the ratings.
//!
//! Its API is small: [`serve`] a [`ServerConfig`] (its database a [`Database`]), and ask the
//! [`Running`] server; [`load`] runs `carrom server-load`'s clients against one. Everything
//! else is the crate's own.

mod api;
mod clock;
mod config;
mod database;
mod error;
mod guard;
mod journal;
mod live;
#[cfg(unix)]
pub mod load;
mod lobby;
mod names;
mod outbox;
mod pages;
mod rating;
mod serve;
mod shared;
mod store;
mod timings;
mod tls;
mod tournaments;
mod ws;

pub use config::{DEFAULT_LISTEN, ServerConfig, sqlite_in};
pub use database::{AddressError, Database};
pub use error::{LoadError, QueryError, ServerError, StoreError};
pub use live::SeatPlan;
pub use serve::{Running, serve};
pub use store::{MatchRow, shown_url};
pub use tls::TlsFiles;
