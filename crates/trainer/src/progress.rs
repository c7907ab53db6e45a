//! A player's progress, kept in the data directory: for every drill the level reached and the
//! run of successes or misses that moves it, and the attempts and successes per drill and level
//! by day. Written atomically (a temporary file, then a rename, as the match saves are); a
//! damaged file is named, set aside (renamed, never lost) and the defaults used.

use crate::drill::{DrillKind, LEVELS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const FORMAT: &str = "carrom-trainer-progress";
pub const VERSION: u32 = 1;

/// Attempts and successes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub attempts: u32,
    pub successes: u32,
}

impl Tally {
    /// successes / attempts (0 with none).
    pub fn rate(&self) -> f64 {
        if self.attempts == 0 {
            0.0
        } else {
            f64::from(self.successes) / f64::from(self.attempts)
        }
    }
    /// Adds `other`'s counts. A file whose attempts add up past a count is refused when read
    /// ([`ProgressFault::Total`]), so no sum of its tallies runs over; at the top a count stays
    /// there rather than wrap.
    pub(crate) fn add(&mut self, other: Tally) {
        self.attempts = self.attempts.saturating_add(other.attempts);
        self.successes = self.successes.saturating_add(other.successes);
    }
}

/// Where a drill stands: the level reached and the run that moves it (two successes in a row
/// move up, two misses in a row move down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ladder {
    /// 1 to [`LEVELS`].
    pub level: u8,
    /// Successes in a row (positive) or misses in a row (negative) at this level.
    pub run: i8,
}

impl Default for Ladder {
    fn default() -> Ladder {
        Ladder { level: 1, run: 0 }
    }
}

impl Ladder {
    /// Records an attempt: two successes in a row move up a level, two misses in a row move
    /// down (never below 1 or above [`LEVELS`]); a move starts a new run. Returns the move
    /// (+1, -1 or 0).
    pub fn record(&mut self, success: bool) -> i8 {
        self.run = match (success, self.run) {
            (true, r) if r > 0 => r + 1,
            (true, _) => 1,
            (false, r) if r < 0 => r - 1,
            (false, _) => -1,
        };
        let step = match self.run {
            2 if self.level < LEVELS => 1,
            -2 if self.level > 1 => -1,
            _ => 0,
        };
        if self.run.abs() >= 2 {
            self.run = 0;
        }
        self.level = (self.level as i8 + step) as u8;
        step
    }
}

/// A calendar day, `2026-11-26` (UTC).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Day(pub String);

impl Day {
    /// Today (UTC), from the system clock (the browser's on the web).
    pub fn today() -> Day {
        Day::from_unix_days((carrom_store::unix_seconds() / 86_400) as i64)
    }

    /// The day `days` after 1970-01-01 (the civil calendar, proleptic Gregorian).
    pub fn from_unix_days(days: i64) -> Day {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        let y = yoe + era * 400 + i64::from(m <= 2);
        Day(format!("{y:04}-{m:02}-{d:02}"))
    }

    /// Whether the day is written as a date, `YYYY-MM-DD` (as [`Day::today`] writes it).
    pub fn is_date(&self) -> bool {
        let b = self.0.as_bytes();
        b.len() == 10
            && b.iter().enumerate().all(|(i, c)| {
                if i == 4 || i == 7 {
                    *c == b'-'
                } else {
                    c.is_ascii_digit()
                }
            })
    }
}

/// One player's progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    pub format: String,
    pub version: u32,
    pub name: String,
    /// Each drill's level and run.
    pub ladders: BTreeMap<DrillKind, Ladder>,
    /// Attempts and successes by day, drill and level.
    pub days: BTreeMap<Day, BTreeMap<DrillKind, BTreeMap<u8, Tally>>>,
}

