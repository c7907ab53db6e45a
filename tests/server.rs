//! The carrom server on the loopback interface only: two headless computer clients quick-match
//! and play a seeded one-board match to its end with the server's digests; both are rated; the
//! server stopped and started again on the same database answers the same. The server killed
//! (SIGKILL) mid-match and started again: both clients come back and finish with its digests.
//! Hostile clients are refused with their reasons while a match goes on, and in a private room
//! every hostile guest's case of carrom-net's is refused by the server too. The same on
//! PostgreSQL when `CARROM_TEST_POSTGRES` names one (`.ci/run` starts a throwaway cluster).
//! Every process is killed if it outlives its bound.

mod common;

use carrom_online::{Connection, ToClient, ToServer};
use common::{Proc, carrom, first_line, port_in};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BOUND: Duration = Duration::from_secs(180);

/// A server on 127.0.0.1 (`port` 0: any free one) with the database `db`, seeded matches and
/// the settings given: the process and its port.
fn server(dir: &Path, db: &str, port: u16, settings: &[&str]) -> (Proc, u16) {
    let listen = format!("127.0.0.1:{port}");
    let mut args = vec!["server", "--listen", &listen, "--db", db, "--seed", "7"];
    args.extend_from_slice(settings);
    let mut p = carrom(dir, &args);
    let first = first_line(&mut p);
    let port = port_in(&first).unwrap_or_else(|| {
        let mut err = String::new();
        let _ = p.0.stderr.as_mut().unwrap().read_to_string(&mut err);
        panic!("no port in {first:?}: {err}")
    });
    (p, port)
}

/// A headless client with a computer (beginner) asking for a quick match of `length` (`board`
/// or `game`).
fn quick(config: &Path, port: u16, name: &str, length: &str) -> Proc {
    let server = format!("127.0.0.1:{port}");
    carrom(
        config,
        &[
            "online",
            "--server",
            &server,
            "--name",
            name,
            "--quick",
            "--headless",
            "--computer",
            "--level",
            "beginner",
            "--length",
            length,
            "--json",
        ],
    )
}

/// Waits for `p` to end within the bound: its summary (the last line it printed).
fn summary(mut p: Proc, t0: Instant) -> Value {
    loop {
        if let Some(status) = p.0.try_wait().unwrap() {
            let mut out = String::new();
            let mut err = String::new();
            p.0.stdout.take().unwrap().read_to_string(&mut out).unwrap();
            p.0.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            assert!(status.success(), "{status}: {out} {err}");
            let last = out.lines().last().unwrap_or_default();
            return serde_json::from_str(last).unwrap_or_else(|e| panic!("{e}: {out}"));
        }
        assert!(t0.elapsed() < BOUND, "a client outlived its bound");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// `GET path` on the server at `port`: the status and the JSON body.
fn get(port: u16, path: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |b| b.1);
    // A chunked body: its JSON is between the first chunk's size line and the end.
    let json = body
        .find(['{', '['])
        .map(|i| &body[i..body.rfind(['}', ']']).map_or(body.len(), |j| j + 1)]);
    (
        status,
        serde_json::from_str(json.unwrap_or("null")).unwrap_or(Value::Null),
    )
}

fn sqlite(dir: &Path) -> String {
    format!("sqlite://{}?mode=rwc", dir.join("server.db").display())
}

/// Two clients quick-match and play to the end; both end with the server's digests, and both
/// are rated. The match's number.
fn play_a_rated_match(dir: &Path, port: u16, names: [&str; 2]) -> u64 {
    let t0 = Instant::now();
    let a = quick(&dir.join(names[0]), port, names[0], "board");
    let b = quick(&dir.join(names[1]), port, names[1], "board");
    let (a, b) = (summary(a, t0), summary(b, t0));
    assert_eq!(a["finished"], true, "{a}");
    assert_eq!(a["digests"], b["digests"]);
    assert_eq!(a["match"], b["match"]);
    let id = a["match"].as_u64().unwrap();
    let (status, m) = get(port, &format!("/api/matches/{id}"));
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["digests"], a["digests"], "the server's digests");
    assert_eq!(m["state"], "over");
    assert_eq!(m["rated"], true);
    assert!(m["save"]["actions"].as_array().unwrap().len() > 2);
    let mut wins = 0;
    for name in names {
        let (status, p) = get(port, &format!("/api/players/{name}"));
        assert_eq!(status, 200, "{p}");
        assert_eq!(p["games"], 1, "{p}");
        assert_ne!(p["rating"].as_f64().unwrap(), 1500.0, "{p}");
        assert!(p["deviation"].as_f64().unwrap() < 350.0, "{p}");
        wins += p["wins"].as_i64().unwrap();
    }
    assert_eq!(wins, 1);
    id
}

