//! The carrom referee: the ICF Laws (tournament edition, Laws 27-151) as a pure state machine.
//!
//! The game (or a scenario) reports what each stroke did as a [`StrokeReport`]; the
//! [`Referee`] judges it and returns a [`Verdict`]: the rulings (each naming its [`Law`] and what happened, an [`Event`]; the sentences are made at the edge, `carrom_match::words`),
//! the pieces to put back and who places them, whether the turn continues, who plays next,
//! the score and any board / game / match result.
//!
//! ```
//! use carrom_referee::{PieceColour, Referee, Rules, Seat, Seats, StrokeReport};
//!
//! let mut referee = Referee::new(Rules::icf(), Seats::Singles);
//! // South breaks and pockets a white man: the turn continues (Law 48).
//! let v = referee.judge(&StrokeReport::pocketing(&[PieceColour::White])).unwrap();
//! assert!(v.continues);
//! // South now pockets the striker alone: one due, turn passes (Law 72(a)).
//! let v = referee.judge(&StrokeReport::nothing().with_striker()).unwrap();
//! assert!(v.applied("72(a)"));
//! assert_eq!(v.next, Some(Seat::North));
//! assert_eq!(referee.on_board(PieceColour::White), 9);
//! ```
//!
//! No Bevy, no physics: the crate defines its own input. The state is `Copy` (112 bytes)
//! so the AI can clone it per simulated outcome.

mod event;
mod placement;
mod preset;
mod referee;
mod report;
mod rules;
mod scenario;
mod seat;
mod verdict;

pub use event::{Event, HouseFoul, LastMen, QueenAtEnd, QueenBack};
pub use placement::{
    CENTRE_CIRCLE_RADIUS, Geometry, OUTER_CIRCLE_RADIUS, PIECE_RADIUS, PlacementError,
    validate_placement,
};
pub use preset::Preset;
pub use referee::{JudgeError, MEN_PER_COLOUR, PositionError, QueenRight, Referee};
pub use report::{Colour, PieceColour, StrokeReport};
pub use rules::{
    BreakAttemptsFor, DuesReturned, EndingGaps, GameWonBy, ImproperBreak, PassesBy, PointGame,
    QueenReturned, TurnRuling,
};
pub use rules::{Endings, OpponentPiece, PRESET_NAMES, QueenWithoutRight, Rules, RulesError};
pub use scenario::{
    LineBoard, LineGame, LineMatch, LineMen, ScenarioError, ScenarioLine, run_scenario,
    run_scenario_lines, run_scenario_streaming, verdict_line,
};
pub use seat::{Seat, Seats, Side, TurnOrder};
pub use verdict::{
    BoardResult, GameResult, Law, MatchResult, Men, Placer, PointsWon, Position, QueenState,
    Return, Ruling, Spot, Verdict,
};
