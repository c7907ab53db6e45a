//! Striker placement: Law 130 and the base-circle rule.

use carrom_physics::geometry::distance_to_segment;
use carrom_physics::{PlacementError, Seat, Spec, Vec2};

fn spec() -> Spec {
    Spec::default()
}

fn check(seat: Seat, at: Vec2) -> Result<(), PlacementError> {
    spec().board.check_striker_placement(seat, at, [])
}

#[test]
fn law_130a_the_striker_in_the_middle_of_the_base_lines_is_legal_for_every_seat() {
    let b = spec().board;
    for seat in Seat::ALL {
        assert_eq!(check(seat, b.striker_spot(seat, 0.0)), Ok(()));
        assert_eq!(check(seat, b.striker_spot(seat, 0.7)), Ok(()));
        assert_eq!(check(seat, b.striker_spot(seat, -0.7)), Ok(()));
    }
}

#[test]
fn law_130a_the_striker_must_touch_both_base_lines() {
    let b = spec().board;
    let rs = b.striker_radius();
    let seat = Seat::South;
    // Touching the outer line only: centre more than a radius behind the inner line.
    let behind = Vec2::new(0.0, -(b.inner_line_offset() + rs + 0.001));
    assert_eq!(
        check(seat, behind),
        Err(PlacementError::NotTouchingBothBaseLines)
    );
    // Exactly touching the inner line with the outer line under the striker: legal.
    let just = Vec2::new(0.0, -(b.inner_line_offset() + rs));
    assert_eq!(check(seat, just), Ok(()));
    let forward = Vec2::new(0.0, -(b.outer_line_offset() - rs - 0.001));
    assert_eq!(
        check(seat, forward),
        Err(PlacementError::NotTouchingBothBaseLines)
    );
}

#[test]
fn law_130b_a_striker_covering_the_base_circle_fully_is_legal() {
    let b = spec().board;
    for seat in Seat::ALL {
        for circle in b.base_circles(seat) {
            assert_eq!(check(seat, circle), Ok(()), "{seat:?}");
        }
    }
}

#[test]
fn law_130b_half_on_a_base_circle_is_cutting_the_moon() {
    let b = spec().board;
    let seat = Seat::South;
    let [left, right] = b.base_circles(seat);
    // Half on: the striker's edge at the circle's centre.
    let half_on = right - Vec2::new(b.striker_radius(), 0.0);
    assert_eq!(check(seat, half_on), Err(PlacementError::CuttingBaseCircle));
    let half_on = left + Vec2::new(b.striker_radius(), 0.0);
    assert_eq!(check(seat, half_on), Err(PlacementError::CuttingBaseCircle));
    // Just clear of the circle: legal.
    let clear = right - Vec2::new(b.striker_radius() + b.base_circle_radius() + 1e-4, 0.0);
    assert_eq!(check(seat, clear), Ok(()));
    // Exactly touching the circle from outside: not on it, legal.
    let touching = right - Vec2::new(b.striker_radius() + b.base_circle_radius(), 0.0);
    assert_eq!(check(seat, touching), Ok(()));
    // Past the circle, beyond the line's end.
    let beyond = right + Vec2::new(b.striker_radius() + b.base_circle_radius() + 1e-3, 0.0);
    assert!(check(seat, beyond).is_err());
}

#[test]
fn law_130b_the_striker_may_not_touch_an_arrow_even_exactly() {
    let b = spec().board;
    let seat = Seat::South;
    let rs = b.striker_radius();
    let right_circle = b.base_circles(seat)[1];
    // The south-east arrow.
    let (a, z) = b.arrows()[1];
    // Slide the striker from the circle's centre towards the arrow, along the base line, to
    // the exact point where it touches the arrow line.
    let d0 = distance_to_segment(right_circle, a, z);
    assert!(
        d0 > rs,
        "the striker centred on the base circle clears the arrow"
    );
    let mut lo = 0.0f32;
    let mut hi = 0.02f32;
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if distance_to_segment(right_circle + Vec2::new(mid, 0.0), a, z) > rs {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let touching = right_circle + Vec2::new(hi, 0.0);
    assert!((distance_to_segment(touching, a, z) - rs).abs() < 1e-6);
    // Still covering the base circle fully (the covering range is wider than this offset).
    assert!(hi <= b.striker_radius() - b.base_circle_radius());
    assert_eq!(check(seat, touching), Err(PlacementError::TouchingArrow));
    let clear = right_circle + Vec2::new(lo - 1e-4, 0.0);
    assert_eq!(check(seat, clear), Ok(()));
}

#[test]
fn the_striker_may_not_overlap_a_piece_but_may_touch_it() {
    let b = spec().board;
    let seat = Seat::South;
    let at = b.striker_spot(seat, 0.0);
    let gap = b.striker_radius() + b.coin_radius();
    let on = [(at + Vec2::new(gap * 0.5, 0.0), b.coin_radius())];
    assert_eq!(
        b.check_striker_placement(seat, at, on),
        Err(PlacementError::OverlapsPiece(0))
    );
    let touching = [(at + Vec2::new(gap, 0.0), b.coin_radius())];
    assert_eq!(b.check_striker_placement(seat, at, touching), Ok(()));
}

#[test]
fn the_legal_positions_along_a_base_line_are_the_line_and_the_covered_circles() {
    let b = spec().board;
    let legal: Vec<bool> = (0..=200)
        .map(|i| b.is_legal_position(Seat::East, -1.0 + i as f32 * 0.01))
        .collect();
    assert!(legal[100], "the middle");
    assert!(
        !legal[0] && !legal[200],
        "the ends are past the base circles"
    );
    // Covering the right base circle fully: centre within (rs - rc) of the circle centre.
    let circle_pos = b.base_circle_along() / (0.5 * b.base_line_length);
    let i = (100.0 + circle_pos * 100.0).round() as usize;
    assert!(legal[i], "on the base circle");
    // And partly on it is illegal, between the clear part and the covering part.
    let rim = (b.base_circle_along() - b.base_circle_radius()) / (0.5 * b.base_line_length);
    let j = (100.0 + rim * 100.0).round() as usize;
    assert!(!legal[j], "cutting the moon");
}