fn the_server_keeps_players_and_matches(dir: &Path, db: &str, names: [&str; 2]) {
    let (s, port) = server(dir, db, 0, &[]);
    let id = play_a_rated_match(dir, port, names);
    let before: Vec<Value> = (names
        .iter()
        .map(|n| get(port, &format!("/api/players/{n}")).1))
    .chain([get(port, &format!("/api/matches/{id}")).1])
    .collect();
    let (status, board) = get(port, "/api/leaderboard");
    assert_eq!(status, 200);
    assert!(board.as_array().unwrap().len() >= 2, "{board}");
    drop(s);
    let (_s, port) = server(dir, db, 0, &[]);
    let after: Vec<Value> = (names
        .iter()
        .map(|n| get(port, &format!("/api/players/{n}")).1))
    .chain([get(port, &format!("/api/matches/{id}")).1])
    .collect();
    assert_eq!(before, after, "the same players and match after a restart");
    let (status, missing) = get(port, "/api/players/Nobody%20Here");
    assert_eq!(status, 404);
    assert!(missing["error"].as_str().unwrap().contains("Nobody Here"));
}

#[test]
fn two_clients_quick_match_play_to_the_end_are_rated_and_the_server_keeps_it_all() {
    let dir = tempfile::tempdir().unwrap();
    the_server_keeps_players_and_matches(dir.path(), &sqlite(dir.path()), ["Asha", "Ravi"]);
}

#[test]
fn the_same_on_postgresql_when_one_is_given() {
    let Ok(db) = std::env::var("CARROM_TEST_POSTGRES") else {
        eprintln!("CARROM_TEST_POSTGRES is not set: the PostgreSQL run is left out");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // Names of their own on a database that may have seen other runs.
    let run = std::process::id();
    let (a, b) = (format!("Meera{run}"), format!("Kiran{run}"));
    the_server_keeps_players_and_matches(dir.path(), &db, [&a, &b]);
}

/// A free port on 127.0.0.1 to start a server on again after it is killed.
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

#[test]
fn a_server_killed_mid_match_goes_on_with_it_and_both_clients_finish_with_its_digests() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(dir.path());
    let port = free_port();
    let (s, _) = server(dir.path(), &db, port, &[]);
    let t0 = Instant::now();
    // A game (several boards): long enough to be under way while the test acts.
    let a = quick(&dir.path().join("a"), port, "Asha", "game");
    let b = quick(&dir.path().join("b"), port, "Ravi", "game");
    // Some strokes in, the server is killed.
    let id = loop {
        let (_, live) = get(port, "/api/live");
        if let Some(m) = live.as_array().and_then(|l| l.first())
            && m["actions"].as_u64().unwrap() >= 4
        {
            break m["id"].as_u64().unwrap();
        }
        assert!(t0.elapsed() < BOUND, "no match under way");
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(s);
    let (_s, _) = server(dir.path(), &db, port, &[]);
    let (a, b) = (summary(a, t0), summary(b, t0));
    assert_eq!(a["finished"], true, "{a}");
    assert_eq!(a["match"], id);
    assert_eq!(a["digests"], b["digests"]);
    let (_, m) = get(port, &format!("/api/matches/{id}"));
    assert_eq!(m["digests"], a["digests"], "the server's digests");
    assert_eq!(m["state"], "over");
}

/// Runs `f` on a runtime of its own, within the bound.
fn within_bound<T>(f: impl std::future::Future<Output = T>) -> T {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        tokio::time::timeout(BOUND, f)
            .await
            .expect("within the bound")
    })
}

