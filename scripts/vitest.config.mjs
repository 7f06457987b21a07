// The tests of the scripts themselves (scripts/test/*.test.mjs), a suite of `npm test`.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  cacheDir: path.join(import.meta.dirname, '../node_modules/.vite/scripts'),
  test: { root: import.meta.dirname, include: ['test/*.test.mjs'], testTimeout: 60_000, hookTimeout: 120_000 },
});
