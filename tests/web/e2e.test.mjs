// The browser build end to end: headless Chromium (Debian's) driven by Playwright against
// target/web/ served on 127.0.0.1. Run by `.ci/run` after `scripts/web.sh`:
//   cd tests/web && npm ci && node --test e2e.test.mjs
// CARROM_BIN names the native `carrom` binary for the replays checked both ways (default:
// $CARGO_TARGET_DIR/release/carrom, else target/release/carrom). Screenshots and the figures
// measured go to target/web-report/.

import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const web = process.env.CARROM_WEB || path.join(repo, 'target/web');
const report = path.join(repo, 'target/web-report');
const targetDir = process.env.CARGO_TARGET_DIR || path.join(repo, 'target');
const carrom = process.env.CARROM_BIN || path.join(targetDir, 'release/carrom');
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.png': 'image/png', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader', '--no-first-run'];
// A phone's screen: two device pixels to a CSS pixel. Playwright's deviceScaleFactor alone
// makes headless Chromium inconsistent (devicePixelRatio 2, but a canvas's
// device-pixel-content-box measured at one device pixel a CSS pixel, which no phone does), so
// the phones' browser also runs at that scale.
let phoneBrowser;
const PHONE_SCALE = 2;
async function browserFor(touch) {
  if (!touch) return browser;
  phoneBrowser ??= await chromium.launch({ executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--force-device-scale-factor=${PHONE_SCALE}`] });
  return phoneBrowser;
}

let server;
let base;
let browser;
const figures = {};
const consoleErrors = [];

before(async () => {
  assert.ok(fs.existsSync(path.join(web, 'index.html')), 'target/web/ is built (scripts/web.sh)');
  fs.mkdirSync(report, { recursive: true });
  server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(web, name === '/' ? 'index.html' : name);
    if (!file.startsWith(web) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${server.address().port}`;
  // WebGL on SwiftShader (this machine has no GPU) in Chromium's GPU process. Not
  // --disable-gpu: that also takes the compositor to software, which reads the canvas back
  // every frame, and a frame of the game then takes 1.1-2.4 s at 1280x720 instead of a
  // fraction of that (measured with the same build).
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
  await phoneBrowser?.close();
  server?.close();
  fs.writeFileSync(path.join(report, 'figures.json'), JSON.stringify(figures, null, 2) + '\n');
  console.log('figures:', JSON.stringify(figures));
});

/** A page of a new browser context (its own storage unless `storage` is given). */
async function open(query = '', options = {}) {
  const origin = options.origin || base;
  const context = options.context || await (await browserFor(options.touch)).newContext({
    viewport: options.viewport || { width: 1280, height: 720 },
    hasTouch: !!options.touch, isMobile: !!options.touch,
    deviceScaleFactor: options.touch ? PHONE_SCALE : 1,
  });
  const page = await context.newPage();
  const logs = [];
  page.on('console', (m) => {
    logs.push(m.text());
    if (m.type() === 'error') consoleErrors.push(`${query}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${query}: ${e.message}`));
  const started = Date.now();
  await page.goto(`${origin}/index.html${query}`);
  await page.waitForFunction(() => document.getElementById('status')?.dataset.screen,
    null, { timeout: 60_000 });
  return { page, context, logs, firstFrame: (Date.now() - started) / 1000 };
}

// A test that fails leaves no page behind: a demo still thinking and drawing would take the
// cores from the tests after it.
afterEach(async () => {
  for (const b of [browser, phoneBrowser]) {
    for (const context of b?.contexts() ?? []) await context.close().catch(() => {});
  }
});

const status = (page) => page.evaluate(() => {
  const s = document.getElementById('status');
  return { text: s.textContent, ...s.dataset };
});

async function until(page, what, test, timeout = 60_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const s = await status(page);
    if (test(s)) return s;
    if (Date.now() > end) assert.fail(`waited ${timeout / 1000} s for ${what}; status: ${JSON.stringify(s)}`);
    await page.waitForTimeout(100);
  }
}

/** Clicks the screen's button whose label starts with `label`, where the game drew it. */
async function click(page, label) {
  const s = await until(page, `a button "${label}"`,
    (s) => JSON.parse(s.buttons || '[]').some((b) => b.label.startsWith(label)));
  const b = JSON.parse(s.buttons).find((b) => b.label.startsWith(label));
  // As a hand does: onto the button, press, let go.
  await page.mouse.move(b.x + b.w / 2 - 20, b.y + b.h / 2 + 3);
  await page.mouse.move(b.x + b.w / 2, b.y + b.h / 2, { steps: 4 });
  await page.waitForTimeout(150);
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.up();
}

/** Where the game last put `who`'s striker (its log: "NAME to strike: striker at window (x, y)"),
 * logged from the `since`th line of `logs` on. */
async function striker(page, logs, who = '', since = 0) {
  const end = Date.now() + 60_000;
  for (;;) {
    const lines = logs.slice(since).filter((l) => l.includes(`${who} to strike: striker at window`));
    if (lines.length) {
      const m = lines.at(-1).match(/striker at window \((-?\d+), (-?\d+)\)/);
      return { x: Number(m[1]), y: Number(m[2]) };
    }
    assert.ok(Date.now() < end, `${who}'s striker is placed (logged: ${logs.filter((l) => l.includes('striker at')).slice(-3).join(' | ')}; ${logs.length} lines, from ${since})`);
    await page.waitForTimeout(100);
  }
}

/** The game's frames a second over `ms` (its frame count, `data-frames`). */
async function framesPerSecond(page, ms) {
  const count = async () => Number((await status(page)).frames);
  const [n0, t0] = [await count(), Date.now()];
  await page.waitForTimeout(ms);
  return Number((((await count()) - n0) / ((Date.now() - t0) / 1000)).toFixed(1));
}

/** Presses on the striker, pulls back away from the board in small moves, lets go. */
async function strikeByMouse(page, at, pull = 110) {
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  for (let k = 1; k <= 12; k++) {
    await page.mouse.move(at.x + (k % 2), at.y + (pull * k) / 12);
    await page.waitForTimeout(30);
  }
  await page.mouse.up();
}

/** The same with a finger: touch start on the striker, small moves back, touch end. */
async function strikeByTouch(page, at, pull = 110) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
  await touch('touchStart', at.x, at.y);
  for (let k = 1; k <= 12; k++) {
    await page.waitForTimeout(30);
    await touch('touchMove', at.x + (k % 2), at.y + (pull * k) / 12);
  }
  await touch('touchEnd');
}