/// The next refusal or rejection the server sends on `conn` (within 10 s), in words.
async fn next_refusal(conn: &mut Connection) -> String {
    let wait = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match conn.recv().await.unwrap() {
                Some(ToClient::Rejected { reason } | ToClient::Refused { reason }) => {
                    return reason;
                }
                Some(_) => {}
                None => return "closed".to_string(),
            }
        }
    });
    wait.await.expect("an answer")
}

#[test]
fn hostile_clients_are_refused_with_their_reasons_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = sqlite(dir.path());
    let (_s, port) = server(dir.path(), &db, 0, &["--new-names-per-hour", "5"]);
    let t0 = Instant::now();
    // A game (several boards): long enough to be under way while the test acts.
    let a = quick(&dir.path().join("a"), port, "Asha", "game");
    let b = quick(&dir.path().join("b"), port, "Ravi", "game");
    let url = format!("127.0.0.1:{port}");
    within_bound(async {
        // A stolen name: Asha's without her token (once her client has claimed it), or with
        // another's.
        for name in ["Asha", "Ravi"] {
            while get(port, &format!("/api/players/{name}")).0 != 200 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        let thief = Connection::hello(&url, "Asha", None).await.err().unwrap();
        let thief = thief.to_string();
        assert!(thief.contains("the name Asha is taken"), "{thief}");
        let e = Connection::hello(&url, "Asha", Some("0123"))
            .await
            .err()
            .unwrap();
        assert!(e.to_string().contains("not its token"), "{e}");
        // A flood of new names from one address: 5 an hour, two of them Asha's and Ravi's.
        let (mut watcher, _) = Connection::hello(&url, "Watcher", None).await.unwrap();
        let mut refused = None;
        for i in 0..5 {
            if let Err(e) = Connection::hello(&url, &format!("Flood {i}"), None).await {
                refused = Some((i, e.to_string()));
                break;
            }
        }
        let (i, why) = refused.expect("a flood refused");
        assert_eq!(i, 2, "{why}");
        assert!(why.contains("too many new names"), "{why}");
        // A wrong room code.
        watcher
            .send(&ToServer::Join {
                code: "ZZZZ99".into(),
            })
            .await
            .unwrap();
        let why = next_refusal(&mut watcher).await;
        assert!(why.contains("no room has the code ZZZZ99"), "{why}");
        // An action from one who is in no match.
        let act = ToServer::Act {
            index: 0,
            action: carrom_match::Action::Pass,
        };
        watcher.send(&act).await.unwrap();
        assert_eq!(next_refusal(&mut watcher).await, "you are not in a match");
        // A spectator acting.
        let id = loop {
            let (_, live) = get(port, "/api/live");
            if let Some(m) = live.as_array().and_then(|l| l.first()) {
                break m["id"].as_u64().unwrap();
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        watcher
            .send(&ToServer::Watch { id, code: None })
            .await
            .unwrap();
        watcher.send(&act).await.unwrap();
        assert_eq!(
            next_refusal(&mut watcher).await,
            "a spectator does not play"
        );
        // A malformed message.
        watcher
            .send_text("{\"type\":\"act\"}".into())
            .await
            .unwrap();
        let why = next_refusal(&mut watcher).await;
        assert!(why.starts_with("malformed message"), "{why}");
        // An oversized message, then messages too fast.
        watcher.send_text("x".repeat(20_000)).await.unwrap();
        let why = next_refusal(&mut watcher).await;
        assert!(why.contains("the bound is 16384"), "{why}");
        for _ in 0..60 {
            watcher.send(&ToServer::Resync).await.unwrap();
        }
        let why = next_refusal(&mut watcher).await;
        assert!(why.starts_with("too fast"), "{why}");
    });
    let (a, b) = (summary(a, t0), summary(b, t0));
    assert_eq!(a["finished"], true, "the match went on: {a}");
    assert_eq!(a["digests"], b["digests"]);
}

/// The next `Match` message on `conn`: the match as the server sent it.
async fn next_match(conn: &mut Connection) -> carrom_match::Match {
    let wait = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Some(ToClient::Match { setup, spec, .. }) = conn.recv().await.unwrap() {
                return carrom_match::Match::new(&spec, *setup).unwrap();
            }
        }
    });
    wait.await.expect("the match")
}

