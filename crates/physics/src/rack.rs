//! The opening position (Law 41).

use crate::geometry::{Seat, SeatAxes};
use crate::spec::BoardSpec;
use crate::table::{Piece, PieceColour};
use rapier2d::math::Vector as Vec2;

/// The rack of Law 41(a), oriented to the player who breaks.
///
/// The Queen sits on the centre circle. The first row is six carrom men around her, white and
/// black alternately. In the second row, three whites stand directly behind the three whites of
/// the first row, so that with them they form the "Y" (three spokes of two whites from the
/// Queen); the rest of the second row is filled alternately: the three places behind the first-row
/// blacks are white and the six places between the spokes are black. All pieces touch their
/// neighbours (hexagonal packing), so all are inside the outer circle.
///
/// One spoke of the "Y" points straight at the breaker. Order: Queen, first row, second row.
pub fn opening_rack(spec: &BoardSpec, breaker: Seat) -> Vec<Piece> {
    let d = spec.coin_diameter;
    let towards_breaker = -breaker.forward();
    let base_angle = towards_breaker.y.atan2(towards_breaker.x);
    let at = |radius: f32, angle: f32| {
        let a = base_angle + angle;
        Vec2::new(radius * a.cos(), radius * a.sin())
    };
    let mut pieces = vec![Piece::new(PieceColour::Queen, Vec2::ZERO)];
    let sixty = std::f32::consts::FRAC_PI_3;
    // First row: whites on the spokes (0, 120, 240 degrees from the breaker), blacks between.
    for k in 0..6 {
        let kind = if k % 2 == 0 {
            PieceColour::White
        } else {
            PieceColour::Black
        };
        pieces.push(Piece::new(kind, at(d, k as f32 * sixty)));
    }
    // Second row: the six places straight behind the first row (distance 2d) are white; the six
    // places between them (distance sqrt(3) d, at 30 degrees) are black.
    for k in 0..6 {
        pieces.push(Piece::new(
            PieceColour::White,
            at(2.0 * d, k as f32 * sixty),
        ));
        pieces.push(Piece::new(
            PieceColour::Black,
            at(3f32.sqrt() * d, k as f32 * sixty + sixty * 0.5),
        ));
    }
    pieces
}
