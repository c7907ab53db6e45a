//! Tournaments on the server, on the loopback interface: an organizer makes one, headless
//! computer players join it and play each game the server gives them as it comes; the server
//! pairs every round with the tournament crate, plays each game as a match, and the
//! standings it shows are the ones `carrom tournament standings` gives of its file. A player
//! who never comes loses his games by walkover after the server's wait; what only the
//! organizer may do is refused to others, a join after the draw and a stranger's stroke at a
//! game's board, each with its reason, and the tournament goes on.

mod common;

use carrom_online::{
    Connection, Organize, Plan, Request, ToClient, ToServer, TournamentPlan, TournamentPlayed,
    TournamentState, TournamentView,
};
use carrom_server::{Running, serve};
use carrom_tournament::Format;
use std::io::{Read, Write};
use std::time::Duration;

/// How long a whole tournament may take.
const BOUND: Duration = Duration::from_secs(900);

/// A headless player's tournament, as it ends.
type Playing = tokio::task::JoinHandle<Result<TournamentPlayed, carrom_online::ClientError>>;

/// Players `names` come to tournament `id` at headless clients, each playing his games.
fn come(url: &str, names: &[impl AsRef<str>], id: u64) -> Vec<Playing> {
    (names.iter())
        .map(|n| player(url, n.as_ref(), id))
        .map(|plan| tokio::spawn(carrom_online::play_tournament(plan, |_| {})))
        .collect()
}

/// What each player's client played, once the tournament ends within the bound (each ended
/// without an error).
async fn all_played(players: Vec<Playing>) -> Vec<TournamentPlayed> {
    let played = tokio::time::timeout(BOUND, futures_util::future::join_all(players))
        .await
        .expect("the tournament ends within the bound");
    played.into_iter().map(|p| p.unwrap().unwrap()).collect()
}

/// A headless player of tournament `id`, his games played by a beginner computer at once.
fn player(url: &str, name: &str, id: u64) -> Plan {
    Plan {
        request: Request::Tournament { id, code: None },
        ..common::beginner(url, name, carrom_online::Mode::Singles)
    }
}

/// The next message from the server that `pick` takes, within 30 s.
async fn answer<T>(conn: &mut Connection, mut pick: impl FnMut(ToClient) -> Option<T>) -> T {
    let waited = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let m = conn.recv().await.unwrap().expect("the connection stays");
            if let Some(t) = pick(m) {
                return t;
            }
        }
    });
    waited.await.expect("answered within 30 s")
}

/// The organizer's connection, and the tournament he made of `plan`.
async fn organize(url: &str, plan: TournamentPlan) -> (Connection, u64) {
    organize_as(url, "Coordinator", plan).await
}

/// The same, the organizer named `name`.
async fn organize_as(url: &str, name: &str, plan: TournamentPlan) -> (Connection, u64) {
    let (conn, id, _) = organize_with_token(url, name, plan).await;
    (conn, id)
}

/// The same, and the organizer's token.
async fn organize_with_token(
    url: &str,
    name: &str,
    plan: TournamentPlan,
) -> (Connection, u64, String) {
    let (mut conn, welcome) = Connection::hello(url, name, None).await.unwrap();
    conn.send(&ToServer::CreateTournament { plan })
        .await
        .unwrap();
    let id = answer(&mut conn, |m| match m {
        ToClient::TournamentMade { id, .. } => Some(id),
        _ => None,
    })
    .await;
    (conn, id, welcome.token.expect("a new name's token"))
}

/// The tournament as the server's page shows it.
async fn view(conn: &mut Connection, id: u64) -> TournamentView {
    conn.send(&ToServer::Tournament { id }).await.unwrap();
    answer(conn, |m| match m {
        ToClient::Tournament { tournament } if tournament.summary.id == id => Some(*tournament),
        _ => None,
    })
    .await
}