#[test]
fn a_private_room_whose_other_seats_are_all_computers_starts_as_it_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let (_s, port) = server(dir.path(), &sqlite(dir.path()), 0, &[]);
    let url = format!("127.0.0.1:{port}");
    within_bound(async {
        let (mut south, _) = Connection::hello(&url, "Asha", None).await.unwrap();
        use carrom_referee::Seat;
        south
            .send(&ToServer::Create {
                mode: carrom_online::Mode::Doubles,
                length: None,
                computers: vec![Seat::East, Seat::North, Seat::West],
                level: Some(carrom_match::Level::Beginner),
            })
            .await
            .unwrap();
        let game = next_match(&mut south).await;
        let names: Vec<&str> = game.setup.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names.len(), 4, "{names:?}");
        assert!(names.contains(&"Asha"), "{names:?}");
    });
}

#[test]
fn in_a_private_room_a_player_acts_only_for_his_own_seat_and_at_the_next_action() {
    let dir = tempfile::tempdir().unwrap();
    let (_s, port) = server(dir.path(), &sqlite(dir.path()), 0, &[]);
    let url = format!("127.0.0.1:{port}");
    within_bound(async {
        let (mut south, _) = Connection::hello(&url, "Asha", None).await.unwrap();
        let create = ToServer::Create {
            mode: carrom_online::Mode::Singles,
            length: None,
            computers: Vec::new(),
            level: None,
        };
        south.send(&create).await.unwrap();
        let code = loop {
            if let Some(ToClient::Room { code }) = south.recv().await.unwrap() {
                break code;
            }
        };
        let (mut north, _) = Connection::hello(&url, "Ravi", None).await.unwrap();
        north.send(&ToServer::Join { code }).await.unwrap();
        let game = next_match(&mut north).await;
        next_match(&mut south).await;
        let to_act = game.next_actor().unwrap().seat();
        let (mine, other) = if to_act == carrom_referee::Seat::South {
            (&mut south, &mut north)
        } else {
            (&mut north, &mut south)
        };
        let pass = |index| ToServer::Act {
            index,
            action: carrom_match::Action::Pass,
        };
        other.send(&pass(0)).await.unwrap();
        let why = next_refusal(other).await;
        assert!(
            why.contains("turn") && why.contains("is not yours"),
            "{why}"
        );
        mine.send(&pass(7)).await.unwrap();
        let why = next_refusal(mine).await;
        assert!(why.contains("action 7 is not the next one (0)"), "{why}");
        the_hostile_cases_of_a_guest(mine, other, &game, &url).await;
    });
}

