//! `carrom tournament`: new, play and standings as the binary runs them; the standings' JSON
//! in its documented shape; results that are no VKK game's, bad flags and bad files refused on
//! one line with exit 2; a tournament of computers played to its champion, every game's
//! replay checked by `carrom replay`; a kill while it plays loses no game.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn carrom<S: AsRef<str>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(args.iter().map(|a| a.as_ref()))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .output()
        .expect("carrom runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn ok(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    stdout(out)
}

/// The command failed with exit 2 and one line on stderr saying every one of `words`,
/// nothing on stdout, and no panic.
fn refused<S: AsRef<str> + std::fmt::Debug>(args: &[S], words: &[&str]) {
    let out = carrom(args);
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{args:?}: one line: {e}");
    assert!(!e.contains("panicked"), "{args:?}: {e}");
    assert!(out.stdout.is_empty(), "{args:?}: {}", stdout(&out));
    for w in words {
        assert!(e.contains(w), "{args:?}: `{w}` in {e}");
    }
}

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-tournament-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// `carrom tournament new --format knockout --players players …more --out file`, which must
/// succeed; its stdout.
fn new_knockout(file: &Path, players: &str, more: &[&str]) -> String {
    let mut args = vec![
        "tournament",
        "new",
        "--format",
        "knockout",
        "--players",
        players,
    ];
    args.extend_from_slice(more);
    args.extend_from_slice(&["--out", path(file)]);
    ok(&carrom(&args))
}

/// `carrom tournament play file --headless --all`, which must succeed; its stdout.
fn play_all(file: &Path) -> String {
    ok(&carrom(&[
        "tournament",
        "play",
        path(file),
        "--headless",
        "--all",
    ]))
}

/// `carrom tournament record file --game game --save save`'s words.
fn record<'a>(file: &'a Path, game: &'a str, save: &'a str) -> [&'a str; 7] {
    [
        "tournament",
        "record",
        path(file),
        "--game",
        game,
        "--save",
        save,
    ]
}

/// The tournament's file as JSON.
fn read_tournament(file: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// A group of four, every game played: Asha wins all three; Ravi and Meena tie 6-6 after six
/// boards and Meena wins the additional board 9; Joseph beats Meena 25-0.
const DOCUMENT: &str = r#"{"rules": "vkk",
 "groups": [{"name": "A", "players": ["Asha", "Ravi", "Meena", "Joseph"]}],
 "games": [
  {"group": "A", "players": ["Asha", "Ravi"], "boards": [{"winner": "Asha", "points": 12}, {"winner": "Ravi", "points": 3}, {"winner": "Asha", "points": 13}]},
  {"group": "A", "players": ["Asha", "Meena"], "boards": [{"winner": "Asha", "points": 12}, {"winner": "Asha", "points": 13}]},
  {"group": "A", "players": ["Asha", "Joseph"], "boards": [{"winner": "Joseph", "points": 5}, {"winner": "Asha", "points": 12}, {"winner": "Asha", "points": 13}]},
  {"group": "A", "players": ["Ravi", "Meena"], "boards": [{"winner": "Ravi", "points": 2}, {"winner": "Meena", "points": 2}, {"winner": "Ravi", "points": 2}, {"winner": "Meena", "points": 2}, {"winner": "Ravi", "points": 2}, {"winner": "Meena", "points": 2}], "additional": {"winner": "Meena", "points": 9}},
  {"group": "A", "players": ["Ravi", "Joseph"], "boards": [{"winner": "Ravi", "points": 12}, {"winner": "Ravi", "points": 13}]},
  {"group": "A", "players": ["Meena", "Joseph"], "boards": [{"winner": "Joseph", "points": 12}, {"winner": "Joseph", "points": 13}]}
 ]}"#;

