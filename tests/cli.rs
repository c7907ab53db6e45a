//! The command-line contracts other checks rely on.

mod common;

use serde_json::Value;
use std::process::{Command, Output};

/// `carrom`, fed `stdin`.
fn carrom(args: &[&str], stdin: &str) -> Output {
    common::fed(Command::new(env!("CARGO_BIN_EXE_carrom")).args(args), stdin)
}

fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs `carrom` on what it must refuse as the user's mistake (exit code 2): what it says.
fn refused(args: &[&str], stdin: &str) -> String {
    let out = carrom(args, stdin);
    let asked: String = stdin.chars().take(300).collect();
    assert_eq!(out.status.code(), Some(2), "{args:?} {asked}");
    stderr(&out)
}

/// Fails unless `err` says every one of `words`.
fn assert_says(err: &str, words: &[&str]) {
    for w in words {
        assert!(err.contains(w), "{w:?} in {err}");
    }
}

/// A file `name` holding `text`, in a directory of this run's named by `dir`: its path.
fn temp_file(dir: &str, name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("carrom-cli-{}{dir}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn board_prints_the_spec_with_the_playing_surface_and_pockets() {
    let v = json_of(&carrom(&["board"], ""));
    assert_eq!(v["playing_surface"], 0.74);
    let pockets = v["pockets"].as_array().unwrap();
    assert_eq!(pockets.len(), 4);
    for p in pockets {
        assert!(p["x"].is_number() && p["y"].is_number());
        assert!((p["radius"].as_f64().unwrap() - 0.02225).abs() < 1e-6);
    }
}

#[test]
fn simulate_reports_the_striker_pieces_events_time_and_steps() {
    let req = r#"{"shot": {"seat": "south", "position": 0.0, "angle_deg": 0.0, "power": 1.0}}"#;
    let v = json_of(&carrom(&["simulate"], req));
    let s = &v["striker"];
    assert_eq!(s["start"].as_array().unwrap().len(), 2);
    assert_eq!(s["end"].as_array().unwrap().len(), 2);
    assert!(s["pocketed"].is_boolean() && s["distance"].as_f64().unwrap() > 0.0);
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 19, "omitted pieces means the opening rack");
    for p in pieces {
        for field in ["kind", "x", "y", "pocketed", "pocket"] {
            assert!(p.get(field).is_some(), "{field}");
        }
    }
    let events = v["events"].as_array().unwrap();
    assert_eq!(events[0]["type"], "contact");
    assert_eq!(events[0]["a"], "striker");
    assert!(events.iter().all(|e| e["t"].is_number()));
    assert!(v["time"].as_f64().unwrap() > 0.0 && v["steps"].as_u64().unwrap() > 0);
}

#[test]
fn an_empty_piece_list_is_an_empty_board() {
    let req = r#"{"shot": {"seat": "west", "position": 0.2, "angle_deg": 10, "power": 0.5}, "pieces": []}"#;
    let v = json_of(&carrom(&["simulate"], req));
    assert!(v["pieces"].as_array().unwrap().is_empty());
}

#[test]
fn the_same_request_in_two_processes_gives_bit_identical_output() {
    let req = r#"{"shot": {"seat": "east", "position": -0.3, "angle_deg": 3.5, "power": 0.97}}"#;
    let a = carrom(&["simulate"], req);
    let b = carrom(&["simulate"], req);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
}

