// A course page embedding the app: web/embed-example.html's three iframes open with
// the state their address parameters ask for (session/url_params.hpp), and a locked control
// refuses the real mouse: a click on each locked control drawn (kpg_lockable_items_json, the
// rectangles panels/lock_ui.cpp records) changes nothing, a click on an unlocked one works.
// Also: a bad address parameter is shown on the page and the app runs on.

async function frameOf(t, id) {
  const handle = await t.page.$(`iframe#${id}`);
  t.check(handle, `the course page has the iframe #${id}`);
  const frame = await handle.contentFrame();
  await frame.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                              { timeout: 90000 });
  const error = await frame.evaluate(() => window.kpg.error);
  t.check(!error, `#${id} started: ${error}`);
  return { id, frame, handle };
}

const stateOf = (f) => f.frame.evaluate(() => window.kpg.state());
const itemsOf = (f) => f.frame.evaluate(() =>
  JSON.parse(Module.UTF8ToString(Module._kpg_lockable_items_json())));
const framesOf = (f) => f.frame.evaluate(() =>
  JSON.parse(Module.ccall('kpg_view_json', 'string', [], [])).frames);

// The app draws only when something changed (an input it saw, a running
// solver), and a key pressed while another frame has the focus is nothing to this one, so the
// wait asks for the frames, as harness.mjs's waitFrames does.
async function waitFrames(f, count = 3) {
  const now = await framesOf(f);
  await f.frame.waitForFunction((target) => {
    Module.ccall('kpg_request_frame', null, [], []);
    return JSON.parse(Module.ccall('kpg_view_json', 'string', [], [])).frames >= target;
  }, now + count, { timeout: 30000, polling: 20 });
}

// A real click (mouse down and up a few frames apart: ImGui reads input once per frame) at the
// centre of an item's rectangle, inside its iframe.
async function clickItem(t, f, item) {
  const [left, top, right, bottom] = item.rect;
  // A person scrolls the course page to the frame before clicking in it (a click on the earlier
  // frame's controls would otherwise land above the viewport). Then: where the iframe is now
  // (1 px is its border).
  await f.handle.scrollIntoViewIfNeeded();
  const box = await f.handle.boundingBox();
  const x = box.x + 1 + (left + right) / 2;
  const y = box.y + 1 + (top + bottom) / 2;
  await t.page.mouse.move(x, y);
  await waitFrames(f, 2);
  await t.page.mouse.down();
  await waitFrames(f, 2);
  await t.page.mouse.up();
  await waitFrames(f, 3);
  return { x, y };
}

// What the locks protect, to compare before and after a click.
function protectedPart(s) {
  return JSON.stringify({ points: s.session.points, kernel: s.session.kernel, C: s.session.C,
                          eps: s.session.eps, rule: s.session.rule, step: s.solver.step,
                          mode: s.mode.name });
}