#[test]
fn the_json_standings_are_one_line_in_the_documented_shape() {
    let dir = folder("shape");
    let file = write(&dir, "results.json", DOCUMENT);
    let out = ok(&carrom(&["tournament", "standings", &file, "--json"]));
    assert_eq!(out.lines().count(), 1, "{out}");
    let expected = concat!(
        r#"{"groups":[{"name":"A","standings":["#,
        r#"{"rank":1,"name":"Asha","played":3,"won":3,"points":6,"wins":3,"scored":75,"conceded":8,"net":67,"advances":true},"#,
        r#"{"rank":2,"name":"Ravi","played":3,"won":1,"points":2,"wins":1,"scored":34,"conceded":31,"net":3,"advances":true},"#,
        r#"{"rank":3,"name":"Joseph","played":3,"won":1,"points":2,"wins":1,"scored":30,"conceded":50,"net":-20,"advances":false},"#,
        r#"{"rank":4,"name":"Meena","played":3,"won":1,"points":2,"wins":1,"scored":6,"conceded":56,"net":-50,"advances":false}"#,
        r#"],"shootout":null}]}"#
    );
    assert_eq!(out.trim_end(), expected);
    let text = ok(&carrom(&["tournament", "standings", &file]));
    assert!(
        text.contains("Group A:") && text.contains("advances"),
        "{text}"
    );
}

