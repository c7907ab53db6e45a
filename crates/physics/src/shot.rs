//! A stroke: where the striker is placed, which way it goes and how hard, and the simulation of
//! it to rest.

use crate::geometry::{PlacementError, Seat, SeatAxes};
use crate::spec::Spec;
use crate::table::{Event, Fate, Piece, PieceColour, Table};
use rapier2d::math::Vector as Vec2;
use serde::{Deserialize, Serialize};

/// A stroke as a player makes it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    pub seat: Seat,
    /// Striker centre along the seat's base line, in units of half the base-line length;
    /// -1 is the player's left end.
    pub position: f32,
    /// Direction relative to the player's forward direction, degrees (-360..360), positive =
    /// counter-clockwise (to the player's left). Backwards (thumb) shots are allowed.
    pub angle_deg: f32,
    /// 0..1 of the maximum striker speed.
    pub power: f32,
}

/// Why a shot cannot be played.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShotError {
    #[error("shot.position: {0} is outside -1..1")]
    Position(f32),
    #[error("shot.angle_deg: {0:?} is outside -360..360")]
    Angle(f32),
    #[error("shot.power: {0} is outside 0..1")]
    Power(f32),
    #[error("shot.position: illegal striker placement: {0}")]
    Placement(PlacementError),
    #[error("pieces[{index}]: {reason}")]
    Piece { index: usize, reason: String },
}

impl Shot {
    /// The striker's centre.
    pub fn striker_at(&self, spec: &Spec) -> Vec2 {
        spec.board.striker_spot(self.seat, self.position)
    }

    /// The striker's initial velocity.
    pub fn striker_velocity(&self, spec: &Spec) -> Vec2 {
        let f = self.seat.forward();
        let (s, c) = self.angle_deg.to_radians().sin_cos();
        // Rotate the forward direction counter-clockwise by the angle.
        let dir = Vec2::new(f.x * c - f.y * s, f.x * s + f.y * c);
        dir * (self.power * spec.materials.max_striker_speed)
    }

    /// Checks the numbers and the placement (Law 130) against the pieces on the board.
    pub fn validate(&self, spec: &Spec, pieces: &[Piece]) -> Result<(), ShotError> {
        if !(self.position.is_finite() && (-1.0..=1.0).contains(&self.position)) {
            return Err(ShotError::Position(self.position));
        }
        if !(self.angle_deg.is_finite() && (-360.0..=360.0).contains(&self.angle_deg)) {
            return Err(ShotError::Angle(self.angle_deg));
        }
        if !(self.power.is_finite() && (0.0..=1.0).contains(&self.power)) {
            return Err(ShotError::Power(self.power));
        }
        let r = spec.board.coin_radius();
        spec.board
            .check_striker_placement(
                self.seat,
                self.striker_at(spec),
                pieces.iter().map(|p| (p.pos(), r)),
            )
            .map_err(ShotError::Placement)
    }
}

/// Checks that pieces are on the playing surface, finite, not over a pocket's hole (a piece
/// falls when its centre passes over one) and not overlapping each other.
pub fn validate_pieces(spec: &Spec, pieces: &[Piece]) -> Result<(), ShotError> {
    let r = spec.board.coin_radius();
    let lim = spec.board.half() - r;
    let queens = pieces
        .iter()
        .filter(|p| p.kind == PieceColour::Queen)
        .count();
    if pieces.len() > 19 {
        return Err(ShotError::Piece {
            index: 19,
            reason: "a board has at most 19 pieces".into(),
        });
    }
    if queens > 1 {
        let index = pieces
            .iter()
            .rposition(|p| p.kind == PieceColour::Queen)
            .unwrap_or(0);
        return Err(ShotError::Piece {
            index,
            reason: "there is only one Queen".into(),
        });
    }
    for (i, p) in pieces.iter().enumerate() {
        if !(p.x.is_finite() && p.y.is_finite()) || p.x.abs() > lim + 1e-6 || p.y.abs() > lim + 1e-6
        {
            return Err(ShotError::Piece {
                index: i,
                reason: format!("({}, {}) is not on the playing surface", p.x, p.y),
            });
        }
        if let Some(k) = spec
            .board
            .pockets()
            .iter()
            .position(|k| (k.centre() - p.pos()).length() < k.radius)
        {
            return Err(ShotError::Piece {
                index: i,
                reason: format!(
                    "({}, {}) is over the hole of pocket {k} (a piece there has fallen in)",
                    p.x, p.y
                ),
            });
        }
        for (j, q) in pieces[..i].iter().enumerate() {
            // Racked pieces touch; allow rounding, not overlap.
            if (p.pos() - q.pos()).length() < 2.0 * r - 1e-4 {
                return Err(ShotError::Piece {
                    index: i,
                    reason: format!("overlaps pieces[{j}]"),
                });
            }
        }
    }
    Ok(())
}

