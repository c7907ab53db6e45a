//! `carrom host` and `carrom join`: a match across machines. Thin: the network and the host's
//! referee are `carrom_net`, the computers `carrom_ai`. Without a window (`--headless`) every
//! seat of this machine is a computer's (or the guest watches), which is how a server for
//! computer matches runs and how the tests play.

use crate::args::{RulesArg, SeatArg, count, named, player_name, rules_arg, seed};
use carrom_ai::Computers;
use carrom_ai::Level;
use carrom_match::{Match, MatchLength, MatchSetup};
#[cfg(feature = "game")]
use carrom_net::HostThread;
use carrom_net::{ComputerPlay, Guest, Host, HostConfig, HostPlan, Joining, Role, Said};
use carrom_physics::Spec;
use carrom_referee::Seats;
use clap::ValueEnum;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Singles or doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NetMode {
    Singles,
    Doubles,
}

#[derive(clap::Args, Debug)]
pub struct HostArgs {
    /// The UDP port to listen on (0: any free port, printed at the start).
    #[arg(long, default_value_t = carrom_net::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: `::` (the default) for every interface, `127.0.0.1` for this
    /// machine only.
    #[arg(long, default_value = "::")]
    pub bind: IpAddr,
    /// The join code guests must give (six letters and digits made up when omitted; 4 or more,
    /// 6 or more to be safe).
    #[arg(long, value_parser = carrom_net::host_code)]
    pub code: Option<String>,
    /// No window: the host's seats are all computers (see --computer).
    #[arg(long)]
    pub headless: bool,
    /// Singles or doubles (singles when omitted; a save given with --load fixes it).
    #[arg(long, value_enum)]
    pub mode: Option<NetMode>,
    /// Rules: icf, vkk, fof2022, casual or traditional, or a rules file (.toml or .ron); icf
    /// when omitted.
    #[arg(long, value_parser = rules_arg)]
    pub rules: Option<RulesArg>,
    /// The match's length: one board, one game, or the rule set's full match (full when
    /// omitted).
    #[arg(long, value_parser = named::<MatchLength>())]
    pub length: Option<MatchLength>,
    /// Names of the host's players in seat order (South, North in singles; South, East, North,
    /// West in doubles); a guest's seat takes the guest's name.
    #[arg(long, value_delimiter = ',', value_parser = player_name)]
    pub names: Vec<String>,
    /// Seats played by the host's computer, e.g. `north` or `east,west`.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub computer: Vec<SeatArg>,
    /// Seats played by people at the host's machine (in the window; South when omitted and
    /// South is not a computer's). Every other seat is a guest's.
    #[arg(long, value_enum, value_delimiter = ',')]
    pub here: Vec<SeatArg>,
    /// The host's computers' level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Medium)]
    pub level: Level,
    /// The match's seed, 0 to 18446744073709551615 (1 when omitted).
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// Go on with a saved match (a guest's save of a match whose host went, or the host's
    /// own): it must replay to its recorded positions, and it fixes the mode, rules, length,
    /// seed and names.
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// Keep the match's save here after every action.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Hand a guest's seat to the host's computer when its guest has been gone this many seconds
    /// at its turn, 0 to 86400 (without it the match waits).
    #[arg(long, value_parser = count::<0, 86_400>)]
    pub hand_over: Option<u64>,
    /// Print only a JSON summary at the end (the digest after every action, the score).
    #[arg(long)]
    pub json: bool,
}

#[derive(clap::Args, Debug)]
pub struct JoinArgs {
    /// The host's address and port, as `HOST:PORT` (`127.0.0.1:7878`, `[::1]:7878`).
    pub addr: String,
    /// The host's join code.
    #[arg(long, value_parser = carrom_net::join_code)]
    pub code: String,
    #[arg(long, default_value = "Guest", value_parser = player_name)]
    pub name: String,
    /// No window: play this guest's seats with a computer (--computer) or watch (--watch).
    #[arg(long)]
    pub headless: bool,
    /// This guest's seats are played by a computer (in the window, shown as it plays).
    #[arg(long)]
    pub computer: bool,
    /// The computer's level.
    #[arg(long, value_parser = named::<Level>(), default_value_t = Level::Medium)]
    pub level: Level,
    /// Watch, as a spectator.
    #[arg(long, conflicts_with = "computer")]
    pub watch: bool,
    /// Ask for these seats (the next free one when omitted; on a rejoin, the ones this name
    /// held).
    #[arg(long, value_enum, value_delimiter = ',')]
    pub seats: Vec<SeatArg>,
    /// Keep the match's save here after every action (by default in the data directory's `net`
    /// folder), so it can be hosted again if the host goes.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Seconds to keep trying to reconnect when the connection drops, 0 to 86400.
    #[arg(long, default_value_t = 30, value_parser = count::<0, 86_400>)]
    pub retry: u64,
    /// Print only a JSON summary at the end.
    #[arg(long)]
    pub json: bool,
}

