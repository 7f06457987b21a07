/**
 * `npm test`'s closing line counts from vitest's own results (scripts/totals.mjs): run over a fixture suite whose
 * files fail in each way a file can (a setup that throws or times out, in the file or in one describe, a teardown
 * that throws, a file that does not load) beside files that pass, the counts hold every test that did not run
 * because its setup failed as failed, and agree file by file with vitest's JSON report.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTotals, sumTotals } from '../totals.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures');
let ours;
let vitestJson;
let status;

/** Runs the fixture suite as scripts/test.mjs runs a suite, with vitest's JSON reporter beside ours. */
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-totals-'));
  try {
    const totalsFile = path.join(dir, 'totals.json');
    const jsonFile = path.join(dir, 'vitest.json');
    const r = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        path.join(fixtures, 'vitest.config.mjs'),
        `--reporter=${path.join(root, 'scripts/totals.mjs')}`,
        '--reporter=json',
        `--outputFile=${jsonFile}`,
      ],
      { cwd: root, env: { ...process.env, SHIJU_TOTALS_FILE: totalsFile }, encoding: 'utf8' },
    );
    status = r.status;
    ours = readTotals(totalsFile);
    vitestJson = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const file = (name) => {
  const f = ours.files.find((x) => path.basename(x.file) === name);
  if (!f) throw new Error(`no counts for ${name}`);
  return f;
};

describe("scripts/totals.mjs over vitest's results", () => {
  it('counts the tests of a file whose setup threw or timed out as failed, not skipped', () => {
    expect(status).toBe(1);
    // Two meant to run, one skipped on purpose.
    expect(file('setup-fails.fixture.mjs')).toMatchObject({ passed: 0, failed: 2, unrun: 2, skipped: 1 });
    expect(file('setup-times-out.fixture.mjs')).toMatchObject({ passed: 0, failed: 3, unrun: 3, skipped: 0 });
    expect(file('setup-times-out.fixture.mjs').errors.join()).toContain('Hook timed out');
    // Only the describe whose setup failed: its sibling ran, and a test skipped on purpose stays skipped.
    expect(file('nested-setup-fails.fixture.mjs')).toMatchObject({ passed: 1, failed: 1, unrun: 1, skipped: 1 });
  });

  it('counts a file that failed outside its tests as one failure', () => {
    expect(file('load-fails.fixture.mjs')).toMatchObject({ passed: 0, failed: 1, unrun: 0, skipped: 0 });
    expect(file('teardown-fails.fixture.mjs')).toMatchObject({ passed: 1, failed: 1, unrun: 0, skipped: 0 });
  });

  it('leaves passing, failing, skipped and to-do tests as vitest reports them', () => {
    expect(file('passes.fixture.mjs')).toMatchObject({ passed: 2, failed: 0, skipped: 0 });
    expect(file('mixed.fixture.mjs')).toMatchObject({ passed: 1, failed: 1, unrun: 0, skipped: 2 });
  });

  it("agrees file by file with vitest's JSON report, and the totals are the files' sum", () => {
    const reported = vitestJson.testResults;
    expect(ours.files.map((f) => f.file).sort()).toEqual(reported.map((f) => f.name).sort());
    for (const r of reported) {
      const f = ours.files.find((x) => x.file === r.name);
      const by = (state) => r.assertionResults.filter((a) => a.status === state).length;
      const notRun = r.assertionResults.length - by('passed') - by('failed');
      expect(f.passed, r.name).toBe(by('passed'));
      // Every test counted once: the failed as failed, each unrun one as failed instead of skipped.
      expect(f.unrun, r.name).toBeLessThanOrEqual(notRun);
      expect(f.skipped, r.name).toBe(notRun - f.unrun);
      // A file vitest marks failed adds a failure; one that passed adds none.
      const outside = r.status === 'failed' && by('failed') + f.unrun === 0 ? 1 : 0;
      expect(f.failed, r.name).toBe(by('failed') + f.unrun + outside);
      expect(f.failed > 0, r.name).toBe(r.status === 'failed');
    }
    const totals = sumTotals(ours);
    expect(totals.passed).toBe(vitestJson.numPassedTests);
    expect(totals.passed + totals.failed + totals.skipped).toBe(vitestJson.numTotalTests + 2); // + the two failed outside tests' counts
    // The closing line of this fixture suite: 5 passed; 2 + 3 + 1 unrun, 1 test failed, 2 files failed outside tests.
    expect(totals).toEqual({ passed: 5, failed: 9, skipped: 4, unrun: 6 });
  });
});
