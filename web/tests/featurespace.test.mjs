// The feature space in 3-D (src/app/modes/featurespace/): opened by window.kpg on XOR, its lifted
// points checked against the notes' maps computed here in JS, and its camera driven as a person
// does: a mouse drag orbits, the wheel zooms, the arrow keys turn it after a click (without
// stepping the method), Home resets it, a one-finger drag orbits on a phone. Screenshots at a
// laptop, a phone and a large high-DPI screen (build/screenshots/featurespace-*.png).

import { dispatchTouch } from './harness.mjs';

async function must(t, action) {
  const r = await t.page.evaluate((a) => window.kpg.dispatch(a), action);
  t.check(r && r.ok, `dispatch ${JSON.stringify(action)}: ${JSON.stringify(r)}`);
  return r;
}

const maps = {
  quadratic: ([a, b]) => [a * a, Math.SQRT2 * a * b, b * b],
  product: ([a, b]) => [a, b, a * b],
  squares: ([a, b]) => [a * a, b * b, 0],
  paraboloid: ([a, b]) => [a, b, a * a + b * b],
};
const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];

async function openOnXor(t, map) {
  await t.openApp();
  await must(t, { type: 'generate', name: 'xor', count: 40, noise: 0.15, seed: 2 });
  await must(t, { type: 'setKernel', kernel: 'polynomial', gamma: 1, coef0: 0, degree: 2 });
  await must(t, { type: 'setFeatureSpace', map });
  await t.waitFrames(4);
}

const centreOf = (r) => ({ x: (r[0] + r[2]) / 2, y: (r[1] + r[3]) / 2 });

