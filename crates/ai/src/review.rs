//! The review of a match: every stroke of a save or replay judged by the coach (the shot
//! played against the coach's best at that position, on the same noisy strokes), a label for
//! each, each player's accuracy and worst strokes, and after every stroke each side's chance to
//! win the board and the game ([`crate::winprob`]), its largest swings marked as the turning
//! points. [`stored`] keeps a review beside its save so that opening it again is instant.
//! A point game (three or four each for himself) is judged stroke by stroke the same way; it
//! has no two sides' chances, so no chart and no turning points.
//!
//! The coach's search, noise and seed are [`coach::hint`]'s: a review's best shot at a
//! position is the hint's best there with the review's seed (0 unless asked, as `carrom
//! hint`'s).

mod shown;
pub mod stored;
mod walk;

pub use walk::{StrokeAt, Walked, chart, judge, one_place, strokes_of};

use crate::coach;
use crate::winprob::WinChances;
use carrom_match::{ResumeError, SaveFile};
use carrom_physics::{Seat, Shot, Spec};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A loss (the best shot's chance less the played shot's, 0-1) up to this is the **best**
/// (within the sampling error of the chances: both are counted on the same 1000 strokes,
/// 300 for a break) ...
pub const BEST_LOSS: f32 = 0.02;
/// ... up to this **good** ...
pub const GOOD_LOSS: f32 = 0.07;
/// ... up to this an **inaccuracy** ...
pub const INACCURACY_LOSS: f32 = 0.15;
/// ... up to this a **mistake**; more, a **blunder**.
pub const MISTAKE_LOSS: f32 = 0.30;
/// A stroke is **forced** when the shots the coach shows (at least two) are all within this
/// of one another and the stroke played is within it of the best: every shot alike ...
pub const ALIKE_SPREAD: f32 = 0.05;
/// ... or when every legal place for the striker lies within this span of the base line
/// (shot-position units, -1 to 1; 0.04 is 9 mm on an ICF board): one legal place.
pub const ONE_PLACE_SPAN: f32 = 0.04;
/// A stroke's score for the accuracy is 100 less 100 points per this much loss (a loss of
/// 0.5 or more scores 0); a player's accuracy is the mean score of his strokes that are not
/// forced.
pub const ZERO_SCORE_LOSS: f32 = 0.5;
/// The turning points: this many strokes with the largest swings in the game's chance.
pub const TURNING_POINTS: usize = 3;
/// The worst strokes shown for each player.
pub const WORST: usize = 3;

/// What a stroke is, as the review judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    /// No real choice: one legal place for the striker, or every shot alike.
    Forced,
}

impl Label {
    /// The label of a stroke that lost `loss` and had a choice.
    pub fn of_loss(loss: f32) -> Label {
        match loss {
            l if l <= BEST_LOSS => Label::Best,
            l if l <= GOOD_LOSS => Label::Good,
            l if l <= INACCURACY_LOSS => Label::Inaccuracy,
            l if l <= MISTAKE_LOSS => Label::Mistake,
            _ => Label::Blunder,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Label::Best => "best",
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
            Label::Forced => "forced",
        }
    }
}

/// A stroke's score for the accuracy (0-100; see [`ZERO_SCORE_LOSS`]).
pub fn stroke_score(loss: f32) -> f32 {
    100.0 * (1.0 - loss.clamp(0.0, ZERO_SCORE_LOSS) / ZERO_SCORE_LOSS)
}

/// One stroke judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrokeReview {
    /// The stroke's number in the match, from 1 ("stroke 23 of 61").
    pub index: usize,
    /// Its action's index in the save's actions (from 0).
    pub action: usize,
    pub seat: Seat,
    pub player: String,
    /// The stroke as played.
    pub played: Shot,
    /// How often the stroke played, played again with the benchmark's noise, lets the turn
    /// go on (an own piece pocketed legally, or the board won) ...
    pub played_chance: f32,
    /// ... and the coach's best shot, on the same noisy strokes.
    pub best_chance: f32,
    /// The best chance less the played one, no less than 0.
    pub loss: f32,
    pub label: Label,
    pub best_shot: Shot,
    /// The best shot as the coach says it ("Cut the white man at 2 o'clock into the ...").
    pub best_words: String,
    /// The coach's own figure for its best shot, as `carrom hint` gives it (its target going
    /// in, where it aims at one of his pieces).
    pub hint_chance: f32,
    /// A break: the pieces of his the stroke played and the best are expected to pocket.
    pub pieces: Option<[f32; 2]>,
    /// The noisy strokes the chances are counted on.
    pub samples: u32,
}

/// Each side's chances after a stroke, and how much it moved side 0's chance of the game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChartPoint {
    pub index: usize,
    pub win_chance_after: WinChances,
    /// Side 0's chance of the game after the stroke less before it.
    pub swing: f32,
}

