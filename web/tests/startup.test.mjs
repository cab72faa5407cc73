// A lost WebGL context (the GPU process restarting: software GL on a loaded machine) at start-up
// and after it. The intermittent start-up failure "The application could not start.: TypeError:
// Cannot set properties of undefined (setting 'enabled')" came from Emscripten registering a lost
// context in main(): MAX_VERTEX_ATTRIBS read null, so the table of vertex attributes stayed empty
// and the first frame's glEnableVertexAttribArray failed. index.html now lets the browser restore
// a lost context and starts main() only on a live one; a context lost once the app runs stops it
// with the session offered (the stress test is startup_stress.test.mjs).
import fs from 'node:fs';

// Loses the page's WebGL2 context as soon as index.html's check has made it, and restores it
// `restoreAfterMs` after the .wasm is ready (by then main() has run, unless the page waits).
function loseAtStart(restoreAfterMs) {
  const original = HTMLCanvasElement.prototype.getContext;
  let done = false;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const context = original.call(this, type, ...rest);
    if (type === 'webgl2' && context && !done) {
      done = true;
      const extension = context.getExtension('WEBGL_lose_context');
      extension.loseContext();
      window.kpgTestLoss = { lostAt: performance.now(), restoredAt: null };
      const poll = setInterval(() => {
        if (!window.kpg || !window.kpg.timing || window.kpg.timing.wasmReady === null) return;
        clearInterval(poll);
        setTimeout(() => {
          extension.restoreContext();
          window.kpgTestLoss.restoredAt = performance.now();
        }, restoreAfterMs);
      }, 10);
    }
    return context;
  };
}

export default [
  {
    name: 'a WebGL context lost while the page loads is waited for; the app starts once it is restored',
    async run(t) {
      await t.page.addInitScript(loseAtStart, 300);
      await t.openApp();
      const seen = await t.page.evaluate(() => ({ loss: window.kpgTestLoss, losses: window.kpg.timing.contextLosses,
                                                  wasm: window.kpg.timing.wasmReady, first: window.kpg.timing.firstFrame }));
      t.check(seen.loss && seen.loss.restoredAt !== null, `the context was lost and restored: ${JSON.stringify(seen)}`);
      t.check(seen.losses === 1, `one loss seen: ${seen.losses}`);
      t.check(seen.first > seen.loss.restoredAt, `the first frame came after the restore: ${JSON.stringify(seen)}`);
      await t.waitFrames(5);
      const stats = await t.canvasStatistics();
      t.check(stats.colours > 20 && stats.dominantShare < 0.98, `the canvas is drawn: ${JSON.stringify(stats)}`);
      t.check((await t.page.evaluate(() => window.kpg.dispatch({ type: 'step', n: 2 }))).ok, 'the lab answers');
    },
  },
  {
    name: 'a WebGL context lost while the app runs stops it, with the session offered',
    async run(t) {
      await t.openApp();
      const r = await t.page.evaluate(() => window.kpg.dispatch({ type: 'preset', name: 'moons' }));
      t.check(r.ok, JSON.stringify(r));
      const work = await t.page.evaluate(() => JSON.stringify(window.kpg.session()));
      await t.page.evaluate(() => document.getElementById('canvas').getContext('webgl2')
        .getExtension('WEBGL_lose_context').loseContext());
      await t.page.waitForFunction(() => window.kpg.error, null, { timeout: 10000 });
      const box = await t.page.evaluate(() => ({
        title: document.getElementById('error-title').textContent,
        message: document.getElementById('error-message').textContent,
        buttons: [...document.querySelectorAll('#error-advice button')].map((b) => b.textContent),
        ready: window.kpg.ready, error: window.kpg.error,
        own: window.kpg.autosave.list().find((e) => e.state === 'this page'),
      }));
      t.check(box.title === 'Kernel Playground stopped' && /graphics \(WebGL\) context/.test(box.message), JSON.stringify(box));
      t.check(box.ready === false && box.error === 'The application stopped: the WebGL context was lost', `kpg.error: ${box.error}`);
      t.check(JSON.stringify(box.buttons) === '["Download your session","Reload"]', `buttons: ${box.buttons}`);
      t.check(box.own && !box.own.crashed && box.own.points === JSON.parse(work).points.length,
              `saved, not marked crashed: ${JSON.stringify(box.own)}`);
      const [download] = await Promise.all([t.page.waitForEvent('download'), t.page.click('#error-advice button:text-is("Download your session")')]);
      const text = fs.readFileSync(await download.path(), 'utf8');
      t.check(JSON.stringify(JSON.parse(text)) === work, 'the download is the session');
    },
  },
];
