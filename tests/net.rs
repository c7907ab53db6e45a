//! Play across machines, on the loopback interface only: a headless host and two headless
//! guests play a seeded doubles match with computers in every seat, and every machine ends with
//! the same score and the same digest after every action, also when a guest is killed mid-match
//! and comes back. Every process is killed if it outlives its bound.

mod common;

use common::{Proc, carrom, first_line, headless_host_words, port_in};
use serde_json::Value;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const BOUND: Duration = Duration::from_secs(240);

/// A headless host on 127.0.0.1 with computers (easy) at South and North, printing only its
/// summary at the end, with the code and the options given; its port.
fn headless_host(config: &Path, code: &str, options: &[&str]) -> (Proc, u16) {
    let mut args = headless_host_words(code);
    args.extend_from_slice(&["--level", "easy", "--json"]);
    args.extend_from_slice(options);
    let mut p = carrom(config, &args);
    let port = port_of(&mut p);
    (p, port)
}

/// A headless doubles host (code LOOP42) with computers at South and North; its port.
fn host(config: &Path, seed: &str) -> (Proc, u16) {
    headless_host(config, "LOOP42", &["--mode", "doubles", "--seed", seed])
}

/// The port a host printed in its first line ("Hosting on 127.0.0.1:PORT with code CODE").
fn port_of(host: &mut Proc) -> u16 {
    let first = first_line(host);
    port_in(&first).unwrap_or_else(|| panic!("no port in {first:?}"))
}

fn guest(config: &Path, port: u16, name: &str, save: &Path) -> Proc {
    carrom(
        config,
        &[
            "join",
            &format!("127.0.0.1:{port}"),
            "--code",
            "loop42",
            "--name",
            name,
            "--headless",
            "--computer",
            "--level",
            "easy",
            "--save",
            save.to_str().unwrap(),
            "--json",
        ],
    )
}

/// The process's JSON summary (its last line), once it ends within the bound.
fn summary(mut p: Proc, t0: Instant) -> Value {
    while p.0.try_wait().unwrap().is_none() {
        assert!(t0.elapsed() < BOUND, "still running after {BOUND:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut out = String::new();
    std::io::Read::read_to_string(p.0.stdout.as_mut().unwrap(), &mut out).unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(p.0.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(p.0.wait().unwrap().success(), "exit failed: {out}\n{err}");
    serde_json::from_str(out.lines().last().unwrap_or(""))
        .unwrap_or_else(|e| panic!("no summary ({e}): {out}\n{err}"))
}

fn assert_alike(machines: &[Value]) {
    let host = &machines[0];
    assert_eq!(host["finished"], true, "{host}");
    assert_eq!(host["invariant_violations"], 0);
    let n = host["actions"].as_u64().unwrap();
    assert!(n > 50, "a whole match has more than 50 actions: {n}");
    assert_eq!(host["digests"].as_array().unwrap().len() as u64, n);
    for m in &machines[1..] {
        for field in ["actions", "games", "score", "finished", "digests"] {
            assert_eq!(m[field], host[field], "{field} differs");
        }
    }
}

#[test]
fn a_doubles_match_across_three_machines_ends_alike_on_every_one() {
    let dir = tempfile::tempdir().unwrap();
    let t0 = Instant::now();
    let (h, port) = host(dir.path(), "3");
    let east = guest(dir.path(), port, "Ravi", &dir.path().join("ravi.json"));
    let west = guest(dir.path(), port, "Asha", &dir.path().join("asha.json"));
    let machines = [summary(h, t0), summary(east, t0), summary(west, t0)];
    assert_alike(&machines);
    // Each guest kept a save of the match, which replays to the same end.
    let replay = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args(["replay", dir.path().join("ravi.json").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
}

#[test]
fn a_guest_killed_mid_match_rejoins_and_every_machine_ends_alike() {
    let dir = tempfile::tempdir().unwrap();
    let t0 = Instant::now();
    let (h, port) = host(dir.path(), "4");
    let ravi_save = dir.path().join("ravi.json");
    let mut ravi = guest(dir.path(), port, "Ravi", &ravi_save);
    let asha = guest(dir.path(), port, "Asha", &dir.path().join("asha.json"));
    // Kill Ravi once his save holds 60 actions: the match is under way.
    loop {
        assert!(t0.elapsed() < BOUND, "the match never got going");
        let actions = std::fs::read_to_string(&ravi_save)
            .ok()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|v| v["actions"].as_array().map(Vec::len))
            .unwrap_or(0);
        if actions >= 60 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    ravi.0.kill().unwrap();
    ravi.0.wait().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let back = guest(dir.path(), port, "Ravi", &ravi_save);
    let machines = [summary(h, t0), summary(asha, t0), summary(back, t0)];
    assert_alike(&machines);
}

#[test]
fn a_refused_join_exits_non_zero_with_the_hosts_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (_h, port) = host(dir.path(), "5");
    let out = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args([
            "join",
            &format!("127.0.0.1:{port}"),
            "--code",
            "WRONG9",
            "--headless",
            "--computer",
        ])
        .env("CARROM_CONFIG_DIR", dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("refused: wrong join code"), "{err}");

    let out = Command::new(env!("CARGO_BIN_EXE_carrom"))
        .args([
            "join",
            // A port that is not a number: refused before any name is looked up.
            "nowhere:port",
            "--code",
            "LOOP42",
            "--headless",
            "--watch",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("nowhere:port: not an address and port"),
        "{err}"
    );
}

#[test]
fn a_spectator_watches_a_match_of_computers_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let t0 = Instant::now();
    let (h, port) = headless_host(dir.path(), "SHOW1", &["--length", "board"]);
    let watcher = carrom(
        dir.path(),
        &[
            "join",
            &format!("127.0.0.1:{port}"),
            "--code",
            "show1",
            "--name",
            "Kim",
            "--headless",
            "--watch",
            "--json",
        ],
    );
    let machines = [summary(h, t0), summary(watcher, t0)];
    assert_eq!(machines[1]["digests"], machines[0]["digests"]);
    assert_eq!(machines[1]["finished"], true);
}

/// A join code guessers would find within a month at the host's limits is warned about, with
/// how long it lasts; the host still starts.
#[test]
fn a_short_join_code_is_warned_about_with_how_long_it_lasts() {
    let dir = tempfile::tempdir().unwrap();
    let (mut h, port) = headless_host(dir.path(), "ABCD", &["--length", "board"]);
    assert!(port > 0);
    h.0.kill().unwrap();
    h.0.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(h.0.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(
        err.contains("WARNING: a join code of 4 characters is guessed in about 10 days"),
        "{err}"
    );
}
