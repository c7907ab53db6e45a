//! `carrom host` and `carrom join`: a match across machines. Thin: the network and the host's
//! referee are `carrom_net`, the computers `carrom_ai`. Without a window (`--headless`) every
//! seat of this machine is a computer's (or the guest watches), which is how a server for
//! computer matches runs and how the tests play.

use crate::args::{RulesArg, SeatArg, count, named, player_name, rules_arg, seed};
use carrom_ai::Computers;
use carrom_ai::Level;
use carrom_match::MatchLength;
use carrom_match::{Match, MatchSetup, SaveFile};
use carrom_net::{Guest, GuestEvent, Holder, Host, HostConfig, Joining, LinkClosed, Role};
use carrom_physics::Spec;
use carrom_referee::{Seat, Seats};
use clap::ValueEnum;
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    #[arg(long, value_parser = host_code)]
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
    #[arg(long, value_parser = code)]
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

fn code(text: &str) -> Result<String, carrom_net::JoinCodeError> {
    carrom_net::join_code(text)
}

/// A host's join code: a join code that guessers at the host's limits do not find within a
/// day on average.
fn host_code(text: &str) -> Result<String, String> {
    let code = carrom_net::join_code(text).map_err(|e| e.to_string())?;
    let lasts = carrom_net::bounds::code_lasts(&code);
    if lasts < carrom_net::bounds::REFUSED_UNDER {
        let chars = code.chars().count();
        return Err(carrom_net::HostError::WeakCode { chars, lasts }.to_string());
    }
    Ok(code)
}

/// A warning for a join code that guessers find within a month at the host's limits.
fn weak_code_warning(code: &str) -> Option<String> {
    let lasts = carrom_net::bounds::code_lasts(code);
    (lasts < carrom_net::bounds::WARNED_UNDER).then(|| {
        format!(
            "WARNING: a join code of {} characters is guessed in about {} on average at the \
             host's limit of {} wrong codes a minute; 6 or more characters hold for years",
            code.chars().count(),
            carrom_net::bounds::in_words(&lasts),
            carrom_net::bounds::ALL_WRONG_CODES_PER_MINUTE
        )
    })
}

/// A summary every machine prints alike, so they can be compared.
fn summary(role: &str, game: Option<&Match>) -> serde_json::Value {
    match game {
        Some(g) => json!({
            "role": role,
            "actions": g.actions.len(),
            "games": g.referee.games(),
            "score": g.referee.score(),
            "finished": g.is_over(),
            "digests": g.digests.iter().map(|d| format!("{d:016x}")).collect::<Vec<_>>(),
            "invariant_violations": g.violations.len(),
        }),
        None => json!({ "role": role, "actions": 0, "finished": false }),
    }
}

/// The end of a headless host's or guest's run: the JSON summary, or a line in words.
fn print_end(role: &str, game: Option<&Match>, json: bool) {
    if json {
        println!("{}", summary(role, game));
    } else if let Some(g) = game {
        println!(
            "Match over after {} actions: games {:?}, score {:?}",
            g.actions.len(),
            g.referee.games(),
            g.referee.score()
        );
    }
}

/// The seats of a hosted match and who holds each: `--computer`'s, `--here`'s (South's by
/// default in a window, unless the computer plays it) and the guests'.
fn holders(seats: Seats, args: &HostArgs) -> Result<Vec<(Seat, Holder)>, String> {
    if args.headless && !args.here.is_empty() {
        return Err("--here: a headless host has nobody at its machine; use --computer".into());
    }
    let mut here: Vec<Seat> = args.here.iter().map(|s| s.seat()).collect();
    let computer: Vec<Seat> = args.computer.iter().map(|s| s.seat()).collect();
    if here.is_empty() && !args.headless && !computer.contains(&Seat::South) {
        here.push(Seat::South);
    }
    carrom_net::seat_holders(seats, &here, &computer).map_err(|e| e.to_string())
}

