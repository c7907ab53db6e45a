//! The server under attack, on the loopback interface: each test does what an attacker did
//! (a database that fails its writes, a client back after his match ended, floods of frames
//! that are not messages, a spectator who sits, room codes guessed by reconnecting, a shot
//! clock stalled by leaving, strangers at a player's address, look-alike names), each bounded
//! in time and count, and each shows the server's answer.

mod common;

use carrom_ai::Computers;
use carrom_match::{Action, Level, Match};
use carrom_online::{Connection, Mode, ToClient, ToServer};
use carrom_referee::Seat;
use carrom_remote::{at_guest, rebuild};
use carrom_server::{Running, ServerConfig, serve};
use futures_util::{SinkExt, StreamExt};
use std::path::Path;
use std::time::{Duration, Instant};
use tokio::time::timeout;

/// Every test ends within this.
const BOUND: Duration = Duration::from_secs(120);
/// The longest wait for one message.
const A_MESSAGE: Duration = Duration::from_secs(20);

/// Runs `test` on a runtime of its own (its server's tasks end with it), within [`BOUND`].
fn bounded<T>(test: impl Future<Output = T>) -> T {
    let rt = common::runtime();
    let done = rt
        .block_on(async { timeout(BOUND, test).await })
        .expect("within the bound");
    rt.shutdown_timeout(Duration::from_secs(5));
    done
}

/// Runs `test` against a server on loopback ([`config`]'s, `adjust`ed; its database in a
/// folder of its own, also given to the test), within [`BOUND`]; the server stopped after.
fn on_a_server(adjust: impl FnOnce(&mut ServerConfig), test: impl AsyncFnOnce(&Running, &Path)) {
    let dir = tempfile::tempdir().unwrap();
    bounded(async {
        let mut config = config(dir.path());
        adjust(&mut config);
        let server = serve(config).await.unwrap();
        test(&server, dir.path()).await;
        server.stop().await;
    });
}

fn config(dir: &Path) -> ServerConfig {
    let mut config = common::loopback(dir);
    config.seed = Some(7);
    config.new_names_per_hour = 1000;
    config
}

/// A player's connection and what it saw of his match.
struct Player {
    conn: Connection,
    token: Option<String>,
    id: Option<u64>,
    seats: Vec<Seat>,
    game: Option<Match>,
    computers: Option<Computers>,
}

impl Player {
    async fn hello(server: &Running, name: &str, token: Option<&str>) -> Player {
        let url = server.addr.to_string();
        let (conn, welcome) = (Connection::hello(&url, name, token).await)
            .unwrap_or_else(|e| panic!("{name} is welcomed: {e}"));
        Player {
            conn,
            token: welcome.token.or(token.map(str::to_string)),
            id: None,
            seats: Vec::new(),
            game: None,
            computers: None,
        }
    }

    /// The next message, taken into the player's match.
    async fn hear(&mut self) -> Option<ToClient> {
        let got = timeout(A_MESSAGE, self.conn.recv()).await;
        let message = got.expect("a message in time").ok()??;
        match &message {
            ToClient::Seated { id, seats, .. } => {
                (self.id, self.seats) = (Some(*id), seats.clone())
            }
            ToClient::Match {
                setup, spec, log, ..
            } => self.game = Some(rebuild(spec, setup, log).unwrap().0),
            ToClient::Applied(a) => {
                let game = self.game.as_mut().expect("the match came first");
                at_guest(game, a).unwrap();
            }
            _ => {}
        }
        Some(message)
    }

    /// Hears until `wanted` (which it returns).
    async fn until(&mut self, wanted: impl Fn(&ToClient) -> bool) -> ToClient {
        loop {
            let m = self.hear().await.expect("the connection stays open");
            if wanted(&m) {
                return m;
            }
        }
    }

    /// The number of the action due from one of his seats, if one is.
    fn due(&self) -> Option<usize> {
        let game = self.game.as_ref()?;
        let seat = game.next_actor()?.seat();
        self.seats.contains(&seat).then_some(game.actions.len())
    }

    async fn until_due(&mut self) -> usize {
        loop {
            if let Some(index) = self.due() {
                return index;
            }
            self.hear().await.expect("the connection stays open");
        }
    }

