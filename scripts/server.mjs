// `npm run import|db:backup|db:restore`: run one of the compiled server programs (apps/server/dist/<name>.js),
// compiling first when the build is stale. Arguments after the name are passed on.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, ensureServerBuilt, ensureTools, SERVER_ENTRIES, serverDist } from './lib.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in SERVER_ENTRIES)) {
  console.error(`usage: node scripts/server.mjs <${Object.keys(SERVER_ENTRIES).join('|')}> [arguments]`);
  process.exit(2);
}
ensureInstalled();
// The starter library comes from the committed file; only the full corpus, the lint and regenerating the file read
// the chinese-poetry package.
if (name === 'starter-data' || (name === 'import' && args.some((a) => a === '--full' || a === '--lint'))) ensureTools();
await ensureServerBuilt();
process.argv = [process.argv[0], path.join(serverDist, `${name}.js`), ...args];
await import(pathToFileURL(path.join(serverDist, `${name}.js`)).href);
