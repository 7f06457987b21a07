import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { callsManifest } from './calls-manifest.js';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), callsManifest()],
  resolve: {
    alias: {
      // The shared field rules (Username, Password …) without the whole call table: only the sign-up page
      // needs zod, and it should not weigh on every other page.
      '@shiju/contract/core': fileURLToPath(new URL('../../packages/contract/src/core.ts', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/uploads': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 1200,
  },
});