/** A finger dragged from (x, y) `by` CSS px down (up when negative), in small moves. */
async function drag(page, x, y, by) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, y) => cdp.send('Input.dispatchTouchEvent',
    { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 2 }] });
  await touch('touchStart', y);
  for (let k = 1; k <= 10; k++) {
    await page.waitForTimeout(30);
    await touch('touchMove', y + (by * k) / 10);
  }
  await touch('touchEnd');
}

/** The screen's button whose label starts with `label`, scrolled onto the screen by a
 * finger's drag if the page holds it below or above what is shown. */
async function reach(page, label) {
  const { height } = page.viewportSize();
  for (let k = 0; k < 12; k++) {
    const s = await until(page, `a button "${label}"`,
      (s) => JSON.parse(s.buttons || '[]').some((b) => b.label.startsWith(label)));
    const b = JSON.parse(s.buttons).find((b) => b.label.startsWith(label));
    if (b.y >= 0 && b.y + b.h <= height) return b;
    const off = Math.max(-0.4 * height, Math.min(0.4 * height, b.y + b.h / 2 - height / 2));
    await drag(page, 6, height / 2 + off / 2, -off);
    await page.waitForTimeout(300);
  }
  assert.fail(`the button "${label}" is not scrolled onto the screen`);
}

/** Taps the screen's button whose label starts with `label`, with a finger (scrolling to it
 * first if it is off the screen). */
async function tap(page, label) {
  const b = await reach(page, label);
  await page.touchscreen.tap(b.x + b.w / 2, b.y + b.h / 2);
}

/** Every button on the screen lies inside the viewport (and, `tall`, is at least 44 CSS px
 * tall: a finger's target); on a page that `scrolls`, inside its width. */
async function allInside(page, what, tall, scrolls = false) {
  const { width, height } = page.viewportSize();
  const buttons = JSON.parse((await status(page)).buttons || '[]');
  assert.ok(buttons.length > 0, `${what}: buttons shown`);
  for (const b of buttons) {
    const across = b.x >= 0 && b.x + b.w <= width + 1;
    const inside = across && (scrolls || (b.y >= 0 && b.y + b.h <= height + 1));
    assert.ok(inside, `${what}: "${b.label}" at ${b.x},${b.y} ${b.w}x${b.h} inside ${width}x${height}`);
    if (tall) assert.ok(b.h >= 43.5, `${what}: "${b.label}" is ${b.h} px tall`);
  }
}

const PHONES = [{ width: 390, height: 844 }, { width: 844, height: 390 }];

for (const viewport of PHONES) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`on a ${size} phone a match against the computer is played by touch alone: a stroke, the hint taken, a save, the menu and Continue`, async () => {
    const { page, context, logs } = await open('?mode=match&computer=north&level=beginner&seed=5&hints=1',
      { viewport, touch: true });
    const toStrike = (s) => s.screen === 'game' && /^[^\n]*: South, [^\n]*\n?to strike/.test(s.text);
    const toPlace = (s) => s.screen === 'game' && /^[^\n]*: South, [^\n]*\n?to place a piece/.test(s.text);
    // South to strike: a piece he owes after a foul (Law 89) put down first, by touch.
    const southStrikes = async (what, test) => {
      const s = await until(page, what, (s) => test(s) && (toStrike(s) || toPlace(s)), 120_000);
      if (!toPlace(s)) return s;
      await tap(page, 'Put it down');
      return until(page, `${what}, his due put down`, toStrike, 60_000);
    };
    const first = await until(page, 'South to strike', toStrike);
    const south = first.text.split(':')[0];
    await strikeByTouch(page, await striker(page, logs, south), viewport.height > viewport.width ? 90 : 60);
    const seen = logs.length;
    const again = await southStrikes('South to strike again', (s) => s.digest !== first.digest);
    await striker(page, logs, south, seen);
    await page.waitForTimeout(500);
    await allInside(page, `the match at ${size}`, true);
    await page.screenshot({ path: path.join(report, `match-phone-${size}.png`) });
    await tap(page, 'Hint');
    await until(page, "the coach's hint", (s) => /Coach: (?!thinking)/.test(s.text), 120_000);
    await page.screenshot({ path: path.join(report, `hint-phone-${size}.png`) });
    await tap(page, 'Take it');
    await page.waitForTimeout(500);
    await tap(page, 'Strike');
    await until(page, 'the hint struck', (s) => s.digest !== again.digest, 120_000);
    await southStrikes('South to strike once more', () => true);
    await tap(page, 'Save');
    await until(page, 'the match saved', (s) => /Saved as/.test(s.text));
    await tap(page, 'Menu');
    await until(page, 'the question to leave', (s) => /Press Esc or Menu again/.test(s.text));
    const left = await status(page);
    await tap(page, 'Menu');
    await until(page, 'the menu', (s) => s.screen === 'menu');
    await page.screenshot({ path: path.join(report, `menu-phone-${size}.png`) });
    await tap(page, 'Continue');
    const back = await until(page, 'the match again', (s) => s.screen === 'game' && s.digest);
    assert.equal(back.digest, left.digest, 'Continue comes back to the same position');
    await context.close();
  });
}

