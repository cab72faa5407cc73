// Run to convergence in the browser (the goal: Run to convergence on 5 000 points ends in under a
// second). Not a test: it prints figures.
//
//   node web/bench/run_to_convergence.mjs [siteDir]   (default build/wasm/site, or KPG_SITE_DIR)
//
// For N = 500, 2 000 and 5 000 points of two moons (noise 0.15, seed 1; RBF γ = 2, C = 1, the
// lab's eps), in headless Chromium: the wall time of one runToConvergence action (synchronous,
// its budget 60 s), from Reset, three times on one page (the first includes building Q), with the
// steps and the status reached. Live mode is off so that nothing runs before the timed action.
import path from 'node:path';
import { launchBrowser, repoRoot, startServer } from '../tests/harness.mjs';

const siteDir = process.argv[2] || process.env.KPG_SITE_DIR || path.join(repoRoot, 'build', 'wasm', 'site');
const sizes = [500, 2000, 5000];
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
    await dispatch({ type: 'setLive', on: false });
    await dispatch({ type: 'generate', name: 'moons', count: n, noise: 0.15, seed: 1 });
    await dispatch({ type: 'setKernel', kernel: 'rbf', gamma: 2 });
    await dispatch({ type: 'setC', C: 1 });
    const times = [];
    let reached = null;
    for (let r = 0; r < 3; ++r) {
      await dispatch({ type: 'reset' });
      const run = await page.evaluate(() => {
        const started = performance.now();
        const reply = window.kpg.dispatch({ type: 'runToConvergence', budgetMs: 60000 });
        return { reply, ms: performance.now() - started };
      });
      if (!run.reply.ok || !run.reply.done) throw new Error(`N = ${n}: ${JSON.stringify(run.reply)}`);
      times.push(run.ms);
      reached = await page.evaluate(() => {
        const s = window.kpg.state().solver;
        return { step: s.step, status: s.status, supportVectors: s.supportVectors };
      });
    }
    rows.push({ n, times, ...reached });
    await close();
  }
} finally {
  await browser.close();
  server.stop();
}
console.log('Run to convergence in headless Chromium (wasm), two moons, RBF γ = 2, C = 1, from Reset\n');
console.log('  N      steps   SVs   status      wall time of the action (3 runs; goal < 1 000 ms)');
for (const r of rows) {
  console.log(`  ${String(r.n).padEnd(6)} ${String(r.step).padStart(5)}  ${String(r.supportVectors).padStart(4)}   ` +
              `${r.status.padEnd(10)}  ${r.times.map((t) => t.toFixed(1) + ' ms').join(', ')}`);
}
