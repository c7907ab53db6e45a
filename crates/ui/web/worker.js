// The page's worker: the game's wasm module, answering the game's long computations
// (crates/web's `work`). See work.js. The page sends the module it compiled first (so it is
// neither fetched nor compiled again here); without one the worker loads its own.
import init, { work } from './carrom_web.js';

let ready = null;
self.onmessage = async (e) => {
  if ('module' in e.data) {
    ready = init(e.data.module ? { module_or_path: e.data.module } : undefined);
    return;
  }
  const { id, kind, request } = e.data;
  try {
    await (ready ??= init());
    self.postMessage({ id, reply: work(kind, request) });
  } catch (x) {
    self.postMessage({ id, error: String(x && x.message ? x.message : x) });
  }
};