/// A player's match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerReview {
    pub name: String,
    pub seat: Seat,
    /// The mean score of his strokes that were not forced (0-100); `None` with none.
    pub accuracy: Option<f32>,
    /// The strokes judged, and those of them that were forced.
    pub strokes: usize,
    pub forced: usize,
    /// His worst strokes, by their index, the largest loss first (forced ones left out).
    pub worst: Vec<usize>,
}

/// A match reviewed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The strokes judged, in the order played.
    pub strokes: Vec<StrokeReview>,
    pub players: Vec<PlayerReview>,
    /// Each side's chances before the first stroke ...
    pub start: Option<WinChances>,
    /// ... and after every stroke (all of them, whoever was judged); in the point game, each
    /// for himself, neither.
    pub chart: Vec<ChartPoint>,
    /// The strokes with the largest swings, in the order played.
    pub turning_points: Vec<usize>,
    /// The strokes in the match.
    pub total_strokes: usize,
    /// The coach's seed.
    pub seed: u64,
    /// Whose strokes were judged (`None`: everyone's).
    pub player: Option<String>,
}

/// What to review.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewOptions {
    /// Only this player's strokes (his name as the save has it; any case).
    pub player: Option<String>,
    /// The coach's seed (`carrom hint`'s default is 0).
    pub seed: u64,
    /// Judge at most this many of the chosen strokes, the first ones (tests).
    pub limit: Option<usize>,
}

/// Why a save cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The save does not replay as recorded (damaged, tampered with, other physics).
    #[error(transparent)]
    Save(#[from] ResumeError),
    /// A save that resumed does not play again (cannot be, short of a bug).
    #[error("{file}: the match does not play again: {source}")]
    Replay {
        file: String,
        source: carrom_match::MatchError,
    },
    /// Nobody watched the review any more ([`review_watched`]).
    #[error("the review was stopped")]
    Stopped,
    #[error("{file}: no player named `{name}` (the players: {players})")]
    NoSuchPlayer {
        file: String,
        name: String,
        players: String,
    },
}

/// What a review under way tells as it goes, for a window that shows it while it works.
pub enum Watch<'a> {
    /// The match played again: every stroke's position and the chances after it, before any
    /// stroke is judged.
    Walked(&'a Walked),
    /// A stroke judged, `done` of the `total` to judge (they are judged in parallel, so not
    /// in the order played).
    Judged {
        stroke: &'a StrokeReview,
        done: usize,
        total: usize,
    },
}

