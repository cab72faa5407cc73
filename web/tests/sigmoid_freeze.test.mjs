// The silent freeze of the reliability audit (N1), as a person meets it: open the app, close the
// start card with "Start exploring", open the kernel list and choose sigmoid, on the start page
// (the hand-solved points, hard margin, Live on). Before the fix SMO grew α without bound (the
// dual has no minimum there), the status blamed overflowing kernel values, and the next frame
// trapped in the pair panel's dashed line (src/app/panels/plot.cpp). Now SMO stops on the
// unbounded dual with a sentence that says why, and the page keeps drawing.
const sizes = [
  { name: 'laptop', context: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 } },
  { name: 'phone', context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true } },
  { name: 'large', context: { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 2 } },
];

// The kernel list opens under the combo, one row per kernel: linear, polynomial, RBF, sigmoid. A
// row is a line of text and the item spacing (19 CSS px; 22 in the phone's touch layout), after
// the popup's 6 px padding.
async function chooseSigmoid(t, tap) {
  // On a phone the Model section is below the fold of the controls: scroll it into view.
  const height = t.page.viewportSize().height;
  let r = await t.controlRect('kernel');
  for (let tries = 0; tries < 20 && r[3] + 4 * 22 > height; ++tries) {
    await t.page.mouse.move((r[0] + r[2]) / 2, height - 60);
    await t.page.mouse.wheel(0, 120);
    await t.waitFrames(3);
    r = await t.controlRect('kernel');
  }
  const x = (r[0] + r[2]) / 2;
  const press = async (y) => {
    if (!tap) return t.clickAt({ x, y });
    await t.page.touchscreen.tap(x, y);
    await t.waitFrames(4);
  };
  await press((r[1] + r[3]) / 2);
  await t.waitFrames(3);
  const pitch = tap ? 22 : 19;
  await press(r[3] + 6 + 3.5 * pitch);
}

export default sizes.map((size) => ({
  name: `sigmoid: choosing sigmoid on the start page stops on the unbounded dual and keeps drawing (${size.name})`,
  context: { firstVisit: true, ...size.context },
  run: async (t) => {
    await t.openApp();
    const tap = size.name === 'phone';
    const close = await t.controlRect('startCard.close');
    const c = { x: (close[0] + close[2]) / 2, y: (close[1] + close[3]) / 2 };
    if (tap) { await t.page.touchscreen.tap(c.x, c.y); await t.waitFrames(4); } else await t.clickAt(c);
    let s = await t.state();
    t.check(s.session.C === 'inf' && s.session.live === true && s.session.kernel.type === 'linear',
            `the start page: hard margin, Live on, linear (${s.session.C}, ${s.session.live}, ${s.session.kernel.type})`);
    // A press can go unseen while a loaded machine draws slowly: the list is opened again then.
    for (let tries = 0; tries < 3 && (await t.state()).session.kernel.type !== 'sigmoid'; ++tries) {
      await chooseSigmoid(t, tap);
      await t.waitFrames(4);
    }
    s = await t.settled();
    t.check(s.session.kernel.type === 'sigmoid', `sigmoid chosen from the list: ${s.session.kernel.type}`);
    // The page is alive: frames go on being drawn, no fault was reported.
    await t.waitFrames(10);
    t.check(await t.page.evaluate(() => window.kpg.error) === null, 'kpg.error stays null');
    t.check(await t.page.evaluate(() => window.kpg.ready) === true, 'kpg.ready stays true');
    s = await t.state();
    t.check(/the dual problem has no solution/.test(s.solver.statusText) && !/overflow/.test(s.solver.statusText),
            `the status says why: ${s.solver.statusText}`);
    t.check(s.solver.status === 'invalid input', `status ${s.solver.status}`);
    t.check(s.solver.alpha.every((a) => Number.isFinite(a)), `α finite: ${JSON.stringify(s.solver.alpha)}`);
    // A reload restores nothing into a trap: the autosaved session opens and draws.
    await t.screenshot(`sigmoid-hard-margin-${size.name}`);
    t.assertNoConsoleErrors();
  },
}));