/// The cases of carrom-net's hostile guests against the server, in a private room where `mine`
/// is to act in `game` and `other` is not: each refused with its reason, nothing changed by
/// any of them, and the match goes on (a break applied once, with the same digest on both).
async fn the_hostile_cases_of_a_guest(
    mine: &mut Connection,
    other: &mut Connection,
    game: &carrom_match::Match,
    url: &str,
) {
    use carrom_match::Action;
    let seat = game.next_actor().unwrap().seat();
    let shot = carrom_physics::Shot {
        seat,
        position: 0.0,
        angle_deg: 0.0,
        power: 1.0,
    };
    let act = |action| ToServer::Act { index: 0, action };
    // A connection that never says hello is closed (checked at the end, 10 s on).
    let mut silent = Connection::open(url).await.unwrap();
    let cases: [(ToServer, &str); 5] = [
        (
            act(Action::Stroke {
                shot: carrom_physics::Shot {
                    seat: seat.opposite(),
                    ..shot
                },
            }),
            "a stroke from the",
        ),
        (
            act(Action::Stroke {
                shot: carrom_physics::Shot { power: 7.0, ..shot },
            }),
            "shot.power: 7 is outside 0..1",
        ),
        (
            act(Action::Place { x: 0.0, y: 0.1 }),
            "there is no piece to place",
        ),
        (
            act(Action::TimeOut),
            "a time-out is called by the host that keeps the shot clock",
        ),
        (
            ToServer::Hello {
                protocol: carrom_online::ONLINE_PROTOCOL,
                name: "Eve".into(),
                token: None,
            },
            "a second hello",
        ),
    ];
    for (message, reason) in cases {
        mine.send(&message).await.unwrap();
        let why = next_refusal(mine).await;
        assert!(why.contains(reason), "{reason}: {why}");
    }
    // A message before the hello, and a hello of another protocol: refused, and closed.
    let mut eager = Connection::open(url).await.unwrap();
    eager.send(&ToServer::Resync).await.unwrap();
    assert_eq!(next_refusal(&mut eager).await, "say hello first");
    let mut old = Connection::open(url).await.unwrap();
    let hello = ToServer::Hello {
        protocol: carrom_online::ONLINE_PROTOCOL + 1,
        name: "Eve".into(),
        token: None,
    };
    old.send(&hello).await.unwrap();
    let why = next_refusal(&mut old).await;
    let speaks = format!(
        "this server speaks protocol {}",
        carrom_online::ONLINE_PROTOCOL
    );
    assert!(why.contains(&speaks), "{why}");
    // A message far over the bound: the connection is closed.
    let (mut huge, _) = Connection::hello(url, "Huge", None).await.unwrap();
    huge.send_text("x".repeat(100_000)).await.unwrap();
    assert_eq!(next_refusal(&mut huge).await, "closed");
    // Nothing changed: the break is action 0, applied once, with one digest on both.
    mine.send(&act(Action::Stroke { shot })).await.unwrap();
    let (a, b) = (next_applied(mine).await, next_applied(other).await);
    assert_eq!((a.index, a.digest.clone()), (0, b.digest.clone()));
    let mut here = game.clone();
    carrom_remote::at_guest(&mut here, &a).unwrap();
    mine.send(&act(Action::Stroke { shot })).await.unwrap();
    let why = next_refusal(mine).await;
    assert!(why.contains("applied already"), "{why}");
    let closed = tokio::time::timeout(Duration::from_secs(15), async {
        while silent.recv().await.ok().flatten().is_some() {}
    });
    closed
        .await
        .expect("the silent connection closed within 15 s");
}

/// The next action the server applied, as `conn` hears it (within 10 s).
async fn next_applied(conn: &mut Connection) -> carrom_remote::Applied {
    let wait = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            if let Some(ToClient::Applied(a)) = conn.recv().await.unwrap() {
                return a;
            }
        }
    });
    wait.await.expect("an applied action")
}

/// `carrom server` on any free loopback port with the database `db`, started in `cwd`: its
/// port once it serves, within 60 s (the process is killed when dropped).
fn serving_within_a_minute(config: &Path, cwd: &Path, db: &str) -> (Proc, u16) {
    let args = ["server", "--listen", "127.0.0.1:0", "--db", db];
    let mut p = Proc(
        Command::new(env!("CARGO_BIN_EXE_carrom"))
            .args(args)
            .current_dir(cwd)
            .env("CARROM_CONFIG_DIR", config)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("carrom runs"),
    );
    let stdout = p.0.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut first = String::new();
        let _ = BufReader::new(stdout).read_line(&mut first);
        let _ = tx.send(first);
    });
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("--db {db}: not serving within a minute"));
    let port = (first.split_whitespace().nth(2))
        .and_then(|a| a.rsplit(':').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| {
            let mut err = String::new();
            let _ = p.0.stderr.as_mut().unwrap().read_to_string(&mut err);
            panic!("--db {db}: no port in {first:?}: {err}")
        });
    (p, port)
}