#[test]
fn bad_requests_name_the_field_and_exit_non_zero() {
    let cases = [
        ("{\"shot\": ", "line"),
        (
            r#"{"shot": {"seat": "up", "position": 0, "angle_deg": 0, "power": 1}}"#,
            "shot.seat",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1.5}}"#,
            "shot.power",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0.99, "angle_deg": 0, "power": 1}}"#,
            "shot.position",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1}, "pieces": [{"kind": "red", "x": 0, "y": 0}]}"#,
            "pieces[0].kind",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1}, "pieces": [{"kind": "white", "x": 0, "y": 0}, {"kind": "black", "x": 0.01, "y": 0}]}"#,
            "pieces[1]",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0}}"#,
            "power",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 1e30, "power": 1}}"#,
            "shot.angle_deg: 1e30 is outside -360..360",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1}, "pieces": [{"kind": "white", "x": 0.34, "y": 0.34}]}"#,
            "pieces[0]: (0.34, 0.34) is over the hole of pocket 2",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1}} xyz"#,
            "stdin: trailing characters at line 1 column 72",
        ),
        (
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1}} {"shot": {}}"#,
            "trailing characters",
        ),
    ];
    for (req, field) in cases {
        let err = refused(&["simulate"], req);
        assert!(err.contains(field), "{req}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_missing_file_is_named_in_the_error() {
    assert!(
        refused(&["simulate", "/nonexistent/shot.json"], "").contains("/nonexistent/shot.json")
    );
}

#[test]
fn soak_reports_its_counts() {
    let v = json_of(&carrom(&["soak", "--shots", "20", "--seed", "3"], ""));
    assert_eq!(v["shots"], 20);
    assert_eq!(v["escaped"], 0);
    assert_eq!(v["non_finite"], 0);
    assert_eq!(v["unfinished"], 0);
    assert!(v["max_time"].as_f64().unwrap() > 0.0);
    assert_eq!(v["faults"].as_array().unwrap().len(), 0);
}

/// A spec whose shots stop after a twentieth of a second, in a fresh directory.
fn short_shot_spec(name: &str) -> String {
    temp_file(
        &format!("-{name}"),
        "short.toml",
        "[sim]\nmax_time = 0.05\n",
    )
}

#[test]
fn a_soak_fault_replays_through_simulate_as_it_is() {
    let spec = short_shot_spec("replay");
    let v = json_of(&carrom(
        &[
            "--spec", &spec, "soak", "--shots", "3", "--seed", "4", "--json",
        ],
        "",
    ));
    assert_eq!(v["unfinished"], 3);
    let faults = v["faults"].as_array().unwrap();
    assert_eq!(faults.len(), 3);
    for fault in faults {
        assert_eq!(fault["fault"], "unfinished");
        let replay = json_of(&carrom(&["--spec", &spec, "simulate"], &fault.to_string()));
        assert_eq!(replay["finished"], false);
        assert_eq!(replay["steps"], fault["step"]);
    }
}

#[test]
fn soak_prints_a_replay_command_per_fault_unless_asked_for_json_only() {
    let spec = short_shot_spec("lines");
    let out = carrom(
        &["--spec", &spec, "soak", "--shots", "2", "--seed", "4"],
        "",
    );
    let v = json_of(&out);
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (line, fault) in lines.iter().zip(v["faults"].as_array().unwrap()) {
        assert!(line.starts_with("unfinished: "), "{line}");
        let request = line
            .split_once("echo '")
            .and_then(|(_, rest)| rest.split_once(&format!("' | carrom --spec {spec} simulate")))
            .map(|(request, _)| request)
            .expect("a replay command");
        assert_eq!(&serde_json::from_str::<Value>(request).unwrap(), fault);
    }
    let json_only = carrom(
        &[
            "--spec", &spec, "soak", "--shots", "2", "--seed", "4", "--json",
        ],
        "",
    );
    assert_eq!(
        String::from_utf8_lossy(&json_only.stdout).lines().count(),
        1
    );
}

#[test]
fn bench_prints_its_figures_as_json() {
    let v = json_of(&carrom(&["bench", "--json", "--seconds", "0.05"], ""));
    for field in [
        "break_shots_per_sec",
        "midgame_shots_per_sec",
        "us_per_step",
        "steps_per_break",
    ] {
        assert!(v[field].as_f64().unwrap() > 0.0, "{field}");
    }
}

#[test]
fn bench_refuses_a_time_that_is_not_a_positive_number_of_seconds() {
    for seconds in ["inf", "0", "NaN", "-1", "1e9"] {
        let out = carrom(&["bench", "--json", &format!("--seconds={seconds}")], "");
        assert_eq!(out.status.code(), Some(2), "{seconds}");
        let err = stderr(&out);
        assert!(
            err.contains("--seconds") && err.contains("at most 3600"),
            "{seconds}: {err}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_spec_value_out_of_range_names_the_section_the_field_and_the_range() {
    let path = temp_file(
        "-range",
        "fast.toml",
        "[sim]\nmin_dt = 1e-30\nmax_dt = 1e-29\n",
    );
    let err = refused(&["--spec", &path, "board"], "");
    assert!(
        err.contains("fast.toml: [sim].min_dt: 1e-30 is below 1e-5; the range is 1e-5 to 0.01 s"),
        "{err}"
    );
}

#[test]
fn referee_prints_one_line_per_stroke() {
    let scenario =
        r#"{"rules": "icf", "seats": 2, "strokes": [{"pocketed": ["white"]}, {"touched": true}]}"#;
    let out = carrom(&["referee"], scenario);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["stroke"], 1);
    assert_eq!(lines[0]["by"], "south");
    assert_eq!(lines[0]["continues"], true);
    assert_eq!(lines[1]["by"], "south");
    assert_eq!(lines[1]["next"], "north");
}

#[test]
fn a_malformed_spec_file_names_the_file_and_field() {
    let path = temp_file("", "bad.toml", "[materials]\nboard_friction = \"lots\"\n");
    let err = refused(&["--spec", &path, "board"], "");
    assert_says(&err, &["bad.toml", "board_friction"]);
}

/// A request saved with a byte-order mark is read; a seat given as a number is named as such.
#[test]
fn a_byte_order_mark_is_read_and_a_numeric_seat_is_named() {
    let out = carrom(
        &["simulate"],
        "\u{feff}{\"shot\": {\"seat\": \"south\", \"position\": 0.0, \"angle_deg\": 0.0, \"power\": 0.5}}",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let e = refused(
        &["simulate"],
        r#"{"shot": {"seat": 3, "position": 0.0, "angle_deg": 0.0, "power": 0.5}}"#,
    );
    assert_says(
        &e,
        &["shot.seat", "expected a seat: south, east, north or west"],
    );
}

/// A bad string of megabytes is named by its field, its start and its length, not echoed whole.
#[test]
fn a_huge_bad_string_is_named_not_echoed() {
    let huge = "q".repeat(5_000_000);
    let request = format!(
        r#"{{"shot": {{"seat": "south", "position": 0.0, "angle_deg": 0.0, "power": 0.5}},
        "pieces": [{{"kind": "{huge}", "x": 0.0, "y": 0.0}}]}}"#
    );
    let e = refused(&["simulate"], &request);
    assert!(e.len() < 400, "{} bytes of error", e.len());
    assert_says(&e, &["pieces[0].kind", "(5000000 characters)"]);
}

/// The fields of a stroke the coach suggests: its best and each of its alternatives.
const SUGGESTION: [&str; 6] = [
    "shot",
    "kind",
    "target",
    "pocket",
    "chance",
    "expected_pieces",
];

/// `carrom hint --json`: the contract's fields, for a position read from stdin.
#[test]
fn hint_prints_the_best_shot_its_kind_target_pocket_chance_and_alternatives() {
    let out = carrom(
        &["hint", "--json"],
        r#"{"rules": "icf", "seat": "south", "colour": "white", "queen": "on_board",
        "pieces": [{"kind": "white", "x": 0.25, "y": 0.28}, {"kind": "black", "x": -0.2, "y": 0.15},
        {"kind": "queen", "x": 0.0, "y": 0.0}, {"kind": "white", "x": 0.1, "y": 0.1}]}"#,
    );
    let v = json_of(&out);
    for field in SUGGESTION.iter().chain(&["alternatives", "decision_ms"]) {
        assert!(v.get(field).is_some(), "no `{field}` in {v}");
    }
    for field in ["seat", "position", "angle_deg", "power"] {
        assert!(v["shot"].get(field).is_some(), "no `shot.{field}` in {v}");
    }
    assert_eq!(v["shot"]["seat"], "south");
    let chance = v["chance"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance));
    let alternatives = v["alternatives"].as_array().unwrap();
    assert!(!alternatives.is_empty() && alternatives.len() <= 3);
    for a in alternatives {
        for field in SUGGESTION {
            assert!(a.get(field).is_some(), "no `{field}` in {a}");
        }
    }
}

