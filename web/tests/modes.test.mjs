// The canvas modes through window.kpg: each method on a preset, checked against the course notes'
// numbers or against invariants computed here in JS from the points in state(); a screenshot per
// mode (build/screenshots/mode-*.png), and empty data / bad parameters; step back and the scrubber
// of the step-by-step methods; every mode's canvas read back at its densest default, the points
// where they belong.

async function must(t, action) {
  const r = await t.page.evaluate((a) => window.kpg.dispatch(a), action);
  t.check(r && r.ok, `dispatch ${JSON.stringify(action)}: ${JSON.stringify(r)}`);
  return r;
}
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
const points = (s) => s.session.points;  // [[x, y, label], ...]

// Moves the pointer to a plot coordinate on the canvas (the view transform of kpg_view_json).
async function hover(t, x, y) {
  const v = await t.view();
  const cx = (v.canvas.left + v.canvas.right) / 2, cy = (v.canvas.top + v.canvas.bottom) / 2;
  await t.page.mouse.move(cx + (x - v.centre[0]) * v.scale, cy - (y - v.centre[1]) * v.scale);
  await t.waitFrames(4);
}

// The canvas's pixels (read back through a 2-D canvas; the WebGL context keeps its drawing
// buffer) in a (2·radius + 1)² patch around each page position: [[[r, g, b], ...], ...].
async function canvasPatches(t, positions, radius) {
  return t.page.evaluate(([list, r]) => {
    const source = document.getElementById('canvas');
    const box = source.getBoundingClientRect();
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    context.drawImage(source, 0, 0);
    const sx = source.width / box.width, sy = source.height / box.height;
    return list.map(({ x, y }) => {
      const px = Math.round((x - box.left) * sx), py = Math.round((y - box.top) * sy);
      const { data } = context.getImageData(px - r, py - r, 2 * r + 1, 2 * r + 1);
      const patch = [];
      for (let i = 0; i < data.length; i += 4) patch.push([data[i], data[i + 1], data[i + 2]]);
      return patch;
    });
  }, [positions, radius]);
}

const rgb = (c) => [(c >> 16) & 255, (c >> 8) & 255, c & 255];
const CLASS = [rgb(0xD55E00), rgb(0x0072B2)];  // plot::kPositive, plot::kNegative
const CLUSTERS = [0xE69F00, 0x56B4E9, 0x009E73, 0xCC79A7, 0x0072B2, 0xD55E00, 0xF0E442, 0x5A5A5A,
                  0x969696].map(rgb);
const SVR = [rgb(0xD55E00), rgb(0x0072B2), rgb(0xA0A0A0)];
const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// The share of the points whose 5 × 5 centre shows one of `fills` in at least 8 pixels (a marker's
// fill is opaque, its radius 6 px; a neighbour's white outline may cross it), and the median
// brightness of pixels between the points (the background: white or a pale region).
async function pointsOnCanvas(t, fills) {
  const st = await t.state();
  const v = await t.view();
  const inside = (p) => p.x > v.canvas.left + 8 && p.x < v.canvas.right - 8 &&
                        p.y > v.canvas.top + 8 && p.y < v.canvas.bottom - 8;
  const centres = st.session.points.map(([x, y]) => t.constructor.toPage(v, x, y)).filter(inside);
  const patches = await canvasPatches(t, centres, 2);
  const found = patches.filter((patch) =>
    patch.filter((c) => fills.some((f) => distance(c, f) < 40)).length >= 8).length;
  // Background: a 12 × 8 lattice over the canvas, away (> 12 px) from every point.
  const lattice = [];
  for (let i = 1; i < 12; ++i) {
    for (let j = 1; j < 8; ++j) {
      const p = { x: v.canvas.left + (v.canvas.right - v.canvas.left) * i / 12,
                  y: v.canvas.top + (v.canvas.bottom - v.canvas.top) * j / 8 };
      if (centres.every((c) => Math.hypot(c.x - p.x, c.y - p.y) > 12)) lattice.push(p);
    }
  }
  const background = (await canvasPatches(t, lattice, 0)).map(([c]) => (c[0] + c[1] + c[2]) / 3)
    .sort((a, b) => a - b);
  return { share: found / Math.max(1, centres.length), count: centres.length,
           backgroundMedian: background[Math.floor(background.length / 2)] };
}

