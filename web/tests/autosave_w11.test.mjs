// W11 (reliability audit F1): the autosave offered after a reload survives until the user
// restores it, dismisses the offer or edits the session; the fresh start-up session is never
// saved over it. Each page writes its own slot (index.html's autosave block): the session shown
// before a reload stays in its slot, and the new page writes another.

import { dispatch, makeWork, storedSessions, waitStarted, waitStored } from './autosave_helpers.mjs';

const stored = async (t) => ((await storedSessions(t)).find((s) => s.own) || { json: null }).json;
const kept = async (t, json) => (await storedSessions(t)).some((s) => s.json === json);

async function reloadAndWait(t) {
  await t.page.reload();
  await waitStarted(t);
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
