// Browsers start a page's sound only after the player's first click, touch or key. The game
// makes its audio context as it starts; this keeps every context the page makes and resumes
// them at the first gesture, so the striker and the pieces sound from then on.
(function () {
  const contexts = [];
  for (const name of ['AudioContext', 'webkitAudioContext']) {
    const Original = window[name];
    if (!Original) continue;
    window[name] = new Proxy(Original, {
      construct(target, args) {
        const context = new target(...args);
        contexts.push(context);
        return context;
      },
    });
  }
  const resume = () => {
    for (const c of contexts) if (c.state !== 'running') c.resume().catch(() => {});
  };
  for (const event of ['pointerdown', 'touchstart', 'keydown']) {
    document.addEventListener(event, resume, { capture: true, passive: true });
  }
})();
