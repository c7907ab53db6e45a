//! Scoring a stroke: each verdict on strokes made for it.

use carrom_ai::geom::angle_of;
use carrom_physics::{Seat, Shot, Spec};
use carrom_trainer::{Drill, DrillKind, MissWay, QueenAt, Scored, Stage, score};

/// The direction (+1 or -1, degrees counter-clockwise) that turns the demonstration's line
/// away from the centre of the piece it strikes: thinner.
fn thinner(spec: &Spec, d: &Drill) -> f32 {
    let shot = d.demonstration;
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    let p = d.position.pieces[d.object.unwrap_or(d.target.unwrap().piece)].pos();
    let offset = u.x * (p.y - s.y) - u.y * (p.x - s.x);
    -offset.signum()
}

fn turned(d: &Drill, deg: f32) -> Shot {
    Shot {
        angle_deg: d.demonstration.angle_deg + deg,
        ..d.demonstration
    }
}

#[test]
fn a_cut_aimed_too_fine_is_scored_too_thin_and_too_full_too_thick() {
    let spec = Spec::default();
    for kind in [DrillKind::Cut30, DrillKind::Cut60] {
        for seed in 0..5 {
            let d = Drill::new(&spec, kind, 1, seed).unwrap();
            let thin = thinner(&spec, &d);
            // Just outside the directions that pocket him.
            let off = d.window_deg / 2.0 + 1.0;
            let s = score(&spec, &d, &turned(&d, thin * off)).unwrap();
            assert_eq!(
                s.scored.way(),
                Some(MissWay::TooThin),
                "{kind:?} {seed}: {}",
                s.words
            );
            assert!(s.words.contains("too thin"), "{}", s.words);
            let s = score(&spec, &d, &turned(&d, -thin * off)).unwrap();
            assert_eq!(
                s.scored.way(),
                Some(MissWay::TooThick),
                "{kind:?} {seed}: {}",
                s.words
            );
        }
    }
}

/// How much is said: the further off the line, the wider of the pocket.
#[test]
fn a_miss_further_off_the_line_is_wider_of_the_pocket() {
    let spec = Spec::default();
    let d = Drill::new(&spec, DrillKind::Cut30, 1, 2).unwrap();
    let thick = -thinner(&spec, &d);
    let edge = d.window_deg / 2.0;
    let by = |deg: f32| match score(&spec, &d, &turned(&d, thick * (edge + deg)))
        .unwrap()
        .scored
    {
        Scored::Missed { by, touched, .. } => {
            assert!(touched);
            by
        }
        other => panic!("{other:?}"),
    };
    assert!(by(2.0) > by(1.0), "{} {}", by(2.0), by(1.0));
}

#[test]
fn a_stroke_on_line_without_the_pace_is_scored_too_soft() {
    let spec = Spec::default();
    for kind in [
        DrillKind::StraightCut,
        DrillKind::Cut30,
        DrillKind::QueenAndCover,
    ] {
        for seed in 0..3 {
            let d = Drill::new(&spec, kind, 2, seed).unwrap();
            let mut shot = d.demonstration;
            shot.power *= 0.55;
            let s = score(&spec, &d, &shot).unwrap();
            assert_eq!(
                s.scored.way(),
                Some(MissWay::TooSoft),
                "{kind:?} {seed}: {}",
                s.words
            );
        }
    }
}

/// At full power a man whose line grazes the pocket's jaws comes off them: too hard. The same
/// line at the drill's own pace is not called too hard.
#[test]
fn a_full_power_stroke_onto_the_jaws_is_scored_too_hard() {
    let spec = Spec::default();
    let mut found = 0;
    for seed in 1..=3 {
        let d = Drill::new(&spec, DrillKind::StraightCut, 1, seed).unwrap();
        for j in -40..=40 {
            let mut shot = turned(&d, j as f32 * 0.1);
            shot.power = 1.0;
            let s = score(&spec, &d, &shot).unwrap();
            if s.scored.way() == Some(MissWay::TooHard) {
                found += 1;
                assert!(s.words.contains("too hard"), "{}", s.words);
                shot.power = d.demonstration.power;
                let slow = score(&spec, &d, &shot).unwrap();
                assert_ne!(slow.scored.way(), Some(MissWay::TooHard), "{}", slow.words);
            }
        }
    }
    assert!(found > 0, "no full-power stroke came off the jaws");
}

/// The striker sent into a pocket is a foul, and the verdict names the Law (72: the striker
/// pocketed).
#[test]
fn the_striker_into_a_pocket_is_a_foul_naming_its_law() {
    let spec = Spec::default();
    let d = Drill::new(&spec, DrillKind::Cut30, 1, 1).unwrap();
    let pocket = spec.board.pockets()[0].centre(); // south-west, behind the base line
    let position = -0.5;
    let s = spec.board.striker_spot(Seat::South, position);
    let shot = Shot {
        seat: Seat::South,
        position,
        angle_deg: angle_of(Seat::South, pocket - s),
        power: 0.3,
    };
    let scored = score(&spec, &d, &shot).unwrap();
    match &scored.scored {
        Scored::Foul { law, ruling } => {
            assert!(law.starts_with("72"), "{law}: {ruling}");
            assert!(ruling.contains(&format!("(Law {law})")), "{ruling}");
        }
        other => panic!("{other:?}"),
    }
    assert!(scored.words.starts_with("Foul: "), "{}", scored.words);
}

/// The Queen's drill is two strokes: the Queen, then her cover from where the pieces came to
/// rest; the attempt is over only after the cover.
#[test]
fn the_queen_goes_in_then_her_cover_is_set_and_scored() {
    let spec = Spec::default();
    for seed in 0..3 {
        let d = Drill::new(&spec, DrillKind::QueenAndCover, 1, seed).unwrap();
        let s = score(&spec, &d, &d.demonstration).unwrap();
        assert!(s.scored.is_in());
        assert!(!s.attempt_over());
        let cover = s.next.expect("a cover is set after the Queen");
        assert_eq!(cover.stage, Stage::Cover);
        assert_eq!(cover.position.queen, QueenAt::AwaitingCover);
        assert!(cover.task.starts_with("Cover the Queen"), "{}", cover.task);
        let c = score(&spec, &cover, &cover.demonstration).unwrap();
        assert!(c.scored.is_in(), "{}", c.words);
        assert!(c.attempt_over());
        let mut soft = cover.demonstration;
        soft.power *= 0.4;
        let c = score(&spec, &cover, &soft).unwrap();
        assert!(!c.scored.is_in() && c.attempt_over());
    }
}

#[test]
fn a_soft_break_is_missed_too_soft() {
    let spec = Spec::default();
    let d = Drill::new(&spec, DrillKind::Break, 2, 0).unwrap();
    let shot = Shot {
        power: 0.3,
        ..d.demonstration
    };
    let s = score(&spec, &d, &shot).unwrap();
    assert_eq!(s.scored.way(), Some(MissWay::TooSoft), "{}", s.words);
}

#[test]
fn a_stroke_that_cannot_be_played_is_an_error_naming_its_field() {
    let spec = Spec::default();
    let d = Drill::new(&spec, DrillKind::Cut30, 1, 1).unwrap();
    let bad = Shot {
        power: 1.5,
        ..d.demonstration
    };
    let e = score(&spec, &d, &bad).unwrap_err();
    assert!(e.to_string().starts_with("shot.power"), "{e}");
    let north = Shot {
        seat: Seat::North,
        ..d.demonstration
    };
    assert!(
        score(&spec, &d, &north)
            .unwrap_err()
            .to_string()
            .starts_with("shot.seat")
    );
}
