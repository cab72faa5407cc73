// Frame-time benchmark of the SMO lab. Not a test: it prints figures.
//
//   node web/bench/frame_time.mjs [--live | --featurespace] [--busy] [--frames N] [siteDir]
//                                  (default build/wasm/site, or KPG_SITE_DIR)
//
// --featurespace: only the 3-D feature space (src/app/modes/featurespace/) at 5 000 points (XOR,
// the quadratic map), its view orbited by a real mouse drag for 3 s: the 3-D view's own wasm
// time per frame (kpg_view_json view3dMs: the side view's layout, input and drawing), beside the
// frame's total, then an idle view's frames over 2 s. It also runs after --live's figures.
// --busy: a busy loop on every core while measuring (students' laptops are never idle).
//
// First, Live mode: a point of two moons (500, 2 000 and 5 000 points, RBF γ = 2, C = 1) dragged
// with real mouse events (one move per display refresh, 3 s), with the field shown (and at 500
// points hidden too). It prints the median interval between frames the app drew, the wasm time
// per frame (frame()'s own time, split into solver, field, UI and draw; kpg_view_json), the
// dispatch time of one edit (the movePoint action's own time, and its part that updated the
// problem and started the solver: kpg_view_json live.editMs, live.editProblemMs) with its growth
// from one size to the next, the kernel matrices built from scratch during the drag, the
// rasterizer's share (the interval with the field shown minus with it hidden: SwiftShader's work
// on the field shader), and the warm-start updates per edit; then an idle page's frames over 2 s
// (render on change). --live stops there. Then, the original running-SMO figures:
//
// In headless Chromium the WebGL is SwiftShader (a CPU rasterizer), so
// these are CPU figures, far above what a GPU gives. For N = 100, 500 and 2 000 points (two
// moons, RBF γ = 2, C = 1) it measures while SMO runs at full speed:
//   - the frame interval (requestAnimationFrame to requestAnimationFrame: what the user feels),
//   - the C++ frame's own time split into solver, field, UI and draw (kpg_view_json),
//   - SMO steps per second,
//   - how often a (preview) field completes;
// then, paused, the time from one Step to the field showing the new model at full resolution.
import path from 'node:path';
import { launchBrowser, repoRoot, startServer } from '../tests/harness.mjs';

const args = process.argv.slice(2);
const liveOnly = args.includes('--live');
const featureSpaceOnly = args.includes('--featurespace');
const busy = args.includes('--busy');
const siteDir = args.find((a, k) => !a.startsWith('--') && args[k - 1] !== '--frames') || process.env.KPG_SITE_DIR ||
  path.join(repoRoot, 'build', 'wasm', 'site');
const sizes = [100, 500, 2000];
const liveSizes = [500, 2000, 5000];
const runSeconds = 4;
// --frames N: the feature space's frames per pass (default 40).
const framesArg = args.indexOf('--frames');
const featureSpaceFrameCount = framesArg >= 0 ? Number(args[framesArg + 1]) : 40;

const median = (a) => (a.length ? a.slice().sort((x, y) => x - y)[Math.floor(a.length / 2)] : NaN);
const p95 = (a) => (a.length ? a.slice().sort((x, y) => x - y)[Math.floor(a.length * 0.95)] : NaN);
const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '—');

// --busy: one spinning worker thread per core, for the whole run.
const busyWorkers = [];
if (busy) {
  const { Worker } = await import('node:worker_threads');
  const os = await import('node:os');
  for (let k = 0; k < os.cpus().length; k += 1)
    busyWorkers.push(new Worker('for (;;) {}', { eval: true }));
}

const server = await startServer(siteDir);
const browser = await launchBrowser();
const rows = [];
const liveRows = [];
let idle = null;
let featureSpace = null;
const viewOf = (page) => page.evaluate(() => JSON.parse(Module.ccall('kpg_view_json', 'string', [], [])));

