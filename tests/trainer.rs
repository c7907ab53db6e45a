//! `carrom trainer --stats` and `carrom coach-reliability`: their output and their errors.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn carrom(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(args)
        .env("CARROM_CONFIG_DIR", dir)
        .output()
        .expect("carrom runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const PROGRESS: &str = r#"{
  "format": "carrom-trainer-progress", "version": 1, "name": "Asha",
  "ladders": {"cut_30": {"level": 2, "run": -1}},
  "days": {
    "2026-11-25": {"cut_30": {"1": {"attempts": 2, "successes": 2}}},
    "2026-11-26": {"cut_30": {"2": {"attempts": 1, "successes": 0}},
                   "break": {"1": {"attempts": 4, "successes": 1}}}
  }
}"#;

fn with_progress(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("trainer")).unwrap();
    std::fs::write(dir.path().join("trainer/Asha.json"), text).unwrap();
    dir
}

#[test]
fn trainer_stats_json_gives_each_drill_and_level_and_each_day() {
    let dir = with_progress(PROGRESS);
    let out = carrom(&["trainer", "--stats", "--json"], dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let p = &v["players"][0];
    assert_eq!(p["name"], "Asha");
    let drills = p["drills"].as_array().unwrap();
    assert_eq!(drills.len(), 9);
    let cut = drills.iter().find(|d| d["drill"] == "cut_30").unwrap();
    assert_eq!(cut["level"], 2);
    assert_eq!(
        (cut["attempts"].as_u64(), cut["successes"].as_u64()),
        (Some(3), Some(2))
    );
    assert!((cut["rate"].as_f64().unwrap() - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!(cut["levels"].as_array().unwrap().len(), 2);
    let days = p["days"].as_array().unwrap();
    assert_eq!(days.len(), 2);
    assert_eq!(days[1]["day"], "2026-11-26");
    assert!(p["weakest"].is_null());
    // --name picks the player; one who never trained has no attempts.
    let out = carrom(
        &["trainer", "--stats", "--json", "--name", "Ravi"],
        dir.path(),
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"][0]["name"], "Ravi");
    assert_eq!(v["players"][0]["drills"][0]["attempts"], 0);
}

#[test]
fn trainer_stats_prints_the_progress_in_words() {
    let dir = with_progress(PROGRESS);
    let out = carrom(&["trainer", "--stats", "--name", "Asha"], dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Cut at 30°: level 2 reached; 2/3 (67%)"),
        "{text}"
    );
    assert!(text.contains("    level 1: 2/2 (100%)"), "{text}");
    assert!(text.contains("  2026-11-26: 1/5 (20%)"), "{text}");
}

#[test]
fn a_damaged_progress_file_is_a_one_line_error_naming_it_and_its_field() {
    let dir = with_progress(&PROGRESS.replace("\"level\": 2", "\"level\": 7"));
    let out = carrom(&["trainer", "--stats"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.contains("Asha.json: ladders.cut_30.level: 7 is outside 1 to 4"),
        "{e}"
    );
    let dir = with_progress("{\"format\": ");
    let e = stderr(&carrom(&["trainer", "--stats"], dir.path()));
    assert!(e.contains("Asha.json") && e.lines().count() == 1, "{e}");
}

#[test]
fn trainer_refuses_bad_arguments_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = carrom(&["trainer"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--stats"), "{}", stderr(&out));
    let long = "x".repeat(30);
    let out = carrom(&["trainer", "--stats", "--name", &long], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("--name") && e.contains("a name is 1 to 24 characters"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
    let out = carrom(&["trainer", "--stats"], dir.path());
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("No training progress in "));
}

#[test]
fn coach_reliability_prints_the_bins_and_the_largest_difference() {
    let dir = tempfile::tempdir().unwrap();
    let out = carrom(
        &[
            "coach-reliability",
            "--positions",
            "2",
            "--replays",
            "20",
            "--seed",
            "3",
            "--json",
        ],
        dir.path(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["positions"], 2);
    assert_eq!(v["replays"], 20);
    let bins = v["bins"].as_array().unwrap();
    assert_eq!(bins.len(), 10);
    assert_eq!(
        bins.iter()
            .map(|b| b["positions"].as_u64().unwrap())
            .sum::<u64>(),
        2
    );
    for field in ["from", "to", "claimed", "measured", "difference"] {
        assert!(bins[0].get(field).is_some(), "{field}");
    }
    assert!(v["max_difference"].is_number() && v["within_5_points"].is_boolean());
    let out = carrom(&["coach-reliability", "--positions", "0"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("0 is outside the range 1 to 100000") && e.lines().count() == 1,
        "{e}"
    );
}

/// A spec that loads but leaves no room for a drill (every friction and restitution at 0: no
/// man comes off a cushion): `coach-reliability`, which draws every drill's positions, is
/// refused in one line naming the drill, not a panic.
#[test]
fn coach_reliability_on_a_board_without_room_for_a_drill_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("dead.toml");
    std::fs::write(
        &spec,
        "[materials]\nboard_friction = 0.0\nrestitution_piece_piece = 0.0\n\
         restitution_striker_piece = 0.0\nrestitution_piece_frame = 0.0\n\
         contact_friction = 0.0\n",
    )
    .unwrap();
    let args = [
        "--spec",
        spec.to_str().unwrap(),
        "coach-reliability",
        "--positions",
        "5",
        "--replays",
        "1",
        "--json",
    ];
    let out = carrom(&args, dir.path());
    let e = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(!e.contains("panicked"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(
        e.contains("A man off a cushion: no position at level 1 fits this board"),
        "{e}"
    );
}

/// Attempts whose days add up past what a count holds (4294967295) are a damaged total: refused
/// in one line naming the file and the field where the sum runs over, never printed wrapped
/// ("10/1 (1000%)").
#[test]
fn attempts_adding_up_past_a_count_are_refused() {
    let dir = with_progress(
        r#"{"format": "carrom-trainer-progress", "version": 1, "name": "Asha", "ladders": {},
            "days": {
              "2026-11-25": {"cut_30": {"1": {"attempts": 4294967295, "successes": 8}}},
              "2026-11-26": {"cut_30": {"1": {"attempts": 2, "successes": 2}}}
            }}"#,
    );
    for args in [
        &["trainer", "--stats"][..],
        &["trainer", "--stats", "--json"],
    ] {
        let out = carrom(args, dir.path());
        let e = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {e}");
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(
            e.contains("Asha.json: days.2026-11-26.cut_30.1.attempts: "),
            "{e}"
        );
        assert!(e.contains("4294967295"), "{e}");
    }
}
