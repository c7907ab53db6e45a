//! A striker that misses the man it was to strike: which side of him its line passed, and
//! whether that is too thin or too thick, as a player would say it.

use carrom_ai::geom::angle_of;
use carrom_physics::{Shot, Spec, Vec2};
use carrom_trainer::{Drill, DrillKind, MissWay, Scored, Side, score};

/// The side of the man `d`'s demonstration passes (its line meets him on that side).
fn contact_side(spec: &Spec, d: &Drill) -> Side {
    side_of(spec, d, &d.demonstration)
}

/// The side of the first man to strike that `shot`'s line passes, as the player sees it.
fn side_of(spec: &Spec, d: &Drill, shot: &Shot) -> Side {
    let p = first_man(d);
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    // The man on the line's left: the line passes to his right.
    if u.x * (p.y - s.y) - u.y * (p.x - s.x) > 0.0 {
        Side::Right
    } else {
        Side::Left
    }
}

/// How far from the first man's centre the demonstration's line passes (metres): 0 is full.
fn off_full(spec: &Spec, d: &Drill) -> f32 {
    let p = first_man(d);
    let shot = d.demonstration;
    let s = shot.striker_at(spec);
    let u = shot.striker_velocity(spec).normalize();
    (u.x * (p.y - s.y) - u.y * (p.x - s.x)).abs()
}

fn first_man(d: &Drill) -> Vec2 {
    d.position.pieces[d.object.unwrap_or(d.target.unwrap().piece)].pos()
}

/// The drill's demonstration turned to pass `cm` outside the first man (edge to edge) on
/// `side`; `None` when the man is too near for that.
fn passing(spec: &Spec, d: &Drill, side: Side, cm: f32) -> Option<Shot> {
    let b = &spec.board;
    let reach = b.striker_radius() + b.coin_radius();
    let s = d.demonstration.striker_at(spec);
    let to = first_man(d) - s;
    let off = reach + cm / 100.0;
    if off >= to.length() {
        return None;
    }
    let turn = (off / to.length()).asin().to_degrees();
    // Counter-clockwise turns the line to the left of the man.
    let sign = match side {
        Side::Left => 1.0,
        Side::Right => -1.0,
    };
    let shot = Shot {
        angle_deg: angle_of(d.position.seat, to) + sign * turn,
        ..d.demonstration
    };
    assert_eq!(side_of(spec, d, &shot), side);
    Some(shot)
}

fn other(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

fn word(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}

/// On every drill of one man struck, a line 2 or 10 cm outside him: on the side the striker
/// should meet him it is too thin, on his far side too thick (a straight shot has no far
/// side: too thin either way); the words name the side the line passed and by how much.
#[test]
fn a_line_wide_of_the_man_is_thin_on_the_contact_side_and_thick_on_the_far_side() {
    let spec = Spec::default();
    let (mut read, mut thick) = (0, 0);
    let one_man = |k: &DrillKind| !matches!(k, DrillKind::QueenAndCover | DrillKind::Break);
    for kind in DrillKind::ALL.into_iter().filter(one_man) {
        for seed in 0..4 {
            let d = Drill::new(&spec, kind, 1, seed).unwrap();
            let thin = contact_side(&spec, &d);
            let full = off_full(&spec, &d);
            for side in [Side::Left, Side::Right] {
                for cm in [2.0, 10.0] {
                    let Some(shot) = passing(&spec, &d, side, cm) else {
                        continue;
                    };
                    let s = score(&spec, &d, &shot).unwrap();
                    let Scored::Missed {
                        way,
                        by,
                        touched,
                        side: passed,
                    } = s.scored
                    else {
                        // The striker in a pocket on the way: a foul, scored as one.
                        assert!(s.words.starts_with("Foul: "), "{}", s.words);
                        continue;
                    };
                    let why = format!("{kind:?} seed {seed}, {cm} cm {side:?}: {}", s.words);
                    assert!(!touched, "{why}");
                    assert_eq!(passed, Some(side), "{why}");
                    assert!((by - cm).abs() < 0.1, "{why}");
                    let expected = match full {
                        // A straight shot (met within 2 mm of full) is too thin either side.
                        _ if side == thin || full < 0.001 => MissWay::TooThin,
                        _ if full > 0.003 => MissWay::TooThick,
                        // Too near the 2 mm between them to say.
                        _ => continue,
                    };
                    assert_eq!(way, Some(expected), "{why}");
                    let how = if expected == MissWay::TooThin {
                        "too thin"
                    } else {
                        "too thick"
                    };
                    let said = format!(
                        "Missed the white man: {how} — the line passed {cm:.1} cm to the {} of him",
                        word(side)
                    );
                    assert!(s.words.starts_with(&said), "{why}");
                    read += 1;
                    thick += usize::from(expected == MissWay::TooThick);
                }
            }
        }
    }
    assert!(
        read >= 60 && thick >= 15,
        "{read} misses read, {thick} too thick"
    );
}

/// A 60-degree cut missed on the man's far side, by a little and by a lot: too thick both
/// times, with the side it passed and the distance; the same miss on the near side is too
/// thin.
#[test]
fn a_cut_missed_on_the_far_side_is_too_thick_by_a_little_and_by_a_lot() {
    let spec = Spec::default();
    let mut seen = 0;
    for seed in 0..6 {
        let d = Drill::new(&spec, DrillKind::Cut60, 1, seed).unwrap();
        let near = contact_side(&spec, &d);
        let far = other(near);
        let shots = [2.0, 33.5].map(|cm| passing(&spec, &d, far, cm));
        let [Some(little), Some(lot)] = shots else {
            continue;
        };
        let little = score(&spec, &d, &little).unwrap();
        let lot = score(&spec, &d, &lot).unwrap();
        if [&little, &lot].iter().any(|s| s.words.starts_with("Foul")) {
            continue;
        }
        let side = word(far);
        assert_eq!(
            little.words,
            format!(
                "Missed the white man: too thick — the line passed 2.0 cm to the {side} of him, on the wrong side for the cut"
            )
        );
        assert_eq!(
            lot.words,
            format!(
                "Missed the white man: too thick — the line passed 33.5 cm to the {side} of him, on the wrong side for the cut"
            )
        );
        let thin = score(&spec, &d, &passing(&spec, &d, near, 33.5).unwrap()).unwrap();
        assert_eq!(
            thin.words,
            format!(
                "Missed the white man: too thin — the line passed 33.5 cm to the {} of him",
                word(near)
            )
        );
        seen += 1;
    }
    assert!(seen >= 2, "only {seen} drills read");
}
