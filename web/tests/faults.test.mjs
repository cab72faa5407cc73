// Faults after start (reliability audit N1, docs/bad-inputs.md W8, W9, W11): a wasm trap or any
// uncaught error once the app runs stops it visibly (index.html fault()): the error box (text
// only) says the application stopped and what happened, kpg.ready becomes false and kpg.error the
// message, and the session is offered as a download with a Reload button. After a reload the
// session that stopped the app is offered as such: opened with Live off at step 0, downloaded or
// discarded, never opened straight back into the fault.
// The trap is deliberate: kpg_trap_next_frame() (src/app/main.cpp) makes the next frame execute
// __builtin_trap(), as N1's sigmoid session did ("RuntimeError: memory access out of bounds").
import fs from 'node:fs';

import { makeWork, waitReady } from './autosave_helpers.mjs';

const normal = (text) => JSON.stringify(JSON.parse(text));

// The trap in the next frame; waits for the page to report it.
async function trapNextFrame(t) {
  await t.page.evaluate(() => {
    Module._kpg_trap_next_frame();
    Module._kpg_request_frame();
  });
  await t.page.waitForFunction(() => window.kpg.error, null, { timeout: 15000 });
}

async function errorBox(t) {
  return t.page.evaluate(() => ({
    shown: !document.getElementById('error').hidden,
    title: document.getElementById('error-title').textContent,
    message: document.getElementById('error-message').textContent,
    detail: document.getElementById('error-detail').textContent,
    buttons: [...document.querySelectorAll('#error-advice button')].map((b) => ({ text: b.textContent, disabled: b.disabled })),
    ready: window.kpg.ready,
    error: window.kpg.error,
    images: document.querySelectorAll('img').length,
  }));
}

async function downloadText(t, click) {
  const [download] = await Promise.all([t.page.waitForEvent('download', { timeout: 10000 }), click()]);
  return fs.readFileSync(await download.path(), 'utf8');
}

// Each button's rectangle lies inside the viewport (reachable, not cut).
async function buttonsInView(t, selector) {
  return t.page.evaluate((sel) => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    return [...document.querySelectorAll(sel)].map((b) => {
      const r = b.getBoundingClientRect();
      return { text: b.textContent, inside: r.left >= 0 && r.top >= 0 && r.right <= w && r.bottom <= h && r.width > 0 };
    });
  }, selector);
}

async function offerText(t) {
  await t.page.waitForSelector('#session-bar:not([hidden])', { timeout: 10000 });
  return t.page.textContent('#session-bar');
}

const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };

// The whole story of one trap at a given screen size, with screenshots named by `tag`.
async function trapStory(t, tag) {
  const work = await makeWork(t);
  await trapNextFrame(t);
  const box = await errorBox(t);
  t.check(box.shown, 'the error box is shown');
  t.check(box.title === 'Kernel Playground stopped', `title: ${box.title}`);
  t.check(/application stopped/.test(box.message), `message: ${box.message}`);
  t.check(/RuntimeError/.test(box.detail), `detail names the trap: ${box.detail}`);
  t.check(box.ready === false, 'kpg.ready becomes false');
  t.check(/^The application stopped: RuntimeError/.test(box.error), `kpg.error: ${box.error}`);
  t.check(JSON.stringify(box.buttons.map((b) => b.text)) === '["Download your session","Reload"]' &&
          box.buttons.every((b) => !b.disabled), `buttons: ${JSON.stringify(box.buttons)}`);
  t.check(box.images === 0, 'text only');
  const reachable = await buttonsInView(t, '#error-advice button');
  t.check(reachable.every((b) => b.inside), `buttons on screen: ${JSON.stringify(reachable)}`);
  await t.screenshot(`fault-error-box-${tag}`);
  const downloaded = await downloadText(t, () => t.page.click('#error-advice button:text-is("Download your session")'));
  t.check(normal(downloaded) === work, 'the download is the session');
  // The session is marked as the one that stopped the app.
  const own = await t.page.evaluate(() => window.kpg.autosave.list().find((e) => e.state === 'this page'));
  t.check(own && own.crashed, `the tab's autosave is marked crashed: ${JSON.stringify(own)}`);

  // Reload (the box's button): the session is offered as the one that stopped the app.
  await Promise.all([t.page.waitForNavigation({ timeout: 60000 }), t.page.click('#error-advice button:text-is("Reload")')]);
  await waitReady(t);
  const text = await offerText(t);
  t.check(/This session stopped the app last time/.test(text) && /101 points/.test(text), `offer: ${text}`);
  const labels = await t.page.$$eval('#session-bar button', (b) => b.map((x) => x.textContent));
  t.check(JSON.stringify(labels) === '["Open with Live off at step 0","Download it","Discard it"]',
          `offer buttons: ${labels}`);
  const barButtons = await buttonsInView(t, '#session-bar button');
  t.check(barButtons.every((b) => b.inside), `bar buttons on screen: ${JSON.stringify(barButtons)}`);
  await t.screenshot(`fault-restore-bar-${tag}`);
  // The page shows the start-up session meanwhile, not the one that stopped it.
  const shown = await t.state();
  t.check(shown.session.points.length !== 101, 'not reopened by itself');
  t.consoleErrors.length = 0;  // the trap's page error was the point
  return work;
}

