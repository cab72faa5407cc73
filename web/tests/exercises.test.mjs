// Exercises that check themselves, through the page: every built-in exercise of
// kpg.exercises() is answered wrongly first (the feedback must explain it), then solved with an
// answer this test derives from the app's own state() — the lab stepped or converged with the
// exercise closed, the Tutorials panel's values, the other methods' state — never a stored
// answer. Also: the panel on screen before and after a wrong and a right answer, the exercise's
// link opening exactly that exercise in a fresh page, progress kept in localStorage and reset,
// and a malformed definition refused with its JSON path.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const kpg = (t, fn, arg) => t.page.evaluate(fn, arg);
const dispatch = (t, action) => t.page.evaluate((a) => window.kpg.dispatch(a), action);

async function waitIdle(t) {
  await t.page.waitForFunction(() => !window.kpg.state().replay, null, { timeout: 60000 });
}

const dot3 = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];

// The feature space's SVM run to its end (modeRun in slices until state().mode.finished).
async function featureSpaceRun(t) {
  for (let k = 0; k < 200 && !(await t.state()).mode.finished; k += 1) {
    await t.dispatch({ type: 'modeRun', budgetMs: 200 });
  }
}

async function converge(t) {
  await t.dispatch({ type: 'runToConvergence', budgetMs: 5000 });
  await t.page.waitForFunction(() => ['converged', 'iteration limit'].includes(window.kpg.state().solver.status),
                               null, { timeout: 60000 });
  return t.state();
}

// k(x, x′) of the session's kernel (000 "Notable kernels"), from state().session's numbers.
function kernel(k, a, b) {
  const dot = a[0] * b[0] + a[1] * b[1];
  if (k.type === 'linear') return dot;
  if (k.type === 'polynomial') return (k.gamma * dot + k.coef0) ** k.degree;
  if (k.type === 'rbf') return Math.exp(-k.gamma * ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2));
  return Math.tanh(k.gamma * dot + k.coef0);
}

// Eigenvalues of a small symmetric matrix (cyclic Jacobi), ascending.
function eigenvalues(m) {
  const a = m.map((row) => row.slice());
  const n = a.length;
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let off = 0;
    for (let p = 0; p < n; p += 1) for (let q = p + 1; q < n; q += 1) off += a[p][q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p += 1) {
      for (let q = p + 1; q < n; q += 1) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const tt = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(tt * tt + 1), s = tt * c;
        for (let k = 0; k < n; k += 1) {
          const akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
      }
    }
  }
  return a.map((row, i) => row[i]).sort((x, y) => x - y);
}

// A tutorial's value, read page by page from state().tutorial (the core's exact derivation).
async function tutorialValue(t, id, name) {
  await t.dispatch({ type: 'openTutorial', id, page: 0 });
  for (let page = 0; page < 40; page += 1) {
    const tut = (await t.state()).tutorial;
    const v = tut.values.find((x) => x.name === name);
    if (v) {
      await t.dispatch({ type: 'closeTutorial' });
      return v.value;
    }
    if (tut.page + 1 >= tut.pageCount) break;
    await t.dispatch({ type: 'tutorialNext' });
  }
  throw new Error(`tutorial ${id} has no value ${name}`);
}