    /// Plays his due action as a beginner computer would; its number.
    async fn act(&mut self) -> usize {
        let index = self.until_due().await;
        let game = self.game.as_ref().unwrap();
        let computers = self.computers.get_or_insert_with(|| {
            let mut mine = game.setup.clone();
            for p in &mut mine.players {
                p.computer = Some(Level::Beginner);
            }
            Computers::for_setup(&mine)
        });
        let action = computers.act(game).expect("a beginner always has a stroke");
        self.send(&ToServer::Act { index, action }).await;
        index
    }

    async fn send(&mut self, message: &ToServer) {
        self.conn.send(message).await.unwrap();
    }

    /// A room of his own against the server's computer at North: its match starts at once.
    async fn play_the_computer(&mut self) -> u64 {
        let create = ToServer::Create {
            mode: Mode::Singles,
            length: None,
            computers: vec![Seat::North],
            level: Some(Level::Beginner),
        };
        self.send(&create).await;
        self.until(|m| matches!(m, ToClient::Match { .. })).await;
        self.id.expect("seated")
    }
}

fn is_applied(index: usize) -> impl Fn(&ToClient) -> bool {
    move |m| matches!(m, ToClient::Applied(a) if a.index == index)
}

/// The next refusal or rejection, in words ("closed" when the connection closes first).
async fn refusal(conn: &mut Connection) -> String {
    loop {
        match timeout(A_MESSAGE, conn.recv()).await.expect("in time") {
            Ok(Some(ToClient::Rejected { reason } | ToClient::Refused { reason })) => {
                return reason;
            }
            Ok(Some(_)) => {}
            _ => return "closed".into(),
        }
    }
}

/// A connection to the server's database from outside, as another program would open it.
async fn outside(dir: &Path) -> sqlx::SqliteConnection {
    use sqlx::Connection as _;
    let url = format!("sqlite://{}", dir.join("server.db").display());
    sqlx::SqliteConnection::connect(&url).await.unwrap()
}

#[test]
fn an_action_is_sent_only_once_it_is_stored_and_the_match_waits_while_the_database_is_away() {
    on_a_server(
        |_| {},
        async |server, dir| {
            let mut asha = Player::hello(server, "Asha", None).await;
            let id = asha.play_the_computer().await;
            asha.until_due().await;
            // Another program holds the database's write lock for 7 s.
            let mut lock = outside(dir).await;
            sqlx::query("BEGIN IMMEDIATE")
                .execute(&mut lock)
                .await
                .unwrap();
            let index = asha.act().await;
            let held = Instant::now();
            let mut told_to_wait = false;
            while held.elapsed() < Duration::from_secs(7) {
                let left = Duration::from_secs(7).saturating_sub(held.elapsed());
                let Ok(got) = timeout(left, asha.conn.recv()).await else {
                    break;
                };
                match got.unwrap().expect("open") {
                    ToClient::Applied(a) => panic!("action {} sent before it was stored", a.index),
                    ToClient::Waiting { what } => told_to_wait |= what.contains("database"),
                    _ => {}
                }
            }
            assert!(told_to_wait, "the match says it waits for its database");
            sqlx::query("ROLLBACK").execute(&mut lock).await.unwrap();
            asha.until(is_applied(index)).await;
            let (_, stored) = server.stored_match(id).await.unwrap();
            assert!(stored.actions.len() > index, "the action sent is stored");
        },
    );
}

