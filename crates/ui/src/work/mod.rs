//! Long computations kept off the frame, so the board keeps drawing and the window (or the
//! page) keeps answering: the computers' decisions, the coach's hint and his judgement of a
//! person's stroke, practice's break map and a match's review ([`review`]: in the browser the
//! worker walks the match and judges it a stroke at a time). On the desktop they run on the async
//! compute pool's threads; in the browser, which gives a page one thread, in a Web Worker
//! running the same wasm module ([`answer`] is what it runs; `web.rs` asks it).
//!
//! A request and its answer are data (JSON): the match as its save, the computers as their
//! state, so the worker decides exactly as the page would have.

mod review;
#[cfg(target_arch = "wasm32")]
mod web;

pub use review::{NoReview, ReviewNews, ReviewWork, review};
#[cfg(target_arch = "wasm32")]
pub use web::keep_the_waker;

use bevy::tasks::Task;
use carrom_ai::breaks::BreakMap;
use carrom_ai::coach::{
    Advice, Commentary, Goal, Hint, Measured, OwnShotJudged, hint_for, judge_own_shot,
};
use carrom_ai::review::{StrokeAt, StrokeReview, Walked, strokes_of};
use carrom_ai::{Computers, ComputersState};
use carrom_match::{Action, Match, SaveFile};
use carrom_physics::{Piece, Seat, Shot, Spec};
use carrom_referee::Referee;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// Whether work off the frame wakes the window when it is done (the browser's worker does), so
/// the window need not keep drawing while it waits: in a software-rendered browser a frame can
/// take longer than the page may be held, and a page that draws nothing while the computer
/// thinks answers at once.
pub const WAKES_THE_WINDOW: bool = cfg!(target_arch = "wasm32");

/// A computer's decision: the action, and the computers that made it (their streams moved on).
pub type Decision = (Option<Action>, Option<Computers>);

/// The computers of `computers` decide the next action of `model`, off the frame.
pub fn decide(model: &Match, computers: &Computers) -> Task<Decision> {
    #[cfg(target_arch = "wasm32")]
    return web::decide(model, computers);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let (model, mut computers) = (model.clone(), computers.clone());
        bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
            let action = computers.act(&model);
            (action, Some(computers))
        })
    }
}

/// The break map of the practice rack (at the benchmark's noise), off the frame.
pub fn break_map(spec: &Spec) -> Task<BreakMap> {
    #[cfg(target_arch = "wasm32")]
    return web::break_map(spec);
    #[cfg(not(target_arch = "wasm32"))]
    {
        let spec = spec.clone();
        bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { practice_map(&spec) })
    }
}

/// The coach's hint at a position, off the frame (`None`: no legal place for the striker).
pub fn hint(question: AskCoach) -> Task<Option<Hint>> {
    #[cfg(target_arch = "wasm32")]
    return web::hint(question);
    #[cfg(not(target_arch = "wasm32"))]
    bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { question.answer() })
}

/// A person's stroke set beside the coach's, off the frame.
pub fn judge_own(question: JudgeOwn) -> Task<OwnShotJudged> {
    #[cfg(target_arch = "wasm32")]
    return web::judge_own(question);
    #[cfg(not(target_arch = "wasm32"))]
    bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { question.answer() })
}

/// A match to walk for its review (every stroke's position and the chances after it).
#[derive(Serialize, Deserialize)]
pub struct WalkMatch {
    pub spec: Spec,
    pub save: SaveFile,
    /// The match as the review's words name it (its file).
    pub name: String,
}

impl WalkMatch {
    /// The match walked, or why it cannot be (the review shows it).
    pub fn answer(&self) -> Result<Walked, NoReview> {
        Ok(strokes_of(&self.spec, &self.save, &self.name)?)
    }
}

/// A stroke of a match under review, for the coach to judge.
#[derive(Serialize, Deserialize)]
pub struct JudgeStroke {
    pub spec: Spec,
    pub at: StrokeAt,
    pub seed: u64,
}

impl JudgeStroke {
    pub fn answer(&self) -> StrokeReview {
        carrom_ai::review::judge(&self.spec, &self.at, self.seed)
    }
}

/// A position the coach is asked about, and what he looks for there.
#[derive(Clone, Serialize, Deserialize)]
pub struct AskCoach {
    pub spec: Spec,
    pub layout: Vec<Piece>,
    pub seat: Seat,
    pub referee: Referee,
    pub goal: Goal,
    pub seed: u64,
}

impl AskCoach {
    pub fn answer(&self) -> Option<Hint> {
        let AskCoach {
            spec,
            layout,
            seat,
            referee,
            goal,
            seed,
        } = self;
        hint_for(spec, layout, *seat, referee, *goal, *seed)
    }
}

/// The hint as the worker sends it: what each shot's JSON leaves out (the very strokes its
/// chance was counted on, and whether its target is the player's) goes beside it, best first.
#[derive(Serialize, Deserialize)]
pub struct HintSent {
    pub hint: Hint,
    pub measured: Vec<(Measured, bool)>,
}

impl HintSent {
    pub fn of(hint: Hint) -> HintSent {
        let measured = std::iter::once(&hint.best)
            .chain(&hint.alternatives)
            .map(|a| (a.measured.clone(), a.own_target))
            .collect();
        HintSent { hint, measured }
    }

