//! The browser's side: a request goes to the page's worker (`window.carromWork`, in
//! `work.js`), and the frame goes on while it answers (a review is asked a stroke at a time). Should the worker fail, the decision is
//! made here, and the page holds still while it is.

use super::{
    AskCoach, Decide, Decided, Decision, HintSent, JudgeOwn, JudgeStroke, MapSent, NoReview,
    ReviewNews, WalkMatch,
};
use bevy::log::warn;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use carrom_ai::Computers;
use carrom_ai::breaks::BreakMap;
use carrom_ai::coach::{Hint, OwnShotJudged};
use carrom_ai::review::{
    Review, ReviewOptions, StrokeReview, Walked, assemble, reviewed_player, to_judge,
};
use carrom_match::{Match, SaveFile};
use carrom_physics::Spec;
use std::cell::RefCell;
use std::sync::mpsc::Sender;
use wasm_bindgen::prelude::*;

thread_local! {
    /// Wakes the window's event loop (set as the game starts, [`keep_the_waker`]).
    static WAKE: RefCell<Option<Box<dyn Fn()>>> = const { RefCell::new(None) };
}

/// Keeps what wakes the window, for the worker's answers.
pub fn keep_the_waker(proxy: bevy::prelude::Res<bevy::winit::EventLoopProxyWrapper>) {
    let proxy = (**proxy).clone();
    WAKE.with(|w| {
        *w.borrow_mut() = Some(Box::new(move || {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }))
    });
}

/// The window draws the answer that came.
pub(super) fn wake() {
    WAKE.with(|w| {
        if let Some(wake) = w.borrow().as_ref() {
            wake();
        }
    });
}

#[wasm_bindgen]
extern "C" {
    /// Posts `request` of `kind` to the worker; the promise is its answer (JSON).
    #[wasm_bindgen(js_namespace = window, js_name = carromWork, catch)]
    fn carrom_work(kind: &str, request: String) -> Result<js_sys::Promise, JsValue>;
}

/// Why the worker gave no answer (said in the warning; the work is then done on the page).
#[derive(Debug, thiserror::Error)]
enum Unanswered {
    #[error("{0}")]
    Request(serde_json::Error),
    #[error("{0:?}")]
    NotPosted(JsValue),
    #[error("{0:?}")]
    Failed(JsValue),
    #[error("an answer that is not text")]
    NotText,
    #[error("{0}")]
    Reply(serde_json::Error),
}

/// The worker's answer to `request` of `kind`, read as a `T`; the window is woken for it
/// (or for the reason there is none).
async fn ask<T: serde::de::DeserializeOwned>(
    kind: &str,
    request: serde_json::Result<String>,
) -> Result<T, Unanswered> {
    let answer = async {
        let promise = carrom_work(kind, request.map_err(Unanswered::Request)?)
            .map_err(Unanswered::NotPosted)?;
        let reply = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map_err(Unanswered::Failed)?;
        let text = reply.as_string().ok_or(Unanswered::NotText)?;
        serde_json::from_str(&text).map_err(Unanswered::Reply)
    }
    .await;
    wake();
    answer
}

/// Asks the worker for `kind`, its answer read as an `S` and taken as a `T`; should the worker
/// not answer, `here` works it out on the page (which holds still while it does), `what` said
/// in the warning.
fn ask_or_here<S, T>(
    kind: &'static str,
    request: serde_json::Result<String>,
    what: &'static str,
    taken: impl FnOnce(S) -> T + 'static,
    here: impl FnOnce() -> T + 'static,
) -> Task<T>
where
    S: serde::de::DeserializeOwned + 'static,
    T: 'static,
{
    AsyncComputeTaskPool::get().spawn(async move {
        match ask::<S>(kind, request).await {
            Ok(sent) => taken(sent),
            Err(why) => {
                warn!("The worker did not answer ({why}): {what} on the page.");
                here()
            }
        }
    })
}

pub fn break_map(spec: &Spec) -> Task<BreakMap> {
    let request = serde_json::to_string(spec);
    let spec = spec.clone();
    let taken = |sent: MapSent| {
        let mut map = sent.map;
        map.best.confirmed = sent.confirmed;
        map
    };
    let here = move || super::practice_map(&spec);
    ask_or_here("break_map", request, "the break map is made", taken, here)
}

pub fn decide(model: &Match, computers: &Computers) -> Task<Decision> {
    let request = serde_json::to_string(&Decide::of(model, computers));
    let (model, mut computers) = (model.clone(), computers.clone());
    let here = move || (computers.act(&model), Some(computers));
    ask_or_here("decide", request, "deciding", Decided::into_decision, here)
}

pub fn hint(question: AskCoach) -> Task<Option<Hint>> {
    let request = serde_json::to_string(&question);
    let taken = |sent: Option<HintSent>| sent.map(HintSent::into_hint);
    let here = move || question.answer();
    ask_or_here("hint", request, "the hint is worked out", taken, here)
}

pub fn judge_own(question: JudgeOwn) -> Task<OwnShotJudged> {
    let request = serde_json::to_string(&question);
    let here = move || question.answer();
    ask_or_here("judge_own", request, "the stroke is judged", |j| j, here)
}

/// A match's review in the worker: the match walked there, then each stroke judged there in
/// turn, each judgement told on `send` as it comes (the page draws between); the review put
/// together here (or the one `kept` beside the save taken, once the match is walked). Should
/// the worker not answer, that step is worked out on the page.
pub async fn review(
    spec: &Spec,
    save: &SaveFile,
    name: &str,
    send: &Sender<ReviewNews>,
    kept: Option<Review>,
) -> Result<Review, NoReview> {
    let options = ReviewOptions::default();
    let walk = WalkMatch {
        spec: spec.clone(),
        save: save.clone(),
        name: name.into(),
    };
    let walked = match ask::<Result<Walked, NoReview>>("walk", serde_json::to_string(&walk)).await {
        Ok(walked) => walked?,
        Err(why) => {
            warn!("The worker did not answer ({why}): the match is walked on the page.");
            walk.answer()?
        }
    };
    send.send(ReviewNews::Walked(Box::new(walked.clone())))
        .map_err(|_| NoReview::Left)?;
    if let Some(kept) = kept {
        return Ok(kept);
    }
    let player = reviewed_player(save, name, &options)?;
    let chosen = to_judge(&walked, player.as_deref(), &options);
    let total = chosen.len();
    let mut strokes = Vec::with_capacity(total);
    for (done, at) in chosen.into_iter().enumerate() {
        let one = JudgeStroke {
            spec: walked.spec.clone(),
            at: at.clone(),
            seed: options.seed,
        };
        let judged = match ask::<StrokeReview>("judge_stroke", serde_json::to_string(&one)).await {
            Ok(judged) => judged,
            Err(why) => {
                warn!("The worker did not answer ({why}): the stroke is judged on the page.");
                one.answer()
            }
        };
        let stroke = Box::new(judged.clone());
        let news = ReviewNews::Judged {
            stroke,
            done: done + 1,
            total,
        };
        send.send(news).map_err(|_| NoReview::Left)?;
        strokes.push(judged);
    }
    Ok(assemble(save, &walked, strokes, &options, player))
}