// One Live drag: the page records every frame the app drew (its interval, frame()'s times, the
// live counters) while node moves the mouse once per refresh.
async function liveDrag(page, fieldShown) {
  await page.evaluate((shown) => Module.ccall('kpg_set_field_visible', null, ['number'], [shown ? 1 : 0]),
                      fieldShown);
  const s = await page.evaluate(() => window.kpg.state());
  // A free support vector near the middle: its move changes the field the most.
  let k = 0;
  let best = Infinity;
  s.solver.categories.forEach((c, i) => {
    const [x, y] = s.session.points[i];
    const d = Math.hypot(x - 0.5, y - 0.25);
    if (c === 'free' && d < best) { best = d; k = i; }
  });
  const v = await viewOf(page);
  const buildsBefore = v.live.kernelBuilds;
  const [x0, y0] = s.session.points[k];
  const cx = (v.canvas.left + v.canvas.right) / 2;
  const cy = (v.canvas.top + v.canvas.bottom) / 2;
  const from = { x: cx + (x0 - v.centre[0]) * v.scale, y: cy - (y0 - v.centre[1]) * v.scale };
  await page.mouse.move(from.x, from.y);
  await page.waitForTimeout(300);
  // Press and move at once (a press held still would be the long-press delete), as
  // web/tests/live.test.mjs pressAndStartDrag.
  await page.mouse.down();
  for (const [dx, dy] of [[0, 9], [0, -9], [9, 0], [-9, 0]]) {
    await page.mouse.move(from.x + dx, from.y + dy);
  }
  await page.evaluate(() => {
    window.kpgBench = { frames: [], stop: false };
    const view = () => JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
    let lastFrames = view().frames;
    let lastTime = performance.now();
    let lastSegments = view().live.segments;
    function tick(now) {
      const v = view();
      if (v.frames !== lastFrames) {
        // A frame was drawn since the last refresh: its interval, its own times, its warm start.
        window.kpgBench.frames.push({ interval: now - lastTime, frame: v.frame, live: v.live,
                                      newSegment: v.live.segments !== lastSegments,
                                      fieldCompleted: v.field.completed, fieldMs: v.field.lastRenderMs });
        lastFrames = v.frames;
        lastTime = now;
        lastSegments = v.live.segments;
      }
      if (!window.kpgBench.stop) requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
  });
  const seconds = 3;
  const started = Date.now();
  let m = 0;
  while (Date.now() - started < seconds * 1000) {
    m += 1;
    // Back and forth over 60 px, like a hand looking for the place.
    const dx = 16 + 60 * Math.sin(m / 20);
    await page.mouse.move(from.x + dx, from.y - dx / 3);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => { window.kpgBench.stop = true; return window.kpgBench.frames; });
  const after = await page.evaluate(() => window.kpg.state().session.points.length);
  if (after !== s.session.points.length) process.stderr.write(`warning: the drag changed the point count to ${after}\n`);
  await page.waitForFunction(() => !window.kpg.state().livePending, null, { timeout: 60000 });
  const buildsAfter = (await viewOf(page)).live.kernelBuilds;
  // The same edit through window.kpg.dispatch, timed around the call by the page (every build
  // has it): 30 moves of the point, one per displayed frame.
  const dispatched = await page.evaluate(async ({ k, x0, y0 }) => {
    const times = [];
    for (let m = 0; m < 30; m += 1) {
      const t0 = performance.now();
      window.kpg.dispatch({ type: 'movePoint', index: k, x: x0 + 0.05 * Math.sin(m), y: y0 + 0.02 * m });
      times.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(r));
    }
    return times;
  }, { k, x0, y0 });
  await page.waitForFunction(() => !window.kpg.state().livePending, null, { timeout: 60000 });
  const measured = frames.slice(2);
  // One edit's dispatch: the frames whose live.edits moved on (one pointer move per refresh;
  // when two land in one frame, the last one's time).
  const editFrames = [];
  for (let f = 1; f < measured.length; f += 1)
    if (measured[f].live.edits !== measured[f - 1].live.edits) editFrames.push(measured[f].live);
  // Warm-start updates per edit: the count each finished warm start reports, once per segment.
  const updates = [];
  for (const f of measured) if (f.newSegment && !f.live.pending) updates.push(f.live.warmStartUpdates);
  const pick = (key) => median(measured.map((f) => f.frame[key]));
  return {
    fieldShown, moves: m, frames: measured.length,
    interval: median(measured.map((f) => f.interval)), interval95: p95(measured.map((f) => f.interval)),
    cpu: pick('cpuMs'), solver: pick('solverMs'), field: pick('fieldMs'), ui: pick('uiMs'), draw: pick('drawMs'),
    edits: measured.filter((f) => f.newSegment).length,
    editMs: median(editFrames.map((l) => l.editMs)), editMs95: p95(editFrames.map((l) => l.editMs)),
    problemMs: median(editFrames.map((l) => l.editProblemMs)), editsTimed: editFrames.length,
    kernelBuilds: buildsAfter - buildsBefore,
    dispatchMs: median(dispatched), dispatchMs95: p95(dispatched),
    updatesMedian: median(updates), updatesMax: updates.length ? Math.max(...updates) : NaN,
    fieldsCompleted: measured.length ? measured[measured.length - 1].fieldCompleted - measured[0].fieldCompleted : 0,
  };
}