export default [
  {
    name: 'a wasm trap in a frame stops the app visibly, offers the session, and the reload opens it safely',
    async run(t) {
      const work = await trapStory(t, 'desktop');
      // Download keeps the offer open; Open brings the work back with Live off at step 0.
      const again = await downloadText(t, () => t.page.click('#session-bar >> text=Download it'));
      t.check(normal(again) === work, 'Download it gives the session as it was');
      t.check(await t.page.isVisible('#session-bar'), 'the offer stays after a download');
      await t.page.click('text=Open with Live off at step 0');
      const s = await t.settled();
      const expected = { ...JSON.parse(work), live: false, step: 0 };
      t.check(JSON.stringify(s.session.points) === JSON.stringify(expected.points), 'the points come back');
      t.check(s.live === false && s.session.live === false, `Live off: ${s.live}`);
      t.check(s.solver.step === 0, `at step 0: ${s.solver.step}`);
      t.check(s.session.kernel.type === expected.kernel.type && s.session.C === expected.C, 'kernel and C kept');
      await t.waitFrames(3);
      t.check(await t.page.evaluate(() => window.kpg.ready && !window.kpg.error), 'the app runs');
      t.check(await t.page.isHidden('#session-bar'), 'the offer closes');
      // Its slot is this page's now; a later reload offers it as an ordinary autosave.
      const own = await t.page.evaluate(() => window.kpg.autosave.list().find((e) => e.state === 'this page'));
      t.check(own && !own.crashed && own.points === 101, `adopted: ${JSON.stringify(own)}`);
    },
  },
  {
    name: 'on a phone the stopped app\'s box and the offer fit the screen; Discard drops the session',
    context: phone,
    async run(t) {
      await trapStory(t, 'phone');
      await t.page.tap('text=Discard it');
      t.check(await t.page.isHidden('#session-bar'), 'the offer closes');
      const left = await t.page.evaluate(() => window.kpg.autosave.list().filter((e) => e.points === 101));
      t.check(left.length === 0, `the session is gone from storage: ${JSON.stringify(left)}`);
    },
  },
  {
    name: 'a trap inside a kpg call stops the app; the download falls back to the last autosave tick',
    async run(t) {
      const work = await makeWork(t);
      // The module's session function now traps, as memory out of bounds would.
      const reply = await t.page.evaluate(() => {
        Module._kpg_session_json = () => { throw new WebAssembly.RuntimeError('memory access out of bounds'); };
        try {
          window.kpg.session();
          return 'no error';
        } catch (e) {
          return `${e.name}: ${e.message}`;
        }
      });
      t.check(reply === 'RuntimeError: memory access out of bounds', `the caller sees the trap: ${reply}`);
      const box = await errorBox(t);
      t.check(box.shown && box.ready === false, 'stopped');
      t.check(box.error === 'The application stopped: RuntimeError: memory access out of bounds', `kpg.error: ${box.error}`);
      const downloaded = await downloadText(t, () => t.page.click('#error-advice button:text-is("Download your session")'));
      t.check(normal(downloaded) === work, 'the last autosaved session is downloaded');
      t.consoleErrors.length = 0;
    },
  },
  {
    name: 'an exception thrown out of the main loop after start stops the app visibly',
    async run(t) {
      await t.openApp();
      await t.page.evaluate(() => requestAnimationFrame(() => { throw new TypeError('a bug in a frame callback'); }));
      await t.page.waitForFunction(() => window.kpg.error, null, { timeout: 10000 });
      const box = await errorBox(t);
      t.check(box.shown && box.ready === false && box.title === 'Kernel Playground stopped', JSON.stringify(box));
      t.check(box.error === 'The application stopped: TypeError: a bug in a frame callback', `kpg.error: ${box.error}`);
      // Whatever the module throws after that is not shown over the first cause.
      await t.page.evaluate(() => setTimeout(() => { throw new Error('later'); }, 0));
      await t.page.waitForTimeout(100);
      t.check((await errorBox(t)).detail === 'TypeError: a bug in a frame callback', 'the first cause stays');
      t.consoleErrors.length = 0;
    },
  },
];
