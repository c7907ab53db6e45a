//! A match reviewed by the coach ([`carrom_ai::review`]): opened from the match summary, a
//! board's result or the saved matches page, it works off the frame ([`crate::work::review`])
//! and is shown as it works: the chart of each side's chance to win the board, every stroke
//! with its label as it is judged, each player's accuracy and worst strokes. A stroke chosen
//! (a click, or the arrow keys) puts its position on the board with the stroke played and the
//! coach's best drawn (by the coach, [`crate::coach`]); Try it opens that position in
//! training, and Esc there comes back to the review. Back (Esc) returns where the review was opened from: the match at the table as it
//! was left, or the saved matches page.
//!
//! The page is drawn by [`crate::screens::review`]; this mode keeps the review, shows the
//! chosen stroke's position on the board and answers the keys.

mod setup;
mod tried;

use crate::launch::{Launch, Start};
use crate::modes::{Begin, OnBoard};
use crate::sim::Equipment;
use crate::states::{Mode, Playing};
use crate::work::{ReviewNews, ReviewWork};
use bevy::prelude::*;
use carrom_ai::review::{Review, StrokeAt, StrokeReview, Walked};
use carrom_match::SaveFile;
use carrom_physics::Piece;
use carrom_trainer::{Drill, DrillKind, Position, QueenAt, Stage};
use std::path::PathBuf;

pub use crate::launch::{OpenedFrom, ReviewStart};
pub use setup::ReturnToLibrary;
pub use tried::TriedFromReview;

/// The review on the page: the match walked (every stroke's position), the strokes judged so
/// far, the review once done, and the stroke chosen.
#[derive(Resource)]
pub struct Reviewing {
    pub save: SaveFile,
    pub from: OpenedFrom,
    /// The file the match was read from, when there is one.
    pub path: Option<PathBuf>,
    pub walked: Option<Walked>,
    /// Each stroke's judgement, by its number less one, as they come.
    pub judged: Vec<Option<StrokeReview>>,
    /// Strokes judged, of those to judge.
    pub done: usize,
    pub total: usize,
    pub review: Option<Review>,
    /// Why there is no review (a save that does not replay).
    pub error: Option<String>,
    /// The stroke chosen, by its number less one.
    pub chosen: usize,
    /// The stroke whose position is on the board.
    shown: Option<usize>,
    /// The mode of the match at the table the review was opened from, to go back to.
    pub back_to: Option<Mode>,
    work: Option<ReviewWork>,
}

impl Reviewing {
    pub fn new(start: &ReviewStart, work: Option<ReviewWork>) -> Reviewing {
        Reviewing {
            save: start.save.clone(),
            from: start.from,
            path: start.path.clone(),
            walked: None,
            judged: Vec::new(),
            done: 0,
            total: 0,
            review: None,
            error: None,
            chosen: 0,
            shown: None,
            back_to: None,
            work,
        }
    }

    /// The coach is still at work.
    pub fn busy(&self) -> bool {
        self.work.is_some()
    }

    /// The strokes of the match (none until it is walked).
    pub fn strokes(&self) -> &[StrokeAt] {
        self.walked.as_ref().map_or(&[], |w| w.strokes.as_slice())
    }

    /// The chosen stroke's position is on the board.
    pub fn on_board(&self) -> bool {
        self.shown == Some(self.chosen)
    }

    /// The stroke chosen and its judgement, when there is one.
    pub fn chosen(&self) -> Option<(&StrokeAt, Option<&StrokeReview>)> {
        let at = self.strokes().get(self.chosen)?;
        Some((at, self.judged.get(self.chosen).and_then(Option::as_ref)))
    }

