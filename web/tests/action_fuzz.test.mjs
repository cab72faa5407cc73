// The browser action fuzzer: seeded random and hostile input to window.kpg.dispatch, openShareLink
// and importSession — every documented action type with valid and invalid fields, unknown types,
// NaN/±∞/1e308/2^63/negative counts, wrong types, long and odd strings, deep JSON, duplicate keys,
// garbage share links and sessions. Every refused input must leave state() unchanged (share links
// and imports may add their error notice, nothing else); after every 100 inputs the page must be
// alive and answer state().
//
// Coverage (reliability audit N1: seed 13 never drew a frame with the sigmoid kernel, C = ∞ and
// Live on, the combination that trapped): the run begins its batches with a tour of every kernel
// × hard margin or not × Live on or off in the SVM lab, and every other method, each drawn for two
// frames before the random inputs go on; the frames drawn per kernel, method and the sigmoid +
// C = ∞ + Live combination are printed ("fuzz coverage: ...") and each must be reached.
//
// KPG_FUZZ_ACTIONS (default 1000) and KPG_FUZZ_SEED (default 13) choose the run; the figures are
// printed as "fuzz: ...". The tour runs whole even when KPG_FUZZ_ACTIONS is smaller than it.

const total = Number(process.env.KPG_FUZZ_ACTIONS || 1000);
const seed = Number(process.env.KPG_FUZZ_SEED || 13);

// mulberry32: a small seeded generator, so a failing run can be repeated exactly.
function generator(s) {
  let a = s >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { next, int, pick, chance: (p) => next() < p };
}

