//! The soak: its counts, and a reproducer for every faulty shot.

use carrom_physics::soak::{FaultKind, soak, soak_listing};
use carrom_physics::{BodyId, Spec, simulate};

/// A board whose shots are stopped after a twentieth of a second: every shot is unfinished.
fn short_shots() -> Spec {
    let mut spec = Spec::default();
    spec.sim.max_time = 0.05;
    spec
}

#[test]
fn every_fault_is_listed_with_a_request_that_replays_it() {
    let spec = short_shots();
    let report = soak(&spec, 6, 5, false);
    assert_eq!(report.unfinished, report.shots);
    assert_eq!(report.faults.len(), report.shots as usize);
    assert_eq!(report.faults_omitted, 0);
    for fault in &report.faults {
        assert_eq!(fault.fault, FaultKind::Unfinished);
        let replay = simulate(&spec, &fault.pieces, &fault.shot).expect("a legal request");
        assert!(!replay.finished);
        assert_eq!(replay.steps, fault.step, "{fault:?}");
        let moving = match fault.body {
            BodyId::Striker => true,
            BodyId::Piece(i) => i < fault.pieces.len(),
        };
        assert!(moving, "{fault:?}");
    }
}

#[test]
fn a_fault_is_a_simulate_request_in_json() {
    let report = soak(&short_shots(), 1, 2, true);
    let json = serde_json::to_value(&report).unwrap();
    let fault = &json["faults"][0];
    assert_eq!(fault["fault"], "unfinished");
    assert!(fault["shot"]["seat"].is_string());
    assert!(fault["shot"]["power"] == 1.0);
    assert!(fault["pieces"].as_array().unwrap().len() == 19, "a break");
    assert!(fault["pieces"][0]["kind"] == "queen");
    assert!(fault["step"].as_u64().unwrap() > 0);
    for field in ["shots", "escaped", "non_finite", "unfinished", "max_time"] {
        assert!(json[field].is_number(), "{field}");
    }
}

#[test]
fn the_list_of_faults_can_be_cut_short_but_the_counts_are_complete() {
    let report = soak_listing(&short_shots(), 5, 3, false, 2);
    assert_eq!(report.unfinished, 5);
    assert_eq!(report.faults.len(), 2);
    assert_eq!(report.faults_omitted, 3);
    assert_eq!(
        report.faults[..],
        soak(&short_shots(), 5, 3, false).faults[..2]
    );
}

#[test]
fn the_report_is_the_same_on_one_thread_as_on_many() {
    let spec = Spec::default();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| soak(&spec, 40, 9, false));
    let many = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap()
        .install(|| soak(&spec, 40, 9, false));
    assert_eq!(one, many);
    assert_eq!(one.shots, 40);
}
