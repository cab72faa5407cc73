// Start-up benchmark of the page (the goal: interactive in under 1 s). Not a test: it prints.
//
//   node web/bench/startup.mjs [--trials 5] [siteDir]   (default build/wasm/site, or KPG_SITE_DIR)
//   node web/bench/startup.mjs [--trials 5] build/wasm/dist/kernel-playground.html
//                                   (the single file, opened over file:// as by a double-click)
//
// Each trial launches a new headless Chromium (software GL: SwiftShader),
// opens the page once and waits until window.kpg answers state(); then a second load of the same
// page in that browser with the HTTP cache off. It prints, in ms after the navigation: the page
// script's start, the WebGL2 check (index.html's getContext: the GPU process's cold start in a new
// browser), the .wasm compiled and instantiated (wasmReady), the runtime ready, the first frame
// and state() answering; and the time spent in the WebGL calls that wait for the GPU process
// (getContext, shader and program status, texture uploads), counted by wrapping them in the page.
// The last lines are the medians. The dist test (web/tests/dist.test.mjs) prints the same figures
// for a fresh page in an already running browser.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, repoRoot, startServer } from '../tests/harness.mjs';

const args = process.argv.slice(2);
const trialsAt = args.indexOf('--trials');
const trials = trialsAt >= 0 ? Number(args[trialsAt + 1]) : 5;
const siteDir = args.find((a, i) => !a.startsWith('--') && (trialsAt < 0 || i !== trialsAt + 1)) ||
  process.env.KPG_SITE_DIR || path.join(repoRoot, 'build', 'wasm', 'site');
const median = (a) => (a.length ? a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)] : NaN);
const r = (v) => (Number.isFinite(v) ? String(Math.round(v)) : '—');

// Runs in the page before its scripts: times every call of the listed WebGL functions.
function wrapWebGl() {
  const totals = (window.__kpgGlCalls = {});
  const wrap = (proto, name) => {
    const original = proto[name];
    proto[name] = function (...a) {
      const begun = performance.now();
      try { return original.apply(this, a); } finally {
        const t = totals[name] || (totals[name] = { ms: 0, calls: 0, firstAt: begun, firstMs: null });
        const ms = performance.now() - begun;
        if (t.firstMs === null) t.firstMs = ms;
        t.ms += ms;
        t.calls += 1;
      }
    };
  };
  wrap(HTMLCanvasElement.prototype, 'getContext');
  for (const name of ['compileShader', 'linkProgram', 'getShaderParameter', 'getProgramParameter',
                      'texImage2D', 'readPixels'])
    wrap(WebGL2RenderingContext.prototype, name);
}

async function load(page, url) {
  const begun = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => {
    try { return window.kpg && window.kpg.ready && window.kpg.state().session !== undefined; } catch (e) { return false; }
  }, null, { timeout: 60000, polling: 10 });
  const answered = Date.now() - begun;
  const [timing, gl] = await page.evaluate(() => [window.kpg.timing, window.__kpgGlCalls]);
  const check = gl.getContext || {};
  const waits = Object.values(gl).reduce((sum, t) => sum + t.ms, 0);
  return { answered, timing, checkAt: check.firstAt, checkMs: check.firstMs, waits };
}

const singleFile = siteDir.endsWith('.html');
const server = singleFile ? { url: pathToFileURL(path.resolve(siteDir)).href, stop() {} }
  : await startServer(siteDir);
const rows = { first: [], again: [] };
console.log('load     script  check (ms)   wasmReady  runtime  first frame  state()  WebGL waits');
try {
  for (let trial = 0; trial < trials; ++trial) {
    const browser = await launchBrowser();
    try {
      const { page } = await browser.newPage();
      await page.addInitScript(wrapWebGl);
      const first = await load(page, server.url);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const again = await load(page, server.url);
      for (const [name, m] of [['first', first], ['again', again]]) {
        rows[name].push(m);
        console.log(`${name.padEnd(8)} ${r(m.timing.scriptStart).padStart(6)}  ${r(m.checkAt).padStart(5)} (${r(m.checkMs).padStart(4)})` +
                    `  ${r(m.timing.wasmReady).padStart(9)}  ${r(m.timing.runtimeReady).padStart(7)}` +
                    `  ${r(m.timing.firstFrame).padStart(11)}  ${r(m.answered).padStart(7)}  ${r(m.waits).padStart(11)}`);
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  server.stop();
}
for (const name of ['first', 'again']) {
  const m = rows[name];
  console.log(`median ${name} (${m.length}): WebGL2 check ${r(median(m.map((x) => x.checkMs)))} ms, ` +
              `wasmReady ${r(median(m.map((x) => x.timing.wasmReady)))}, ` +
              `first frame ${r(median(m.map((x) => x.timing.firstFrame)))}, ` +
              `state() ${r(median(m.map((x) => x.answered)))} ms after navigation`);
}
