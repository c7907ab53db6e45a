//! The trainer as the game's Training mode uses it: a player's progress opened from the data
//! directory, drills started at the level he reached, each stroke scored and recorded (the
//! level moving with two in a row), the progress saved, and the list of drills with their
//! rates.

use crate::drill::{Drill, DrillKind, NoPosition};
use crate::progress::{Day, Ladder, Progress, ProgressError, Tally, progress_path};
use crate::score::{Score, ScoreError, score};
use crate::words;
use carrom_physics::{Shot, Spec};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One player's training.
#[derive(Clone, Debug)]
pub struct Trainer {
    pub progress: Progress,
    /// Where the progress is kept.
    pub path: PathBuf,
}

/// A drill in the list: its name, the level reached, and its attempts and successes so far.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrillRow {
    pub kind: DrillKind,
    pub name: &'static str,
    pub level: u8,
    /// What the level asks ("level 2: 15-27 cm").
    pub level_words: String,
    pub attempts: u32,
    pub successes: u32,
    pub rate: f64,
}

impl Trainer {
    /// Opens `name`'s progress in the data directory `dir` (`trainer/<name>.json`). A damaged
    /// file is set aside and the defaults used: the second value is the warning to show.
    pub fn open(dir: &Path, name: &str) -> Result<(Trainer, Option<String>), ProgressError> {
        let path = progress_path(dir, name);
        let loaded = Progress::load(&path, name)?;
        Ok((
            Trainer {
                progress: loaded.progress,
                path,
            },
            loaded.warning,
        ))
    }

    /// The level reached in a drill.
    pub fn level(&self, kind: DrillKind) -> u8 {
        self.progress.ladder(kind).level
    }

    /// A new attempt at `kind` at the level reached; `seed` varies the position (the game
    /// passes a new one every attempt). A drill that cannot be set on this board is
    /// [`NoPosition`].
    pub fn start(&self, spec: &Spec, kind: DrillKind, seed: u64) -> Result<Drill, NoPosition> {
        Drill::new(spec, kind, self.level(kind), seed)
    }

    /// Scores `shot` in `drill`. When the attempt is over with it (every stroke but the Queen
    /// going in, which is followed by her cover, [`Score::next`]) the attempt is recorded on
    /// `day` and the drill's level moves (two successes in a row up, two misses down). The
    /// progress is not written: call [`Trainer::save`].
    pub fn play(
        &mut self,
        spec: &Spec,
        drill: &Drill,
        shot: &Shot,
        day: &Day,
    ) -> Result<Score, ScoreError> {
        let s = score(spec, drill, shot)?;
        if s.attempt_over() {
            self.progress
                .record(drill.kind, drill.level, s.scored.is_in(), day);
        }
        Ok(s)
    }

    /// Writes the progress atomically.
    pub fn save(&self) -> Result<(), ProgressError> {
        self.progress.write(&self.path)
    }

    /// Every drill with its level and its attempts, successes and rate so far (all levels, all
    /// days).
    pub fn drills(&self) -> Vec<DrillRow> {
        rows(&self.progress)
    }
}

/// The drill list of a player's progress.
pub fn rows(progress: &Progress) -> Vec<DrillRow> {
    DrillKind::ALL
        .iter()
        .map(|&kind| {
            let Ladder { level, .. } = progress.ladder(kind);
            let Tally {
                attempts,
                successes,
            } = progress.drill_total(kind);
            DrillRow {
                kind,
                name: words::drill_name(kind),
                level,
                level_words: words::level_words(kind, level),
                attempts,
                successes,
                rate: Tally {
                    attempts,
                    successes,
                }
                .rate(),
            }
        })
        .collect()
}