/// Why progress could not be read or written. Each names the file.
#[derive(Debug, thiserror::Error)]
pub enum ProgressError {
    #[error("{name}: {source}")]
    Read {
        name: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Write(#[from] carrom_match::WriteError),
    #[error("{name}: {source}")]
    Encode {
        name: String,
        source: serde_json::Error,
    },
    /// The file does not read as progress (its line and column, or the field, and why).
    #[error("{name}: {message}")]
    Damaged { name: String, message: String },
    /// The file reads, but holds what progress cannot (a level out of range, say).
    #[error("{name}: {fault}")]
    Invalid {
        name: String,
        #[source]
        fault: ProgressFault,
    },
}

/// What a progress file that reads can still hold wrong; each names the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgressFault {
    #[error("format: `{0}` is not `{FORMAT}`")]
    Format(String),
    #[error("version: {0} (this build reads {VERSION})")]
    Version(u32),
    /// The player's name is not one a player may have (the words of
    /// [`carrom_match::Player::checked_name`]).
    #[error("name: {0}")]
    Name(String),
    #[error("ladders.{}.level: {level} is outside 1 to {LEVELS}", kind.key())]
    LadderLevel { kind: DrillKind, level: u8 },
    #[error("days: `{}` is not a day (YYYY-MM-DD)", .0.0)]
    Day(Day),
    #[error("days.{}.{}: level {level} is outside 1 to {LEVELS}", day.0, kind.key())]
    DayLevel {
        day: Day,
        kind: DrillKind,
        level: u8,
    },
    /// The attempts of every day, drill and level add up past what a count holds here.
    #[error(
        "days.{}.{}.{level}.attempts: the file's attempts (every day, drill and level) add up \
         past {} here",
        day.0,
        kind.key(),
        u32::MAX
    )]
    Total {
        day: Day,
        kind: DrillKind,
        level: u8,
    },
    #[error(
        "days.{}.{}.{level}: {} successes in {} attempts",
        day.0,
        kind.key(),
        tally.successes,
        tally.attempts
    )]
    Tally {
        day: Day,
        kind: DrillKind,
        level: u8,
        tally: Tally,
    },
}

/// A loaded progress file and what was wrong with the one found, if anything.
#[derive(Debug)]
pub struct Loaded {
    pub progress: Progress,
    /// A damaged file was set aside: the warning to show ("progress/Asha.json: line 3, column
    /// 5: ...; set aside as progress/Asha.json.damaged-1764120000; starting afresh").
    pub warning: Option<String>,
}

impl Progress {
    /// No attempts yet; every drill at level 1.
    pub fn new(name: &str) -> Progress {
        Progress {
            format: FORMAT.into(),
            version: VERSION,
            name: name.into(),
            ladders: BTreeMap::new(),
            days: BTreeMap::new(),
        }
    }

    /// The drill's ladder (level 1 before any attempt).
    pub fn ladder(&self, kind: DrillKind) -> Ladder {
        self.ladders.get(&kind).copied().unwrap_or_default()
    }

    /// Records an attempt at `kind` at `level` on `day`; when `level` is the level reached,
    /// moves it (two in a row). Returns the move (+1, -1 or 0).
    pub fn record(&mut self, kind: DrillKind, level: u8, success: bool, day: &Day) -> i8 {
        let t = self
            .days
            .entry(day.clone())
            .or_default()
            .entry(kind)
            .or_default()
            .entry(level)
            .or_default();
        t.add(Tally {
            attempts: 1,
            successes: u32::from(success),
        });
        let ladder = self.ladders.entry(kind).or_default();
        // An attempt at another level than the one reached (a drill set before the level
        // moved, or chosen by hand) is counted at its level and leaves the ladder alone.
        if ladder.level != level {
            return 0;
        }
        ladder.record(success)
    }

    /// All days together: attempts and successes per drill and level.
    pub fn totals(&self) -> BTreeMap<DrillKind, BTreeMap<u8, Tally>> {
        let mut out: BTreeMap<DrillKind, BTreeMap<u8, Tally>> = BTreeMap::new();
        for drills in self.days.values() {
            for (kind, levels) in drills {
                for (level, t) in levels {
                    out.entry(*kind)
                        .or_default()
                        .entry(*level)
                        .or_default()
                        .add(*t);
                }
            }
        }
        out
    }

    /// A drill's attempts and successes at every level, all days.
    pub fn drill_total(&self, kind: DrillKind) -> Tally {
        let mut t = Tally::default();
        for levels in self.totals().get(&kind).into_iter() {
            for x in levels.values() {
                t.add(*x);
            }
        }
        t
    }

