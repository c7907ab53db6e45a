//! The referee's input: what one stroke did.

use crate::seat::Seat;
use serde::{Deserialize, Serialize};

pub use carrom_terms::PieceColour;

/// Short alias.
pub type Colour = PieceColour;

/// What a stroke did, as observed by the game (from physics events) or written in a scenario.
/// Every field is optional in JSON with the defaults shown by [`StrokeReport::default`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StrokeReport {
    /// Pieces pocketed, in the order they fell.
    pub pocketed: Vec<PieceColour>,
    /// The striker fell into a pocket.
    pub striker_pocketed: bool,
    /// The striker touched some piece (Law 44: this is what makes the break). Default `true`.
    pub touched: bool,
    /// The stroke broke a Law (pushed, elbow over the line, base lines not touched, Law 47 ...):
    /// an "improper stroke" (Laws 64, 72(b), 76, 77).
    pub improper: bool,
    /// Pieces that jumped off the board (Law 65); the umpire puts them back in the centre circle.
    pub overboard: Vec<PieceColour>,
    /// The striker jumped off the board (Law 116).
    pub striker_overboard: bool,
    /// The player took longer than the shot clock (Law 50; needs `Rules::shot_clock_secs`).
    pub shot_clock_expired: bool,
    /// A technical foul committed before this stroke by the given seat (Law 63; needs
    /// `Rules::technical_fouls`). By the striker before the first stroke of his turn: 63(a); by a
    /// player not having the turn: 63(b); by the striker later in his turn: a Foul, 64(a).
    pub technical_foul: Option<Seat>,
    /// A due or penalty man was used to make a shot with the Queen (Law 114): a Foul.
    pub due_used_for_queen: bool,
    /// The player passes over his turn instead of striking (Law 137). Nothing else may happen.
    pub pass: bool,
}

impl Default for StrokeReport {
    fn default() -> Self {
        StrokeReport {
            pocketed: Vec::new(),
            striker_pocketed: false,
            touched: true,
            improper: false,
            overboard: Vec::new(),
            striker_overboard: false,
            shot_clock_expired: false,
            technical_foul: None,
            due_used_for_queen: false,
            pass: false,
        }
    }
}

impl StrokeReport {
    /// A proper stroke that touched a piece and pocketed these pieces.
    pub fn pocketing(pieces: &[PieceColour]) -> StrokeReport {
        StrokeReport {
            pocketed: pieces.to_vec(),
            ..StrokeReport::default()
        }
    }

    /// A proper stroke that touched something and pocketed nothing.
    pub fn nothing() -> StrokeReport {
        StrokeReport::default()
    }

    /// A break attempt that touched nothing.
    pub fn miss() -> StrokeReport {
        StrokeReport {
            touched: false,
            ..StrokeReport::default()
        }
    }

    /// Passing over the turn (Law 137).
    pub fn pass() -> StrokeReport {
        StrokeReport {
            pass: true,
            ..StrokeReport::default()
        }
    }

    pub fn with_striker(mut self) -> StrokeReport {
        self.striker_pocketed = true;
        self
    }

    pub fn improper(mut self) -> StrokeReport {
        self.improper = true;
        self
    }

    pub fn with_overboard(mut self, pieces: &[PieceColour]) -> StrokeReport {
        self.overboard = pieces.to_vec();
        self
    }

    /// How many pieces of `colour` were pocketed.
    pub fn pocketed_count(&self, colour: PieceColour) -> usize {
        self.pocketed.iter().filter(|&&c| c == colour).count()
    }

    /// How many pieces of `colour` left the board.
    pub fn overboard_count(&self, colour: PieceColour) -> usize {
        self.overboard.iter().filter(|&&c| c == colour).count()
    }
}
