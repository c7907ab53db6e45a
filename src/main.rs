//! `carrom`: the game and its command-line tools.

mod ai_cmd;
mod coach_cmd;
#[cfg(feature = "game")]
mod game_cmd;
mod input;
mod match_cmd;
mod physics_cmd;
mod referee_cmd;

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
    Simulate { file: Option<PathBuf> },
    /// Simulate many random shots and report anything that went wrong.
    Soak {
        #[arg(long, default_value_t = 1000)]
        shots: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Every shot at full power.
        #[arg(long)]
        full_power: bool,
        /// Print only the JSON line (without it, each fault also gets a line with the command
        /// that replays it).
        #[arg(long)]
        json: bool,
        /// List at most this many faults in the JSON line (the counts are complete).
        #[arg(long, default_value_t = 100)]
        max_faults: usize,
    },
    /// Measure the simulator's speed on one thread (run it from a release build).
    Bench {
        /// Print only the JSON line.
        #[arg(long)]
        json: bool,
        /// Seconds to time each kind of shot.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
    },
    /// Run a referee scenario (JSON from FILE or stdin): one JSON line per stroke.
    Referee { file: Option<PathBuf> },
    /// The coach: the best shot for a position (JSON from FILE or stdin), its kind, target,
    /// pocket and chance, and the next best shots.
    Hint {
        file: Option<PathBuf>,
        /// Print only the JSON line (no sentence before it).
        #[arg(long)]
        json: bool,
    },
    /// Single-player clearing benchmark for the computer player.
    Practice {
        #[arg(long, default_value_t = 20)]
        boards: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "hard")]
        level: String,
        /// Print only the JSON line.
        #[arg(long)]
        json: bool,
        /// Also report the decision times (wall clock) in the JSON line; without it, a seeded
        /// run prints the same bytes every time.
        #[arg(long)]
        timings: bool,
    },
    /// Computer players of two levels play each other.
    Selfplay {
        #[arg(long, default_value_t = 10)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Two levels, comma-separated: side 0's, then side 1's.
        #[arg(long, default_value = "medium,easy")]
        levels: String,
        #[arg(long, default_value_t = 2)]
        seats: u8,
        #[arg(long)]
        json: bool,
    },
    /// Break map: expected pieces pocketed at full power over striker positions and directions.
    Breaks {
        /// Sample the whole grid of positions and directions.
        #[arg(long)]
        grid: bool,
        /// Write the heat map as a PNG.
        #[arg(long)]
        out: Option<PathBuf>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        json: bool,
    },
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
    Replay {
        file: PathBuf,
        /// Play it back on the board in a window (P pauses, +/- speed), after the check.
        #[arg(long)]
        window: bool,
        /// After the check, each player's statistics and each board's result.
        #[arg(long)]
        stats: bool,
        /// With --stats: print only the statistics, as one JSON object.
        #[arg(long, requires = "stats")]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let spec = match physics_cmd::load_spec(cli.spec.as_deref()) {
        Ok(spec) => spec,
        Err(e) => return fail(e),
    };
    let Some(command) = cli.command else {
        return default_command(&spec);
    };
    let result = match command {
        Command::Board => physics_cmd::board(&spec),
        Command::Simulate { file } => physics_cmd::simulate_cmd(&spec, file.as_deref()),
        Command::Soak {
            shots,
            seed,
            full_power,
            json,
            max_faults,
        } => physics_cmd::soak(
            &spec,
            cli.spec.as_deref(),
            shots,
            seed,
            full_power,
            json,
            max_faults,
        ),
        Command::Bench { json, seconds } => physics_cmd::bench(&spec, json, seconds),
        Command::Referee { file } => referee_cmd::referee(file.as_deref()),
        Command::Hint { file, json } => coach_cmd::hint_cmd(&spec, file.as_deref(), json),
        Command::Practice {
            boards,
            seed,
            level,
            json,
            timings,
        } => ai_cmd::practice(&spec, boards, seed, &level, json, timings),
        Command::Selfplay {
            games,
            seed,
            levels,
            seats,
            json,
        } => ai_cmd::selfplay(&spec, games, seed, &levels, seats, json),
        Command::Breaks {
            grid,
            out,
            seed,
            json,
        } => ai_cmd::breaks(&spec, grid, out.as_deref(), seed, json),
        #[cfg(feature = "game")]
        Command::Play(args) => game_cmd::play(&spec, args),
        Command::Demo(args) => demo(&spec, args),
        #[cfg(feature = "game")]
        Command::Screenshot(args) => game_cmd::screenshot(&spec, args),
        Command::Replay {
            file,
            window,
            stats,
            json,
        } => replay(
            &spec,
            &file,
            window,
            match_cmd::StatsOutput::of(stats, json),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// `carrom demo`: in a window when there is a display and a game in this build, else headless.
fn demo(spec: &carrom_physics::Spec, args: match_cmd::DemoArgs) -> Result<(), String> {
    if !args.headless && match_cmd::has_display() {
        #[cfg(feature = "game")]
        return game_cmd::demo(spec, args);
        #[cfg(not(feature = "game"))]
        println!("This build has no game window (built without the `game` feature): headless.");
    }
    let setup = match_cmd::demo_setup(
        match_cmd::seats_of(args.seats)?,
        &args.rules,
        &args.level,
        args.seed,
    )?;
    match_cmd::headless_demo(spec, setup)
}

/// `carrom replay`: the headless check, then in a window if asked (and this build has a game).
fn replay(
    spec: &carrom_physics::Spec,
    file: &std::path::Path,
    window: bool,
    stats: match_cmd::StatsOutput,
) -> Result<(), String> {
    #[cfg(feature = "game")]
    return game_cmd::replay(spec, file, window, stats);
    #[cfg(not(feature = "game"))]
    {
        match_cmd::replay_check(spec, file, stats)?;
        if window {
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

fn fail(message: String) -> ExitCode {
    eprintln!(
        "error: {}",
        input::abbreviate_quotes(&message.replace('\n', " "))
    );
    ExitCode::from(2)
}
