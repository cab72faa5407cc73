// The feature space's exercises, tutorial, figure and embedded frame, driven as a student does:
// support vectors picked by real clicks on the lifted points of the 3-D view, the map chooser's
// radio buttons, "my plane" turned by a drag in the view, the tutorial's "Try it", Export PNG of
// the canvas and the 3-D view together, and the view inside a 600 × 440 iframe-sized page.
// Every right answer is derived here from state() (the lifted points, the SVM's w and b), never
// stored. Screenshots: build/screenshots/featurespace-{exercise,plane,tutorial,embed}.png.

const dot3 = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const centreOf = (r) => ({ x: (r[0] + r[2]) / 2, y: (r[1] + r[3]) / 2 });

async function must(t, action) {
  const r = await t.page.evaluate((a) => window.kpg.dispatch(a), action);
  t.check(r && r.ok, `dispatch ${JSON.stringify(action)}: ${JSON.stringify(r)}`);
  return r;
}

async function runToEnd(t) {
  for (let k = 0; k < 200 && !(await t.state()).mode.finished; k += 1) {
    await must(t, { type: 'modeRun', budgetMs: 200 });
  }
}

async function click(t, p) {
  await t.page.mouse.move(p.x, p.y);
  await t.waitFrames(2);
  await t.page.mouse.down();
  await t.waitFrames(2);
  await t.page.mouse.up();
  await t.waitFrames(3);
}

