// The page's service worker: the page plays without the network once loaded. Every file of
// the page is kept in a cache as it comes; a request goes to the network first (so a new
// build is taken as soon as it is served, the server answering 304 to what has not changed)
// and to the cache when the network fails. The server's API and its WebSocket (Play online)
// are never cached.
const CACHE = 'carrom-page';
const PAGE = ['./', './index.html', './carrom_web.js', './carrom_web_bg.wasm', './sound.js',
  './work.js', './worker.js', './manifest.webmanifest', './icon-192.png', './icon-512.png'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(PAGE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  const page = e.request.method === 'GET' && url.origin === self.location.origin
    && !url.pathname.startsWith('/api/') && url.pathname !== '/ws';
  if (!page) return;
  e.respondWith(fetch(e.request).then((answer) => {
    if (answer.ok) {
      const kept = answer.clone();
      caches.open(CACHE).then((c) => c.put(e.request, kept));
    }
    return answer;
  }).catch(() => caches.match(e.request, { ignoreSearch: true }).then((kept) => kept
    || Response.error())));
});
