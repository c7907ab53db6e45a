//! A shot's paths as the hint and the review draw them.

use carrom_physics::{Piece, PieceColour, Seat, Shot, Spec, simulate, trace};

#[test]
fn a_pot_is_traced_from_the_striker_to_the_man_and_from_the_man_to_his_pocket() {
    let spec = Spec::default();
    let b = &spec.board;
    let striker = b.striker_spot(Seat::South, 0.3);
    let pocket = b.pockets()[2].centre();
    let coin = striker + (pocket - striker) * 0.45;
    let dir = (pocket - striker).normalize();
    let shot = Shot {
        seat: Seat::South,
        position: 0.3,
        angle_deg: (-dir.x).atan2(dir.y).to_degrees(),
        power: 0.5,
    };
    let pieces = [Piece::new(PieceColour::Black, coin)];
    let t = trace(&spec, &pieces, &shot).unwrap();
    assert_eq!(
        t.striker.len(),
        2,
        "no cushion before the man: {:?}",
        t.striker
    );
    assert!(t.striker[0].distance(striker) < 1e-6);
    let meet = coin - dir * (b.striker_radius() + b.coin_radius());
    assert!(
        t.striker[1].distance(meet) < 0.01,
        "{:?} vs {meet:?}",
        t.striker[1]
    );
    let (i, path) = t.target.clone().expect("the man is met");
    assert_eq!(i, 0);
    assert!(path[0].distance(coin) < 0.01);
    assert_eq!(path.last().copied(), Some(pocket));
    assert_eq!(t.pocket, Some(2));
    let played = simulate(&spec, &pieces, &shot).unwrap();
    assert_eq!(
        played.pieces[0].pocket, t.pocket,
        "the trace is the shot played"
    );
}

#[test]
fn a_striker_that_meets_nothing_turns_at_each_cushion_and_ends_where_it_stops() {
    let spec = Spec::default();
    let half = spec.board.half();
    let reach = half - spec.board.striker_radius();
    let shot = Shot {
        seat: Seat::South,
        position: -0.2,
        angle_deg: 30.0,
        power: 0.9,
    };
    let t = trace(&spec, &[], &shot).unwrap();
    assert!(t.target.is_none());
    let corners = &t.striker[1..t.striker.len() - 1];
    assert!(
        corners.len() >= 2,
        "a long shot meets cushions: {:?}",
        t.striker
    );
    for c in corners {
        let off = (reach - c.x.abs()).min(reach - c.y.abs());
        assert!(off.abs() < 0.01, "a turn at a cushion: {c:?} ({off} m off)");
    }
    let end = simulate(&spec, &[], &shot).unwrap().striker.end;
    let last = t.striker.last().unwrap();
    assert!((last.x - end[0]).abs() < 1e-6 && (last.y - end[1]).abs() < 1e-6);
}
