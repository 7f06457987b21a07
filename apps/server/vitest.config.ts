import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Process and fault tests share a noisy 2-core machine: a test that fails is run once more; failing twice fails.
    retry: 1,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
