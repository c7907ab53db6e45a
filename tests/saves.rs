//! Saves and replays from the command line: a save must replay to its recorded positions, a
//! bad or missing one is an error naming the file whatever the display, and a save the
//! computers play resumes without a window.

mod common;

use carrom_ai::Computers;
use carrom_match::SaveFile;
use carrom_physics::Spec;
use common::{headless_host_words, no_display, played};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `carrom` with no display, as on a machine without one.
fn carrom(args: &[&str]) -> Output {
    no_display(args).output().expect("carrom runs")
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("carrom-saves-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Spoils a save in one place.
type Damage = fn(&mut Value);

fn write(path: &Path, value: &Value) {
    std::fs::write(path, serde_json::to_string_pretty(value).unwrap()).unwrap();
}

#[test]
fn a_save_replays_to_every_recorded_position() {
    let d = dir("ok");
    let path = d.join("match.json");
    SaveFile::of(&played(6, false)).write(&path).unwrap();
    let out = carrom(&["replay", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("every action reached its recorded position"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_stroke_changed_by_a_ten_thousandth_of_a_degree_does_not_replay() {
    let d = dir("tampered");
    let path = d.join("match.json");
    let mut save: Value = serde_json::to_value(SaveFile::of(&played(3, false))).unwrap();
    let angle = save["actions"][0]["shot"]["angle_deg"].as_f64().unwrap();
    save["actions"][0]["shot"]["angle_deg"] = (angle + 1e-4).into();
    write(&path, &save);
    let out = carrom(&["replay", path.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("match.json"), "{stderr}");
    assert!(
        stderr.contains("actions[0]: does not reach the recorded position"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&d).ok();
}

#[cfg(feature = "game")] // `play --load` is in the game build
#[test]
fn a_save_that_lies_about_its_end_or_setup_is_refused() {
    let d = dir("lies");
    let path = d.join("match.json");
    let base: Value = serde_json::to_value(SaveFile::of(&played(2, false))).unwrap();
    let cases: [(&str, Damage); 5] = [
        ("finished: the file says true", |v| {
            v["finished"] = true.into()
        }),
        ("setup.rules.games_to_win: must be at least 1", |v| {
            v["setup"]["rules"]["games_to_win"] = 0.into()
        }),
        ("setup.players: 1 given", |v| {
            v["setup"]["players"].as_array_mut().unwrap().pop();
        }),
        ("setup.players[1].computer: `grandmaster`", |v| {
            v["setup"]["players"][1]["computer"] = "grandmaster".into()
        }),
        ("actions[0].shot.power", |v| {
            v["actions"][0]["shot"]["power"] = "hard".into()
        }),
    ];
    for (expected, damage) in cases {
        let mut save = base.clone();
        damage(&mut save);
        write(&path, &save);
        for args in [
            vec!["replay", path.to_str().unwrap()],
            vec!["play", "--load", path.to_str().unwrap()],
        ] {
            let out = carrom(&args);
            let (_, stderr) = text(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains("match.json"), "{args:?}: {stderr}");
            assert!(
                stderr.contains(expected),
                "{args:?}: {expected} in {stderr}"
            );
        }
    }
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn the_save_format_and_version_are_named_when_wrong() {
    let d = dir("format");
    let path = d.join("match.json");
    let base: Value = serde_json::to_value(SaveFile::of(&played(1, false))).unwrap();
    for (field, value, expected) in [
        (
            "format",
            Value::from(5),
            "format: expected \"carrom-match\", found 5",
        ),
        (
            "version",
            Value::from("2"),
            "version: expected a whole number (3), found \"2\"",
        ),
        (
            "version",
            Value::from(2.5),
            "version: expected a whole number (3), found 2.5",
        ),
    ] {
        let mut save = base.clone();
        save[field] = value;
        write(&path, &save);
        let out = carrom(&["replay", path.to_str().unwrap()]);
        let (_, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expected), "{expected} in {stderr}");
    }
    std::fs::remove_dir_all(&d).ok();
}

#[cfg(feature = "game")] // `play --load` is in the game build
#[test]
fn without_a_display_a_missing_save_is_an_error_not_a_demo() {
    let out = carrom(&["play", "--load", "/nonexistent/carrom-save.json"]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stdout}");
    assert!(stderr.contains("/nonexistent/carrom-save.json"), "{stderr}");
    assert!(!stdout.contains("demo"), "{stdout}");
}

#[cfg(feature = "game")] // `play --load` is in the game build
#[test]
fn without_a_display_the_computers_finish_their_saved_match() {
    let d = dir("resume");
    let path = d.join("match.json");
    SaveFile::of(&played(4, false)).write(&path).unwrap();
    let out = carrom(&["play", "--load", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.contains("the computers play on"), "{stdout}");
    assert!(stdout.contains("MATCH to "), "{stdout}");
    // A person's match cannot go on without a window: said, not ignored.
    SaveFile::of(&played(0, true)).write(&path).unwrap();
    let out = carrom(&["play", "--load", path.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("South is played by a person"), "{stderr}");
    std::fs::remove_dir_all(&d).ok();
}

/// `carrom replay FILE --stats --json` prints one JSON object: each player's figures and each
/// board's result, the winner named; its counts agree with the save's actions.
#[test]
fn a_replay_prints_the_statistics_of_the_match_as_json() {
    let d = dir("stats");
    let path = d.join("match.json");
    let mut game = played(0, false);
    let mut computers = Computers::for_setup(&game.setup);
    while !game.is_over() {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).unwrap();
    }
    SaveFile::of(&game).write(&path).unwrap();
    let out = carrom(&["replay", path.to_str().unwrap(), "--stats", "--json"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "only the JSON: {stdout}");
    let stats: Value = serde_json::from_str(&stdout).unwrap();
    let players = stats["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    for field in [
        "seat",
        "name",
        "side",
        "strokes",
        "passes",
        "pieces_pocketed",
        "opponent_men_pocketed",
        "pocketing_strokes",
        "pot_rate",
        "fouls",
        "dues",
        "queen_pocketed",
        "queen_covered",
        "breaks",
        "pieces_off_breaks",
        "longest_run",
    ] {
        assert!(
            players[0].get(field).is_some(),
            "players[0].{field}: {stdout}"
        );
    }
    let strokes = game
        .actions
        .iter()
        .filter(|a| matches!(a, carrom_match::Action::Stroke { .. }))
        .count() as u64;
    let counted: u64 = players.iter().map(|p| p["strokes"].as_u64().unwrap()).sum();
    assert_eq!(counted, strokes);
    let boards = stats["boards"].as_array().unwrap();
    assert!(!boards.is_empty());
    for field in [
        "game",
        "board",
        "winner",
        "winner_name",
        "points",
        "queen",
        "law",
        "score",
        "strokes",
    ] {
        assert!(
            boards[0].get(field).is_some(),
            "boards[0].{field}: {stdout}"
        );
    }
    let winner = stats["winner"].as_u64().expect("the match has a winner");
    assert_eq!(stats["games"][winner as usize], 1);
    assert!(!stats["winner_name"].as_str().unwrap().is_empty());

    let out = carrom(&["replay", path.to_str().unwrap(), "--stats"]);
    let (stdout, _) = text(&out);
    assert!(stdout.contains("Statistics:"), "{stdout}");
    assert!(stdout.contains("longest run"), "{stdout}");
    let out = carrom(&["replay", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2), "--json needs --stats");
    std::fs::remove_dir_all(&d).ok();
}

/// A replay written before a computer's level had a type of its own (`carrom demo --headless
/// --seats 2 --length board --seed 41 --level easy --replay-out`, levels as text) still loads,
/// replays to its recorded end and names its computers' level; the older name `fast` reads as
/// easy.
#[test]
fn a_replay_written_before_levels_were_typed_still_loads_and_replays() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/replay-before-typed-levels.json");
    let out = carrom(&["replay", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    let old = std::fs::read_to_string(&path).unwrap();
    let fast = old.replacen("\"computer\": \"easy\"", "\"computer\": \"fast\"", 1);
    for text in [&old, &fast] {
        let save = SaveFile::parse(text, "old.json").unwrap();
        let levels: Vec<_> = save.setup.players.iter().map(|p| p.computer).collect();
        assert_eq!(levels, [Some(carrom_ai::Level::Easy); 2]);
        let resumed = carrom_match::resume(&Spec::default(), &save, "old.json", |_| {}).unwrap();
        assert!(resumed.game.is_over());
    }
}

/// `carrom host --headless --load FILE` on the loopback interface, every seat the host's
/// computer's, with `extra` flags: its exit status (`None`: still running after 60 s, then
/// killed), its output and its errors.
fn host_load(d: &Path, path: &Path, extra: &[&str]) -> (Option<i32>, String, String) {
    let (out, err) = (d.join("host.out"), d.join("host.err"));
    let mut args = headless_host_words("LOAD42");
    args.extend_from_slice(&["--load", path.to_str().unwrap()]);
    args.extend_from_slice(extra);
    let mut child = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(&args)
        .env("CARROM_CONFIG_DIR", d)
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("carrom runs");
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().ok();
            child.wait().ok();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    (code, read(&out), read(&err))
}

/// A host going on with a save goes through the one resume `replay` and `play --load` go
/// through: a save whose last digest, end, games or strokes were changed is refused before
/// anything is hosted, in the same words, naming the file and where it stops reaching its
/// recorded position.
#[test]
fn a_host_refuses_a_changed_save_as_replay_does() {
    let d = dir("host-load");
    let path = d.join("match.json");
    let base: Value = serde_json::to_value(SaveFile::of(&played(3, false))).unwrap();
    let cases: [(&str, Damage); 4] = [
        ("actions[2]: does not reach the recorded position", |v| {
            v["digests"][2] = "0123456789abcdef".into()
        }),
        ("finished: the file says true", |v| {
            v["finished"] = true.into()
        }),
        ("the replay does not end as recorded", |v| {
            v["games"] = serde_json::json!([1, 0])
        }),
        ("actions[0]: does not reach the recorded position", |v| {
            let angle = v["actions"][0]["shot"]["angle_deg"].as_f64().unwrap();
            v["actions"][0]["shot"]["angle_deg"] = (angle + 1e-4).into();
        }),
    ];
    for (expected, damage) in cases {
        let mut save = base.clone();
        damage(&mut save);
        write(&path, &save);
        let (_, replay_said) = text(&carrom(&["replay", path.to_str().unwrap()]));
        let (code, stdout, stderr) = host_load(&d, &path, &[]);
        assert_eq!(code, Some(2), "{expected}: {stdout}{stderr}");
        assert!(stdout.is_empty(), "{expected}: nothing hosted: {stdout}");
        assert!(stderr.contains("match.json"), "{stderr}");
        assert!(stderr.contains(expected), "{expected} in {stderr}");
        assert_eq!(stderr, replay_said, "{expected}: the same words as replay");
    }
    std::fs::remove_dir_all(&d).ok();
}

/// With `--load` the save fixes the match: the flags that would set it are refused, not
/// ignored; a save that replays is hosted, saying how many actions it holds (the host's own
/// save and a guest's can differ by one: the one with more is the newer).
#[test]
fn a_host_going_on_with_a_save_refuses_what_the_save_fixes_and_counts_its_actions() {
    let d = dir("host-fixed");
    let path = d.join("match.json");
    SaveFile::of(&played(4, false)).write(&path).unwrap();
    for flags in [
        &["--mode", "doubles"][..],
        &["--rules", "vkk"],
        &["--length", "board"],
        &["--seed", "3"],
        &["--names", "Asha,Ravi"],
    ] {
        let (code, stdout, stderr) = host_load(&d, &path, flags);
        assert_eq!(code, Some(2), "{flags:?}: {stdout}{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(flags[0]), "{flags:?}: {stderr}");
        assert!(stderr.contains("match.json fixes"), "{flags:?}: {stderr}");
    }
    let (code, stdout, stderr) = host_load(&d, &path, &[]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("Going on with {}: 4 actions", path.display())),
        "{stdout}"
    );
    assert!(stdout.contains("Match over after"), "{stdout}");
    std::fs::remove_dir_all(&d).ok();
}

/// The casual text's three players for points: `carrom demo --headless --rules points --seats
/// 3` plays the game to its end, the three players' points adding up to the men they pocketed
/// and the covered Queen, and its replay checks with `carrom replay`.
#[test]
fn three_players_for_points_play_a_game_to_its_end_and_its_replay_checks() {
    let d = dir("points");
    let path = d.join("three.json");
    let out = carrom(&[
        "demo",
        "--headless",
        "--rules",
        "points",
        "--seats",
        "3",
        "--level",
        "easy",
        "--seed",
        "5",
        "--replay-out",
        path.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}\n{stdout}");
    assert!(stdout.contains("Game over after"), "{stdout}");
    assert!(!stdout.contains("INVARIANT"), "{stdout}");
    let save = SaveFile::load(&path).unwrap();
    let game = carrom_match::resume(&Spec::default(), &save, "three.json", |_| {})
        .unwrap()
        .game;
    let r = &game.referee;
    assert_eq!(r.seats(), carrom_referee::Seats::Three);
    let winner = r.point_winner().expect("the game has a winner");
    let seats = r.seats().seats();
    let points: Vec<u16> = seats.iter().map(|&s| r.points_of(s)).collect();
    assert!(
        points.iter().all(|&p| p <= r.points_of(winner)),
        "{points:?}"
    );
    assert_eq!(
        seats.iter().map(|&s| r.board_points_of(s)).sum::<u16>(),
        r.held_worth(),
        "the board's points are its men's and the Queen's"
    );
    let replay = carrom(&["replay", path.to_str().unwrap()]);
    let (stdout, stderr) = text(&replay);
    assert!(replay.status.success(), "{stderr}");
    assert!(
        stdout.contains("Replay ends as recorded: points"),
        "{stdout}"
    );
    let refused = carrom(&["demo", "--headless", "--seats", "3"]);
    let (_, stderr) = text(&refused);
    assert!(!refused.status.success());
    assert!(stderr.contains("point game"), "{stderr}");
}

/// Total point carrom (the manual's rules file) plays three boards: each board over with every
/// man down is written in the statistics with every player's points, and its result card says
/// what each made of that board.
#[test]
fn total_point_carrom_writes_each_board_with_the_points_and_what_each_made_of_it() {
    let d = dir("total-point");
    let path = d.join("total.json");
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rules/total-point.toml");
    let out = carrom(&[
        "demo",
        "--headless",
        "--rules",
        rules.to_str().unwrap(),
        "--seats",
        "3",
        "--level",
        "beginner",
        "--seed",
        "2",
        "--replay-out",
        path.to_str().unwrap(),
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}\n{stdout}");
    let save = SaveFile::load(&path).unwrap();
    let game = carrom_match::resume(&Spec::default(), &save, "total.json", |_| {})
        .unwrap()
        .game;
    let boards = &game.stats.boards;
    let points: Vec<[u16; 4]> = boards.iter().filter_map(|b| b.points_by_seat).collect();
    assert!(points.len() >= 3, "three boards or more: {boards:?}");
    assert!(
        stdout.contains("Game 1 board 1: every man down, points South "),
        "{stdout}"
    );
    let second = boards.iter().find(|b| b.board == 2).unwrap();
    let card = carrom_match::words::board_result(&game, second, false);
    assert_eq!(card[0], "Board 2: every man is down (Law 56(a))");
    let made: Vec<String> = game
        .setup
        .seats
        .seats()
        .iter()
        .map(|s| {
            let made = i32::from(points[1][s.index()]) - i32::from(points[0][s.index()]);
            format!("{} {made:+}", game.player(*s).name)
        })
        .collect();
    assert_eq!(card[2], format!("This board: {}", made.join(", ")));
}
