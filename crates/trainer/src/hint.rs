//! `carrom hint`'s request and answer: a [`Position`] given by its fields (every one but the
//! seat optional: ICF rules, white, the Queen on the board, the opening rack), the game's seats
//! and the coach's seed; the coach's best shot and the others it weighed as JSON.

use crate::position::{Position, PositionError, QueenAt};
use carrom_ai::coach::{Advice, Hint, describe, kind_name};
use carrom_physics::{Piece, PieceColour, Seat, Spec, opening_rack};
use carrom_referee::{Referee, Seats};
use serde::Deserialize;
use serde_json::{Value, json};

/// `{"rules": "icf", "seat": "south", "pieces": [{"kind","x","y"}], "queen": "on_board" |
/// "awaiting_cover" | "covered_by_white" | "covered_by_black", "colour": "white" | "black"}`;
/// `seats` (2 or 4) and `seed` are optional. Without `pieces`, the opening rack (a break).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    #[serde(default = "icf")]
    pub rules: String,
    pub seat: Seat,
    #[serde(default)]
    pub pieces: Option<Vec<Piece>>,
    #[serde(default)]
    pub queen: QueenAt,
    #[serde(default = "white")]
    pub colour: PieceColour,
    #[serde(default)]
    pub seats: Option<u32>,
    #[serde(default)]
    pub seed: u64,
}

fn icf() -> String {
    "icf".into()
}

fn white() -> PieceColour {
    PieceColour::White
}

/// Why a [`HintRequest`] describes no position to play from.
#[derive(Debug, thiserror::Error)]
pub enum HintRequestError {
    #[error("seats: {0} players: expected 2 (singles) or 4 (doubles)")]
    Seats(u32),
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl HintRequest {
    /// The pieces and the referee's state the request describes, checked
    /// ([`Position::checked_referee`]).
    pub fn position(&self, spec: &Spec) -> Result<(Vec<Piece>, Referee), HintRequestError> {
        let seats = match self.seats {
            Some(n) => Seats::from_count(n).ok_or(HintRequestError::Seats(n))?,
            None => Seats::of_seat(self.seat),
        };
        let position = Position {
            rules: self.rules.clone(),
            seat: self.seat,
            colour: self.colour,
            queen: self.queen,
            pieces: (self.pieces.clone()).unwrap_or_else(|| opening_rack(&spec.board, self.seat)),
        };
        let referee = position.checked_referee(spec, seats)?;
        Ok((position.pieces, referee))
    }
}

/// One shot of the answer: the shot, its kind's name, target, pocket, chance, the pieces it is
/// expected to pocket, the samples it was measured on and its description.
pub fn advice_json(a: &Advice, seat: Seat) -> Value {
    json!({
        "shot": a.shot,
        "kind": kind_name(a.kind),
        "target": a.target,
        "pocket": a.pocket,
        "chance": a.chance,
        "expected_pieces": a.expected_pieces,
        "samples": a.samples,
        "description": describe(a, seat),
    })
}

/// The answer: the best shot ([`advice_json`]) with its `alternatives` and the decision's
/// milliseconds (to a tenth).
pub fn hint_json(h: &Hint, seat: Seat) -> Value {
    let mut out = advice_json(&h.best, seat);
    out["alternatives"] = h
        .alternatives
        .iter()
        .map(|a| advice_json(a, seat))
        .collect();
    out["decision_ms"] = json!((h.decision_ms * 10.0).round() / 10.0);
    out
}
