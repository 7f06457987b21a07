// `npm start`: install, build the web app and the server when stale, then run the compiled server (API + web) in
// this very process on PORT (default 3000). No child process: SIGTERM/SIGINT from npm, systemd or a container
// runtime reach the server's own graceful shutdown directly. Each phase that ran prints its wall time; the first
// import of the starter library prints its own when the server loads it (SEED_ON_START).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, serverDist } from './lib.mjs';

async function phase(name, fn) {
  const t0 = performance.now();
  if (await fn()) console.log(`time: ${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await phase('install', ensureInstalled);
await phase('web build', ensureWebBuilt);
await phase('server build', ensureServerBuilt);

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(serverDist, 'main.js')).href);
