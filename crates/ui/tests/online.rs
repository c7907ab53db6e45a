//! Play online, headless, against a real carrom server started in this process on the loopback
//! interface (SQLite in a temporary directory): the online page's Quick match gives a computer
//! opponent (unrated), or pairs this player with one waiting at a headless client (rated); this
//! machine's strokes go to the server and come back, and the board's digests are the server's; a name taken without its token and a wrong room code are refused on the
//! page in the server's words; the leaderboard shows the players of a rated match (two headless
//! clients), and a player's page opens from it with his match to watch as a replay; a name's
//! code from another device plays the name here. The names' tokens are kept in a directory of
//! this test's own ([`own_data_dir`]), never the user's. Bounded.

mod common;

use common::press;

use bevy::prelude::*;
use carrom_match::Level;
use carrom_online::{Plan, Request};
use carrom_physics::Spec;
use carrom_server::{ServerConfig, sqlite_in};
use carrom_ui::modes::table::Table;
use carrom_ui::modes::turn::Aim;
use carrom_ui::screens::menu::online::{OnlineForm, OnlineSession};
use carrom_ui::{Launch, Phase, Playing};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How long any part of a test may take.
const BOUND: Duration = Duration::from_secs(150);

/// A server on the loopback interface, on SQLite in `dir`: a quick match waiting 1 s is given
/// a computer; every match seeded.
fn start_server(rt: &tokio::runtime::Runtime, dir: &std::path::Path) -> carrom_server::Running {
    start_server_waiting(rt, dir, Duration::from_secs(1))
}

/// The same, a quick match waiting `wait` before it is given a computer.
fn start_server_waiting(
    rt: &tokio::runtime::Runtime,
    dir: &std::path::Path,
    wait: Duration,
) -> carrom_server::Running {
    let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), &sqlite_in(dir));
    config.computer_after = wait;
    config.seed = Some(7);
    rt.block_on(carrom_server::serve(config)).unwrap()
}

/// The names' tokens and the settings kept in a directory of these tests' own, set once for
/// the whole test program before any app or client reads it.
fn own_data_dir() {
    static SET: std::sync::Once = std::sync::Once::new();
    SET.call_once(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("ui-online-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // SAFETY: every test calls this first (through `runtime`), and the Once holds the
        // others back until it is set: nothing reads the environment meanwhile.
        unsafe { std::env::set_var("CARROM_CONFIG_DIR", &dir) };
    });
}

