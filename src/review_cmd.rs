//! `carrom review` and `carrom winprob`: thin wrappers over `carrom_ai::review` and
//! `carrom_ai::winprob`.

use crate::args::{count, seed};
use carrom_ai::review::{ReviewOptions, stored};
use carrom_ai::winprob::WinModel;
use carrom_ai::winprob::fit::{self, CHECK_SEED, FIT_SEED};
use carrom_match::SaveFile;
use carrom_physics::Spec;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// The save or replay file.
    pub file: PathBuf,
    /// Only this player's strokes (his name in the file, any case).
    #[arg(long)]
    pub player: Option<String>,
    /// Print only the review, as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The coach's seed, 0 to 18446744073709551615 (`carrom hint`'s default is 0).
    #[arg(long, default_value_t = 0, value_parser = seed)]
    pub seed: u64,
    /// Review again even when a review is kept beside the file (FILE.review).
    #[arg(long)]
    pub fresh: bool,
}

#[derive(clap::Args, Debug)]
pub struct WinprobArgs {
    /// Play self-play games and fit the model on them; writes it to --out.
    #[arg(long, conflicts_with = "check", required_unless_present = "check")]
    pub fit: bool,
    /// Play held-out self-play games and print the model's calibration table and Brier score.
    #[arg(long)]
    pub check: bool,
    /// Games to play, 1 to 100000 (each one ICF game between computer levels).
    #[arg(long, default_value_t = 48, value_parser = count::<1, 100_000>)]
    pub games: u64,
    /// The games' seed (default: 4801 for --fit, 4802 for --check).
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// With --fit: the file to write (run from the workspace, the shipped model's).
    #[arg(long, default_value = "crates/ai/data/winprob.json")]
    pub out: PathBuf,
    /// With --check: the model file to check (default: the model built in).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Print only the figures, as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `carrom review`: the stored review when one fits the file, else a new one (kept beside it).
pub fn review_cmd(spec: &Spec, args: &ReviewArgs) -> Result<(), String> {
    let file = &args.file;
    let save = SaveFile::load(file).map_err(|e| e.to_string())?;
    let options = ReviewOptions {
        player: args.player.clone(),
        seed: args.seed,
        limit: None,
    };
    let quiet = |_: usize, _: usize| {};
    let shown: &(dyn Fn(usize, usize) + Sync) = if args.json { &quiet } else { &progress };
    let (review, source) = stored::kept_or_made(spec, file, &save, &options, args.fresh, shown)
        .map_err(|e| e.to_string())?;
    if !args.json {
        eprint!("\r{:40}\r", "");
    }
    if let stored::Source::Made {
        not_kept: Some(e), ..
    } = &source
    {
        eprintln!("warning: the review could not be kept: {e}");
    }
    if args.json {
        println!("{}", review.to_json());
    } else {
        let name = file.display().to_string();
        review
            .lines(&name, &source.note())
            .iter()
            .for_each(|l| println!("{l}"));
    }
    Ok(())
}

fn progress(done: usize, total: usize) {
    eprint!("\rstroke {done} of {total}");
}

/// `carrom winprob --fit` or `--check`.
pub fn winprob(spec: &Spec, args: &WinprobArgs) -> Result<(), String> {
    let games = args.games as u32;
    if args.fit {
        let seed = args.seed.unwrap_or(FIT_SEED);
        let command = format!("carrom winprob --fit --games {games} --seed {seed}");
        let t0 = Instant::now();
        let mut model = fit::fit(spec, games, seed, &command);
        model.fit_seconds = (t0.elapsed().as_secs_f64() * 10.0).round() / 10.0;
        let out = &args.out;
        carrom_match::write_atomically(out, model.to_json().as_bytes())
            .map_err(|e| e.to_string())?;
        println!("{}", model.fitted_line(out));
        return Ok(());
    }
    let model = match &args.model {
        Some(path) => WinModel::load(path).map_err(|e| e.to_string())?,
        None => WinModel::shipped().clone(),
    };
    check(
        spec,
        &model,
        games,
        args.seed.unwrap_or(CHECK_SEED),
        args.json,
    )
}

fn check(spec: &Spec, model: &WinModel, games: u32, seed: u64, json: bool) -> Result<(), String> {
    let t0 = Instant::now();
    let checked =
        fit::check(spec, model, games, seed).map_err(|e| format!("--seed {seed}: {e}"))?;
    if !json {
        println!(
            "Held-out games: {games} (seed {seed}), {:.1} s; the model: {}",
            t0.elapsed().as_secs_f64(),
            model.command
        );
        checked.lines().iter().for_each(|l| println!("{l}"));
    }
    println!("{}", checked.json());
    Ok(())
}