/// The save `--load` names, read; the host plays it again and checks it as `replay` and
/// `play --load` check one (with [`carrom_match::resume`]'s words: every action reaches its
/// recorded position and the match stands where the save says), once ([`start_host`]). The
/// flags the save fixes are refused.
fn load_to_host(path: &Path, args: &HostArgs) -> Result<SaveFile, String> {
    let given: Vec<&str> = [
        ("--mode", args.mode.is_some()),
        ("--rules", args.rules.is_some()),
        ("--length", args.length.is_some()),
        ("--seed", args.seed.is_some()),
        ("--names", !args.names.is_empty()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect();
    if !given.is_empty() {
        return Err(format!(
            "{}: the save {} fixes the match's mode, rules, length, seed and names; leave them \
             out with --load",
            given.join(", "),
            path.display()
        ));
    }
    SaveFile::load(path).map_err(|e| e.to_string())
}

/// What a host going on with a save says first: the file and how many actions it holds, so
/// that of two saves of the match (the host's own and a guest's can differ by the last action
/// when the host went) the newer is taken.
fn going_on(args: &HostArgs, config: &HostConfig) -> Option<String> {
    let (path, save) = (args.load.as_ref()?, config.resume.as_ref()?);
    Some(format!(
        "Going on with {}: {} actions (of two saves of one match, the one with more actions is \
         the newer)",
        path.display(),
        save.actions.len()
    ))
}

pub fn host_config(spec: &Spec, args: &HostArgs) -> Result<(HostConfig, Level), String> {
    let resume = match &args.load {
        Some(path) => Some(load_to_host(path, args)?),
        None => None,
    };
    let mut rules = args.rules.clone().unwrap_or_default();
    args.length
        .unwrap_or(MatchLength::Full)
        .apply(&mut rules.rules);
    let seats = match (&resume, args.mode.unwrap_or(NetMode::Singles)) {
        (Some(save), _) => save.setup.seats,
        (None, NetMode::Singles) => Seats::Singles,
        (None, NetMode::Doubles) => Seats::Doubles,
    };
    let holders = holders(seats, args)?;
    let setup = match &resume {
        Some(save) => save.setup.clone(),
        None => {
            let seed = args.seed.unwrap_or(1);
            let mut setup = MatchSetup::new(seats, rules.rules, &rules.name, seed);
            if args.names.len() > seats.count() {
                return Err(format!(
                    "--names: {} names for {} seats",
                    args.names.len(),
                    seats.count()
                ));
            }
            carrom_net::seat_computers(&mut setup, &holders, args.level);
            for (player, name) in setup.players.iter_mut().zip(&args.names) {
                player.name = name.clone();
            }
            setup
        }
    };
    let code = args.code.clone().unwrap_or_else(|| {
        let mut rng = rand::rng();
        carrom_net::new_code(&mut rng)
    });
    if let Some(warning) = weak_code_warning(&code) {
        eprintln!("{warning}");
    }
    Ok((
        HostConfig {
            bind: SocketAddr::new(args.bind, args.port),
            code,
            setup,
            holders,
            spec: spec.clone(),
            resume,
            save: args.save.clone(),
            hand_over_after: args.hand_over.map(Duration::from_secs),
        },
        args.level,
    ))
}

/// Starts the host with its computers; a save to go on with (`--load`) is played again and
/// checked there, once, its errors naming the file.
pub fn start_host(config: HostConfig, level: Level, load: Option<&Path>) -> Result<Host, String> {
    let mut computers = Computers::for_every_seat(&config.setup, level);
    let play = Box::new(move |game: &Match| computers.act(game));
    Host::start(config, play).map_err(|e| match (e, load) {
        (carrom_net::HostError::Resume(e), Some(path)) => {
            carrom_net::host::renamed(e, &path.display().to_string()).to_string()
        }
        (e, _) => e.to_string(),
    })
}

pub fn host(spec: &Spec, args: HostArgs) -> Result<(), String> {
    if !args.headless {
        return host_in_window(spec, args);
    }
    let (config, level) = host_config(spec, &args)?;
    let going_on = going_on(&args, &config);
    let mut host = start_host(config, level, args.load.as_deref())?;
    // The first line gives the port, for scripts that start a host on port 0.
    println!("Hosting on {} with code {}", host.addr(), host.code());
    if !args.json {
        println!(
            "Give guests one of: {}",
            host.addresses_to_give().join(", ")
        );
        if let Some(line) = going_on {
            println!("{line}");
        }
    }
    let mut over_at: Option<Instant> = None;
    let mut printed = 0;
    let mut had_guests = false;
    loop {
        let events = host.poll(Duration::from_millis(50));
        had_guests |= host.guests() > 0;
        if !args.json {
            for e in &events {
                if let Some(line) = e.words() {
                    println!("{line}");
                }
            }
            for line in &host.calls[printed..] {
                println!("  {line}");
            }
        }
        printed = host.calls.len();
        if host.game().is_some_and(Match::is_over) {
            let t = *over_at.get_or_insert_with(Instant::now);
            // The guests have the last action; give them a moment to read it and leave.
            if (had_guests && host.guests() == 0) || t.elapsed() > Duration::from_secs(5) {
                break;
            }
        }
    }
    print_end("host", host.game(), args.json);
    Ok(())
}

fn default_save(code: &str, name: &str) -> Option<PathBuf> {
    carrom_store::data_dir().map(|d| d.join("net").join(carrom_net::save_file_name(code, name)))
}

pub fn joining(spec: &Spec, args: &JoinArgs) -> Joining {
    Joining {
        code: args.code.clone(),
        name: args.name.clone(),
        role: if args.watch {
            Role::Spectator
        } else {
            Role::Player
        },
        seats: args.seats.iter().map(|s| s.seat()).collect(),
        computer: args.computer.then_some(args.level),
        spec: spec.clone(),
        rules: None,
        save: args
            .save
            .clone()
            .or_else(|| default_save(&args.code, &args.name)),
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
        println!("{}", joined(addr, &guest));
    }
    let mut computers: Option<Computers> = None;
    loop {
        for e in guest.poll(Duration::from_millis(50)) {
            match e {
                GuestEvent::Match => {
                    if args.computer
                        && let Some(g) = &guest.game
                    {
                        computers = Some(Computers::for_setup(&g.setup));
                    }
                }
                GuestEvent::Applied(a) => match guest.apply(&a) {
                    Ok(r) => {
                        if let Some(note) = r.corrected {
                            eprintln!("{note}");
                        }
                        if !args.json
                            && let (Some(v), Some(g)) = (&r.verdict, &guest.game)
                        {
                            for line in g.verdict_lines(v) {
                                println!("  {line}");
                            }
                        }
                    }
                    Err(e) => eprintln!("{e}"),
                },
                GuestEvent::Rejected(why) => eprintln!("The host refused: {why}"),
                GuestEvent::Note(note) => eprintln!("{note}"),
                GuestEvent::Seating => {}
                GuestEvent::Closed(why) => {
                    if guest.game.as_ref().is_some_and(Match::is_over) {
                        break;
                    }
                    if matches!(&why, LinkClosed::Refused(r) if !r.is_passing()) {
                        return Err(why.to_string());
                    }
                    eprintln!("{why}; reconnecting");
                    reconnect(&mut guest, addr, args.retry)?;
                }
            }
        }
        if guest.game.as_ref().is_some_and(Match::is_over) {
            break;
        }
        if let (Some(c), Some(g)) = (&mut computers, &guest.game)
            && guest.to_act().is_some()
            && !guest.waiting_for_host()
            && let Some(action) = c.act(g)
        {
            guest.act(action);
        }
    }
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

/// "Joined 127.0.0.1:7878 as Ravi (north)", or "(watching)".
fn joined(addr: SocketAddr, guest: &Guest) -> String {
    let seats: Vec<&str> = guest.seats.iter().map(|s| s.name()).collect();
    let seats = if seats.is_empty() {
        "watching".to_string()
    } else {
        seats.join(", ")
    };
    format!("Joined {addr} as {} ({seats})", guest.joining.name)
}

/// Rejoins the host for up to `retry` seconds; a refusal, or a host that does not prove the
/// code, ends it at once.
fn reconnect(guest: &mut Guest, addr: SocketAddr, retry: u64) -> Result<(), String> {
    match guest.reconnect(addr, Duration::from_secs(retry)) {
        Ok(()) => Ok(()),
        Err(e) if e.is_final() => Err(e.to_string()),
        Err(e) => {
            let kept = guest.joining.save.as_ref().map_or(String::new(), |p| {
                format!(
                    "; the match so far is saved in {} (`carrom host --load` it)",
                    p.display()
                )
            });
            Err(format!("the host is gone ({e}){kept}"))
        }
    }
}

#[cfg(feature = "game")]
fn open_online(
    spec: &Spec,
    guest: Guest,
    backlog: Vec<carrom_net::Applied>,
    addr: Option<SocketAddr>,
    hosting: Option<carrom_net::HostThread>,
) -> Result<(), String> {
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

#[cfg(not(feature = "game"))]
fn host_in_window(_: &Spec, _: HostArgs) -> Result<(), String> {
    Err("this carrom is built without the game's window: host with --headless".into())
}

#[cfg(not(feature = "game"))]
fn join_in_window(_: &Spec, _: JoinArgs) -> Result<(), String> {
    Err("this carrom is built without the game's window: join with --headless".into())
}

/// The host's window: the host's match runs in a thread of its own (its computers too), and the
/// window plays the seats of the people here through the host's in-process link.
#[cfg(feature = "game")]
fn host_in_window(spec: &Spec, args: HostArgs) -> Result<(), String> {
    if let Err(why) = carrom_ui::display::find() {
        return Err(format!(
            "hosting in the game's window needs a display (none found: {why}); `carrom host --headless` runs without one"
        ));
    }
    let (config, level) = host_config(spec, &args)?;
    let going_on = going_on(&args, &config);
    let here: Vec<Seat> = config
        .holders
        .iter()
        .filter(|(_, h)| *h == Holder::Host)
        .map(|(s, _)| *s)
        .collect();
    let save = args.save.clone();
    let host = start_host(config, level, args.load.as_deref())?;
    let (host, link) = carrom_net::HostThread::start(host, |e| {
        if let Some(line) = e.words() {
            println!("{line}");
        }
    })
    .map_err(|e| e.to_string())?;
    let code = host.code.clone();
    println!("Hosting on {} with code {code}", host.addr);
    println!("Give guests one of: {}", host.addresses.join(", "));
    if let Some(line) = going_on {
        println!("{line}");
    }
    let save = save.or_else(|| default_save(&code, "host"));
    let joining = Joining::at_host(&code, here, spec, save);
    let mut guest =
        Guest::local(link, joining, Duration::from_secs(10)).map_err(|e| e.to_string())?;
    let waiting = format!("Waiting for guests: give them the address and the code {code}");
    let backlog = guest
        .wait_for_start(None, || println!("{waiting}"))
        .map_err(|e| e.to_string())?;
    open_online(spec, guest, backlog, None, Some(host))
}

/// A guest's window.
#[cfg(feature = "game")]
fn join_in_window(spec: &Spec, args: JoinArgs) -> Result<(), String> {
    if let Err(why) = carrom_ui::display::find() {
        return Err(format!(
            "joining in the game's window needs a display (none found: {why}); `carrom join --headless` runs without one"
        ));
    }
    let (addr, mut guest) = join_host(spec, &args)?;
    println!("{}", joined(addr, &guest));
    let backlog = guest
        .wait_for_start(None, || println!("Waiting for the other guests"))
        .map_err(|e| e.to_string())?;
    open_online(spec, guest, backlog, Some(addr), None)
}