// The 3-D feature space at 5 000 points: the view orbited by a real mouse drag, one move per
// display refresh, reading the last frame's view3dMs and total after each; then idle.
async function featureSpaceFrames() {
  const { page, close } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url);
  await page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                             { timeout: 60000 });
  const dispatch = (a) => page.evaluate((x) => window.kpg.dispatch(x), a);
  await dispatch({ type: 'generate', name: 'xor', count: 5000, noise: 0.15, seed: 1 });
  await dispatch({ type: 'setKernel', kernel: 'polynomial', gamma: 1, coef0: 0, degree: 2 });
  await dispatch({ type: 'setC', C: 1 });
  await dispatch({ type: 'setFeatureSpace', map: 'quadratic' });
  await dispatch({ type: 'modeStep', n: 50 });
  await page.waitForTimeout(500);
  let rect = null;
  for (let tries = 0; tries < 50 && !rect; tries += 1) rect = (await viewOf(page)).guide.items['featureSpace.view'];
  if (!rect) throw new Error('the feature space view is not on screen');
  const c = { x: (rect[0] + rect[2]) / 2, y: (rect[1] + rect[3]) / 2 };
  // A fixed count of frames of the drag (SwiftShader draws a frame of this size in a few hundred
  // ms: a count, not a time), each after one move; twice. First as the app runs here: each frame's
  // wasm overlaps SwiftShader rasterizing the frame before, on the same two cores. Then with the
  // rasterizer settled before each move (GLctx.finish(), Emscripten's WebGL context): the view's
  // own time as on a machine whose GPU rasterizes (no CPU core taken), still under --busy's load.
  process.stderr.write(`Feature space, 5 000 points: orbiting for 2 × ${featureSpaceFrameCount} frames…\n`);
  await page.mouse.move(c.x, c.y);
  await page.mouse.down();
  let m = 0;
  let lastFrames = -1;
  const orbit = async (settle) => {
    const samples = [];
    const totals = [];
    const started = Date.now();
    while (samples.length < featureSpaceFrameCount && Date.now() - started < 240000) {
      m += 1;
      if (settle) await page.evaluate(() => { if (typeof GLctx !== 'undefined') GLctx.finish(); });
      await page.mouse.move(c.x + 80 * Math.sin(m / 15), c.y + 20 * Math.cos(m / 15));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const v = await viewOf(page);
      if (v.frames !== lastFrames && Number.isFinite(v.view3dMs)) {
        samples.push(v.view3dMs);
        totals.push(v.frame.cpuMs);
        lastFrames = v.frames;
      }
    }
    return { samples, totals };
  };
  const overlapped = await orbit(false);
  const settled = await orbit(true);
  const { samples, totals } = overlapped;
  await page.mouse.up();
  await page.mouse.move(5, 5);
  await page.waitForTimeout(800);
  const a = await viewOf(page);
  await page.waitForTimeout(2000);
  const b = await viewOf(page);
  await close();
  const split = b.frame;
  return { frames: samples.length, view3d: median(samples), view3d95: p95(samples),
           settledFrames: settled.samples.length, settled: median(settled.samples),
           settled95: p95(settled.samples), settledMax: Math.max(...settled.samples),
           settledMin: Math.min(...settled.samples),
           total: median(totals), idleDrawn: b.render.framesRendered - a.render.framesRendered,
           drawMs: split.drawMs, uiMs: split.uiMs };
}