export default [
  {
    name: 'the course page: three iframes with their states; locked controls refuse the mouse',
    async run(t) {
      await t.page.setViewportSize({ width: 900, height: 1700 });
      await t.page.goto(t.baseUrl + 'embed-example.html');
      const hand = await frameOf(t, 'hand-solved');
      const moons = await frameOf(t, 'moons');
      const kpca = await frameOf(t, 'kpca');
      for (const f of [hand, moons, kpca]) {
        const width = await f.frame.evaluate(() => window.innerWidth);
        t.check(width === 600, `#${f.id} is 600 px wide inside: ${width}`);
      }

      // 1. The hand-solved example at step 0, every control locked but stepping.
      let s = await stateOf(hand);
      t.check(s.session.preset === 'hand-solved' && s.session.points.length === 3,
              `hand-solved preset: ${s.session.preset}, ${s.session.points.length} points`);
      t.check(s.solver.step === 0, `step 0: ${s.solver.step}`);
      t.check(JSON.stringify(s.page.locks) ===
              JSON.stringify(['kernel', 'C', 'gamma', 'data', 'solver', 'method']),
              `only stepping unlocked: ${JSON.stringify(s.page.locks)}`);
      t.check(s.page.embed && JSON.stringify(s.page.panels) ===
              JSON.stringify(['controls', 'canvas', 'pair', 'status']), JSON.stringify(s.page));

      // 2. Two moons, RBF, only γ unlocked; autorun converges it.
      await moons.frame.waitForFunction(() => window.kpg.state().solver.status === 'converged',
                                        null, { timeout: 60000 });
      s = await stateOf(moons);
      t.check(s.session.preset === 'moons' && s.session.kernel.type === 'rbf' &&
              s.session.kernel.gamma === 1 && s.session.C === 10,
              `moons, rbf γ = 1, C = 10: ${JSON.stringify(s.session.kernel)}, C ${s.session.C}`);
      t.check(JSON.stringify(s.page.locks) ===
              JSON.stringify(['kernel', 'C', 'data', 'step', 'solver', 'method']),
              `only γ unlocked: ${JSON.stringify(s.page.locks)}`);
      t.check(s.page.autorun, 'autorun on');

      // 3. Kernel PCA on circles.
      s = await stateOf(kpca);
      t.check(s.mode.name === 'kpca' && s.session.preset === 'circles',
              `kernel PCA on circles: ${s.mode.name}, ${s.session.preset}`);
      t.check(s.session.kernel.type === 'rbf' && s.session.kernel.gamma === 2, JSON.stringify(s.session.kernel));
      t.check(JSON.stringify(s.page.locks) === JSON.stringify(['data', 'method']), JSON.stringify(s.page.locks));

      await t.screenshot('embed-example-page');

      // The real mouse on every lockable control each frame draws: locked ones change nothing.
      for (const f of [hand, moons, kpca]) {
        const items = await itemsOf(f);
        const locked = items.filter((i) => i.locked);
        t.check(locked.length >= 2, `#${f.id} draws its locked controls: ${JSON.stringify(items.map((i) => i.item))}`);
        for (const item of locked) {
          const before = protectedPart(await stateOf(f));
          await clickItem(t, f, item);
          // A combo that opened would show a popup; press Escape to close any (none should open).
          await t.page.keyboard.press('Escape');
          await waitFrames(f, 2);
          const after = protectedPart(await stateOf(f));
          t.check(after === before, `#${f.id}: a click on the locked "${item.item}" changed ${before} → ${after}`);
        }
      }
      // The canvas refuses a new point (data locked) with the reason in the banner.
      {
        const view = await moons.frame.evaluate(() => JSON.parse(Module.ccall('kpg_view_json', 'string', [], [])));
        const before = (await stateOf(moons)).session.points.length;
        await clickItem(t, moons, { rect: [view.canvas.left + 30, view.canvas.top + 60, view.canvas.left + 40, view.canvas.top + 70] });
        const after = await stateOf(moons);
        t.check(after.session.points.length === before, `a click on the canvas added a point: ${before} → ${after.session.points.length}`);
        t.check(after.notices.some((n) => /data are locked on this page/.test(n.text)),
                `the banner says why: ${JSON.stringify(after.notices)}`);
      }
      // Space (stepping) is locked in the moons frame: nothing steps.
      {
        const before = (await stateOf(moons)).solver.step;
        await t.page.keyboard.press('Space');
        await waitFrames(moons, 3);
        t.check((await stateOf(moons)).solver.step === before, 'Space stepped a locked solver');
      }

      // Unlocked controls work with the same mouse: Step in the hand-solved frame ...
      const step = (await itemsOf(hand)).find((i) => i.item === 'Step');
      t.check(step && !step.locked, `the Step button is drawn unlocked: ${JSON.stringify(step)}`);
      await clickItem(t, hand, step);
      s = await stateOf(hand);
      t.check(s.solver.step === 1, `a click on Step took one SMO step: ${s.solver.step}`);
      t.check(s.solver.lastStep && s.solver.lastStep.i !== undefined, 'the step record is there');
      // ... and γ in the moons frame (a click on the slider moves it; autorun converges again).
      const gamma = (await itemsOf(moons)).find((i) => i.item === 'gamma');
      t.check(gamma && !gamma.locked, `the γ slider is drawn unlocked: ${JSON.stringify(gamma)}`);
      await clickItem(t, moons, { rect: [gamma.rect[0] + 10, gamma.rect[1], gamma.rect[0] + 12, gamma.rect[3]] });
      await moons.frame.waitForFunction(() => window.kpg.state().solver.status === 'converged',
                                        null, { timeout: 60000 });
      s = await stateOf(moons);
      t.check(s.session.kernel.gamma !== 1 && s.session.kernel.gamma < 1,
              `a click at the left of the γ slider lowered γ: ${s.session.kernel.gamma}`);
      await t.screenshot('embed-example-after-clicks');

      // window.kpg.dispatch in a frame: refused with the reason, nothing changes.
      const reply = await moons.frame.evaluate(() => window.kpg.dispatch({ type: 'setC', C: 1 }));
      t.check(!reply.ok && /C is locked on this page/.test(reply.error), JSON.stringify(reply));
      t.check((await stateOf(moons)).session.C === 10, 'C unchanged');

      // The share link of an embedded copy keeps its locks and layout.
      const link = await moons.frame.evaluate(() => window.kpg.shareLink());
      const { page: other, close } = { page: await t.page.context().newPage(), close: null };
      await other.goto(link.split('?')[0] + '#' + link.split('#')[1]);
      await other.waitForFunction(() => window.kpg && window.kpg.ready, null, { timeout: 60000 });
      const reopened = await other.evaluate(() => window.kpg.state());
      t.check(JSON.stringify(reopened.page) === JSON.stringify(s.page),
              `the share link kept the page settings: ${JSON.stringify(reopened.page)}`);
      await other.close();
      void close;
    },
  },
  {
    name: 'a bad address parameter is shown on the page, ignored, and the app runs on',
    async run(t) {
      await t.page.goto(t.baseUrl + '?preset=moons&gamma=abc&lock=kernal');
      await t.page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null,
                                   { timeout: 60000 });
      const params = await t.page.evaluate(() => window.kpg.urlParams);
      t.check(!params.ok && params.errors.length === 2, JSON.stringify(params));
      const s = await t.state();
      t.check(s.session.preset === 'moons', 'the good parameter applied');
      const texts = s.notices.map((n) => n.text);
      t.check(texts.includes('address parameter gamma=abc: γ (gamma) must be between 0 and 1e6; write e.g. gamma=0.5'),
              `the banner names the parameter, its value and what to write: ${JSON.stringify(texts)}`);
      t.check(texts.some((x) => x.startsWith('address parameter lock=kernal: unknown control "kernal"')),
              JSON.stringify(texts));
      t.check(s.page.locks.length === 0, 'no lock from a bad name');
      await t.dispatch({ type: 'step', n: 1 });
      t.check((await t.state()).solver.step === 1, 'the app runs on');
      await t.screenshot('embed-bad-parameter');
    },
  },
];