/// Each form of a database's path a user types after `--db`, for a new file in a folder that
/// does not exist yet: a path (absolute or relative), `sqlite:PATH`, `sqlite://PATH` (so
/// `sqlite:///abs/path`, the help's own form) and with SQLite's `?mode=rwc`. The server makes
/// the folder and the file, and serves.
#[test]
fn the_server_makes_a_new_database_from_each_form_a_user_types() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let new = |folder: &str| d.join(folder).join("new.db");
    let forms = [
        (new("plain").display().to_string(), new("plain")),
        ("relative/new.db".to_string(), new("relative")),
        (format!("sqlite:{}", new("colon").display()), new("colon")),
        (
            format!("sqlite://{}", new("slashes").display()),
            new("slashes"),
        ),
        (
            format!("sqlite://{}?mode=rwc", new("mode").display()),
            new("mode"),
        ),
    ];
    for (db, file) in forms {
        assert!(!file.exists(), "{db}");
        let (_p, port) = serving_within_a_minute(&d.join("config"), d, &db);
        let (status, board) = get(port, "/api/leaderboard");
        assert_eq!((status, board), (200, serde_json::json!([])), "--db {db}");
        assert!(file.is_file(), "--db {db}: {} made", file.display());
    }
}

/// `p` run to its end within the bound: what it printed (its errors with it when it failed).
fn printed(mut p: Proc) -> String {
    let t0 = Instant::now();
    while p.0.try_wait().unwrap().is_none() {
        assert!(t0.elapsed() < BOUND, "it outlived its bound");
        std::thread::sleep(Duration::from_millis(20));
    }
    let (mut out, mut err) = (String::new(), String::new());
    p.0.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    p.0.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    out + &err
}

/// `carrom online --server at` and `more`.
fn online<'a>(at: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    [&["online", "--server", at][..], more].concat()
}