/// The end of a headless host's or guest's run: the JSON summary, or a line in words.
fn print_end(role: &str, game: Option<&Match>, json: bool) {
    if json {
        println!("{}", carrom_net::summary(role, game));
    } else if let Some(g) = game {
        println!("{}", carrom_net::ended(g));
    }
}

/// The host's plan as the flags give it.
fn plan(args: &HostArgs) -> HostPlan {
    let seats = |s: &[SeatArg]| s.iter().map(|s| s.seat()).collect();
    HostPlan {
        bind: SocketAddr::new(args.bind, args.port),
        code: args.code.clone(),
        headless: args.headless,
        seats: args.mode.map(|m| match m {
            NetMode::Singles => Seats::Singles,
            NetMode::Doubles => Seats::Doubles,
        }),
        rules: args.rules.clone().map(|r| (r.rules, r.name)),
        length: args.length,
        names: args.names.clone(),
        computer: seats(&args.computer),
        here: seats(&args.here),
        level: args.level,
        seed: args.seed,
        load: args.load.clone(),
        save: args.save.clone(),
        hand_over: args.hand_over.map(Duration::from_secs),
    }
}

pub fn host_config(spec: &Spec, args: &HostArgs) -> Result<(HostConfig, Level), String> {
    let config = plan(args).config(spec, |warning| eprintln!("{warning}"));
    Ok((config.map_err(|e| e.to_string())?, args.level))
}

/// Starts the host with its computers; a save to go on with (`--load`) is played again and
/// checked there, once, its errors naming the file.
pub fn start_host(config: HostConfig, level: Level, load: Option<&Path>) -> Result<Host, String> {
    let mut computers = Computers::for_every_seat(&config.setup, level);
    let play = Box::new(move |game: &Match| computers.act(game));
    Host::start_loaded(config, play, load).map_err(|e| e.to_string())
}

pub fn host(spec: &Spec, args: HostArgs) -> Result<(), String> {
    if !args.headless {
        return host_in_window(spec, args);
    }
    let (config, level) = host_config(spec, &args)?;
    let going_on = plan(&args).going_on(&config);
    let mut host = start_host(config, level, args.load.as_deref())?;
    // The first line gives the port, for scripts that start a host on port 0.
    println!("Hosting on {} with code {}", host.addr(), host.code());
    if !args.json {
        println!(
            "Give guests one of: {}",
            host.addresses_to_give().join(", ")
        );
        going_on.into_iter().for_each(|line| println!("{line}"));
    }
    host.run_to_the_end(|line| {
        if !args.json {
            println!("{line}");
        }
    });
    print_end("host", host.game(), args.json);
    Ok(())
}

fn default_save(code: &str, name: &str) -> Option<PathBuf> {
    carrom_store::data_dir().map(|d| d.join("net").join(carrom_net::save_file_name(code, name)))
}

pub fn joining(spec: &Spec, args: &JoinArgs) -> Joining {
    let role = if args.watch {
        Role::Spectator
    } else {
        Role::Player
    };
    Joining {
        seats: args.seats.iter().map(|s| s.seat()).collect(),
        computer: args.computer.then_some(args.level),
        save: (args.save.clone()).or_else(|| default_save(&args.code, &args.name)),
        ..Joining::new(&args.code, &args.name, role, spec)
    }
}

