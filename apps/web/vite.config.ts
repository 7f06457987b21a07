import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { callsManifest } from './calls-manifest.js';
import { precompress } from './precompress.js';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), callsManifest(), precompress()],
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
