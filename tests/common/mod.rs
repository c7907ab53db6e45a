//! What the binary's tests share: `carrom` run with no display, fed a standard input, or left
//! running (killed when dropped); the words of a headless host on the loopback interface and
//! the port a host or a server prints first; a one-game match of computers played some
//! actions in.

#![allow(dead_code, reason = "each test file uses some of these")]

use carrom_ai::Computers;
use carrom_match::{Match, MatchSetup};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seats};
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

/// `carrom args` with no display, as on a machine without one.
pub fn no_display<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_carrom"));
    command
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    command
}

/// `command` run to its end with `stdin` as its standard input: its output.
pub fn fed(command: &mut Command, stdin: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("carrom runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// A running `carrom`, killed when dropped: no process outlives its test.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `carrom args` started with `config` as its settings' folder, its output and errors piped.
pub fn carrom(config: &Path, args: &[&str]) -> Proc {
    Proc(
        Command::new(env!("CARGO_BIN_EXE_carrom"))
            .args(args)
            .env("CARROM_CONFIG_DIR", config)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("carrom runs"),
    )
}

/// The first line `p` prints.
pub fn first_line(p: &mut Proc) -> String {
    let mut first = String::new();
    BufReader::new(p.0.stdout.as_mut().unwrap())
        .read_line(&mut first)
        .unwrap();
    first
}

/// The port in a host's or a server's first line, its third word ending in ":PORT"
/// ("Hosting on 127.0.0.1:PORT with code CODE").
pub fn port_in(first: &str) -> Option<u16> {
    first
        .split_whitespace()
        .nth(2)
        .and_then(|a| a.rsplit(':').next())
        .and_then(|p| p.parse().ok())
}

/// The words of a headless host on 127.0.0.1 (any free port) with the join code `code`, its
/// computers at South and North.
pub fn headless_host_words(code: &str) -> Vec<&str> {
    vec![
        "host",
        "--headless",
        "--bind",
        "127.0.0.1",
        "--port",
        "0",
        "--code",
        code,
        "--computer",
        "south,north",
    ]
}

/// A one-game singles match between easy computers (or a person at South, who breaks: then no
/// action can be played for him), `actions` actions in.
pub fn played(actions: usize, person_at_south: bool) -> Match {
    let spec = Spec::default();
    let mut rules = Rules::icf();
    rules.games_to_win = 1;
    let mut setup = MatchSetup::new(Seats::Singles, rules, "icf", 11);
    for p in setup.players.iter_mut() {
        p.computer = Some(carrom_match::Level::Easy);
    }
    if person_at_south {
        setup.players[0].computer = None;
    }
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(&spec, setup).unwrap();
    while game.actions.len() < actions {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).unwrap();
    }
    game
}
