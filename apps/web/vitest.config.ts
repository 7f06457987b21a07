import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's plain functions (formatting, parsing); journeys live in e2e/. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