// The right answer of the open exercise `e` (state().exercise), derived with the exercise closed
// (its locks lifted), from the lab's own state; the exercise is reopened afterwards.
async function deriveAnswer(t, e) {
  const goal = e.goal;
  const before = await t.state();
  await t.dispatch({ type: 'closeExercise' });
  let answer;
  const sessionPoints = before.session.points;
  switch (goal.kind) {
    case 'smoPair': {
      await t.dispatch({ type: 'step', n: 1 });
      const s = await t.state();
      answer = [s.solver.lastStep.i, s.solver.lastStep.j];
      break;
    }
    case 'alphaAfterStep': {
      await t.dispatch({ type: 'step', n: 1 });
      answer = (await t.state()).solver.alpha[goal.point];
      break;
    }
    case 'supportVectors': {
      if (before.mode.name === 'featurespace') {
        // The SVM on the lifted points, run to its end by the method's own Run.
        await featureSpaceRun(t);
        answer = (await t.state()).featureSpace.alpha.map((a, i) => (a > 0 ? i : -1)).filter((i) => i >= 0);
        break;
      }
      const s = await converge(t);
      answer = s.solver.alpha.map((a, i) => (a > 0 ? i : -1)).filter((i) => i >= 0);
      break;
    }
    case 'separatingMap': {
      // A map whose converged SVM puts every lifted point on its side: a separating plane
      // exists (a certificate, checked here from w, b and the lifted points).
      for (const map of ['quadratic', 'product', 'squares', 'paraboloid']) {
        await t.dispatch({ type: 'setFeatureSpace', map });
        await featureSpaceRun(t);
        const s = await t.state();
        const fs = s.featureSpace;
        if (fs.w && s.session.points.every((p, i) => p[2] * (dot3(fs.w, fs.points[i]) + fs.b) > 0)) {
          answer = map;
          break;
        }
      }
      break;
    }
    case 'separatingPlane': {
      // Her plane set to the SVM's: n = w/‖w‖, offset = −b/‖w‖ (see solve, below).
      await featureSpaceRun(t);
      const fs = (await t.state()).featureSpace;
      const norm = Math.hypot(...fs.w);
      const n = fs.w.map((v) => v / norm);
      answer = { plane: { azimuth: Math.atan2(n[1], n[0]) * 180 / Math.PI,
                          elevation: Math.asin(n[2]) * 180 / Math.PI, offset: -fs.b / norm } };
      break;
    }
    case 'classifyPoint': {
      const s = await converge(t);
      const c = s.solver.categories[goal.point];
      answer = c === 'free' ? 'free' : c === 'bound' ? 'bound' : 'non-SV';
      break;
    }
    case 'boundSv':
      answer = null;  // the canvas is the answer: see solve()
      break;
    case 'findParameter': {
      const grid = goal.parameter === 'C' ? [1000, 100, 10, 1, 0.3, 0.1, 0.05, 0.02, 0.01]
                                          : [0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 50];
      for (const value of grid) {
        if (goal.parameter === 'C') await t.dispatch({ type: 'setC', C: value });
        else {
          const k = before.session.kernel;
          await t.dispatch({ type: 'setKernel', kernel: k.type, gamma: value, coef0: k.coef0, degree: k.degree });
        }
        const s = await converge(t);
        const holds = goal.property === 'margin'
          ? s.solver.margin >= goal.atLeast
          : s.solver.trainingAccuracy >= 1 && s.solver.alpha.filter((a) => a > 0).length <= goal.maxSupportVectors;
        if (holds) { answer = value; break; }
      }
      break;
    }
    case 'numeric': {
      const k = before.session.kernel;
      if (goal.quantity === 'tutorial') answer = await tutorialValue(t, goal.tutorial, goal.value);
      else if (goal.quantity === 'gram') answer = kernel(k, sessionPoints[goal.i], sessionPoints[goal.j]);
      else if (goal.quantity === 'gramMinEigenvalue') {
        answer = eigenvalues(sessionPoints.map((a) => sessionPoints.map((b) => kernel(k, a, b))))[0];
      } else if (goal.quantity === 'kpcaEigenvalue') answer = before.mode.eigenvalues[goal.component];
      else if (goal.quantity === 'kfdAlpha') answer = before.mode.alpha[goal.i];
      else if (goal.quantity === 'svrSupportVectors') {
        for (let k2 = 0; k2 < 200 && !(await t.state()).mode.finished; k2 += 1) {
          await t.dispatch({ type: 'modeRun', budgetMs: 200 });
        }
        answer = (await t.state()).mode.nSV;
      } else throw new Error(`no derivation for ${goal.quantity}`);
      break;
    }
    default:
      throw new Error(`unknown goal ${goal.kind}`);
  }
  await t.dispatch({ type: 'openExercise', id: e.id });
  await waitIdle(t);
  return answer;
}

