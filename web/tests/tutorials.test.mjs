// The Tutorials panel through window.kpg: every page of every tutorial opened by dispatch, its key
// numbers checked against the course notes (typos fixed), a screenshot of each page
// (build/screenshots/tutorial-<id>-<page>.png), the derivation following an edit of the data,
// leaving and coming back to the same page, and bad tutorial actions refused. By mouse: the canvas
// follows the page, closing brings the student's points back, the Data list names what the canvas
// holds, and the perceptron tutorial's Try it opens the perceptron mode.
import { TestContext } from './harness.mjs';

const S5 = Math.sqrt(5);
const toPage = TestContext.toPage;

const S10 = Math.sqrt(10);

function values(s) {
  const out = {};
  for (const v of s.tutorial.values) out[v.name] = v;
  return out;
}

// Checks value `name` of the current page: its exact text (when given) and its double.
function expectValue(t, v, name, exact, value, tolerance = 1e-9) {
  t.check(v[name] !== undefined, `value ${name} on the page (have ${Object.keys(v).join(', ')})`);
  if (exact !== null) t.check(v[name].exact === exact, `${name} exact '${v[name].exact}', notes: '${exact}'`);
  t.near(v[name].value, value, tolerance, name);
}

async function open(t, id, page) {
  await t.dispatch({ type: 'openTutorial', id, page });
  const s = await t.state();
  t.check(s.tutorial.open && s.tutorial.id === id && s.tutorial.page === page,
          `opened ${id} page ${page}: ${JSON.stringify([s.tutorial.open, s.tutorial.id, s.tutorial.page])}`);
  t.check(s.tutorial.pageTitle.length > 0, `${id} page ${page} has a title`);
  return s;
}

