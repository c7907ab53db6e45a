//! Where a due/penalty man may be placed (Laws 84, 85, 86, 89(b)).
//!
//! Coordinates are metres with the board centre as the origin.

use thiserror::Error;

/// Radius of the outer circle (17 cm diameter) of the ICF board.
pub const OUTER_CIRCLE_RADIUS: f64 = 0.085;
/// Radius of the centre circle (3.18 cm diameter) of the ICF board.
pub const CENTRE_CIRCLE_RADIUS: f64 = 0.0159;
/// Radius of an ICF carrom man (and the Queen).
pub const PIECE_RADIUS: f64 = 0.0159;

/// Slack for touching (not overlapping) and for "on the line".
const EPS: f64 = 1e-9;

/// The board's circles and the men's size, in metres: what placing a man depends on. The
/// referee knows no physics; the match layer builds this from the board it plays on
/// (`carrom_match::umpire::geometry`), so placing agrees with the umpire's spot and the
/// computer's due spots on a board of any size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    pub outer_circle_radius: f64,
    pub centre_circle_radius: f64,
    pub piece_radius: f64,
}

impl Geometry {
    /// The ICF board and men.
    pub const ICF: Geometry = Geometry {
        outer_circle_radius: OUTER_CIRCLE_RADIUS,
        centre_circle_radius: CENTRE_CIRCLE_RADIUS,
        piece_radius: PIECE_RADIUS,
    };

    /// Checks a due/penalty man placed at (`x`, `y`): wholly inside the outer circle, not
    /// covering the centre circle (touching its line is allowed), and not overlapping any of
    /// `others` (positions of pieces already on the board; touching is allowed). Pass `&[]` to
    /// skip the overlap check.
    pub fn validate_placement(
        &self,
        x: f64,
        y: f64,
        others: &[(f64, f64)],
    ) -> Result<(), PlacementError> {
        if !x.is_finite() || !y.is_finite() {
            return Err(PlacementError::NotFinite { x, y });
        }
        let distance = x.hypot(y);
        let farthest = self.outer_circle_radius - self.piece_radius;
        if distance > farthest + EPS {
            return Err(PlacementError::OutsideOuterCircle { distance, farthest });
        }
        let nearest = self.piece_radius + self.centre_circle_radius;
        if distance < nearest - EPS {
            return Err(PlacementError::CoversCentreCircle { distance, nearest });
        }
        let apart = 2.0 * self.piece_radius;
        for &(ox, oy) in others {
            let d = (x - ox).hypot(y - oy);
            if d < apart - EPS {
                return Err(PlacementError::OverlapsPiece {
                    other_x: ox,
                    other_y: oy,
                    distance: d,
                    apart,
                });
            }
        }
        Ok(())
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::ICF
    }
}

/// Why a placement is not allowed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PlacementError {
    #[error("position ({x}, {y}) is not a finite number")]
    NotFinite { x: f64, y: f64 },
    #[error(
        "the man must lie inside the outer circle (Law 84(a), 85): its edge is {:.1} mm outside it; its centre may be at most {:.1} mm from the board centre, but is {:.1} mm",
        (.distance - .farthest) * 1000.0,
        .farthest * 1000.0,
        .distance * 1000.0
    )]
    OutsideOuterCircle { distance: f64, farthest: f64 },
    #[error(
        "the man must not cover the centre circle, wholly or partly (Law 89(b)): it overlaps it by {:.1} mm; its centre must be at least {:.1} mm from the board centre, but is {:.1} mm",
        (.nearest - .distance) * 1000.0,
        .nearest * 1000.0,
        .distance * 1000.0
    )]
    CoversCentreCircle { distance: f64, nearest: f64 },
    #[error(
        "the man would overlap (disturb) the piece at ({other_x:.4}, {other_y:.4}) by {:.1} mm (Law 86)",
        (.apart - .distance) * 1000.0
    )]
    OverlapsPiece {
        other_x: f64,
        other_y: f64,
        distance: f64,
        apart: f64,
    },
}

/// [`Geometry::validate_placement`] on the ICF board.
pub fn validate_placement(x: f64, y: f64, others: &[(f64, f64)]) -> Result<(), PlacementError> {
    Geometry::ICF.validate_placement(x, y, others)
}