try {
  if (!featureSpaceOnly) {
    const { page, close } = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    await page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                               { timeout: 60000 });
    const dispatch = (a) => page.evaluate((x) => window.kpg.dispatch(x), a);
    for (const n of liveSizes) {
      await dispatch({ type: 'generate', name: 'moons', count: n, noise: 0.15, seed: 1 });
      await dispatch({ type: 'setC', C: 1 });
      await dispatch({ type: 'setKernel', kernel: 'rbf', gamma: 2 });
      await page.waitForFunction(() => !window.kpg.state().livePending, null, { timeout: 120000 });
      await dispatch({ type: 'reset' });
      await dispatch({ type: 'runToConvergence', budgetMs: 2000 });
      await page.waitForFunction(() => window.kpg.state().solver.status === 'converged', null,
                                 { timeout: 120000 });
      const cold = (await page.evaluate(() => window.kpg.state())).solver;
      process.stderr.write(`Live drag, ${n} moons: cold solve ${cold.step} updates, ${cold.supportVectors} SVs\n`);
      for (const shown of n === liveSizes[0] ? [true, false] : [true]) {
        process.stderr.write(`Live drag with the field ${shown ? 'shown' : 'hidden'}…\n`);
        const row = await liveDrag(page, shown);
        row.n = n;
        row.coldSteps = cold.step;
        row.svs = cold.supportVectors;
        liveRows.push(row);
      }
    }
    await page.evaluate(() => Module.ccall('kpg_set_field_visible', null, ['number'], [1]));
    // Idle: after the field settles, frames drawn and refreshes skipped over 2 s.
    await page.mouse.move(5, 5);
    await page.waitForFunction(() => {
      const v = JSON.parse(Module.ccall('kpg_view_json', 'string', [], []));
      return !v.field.busy && v.field.revision === v.modelRevision;
    }, null, { timeout: 60000 });
    await page.waitForTimeout(800);
    const a = await viewOf(page);
    await page.waitForTimeout(2000);
    const b = await viewOf(page);
    idle = { drawn: b.render.framesRendered - a.render.framesRendered,
             skipped: b.render.refreshesSkipped - a.render.refreshesSkipped };
    await close();
  }
  if (!liveOnly) featureSpace = await featureSpaceFrames();
  for (const n of liveOnly || featureSpaceOnly ? [] : sizes) {
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
  for (const w of busyWorkers) w.terminate();
}

if (busy) console.log(`(--busy: ${busyWorkers.length} spinning threads, one per core)\n`);
if (featureSpace) {
  console.log('Feature space in 3-D: 5 000 XOR points, quadratic map, the view orbited by a real mouse drag');
  console.log('headless Chromium + SwiftShader, 1280×800; the goal: the 3-D view\'s own wasm time < 4 ms a frame\n');
  console.log(`  rasterizer settled before each frame (GLctx.finish(), as with a GPU): ${featureSpace.settledFrames} ` +
              `frames, min ${featureSpace.settledMin.toFixed(2)} ms, median ${featureSpace.settled.toFixed(2)} ms, p95 ${featureSpace.settled95.toFixed(2)} ms, ` +
              `max ${featureSpace.settledMax.toFixed(2)} ms`);
  console.log(`  overlapping SwiftShader's rasterizing of the frame before: ${featureSpace.frames} frames, median ` +
              `${featureSpace.view3d.toFixed(2)} ms, p95 ${featureSpace.view3d95.toFixed(2)} ms; ` +
              `whole frame() ${f1(featureSpace.total)} ms, of which the last frame's UI ${f1(featureSpace.uiMs)} ms ` +
              `and GL draw ${f1(featureSpace.drawMs)} ms (SwiftShader rasterizes on the CPU)`);
  console.log(`  idle view, 2 s after the drag: ${featureSpace.idleDrawn} frames drawn\n`);
}
if (featureSpaceOnly) process.exit(0);

