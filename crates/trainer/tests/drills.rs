//! Drills: every kind at every level sets a legal position from a seed, with its task and its
//! target, that the stroke it demonstrates makes; another seed, another position.

use carrom_physics::shot::validate_pieces;
use carrom_physics::{PieceColour, Spec};
use carrom_trainer::{Drill, DrillKind, LEVELS, QueenAt, Stage, score};

#[test]
fn every_drill_at_every_level_sets_a_legal_position_its_demonstration_makes() {
    let spec = Spec::default();
    for kind in DrillKind::ALL {
        if kind == DrillKind::Break {
            continue;
        }
        for level in 1..=LEVELS {
            for seed in 0..3 {
                let d = Drill::new(&spec, kind, level, seed).unwrap();
                assert_eq!((d.kind, d.level, d.stage), (kind, level, Stage::First));
                validate_pieces(&spec, &d.position.pieces).unwrap();
                d.demonstration
                    .validate(&spec, &d.position.pieces)
                    .unwrap_or_else(|e| panic!("{kind:?} {level} {seed}: {e}"));
                let t = d.target.expect("a drill other than the break has a target");
                let piece = d.position.pieces[t.piece];
                let expected = if kind == DrillKind::QueenAndCover {
                    PieceColour::Queen
                } else {
                    PieceColour::White
                };
                assert_eq!(piece.kind, expected, "{kind:?}");
                let pocket = spec.board.pockets()[t.pocket].name.replace('_', "-");
                assert!(d.task.contains(&pocket), "{}: {pocket}", d.task);
                assert!(d.window_deg >= 0.6, "{kind:?} {level} {seed}");
                let s = score(&spec, &d, &d.demonstration).unwrap();
                assert!(s.scored.is_in(), "{kind:?} {level} {seed}: {}", s.words);
                assert_eq!(s.words, "In!");
            }
        }
    }
}

#[test]
fn the_same_seed_sets_the_same_drill_and_another_seed_another_position() {
    let spec = Spec::default();
    for kind in DrillKind::ALL {
        let a = Drill::new(&spec, kind, 2, 7).unwrap();
        assert_eq!(a, Drill::new(&spec, kind, 2, 7).unwrap());
        if kind != DrillKind::Break {
            let b = Drill::new(&spec, kind, 2, 8).unwrap();
            assert_ne!(a.position, b.position, "{kind:?}");
        }
    }
}

/// Higher levels put the target further from its pocket, and from level 3 men near the lines.
#[test]
fn levels_set_the_target_further_and_add_men_near_the_lines() {
    let spec = Spec::default();
    for kind in [DrillKind::StraightCut, DrillKind::Cut30, DrillKind::Cut60] {
        for seed in 0..4 {
            let far = |level| {
                let d = Drill::new(&spec, kind, level, seed).unwrap();
                let aim = d.aim.unwrap();
                (aim.length, d.position.pieces.len())
            };
            let (l1, n1) = far(1);
            let (l4, n4) = far(4);
            assert!(l1 < 0.17 && l4 > 0.3, "{kind:?} {seed}: {l1} {l4}");
            assert!(n4 > n1, "{kind:?} {seed}");
        }
    }
}

#[test]
fn the_break_is_the_opening_rack_and_asks_more_pieces_at_higher_levels() {
    let spec = Spec::default();
    let d1 = Drill::new(&spec, DrillKind::Break, 1, 0).unwrap();
    let d4 = Drill::new(&spec, DrillKind::Break, 4, 0).unwrap();
    assert_eq!(d1.position.pieces.len(), 19);
    assert_eq!(d1.position.queen, QueenAt::OnBoard);
    assert!(!d1.referee().break_made());
    assert!(d4.pieces_needed > d1.pieces_needed);
    assert_eq!(d1.task, "Break: pocket any piece");
}

/// The position serialises as the request `carrom hint` reads.
#[test]
fn a_drills_position_is_a_hint_request() {
    let spec = Spec::default();
    let d = Drill::new(&spec, DrillKind::Cut30, 1, 3).unwrap();
    let v = serde_json::to_value(&d.position).unwrap();
    assert_eq!(v["rules"], "icf");
    assert_eq!(v["seat"], "south");
    assert_eq!(v["colour"], "white");
    assert_eq!(v["queen"], "covered_by_black");
    assert!(v["pieces"][0]["x"].is_number());
}

mod invariants {
    use carrom_physics::Spec;
    use carrom_physics::shot::validate_pieces;
    use carrom_trainer::{Drill, DrillKind, score};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Any seed, any kind but the break, any level: a legal position with men of both
        /// colours, and its demonstration makes it.
        #[test]
        fn any_seed_sets_a_drill_its_demonstration_makes(
            seed in any::<u64>(), k in 0..8usize, level in 1..=4u8
        ) {
            let spec = Spec::default();
            let d = Drill::new(&spec, DrillKind::ALL[k], level, seed).unwrap();
            prop_assert!(validate_pieces(&spec, &d.position.pieces).is_ok());
            prop_assert!(d.position.referee().is_some());
            let s = score(&spec, &d, &d.demonstration).unwrap();
            prop_assert!(s.scored.is_in(), "{:?} {} {}: {}", d.kind, level, seed, s.words);
        }
    }
}

/// A drill that cannot be set on a board says so (its name and level), never panics; the
/// break is set on every board; the coach's table, which draws every drill, is refused.
#[test]
fn a_drill_the_board_leaves_no_room_for_is_an_error_not_a_panic() {
    let spec = Spec::dead_board();
    let e = Drill::new(&spec, DrillKind::OffACushion, 1, 0).unwrap_err();
    assert_eq!(
        e,
        carrom_trainer::NoPosition {
            kind: DrillKind::OffACushion,
            level: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "A man off a cushion: no position at level 1 fits this board (64 seeds tried): the \
         board's spec leaves no room for the drill"
    );
    let b = Drill::the_break(&spec, 9, 0);
    assert_eq!((b.kind, b.level), (DrillKind::Break, LEVELS));
    assert_eq!(b, Drill::new(&spec, DrillKind::Break, 9, 0).unwrap());
    let refused = carrom_trainer::reliability::measure(&spec, 6, 1, 1, |_, _, _| {});
    assert_eq!(refused.unwrap_err().kind, DrillKind::OffACushion);
}