export default [
  {
    name: 'featurespace exercises: support vectors picked in 3-D by real clicks, then Run',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'openExercise', id: 'feature-space-support-vectors' });
      await t.waitFrames(4);
      let s = await t.state();
      t.check(s.mode.name === 'featurespace' && s.featureSpace.map === 'product',
              `opens the product map: ${s.mode.name} ${s.featureSpace && s.featureSpace.map}`);
      // The lifted points nearest the plane x₁x₂ = 0 (the smallest |φ₃|): by the data's symmetry
      // (x ↦ −x) the widest plane is φ₃ = 0 itself, so they are the support vectors.
      const heights = s.featureSpace.points.map((p) => Math.abs(p[2]));
      const nearest = Math.min(...heights);
      const picks = heights.map((h, i) => (h === nearest ? i : -1)).filter((i) => i >= 0);
      t.check(picks.length === 4, `four inner corners: ${JSON.stringify(picks)}`);
      const at = (await t.view()).view3dPoints;
      for (const i of picks) await click(t, { x: at[i][0], y: at[i][1] });
      s = await t.state();
      t.check(JSON.stringify([...s.exercise.selected].sort()) === JSON.stringify(picks),
              `clicked in 3-D: ${JSON.stringify(s.exercise.selected)}`);
      await t.screenshot('featurespace-exercise');
      await t.clickControl('exercise.submit');
      s = await t.state();
      t.check(s.exercise.status === 'solved', `submitted by the button: ${s.exercise.feedback}`);
      // "then train and compare": Run, and α > 0 on exactly the picked points.
      await runToEnd(t);
      const alpha = (await t.state()).featureSpace.alpha;
      const svs = alpha.map((a, i) => (a > 0 ? i : -1)).filter((i) => i >= 0);
      t.check(JSON.stringify(svs) === JSON.stringify(picks), `after Run, α > 0 at ${JSON.stringify(svs)}`);
    },
  },
  {
    name: 'featurespace exercises: which map separates XOR, by the map buttons and Check',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'openExercise', id: 'feature-map-xor' });
      await t.waitFrames(4);
      t.check((await t.state()).featureSpace.map === 'squares', 'opens on (x₁², x₂²)');
      await t.clickControl('exercise.check');
      let s = await t.state();
      t.check(s.exercise.status === 'failed' && /same point/.test(s.exercise.feedback),
              `squares explained: ${s.exercise.feedback}`);
      await t.clickControl('featureSpace.product');
      await t.waitFrames(3);
      s = await t.state();
      t.check(s.featureSpace.map === 'product', 'the radio button chose the product map');
      // The certificate the checker's verdict must agree with: the converged SVM separates.
      await runToEnd(t);
      s = await t.state();
      const fs = s.featureSpace;
      t.check(s.session.points.every((p, i) => p[2] * (dot3(fs.w, fs.points[i]) + fs.b) > 0),
              'the product map: every lifted point on its side of w·φ + b = 0');
      await t.clickControl('exercise.check');
      s = await t.state();
      t.check(s.exercise.status === 'solved', `product accepted: ${s.exercise.feedback}`);
    },
  },
  {
    name: 'featurespace exercises: my plane, turned by a drag in the view, then checked',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'openExercise', id: 'feature-space-tilt-plane' });
      await t.waitFrames(4);
      await t.clickControl('featureSpace.myPlane');
      let plane = (await t.state()).featureSpace.studentPlane;
      t.check(plane && plane.elevation === 90 && plane.wrong.length > 0,
              `my plane starts flat and does not separate: ${JSON.stringify(plane)}`);
      await t.clickControl('featureSpace.dragPlane');
      const view = await t.controlRect('featureSpace.view');
      const c = centreOf(view);
      const camera = (await t.state()).featureSpace.camera;
      await t.page.mouse.move(c.x, c.y);
      await t.waitFrames(2);
      await t.page.mouse.down();
      await t.waitFrames(2);
      for (let k = 1; k <= 6; k += 1) {
        await t.page.mouse.move(c.x + 10 * k, c.y + 10 * k);
        await t.waitFrames(1);
      }
      await t.page.mouse.up();
      await t.waitFrames(3);
      const s = await t.state();
      plane = s.featureSpace.studentPlane;
      // Half a degree per pixel: 60 px right and 60 px down turn it by 30° and tip it by 30°.
      t.check(Math.abs(plane.azimuth - 30) < 1e-6 && Math.abs(plane.elevation - 60) < 1e-6,
              `dragged: ${JSON.stringify(plane)}`);
      t.check(s.featureSpace.camera.yaw === camera.yaw, 'the drag turned the plane, not the camera');
      // The wrong-side count, recounted here from the lifted points and her plane's normal.
      const n = plane.normal;
      const wrong = s.session.points.filter((p, i) => p[2] * (dot3(n, s.featureSpace.points[i]) - plane.offset) <= 0);
      t.check(wrong.length === plane.wrong.length, `wrong side: ${wrong.length} vs ${plane.wrong.length}`);
      await t.clickControl('exercise.check');
      const failed = (await t.state()).exercise;
      t.check(failed.status === 'failed', 'a plane that errs is not accepted');
      t.check(failed.feedbackCurrent === true, 'the feedback is about her plane as it is');
      // Tilted onto the SVM's own plane (as the sliders would set it): it separates, at 100 %.
      await must(t, { type: 'modeRun', budgetMs: 3000 });
      const fs = (await t.state()).featureSpace;
      const norm = Math.hypot(...fs.w);
      const u = fs.w.map((v) => v / norm);
      await must(t, { type: 'setModeParams', plane: { azimuth: Math.atan2(u[1], u[0]) * 180 / Math.PI,
                                                      elevation: Math.asin(u[2]) * 180 / Math.PI,
                                                      offset: -fs.b / norm } });
      await t.waitFrames(3);
      // Her plane moved since the check: the panel greys the old words and says they are older.
      t.check((await t.state()).exercise.feedbackCurrent === false, 'the old feedback is marked older');
      await t.screenshot('featurespace-plane');
      await t.clickControl('exercise.check');
      const done = (await t.state()).exercise;
      t.check(done.status === 'solved' && /margin/.test(done.feedback), `solved: ${done.feedback}`);
    },
  },
  {
    name: 'featurespace tutorial: 004\'s examples, Try it opens the 3-D view with the page\'s map',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'openTutorial', id: 'feature-space', page: 1 });
      await t.waitFrames(4);
      let s = await t.state();
      const value = (name) => s.tutorial.values.find((v) => v.name === name);
      t.check(value('product_w_3') && value('product_w_3').exact === '-1', `page 2: w₃ ${JSON.stringify(value('product_w_3'))}`);
      await t.clickControl('tutorial.tryIt');
      await t.waitFrames(4);
      s = await t.state();
      t.check(s.mode.name === 'featurespace' && s.featureSpace.map === 'product',
              `Try it: ${s.mode.name} ${s.featureSpace && s.featureSpace.map}`);
      t.check(s.session.points.length === 4, `the notes' four XOR points: ${s.session.points.length}`);
      await runToEnd(t);
      s = await t.state();
      // The 3-D view's plane is the page's exact one: w = (0, 0, −1), b = 0.
      const w = s.featureSpace.w;
      t.check(Math.abs(w[0]) < 1e-6 && Math.abs(w[1]) < 1e-6 && Math.abs(w[2] + 1) < 1e-6 && Math.abs(s.featureSpace.b) < 1e-6,
              `w ${JSON.stringify(w)}, b ${s.featureSpace.b}`);
      await t.waitFrames(3);
      await t.screenshot('featurespace-tutorial');
      // Export PNG in the feature space: the canvas and the 3-D view in one figure.
      const figure = await t.page.evaluate(() => window.kpg.exportPng({ download: false }));
      const rect = await t.controlRect('featureSpace.view');
      t.check(figure.ok && figure.type === 'image/png' && figure.cssWidth >= (rect[2] - rect[0]) + (figure.plot[2] - figure.plot[0]),
              `figure with the 3-D view: ${JSON.stringify(figure)}`);
    },
  },
  {
    name: 'featurespace in an embedded frame (600 × 440): the view is there and turns',
    context: { viewport: { width: 600, height: 440 } },
    async run(t) {
      await t.page.goto(`${t.baseUrl}?embed=1&method=featurespace&preset=xor&kernel=polynomial&gamma=1&coef0=0&degree=2`);
      await t.page.waitForFunction(() => window.kpg && window.kpg.ready, null, { timeout: 60000 });
      await t.waitFrames(6);
      const s = await t.state();
      t.check(s.featureSpace && s.featureSpace.map === 'quadratic', `embedded feature space: ${JSON.stringify(s.featureSpace && s.featureSpace.map)}`);
      const view = await t.controlRect('featureSpace.view');
      t.check(view && view[2] - view[0] >= 150 && view[3] - view[1] >= 120 && view[2] <= 600 && view[3] <= 440,
              `the 3-D view fits the frame: ${JSON.stringify(view)}`);
      const c = centreOf(view);
      const before = s.featureSpace.camera;
      await t.page.mouse.move(c.x, c.y);
      await t.waitFrames(2);
      await t.page.mouse.down();
      for (let k = 1; k <= 5; k += 1) {
        await t.page.mouse.move(c.x + 12 * k, c.y);
        await t.waitFrames(1);
      }
      await t.page.mouse.up();
      await t.waitFrames(3);
      const after = (await t.state()).featureSpace.camera;
      t.check(Math.abs(after.yaw - before.yaw) > 5, `yaw ${before.yaw} → ${after.yaw}`);
      await t.screenshot('featurespace-embed');
    },
  },
];