console.log('Live mode: dragging a point of two moons (RBF γ = 2, C = 1), real mouse events,');
console.log('headless Chromium + SwiftShader (CPU rendering), 1280×800\n');
console.log('  N     field    frames drawn  interval median (p95)   wasm per frame: total = solver + field + UI + draw   edits  warm-start updates per edit: median (max)  cold solve');
for (const r of liveRows) {
  console.log(`  ${String(r.n).padEnd(5)} ${(r.fieldShown ? 'shown' : 'hidden').padEnd(8)} ${String(r.frames).padStart(6)}        ` +
              `${f1(r.interval).padStart(6)} ms (${f1(r.interval95)} ms)      ` +
              `${f1(r.cpu)} = ${f1(r.solver)} + ${f1(r.field)} + ${f1(r.ui)} + ${f1(r.draw)} ms`.padEnd(48) +
              `${String(r.edits).padStart(6)}  ${String(r.updatesMedian).padStart(10)} (${r.updatesMax})` +
              `${String(r.coldSteps).padStart(28)}`);
}
console.log('\nOne edit\'s dispatch (the movePoint action\'s own time: the problem updated or rebuilt, the');
console.log('solver started, the live re-convergence\'s first slice and the model view), field shown');
console.log('during the drag (kpg_view_json live.editMs, live.editProblemMs), and 30 moves through window.kpg.dispatch');
console.log('timed around the call by the page:');
console.log('  N     drag: edits  dispatch median (p95)   of which problem   kernel matrices built   kpg.dispatch median (p95)   frame interval');
const f2 = (v) => (Number.isFinite(v) ? v.toFixed(2) : '—');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `×${(a / b).toFixed(2)}` : '—');
let previous = null;
const growthRows = [];
for (const r of liveRows.filter((row) => row.fieldShown)) {
  console.log(`  ${String(r.n).padEnd(5)} ${String(r.editsTimed).padStart(11)}  ${f2(r.editMs).padStart(8)} ms (${f2(r.editMs95)} ms)` +
              `${f2(r.problemMs).padStart(12)} ms   ${String(r.kernelBuilds).padStart(12)}` +
              `${f2(r.dispatchMs).padStart(22)} ms (${f2(r.dispatchMs95)} ms)${f1(r.interval).padStart(12)} ms`);
  if (previous) {
    growthRows.push(`  ${previous.n} → ${r.n} (N ×${(r.n / previous.n).toFixed(1)}): dispatch ${ratio(r.editMs, previous.editMs)}, ` +
                    `problem ${ratio(r.problemMs, previous.problemMs)}, kpg.dispatch ${ratio(r.dispatchMs, previous.dispatchMs)}`);
  }
  previous = r;
}
console.log('\nGrowth of one edit\'s time (linear in N: the same ratio as N)');
for (const g of growthRows) console.log(g);
if (liveRows.length >= 2 && !liveRows[1].fieldShown) {
  const share = liveRows[0].interval - liveRows[1].interval;
  console.log(`\n  rasterizer's share (field shown − hidden, median interval): ${f1(share)} ms of ` +
              `${f1(liveRows[0].interval)} ms; wasm's own time ${f1(liveRows[0].cpu)} ms`);
}
if (idle) {
  console.log(`\nIdle lab (item 13), 2 s after the field settled: ${idle.drawn} frames drawn, ` +
              `${idle.skipped} display refreshes skipped`);
}
if (liveOnly) process.exit(0);
console.log('\nSMO lab frame times, headless Chromium + SwiftShader (CPU rendering), 1280×800');
console.log('two moons, RBF γ = 2, C = 1, running at full speed (solver budget 6 ms per frame, src/app/main.cpp kSolverBudgetMs)\n');
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