    /// Takes what the coach has sent since the last look; whether anything came.
    fn take_news(&mut self) -> bool {
        let Some(work) = &self.work else { return false };
        let mut news = Vec::new();
        let mut gone = false;
        if let Ok(rx) = work.news.lock() {
            loop {
                match rx.try_recv() {
                    Ok(n) => news.push(n),
                    Err(std::sync::mpsc::TryRecvError::Empty) => break,
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                        gone = true;
                        break;
                    }
                }
            }
        }
        let came = !news.is_empty();
        for n in news {
            self.take(n);
        }
        // The coach gone without a word (it could not start): the page says so.
        if gone && self.work.is_some() {
            self.work = None;
            self.error = Some("the coach stopped before the review was done".into());
            return true;
        }
        came
    }

    fn take(&mut self, news: ReviewNews) {
        match news {
            ReviewNews::Walked(walked) => {
                self.judged = vec![None; walked.strokes.len()];
                self.total = walked.strokes.len();
                self.walked = Some(*walked);
            }
            ReviewNews::Judged {
                stroke,
                done,
                total,
            } => {
                (self.done, self.total) = (self.done.max(done), total);
                let i = stroke.index - 1;
                if let Some(slot) = self.judged.get_mut(i) {
                    *slot = Some(*stroke);
                }
            }
            ReviewNews::Done(done) => {
                self.work = None;
                match done {
                    Ok(review) => self.finish(review),
                    Err(e) => self.error = Some(e.to_string()),
                }
            }
        }
    }

    /// The review done (or read where it was kept): every stroke's judgement from it.
    pub fn finish(&mut self, review: Review) {
        for s in &review.strokes {
            if let Some(slot) = self.judged.get_mut(s.index - 1) {
                *slot = Some(s.clone());
            }
        }
        self.total = review.strokes.len();
        self.done = self.total;
        self.review = Some(review);
        self.work = None;
    }

    /// Each player's accuracy and worst strokes, from the strokes judged so far.
    pub fn players(&self) -> Vec<carrom_ai::review::PlayerReview> {
        let judged: Vec<StrokeReview> = self.judged.iter().flatten().cloned().collect();
        carrom_ai::review::players(&self.save, &judged, None)
    }

    /// Chooses stroke `i` (its number less one), kept within the match.
    pub fn choose(&mut self, i: usize) {
        let last = self.strokes().len().saturating_sub(1);
        self.chosen = i.min(last);
    }
}

/// A stroke chosen on the page (a click on its line, its bar on the chart or a worst stroke).
#[derive(Event, Debug, Clone, Copy)]
pub struct ChooseStroke(pub usize);

/// Try it: the chosen stroke's position opened in training.
#[derive(Event, Debug, Clone, Copy)]
pub struct TryIt;

/// Back where the review was opened from.
#[derive(Event, Debug, Clone, Copy)]
pub struct BackFromReview;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((setup::plugin, tried::plugin))
        .add_observer(choose_stroke)
        .add_observer(try_it)
        .add_systems(
            PostUpdate,
            crate::pace::while_working(Reviewing::busy, "the coach reviewing a match")
                .run_if(resource_exists::<Reviewing>),
        )
        .add_systems(
            Update,
            (take_news, keys, show_the_stroke)
                .chain()
                .after(crate::sim::SimSet)
                .run_if(in_state(Playing::Review)),
        );
}

fn take_news(mut reviewing: ResMut<Reviewing>) {
    // Only what came marks the review changed (the page is drawn again for it).
    if reviewing.work.is_some() && reviewing.bypass_change_detection().take_news() {
        reviewing.set_changed();
    }
}

/// Up and Left: the stroke before; Down and Right: the one after; Home and End: the first and
/// the last; T: Try it; Esc: Back.
fn keys(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut reviewing: ResMut<Reviewing>,
) {
    let Some(keys) = keys else { return };
    let now = reviewing.chosen;
    let last = reviewing.strokes().len().saturating_sub(1);
    let to = if keys.any_just_pressed([KeyCode::ArrowUp, KeyCode::ArrowLeft]) {
        Some(now.saturating_sub(1))
    } else if keys.any_just_pressed([KeyCode::ArrowDown, KeyCode::ArrowRight]) {
        Some((now + 1).min(last))
    } else if keys.just_pressed(KeyCode::Home) {
        Some(0)
    } else if keys.just_pressed(KeyCode::End) {
        Some(last)
    } else {
        None
    };
    if let Some(to) = to
        && to != now
    {
        reviewing.choose(to);
    }
    if keys.just_pressed(KeyCode::KeyT) {
        commands.trigger(TryIt);
    }
    if keys.just_pressed(KeyCode::Escape) {
        commands.trigger(BackFromReview);
    }
}

fn choose_stroke(choose: On<ChooseStroke>, reviewing: Option<ResMut<Reviewing>>) {
    if let Some(mut r) = reviewing {
        r.choose(choose.0);
    }
}

/// The chosen stroke's position on the board (once the match is walked).
fn show_the_stroke(
    mut reviewing: ResMut<Reviewing>,
    mut board: ResMut<OnBoard>,
    mut fire: crate::modes::turn::FireParams,
) {
    let Some((at, _)) = reviewing.chosen() else {
        return;
    };
    if reviewing.shown == Some(reviewing.chosen) {
        return;
    }
    let layout = at.layout.clone();
    board.pieces = layout.clone();
    fire.show_table(&layout);
    let chosen = reviewing.chosen;
    reviewing.bypass_change_detection().shown = Some(chosen);
}