// The course notes' numbers, page by page (0-based pages, as window.kpg counts them).
const checks = {
  'hand-solved-svm': {
    0: (t, v) => {  // 001 Q7: the Gram matrix of the labelled points
      const q = [[10, 5, -3], [5, 5, -1], [-3, -1, 1]];
      for (let i = 0; i < 3; i += 1) {
        for (let j = 0; j < 3; j += 1) expectValue(t, v, `Q_${i + 1}${j + 1}`, String(q[i][j]), q[i][j]);
      }
    },
    2: (t, v, s) => {  // ½(5α₁² + 4α₁α₂ + 4α₂²) − 2α₁ − 2α₂; the notes print 3α₂²
      expectValue(t, v, 'R_11', '5', 5);
      expectValue(t, v, 'R_12', '2', 2);
      expectValue(t, v, 'R_22', '4', 4);
      expectValue(t, v, 'e_1', '2', 2);
      expectValue(t, v, 'e_2', '2', 2);
      t.check(s.tutorial.formulas.some((f) => f.includes('α₃ = α₁ + α₂')), 'α₃ = α₁ + α₂ shown');
      t.check(s.tutorial.notesCorrection.includes('3α₂²'), 'the 3α₂² typo is named');
    },
    3: (t, v) => {
      expectValue(t, v, 'alpha_1', '1/4', 0.25);
      expectValue(t, v, 'alpha_2', '3/8', 0.375);
      expectValue(t, v, 'alpha_3', '5/8', 0.625);
    },
    4: (t, v) => { expectValue(t, v, 'w_1', '1', 1); expectValue(t, v, 'w_2', '1/2', 0.5); },
    5: (t, v) => { expectValue(t, v, 't', '3/2', 1.5); },
    6: (t, v) => {
      expectValue(t, v, 'margin', '2/√5', 2 / S5, 1e-12);
      t.near(v.margin.value, 0.894427, 1e-6, 'margin ≈ 0.894427');
      expectValue(t, v, 'sum_alpha', '5/4', 1.25);  // ‖w‖² = Σα
    },
  },
  perceptron: {
    1: (t, v) => {  // 002: scores with β = (1, −1), β₀ = −2
      expectValue(t, v, 'score_1', '-3', -3);
      expectValue(t, v, 'score_2', '1', 1);
      expectValue(t, v, 'score_3', '-2', -2);
    },
    2: (t, v, s) => {  // the update at x₃ (the notes write x₂ but use x₃'s values)
      expectValue(t, v, 'beta_1', '3/2', 1.5);
      expectValue(t, v, 'beta_2', '-1/2', -0.5);
      expectValue(t, v, 'beta_0', '-7/4', -1.75);
      expectValue(t, v, 'new_score_1', '-5/4', -1.25);
      expectValue(t, v, 'new_score_2', '15/4', 3.75);
      expectValue(t, v, 'new_score_3', '1/4', 0.25);
      t.check(/x₂/.test(s.tutorial.notesCorrection) && /x₃/.test(s.tutorial.notesCorrection),
              `the x₂/x₃ slip is named: ${s.tutorial.notesCorrection}`);
    },
    3: (t, v) => { expectValue(t, v, 'updates', null, 1); },
  },
  'kernel-perceptron': {
    0: (t, v) => {  // φ(x)·φ(z) = (1 + x·z)² on XOR: (1,1)·(1,1) → 9, (1,1)·(−1,−1) → 1
      expectValue(t, v, 'phi_dot_11', null, 9, 1e-9);
      expectValue(t, v, 'phi_dot_12', null, 1, 1e-9);
    },
    2: (t, v) => {  // α counts the mistakes; converged when an epoch has none
      const alphas = Object.keys(v).filter((k) => /^alpha_\d+$/.test(k));
      t.check(alphas.length === 4, 'four α');
      for (const k of alphas) t.check(Number.isInteger(v[k].value) && v[k].value >= 0, `${k} is a count`);
      const epochs = v.epochs.value;
      expectValue(t, v, `mistakes_epoch_${epochs}`, '0', 0);
    },
    3: (t, v) => {  // XOR labels −1, −1, +1, +1: the learned f separates them
      t.check(v.f_1.value < 0 && v.f_2.value < 0 && v.f_3.value > 0 && v.f_4.value > 0, 'f separates XOR');
    },
  },
  mercer: {
    0: (t, v) => {  // XOR Gram of (1 + x·z)²: 9 on the diagonal, 1 off it → eigenvalues 8, 8, 8, 12
      const eig = [1, 2, 3, 4].map((k) => v[`eigenvalue_${k}`].value).sort((a, b) => a - b);
      [8, 8, 8, 12].forEach((e, k) => t.near(eig[k], e, 1e-9, `eigenvalue ${k + 1}`));
      expectValue(t, v, 'psd', null, 1);
    },
    1: (t, v) => {  // tanh(x·z) on (1,0), (2,0): det = tanh(1)tanh(4) − tanh(2)² < 0
      t.near(v.sigmoid_K_11.value, Math.tanh(1), 1e-12, 'tanh(1)');
      t.near(v.sigmoid_K_12.value, Math.tanh(2), 1e-12, 'tanh(2)');
      t.near(v.sigmoid_K_22.value, Math.tanh(4), 1e-12, 'tanh(4)');
      t.check(Math.min(v.sigmoid_eigenvalue_1.value, v.sigmoid_eigenvalue_2.value) < 0, 'a negative eigenvalue');
      expectValue(t, v, 'sigmoid_psd', null, 0);
    },
    2: (t, v) => {  // ‖φ(x) − φ(z)‖² = k(x,x) − 2k(x,z) + k(z,z) = 9 − 2 + 9 = 16 for (1,1), (1,−1)
      t.near(v.distance_squared.value, 16, 1e-9, 'distance²');
      t.near(v.distance.value, 4, 1e-9, 'distance');
    },
    3: (t, v) => {
      t.check(v.sum_lambda_min.value >= -1e-9 && v.product_lambda_min.value >= -1e-9, 'sum, product PSD');
      t.check(v.difference_lambda_min.value < 0, 'a difference of kernels need not be PSD');
    },
  },
  'soft-margin': Object.fromEntries([['hard', Infinity], ['c_10', 10], ['c_1', 1], ['c_0.1', 0.1]].map(
    ([prefix, c], page) => [page, (t, v) => {
      let sumAlpha = 0;
      for (let i = 1; i <= 4; i += 1) {
        const a = v[`${prefix}_alpha_${i}`].value;
        const xi = v[`${prefix}_slack_${i}`].value;
        t.check(a >= -1e-9 && a <= c + 1e-9, `0 ≤ α${i} ≤ C`);
        if (xi > 1e-6) t.near(a, c, 1e-6, `a point inside the margin (ξ${i} > 0) has α = C`);
        sumAlpha += a;
      }
      t.near(v[`${prefix}_primal`].value, v[`${prefix}_dual`].value, 1e-6, 'primal = dual');
      if (c === Infinity) t.near(v.hard_margin.value, 1 / Math.sqrt(sumAlpha), 1e-6, 'margin = (Σα)^(−1/2)');
    }])),
  smo: {
    13: (t, v) => {  // converged on 001 Q7's α
      t.near(v.alpha_1.value, 0.25, 1e-7, 'α₁');
      t.near(v.alpha_2.value, 0.375, 1e-7, 'α₂');
      t.near(v.alpha_3.value, 0.625, 1e-7, 'α₃');
      t.near(v.b.value, -1.5, 1e-7, 'b');
    },
  },
  geometry: {
    0: (t, v) => {  // β = (3/2, −1/2): n = β/‖β‖ = (3, −1)/√10
      t.near(v.normal_1.value, 3 / S10, 1e-12, 'n₁');
      t.near(v.normal_2.value, -1 / S10, 1e-12, 'n₂');
    },
    1: (t, v) => {  // π(x₃) = x₃ − (β·x₃ + β₀)/‖β‖² β = (37/20, 41/20)
      expectValue(t, v, 'projection_1', '37/20', 1.85);
      expectValue(t, v, 'projection_2', '41/20', 2.05);
    },
    2: (t, v) => { t.near(v.signed_distance.value, S10 / 20, 1e-12, 'distance (1/4)/‖β‖'); },
    4: (t, v, s) => {  // b = 1 − min{w·x : y = +1} = −1 − max{w·x : y = −1}
      t.near(v.bias_from_positive.value, v.bias_from_negative.value, 1e-12, 'both bias formulas agree');
      t.check(s.tutorial.notesCorrection.includes('1 + max'), 'the "1 + max" typo is named');
    },
  },
};