export default [
  {
    name: 'featurespace: the four maps lift the points as the notes write them; w, b at each step',
    async run(t) {
      await openOnXor(t, 'quadratic');
      for (const map of Object.keys(maps)) {
        await must(t, { type: 'setFeatureSpace', map });
        const s = await t.state();
        const fs = s.featureSpace;
        t.check(fs && fs.map === map, `featureSpace.map ${fs && fs.map}`);
        const pts = s.session.points;
        t.check(fs.points.length === pts.length, `${fs.points.length} lifted points for ${pts.length}`);
        let worst = 0;
        pts.forEach(([x, y], i) => {
          const phi = maps[map]([x, y]);
          for (let k = 0; k < 3; k += 1) worst = Math.max(worst, Math.abs(phi[k] - fs.points[i][k]));
        });
        t.check(worst < 1e-12, `${map}: φ differs from the notes' formula by ${worst}`);
        t.check(Array.isArray(fs.w) && fs.w.length === 3 && Number.isFinite(fs.b), `${map}: w, b`);
      }
      // Stepping moves the plane: w changes between step 0 and step 5.
      await must(t, { type: 'setFeatureSpace', map: 'product' });
      const w0 = (await t.state()).featureSpace.w;
      await must(t, { type: 'modeStep', n: 5 });
      const s5 = await t.state();
      t.check(s5.mode.position === 5, `position ${s5.mode.position}`);
      t.check(s5.featureSpace.w.some((v, k) => v !== w0[k]), 'w moved with the pair updates');
      // At convergence the product map separates XOR: y·(w·φ + b) > 0 for nearly every point.
      await must(t, { type: 'modeRun', budgetMs: 5000 });
      const end = await t.state();
      const fs = end.featureSpace;
      const right = end.session.points.filter((p, i) => p[2] * (dot(fs.w, fs.points[i]) + fs.b) > 0).length;
      t.check(right >= 36, `product map: ${right} of 40 on the right side`);
      // Kernel PCA for the lab's RBF kernel: no plane, three shares.
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 1 });
      await must(t, { type: 'setFeatureSpace', map: 'kpca' });
      const k = (await t.state()).featureSpace;
      t.check(k.w === null && k.explained.length === 3 && k.explained[0] >= k.explained[2],
              `kpca: ${JSON.stringify({ w: k.w, explained: k.explained })}`);
      await must(t, { type: 'setFeatureSpace', map: 'off' });
      const off = await t.state();
      t.check(off.featureSpace === null && off.mode.name === 'svm', 'off: back to the lab');
    },
  },
  {
    name: 'featurespace: mouse drag orbits, wheel zooms, arrows turn after a click, Home resets',
    async run(t) {
      await openOnXor(t, 'product');
      const view = await t.controlRect('featureSpace.view');
      const c = centreOf(view);
      const camera = async () => (await t.state()).featureSpace.camera;
      const before = await camera();
      await t.page.mouse.move(c.x, c.y);
      await t.waitFrames(2);
      await t.page.mouse.down();
      await t.waitFrames(2);
      for (let k = 1; k <= 6; k += 1) {
        await t.page.mouse.move(c.x + 20 * k, c.y + 5 * k);
        await t.waitFrames(1);
      }
      await t.page.mouse.up();
      await t.waitFrames(3);
      const dragged = await camera();
      t.check(Math.abs(dragged.yaw - before.yaw) > 5, `yaw ${before.yaw} → ${dragged.yaw}`);
      t.check(dragged.pitch !== before.pitch, 'the vertical part of the drag tilts the view');
      await t.page.mouse.wheel(0, -400);
      await t.waitFrames(4);
      const zoomed = await camera();
      t.check(zoomed.distance < dragged.distance, `distance ${dragged.distance} → ${zoomed.distance}`);
      // Arrows turn the clicked view; they do not step the method.
      const position = (await t.state()).mode.position;
      await t.page.keyboard.press('ArrowLeft');
      await t.waitFrames(3);
      const turned = await camera();
      t.check(Math.abs(Math.abs(turned.yaw - zoomed.yaw) - 5) < 1e-6, `ArrowLeft: yaw ${zoomed.yaw} → ${turned.yaw}`);
      t.check((await t.state()).mode.position === position, 'ArrowLeft did not step');
      await t.page.keyboard.press('Home');
      await t.waitFrames(3);
      const reset = await camera();
      t.check(Math.abs(reset.pitch - 30) < 1e-9 && Math.abs(reset.yaw + 60) < 1e-9,
              `Home: ${JSON.stringify(reset)}`);
      // The map chooser by a real click.
      await t.clickControl('featureSpace.quadratic');
      await t.waitFrames(3);
      t.check((await t.state()).featureSpace.map === 'quadratic', 'the radio button picked the map');
      await must(t, { type: 'modeStep', n: 8 });
      await t.waitFrames(4);
      await t.screenshot('featurespace-laptop');
    },
  },
  {
    name: 'featurespace: on a phone, the 3-D view tab and a one-finger drag',
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
    async run(t) {
      await openOnXor(t, 'product');
      const tab = await t.controlRect('tab.plots');
      await t.page.touchscreen.tap((tab[0] + tab[2]) / 2, (tab[1] + tab[3]) / 2);
      await t.waitFrames(4);
      const view = await t.controlRect('featureSpace.view');
      const c = centreOf(view);
      const before = (await t.state()).featureSpace.camera;
      await dispatchTouch(t.page, 'touchstart', c);
      await t.waitFrames(2);
      for (let k = 1; k <= 5; k += 1) {
        await dispatchTouch(t.page, 'touchmove', { x: c.x + 15 * k, y: c.y });
        await t.waitFrames(1);
      }
      await dispatchTouch(t.page, 'touchend', { x: c.x + 75, y: c.y });
      await t.waitFrames(3);
      const after = (await t.state()).featureSpace.camera;
      t.check(Math.abs(after.yaw - before.yaw) > 5, `touch drag: yaw ${before.yaw} → ${after.yaw}`);
      await must(t, { type: 'modeRun', budgetMs: 3000 });
      await t.waitFrames(4);
      await t.screenshot('featurespace-phone');
    },
  },
  {
    name: 'featurespace: a large high-DPI screen',
    context: { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 },
    async run(t) {
      await openOnXor(t, 'quadratic');
      await must(t, { type: 'modeRun', budgetMs: 3000 });
      await t.waitFrames(4);
      await t.screenshot('featurespace-large');
    },
  },
];
