//! `carrom server` and `carrom online`: the carrom server, and a client of it. Thin: the server
//! is `carrom_server`, the client `carrom_online`.

use crate::args::{count, named, player_name};
use carrom_ai::Level;
use carrom_match::MatchLength;
use carrom_online::{
    Event, Mode, Organize, Party, Plan, Request, ToClient, ToServer, TournamentPlan,
};
use carrom_physics::Spec;
use clap::ValueEnum;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct ServerArgs {
    /// The address and port to listen on (port 0: any free port, printed at the start).
    #[arg(long, default_value = carrom_server::DEFAULT_LISTEN)]
    pub listen: SocketAddr,
    /// The database: a SQLite file's path, `sqlite:PATH` or `sqlite://PATH` (the file and its
    /// folder made when missing), or `postgres://USER:PASSWORD@HOST/DB` (or `postgresql://`);
    /// a SQLite file in the data directory when omitted.
    #[arg(long, value_parser = database)]
    pub db: Option<String>,
    /// A folder of static files to serve at `/` (the browser build, `target/web`).
    #[arg(long)]
    pub web: Option<PathBuf>,
    /// Serve https and wss with this certificate chain (a PEM file), with --tls-key.
    #[arg(long, requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (a PEM file).
    #[arg(long, requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Seconds a quick match waits for an opponent before a computer is offered, 1 to 3600.
    #[arg(long, default_value_t = 30, value_parser = count::<1, 3600>)]
    pub computer_after: u64,
    /// Seconds a player gone from a match has to come back before he forfeits, 1 to 86400.
    #[arg(long, default_value_t = 120, value_parser = count::<1, 86_400>)]
    pub forfeit_after: u64,
    /// Every match's seed (for tests; a new one for each match when omitted).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Connections at once from one address, 1 to 100000.
    #[arg(long, default_value_t = 16, value_parser = count::<1, 100_000>)]
    pub max_per_address: u64,
    /// New names one address may claim in an hour, 1 to 100000.
    #[arg(long, default_value_t = 10, value_parser = count::<1, 100_000>)]
    pub new_names_per_hour: u64,
    /// The shot clock of rated matches in seconds, 1 to 255 (the ICF's 15: Laws 46, 50, 88).
    #[arg(long, default_value_t = 15, value_parser = count::<1, 255>)]
    pub shot_clock: u64,
    /// Milliseconds after the shot clock runs out that an action is still taken (its way to
    /// the server), 0 to 10000; then the server calls the time-out.
    #[arg(long, default_value_t = 1000, value_parser = count::<0, 10_000>)]
    pub clock_grace_ms: u64,
    /// Behind a reverse proxy: take each client's address from its X-Forwarded-For's last.
    #[arg(long)]
    pub trust_proxy: bool,
}

