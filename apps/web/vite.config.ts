import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { callsManifest } from './calls-manifest.js';
import { deferEntry } from './defer-entry.js';
import { featureSurfaces } from './feature-surfaces.js';
import { precompress } from './precompress.js';

const api = 'http://127.0.0.1:3000';
const require = createRequire(import.meta.url);

/**
 * react-router's package exports name only its development build (remix-run/react-router#12532, #14753), so a
 * production bundle would carry its warnings and checks. Builds take the production files the package also ships.
 */
function reactRouterProduction() {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [{ find: /^react-router$/, replacement: path.join(dist, 'index.mjs') }];
}

/**
 * `vite build` makes the browser's app in dist/; `vite build --ssr` then the server's prerenderer of the reader's
 * first pages (src/ssr/render.tsx) in dist/ssr/, self-contained (React and the rest bundled in: the server's
 * production install has only its own dependencies). The server never serves dist/ssr to browsers.
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [featureSurfaces(), react(), callsManifest(), ...(isSsrBuild ? [] : [deferEntry(), precompress()])],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  ssr: { noExternal: true, target: 'node' },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
    },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'render.js' } },
        chunkSizeWarningLimit: 4000,
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsDir: 'assets',
        chunkSizeWarningLimit: 1200,
      },
}));