fn runtime() -> tokio::runtime::Runtime {
    own_data_dir();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// The app at the menu, with its screens; the online page opened by its button, the server
/// at `port` and `name` typed in.
fn online_page(port: u16, name: &str) -> App {
    let mut app = carrom_ui::headless_app_with_screens(&Spec::default(), Launch::menu());
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    for _ in 0..3 {
        app.update();
    }
    click(&mut app, |t| t.starts_with("Play online"));
    let mut form = app.world_mut().resource_mut::<OnlineForm>();
    form.server = format!("127.0.0.1:{port}");
    form.name = name.into();
    app
}

/// The button whose label `is` says, on a page over the menu if there is one.
fn button(app: &mut App, is: impl Fn(&str) -> bool) -> Entity {
    common::button_where(app, is).expect("a button so labelled")
}

fn click(app: &mut App, is: impl Fn(&str) -> bool) {
    let b = button(app, is);
    app.world_mut().trigger(carrom_ui::theme::Activate(b));
    app.update();
}

/// Runs the app (a millisecond a frame, for the link's thread) until `done`, within the bound.
fn run_until(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let t0 = Instant::now();
    while !done(app) {
        if t0.elapsed() > BOUND {
            let said = (session(app).message.clone(), session(app).status.clone());
            panic!("not within the bound: {what} (the page says {said:?})");
        }
        app.update();
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn playing(app: &App) -> Option<Playing> {
    app.world()
        .get_resource::<State<Playing>>()
        .map(|p| *p.get())
}

fn phase(app: &App) -> Phase {
    app.world()
        .get_resource::<State<Phase>>()
        .map_or(Phase::Idle, |p| *p.get())
}

/// Every text the screen has, a line each.
fn shown_text(app: &mut App) -> String {
    let mut texts = app.world_mut().query::<&Text>();
    let all: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
    all.join("\n")
}

fn session(app: &App) -> &OnlineSession {
    app.world().resource::<OnlineSession>()
}

/// Where this machine's strokes are tried along the base line, in turn until one is legal.
const SPOTS: [f32; 7] = [0.0, 0.5, -0.5, 0.8, -0.8, 0.25, -0.25];

/// This machine's turn: a gentle stroke at the board's centre from the first legal spot of
/// [`SPOTS`] (`tried` counts the spots tried), or a returned piece put down where it is
/// offered.
fn act_here(app: &mut App, tried: &mut usize) {
    let table = app.world().resource::<Table>();
    let Some(seat) = table.actor() else { return };
    if !table.here.as_ref().is_some_and(|h| h.contains(&seat)) {
        return;
    }
    match phase(app) {
        Phase::Aim => {
            let position = SPOTS[*tried % SPOTS.len()];
            *tried += 1;
            let spot = Spec::default().board.striker_spot(seat, position);
            let mut aim = app.world_mut().resource_mut::<Aim>();
            aim.position = position;
            aim.dir = -Vec2::new(spot.x, spot.y).normalize();
            aim.power = 0.35;
            app.update();
            if app.world().resource::<Aim>().illegal.is_none() {
                press(app, KeyCode::Space);
            }
        }
        Phase::PlaceDue => press(app, KeyCode::Enter),
        _ => {}
    }
}

/// What the board shows, for a test that fails.
fn board_state(app: &App) -> String {
    let table = app.world().resource::<Table>();
    let online = app
        .world()
        .get_resource::<carrom_ui::modes::online::Online>();
    format!(
        "actions {}, phase {:?}, actor {:?}, here {:?}, illegal {:?}, seating {:?}",
        table.model.actions.len(),
        phase(app),
        table.actor(),
        table.here,
        app.world().resource::<Aim>().illegal,
        online.map(|o| o.seating_lines(table.actor()))
    )
}

/// Quick match from the online page: no opponent waits, so the server's computer plays; this
/// machine's strokes go to the server and its computer's come back, and after each action the
/// board's position is the server's, digest for digest.
#[test]
fn a_quick_match_from_the_online_page_is_played_on_the_board_with_the_servers_digests() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(&rt, dir.path());
    let mut app = online_page(server.addr.port(), "Asha");
    click(&mut app, |t| t == "Quick match");
    let rated = six_actions_with_the_servers_digests(&mut app, &rt, &server, "Asha");
    assert!(!rated, "a match against the server's computer is not rated");
    rt.block_on(server.stop());
}

/// Quick match from the online page while a player waits at a headless client: the two are
/// paired, the match is rated, and the board here keeps the server's digests.
#[test]
fn a_quick_match_with_another_player_is_rated_and_played_on_the_board() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server_waiting(&rt, dir.path(), BOUND);
    let port = server.addr.port();
    let mut app = online_page(port, "Asha");
    // Ravi asks for the length the page asks for (the menu's).
    let ravi = quick_match_with_ravi(&mut app, &rt, &server, port);
    let rated = six_actions_with_the_servers_digests(&mut app, &rt, &server, "Asha");
    assert!(rated, "two players' quick match is rated");
    ravi.abort();
    rt.block_on(server.stop());
}

/// Ravi waits for a quick match at a headless client reaching the server at `port`, asking
/// for the page's length; then the page asks for one: the two are paired.
fn quick_match_with_ravi(
    app: &mut App,
    rt: &tokio::runtime::Runtime,
    server: &carrom_server::Running,
    port: u16,
) -> tokio::task::JoinHandle<Result<carrom_online::Played, carrom_online::ClientError>> {
    let length = app
        .world()
        .resource::<carrom_ui::settings::Settings>()
        .length;
    let mut plan = headless(port, "Ravi");
    plan.request = Request::Quick {
        length: Some(length),
        mode: carrom_online::Mode::Singles,
    };
    let ravi = rt.spawn(carrom_online::play(plan, |_| {}));
    run_until(app, "Ravi waiting", |_| {
        std::thread::sleep(Duration::from_millis(20));
        server.waiting() == 1
    });
    click(app, |t| t == "Quick match");
    ravi
}

/// Plays `name`'s turns here (Quick match asked) until six actions are on the board, and checks
/// that both seats struck and that the board's digests are the server's. Whether the server
/// rates the match.
fn six_actions_with_the_servers_digests(
    app: &mut App,
    rt: &tokio::runtime::Runtime,
    server: &carrom_server::Running,
    name: &str,
) -> bool {
    run_until(app, "the match on the board", |app| {
        playing(app) == Some(Playing::Online)
    });
    let id = server.match_of(name).expect("seated");
    let here = app.world().resource::<Table>().here.clone().unwrap();
    assert_eq!(here.len(), 1, "{name} plays one seat here: {here:?}");
    const ACTIONS: usize = 6;
    let (mut tried, mut told) = (0, Instant::now());
    run_until(app, "six actions", |app| {
        act_here(app, &mut tried);
        if told.elapsed() > Duration::from_secs(5) {
            told = Instant::now();
            eprintln!("{}", board_state(app));
        }
        let table = app.world().resource::<Table>();
        table.model.actions.len() >= ACTIONS && phase(app) != Phase::Moving
    });
    let table = app.world().resource::<Table>();
    let seats: Vec<_> = (table.model.actions.iter())
        .filter_map(|a| match a {
            carrom_match::Action::Stroke { shot } => Some(shot.seat),
            _ => None,
        })
        .collect();
    assert!(seats.contains(&here[0]), "{name} struck: {seats:?}");
    assert!(seats.iter().any(|s| *s != here[0]), "the other side struck");
    let (row, servers) = rt.block_on(server.stored_match(id)).unwrap();
    let n = table.model.actions.len().min(servers.actions.len());
    assert!(n >= ACTIONS - 1, "the server has the strokes: {n}");
    assert_eq!(table.model.digests[..n], servers.digests[..n]);
    assert!(table.model.violations.is_empty());
    row.rated
}

/// A relay on the loopback interface between this machine's link and the server at `server`:
/// while `hold` is set, what the server sends waits in the relay (a page too slow to hear it).
/// The port to give the page.
fn relay(rt: &tokio::runtime::Runtime, server: SocketAddr, hold: Arc<AtomicBool>) -> u16 {
    let listener = rt
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let port = listener.local_addr().unwrap().port();
    rt.spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(upstream) = tokio::net::TcpStream::connect(server).await else {
                continue;
            };
            let (mut from_client, mut to_client) = client.into_split();
            let (mut from_server, mut to_server) = upstream.into_split();
            tokio::spawn(async move {
                let _ = tokio::io::copy(&mut from_client, &mut to_server).await;
            });
            let hold = hold.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 16 * 1024];
                while let Ok(n @ 1..) = from_server.read(&mut buf).await {
                    while hold.load(Ordering::SeqCst) {
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                    if to_client.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                }
            });
        }
    });
    port
}