const ids = ['hand-solved-svm', 'perceptron', 'kernel-perceptron', 'mercer', 'soft-margin', 'smo', 'geometry'];

export default [
  {
    name: 'every page of every tutorial: the notes\' numbers, a screenshot each',
    async run(t) {
      await t.openApp();
      for (const id of ids) {
        await t.dispatch({ type: 'tutorialSource', source: 'notes' });
        let s = await open(t, id, 0);
        const count = s.tutorial.pageCount;
        t.check(count >= 4, `${id} has ${count} pages`);
        for (let page = 0; page < count; page += 1) {
          await t.dispatch({ type: 'tutorialSource', source: 'notes' });
          s = await open(t, id, page);
          t.check(s.tutorial.source === 'notes', 'opened on the notes\' data');
          if (checks[id] && checks[id][page]) checks[id][page](t, values(s), s);
          // Try it: the canvas gets the page's data; derived on the canvas, the numbers are the
          // same (geometry then uses the points' own maximum-margin hyperplane instead of 002's).
          await t.dispatch({ type: 'tutorialTryIt' });
          s = await t.state();
          t.check(s.tutorial.source === 'canvas' && s.tutorial.page === page, 'Try it keeps the page');
          if (id !== 'geometry' && checks[id] && checks[id][page]) checks[id][page](t, values(s), s);
          if (id === 'smo' && page > 0 && page < count - 1) {
            const v = values(s);
            t.near(v[`step_${page}_lambda`].value, v[`step_${page}_solver_step`].value, 1e-12,
                   `003's λ formula = the solver's step, step ${page}`);
          }
          await t.waitFrames(2);
          await t.screenshot(`tutorial-${id}-${page}`);
        }
        // Next / Back walk the same pages.
        await t.dispatch({ type: 'openTutorial', id, page: 0 });
        await t.dispatch({ type: 'tutorialNext' });
        t.check((await t.state()).tutorial.page === 1, 'Next goes to page 1');
        await t.dispatch({ type: 'tutorialBack' });
        await t.dispatch({ type: 'tutorialBack' });
        t.check((await t.state()).tutorial.page === 0, 'Back stops at page 0');
      }
    },
  },
  {
    name: 'hand-solved: Try it, SMO on the canvas lands on the exact alpha',
    async run(t) {
      await t.openApp();
      const last = (await open(t, 'hand-solved-svm', 0)).tutorial.pageCount - 1;
      await open(t, 'hand-solved-svm', last);
      await t.dispatch({ type: 'tutorialTryIt' });
      let s = await t.state();
      t.check(s.tutorial.source === 'canvas', 'Try it derives on the canvas');
      t.check(s.session.C === 'inf' && s.session.kernel.type === 'linear', 'hard margin, linear');
      t.check(s.session.points.length === 3, 'the three points of 001 Q7');
      await t.dispatch({ type: 'step', n: 2 });
      await t.waitFrames(2);
      await t.screenshot('tutorial-hand-solved-svm-smo-step2');
      await t.dispatch({ type: 'runToConvergence' });
      s = await t.state();
      const v = values(s);
      t.near(v.smo_alpha_1.value, 0.25, 1e-6, 'SMO α₁ = 1/4');
      t.near(v.smo_alpha_2.value, 0.375, 1e-6, 'SMO α₂ = 3/8');
      t.near(v.smo_alpha_3.value, 0.625, 1e-6, 'SMO α₃ = 5/8');
      t.check(v.exact_alpha_1.exact === '1/4', 'next to the exact α₁');
      t.check(s.tutorial.warnings.length === 0, `no warnings: ${s.tutorial.warnings}`);
      await t.waitFrames(2);
      await t.screenshot('tutorial-hand-solved-svm-smo-converged');
    },
  },
  {
    name: 'SMO anatomy: Try it on step k puts the lab at step k with the same pair and lambda',
    async run(t) {
      await t.openApp();
      for (const page of [1, 2, 3]) {
        await open(t, 'smo', page);
        await t.dispatch({ type: 'tutorialTryIt' });
        const s = await t.state();
        const v = values(s);
        t.check(s.tutorial.live && s.tutorial.live.step === page, `lab at step ${page}: ${JSON.stringify(s.tutorial.live)}`);
        t.check(s.tutorial.live.i + 1 === v[`step_${page}_i`].value && s.tutorial.live.j + 1 === v[`step_${page}_j`].value,
                `same pair as the page: ${JSON.stringify(s.tutorial.live)}`);
        t.near(s.tutorial.live.lambda, v[`step_${page}_lambda`].value, 1e-12, 'same λ');
      }
      await t.waitFrames(2);
      await t.screenshot('tutorial-smo-live-step3');
    },
  },
  {
    name: 'editing the data re-derives the same derivation; a non-support point is flagged',
    async run(t) {
      await t.openApp();
      await open(t, 'hand-solved-svm', 3);
      await t.dispatch({ type: 'tutorialTryIt' });
      let s = await t.state();
      const before = s.tutorial.derivations;
      // Move x₃ from (0, 1) to (0, 0): α changes, the constraint α₃ = α₁ + α₂ still holds.
      await t.dispatch({ type: 'movePoint', index: 2, x: 0, y: 0 });
      s = await t.state();
      t.check(s.tutorial.derivations > before, 'the edit re-derived the tutorial');
      t.check(s.tutorial.dataNote.includes('canvas'), `derived on the canvas: ${s.tutorial.dataNote}`);
      let v = values(s);
      t.check(v.alpha_1.exact !== '1/4' || v.alpha_2.exact !== '3/8', 'α changed');
      t.near(v.alpha_3.value, v.alpha_1.value + v.alpha_2.value, 1e-12, 'α₃ = α₁ + α₂ (Σαᵢyᵢ = 0)');
      await t.waitFrames(2);
      await t.screenshot('tutorial-hand-solved-svm-edited');
      // Step 5 on the edited data: w = Σ αᵢyᵢxᵢ with the new α.
      await t.dispatch({ type: 'tutorialNext' });
      s = await t.state();
      v = values(s);
      t.check(s.tutorial.page === 4 && v.w_1 !== undefined, 'page w');
      // A far point of class +1 is no support vector: the hand method's α for it is negative.
      await t.dispatch({ type: 'addPoint', x: 3, y: 4, label: 1 });
      s = await t.state();
      t.check(s.tutorial.warnings.length > 0, `the page says the derivation no longer applies: ${JSON.stringify(s.tutorial.warnings)}`);
      await t.waitFrames(2);
      await t.screenshot('tutorial-hand-solved-svm-negative-alpha');
      // Back to the notes' data.
      await t.dispatch({ type: 'tutorialSource', source: 'notes' });
      await t.dispatch({ type: 'openTutorial', id: 'hand-solved-svm', page: 3 });
      v = values(await t.state());
      t.check(v.alpha_1.exact === '1/4', 'notes data again');
    },
  },
  {
    name: 'leaving a tutorial and coming back shows the same page',
    async run(t) {
      await t.openApp();
      await open(t, 'perceptron', 2);
      await open(t, 'mercer', 1);
      await t.dispatch({ type: 'closeTutorial' });
      let s = await t.state();
      t.check(!s.tutorial.open, 'closed');
      await t.dispatch({ type: 'openTutorial', id: 'perceptron' });
      s = await t.state();
      t.check(s.tutorial.open && s.tutorial.page === 2, `perceptron back on page 2, got ${s.tutorial.page}`);
      await t.dispatch({ type: 'openTutorial', id: 'mercer' });
      t.check((await t.state()).tutorial.page === 1, 'mercer back on page 1');
      await t.dispatch({ type: 'closeTutorial' });
      await t.waitFrames(2);
      await t.screenshot('tutorial-closed-toggle');
    },
  },
  {
    name: 'bad tutorial actions are refused and change nothing',
    async run(t) {
      await t.openApp();
      await open(t, 'geometry', 2);
      const bad = [
        { type: 'openTutorial', id: 'nope' },
        { type: 'openTutorial', id: 'geometry', page: 99 },
        { type: 'openTutorial', id: 'geometry', page: -1 },
        { type: 'openTutorial', id: 'geometry', page: 1.5 },
        { type: 'openTutorial', id: 42 },
        { type: 'openTutorial' },
        { type: 'tutorialSource', source: 'elsewhere' },
      ];
      for (const action of bad) {
        const r = await t.page.evaluate((a) => window.kpg.dispatch(a), action);
        t.check(r && r.ok === false && r.error.length > 0, `${JSON.stringify(action)} refused: ${JSON.stringify(r)}`);
      }
      const s = await t.state();
      t.check(s.tutorial.id === 'geometry' && s.tutorial.page === 2, 'unchanged');
      // Next past the end stays on the last page.
      const last = s.tutorial.pageCount - 1;
      await t.dispatch({ type: 'openTutorial', id: 'geometry', page: last });
      await t.dispatch({ type: 'tutorialNext' });
      t.check((await t.state()).tutorial.page === last, 'Next stops at the last page');
    },
  },
  {
    name: 'the canvas follows the page; closing brings your points back (item 8, by mouse)',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      await t.dispatch({ type: 'step', n: 4 });
      let s = await t.state();
      const own = JSON.stringify(s.session);
      const ownCount = s.session.points.length;
      t.check(s.dataName === 'Two moons', `the Data list names the preset: ${s.dataName}`);
      // The orange Tutorials toggle opens the hand-solved SVM: its three points are on the canvas.
      await t.clickControl('tutorials');
      s = await t.state();
      t.check(s.tutorial.open && s.tutorial.id === 'hand-solved-svm', 'the toggle opened the tutorial');
      t.check(s.session.points.length === 3 && s.session.C === 'inf', `the notes' 3 points, C = ∞: ${s.session.points.length}`);
      t.check(s.dataName === 'tutorial: The hand-solved SVM (001 Q7)', `named: ${s.dataName}`);
      await t.screenshot('tutorial-follow-hand-solved');
      // Step twice, then Next: the same data on every page, so the steps stay.
      for (let k = 0; k < 2; k += 1) {
        await t.page.keyboard.press('ArrowRight');
        await t.waitFrames(3);
      }
      await t.clickControl('tutorial.next');
      s = await t.state();
      t.check(s.tutorial.page === 1 && s.solver.step === 2, `page 1, still at step 2: ${s.tutorial.page}, ${s.solver.step}`);
      // Soft margin: each page its C on the same four points.
      await t.dispatch({ type: 'openTutorial', id: 'soft-margin', page: 0 });
      await t.clickControl('tutorial.next');
      s = await t.state();
      t.check(s.session.points.length === 4 && s.session.C === 10, `page 1 shows C = 10: ${s.session.C}`);
      await t.screenshot('tutorial-follow-soft-margin-c10');
      // Close: the moons come back where they were.
      await t.clickControl('tutorial.close');
      s = await t.state();
      t.check(!s.tutorial.open, 'closed');
      t.check(JSON.stringify(s.session) === own && s.session.points.length === ownCount,
              `the student's moons are back (${s.session.points.length} points, step ${s.session.step})`);
      t.check(s.dataName === 'Two moons', `named: ${s.dataName}`);
      // A click on the canvas adds a point: the Data list says the set was edited.
      const view = await t.view();
      await t.clickAt(toPage(view, view.visible.xMin + 0.1 * (view.visible.xMax - view.visible.xMin),
                            view.visible.yMin + 0.1 * (view.visible.yMax - view.visible.yMin)));
      s = await t.state();
      t.check(s.session.points.length === ownCount + 1, 'a point was added');
      t.check(s.dataName === 'Two moons (edited)', `named: ${s.dataName}`);
      await t.screenshot('tutorial-follow-edited-name');
    },
  },
  {
    name: 'the perceptron tutorial\'s Try it opens the perceptron mode on 002\'s data',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'openTutorial', id: 'perceptron', page: 2 });
      await t.clickControl('tutorial.tryIt');
      let s = await t.state();
      t.check(s.mode.name === 'perceptron', `the perceptron mode: ${s.mode.name}`);
      t.check(s.session.points.length === 3, '002\'s three points');
      // Three visits from 002's start: x₃ is the mistake, β = (3/2, −1/2), β₀ = −7/4, as the page.
      await t.dispatch({ type: 'modeStep', n: 3 });
      s = await t.state();
      const m = s.mode;
      t.check(m.form === 'primal' && m.position === 3, `primal, 3 visits: ${m.form}, ${m.position}`);
      t.check(m.beta[0] === 1.5 && m.beta[1] === -0.5 && m.beta0 === -1.75,
              `β = (3/2, −1/2), β₀ = −7/4 after x₃: ${JSON.stringify([m.beta, m.beta0])}`);
      await t.waitFrames(2);
      await t.screenshot('tutorial-perceptron-try-it-mode');
    },
  },
  {
    name: 'at 1024x768 the pages stay legible',
    context: { viewport: { width: 1024, height: 768 } },
    async run(t) {
      await t.openApp();
      for (const [id, page] of [['hand-solved-svm', 2], ['mercer', 0], ['smo', 1], ['soft-margin', 2]]) {
        await open(t, id, page);
        if (id === 'smo') await t.dispatch({ type: 'tutorialTryIt' });
        await t.waitFrames(2);
        await t.screenshot(`tutorial-1024-${id}-${page}`);
      }
    },
  },
];