/// `carrom hint --json` for the commonest late position: the Queen already covered, by the
/// player's side or by the opponent's (it changes the endings, Laws 102-112).
#[test]
fn hint_answers_a_position_with_the_queen_covered_by_either_side() {
    for covered in ["covered_by_white", "covered_by_black"] {
        let out = carrom(
            &["hint", "--json"],
            &format!(
                r#"{{"rules": "icf", "seat": "south", "colour": "white", "queen": "{covered}",
                "pieces": [{{"kind": "white", "x": 0.25, "y": 0.28}}, {{"kind": "black", "x": -0.2, "y": 0.15}},
                {{"kind": "white", "x": 0.1, "y": 0.1}}]}}"#
            ),
        );
        assert!(out.status.success(), "{covered}: {}", stderr(&out));
        let v = json_of(&out);
        assert_eq!(v["shot"]["seat"], "south", "{covered}");
        assert!(v["chance"].as_f64().is_some(), "{covered}: {v}");
    }
}

/// A bad hint request is one line naming the field, exit 2.
#[test]
fn a_bad_hint_request_names_the_field() {
    for (request, expected) in [
        (r#"{"seat": "up"}"#, "seat"),
        (r#"{"seat": "south", "colour": "green"}"#, "colour"),
        (r#"{"seat": "south", "rules": "chess"}"#, "rules"),
        (
            r#"{"seat": "south", "queen": "awaiting_cover", "pieces": [{"kind": "queen", "x": 0, "y": 0}, {"kind": "white", "x": 0.1, "y": 0.1}, {"kind": "black", "x": -0.1, "y": 0.1}]}"#,
            "queen",
        ),
        (
            r#"{"seat": "south", "queen": "covered_by_black", "pieces": [{"kind": "queen", "x": 0, "y": 0}, {"kind": "white", "x": 0.1, "y": 0.1}, {"kind": "black", "x": -0.1, "y": 0.1}]}"#,
            "queen",
        ),
        (
            r#"{"seat": "south", "queen": "covered", "pieces": [{"kind": "white", "x": 0.1, "y": 0.1}, {"kind": "black", "x": -0.1, "y": 0.1}]}"#,
            "queen",
        ),
        (
            r#"{"seat": "south", "pieces": [{"kind": "white", "x": 9, "y": 0}]}"#,
            "pieces[0]",
        ),
        (
            r#"{"seat": "south", "pieces": [{"kind": "queen", "x": 0, "y": 0}, {"kind": "white", "x": 0.1, "y": 0.1}]}"#,
            "black",
        ),
        (r#"{"seat": "south", "speed": 3}"#, "speed"),
    ] {
        let e = refused(&["hint", "--json"], request);
        assert_eq!(e.trim().lines().count(), 1, "{e}");
        assert!(e.contains(expected), "{expected} in {e}");
    }
}

/// `--length board`: a match of one board, over when the board is won (Law 56(a) with one
/// board a game, Law 57 with one game the match); the whole match would go on to board 2.
#[test]
fn a_demo_of_one_board_ends_with_its_board() {
    let out = carrom(
        &[
            "demo",
            "--headless",
            "--seats",
            "2",
            "--level",
            "easy",
            "--seed",
            "3",
            "--length",
            "board",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the match"), "{text}");
    assert!(!text.contains("G1 B2"), "no second board: {text}");
    let bad = carrom(&["demo", "--headless", "--length", "set"], "");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--length"));
}

/// `carrom ladder --json`: `games` games a pair of `levels`, with any `more` arguments.
fn ladder(games: &str, levels: &str, more: &[&str]) -> Output {
    let args = [
        &["ladder", "--games", games, "--levels", levels, "--json"],
        more,
    ]
    .concat();
    carrom(&args, "")
}

/// The pairs of a ladder's report, stronger and weaker, in its order.
fn pairs(v: &Value) -> Vec<(&str, &str)> {
    v["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["stronger"].as_str().unwrap(),
                p["weaker"].as_str().unwrap(),
            )
        })
        .collect()
}

#[test]
fn ladder_json_rates_the_levels_weakest_first_with_each_pair() {
    let out = ladder("2", "easy,beginner", &["--seed", "5"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(text.lines().count(), 1, "--json prints one line: {text}");
    let v = json_of(&out);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["invariant_violations", "levels", "pairs"]);
    assert_eq!(v["invariant_violations"], 0);
    let levels = v["levels"].as_array().unwrap();
    let names: Vec<&str> = levels.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["beginner", "easy"],
        "weakest first, whatever the order given"
    );
    assert_eq!(levels[0]["rating"], 1000.0, "the weakest is the anchor");
    for l in levels {
        let (r, low, high) = (
            l["rating"].as_f64().unwrap(),
            l["low"].as_f64().unwrap(),
            l["high"].as_f64().unwrap(),
        );
        assert!(low <= r && r <= high, "{l}");
        assert_eq!(l.as_object().unwrap().len(), 4, "{l}");
    }
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 1);
    let p = &pairs[0];
    assert_eq!(
        (p["stronger"].as_str(), p["weaker"].as_str()),
        (Some("easy"), Some("beginner"))
    );
    assert_eq!(p["games"], 2);
    assert!(p["stronger_wins"].as_u64().unwrap() <= 2);
    assert_eq!(p.as_object().unwrap().len(), 4, "{p}");
    // Seeded: the same report again.
    let again = ladder("2", "beginner,easy", &["--seed", "5"]);
    assert_eq!(json_of(&again), v);
}

#[test]
fn ladder_plays_every_pair_of_the_levels_named() {
    let v = json_of(&ladder("1", "beginner,easy,medium", &[]));
    let mut sorted = pairs(&v);
    sorted.sort();
    assert_eq!(
        sorted,
        [
            ("easy", "beginner"),
            ("medium", "beginner"),
            ("medium", "easy")
        ]
    );
}

#[test]
fn ladder_with_neighbours_plays_only_neighbouring_levels() {
    let v = json_of(&ladder("1", "medium,beginner,easy", &["--neighbours"]));
    assert_eq!(pairs(&v), [("easy", "beginner"), ("medium", "easy")]);
    assert_eq!(v["levels"].as_array().unwrap().len(), 3);
}