    /// Checks what serde cannot: the format, the version, levels within 1..=LEVELS, days that
    /// are dates, tallies and their sum (every total of the file's is at most the sum of all
    /// its attempts, so that sum must fit a count). The fault names the field.
    fn check(&self) -> Result<(), ProgressFault> {
        if self.format != FORMAT {
            return Err(ProgressFault::Format(self.format.clone()));
        }
        if self.version != VERSION {
            return Err(ProgressFault::Version(self.version));
        }
        if let Err(e) = carrom_match::Player::checked_name(&self.name) {
            return Err(ProgressFault::Name(e.to_string()));
        }
        for (&kind, l) in &self.ladders {
            if !(1..=LEVELS).contains(&l.level) {
                return Err(ProgressFault::LadderLevel {
                    kind,
                    level: l.level,
                });
            }
        }
        let mut attempts: u32 = 0;
        for (day, drills) in &self.days {
            if !day.is_date() {
                return Err(ProgressFault::Day(day.clone()));
            }
            for (&kind, levels) in drills {
                for (&level, &tally) in levels {
                    let Some(sum) = attempts.checked_add(tally.attempts) else {
                        let day = day.clone();
                        return Err(ProgressFault::Total { day, kind, level });
                    };
                    attempts = sum;
                    if !(1..=LEVELS).contains(&level) {
                        let day = day.clone();
                        return Err(ProgressFault::DayLevel { day, kind, level });
                    }
                    if tally.successes > tally.attempts {
                        return Err(ProgressFault::Tally {
                            day: day.clone(),
                            kind,
                            level,
                            tally,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Parses a progress file's text; the error names `name`, the line and column or the field.
    pub fn parse(text: &str, name: &str) -> Result<Progress, ProgressError> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let p: Progress = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            ProgressError::Damaged {
                name: name.into(),
                message: if path == "." || path.is_empty() {
                    inner.to_string()
                } else {
                    format!("field `{path}`: {inner}")
                },
            }
        })?;
        p.check().map_err(|fault| ProgressError::Invalid {
            name: name.into(),
            fault,
        })?;
        Ok(p)
    }

    /// Reads `path`; a missing file is a fresh start. A damaged file is renamed beside itself
    /// (`NAME.damaged-<unix seconds>`), never deleted, and the defaults are used with a
    /// warning naming both files. An unreadable file (permissions) is an error.
    pub fn load(path: &Path, player: &str) -> Result<Loaded, ProgressError> {
        let name = path.display().to_string();
        let text = match carrom_store::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Loaded {
                    progress: Progress::new(player),
                    warning: None,
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                String::from_utf8_lossy(&carrom_store::read(path).map_err(|source| {
                    ProgressError::Read {
                        name: name.clone(),
                        source,
                    }
                })?)
                .into_owned()
            }
            Err(source) => return Err(ProgressError::Read { name, source }),
        };
        match Progress::parse(&text, &name) {
            Ok(mut progress) => {
                progress.name = player.into();
                Ok(Loaded {
                    progress,
                    warning: None,
                })
            }
            Err(e) => {
                let aside = set_aside(path).map_err(|source| ProgressError::Read {
                    name: name.clone(),
                    source,
                })?;
                // What the file held is quoted short (a 50 MB field is named, not echoed).
                let warning = format!("{e}; set aside as {}; starting afresh", aside.display());
                Ok(Loaded {
                    progress: Progress::new(player),
                    warning: Some(carrom_match::quote::abbreviate(&warning)),
                })
            }
        }
    }

    /// Writes atomically (temporary file, then rename; the directory made if needed).
    pub fn write(&self, path: &Path) -> Result<(), ProgressError> {
        let text = serde_json::to_string_pretty(self).map_err(|source| ProgressError::Encode {
            name: path.display().to_string(),
            source,
        })?;
        Ok(carrom_store::write_making_folder(path, text.as_bytes())?)
    }
}

/// Renames a damaged file beside itself: `NAME.damaged-<unix seconds>` (`-2`, `-3` ... when
/// that is taken).
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let secs = carrom_store::unix_seconds();
    let base = path.as_os_str().to_string_lossy().into_owned();
    let mut aside = PathBuf::from(format!("{base}.damaged-{secs}"));
    let mut n = 2;
    while carrom_store::exists(&aside) {
        aside = PathBuf::from(format!("{base}.damaged-{secs}-{n}"));
        n += 1;
    }
    carrom_store::rename(path, &aside)?;
    Ok(aside)
}

/// A player's progress file in `dir`: `trainer/<name>.json`, the name's characters other than
/// letters and digits written `_`.
pub fn progress_path(dir: &Path, name: &str) -> PathBuf {
    let file: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    dir.join("trainer").join(format!("{file}.json"))
}
