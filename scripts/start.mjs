// `npm start`: install, build the web app and the server when stale, then run the compiled server (API + web) in
// this very process on PORT (default 3000). No child process: SIGTERM/SIGINT from npm, systemd or a container
// runtime reach the server's own graceful shutdown directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, serverDist } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
await ensureServerBuilt();

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(serverDist, 'main.js')).href);
