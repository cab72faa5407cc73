// W11 (reliability audit F1): the autosave offered after a reload survives until the user
// restores it, dismisses the offer or edits the session; the fresh start-up session is never
// saved over it. Each page writes its own slot (index.html's autosave block): the session shown
// before a reload stays in its slot, and the new page writes another.

const dispatch = (t, action) => t.page.evaluate((a) => window.kpg.dispatch(a), action);
// Every autosaved session, normalised like JSON.stringify(kpg.session()) (the C++ writer and JS
// may spell a number differently: 1e-09 and 1e-9); `own` is this page's.
const storedSessions = (t) => t.page.evaluate(() => window.kpg.autosave.list().map((entry) => {
  const text = window.localStorage.getItem('kpg.autosave.v2.' + entry.id);
  return { own: entry.state === 'this page', dismissed: entry.dismissed,
           json: text === null ? null : JSON.stringify(JSON.parse(text)) };
}));
const stored = async (t) => ((await storedSessions(t)).find((s) => s.own) || { json: null }).json;
const kept = async (t, json) => (await storedSessions(t)).some((s) => s.json === json);
// Waits until this page's slot holds `expected` (a JSON.stringify of kpg.session()).
const waitStored = (t, expected) => t.page.waitForFunction((e) => {
  const own = window.kpg.autosave.list().find((entry) => entry.state === 'this page');
  const text = own ? window.localStorage.getItem('kpg.autosave.v2.' + own.id) : null;
  return text !== null && JSON.stringify(JSON.parse(text)) === e;
}, expected, { timeout: 5000 });

async function reloadAndWait(t) {
  await t.page.reload();
  await t.page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                               { timeout: 60000 });
}

// Makes a session of 101 points (circles + one point) and lets the autosave store it.
async function makeWork(t) {
  await t.openApp();
  t.check((await dispatch(t, { type: 'preset', name: 'circles' })).ok, 'preset');
  t.check((await dispatch(t, { type: 'addPoint', x: 0.25, y: 0.5, label: 1 })).ok, 'addPoint');
  t.check((await dispatch(t, { type: 'step', n: 3 })).ok, 'step');
  const work = await t.page.evaluate(() => JSON.stringify(window.kpg.session()));
  await waitStored(t, work);
  return work;
}

async function offerText(t) {
  await t.page.waitForSelector('#session-bar:not([hidden])', { timeout: 10000 });
  return t.page.textContent('#session-bar-text');
}

export default [
  {
    name: 'W11: a second reload without answering still offers the earlier session',
    async run(t) {
      const work = await makeWork(t);
      await reloadAndWait(t);
      t.check(/\(101 points\)/.test(await offerText(t)), 'first reload offers the 101-point session');
      // The audit's reproducer: wait 2.5 s (two autosave ticks) without answering.
      await t.page.waitForTimeout(2500);
      t.check(await kept(t, work), 'the offered autosave is still in localStorage');
      t.check(await stored(t) !== work, 'this page does not write the offered slot');
      await reloadAndWait(t);
      const text = await offerText(t);
      t.check(/\(101 points\)/.test(text), `second reload still offers it: ${text}`);
      await t.screenshot('w11-second-reload-offer');
      // Restore brings it back identical.
      await t.page.click('#session-bar button:first-of-type');
      const restored = await t.page.evaluate(() => JSON.stringify(window.kpg.session()));
      t.check(restored === work, 'restored session identical to the work');
      t.check(await t.page.isHidden('#session-bar'), 'the offer closes');
    },
  },
  {
    name: 'W11: after Dismiss the autosave resumes with the session shown',
    async run(t) {
      const work = await makeWork(t);
      await reloadAndWait(t);
      await offerText(t);
      await t.page.waitForTimeout(1500);
      t.check(await kept(t, work), 'held while offered');
      await t.page.click('#session-bar button:nth-of-type(2)');  // Dismiss
      const fresh = await t.page.evaluate(() => JSON.stringify(window.kpg.session()));
      t.check(fresh !== work, 'the page shows the start-up session');
      // Dismissed, not destroyed: kept (kpg.autosave.list, restore(id)) but not offered again.
      const after = await storedSessions(t);
      t.check(after.some((s) => s.json === work && s.dismissed), 'the dismissed session is kept, marked');
      await reloadAndWait(t);
      await t.page.waitForTimeout(1000);
      t.check(await t.page.isHidden('#session-bar'), 'a dismissed session is not offered again');
      // The untouched start-up session is not written; the first edit is.
      t.check(await stored(t) === null, 'nothing stored for the start-up session');
      t.check((await dispatch(t, { type: 'addPoint', x: 1, y: 1, label: -1 })).ok, 'edit');
      await waitStored(t, await t.page.evaluate(() => JSON.stringify(window.kpg.session())));
    },
  },
  {
    name: 'W11: an edit ends the hold; the offer still restores from memory',
    async run(t) {
      const work = await makeWork(t);
      await reloadAndWait(t);
      await offerText(t);
      t.check((await dispatch(t, { type: 'addPoint', x: 1, y: 1, label: -1 })).ok, 'edit');
      const edited = await t.page.evaluate(() => JSON.stringify(window.kpg.session()));
      await waitStored(t, edited);
      const r = await t.page.evaluate(() => window.kpg.autosave.restore());
      t.check(r.ok, JSON.stringify(r));
      const restored = await t.page.evaluate(() => JSON.stringify(window.kpg.session()));
      t.check(restored === work, 'the offered session comes back');
      t.check(await kept(t, edited), 'the edit made meanwhile is kept too');
    },
  },
];
