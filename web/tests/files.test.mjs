// The file toolbar and the student's own data, driven as a person would: the
// mouse on the on-screen buttons (their rectangles come from the app, kpg_files_ui_json, not from
// pixel guesses), the file chooser, a drag-and-drop with a DataTransfer, a paste event, the
// downloads. exportModel's file goes to the real svm-predict (Debian libsvm-tools).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ui = (t) => t.page.evaluate(() => JSON.parse(Module.UTF8ToString(Module._kpg_files_ui_json())));

// Clicks the toolbar item `name` at its centre with the mouse.
async function click(t, name) {
  let rect = null;
  for (let tries = 0; tries < 50 && !rect; ++tries) {
    rect = (await ui(t)).rects[name];
    if (!rect) await t.page.waitForTimeout(50);
  }
  t.check(rect, `the toolbar item "${name}" is on screen`);
  await t.page.mouse.move((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2);
  await t.page.mouse.down();
  await t.waitFrames(2);
  await t.page.mouse.up();
  await t.waitFrames(2);
}

// The app's state without the frame counter (it moves every frame).
async function stateWithoutFrame(t) {
  const s = await t.state();
  delete s.frame;
  delete s.render;  // frames drawn and skipped, frame time
  return JSON.stringify(s);
}

// An iris-like file: the label first, four features, three classes 1, 2, 3.
const irisCsv = [
  'species,sepal_length,sepal_width,petal_length,petal_width',
  '1,5.1,3.5,1.4,0.2', '1,4.9,3.0,1.4,0.2', '1,4.7,3.2,1.3,0.2', '1,5.0,3.6,1.4,0.2',
  '2,7.0,3.2,4.7,1.4', '2,6.4,3.2,4.5,1.5', '2,6.9,3.1,4.9,1.5', '2,5.5,2.3,4.0,1.3',
  '3,6.3,3.3,6.0,2.5', '3,5.8,2.7,5.1,1.9', '3,7.1,3.0,5.9,2.1', '3,6.5,3.0,5.8,2.2',
].join('\n') + '\n';

async function chooseFile(t, buttonName, file) {
  const chooser = t.page.waitForEvent('filechooser', { timeout: 10000 });
  await click(t, buttonName);
  await (await chooser).setFiles(file);
}

// The import dialog (file_toolbar.hpp drawImportDialog) of a CSV file just opened: its Import
// button clicked with the mouse.
async function importInDialog(t) {
  await t.page.waitForFunction(() => window.kpg.state().importPreview !== null);
  await t.waitFrames(3);  // the modal laid out at its place (a popup's first frame is hidden)
  await t.clickControl('import-confirm');
  await t.page.waitForFunction(() => window.kpg.state().importPreview === null);
}

// A named item of the dialog lies inside the page's viewport.
async function checkOnScreen(t, name) {
  const r = await t.controlRect(name);
  const size = t.page.viewportSize();
  t.check(r[0] >= 0 && r[1] >= 0 && r[2] <= size.width && r[3] <= size.height,
          `${name} at ${JSON.stringify(r)} inside ${size.width}x${size.height}`);
}

async function downloadOf(t, clickAction) {
  const download = t.page.waitForEvent('download', { timeout: 20000 });
  await clickAction();
  const d = await download;
  return { name: d.suggestedFilename(), path: await d.path() };
}

// Opens the app and chooses tests/data/iris.csv with Import data's file chooser: the Import
// dialog then holds it (state().importPreview).
const irisFile = new URL('../../tests/data/iris.csv', import.meta.url);
async function openIrisDialog(t) {
  await t.openApp();
  await chooseFile(t, 'import-data', { name: 'iris.csv', mimeType: 'text/csv', buffer: fs.readFileSync(irisFile) });
  await t.page.waitForFunction(() => window.kpg.state().importPreview !== null);
}

export default [
  {
    name: 'Import data by the button: features and classes picked by mouse; the lab says so',
    async run(t) {
      await t.openApp();
      await chooseFile(t, 'import-data',
                       { name: 'iris.csv', mimeType: 'text/csv', buffer: Buffer.from(irisCsv) });
      await importInDialog(t);
      await t.page.waitForFunction(() => window.kpg.state().dataImport !== null);
      let s = await t.state();
      t.check(s.dataImport.samples === 12 && s.dataImport.features === 4, JSON.stringify(s.dataImport));
      t.check(s.dataImport.classes.length === 3, 'three classes');
      // Default: classes 1 and 2 (2 as +1), features 1 and 2.
      t.check(s.session.points.length === 8, `8 points of classes 1 and 2, got ${s.session.points.length}`);
      t.check(s.session.points[0][0] === 5.1 && s.session.points[0][1] === 3.5 && s.session.points[0][2] === -1,
              `first point ${JSON.stringify(s.session.points[0])}`);
      t.check(/one-vs-one sub-problem of these two classes \(8 samples\)/.test(s.dataImport.summary), s.dataImport.summary);
      // Features 3 and 4, then class 3 as y = −1, with the mouse in the toolbar's combos.
      await click(t, 'import-x');
      await click(t, 'import-x/3');
      await click(t, 'import-y');
      await click(t, 'import-y/4');
      await click(t, 'import-negative');
      await click(t, 'import-negative/3');
      s = await t.state();
      t.check(s.dataImport.x === 3 && s.dataImport.y === 4, `features ${s.dataImport.x}, ${s.dataImport.y}`);
      t.check(s.dataImport.positive === 2 && s.dataImport.negative === 3,
              `classes ${s.dataImport.positive}, ${s.dataImport.negative}`);
      t.check(s.session.points.length === 8, 'classes 2 and 3: 8 points');
      t.check(s.session.points[0][0] === 4.7 && s.session.points[0][1] === 1.4 && s.session.points[0][2] === 1,
              `class 2's first point on petal length/width: ${JSON.stringify(s.session.points[0])}`);
      t.check(/training on these two/.test(s.dataImport.summary), s.dataImport.summary);
      await t.dispatch({ type: 'runToConvergence' });
      await t.waitForField();
      await t.screenshot('files-import-iris-1280');
    },
  },
  {
    name: 'iris as pandas writes it (species last, as text) imports through the dialog',
    async run(t) {
      // tests/data/iris.csv: to_csv(index=False) of seaborn's iris. Read with the label in
      // column 1 it was "invalid number 'setosa' at line 2 col 5".
      await openIrisDialog(t);
      await importInDialog(t);
      await t.page.waitForFunction(() => window.kpg.state().dataImport !== null);
      const d = (await t.state()).dataImport;
      t.check(d.samples === 150 && d.features === 4, JSON.stringify(d));
      t.check(d.labelColumn === 5 && d.label === "column 5 'species' (named like a label)", d.label);
      t.check(d.featureNames.join() === 'sepal_length,sepal_width,petal_length,petal_width',
              d.featureNames.join());
      t.check(d.classes.map((c) => `${c.name}:${c.count}`).join() ===
              'setosa:50,versicolor:50,virginica:50', JSON.stringify(d.classes));
      t.check(/Class versicolor is y = \+1, class setosa is y = −1/.test(d.summary), d.summary);
      t.check((await t.state()).session.points.length === 100, '100 points of two classes');
      // A label column asked for by name that holds numbers: species is then a text feature.
      const r = await t.page.evaluate((text) => window.kpg.importData(text, { labelName: 'sepal_length' }),
                                      fs.readFileSync(irisFile, 'utf8'));
      t.check(!r.ok && /column 5 'species' holds text: choose it as the label column/.test(r.error), r.error);
    },
  },
  {
    name: 'all 3 classes: every pair trained, the canvas coloured by the vote, svm-train agrees',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'setKernel', kernel: 'rbf', gamma: 0.5 });
      await t.dispatch({ type: 'setC', C: 2 });
      await chooseFile(t, 'import-data',
                       { name: 'iris.csv', mimeType: 'text/csv', buffer: Buffer.from(irisCsv) });
      await importInDialog(t);
      await t.page.waitForFunction(() => window.kpg.state().dataImport !== null);
      await click(t, 'import-x');
      await click(t, 'import-x/3');
      await click(t, 'import-y');
      await click(t, 'import-y/4');
      let s = await t.state();
      t.check(s.classRegions === null, 'no regions before the box is ticked');
      await t.clickControl('allClasses');
      s = await t.state();
      const r = s.classRegions;
      t.check(r && !r.stale && r.classes.length === 3 && r.subproblems.length === 3 && r.samples === 12,
              `three classes, three pairs: ${JSON.stringify(r).slice(0, 200)}`);
      t.check(r.converged, 'every pair converged');
      // svm-train on the same two features of the same file, svm-predict on it: the same accuracy.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kpg-regions-'));
      const rows = irisCsv.trim().split('\n').slice(1).map((line) => line.split(',').map(Number));
      fs.writeFileSync(path.join(dir, 'train'), rows.map((v) => `${v[0]} 1:${v[3]} 2:${v[4]}`).join('\n') + '\n');
      const train = spawnSync('svm-train', ['-q', '-t', '2', '-g', '0.5', '-c', '2', '-e', String(s.session.eps),
                                            path.join(dir, 'train'), path.join(dir, 'model')], { encoding: 'utf8' });
      t.check(train.status === 0, `svm-train: ${train.stderr}`);
      const predict = spawnSync('svm-predict', [path.join(dir, 'train'), path.join(dir, 'model'), path.join(dir, 'out')],
                                { encoding: 'utf8' });
      const correct = Number(/\((\d+)\/12\)/.exec(predict.stdout)[1]);
      t.check(Math.round(r.trainingAccuracy * 12) === correct,
              `the app's vote fits ${r.trainingAccuracy * 12} of 12, svm-predict ${correct}: ${predict.stdout}`);
      fs.rmSync(dir, { recursive: true });
      await t.waitFrames(3);
      await t.screenshot('files-import-iris-all-classes-1280');
      // Another C makes them stale: hidden, and the button offers them again.
      await t.dispatch({ type: 'setC', C: 20 });
      s = await t.state();
      t.check(s.classRegions.stale, 'stale after C changed');
      await t.clickControl('allClasses');
      s = await t.state();
      t.check(!s.classRegions.stale, 'trained again for C = 20');
      await t.clickControl('allClasses');
      t.check((await t.state()).classRegions === null, 'unticking drops them');
    },
  },
  {
    name: 'Save session downloads the session; Open session brings it back by the file chooser',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'xor' });
      await t.dispatch({ type: 'step', n: 5 });
      const original = (await t.state()).session;
      const saved = await downloadOf(t, () => click(t, 'save-session'));
      t.check(saved.name === 'kpg-session.json', saved.name);
      t.check(JSON.stringify(JSON.parse(fs.readFileSync(saved.path, 'utf8'))) === JSON.stringify(original),
              'the download is the session');
      await t.dispatch({ type: 'preset', name: 'moons' });
      await chooseFile(t, 'open-session', saved.path);
      await t.page.waitForFunction((o) => JSON.stringify(window.kpg.state().session) === o,
                                   JSON.stringify(original), { timeout: 10000 });
    },
  },
  {
    name: 'a bad file shows its file:line error; state() is unchanged',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      // Live mode re-converges over frames after the preset: compare once it has settled.
      await t.page.waitForFunction(() => !window.kpg.state().livePending);
      await t.waitFrames(2);
      const before = await stateWithoutFrame(t);
      const bad = 'label,a,b\n1,0.5,1\n-1,NA,2\n';
      await chooseFile(t, 'import-data', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await t.page.waitForFunction(() =>
        JSON.parse(Module.UTF8ToString(Module._kpg_files_ui_json())).messageKind === 'error');
      const u = await ui(t);
      t.check(u.message.startsWith('could not import data: bad.csv:3:'), u.message);
      t.check(/missing value/.test(u.message), u.message);
      t.check(await stateWithoutFrame(t) === before, 'state() unchanged by the bad file');
      // The scripting form returns the same error (C2), and a binary file is refused unread (W10).
      const r = await t.page.evaluate((text) => window.kpg.importData(text, { format: 'csv', source: 'bad.csv' }), bad);
      t.check(!r.ok && r.error.startsWith('bad.csv:3:'), JSON.stringify(r));
      const png = await t.page.evaluate(() => window.kpg.importData(new File([new Uint8Array([137, 80, 78, 71])], 'x.png', { type: 'image/png' })));
      t.check(!png.ok && /not a text data file/.test(png.error), JSON.stringify(png));
      t.check(await stateWithoutFrame(t) === before, 'state() unchanged by the scripted bad imports');
      await t.screenshot('files-bad-file-error');
    },
  },
  {
    name: 'drag-and-drop a LIBSVM file and paste CSV text onto the page',
    async run(t) {
      await t.openApp();
      const libsvm = '+1 1:0.5 2:1\n-1 1:2 2:3\n+1 1:1 2:0.25\n-1 1:3 2:2.5\n';
      await t.page.evaluate((text) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], 'dropped.libsvm', { type: 'text/plain' }));
        const canvas = document.getElementById('canvas');
        canvas.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }, libsvm);
      await t.page.waitForFunction(() => window.kpg.state().session.preset === 'imported: dropped.libsvm');
      let s = await t.state();
      t.check(JSON.stringify(s.session.points) === JSON.stringify([[0.5, 1, 1], [2, 3, -1], [1, 0.25, 1], [3, 2.5, -1]]),
              JSON.stringify(s.session.points));
      const csv = 'label,x1,x2\n0,1,1\n1,2,2\n0,1.5,0.5\n';
      await t.page.evaluate((text) => {
        const transfer = new DataTransfer();
        transfer.setData('text/plain', text);
        document.getElementById('canvas').dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      }, csv);
      await importInDialog(t);
      await t.page.waitForFunction(() => window.kpg.state().session.preset === 'imported: <pasted text>');
      s = await t.state();
      // {0, 1}: the larger label is +1.
      t.check(JSON.stringify(s.session.points) === JSON.stringify([[1, 1, -1], [2, 2, 1], [1.5, 0.5, -1]]),
              JSON.stringify(s.session.points));
    },
  },
  {
    name: 'Export model by the menu: svm-predict on the exported data gives the app\'s signs',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      await t.dispatch({ type: 'runToConvergence' });
      await t.page.waitForFunction(() => window.kpg.state().solver.status === 'converged');
      await click(t, 'export');
      const model = await downloadOf(t, () => click(t, 'export-model'));
      t.check(model.name === 'kpg.model', model.name);
      const modelText = fs.readFileSync(model.path, 'utf8');
      t.check(modelText === await t.page.evaluate(() => window.kpg.exportModel()), 'the download is kpg.exportModel()');
      await click(t, 'export');
      const data = await downloadOf(t, () => click(t, 'export-libsvm'));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kpg-files-'));
      const out = path.join(dir, 'predictions');
      const run = spawnSync('svm-predict', [data.path, model.path, out], { encoding: 'utf8' });
      t.check(run.status === 0, `svm-predict: ${run.stderr} ${run.stdout}`);
      const predicted = fs.readFileSync(out, 'utf8').trim().split('\n').map(Number);
      const s = await t.state();
      t.check(predicted.length === s.solver.decision.length, `${predicted.length} predictions`);
      let agree = 0;
      for (let i = 0; i < predicted.length; ++i) agree += predicted[i] === (s.solver.decision[i] > 0 ? 1 : -1);
      t.check(agree === predicted.length, `svm-predict agrees with the app's sign f(x) at ${agree} of ${predicted.length}`);
      // The CSV form of the same points.
      const csv = await t.page.evaluate(() => window.kpg.exportData('csv'));
      t.check(csv.split('\n')[0] === 'label,x1,x2' && csv.trim().split('\n').length === s.session.points.length + 1,
              csv.slice(0, 80));
      fs.rmSync(dir, { recursive: true });
    },
  },
  {
    name: 'Share puts the link in the clipboard and says so; the link restores the state',
    async run(t) {
      // The clipboard is stubbed in the page (headless Chromium's permission prompt is not
      // scriptable the same way everywhere): writeText records the text.
      await t.page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: async (text) => { window.__copied = text; } }, configurable: true,
        });
      });
      await t.openApp();
      await t.dispatch({ type: 'setLive', on: false });  // a link to step 4 of a step-by-step lesson
      await t.dispatch({ type: 'preset', name: 'circles' });
      await t.dispatch({ type: 'setC', C: 3 });
      await t.dispatch({ type: 'step', n: 4 });
      await click(t, 'share');
      await t.page.waitForFunction(() => typeof window.__copied === 'string');
      const link = await t.page.evaluate(() => window.__copied);
      t.check(/#s=[A-Za-z0-9_-]+$/.test(link), link.slice(0, 80));
      const u = await ui(t);
      t.check(u.messageKind === 'copied' && u.message === 'Link copied', JSON.stringify(u.message));
      await t.screenshot('files-share-link-copied');
      const original = (await t.state()).session;
      await t.page.goto('about:blank');
      await t.page.goto(link);
      await t.page.waitForFunction(() => window.kpg && window.kpg.ready && window.kpg.state().session.step === 4);
      t.check(JSON.stringify((await t.state()).session) === JSON.stringify(original), 'the link restores the session');
    },
  },
  {
    name: 'the address bar follows the state, 500 ms after an edit',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'blobs' });
      const view = await t.view();
      const count = (await t.state()).session.points.length;
      // An edit with the mouse: a click on an empty part of the canvas adds a point.
      const at = (await import('./harness.mjs')).TestContext.toPage(view, -4, 3);
      await t.page.mouse.click(at.x, at.y);
      await t.page.waitForFunction((n) => window.kpg.state().session.points.length === n, count + 1);
      await t.page.waitForFunction(() =>
        location.hash === Module.UTF8ToString(Module._kpg_share_hash()), null, { timeout: 5000 });
      const hash = await t.page.evaluate(() => location.hash);
      const session = JSON.parse(Buffer.from(hash.slice(3), 'base64url').toString('utf8'));
      t.check(session.points.length === count + 1, `the URL's session has ${session.points.length} points`);
      t.check(JSON.stringify(session) === JSON.stringify((await t.state()).session), 'the URL carries the state');
      // A history entry is not added per change (replaceState).
      t.check(await t.page.evaluate(() => history.length) <= 2, 'replaceState, not pushState');
    },
  },
  {
    name: 'the link in the address bar carries the method and the tutorial page; opening it restores them',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'circles' });
      // Opening a tutorial shows the SVM lab (its panel is there); the method chosen after it
      // keeps the tutorial open behind it, and the link carries both.
      await t.dispatch({ type: 'openTutorial', id: 'smo', page: 2 });
      await t.dispatch({ type: 'setMode', mode: 'kpca' });
      await t.page.waitForFunction(() =>
        location.hash.length > 3 && location.hash === Module.UTF8ToString(Module._kpg_share_hash()), null, { timeout: 5000 });
      const url = await t.page.evaluate(() => location.href);
      const original = await t.state();
      t.check(original.mode.name === 'kpca' && original.tutorial.open && original.tutorial.id === 'smo',
              `${original.mode.name} ${original.tutorial.id}`);
      await t.page.goto('about:blank');
      await t.page.goto(url);
      await t.page.waitForFunction(() => window.kpg && window.kpg.ready);
      const opened = await t.state();
      t.check(opened.mode.name === 'kpca', `method ${opened.mode.name}`);
      t.check(opened.tutorial.open && opened.tutorial.id === 'smo' && opened.tutorial.page === original.tutorial.page,
              `tutorial ${opened.tutorial.id} page ${opened.tutorial.page}`);
      t.check(JSON.stringify(opened.session) === JSON.stringify(original.session), 'the session and its view');
    },
  },
  {
    name: 'Export PNG: a 2x figure of the plot with the colour bar, not blank',
    async run(t) {
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      await t.dispatch({ type: 'runToConvergence' });
      await t.waitForField();
      const view = await t.view();
      await click(t, 'export');
      const png = await downloadOf(t, () => click(t, 'export-png'));
      t.check(png.name === 'kpg-figure.png', png.name);
      const bytes = fs.readFileSync(png.path);
      t.check(bytes.subarray(1, 4).toString() === 'PNG', 'a PNG file');
      const width = bytes.readUInt32BE(16), height = bytes.readUInt32BE(20);
      const plotWidth = view.canvas.right - view.canvas.left, plotHeight = view.canvas.bottom - view.canvas.top;
      // The plot and the 74 px colour bar, at 2×; the legend strip under the plot.
      t.check(width === Math.round(2 * (plotWidth + 74)), `width ${width} for a plot ${plotWidth} px wide`);
      t.check(height >= 2 * plotHeight && height <= 2 * plotHeight + 200, `height ${height} for a plot ${plotHeight} px high`);
      const stats = await t.page.evaluate(async (dataUrl) => {
        const image = new Image();
        image.src = dataUrl;
        await image.decode();
        const c = document.createElement('canvas');
        c.width = image.naturalWidth;
        c.height = image.naturalHeight;
        const g = c.getContext('2d');
        g.drawImage(image, 0, 0);
        const { data } = g.getImageData(0, 0, c.width, c.height);
        const colours = new Set();
        let white = 0, orange = 0, blue = 0;
        for (let i = 0; i < data.length; i += 4) {
          colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
          if (data[i] > 250 && data[i + 1] > 250 && data[i + 2] > 250) ++white;
          if (data[i] === 213 && data[i + 1] === 94 && data[i + 2] === 0) ++orange;   // class +1
          if (data[i] === 0 && data[i + 1] === 114 && data[i + 2] === 178) ++blue;    // class −1
        }
        return { colours: colours.size, whiteShare: white / (data.length / 4), orange, blue };
      }, 'data:image/png;base64,' + bytes.toString('base64'));
      t.check(stats.colours > 200, `colours ${stats.colours}`);
      t.check(stats.whiteShare < 0.6, `white share ${stats.whiteShare}`);
      t.check(stats.orange > 100 && stats.blue > 100, `class colours in the figure: ${JSON.stringify(stats)}`);
      fs.mkdirSync(path.join(process.cwd(), 'build', 'screenshots'), { recursive: true });
      fs.copyFileSync(png.path, path.join(process.cwd(), 'build', 'screenshots', 'files-export-figure.png'));
    },
  },
  {
    name: 'screenshots: the toolbar at 390x844 (touch, ratio 3) with imported data',
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
    async run(t) {
      await t.openApp();
      const r = await t.page.evaluate((text) => window.kpg.importData(text, { format: 'csv', source: 'iris.csv', x: 3, y: 4 }), irisCsv);
      t.check(r.ok, JSON.stringify(r));
      await t.waitFrames(3);
      await t.screenshot('files-toolbar-390');
    },
  },
  {
    name: 'Import dialog: iris previewed, the label column chosen by mouse, Cancel and Import',
    async run(t) {
      const file = new URL('../../tests/data/iris.csv', import.meta.url);
      await t.openApp();
      await t.dispatch({ type: 'preset', name: 'moons' });
      await t.page.waitForFunction(() => !window.kpg.state().livePending);
      const before = JSON.stringify((await t.state()).session);
      await chooseFile(t, 'import-data',
                       { name: 'iris.csv', mimeType: 'text/csv', buffer: fs.readFileSync(file) });
      await t.page.waitForFunction(() => window.kpg.state().importPreview !== null);
      let s = await t.state();
      let p = s.importPreview;
      t.check(p.source === 'iris.csv', p.source);
      t.check(p.names.join() === 'sepal_length,sepal_width,petal_length,petal_width,species', p.names.join());
      t.check(p.labelColumn === 5 && p.x === 1 && p.y === 2, `label ${p.labelColumn}, x ${p.x}, y ${p.y}`);
      t.check(p.rows.length === 8 && p.rows[0].join() === '5.1,3.5,1.4,0.2,setosa', JSON.stringify(p.rows[0]));
      t.check(p.summary === '150 points; classes setosa / versicolor / virginica; the lab uses two: ' +
              'versicolor (y = +1) and setosa (y = −1), 100 points, x₁ sepal_length, x₂ sepal_width', p.summary);
      t.check(s.dataImport === null && JSON.stringify(s.session) === before, 'nothing imported yet');
      for (const name of ['import-label', 'import-confirm', 'import-cancel']) await checkOnScreen(t, name);
      await t.screenshot('import-dialog-iris-1280');
      // sepal_length as the label would leave species as a text feature: refused in the dialog.
      await t.clickControl('import-label');
      await t.clickControl('import-label/1');
      s = await t.state();
      t.check(s.importPreview.labelColumn === 5, `still column 5: ${s.importPreview.labelColumn}`);
      t.check(s.dataImport === null && JSON.stringify(s.session) === before, 'a refused column imports nothing');
      await t.screenshot('import-dialog-iris-refused-1280');
      // Cancel: the session as it was.
      await t.clickControl('import-cancel');
      await t.page.waitForFunction(() => window.kpg.state().importPreview === null);
      s = await t.state();
      t.check(s.dataImport === null && JSON.stringify(s.session) === before, 'Cancel leaves the session unchanged');

      // A file whose label column can move: species first, petal_width chosen instead by mouse.
      await chooseFile(t, 'import-data',
                       { name: 'iris-first.csv', mimeType: 'text/csv', buffer: Buffer.from(irisCsv) });
      await t.page.waitForFunction(() => window.kpg.state().importPreview !== null);
      p = (await t.state()).importPreview;
      t.check(p.labelColumn === 1 && p.x === 2 && p.y === 3, `label ${p.labelColumn}, x ${p.x}, y ${p.y}`);
      const firstSummary = p.summary;
      await t.clickControl('import-label');
      await t.clickControl('import-label/5');
      p = (await t.state()).importPreview;
      t.check(p.labelColumn === 5 && p.x === 1 && p.y === 2, `label ${p.labelColumn}, x ${p.x}, y ${p.y}`);
      t.check(p.summary !== firstSummary && p.summary.startsWith('12 points; classes 0.2 / 1.3 / 1.4 / 1.5 / 1.9'),
              p.summary);
      t.check(/the lab uses two: 1\.3 \(y = \+1\) and 0\.2 \(y = −1\), 5 points, x₁ species, x₂ sepal_length$/
                .test(p.summary), p.summary);
      await t.screenshot('import-dialog-label-changed-1280');
      await t.clickControl('import-confirm');
      await t.page.waitForFunction(() => window.kpg.state().dataImport !== null);
      s = await t.state();
      const d = s.dataImport;
      t.check(s.importPreview === null, 'the dialog closed');
      t.check(d.labelColumn === 5 && d.label === "column 5 'petal_width' (chosen)", d.label);
      t.check(d.featureNames.join() === 'species,sepal_length,sepal_width,petal_length', d.featureNames.join());
      t.check(d.x === 1 && d.y === 2 && d.samples === 12, `x ${d.x}, y ${d.y}, ${d.samples} samples`);
      t.check(s.session.points.length === 5 && s.session.preset === 'imported: iris-first.csv',
              `${s.session.points.length} points, ${s.session.preset}`);
      await t.screenshot('import-dialog-imported-1280');
    },
  },
  {
    name: 'Import dialog at 390x844 (touch, ratio 3): on screen, Import by a tap of the mouse',
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
    async run(t) {
      await openIrisDialog(t);
      // The label column (the last of five) scrolled into the narrow table's view.
      await t.waitFrames(4);
      for (const name of ['import-label', 'import-label-header', 'import-confirm', 'import-cancel'])
        await checkOnScreen(t, name);
      await t.screenshot('import-dialog-iris-390');
      await t.clickControl('import-confirm');
      await t.page.waitForFunction(() => window.kpg.state().dataImport !== null);
      const s = await t.state();
      t.check(s.importPreview === null && s.session.points.length === 100 && s.dataImport.labelColumn === 5,
              `${s.session.points.length} points, label column ${s.dataImport.labelColumn}`);
      await t.waitFrames(3);
      await t.screenshot('import-dialog-imported-390');
    },
  },
  {
    name: 'Import dialog at 1920x1080',
    context: { viewport: { width: 1920, height: 1080 } },
    async run(t) {
      await openIrisDialog(t);
      for (const name of ['import-label', 'import-confirm', 'import-cancel']) await checkOnScreen(t, name);
      await t.screenshot('import-dialog-iris-1920');
    },
  },
];
