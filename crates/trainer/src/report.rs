//! A player's training progress as `carrom trainer --stats` reports it: the players with
//! progress in a data directory, and each one's drills, levels and days as lines of words or
//! JSON.

use crate::progress::{Progress, ProgressError, Tally, progress_path};
use crate::{rows, weakest, words};
use carrom_physics::Spec;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Why progress could not be read for a report.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The data directory's `trainer` folder cannot be listed.
    #[error("{}: {source}", folder.display())]
    Folder {
        folder: PathBuf,
        source: std::io::Error,
    },
    /// A progress file cannot be read.
    #[error("{}: {source}", path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A folder where a player's progress file should be.
    #[error("{}: a folder, not a player's progress file", path.display())]
    NotAFile { path: PathBuf },
    /// A progress file is damaged.
    #[error(transparent)]
    Damaged(#[from] ProgressError),
    /// The saved matches, read for the drill to propose, cannot be listed.
    #[error(transparent)]
    Saves(#[from] weakest::SavesFolderError),
}

/// A player's report: his progress, its file, and the drill proposed from his own saved
/// matches' misses.
pub struct PlayerReport {
    pub progress: Progress,
    pub file: PathBuf,
    pub proposal: Option<weakest::Proposal>,
}

/// The reports of the players with progress in `dir`, or of the one named.
pub fn reports(
    spec: &Spec,
    dir: &Path,
    name: Option<&str>,
) -> Result<Vec<PlayerReport>, ReportError> {
    let mut out = Vec::new();
    for (name, file) in players(dir, name)? {
        let progress = read(&file, &name)?;
        let proposal = weakest::from_saves(spec, dir, &progress.name)?.propose();
        out.push(PlayerReport {
            progress,
            file,
            proposal,
        });
    }
    Ok(out)
}

/// The reports as `carrom trainer --stats --json` prints them: the data directory, and each
/// player's ([`progress_json`]).
pub fn reports_json(dir: &Path, reports: &[PlayerReport]) -> Value {
    let players: Vec<Value> = reports
        .iter()
        .map(|r| progress_json(&r.progress, &r.file, r.proposal.as_ref()))
        .collect();
    json!({"dir": dir.display().to_string(), "players": players})
}

/// The reports in words, as `carrom trainer --stats` prints them: each player's lines
/// ([`progress_lines`]), or that there is no progress in `dir`.
pub fn reports_lines(dir: &Path, reports: &[PlayerReport]) -> Vec<String> {
    if reports.is_empty() {
        return vec![format!(
            "No training progress in {}",
            dir.join("trainer").display()
        )];
    }
    reports
        .iter()
        .flat_map(|r| progress_lines(&r.progress, r.proposal.as_ref()))
        .collect()
}

/// The players with progress files in `dir`, or the one named.
pub fn players(dir: &Path, name: Option<&str>) -> Result<Vec<(String, PathBuf)>, ReportError> {
    if let Some(name) = name {
        return Ok(vec![(name.to_string(), progress_path(dir, name))]);
    }
    let folder = dir.join("trainer");
    // Folders too: a folder where a player's file should be is named, not passed over.
    let entries = match carrom_store::entries_in(&folder) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(ReportError::Folder { folder, source }),
    };
    let mut out: Vec<(String, PathBuf)> = entries
        .into_iter()
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
pub fn read(path: &Path, name: &str) -> Result<Progress, ReportError> {
    match carrom_store::read_to_string(path) {
        Ok(text) => {
            let mut p = Progress::parse(&text, &path.display().to_string())?;
            if p.name.is_empty() {
                p.name = name.into();
            }
            Ok(p)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::new(name)),
        Err(e) if e.kind() == std::io::ErrorKind::IsADirectory => Err(ReportError::NotAFile {
            path: path.to_path_buf(),
        }),
        Err(source) => Err(ReportError::File {
            path: path.to_path_buf(),
            source,
        }),
    }
}

/// A player's progress as `carrom trainer --stats --json` prints it.
pub fn progress_json(p: &Progress, file: &Path, proposal: Option<&weakest::Proposal>) -> Value {
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

/// A player's progress in lines of words: each drill's level and rate, then each day's.
pub fn progress_lines(p: &Progress, proposal: Option<&weakest::Proposal>) -> Vec<String> {
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
        let mut t = Tally::default();
        for x in drills.values().flat_map(|l| l.values()) {
            t.add(*x);
        }
        out.push(format!(
            "  {}: {}/{} ({:.0}%)",
            day.0,
            t.successes,
            t.attempts,
            100.0 * t.rate()
        ));
        for (kind, levels) in drills {
            for (level, t) in levels {
                out.push(format!(
                    "    {} level {level}: {}/{}",
                    words::drill_name(*kind),
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
