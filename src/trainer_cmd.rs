//! `carrom trainer --stats` and `carrom coach-reliability`: thin wrappers over `carrom_trainer`.

use crate::args::{JsonOnly, count, seed};
use carrom_physics::Spec;
use carrom_trainer::progress::{Progress, data_dir, progress_path};
use carrom_trainer::reliability::measure;
use carrom_trainer::{rows, weakest};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

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

/// A player's name: 1 to 24 characters (as the menu allows).
fn player_name(text: &str) -> Result<String, String> {
    let n = text.trim().chars().count();
    if n == 0 || n > 24 {
        return Err(format!("a name is 1 to 24 characters (this one has {n})"));
    }
    Ok(text.trim().to_string())
}

/// The players with progress files in `dir`, or the one named.
fn players(dir: &Path, name: Option<&str>) -> Result<Vec<(String, PathBuf)>, String> {
    if let Some(name) = name {
        return Ok(vec![(name.to_string(), progress_path(dir, name))]);
    }
    let folder = dir.join("trainer");
    let entries = match std::fs::read_dir(&folder) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", folder.display())),
    };
    let mut out: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            (stem, p)
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Reads a player's progress for printing: a missing file is no progress; a damaged one is an
/// error naming it (this command only reads: the game sets damaged files aside).
fn read(path: &Path, name: &str) -> Result<Progress, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let mut p =
                Progress::parse(&text, &path.display().to_string()).map_err(|e| e.to_string())?;
            if p.name.is_empty() {
                p.name = name.into();
            }
            Ok(p)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::new(name)),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

fn rate(successes: u32, attempts: u32) -> f64 {
    if attempts == 0 {
        0.0
    } else {
        f64::from(successes) / f64::from(attempts)
    }
}

fn progress_json(p: &Progress, file: &Path, proposal: Option<&weakest::Proposal>) -> Value {
    let totals = p.totals();
    let drills: Vec<Value> = rows(p)
        .iter()
        .map(|r| {
            let levels: Vec<Value> = totals
                .get(&r.kind)
                .into_iter()
                .flatten()
                .map(|(level, t)| {
                    json!({"level": level, "attempts": t.attempts, "successes": t.successes, "rate": t.rate()})
                })
                .collect();
            json!({
                "drill": r.kind.key(), "name": r.name, "level": r.level,
                "attempts": r.attempts, "successes": r.successes, "rate": r.rate,
                "levels": levels,
            })
        })
        .collect();
    let days: Vec<Value> = p
        .days
        .iter()
        .map(|(day, drills)| {
            let d: Vec<Value> = drills
                .iter()
                .flat_map(|(kind, levels)| {
                    levels.iter().map(move |(level, t)| {
                        json!({"drill": kind.key(), "level": level, "attempts": t.attempts, "successes": t.successes, "rate": t.rate()})
                    })
                })
                .collect();
            json!({"day": day.0, "drills": d})
        })
        .collect();
    json!({
        "name": p.name,
        "file": file.display().to_string(),
        "drills": drills,
        "days": days,
        "weakest": proposal.map(|w| json!({"kind": w.kind, "played": w.played, "missed": w.missed, "drill": w.drill.key(), "words": w.words})),
    })
}

fn progress_lines(p: &Progress, proposal: Option<&weakest::Proposal>) -> Vec<String> {
    let mut out = vec![format!("{}:", p.name)];
    let totals = p.totals();
    for r in rows(p) {
        out.push(format!(
            "  {}: level {} reached; {}/{} ({:.0}%)",
            r.name,
            r.level,
            r.successes,
            r.attempts,
            100.0 * r.rate
        ));
        for (level, t) in totals.get(&r.kind).into_iter().flatten() {
            out.push(format!(
                "    level {level}: {}/{} ({:.0}%)",
                t.successes,
                t.attempts,
                100.0 * t.rate()
            ));
        }
    }
    for (day, drills) in &p.days {
        let (a, s) = drills
            .values()
            .flat_map(|l| l.values())
            .fold((0, 0), |(a, s), t| (a + t.attempts, s + t.successes));
        out.push(format!("  {}: {s}/{a} ({:.0}%)", day.0, 100.0 * rate(s, a)));
        for (kind, levels) in drills {
            for (level, t) in levels {
                out.push(format!(
                    "    {} level {level}: {}/{}",
                    carrom_trainer::words::drill_name(*kind),
                    t.successes,
                    t.attempts
                ));
            }
        }
    }
    if let Some(w) = proposal {
        out.push(format!("  {}", w.words));
    }
    out
}

pub fn trainer(spec: &Spec, args: &TrainerArgs) -> Result<(), String> {
    if !args.stats {
        return Err(
            "trainer: say what to print: --stats (the drills are played in the game's Training mode)"
                .into(),
        );
    }
    if let Some(name) = &args.name {
        let n = name.trim().chars().count();
        if n == 0 || n > 24 {
            return Err(format!(
                "--name: a name is 1 to 24 characters (this one has {n})"
            ));
        }
    }
    let dir = match &args.dir {
        Some(d) => d.clone(),
        None => data_dir().ok_or("no data directory: set CARROM_CONFIG_DIR or pass --dir")?,
    };
    let found = players(&dir, args.name.as_deref())?;
    let mut out = Vec::new();
    for (name, path) in &found {
        let p = read(path, name)?;
        let proposal = weakest::from_saves(spec, &dir, &p.name)
            .map_err(|e| e.to_string())?
            .propose();
        out.push((p, path.clone(), proposal));
    }
    if args.json.json {
        let players: Vec<Value> = out
            .iter()
            .map(|(p, f, w)| progress_json(p, f, w.as_ref()))
            .collect();
        println!(
            "{}",
            serde_json::to_string(&json!({"dir": dir.display().to_string(), "players": players}))
                .map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    if out.is_empty() {
        println!("No training progress in {}", dir.join("trainer").display());
    }
    for (p, _, w) in &out {
        for line in progress_lines(p, w.as_ref()) {
            println!("{line}");
        }
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
    });
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
