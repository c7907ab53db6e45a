//! A save walked stroke by stroke (the position before each, the chances after it), and one
//! stroke judged by the coach.

use super::{ALIKE_SPREAD, ChartPoint, Label, ONE_PLACE_SPAN, ReviewError, StrokeReview};
use crate::coach::{self, Counted, Measured, OnStrokes};
use crate::geom::legal;
use crate::winprob::{Situation, WinChances, WinModel, strength_of};
use carrom_match::{Action, Match, SaveFile};
use carrom_physics::{Piece, Seat, Shot, Spec};
use carrom_referee::Referee;

/// The position a stroke was played from, the stroke, and the chances before and after it (in
/// the point game, each for himself, no two sides' chances: every player's points after it).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct StrokeAt {
    /// The stroke's number in the match, from 1.
    pub index: usize,
    /// Its action's index in the save.
    pub action: usize,
    pub seat: Seat,
    pub player: String,
    pub layout: Vec<Piece>,
    pub referee: Referee,
    pub shot: Shot,
    #[serde(default)]
    pub before: Option<WinChances>,
    #[serde(default)]
    pub after: Option<WinChances>,
    /// The point game: every seat's points after the stroke (South, East, North, West).
    #[serde(default)]
    pub points_after: Option<[u16; 4]>,
}

/// A save walked: the physics it was played with, its strokes, the chances at the start
/// (none in the point game).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Walked {
    pub spec: Spec,
    pub strokes: Vec<StrokeAt>,
    pub start: Option<WinChances>,
}

/// Plays `save` (read from the file `name`) again, checked as `carrom replay` checks it (every
/// action reaching its recorded position, the match ending as recorded), and walks it stroke
/// by stroke.
pub fn strokes_of(spec: &Spec, save: &SaveFile, name: &str) -> Result<Walked, ReviewError> {
    let checked = carrom_match::resume(spec, save, name, |_| {})?;
    let model = WinModel::shipped();
    let again = |source| ReviewError::Replay {
        file: name.to_string(),
        source,
    };
    let mut game = Match::new(&checked.game.spec, save.setup.clone()).map_err(again)?;
    let strength = strength_of(&save.setup);
    // Two sides' chances; the point game's players each play for himself.
    let two_sides = save.setup.rules.points.is_none();
    let chances = |r: &Referee| {
        two_sides.then(|| model.chances_at(&Situation::of(r).rated(strength), r.rules()))
    };
    let start = chances(&game.referee);
    let mut strokes = Vec::new();
    for (i, action) in save.actions.iter().enumerate() {
        let (layout, referee) = (game.layout.clone(), game.referee);
        let before = chances(&referee);
        let verdict = game.apply(action).map_err(again)?;
        if let (Action::Stroke { shot }, Some(v)) = (action, verdict) {
            strokes.push(StrokeAt {
                index: strokes.len() + 1,
                action: i,
                seat: shot.seat,
                player: game.player(shot.seat).name.clone(),
                layout,
                referee,
                shot: *shot,
                before,
                after: two_sides.then(|| model.after(&game.referee, &v, strength)),
                points_after: v.points,
            });
        }
    }
    Ok(Walked {
        spec: checked.game.spec,
        strokes,
        start,
    })
}

/// The chances after every stroke, and each stroke's swing in side 0's chance of the game
/// (none in the point game).
pub fn chart(walked: &Walked) -> Vec<ChartPoint> {
    walked
        .strokes
        .iter()
        .filter_map(|s| {
            let (before, after) = s.before.zip(s.after)?;
            Some(ChartPoint {
                index: s.index,
                win_chance_after: after,
                swing: after.game[0] - before.game[0],
            })
        })
        .collect()
}

/// The stroke at `at` judged: the coach's hint there (seeded `seed`), then the stroke played
/// and the hint's best each played on the hint's own noisy strokes, counted for the turn going
/// on.
pub fn judge(spec: &Spec, at: &StrokeAt, seed: u64) -> StrokeReview {
    let (layout, seat, referee) = (&at.layout, at.seat, &at.referee);
    let mut review = unjudged(at);
    // No legal place for the striker: the stroke could not be other than it was.
    let Some(hint) = coach::hint(spec, layout, seat, referee, seed) else {
        return review;
    };
    let best = &hint.best;
    let turn = Measured {
        counted: Counted::Turn,
        ..best.measured.clone()
    };
    let on = |shot: &Shot| coach::measure_on(spec, layout, seat, referee, shot, &turn);
    let best_on = if best.measured.counted == Counted::Turn {
        OnStrokes {
            chance: best.chance,
            expected_pieces: best.expected_pieces,
            samples: best.samples,
        }
    } else {
        on(&best.shot)
    };
    let played_on = if at.shot == best.shot {
        best_on
    } else {
        on(&at.shot)
    };
    let loss = (best_on.chance - played_on.chance).max(0.0);
    review.played_chance = played_on.chance;
    review.best_chance = best_on.chance;
    review.loss = loss;
    review.label = if all_alike(&hint, loss) || one_place(spec, seat, layout) {
        Label::Forced
    } else {
        Label::of_loss(loss)
    };
    review.best_shot = best.shot;
    review.best_words =
        coach::shot_words(best.kind, best.target, best.own_target, best.pocket, seat);
    review.hint_chance = best.chance;
    review.pieces =
        (!referee.break_made()).then_some([played_on.expected_pieces, best_on.expected_pieces]);
    review.samples = best_on.samples;
    review
}

/// The stroke at `at` before it is judged: forced, every chance 0.
fn unjudged(at: &StrokeAt) -> StrokeReview {
    StrokeReview {
        index: at.index,
        action: at.action,
        seat: at.seat,
        player: at.player.clone(),
        played: at.shot,
        played_chance: 0.0,
        best_chance: 0.0,
        loss: 0.0,
        label: Label::Forced,
        best_shot: at.shot,
        best_words: String::new(),
        hint_chance: 0.0,
        pieces: None,
        samples: 0,
    }
}

/// Every shot the hint shows (two or more) is within [`ALIKE_SPREAD`] of the others, and the
/// stroke played lost no more than that.
fn all_alike(hint: &coach::Hint, loss: f32) -> bool {
    let shown = std::iter::once(&hint.best).chain(&hint.alternatives);
    let (lo, hi) = shown.fold((f32::MAX, f32::MIN), |(lo, hi), a| {
        (lo.min(a.chance), hi.max(a.chance))
    });
    !hint.alternatives.is_empty() && hi - lo <= ALIKE_SPREAD && loss <= ALIKE_SPREAD
}

/// Every legal place for the striker lies within [`ONE_PLACE_SPAN`] (the base line looked
/// at every 0.005).
pub fn one_place(spec: &Spec, seat: Seat, layout: &[Piece]) -> bool {
    let legal: Vec<f32> = (0..=400)
        .map(|i| -1.0 + i as f32 * 0.005)
        .filter(|&p| legal(spec, seat, p, layout))
        .collect();
    match (legal.first(), legal.last()) {
        (Some(a), Some(b)) => b - a <= ONE_PLACE_SPAN,
        _ => true,
    }
}
