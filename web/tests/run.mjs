// Runs web/tests/*.test.mjs against the built app in its two distribution forms:
//   1. every test against the folder build/wasm/dist/kernel-playground/ (or KPG_SITE_DIR) served
//      under a sub-path, /course/ml/kpg/, as a course site would; a test fails if the page asks
//      for anything outside that folder (the app's paths are relative, it calls no other host);
//   2. a smoke subset (start-up, session, a lab step, the share link) against the single file
//      build/wasm/dist/kernel-playground.html (or KPG_SINGLE_FILE) opened over file://.
// Usage: node web/tests/run.mjs [substring-of-test-name]   ("single-file:" runs phase 2 only)
// Each test gets a fresh page; a test fails on a thrown error, a console error or a wasm abort.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { coursePath, distFolder, launchBrowser, repoRoot, singleFile, startServer,
         TestContext } from './harness.mjs';

const filter = process.argv[2] || '';
const siteDir = process.env.KPG_SITE_DIR || distFolder;
for (const [what, file] of [['the app', path.join(siteDir, 'kpg_app.wasm')], ['the single file', singleFile]]) {
  if (!fs.existsSync(file)) {
    console.error(`browser tests: ${what} is not built (${file} is missing); build the wasm preset's ` +
                  'kpg_site target (it makes build/wasm/dist/) or run scripts/dist.sh');
    process.exit(2);
  }
}

// Phase 2: these tests run again on the single file. The names must exist (a renamed test fails
// the run here rather than silently leaving the single file untested).
const singleFileSmoke = [
  'shell: the app starts, shows its window and draws a non-blank canvas',
  'session: step 3 then step back 3 gives identical states, and forward again the same',
  'session: share link round trip: a second page opens the same session',
  'lab: hand-solved preset: run to convergence, the GPU field matches the core and the notes',
];

const testDir = path.dirname(new URL(import.meta.url).pathname);
// Screenshots of failures from an earlier run would read as failures of this one.
const shots = path.join(repoRoot, 'build', 'screenshots');
if (fs.existsSync(shots)) {
  for (const f of fs.readdirSync(shots)) if (f.startsWith('FAILED-')) fs.rmSync(path.join(shots, f));
}
const files = fs.readdirSync(testDir).filter((f) => f.endsWith('.test.mjs')).sort();
const tests = [];
for (const file of files) {
  for (const test of (await import(path.join(testDir, file))).default) {
    tests.push({ ...test, fullName: `${file.replace('.test.mjs', '')}: ${test.name}` });
  }
}
const missing = singleFileSmoke.filter((name) => !tests.some((test) => test.fullName === name));
if (missing.length) {
  console.error(`browser tests: the single-file smoke tests ${JSON.stringify(missing)} do not exist`);
  process.exit(2);
}

// A request is inside the app when it is under the served folder (the single file: that file
// itself), inline (data:, blob:) or a blank page. Over http, file:// pages that dist.test.mjs opens
// itself are allowed too; from the single file, no other file may be read.
function outsideRequests(requests, base, form) {
  const allowed = form === 'folder' ? /^(data|blob|about|file):/ : /^(data|blob|about):/;
  return requests.filter((url) => !url.startsWith(base) && !allowed.test(url));
}

const server = await startServer(siteDir, { subPath: coursePath });
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
async function runOne(test, fullName, baseUrl, form) {
  if (filter && !fullName.includes(filter)) return;
  const { page, close } = await browser.newPage(test.context || {});
  const t = new TestContext(page, baseUrl, fullName, form);
  const started = Date.now();
  try {
    await test.run(t);
    t.assertNoConsoleErrors();
    const outside = outsideRequests(t.requests, baseUrl, form);
    t.check(outside.length === 0, `requests outside ${baseUrl}: ${outside.join(', ')}`);
    passed += 1;
    console.log(`  ok    ${fullName} (${Date.now() - started} ms)`);
  } catch (error) {
    failed += 1;
    console.log(`  FAIL  ${fullName}\n        ${String(error.stack || error).split('\n').join('\n        ')}`);
    await t.screenshot(`FAILED-${fullName.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => {});
  } finally {
    await close();
  }
}
try {
  for (const test of tests) await runOne(test, test.fullName, server.url, 'folder');
  const fileUrl = pathToFileURL(path.resolve(singleFile)).href;
  for (const test of tests) {
    if (singleFileSmoke.includes(test.fullName)) {
      await runOne(test, `single-file: ${test.fullName}`, fileUrl, 'single-file');
    }
  }
} finally {
  await browser.close();
  server.stop();
}
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