    pub fn into_hint(self) -> Hint {
        let mut hint = self.hint;
        let shots = std::iter::once(&mut hint.best).chain(&mut hint.alternatives);
        for (a, (measured, own)) in shots.zip(self.measured) {
            a.measured = measured;
            a.own_target = own;
        }
        hint
    }
}

/// A person's stroke to set beside the coach's shot, at the position the hint was for.
#[derive(Clone, Serialize, Deserialize)]
pub struct JudgeOwn {
    pub spec: Spec,
    pub layout: Vec<Piece>,
    pub seat: Seat,
    pub referee: Referee,
    pub yours: Shot,
    pub coachs: Advice,
    /// The coach's shot's strokes (which its JSON leaves out).
    pub measured: Measured,
}

impl JudgeOwn {
    pub fn answer(&self) -> OwnShotJudged {
        let mut coachs = self.coachs.clone();
        coachs.measured = self.measured.clone();
        judge_own_shot(
            &self.spec,
            &self.layout,
            self.seat,
            &self.referee,
            &self.yours,
            &coachs,
        )
    }
}

fn practice_map(spec: &Spec) -> BreakMap {
    carrom_ai::breaks::break_map(spec, true, 1, carrom_ai::Noise::BENCHMARK)
}

/// The break map as the worker sends it: the map's JSON leaves out the best break measured
/// again (its fields are `carrom breaks`'s), so that goes beside it.
#[derive(Serialize, Deserialize)]
pub struct MapSent {
    pub map: BreakMap,
    pub confirmed: f32,
}

/// A decision asked of the worker.
#[derive(Serialize, Deserialize)]
pub struct Decide {
    pub spec: Spec,
    pub save: SaveFile,
    pub computers: ComputersState,
}

/// The worker's decision.
#[derive(Serialize, Deserialize)]
pub struct Decided {
    pub action: Option<Action>,
    pub computers: ComputersState,
    pub decision_ms: Option<f64>,
    pub commentary: Option<Commentary>,
}

impl Decide {
    pub fn of(model: &Match, computers: &Computers) -> Decide {
        Decide {
            spec: model.spec.clone(),
            save: SaveFile::of(model),
            computers: computers.state(),
        }
    }
}

impl Decided {
    /// The decision as the table takes it.
    pub fn into_decision(self) -> Decision {
        let mut computers = Computers::from_state(self.computers);
        computers.last_decision_ms = self.decision_ms;
        computers.last_commentary = self.commentary;
        (self.action, Some(computers))
    }
}

/// Why the worker could not answer.
#[derive(Debug, thiserror::Error)]
pub enum WorkError {
    #[error("no such work: {0}")]
    Unknown(String),
    #[error("the request: {0}")]
    Request(#[from] serde_json::Error),
    #[error("the match does not replay: {0}")]
    Replay(#[from] carrom_match::ReplayError),
}

thread_local! {
    /// The match the last decision was made on: the next request is usually the same match a
    /// stroke or two on, so only the new actions are played.
    static LAST: RefCell<Option<Match>> = const { RefCell::new(None) };
}

/// The match of `save`: the last one asked about played on, or replayed from the start.
fn the_match(spec: &Spec, save: &SaveFile) -> Result<Match, WorkError> {
    let cached = LAST.with(|last| last.borrow_mut().take());
    if let Some(mut game) = cached
        && game.setup == save.setup
        && game.actions.len() <= save.actions.len()
        && game.actions[..] == save.actions[..game.actions.len()]
    {
        let played = game.actions.len();
        if save.actions[played..].iter().all(|a| game.apply(a).is_ok()) {
            return Ok(game);
        }
    }
    Ok(Match::replay(spec, save, |_| {})?)
}

/// The worker's answer to a request of `kind` (`decide`, `break_map`, `hint`, `judge_own`,
/// and a review's `walk` and `judge_stroke`), both JSON.
pub fn answer(kind: &str, request: &str) -> Result<String, WorkError> {
    match kind {
        "decide" => {
            let ask: Decide = serde_json::from_str(request)?;
            let game = the_match(&ask.spec, &ask.save)?;
            let mut computers = Computers::from_state(ask.computers);
            let action = computers.act(&game);
            let decided = Decided {
                action,
                computers: computers.state(),
                decision_ms: computers.last_decision_ms,
                commentary: computers.last_commentary.take(),
            };
            LAST.with(|last| *last.borrow_mut() = Some(game));
            Ok(serde_json::to_string(&decided)?)
        }
        "break_map" => {
            let spec: Spec = serde_json::from_str(request)?;
            let map = practice_map(&spec);
            let confirmed = map.best.confirmed;
            Ok(serde_json::to_string(&MapSent { map, confirmed })?)
        }
        "hint" => {
            let question: AskCoach = serde_json::from_str(request)?;
            Ok(serde_json::to_string(&question.answer().map(HintSent::of))?)
        }
        "judge_own" => {
            let question: JudgeOwn = serde_json::from_str(request)?;
            Ok(serde_json::to_string(&question.answer())?)
        }
        "walk" => {
            let ask: WalkMatch = serde_json::from_str(request)?;
            Ok(serde_json::to_string(&ask.answer())?)
        }
        "judge_stroke" => {
            let ask: JudgeStroke = serde_json::from_str(request)?;
            Ok(serde_json::to_string(&ask.answer())?)
        }
        other => Err(WorkError::Unknown(other.into())),
    }
}

#[cfg(test)]
mod tests;