export default [
  {
    name: 'perceptron (002 example): first update gives beta = (1.5, -0.5), beta0 = -1.75',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'preset', name: 'perceptron' });
      await must(t, { type: 'setMode', mode: 'perceptron' });
      await must(t, { type: 'setModeParams', form: 'primal', learningRate: 0.25, rule: '<0',
                      order: 'fixed', startBeta: [1, -1], startBias: -2 });
      let s = (await t.state()).mode;
      t.check(s.name === 'perceptron' && s.beta[0] === 1 && s.beta[1] === -1 && s.beta0 === -2,
              `start point: ${JSON.stringify(s)}`);
      // 002: samples 1 and 2 are classified correctly, sample 3 ((2,2), y = 1) is the first mistake.
      for (let k = 0; k < 3; ++k) await must(t, { type: 'modeStep' });
      s = (await t.state()).mode;
      t.check(s.last.index === 2 && s.last.mistake, `third visit is the mistake: ${JSON.stringify(s.last)}`);
      t.check(near(s.beta[0], 1.5) && near(s.beta[1], -0.5) && near(s.beta0, -1.75),
              `beta after the first update: ${JSON.stringify(s)}`);
      t.check(JSON.stringify(s.mistakes) === '[0,0,1]', `mistake counts ${s.mistakes}`);
      await t.waitFrames(4);
      await t.screenshot('mode-perceptron');
      const r = await must(t, { type: 'modeRun' });
      s = (await t.state()).mode;
      t.check(r.done && s.status === 'converged', `converges on separable data: ${JSON.stringify(s)}`);
      // Converged: every point has y·h(x) > 0 with the final β (002's rule accepts 0; check ≥ 0).
      for (const [x, y, label] of points(await t.state())) {
        t.check(label * (s.beta[0] * x + s.beta[1] * y + s.beta0) >= 0, `point (${x}, ${y}) correct`);
      }
    },
  },
  {
    name: 'perceptron on XOR: primal stops at the epoch cap and says so; kernel (1 + x.y)^2 converges',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'generate', name: 'xor', count: 40, noise: 0.15, seed: 2 });
      await must(t, { type: 'setMode', mode: 'perceptron' });
      await must(t, { type: 'setModeParams', form: 'primal', rule: '<=0', maxEpochs: 20,
                      startBeta: null });
      await must(t, { type: 'modeRun' });
      let s = (await t.state()).mode;
      t.check(s.status === 'epochCap' && s.epochs === 20 && /epoch cap/.test(s.statusText),
              `primal on XOR: ${s.status}, ${s.epochs}, ${s.statusText}`);
      await must(t, { type: 'setKernel', kernel: 'polynomial', gamma: 1, coef0: 1, degree: 2 });
      await must(t, { type: 'setModeParams', form: 'kernel', maxEpochs: 200 });
      await must(t, { type: 'modeRun' });
      s = (await t.state()).mode;
      t.check(s.status === 'converged', `kernel perceptron on XOR: ${s.statusText}`);
      const sumAlpha = s.alpha.reduce((a, b) => a + b, 0);
      t.check(sumAlpha === s.updates && JSON.stringify(s.alpha) === JSON.stringify(s.mistakes),
              `alpha = mistake counts: ${s.alpha} vs ${s.mistakes}`);
      await t.waitFrames(4);
      await t.screenshot('mode-perceptron-kernel-xor');
    },
  },
  {
    name: 'k-NN: the K neighbours of a query are the K nearest points (linear kernel), majority vote',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'generate', name: 'moons', count: 80, noise: 0.15, seed: 4 });
      await must(t, { type: 'setKernel', kernel: 'linear' });
      await must(t, { type: 'setMode', mode: 'knn' });
      await must(t, { type: 'setModeParams', K: 5, query: [0.5, 0.25] });
      const st = await t.state();
      const q = st.mode.query;
      const ranked = points(st).map((p, i) => ({ i, d: (p[0] - 0.5) ** 2 + (p[1] - 0.25) ** 2, l: p[2] }))
        .sort((a, b) => a.d - b.d || a.i - b.i).slice(0, 5);
      t.check(JSON.stringify(q.neighbors) === JSON.stringify(ranked.map((r) => r.i)),
              `neighbours ${q.neighbors} vs ${ranked.map((r) => r.i)}`);
      const votes = ranked.reduce((a, r) => a + r.l, 0);
      t.check(q.prediction === Math.sign(votes), `prediction ${q.prediction}, vote sum ${votes}`);
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 1 });
      await hover(t, 0.5, 0.25);
      await t.screenshot('mode-knn');
    },
  },
  {
    name: 'kernel k-means on blobs converges; the objective never increases; clusters = blobs',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'generate', name: 'blobs', count: 100, noise: 0.35, seed: 3 });
      await must(t, { type: 'setKernel', kernel: 'linear' });
      await must(t, { type: 'setMode', mode: 'kmeans' });
      await must(t, { type: 'setModeParams', k: 2, seed: 1 });
      const r = await must(t, { type: 'modeRun' });
      const st = await t.state();
      const s = st.mode;
      t.check(r.done && s.converged === true, `converged: ${s.statusText}`);
      for (let k = 1; k < s.objectives.length; ++k) {
        t.check(s.objectives[k] <= s.objectives[k - 1] + 1e-9, `objective rose at step ${k}: ${s.objectives}`);
      }
      const labels = points(st).map((p) => p[2]);
      let agree = 0;
      s.assignment.forEach((c, i) => { if ((c === 0) === (labels[i] > 0)) ++agree; });
      const match = Math.max(agree, labels.length - agree) / labels.length;
      t.check(match >= 0.95, `clusters follow the blobs: ${match}`);
      await t.waitFrames(4);
      await t.screenshot('mode-kmeans');
      // A harder case for the eye: three clusters in wide blobs, after one step and at the end.
      await must(t, { type: 'generate', name: 'blobs', count: 120, noise: 0.9, seed: 7 });
      await must(t, { type: 'setModeParams', k: 3, seed: 2 });
      await must(t, { type: 'modeStep' });
      await t.waitFrames(4);
      await t.screenshot('mode-kmeans-step1');
      await must(t, { type: 'modeRun' });
      const s3 = (await t.state()).mode;
      t.check(s3.finished && s3.objectives.every((v, k) => k === 0 || v <= s3.objectives[k - 1] + 1e-9),
              `k = 3: objective non-increasing: ${s3.objectives}`);
      await t.waitFrames(4);
      await t.screenshot('mode-kmeans-k3');
    },
  },
  {
    name: 'kernel PCA: linear-kernel eigenvalues = N x the covariance eigenvalues; sigmoid reported, never NaN',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'generate', name: 'moons', count: 60, noise: 0.1, seed: 5 });
      await must(t, { type: 'setKernel', kernel: 'linear' });
      await must(t, { type: 'setMode', mode: 'kpca' });
      const st = await t.state();
      const p = points(st), n = p.length;
      const mx = p.reduce((a, q) => a + q[0], 0) / n, my = p.reduce((a, q) => a + q[1], 0) / n;
      let sxx = 0, syy = 0, sxy = 0;
      for (const q of p) {
        sxx += (q[0] - mx) ** 2; syy += (q[1] - my) ** 2; sxy += (q[0] - mx) * (q[1] - my);
      }
      // Eigenvalues of the scatter matrix X̃ᵀX̃ = N · covariance (population).
      const tr = sxx + syy, det = sxx * syy - sxy * sxy, disc = Math.sqrt(tr * tr / 4 - det);
      const expected = [tr / 2 + disc, tr / 2 - disc];
      const ev = st.mode.eigenvalues;
      t.check(ev.length === 8, `8 components: ${ev}`);
      t.check(near(ev[0], expected[0], 1e-8) && near(ev[1], expected[1], 1e-8),
              `eigenvalues ${ev.slice(0, 2)} vs ${expected}`);
      t.check(ev.slice(2).every((v) => Math.abs(v) < 1e-8 * ev[0]), `rank 2: ${ev}`);
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 2 });
      await t.waitFrames(6);
      await t.screenshot('mode-kpca');
      // Export PNG of a method's canvas: a PNG of the plot and its legend strip, as in the lab.
      const figure = await t.page.evaluate(() => window.kpg.exportPng({ download: false }));
      t.check(figure.ok && figure.type === 'image/png' && figure.width >= 2 * (figure.plot[2] - figure.plot[0]),
              `kernel PCA's figure: ${JSON.stringify(figure)}`);
      await must(t, { type: 'setKernel', kernel: 'sigmoid', gamma: 2, coef0: 1 });
      const s = (await t.state()).mode;
      t.check(s.notPsd || s.negativeClamped || s.mostNegativeEigenvalue < 0,
              `sigmoid: negative eigenvalues reported: ${JSON.stringify(s)}`);
      t.check(s.spectrum.every((v) => Number.isFinite(v)) && s.eigenvalues.every((v) => Number.isFinite(v)),
              'no NaN in the spectrum');
      await t.waitFrames(4);
      await t.screenshot('mode-kpca-sigmoid');
    },
  },
  {
    name: 'LDA and KFD separate a linearly separable set; threshold between the projected means',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'preset', name: 'separable' });
      await must(t, { type: 'setMode', mode: 'lda' });
      let s = (await t.state()).mode;
      t.check(s.form === 'lda' && s.trainingAccuracy === 1, `LDA: ${JSON.stringify(s).slice(0, 300)}`);
      // The threshold is the midpoint of the projected class means (004 eq. 7).
      const st = await t.state();
      const proj = s.projections, lab = points(st).map((q) => q[2]);
      const mean = (sign) => { const v = proj.filter((_, i) => lab[i] === sign); return v.reduce((a, b) => a + b, 0) / v.length; };
      t.check(near(s.threshold, (mean(1) + mean(-1)) / 2, 1e-9), `threshold ${s.threshold}`);
      await t.waitFrames(4);
      await t.screenshot('mode-lda');
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 0.5 });
      await must(t, { type: 'setModeParams', form: 'kfd', mu: 0.001 });
      s = (await t.state()).mode;
      t.check(s.form === 'kfd' && s.trainingAccuracy === 1 && Number.isFinite(s.J) && s.mu === 0.001,
              `KFD: ${s.trainingAccuracy}, J ${s.J}, mu ${s.mu}`);
      await t.waitFrames(4);
      await t.screenshot('mode-kfd');
    },
  },
  {
    name: 'epsilon-SVR on the sine preset: SMO steps the 2N dual; converged fit keeps the tube KKT conditions',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'modePreset', name: 'sine', count: 40, noise: 0.1, seed: 1 });
      await must(t, { type: 'setMode', mode: 'svr' });
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 1 });
      await must(t, { type: 'setModeParams', C: 10, epsilon: 0.1 });
      await must(t, { type: 'modeStep', n: 5 });
      let s = (await t.state()).mode;
      t.check(s.step === 5 && s.alpha.length === 40 && s.alphaStar.length === 40, `5 steps: ${s.step}`);
      await t.waitFrames(4);
      await t.screenshot('mode-svr-step5');
      await must(t, { type: 'modeRun' });
      const st = await t.state();
      s = st.mode;
      t.check(s.status === 'converged', `converged: ${s.statusText}`);
      const tgt = points(st).map((q) => q[1]);
      let worst = 0;
      s.fitted.forEach((f, i) => {
        const r = tgt[i] - f;  // residual
        const a = s.alpha[i], b = s.alphaStar[i];
        t.check(!(a > 0 && b > 0), `alpha and alpha* not both > 0 at ${i}`);
        if (a === 0 && b === 0) worst = Math.max(worst, Math.abs(r) - 0.1);  // inside: |r| <= eps
        if (a > 0 && a < 10) worst = Math.max(worst, Math.abs(r - 0.1));     // on the upper edge
        if (b > 0 && b < 10) worst = Math.max(worst, Math.abs(r + 0.1));     // on the lower edge
        if (a === 10) worst = Math.max(worst, 0.1 - r);                       // above the tube
        if (b === 10) worst = Math.max(worst, r + 0.1);                       // below
      });
      t.check(worst < 5e-3, `KKT conditions of the tube hold to ${worst}`);
      t.check(s.nSV > 0 && s.nSV < 40, `some but not all points are SVs: ${s.nSV}`);
      // Hover an SV: the tooltip shows f(x), the residual, α and α*.
      const sv = s.alpha.findIndex((a, i) => a > 0 || s.alphaStar[i] > 0);
      await hover(t, points(st)[sv][0], points(st)[sv][1]);
      await t.screenshot('mode-svr');
    },
  },
  {
    name: 'modes with no points, one class or bad parameters: messages, no crash, nothing NaN',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'clearPoints' });
      for (const mode of ['perceptron', 'knn', 'kmeans', 'kpca', 'kfd', 'svr']) {
        await must(t, { type: 'setMode', mode });
        await t.page.evaluate(() => window.kpg.dispatch({ type: 'modeStep' }));
        const s = (await t.state()).mode;
        t.check(s.name === mode && typeof s.statusText === 'string' && s.statusText.length > 0,
                `${mode} on no points: ${JSON.stringify(s)}`);
      }
      await must(t, { type: 'addPoint', x: 0, y: 0, label: 1 });
      await must(t, { type: 'addPoint', x: 1, y: 1, label: 1 });
      await must(t, { type: 'setMode', mode: 'perceptron' });
      t.check(/both classes/.test((await t.state()).mode.statusText), 'one class: says so');
      const bad = [
        { type: 'setModeParams', mode: 'kmeans', k: 0 },
        { type: 'setModeParams', mode: 'svr', C: -1 },
        { type: 'setModeParams', mode: 'perceptron', rule: 'sometimes' },
        { type: 'setModeParams', mode: 'knn', K: 3, extra: 1 },
        { type: 'setMode', mode: 'nope' },
        { type: 'modePreset', name: 'nope' },
      ];
      for (const a of bad) {
        const r = await t.page.evaluate((x) => window.kpg.dispatch(x), a);
        t.check(r && r.ok === false && r.error, `${JSON.stringify(a)} refused: ${JSON.stringify(r)}`);
      }
      await must(t, { type: 'setMode', mode: 'kmeans' });
      await must(t, { type: 'setModeParams', k: 5 });
      t.check(/at least 5 points/.test((await t.state()).mode.statusText), 'k > n explained');
      await t.waitFrames(3);
      await must(t, { type: 'setMode', mode: 'svm' });
      await t.waitFrames(3);
    },
  },
  {
    name: 'step back and the scrubber rewind the perceptron, k-means and SVR exactly',
    async run(t) {
      await t.openApp();
      await must(t, { type: 'preset', name: 'moons' });
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 1 });
      // Kernel perceptron: 12 visits, back 5 with window.kpg, forward again: the same α.
      await must(t, { type: 'setMode', mode: 'perceptron' });
      await must(t, { type: 'setModeParams', form: 'kernel' });
      await must(t, { type: 'modeStep', n: 7 });
      const at7 = (await t.state()).mode;
      await must(t, { type: 'modeStep', n: 5 });
      await must(t, { type: 'modeStepBack', n: 5 });
      let s = (await t.state()).mode;
      t.check(s.position === 7 && s.furthest === 12, `back to 7 of 12: ${s.position}/${s.furthest}`);
      t.check(JSON.stringify(s.alpha) === JSON.stringify(at7.alpha) && s.b === at7.b &&
              JSON.stringify(s.last) === JSON.stringify(at7.last), 'perceptron state at step 7 restored');
      // Shift+Space steps back, Space steps forward (the lab's keys).
      await t.page.keyboard.down('Shift');
      await t.page.keyboard.press('Space');
      await t.page.keyboard.up('Shift');
      await t.waitFrames(3);
      t.check((await t.state()).mode.position === 6, 'Shift+Space: one step back');
      await t.page.keyboard.press('Space');
      await t.waitFrames(3);
      s = (await t.state()).mode;
      t.check(s.position === 7 && JSON.stringify(s.alpha) === JSON.stringify(at7.alpha),
              `Space: forward to 7 again: ${s.position}`);
      // k-means: run to the end, seek to step 1 and back to the end.
      await must(t, { type: 'setMode', mode: 'kmeans' });
      await must(t, { type: 'setModeParams', k: 3, seed: 2 });
      await must(t, { type: 'modeRun' });
      const end = (await t.state()).mode;
      t.check(end.finished && end.furthest === end.iteration && end.iteration >= 2,
              `k-means ran: ${end.statusText}`);
      await must(t, { type: 'modeSeek', step: 1 });
      s = (await t.state()).mode;
      t.check(s.iteration === 1 && s.objectives.length === 1 && !s.finished,
              `seek to 1: ${s.iteration}, ${s.objectives.length}`);
      await t.waitFrames(3);
      await t.screenshot('mode-kmeans-rewound');
      await must(t, { type: 'modeSeek', step: end.furthest });
      s = (await t.state()).mode;
      t.check(JSON.stringify(s.assignment) === JSON.stringify(end.assignment) &&
              s.objective === end.objective && s.finished, 'k-means end state restored');
      // ε-SVR: converged shows at the last update; one back is running again, one forward converged.
      await must(t, { type: 'modePreset', name: 'sine', count: 40, noise: 0.1, seed: 1 });
      await must(t, { type: 'setMode', mode: 'svr' });
      await must(t, { type: 'modeRun' });
      const done = (await t.state()).mode;
      t.check(done.status === 'converged' && done.position === done.step, `SVR: ${done.statusText}`);
      await must(t, { type: 'modeStepBack' });
      s = (await t.state()).mode;
      t.check(s.status === 'running' && s.step === done.step - 1, `one back: ${s.status} ${s.step}`);
      await must(t, { type: 'modeStep' });
      s = (await t.state()).mode;
      t.check(s.status === 'converged' && JSON.stringify(s.alpha) === JSON.stringify(done.alpha) &&
              JSON.stringify(s.alphaStar) === JSON.stringify(done.alphaStar) && s.bias === done.bias,
              'SVR: forward again reproduces the converged α, α* and b');
      const bad = await t.page.evaluate(() => window.kpg.dispatch({ type: 'modeSeek' }));
      t.check(bad.ok === false && /\$\.step/.test(bad.error), `modeSeek without step: ${bad.error}`);
      t.assertNoConsoleErrors();
    },
  },
  {
    name: 'every mode draws its points where they are at its densest default (KFD RBF gamma = 1)',
    async run(t) {
      await t.openApp();
      // With 16-bit draw-list indices the KFD canvas on moons with RBF γ = 1 drew
      // garbage triangles and lost its points. Each mode on two moons (RBF γ = 1), SVR on the sine.
      const cases = [
        { mode: 'kfd', params: { form: 'kfd' }, fills: CLASS },
        { mode: 'perceptron', params: { form: 'kernel' }, steps: 10, fills: CLASS },
        { mode: 'knn', params: { K: 3 }, fills: CLASS },
        { mode: 'kmeans', params: { k: 3 }, run: true, fills: CLUSTERS },
        { mode: 'kpca', params: {}, fills: CLASS },
      ];
      await must(t, { type: 'preset', name: 'moons' });
      await must(t, { type: 'setKernel', kernel: 'rbf', gamma: 1 });
      for (const c of [...cases, { mode: 'svr', preset: 'sine', params: {}, run: true, fills: SVR }]) {
        if (c.preset) await must(t, { type: 'modePreset', name: c.preset });
        await must(t, { type: 'setMode', mode: c.mode });
        await must(t, { type: 'setModeParams', ...c.params });
        if (c.run) await must(t, { type: 'modeRun' });
        if (c.steps) await must(t, { type: 'modeStep', n: c.steps });
        await t.waitFrames(5);
        const seen = await pointsOnCanvas(t, c.fills);
        if (c.mode === 'kfd') await t.screenshot('mode-kfd-rbf-gamma1-moons');
        t.check(seen.count >= 30, `${c.mode}: points on the canvas: ${seen.count}`);
        t.check(seen.share >= 0.95, `${c.mode}: only ${(100 * seen.share).toFixed(0)}% of the ` +
                `${seen.count} points show their fill colour at their centre`);
        t.check(seen.backgroundMedian > 200, `${c.mode}: the background between the points is ` +
                `not white or pale (median brightness ${seen.backgroundMedian})`);
      }
      t.assertNoConsoleErrors();
    },
  },
];