/// Whether this machine's player is to strike.
fn to_strike_here(app: &App) -> bool {
    let Some(table) = app.world().get_resource::<Table>() else {
        return false;
    };
    let here = table.actor().is_some_and(|s| {
        let here = table.here.as_ref();
        here.is_some_and(|h| h.contains(&s))
    });
    here && phase(app) == Phase::Aim
}

/// The seconds left on the shot clock, as the panel shows them.
fn clock_left(app: &App) -> Option<u64> {
    let online = app
        .world()
        .get_resource::<carrom_ui::modes::online::Online>()?;
    let line = online.clock_line()?;
    line.rsplit(' ').nth(1)?.parse().ok()
}

/// The ICF's shot clock ran out at the server while this machine could not hear it (a page
/// drawing a frame a second): the stroke struck here after it is refused, and the board takes
/// the server's time-out (Law 50) and the other side's strokes after it, and plays on: its
/// digests are the server's, and its next stroke is the server's too.
#[test]
fn a_stroke_struck_after_the_shot_clock_ran_out_gives_way_to_the_servers_time_out() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), &sqlite_in(dir.path()));
    (config.computer_after, config.seed) = (BOUND, Some(7));
    (config.shot_clock_secs, config.clock_grace) = (10, Duration::from_millis(200));
    let server = rt.block_on(carrom_server::serve(config)).unwrap();
    let hold = Arc::new(AtomicBool::new(false));
    let mut app = online_page(relay(&rt, server.addr, hold.clone()), "Asha");
    let ravi = quick_match_with_ravi(&mut app, &rt, &server, server.addr.port());
    // Her turn with 3 s or more on the clock (the board shows Ravi's stroke first).
    run_until(&mut app, "Asha to strike", |app| {
        to_strike_here(app) && clock_left(app).is_some_and(|s| s >= 3)
    });
    let id = server.match_of("Asha").expect("seated");
    let due = app.world().resource::<Table>().model.actions.len();
    // The server's words stop reaching the board; its clock runs out (and the grace).
    hold.store(true, Ordering::SeqCst);
    let online = app.world().resource::<carrom_ui::modes::online::Online>();
    let left = online.until_time_out().unwrap();
    std::thread::sleep(left + Duration::from_secs(1));
    let mut tried = 0;
    let struck_here = |app: &App| app.world().resource::<Table>().model.actions.len() > due;
    while !struck_here(&app) && tried < SPOTS.len() {
        act_here(&mut app, &mut tried);
    }
    run_until(&mut app, "the stroke at rest", |app| {
        phase(app) != Phase::Moving
    });
    let table = app.world().resource::<Table>();
    assert!(
        matches!(
            table.model.actions.get(due),
            Some(carrom_match::Action::Stroke { .. })
        ),
        "struck here: {}",
        board_state(&app)
    );
    hold.store(false, Ordering::SeqCst);
    // The board follows the server again: its time-out, Ravi's strokes, then Asha's stroke.
    let servers = |rt: &tokio::runtime::Runtime| {
        let (_, game) = rt.block_on(server.stored_match(id)).unwrap();
        game
    };
    let here = app.world().resource::<Table>().here.clone().unwrap();
    let mut looked = Instant::now();
    run_until(&mut app, "Asha's stroke after the time-out", |app| {
        act_here(app, &mut tried);
        if looked.elapsed() < Duration::from_millis(500) || phase(app) == Phase::Moving {
            return false;
        }
        looked = Instant::now();
        let game = servers(&rt);
        let table = app.world().resource::<Table>();
        let struck = (game.actions.iter().enumerate().skip(due + 1)).any(|(i, a)| {
            matches!(a, carrom_match::Action::Stroke { shot } if here.contains(&shot.seat))
                && table.model.actions.len() > i
        });
        struck && table.model.actions.len() <= game.actions.len()
    });
    let game = servers(&rt);
    assert_eq!(game.actions[due], carrom_match::Action::TimeOut);
    let table = app.world().resource::<Table>();
    let n = table.model.actions.len();
    assert_eq!(
        table.model.digests[..n],
        game.digests[..n],
        "{}",
        board_state(&app)
    );
    ravi.abort();
    rt.block_on(server.stop());
}

