//! The browser's side: a request goes to the page's worker (`window.carromWork`, in
//! `work.js`), and the frame goes on while it answers. Should the worker fail, the decision is
//! made here, and the page holds still while it is.

use super::{AskCoach, Decide, Decided, Decision, HintSent, JudgeOwn, MapSent};
use bevy::log::warn;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use carrom_ai::Computers;
use carrom_ai::breaks::BreakMap;
use carrom_ai::coach::{Hint, OwnShotJudged};
use carrom_match::Match;
use carrom_physics::Spec;
use std::cell::RefCell;
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
fn wake() {
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

/// The worker's answer to `request` of `kind`, read as a `T`; the window is woken for it
/// (or for the reason there is none).
async fn ask<T: serde::de::DeserializeOwned>(
    kind: &str,
    request: serde_json::Result<String>,
) -> Result<T, String> {
    let answer = async {
        let promise =
            carrom_work(kind, request.map_err(|e| e.to_string())?).map_err(|e| format!("{e:?}"))?;
        let reply = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map_err(|e| format!("{e:?}"))?;
        let text = reply.as_string().ok_or("an answer that is not text")?;
        serde_json::from_str(&text).map_err(|e| e.to_string())
    }
    .await;
    wake();
    answer
}

pub fn break_map(spec: &Spec) -> Task<BreakMap> {
    let request = serde_json::to_string(spec);
    let spec = spec.clone();
    AsyncComputeTaskPool::get().spawn(async move {
        match ask::<MapSent>("break_map", request).await {
            Ok(sent) => {
                let mut map = sent.map;
                map.best.confirmed = sent.confirmed;
                map
            }
            Err(why) => {
                warn!("The worker did not answer ({why}): the break map is made on the page.");
                super::practice_map(&spec)
            }
        }
    })
}

pub fn decide(model: &Match, computers: &Computers) -> Task<Decision> {
    let request = serde_json::to_string(&Decide::of(model, computers));
    let (model, mut computers) = (model.clone(), computers.clone());
    AsyncComputeTaskPool::get().spawn(async move {
        match ask::<Decided>("decide", request).await {
            Ok(decided) => decided.into_decision(),
            Err(why) => {
                warn!("The computers' worker did not answer ({why}): deciding on the page.");
                let action = computers.act(&model);
                (action, Some(computers))
            }
        }
    })
}

pub fn hint(question: AskCoach) -> Task<Option<Hint>> {
    let request = serde_json::to_string(&question);
    AsyncComputeTaskPool::get().spawn(async move {
        match ask::<Option<HintSent>>("hint", request).await {
            Ok(sent) => sent.map(HintSent::into_hint),
            Err(why) => {
                warn!(
                    "The coach's worker did not answer ({why}): the hint is worked out on the page."
                );
                question.answer()
            }
        }
    })
}

pub fn judge_own(question: JudgeOwn) -> Task<OwnShotJudged> {
    let request = serde_json::to_string(&question);
    AsyncComputeTaskPool::get().spawn(async move {
        match ask::<OwnShotJudged>("judge_own", request).await {
            Ok(judged) => judged,
            Err(why) => {
                warn!(
                    "The coach's worker did not answer ({why}): the stroke is judged on the page."
                );
                question.answer()
            }
        }
    })
}
