// Getting in and setting values, driven as a person would: the mouse drags the γ log slider and
// types into the fields beside it, hovers controls and reads their tooltips, dismisses the start
// card and reopens it with Help across a reload, reads f(x) under the cursor and w, m = 1/‖w‖ of
// notes 001 Q7, reads points numbered from 1, and finds Step at one place whatever the preset or
// kernel. The rectangles of the controls come from the app (view().guide.items,
// panels/param_widgets.hpp markItem), not from pixel guesses. The "(item N)" ending a test's name
// is the requirement it checks: 4 the phone's one-column layout, 5 sliders and typed values, 6 the
// start card, tooltips, the colour bar and the cursor readout, 7 points numbered from 1,
// 11 controls that stay at one place.
// Screenshots: build/screenshots/guide-*.png.
import { TestContext } from './harness.mjs';

const toPage = TestContext.toPage;

const guide = async (t) => (await t.view()).guide;

// The rectangle of a named control, waiting for it to be drawn (harness.mjs).
const item = (t, name) => t.controlRect(name);

const files = (t) => t.page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._kpg_files_ui_json())));

const centreOf = (r) => ({ x: (r[0] + r[2]) / 2, y: (r[1] + r[3]) / 2 });

const clickItem = (t, name) => t.clickControl(name);

// Clicks a typed field, selects its text, types `text` and presses Enter (as a person would).
async function typeInto(t, name, text) {
  await clickItem(t, name);
  await t.page.keyboard.press('Control+A');
  await t.page.keyboard.type(text, { delay: 20 });
  await t.waitFrames(2);
  await t.page.keyboard.press('Enter');
  await t.waitFrames(4);
}

// Hovers a control and returns the tooltip the app shows for it.
async function hoverTooltip(t, name) {
  const c = centreOf(await item(t, name));
  await t.page.mouse.move(c.x, c.y);
  for (let tries = 0; tries < 40; ++tries) {
    await t.waitFrames(2);
    const text = (await guide(t)).tooltip;
    if (text) return text;
  }
  return '';
}

const settled = (t, timeout = 60000) => t.settled({ untilStopped: true, timeout });

const lastNotice = (s) => (s.notices.length ? s.notices[s.notices.length - 1].text : '');

