// The game's long computations (the computers' decisions) run in a worker with the same
// wasm module (the page's compiled module, window.carromModule, handed to it: not fetched
// again), so the page keeps drawing and answering while they think. The game calls
// window.carromWork(kind, request) and awaits the answer (JSON text). A worker that fails is
// stopped and a new one started for the next request (the game decides on the page
// meanwhile).
(function () {
  let worker = null;
  let next = 1;
  const waiting = new Map();
  const stop = (why) => {
    for (const w of waiting.values()) w.reject(new Error(why));
    waiting.clear();
    if (worker) worker.terminate();
    worker = null;
  };
  const start = () => {
    worker = new Worker('worker.js', { type: 'module' });
    worker.onmessage = (e) => {
      const { id, reply, error } = e.data;
      const w = waiting.get(id);
      waiting.delete(id);
      if (!w) return;
      if (error === undefined) w.resolve(reply);
      else {
        w.reject(new Error(error));
        stop('the worker failed: ' + error);
      }
    };
    worker.onerror = (e) => stop('the worker stopped: ' + (e.message || 'no reason given'));
    worker.postMessage({ module: window.carromModule || null });
  };
  window.carromWork = (kind, request) => new Promise((resolve, reject) => {
    if (!worker) start();
    const id = next++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, kind, request });
  });
})();
