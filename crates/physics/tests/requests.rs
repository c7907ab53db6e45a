//! What `simulate` accepts: a shot's numbers and the pieces' places.

use carrom_physics::shot::validate_pieces;
use carrom_physics::{Piece, PieceColour, Seat, Shot, ShotError, Spec, simulate};

fn shot(angle_deg: f32) -> Shot {
    Shot {
        seat: Seat::South,
        position: 0.0,
        angle_deg,
        power: 0.5,
    }
}

#[test]
fn the_direction_is_within_a_turn_either_way() {
    let spec = Spec::default();
    for ok in [-360.0, -180.0, 0.0, 179.5, 360.0] {
        assert!(simulate(&spec, &[], &shot(ok)).is_ok(), "{ok}");
    }
    for bad in [360.01, -361.0, 1e30, f32::INFINITY, f32::NAN] {
        let err = simulate(&spec, &[], &shot(bad)).unwrap_err();
        assert!(matches!(err, ShotError::Angle(_)), "{bad}: {err}");
        assert!(err.to_string().contains("-360..360"), "{err}");
    }
}

#[test]
fn a_piece_over_a_pocket_hole_is_refused_and_one_beside_it_is_not() {
    let spec = Spec::default();
    for (k, pocket) in spec.board.pockets().iter().enumerate() {
        let towards_centre = -pocket.centre().normalize();
        let over = pocket.centre() + towards_centre * (0.9 * pocket.radius);
        let beside = pocket.centre() + towards_centre * (1.1 * pocket.radius);
        let err = validate_pieces(&spec, &[Piece::new(PieceColour::White, over)]).unwrap_err();
        assert!(
            err.to_string().starts_with("pieces[0]: ")
                && err.to_string().contains(&format!("pocket {k}")),
            "{err}"
        );
        assert_eq!(
            validate_pieces(&spec, &[Piece::new(PieceColour::Black, beside)]),
            Ok(())
        );
    }
}
