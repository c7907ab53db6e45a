//! `carrom board`, `simulate`, `soak` and `bench`.

use crate::args::{JsonOnly, count, seconds, seed};
use crate::input::read_request;
use carrom_physics::Spec;
use carrom_physics::report::BoardReport;
use carrom_physics::soak::SimulateRequest;
use std::path::Path;

pub fn load_spec(path: Option<&Path>) -> Result<Spec, String> {
    match path {
        Some(p) => Spec::load(p).map_err(|e| e.to_string()),
        None => Ok(Spec::default()),
    }
}

/// `carrom board`: the spec in force and the geometry derived from it.
pub fn board(spec: &Spec) -> Result<(), String> {
    let report = BoardReport::of(spec);
    println!(
        "{}",
        serde_json::to_string(&report).map_err(|e| e.to_string())?
    );
    Ok(())
}

pub fn simulate_cmd(spec: &Spec, file: Option<&Path>) -> Result<(), String> {
    let input = read_request(file)?;
    let source = &input.source;
    let request: SimulateRequest = input.parse()?;
    let result = request
        .simulate(spec)
        .map_err(|e| format!("{source}: {e}"))?;
    let out = serde_json::to_string(&result).map_err(|e| e.to_string())?;
    println!("{out}");
    Ok(())
}

#[derive(clap::Args, Debug)]
pub struct SoakArgs {
    /// Shots to simulate, 1 to 100000000.
    #[arg(long, default_value_t = 1000, value_parser = count::<1, 100_000_000>)]
    pub shots: u64,
    /// The seed of the random shots, 0 to 18446744073709551615.
    #[arg(long, default_value_t = 1, value_parser = seed)]
    pub seed: u64,
    /// Every shot at full power.
    #[arg(long)]
    pub full_power: bool,
    /// Print only the JSON line (without it, each fault also gets a line with the command
    /// that replays it).
    #[arg(long)]
    pub json: bool,
    /// List at most this many faults in the JSON line (the counts are complete), 0 to 1000000.
    #[arg(long, default_value_t = 100, value_parser = count::<0, 1_000_000>)]
    pub max_faults: u64,
}

/// `carrom soak`: the JSON report, and without `--json` first a line per fault with the
/// command that replays it (`spec_path` is the `--spec` the soak ran with).
pub fn soak(spec: &Spec, spec_path: Option<&Path>, args: &SoakArgs) -> Result<(), String> {
    let report = carrom_physics::soak::soak_listing(
        spec,
        args.shots as u32,
        args.seed,
        args.full_power,
        args.max_faults as usize,
    );
    if !args.json {
        let command = match spec_path {
            Some(path) => format!(
                "carrom --spec {} simulate",
                shell_word(&path.display().to_string())
            ),
            None => "carrom simulate".to_string(),
        };
        for f in &report.faults {
            let request = serde_json::to_string(f).map_err(|e| e.to_string())?;
            println!("{}; replay: echo '{request}' | {command}", f.words());
        }
    }
    println!(
        "{}",
        serde_json::to_string(&report).map_err(|e| e.to_string())?
    );
    Ok(())
}

/// `word` as one shell word: as it is when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./-+:,=@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub json: JsonOnly,
    /// Seconds to time each kind of shot: more than 0 and at most 3600.
    #[arg(long, default_value_t = 3.0, value_parser = seconds)]
    pub seconds: f64,
}

pub fn bench(spec: &Spec, args: &BenchArgs) -> Result<(), String> {
    let r = carrom_physics::bench::bench(spec, args.seconds);
    if !args.json.json {
        r.lines().iter().for_each(|line| println!("{line}"));
    }
    println!("{}", serde_json::to_string(&r).map_err(|e| e.to_string())?);
    Ok(())
}
