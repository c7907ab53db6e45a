//! Where things are on the board: seats, base lines, base circles, arrows, pockets, and the
//! striker placement rules.

use crate::spec::BoardSpec;
use rapier2d::math::Vector as Vec2;
use serde::Serialize;

pub use carrom_terms::Seat;

/// Where a seat faces on the board: the origin is the board centre, x east, y north; the player
/// who breaks first in singles sits south.
pub trait SeatAxes {
    /// The direction the player faces: from their base line towards the board centre.
    fn forward(self) -> Vec2;
    /// The direction of the player's right hand, along his base line.
    fn right_hand(self) -> Vec2;
}

impl SeatAxes for Seat {
    fn forward(self) -> Vec2 {
        match self {
            Seat::South => Vec2::new(0.0, 1.0),
            Seat::East => Vec2::new(-1.0, 0.0),
            Seat::North => Vec2::new(0.0, -1.0),
            Seat::West => Vec2::new(1.0, 0.0),
        }
    }

    fn right_hand(self) -> Vec2 {
        let f = self.forward();
        Vec2::new(f.y, -f.x)
    }
}

/// One of the four corner pockets.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Pocket {
    pub name: &'static str,
    pub x: f32,
    pub y: f32,
    pub radius: f32,
}

impl Pocket {
    pub fn centre(&self) -> Vec2 {
        Vec2::new(self.x, self.y)
    }
}

/// Why a striker may not be played from where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    #[error("the striker must touch both base lines (Law 130(a))")]
    NotTouchingBothBaseLines,
    #[error("the striker is beyond the end of the base line (Law 130(a))")]
    BeyondBaseLine,
    #[error(
        "the striker covers the base circle only partly (\"cutting the moon\"); it must cover it fully (Law 130(b))"
    )]
    CuttingBaseCircle,
    #[error("the striker touches an arrow (Law 130(b))")]
    TouchingArrow,
    #[error("the striker overlaps piece {0}")]
    OverlapsPiece(usize),
    #[error("the striker is outside the playing surface")]
    OffTheBoard,
}

/// Tolerance for "exactly touching": a gap smaller than this counts as touching.
pub const TOUCH_EPS: f32 = 1e-6;

impl BoardSpec {
    pub fn half(&self) -> f32 {
        self.playing_surface * 0.5
    }
    pub fn coin_radius(&self) -> f32 {
        self.coin_diameter * 0.5
    }
    pub fn striker_radius(&self) -> f32 {
        self.striker_diameter * 0.5
    }
    pub fn pocket_radius(&self) -> f32 {
        self.pocket_diameter * 0.5
    }
    pub fn base_circle_radius(&self) -> f32 {
        self.base_circle_diameter * 0.5
    }
    pub fn centre_circle_radius(&self) -> f32 {
        self.centre_circle_diameter * 0.5
    }
    pub fn outer_circle_radius(&self) -> f32 {
        self.outer_circle_diameter * 0.5
    }

    /// Distance from the board centre to the outer base line of each seat.
    pub fn outer_line_offset(&self) -> f32 {
        self.half() - self.base_line_distance
    }
    /// Distance from the board centre to the inner base line of each seat.
    pub fn inner_line_offset(&self) -> f32 {
        self.outer_line_offset() - self.base_line_gap
    }
    /// Distance from the board centre to the middle of the two base lines, where the striker is
    /// normally placed (and where the base circle centres are).
    pub fn base_line_offset(&self) -> f32 {
        self.outer_line_offset() - 0.5 * self.base_line_gap
    }
    /// Offset of each base circle's centre from the middle of its base line.
    pub fn base_circle_along(&self) -> f32 {
        0.5 * self.base_line_length - self.base_circle_radius()
    }

    /// The pockets, counter-clockwise from the south-west corner. Each pocket is a circle
    /// touching both frame sides of its corner.
    pub fn pockets(&self) -> [Pocket; 4] {
        let c = self.half() - self.pocket_radius();
        let r = self.pocket_radius();
        [
            Pocket {
                name: "south_west",
                x: -c,
                y: -c,
                radius: r,
            },
            Pocket {
                name: "south_east",
                x: c,
                y: -c,
                radius: r,
            },
            Pocket {
                name: "north_east",
                x: c,
                y: c,
                radius: r,
            },
            Pocket {
                name: "north_west",
                x: -c,
                y: c,
                radius: r,
            },
        ]
    }

