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

pub use review::{ReviewNews, ReviewWork, review};
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
    /// The match walked, or why it cannot be (in words: the review shows them).
    pub fn answer(&self) -> Result<Walked, String> {
        strokes_of(&self.spec, &self.save, &self.name).map_err(|e| e.to_string())
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
mod tests {
    use super::*;
    use carrom_ai::{Level, computers_match};
    use carrom_referee::{Preset, Seats};

    /// A singles match of easy computers seeded `seed`, at its start, and its computers.
    fn easy_singles(seed: u64) -> (Spec, Match, Computers) {
        let spec = Spec::default();
        let setup = computers_match(
            Seats::Singles,
            Preset::Icf.rules(),
            "icf",
            [Level::Easy; 2],
            seed,
        );
        let game = Match::new(&spec, setup.clone()).unwrap();
        (spec, game, Computers::for_setup(&setup))
    }

    /// What the worker answers, asked about the match stroke after stroke (played on from the
    /// last, and once from the start), is what the computers decide here.
    #[test]
    fn the_workers_decisions_are_the_tables() {
        let (_, mut game, mut here) = easy_singles(4);
        let mut there = here.clone();
        for k in 0..5 {
            if k == 3 {
                LAST.with(|last| *last.borrow_mut() = None);
            }
            let request = serde_json::to_string(&Decide::of(&game, &there)).unwrap();
            let reply: Decided =
                serde_json::from_str(&answer("decide", &request).unwrap()).unwrap();
            let (action, computers) = reply.into_decision();
            there = computers.unwrap();
            assert_eq!(action, here.act(&game));
            assert_eq!(there.state(), here.state());
            let Some(action) = action else { break };
            game.apply(&action).unwrap();
        }
        assert!(matches!(answer("chess", "{}"), Err(WorkError::Unknown(_))));
        assert!(matches!(answer("decide", "{"), Err(WorkError::Request(_))));
    }

    /// A review put together from the worker's walk and its judgements, a stroke at a time, is
    /// the review made here; a save that does not replay is refused in words.
    #[test]
    fn a_review_made_in_the_worker_a_stroke_at_a_time_is_the_review_made_here() {
        let (spec, mut game, mut computers) = easy_singles(6);
        while game.actions.len() < 3
            && let Some(action) = computers.act(&game)
        {
            game.apply(&action).unwrap();
        }
        let save = SaveFile::of(&game);
        let options = carrom_ai::review::ReviewOptions::default();
        let here = carrom_ai::review::review(&spec, &save, "m", &options, &|_, _| {}).unwrap();
        let walk = WalkMatch {
            spec: spec.clone(),
            save: save.clone(),
            name: "m".into(),
        };
        let reply = answer("walk", &serde_json::to_string(&walk).unwrap()).unwrap();
        let walked: Result<Walked, String> = serde_json::from_str(&reply).unwrap();
        let walked = walked.unwrap();
        let mut strokes = Vec::new();
        for at in carrom_ai::review::to_judge(&walked, None, &options) {
            let one = JudgeStroke {
                spec: walked.spec.clone(),
                at: at.clone(),
                seed: options.seed,
            };
            let reply = answer("judge_stroke", &serde_json::to_string(&one).unwrap()).unwrap();
            strokes.push(serde_json::from_str::<StrokeReview>(&reply).unwrap());
        }
        let there = carrom_ai::review::assemble(&save, &walked, strokes, &options, None);
        assert_eq!(there, here);
        let mut tampered = save.clone();
        tampered.score = [7, 0];
        let walk = WalkMatch {
            save: tampered,
            ..walk
        };
        let reply = answer("walk", &serde_json::to_string(&walk).unwrap()).unwrap();
        let refused: Result<Walked, String> = serde_json::from_str(&reply).unwrap();
        assert!(
            refused.unwrap_err().starts_with("m"),
            "named after its file"
        );
    }

    /// The worker's hint is the coach's here, down to the strokes its chances were counted on,
    /// and its judgement of a person's stroke against it is the same as here.
    #[test]
    fn the_workers_hint_and_judgement_are_the_coachs() {
        let (spec, mut game, mut computers) = easy_singles(6);
        for _ in 0..2 {
            let action = computers.act(&game).unwrap();
            game.apply(&action).unwrap();
        }
        let seat = game.referee.turn().unwrap();
        let question = AskCoach {
            spec: spec.clone(),
            layout: game.layout.clone(),
            seat,
            referee: game.referee,
            goal: Goal::BestMove,
            seed: 3,
        };
        let here = question.answer().expect("a legal place");
        let request = serde_json::to_string(&question).unwrap();
        let sent: Option<HintSent> =
            serde_json::from_str(&answer("hint", &request).unwrap()).unwrap();
        let there = sent.expect("the worker's hint").into_hint();
        // The same but for the time each took to think.
        assert_eq!(
            Hint {
                decision_ms: here.decision_ms,
                ..there
            },
            here
        );
        let mut yours = here.best.shot;
        yours.power *= 0.8;
        let judge = JudgeOwn {
            spec,
            layout: game.layout.clone(),
            seat,
            referee: game.referee,
            yours,
            coachs: here.best.clone(),
            measured: here.best.measured.clone(),
        };
        let request = serde_json::to_string(&judge).unwrap();
        let judged: OwnShotJudged =
            serde_json::from_str(&answer("judge_own", &request).unwrap()).unwrap();
        assert_eq!(judged, judge.answer());
        assert!(judged.samples > 0);
    }
}
