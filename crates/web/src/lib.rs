//! The game as a web page (`scripts/web.sh` builds it into `target/web/`). The same module
//! runs twice: on the page, where `index.html` calls [`start`] and the game takes the canvas,
//! and in the page's worker (`worker.js`), where [`work`] answers the game's long
//! computations (the computers' decisions) so the page never waits on them.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Starts the game on the page.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn start() {
    carrom_ui::web::run();
}

/// The worker's answer to a request of `kind` (JSON in, JSON out); the error says why not.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn work(kind: &str, request: &str) -> Result<String, JsValue> {
    carrom_ui::web::panics_to_console();
    carrom_ui::work::answer(kind, request).map_err(|e| JsValue::from_str(&e.to_string()))
}