/// Waits until `n` players have joined tournament `id`.
async fn until_joined(conn: &mut Connection, id: u64, n: usize) {
    for _ in 0..200 {
        if view(conn, id).await.entrants.len() >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!("{n} players did not join");
}

/// The organizer starts tournament `id`: the tournament as it stands after the draw.
async fn start(conn: &mut Connection, id: u64) -> TournamentView {
    let start = ToServer::Organize {
        id,
        act: Organize::Start,
    };
    conn.send(&start).await.unwrap();
    answer(conn, |m| match m {
        ToClient::Tournament { tournament } => Some(*tournament),
        ToClient::Rejected { reason } => panic!("the start refused: {reason}"),
        _ => None,
    })
    .await
}

/// The reason the server rejects what `conn` sends next.
async fn rejected(conn: &mut Connection, message: ToServer) -> String {
    conn.send(&message).await.unwrap();
    answer(conn, |m| match m {
        ToClient::Rejected { reason } => Some(reason),
        _ => None,
    })
    .await
}

/// `POST path` with the JSON `body` on the server's API: its status and its body.
fn post(server: &Running, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
    let mut tcp = std::net::TcpStream::connect(server.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let body = body.to_string();
    let ask = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    tcp.write_all(ask.as_bytes()).unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).unwrap();
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text.split_whitespace().nth(1).unwrap().parse().unwrap();
    let json = text.split_once("\r\n\r\n").map_or("", |b| b.1);
    (
        status,
        serde_json::from_str(json).unwrap_or(serde_json::Value::Null),
    )
}

/// The body of `GET path` on the server's API.
fn get(server: &Running, path: &str) -> serde_json::Value {
    let mut tcp = std::net::TcpStream::connect(server.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let ask = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    tcp.write_all(ask.as_bytes()).unwrap();
    let mut answer = Vec::new();
    tcp.read_to_end(&mut answer).unwrap();
    let end = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    assert!(answer.starts_with(b"HTTP/1.1 200"), "{path}");
    serde_json::from_slice(&answer[end + 4..]).unwrap()
}

/// The standings `carrom tournament standings FILE --json` prints of the tournament's file as
/// the API exports it.
fn standings_of_the_export(server: &Running, id: u64) -> serde_json::Value {
    let file = get(server, &format!("/api/tournaments/{id}/export"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club-night.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let args = carrom_tournament::command::StandingsArgs {
        file: path,
        json: true,
    };
    let lines = carrom_tournament::command::standings(&args).unwrap();
    serde_json::from_str(&lines[0]).unwrap()
}

/// Every game each player played has the server's digests.
async fn same_digests(server: &Running, played: &[TournamentPlayed]) -> usize {
    let mut games = 0;
    for p in played {
        for g in &p.games {
            let (_, stored) = server.stored_match(g.id.unwrap()).await.unwrap();
            let here = g.game.as_ref().expect("the match followed");
            assert_eq!(here.digests, stored.digests, "match {:?}", g.id);
            games += 1;
        }
    }
    games
}

/// The VKK tournament of eight in two groups, played online to its champion: every game a
/// match with the same digests at its players and the server, the standings the API shows
/// those of its exported file; the organizer's start refused to another, and a join after
/// the draw.
#[test]
fn a_vkk_tournament_of_two_groups_is_played_online_to_its_champion() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(5);
        let server = serve(config).await.unwrap();
        let url = server.addr.to_string();
        let mut vkk = TournamentPlan::new("Club night", Format::Vkk);
        vkk.groups = Some(2);
        let (mut coordinator, id) = organize(&url, vkk).await;
        let names = [
            "Asha", "Ravi", "Meena", "Joseph", "Kavya", "Arjun", "Lata", "Vikram",
        ];
        let players = come(&url, &names, id);
        until_joined(&mut coordinator, id, names.len()).await;
        let (mut stranger, _) = Connection::hello(&url, "Stranger", None).await.unwrap();
        let start_it = ToServer::Organize {
            id,
            act: Organize::Start,
        };
        let refused = rejected(&mut stranger, start_it).await;
        assert!(refused.contains("only the organizer"), "{refused}");
        let drawn = start(&mut coordinator, id).await;
        assert_eq!(drawn.summary.state, TournamentState::Live);
        assert_eq!(drawn.games.len(), 12, "two groups of four: six games each");
        let late = ToServer::EnterTournament { id, code: None };
        let refused = rejected(&mut stranger, late).await;
        assert!(refused.contains("has started"), "{refused}");
        let remove = ToServer::Organize {
            id,
            act: Organize::Remove {
                name: "Asha".into(),
            },
        };
        let refused = rejected(&mut stranger, remove).await;
        assert!(refused.contains("only the organizer"), "{refused}");
        // A stranger at a game's board watches it, and plays nothing in it.
        let in_play = (drawn.games.iter().find_map(|g| g.match_id)).expect("games in play");
        stranger
            .send(&ToServer::Watch {
                id: in_play,
                code: None,
            })
            .await
            .unwrap();
        let board = answer(&mut stranger, |m| match m {
            ToClient::Match { log, .. } => Some(log.len()),
            _ => None,
        })
        .await;
        let act = ToServer::Act {
            index: board,
            action: carrom_match::Action::Pass,
        };
        let refused = rejected(&mut stranger, act).await;
        assert!(refused.contains("a spectator does not play"), "{refused}");
        let played = all_played(players).await;
        let end = view(&mut coordinator, id).await;
        assert_eq!(end.summary.state, TournamentState::Over);
        assert_eq!(end.champions.len(), 1, "one champion");
        assert!(
            end.games
                .iter()
                .all(|g| g.game.winner.is_some() && g.match_id.is_some())
        );
        let api = get(&server, &format!("/api/tournaments/{id}"));
        assert_eq!(api["standings"], standings_of_the_export(&server, id));
        assert_eq!(Some(&api["standings"]), end.standings.as_ref());
        let games = same_digests(&server, &played).await;
        assert_eq!(
            games,
            2 * end.games.len(),
            "each game played by its two players"
        );
        server.stop().await;
    });
}

/// A player who joins and never comes to his games loses each by walkover once the server's
/// wait has passed: no boards, the game's 25 points conceded (Law 143(i)); the others play on.
#[test]
fn a_player_who_never_comes_loses_his_games_by_walkover_after_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(9);
        config.forfeit_after = Duration::from_secs(2);
        let server = serve(config).await.unwrap();
        let url = server.addr.to_string();
        let (mut coordinator, id, token) =
            organize_with_token(&url, "Coordinator", TournamentPlan::new("Evening", Format::RoundRobin)).await;
        let (mut absent, his) = Connection::hello(&url, "Absent", None).await.unwrap();
        let his = his.token.unwrap();
        absent
            .send(&ToServer::EnterTournament { id, code: None })
            .await
            .unwrap();
        answer(&mut absent, |m| {
            matches!(m, ToClient::Tournament { .. }).then_some(())
        })
        .await;
        absent.close().await;
        let names = ["Asha", "Ravi", "Meena"];
        let players = come(&url, &names, id);
        until_joined(&mut coordinator, id, 4).await;
        // The organizer's start over HTTP: refused without his token, and to another with his.
        let path = format!("/api/tournaments/{id}/organize");
        let start = |name: &str, token: &str| {
            serde_json::json!({"name": name, "token": token, "act": {"type": "start"}})
        };
        let (status, why) = post(&server, &path, &start("Coordinator", &his));
        assert_eq!(status, 403, "{why}");
        let (status, why) = post(&server, &path, &start("Absent", &his));
        assert_eq!(status, 403, "{why}");
        assert!(why["error"].as_str().unwrap().contains("only the organizer"), "{why}");
        let (status, drawn) = post(&server, &path, &start("Coordinator", &token));
        assert_eq!(status, 200, "{drawn}");
        assert_eq!(drawn["state"], "live");
        all_played(players).await;
        let end = view(&mut coordinator, id).await;
        assert_eq!(end.summary.state, TournamentState::Over);
        let his: Vec<_> = (end.games.iter())
            .filter(|g| g.game.players.iter().any(|p| p == "Absent"))
            .collect();
        assert_eq!(his.len(), 3, "a round robin of four: three games each");
        for g in his {
            let result = g.game.result.as_ref().unwrap();
            assert_eq!(
                result.walkover.as_deref(),
                Some("Absent"),
                "game {}",
                g.game.number
            );
            assert!(result.boards.is_empty());
            assert_ne!(g.game.winner.as_deref(), Some("Absent"));
        }
        let row = &end.standings.as_ref().unwrap()["groups"][0]["standings"];
        let absent_row = (row.as_array().unwrap().iter())
            .find(|r| r["name"] == "Absent")
            .unwrap()
            .clone();
        assert_eq!(absent_row["points"], 0);
        assert_eq!(absent_row["net"], -75, "{absent_row}");
        // Another made over HTTP by its organizer: listed open.
        let body = serde_json::json!({"name": "Coordinator", "token": token, "plan": TournamentPlan::new("Next week", Format::Knockout)});
        let (status, made) = post(&server, "/api/tournaments", &body);
        assert_eq!(status, 200, "{made}");
        let listed = get(&server, "/api/tournaments");
        let next = (listed.as_array().unwrap().iter()).find(|t| t["id"] == made["id"]);
        assert_eq!(next.unwrap()["state"], "open", "{listed}");
        server.stop().await;
    });
}