export default [
  {
    name: 'γ log slider: a drag lands on nice values; typed values clamp or are refused (item 5)',
    run: async (t) => {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      await t.dispatch({ type: 'setKernel', kernel: 'rbf', gamma: 1 });
      const slider = await item(t, 'γ.slider');
      const y = (slider[1] + slider[3]) / 2;
      // Drag the grab from the middle (γ = 1, the log centre of 0.001…1000) to the right end.
      await t.page.mouse.move((slider[0] + slider[2]) / 2, y);
      await t.waitFrames(2);
      await t.page.mouse.down();
      const seen = [];
      for (let k = 1; k <= 8; ++k) {
        await t.page.mouse.move((slider[0] + slider[2]) / 2 + (slider[2] - slider[0]) * k / 14, y);
        await t.waitFrames(2);
        seen.push((await t.state()).session.kernel.gamma);
      }
      await t.page.mouse.move(slider[2] + 40, y);
      await t.waitFrames(3);
      await t.page.mouse.up();
      await t.waitFrames(3);
      const top = (await t.state()).session.kernel.gamma;
      t.check(top === 1000, `dragging past the right end gives γ = 1000, got ${top}`);
      // Every value seen is a rung: m × 10^k with m in 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8.
      const rungs = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];
      for (const g of seen) {
        const e = Math.floor(Math.log10(g) + 1e-9);
        const m = g / 10 ** e;
        t.check(rungs.some((r) => Math.abs(r - m) < 1e-9), `γ = ${g} is a nice value`);
      }
      t.check(seen.every((g, k) => k === 0 || g >= seen[k - 1]), `γ grows: ${seen}`);
      t.check(seen[seen.length - 1] > 10, `half the slider spans decades: ${seen}`);
      await t.screenshot('guide-gamma-slider-1280');

      await typeInto(t, 'γ.field', '0.5');
      let s = await t.state();
      t.check(s.session.kernel.gamma === 0.5, `typed γ = 0.5, got ${s.session.kernel.gamma}`);

      // A typed value may go past the slider's span, as far as window.kpg accepts (the parameter
      // table's one range: 0 to 1e6 for γ); beyond it, it is clamped with a notice.
      await typeInto(t, 'γ.field', '5000');
      s = await t.state();
      t.check(s.session.kernel.gamma === 5000, `5000 is accepted: ${s.session.kernel.gamma}`);
      await typeInto(t, 'γ.field', '2e6');
      s = await t.state();
      t.check(s.session.kernel.gamma === 1e6, `2e6 is clamped to 1e6: ${s.session.kernel.gamma}`);
      t.check(lastNotice(s).includes('γ = 2e+06 is outside 0 to 1e6: set to 1e6'),
              `the notice names the range: ${lastNotice(s)}`);

      await typeInto(t, 'γ.field', 'abc');
      s = await t.state();
      t.check(s.session.kernel.gamma === 1e6, `"abc" is refused: γ ${s.session.kernel.gamma}`);
      t.check(lastNotice(s).includes('is not a number: γ takes a number from 0 to 1e6'),
              `the notice says what to type: ${lastNotice(s)}`);
      await t.screenshot('guide-refused-value-1280');

      // C on its own slider and field (soft margin on moons).
      await typeInto(t, 'C.field', '100');
      s = await t.state();
      t.check(s.session.C === 100, `typed C = 100, got ${s.session.C}`);
      await typeInto(t, 'eps.field', '1e-3');
      t.check((await t.state()).session.eps === 0.001, 'typed eps = 1e-3');

      // N is typed or stepped: type 250, step + once, Generate.
      await typeInto(t, 'N.field', '250');
      await clickItem(t, 'N.plus');
      await clickItem(t, 'generate');
      s = await t.state();
      t.check(s.session.points.length === 260, `N = 250 + 10 points: ${s.session.points.length}`);
      await typeInto(t, 'noise.field', '70');
      s = await t.state();
      t.check(lastNotice(s).includes('noise = 70 is outside 0 to 10: set to 10'),
              `noise is clamped to its range: notice "${lastNotice(s)}", noise ${s.session.noise}, ` +
              `notices ${JSON.stringify(s.notices.slice(-3))}`);
    },
  },
  {
    name: 'start card: first visit, dismissed across a reload, Help reopens it (item 6)',
    context: { firstVisit: true },
    run: async (t) => {
      await t.openApp();
      await t.waitFrames(3);
      t.check((await guide(t)).startCard.open, 'the card shows on the first visit');
      await t.screenshot('guide-start-card-1280');
      await clickItem(t, 'startCard.close');
      t.check(!(await guide(t)).startCard.open, 'Start exploring closes the card');
      await t.openApp();  // a reload: localStorage remembers
      await t.waitFrames(3);
      t.check(!(await guide(t)).startCard.open, 'the card stays closed after a reload');
      await clickItem(t, 'help');
      t.check((await guide(t)).startCard.open, 'Help opens the card again');
      await clickItem(t, 'startCard.tutorials');
      const s = await t.state();
      t.check(!(await guide(t)).startCard.open && s.tutorial.open,
              'the card leads into the tutorials');
    },
  },
  {
    name: 'start card on a phone (390×844, touch, ratio 3) (item 6)',
    context: { firstVisit: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3,
               hasTouch: true, isMobile: true },
    run: async (t) => {
      await t.openApp();
      await t.waitFrames(3);
      t.check((await guide(t)).startCard.open, 'the card shows on a phone too');
      const close = await item(t, 'startCard.close');
      t.check(close[2] <= 390 && close[0] >= 0, `the close button is on screen: ${close}`);
      await t.screenshot('guide-start-card-phone');
      const c = centreOf(close);
      await t.page.touchscreen.tap(c.x, c.y);
      await t.waitFrames(6);
      t.check(!(await guide(t)).startCard.open, 'a tap closes the card');
      await t.screenshot('guide-lab-phone');
    },
  },
  {
    name: 'start card: Esc closes it; not over an embedded frame, a shared link, an exercise or a locked page',
    context: { firstVisit: true },
    run: async (t) => {
      await t.openApp();
      await t.waitFrames(3);
      t.check((await guide(t)).startCard.open, 'the card shows on a plain first visit');
      await t.page.keyboard.press('Escape');
      await t.waitFrames(3);
      t.check(!(await guide(t)).startCard.open, 'Esc closes the card');
      // Each of these is a first visit too (nothing remembered), but shows someone's set-up.
      const link = await t.page.evaluate(() => window.kpg.shareLink());
      await t.page.evaluate(() => window.localStorage.removeItem('kpg.startCard.seen'));
      const pages = [['?embed=1', 'an embedded frame'], ['?lock=C', 'a locked page'],
                     ['?exercise=smo-first-pair', 'an exercise link'],
                     ['#' + link.split('#')[1], 'a shared link']];
      for (const [address, what] of pages) {
        await t.page.goto('about:blank');
        await t.page.goto(t.baseUrl + address);
        await t.page.waitForFunction(() => window.kpg && window.kpg.ready, null, { timeout: 60000 });
        await t.waitFrames(4);
        t.check(!(await guide(t)).startCard.open, `no start card on ${what} (${address.slice(0, 40)})`);
        const seen = await t.page.evaluate(() => window.localStorage.getItem('kpg.startCard.seen'));
        t.check(seen === null, `${what} does not count as having seen the card`);
      }
      // A short frame (a course page's 440 px iframe): Help's card fits inside it.
      await t.page.setViewportSize({ width: 640, height: 440 });
      await t.page.goto('about:blank');
      await t.openApp();
      await t.waitFrames(4);
      t.check((await guide(t)).startCard.open, 'the plain page still shows it');
      const card = (await guide(t)).startCard.rect;
      t.check(card[1] >= 0 && card[3] <= 440 && card[0] >= 0 && card[2] <= 640,
              `the card stays inside the frame (it scrolls): ${card}`);
      await t.screenshot('guide-start-card-640x440');
    },
  },
  {
    name: 'a phone (390x844, touch) gets one column: the canvas at full width, tabs, 44 px targets (item 4)',
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
    run: async (t) => {
      await t.openApp();
      await t.dispatch({ type: 'setLive', on: false });
      await t.dispatch({ type: 'preset', name: 'hand-solved' });
      await t.waitFrames(3);
      const view = await t.view();
      t.check(view.canvas.left < 24 && view.canvas.right > 390 - 80,
              `the canvas spans the width (the colour bar at its right): ${JSON.stringify(view.canvas)}`);
      const tap = async (name) => {
        const c = centreOf(await item(t, name));
        await t.page.touchscreen.tap(c.x, c.y);
        await t.waitFrames(6);
      };
      const tabs = {};
      for (const name of ['tab.controls', 'tab.pair', 'tab.plots', 'help']) {
        const r = await item(t, name);
        tabs[name] = r;
        t.check(r[3] - r[1] >= 44, `${name} is a finger's target: ${r[3] - r[1]} px high`);
        t.check(r[1] >= view.canvas.bottom, `${name} is under the canvas (${r[1]} ≥ ${view.canvas.bottom})`);
        t.check(r[0] >= 0 && r[2] <= 390, `${name} is on screen: ${r}`);
      }
      // Controls first: Step is a 44 px button, and a tap steps.
      const step = await item(t, 'step');
      t.check(step[3] - step[1] >= 44, `Step is ${step[3] - step[1]} px high`);
      t.check(step[1] > tabs['tab.controls'][3], 'Step is in the section under the tabs');
      await tap('step');
      t.check((await t.state()).solver.step === 1, 'a tap on Step steps once');
      // A touch screen has no hover: once the finger is up, no tooltip covers Run and Reset.
      t.check((await guide(t)).tooltip === '', `no tooltip after the tap: "${(await guide(t)).tooltip}"`);
      await t.screenshot('guide-phone-controls');
      // The toolbar keeps its five buttons on screen (one-word labels where the full ones do not fit).
      const bar = await files(t);
      for (const name of ['share', 'save-session', 'open-session', 'import-data', 'export']) {
        t.check(bar.rects[name] && bar.rects[name][2] <= 390, `${name} on screen: ${bar.rects[name]}`);
      }
      // The pair's tab shows the pair update, not the controls.
      await tap('tab.pair');
      await t.waitFrames(4);
      t.check(!(await guide(t)).items.step, 'the controls are not drawn under the Pair update tab');
      await t.screenshot('guide-phone-pair');
      await tap('tab.plots');
      t.check(!(await guide(t)).items.step, 'nor under Plots');
      await t.screenshot('guide-phone-plots');
      await tap('tab.controls');
      t.check((await item(t, 'step')) !== null, 'back to the controls');
      t.check((await t.state()).solver.step === 1, 'switching tabs changes nothing in the lab');
    },
  },
  {
    name: 'a laptop (1280x800) keeps the columns: no phone tabs (item 4)',
    run: async (t) => {
      await t.openApp();
      await item(t, 'step');
      const g = await guide(t);
      t.check(!g.items['tab.controls'] && !g.items['tab.plots'], `no tabs: ${Object.keys(g.items)}`);
      const view = await t.view();
      t.check(view.canvas.left > 200, `the controls' column is left of the canvas: ${view.canvas.left}`);
      // The toolbar's full labels fit here: "Save session" is no one-word button.
      const save = (await files(t)).rects['save-session'];
      t.check(save && save[2] - save[0] > 80, `"Save session" in full: ${save}`);
    },
  },
  {
    name: 'tooltips use the notes\' words on every kind of control (item 6)',
    run: async (t) => {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      await t.dispatch({ type: 'setKernel', kernel: 'rbf', gamma: 1 });
      const expected = {
        kernel: 'k(x, x′) = φ(x)·φ(x′)',
        'γ.slider': 'exp(−γ‖x − x′‖²)',
        'C.slider': 'box [0, C]',
        'eps.field': 'Type eps (1e-12 to 10)',  // the range window.kpg accepts too
        step: 'clip to [0, C] keeping Σ αₖyₖ = 0',
        'class-1': 'class y = −1',
        preset: 'notes\' worked examples',
      };
      for (const [name, words] of Object.entries(expected)) {
        const text = await hoverTooltip(t, name);
        t.check(text.includes(words), `tooltip of ${name}: "${text}" should say "${words}"`);
      }
      await hoverTooltip(t, 'C.slider');
      await t.screenshot('guide-tooltip-C-1280');
    },
  },
  {
    name: 'colour bar, f(x) under the cursor, w and m = 1/‖w‖ of notes 001 Q7 (item 6)',
    run: async (t) => {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'hand-solved' });
      await t.dispatch({ type: 'setKernel', kernel: 'linear' });
      await t.dispatch({ type: 'runToConvergence' });
      const s = await settled(t);
      t.check(s.solver.status === 'converged', s.solver.statusText);
      await t.waitFrames(3);
      const g = await guide(t);
      t.check(g.colourBar, 'the colour bar is shown beside the canvas');
      // The notes' answer (001 Q7): w = (1, ½), t = 3/2, m = 1/‖w‖ = 2/√5.
      t.check(g.linear.shown, 'w is shown with the linear kernel');
      t.near(g.linear.w[0], 1, 1e-9, 'w₁');
      t.near(g.linear.w[1], 0.5, 1e-9, 'w₂');
      t.near(g.linear.margin, 2 / Math.sqrt(5), 1e-9, 'm = 1/‖w‖');
      t.near(g.linear.width, 4 / Math.sqrt(5), 1e-9, '2/‖w‖');
      // The cursor readout at plot point (2, 2): f = w·x + b = 2 + 1 − 1.5 = 1.5.
      const view = await t.view();
      const p = toPage(view, 2, 2);
      await t.page.mouse.move(p.x, p.y);
      await t.waitFrames(3);
      const c = (await guide(t)).cursor;
      t.check(c.inside && c.hasF, 'the readout shows f under the cursor');
      t.near(c.x1, 2, 1.5 / view.scale, 'x₁ under the cursor');
      t.near(c.x2, 2, 1.5 / view.scale, 'x₂ under the cursor');
      t.near(c.f, c.x1 + 0.5 * c.x2 - 1.5, 1e-9, 'f(x) = x₁ + ½x₂ − 3/2 at the readout\'s x');
      await t.screenshot('guide-readout-linear-1280');
      await t.page.mouse.move(5, 5);
      await t.waitFrames(3);
      t.check(!(await guide(t)).cursor.inside, 'no readout with the pointer off the canvas');
    },
  },
  {
    name: 'points are numbered from 1 on screen; state() stays 0-based (item 7)',
    run: async (t) => {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'hand-solved' });
      await t.dispatch({ type: 'setKernel', kernel: 'linear' });
      await t.dispatch({ type: 'runToConvergence' });
      const s = await settled(t);
      // state() is 0-based: the notes' x₃ = (0, 1), y₃ = −1 is points[2], α₃ = ⅝ is alpha[2].
      t.check(s.session.points[2][0] === 0 && s.session.points[2][1] === 1, 'points[2] is x₃');
      t.near(s.solver.alpha[2], 0.625, 1e-9, 'alpha[2] = α₃ = 5/8');
      // The α bars: sweep the mouse across and read the tooltips.
      const bars = await item(t, 'alphaBars');
      const names = new Set();
      for (let k = 0; k <= 30; ++k) {
        await t.page.mouse.move(bars[0] + (bars[2] - bars[0]) * k / 30, (bars[1] + bars[3]) / 2);
        await t.waitFrames(2);
        const text = (await guide(t)).tooltip;
        if (text.startsWith('α')) names.add(text);
      }
      const list = [...names];
      t.check(list.some((x) => x.startsWith('α₁ = 0.25   (point 1, y = +1)')), list.join(' | '));
      t.check(list.some((x) => x.startsWith('α₃ = 0.625   (point 3, y = −1)')), list.join(' | '));
      t.check(!list.some((x) => x.startsWith('α₀')), `no α₀: ${list.join(' | ')}`);
      await t.screenshot('guide-alpha-bars-numbered-1280');
      // The point card of x₃ on the canvas.
      const p = toPage(await t.view(), 0, 1);
      await t.page.mouse.move(p.x, p.y);
      let card = '';
      for (let tries = 0; tries < 20 && !card.startsWith('Point'); ++tries) {
        await t.waitFrames(2);
        card = (await guide(t)).tooltip;
      }
      t.check(card === 'Point 3, class y = −1', `the point card: "${card}"`);
      await t.screenshot('guide-point-card-numbered-1280');
    },
  },
  {
    name: 'Step stays put across presets, kernels and forms; methods add points by chips (item 11)',
    run: async (t) => {
      await t.openApp();
      const places = [];
      const setups = [
        [{ type: 'preset', name: 'hand-solved' }, { type: 'setKernel', kernel: 'linear' }],
        [{ type: 'preset', name: 'moons' }, { type: 'setKernel', kernel: 'rbf', gamma: 1 }],
        [{ type: 'preset', name: 'circles' },
          { type: 'setKernel', kernel: 'polynomial', gamma: 1, coef0: 0, degree: 2 }],
        [{ type: 'preset', name: 'blobs' },
          { type: 'setKernel', kernel: 'sigmoid', gamma: 0.5, coef0: 0 }],
      ];
      for (const actions of setups) {
        for (const a of actions) await t.dispatch(a);
        await t.waitFrames(3);
        places.push(await item(t, 'step'));
      }
      for (const r of places) {
        t.check(r[0] === places[0][0] && r[1] === places[0][1],
                `Step at ${r} instead of ${places[0]}`);
      }
      // The perceptron: primal and kernel forms keep Step in place; its chips add −1 points.
      await t.dispatch({ type: 'setMode', mode: 'perceptron' });
      await t.dispatch({ type: 'setModeParams', form: 'primal' });
      await t.waitFrames(3);
      const primal = await item(t, 'step');
      await t.dispatch({ type: 'setModeParams', form: 'kernel' });
      await t.waitFrames(3);
      const kernel = await item(t, 'step');
      t.check(primal[1] === kernel[1], `perceptron Step ${primal} vs ${kernel}`);
      await clickItem(t, 'class-1');
      t.check((await guide(t)).currentClass === -1, 'the −1 chip is chosen');
      const before = (await t.state()).session.points.length;
      const view = await t.view();
      const p = toPage(view, view.visible.xMin + 0.15 * (view.visible.xMax - view.visible.xMin),
                       view.visible.yMax - 0.15 * (view.visible.yMax - view.visible.yMin));
      await t.page.mouse.move(p.x, p.y);
      await t.waitFrames(2);
      await t.page.mouse.down();
      await t.waitFrames(2);
      await t.page.mouse.up();
      await t.waitFrames(4);
      const after = await t.state();
      t.check(after.session.points.length === before + 1, 'a click in the method adds a point');
      t.check(after.session.points[after.session.points.length - 1][2] === -1,
              'the point has the chip\'s class −1');
      await t.screenshot('guide-perceptron-chips-1280');
    },
  },
];
