import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit tests of the web app's plain functions and its query modules; journeys live in e2e/. */
export default defineConfig({
  resolve: {
    // The query modules reach the call table through the virtual module the build serves.
    alias: { 'virtual:shiju-calls': fileURLToPath(new URL('./src/test/calls.ts', import.meta.url)) },
  },
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