/// A headless client playing a quick one-board match with its beginner computer.
fn headless(port: u16, name: &str) -> Plan {
    Plan {
        server: format!("127.0.0.1:{port}"),
        name: name.into(),
        token: None,
        request: Request::Quick {
            length: Some(carrom_match::MatchLength::Board),
            mode: carrom_online::Mode::Singles,
        },
        computer: Some(Level::Beginner),
        retry: Duration::from_secs(5),
        pace: Duration::ZERO,
        ca: None,
    }
}

/// A headless beginner asking for quick doubles of `length`, alone.
fn doubles(port: u16, name: &str, length: carrom_match::MatchLength) -> Plan {
    Plan {
        request: Request::Quick {
            length: Some(length),
            mode: carrom_online::Mode::Doubles,
        },
        ..headless(port, name)
    }
}

/// The page's refusals are the server's words (a taken name's in plain words); the
/// leaderboard lists the players of a rated match, a click on one opens his page, and his match
/// is watched from it as a replay.
#[test]
fn the_leaderboard_and_a_players_page_show_a_rated_match_and_refusals_are_the_servers_words() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(&rt, dir.path());
    let port = server.addr.port();
    let ravi = rt.spawn(carrom_online::play(headless(port, "Ravi"), |_| {}));
    let kim = rt.spawn(carrom_online::play(headless(port, "Kim"), |_| {}));
    let within = |f| rt.block_on(async { tokio::time::timeout(BOUND, f).await.unwrap() });
    let played = within(ravi).unwrap().unwrap();
    assert!(within(kim).unwrap().unwrap().how.is_some());
    assert!(played.how.is_some(), "the match was played to its end");
    // Ravi's name is claimed: without its token the server refuses it, in its words.
    let mut app = online_page(port, "Ravi");
    click(&mut app, |t| t == "Quick match");
    run_until(&mut app, "the refusal", |app| {
        session(app).message.is_some()
    });
    // A name kept for another: in plain words, with what to do.
    let refused = session(&app).message.clone().unwrap();
    assert!(
        refused.contains("The name Ravi is someone else's on this server")
            && refused.contains("Choose another"),
        "{refused}"
    );
    app.world_mut().resource_mut::<OnlineForm>().name = "Lee".into();
    app.world_mut().resource_mut::<OnlineForm>().code = "NOPE".into();
    click(&mut app, |t| t == "Join the room");
    run_until(&mut app, "the wrong code", |app| {
        session(app).message.is_some()
    });
    let wrong = session(&app).message.clone().unwrap();
    assert!(wrong.contains("no room"), "{wrong}");
    click(&mut app, |t| t == "Leaderboard");
    run_until(&mut app, "the leaderboard", |app| {
        session(app).leaderboard.is_some()
    });
    let (mode, board) = session(&app).leaderboard.clone().unwrap();
    assert_eq!(mode, carrom_online::Mode::Singles, "the singles tab first");
    let names: Vec<&str> = board.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.contains(&"Ravi") && names.contains(&"Kim"));
    assert!(board.iter().all(|p| p.games == 1 && p.deviation < 350.0));
    app.update();
    click(&mut app, |t| t.contains("Ravi") && t.contains("games"));
    run_until(&mut app, "Ravi's page", |app| session(app).player.is_some());
    let (ravi, matches) = session(&app).player.clone().unwrap();
    assert_eq!((ravi.name.as_str(), ravi.games), ("Ravi", 1));
    assert_eq!(matches.len(), 1);
    assert_eq!(Some(matches[0].id), played.id);
    app.update();
    click(&mut app, |t| t == "Replay");
    run_until(&mut app, "the replay", |app| {
        playing(app) == Some(Playing::Replay)
    });
    rt.block_on(server.stop());
}

