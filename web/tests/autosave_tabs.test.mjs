// One autosave per tab (reliability audit N2, docs/bad-inputs.md W11): two tabs of one browser
// never write over each other's session; closing both and opening the app again offers both,
// with when, how many points and which method. The first version's single key (kpg.session.v1)
// is still read, and at most five sessions are kept, the oldest dropped first.
import { TestContext } from './harness.mjs';

import { dispatch, sessionText, storedSessions as allStored, waitReady,
         waitStored } from './autosave_helpers.mjs';

// Waits until this page's autosave slot holds the session shown; returns it.
async function waitSaved(t) {
  const expected = await sessionText(t);
  await waitStored(t, expected);
  return expected;
}

export default [
  {
    name: 'two tabs keep one autosave each; after closing both, both sessions are offered',
    async run(t) {
      const context = t.page.context();
      // Tab A: moons and a point. Tab B, opened next in the same browser: blobs, a point, and the
      // kernel PCA method.
      await t.openApp();
      t.check((await dispatch(t, { type: 'preset', name: 'moons' })).ok, 'A: preset');
      t.check((await dispatch(t, { type: 'addPoint', x: 0.5, y: 0.25, label: 1 })).ok, 'A: addPoint');
      const a1 = await waitSaved(t);
      const b = new TestContext(await context.newPage(), t.baseUrl, `${t.testName} (tab B)`, t.form);
      await b.openApp();
      t.check((await dispatch(b, { type: 'preset', name: 'blobs' })).ok, 'B: preset');
      t.check((await dispatch(b, { type: 'addPoint', x: -0.5, y: 0.5, label: -1 })).ok, 'B: addPoint');
      t.check((await dispatch(b, { type: 'setMode', mode: 'kpca' })).ok, 'B: setMode');
      const bWork = await waitSaved(b);
      // A works on; B's session stays as it was, and A's latest is stored too.
      t.check((await dispatch(t, { type: 'addPoint', x: 0.75, y: -0.25, label: -1 })).ok, 'A: second point');
      const aWork = await waitSaved(t);
      t.check(aWork !== a1, 'A changed');
      const stored = await allStored(b);
      t.check(stored.some((s) => s.json === bWork && s.state === 'this page'), 'B\'s slot holds B\'s work');
      t.check(stored.some((s) => s.json === aWork && s.state === 'running'), 'A\'s slot holds A\'s work, listed as running');
      const aPoints = JSON.parse(aWork).points.length;
      const bPoints = JSON.parse(bWork).points.length;

      // Both tabs closed; the app opened again in a new tab.
      await b.page.close();
      await t.page.close();
      const c = new TestContext(await context.newPage(), t.baseUrl, `${t.testName} (tab C)`, t.form);
      t.page = c.page;  // the runner's checks and screenshots follow the open tab
      await c.openApp();
      await c.page.waitForSelector('#session-bar:not([hidden])', { timeout: 10000 });
      const rows = await c.page.$$eval('#session-bar .session-row', (r) => r.map((x) => x.textContent));
      const title = await c.page.textContent('#session-bar-text');
      t.check(/^2 sessions were autosaved/.test(title), `title: ${title}`);
      t.check(rows.some((r) => r.includes(`${aPoints} points, SVM, RBF kernel`)), `A offered: ${rows}`);
      t.check(rows.some((r) => r.includes(`${bPoints} points, kernel PCA`)), `B offered: ${rows}`);
      t.check(!rows.some((r) => /stopped the app/.test(r)), `closed tabs are not "stopped": ${rows}`);
      await c.screenshot('autosave-two-tabs-offer');
      // Restore B's: the session and the method come back.
      const index = rows.findIndex((r) => r.includes(`${bPoints} points`));
      await c.page.click(`#session-bar .session-row:nth-of-type(${index + 1}) button`);
      t.check(await sessionText(c) === bWork, 'B\'s session restored');
      t.check((await c.state()).mode.name === 'kpca', 'B\'s method restored');
      // A's is still there, for the next visit or kpg.autosave.restore(id).
      const left = await allStored(c);
      t.check(left.some((s) => s.json === aWork), 'A\'s session is kept');
      t.check(left.some((s) => s.json === bWork && s.state === 'this page'), 'this tab continues B\'s slot');
      t.consoleErrors.push(...b.consoleErrors, ...c.consoleErrors);
    },
  },
  {
    name: 'the first version\'s autosave key is read and moved; at most five sessions are kept',
    async run(t) {
      await t.openApp();
      // An autosave of the first version (one key for every tab).
      const legacy = JSON.stringify({ v: 1, points: [[0, 0, 1], [1, 1, -1], [2, 0, 1], [0, 2, -1]],
                                      kernel: { type: 'linear' }, C: 1, eps: 0.001 });
      await t.page.evaluate((json) => {
        window.localStorage.setItem('kpg.session.v1', json);
        window.localStorage.setItem('kpg.session.v1.savedAt', String(Date.now() - 60000));
      }, legacy);
      await t.page.reload();
      await waitReady(t);
      await t.page.waitForSelector('#session-bar:not([hidden])', { timeout: 10000 });
      const text = await t.page.textContent('#session-bar-text');
      t.check(/^Restore the session autosaved .*\(4 points\)\? SVM, linear kernel\.$/.test(text), `offer: ${text}`);
      const moved = await t.page.evaluate(() => ({ old: window.localStorage.getItem('kpg.session.v1'),
                                                   list: window.kpg.autosave.list() }));
      t.check(moved.old === null && moved.list.some((e) => /^v1-/.test(e.id) && e.points === 4),
              `moved to a slot: ${JSON.stringify(moved)}`);
      await t.page.click('#session-bar button:first-of-type');
      t.check((await t.state()).session.points.length === 4, 'restored');

      // Seven closed sessions of other visits: a save keeps the five newest (this page's among them).
      await t.page.evaluate(() => {
        const now = Date.now();
        for (let k = 0; k < 7; k += 1) {
          const id = `old-${k}`;
          window.localStorage.setItem('kpg.autosave.v2.' + id, JSON.stringify({ v: 1, points: [[k, 0, 1], [0, k, -1]],
                                                                               kernel: { type: 'linear' }, C: 1, eps: 0.001 }));
          window.localStorage.setItem('kpg.autosave.v2.' + id + '.meta', JSON.stringify({
            state: 'closed', savedAt: now - 3600000 + k * 1000, seenAt: now - 3600000 + k * 1000, points: 2, method: 'svm' }));
        }
      });
      t.check((await dispatch(t, { type: 'addPoint', x: 3, y: 3, label: 1 })).ok, 'edit');
      const saved = await t.page.evaluate(() => window.kpg.autosave.save());
      t.check(saved.ok, JSON.stringify(saved));
      const ids = (await t.page.evaluate(() => window.kpg.autosave.list())).map((e) => e.id);
      t.check(ids.length === 5, `five kept: ${ids}`);
      t.check(['old-6', 'old-5', 'old-4', 'old-3'].every((id) => ids.includes(id)) && !ids.includes('old-0'),
              `the newest kept, the oldest dropped: ${ids}`);
    },
  },
  {
    name: 'on a phone the list of autosaved sessions fits the screen and its buttons can be tapped',
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
    async run(t) {
      await t.openApp();
      // Three sessions of closed tabs, one of which stopped the app.
      await t.page.evaluate(() => {
        const now = Date.now();
        ['closed', 'closed', 'crashed'].forEach((state, k) => {
          const points = Array.from({ length: 10 + k }, (_, i) => [i % 5, Math.floor(i / 5), i % 2 ? 1 : -1]);
          window.localStorage.setItem(`kpg.autosave.v2.tab-${k}`, JSON.stringify({ v: 1, points, kernel: { type: 'rbf', gamma: 1 },
                                                                                 C: 10, eps: 0.001 }));
          window.localStorage.setItem(`kpg.autosave.v2.tab-${k}.meta`, JSON.stringify({
            state, savedAt: now - 60000 * (k + 1), seenAt: now - 60000 * (k + 1), points: points.length, method: 'svm', kernel: 'rbf' }));
        });
      });
      await t.page.reload();
      await waitReady(t);
      await t.page.waitForSelector('#session-bar:not([hidden])', { timeout: 10000 });
      const rows = await t.page.$$eval('#session-bar .session-row', (r) => r.map((x) => x.textContent));
      t.check(rows.length === 4 && /stopped the app last time/.test(rows[2]), `rows: ${JSON.stringify(rows)}`);
      const outside = await t.page.evaluate(() => [...document.querySelectorAll('#session-bar button')]
        .map((b) => ({ text: b.textContent, r: b.getBoundingClientRect() }))
        .filter(({ r }) => r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight));
      t.check(outside.length === 0, `buttons off screen: ${JSON.stringify(outside)}`);
      await t.screenshot('autosave-list-offer-phone');
      await t.page.tap('#session-bar .session-row:nth-of-type(2) button');  // Restore the 11 points
      t.check((await t.state()).session.points.length === 11, 'restored by a tap');
    },
  },
];
