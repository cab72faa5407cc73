// Frame-time benchmark of the SMO lab (issue 4, "Speed"). Not a test: it prints figures.
//
//   node web/bench/frame_time.mjs [siteDir]        (default build/wasm/site, or KPG_SITE_DIR)
//
// In headless Chromium the WebGL is SwiftShader (a CPU rasterizer, ../shared/TOOLCHAIN.md), so
// these are CPU figures, far above what a GPU gives. For N = 100, 500 and 2 000 points (two
// moons, RBF γ = 2, C = 1) it measures while SMO runs at full speed:
//   - the frame interval (requestAnimationFrame to requestAnimationFrame: what the user feels),
//   - the C++ frame's own time split into solver, field, UI and draw (kpg_view_json),
//   - SMO steps per second,
//   - how often a (preview) field completes;
// then, paused, the time from one Step to the field showing the new model at full resolution.
import path from 'node:path';
import { launchBrowser, repoRoot, startServer } from '../tests/harness.mjs';

const siteDir = process.argv[2] || process.env.KPG_SITE_DIR || path.join(repoRoot, 'build', 'wasm', 'site');
const sizes = [100, 500, 2000];
const runSeconds = 4;

const median = (a) => (a.length ? a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)] : NaN);
const p95 = (a) => (a.length ? a.slice().sort((x, y) => x - y)[Math.floor(a.length * 0.95)] : NaN);
const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');

const server = await startServer(siteDir);
const browser = await launchBrowser();
const rows = [];
try {
  for (const n of sizes) {
    const { page, close } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    await page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                               { timeout: 60000 });
    const dispatch = (a) => page.evaluate((x) => window.kpg.dispatch(x), a);
    await dispatch({ type: 'generate', name: 'moons', count: n, noise: 0.15, seed: 1 });
    await dispatch({ type: 'setKernel', kernel: 'rbf', gamma: 2 });
    await dispatch({ type: 'setC', C: 1 });
    await dispatch({ type: 'setEps', eps: 1e-6 });
    await dispatch({ type: 'setSpeed', stepsPerSecond: 0 });
    await page.waitForTimeout(500);
    await dispatch({ type: 'run' });
    const running = await page.evaluate((seconds) => new Promise((resolve) => {
      const intervals = [];
      const frames = [];
      const view = () => JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
      const start = performance.now();
      const first = view();
      const firstStep = window.kpg.state().solver.step;
      let last = start;
      function tick(now) {
        intervals.push(now - last);
        last = now;
        frames.push(view().frame);
        if (now - start < seconds * 1000 && window.kpg.state().solver.running) {
          requestAnimationFrame(tick);
        } else {
          const end = view();
          const s = window.kpg.state().solver;
          resolve({ intervals: intervals.slice(2), frames: frames.slice(2), elapsed: now - start,
                    steps: s.step - firstStep, fields: end.field.completed - first.field.completed,
                    fieldSize: `${end.field.width}×${end.field.height}`, running: s.running,
                    status: s.statusText, svs: s.supportVectors });
        }
      }
      requestAnimationFrame(tick);
    }), runSeconds);
    await dispatch({ type: 'pause' });
    // Time to redraw the field at full resolution after one step (paused).
    await page.waitForFunction(() => {
      const v = JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
      return !v.field.busy && v.field.revision === v.modelRevision && v.field.full;
    }, null, { timeout: 120000, polling: 20 });
    const redraw = await page.evaluate(() => new Promise((resolve) => {
      const view = () => JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
      window.kpg.dispatch({ type: 'step', n: 1 });
      const target = view().modelRevision;
      const t0 = performance.now();
      let frames = 0;
      function tick() {
        frames += 1;
        const v = view();
        if (v.field.revision === target && !v.field.busy && v.field.full) {
          resolve({ ms: performance.now() - t0, frames, field: v.field,
                    svs: window.kpg.state().solver.supportVectors });
        } else {
          requestAnimationFrame(tick);
        }
      }
      requestAnimationFrame(tick);
    }));
    const cpu = (key) => median(running.frames.map((f) => f[key]));
    rows.push({
      n,
      interval: median(running.intervals),
      interval95: p95(running.intervals),
      cpu: cpu('cpuMs'), solver: cpu('solverMs'), field: cpu('fieldMs'), ui: cpu('uiMs'), draw: cpu('drawMs'),
      stepsPerSecond: running.steps / (running.elapsed / 1000),
      fieldsPerSecond: running.fields / (running.elapsed / 1000),
      previewSize: running.fieldSize,
      redrawMs: redraw.ms, redrawFrames: redraw.frames,
      fullSize: `${redraw.field.width}×${redraw.field.height}`, svs: redraw.svs,
      terms: redraw.field.terms,
    });
    await close();
  }
} finally {
  await browser.close();
  server.stop();
}

console.log('SMO lab frame times, headless Chromium + SwiftShader (CPU rendering), 1280×800');
console.log('two moons, RBF γ = 2, C = 1, running at full speed (solver budget 10 ms per frame)\n');
console.log('  N     frame interval   C++ frame: total = solver + field + UI + draw    SMO steps/s  fields/s (preview size)');
for (const r of rows) {
  console.log(`  ${String(r.n).padEnd(5)} ${f1(r.interval).padStart(6)} ms (p95 ${f1(r.interval95)})   ` +
              `${f1(r.cpu)} = ${f1(r.solver)} + ${f1(r.field)} + ${f1(r.ui)} + ${f1(r.draw)} ms` +
              `${''.padEnd(10)}${f1(r.stepsPerSecond).padStart(8)}  ${f1(r.fieldsPerSecond).padStart(6)} (${r.previewSize})`);
}
console.log('\nField redraw after one step (paused, full resolution):');
console.log('  N     SVs    field size   kernel terms   time to redraw   frames');
for (const r of rows) {
  console.log(`  ${String(r.n).padEnd(5)} ${String(r.svs).padEnd(6)} ${r.fullSize.padEnd(12)} ` +
              `${String(r.terms).padStart(12)}   ${f1(r.redrawMs).padStart(8)} ms      ${r.redrawFrames}`);
}
