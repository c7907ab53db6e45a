// The page's worker: the game's wasm module, answering the game's long computations
// (crates/web's `work`). See work.js.
import init, { work } from './carrom_web.js';

const ready = init();
self.onmessage = async (e) => {
  const { id, kind, request } = e.data;
  try {
    await ready;
    self.postMessage({ id, reply: work(kind, request) });
  } catch (x) {
    self.postMessage({ id, error: String(x && x.message ? x.message : x) });
  }
};
