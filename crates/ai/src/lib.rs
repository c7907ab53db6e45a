//! Computer players for carrom: shot search by Monte Carlo simulation on the physics crate,
//! judged by the referee crate so the AI never misreads the ICF Laws.
//!
//! ```no_run
//! use carrom_ai::{Level, Player};
//! use carrom_physics::{Spec, opening_rack, Seat};
//! use carrom_referee::{Referee, Rules, Seats};
//!
//! let spec = Spec::default();
//! let referee = Referee::new(Rules::icf(), Seats::Singles);
//! let layout = opening_rack(&spec.board, Seat::South);
//! let mut player = Player::new(Level::Hard, 42);
//! let shot = player.choose_shot(&spec, &layout, Seat::South, &referee);
//! ```
//!
//! See the README for the levels, the benchmarks and the figures.

pub mod benchmark;
pub mod break_book;
pub mod break_search;
pub mod breaks;
pub mod candidates;
pub mod clearing;
pub mod coach;
pub mod computers;
pub mod data_file;
pub mod game;
pub mod geom;
pub mod headless;
pub mod lone_man;
pub mod noise;
pub mod player;
mod report;
#[cfg(feature = "research")]
pub mod research;
pub mod review;
pub mod search;
pub mod selfplay;
pub mod winprob;

pub use benchmark::ClearingSummary;
pub use candidates::{Candidate, GenLimits, ShotKind};
pub use carrom_match::Level;
pub use clearing::{ClearingJudge, ClearingState};
pub use computers::{
    Computers, ComputersState, Played, PlayedOut, computer_setup, computers_match, easy_singles,
};
pub use game::{MatchJudge, choose_due_spot};
pub use lone_man::LoneManCosts;
pub use noise::Noise;
pub use player::{HARD_WORK, LADDER, LevelSpec, Player, Rung, SAFETY_WORK};
pub use search::{Budget, Decision, Judge, Weighed};