#[test]
fn the_json_standings_leave_the_additional_board_out_of_net_points() {
    let dir = folder("additional");
    let file = write(&dir, "results.json", DOCUMENT);
    let out = ok(&carrom(&["tournament", "standings", &file, "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v["groups"][0]["standings"].as_array().unwrap();
    let meena = rows.iter().find(|r| r["name"] == "Meena").unwrap();
    assert_eq!(
        (meena["won"].as_u64(), meena["scored"].as_u64()),
        (Some(1), Some(6))
    );
    let ravi = rows.iter().find(|r| r["name"] == "Ravi").unwrap();
    assert_eq!(
        ravi["conceded"].as_u64(),
        Some(31),
        "Meena's 9 on the additional board left out"
    );
}

/// Two players tied on points, wins and net points for the second place.
const TIED: &str = r#"{"rules": "vkk",
 "groups": [{"name": "A", "players": ["A", "B", "C", "D"]}],
 "games": [
  {"group": "A", "players": ["A", "B"], "boards": [{"winner": "B", "points": 5}, {"winner": "A", "points": 12}, {"winner": "A", "points": 13}]},
  {"group": "A", "players": ["A", "C"], "boards": [{"winner": "C", "points": 5}, {"winner": "A", "points": 12}, {"winner": "A", "points": 13}]},
  {"group": "A", "players": ["A", "D"], "boards": [{"winner": "A", "points": 12}, {"winner": "A", "points": 13}]},
  {"group": "A", "players": ["B", "C"], "boards": [{"winner": "C", "points": 10}, {"winner": "B", "points": 12}, {"winner": "B", "points": 13}]},
  {"group": "A", "players": ["C", "D"], "boards": [{"winner": "D", "points": 10}, {"winner": "C", "points": 12}, {"winner": "C", "points": 13}]},
  {"group": "A", "players": ["D", "B"], "boards": [{"winner": "B", "points": 10}, {"winner": "D", "points": 12}, {"winner": "D", "points": 13}]}
 ]SHOOTOUTS}"#;

#[test]
fn a_results_document_tied_across_the_cut_owes_a_shootout_and_its_winner_advances() {
    let dir = folder("tied");
    let owed = write(&dir, "owed.json", &TIED.replace("SHOOTOUTS", ""));
    let out = ok(&carrom(&["tournament", "standings", &owed, "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["groups"][0]["shootout"], serde_json::json!(["B", "C"]));
    let advancing: Vec<&str> = (v["groups"][0]["standings"].as_array().unwrap().iter())
        .filter(|r| r["advances"] == true)
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    assert_eq!(advancing, ["A"]);
    let shootout = r#", "shootouts": [{"group": "A", "players": ["B", "C"], "winner": "C"}]"#;
    let played = write(&dir, "played.json", &TIED.replace("SHOOTOUTS", shootout));
    let out = ok(&carrom(&["tournament", "standings", &played, "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["groups"][0]["shootout"], Value::Null);
    let rows = v["groups"][0]["standings"].as_array().unwrap();
    assert_eq!(
        (rows[1]["name"].as_str(), rows[1]["advances"].as_bool()),
        (Some("C"), Some(true))
    );
    assert_eq!(
        (rows[2]["name"].as_str(), rows[2]["rank"].as_u64()),
        (Some("B"), Some(3))
    );
}

/// DOCUMENT with its game `game` (0-based) replaced by `with`.
fn document_with(game: usize, with: &str) -> String {
    let mut lines: Vec<String> = DOCUMENT.lines().map(str::to_string).collect();
    let comma = if game < 5 { "," } else { "" };
    lines[3 + game] = format!("  {with}{comma}");
    lines.join("\n")
}

#[test]
fn results_past_25_points_or_six_boards_are_refused_naming_the_game_and_the_field() {
    let dir = folder("past");
    let after_25 = document_with(
        1,
        r#"{"group": "A", "players": ["Asha", "Meena"], "boards": [{"winner": "Asha", "points": 12}, {"winner": "Asha", "points": 13}, {"winner": "Meena", "points": 1}]}"#,
    );
    let file = write(&dir, "after25.json", &after_25);
    refused(
        &["tournament", "standings", &file, "--json"],
        &["game 2 (Asha v Meena)", "`games[1].boards[2]`", "25 points"],
    );
    let seven = document_with(
        3,
        r#"{"group": "A", "players": ["Ravi", "Meena"], "boards": [{"winner": "Ravi", "points": 1}, {"winner": "Meena", "points": 1}, {"winner": "Ravi", "points": 1}, {"winner": "Meena", "points": 1}, {"winner": "Ravi", "points": 1}, {"winner": "Meena", "points": 1}, {"winner": "Ravi", "points": 1}]}"#,
    );
    let file = write(&dir, "seven.json", &seven);
    refused(
        &["tournament", "standings", &file],
        &["game 4 (Ravi v Meena)", "`games[3].boards[6]`"],
    );
}

#[test]
fn results_with_a_stranger_an_untied_additional_board_or_negative_points_are_refused() {
    let dir = folder("strangers");
    let cases = [
        (
            0,
            r#"{"group": "A", "players": ["Asha", "Ravi"], "boards": [{"winner": "Asha", "points": 12}, {"winner": "Ravi", "points": 3}], "additional": {"winner": "Ravi", "points": 2}}"#,
            vec![
                "game 1 (Asha v Ravi)",
                "`games[0].additional`",
                "tied after 6 boards",
            ],
        ),
        (
            0,
            r#"{"group": "A", "players": ["Asha", "Ravi"], "boards": [{"winner": "Sunil", "points": 12}]}"#,
            vec![
                "game 1",
                "`games[0].boards[0].winner`",
                "Sunil is not in the game",
            ],
        ),
        (
            2,
            r#"{"group": "A", "players": ["Asha", "Sunil"], "boards": []}"#,
            vec![
                "game 3 (Asha v Sunil)",
                "`games[2].players[1]`",
                "Sunil is not in group A",
            ],
        ),
        (
            4,
            r#"{"group": "A", "players": ["Ravi", "Joseph"], "boards": [{"winner": "Ravi", "points": -3}]}"#,
            vec!["game 5", "`games[4].boards[0].points`", "-3", "negative"],
        ),
        (
            4,
            r#"{"group": "B", "players": ["Ravi", "Joseph"], "boards": []}"#,
            vec!["game 5", "`games[4].group`", "no group `B`"],
        ),
    ];
    for (i, (game, with, words)) in cases.iter().enumerate() {
        let file = write(&dir, &format!("bad{i}.json"), &document_with(*game, with));
        refused(&["tournament", "standings", &file, "--json"], words);
    }
    let file = write(
        &dir,
        "shape.json",
        r#"{"rules": "vkk", "groups": [], "games": [{"group": 3}]}"#,
    );
    refused(&["tournament", "standings", &file], &["`games[0].group`"]);
    let file = write(&dir, "rules.json", &DOCUMENT.replace("\"vkk\"", "\"icf\""));
    refused(&["tournament", "standings", &file], &["`rules`", "icf"]);
}

#[test]
fn bad_flags_and_bad_files_get_one_line_and_exit_2() {
    let dir = folder("flags");
    let out = dir.join("t.json");
    let out_path = path(&out).to_string();
    let new = |more: &[&'static str]| -> Vec<String> {
        let mut args = vec![
            "tournament".to_string(),
            "new".into(),
            "--out".into(),
            out_path.clone(),
        ];
        args.extend(more.iter().map(|a| a.to_string()));
        args
    };
    let eight = "A,B,C,D,E,F,G,H";
    refused(
        &new(&["--format", "ladder", "--players", eight]),
        &["--format", "ladder"],
    );
    refused(
        &new(&["--format", "vkk", "--players", "A,B,a"]),
        &["--players", "`a` is named twice"],
    );
    refused(
        &new(&["--format", "vkk", "--players", "A,computer:expert,C"]),
        &["`expert` is not a level"],
    );
    refused(
        &new(&["--format", "vkk", "--players", eight, "--groups", "3"]),
        &["--groups", "3 to 8"],
    );
    refused(
        &new(&["--format", "vkk", "--players", eight, "--groups", "0"]),
        &["--groups"],
    );
    refused(
        &new(&["--format", "swiss", "--players", eight, "--rounds", "5"]),
        &["--rounds", "1 to 4"],
    );
    refused(
        &new(&["--format", "knockout", "--players", eight, "--rules", "icf"]),
        &["--rules", "vkk"],
    );
    refused(
        &new(&[
            "--format",
            "round-robin",
            "--players",
            eight,
            "--third-place",
        ]),
        &["--third-place"],
    );
    refused(
        &new(&["--format", "knockout", "--players", eight, "--seed", "x"]),
        &["--seed"],
    );
    refused(
        &["tournament", "new", "--format", "vkk", "--players", eight],
        &["--out"],
    );
    assert!(!out.exists(), "nothing written by a refused command");
    ok(&carrom(&new(&["--format", "knockout", "--players", eight])));
    refused(
        &new(&["--format", "knockout", "--players", eight]),
        &["--out", "there already"],
    );
    let missing = dir.join("missing.json");
    refused(
        &["tournament", "play", path(&missing), "--headless"],
        &["missing.json"],
    );
    refused(
        &["tournament", "standings", path(&missing)],
        &["missing.json"],
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let v2 = write(
        &dir,
        "v2.json",
        &text.replace("\"version\": 1", "\"version\": 2"),
    );
    refused(
        &["tournament", "standings", &v2],
        &["field `version`", "version 2"],
    );
    let damaged = write(
        &dir,
        "damaged.json",
        &text.replace("\"seed\": 1", "\"seed\": \"one\""),
    );
    refused(
        &["tournament", "play", &damaged, "--all"],
        &["damaged.json", "field `seed`"],
    );
    let half = write(&dir, "half.json", &text[..text.len() / 2]);
    refused(
        &["tournament", "standings", &half, "--json"],
        &["half.json"],
    );
    let people = dir.join("people.json");
    new_knockout(&people, "Asha,computer:easy", &[]);
    refused(
        &["tournament", "play", path(&people), "--all"],
        &["--all", "Asha"],
    );
}

#[test]
fn a_new_tournament_has_its_groups_its_tosses_and_empty_tables() {
    let dir = folder("new");
    let file = dir.join("t.json");
    let players = "Asha,Ravi,Meena,Joseph,computer:hard,computer:easy,Sunil,Priya";
    let out = ok(&carrom(&[
        "tournament",
        "new",
        "--format",
        "vkk",
        "--players",
        players,
        "--groups",
        "2",
        "--third-place",
        "--seed",
        "4",
        "--out",
        path(&file),
    ]));
    assert!(
        out.contains("Group A: Asha, Meena, Computer 1 (hard), Sunil"),
        "{out}"
    );
    assert!(out.contains("12 games scheduled"), "{out}");
    let t: Value = read_tournament(&file);
    assert_eq!(
        (t["format"].as_str(), t["version"].as_u64()),
        (Some("carrom-tournament"), Some(1))
    );
    for g in t["games"].as_array().unwrap() {
        let players = g["players"].as_array().unwrap();
        assert!(
            players.contains(&g["first"]),
            "the toss's winner is in the game: {g}"
        );
    }
    let json = ok(&carrom(&["tournament", "standings", path(&file), "--json"]));
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["groups"].as_array().unwrap().len(), 2);
    assert!(
        v["groups"][0]["standings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["played"] == 0)
    );
    let text = ok(&carrom(&["tournament", "standings", path(&file)]));
    assert!(text.contains("Next (4 games)"), "{text}");
}

#[test]
fn a_game_with_a_person_is_left_for_the_board() {
    let dir = folder("person");
    let file = dir.join("t.json");
    new_knockout(&file, "Asha,computer:easy", &[]);
    let before = std::fs::read_to_string(&file).unwrap();
    let out = ok(&carrom(&["tournament", "play", path(&file), "--headless"]));
    assert!(
        out.contains("has a person at the board") && out.contains("carrom play"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
}

fn replay_checks(file: &Path) {
    let out = ok(&carrom(&["replay", path(file)]));
    assert!(out.contains("Replay ends as recorded"), "{out}");
}

#[test]
fn the_toss_winner_breaks_the_first_board_of_the_played_game() {
    let dir = folder("toss");
    let file = dir.join("final.json");
    let players = "computer:beginner,computer:beginner";
    new_knockout(&file, players, &["--seed", "3"]);
    let out = play_all(&file);
    assert!(
        out.contains("Game 1 (final)") && out.contains("Champion: Computer"),
        "{out}"
    );
    let t: Value = read_tournament(&file);
    let game = &t["games"][0];
    let replays = game["replays"].as_array().unwrap();
    assert!(!replays.is_empty() && game["winner"].is_string(), "{game}");
    for r in replays {
        replay_checks(&dir.join(r.as_str().unwrap()));
    }
    let replay: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(replays[0].as_str().unwrap())).unwrap(),
    )
    .unwrap();
    let breaker = if game["first"] == game["players"][0] {
        "south"
    } else {
        "north"
    };
    assert_eq!(replay["setup"]["breaker"], breaker, "{}", replay["setup"]);
    assert_eq!(replay["setup"]["rules_name"], "vkk");
    let again = play_all(&file);
    assert!(again.contains("the tournament is over"), "{again}");
}

#[test]
fn a_kill_while_it_plays_loses_no_game_and_the_file_stays_whole() {
    let dir = folder("kill");
    let file = dir.join("t.json");
    let players = "computer:beginner,computer:beginner,computer:beginner";
    new_knockout(&file, players, &[]);
    let mut played = 0;
    for wait in [300, 900, 2500, 6000] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carrom"))
            .args(["tournament", "play", path(&file), "--headless", "--all"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(wait));
        let _ = child.kill();
        let _ = child.wait();
        let text = std::fs::read_to_string(&file).unwrap();
        let t: Value = serde_json::from_str(&text).expect("the file is whole after a kill");
        let now = t["games"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g["winner"].is_string())
            .count();
        assert!(now >= played, "a game played before the kill is kept");
        played = now;
    }
    let out = play_all(&file);
    assert!(out.contains("Champion:"), "{out}");
    ok(&carrom(&["tournament", "standings", path(&file)]));
}

#[test]
fn a_game_played_on_the_board_is_taken_from_its_save() {
    let dir = folder("record");
    let file = dir.join("t.json");
    new_knockout(&file, "Asha,Ravi", &[]);
    let played = dir.join("played.json");
    let demo = [
        "demo",
        "--headless",
        "--seats",
        "2",
        "--level",
        "beginner",
        "--rules",
        "vkk",
        "--length",
        "game",
        "--seed",
        "5",
        "--replay-out",
        path(&played),
    ];
    ok(&carrom(&demo));
    let strangers = std::fs::read_to_string(&played).unwrap();
    refused(
        &record(&file, "1", path(&played)),
        &[
            "South (computer) v North (computer)",
            "not game 1's (Asha v Ravi)",
        ],
    );
    let theirs = strangers
        .replace("South (computer)", "Asha")
        .replace("North (computer)", "Ravi");
    let save = write(&dir, "asha-ravi.json", &theirs);
    refused(&record(&file, "2", &save), &["no game 2"]);
    let out = ok(&carrom(&record(&file, "1", &save)));
    assert!(
        out.contains("Game 1 (final)") && out.contains("Champion:"),
        "{out}"
    );
    let t: Value = read_tournament(&file);
    let kept = t["games"][0]["replays"][0].as_str().unwrap();
    replay_checks(&dir.join(kept));
    refused(&record(&file, "1", &save), &["game 1 is already played"]);
}