/// Polls tournament `id` on the server at `port` until `done` says so, within the bound.
fn tournament_until(port: u16, id: u64, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let t0 = Instant::now();
    loop {
        let (status, t) = get(port, &format!("/api/tournaments/{id}"));
        if status == 200 && done(&t) {
            return t;
        }
        assert!(t0.elapsed() < BOUND, "not within the bound: {what}: {t}");
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// A round robin of four headless computers on the server at `port` (`db`): made and started
/// by its organizer on the command line, the server killed (SIGKILL) once its first game is
/// taken in and started again; the tournament goes on to its champion, every game a match of
/// its own that ended, and the standings the API shows are those `carrom tournament standings`
/// prints of its exported file.
fn a_tournament_outlives_a_kill(dir: &Path, db: &str, names: [&str; 4]) {
    let port = free_port();
    let (s, _) = server(dir, db, port, &[]);
    let at = format!("127.0.0.1:{port}");
    let organizer = dir.join("coordinator");
    let made = printed(carrom(
        &organizer,
        &online(
            &at,
            &[
                "--name",
                "Coordinator",
                "--create-tournament",
                "round-robin",
            ],
        ),
    ));
    let id: u64 = (made.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no tournament made: {made}"));
    let id_text = id.to_string();
    let t0 = Instant::now();
    let players: Vec<Proc> = (names.iter())
        .map(|n| {
            let args = [
                "--name",
                n,
                "--tournament",
                &id_text,
                "--headless",
                "--computer",
            ];
            carrom(
                &dir.join(n),
                &online(
                    &at,
                    &[&args[..], &["--level", "beginner", "--json"]].concat(),
                ),
            )
        })
        .collect();
    tournament_until(port, id, "four joined", |t| {
        t["entrants"].as_array().is_some_and(|e| e.len() == 4)
    });
    let started = printed(carrom(
        &organizer,
        &online(
            &at,
            &["--name", "Coordinator", "--start-tournament", &id_text],
        ),
    ));
    assert!(started.contains("started: 6 games drawn"), "{started}");
    tournament_until(port, id, "a game taken in", |t| {
        (t["games"].as_array()).is_some_and(|g| g.iter().any(|g| g["game"]["winner"].is_string()))
    });
    drop(s);
    let (_s, _) = server(dir, db, port, &[]);
    let ended: Vec<Value> = players.into_iter().map(|p| summary(p, t0)).collect();
    for t in &ended {
        assert_eq!(t["state"], "over", "{t}");
    }
    let t = tournament_until(port, id, "over", |t| t["state"] == "over");
    assert_eq!(t["champions"].as_array().unwrap().len(), 1, "{t}");
    assert_eq!(
        t["standings"], ended[0]["standings"],
        "the players heard the end"
    );
    let mut ids: Vec<u64> = (t["games"].as_array().unwrap().iter())
        .map(|g| g["match_id"].as_u64().expect("every game a match"))
        .collect();
    for id in &ids {
        assert_eq!(get(port, &format!("/api/matches/{id}")).1["state"], "over");
    }
    ids.dedup();
    assert_eq!(ids.len(), 6, "each game a match of its own");
    let (status, file) = get(port, &format!("/api/tournaments/{id}/export"));
    assert_eq!(status, 200);
    let path = dir.join("night.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let standings = printed(carrom(
        dir,
        &["tournament", "standings", path.to_str().unwrap(), "--json"],
    ));
    let standings: Value = serde_json::from_str(standings.trim()).unwrap();
    assert_eq!(
        t["standings"], standings,
        "the API's standings are its file's"
    );
}

#[test]
fn a_server_killed_mid_tournament_goes_on_with_it_to_its_champion() {
    let dir = tempfile::tempdir().unwrap();
    a_tournament_outlives_a_kill(
        dir.path(),
        &sqlite(dir.path()),
        ["Asha", "Ravi", "Meena", "Joseph"],
    );
}

#[test]
fn a_tournament_outlives_a_kill_on_postgresql_when_one_is_given() {
    let Ok(db) = std::env::var("CARROM_TEST_POSTGRES") else {
        eprintln!("CARROM_TEST_POSTGRES is not set: the PostgreSQL run is left out");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let run = std::process::id();
    let names = ["Lata", "Arjun", "Kavya", "Vikram"].map(|n| format!("{n}{run}"));
    let [a, b, c, d] = &names;
    a_tournament_outlives_a_kill(dir.path(), &db, [a, b, c, d]);
}

#[test]
fn the_load_test_plays_a_swiss_of_computers_to_its_champion_beside_its_matches() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["server-load", "--matches", "2", "--swiss", "6"];
    let more = ["--swiss-rounds", "2", "--within", "150", "--json"];
    let out = printed(carrom(dir.path(), &[&args[..], &more].concat()));
    let figures: Value = serde_json::from_str(out.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}: {out}"));
    let swiss = &figures["swiss"];
    assert_eq!(swiss["state"], "Over", "{figures}");
    assert_eq!(
        (swiss["joined"].as_u64(), swiss["rounds"].as_u64()),
        (Some(6), Some(2))
    );
    // Two rounds of three games each, every one played on the boards (nobody was absent).
    assert_eq!(
        (swiss["games"].as_u64(), swiss["games_played"].as_u64()),
        (Some(6), Some(6))
    );
    assert_eq!(swiss["walkovers"], 0, "{swiss}");
    assert_eq!(swiss["players_finished"], 6, "{swiss}");
    assert_eq!(
        swiss["champions"].as_array().map(Vec::len),
        Some(1),
        "{swiss}"
    );
    assert!(swiss["actions"].as_u64() > Some(0) && swiss["round_trip_ms_p99"].is_f64());
    // The quick matches went on beside it, one after another.
    assert!(figures["clients_finished"].as_u64() > Some(4), "{figures}");
}
