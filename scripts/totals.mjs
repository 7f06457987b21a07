// The counts behind `npm test`'s closing line, taken from vitest's own results: a vitest reporter that writes each
// test file's counts to the file named by SHIJU_TOTALS_FILE, and the sum scripts/test.mjs prints.
//
// A test that did not run because its setup failed (a beforeAll that threw or timed out, in the file or in its
// describe) is a failure, not a skip: vitest reports it as skipped, and its JSON report cannot tell it from a test
// skipped on purpose (`it.skip`, `it.skipIf`). The reporter sees what the JSON drops: each test's mode (`run` unless
// skipped on purpose) and the errors of the suites around it. A file that failed with no failed test of its own (it
// did not load, or its afterAll threw) counts as one failure.
import fs from 'node:fs';

/**
 * The counts of one test file (a vitest TestModule): `failed` includes `unrun`, the tests meant to run that a
 * failed setup around them kept from running; `errors` are the file's and its suites' own (hook, import) errors.
 */
export function countModule(testModule) {
  const counts = { file: testModule.moduleId, passed: 0, failed: 0, skipped: 0, unrun: 0, errors: [] };
  const failedAround = (test) => {
    for (let s = test.parent; s; s = s.type === 'module' ? null : s.parent) if (s.errors().length) return true;
    return false;
  };
  for (const test of testModule.children.allTests()) {
    const { state } = test.result();
    if (state === 'passed') counts.passed++;
    else if (state === 'failed') counts.failed++;
    else if ((test.options.mode === 'run' || test.options.mode === 'only') && failedAround(test)) {
      counts.failed++;
      counts.unrun++;
    } else counts.skipped++;
  }
  for (const e of testModule.errors()) counts.errors.push(e.message ?? String(e));
  for (const s of testModule.children.allSuites()) for (const e of s.errors()) counts.errors.push(e.message ?? String(e));
  if (testModule.state() === 'failed' && counts.failed === 0) counts.failed = 1;
  return counts;
}

/** The run's totals from the reporter's file: the sum over its test files, plus one for errors outside any file. */
export function sumTotals(report) {
  const totals = { passed: 0, failed: 0, skipped: 0, unrun: 0 };
  for (const f of report.files) for (const k of Object.keys(totals)) totals[k] += f[k];
  if (report.unhandledErrors > 0 && totals.failed === 0) totals.failed = 1;
  return totals;
}

/** Reads the reporter's file; null when vitest ended before writing it (a crash: the caller counts a failure). */
export function readTotals(file) {
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** `--reporter=./scripts/totals.mjs`: writes `{ files, unhandledErrors }` to SHIJU_TOTALS_FILE when the run ends. */
export default class TotalsReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.SHIJU_TOTALS_FILE;
    if (!file) return;
    fs.writeFileSync(file, JSON.stringify({ files: testModules.map(countModule), unhandledErrors: unhandledErrors.length }));
  }
}