function wrongAnswer(e, right, s) {
  const goal = e.goal;
  const n = s.session.points.length;
  switch (goal.kind) {
    case 'separatingMap': return null;  // the map it opens with
    case 'separatingPlane': return null;  // no plane of her own yet
    case 'smoPair': return [right[0], [...Array(n).keys()].find((k) => !right.includes(k))];
    case 'supportVectors': return [...Array(n).keys()].filter((k) => !right.includes(k));
    case 'classifyPoint': return right === 'bound' ? 'free' : 'bound';
    case 'boundSv': return null;  // the canvas as opened
    case 'findParameter': return goal.parameter === 'C' ? 1000 : 0.01;
    default: return right + 10 * (goal.tolerance || 0.001) + 1;
  }
}

async function solveBoundSv(t) {
  // Drag point 0 (with the lab's action) onto the other class's mean: deep on the wrong side.
  const s = await t.state();
  const y0 = s.session.points[0][2];
  const other = s.session.points.filter((p) => p[2] !== y0);
  const x = other.reduce((a, p) => a + p[0], 0) / other.length;
  const y = other.reduce((a, p) => a + p[1], 0) / other.length;
  await t.dispatch({ type: 'movePoint', index: 0, x, y });
}

export default [
  {
    name: 'every built-in exercise: a wrong answer is explained, the derived answer solves it',
    async run(t) {
      await t.openApp();
      const list = await kpg(t, () => window.kpg.exercises());
      t.check(list.length >= 12, `at least 12 built-in exercises: ${list.length}`);
      t.check(list.every((x) => x.status === 'new' && x.id && x.title && x.section), JSON.stringify(list[0]));
      for (const item of list) {
        await t.dispatch({ type: 'openExercise', id: item.id });
        await waitIdle(t);
        let s = await t.state();
        const e = s.exercise;
        t.check(e && e.id === item.id && e.status === 'open' && e.attempts === 0, `${item.id} opens: ${JSON.stringify(e)}`);
        const right = await deriveAnswer(t, e);
        s = await t.state();
        const wrong = wrongAnswer(e, right, s);
        let reply = await dispatch(t, { type: 'submitAnswer', answer: wrong });
        t.check(reply.ok && reply.solved === false && reply.feedback.length > 20,
                `${item.id}: the wrong answer ${JSON.stringify(wrong)} → ${JSON.stringify(reply)}`);
        s = await t.state();
        t.check(s.exercise.status === 'failed' && s.exercise.feedback === reply.feedback, `${item.id} failed state`);
        if (e.goal.kind === 'boundSv') await solveBoundSv(t);
        let answer = right;
        if (e.goal.kind === 'separatingPlane') {
          await t.dispatch({ type: 'setModeParams', plane: right.plane });
          answer = null;
        }
        reply = await dispatch(t, { type: 'submitAnswer', answer });
        t.check(reply.ok && reply.solved === true,
                `${item.id}: the derived answer ${JSON.stringify(right)} → ${JSON.stringify(reply)}`);
        s = await t.state();
        t.check(s.exercise.status === 'solved' && s.exercise.attempts === 2, `${item.id} solved state`);
      }
      const after = await kpg(t, () => window.kpg.exercises());
      t.check(after.every((x) => x.status === 'solved' && x.attempts === 2), JSON.stringify(after));
      await t.dispatch({ type: 'closeExercise' });
      // Progress survives a reload (localStorage) and resets.
      await t.page.waitForTimeout(1500);
      await t.page.reload();
      await t.page.waitForFunction(() => window.kpg && window.kpg.ready, null, { timeout: 60000 });
      const reloaded = await kpg(t, () => window.kpg.exercises());
      t.check(reloaded.every((x) => x.status === 'solved'), `progress kept over a reload: ${JSON.stringify(reloaded.map((x) => x.status))}`);
      await t.dispatch({ type: 'resetExerciseProgress' });
      t.check((await kpg(t, () => window.kpg.exercises())).every((x) => x.status === 'new'), 'progress reset');
    },
  },
  {
    name: 'closing an exercise by its Close button gives Live and the locks back',
    async run(t) {
      await t.openApp();
      t.check((await t.state()).session.live === true, 'Live is on at start');
      await t.dispatch({ type: 'openExercise', id: 'smo-first-pair' });
      await t.waitFrames(3);
      const open = await t.state();
      t.check(open.session.live === false, 'the pair question steps one update at a time: Live off');
      t.check(open.page.locks.length > 0, `the exercise locks controls: ${open.page.locks}`);
      await t.clickControl('exercise.close');
      const closed = await t.state();
      t.check(closed.exercise === null, 'closed');
      t.check(closed.session.live === true, 'her Live is back on');
      t.check(closed.page.locks.length === 0, `no locks left: ${closed.page.locks}`);
    },
  },
  {
    name: 'the exercise panel before and after a wrong and a right answer; the link reopens it',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'openExercise', id: 'smo-first-pair' });
      await t.waitFrames(3);
      await t.screenshot('exercise-before');
      const e = (await t.state()).exercise;
      t.check(e.prompt.includes('Which two points'), e.prompt);
      // Locked while open: stepping would show the answer.
      const refused = await dispatch(t, { type: 'step', n: 1 });
      t.check(!refused.ok && /Stepping is locked/.test(refused.error), JSON.stringify(refused));
      await t.dispatch({ type: 'exerciseHint' });
      const right = await deriveAnswer(t, e);
      const wrongPick = [right[0], [0, 1, 2].find((k) => !right.includes(k))];
      // The wrong answer picked with real clicks on the canvas points.
      const view = await t.view();
      const points = (await t.state()).session.points;
      for (const index of wrongPick) {
        // A quick tap (a press held past the long-press time would be a delete).
        const at = t.constructor.toPage(view, points[index][0], points[index][1]);
        await t.page.mouse.move(at.x, at.y);
        await t.waitFrames(2);
        await t.page.mouse.click(at.x, at.y);
        await t.page.waitForFunction((n) => window.kpg.state().exercise.selected.length === n,
                                     wrongPick.indexOf(index) + 1, { timeout: 10000 });
      }
      let s = await t.state();
      t.check(JSON.stringify(s.exercise.selected) === JSON.stringify(wrongPick),
              `clicks on the canvas picked ${JSON.stringify(s.exercise.selected)}, expected ${JSON.stringify(wrongPick)}`);
      t.check(s.session.points.length === points.length, 'a pick adds no point');
      await t.dispatch({ type: 'submitAnswer', answer: s.exercise.selected });
      s = await t.state();
      t.check(s.exercise.status === 'failed' && s.exercise.feedback.startsWith(`SMO picks (${s.exercise.feedback.match(/\((\d+), (\d+)\)/).slice(1).join(', ')})`), s.exercise.feedback);
      t.check(/m\(α\) = max over I_up/.test(s.exercise.feedback), `the feedback explains with m(α): ${s.exercise.feedback}`);
      await t.waitFrames(3);
      await t.screenshot('exercise-after-wrong');
      await t.dispatch({ type: 'submitAnswer', answer: right });
      await t.waitFrames(3);
      await t.screenshot('exercise-after-right');
      t.check((await t.state()).exercise.status === 'solved', 'solved');

      // The link opens exactly this exercise in a fresh page.
      const link = await kpg(t, () => window.kpg.exerciseLink());
      t.check(link && link.includes('#s='), link);
      const other = await t.page.context().newPage();
      await other.goto(link);
      await other.waitForFunction(() => window.kpg && window.kpg.ready, null, { timeout: 60000 });
      const o = await other.evaluate(() => window.kpg.state());
      t.check(o.exercise && o.exercise.id === 'smo-first-pair' && o.exercise.status === 'open', JSON.stringify(o.exercise));
      t.check(JSON.stringify(o.page.locks) === JSON.stringify(s.page.locks), 'the same locks');
      await other.close();

      // A malformed definition: refused with its JSON path, nothing changes.
      const before = JSON.stringify((await t.state()).exercise);
      const bad = await dispatch(t, { type: 'openExercise', exercise: { id: 'x', title: 'x', section: 'x', prompt: 'x', session: await kpg(t, () => window.kpg.session()), goal: { kind: 'classifyPoint', point: 99 } } });
      t.check(!bad.ok && bad.error.startsWith('$.exercise.goal.point: point 99 does not exist'), JSON.stringify(bad));
      t.check(JSON.stringify((await t.state()).exercise) === before, 'nothing changed');
    },
  },
  {
    name: 'instructor mode: an exercise made on the canvas round-trips through its link and its file',
    async run(t) {
      await t.page.goto(t.baseUrl + '?instructor=1');
      await t.page.waitForFunction(() => window.kpg && window.kpg.ready, null, { timeout: 60000 });
      // The teacher sets up the canvas (Live off: the question is about the next step) ...
      await t.dispatch({ type: 'setLive', on: false });
      await t.dispatch({ type: 'preset', name: 'blobs' });
      await t.dispatch({ type: 'setC', C: 1 });
      await t.dispatch({ type: 'step', n: 3 });
      await t.waitFrames(3);
      await t.screenshot('instructor-mode');
      const canvas = await kpg(t, () => window.kpg.session());
      // ... and makes the exercise on it (no session in the definition: the canvas as it is).
      const definition = { id: 'teacher-1', title: 'The pair after three steps', section: '003 SMO algo',
                           prompt: 'Which pair does SMO update next?', hints: ['Look at I_up.', 'And at I_low.'],
                           locks: ['kernel', 'C', 'data', 'step'], goal: { kind: 'smoPair' } };
      await t.dispatch({ type: 'openExercise', exercise: definition });
      const made = (await t.state()).exercise;
      t.check(made.id === 'teacher-1' && made.prompt === definition.prompt && made.hintCount === 2 && !made.builtin,
              JSON.stringify(made));
      const link = await kpg(t, () => window.kpg.exerciseLink());
      const html = await kpg(t, () => window.kpg.exerciseFile());
      t.check(html.length > 500000 && html.includes('kpg-start-link'), `the single file: ${html.length} characters`);

      // The link, in a fresh page: exactly this exercise on exactly this canvas.
      const student = await t.page.context().newPage();
      await student.goto(link);
      await student.waitForFunction(() => window.kpg && window.kpg.ready && !window.kpg.state().replay, null, { timeout: 60000 });
      const s = await student.evaluate(() => window.kpg.state());
      t.check(JSON.stringify(s.exercise) === JSON.stringify(made), `the link reopens it: ${JSON.stringify(s.exercise)}`);
      t.check(JSON.stringify(await student.evaluate(() => window.kpg.session())) === JSON.stringify(canvas), 'the same canvas');
      await student.close();

      // The file, opened from disk with the network off.
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kpg-exercise-')), 'teacher-1.html');
      fs.writeFileSync(file, html);
      const offline = await t.page.context().browser().newContext({ offline: true });
      try {
        const page = await offline.newPage();
        await page.goto(pathToFileURL(file).href);
        await page.waitForFunction(() => window.kpg && (window.kpg.ready || window.kpg.error), null, { timeout: 90000 });
        t.check(!(await page.evaluate(() => window.kpg.error)), 'the file starts offline');
        await page.waitForFunction(() => !window.kpg.state().replay, null, { timeout: 60000 });
        const f = await page.evaluate(() => window.kpg.state());
        t.check(JSON.stringify(f.exercise) === JSON.stringify(made), `the file opens it: ${JSON.stringify(f.exercise)}`);
        t.check(JSON.stringify(await page.evaluate(() => window.kpg.session())) === JSON.stringify(canvas), 'the file: the same canvas');
      } finally {
        await offline.close();
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }
    },
  },
];
