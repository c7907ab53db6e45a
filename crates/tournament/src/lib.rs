//! A carrom tournament, pure data: its players (people, and computers of a `Level`), its
//! format (the VKK header's groups into a knockout, a round robin, a knockout, a Swiss), its
//! games and their boards, the standings in the header's order, the next games to play and the
//! shootouts the tables owe. Saved as versioned JSON, atomically, after every game. No Bevy, no
//! sockets: the `play` feature plays a game between computers through the match layer and
//! keeps its replay; the `cli` feature is `carrom tournament`'s flags.

pub mod berger;
pub mod entrant;
pub mod file;
pub mod game;
pub mod knockout;
pub mod results;
pub mod run;
pub mod schedule;
pub mod standings;
pub mod swiss;
pub mod tournament;
pub mod words;

#[cfg(feature = "play")]
pub mod play;
#[cfg(feature = "play")]
pub mod record;

#[cfg(feature = "cli")]
pub mod command;

pub use carrom_terms::Level;
pub use entrant::{Entrant, PlayersError, parse_players};
pub use file::{FileError, replay_folder, replay_place};
pub use game::{Board, GameError, Kind, Outcome, decide};
pub use results::{ResultsError, Standings, standings};
pub use schedule::{Place, Slot};
pub use standings::{Row, Table};
pub use tournament::{
    Bye, Format, Game, Group, LateError, NewError, RecordError, Seeding, Settings, Stage,
    Tournament,
};