    /// The four arrows as segments (pocket end, centre end), in pocket order.
    pub fn arrows(&self) -> [(Vec2, Vec2); 4] {
        self.pockets().map(|p| {
            let c = p.centre();
            let towards_centre = -c.normalize();
            let start = c + towards_centre * (p.radius + self.arrow_pocket_gap);
            (start, start + towards_centre * self.arrow_length)
        })
    }

    /// The centres of the two base circles of a seat (the player's left one first).
    pub fn base_circles(&self, seat: Seat) -> [Vec2; 2] {
        let mid = -seat.forward() * self.base_line_offset();
        let along = seat.right_hand() * self.base_circle_along();
        [mid - along, mid + along]
    }

    /// The striker centre for a shot's `position` (-1..1 along the base line in units of half
    /// its length, -1 = the player's left), on the middle of the two base lines.
    pub fn striker_spot(&self, seat: Seat, position: f32) -> Vec2 {
        -seat.forward() * self.base_line_offset()
            + seat.right_hand() * (position * 0.5 * self.base_line_length)
    }

    /// Is `centre` a legal place for the striker of `seat` (Law 130)? `pieces` are the centres
    /// and radii of the pieces on the board.
    pub fn check_striker_placement(
        &self,
        seat: Seat,
        centre: Vec2,
        pieces: impl IntoIterator<Item = (Vec2, f32)>,
    ) -> Result<(), PlacementError> {
        let rs = self.striker_radius();
        if !(centre.x.is_finite() && centre.y.is_finite())
            || centre.x.abs() > self.half() - rs
            || centre.y.abs() > self.half() - rs
        {
            return Err(PlacementError::OffTheBoard);
        }
        // Distance of the striker centre behind the board centre, towards the player.
        let across = centre.dot(-seat.forward());
        let along = centre.dot(seat.right_hand());
        // Law 130(a): the striker touches both base lines.
        let touches_outer = (across - self.outer_line_offset()).abs() <= rs + TOUCH_EPS;
        let touches_inner = (across - self.inner_line_offset()).abs() <= rs + TOUCH_EPS;
        if !(touches_outer && touches_inner) {
            return Err(PlacementError::NotTouchingBothBaseLines);
        }
        // Law 130(b): on a base circle, cover it fully ("cutting the moon" is illegal).
        let rc = self.base_circle_radius();
        let mut on_circle = false;
        for circle in self.base_circles(seat) {
            let d = (centre - circle).length();
            if d < rs + rc - TOUCH_EPS {
                if d + rc > rs + TOUCH_EPS {
                    return Err(PlacementError::CuttingBaseCircle);
                }
                on_circle = true;
            }
        }
        if !on_circle && along.abs() > self.base_circle_along() {
            return Err(PlacementError::BeyondBaseLine);
        }
        // Law 130(b): never touch an arrow.
        for (a, b) in self.arrows() {
            if distance_to_segment(centre, a, b) <= rs + TOUCH_EPS {
                return Err(PlacementError::TouchingArrow);
            }
        }
        for (i, (p, r)) in pieces.into_iter().enumerate() {
            if (p - centre).length() < rs + r - TOUCH_EPS {
                return Err(PlacementError::OverlapsPiece(i));
            }
        }
        Ok(())
    }

    /// The legal intervals of `position` (-1..1) along a seat's base line on an empty board,
    /// sampled every `step`. Used by the AI and the game to snap a placement.
    pub fn is_legal_position(&self, seat: Seat, position: f32) -> bool {
        self.check_striker_placement(seat, self.striker_spot(seat, position), [])
            .is_ok()
    }
}

/// Shortest distance from `p` to the segment `a`-`b`.
pub fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
    (p - (a + ab * t)).length()
}