/// The striker's part of a shot result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StrikerResult {
    pub start: [f32; 2],
    pub end: [f32; 2],
    pub pocketed: bool,
    pub overboard: bool,
    /// Metres travelled.
    pub distance: f32,
}

/// A piece after the shot, in request (or rack) order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceResult {
    pub kind: PieceColour,
    pub x: f32,
    pub y: f32,
    pub pocketed: bool,
    /// Index of the pocket it fell into.
    pub pocket: Option<usize>,
    pub overboard: bool,
}

/// Everything a shot did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShotResult {
    pub striker: StrikerResult,
    pub pieces: Vec<PieceResult>,
    pub events: Vec<Event>,
    pub time: f32,
    pub steps: u32,
    pub finished: bool,
}

impl ShotResult {
    /// The pieces still on the board after the shot, in their order: the layout for the next
    /// stroke before any returned pieces are placed.
    pub fn layout(&self) -> Vec<Piece> {
        self.pieces
            .iter()
            .filter(|p| !p.pocketed && !p.overboard)
            .map(|p| Piece {
                kind: p.kind,
                x: p.x,
                y: p.y,
            })
            .collect()
    }
}

/// Plays `shot` on a board holding `pieces` and simulates it to rest.
pub fn simulate(spec: &Spec, pieces: &[Piece], shot: &Shot) -> Result<ShotResult, ShotError> {
    validate_pieces(spec, pieces)?;
    shot.validate(spec, pieces)?;
    let mut table = Table::new(spec, pieces);
    Ok(play(&mut table, shot))
}

/// Plays `shot` on a prepared table (no validation) and reports the result.
pub fn play(table: &mut Table, shot: &Shot) -> ShotResult {
    let start = shot.striker_at(&table.spec);
    table.place_striker(start, shot.striker_velocity(&table.spec));
    let outcome = table.run_to_rest();
    let striker = table.roster.striker.expect("striker was placed");
    let end = table.bodies[striker.body].translation();
    let pieces = table
        .roster
        .pieces
        .iter()
        .zip(&table.roster.kinds)
        .map(|(m, kind)| {
            let p = table.bodies[m.body].translation();
            PieceResult {
                kind: *kind,
                x: p.x,
                y: p.y,
                pocketed: matches!(m.fate, Fate::Pocketed(_)),
                pocket: match m.fate {
                    Fate::Pocketed(k) => Some(k),
                    _ => None,
                },
                overboard: m.fate == Fate::Overboard,
            }
        })
        .collect();
    ShotResult {
        striker: StrikerResult {
            start: [start.x, start.y],
            end: [end.x, end.y],
            pocketed: matches!(striker.fate, Fate::Pocketed(_)),
            overboard: striker.fate == Fate::Overboard,
            distance: striker.distance,
        },
        pieces,
        events: outcome.events,
        time: outcome.time,
        steps: outcome.steps,
        finished: outcome.finished,
    }
}