const base64url = (text) => Buffer.from(text, 'utf8').toString('base64url');
const deep = (depth, open, close, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

// The documented action types (README "window.kpg") with generators of plausible fields.
function actionTypes(g) {
  const small = () => g.pick([1, 2, 3, 5, 10, 50]);
  const coordinate = () => (g.next() - 0.5) * 8;
  return {
    preset: () => ({ name: g.pick(['hand-solved', 'perceptron', 'xor', 'moons', 'circles', 'blobs', 'separable']) }),
    generate: () => ({ name: g.pick(['xor', 'moons', 'circles', 'blobs', 'separable']),
                       count: g.chance(0.05) ? g.pick([5000, 5001, 1e9]) : 2 + g.int(120),
                       noise: g.next() * 0.4, seed: g.int(1000) }),
    setKernel: () => ({ kernel: g.pick(['linear', 'polynomial', 'rbf', 'sigmoid']), gamma: 0.05 + g.next() * 4,
                        coef0: g.next() * 2 - 1, degree: 1 + g.int(5) }),
    setC: () => ({ C: g.chance(0.3) ? 'inf' : Math.pow(10, g.next() * 8 - 4) }),
    setEps: () => ({ eps: Math.pow(10, -1 - g.int(8)) }),
    setRule: () => ({ rule: g.pick(['first-order', 'second-order']) }),
    setBias: () => ({ rule: g.pick(['libsvm', 'average']) }),
    setMaxSteps: () => ({ maxSteps: g.pick([1, 10, 100, 5000, 100000, 10000000]) }),
    step: () => ({ n: g.chance(0.1) ? g.pick([100000, 10000000]) : small() }),
    stepBack: () => ({ n: small() }),
    seek: () => ({ step: g.int(30) }),
    run: () => ({}),
    pause: () => ({}),
    setSpeed: () => ({ stepsPerSecond: g.pick([0, 1, 5, 60, 1e6]) }),
    runToConvergence: () => ({ budgetMs: g.pick([0, 10, 50, 200]) }),
    cancelReplay: () => ({}),
    reset: () => ({}),
    addPoint: () => ({ x: coordinate(), y: coordinate(), label: g.pick([1, -1]) }),
    movePoint: () => ({ index: g.int(40), x: coordinate(), y: coordinate() }),
    deletePoint: () => ({ index: g.int(40) }),
    setLabel: () => ({ index: g.int(40), label: g.pick([1, -1]) }),
    clearPoints: () => ({}),
    undo: () => ({}),
    redo: () => ({}),
    setView: () => ({ xMin: -3 - g.next(), xMax: 3 + g.next(), yMin: -3, yMax: 3 }),
    dismissNotice: () => (g.chance(0.5) ? {} : { id: g.int(50) }),
    loadSession: () => ({ json: JSON.stringify({ v: 1, points: [[1, 3, 1], [2, 1, 1], [0, 1, -1]],
                                                  kernel: { type: 'linear' }, C: 'inf', eps: 1e-9,
                                                  step: g.int(5) }) }),
    openTutorial: () => ({ id: g.pick(['hand-solved-svm', 'geometry', 'mercer', 'smo', 'soft-margin', 'kernel-perceptron']),
                           page: g.int(4) }),
    tutorialNext: () => ({}),
    tutorialBack: () => ({}),
    closeTutorial: () => ({}),
    tutorialTryIt: () => ({}),
    tutorialSource: () => ({ source: g.pick(['notes', 'canvas']) }),
    setMode: () => ({ mode: g.pick(['svm', 'perceptron', 'knn', 'kmeans', 'kpca', 'kfd', 'lda', 'svr', 'featurespace']) }),
    setFeatureSpace: () => ({ map: g.pick(['quadratic', 'product', 'squares', 'paraboloid', 'kpca', 'off']) }),
    featureSpaceCamera: () => ({ yaw: g.int(360) - 180, pitch: g.int(170) - 85, distance: 2.2 + g.int(18),
                                 autoRotate: g.chance(0.3) }),
    modeStep: () => ({ n: small() }),
    modeRun: () => ({ budgetMs: g.pick([0, 20, 100]) }),
    modePlay: () => ({}),
    modePause: () => ({}),
    setModeSpeed: () => ({ stepsPerSecond: g.pick([0, 0.5, 5, 200, 500]) }),
    modeReset: () => ({}),
    modePreset: () => ({ name: 'sine', count: 2 + g.int(60), noise: g.next() * 0.3, seed: g.int(99) }),
    setModeParams: () => ({ K: 1 + g.int(7) }),
    setLive: () => ({ on: g.chance(0.6) }),
  };
}

const kernels = ['linear', 'polynomial', 'rbf', 'sigmoid'];
// 'lda' is the kfd mode in its linear form (state().mode.form).
const methods = ['svm', 'perceptron', 'knn', 'kmeans', 'kpca', 'kfd', 'lda', 'svr'];

// The coverage tour: action lists, each drawn for two frames. The SVM lab with every kernel, hard
// margin (C = ∞, on the hand-solved example, where N1 trapped) or C = 1 (on moons), Live on or off;
// then each other method with a kernel in turn. Sigmoid with C = ∞ and Live on comes first.
function coverageTour() {
  const tour = [];
  const svm = [];
  for (const kernel of kernels) {
    for (const C of ['inf', 1]) {
      for (const on of [true, false]) svm.push({ kernel, C, on });
    }
  }
  svm.sort((a, b) => (b.kernel === 'sigmoid' && b.C === 'inf' && b.on) - (a.kernel === 'sigmoid' && a.C === 'inf' && a.on));
  for (const { kernel, C, on } of svm) {
    tour.push([{ type: 'setMode', mode: 'svm' }, { type: 'preset', name: C === 'inf' ? 'hand-solved' : 'moons' },
               { type: 'setLive', on }, { type: 'setC', C },
               { type: 'setKernel', kernel, gamma: 0.5, coef0: 0, degree: 3 }]);
  }
  methods.slice(1).forEach((mode, k) => {
    const actions = [{ type: 'preset', name: 'moons' }, { type: 'setMode', mode },
                     { type: 'setKernel', kernel: kernels[k % kernels.length], gamma: 0.5, coef0: 0, degree: 3 }];
    if (mode === 'kfd') actions.push({ type: 'setModeParams', form: 'kfd' });  // the kernel form
    tour.push(actions);
  });
  return tour.map((actions) => actions.map((a) => ({ kind: 'dispatch', text: JSON.stringify(a) })));
}

// A hostile value for a field.
function hostileValue(g) {
  return g.pick([
    null, true, false, -1, 0, 0.5, -0, 1e308, -1e308, 2 ** 53, 2 ** 63, -(2 ** 63), 1e-320,
    'inf', '-inf', 'NaN', '', 'x'.repeat(1 + g.int(2000)), '\ud800', '<img src=x onerror=__xss=1>',
    '\u0000\u001f"\\', [], [1, 2], {}, { a: { b: [] } }, 'é𝔼∞',
  ]);
}

// JSON text the JSON.stringify of an object cannot produce.
function rawText(g, types) {
  const type = g.pick(types);
  return g.pick([
    () => `{"type":"${type}","n":NaN}`,
    () => `{"type":"step","n":1e400}`,
    () => `{"type":"step","n":Infinity}`,
    () => `{"type":"${type}","type":"run"}`,
    () => `{"type":"setC","C":1,"C":2}`,
    () => deep(60 + g.int(10), '[', ']'),
    () => `{"type":"step","x":${deep(g.pick([63, 64, 65, 1000, 100000]), '[', ']')}}`,
    () => deep(g.pick([65, 5000]), '{"a":', '}'),
    () => `{"type":"step"`,
    () => `{"type":"step",}`,
    () => `{'type':'step'}`,
    () => `{"type":"step"} trailing`,
    () => '"' + 'a'.repeat(g.chance(0.02) ? 5 << 20 : 100) + '"',
    () => `{"type":"\\ud800"}`,
    () => `{"type":"ste\\u0070"}`,
    () => '\u00ff\u00fe',
    () => '',
    () => ' ',
  ])();
}

function shareLink(g) {
  const session = { v: 1, points: [[0, 0, 1], [1, 1, -1], [2, 0, 1]], kernel: { type: 'rbf', gamma: 1 },
                    C: 10, eps: 1e-3, maxSteps: 10000000, step: g.pick([0, 3, 100, 10000000]) };
  return g.pick([
    () => '#s=' + base64url(JSON.stringify(session)),
    () => '#s=' + base64url(JSON.stringify(session)).slice(0, 20),
    () => '#s=%%%garbage',
    () => '#s=' + 'A'.repeat((1 << 20) + 1),
    () => '#s=' + base64url(deep(g.pick([65, 100000]), '[', ']')),
    () => '#s=' + base64url(JSON.stringify({ ...session, v: 2 })),
    () => '#s=' + base64url(JSON.stringify({ ...session, points: [[0, 0, 5]] })),
    () => '#s=',
    () => '#other',
  ])();
}

function sessionText(g) {
  return g.pick([
    () => 'not json',
    () => JSON.stringify({ v: 1 }),
    () => JSON.stringify({ v: 1, points: [], kernel: { type: 'linear' }, C: 1, eps: 1e-3, extra: 1 }),
    () => JSON.stringify({ v: 1, points: Array.from({ length: g.pick([10, 5001]) }, (_, i) => [i % 7, i % 5, i % 2 ? 1 : -1]),
                           kernel: { type: 'linear' }, C: 1, eps: 1e-3 }),
    () => deep(100000, '[', ']'),
  ])();
}

// The i-th fuzz input: {kind: 'dispatch'|'share'|'import', text}.
function makeInput(g, types) {
  const names = Object.keys(types);
  const r = g.next();
  if (r < 0.06) return { kind: 'share', text: shareLink(g) };
  if (r < 0.09) return { kind: 'import', text: sessionText(g) };
  if (r < 0.17) return { kind: 'dispatch', text: rawText(g, names) };
  if (r < 0.22) {
    // Unknown or missing type.
    const type = g.pick(['bogus', 'Step', '', 'constructor', '__proto__', 'toString', undefined, 3]);
    return { kind: 'dispatch', text: JSON.stringify({ type, n: 1 }) };
  }
  const type = g.pick(names);
  const fields = types[type]();
  const roll = g.next();
  if (roll < 0.3) {
    // A hostile value in one field (an existing one or an unknown one).
    const keys = Object.keys(fields);
    const key = keys.length && g.chance(0.8) ? g.pick(keys) : g.pick(['extra', 'n', 'index', 'C']);
    fields[key] = hostileValue(g);
  } else if (roll < 0.4) {
    const keys = Object.keys(fields);
    if (keys.length) delete fields[g.pick(keys)];
  }
  return { kind: 'dispatch', text: JSON.stringify({ type, ...fields }) };
}

// Runs a batch inside the page; returns the refused/ok counts and any finding.
async function runBatch(t, batch) {
  return t.page.evaluate(async (inputs) => {
    const raw = () => Module.UTF8ToString(Module._kpg_state_json());
    const comparable = (text, dropNotices) => {
      const s = JSON.parse(text);
      delete s.frame;
      delete s.render;  // frames drawn and skipped, frame time
      if (dropNotices) delete s.notices;
      return JSON.stringify(s);
    };
    const out = { ok: 0, refused: 0, findings: [], slowest: 0, slowestInput: '', accepted: {} };
    for (const input of inputs) {
      if (!window.kpg.ready) {
        out.findings.push(`the app stopped: ${window.kpg.error}`);
        break;
      }
      const before = raw();
      const started = performance.now();
      let result;
      try {
        if (input.kind === 'dispatch') result = window.kpg.dispatch(input.text);
        else if (input.kind === 'share') result = window.kpg.openShareLink(input.text);
        else result = await window.kpg.importSession(input.text);
      } catch (e) {
        out.findings.push(`exception ${e && e.message} on ${input.kind} ${input.text.slice(0, 200)}`);
        continue;
      }
      const ms = performance.now() - started;
      if (ms > out.slowest) {
        out.slowest = ms;
        out.slowestInput = `${input.kind} ${input.text.slice(0, 120)}`;
      }
      if (!result || typeof result.ok !== 'boolean') {
        out.findings.push(`no {ok} reply to ${input.kind} ${input.text.slice(0, 200)}`);
      } else if (result.ok) {
        out.ok += 1;
        if (input.kind === 'dispatch' && /"type":"(setKernel|setMode)"/.test(input.text)) {
          try {
            const action = JSON.parse(input.text);
            const name = action.type === 'setKernel' ? `setKernel ${action.kernel}` : `setMode ${action.mode}`;
            out.accepted[name] = (out.accepted[name] || 0) + 1;
          } catch (e) { /* not an object: not counted */ }
        }
      } else {
        out.refused += 1;
        if (typeof result.error !== 'string' || result.error.length === 0) {
          out.findings.push(`refusal without a message: ${input.text.slice(0, 200)}`);
        }
        const dropNotices = input.kind !== 'dispatch';
        if (comparable(raw(), dropNotices) !== comparable(before, dropNotices)) {
          out.findings.push(`refused ${input.kind} changed the state: ${input.text.slice(0, 200)} → ${result.error}`);
        }
      }
    }
    return out;
  }, batch);
}

export default [
  {
    name: `fuzz: ${total} seeded hostile actions, refusals change nothing, the page stays alive`,
    async run(t) {
      await t.openApp();
      const g = generator(seed);
      const types = actionTypes(g);
      const tour = coverageTour();
      // Liveness checks at least every 100 inputs, and a batch per tour entry in a default run.
      const batchSize = Math.max(10, Math.min(100, Math.floor(total / tour.length)));
      const figures = { actions: 0, tourActions: 0, ok: 0, refused: 0, findings: [], slowest: 0, slowestInput: '',
                        checks: 0, slowestState: 0, accepted: {} };
      // Frames drawn (two per sample) in each kernel, method and N1's combination.
      const coverage = { kernel: Object.fromEntries(kernels.map((k) => [k, 0])),
                         method: Object.fromEntries(methods.map((m) => [m, 0])), sigmoidHardLive: 0 };
      const run = async (batch, tourEntry = false) => {
        const out = await runBatch(t, batch);
        if (tourEntry) figures.tourActions += batch.length;
        else figures.actions += batch.length;
        figures.ok += out.ok;
        figures.refused += out.refused;
        figures.findings.push(...out.findings);
        for (const [name, count] of Object.entries(out.accepted)) figures.accepted[name] = (figures.accepted[name] || 0) + count;
        if (out.slowest > figures.slowest) {
          figures.slowest = out.slowest;
          figures.slowestInput = out.slowestInput;
        }
      };
      // Liveness: frames go on, the page has no error, state() answers. How long state() took is a
      // printed figure, not a check: on a loaded test machine wall times say little (the 10 000-
      // action run once saw 257 ms), and the replay's slicing is checked natively (replay_test).
      // Two frames drawn in the state the inputs left, which is then counted in `coverage`.
      const alive = async () => {
        const frames = JSON.parse(await t.page.evaluate(() => Module.UTF8ToString(Module._kpg_view_json()))).frames;
        try {
          await t.page.waitForFunction((target) => {
            if (!window.kpg.ready) return true;  // stopped: reported below
            Module._kpg_request_frame();
            return JSON.parse(Module.UTF8ToString(Module._kpg_view_json())).frames >= target;
          }, frames + 2, { timeout: 30000, polling: 10 });
        } catch (e) {
          figures.findings.push(`no frame drawn for 30 s (${e.message.split('\n')[0]})`);
          return false;
        }
        const a = await t.page.evaluate(() => {
          if (!window.kpg.ready) return { ready: false, error: window.kpg.error };
          const begin = performance.now();
          const s = window.kpg.state();
          return { ready: window.kpg.ready, error: window.kpg.error, ms: performance.now() - begin,
                   points: s.session.points.length, kernel: s.session.kernel.type, C: s.session.C,
                   live: s.live, method: s.mode.name === 'kfd' && s.mode.form === 'lda' ? 'lda' : s.mode.name };
        });
        figures.checks += 1;
        if (!a.ready || a.error) {
          figures.findings.push(`page not alive: ${JSON.stringify(a)}`);
          return false;
        }
        if (typeof a.points !== 'number') figures.findings.push('state() has no session points');
        figures.slowestState = Math.max(figures.slowestState, a.ms);
        if (a.kernel in coverage.kernel) coverage.kernel[a.kernel] += 2;
        if (a.method in coverage.method) coverage.method[a.method] += 2;
        if (a.kernel === 'sigmoid' && a.C === 'inf' && a.live && a.method === 'svm') coverage.sigmoidHardLive += 2;
        return true;
      };
      const started = Date.now();
      let tourIndex = 0;
      while (figures.actions < total || tourIndex < tour.length) {
        if (tourIndex < tour.length) {
          await run(tour[tourIndex], true);
          tourIndex += 1;
          if (!(await alive())) break;
        }
        const batch = [];
        for (let k = 0; k < batchSize && figures.actions + batch.length < total; ++k) batch.push(makeInput(g, types));
        if (batch.length) await run(batch);
        if (!(await alive())) break;
        if (figures.findings.length > 20) break;
      }
      const seconds = (Date.now() - started) / 1000;
      const list = (o) => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ');
      console.log(`        fuzz coverage (frames drawn): kernels ${list(coverage.kernel)}; methods ` +
                  `${list(coverage.method)}; sigmoid + C = ∞ + Live on ${coverage.sigmoidHardLive}; ` +
                  `accepted ${list(figures.accepted)}`);
      const missing = [...Object.entries(coverage.kernel), ...Object.entries(coverage.method)]
        .filter(([, v]) => v === 0).map(([k]) => k);
      if (coverage.sigmoidHardLive === 0) missing.push('sigmoid + C = ∞ + Live on');
      console.log(`        fuzz: seed ${seed}, ${figures.actions} actions and ${figures.tourActions} of the ` +
                  `coverage tour (${figures.ok} ok, ` +
                  `${figures.refused} refused) in ${seconds.toFixed(1)} s, ${figures.checks} liveness ` +
                  `checks (slowest state() ${figures.slowestState.toFixed(0)} ms), ` +
                  `slowest action ${figures.slowest.toFixed(0)} ms (${figures.slowestInput}), ` +
                  `${figures.findings.length} findings`);
      t.check(figures.findings.length === 0, `findings:\n  ${figures.findings.join('\n  ')}`);
      t.check(missing.length === 0, `not covered: ${missing.join(', ')}`);
      t.check(t.consoleErrors.length === 0, `console errors: ${t.consoleErrors.join('; ')}`);
    },
  },
];
