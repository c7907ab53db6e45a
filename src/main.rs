//! `carrom`: the game and its command-line tools.

mod ai_cmd;
mod args;
mod coach_cmd;
#[cfg(feature = "game")]
mod game_cmd;
mod input;
#[cfg(unix)]
mod load_cmd;
mod match_cmd;
mod net_cmd;
mod online_cmd;
mod physics_cmd;
mod referee_cmd;
mod review_cmd;
mod tournament_cmd;
mod trainer_cmd;

use args::{JsonOnly, RequestFile};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "carrom",
    version,
    about = "Carrom by the ICF Laws: the game and its tools"
)]
struct Cli {
    /// Board, material and simulator settings (TOML or RON); ICF defaults when omitted.
    #[arg(long, global = true)]
    spec: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Print the board specification as JSON.
    Board,
    /// Simulate one shot to rest: a JSON request from FILE or stdin.
    Simulate(RequestFile),
    /// Simulate many random shots and report anything that went wrong.
    Soak(physics_cmd::SoakArgs),
    /// Measure the simulator's speed on one thread (run it from a release build).
    Bench(physics_cmd::BenchArgs),
    /// Run a referee scenario (JSON from FILE or stdin): one JSON line per stroke.
    Referee(RequestFile),
    /// The coach: the best shot for a position (JSON from FILE or stdin), its kind, target,
    /// pocket and chance, and the next best shots.
    Hint {
        #[command(flatten)]
        request: RequestFile,
        #[command(flatten)]
        json: JsonOnly,
    },
    /// Single-player clearing benchmark for the computer player.
    Practice(ai_cmd::PracticeArgs),
    /// Computer players of two levels play each other.
    Selfplay(ai_cmd::SelfplayArgs),
    /// The computer levels' ladder: a round robin of singles games, each level's Elo rating
    /// (the weakest 1000) and each pair's results.
    Ladder(ai_cmd::LadderArgs),
    /// Break map: expected pieces pocketed at full power over striker positions and directions.
    Breaks(ai_cmd::BreaksArgs),
    /// Play the game (the default). Without a display: the headless AI demo.
    #[cfg(feature = "game")]
    Play(game_cmd::PlayArgs),
    /// Watch computer players play a match; `--headless` prints the rulings without a window.
    Demo(match_cmd::DemoArgs),
    /// Render the game's first interesting frame of a mode to a PNG and exit.
    #[cfg(feature = "game")]
    Screenshot(game_cmd::ScreenshotArgs),
    /// Play back a match's replay (or save) file: checks it ends as recorded, printing the
    /// rulings; with `--window`, plays it on the board.
    Replay(match_cmd::ReplayArgs),
    /// The coach's review of a save or replay: every stroke judged against the coach's best
    /// (its chance, the loss, a label), each player's accuracy and worst strokes, and each
    /// side's chance to win the board and the game after every stroke.
    Review(review_cmd::ReviewArgs),
    /// The win-chance model of the review: `--fit` refits it on self-play, `--check` prints
    /// its calibration on held-out games.
    Winprob(review_cmd::WinprobArgs),
    /// Host a match for people at other machines: prints the address and the join code.
    Host(net_cmd::HostArgs),
    /// Join a hosted match with its address and code (to play a seat, or to watch).
    Join(net_cmd::JoinArgs),
    /// The carrom server: players connect to it to play anyone (quick match, private rooms,
    /// watching), rated by Glicko-2; every match kept in its database.
    Server(online_cmd::ServerArgs),
    /// Play on a carrom server: quick match, a private room, or watch a live match.
    Online(online_cmd::OnlineArgs),
    /// N concurrent quick matches of computer clients against one server on this machine:
    /// strokes a second, an action's round trip, the server's memory per match and its CPU.
    #[cfg(unix)]
    ServerLoad(load_cmd::LoadArgs),
    /// The trainer: `--stats` prints each player's progress in the drills (per drill and
    /// level, by day) and the drill proposed from his own matches' misses.
    Trainer(trainer_cmd::TrainerArgs),
    /// The coach's reliability table: positions of every kind, the coach's shot replayed at
    /// the benchmark's noise, claimed chance (bins of 10 points) against the measured rate.
    CoachReliability(trainer_cmd::ReliabilityArgs),
    /// A tournament: `new` (the VKK groups, round-robin, knockout or swiss), `play` its next
    /// games between computers, `standings` of its file or of a results document.
    Tournament(carrom_tournament::command::TournamentArgs),
}

