import { defineConfig } from 'vitest/config';

/**
 * End-to-end journeys: a real browser (Debian's chromium via playwright-core) against the real server on a
 * fresh database. One fork runs the files one after another: they share one server and one browser.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    // expect.poll waits for a condition the page reaches on its own; vitest's default deadline (1 s) is a guess at
    // how fast a busy machine is, where a page can take longer to start and answer.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