/// A name's code from another device: a code without its slash is refused in the page's words;
/// the name's code taken, the name is the page's, its key is kept for this server, the page
/// shows the same code to take it further, and the name plays here without a refusal.
#[test]
fn a_names_code_from_another_device_plays_the_name_here() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(&rt, dir.path());
    let port = server.addr.port();
    let addr = format!("127.0.0.1:{port}");
    // Ravi claims his name on another device: the server gives its key once.
    let (conn, welcome) = rt
        .block_on(carrom_online::Connection::hello(&addr, "Ravi", None))
        .unwrap();
    drop(conn);
    let token = welcome.token.expect("a claimed name's key");
    let mut app = online_page(port, "Newcomer");
    // A game that keeps its settings (and so the names' keys), as the window's does.
    let settings = dir.path().join("settings.ron");
    app.world_mut()
        .insert_resource(carrom_ui::settings::SettingsFile {
            path: Some(settings.clone()),
            message: None,
        });
    click(&mut app, |t| t.starts_with("My name's code"));
    let none = session(&app).message.clone().unwrap();
    assert!(none.contains("No key is kept for Newcomer"), "{none}");
    click(&mut app, |t| t.starts_with("Code from another device"));
    common::type_text(&mut app, "Ravi");
    let refused = session(&app).message.clone().unwrap();
    assert!(
        refused.starts_with("Name code: a name's code is the name, a slash"),
        "{refused}"
    );
    assert_eq!(app.world().resource::<OnlineForm>().name, "Newcomer");
    click(&mut app, |t| t.starts_with("Code from another device"));
    let code = carrom_online::name_code("Ravi", &token);
    common::type_text(&mut app, &code);
    let taken = session(&app).message.clone().unwrap();
    assert!(
        taken.starts_with("You play as Ravi on this server now"),
        "{taken}"
    );
    assert_eq!(app.world().resource::<OnlineForm>().name, "Ravi");
    assert_eq!(carrom_online::kept_token(&addr, "Ravi"), Some(token));
    let kept = std::fs::read_to_string(&settings).unwrap();
    assert!(
        kept.contains("\"Ravi\""),
        "the name kept with the settings: {kept}"
    );
    click(&mut app, |t| t.starts_with("My name's code"));
    let shown = session(&app).message.clone().unwrap();
    assert!(
        shown.contains(&code),
        "the same code, to take further: {shown}"
    );
    session_cleared(&mut app);
    click(&mut app, |t| t == "Quick match");
    run_until(&mut app, "Ravi's match", |app| {
        assert!(session(app).message.is_none(), "{:?}", session(app).message);
        playing(app) == Some(Playing::Online)
    });
    assert!(server.match_of("Ravi").is_some(), "Ravi is seated");
    rt.block_on(server.stop());
}

/// The page's last words cleared, so the next are the server's answer.
fn session_cleared(app: &mut App) {
    app.world_mut().resource_mut::<OnlineSession>().message = None;
}

/// A tournament from the online page: the list shows the one an organizer made on another
/// device, its page joins it, a headless player joins too, the organizer starts it, and the
/// page's game goes to the board, played with the server's digests.
#[test]
fn a_tournament_is_joined_from_its_page_and_its_game_played_on_the_board() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(&rt, dir.path());
    let port = server.addr.port();
    let (mut app, id, ravi) = a_knockout_started_on_the_page(&rt, port);
    six_actions_with_the_servers_digests(&mut app, &rt, &server, "Asha");
    let game = server.match_of("Asha").expect("seated");
    let view = session_tournament_view(&rt, &format!("127.0.0.1:{port}"), id);
    assert_eq!(
        view.game_in_play("Asha"),
        Some(game),
        "the tournament's game"
    );
    ravi.abort();
    rt.block_on(server.stop());
}

