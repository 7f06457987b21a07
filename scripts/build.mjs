// `npm run build`: the server compiled to apps/server/dist (plain node runs it) and the web app built with
// precompressed assets into apps/web/dist.
import { buildServer, mustRun } from './lib.mjs';

console.log('› compiling the server (esbuild → apps/server/dist)…');
await buildServer();
console.log('› building the web app (vite build)…');
mustRun('npm', ['run', 'build', '-w', 'apps/web']);
