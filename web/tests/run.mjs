// Runs every web/tests/*.test.mjs against the built app (build/wasm/site, or KPG_SITE_DIR).
// Usage: node web/tests/run.mjs [substring-of-test-name]
// Each test gets a fresh page; a test fails on a thrown error, a console error or a wasm abort.
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, repoRoot, startServer, TestContext } from './harness.mjs';

const filter = process.argv[2] || '';
const siteDir = process.env.KPG_SITE_DIR || path.join(repoRoot, 'build', 'wasm', 'site');
if (!fs.existsSync(path.join(siteDir, 'kpg_app.wasm'))) {
  console.error(`browser tests: no built app in ${siteDir}; build the wasm preset first`);
  process.exit(2);
}

const testDir = path.dirname(new URL(import.meta.url).pathname);
// Screenshots of failures from an earlier run would read as failures of this one.
const shots = path.join(repoRoot, 'build', 'screenshots');
if (fs.existsSync(shots)) {
  for (const f of fs.readdirSync(shots)) if (f.startsWith('FAILED-')) fs.rmSync(path.join(shots, f));
}
const files = fs.readdirSync(testDir).filter((f) => f.endsWith('.test.mjs')).sort();
const server = await startServer(siteDir);
const browser = await launchBrowser();
let passed = 0;
let failed = 0;
try {
  for (const file of files) {
    const tests = (await import(path.join(testDir, file))).default;
    for (const test of tests) {
      const fullName = `${file.replace('.test.mjs', '')}: ${test.name}`;
      if (filter && !fullName.includes(filter)) continue;
      const { page, close } = await browser.newPage(test.context || {});
      const t = new TestContext(page, server.url, fullName);
      const started = Date.now();
      try {
        await test.run(t);
        t.assertNoConsoleErrors();
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
  }
} finally {
  await browser.close();
  server.stop();
}
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
