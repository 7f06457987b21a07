import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