fn main() -> ExitCode {
    stop_quietly_on_a_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return parse_error(e),
    };
    let spec = match physics_cmd::load_spec(cli.spec.as_deref()) {
        Ok(spec) => spec,
        Err(e) => return fail(e),
    };
    let Some(command) = cli.command else {
        return default_command(&spec);
    };
    let result = match command {
        Command::Board => physics_cmd::board(&spec),
        Command::Simulate(request) => physics_cmd::simulate_cmd(&spec, request.file.as_deref()),
        Command::Soak(args) => physics_cmd::soak(&spec, cli.spec.as_deref(), &args),
        Command::Bench(args) => physics_cmd::bench(&spec, &args),
        Command::Referee(request) => referee_cmd::referee(request.file.as_deref()),
        Command::Hint { request, json } => {
            coach_cmd::hint_cmd(&spec, request.file.as_deref(), json.json)
        }
        Command::Practice(args) => ai_cmd::practice(&spec, &args),
        Command::Selfplay(args) => ai_cmd::selfplay(&spec, &args),
        Command::Ladder(args) => ai_cmd::ladder(&spec, &args),
        Command::Breaks(args) => ai_cmd::breaks(&spec, &args),
        #[cfg(feature = "game")]
        Command::Play(args) => game_cmd::play(&spec, args),
        Command::Demo(args) => demo(&spec, args),
        #[cfg(feature = "game")]
        Command::Screenshot(args) => game_cmd::screenshot(&spec, args),
        Command::Replay(args) => replay(&spec, args),
        Command::Review(args) => review_cmd::review_cmd(&spec, &args),
        Command::Winprob(args) => review_cmd::winprob(&spec, &args),
        Command::Host(args) => net_cmd::host(&spec, args),
        Command::Join(args) => net_cmd::join(&spec, args),
        Command::Server(args) => online_cmd::server(&spec, args),
        Command::Online(args) => online_cmd::online(&spec, args),
        #[cfg(unix)]
        Command::ServerLoad(args) => load_cmd::server_load(args),
        Command::Trainer(args) => trainer_cmd::trainer(&spec, &args),
        Command::CoachReliability(args) => trainer_cmd::coach_reliability(&spec, &args),
        Command::Tournament(args) => tournament_cmd::tournament(&spec, args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// Output piped to a reader that goes away (`carrom demo --headless | head`): the process
/// stops quietly, as command-line tools do (SIGPIPE's default action), instead of a print
/// failing with a panic.
fn stop_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: at the start of main, before any thread; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// A command line clap refuses: its message on one line (the tip kept, the usage left to
/// `--help`), cut like every other message. Help and version print as clap prints them.
fn parse_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
    }
    let text = e.to_string();
    let mut message = String::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if line.is_empty() {
            continue;
        }
        if !message.is_empty() {
            message.push_str(if message.ends_with(':') { " " } else { "; " });
        }
        message.push_str(line.strip_prefix("error: ").unwrap_or(line));
    }
    fail(format!("{message} (see --help)"))
}

/// `carrom demo`: in a window when there is a display and a game in this build, else headless.
fn demo(spec: &carrom_physics::Spec, args: match_cmd::DemoArgs) -> Result<(), String> {
    #[cfg(feature = "game")]
    return game_cmd::demo(spec, args);
    #[cfg(not(feature = "game"))]
    {
        if !args.headless {
            println!("This build has no game window (built without the `game` feature): headless.");
        }
        match_cmd::headless_demo(
            spec,
            match_cmd::demo_setup(&args)?,
            args.replay_out.as_deref(),
        )
    }
}

/// `carrom replay`: the headless check, then in a window if asked (and this build has a game).
fn replay(spec: &carrom_physics::Spec, args: match_cmd::ReplayArgs) -> Result<(), String> {
    #[cfg(feature = "game")]
    return game_cmd::replay(spec, args);
    #[cfg(not(feature = "game"))]
    {
        match_cmd::replay_check(spec, &args)?;
        if args.window {
            return Err(
                "replay --window: this build has no game (built without the `game` feature)".into(),
            );
        }
        Ok(())
    }
}

/// `carrom` with no command: the game, or where there is no game in this build, say so.
fn default_command(spec: &carrom_physics::Spec) -> ExitCode {
    #[cfg(feature = "game")]
    let result = game_cmd::play(spec, game_cmd::PlayArgs::default());
    #[cfg(not(feature = "game"))]
    let result: Result<(), String> = {
        let _ = spec;
        Err("this build has no game (built without the `game` feature); see `carrom --help`".into())
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// Every error: one line, `error: ` and the message (cut by [`carrom_match::quote::abbreviate`]), exit 2.
fn fail(message: String) -> ExitCode {
    eprintln!("error: {}", carrom_match::quote::abbreviate(&message));
    ExitCode::from(2)
}
