// Start-up under load (the intermittent "could not start: TypeError: Cannot set properties of
// undefined (setting 'enabled')", 2 fresh loads in 14 on a loaded 2-core machine; its cause and
// the deterministic test are in startup.test.mjs): the page, a share link and an exercise link,
// each loaded KPG_STRESS_LOADS times (default 30) in a fresh browser context while a busy process
// spins on every core. Every load must start and show what its address asks for.
import { spawn } from 'node:child_process';
import os from 'node:os';

const loadsPerAddress = Number(process.env.KPG_STRESS_LOADS || 30);

// One load in a fresh context: the address, then kpg.ready or kpg.error. A page that starts again
// by itself (index.html after a context lost between main() and the first frame) is followed.
async function load(browser, url, expect) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(() => {
      try { window.localStorage.setItem('kpg.startCard.seen', '1'); } catch (e) { /* W5 */ }
    });
    const page = await context.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const begin = Date.now();
    await page.goto(url);
    let outcome = null;
    for (let attempt = 0; attempt < 3 && outcome === null; attempt += 1) {
      try {
        await page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                                   { timeout: 60000 });
        outcome = await page.evaluate(() => {
          if (!window.kpg.ready) return { error: window.kpg.error };
          const s = window.kpg.state();
          return { error: null, points: s.session.points.length, exercise: s.exercise ? s.exercise.id : null,
                   losses: window.kpg.timing.contextLosses, ms: window.kpg.timing.firstFrame };
        });
      } catch (e) {
        if (!/destroyed|navigat/i.test(e.message)) throw e;  // the page started again: wait anew
      }
    }
    if (outcome === null) return { failure: 'the page kept restarting' };
    if (outcome.error) return { failure: outcome.error };
    const wrong = expect(outcome);
    if (wrong) return { failure: wrong };
    if (pageErrors.length) return { failure: `page errors: ${pageErrors.join('; ')}` };
    return { ms: Date.now() - begin, firstFrame: outcome.ms, losses: outcome.losses };
  } catch (error) {
    return { failure: String(error.message || error).split('\n')[0] };
  } finally {
    await context.close();
  }
}

export default [
  {
    name: `the page, a share link and an exercise link: ${loadsPerAddress} fresh loads each with every core busy, none fails`,
    async run(t) {
      // The links, made by the app: moons at step 5, and the first built-in exercise.
      await t.openApp();
      const links = await t.page.evaluate(() => {
        window.kpg.dispatch({ type: 'preset', name: 'moons' });
        window.kpg.dispatch({ type: 'step', n: 5 });
        const share = window.kpg.shareLink();
        const points = window.kpg.state().session.points.length;
        const id = window.kpg.exercises()[0].id;
        window.kpg.dispatch({ type: 'openExercise', id });
        return { share, points, exercise: window.kpg.exerciseLink(), id };
      });
      t.check(links.share.includes('#s=') && links.exercise && links.exercise.includes('#'), JSON.stringify(links));
      const addresses = [
        ['page', t.baseUrl, (o) => (o.exercise === null ? null : `an exercise is open: ${o.exercise}`)],
        ['share link', links.share, (o) => (o.points === links.points ? null : `${o.points} points, not ${links.points}`)],
        ['exercise link', links.exercise, (o) => (o.exercise === links.id ? null : `exercise ${o.exercise}, not ${links.id}`)],
      ];
      const browser = t.page.context().browser();
      const busy = [];
      const failures = [];
      const times = [];
      let losses = 0;
      const started = Date.now();
      try {
        for (let k = 0; k < os.cpus().length; k += 1) {
          busy.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
        }
        for (let round = 0; round < loadsPerAddress; round += 1) {
          for (const [what, url, expect] of addresses) {
            const result = await load(browser, url, expect);
            if (result.failure) failures.push(`${what}, load ${round + 1}: ${result.failure}`);
            else times.push(result.ms);
            losses += result.losses || 0;
          }
        }
      } finally {
        for (const child of busy) child.kill('SIGKILL');
      }
      times.sort((a, b) => a - b);
      const seconds = (Date.now() - started) / 1000;
      console.log(`        startup stress: ${loadsPerAddress * addresses.length} loads (${loadsPerAddress} each of ` +
                  `${addresses.map((a) => a[0]).join(', ')}) with ${busy.length} busy processes, ` +
                  `${failures.length} failures, ${losses} lost contexts waited for, ready after ` +
                  `${times.length ? times[Math.floor(times.length / 2)] : '-'} ms median, ` +
                  `${times.length ? times[times.length - 1] : '-'} ms max, ${seconds.toFixed(0)} s`);
      t.check(failures.length === 0, `${failures.length} loads failed:\n  ${failures.join('\n  ')}`);
    },
  },
];
