import http from 'node:http'; import fs from 'node:fs'; import path from 'node:path';
import { chromium } from 'playwright-core';
const web = '/work/main/target/web';
const server = http.createServer((req, res) => {
  const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = path.join(web, name === '/' ? 'index.html' : name);
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) { res.writeHead(404).end(); return; }
  const t = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' }[path.extname(file)] || 'application/octet-stream';
  res.writeHead(200, { 'content-type': t }); fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
for (const q of process.argv.slice(2)) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  const logs = [];
  page.on('console', (m) => logs.push(`${((Date.now()-t0)/1000).toFixed(1)} ${m.text()}`));
  const t0 = Date.now();
  await page.goto(`${base}/index.html${q}&log=carrom_ui::pace=debug`);
  await page.waitForFunction(() => document.getElementById('status')?.dataset.screen, null, { timeout: 60000 });
  await page.waitForTimeout(20000);
  const f = async () => Number(await page.evaluate(() => document.getElementById('status').dataset.frames));
  const series = [];
  for (let i = 0; i < 24; i++) { series.push(await f()); await page.waitForTimeout(1000); }
  console.log(q, 'frames per second over 24 s:', series.slice(1).map((v, i) => v - series[i]).join(' '));
  console.log(logs.filter((l) => l.includes('drawing continuously')).slice(-12).join('\n'));
  await page.context().close();
}
await browser.close(); server.close();