/// After a tournament's game, the menu comes back to the tournament's page: Ravi leaves their
/// game and forfeits it after the server's wait; her game over, Esc takes Asha to the
/// tournament's page, which shows her its champion.
#[test]
fn after_a_tournaments_game_the_page_comes_back_to_the_tournament() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), &sqlite_in(dir.path()));
    config.forfeit_after = Duration::from_secs(2);
    let server = rt.block_on(carrom_server::serve(config)).unwrap();
    let port = server.addr.port();
    let (mut app, id, ravi) = a_knockout_started_on_the_page(&rt, port);
    run_until(&mut app, "her game on the board", |app| {
        playing(app) == Some(Playing::Online)
    });
    assert_eq!(session(&app).back_to_tournament, Some(id));
    ravi.abort();
    run_until(&mut app, "Ravi's forfeit", |app| {
        (app.world()
            .get_resource::<carrom_ui::modes::online::Online>())
        .is_some_and(|o| o.is_over())
    });
    // Over by a forfeit (no action ends it): Esc asks, a second leaves.
    press(&mut app, KeyCode::Escape);
    app.update();
    press(&mut app, KeyCode::Escape);
    run_until(&mut app, "the tournament's page again", |app| {
        app.world()
            .get_resource::<State<carrom_ui::screens::menu::online::OnlineView>>()
            .is_some_and(|v| *v.get() == carrom_ui::screens::menu::online::OnlineView::Tournament)
    });
    let ended =
        |app: &mut App| (session(app).tournament.as_ref()).is_some_and(|t| t.champions == ["Asha"]);
    let t0 = Instant::now();
    while !ended(&mut app) && t0.elapsed() < Duration::from_secs(30) {
        app.update();
        std::thread::sleep(Duration::from_millis(10));
    }
    let s = session(&app);
    let t = s
        .tournament
        .as_ref()
        .map(|t| (t.summary.state, t.champions.clone(), t.games.clone()));
    let said = format!("{t:?} {:?} {:?}", s.message, s.status);
    assert!(ended(&mut app), "{said}");
    app.update();
    assert!(shown_text(&mut app).contains("Asha"), "its champion shown");
    assert_eq!(session(&app).back_to_tournament, None);
    rt.block_on(server.stop());
}

/// A knockout made by its organizer on another connection, joined on the page by Asha and by
/// Ravi headless, and started: the page, its number, and Ravi's client.
fn a_knockout_started_on_the_page(
    rt: &tokio::runtime::Runtime,
    port: u16,
) -> (App, u64, tokio::task::JoinHandle<()>) {
    let addr = format!("127.0.0.1:{port}");
    let (mut organizer, id) = rt.block_on(async {
        let (mut conn, _) = carrom_online::Connection::hello(&addr, "Coordinator", None)
            .await
            .unwrap();
        let plan =
            carrom_online::TournamentPlan::new("Final night", carrom_tournament::Format::Knockout);
        conn.send(&carrom_online::ToServer::CreateTournament { plan })
            .await
            .unwrap();
        loop {
            if let Some(carrom_online::ToClient::TournamentMade { id, .. }) =
                conn.recv().await.unwrap()
            {
                break (conn, id);
            }
        }
    });
    let mut app = online_page(port, "Asha");
    click(&mut app, |t| t == "Tournaments");
    run_until(&mut app, "the list", |app| {
        session(app)
            .tournaments
            .as_ref()
            .is_some_and(|l| l.len() == 1)
    });
    app.update();
    click(&mut app, |t| {
        t.starts_with("Final night: knockout, open to join")
    });
    run_until(&mut app, "its page", |app| {
        session(app).tournament.is_some()
    });
    app.update();
    click(&mut app, |t| t == "Join");
    let joined = |n: usize| {
        move |app: &mut App| {
            (session(app).tournament.as_ref()).is_some_and(|t| t.entrants.len() == n)
        }
    };
    run_until(&mut app, "Asha joined", joined(1));
    let ravi = Plan {
        request: Request::Tournament { id, code: None },
        ..headless(port, "Ravi")
    };
    let ravi = rt.spawn(async move {
        let _ = carrom_online::play_tournament(ravi, |_| {}).await;
    });
    run_until(&mut app, "Ravi joined, told to the page", joined(2));
    rt.block_on(async {
        let start = carrom_online::ToServer::Organize {
            id,
            act: carrom_online::Organize::Start,
        };
        organizer.send(&start).await.unwrap();
        // Done, and told him as it stands.
        while !matches!(
            organizer.recv().await.unwrap(),
            Some(carrom_online::ToClient::Tournament { .. })
        ) {}
        organizer.close().await;
    });
    (app, id, ravi)
}

