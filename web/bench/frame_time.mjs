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
    process.stderr.write(`N = ${n}: running for ${runSeconds} s…\n`);
    await dispatch({ type: 'run' });
    // When the solver converges within the window it is reset and run again, so every measured
    // frame has SMO running at full speed (only kpg_view_json is read per frame: state() of
    // 2 000 points is itself a few milliseconds of JSON).
    const running = await page.evaluate((seconds) => new Promise((resolve) => {
      const intervals = [];
      const frames = [];
      const view = () => JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
      const start = performance.now();
      const first = view();
      let steps = 0;
      let restarts = 0;
      let last = start;
      function tick(now) {
        intervals.push(now - last);
        last = now;
        const v = view();
        frames.push(v.frame);
        steps += v.frame.steps;
        if (!v.running) {
          window.kpg.dispatch({ type: 'reset' });
          window.kpg.dispatch({ type: 'run' });
          restarts += 1;
        }
        if (now - start < seconds * 1000) {
          requestAnimationFrame(tick);
        } else {
          const end = view();
          resolve({ intervals: intervals.slice(2), frames: frames.slice(2), elapsed: now - start,
                    steps, restarts, fields: end.field.completed - first.field.completed,
                    fieldSize: `${end.field.width}×${end.field.height}`,
                    svs: window.kpg.state().solver.supportVectors });
        }
      }
      requestAnimationFrame(tick);
    }), runSeconds);
    await dispatch({ type: 'pause' });
    process.stderr.write(`N = ${n}: paused; waiting for the full-resolution field…\n`);
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
      let firstMs = null;
      let firstSize = '';
      function tick() {
        frames += 1;
        const v = view();
        if (firstMs === null && v.field.revision === target) {
          firstMs = performance.now() - t0;
          firstSize = `${v.field.width}×${v.field.height}`;
        }
        if (v.field.revision === target && !v.field.busy && v.field.full) {
          resolve({ ms: performance.now() - t0, frames, field: v.field, firstMs, firstSize,
                    svs: window.kpg.state().solver.supportVectors });
        } else {
          requestAnimationFrame(tick);
        }
      }
      requestAnimationFrame(tick);
    }));
    process.stderr.write(`N = ${n}: redraw after one step ${redraw.ms.toFixed(0)} ms\n`);
    const cpu = (key) => median(running.frames.map((f) => f[key]));
    rows.push({
      n,
      interval: median(running.intervals),
      interval95: p95(running.intervals),
      cpu: cpu('cpuMs'), solver: cpu('solverMs'), field: cpu('fieldMs'), ui: cpu('uiMs'), draw: cpu('drawMs'),
      stepsPerSecond: running.steps / (running.elapsed / 1000), restarts: running.restarts,
      fieldsPerSecond: running.fields / (running.elapsed / 1000),
      previewSize: running.fieldSize,
      redrawMs: redraw.ms, redrawFrames: redraw.frames, firstMs: redraw.firstMs,
      firstSize: redraw.firstSize,
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
console.log('  N     frame interval (median, p95)   C++ frame: total = solver + field + UI + draw   SMO steps/s (restarts)  fields/s (preview size)');
for (const r of rows) {
  console.log(`  ${String(r.n).padEnd(5)} ${f1(r.interval).padStart(6)} ms, ${f1(r.interval95).padStart(6)} ms        ` +
              `${f1(r.cpu)} = ${f1(r.solver)} + ${f1(r.field)} + ${f1(r.ui)} + ${f1(r.draw)} ms` +
              `${f1(r.stepsPerSecond).padStart(10)} (${r.restarts})  ${f1(r.fieldsPerSecond).padStart(8)} (${r.previewSize})`);
}
console.log('\nField redraw after one step (paused): first the preview, then full resolution');
console.log('  N     SVs    preview: time (size)      full: time   size        kernel terms  frames');
for (const r of rows) {
  console.log(`  ${String(r.n).padEnd(5)} ${String(r.svs).padEnd(6)} ` +
              `${f1(r.firstMs).padStart(8)} ms (${r.firstSize})`.padEnd(34) +
              `${f1(r.redrawMs).padStart(8)} ms  ${r.fullSize.padEnd(11)} ${String(r.terms).padStart(12)}  ${r.redrawFrames}`);
}
