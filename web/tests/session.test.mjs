// The lab's logic through window.kpg: the hand-solved example, rewind, every action,
// share links, export/import, autosave and restore, and the browser bad inputs W1-W5, W10, W11.

const dispatch = (t, action) => t.page.evaluate((a) => window.kpg.dispatch(a), action);
const session = (t) => t.page.evaluate(() => window.kpg.session());

async function mustDispatch(t, action) {
  const result = await dispatch(t, action);
  t.check(result && result.ok, `dispatch ${JSON.stringify(action)}: ${JSON.stringify(result)}`);
  await t.settled();  // playback a test starts is left running: those tests look at it running
  return result;
}

async function waitReady(t) {
  await t.page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                               { timeout: 60000 });
}

function lastNotice(state) {
  return state.notices.length ? state.notices[state.notices.length - 1] : null;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The hand-solved session of course-notes 001 Question 7 at step 0, as a share link would carry it.
const handSolvedJson = JSON.stringify({
  v: 1, points: [[1, 3, 1], [2, 1, 1], [0, 1, -1]], kernel: { type: 'linear' }, C: 'inf', eps: 1e-9,
});
const base64url = (text) => Buffer.from(text, 'utf8').toString('base64url');

export default [
  {
    name: 'hand-solved preset, run to convergence: alpha = (1/4, 3/8, 5/8), bias = -3/2',
    async run(t) {
      await t.openApp();
      await mustDispatch(t, { type: 'preset', name: 'hand-solved' });
      const result = await mustDispatch(t, { type: 'runToConvergence' });
      t.check(result.done === true, `runToConvergence finished at once: ${JSON.stringify(result)}`);
      const s = await t.state();
      t.check(s.solver.status === 'converged', `status ${s.solver.status}`);
      // course-notes 001 Question 7: alpha = (1/4, 3/8, 5/8), w = (1, 1/2), b = -3/2.
      t.near(s.solver.alpha[0], 0.25, 1e-6, 'alpha_1');
      t.near(s.solver.alpha[1], 0.375, 1e-6, 'alpha_2');
      t.near(s.solver.alpha[2], 0.625, 1e-6, 'alpha_3');
      t.near(s.solver.bias, -1.5, 1e-6, 'bias');
      t.near(s.solver.w[0], 1, 1e-6, 'w_1');
      t.near(s.solver.w[1], 0.5, 1e-6, 'w_2');
      t.check(s.solver.supportVectors === 3, `3 support vectors, got ${s.solver.supportVectors}`);
      t.check(s.session.C === 'inf', `hard margin written as "inf": ${s.session.C}`);
      t.check(s.solver.lastStep && s.solver.lastStep.updated, 'the last step record is present');
      await t.screenshot('session-hand-solved-converged');
    },
  },
  {
    name: 'step 3 then step back 3 gives identical states, and forward again the same',
    async run(t) {
      await t.openApp();
      await mustDispatch(t, { type: 'preset', name: 'moons' });
      const start = (await t.state()).solver;
      await mustDispatch(t, { type: 'step', n: 3 });
      const three = (await t.state()).solver;
      t.check(three.step === 3, `step count ${three.step}`);
      await mustDispatch(t, { type: 'stepBack', n: 3 });
      const back = (await t.state()).solver;
      t.check(back.step === 0, `back at step ${back.step}`);
      t.check(same(back.alpha, start.alpha), 'alpha after stepping back equals the start');
      t.check(back.bias === start.bias, `bias ${back.bias} vs ${start.bias}`);
      t.check(back.lastStep === null, 'no step record at step 0');
      await mustDispatch(t, { type: 'step', n: 3 });
      const again = (await t.state()).solver;
      for (const key of ['alpha', 'bias', 'decision', 'kktViolation', 'lastStep', 'dualObjective', 'violation']) {
        t.check(same(again[key], three[key]), `${key} identical after back and forward`);
      }
    },
  },
  {
    name: 'every action type can be dispatched',
    async run(t) {
      await t.openApp();
      const actions = [
        { type: 'setLive', on: false },  // edits at step 0, so that step / seek have room
        { type: 'preset', name: 'perceptron' },
        { type: 'generate', name: 'xor', count: 20, noise: 0.2, seed: 4 },
        { type: 'setKernel', kernel: 'rbf', gamma: 0.5 },
        { type: 'setKernel', kernel: 'polynomial', gamma: 1, coef0: 1, degree: 2 },
        { type: 'setKernel', kernel: 'sigmoid', gamma: 0.1, coef0: 0 },
        { type: 'setKernel', kernel: 'rbf', gamma: 1 },
        { type: 'setC', C: 10 },
        { type: 'setC', C: 'inf' },
        { type: 'setC', C: 5 },
        { type: 'setEps', eps: 1e-4 },
        { type: 'setRule', rule: 'first-order' },
        { type: 'setBias', rule: 'average' },
        { type: 'setMaxSteps', maxSteps: 2000 },
        { type: 'step', n: 3 },
        { type: 'stepBack', n: 1 },
        { type: 'seek', step: 1 },
        { type: 'setSpeed', stepsPerSecond: 30 },
        { type: 'run' },
        { type: 'pause' },
        { type: 'runToConvergence', budgetMs: 2000 },
        { type: 'reset' },
        { type: 'addPoint', x: 0.5, y: 0.5, label: -1 },
        { type: 'movePoint', index: 20, x: 0.7, y: 0.4 },
        { type: 'setLabel', index: 20, label: 1 },
        { type: 'deletePoint', index: 20 },
        { type: 'undo' },
        { type: 'redo' },
        { type: 'setView', xMin: -3, xMax: 3, yMin: -2, yMax: 2 },
        { type: 'dismissNotice' },
        { type: 'clearPoints' },
        { type: 'loadSession', json: handSolvedJson },
        { type: 'loadSession', session: JSON.parse(handSolvedJson) },
      ];
      for (const action of actions) await mustDispatch(t, action);
      const s = await t.state();
      t.check(s.session.points.length === 3, 'the last loadSession is applied');
      // A bad action is an error naming the field, and changes nothing.
      const before = await session(t);
      const bad = await dispatch(t, { type: 'setC', C: -1 });
      t.check(!bad.ok && /C must be/.test(bad.error), `setC -1: ${JSON.stringify(bad)}`);
      const unknown = await dispatch(t, { type: 'fly' });
      t.check(!unknown.ok && /unknown action/.test(unknown.error), JSON.stringify(unknown));
      t.check(same(await session(t), before), 'session unchanged by bad actions');
    },
  },
  {
    name: 'share link round trip: a second page opens the same session',
    async run(t) {
      await t.openApp();
      await mustDispatch(t, { type: 'setLive', on: false });  // step by step (live.test.mjs: Live on)
      await mustDispatch(t, { type: 'preset', name: 'circles' });
      await mustDispatch(t, { type: 'setC', C: 3 });
      await mustDispatch(t, { type: 'step', n: 5 });
      const link = await t.page.evaluate(() => window.kpg.shareLink());
      t.check(/#s=[A-Za-z0-9_-]+$/.test(link), `link shape: ${link.slice(0, 80)}`);
      const original = await t.state();
      await t.page.goto('about:blank');
      await t.page.goto(link);
      await waitReady(t);
      await t.page.waitForFunction(() => window.kpg.state().session.step === 5);
      const opened = await t.state();
      t.check(same(opened.session, original.session), 'same session after the link');
      t.check(same(opened.solver.alpha, original.solver.alpha), 'same alpha (replayed to step 5)');
      // The address bar follows the state (files.test.mjs): empty once read, or the link of the
      // state shown.
      const hash = await t.page.evaluate(() => location.hash);
      t.check(!hash || hash === await t.page.evaluate(() => Module.UTF8ToString(Module._kpg_share_hash())),
              'the hash is cleared once read, or is the state\'s own link');
      await t.screenshot('session-share-link-opened');
    },
  },
  {
    name: 'a corrupt share link shows an error and leaves the session unchanged (W1)',
    async run(t) {
      await t.openApp();
      await mustDispatch(t, { type: 'preset', name: 'blobs' });
      await mustDispatch(t, { type: 'step', n: 2 });
      const before = await session(t);
      const good = base64url(handSolvedJson);
      const cases = [
        ['bad base64', 's=abc*def', /not valid base64url/],
        ['truncated', 's=' + good.slice(0, 41), /truncated/],
        ['unknown version', 's=' + base64url(handSolvedJson.replace('"v":1', '"v":7')), /unsupported session version 7/],
        ['schema', 's=' + base64url(handSolvedJson.replace('[0,1,-1]', '[0,1,"<img src=x onerror=window.__xss=1>"]')), /points\[2\]\[2\]/],
        ['deep nesting', 's=' + base64url('['.repeat(100000)), /nesting deeper than 64/],
      ];
      for (const [what, hash, pattern] of cases) {
        await t.page.evaluate((h) => { location.hash = h; }, hash);
        await t.page.waitForFunction((n) => window.kpg.state().notices.length > n, 0);
        const s = await t.state();
        const notice = lastNotice(s);
        t.check(notice && notice.kind === 'error' && notice.text.startsWith('could not open shared session: '),
                `${what}: notice ${JSON.stringify(notice)}`);
        t.check(pattern.test(notice.text), `${what}: ${notice.text}`);
        t.check(same(s.session, before), `${what}: session unchanged`);
        await mustDispatch(t, { type: 'dismissNotice' });
      }
      // 10 MB: refused by its length before it is copied or decoded.
      const result = await t.page.evaluate(() => {
        const started = performance.now();
        const r = window.kpg.openShareLink('#s=' + 'A'.repeat(10 * 1024 * 1024));
        return { ...r, ms: performance.now() - started };
      });
      t.check(!result.ok && /too long/.test(result.error), `10 MB link: ${JSON.stringify(result).slice(0, 200)}`);
      const s = await t.state();
      t.check(/could not open shared session: the link is too long/.test(lastNotice(s).text), lastNotice(s).text);
      t.check(same(s.session, before), '10 MB: session unchanged');
      t.check(await t.page.evaluate(() => window.__xss === undefined && document.querySelectorAll('img').length === 0),
              'no markup from the link reached the DOM (W4)');
      await t.screenshot('session-corrupt-link');
    },
  },
  {
    name: 'a corrupt link in the URL at start-up keeps the start-up session and says why',
    async run(t) {
      await t.openApp('s=' + base64url(handSolvedJson.replace('"v":1', '"v":2')));
      await t.page.waitForFunction(() => window.kpg.state().notices.length > 0);
      const s = await t.state();
      t.check(/unsupported session version 2/.test(lastNotice(s).text), lastNotice(s).text);
      t.check(s.session.points.length === 3 && s.session.preset === 'hand-solved', 'the start-up session');
    },
  },
  {
    name: 'JSON export and import round trip; files are checked before reading (W10)',
    async run(t) {
      await t.openApp();
      await mustDispatch(t, { type: 'generate', name: 'moons', count: 40, noise: 0.1, seed: 9 });
      await mustDispatch(t, { type: 'setKernel', kernel: 'rbf', gamma: 2 });
      await mustDispatch(t, { type: 'step', n: 4 });
      const exported = await t.page.evaluate(() => window.kpg.exportSession());
      const original = await t.state();
      await mustDispatch(t, { type: 'preset', name: 'xor' });
      const imported = await t.page.evaluate((json) => window.kpg.importSession(json), exported);
      t.check(imported.ok, `import: ${JSON.stringify(imported)}`);
      const s = await t.settled();
      t.check(same(s.session, original.session), 'session equal after export → import');
      t.check(same(s.solver.alpha, original.solver.alpha), 'alpha equal after export → import');
      // Through the page's file input, as a student would.
      await mustDispatch(t, { type: 'preset', name: 'xor' });
      await t.page.setInputFiles('#session-file', { name: 'kpg-session.json', mimeType: 'application/json',
                                                    buffer: Buffer.from(exported) });
      await t.page.waitForFunction(() => window.kpg.state().session.points.length === 40);
      // Too big and wrong type: refused before reading, session unchanged.
      const before = await session(t);
      const big = await t.page.evaluate(() => window.kpg.importSession(
        new File([new Uint8Array(5 * 1024 * 1024)], 'big.json', { type: 'application/json' })));
      t.check(!big.ok && /MB; at most 4 MB/.test(big.error), JSON.stringify(big));
      const png = await t.page.evaluate(() => window.kpg.importSession(
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' })));
      t.check(!png.ok && /not a JSON session file/.test(png.error), JSON.stringify(png));
      const binary = await t.page.evaluate(() => window.kpg.importSession(
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2])], 'renamed.json', { type: '' })));
      t.check(!binary.ok, `binary content named .json: ${JSON.stringify(binary)}`);
      t.check(same(await session(t), before), 'session unchanged by refused files');
      const s2 = await t.state();
      t.check(lastNotice(s2).text.startsWith('could not import session file: '), lastNotice(s2).text);
    },
  },
  {
    name: 'PNG export of the canvas',
    async run(t) {
      await t.openApp();
      const result = await t.page.evaluate(() => window.kpg.exportPng());
      t.check(result.ok && result.type === 'image/png' && result.bytes > 1000, JSON.stringify(result));
    },
  },
  {
    name: 'autosave to localStorage is offered again after a reload (W11)',
    async run(t) {
      await t.openApp();
      await mustDispatch(t, { type: 'preset', name: 'separable' });
      await mustDispatch(t, { type: 'step', n: 2 });
      const saved = await t.page.evaluate(() => window.kpg.autosave.save());
      t.check(saved.ok, JSON.stringify(saved));
      const original = await t.state();
      await t.page.reload();
      await waitReady(t);
      const fresh = await t.state();
      t.check(fresh.session.preset === 'hand-solved', 'a reload starts from the default session');
      await t.page.waitForSelector('#session-bar:not([hidden])');
      const text = await t.page.textContent('#session-bar-text');
      t.check(/Restore the session autosaved .*\(40 points\)/.test(text), `offer: ${text}`);
      await t.screenshot('session-restore-offer');
      await t.page.click('#session-bar button:first-of-type');
      const restored = await t.state();
      t.check(same(restored.session, original.session), 'restored session equals the autosave');
      t.check(same(restored.solver.alpha, original.solver.alpha), 'restored alpha');
      t.check(await t.page.isHidden('#session-bar'), 'the offer closes');
    },
  },
  {
    name: 'a full or disabled localStorage keeps the session and offers a download (W5)',
    async run(t) {
      await t.page.addInitScript(() => {
        Storage.prototype.setItem = function () {
          throw new DOMException('quota exceeded', 'QuotaExceededError');
        };
        // The first save fails as soon as the app is ready, before the start-up offers are looked
        // for (autosave.js pingMs later), as a slow machine's first autosave tick can.
        const early = () => {
          if (window.kpg && window.kpg.ready) window.__earlySave = window.kpg.autosave.save();
          else requestAnimationFrame(early);
        };
        requestAnimationFrame(early);
      });
      await t.openApp();
      await t.page.waitForFunction(() => window.__earlySave !== undefined);
      const early = await t.page.evaluate(() => window.__earlySave);
      t.check(!early.ok && early.error === 'QuotaExceededError', JSON.stringify(early));
      await mustDispatch(t, { type: 'preset', name: 'moons' });
      const before = await session(t);
      const saved = await t.page.evaluate(() => window.kpg.autosave.save());
      t.check(!saved.ok && saved.error === 'QuotaExceededError', JSON.stringify(saved));
      const s = await t.state();
      t.check(/Autosave failed \(QuotaExceededError\)/.test(lastNotice(s).text), lastNotice(s).text);
      t.check(same(s.session, before), 'the in-memory session is kept');
      // The start-up offers are looked for 300 ms after start (autosave.js pingMs); finding none,
      // they must not close the bar that reports the failure.
      await t.page.waitForTimeout(800);
      t.check(!(await t.page.isHidden('#session-bar')), 'the failure stays shown after the start-up offers');
      const buttons = await t.page.$$eval('#session-bar button', (b) => b.map((x) => x.textContent));
      t.check(buttons.includes('Download session'), `buttons: ${buttons}`);
      await t.screenshot('session-storage-full');
    },
  },
  {
    name: 'user text is never markup: a preset name with <img onerror> stays text (W4)',
    async run(t) {
      await t.openApp();
      const title = await t.page.title();
      const r = await dispatch(t, { type: 'preset', name: '<img src=x onerror=__xss=1>' });
      t.check(!r.ok && r.error.includes("unknown preset '<img src=x onerror=__xss=1>'"), JSON.stringify(r));
      const session = JSON.parse(handSolvedJson);
      session.preset = '<img src=x onerror=__xss=2>';
      await mustDispatch(t, { type: 'loadSession', session });
      await t.page.evaluate(() => window.kpg.autosave.save());
      await t.page.waitForTimeout(200);
      t.check(await t.page.evaluate(() => window.__xss === undefined), 'no script ran');
      t.check(await t.page.evaluate(() => document.querySelectorAll('img').length === 0), 'no <img> in the DOM');
      t.check((await t.page.title()) === title, 'title unchanged');
      t.check((await t.state()).session.preset === session.preset, 'the name is kept as text');
    },
  },
];
