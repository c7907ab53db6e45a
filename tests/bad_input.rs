//! Bad and edge input on the command line: every flag is checked once, by the argument
//! parser, whatever the display; counts have ranges, shown in `--help`; a display that is set
//! but dead is no display; every request takes one JSON value; no message echoes huge input;
//! a reader that goes away stops the output quietly. Every error is one line naming the flag
//! or field, exit 2, and never a panic.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// `carrom ARGS` with `display` as DISPLAY (none when `None`), `stdin` as its input.
fn carrom_on(display: Option<&str>, args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match display {
        Some(d) => command.env("DISPLAY", d),
        None => command.env_remove("DISPLAY"),
    };
    let mut child = command.spawn().expect("carrom runs");
    let mut input = child.stdin.take().unwrap();
    // A command that refuses its arguments does not read its input.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

fn carrom(args: &[&str]) -> Output {
    carrom_on(None, args, "")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The command failed with exit 2 and one line on stderr containing every one of `expected`,
/// nothing on stdout, and no panic.
fn refused(out: &Output, expected: &[&str], what: &str) {
    let e = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{what}: {e}");
    assert_eq!(e.trim_end().lines().count(), 1, "{what}: one line: {e}");
    assert!(!e.contains("panicked"), "{what}: {e}");
    assert!(
        out.stdout.is_empty(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    for x in expected {
        assert!(e.contains(x), "{what}: `{x}` in {e}");
    }
}

#[test]
fn zero_and_nonsense_counts_are_refused_with_the_range() {
    for (args, expected) in [
        (
            &["practice", "--boards", "0"][..],
            &["--boards", "1 to 100000"][..],
        ),
        (&["practice", "--boards=-3"], &["--boards", "1 to 100000"]),
        (&["selfplay", "--games", "0"], &["--games", "1 to 100000"]),
        (&["soak", "--shots", "0"], &["--shots", "1 to 100000000"]),
        (&["soak", "--shots", "many"], &["--shots", "1 to 100000000"]),
        (
            &["soak", "--max-faults=-1"],
            &["--max-faults", "0 to 1000000"],
        ),
        (
            &["soak", "--seed", "1.5"],
            &["--seed", "0 to 18446744073709551615"],
        ),
        (&["practice", "--seed=-1"], &["--seed"]),
        (
            &["bench", "--seconds", "nan"],
            &["--seconds", "at most 3600"],
        ),
        (&["demo", "--seats", "5"], &["--seats", "2, 3, 4"]),
        (&["demo", "--seats", "3"], &["--seats", "point game"]),
        (&["selfplay", "--seats", "0"], &["--seats", "2, 4"]),
        (
            &["selfplay", "--levels", "medium"],
            &["--levels", "two levels"],
        ),
        (
            &["selfplay", "--levels", "medium,expert"],
            &["--levels", "`expert` is not a level"],
        ),
        (&["ladder", "--games", "0"], &["--games", "1 to 100000"]),
        (&["ladder", "--games", "many"], &["--games", "1 to 100000"]),
        (
            &["ladder", "--seed=-2"],
            &["--seed", "0 to 18446744073709551615"],
        ),
        (
            &["ladder", "--levels", "medium"],
            &["--levels", "at least two levels"],
        ),
        (
            &["ladder", "--levels", "easy,grandmaster"],
            &["--levels", "`grandmaster` is not a level", "beginner, easy"],
        ),
        (
            &["ladder", "--levels", "easy,fast"],
            &["--levels", "`easy` is named twice"],
        ),
    ] {
        refused(&carrom(args), expected, &args.join(" "));
    }
}

/// Flags are checked the same way with and without a display: a headless run refuses what a
/// window would refuse.
#[test]
fn flags_are_checked_whatever_the_display() {
    for speed in ["9", "0", "nan", "inf", "-inf"] {
        let speed = format!("--speed={speed}");
        for headless in [true, false] {
            let mut args = vec!["demo", &speed];
            if headless {
                args.push("--headless");
            }
            refused(&carrom(&args), &["--speed", "1 to 8"], &args.join(" "));
        }
    }
    for args in [
        &["demo", "--level", "grandmaster"][..],
        &["practice", "--level", "grandmaster"],
    ] {
        refused(
            &carrom(args),
            &[
                "--level",
                "grandmaster",
                "beginner, easy, medium, skilled, hard",
            ],
            &args.join(" "),
        );
    }
    refused(
        &carrom(&["demo", "--rules", "chess"]),
        &["--rules", "chess", "icf, vkk, fof2022, casual, traditional"],
        "demo --rules chess",
    );
}

/// A replay that cannot be written is refused before the match is played, not after it; a
/// guest's `--retry` has a range (a huge one overflowed the clock when the host went).
#[test]
fn a_replay_out_that_cannot_be_written_and_a_retry_out_of_range_are_refused_at_once() {
    let file = std::env::temp_dir().join(format!("carrom-not-a-folder-{}", std::process::id()));
    std::fs::write(&file, "a file, not a folder").unwrap();
    let out = file.join("replay.json");
    let args = ["demo", "--headless", "--replay-out", out.to_str().unwrap()];
    refused(
        &carrom(&args),
        &["--replay-out", "replay.json"],
        "replay-out",
    );
    std::fs::remove_file(&file).ok();
    for retry in ["18446744073709551615", "9223372036854775807", "86401"] {
        let args = [
            "join",
            "127.0.0.1:9",
            "--code",
            "ABC123",
            "--headless",
            "--watch",
            "--retry",
            retry,
        ];
        refused(&carrom(&args), &["--retry", "0 to 86400"], retry);
    }
}

/// A host's address that names no port or an ambiguous one, a join code guessed within a day
/// and a host's player's name with a terminal's escapes are refused, saying what to write.
#[test]
fn addresses_codes_and_names_across_machines_are_refused_saying_what_to_write() {
    let join = |addr: &str| {
        carrom(&[
            "join",
            addr,
            "--code",
            "ABC123",
            "--headless",
            "--watch",
            "--retry",
            "0",
        ])
    };
    refused(
        &join("::1:7878"),
        &["::1:7878", "write [::1]:7878", "[::1:7878]"],
        "::1:7878",
    );
    for addr in ["127.0.0.1:0", "[::1]:0", "localhost:0", "127.0.0.1:65536"] {
        refused(&join(addr), &[addr, "the port must be 1 to 65535"], addr);
    }
    for code in ["A", "ABC"] {
        let args = ["host", "--headless", "--computer", "south", "--code", code];
        refused(
            &carrom(&args),
            &["--code", "guessed in about", "give 4 or more"],
            code,
        );
    }
    for name in ["\u{1b}[31mAsha", "Asha\u{7}"] {
        let args = ["host", "--headless", "--computer", "south", "--names", name];
        refused(&carrom(&args), &["--names", "control characters"], name);
    }
}

#[cfg(feature = "game")]
#[test]
fn the_game_s_flags_are_checked_without_a_display() {
    for (args, expected) in [
        (
            &["play", "--level", "grandmaster"][..],
            &["--level", "beginner, easy, medium, skilled, hard"][..],
        ),
        (
            &["play", "--computer", "mars"],
            &["--computer", "south, east, north, west"],
        ),
        (
            &["play", "--mode", "singles", "--computer", "east"],
            &["--computer", "east does not play in singles"],
        ),
        (
            &["play", "--mode", "three", "--rules", "icf"],
            &["--rules", "three players play only the point game"],
        ),
        (
            &["play", "--mode", "doubles", "--rules", "points"],
            &["--rules", "each for himself"],
        ),
        (
            &["play", "--mode", "billiards"],
            &[
                "--mode",
                "billiards",
                "menu, singles, doubles, three, practice, training, demo",
            ],
        ),
        (
            &["play", "--seed", "x"],
            &["--seed", "0 to 18446744073709551615"],
        ),
        (&["play", "--rules", "chess"], &["--rules", "icf, vkk"]),
        (&["screenshot", "--strokes=-1"], &["--strokes", "0 to 1000"]),
        (
            &["screenshot", "--timeout", "0"],
            &["--timeout", "1 to 86400"],
        ),
        (
            &["screenshot", "--mode", "chess"],
            &["--mode", "demo, practice, menu"],
        ),
    ] {
        for display in [None, Some(":29317")] {
            refused(
                &carrom_on(display, args, ""),
                expected,
                &format!("{display:?} {}", args.join(" ")),
            );
        }
    }
}

/// Every numeric flag states its range in its command's `--help`.
#[test]
fn every_numeric_flag_shows_its_range_in_help() {
    let mut cases = vec![
        ("soak", "--shots", "1 to 100000000"),
        ("soak", "--seed", "0 to 18446744073709551615"),
        ("soak", "--max-faults", "0 to 1000000"),
        ("bench", "--seconds", "more than 0 and at most 3600"),
        ("practice", "--boards", "1 to 100000"),
        ("practice", "--seed", "0 to 18446744073709551615"),
        ("selfplay", "--games", "1 to 100000"),
        ("selfplay", "--seed", "0 to 18446744073709551615"),
        ("selfplay", "--seats", "2, 4"),
        ("ladder", "--games", "1 to 100000"),
        ("ladder", "--seed", "0 to 18446744073709551615"),
        ("breaks", "--seed", "0 to 18446744073709551615"),
        ("demo", "--seats", "2, 3, 4"),
        ("demo", "--seed", "0 to 18446744073709551615"),
        ("demo", "--speed", "1 to 8"),
    ];
    if cfg!(feature = "game") {
        cases.extend([
            ("play", "--seed", "0 to 18446744073709551615"),
            ("screenshot", "--size", "320 to 7680"),
            ("screenshot", "--strokes", "0 to 1000"),
            ("screenshot", "--timeout", "1 to 86400"),
        ]);
    }
    for (command, flag, range) in cases {
        let out = carrom(&[command, "--help"]);
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        // The flag's entry: from its line to the next flag's.
        let mut lines = help
            .lines()
            .skip_while(|l| !l.trim_start().starts_with(&format!("{flag} ")));
        let first = lines
            .next()
            .unwrap_or_else(|| panic!("{command} --help has no {flag}: {help}"));
        let rest = lines.take_while(|l| {
            let l = l.trim_start();
            !(l.starts_with("--") || (l.starts_with('-') && l.chars().nth(2) == Some(',')))
        });
        let entry = std::iter::once(first)
            .chain(rest)
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            entry.contains(range),
            "{command} {flag}: no `{range}` in {entry}"
        );
    }
}

/// Every rules preset is named in the help of `--rules`.
#[test]
fn the_rules_presets_are_named_in_help() {
    let out = carrom(&["demo", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for preset in carrom_referee::PRESET_NAMES {
        assert!(help.contains(preset), "{preset}: {help}");
    }
}

/// A display that is named but has no server behind it is no display: the commands fall back
/// as they do without one, and say why.
#[cfg(feature = "game")]
#[test]
fn a_dead_display_is_no_display() {
    let dead = Some(":29313");
    refused(
        &carrom_on(dead, &["play", "--mode", "menu"], ""),
        &[
            "--mode menu needs a display",
            "no X server answers at DISPLAY=:29313",
        ],
        "play --mode menu",
    );
    // A replay's window.
    let dir = temp_dir("dead-display");
    let path = dir.join("replay.json");
    let game = carrom_match::Match::new(
        &carrom_physics::Spec::default(),
        carrom_match::MatchSetup::new(
            carrom_referee::Seats::Singles,
            carrom_referee::Rules::icf(),
            "icf",
            1,
        ),
    )
    .unwrap();
    carrom_match::SaveFile::of(&game).write(&path).unwrap();
    let out = carrom_on(dead, &["replay", "--window", path.to_str().unwrap()], "");
    let e = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{e}");
    assert!(
        e.contains("replay --window: no display (no X server answers at DISPLAY=:29313)"),
        "{e}"
    );
    assert!(!e.contains("panicked"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
    // The game and the demo fall back to the headless demo.
    for args in [&["play"][..], &["demo", "--seats", "2"]] {
        let first = first_line(dead, args);
        assert!(
            first.contains("no X server answers at DISPLAY=:29313")
                || first.starts_with("Headless demo"),
            "{args:?}: {first}"
        );
    }
}

/// The first line `carrom ARGS` prints, after which it is stopped.
#[cfg(feature = "game")]
fn first_line(display: Option<&str>, args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command
        .args(args)
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match display {
        Some(d) => command.env("DISPLAY", d),
        None => command.env_remove("DISPLAY"),
    };
    let mut child = command.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    line
}

#[test]
fn every_json_request_is_one_value_and_nothing_after_it() {
    for (command, request) in [
        ("hint", r#"{"seat": "south"} xyz"#),
        ("hint", r#"{"seat": "south"} {"seat": "north"}"#),
        (
            "simulate",
            r#"{"shot": {"seat": "south", "position": 0, "angle_deg": 0, "power": 1}} xyz"#,
        ),
        (
            "referee",
            r#"{"rules": "icf", "seats": 2, "strokes": [{"touched": true}]} xyz"#,
        ),
        (
            "referee",
            r#"{"rules": "icf", "seats": 2, "strokes": []} {"rules": "icf", "seats": 2, "strokes": []}"#,
        ),
    ] {
        let out = carrom_on(
            None,
            &[command, "--json"][..if command == "hint" { 2 } else { 1 }],
            request,
        );
        refused(
            &out,
            &["stdin", "trailing characters"],
            &format!("{command} {request}"),
        );
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-bad-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a message quotes of huge input is at most a few hundred characters: an argument of
/// 100 KB as a value, a flag or a command; a 50 MB string in a spec; a 50 MB field name in a
/// save.
#[test]
fn no_message_echoes_huge_input() {
    let huge = "x".repeat(100_000);
    let flag = format!("--{huge}");
    let mut cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["practice", "--boards", &huge], "--boards"),
        (vec!["soak", &flag], "unexpected argument"),
        (vec![&huge], "unrecognized subcommand"),
        (vec!["demo", "--rules", &huge], "--rules"),
        (vec!["selfplay", "--levels", &huge], "--levels"),
        (vec!["--spec", &huge, "board"], "xxxxxxxxxx"),
        (vec!["replay", &huge], "xxxxxxxxxx"),
    ];
    if cfg!(feature = "game") {
        cases.push((vec!["play", "--names", &huge], "--names"));
        cases.push((vec!["play", "--load", &huge], "xxxxxxxxxx"));
    }
    for (args, expected) in cases {
        let out = carrom(&args);
        let what = format!(
            "{:?}",
            args.iter()
                .map(|a| &a[..a.len().min(20)])
                .collect::<Vec<_>>()
        );
        refused(&out, &[expected], &what);
        assert!(out.stderr.len() < 600, "{what}: {} bytes", out.stderr.len());
    }

    let dir = temp_dir("huge");
    let spec = dir.join("huge.toml");
    std::fs::write(
        &spec,
        format!(
            "[materials]\nboard_friction = \"{}\"\n",
            "z".repeat(50_000_000)
        ),
    )
    .unwrap();
    let out = carrom(&["--spec", spec.to_str().unwrap(), "board"]);
    refused(
        &out,
        &["huge.toml", "board_friction"],
        "a 50 MB TOML string",
    );
    assert!(out.stderr.len() < 1200, "{} bytes", out.stderr.len());

    let save = dir.join("save.json");
    std::fs::write(
        &save,
        format!(
            r#"{{"format": "{}", "version": {}, "{}": 1}}"#,
            carrom_match::FORMAT,
            carrom_match::VERSION,
            "f".repeat(50_000_000)
        ),
    )
    .unwrap();
    let out = carrom(&["replay", save.to_str().unwrap()]);
    refused(&out, &["save.json", "unknown field"], "a 50 MB field name");
    assert!(out.stderr.len() < 1200, "{} bytes", out.stderr.len());
    std::fs::remove_dir_all(&dir).ok();
}

/// `carrom ... | head`: when the reader goes away the command stops quietly (by SIGPIPE, as
/// command-line tools do), with no panic or backtrace.
#[test]
fn a_reader_that_goes_away_stops_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["demo", "--headless", "--seats", "2"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("RUST_BACKTRACE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("Headless demo"), "{line}");
    // The reader is gone (dropped with its pipe).
    let out = child.wait_with_output().unwrap();
    let e = stderr(&out);
    assert!(!e.contains("panicked") && !e.contains("backtrace"), "{e}");
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(
            out.status.success() || out.status.signal() == Some(13),
            "{:?}: {e}",
            out.status
        );
    }
}

/// A save of a one-board match between two easy computers, played by `carrom demo` into `dir`.
fn a_played_save(dir: &std::path::Path) -> serde_json::Value {
    let path = dir.join("played.json");
    let out = carrom(&[
        "demo",
        "--headless",
        "--seats",
        "2",
        "--length",
        "board",
        "--level",
        "easy",
        "--replay-out",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// What the last sweep of bad inputs over every command found, each refused in one line
/// naming the file, the field or the flag (before: a save's player's name with a terminal's
/// escape and 100,000 characters was replayed, reviewed, played on and hosted, and printed
/// whole; a progress file's name likewise; `--hand-over` had no range; a `--dir` that is not
/// there had "no training progress"; `play --save` to a path that cannot be written was
/// accepted).
#[test]
fn the_last_sweeps_finds_are_refused_in_one_line() {
    let d = temp_dir("sweep");
    let mut save = a_played_save(&d);
    save["setup"]["players"][0]["name"] = format!("\u{1b}[2J{}", "x".repeat(100_000)).into();
    let bad = d.join("bad-name.json");
    std::fs::write(&bad, save.to_string()).unwrap();
    let bad = bad.to_str().unwrap();
    let mut cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["replay", bad],
            vec!["bad-name.json", "setup.players[0].name"],
        ),
        (
            vec!["review", bad],
            vec!["bad-name.json", "setup.players[0].name"],
        ),
        (
            vec![
                "host",
                "--headless",
                "--port",
                "0",
                "--code",
                "SWEEP4",
                "--load",
                bad,
            ],
            vec![
                "bad-name.json",
                "setup.players[0].name",
                "1 to 24 characters",
            ],
        ),
        (
            vec![
                "host",
                "--headless",
                "--port",
                "0",
                "--hand-over",
                "99999999999",
            ],
            vec!["--hand-over", "0 to 86400"],
        ),
        (
            vec!["trainer", "--stats", "--dir", "/nonexistent-carrom-dir"],
            vec!["--dir", "/nonexistent-carrom-dir is not a directory"],
        ),
    ];
    let progress = d.join("trainer");
    std::fs::create_dir_all(&progress).unwrap();
    let named = serde_json::json!({
        "format": "carrom-trainer-progress", "version": 1, "name": "Asha\u{7}",
        "ladders": {}, "days": {}
    });
    std::fs::write(progress.join("Asha.json"), named.to_string()).unwrap();
    let dir = d.to_str().unwrap();
    cases.push((
        vec!["trainer", "--stats", "--dir", dir],
        vec!["Asha.json", "name: a name has no control characters"],
    ));
    if cfg!(feature = "game") {
        cases.push((
            vec!["play", "--load", bad],
            vec!["bad-name.json", "setup.players[0].name"],
        ));
        cases.push((
            vec!["play", "--save", "/proc/no-such/save.json"],
            vec!["--save", "/proc/no-such/save.json"],
        ));
    }
    for (args, expected) in cases {
        let out = carrom(&args);
        refused(
            &out,
            &expected,
            &args.join(" ")[..80.min(args.join(" ").len())],
        );
        assert!(stderr(&out).len() < 400, "{}", stderr(&out));
    }
    std::fs::remove_dir_all(&d).ok();
}

/// A folder where a player's progress file should be is named, as a damaged file is, whether
/// every player is listed or the one named.
#[test]
fn a_folder_in_place_of_a_progress_file_is_named() {
    let d = temp_dir("progress-folder");
    std::fs::create_dir_all(d.join("trainer").join("Asha.json")).unwrap();
    let dir = d.to_str().unwrap();
    for args in [
        vec!["trainer", "--stats", "--dir", dir],
        vec!["trainer", "--stats", "--dir", dir, "--name", "Asha"],
        vec!["trainer", "--stats", "--json", "--dir", dir],
    ] {
        refused(
            &carrom(&args),
            &["Asha.json", "a folder, not a player's progress file"],
            &args.join(" "),
        );
    }
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_load_tests_database_that_cannot_be_opened_is_named_in_one_line() {
    let out = carrom(&["server-load", "--matches", "1", "--db", "nonsense://x"]);
    refused(
        &out,
        &[
            "the server did not start",
            "cannot open the database nonsense://x",
        ],
        "server-load --db",
    );
}

/// `carrom server --db` refuses, in one line naming the flag, an address that names no
/// database it keeps (saying what it takes), and a folder where the file should be.
#[test]
fn a_server_database_it_cannot_keep_is_refused_in_one_line() {
    for db in ["mysql://u:secret@h/db", "nonsense://x", "sqlite:"] {
        let out = carrom(&["server", "--listen", "127.0.0.1:0", "--db", db]);
        refused(&out, &["--db", "cannot open the database"], db);
        assert!(
            stderr(&out).contains("sqlite://PATH") || db == "sqlite:",
            "{}",
            stderr(&out)
        );
    }
    let d = temp_dir("db-folder");
    std::fs::create_dir_all(&d).unwrap();
    let folder = d.display().to_string();
    let out = carrom(&["server", "--listen", "127.0.0.1:0", "--db", &folder]);
    refused(&out, &[&folder, "is a folder, not a file"], "--db FOLDER");
    std::fs::remove_dir_all(&d).ok();
}