#[test]
fn a_match_that_cannot_be_played_again_is_set_aside_and_the_server_starts_with_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let (ids, tokens) = bounded(async {
        let server = serve(config(dir.path())).await.unwrap();
        let (mut ids, mut tokens) = (Vec::new(), Vec::new());
        for name in ["Asha", "Ravi"] {
            let mut p = Player::hello(&server, name, None).await;
            ids.push(p.play_the_computer().await);
            let index = p.act().await;
            p.until(is_applied(index)).await;
            tokens.push(p.token.clone().unwrap());
        }
        (ids, tokens)
    });
    bounded(async {
        // An action no match can play (a man placed off the board), stored after Asha's.
        let mut db = outside(dir.path()).await;
        sqlx::query(
            "INSERT INTO actions (match_id, idx, seat, action) \
             SELECT match_id, MAX(idx) + 1, 'south', '{\"type\":\"place\",\"x\":5.0,\"y\":5.0}' \
             FROM actions WHERE match_id = $1 GROUP BY match_id",
        )
        .bind(ids[0] as i64)
        .execute(&mut db)
        .await
        .unwrap();
        let server = serve(config(dir.path())).await.expect("the server starts");
        assert_eq!(server.resumed, 1, "Ravi's match goes on");
        let row =
            sqlx::query_as::<_, (String, String)>("SELECT state, how FROM matches WHERE id = $1")
                .bind(ids[0] as i64)
                .fetch_one(&mut db)
                .await
                .unwrap();
        assert_eq!(row.0, "aside", "{row:?}");
        assert!(row.1.contains("cannot be played again"), "{row:?}");
        let mut ravi = Player::hello(&server, "Ravi", Some(&tokens[1])).await;
        ravi.until(|m| matches!(m, ToClient::Match { .. })).await;
        assert_eq!(ravi.id, Some(ids[1]));
        server.stop().await;
    });
}

