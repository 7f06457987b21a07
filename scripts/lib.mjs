// Shared steps of the two README commands: install dependencies and build the web app when needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

export function mustRun(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** npm install, skipped when node_modules already matches the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('› installing dependencies (npm install)…');
  mustRun('npm', ['install', '--no-audit', '--no-fund']);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds apps/web into apps/web/dist unless the build is newer than every web and contract source. */
export function ensureWebBuilt() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/contract')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return;
  console.log('› building the web app (vite build)…');
  mustRun('npm', ['run', 'build', '-w', 'apps/web']);
}

export const serverDist = path.join(root, 'apps/server/dist');
/** The programs production runs with plain node: dist/<name>.js. */
export const SERVER_ENTRIES = {
  main: 'src/main.ts',
  import: 'src/import/cli.ts',
  backup: 'src/ops/backup.ts',
  restore: 'src/ops/restore.ts',
  'starter-data': 'src/import/makeStarterFile.ts',
};
const STARTER_FILE = 'starter-library.json.gz';

/** Compiles the server (and the contract it imports) to JavaScript with esbuild; dependencies stay in node_modules. */
export async function buildServer() {
  const { build } = await import('esbuild');
  const server = path.join(root, 'apps/server');
  const pkg = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  const contract = JSON.parse(fs.readFileSync(path.join(root, 'packages/contract/package.json'), 'utf8'));
  // The contract is TypeScript source in the workspace, so it is bundled; every other package is loaded from node_modules.
  const external = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
    ...Object.keys(contract.dependencies ?? {}),
  ].filter((name) => name !== '@shiju/contract');
  // The generated starter library survives rebuilds: it changes only with the importer (see ensureStarterFile).
  if (fs.existsSync(serverDist))
    for (const f of fs.readdirSync(serverDist))
      if (f !== STARTER_FILE) fs.rmSync(path.join(serverDist, f), { recursive: true, force: true });
  await build({
    absWorkingDir: server,
    entryPoints: SERVER_ENTRIES,
    outdir: serverDist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    external,
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning',
  });
  ensureStarterFile();
}

/**
 * The starter library file the server loads on first start, generated from the chinese-poetry package (a
 * development dependency) whenever the importer changed. Without the package, an existing file is kept.
 */
function ensureStarterFile() {
  const file = path.join(serverDist, STARTER_FILE);
  const fresh = fs.existsSync(file) && fs.statSync(file).mtimeMs >= newestMtime(path.join(root, 'apps/server/src/import'));
  if (fresh) return;
  let hasCorpus = true;
  try {
    // createRequire rather than import.meta.resolve: this file also runs inside Vitest's global setup, whose module
    // runner has no import.meta.resolve.
    createRequire(import.meta.url).resolve('chinese-poetry/package.json');
  } catch {
    hasCorpus = false;
  }
  if (hasCorpus) mustRun(process.execPath, [path.join(serverDist, 'starter-data.js')]);
  else if (!fs.existsSync(file))
    console.warn('! chinese-poetry is not installed and no starter library file exists: a fresh database starts empty');
}

/** Rebuilds apps/server/dist when any server or contract source is newer than the build. */
export async function ensureServerBuilt() {
  const main = path.join(serverDist, 'main.js');
  const sources = Math.max(newestMtime(path.join(root, 'apps/server/src')), newestMtime(path.join(root, 'packages/contract/src')));
  const starter = path.join(serverDist, STARTER_FILE);
  if (fs.existsSync(main) && fs.statSync(main).mtimeMs >= sources && fs.existsSync(starter)) return;
  console.log('› compiling the server (esbuild → apps/server/dist)…');
  await buildServer();
}
