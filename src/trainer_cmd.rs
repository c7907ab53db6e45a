//! `carrom trainer --stats` and `carrom coach-reliability`: thin wrappers over `carrom_trainer`.

use crate::args::{JsonOnly, count, player_name, seed};
use carrom_physics::Spec;
use carrom_trainer::reliability::measure;
use carrom_trainer::report;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct TrainerArgs {
    /// Print the progress: per drill and level the attempts, successes and rate, and by day.
    #[arg(long)]
    pub stats: bool,
    /// Only this player, 1 to 24 characters (by default every player with progress in the
    /// data directory).
    #[arg(long, value_parser = player_name)]
    pub name: Option<String>,
    /// The data directory (default: $CARROM_CONFIG_DIR, else ~/.local/share/carrom on Linux).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    #[command(flatten)]
    pub json: JsonOnly,
}

#[derive(clap::Args, Debug)]
pub struct ReliabilityArgs {
    /// Positions to draw (the drills' at every level and mid-game scatters), 1 to 100000.
    #[arg(long, default_value_t = 500, value_parser = count::<1, 100_000>)]
    pub positions: u64,
    /// Replays of each position's shot at the benchmark's noise, 1 to 100000.
    #[arg(long, default_value_t = 200, value_parser = count::<1, 100_000>)]
    pub replays: u64,
    /// The seed of the positions and the replays, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    #[command(flatten)]
    pub json: JsonOnly,
}

pub fn trainer(spec: &Spec, args: &TrainerArgs) -> Result<(), String> {
    if !args.stats {
        return Err(
            "trainer: say what to print: --stats (the drills are played in the game's Training mode)"
                .into(),
        );
    }
    let dir = match &args.dir {
        // A directory given that is not there is a mistyped one, not one without progress.
        Some(d) if !d.is_dir() => {
            return Err(format!("--dir: {} is not a directory", d.display()));
        }
        Some(d) => d.clone(),
        None => carrom_store::data_dir()
            .ok_or("no data directory: set CARROM_CONFIG_DIR or pass --dir")?,
    };
    let out = report::reports(spec, &dir, args.name.as_deref()).map_err(|e| e.to_string())?;
    if args.json.json {
        println!("{}", report::reports_json(&dir, &out));
        return Ok(());
    }
    for line in report::reports_lines(&dir, &out) {
        println!("{line}");
    }
    Ok(())
}

pub fn coach_reliability(spec: &Spec, args: &ReliabilityArgs) -> Result<(), String> {
    let quiet = args.json.json;
    let n = args.positions as u32;
    let table = measure(spec, n, args.replays as u32, args.seed, |i, _, _| {
        if !quiet && (i + 1) % 50 == 0 {
            eprintln!("{} of {n} positions", i + 1);
        }
    })
    .map_err(|e| format!("coach-reliability draws every drill's positions: {e}"))?;
    if !quiet {
        for line in table.lines() {
            println!("{line}");
        }
    }
    println!(
        "{}",
        serde_json::to_string(&table).map_err(|e| e.to_string())?
    );
    Ok(())
}