/// Tournament `id` as the server's page gives it.
fn session_tournament_view(
    rt: &tokio::runtime::Runtime,
    addr: &str,
    id: u64,
) -> carrom_online::TournamentView {
    rt.block_on(async {
        let mut conn = carrom_online::Connection::open(addr).await.unwrap();
        conn.send(&carrom_online::ToServer::Tournament { id })
            .await
            .unwrap();
        loop {
            if let Some(carrom_online::ToClient::Tournament { tournament }) =
                conn.recv().await.unwrap()
            {
                return *tournament;
            }
        }
    })
}

/// Quick doubles from the online page while three players wait for doubles at headless
/// clients: the four are seated, partners opposite, and the page plays its one seat on the
/// board.
#[test]
fn quick_doubles_from_the_online_page_seats_four_and_plays_this_players_seat() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server_waiting(&rt, dir.path(), BOUND);
    let port = server.addr.port();
    let mut app = online_page(port, "Asha");
    let length = app
        .world()
        .resource::<carrom_ui::settings::Settings>()
        .length;
    let others: Vec<_> = ["Ravi", "Meena", "Joseph"]
        .into_iter()
        .map(|name| rt.spawn(carrom_online::play(doubles(port, name, length), |_| {})))
        .collect();
    run_until(&mut app, "three waiting for doubles", |_| {
        std::thread::sleep(Duration::from_millis(20));
        server.waiting() == 3
    });
    click(&mut app, |t| t == "Quick doubles");
    run_until(&mut app, "the match on the board", |app| {
        playing(app) == Some(Playing::Online)
    });
    let table = app.world().resource::<Table>();
    assert_eq!(table.model.setup.seats, carrom_referee::Seats::Doubles);
    assert_eq!(table.here.as_ref().map(Vec::len), Some(1), "one seat here");
    let (row, _) = rt
        .block_on(server.stored_match(server.match_of("Asha").unwrap()))
        .unwrap();
    assert!(row.rated, "four people's quick doubles is rated");
    for o in others {
        o.abort();
    }
    rt.block_on(server.stop());
}

/// The leaderboard's doubles tab: four headless computers play a rated one-board quick
/// doubles to its end; on the page the singles tab names nobody, the doubles tab the four by
/// their doubles ratings, and a player's page has his doubles rating under his singles one.
#[test]
fn the_leaderboards_doubles_tab_ranks_the_players_of_rated_doubles() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server_waiting(&rt, dir.path(), BOUND);
    let port = server.addr.port();
    let four = ["Asha", "Ravi", "Meena", "Joseph"].map(|name| {
        let plan = doubles(port, name, carrom_match::MatchLength::Board);
        rt.spawn(carrom_online::play(plan, |_| {}))
    });
    for p in four {
        let played = rt.block_on(async { tokio::time::timeout(BOUND, p).await });
        assert!(
            played.unwrap().unwrap().unwrap().how.is_some(),
            "played to its end"
        );
    }
    let mut app = online_page(port, "Kim");
    click(&mut app, |t| t == "Leaderboard");
    run_until(&mut app, "the singles leaderboard", |app| {
        session(app).leaderboard.is_some()
    });
    let (mode, board) = session(&app).leaderboard.clone().unwrap();
    assert_eq!((mode, board.len()), (carrom_online::Mode::Singles, 0));
    app.update();
    assert!(shown_text(&mut app).contains("Nobody has played a rated singles match"));
    click(&mut app, |t| t == "Doubles");
    run_until(&mut app, "the doubles leaderboard", |app| {
        session(app).leaderboard.as_ref().map(|l| l.0) == Some(carrom_online::Mode::Doubles)
    });
    let (_, board) = session(&app).leaderboard.clone().unwrap();
    assert_eq!(board.len(), 4, "{board:?}");
    let best = board[0].doubles.clone().expect("a doubles rating");
    app.update();
    let words = shown_text(&mut app);
    assert!(words.contains("Doubles - Weng-Lin ratings"), "{words}");
    let first = format!("1.  {:<16} {:>6.0} +/-", board[0].name, best.rating);
    assert!(words.contains(&first), "{first:?} in {words}");
    let name = board[0].name.clone();
    click(&mut app, |t| t.contains(&name) && t.contains("games"));
    run_until(&mut app, "his page", |app| session(app).player.is_some());
    app.update();
    let page = shown_text(&mut app);
    let doubles = format!(
        "Doubles: rated {:.0} +/- {:.0} - 1 games, 1 wins",
        best.rating, best.uncertainty
    );
    assert!(page.contains(&doubles), "{doubles:?} in {page}");
    assert!(page.contains(&format!("{name}: rated 1500")), "{page}");
    rt.block_on(server.stop());
}

