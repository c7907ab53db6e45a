//! Your weakest shots: strokes classified by the coach's kinds with their outcomes, and the
//! drill of the kind missed most proposed, from a seeded set of strokes and from saved matches.

use carrom_physics::{Shot, Spec, simulate};
use carrom_trainer::weakest::{Classified, Weakest, classify_stroke, from_saves};
use carrom_trainer::{Drill, DrillKind};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `shot` played in `drill`'s position, classified.
fn played(spec: &Spec, drill: &Drill, shot: &Shot) -> Classified {
    let layout = &drill.position.pieces;
    let referee = drill.referee();
    let result = simulate(spec, layout, shot).unwrap();
    let mut r = referee;
    let verdict = r.judge(&carrom_match::stroke_report(&result)).unwrap();
    classify_stroke(spec, layout, &referee, shot, &result, &verdict)
}

/// The demonstration without the pace to get there.
fn missed(drill: &Drill) -> Shot {
    Shot {
        power: drill.demonstration.power * 0.65,
        ..drill.demonstration
    }
}

#[test]
fn each_stroke_is_classified_by_the_coachs_kinds_with_its_outcome() {
    let spec = Spec::default();
    let cases = [
        (
            DrillKind::StraightCut,
            "straight_cut",
            Some(DrillKind::StraightCut),
        ),
        (DrillKind::Cut30, "straight_cut", Some(DrillKind::Cut30)),
        (DrillKind::Cut60, "straight_cut", Some(DrillKind::Cut60)),
        (
            DrillKind::Combination,
            "combination",
            Some(DrillKind::Combination),
        ),
        (
            DrillKind::OffACushion,
            "cut_off_a_cushion",
            Some(DrillKind::OffACushion),
        ),
        (DrillKind::Break, "break", Some(DrillKind::Break)),
    ];
    for (kind, name, drill) in cases {
        for seed in 0..3 {
            let d = Drill::new(&spec, kind, 1, seed).unwrap();
            let c = played(&spec, &d, &d.demonstration);
            assert_eq!(c.kind, name, "{kind:?} {seed}");
            assert_eq!(c.drill, drill, "{kind:?} {seed}");
            if kind != DrillKind::Break {
                assert!(c.made && !c.foul, "{kind:?} {seed}");
            }
        }
    }
    for seed in 0..4 {
        let d = Drill::new(&spec, DrillKind::StraightCut, 1, seed).unwrap();
        let c = played(&spec, &d, &missed(&d));
        assert_eq!((c.kind, c.made), ("straight_cut", false), "{seed}");
    }
}

/// A seeded set of strokes: straight cuts missed three times in four, combinations made, banks
/// missed now and then. The proposal is the straight cut's drill, in words.
#[test]
fn the_drill_proposed_is_of_the_kind_missed_most() {
    let spec = Spec::default();
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    let mut w = Weakest::default();
    let mut all = Vec::new();
    for seed in 0..8 {
        let d = Drill::new(&spec, DrillKind::StraightCut, 1, seed).unwrap();
        let shot = if rng.random_bool(0.75) {
            missed(&d)
        } else {
            d.demonstration
        };
        all.push(played(&spec, &d, &shot));
    }
    for seed in 0..6 {
        let d = Drill::new(&spec, DrillKind::Combination, 1, seed).unwrap();
        all.push(played(&spec, &d, &d.demonstration));
    }
    for seed in 0..4 {
        let d = Drill::new(&spec, DrillKind::OffACushion, 1, seed).unwrap();
        let shot = if rng.random_bool(0.5) {
            missed(&d)
        } else {
            d.demonstration
        };
        all.push(played(&spec, &d, &shot));
    }
    for c in &all {
        w.add(c);
    }
    let straight = w.kinds["straight_cut"];
    assert!(straight.1 >= 5, "{straight:?}");
    assert_eq!(w.kinds["combination"], (6, 0));
    let p = w.propose().expect("a proposal");
    assert_eq!((p.kind, p.drill), ("straight_cut", DrillKind::StraightCut));
    assert_eq!((p.played, p.missed), straight);
    assert_eq!(
        p.words,
        format!(
            "You miss straight cuts most ({} of {} in your matches): try the drill Straight cut",
            straight.1, straight.0
        )
    );
    // No misses, no proposal.
    let mut none = Weakest::default();
    none.add(&all[8]);
    assert_eq!(none.propose(), None);
}

/// A person's strokes are read from the matches saved in the data directory (a save and its
/// autosave counted once); a computer's are not his.
#[test]
fn a_persons_strokes_are_read_from_his_saved_matches() {
    use carrom_ai::{Computers, Level, computer_setup};
    use carrom_match::{Action, Match, MatchSetup, SaveFile};
    use carrom_referee::{Rules, Seats};
    let spec = Spec::default();
    let mut setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 12);
    computer_setup(&mut setup, [Level::Easy, Level::Easy]);
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(&spec, setup.clone()).unwrap();
    for _ in 0..40 {
        let Some(a) = computers.act(&game) else { break };
        game.apply(&a).unwrap();
    }
    let mut file = SaveFile::of(&game);
    file.setup.players[0].name = "Asha".into();
    file.setup.players[0].computer = None;
    let south = file
        .actions
        .iter()
        .filter(
            |a| matches!(a, Action::Stroke { shot } if shot.seat == carrom_physics::Seat::South),
        )
        .count() as u32;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("saves")).unwrap();
    file.write(&dir.path().join("saves/singles-Asha-v-North-12.json"))
        .unwrap();
    file.write(&dir.path().join("autosave.json")).unwrap();
    std::fs::write(dir.path().join("saves/broken.json"), "{").unwrap();
    let w = from_saves(&spec, dir.path(), "Asha").unwrap();
    assert_eq!(w.matches, 1);
    assert_eq!(w.kinds.values().map(|(p, _)| p).sum::<u32>(), south);
    assert!(w.kinds.contains_key("break"), "{:?}", w.kinds);
    assert_eq!(w.skipped.len(), 1);
    assert!(w.skipped[0].contains("broken.json"), "{:?}", w.skipped);
    let computer = from_saves(&spec, dir.path(), "North (computer)").unwrap();
    assert_eq!(computer.matches, 0);
}
