// `npm start`: install, build the server and the web app when stale, then run the compiled server (API + web) in
// this very process on PORT (default 3000). No child process: SIGTERM/SIGINT from npm, systemd or a container
// runtime reach the server's own graceful shutdown directly. On the embedded database's first start the starter
// library loads (in a process of its own) while the web app builds: the two take the machine's two cores. Each
// phase that ran prints its own wall time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, secondsSince as seconds, serverDist } from './lib.mjs';

async function phase(name, fn) {
  const t0 = performance.now();
  if (await fn()) console.log(`time: ${name} ${seconds(t0)}`);
}

await phase('install', ensureInstalled);
await phase('server build', ensureServerBuilt);
process.env.NODE_ENV ??= 'production';
const { loadStarterOnFirstStart } = await import(pathToFileURL(path.join(serverDist, 'first-start.js')).href);
const importStarted = performance.now();
// Settles with the error rather than rejecting: the web build below holds this process until it is done.
const firstImport = loadStarterOnFirstStart().then(
  (ran) => ran && console.log(`time: first import ${seconds(importStarted)}`),
  (err) => err,
);
await phase('web build', ensureWebBuilt);
const failed = await firstImport;
if (failed instanceof Error) {
  process.stderr.write(`\n拾句 无法启动 (cannot start): ${failed.message}\n`);
  process.exit(1);
}

await import(pathToFileURL(path.join(serverDist, 'main.js')).href);