pub fn join(spec: &Spec, args: JoinArgs) -> Result<(), String> {
    if !args.headless {
        return join_in_window(spec, args);
    }
    if !args.computer && !args.watch {
        return Err("a headless guest plays with --computer or watches with --watch".into());
    }
    let (addr, mut guest) = join_host(spec, &args)?;
    if !args.json {
        println!("{}", guest.joined(addr));
    }
    let computers = args
        .computer
        .then_some(|setup: &MatchSetup| -> ComputerPlay {
            let mut computers = Computers::for_setup(setup);
            Box::new(move |game: &Match| computers.act(game))
        });
    let retry = Duration::from_secs(args.retry);
    guest
        .run_to_the_end(addr, retry, computers, |said| match said {
            Said::Call(line) if !args.json => println!("  {line}"),
            Said::Call(_) => {}
            Said::Note(note) => eprintln!("{note}"),
        })
        .map_err(|e| e.to_string())?;
    print_end("guest", guest.game.as_ref(), args.json);
    Ok(())
}

/// Joins the host `args` names (at the first of its addresses that answers): the address and
/// the guest joined there.
fn join_host(spec: &Spec, args: &JoinArgs) -> Result<(SocketAddr, Guest), String> {
    let addrs = carrom_net::resolve_all(&args.addr).map_err(|e| e.to_string())?;
    let guest = Guest::join_first(&addrs, joining(spec, args), Duration::from_secs(10))
        .map_err(|e| e.to_string())?;
    Ok((guest.addr().unwrap_or(addrs[0]), guest))
}

#[cfg(not(feature = "game"))]
fn host_in_window(_: &Spec, _: HostArgs) -> Result<(), String> {
    Err("this carrom is built without the game's window: host with --headless".into())
}

#[cfg(not(feature = "game"))]
fn join_in_window(_: &Spec, _: JoinArgs) -> Result<(), String> {
    Err("this carrom is built without the game's window: join with --headless".into())
}

/// What a window across machines opens with: the guest (the window's people), the actions so
/// far, the host's address (a guest's window) and the host (the host's window).
#[cfg(feature = "game")]
type Joined = (
    carrom_net::GuestLink,
    Vec<carrom_net::Applied>,
    Option<SocketAddr>,
    Option<HostThread>,
);

/// A match across machines in the game's window (to `verb` in it needs a display), with the
/// guest `joined` gives.
#[cfg(feature = "game")]
fn in_window(
    spec: &Spec,
    verb: &str,
    joined: impl FnOnce() -> Result<Joined, String>,
) -> Result<(), String> {
    if let Err(why) = carrom_ui::display::find() {
        return Err(format!(
            "{verb}ing in the game's window needs a display (none found: {why}); `carrom {verb} --headless` runs without one"
        ));
    }
    let (guest, backlog, addr, hosting) = joined()?;
    let start = carrom_ui::OnlineStart {
        guest: std::sync::Arc::new(std::sync::Mutex::new(Some(guest))),
        backlog,
        addr,
        hosting: hosting.map(std::sync::Arc::new),
    };
    let launch = carrom_ui::Launch {
        start: carrom_ui::Start::Online(start),
        fixed_board: false,
        speed: 1.0,
        save_path: None,
        hints: false,
    };
    crate::game_cmd::open_window(spec, launch, None)
}

/// The host's window: the host's match runs in a thread of its own (its computers too), and the
/// window plays the seats of the people here through the host's in-process link.
#[cfg(feature = "game")]
fn host_in_window(spec: &Spec, args: HostArgs) -> Result<(), String> {
    in_window(spec, "host", || {
        let (config, level) = host_config(spec, &args)?;
        let going_on = plan(&args).going_on(&config);
        let host = start_host(config, level, args.load.as_deref())?;
        let save = |code: &str| args.save.clone().or_else(|| default_save(code, "host"));
        let say = |line: &str| println!("{line}");
        let (host, guest, backlog) = carrom_net::host_for_window(host, spec, going_on, save, say)
            .map_err(|e| e.to_string())?;
        Ok((guest, backlog, None, Some(host)))
    })
}

/// A guest's window.
#[cfg(feature = "game")]
fn join_in_window(spec: &Spec, args: JoinArgs) -> Result<(), String> {
    in_window(spec, "join", || {
        let (addr, guest) = join_host(spec, &args)?;
        println!("{}", guest.joined(addr));
        // The window's board is the match: the window keeps the link alone.
        let mut guest = guest.link;
        let backlog = guest
            .wait_for_start(None, || println!("Waiting for the other guests"))
            .map_err(|e| e.to_string())?;
        Ok((guest, backlog, Some(addr), None))
    })
}
