//! Training as the screenshots show it (`carrom screenshot --mode training-coach` and
//! `training-progress`): the coach's words after three misses, and the progress page of a
//! player who trained every drill for twelve days. The strokes are scored and the coach's
//! figures measured as in play; only the history is made up.

use super::Training;
use carrom_ai::coach::{Hint, OwnShotJudged, judge_own_shot};
use carrom_physics::{Shot, Spec};
use carrom_trainer::{Day, DrillKind};

/// A stroke that misses the drill: its demonstration turned three degrees past the window of
/// directions that make it.
pub fn a_miss(training: &Training) -> Shot {
    let d = &training.drill;
    Shot {
        angle_deg: d.demonstration.angle_deg + d.window_deg / 2.0 + 3.0,
        ..d.demonstration
    }
}

/// Three attempts missed in a row (the coach then shows his shot by itself): the last one's
/// verdict, for the call box.
pub fn missed_three(training: &mut Training, spec: &Spec) -> Vec<String> {
    let shot = a_miss(training);
    let words = carrom_trainer::score(spec, &training.drill, &shot)
        .map(|s| s.words)
        .unwrap_or_else(|e| format!("Not scored: {e}"));
    training.misses_in_row = 3;
    training.last = Some(words.clone());
    vec![words]
}

/// The missed stroke set beside the coach's `hint`, as after the player struck with it shown.
pub fn judged_miss(training: &Training, spec: &Spec, hint: &Hint) -> OwnShotJudged {
    let d = &training.drill;
    let position = &d.position;
    judge_own_shot(
        spec,
        &position.pieces,
        position.seat,
        &d.referee(),
        &a_miss(training),
        &hint.best,
    )
}

/// Twelve days of attempts at every drill, three to seven a day, about two in three made.
pub fn twelve_days(training: &mut Training) {
    let progress = &mut training.trainer.progress;
    for (k, &kind) in DrillKind::ALL.iter().enumerate() {
        for d in 0..12usize {
            let day = Day::from_unix_days(20_400 + d as i64);
            for a in 0..3 + (d + k) % 5 {
                let level = progress.ladder(kind).level;
                progress.record(kind, level, (a + d + k) % 3 != 0, &day);
            }
        }
    }
}
