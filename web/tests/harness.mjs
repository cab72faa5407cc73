// The browser test harness: playwright-core drives Debian's Chromium (headless, software WebGL)
// against the served app. A test file is web/tests/<name>.test.mjs exporting an array of
// { name, run: async (t) => {...} }; `t` is a TestContext (below). run.mjs finds and runs them all.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
export const screenshotDir = path.join(repoRoot, 'build', 'screenshots');

const chromiumFlags = [
  '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--ignore-gpu-blocklist',
];

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// The built app in its two distribution forms (src/app/make_dist.py makes them with
// every build of kpg_site): the folder, and the single file with the wasm inline.
export const distDir = process.env.KPG_DIST_DIR || path.join(repoRoot, 'build', 'wasm', 'dist');
export const distFolder = path.join(distDir, 'kernel-playground');
export const singleFile = process.env.KPG_SINGLE_FILE || path.join(distDir, 'kernel-playground.html');
// Where the browser suite serves the folder: a sub-path, as a course site would.
export const coursePath = '/course/ml/kpg/';

// Serves siteDir with scripts/static_server.py on a free loopback port, at the server's root or,
// with `subPath` ('/course/ml/kpg/'), only under that path (a temporary root holding a link to
// siteDir there; every other path answers 404).
export async function startServer(siteDir, { subPath = '/' } = {}) {
  const port = await freePort();
  let root = siteDir;
  let tempRoot = null;
  if (subPath !== '/') {
    tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kpg-site-'));
    const mount = path.join(tempRoot, ...subPath.split('/').filter(Boolean));
    fs.mkdirSync(path.dirname(mount), { recursive: true });
    fs.symlinkSync(path.resolve(siteDir), mount, 'dir');
    root = tempRoot;
  }
  const child = spawn('python3', [path.join(repoRoot, 'scripts', 'static_server.py'), root,
                                  String(port), '-q'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`static server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}${subPath}`,
    origin: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      if (tempRoot) fs.rmSync(tempRoot, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.KPG_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: chromiumFlags,
  });
  return {
    // A fresh context per test: no shared storage; `options` may set viewport, deviceScaleFactor,
    // hasTouch (Playwright's BrowserContext options).
    // `firstVisit: true` opens the app as a first-time visitor; otherwise the start card
    // (src/app/panels/start_card.hpp) counts as seen, on every navigation.
    newPage: async (options = {}) => {
      const { firstVisit = false, ...contextOptions } = options;
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 },
                                                 deviceScaleFactor: 1, ...contextOptions });
      if (!firstVisit) {
        await context.addInitScript(() => {
          try { window.localStorage.setItem('kpg.startCard.seen', '1'); } catch (e) { /* W5 */ }
        });
      }
      const page = await context.newPage();
      return { page, close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

// One touch event of one finger at page position p on the app's canvas, as a phone sends it
// (Playwright's touchscreen only taps): 'touchstart', 'touchmove' or 'touchend'.
export function dispatchTouch(page, type, p, identifier = 7) {
  return page.evaluate(([kind, x, y, id]) => {
    const canvas = document.getElementById('canvas');
    const touch = new Touch({ identifier: id, target: canvas, clientX: x, clientY: y, pageX: x, pageY: y });
    const list = kind === 'touchend' ? [] : [touch];
    canvas.dispatchEvent(new TouchEvent(kind, { touches: list, targetTouches: list,
                                                changedTouches: [touch], bubbles: true,
                                                cancelable: true }));
  }, [type, p.x, p.y, identifier]);
}

export class TestFailure extends Error {}

export class TestContext {
  // `form` is 'folder' (served over http under coursePath) or 'single-file' (file://).
  constructor(page, baseUrl, testName, form = 'folder') {
    this.page = page;
    this.baseUrl = baseUrl;
    this.testName = testName;
    this.form = form;
    this.consoleErrors = [];
    // Every URL the page asked for, so run.mjs can check that none leaves the app's folder.
    this.requests = [];
    page.on('request', (request) => this.requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.consoleErrors.push(`page error: ${error.message}`));
  }

  // Opens the app (with an optional URL hash) and waits until the C++ side has drawn its first
  // frame (window.kpg.ready) — or fails with the message the page shows.
  async openApp(hash = '') {
    await this.page.goto(this.baseUrl + (hash ? '#' + hash : ''));
    await this.page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error),
                                    null, { timeout: 60000 });
    const error = await this.page.evaluate(() => window.kpg.error);
    if (error) throw new TestFailure(`the app did not start: ${error}`);
  }

  state() { return this.page.evaluate(() => window.kpg.state()); }

  async screenshot(name) {
    fs.mkdirSync(screenshotDir, { recursive: true });
    // The single-file pass repeats tests: its pictures get their own names.
    const prefix = this.form === 'single-file' && !name.startsWith('FAILED-') ? 'single-file-' : '';
    const file = path.join(screenshotDir, `${prefix}${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  // Statistics of the canvas pixels (read through a 2-D canvas; the WebGL context keeps its
  // drawing buffer): the number of distinct colours and the share of the most common one.
  async canvasStatistics() {
    return this.page.evaluate(() => {
      const source = document.getElementById('canvas');
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext('2d');
      context.drawImage(source, 0, 0);
      const { data } = context.getImageData(0, 0, copy.width, copy.height);
      const counts = new Map();
      for (let i = 0; i < data.length; i += 16) {
        const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
        counts.set(key, (counts.get(key) || 0) + 1);
      }
      const samples = data.length / 16;
      const top = Math.max(...counts.values());
      return { width: copy.width, height: copy.height, colours: counts.size, dominantShare: top / samples };
    });
  }

  // The lab's view (H4, src/app/main.cpp kpg_view_json): canvas rectangle and plot transform,
  // field renderer state, frame timings.
  // The view is what the last drawn frame laid out, and the app draws only when something changed:
  // an action dispatched just before is on screen only after the next frame, so the view is read
  // after one more frame (a click aimed by a stale view lands in the old layout).
  async view() {
    await this.waitFrames(1);
    return this.rawView();
  }

  rawView() {
    return this.page.evaluate(() => JSON.parse(Module.ccall('kpg_view_json', 'string', [], [])));
  }

  // f read back from the GPU field at plot (x, y), with the core's CPU value at the same texel
  // centre: { ok, gpu, cpu, x, y, full, current }.
  fieldProbe(x, y) {
    return this.page.evaluate(([px, py]) => JSON.parse(
      Module.ccall('kpg_field_probe', 'string', ['number', 'number'], [px, py])), [x, y]);
  }

  // window.kpg.dispatch(action); fails the test when the app rejects the action.
  async dispatch(action) {
    const result = await this.page.evaluate((a) => window.kpg.dispatch(a), action);
    if (result && result.ok === false) {
      throw new TestFailure(`dispatch ${JSON.stringify(action)}: ${result.error}`);
    }
    return result;
  }

  // Page (CSS pixel) position of plot point (x, y), from a view() result.
  static toPage(view, x, y) {
    const cx = (view.canvas.left + view.canvas.right) / 2;
    const cy = (view.canvas.top + view.canvas.bottom) / 2;
    return { x: cx + (x - view.centre[0]) * view.scale, y: cy - (y - view.centre[1]) * view.scale };
  }

  // Waits until the app has drawn `count` more frames (ImGui sees input once per frame, and a
  // software-GL frame can take 100 ms).
  // The app draws only when something changed, so the wait asks for frames.
  async waitFrames(count = 3) {
    const now = (await this.rawView()).frames;
    await this.page.waitForFunction((target) => {
      Module.ccall('kpg_request_frame', null, [], []);
      return JSON.parse(Module.ccall('kpg_view_json', 'string', [], [])).frames >= target;
    }, now + count, { timeout: 30000, polling: 10 });
  }

  // A mouse click at page point p, held long enough for ImGui to see the press in one frame and
  // the release in a later one.
  async clickAt(p) {
    await this.page.mouse.move(p.x, p.y);
    await this.waitFrames(2);
    await this.page.mouse.down();
    await this.waitFrames(2);
    await this.page.mouse.up();
    await this.waitFrames(3);
  }

  // The rectangle [x0, y0, x1, y1] of a named control (view().guide.items, the app's markItem),
  // waiting up to 60 frames for it to be drawn.
  async controlRect(name) {
    for (let tries = 0; tries < 60; ++tries) {
      const rect = (await this.view()).guide.items[name];
      if (rect) return rect;
    }
    throw new TestFailure(`the control "${name}" is not on screen`);
  }

  // Waits until nothing moves on its own: no replay (a step, seek or opened session beyond the
  // 40 ms done at once, lab_state.hpp kReplaySyncBudgetMs: a loaded machine takes longer for a few
  // steps) and no live re-convergence; with untilStopped, no playback either. Returns state().
  async settled({ untilStopped = false, timeout = 60000 } = {}) {
    await this.page.waitForFunction((stopped) => {
      const s = window.kpg.state();
      return !s.replay && !s.livePending && (!stopped || !s.solver.running);
    }, untilStopped, { timeout, polling: 50 });
    return this.state();
  }

  // A mouse click at the centre of a named control.
  async clickControl(name) {
    const r = await this.controlRect(name);
    await this.clickAt({ x: (r[0] + r[2]) / 2, y: (r[1] + r[3]) / 2 });
  }

  // Waits until the decision field shows the current model at full resolution.
  async waitForField(timeout = 30000) {
    await this.page.waitForFunction(() => {
      const v = JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
      return v.field.ready && !v.field.busy && v.field.revision === v.modelRevision && v.field.full;
    }, null, { timeout, polling: 100 });
  }

  check(condition, message) {
    if (!condition) throw new TestFailure(message);
  }

  near(actual, expected, tolerance, what) {
    if (!(Math.abs(actual - expected) <= tolerance)) {
      throw new TestFailure(`${what}: expected ${expected} ± ${tolerance}, got ${actual}`);
    }
  }

  assertNoConsoleErrors() {
    if (this.consoleErrors.length) {
      throw new TestFailure(`console errors:\n  ${this.consoleErrors.join('\n  ')}`);
    }
  }
}
