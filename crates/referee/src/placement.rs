//! Where a due/penalty man may be placed (Laws 84, 85, 86, 89(b)).
//!
//! Coordinates are metres with the board centre as the origin.

use thiserror::Error;

/// Radius of the outer circle (17 cm diameter).
pub const OUTER_CIRCLE_RADIUS: f64 = 0.085;
/// Radius of the centre circle (3.18 cm diameter).
pub const CENTRE_CIRCLE_RADIUS: f64 = 0.0159;
/// Radius of a carrom man (and the Queen).
pub const PIECE_RADIUS: f64 = 0.0159;

/// Slack for touching (not overlapping) and for "on the line".
const EPS: f64 = 1e-9;

/// Why a placement is not allowed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum PlacementError {
    #[error("position ({x}, {y}) is not a finite number")]
    NotFinite { x: f64, y: f64 },
    #[error(
        "the man must lie inside the outer circle (Law 84(a), 85): its edge is {:.1} mm outside it; its centre may be at most {:.1} mm from the board centre, but is {:.1} mm",
        (.distance + PIECE_RADIUS - OUTER_CIRCLE_RADIUS) * 1000.0,
        (OUTER_CIRCLE_RADIUS - PIECE_RADIUS) * 1000.0,
        .distance * 1000.0
    )]
    OutsideOuterCircle { distance: f64 },
    #[error(
        "the man must not cover the centre circle, wholly or partly (Law 89(b)): it overlaps it by {:.1} mm; its centre must be at least {:.1} mm from the board centre, but is {:.1} mm",
        (PIECE_RADIUS + CENTRE_CIRCLE_RADIUS - .distance) * 1000.0,
        (PIECE_RADIUS + CENTRE_CIRCLE_RADIUS) * 1000.0,
        .distance * 1000.0
    )]
    CoversCentreCircle { distance: f64 },
    #[error(
        "the man would overlap (disturb) the piece at ({other_x:.4}, {other_y:.4}) by {:.1} mm (Law 86)",
        (2.0 * PIECE_RADIUS - .distance) * 1000.0
    )]
    OverlapsPiece {
        other_x: f64,
        other_y: f64,
        distance: f64,
    },
}

/// Checks a due/penalty man placed at (`x`, `y`): wholly inside the outer circle, not covering
/// the centre circle (touching its line is allowed), and not overlapping any of `others`
/// (positions of pieces already on the board; touching is allowed). Pass `&[]` to skip the
/// overlap check.
pub fn validate_placement(x: f64, y: f64, others: &[(f64, f64)]) -> Result<(), PlacementError> {
    if !x.is_finite() || !y.is_finite() {
        return Err(PlacementError::NotFinite { x, y });
    }
    let distance = x.hypot(y);
    if distance + PIECE_RADIUS > OUTER_CIRCLE_RADIUS + EPS {
        return Err(PlacementError::OutsideOuterCircle { distance });
    }
    if distance < PIECE_RADIUS + CENTRE_CIRCLE_RADIUS - EPS {
        return Err(PlacementError::CoversCentreCircle { distance });
    }
    for &(ox, oy) in others {
        let d = (x - ox).hypot(y - oy);
        if d < 2.0 * PIECE_RADIUS - EPS {
            return Err(PlacementError::OverlapsPiece {
                other_x: ox,
                other_y: oy,
                distance: d,
            });
        }
    }
    Ok(())
}