#[test]
fn a_player_back_after_his_match_ended_while_he_was_away_is_told_how_it_ended() {
    on_a_server(
        |c| c.forfeit_after = Duration::from_secs(2),
        async |server, _| {
            let mut asha = Player::hello(server, "Asha", None).await;
            let id = asha.play_the_computer().await;
            let token = asha.token.clone().unwrap();
            asha.conn.close().await;
            // Away longer than the server waits: the match is forfeited while she is gone.
            while server.match_of("Asha").is_some() {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let mut back = Player::hello(server, "Asha", Some(&token)).await;
            let over = back.until(|m| matches!(m, ToClient::Over { .. })).await;
            let ToClient::Over { id: ended, how, .. } = over else {
                unreachable!()
            };
            assert_eq!(ended, id);
            assert!(how.contains("forfeited"), "{how}");
        },
    );
}

/// A raw WebSocket to the server, said hello on as `name`.
async fn raw(
    server: &Running,
    name: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let url = format!("ws://{}/ws", server.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = ToServer::Hello {
        protocol: carrom_online::ONLINE_PROTOCOL,
        name: name.into(),
        token: None,
    };
    ws.send(hello.text().into()).await.unwrap();
    ws
}

#[test]
fn binary_frames_and_pings_count_against_the_bound_on_messages() {
    use tokio_tungstenite::tungstenite::Message;
    on_a_server(
        |_| {},
        async |server, _| {
            type Frame = fn() -> Message;
            let floods: [(&str, Frame); 2] = [
                ("Binary", || Message::Binary(vec![0u8; 64].into())),
                ("Pinger", || Message::Ping(vec![1u8; 8].into())),
            ];
            for (name, frame) in floods {
                let (mut sink, mut stream) = raw(server, name).await.split();
                // A hundred frames at once: past the burst of 40 each is refused as too fast (the
                // connection stays: fewer than 200 dropped).
                for _ in 0..100 {
                    sink.send(frame()).await.unwrap();
                }
                let mut too_fast = false;
                while !too_fast {
                    let got = timeout(A_MESSAGE, stream.next()).await.expect("an answer");
                    let Some(Ok(m)) = got else {
                        panic!("{name}: closed before it was told");
                    };
                    too_fast = matches!(m, Message::Text(t) if t.as_str().contains("too fast"));
                }
                // Then a flood: the connection is closed.
                let sending = tokio::spawn(async move {
                    let mut sent = 0;
                    while sent < 5000 && sink.send(frame()).await.is_ok() {
                        sent += 1;
                    }
                    sent
                });
                let closed = loop {
                    match timeout(A_MESSAGE, stream.next()).await {
                        Err(_) => break false,
                        Ok(None | Some(Err(_))) => break true,
                        Ok(Some(Ok(_))) => {}
                    }
                };
                sending.abort();
                assert!(too_fast, "{name}: its frames count against the bound");
                assert!(closed, "{name}: the server closes the connection");
            }
        },
    );
}

#[test]
fn a_spectator_who_takes_a_seat_plays_his_match() {
    on_a_server(
        |c| c.computer_after = Duration::from_millis(300),
        async |server, _| {
            // A quick match against the computer: anyone may watch it.
            let mut asha = Player::hello(server, "Asha", None).await;
            let quick = ToServer::Quick {
                length: None,
                mode: Mode::Singles,
            };
            asha.send(&quick).await;
            asha.until(|m| matches!(m, ToClient::Match { .. })).await;
            let id = asha.id.unwrap();
            let mut bea = Player::hello(server, "Bea", None).await;
            bea.send(&ToServer::Watch { id, code: None }).await;
            bea.until(|m| matches!(m, ToClient::Match { .. })).await;
            // She takes a seat of her own: her match, and her strokes in it.
            bea.game = None;
            let hers = bea.play_the_computer().await;
            assert_ne!(hers, id);
            let index = bea.act().await;
            let answer = bea
                .until(|m| is_applied(index)(m) || matches!(m, ToClient::Rejected { .. }))
                .await;
            assert!(matches!(answer, ToClient::Applied(_)), "{answer:?}");
        },
    );
}

#[test]
fn a_name_holds_one_room_at_a_time() {
    on_a_server(
        |_| {},
        async |server, _| {
            let mut asha = Player::hello(server, "Asha", None).await;
            let mut codes = Vec::new();
            for _ in 0..3 {
                let create = ToServer::Create {
                    mode: Mode::Singles,
                    length: None,
                    computers: Vec::new(),
                    level: None,
                };
                asha.send(&create).await;
                let ToClient::Room { code } =
                    asha.until(|m| matches!(m, ToClient::Room { .. })).await
                else {
                    unreachable!()
                };
                codes.push(code);
            }
            let mut ravi = Player::hello(server, "Ravi", None).await;
            let first = ToServer::Join {
                code: codes[0].clone(),
            };
            ravi.send(&first).await;
            let why = refusal(&mut ravi.conn).await;
            assert!(why.contains("no room has the code"), "{why}");
            ravi.send(&ToServer::Join {
                code: codes[2].clone(),
            })
            .await;
            ravi.until(|m| matches!(m, ToClient::Match { .. })).await;
            assert_eq!(server.match_of("Asha"), ravi.id, "her last room's match");
        },
    );
}

#[test]
fn room_codes_guessed_by_reconnecting_are_counted_against_the_address() {
    on_a_server(
        |_| {},
        async |server, _| {
            let mut token = None;
            let mut refused = 0;
            for guess in 0..8 {
                let mut eve = Player::hello(server, "Eve", token.as_deref()).await;
                token = eve.token.clone();
                let code = format!("ZZZ{guess}");
                eve.send(&ToServer::Join { code }).await;
                let why = refusal(&mut eve.conn).await;
                if why.contains("too many wrong room codes") {
                    refused += 1;
                } else {
                    assert!(why.contains("no room has the code"), "{why}");
                }
                eve.conn.close().await;
            }
            assert_eq!(refused, 3, "five guesses, then none on a new connection");
        },
    );
}

#[test]
fn the_shot_clock_runs_on_while_its_player_leaves_and_comes_back() {
    on_a_server(
        |c| (c.shot_clock_secs, c.clock_grace) = (2, Duration::from_millis(200)),
        async |server, _| {
            let mut asha = Player::hello(server, "Asha", None).await;
            let mut ravi = Player::hello(server, "Ravi", None).await;
            let quick = ToServer::Quick {
                length: Some(carrom_match::MatchLength::Board),
                mode: Mode::Singles,
            };
            asha.send(&quick).await;
            ravi.send(&quick).await;
            for p in [&mut asha, &mut ravi] {
                p.until(|m| matches!(m, ToClient::Match { .. })).await;
            }
            let (due, mut other) = if asha.due().is_some() {
                (asha, ravi)
            } else {
                (ravi, asha)
            };
            let index = due.due().expect("one of them breaks");
            let name = if other.seats.contains(&Seat::South) {
                "Ravi"
            } else {
                "Asha"
            };
            let token = due.token.clone().unwrap();
            let started = Instant::now();
            // Away and back, again and again, while the clock should be running out.
            let stalling = tokio::spawn({
                let addr = server.addr.to_string();
                async move {
                    let mut conn = due.conn;
                    loop {
                        conn.close().await;
                        tokio::time::sleep(Duration::from_millis(300)).await;
                        let back = Connection::hello(&addr, name, Some(&token)).await;
                        conn = back.unwrap().0;
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
            });
            let timed_out = other.until(is_applied(index)).await;
            let took = started.elapsed();
            stalling.abort();
            let ToClient::Applied(a) = timed_out else {
                unreachable!()
            };
            assert_eq!(a.action, Action::TimeOut);
            // A 2 s clock and its 0.2 s grace, with room for a busy machine; a clock that
            // waited while she was away (0.3 s of every 0.4) would take 8 s or more.
            assert!(took < Duration::from_secs(5), "timed out after {took:?}");
        },
    );
}

#[test]
fn strangers_at_a_players_address_do_not_keep_him_out() {
    on_a_server(
        |c| c.max_per_address = 4,
        async |server, _| {
            let asha = Player::hello(server, "Asha", None).await;
            let token = asha.token.clone().unwrap();
            asha.conn.close().await;
            // Silent connections from her address, as many as it may have.
            let url = format!("ws://{}/ws", server.addr);
            let mut strangers = Vec::new();
            for _ in 0..4 {
                strangers.push(
                    tokio_tungstenite::connect_async(url.as_str())
                        .await
                        .unwrap(),
                );
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
            let url = server.addr.to_string();
            let newcomer = Connection::hello(&url, "Mallory", None).await.err();
            let newcomer = newcomer
                .expect("a newcomer past the bound is refused")
                .to_string();
            assert!(
                newcomer.contains("too many connections from your address"),
                "{newcomer}"
            );
            let back = Connection::hello(&url, "Asha", Some(&token)).await;
            assert!(back.is_ok(), "Asha with her token gets in past them");
            drop(strangers);
        },
    );
}

#[test]
fn names_that_look_alike_are_one_player_and_invisible_characters_are_refused() {
    on_a_server(
        |_| {},
        async |server, _| {
            let url = server.addr.to_string();
            let asha = Player::hello(server, "CheckA", None).await;
            let token = asha.token.clone().unwrap();
            for alike in ["checka", "CHECKA", "ＣｈｅｃｋＡ"] {
                let e = Connection::hello(&url, alike, None).await.err().unwrap();
                assert!(
                    e.to_string().contains("the name CheckA is taken"),
                    "{alike}: {e}"
                );
            }
            for hidden in ["CheckA\u{200B}", "\u{202E}CheckA", "Check\u{2066}A"] {
                let e = Connection::hello(&url, hidden, None).await.err().unwrap();
                assert!(
                    e.to_string().contains("invisible or direction"),
                    "{hidden:?}: {e}"
                );
            }
            let (_, welcome) = Connection::hello(&url, "checka", Some(&token))
                .await
                .unwrap();
            assert_eq!(welcome.name, "CheckA", "her token: her own name");
        },
    );
}

#[test]
fn a_name_with_wildcards_lists_only_its_own_matches() {
    on_a_server(
        |_| {},
        async |server, _| {
            let mut asha = Player::hello(server, "Asha", None).await;
            asha.play_the_computer().await;
            for name in ["%", "_sha", "As%"] {
                let mut p = Player::hello(server, name, None).await;
                p.send(&ToServer::Player { name: name.into() }).await;
                let page = p.until(|m| matches!(m, ToClient::Player { .. })).await;
                let ToClient::Player { matches, .. } = page else {
                    unreachable!()
                };
                assert!(matches.is_empty(), "{name}: {matches:?}");
            }
        },
    );
}

#[test]
fn a_forfeit_before_the_first_board_is_over_is_unrated() {
    on_a_server(
        |c| c.forfeit_after = Duration::from_secs(1),
        async |server, _| {
            let mut main = Player::hello(server, "Main", None).await;
            let throwaway = Player::hello(server, "Throwaway", None).await;
            let mut throwaway = throwaway;
            let quick = ToServer::Quick {
                length: None,
                mode: Mode::Singles,
            };
            main.send(&quick).await;
            throwaway.send(&quick).await;
            throwaway
                .until(|m| matches!(m, ToClient::Match { .. }))
                .await;
            throwaway.conn.close().await;
            let over = main.until(|m| matches!(m, ToClient::Over { .. })).await;
            let ToClient::Over { winners, .. } = over else {
                unreachable!()
            };
            assert_eq!(winners, ["Main"]);
            main.send(&ToServer::Player {
                name: "Main".into(),
            })
            .await;
            let page = main.until(|m| matches!(m, ToClient::Player { .. })).await;
            let ToClient::Player { player, .. } = page else {
                unreachable!()
            };
            assert_eq!(
                (player.games, player.rating),
                (0, 1500.0),
                "no rating gained"
            );
        },
    );
}

#[test]
fn a_private_rooms_match_is_watched_with_its_code_only() {
    on_a_server(
        |_| {},
        async |server, _| {
            let mut asha = Player::hello(server, "Asha", None).await;
            let create = ToServer::Create {
                mode: Mode::Singles,
                length: None,
                computers: Vec::new(),
                level: None,
            };
            asha.send(&create).await;
            let ToClient::Room { code } = asha.until(|m| matches!(m, ToClient::Room { .. })).await
            else {
                unreachable!()
            };
            let mut ravi = Player::hello(server, "Ravi", None).await;
            ravi.send(&ToServer::Join { code: code.clone() }).await;
            ravi.until(|m| matches!(m, ToClient::Match { .. })).await;
            let id = ravi.id.unwrap();
            let mut eve = Player::hello(server, "Eve", None).await;
            eve.send(&ToServer::Live).await;
            let ToClient::Live { matches } =
                eve.until(|m| matches!(m, ToClient::Live { .. })).await
            else {
                unreachable!()
            };
            assert!(
                matches.iter().all(|m| m.id != id),
                "not listed: {matches:?}"
            );
            for guess in [None, Some("WRONG1".to_string())] {
                eve.send(&ToServer::Watch { id, code: guess }).await;
                let why = refusal(&mut eve.conn).await;
                assert!(why.contains(&format!("no live match {id}")), "{why}");
            }
            let with_code = ToServer::Watch {
                id,
                code: Some(code.to_lowercase()),
            };
            eve.send(&with_code).await;
            eve.until(|m| matches!(m, ToClient::Match { .. })).await;
        },
    );
}

/// The server's process's resident memory, in MB.
fn resident_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = (status.lines())
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok());
    kb.unwrap_or(0.0) / 1024.0
}

/// A headless player's quick match (a beginner computer plays his seats), to its end.
async fn honest(url: &str, name: &str) -> carrom_online::Played {
    let plan = common::beginner(url, name, Mode::Singles);
    carrom_online::play(plan, |_| {}).await.unwrap()
}

/// Spectators of match `id` that ask for the whole match 19 times a second and never read.
fn non_reading_spectators(server: &Running, id: u64, how_many: usize) {
    for i in 0..how_many {
        let addr = server.addr;
        tokio::spawn(async move {
            let url = format!("ws://{addr}/ws");
            let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
            let hello = ToServer::Hello {
                protocol: carrom_online::ONLINE_PROTOCOL,
                name: format!("Lurker{i}"),
                token: None,
            };
            let watch = ToServer::Watch { id, code: None };
            for m in [hello, watch] {
                ws.send(m.text().into()).await.unwrap();
            }
            while ws.send(ToServer::Resync.text().into()).await.is_ok() {
                tokio::time::sleep(Duration::from_millis(52)).await;
            }
        });
    }
}

/// Clients that ask the API for match `id` (played again on every request, once) as fast as
/// they are answered; how many of their requests were refused for coming too fast.
fn api_hammer(server: &Running, id: u64, how_many: usize) -> Vec<tokio::task::JoinHandle<u32>> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    (0..how_many)
        .map(|_| {
            let addr = server.addr;
            tokio::spawn(async move {
                let mut refused = 0;
                for _ in 0..200 {
                    let Ok(mut tcp) = tokio::net::TcpStream::connect(addr).await else {
                        continue;
                    };
                    let ask = format!(
                        "GET /api/matches/{id} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    );
                    let _ = tcp.write_all(ask.as_bytes()).await;
                    let mut answer = Vec::new();
                    let _ = tcp.read_to_end(&mut answer).await;
                    refused += u32::from(answer.starts_with(b"HTTP/1.1 429"));
                }
                refused
            })
        })
        .collect()
}

/// TCP connections that never send a request (`drip` false) or drip their headers a byte a
/// second; how long each stayed open.
fn slow_connections(
    server: &Running,
    how_many: usize,
    drip: bool,
) -> Vec<tokio::task::JoinHandle<Duration>> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    (0..how_many)
        .map(|_| {
            let addr = server.addr;
            tokio::spawn(async move {
                let opened = Instant::now();
                let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
                let (mut read, mut write) = tcp.split();
                let dripping = async {
                    for b in b"GET /api/live HTTP/1.1\r\nHost: x\r\nX-Slow: "
                        .iter()
                        .cycle()
                    {
                        if !drip || write.write_all(&[*b]).await.is_err() {
                            std::future::pending::<()>().await;
                        }
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                };
                let mut buf = [0u8; 64];
                tokio::select! {
                    _ = read.read(&mut buf) => {}
                    () = dripping => {}
                }
                opened.elapsed()
            })
        })
        .collect()
}

/// While the server is attacked at its bounds (spectators that never read, the API asked for
/// a match again and again, connections that never send a request or drip their headers,
/// floods of binary frames and of pings, room codes guessed), an honest quick match between two headless clients plays to its
/// end with the server's digests, the server's memory stays within 300 MB of where it
/// started, and every slow connection is closed within 15 s.
#[test]
fn under_attack_at_its_bounds_an_honest_match_finishes_with_the_servers_digests() {
    on_a_server(
        |c| c.max_per_address = 64,
        async |server, _| {
            let url = server.addr.to_string();
            let before = resident_mb();
            let (asha, ravi) = (honest(&url, "Asha"), honest(&url, "Ravi"));
            let attacks = async {
                let id = loop {
                    match server.match_of("Asha") {
                        Some(id) => break id,
                        None => tokio::time::sleep(Duration::from_millis(50)).await,
                    }
                };
                non_reading_spectators(server, id, 8);
                let hammers = api_hammer(server, id, 8);
                let mut slow = slow_connections(server, 20, false);
                slow.extend(slow_connections(server, 20, true));
                let floods = [("Flooder", false), ("Pinger", true)];
                for (name, ping) in floods {
                    use tokio_tungstenite::tungstenite::Message;
                    let (mut sink, _stream) = raw(server, name).await.split();
                    for _ in 0..2000 {
                        let frame = match ping {
                            true => Message::Ping(vec![1u8; 64].into()),
                            false => Message::Binary(vec![0u8; 512].into()),
                        };
                        if sink.send(frame).await.is_err() {
                            break;
                        }
                    }
                }
                // Guesses at room codes, a new connection for each.
                for guess in 0..10 {
                    let mut eve = Player::hello(server, &format!("Eve{guess}"), None).await;
                    let code = format!("ZZZ{guess}");
                    eve.send(&ToServer::Join { code }).await;
                    refusal(&mut eve.conn).await;
                }
                let mut refused = 0;
                for h in hammers {
                    refused += h.await.unwrap();
                }
                let mut open_for = Vec::new();
                for s in slow {
                    open_for.push(s.await.unwrap());
                }
                (id, refused, open_for)
            };
            let (asha, ravi, (id, refused, open_for)) = tokio::join!(asha, ravi, attacks);
            let (_, stored) = server.stored_match(id).await.unwrap();
            let asha = asha.game.expect("Asha followed her match");
            assert!(asha.is_over(), "the match played to its end");
            assert_eq!(
                asha.digests, stored.digests,
                "Asha ends with the server's digests"
            );
            assert_eq!(
                ravi.game.unwrap().digests,
                stored.digests,
                "and so does Ravi"
            );
            assert!(
                refused > 0,
                "the API's requests beyond the bound are refused"
            );
            let longest = open_for.iter().max().unwrap();
            assert!(
                *longest < Duration::from_secs(15),
                "a slow connection stayed {longest:?}"
            );
            let grew = resident_mb() - before;
            eprintln!(
                "under attack: the memory grew {grew:.0} MB; {refused} API requests refused; \
             the slow connections closed within {longest:?}"
            );
            assert!(grew < 300.0, "the memory grew {grew:.0} MB");
        },
    );
}
