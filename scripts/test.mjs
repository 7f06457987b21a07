// `npm test`: format and lint checks, typecheck, then every suite — the scripts' own tests, the web unit tests, server
// integration tests on PGlite, again on PostgreSQL when TEST_DATABASE_URL is set, then end-to-end tests in Debian's
// chromium — and one closing line `N passed, M failed`. A test that did not run because its setup failed counts as
// failed (scripts/totals.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, ensureTools, ensureWebBuilt, mustRun, run } from './lib.mjs';
import { readTotals, sumTotals } from './totals.mjs';

const CHROMIUM = '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const notes = [];
/** Wall time of each suite and check, printed above the closing line. */
const timings = [];
const started = performance.now();

function timed(name, fn) {
  const t0 = performance.now();
  try {
    return fn();
  } finally {
    timings.push([name, performance.now() - t0]);
  }
}

function formatDuration(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.getuid?.() !== 0) {
    notes.push(`end-to-end tests need ${CHROMIUM}: run "sudo apt-get install -y chromium fonts-noto-cjk" and try again`);
    return false;
  }
  console.log('› installing Debian chromium and CJK fonts for the end-to-end tests…');
  run('apt-get', ['update', '-qq']);
  return run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']) === 0 && fs.existsSync(CHROMIUM);
}

/**
 * Runs one vitest suite and adds its counts to the totals, from vitest's own results per test file
 * (scripts/totals.mjs, a vitest reporter): the tests a failed setup kept from running count as failed.
 */
function suite(name, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const report = path.join(os.tmpdir(), `shiju-totals-${process.pid}-${timings.length}-${Date.now()}.json`);
  const status = timed(name, () =>
    run('npx', ['vitest', 'run', ...args, '--reporter=default', `--reporter=${path.join(import.meta.dirname, 'totals.mjs')}`], {
      env: { ...process.env, ...env, SHIJU_TOTALS_FILE: report },
    }),
  );
  const counted = readTotals(report);
  fs.rmSync(report, { force: true });
  if (!counted) {
    totals.failed += 1; // vitest ended before its results (a crash)
    notes.push(`${name}: failed before reporting its results`);
    return;
  }
  const t = sumTotals(counted);
  totals.passed += t.passed;
  totals.failed += t.failed;
  totals.skipped += t.skipped;
  if (status !== 0 && t.failed === 0) totals.failed += 1; // a suite that failed outside any test file
  if (t.unrun) notes.push(`${name}: ${t.unrun} tests did not run because their setup failed (counted as failed)`);
  if (status !== 0) notes.push(`${name}: failed`);
}

/** A whole-repo check (lint, format): one passed or one failed in the totals; later suites still run. */
function check(name, cmd, args) {
  console.log(`\n━━ ${name} ━━`);
  if (timed(name, () => run(cmd, args)) === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    notes.push(`${name}: failed (run "npm run lint" / "npm run format" to see and fix)`);
  }
}

/** A step that may have nothing to do (an install): its time is listed only when it ran. */
function timedIfRan(name, fn) {
  const t0 = performance.now();
  if (fn()) timings.push([name, performance.now() - t0]);
}

timedIfRan('install', ensureInstalled);
// The corpus in tools/: test/starter.test.ts compares the committed starter library with the importer's output.
timedIfRan('tools install', ensureTools);
check('format · prettier --check', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
check('lint · eslint', 'npx', ['eslint', '--max-warnings', '0', '.']);
timed('typecheck · tsc', () => {
  mustRun('npx', ['tsc', '-p', 'packages/contract']);
  mustRun('npx', ['tsc', '-p', 'apps/server']);
  mustRun('npx', ['tsc', '-p', 'apps/web']);
});
timed('build · web app', () => ensureWebBuilt());

const { TEST_DATABASE_URL } = process.env;
suite('scripts · unit', ['--config', 'scripts/vitest.config.mjs']);
suite('web · unit', ['--root', 'apps/web']);
suite('server · PGlite', ['--root', 'apps/server'], { TEST_DATABASE_URL: '' });
if (TEST_DATABASE_URL) suite('server · PostgreSQL', ['--root', 'apps/server'], { TEST_DATABASE_URL });
else notes.push('PostgreSQL suite skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it');

if (ensureChromium()) suite('end-to-end · chromium', ['--config', 'apps/web/vitest.e2e.config.ts']);
else totals.failed += 1;

for (const n of notes) console.log(`note: ${n}`);
// Skipped tests (a PostgreSQL-only case in the PGlite run) are reported above the closing line, which CI reads
// as exactly `N passed, M failed`.
if (totals.skipped) console.log(`note: ${totals.skipped} skipped`);
const width = Math.max(...timings.map(([name]) => name.length));
for (const [name, ms] of timings) console.log(`time: ${name.padEnd(width)}  ${formatDuration(ms)}`);
console.log(`time: ${'total'.padEnd(width)}  ${formatDuration(performance.now() - started)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