test('on a phone How to play closes with a tap that starts nothing under it, and the demo is paused and left by touch', async () => {
  const { page, context } = await open('', { viewport: PHONES[0], touch: true });
  await until(page, 'the menu', (s) => s.screen === 'menu');
  await allInside(page, 'the menu at 390x844', true, true);
  const demo = await reach(page, 'Computer demo - singles');
  await tap(page, 'How to play');
  await until(page, 'How to play', (s) => s.screen === 'how-to-play');
  assert.deepEqual(JSON.parse((await status(page)).buttons || '[]'), [],
    "the menu's buttons are not listed under the page");
  await page.screenshot({ path: path.join(report, 'how-to-play-phone.png') });
  // Where the demo's button lies on the menu under the page.
  await page.touchscreen.tap(demo.x + demo.w / 2, demo.y + demo.h / 2);
  await until(page, 'the menu again', (s) => s.screen === 'menu');
  await page.waitForTimeout(1500);
  assert.equal((await status(page)).screen, 'menu', 'the tap started nothing under the page');
  await tap(page, 'Computer demo - singles');
  await until(page, 'the demo', (s) => s.screen === 'game' && s.digest);
  await tap(page, 'Pause');
  await page.waitForTimeout(1000);
  const paused = (await status(page)).digest;
  await page.waitForTimeout(4000);
  assert.equal((await status(page)).digest, paused, 'paused: nothing moves');
  await tap(page, 'Faster');
  await tap(page, 'Pause');
  await until(page, 'the demo going on', (s) => s.digest !== paused, 120_000);
  await tap(page, 'Menu');
  await until(page, 'the menu', (s) => s.screen === 'menu');
  await context.close();
});

test('the page is installable and reloads without the network to the menu', async () => {
  const { page, context } = await open();
  const manifest = await (await fetch(`${base}/manifest.webmanifest`)).json();
  assert.equal(manifest.display, 'fullscreen');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'));
  assert.ok(manifest.icons.some((i) => i.sizes === '192x192'));
  await page.waitForFunction(() => navigator.serviceWorker?.controller
    || navigator.serviceWorker?.ready.then(() => true), null, { timeout: 120_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Every file of the page kept before the network goes.
  await page.waitForFunction(async () => {
    const c = await caches.open('carrom-page');
    return (await c.keys()).length >= 10;
  }, null, { timeout: 120_000, polling: 500 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => document.getElementById('status')?.dataset.screen === 'menu',
    null, { timeout: 120_000 });
  await context.setOffline(false);
  await context.close();
});

test('the menu opens, and break practice is struck with the mouse', async () => {
  const { page, context, logs, firstFrame } = await open();
  figures.menu_first_frame_s = firstFrame;
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(report, 'menu.png') });
  await click(page, 'Break practice');
  await until(page, 'practice at the table', (s) => s.screen === 'game');
  const at = await striker(page, logs);
  await strikeByMouse(page, at);
  // While the pieces run.
  figures.practice_stroke_fps = await framesPerSecond(page, 3000);
  const s = await until(page, 'the break judged', (s) => /Break 1: \d+ pocketed/.test(s.text));
  assert.match(s.text, /out of the outer circle/);
  await context.close();
});

test('break practice on a phone is struck with a finger', async () => {
  const { page, context, logs } = await open('?mode=practice&seed=7',
    { viewport: { width: 390, height: 844 }, touch: true });
  const at = await striker(page, logs);
  await page.screenshot({ path: path.join(report, 'practice-phone.png') });
  await strikeByTouch(page, at, 90);
  await until(page, 'the break judged', (s) => /Break 1: \d+ pocketed/.test(s.text));
  await context.close();
});

test('a match from the address goes on after a reload, at the same position and score', async () => {
  const { page, context, logs } = await open('?mode=match&computer=north&level=beginner&seed=5');
  const first = await until(page, 'South to strike', (s) => s.screen === 'game'
    && /^[^\n]*: South, [^\n]*\n?to strike/.test(s.text));
  const south = first.text.split(':')[0];
  const at = await striker(page, logs, south);
  await strikeByMouse(page, at);
  // The stroke is judged; then whoever is next (South again, or North the computer) plays on
  // until it is a person's turn to strike again.
  const mine = await until(page, 'South to strike again', (s) => s.digest !== first.digest
    && /^[^\n]*: South, [^\n]*\n?to strike/.test(s.text), 120_000);
  // While he thinks, nothing moves: the page is at rest (the idle wake's frame every 5 s).
  await page.waitForTimeout(3000);
  const frames = async () => Number((await status(page)).frames);
  const before = await frames();
  await page.waitForTimeout(10_000);
  figures.match_frames_at_rest_10s = (await frames()) - before;
  assert.ok(figures.match_frames_at_rest_10s <= 4,
    `at rest while a person thinks: ${figures.match_frames_at_rest_10s} frames in 10 s`);
  const saved = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith('carrom:') && k.includes('/autosaves/')));
  assert.equal(saved.length, 1, `one autosave: ${saved}`);
  fs.writeFileSync(path.join(report, 'browser-match.json'),
    await page.evaluate((k) => localStorage.getItem(k), saved[0]));
  await page.goto(`${base}/index.html`);
  await until(page, 'the menu', (s) => s.screen === 'menu');
  await click(page, 'Continue');
  const again = await until(page, 'the match again', (s) => s.screen === 'game' && s.digest);
  assert.equal(again.digest, mine.digest);
  assert.equal(again.score, mine.score);
  await context.close();
});