/// The server's database: PostgreSQL when `CARROM_TEST_POSTGRES` names one (`.ci/run`'s
/// cluster), else SQLite in `dir`.
fn database(dir: &std::path::Path) -> String {
    std::env::var("CARROM_TEST_POSTGRES").unwrap_or_else(|_| carrom_server::sqlite_in(dir))
}

/// Whether the tournament has paired round `round` of its Swiss.
fn paired(t: &TournamentView, round: u32) -> bool {
    (t.games.iter()).any(|g| g.game.stage == carrom_tournament::Stage::Swiss { round })
}

/// A Swiss of nine, and a tenth who comes while its first round is played: he plays from the
/// next round with no points for the first; one who comes once more than half its rounds are
/// paired is refused with the reason; it ends with its standings those of its file (on
/// PostgreSQL when one is given, with names of this run's own).
#[test]
fn a_swiss_of_ten_takes_a_late_player_until_half_its_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    let run = std::process::id();
    let named = |n: &str| format!("{n}{run}");
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.db = database(dir.path());
        config.seed = Some(13);
        // Twelve new names from one address (the loopback's) within the hour.
        config.new_names_per_hour = 20;
        let server = serve(config).await.unwrap();
        let url = server.addr.to_string();
        let mut swiss = TournamentPlan::new("Swiss night", Format::Swiss);
        swiss.rounds = Some(4);
        let (mut coordinator, id) = organize_as(&url, &named("Coord"), swiss).await;
        let nine = [
            "Asha", "Ravi", "Meena", "Joseph", "Kavya", "Arjun", "Lata", "Vikram", "Uma",
        ];
        let nine = nine.map(named);
        let mut players = come(&url, &nine, id);
        until_joined(&mut coordinator, id, nine.len()).await;
        start(&mut coordinator, id).await;
        let late = named("Late");
        players.extend(come(&url, &[&late], id));
        until_joined(&mut coordinator, id, 10).await;
        for _ in 0..2000 {
            if paired(&view(&mut coordinator, id).await, 3) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        let (mut later, _) = Connection::hello(&url, &named("Later"), None)
            .await
            .unwrap();
        let refused = rejected(&mut later, ToServer::EnterTournament { id, code: None }).await;
        assert!(refused.contains("until half its rounds"), "{refused}");
        let played = all_played(players).await;
        let end = view(&mut coordinator, id).await;
        assert_eq!(end.summary.state, TournamentState::Over);
        assert_eq!(end.entrants.len(), 10);
        let his_rounds: Vec<_> = (end.games.iter())
            .filter(|g| g.game.players.contains(&late))
            .map(|g| g.game.stage.clone())
            .collect();
        assert!(!his_rounds.contains(&carrom_tournament::Stage::Swiss { round: 1 }));
        assert!(his_rounds.len() >= 2, "{his_rounds:?}");
        let api = get(&server, &format!("/api/tournaments/{id}"));
        assert_eq!(api["standings"], standings_of_the_export(&server, id));
        let row = &api["standings"]["groups"][0]["standings"];
        let his = (row.as_array().unwrap().iter()).find(|r| r["name"] == late.as_str());
        assert!(his.unwrap()["played"].as_u64().unwrap() <= 3, "{his:?}");
        same_digests(&server, &played).await;
        server.stop().await;
    });
}