/// Singles or doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    Singles,
    Doubles,
}

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["quick", "create", "room", "watch", "tournament", "create_tournament", "start_tournament"])))]
pub struct OnlineArgs {
    /// The server: `HOST:PORT`, `http://HOST:PORT` or `ws://HOST:PORT`.
    #[arg(long, default_value = carrom_server::DEFAULT_LISTEN)]
    pub server: String,
    /// The name to play under: claimed on its first use (its token is kept in the data
    /// directory), refused to anyone without the token after.
    #[arg(long, default_value = "Player", value_parser = player_name)]
    pub name: String,
    /// Quick match (rated): singles or doubles (--mode) with the players nearest in rating, or
    /// after the server's wait the server's computers (unrated).
    #[arg(long)]
    pub quick: bool,
    /// A private room: prints its code to give the others.
    #[arg(long)]
    pub create: bool,
    /// Singles or doubles, for --quick or --create.
    #[arg(long, value_enum, default_value = "singles")]
    pub mode: ModeArg,
    /// Quick doubles beside a friend as partner: `new` makes a party and prints its code for
    /// him; his code joins his party. The two sit opposite, against the pair nearest in rating.
    #[arg(long, requires = "quick", value_name = "new|CODE")]
    pub party: Option<String>,
    /// Join the private room with this code.
    #[arg(long)]
    pub room: Option<String>,
    /// Watch the live match with this number (`GET /api/live` lists them).
    #[arg(long)]
    pub watch: Option<u64>,
    /// Play the games of tournament ID as they come (joining it while it is open), to its end.
    #[arg(long)]
    pub tournament: Option<u64>,
    /// A private tournament's code, for --tournament.
    #[arg(long)]
    pub code: Option<String>,
    /// Make a tournament of this format (vkk, round-robin, knockout, swiss) as its organizer:
    /// prints its number (and a private one's code) and ends.
    #[arg(long, value_parser = format_of)]
    pub create_tournament: Option<carrom_tournament::Format>,
    /// The tournament's name, for --create-tournament ("NAME's tournament" when omitted).
    #[arg(long)]
    pub tournament_name: Option<String>,
    /// A VKK group stage's groups, for --create-tournament.
    #[arg(long, value_parser = count::<1, 16>)]
    pub groups: Option<u64>,
    /// A Swiss's rounds, for --create-tournament.
    #[arg(long, value_parser = count::<1, 20>)]
    pub rounds: Option<u64>,
    /// A game for third place, for --create-tournament.
    #[arg(long)]
    pub third_place: bool,
    /// Its games rated, for --create-tournament.
    #[arg(long)]
    pub rated: bool,
    /// Joined with the code the server gives only, for --create-tournament.
    #[arg(long)]
    pub private: bool,
    /// It starts by itself this many minutes from now (1 to 10080), for --create-tournament
    /// (else when its organizer starts it).
    #[arg(long, value_parser = crate::args::count::<1, 10080>)]
    pub starts_in: Option<u64>,
    /// As its organizer, start tournament ID: its draw made, its first games begun.
    #[arg(long)]
    pub start_tournament: Option<u64>,
    /// No window (the only way for now).
    #[arg(long)]
    pub headless: bool,
    /// This client's seats are played by a computer.
    #[arg(long)]
    pub computer: bool,
    /// The computer's level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Medium)]
    pub level: Level,
    /// The match's length, for --quick and --create (full when omitted).
    #[arg(long, value_parser = named::<MatchLength>())]
    pub length: Option<MatchLength>,
    /// Seconds to keep trying to connect again when the connection drops, 0 to 86400.
    #[arg(long, default_value_t = 60, value_parser = count::<0, 86_400>)]
    pub retry: u64,
    /// A PEM file of certificates to trust a `wss://` server by, besides the usual authorities
    /// (webpki's roots): a private authority's, or the server's own self-signed certificate.
    #[arg(long)]
    pub ca: Option<PathBuf>,
    /// Print only a JSON summary at the end.
    #[arg(long)]
    pub json: bool,
}

/// A database's address as `--db` takes it (checked here, opened by the server).
fn database(text: &str) -> Result<String, carrom_server::AddressError> {
    text.parse::<carrom_server::Database>()?;
    Ok(text.to_string())
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))
}

pub fn server(spec: &Spec, args: ServerArgs) -> Result<(), String> {
    let db = match args.db {
        Some(db) => db,
        None => {
            let dir = carrom_store::data_dir().ok_or("no data directory: give --db")?;
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            carrom_server::sqlite_in(&dir)
        }
    };
    let mut config = carrom_server::ServerConfig::new(args.listen, &db);
    config.web = args.web;
    config.tls = args
        .tls_cert
        .zip(args.tls_key)
        .map(|(cert, key)| carrom_server::TlsFiles { cert, key });
    let scheme = if config.tls.is_some() {
        "https"
    } else {
        "http"
    };
    config.spec = spec.clone();
    config.computer_after = Duration::from_secs(args.computer_after);
    config.forfeit_after = Duration::from_secs(args.forfeit_after);
    config.seed = args.seed;
    config.max_per_address = args.max_per_address as usize;
    config.new_names_per_hour = args.new_names_per_hour as u32;
    config.shot_clock_secs = args.shot_clock as u8;
    config.clock_grace = Duration::from_millis(args.clock_grace_ms);
    config.trust_proxy = args.trust_proxy;
    runtime()?.block_on(async {
        let running = carrom_server::serve(config)
            .await
            .map_err(|e| e.to_string())?;
        // The first line gives the port, for scripts that start a server on port 0.
        println!(
            "Serving on {scheme}://{} (database {})",
            running.addr,
            carrom_server::shown_url(&db)
        );
        if running.resumed > 0 {
            println!("Going on with {} matches in progress", running.resumed);
        }
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = running.wait() => return Err("the server stopped".to_string()),
        }
        Ok(())
    })
}

fn request(args: &OnlineArgs) -> Request {
    if let Some(id) = args.tournament {
        let code = args.code.clone();
        return Request::Tournament { id, code };
    }
    if let Some(party) = &args.party {
        let party = match party.trim() {
            "new" => Party::New,
            code => Party::Join(code.to_string()),
        };
        let length = args.length;
        return Request::Partners { length, party };
    }
    let mode = match args.mode {
        ModeArg::Singles => Mode::Singles,
        ModeArg::Doubles => Mode::Doubles,
    };
    let what = (args.room.clone(), args.watch, args.create);
    Request::asked(what, mode, args.length, args.level)
}

