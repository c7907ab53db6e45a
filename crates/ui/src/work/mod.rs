//! Long computations kept off the frame, so the board keeps drawing and the window (or the
//! page) keeps answering: the computers' decisions, practice's break map and a match's review
//! ([`review`]; in the browser it runs on the page, which holds still while it does). On the desktop they run on the async
//! compute pool's threads; in the browser, which gives a page one thread, in a Web Worker
//! running the same wasm module ([`answer`] is what it runs; `web.rs` asks it).
//!
//! A request and its answer are data (JSON): the match as its save, the computers as their
//! state, so the worker decides exactly as the page would have.

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::keep_the_waker;

use bevy::tasks::Task;
use carrom_ai::breaks::BreakMap;
use carrom_ai::coach::Commentary;
use carrom_ai::review::{Review, ReviewOptions, StrokeReview, Watch, stored};
use carrom_ai::{Computers, ComputersState};
use carrom_match::{Action, Match, SaveFile};
use carrom_physics::Spec;
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

/// What a review under way sends the window, as it goes.
pub enum ReviewNews {
    /// The match played again: every stroke's position and the chances after it.
    Walked(Box<carrom_ai::review::Walked>),
    /// A stroke judged: `done` of `total`.
    Judged {
        stroke: Box<StrokeReview>,
        done: usize,
        total: usize,
    },
    /// The review, or why there is none.
    Done(Result<Review, String>),
}

/// A review off the frame: its news on `news` as it works (it stops when this goes).
pub struct ReviewWork {
    pub news: std::sync::Mutex<std::sync::mpsc::Receiver<ReviewNews>>,
    /// In the browser, the task on the page that runs it.
    _task: Option<Task<()>>,
}

/// Reviews `save` off the frame: the match walked, then each stroke judged by the coach as
/// `carrom review` judges it. A review kept beside the save at `path` is read instead (the
/// walk still gives the positions); one made is kept there.
///
/// On the desktop it runs on a thread of its own, not on the async compute pool: a review
/// takes a minute or more, and that pool also compiles the renderer's pipelines (on two cores
/// it has one thread), so the review's page would not be drawn until the review was done. In
/// the browser it runs on the page (the worker does not take it yet), which holds still while
/// it does.
pub fn review(spec: &Spec, save: SaveFile, path: Option<std::path::PathBuf>) -> ReviewWork {
    let (send, news) = std::sync::mpsc::channel();
    let spec = spec.clone();
    let run = move || {
        let done = review_telling(&spec, &save, path.as_deref(), &send);
        let _ = send.send(ReviewNews::Done(done));
    };
    #[cfg(target_arch = "wasm32")]
    let task = Some(bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { run() }));
    #[cfg(not(target_arch = "wasm32"))]
    let task = {
        if let Err(e) = std::thread::Builder::new()
            .name("carrom review".into())
            .spawn(run)
        {
            bevy::log::error!("The review cannot start: {e}");
        }
        None
    };
    ReviewWork {
        news: std::sync::Mutex::new(news),
        _task: task,
    }
}

/// The review of `save`, each step told on `send`.
fn review_telling(
    spec: &Spec,
    save: &SaveFile,
    path: Option<&std::path::Path>,
    send: &std::sync::mpsc::Sender<ReviewNews>,
) -> Result<Review, String> {
    let name = path.map_or("the match".to_string(), |p| p.display().to_string());
    let options = ReviewOptions::default();
    if let Some(kept) = path.and_then(|p| stored::load(p, spec, save, &options)) {
        let walked = carrom_ai::review::strokes_of(spec, save, &name).map_err(|e| e.to_string())?;
        let _ = send.send(ReviewNews::Walked(Box::new(walked)));
        return Ok(kept);
    }
    // The window gone (the review left), the coach stops.
    let tell = |watch: Watch<'_>| {
        send.send(match watch {
            Watch::Walked(w) => ReviewNews::Walked(Box::new(w.clone())),
            Watch::Judged {
                stroke,
                done,
                total,
            } => ReviewNews::Judged {
                stroke: Box::new(stroke.clone()),
                done,
                total,
            },
        })
        .is_ok()
    };
    let review = carrom_ai::review::review_watched(spec, save, &name, &options, &tell)
        .map_err(|e| e.to_string())?;
    if let Some(p) = path
        && let Err(e) = stored::store(p, spec, save, &review)
    {
        bevy::log::warn!("The review is not kept beside {}: {e}", p.display());
    }
    Ok(review)
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

/// The worker's answer to a request of `kind` (`decide`, `break_map`), both JSON.
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
        other => Err(WorkError::Unknown(other.into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_ai::{Level, computers_match};
    use carrom_referee::{Preset, Seats};

    /// What the worker answers, asked about the match stroke after stroke (played on from the
    /// last, and once from the start), is what the computers decide here.
    #[test]
    fn the_workers_decisions_are_the_tables() {
        let spec = Spec::default();
        let setup = computers_match(
            Seats::Singles,
            Preset::Icf.rules(),
            "icf",
            [Level::Easy; 2],
            4,
        );
        let mut game = Match::new(&spec, setup.clone()).unwrap();
        let mut here = Computers::for_setup(&setup);
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
}
