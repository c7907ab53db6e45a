//! A carrom match without a window: the one place where what a stroke did on the physics board
//! becomes the referee's [`StrokeReport`](carrom_referee::StrokeReport) ([`umpire`]), and where a
//! match is played ([`Match`]): its setup, the actions (a stroke, a pass, placing a returned
//! piece), the referee's verdicts, the layout after each stroke, the pieces the umpire puts
//! back, the calls in words, the scoreboard, saves and replays.
//!
//! The game, the headless demo, `carrom selfplay`, `carrom replay` and the computer players'
//! judging of simulated outcomes all go through this crate, so they agree by construction. After
//! every stroke the match checks its invariants (all 19 pieces accounted for, the referee's
//! counts matching the pieces on the board); [`Match::violations`] lists any that failed.
//!
//! ```
//! use carrom_match::{Match, MatchSetup};
//! use carrom_physics::{Shot, Spec, Seat};
//! use carrom_referee::{Rules, Seats};
//!
//! let spec = Spec::default();
//! let setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 1);
//! let mut game = Match::new(&spec, setup).unwrap();
//! let shot = Shot { seat: Seat::South, position: 0.0, angle_deg: 0.0, power: 1.0 };
//! let verdict = game.play_stroke(shot).unwrap();
//! assert!(game.violations.is_empty());
//! println!("{}", carrom_match::words::ruling(&verdict.rulings[0], &game.names()));
//! ```

mod error;
mod game;
mod position;
pub mod quote;
mod resume;
mod save;
mod setup;
mod stats;
pub mod umpire;
pub mod words;

pub use carrom_terms::{Level, Named};
pub use error::{
    LoadRulesError, MatchError, NameError, PlayersError, ReplayError, ResumeError, SaveError,
    SetupError, WriteError,
};
pub use game::{Action, Actor, Call, Match};
pub use position::{referee_at, referee_for_south};
pub use resume::{Resumed, resume};
pub use save::{FORMAT, OLDEST_VERSION, SaveFile, VERSION, write_atomically};
pub use setup::{MatchLength, MatchSetup, Player, SeatPlan, load_rules};
pub use stats::{BoardStats, MatchStats, PlayerStats};
pub use umpire::{StrokeOutcome, outcome_from_roster, outcome_of, stroke_report, umpire_spot};