/// A tournament's format as `--create-tournament` takes it.
fn format_of(text: &str) -> Result<carrom_tournament::Format, String> {
    carrom_tournament::Format::parse(text).ok_or_else(|| {
        let names: Vec<&str> = carrom_tournament::Format::ALL
            .iter()
            .map(|f| f.name())
            .collect();
        format!("`{text}` is no format: {}", names.join(", "))
    })
}

pub fn online(_spec: &Spec, args: OnlineArgs) -> Result<(), String> {
    if let Some(ask) = organizer_ask(&args) {
        return organize(&args, ask);
    }
    if !args.headless {
        return Err(
            "in a window, play online from the game's menu (`carrom`, then Play online); here, play with --headless --computer, or watch with --headless --watch ID"
                .into(),
        );
    }
    if !args.computer && args.watch.is_none() {
        return Err("a headless client plays with --computer or watches with --watch".into());
    }
    let plan = Plan {
        server: args.server.clone(),
        name: args.name.clone(),
        token: None,
        request: request(&args),
        computer: args.computer.then_some(args.level),
        retry: Duration::from_secs(args.retry),
        pace: Duration::ZERO,
        ca: args.ca.clone(),
    };
    if args.tournament.is_some() {
        return tournament(plan, args.json);
    }
    let played = runtime()?.block_on(carrom_online::play_kept(plan, |e| {
        if !args.json {
            print_event(e);
        }
    }));
    let played = played.map_err(|e| e.to_string())?;
    if args.json {
        println!("{}", played.summary());
    } else if let Some(how) = &played.how {
        println!("Match over: {how}");
    }
    Ok(())
}

/// `--tournament ID`: its games played as they come, to its end; the standings at the end
/// (`--json`: the tournament as the server shows it, one line).
fn tournament(mut plan: Plan, json: bool) -> Result<(), String> {
    plan.token = carrom_online::kept_token(&plan.server, &plan.name);
    let (server, name) = (plan.server.clone(), plan.name.clone());
    let played = runtime()?.block_on(carrom_online::play_tournament(plan, |e| {
        if let Err(e) = carrom_online::keep_welcomed(&server, &name, e) {
            eprintln!("the name's token could not be kept: {e}");
        }
        if !json {
            print_event(e);
        }
    }));
    let played = played.map_err(|e| e.to_string())?;
    let Some(t) = played.tournament else {
        return Err("the tournament was not heard of".into());
    };
    if json {
        println!("{}", serde_json::to_string(&t).map_err(|e| e.to_string())?);
    } else {
        println!("{} games played here", played.games.len());
    }
    Ok(())
}

/// What `--create-tournament` or `--start-tournament` asks of the server, if either is given.
fn organizer_ask(args: &OnlineArgs) -> Option<ToServer> {
    Some(match (args.create_tournament, args.start_tournament) {
        (Some(format), _) => {
            let name = (args.tournament_name.clone())
                .unwrap_or_else(|| format!("{}'s tournament", args.name));
            ToServer::CreateTournament {
                plan: TournamentPlan {
                    groups: args.groups.map(|g| g as usize),
                    rounds: args.rounds.map(|r| r as usize),
                    third_place: args.third_place,
                    rated: args.rated,
                    private: args.private,
                    starts_at: args
                        .starts_in
                        .map(|m| carrom_store::unix_seconds() + m * 60),
                    ..TournamentPlan::new(&name, format)
                },
            }
        }
        (None, Some(id)) => ToServer::Organize {
            id,
            act: Organize::Start,
        },
        (None, None) => return None,
    })
}

/// The organizer's `ask`, without the window: what the server answers, printed.
fn organize(args: &OnlineArgs, ask: ToServer) -> Result<(), String> {
    let answer = runtime()?.block_on(carrom_online::organize(
        &args.server,
        &args.name,
        ask,
        args.ca.as_deref(),
    ));
    match answer.map_err(|e| e.to_string())? {
        ToClient::TournamentMade { id, code } => match code {
            Some(code) => println!("Tournament {id} made; its code: {code}"),
            None => println!("Tournament {id} made"),
        },
        ToClient::Tournament { tournament } => {
            let games = tournament.games.len();
            println!(
                "Tournament {} started: {games} games drawn",
                tournament.summary.id
            );
        }
        _ => {}
    }
    Ok(())
}

fn print_event(e: &Event) {
    match e.words() {
        Some((note, true)) => eprintln!("{note}"),
        Some((line, false)) => println!("{line}"),
        None => {}
    }
}
