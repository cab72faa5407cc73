// What the autosave tests share (autosave_w11, autosave_tabs, faults): an action, the start-up
// wait, the page's own autosave slot (index.html's autosave block: one slot a page, keyed by
// 'kpg.autosave.v2.' + its id) and a session worth keeping.

export const dispatch = (t, action) => t.page.evaluate((a) => window.kpg.dispatch(a), action);
export const sessionText = (t) => t.page.evaluate(() => JSON.stringify(window.kpg.session()));

// Waits until the app started or stopped (kpg.ready or kpg.error).
export async function waitStarted(t) {
  await t.page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                               { timeout: 60000 });
}

// The same, and checks that it started.
export async function waitReady(t) {
  await waitStarted(t);
  const error = await t.page.evaluate(() => window.kpg.error);
  t.check(error === null, `the app did not start: ${error}`);
}

// Every autosaved session, normalised like JSON.stringify(kpg.session()) (the C++ writer and JS
// may spell a number differently: 1e-09 and 1e-9), with its list entry; `own` is this page's.
export const storedSessions = (t) => t.page.evaluate(() => window.kpg.autosave.list().map((entry) => {
  const text = window.localStorage.getItem('kpg.autosave.v2.' + entry.id);
  return { ...entry, own: entry.state === 'this page',
           json: text === null ? null : JSON.stringify(JSON.parse(text)) };
}));

// Waits until this page's slot holds `expected` (a JSON.stringify of kpg.session()).
export const waitStored = (t, expected, timeout = 10000) => t.page.waitForFunction((e) => {
  const own = window.kpg.autosave.list().find((entry) => entry.state === 'this page');
  const text = own ? window.localStorage.getItem('kpg.autosave.v2.' + own.id) : null;
  return text !== null && text !== undefined && JSON.stringify(JSON.parse(text)) === e;
}, expected, { timeout });

// Makes a session of 101 points (circles + one point, 3 steps) and waits until this page's
// autosave slot holds it; returns its JSON (normalised).
export async function makeWork(t) {
  await t.openApp();
  t.check((await dispatch(t, { type: 'preset', name: 'circles' })).ok, 'preset');
  t.check((await dispatch(t, { type: 'addPoint', x: 0.25, y: 0.5, label: 1 })).ok, 'addPoint');
  t.check((await dispatch(t, { type: 'step', n: 3 })).ok, 'step');
  const work = await sessionText(t);
  await waitStored(t, work);
  return work;
}
