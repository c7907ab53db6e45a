//! The coach in a drill shows a shot that does the drill's task: taken as it is shown (no
//! hand's noise), the trainer scores it in.

use carrom_ai::ShotKind;
use carrom_physics::Spec;
use carrom_trainer::{Drill, DrillKind, coach, score};

/// For every drill kind at levels 1 and 3, three seeds each (and the Queen's cover after she
/// went in): the coach's shot aims at the drill's target (the break: a break), never a safety
/// shot; taken as it is, the trainer scores it in in most positions.
#[test]
fn the_coachs_shot_in_a_drill_does_the_drills_task() {
    let spec = Spec::default();
    let (mut made, mut shown) = (0, 0);
    let mut targets = (0, 0);
    let mut report = Vec::new();
    for kind in DrillKind::ALL {
        let mut here = (0, 0);
        for level in [1, 3] {
            for seed in 0..3 {
                let d = Drill::new(&spec, kind, level, seed).unwrap();
                let mut drills = vec![d.clone()];
                if kind == DrillKind::QueenAndCover
                    && let Some(cover) = score(&spec, &d, &d.demonstration).unwrap().next
                {
                    drills.push(cover);
                }
                for d in drills {
                    let h = coach::hint(&spec, &d, seed).expect("a drill has a legal place");
                    let best = &h.best;
                    let why = format!("{kind:?} level {level} seed {seed} ({:?})", d.stage);
                    match d.target {
                        Some(t) => {
                            assert_eq!(best.target, Some(d.position.pieces[t.piece]), "{why}");
                            assert_ne!(best.kind, ShotKind::Safety, "{why}");
                            for a in &h.alternatives {
                                assert_eq!(a.target, best.target, "{why}");
                                assert!(a.chance > 0.0, "{why}");
                            }
                        }
                        None => assert_eq!(best.kind, ShotKind::Break, "{why}"),
                    }
                    let s = score(&spec, &d, &best.shot).unwrap();
                    here.1 += 1;
                    targets.1 += usize::from(d.target.is_some());
                    if s.scored.is_in() {
                        here.0 += 1;
                        targets.0 += usize::from(d.target.is_some());
                    } else {
                        report.push(format!("{why}: {}", s.words));
                    }
                }
            }
        }
        report.push(format!("{kind:?}: {} of {} in", here.0, here.1));
        made += here.0;
        shown += here.1;
    }
    let share = made as f32 / shown as f32;
    println!(
        "{}\nin: {made} of {shown} ({:.0}%); the drills with a target: {} of {}",
        report.join("\n"),
        share * 100.0,
        targets.0,
        targets.1
    );
    assert!(share >= 0.8, "{made} of {shown}:\n{}", report.join("\n"));
    assert!(
        targets.0 * 10 >= targets.1 * 9,
        "{targets:?}:\n{}",
        report.join("\n")
    );
}

/// In a drill the stroke played beside the coach's shot is judged on the hint's own strokes
/// and counted for the drill's task: the coach's shot scores the hint's figure, and the line
/// names the pocket.
#[test]
fn a_stroke_beside_a_drills_coach_is_counted_for_the_drills_task() {
    use carrom_ai::coach::{describe, judge_own_shot, percent};
    let spec = Spec::default();
    let d = Drill::new(&spec, DrillKind::OffACushion, 1, 4).unwrap();
    let h = coach::hint(&spec, &d, 4).unwrap();
    let b = &h.best;
    let position = &d.position;
    let judge = |shot| {
        judge_own_shot(
            &spec,
            &position.pieces,
            position.seat,
            &d.referee(),
            shot,
            b,
        )
    };
    let same = judge(&b.shot);
    assert_eq!((same.yours, same.coachs), (b.chance, b.chance));
    let pocket = spec.board.pockets()[d.target.unwrap().pocket]
        .name
        .replace('_', "-");
    let hinted = describe(b, position.seat);
    assert!(
        hinted.contains(&format!("into the {pocket} pocket")),
        "{hinted}"
    );
    assert!(
        hinted.contains(&format!("goes in {}%", percent(b.chance))),
        "{hinted}"
    );
    let mut wide = b.shot;
    wide.angle_deg += 25.0;
    let line = judge(&wide).line();
    assert!(
        line.contains(&format!("goes into the {pocket} pocket")),
        "{line}"
    );
    assert!(
        line.ends_with(&format!(
            "the coach's: {}% (the same 1000 strokes)",
            percent(b.chance)
        )),
        "{line}"
    );
}