/// Reviews the match `save` (read from the file `name`): it is first played again and checked
/// as `carrom replay` checks it, then every stroke of the chosen player (or all) is judged, in
/// parallel; `progress(done, total)` is told as each is. The same save and options give the
/// same review.
pub fn review(
    spec: &Spec,
    save: &SaveFile,
    name: &str,
    options: &ReviewOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Review, ReviewError> {
    review_watched(spec, save, name, options, &|watch| {
        if let Watch::Judged { done, total, .. } = watch {
            progress(done, total);
        }
        true
    })
}

/// [`review`], telling `watch` the match walked and then each stroke as it is judged; when
/// `watch` answers `false` (nobody is watching any more) no more strokes are judged and the
/// review is [`ReviewError::Stopped`].
pub fn review_watched(
    spec: &Spec,
    save: &SaveFile,
    name: &str,
    options: &ReviewOptions,
    watch: &(dyn Fn(Watch<'_>) -> bool + Sync),
) -> Result<Review, ReviewError> {
    let walked = strokes_of(spec, save, name)?;
    let going_on = std::sync::atomic::AtomicBool::new(watch(Watch::Walked(&walked)));
    let player = reviewed_player(save, name, options)?;
    let chosen = to_judge(&walked, player.as_deref(), options);
    let done = AtomicUsize::new(0);
    let total = chosen.len();
    let strokes: Option<Vec<StrokeReview>> = chosen
        .par_iter()
        .map(|at| {
            if !going_on.load(Ordering::Relaxed) {
                return None;
            }
            let judged = walk::judge(&walked.spec, at, options.seed);
            let done = done.fetch_add(1, Ordering::Relaxed) + 1;
            let told = watch(Watch::Judged {
                stroke: &judged,
                done,
                total,
            });
            if !told {
                going_on.store(false, Ordering::Relaxed);
            }
            Some(judged)
        })
        .collect();
    let strokes = strokes.ok_or(ReviewError::Stopped)?;
    Ok(assemble(save, &walked, strokes, options, player))
}

/// The player a review is of (his name as the save spells it), or none for every player.
pub fn reviewed_player(
    save: &SaveFile,
    name: &str,
    options: &ReviewOptions,
) -> Result<Option<String>, ReviewError> {
    options
        .player
        .as_ref()
        .map(|p| player_named(save, name, p))
        .transpose()
}

/// The strokes of `walked` a review judges: `player`'s (every one when none), at most the
/// options' limit, in the order played.
pub fn to_judge<'a>(
    walked: &'a Walked,
    player: Option<&str>,
    options: &ReviewOptions,
) -> Vec<&'a StrokeAt> {
    walked
        .strokes
        .iter()
        .filter(|s| player.is_none_or(|p| p == s.player))
        .take(options.limit.unwrap_or(usize::MAX))
        .collect()
}

/// The review of `save` from its walk and its strokes judged ([`to_judge`]'s, in any order):
/// the players' accuracy, the chart and its turning points.
pub fn assemble(
    save: &SaveFile,
    walked: &Walked,
    mut strokes: Vec<StrokeReview>,
    options: &ReviewOptions,
    player: Option<String>,
) -> Review {
    strokes.sort_by_key(|s| s.index);
    let chart = walk::chart(walked);
    Review {
        players: players(save, &strokes, player.as_deref()),
        turning_points: turning_points(&chart),
        strokes,
        start: walked.start,
        chart,
        total_strokes: walked.strokes.len(),
        seed: options.seed,
        player,
    }
}

/// The player of `save` named `wanted` (any case), as the save spells him.
fn player_named(save: &SaveFile, file: &str, wanted: &str) -> Result<String, ReviewError> {
    let names: Vec<&str> = save.setup.players.iter().map(|p| p.name.as_str()).collect();
    names
        .iter()
        .find(|n| n.eq_ignore_ascii_case(wanted.trim()))
        .map(|n| n.to_string())
        .ok_or_else(|| ReviewError::NoSuchPlayer {
            file: file.into(),
            name: wanted.into(),
            players: names.join(", "),
        })
}

/// Each player's accuracy and worst strokes (only `only`, when the review is of one player),
/// from the strokes judged so far.
pub fn players(save: &SaveFile, strokes: &[StrokeReview], only: Option<&str>) -> Vec<PlayerReview> {
    save.setup
        .seats
        .seats()
        .iter()
        .map(|&seat| (seat, save.setup.player(seat).name.clone()))
        .filter(|(_, name)| only.is_none_or(|o| o == name))
        .map(|(seat, name)| player_review(seat, name, strokes))
        .collect()
}

fn player_review(seat: Seat, name: String, strokes: &[StrokeReview]) -> PlayerReview {
    let his: Vec<&StrokeReview> = strokes.iter().filter(|s| s.seat == seat).collect();
    let mut chosen: Vec<&StrokeReview> = his
        .iter()
        .copied()
        .filter(|s| s.label != Label::Forced)
        .collect();
    let accuracy = (!chosen.is_empty())
        .then(|| chosen.iter().map(|s| stroke_score(s.loss)).sum::<f32>() / chosen.len() as f32);
    chosen.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.index.cmp(&b.index)));
    PlayerReview {
        name,
        seat,
        accuracy,
        strokes: his.len(),
        forced: his.len() - chosen.len(),
        worst: chosen.iter().take(WORST).map(|s| s.index).collect(),
    }
}

/// The [`TURNING_POINTS`] strokes that moved the game's chance most, in the order played.
pub fn turning_points(chart: &[ChartPoint]) -> Vec<usize> {
    let mut by_swing: Vec<&ChartPoint> = chart.iter().filter(|p| p.swing != 0.0).collect();
    by_swing.sort_by(|a, b| b.swing.abs().total_cmp(&a.swing.abs()));
    let mut top: Vec<usize> = by_swing
        .iter()
        .take(TURNING_POINTS)
        .map(|p| p.index)
        .collect();
    top.sort_unstable();
    top
}

impl Review {
    /// The review of one player's strokes only (a review of everyone's, shown for one).
    pub fn for_player(&self, name: &str) -> Review {
        let mut r = self.clone();
        r.strokes.retain(|s| s.player == name);
        r.players.retain(|p| p.name == name);
        r.player = Some(name.to_string());
        r
    }

    /// The chances after stroke `index`.
    pub fn chances_after(&self, index: usize) -> Option<WinChances> {
        self.chart
            .iter()
            .find(|p| p.index == index)
            .map(|p| p.win_chance_after)
    }
}

/// A stroke's line: "12 Asha (South): best Cut the white man ... 61%, played 34%: loss 27,
/// mistake".
pub fn stroke_line(s: &StrokeReview) -> String {
    let pct = |c: f32| coach::percent(c);
    let pieces = s
        .pieces
        .map(|[p, b]| format!(" (pieces expected: played {p:.1}, best {b:.1})"))
        .unwrap_or_default();
    format!(
        "{:>3} {} ({}): played {}%, best {}% ({}){pieces}: loss {}, {}",
        s.index,
        s.player,
        s.seat.title(),
        pct(s.played_chance),
        pct(s.best_chance),
        s.best_words,
        pct(s.loss),
        s.label.name()
    )
}
