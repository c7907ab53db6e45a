//! The carrom board as rigid bodies on rapier2d: ICF dimensions, carrom men, the Queen, the
//! striker, frame cushions, four pockets and the friction of a powdered board.
//!
//! Headless and deterministic: the same request gives bit-identical results. SI units (metres,
//! kilograms, seconds); the origin is the board centre, x east, y north.

pub mod bench;
pub mod geometry;
pub mod rack;
pub mod report;
pub mod shot;
pub mod soak;
pub mod spec;
pub mod table;
pub mod trace;

pub use geometry::{PlacementError, Pocket, Seat, SeatAxes};
pub use rack::opening_rack;
pub use rapier2d;
pub use rapier2d::math::Vector as Vec2;
pub use shot::{Shot, ShotError, ShotResult, simulate};
pub use spec::{BoardSpec, Materials, SimSettings, Spec, SpecError, SpecSyntaxError};
pub use table::{
    BodyId, Clock, Event, EventKind, Fate, Outcome, Piece, PieceColour, RapierParts, Roster,
    StepReport, Table, bind_entity, build_board, insert_striker, step_board,
};
pub use trace::{ShotTrace, trace};
