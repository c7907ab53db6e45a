//! What can go wrong at the server: in the words its operator reads (the database, the start),
//! and in the words its clients are sent (a refused connection, a rejected message, a refused
//! room or query). Each refusal is a variant, told apart by its kind, never by its text; the
//! texts are the wire's (clients and tests match them) and do not change.

use carrom_online::ONLINE_PROTOCOL;
use carrom_online::protocol::MAX_CLIENT_MESSAGE;
use carrom_referee::Seat;
use carrom_remote::bounds::{FLOOD_LIMIT, GUEST_RATE};

/// The database cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// An address that names no database the server can keep.
    #[error(transparent)]
    Address(#[from] crate::database::AddressError),
    #[error("cannot open the database {url}: {why}")]
    Open { url: String, why: String },
    #[error("the database's migrations failed: {0}")]
    Migrate(String),
    #[error("the database: {0}")]
    Query(#[from] sqlx::Error),
    #[error("a record in the database cannot be read: {0}")]
    Record(String),
    #[error("the database's writer has stopped")]
    Stopped,
}

/// The server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("--web {dir}: not a folder")]
    Web { dir: String },
    /// A TLS certificate or key file that cannot be used: the file, and why.
    #[error("TLS: {file}: {why}")]
    Tls { file: String, why: String },
}

/// A match the server cannot put in play: a new one, or one the store keeps.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Its setup, refused by the match.
    #[error(transparent)]
    Setup(#[from] carrom_match::MatchError),
    /// An action of its log that cannot be played again, in the host's words.
    #[error("{0}")]
    Replay(String),
}

/// A query (the leaderboard, a player, a match) that is not answered.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("no player is named {name}")]
    NoPlayer { name: String },
    #[error("no match {id}")]
    NoMatch { id: u64 },
    #[error("no tournament {id}")]
    NoTournament { id: u64 },
    /// A name asked for that no player can have.
    #[error("a name of {bytes} bytes: names are shorter")]
    LongName { bytes: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Load(#[from] LoadError),
}

impl QueryError {
    /// Whether what was asked for does not exist (the API's 404).
    pub fn is_unknown(&self) -> bool {
        matches!(
            self,
            QueryError::NoPlayer { .. }
                | QueryError::NoMatch { .. }
                | QueryError::NoTournament { .. }
        )
    }
}

/// Why the lobby does not make or seat a private room.
#[derive(Debug, thiserror::Error)]
pub(crate) enum LobbyError {
    #[error("the {} seat cannot be a computer's in this room", .0.name())]
    NotAComputersSeat(Seat),
    /// A code that names no room (a wrong guess: counted against the connection).
    #[error("no room has the code {}", carrom_remote::shown(.0))]
    NoRoom(String),
    #[error("you are in this room already")]
    InTheRoomAlready,
    #[error("the room is full")]
    Full,
    /// A party's code that names no party waiting (a wrong guess: counted as a room code's).
    #[error("no party with the code {} waits for its partner", carrom_remote::shown(.0))]
    NoParty(String),
    #[error("that is your own party: give its code to your partner")]
    OwnParty,
    #[error("that party has its two partners")]
    PartyFull,
    #[error("the lobby is gone")]
    Gone,
}

/// Why a tournament does not take what a client asks of it.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TournamentError {
    /// No such tournament (a private one without its code is answered so, and counted as a
    /// wrong room code).
    #[error("no tournament {id}")]
    NoTournament { id: u64 },
    #[error("only the organizer of tournament {id} ({organizer}) may do that")]
    NotOrganizer { id: u64, organizer: String },
    #[error("tournament {id} has started: {why}")]
    Started { id: u64, why: &'static str },
    #[error("tournament {id} has ended")]
    Ended { id: u64 },
    #[error("tournament {id} is full ({most} players)")]
    Full { id: u64, most: usize },
    #[error("{name} is not in tournament {id}")]
    NotIn { id: u64, name: String },
    #[error("tournament {id} has not started")]
    NotStarted { id: u64 },
    #[error("a name may hold {most} tournaments at once, not ended")]
    TooMany { most: usize },
    #[error("the tournament's plan: {0}")]
    Plan(String),
    #[error("the tournament cannot start: {}", .0.without_flag())]
    Draw(#[from] carrom_tournament::NewError),
    #[error("tournament {id} has started: {source}")]
    Late {
        id: u64,
        source: carrom_tournament::LateError,
    },
    #[error("the server has {most} tournaments not ended: no more now")]
    ServerFull { most: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why the socket refuses a connection (and closes it) or rejects one of its messages.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    #[error("the server is full ({most} connections)")]
    Full { most: usize },
    #[error("too many connections from your address ({most} at most)")]
    FromYourAddress { most: usize },
    #[error("the server is stopping")]
    Stopping,
    #[error("no hello within {secs} s")]
    NoHello { secs: u64 },
    #[error("no word from you in {secs} s")]
    Silent { secs: u64 },
    #[error("no message from you in {minutes} minutes, nor a match")]
    Idle { minutes: u64 },
    #[error("the name {name} has {most} connections already")]
    NameConnections { name: String, most: usize },
    #[error("too many queries from your address: wait a moment")]
    Queries,
    #[error("say hello first")]
    HelloFirst,
    #[error("a second hello")]
    SecondHello,
    #[error("this server speaks protocol {}, the client {client}", ONLINE_PROTOCOL)]
    Protocol { client: u32 },
    #[error("the name: {0}")]
    Name(#[from] carrom_match::NameError),
    #[error("the name {name} is taken, and that is not its token")]
    NotItsToken { name: String },
    #[error("the name {name} is taken: playing under it needs its token")]
    NeedsItsToken { name: String },
    #[error("no player is named {name}: leave the token out to claim the name")]
    Unclaimed { name: String },
    #[error("the name {name} is taken: it was just claimed by another")]
    JustClaimed { name: String },
    #[error("too many new names from your address: {per_hour} an hour at most")]
    NewNames { per_hour: u32 },
    #[error("messages are JSON text")]
    Binary,
    #[error("{} messages dropped for coming too fast", FLOOD_LIMIT)]
    Flood,
    #[error(
        "too fast: at most {} messages a second; this one was dropped",
        GUEST_RATE
    )]
    TooFast,
    #[error("a message of {bytes} bytes: the bound is {}", MAX_CLIENT_MESSAGE)]
    TooLong { bytes: usize },
    #[error("malformed message: {0}")]
    Malformed(serde_json::Error),
    #[error("you are in a match already")]
    InAMatch,
    #[error("you are not in a match")]
    NotInAMatch,
    #[error("no live match {id}")]
    NoLiveMatch { id: u64 },
    #[error("too many wrong room codes: wait a minute")]
    WrongCodes,
    /// An action the match does not take from this connection (a spectator's).
    #[error(transparent)]
    Act(#[from] carrom_remote::Rejection),
    #[error(transparent)]
    Lobby(#[from] LobbyError),
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_of_a_taken_name_is_told_apart_by_the_clients() {
        let name = || "Player 1".to_string();
        for taken in [
            Refusal::NotItsToken { name: name() },
            Refusal::NeedsItsToken { name: name() },
            Refusal::JustClaimed { name: name() },
        ] {
            let words = taken.to_string();
            assert_eq!(
                carrom_online::taken_name(&words),
                Some("Player 1"),
                "{words}"
            );
        }
        let other = Refusal::Unclaimed { name: name() }.to_string();
        assert_eq!(carrom_online::taken_name(&other), None, "{other}");
    }
}