/// The position stroke `at` was played from, as a drill the trainer scores: the player's own
/// piece pocketed with the turn going on (what the review's chances count), the coach's best
/// shot (`best`) its demonstration.
pub fn drill_at(at: &StrokeAt, rules: &str, best: Option<&StrokeReview>) -> Drill {
    let referee = &at.referee;
    let colour = referee.colour_of_side(referee.side_of(at.seat));
    let queen = match referee.queen() {
        carrom_referee::QueenState::AwaitingCover { .. } => QueenAt::AwaitingCover,
        carrom_referee::QueenState::Covered(carrom_physics::PieceColour::White) => {
            QueenAt::CoveredByWhite
        }
        carrom_referee::QueenState::Covered(_) => QueenAt::CoveredByBlack,
        _ => QueenAt::OnBoard,
    };
    let mut position = Position {
        rules: rules.to_string(),
        seat: at.seat,
        colour,
        queen,
        pieces: at.layout.clone(),
    };
    // Rules of the match's own making are not presets: the drill is judged by the ICF Laws.
    if position.referee().is_none() {
        position.rules = "icf".into();
    }
    let words = best.map(|b| b.best_words.clone()).unwrap_or_default();
    let task = if words.is_empty() {
        format!(
            "Stroke {}: pocket a piece of yours and keep the turn",
            at.index
        )
    } else {
        format!(
            "Stroke {}: pocket a piece of yours and keep the turn (the coach: {words})",
            at.index
        )
    };
    Drill {
        kind: if referee.break_made() {
            DrillKind::StraightCut
        } else {
            DrillKind::Break
        },
        level: 2,
        seed: at.index as u64,
        stage: Stage::First,
        position,
        target: None,
        pieces_needed: 1,
        task,
        demonstration: best.map_or(at.shot, |b| b.best_shot),
        window_deg: 0.0,
        aim: None,
        object: None,
    }
}

/// Try it: the chosen stroke's position in training, to strike again and again.
fn try_it(
    _: On<TryIt>,
    mut commands: Commands,
    reviewing: Option<Res<Reviewing>>,
    launch: Option<Res<Launch>>,
) {
    let Some(r) = reviewing else { return };
    let Some((at, judged)) = r.chosen() else {
        return;
    };
    let drill = drill_at(at, &r.save.setup.rules_name, judged);
    if drill.position.referee().is_none() {
        warn!(
            "Try it: stroke {} is not a position training can set",
            at.index
        );
        return;
    }
    let mut launch = launch.as_deref().cloned().unwrap_or_else(Launch::menu);
    launch.start = Start::Drill(Box::new(drill));
    // The review is kept aside to come back to (Esc in training).
    commands.insert_resource(TriedFromReview);
    commands.trigger(Begin(launch));
}

/// The pieces of the position the review shows before the match is walked: the opening rack.
pub(crate) fn first_layout(spec: &Equipment, save: &SaveFile) -> Vec<Piece> {
    carrom_match::Match::new(&spec.0, save.setup.clone())
        .map(|m| m.layout)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stroke's position as a drill: the player's seat and colour, the pieces as they were,
    /// scored on his own piece going in with the turn going on; its demonstration is the
    /// coach's best.
    #[test]
    fn a_strokes_position_is_a_drill_of_keeping_the_turn() {
        let spec = carrom_physics::Spec::default();
        let setup = carrom_ai::easy_singles(4);
        let mut game = carrom_match::Match::new(&spec, setup.clone()).unwrap();
        let mut computers = carrom_ai::Computers::for_setup(&setup);
        while game.actions.len() < 4
            && let Some(a) = computers.act(&game)
        {
            game.apply(&a).unwrap();
        }
        let save = SaveFile::of(&game);
        let walked = carrom_ai::review::strokes_of(&spec, &save, "t").unwrap();
        let at = walked.strokes.last().unwrap();
        let drill = drill_at(at, "icf", None);
        assert_eq!(drill.position.seat, at.seat);
        assert_eq!(drill.position.pieces, at.layout);
        assert_eq!(drill.demonstration, at.shot);
        assert!(drill.target.is_none() && drill.level == 2 && drill.pieces_needed == 1);
        drill.referee();
        let first = drill_at(&walked.strokes[0], "house", None);
        assert_eq!(
            first.kind,
            DrillKind::Break,
            "the first stroke is the break"
        );
        assert_eq!(first.position.rules, "icf");
    }
}