test('a match played in the browser replays natively to the same digests', () => {
  const save = path.join(report, 'browser-match.json');
  assert.ok(fs.existsSync(save), 'the match test kept its save');
  const said = execFileSync(carrom, ['replay', save], { encoding: 'utf8' });
  assert.match(said, /every action reached its recorded position/);
});

test('a match played natively replays in the browser to the same digests', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrom-web-'));
  const file = path.join(dir, 'native.json');
  execFileSync(carrom, ['demo', '--headless', '--seed', '3', '--length', 'board', '--replay-out', file],
    { encoding: 'utf8' });
  const native = JSON.parse(fs.readFileSync(file, 'utf8'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript((text) => {
    if (!localStorage.getItem('carrom:/carrom/saves/native.json')) {
      localStorage.setItem('carrom:/carrom/saves/native.json', text);
    }
  }, fs.readFileSync(file, 'utf8'));
  const { page } = await open('?replay=/carrom/saves/native.json&speed=8', { context });
  const last = native.digests.at(-1);
  await until(page, 'the replay at its end', (s) => s.digest === last, 240_000);
  await context.close();
});

test('the page answers while the coach reviews a match, judged in the worker', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrom-web-'));
  const file = path.join(dir, 'reviewed.json');
  execFileSync(carrom, ['demo', '--headless', '--seed', '3', '--length', 'board', '--replay-out', file],
    { encoding: 'utf8' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript((text) => {
    if (!localStorage.getItem('carrom:/carrom/saves/reviewed.json')) {
      localStorage.setItem('carrom:/carrom/saves/reviewed.json', text);
    }
  }, fs.readFileSync(file, 'utf8'));
  const { page } = await open('?review=/carrom/saves/reviewed.json', { context });
  // A timer every 20 ms; the longest wait between two of its calls while the coach judges.
  await page.evaluate(() => {
    const status = document.getElementById('status');
    window.gaps = { last: performance.now(), judging: false, most: 0, judged: 0, frames: 0 };
    let frames = Number(status.dataset.frames);
    setInterval(() => {
      const now = performance.now();
      const judging = /^judging/.test(status.dataset.review || '');
      const drawn = Number(status.dataset.frames) - frames;
      frames += drawn;
      if (judging && window.gaps.judging) {
        if (now - window.gaps.last > window.gaps.most) {
          window.gaps.at = `${window.gaps.was} -> ${status.dataset.review}`;
        }
        window.gaps.most = Math.max(window.gaps.most, now - window.gaps.last);
        window.gaps.judged += now - window.gaps.last;
        window.gaps.frames += drawn;
      }
      window.gaps.last = now;
      window.gaps.judging = judging;
      window.gaps.was = status.dataset.review;
    }, 20);
  });
  const judged = (s) => Number((/^judg(?:ing|ed) (\d+)/.exec(s.review || '') || [])[1] || 0);
  const started = Date.now();
  await until(page, 'the coach judging', (s) => /^judging [1-9]/.test(s.review || ''), 240_000);
  const first = Date.now();
  const s = await until(page, 'three strokes judged', (s) => judged(s) >= 3 || /^judged/.test(s.review || ''), 300_000);
  await page.screenshot({ path: path.join(report, 'review.png') });
  const gaps = await page.evaluate(() => window.gaps);
  figures.review_first_stroke_judged_s = Number(((first - started) / 1000).toFixed(1));
  figures.review_seconds_a_stroke = Number(((Date.now() - first) / 1000 / Math.max(1, judged(s) - 1)).toFixed(1));
  figures.review_longest_timer_gap_while_judging_ms = gaps.most;
  figures.review_frames_while_judging = gaps.frames;
  figures.review_longest_gap_at = gaps.at;
  assert.doesNotMatch(s.review, /^no review/);
  assert.ok(gaps.judged > 0, 'the coach was seen judging');
  assert.ok(gaps.frames > 0, 'the review page was drawn while the coach judged');
  // Judged on the page, a stroke would hold it for the whole of its judgement (seconds); in the
  // worker the page waits at most for a frame's drawing (a few hundred ms on the software
  // renderer, more on a loaded machine).
  const stroke = figures.review_seconds_a_stroke * 1000;
  assert.ok(gaps.most < stroke / 3,
    `a timer in the page waited ${gaps.most.toFixed(0)} ms while the coach judged (${stroke} ms a stroke)`);
  await context.close();
});

test('the page answers while the computers think in a demo', async () => {
  const { page, context } = await open('?mode=demo&seed=2&fixed-board');
  // A timer every 20 ms; the waits between two of its calls while the status says a computer
  // is thinking (both calls), and how long it thought in all. A wait in which the page drew a
  // frame is the drawing's (software WebGL here: a frame can take longer than 100 ms), kept
  // apart, and so is the wait just after it (SwiftShader draws the frame in the GPU process
  // once the page has sent it). The page's own long tasks (over 50 ms on its main thread) are
  // watched too: a wait over 100 ms with none of them in it is one in which the page was not
  // given a core (the worker's thinking and Chromium's other threads on two cores), not one
  // in which its work held it.
  await page.evaluate(() => {
    const status = document.getElementById('status');
    window.gaps = { last: performance.now(), thinking: false, thought: 0, frames: 0, drew: false, waits: [] };
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    let frames = Number(status.dataset.frames);
    setInterval(() => {
      const now = performance.now();
      const thinking = /thinking/.test(status.textContent);
      const drawn = Number(status.dataset.frames) - frames;
      frames += drawn;
      const g = window.gaps;
      if (thinking && g.thinking) {
        g.waits.push([g.last, now - g.last, drawn > 0 || g.drew]);
        g.thought += now - g.last;
        g.frames += drawn;
      }
      [g.last, g.thinking, g.drew] = [now, thinking, drawn > 0];
    }, 20);
  });
  // Three positions after the first: the computers have thought and struck twice.
  const seen = new Set();
  await until(page, 'two strokes of the demo', (s) => {
    if (s.digest) seen.add(s.digest);
    return seen.size >= 3;
  }, 240_000);
  figures.demo_fps = await framesPerSecond(page, 10_000);
  await page.screenshot({ path: path.join(report, 'demo.png') });
  const { gaps, longTasks } = await page.evaluate(() => ({ gaps: window.gaps, longTasks: window.longTasks }));
  const pagesWork = ([at, wait]) => longTasks.some(([start, length]) => start < at + wait && start + length > at);
  const longest = (waits) => Math.max(0, ...waits.map(([, wait]) => wait));
  const noFrame = gaps.waits.filter(([, , drew]) => !drew);
  figures.demo_thinking_ms = gaps.thought;
  figures.demo_longest_timer_gap_while_thinking_ms = longest(noFrame);
  figures.demo_longest_timer_gap_held_by_the_page_ms = longest(noFrame.filter(pagesWork));
  figures.demo_longest_timer_gap_with_a_frame_drawn_ms = longest(gaps.waits.filter(([, , drew]) => drew));
  figures.demo_frames_while_thinking = gaps.frames;
  assert.ok(gaps.thought > 0, 'the computers were seen thinking');
  const held = figures.demo_longest_timer_gap_held_by_the_page_ms;
  assert.ok(held <= 100, `the page's own work held its timer ${held.toFixed(0)} ms while a computer thought`);
  // A computer thinking on the page itself would hold it for seconds, a frame drawn or not.
  const most = longest(gaps.waits);
  assert.ok(most <= 1000, `a timer in the page waited ${most.toFixed(0)} ms while a computer thought`);
  await context.close();
});

test('a malformed address is named on the page and starts the menu', async () => {
  const { page, context } = await open('?mode=chess');
  const s = await until(page, 'the menu', (s) => s.screen === 'menu');
  assert.match(s.text, /mode=chess: not a mode: menu, singles \(or match\), doubles/);
  await context.close();
});

test('damaged settings kept by the page are named, and the defaults used', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(() => localStorage.setItem('carrom:/carrom/settings.ron', '(volume: 7.0'));
  const { page } = await open('', { context });
  const s = await until(page, 'the menu', (s) => s.screen === 'menu' && s.text);
  assert.match(s.text, /\/carrom\/settings\.ron: .*using the defaults/);
  await context.close();
});

/** A port free on the loopback interface (bound, then let go). */
async function freePort() {
  const probe = net.createServer();
  await new Promise((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address();
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** A process of the native `carrom`, its output kept; `exited` resolves with its code. */
function carromProcess(args, dataDir) {
  const child = spawn(carrom, args, { env: { ...process.env, CARROM_CONFIG_DIR: dataDir } });
  const out = { text: '', err: '' };
  child.stdout.on('data', (d) => { out.text += d; });
  child.stderr.on('data', (d) => { out.err += d; });
  out.exited = new Promise((ok) => child.on('exit', (code) => ok(code)));
  return { child, out };
}

/** The bytes the server sends for `url` to a browser accepting `accept` (its encodings). */
function rawBytes(url, accept) {
  return new Promise((ok, fail) => {
    http.get(url, { headers: accept ? { 'accept-encoding': accept } : {} }, (res) => {
      let n = 0;
      res.on('data', (b) => { n += b.length; });
      res.on('end', () => ok(n));
    }).on('error', fail);
  });
}

async function getJson(url) {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
}

async function waitFor(what, test, timeout) {
  const end = Date.now() + timeout;
  for (;;) {
    const got = await test().catch(() => undefined);
    if (got) return got;
    if (Date.now() > end) assert.fail(`waited ${timeout / 1000} s for ${what}`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

test('a rated match on `carrom server --web`: the page quick-matches a native client and plays it by mouse, and her forfeit in the first board is unrated', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrom-online-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Asha leaving forfeits the match after 5 s (the default is 2 minutes); every match seeded.
  // The ICF's 15 s shot clock: the server starts it when Ravi's stroke has been shown to its
  // rest, and the page, slow on software WebGL, catches up when it starts.
  const server = carromProcess(['server', '--listen', `127.0.0.1:${port}`, '--web', web,
    '--db', `sqlite://${path.join(dir, 'server.db')}?mode=rwc`, '--forfeit-after', '5',
    '--seed', '11'], path.join(dir, 'server'));
  let ravi;
  try {
    await waitFor('the server', async () => (await fetch(`${origin}/api/leaderboard`)).ok, 30_000);
    // The page is the server's own (`--web`): Play online reaches the server it came from.
    const { page, context, logs } = await open('', { origin });
    await until(page, 'the menu', (s) => s.screen === 'menu');
    await click(page, 'Play online');
    // Each field typed into as a person does: clicked, its old text shown selected, then keys.
    const editing = (field) => until(page, `${field} being typed into`,
      (s) => JSON.parse(s.buttons || '[]').some((b) => b.label.startsWith(`${field}: [`)));
    await click(page, `Server: 127.0.0.1:${port}`);
    await editing('Server');
    await page.keyboard.press('Enter');
    await click(page, 'Your name');
    await editing('Your name');
    await page.keyboard.type('Asha', { delay: 60 });
    await page.keyboard.press('Enter');
    await until(page, 'her name kept', (s) => s.buttons.includes('Your name: Asha"'));
    await click(page, 'Quick match');
    await until(page, 'waiting for an opponent', (s) => /wait/i.test(s.text));
    // The other player, at a native client whose beginner computer plays his seat.
    // Quick match pairs players asking for the same length: the menu's, a whole match.
    ravi = carromProcess(['online', '--server', `127.0.0.1:${port}`, '--name', 'Ravi', '--quick',
      '--headless', '--computer', '--level', 'beginner', '--length', 'full', '--json'],
    path.join(dir, 'ravi'));
    await until(page, 'the match on the board', (s) => s.screen === 'game' && s.digest, 60_000);
    await page.screenshot({ path: path.join(report, 'online-match.png') });
    // Asha's own strokes, by mouse, each within the shot clock; a piece she owes is
    // put down where it is offered (Enter).
    let [strokes, seen] = [0, 0];
    while (strokes < 2) {
      // Her turn settled on the board: a piece to place, or her striker at rest and logged.
      const placed = () => logs.slice(seen).some((l) => l.includes('Asha to strike: striker at'));
      const mine = await until(page, 'Asha to act', (s) => /^Asha: [^\n]*to place/.test(s.text)
        || (/^Asha: [^\n]*to strike/.test(s.text) && placed()), 180_000);
      if (/^Asha: [^\n]*to place/.test(mine.text)) {
        await page.keyboard.press('Enter');
      } else {
        const at = await striker(page, logs, 'Asha', seen);
        // Pulled back away from the board's middle, wherever her seat is drawn.
        await strikeByMouse(page, at, at.y > page.viewportSize().height / 2 ? 110 : -110);
        strokes += 1;
      }
      await until(page, 'her action taken', (s) => s.digest !== mine.digest, 60_000);
      seen = logs.length;
    }
    const here = (await status(page)).digest;
    const [live] = (await getJson(`${origin}/api/live`)).body;
    assert.ok(live && live.rated, `a rated match is live: ${JSON.stringify(live)}`);
    const kept = (await getJson(`${origin}/api/matches/${live.id}`)).body;
    assert.ok(kept.digests.includes(here), `the page's position ${here} is the server's`);
    // Ravi's computer acts at once: every time-out would be hers.
    const timeOuts = kept.save.actions.filter((a) => a.type === 'time_out').length;
    assert.equal(timeOuts, 0, 'none of her turns timed out at the 15 s clock');
    figures.online_match_time_outs = timeOuts;
    for (const [name, accept] of [['module_bytes_br', 'gzip, br'], ['module_bytes_gzip', 'gzip'], ['module_bytes', '']]) {
      figures[name] = await rawBytes(`${origin}/carrom_web_bg.wasm`, accept);
    }
    assert.ok(figures.module_bytes_br < figures.module_bytes / 4, JSON.stringify(figures));
    // Asha closes the page: gone for 5 s, she forfeits. Before the first board is over a
    // forfeit is unrated (the server's bound on farming a rating with throwaway names).
    await context.close();
    const code = await Promise.race([ravi.out.exited,
      new Promise((ok) => setTimeout(() => ok('still running'), 60_000))]);
    assert.equal(code, 0, `Ravi's client ended: ${ravi.out.err}`);
    const summary = JSON.parse(ravi.out.text.trim().split('\n').at(-1));
    assert.ok(summary.actions >= 2, JSON.stringify(summary));
    const asha = (await getJson(`${origin}/api/players/Asha`)).body;
    const him = (await getJson(`${origin}/api/players/Ravi`)).body;
    assert.equal(asha.games, 0, 'a forfeit in the first board is unrated');
    assert.equal(him.games, 0);
    assert.equal(asha.rating, him.rating, `ratings unmoved: Asha ${asha.rating}, Ravi ${him.rating}`);
    figures.online_match_actions = summary.actions;
  } finally {
    ravi?.child.kill('SIGKILL');
    server.child.kill('SIGKILL');
  }
});

test('on a phone Play online fits the screen, a name is typed in the browser\'s box, each new page gets a name of its own, and a party for doubles shows its code', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrom-phone-online-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = carromProcess(['server', '--listen', `127.0.0.1:${port}`, '--web', web,
    '--db', `sqlite://${path.join(dir, 'server.db')}?mode=rwc`, '--seed', '12'], path.join(dir, 'server'));
  let ravi;
  try {
    await waitFor('the server', async () => (await fetch(`${origin}/api/leaderboard`)).ok, 30_000);
    const nameOf = (s) => (JSON.parse(s.buttons || '[]').find((b) => b.label.startsWith('Your name: ')) || {}).label;
    // A newcomer's page: a name nobody has on the server, before the first match.
    const first = await open('', { origin, viewport: PHONES[0], touch: true });
    await until(first.page, 'the menu', (s) => s.screen === 'menu');
    await tap(first.page, 'Play online');
    const given = nameOf(await until(first.page, 'a name given', (s) => /Your name: Guest \d{4}/.test(s.buttons || '')));
    await first.page.waitForTimeout(300);
    await allInside(first.page, 'Play online at 390x844', true, true);
    await first.page.screenshot({ path: path.join(report, 'online-phone-390x844.png') });
    // The phone's keyboard: the browser's own box asks for the name.
    first.page.once('dialog', (d) => d.accept('Meera'));
    await tap(first.page, 'Your name');
    await until(first.page, 'her name typed', (s) => (s.buttons || '').includes('Your name: Meera"'));
    await tap(first.page, 'Quick match');
    await until(first.page, 'waiting for an opponent', (s) => /wait/i.test(s.text));
    // A second newcomer on the same server: another name, and no refusal.
    const second = await open('', { origin, viewport: PHONES[1], touch: true });
    await until(second.page, 'the menu', (s) => s.screen === 'menu');
    await tap(second.page, 'Play online');
    const other = nameOf(await until(second.page, 'a name given', (s) => /Your name: Guest \d{4}/.test(s.buttons || '')));
    assert.notEqual(other, given, 'each newcomer has a name of his own');
    await second.page.screenshot({ path: path.join(report, 'online-phone-844x390.png') });
    await tap(second.page, 'Leaderboard');
    await until(second.page, 'the leaderboard', (s) => (s.buttons || '').includes('"Doubles"'));
    await second.page.waitForTimeout(1000);
    const told = (await status(second.page)).text;
    assert.ok(!/refused|someone else/i.test(told), `no refusal: ${told}`);
    // The doubles tab, then a party for quick doubles with a friend: its code to give.
    await tap(second.page, 'Doubles');
    await second.page.waitForTimeout(500);
    await tap(second.page, 'Back');
    await tap(second.page, 'Quick doubles with a friend');
    const party = await until(second.page, "the party's code", (s) => /Party code: [A-Z0-9]{6}/.test(s.text));
    assert.ok(/waiting with party/i.test(party.text), `waiting for the partner: ${party.text}`);
    await second.context.close();
    // Meera's match, against a native client, on the board of her phone.
    ravi = carromProcess(['online', '--server', `127.0.0.1:${port}`, '--name', 'Ravi', '--quick',
      '--headless', '--computer', '--level', 'beginner', '--length', 'full', '--json'],
    path.join(dir, 'ravi'));
    await until(first.page, 'the match on the board', (s) => s.screen === 'game' && s.digest, 60_000);
    await allInside(first.page, 'the online match at 390x844', true);
    await first.page.screenshot({ path: path.join(report, 'online-match-phone.png') });
  } finally {
    ravi?.child.kill('SIGKILL');
    server.child.kill('SIGKILL');
  }
});

test('a tournament is made on the page, its computers\' game is played off the screen, and it is kept after a reload', async () => {
  const { page, context } = await open();
  await until(page, 'the menu', (s) => s.screen === 'menu');
  await click(page, 'Tournament');
  await until(page, 'the tournament page', (s) => s.screen === 'tournament');
  // The form's players: the menu's first player and three computers, a VKK group of four.
  await click(page, 'Start the tournament');
  const labels = (s) => JSON.parse(s.buttons || '[]').map((b) => b.label);
  const begun = await until(page, 'the first round', (s) => labels(s).includes("Play the computers' games"));
  assert.ok(labels(begun).includes('Play'), 'the first player\'s game is his to play');
  assert.ok(!labels(begun).includes('Replay'), 'nothing played yet');
  await click(page, "Play the computers' games");
  const played = await until(page, 'the computers\' game played and its replay listed',
    (s) => labels(s).includes('Replay'), 240_000);
  const kept = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => /^carrom:.*\/tournaments\/tournament-\d+\.json$/.test(k)));
  assert.equal(kept.length, 1, `one tournament kept: ${kept}`);
  await page.goto(`${base}/index.html`);
  await until(page, 'the menu', (s) => s.screen === 'menu');
  await click(page, 'Tournament');
  const again = await until(page, 'the tournament again', (s) => s.screen === 'tournament'
    && labels(s).includes('Replay'));
  assert.deepEqual(labels(again), labels(played));
  await context.close();
});

/** Who is to strike now, as the page says it ("NAME: East, 3 points, to strike"), or null. */
test('a tournament on `carrom server --web`: the page joins it, its game goes to the board against a native client, and her walkover is written down', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrom-tournament-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const at = `127.0.0.1:${port}`;
  // Asha gone for 5 s loses her game by walkover (the default wait is 2 minutes).
  const server = carromProcess(['server', '--listen', at, '--web', web,
    '--db', `sqlite://${path.join(dir, 'server.db')}?mode=rwc`, '--forfeit-after', '5',
    '--seed', '13'], path.join(dir, 'server'));
  let ravi;
  try {
    await waitFor('the server', async () => (await fetch(`${origin}/api/leaderboard`)).ok, 30_000);
    // The organizer, on the command line: a knockout, started when its players have joined.
    const organizer = path.join(dir, 'coordinator');
    const made = carromProcess(['online', '--server', at, '--name', 'Coordinator',
      '--create-tournament', 'knockout', '--tournament-name', 'Final night'], organizer);
    assert.equal(await made.out.exited, 0, made.out.err);
    const id = Number(/Tournament (\d+) made/.exec(made.out.text)[1]);
    const { page, context } = await open('', { origin });
    await until(page, 'the menu', (s) => s.screen === 'menu');
    await click(page, 'Play online');
    await click(page, 'Your name');
    await until(page, 'her name being typed', (s) => (s.buttons || '').includes('Your name: ['));
    await page.keyboard.type('Asha', { delay: 60 });
    await page.keyboard.press('Enter');
    await until(page, 'her name kept', (s) => s.buttons.includes('Your name: Asha"'));
    await click(page, 'Tournaments');
    await click(page, 'Final night: knockout, open to join');
    await click(page, 'Join');
    await until(page, 'she has joined', (s) => (s.buttons || '').includes('"I am here"'));
    ravi = carromProcess(['online', '--server', at, '--name', 'Ravi', '--tournament', String(id),
      '--headless', '--computer', '--level', 'beginner', '--json'], path.join(dir, 'ravi'));
    await waitFor('Ravi joined', async () =>
      (await getJson(`${origin}/api/tournaments/${id}`)).body.entrants.length === 2, 30_000);
    await page.screenshot({ path: path.join(report, 'online-tournament-1280x720.png') });
    const started = carromProcess(['online', '--server', at, '--name', 'Coordinator',
      '--start-tournament', String(id)], organizer);
    assert.equal(await started.out.exited, 0, started.out.err);
    const game = await until(page, 'her game on the board', (s) => s.screen === 'game' && s.digest, 60_000);
    // Its actions (the break, or a time-out on the 15 s clock), on the page as on the server.
    const drawn = (await getJson(`${origin}/api/tournaments/${id}`)).body;
    const matchId = drawn.games[0].match_id;
    let seen = [];
    await waitFor(`the page's position one of the server's match ${matchId}`, async () => {
      const s = await status(page);
      const kept = (await getJson(`${origin}/api/matches/${matchId}`)).body;
      seen.push(s.digest);
      return s.digest !== game.digest && kept.digests.includes(s.digest);
    }, 60_000).catch((e) => { throw new Error(`${e.message}: page ${[...new Set(seen)]}`); });
    await page.screenshot({ path: path.join(report, 'online-tournament-game.png') });
    // She leaves: after the server's wait her game is a walkover, and Ravi the champion.
    await context.close();
    const code = await Promise.race([ravi.out.exited,
      new Promise((ok) => setTimeout(() => ok('still running'), 90_000))]);
    assert.equal(code, 0, `Ravi's client ended with the tournament: ${ravi.out.err}`);
    const end = (await getJson(`${origin}/api/tournaments/${id}`)).body;
    assert.equal(end.state, 'over');
    assert.deepEqual(end.champions, ['Ravi']);
    assert.equal(end.games[0].game.result.walkover, 'Asha', JSON.stringify(end.games[0]));
    // The tournament's page on a phone: every button inside the screen.
    const phone = await open('', { origin, viewport: PHONES[0], touch: true });
    await until(phone.page, 'the menu', (s) => s.screen === 'menu');
    await tap(phone.page, 'Play online');
    await tap(phone.page, 'Tournaments');
    await until(phone.page, 'the list', (s) => (s.buttons || '').includes('New VKK'));
    await phone.page.screenshot({ path: path.join(report, 'online-tournaments-phone-390x844.png') });
    await allInside(phone.page, 'the tournaments at 390x844', true, true);
    await phone.context.close();
  } finally {
    ravi?.child.kill('SIGKILL');
    server.child.kill('SIGKILL');
  }
});

const toStrikeNow = (s) => s.screen === 'game'
  && (s.text.match(/^([^\n]*): (South|East|North|West), [^\n]*to strike/) || [])[2] || null;

test('three players for points: the phone\'s menu seats them, South strikes by touch, and each has his points', async () => {
  const { page, context, logs } = await open('', { viewport: PHONES[0], touch: true });
  await until(page, 'the menu', (s) => s.screen === 'menu');
  await tap(page, 'Three players - each for points');
  const first = await until(page, 'South to strike', (s) => toStrikeNow(s) === 'South');
  assert.match(first.text, /South, 0 points/);
  assert.equal(first.score.match(/ pts: /g)?.length, 3, `three players' points: ${first.score}`);
  await allInside(page, 'the three-player board at 390x844', true);
  await page.screenshot({ path: path.join(report, 'points-phone-390x844.png') });
  const south = first.text.split(':')[0];
  await strikeByTouch(page, await striker(page, logs, south), 90);
  const next = await until(page, 'the break judged', (s) => s.digest !== first.digest
    && toStrikeNow(s) !== null, 120_000);
  assert.ok(['South', 'East'].includes(toStrikeNow(next)), `after the break: ${next.text}`);
  await context.close();
});

test('three players for points from the address: the turn passes round South, East and North, the computers playing in the worker', async () => {
  const { page, context, logs } = await open('?mode=three&computer=east,north&level=beginner&seed=3');
  const first = await until(page, 'South to strike', (s) => toStrikeNow(s) === 'South');
  await strikeByMouse(page, await striker(page, logs, first.text.split(':')[0]));
  // Who acts (to strike, thinking or striking): a stroke that keeps the turn keeps the seat,
  // the turn lost goes to the right.
  const actor = (s) => s.screen === 'game'
    && (s.text.match(/^[^\n]*: (South|East|North|West), /) || [])[1] || null;
  const order = ['South'];
  while (order.length < 3) {
    const s = await until(page, `the turn to pass from ${order.at(-1)} (so far ${order})`,
      (s) => actor(s) !== null && actor(s) !== order.at(-1), 180_000);
    order.push(actor(s));
  }
  assert.deepEqual(order.slice(0, 3), ['South', 'East', 'North'], `the turn went ${order}`);
  await page.screenshot({ path: path.join(report, 'points-1280x720.png') });
  await context.close();
});

test('no panic or error reached the console', () => {
  assert.deepEqual(consoleErrors, []);
});