/// Quick doubles with a friend from the page: the page makes a party and shows its code; Ravi
/// joins it headless with the code, two players come alone, and the match on the board has
/// Ravi opposite this player as his partner.
#[test]
fn a_party_made_on_the_page_seats_the_friend_who_joins_it_as_partner() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server_waiting(&rt, dir.path(), BOUND);
    let port = server.addr.port();
    let mut app = online_page(port, "Asha");
    let length = app
        .world()
        .resource::<carrom_ui::settings::Settings>()
        .length;
    click(&mut app, |t| t == "Quick doubles with a friend");
    run_until(&mut app, "the party's code", |app| {
        session(app).party.is_some()
    });
    let code = session(&app).party.clone().unwrap();
    app.update();
    assert!(shown_text(&mut app).contains(&format!("Party code: {code}")));
    let mut ravi = headless(port, "Ravi");
    ravi.request = Request::Partners {
        length: None,
        party: carrom_online::Party::Join(code),
    };
    let mut others = vec![rt.spawn(carrom_online::play(ravi, |_| {}))];
    for name in ["Meena", "Joseph"] {
        let plan = doubles(port, name, length);
        others.push(rt.spawn(carrom_online::play(plan, |_| {})));
    }
    run_until(&mut app, "the match on the board", |app| {
        playing(app) == Some(Playing::Online)
    });
    let id = server.match_of("Asha").unwrap();
    let (row, stored) = rt.block_on(server.stored_match(id)).unwrap();
    let seat = |name: &str| row.seats.iter().find(|s| s.name == name).unwrap().seat;
    let side = |name: &str| stored.setup.seats.side_of(seat(name));
    assert_eq!(side("Asha"), side("Ravi"), "her partner opposite her");
    assert_ne!(side("Asha"), side("Meena"));
    assert!(row.rated);
    for o in others {
        o.abort();
    }
    rt.block_on(server.stop());
}

/// The organizer's controls on his tournament's page: Kim makes a round robin from the list,
/// four players join headless, he removes one before the start (off the list), starts it,
/// pauses and resumes it, and cancels it; each act as the server tells it after.
#[test]
fn the_organizer_starts_pauses_resumes_and_cancels_his_tournament_from_its_page() {
    let rt = runtime();
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(&rt, dir.path());
    let port = server.addr.port();
    let mut app = online_page(port, "Kim");
    click(&mut app, |t| t == "Tournaments");
    run_until(&mut app, "the list", |app| {
        session(app).tournaments.is_some()
    });
    app.update();
    click(&mut app, |t| t == "New round robin");
    run_until(&mut app, "its page", |app| {
        session(app).tournament.is_some()
    });
    let id = session(&app).tournament.as_ref().unwrap().summary.id;
    let players: Vec<_> = ["Ravi", "Meena", "Joseph", "Lata"]
        .into_iter()
        .map(|name| {
            let plan = Plan {
                request: Request::Tournament { id, code: None },
                ..headless(port, name)
            };
            rt.spawn(async move {
                let _ = carrom_online::play_tournament(plan, |_| {}).await;
            })
        })
        .collect();
    let state = |app: &App| session(app).tournament.as_ref().map(|t| t.summary.state);
    let entrants = |app: &App| (session(app).tournament.as_ref()).map_or(0, |t| t.entrants.len());
    // The page hears of the joins when asked again: Refresh (twice a second, under the
    // server's bound on queries) until the four are in.
    let mut asked = Instant::now();
    run_until(&mut app, "four joined", |app| {
        if entrants(app) < 4 && asked.elapsed() > Duration::from_millis(500) {
            click(app, |t| t == "Refresh");
            asked = Instant::now();
        }
        entrants(app) == 4
    });
    app.update();
    click(&mut app, |t| t == "Remove Joseph");
    run_until(&mut app, "Joseph off the list", |app| entrants(app) == 3);
    use carrom_online::TournamentState as S;
    for (act, after) in [
        ("Start it", S::Live),
        ("Pause it", S::Paused),
        ("Resume it", S::Live),
        ("Cancel it", S::Cancelled),
    ] {
        app.update();
        click(&mut app, |t| t == act);
        run_until(&mut app, act, |app| state(app) == Some(after));
    }
    app.update();
    assert!(
        button_where_label(&mut app, "Cancel it").is_none(),
        "nothing left to do"
    );
    for p in players {
        p.abort();
    }
    rt.block_on(server.stop());
}

/// Whether a button whose label is `label` is on the screen.
fn button_where_label(app: &mut App, label: &str) -> Option<Entity> {
    common::button_where(app, |t| t == label)
}
