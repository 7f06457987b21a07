// Shared steps of the two README commands: install dependencies and build the web app when needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

function installedFresh(dir) {
  const marker = path.join(dir, 'node_modules', '.package-lock.json');
  const lock = path.join(dir, 'package-lock.json');
  return fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
}

/**
 * npm install, skipped when node_modules already matches the lockfile. Returns whether it installed. The build tools
 * are devDependencies, which npm leaves out when NODE_ENV=production (as a server's environment often sets, and
 * the process tests for `npm start`): `--include=dev` installs them whatever NODE_ENV says.
 */
export function ensureInstalled() {
  if (installedFresh(root)) return false;
  console.log('› installing dependencies (npm install)…');
  mustRun('npm', ['install', '--include=dev', '--no-audit', '--no-fund']);
  return true;
}

/** Seconds since `t0` (a performance.now()), as the `time:` lines print them. */
export const secondsSince = (t0) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/**
 * tools/: what only the full-corpus import, the starter library's regeneration, the benchmarks and the tests need
 * (the 350 MB chinese-poetry corpus, Lighthouse), with its own lockfile, installed on first use with npm ci. An
 * install prints its wall time (`time: tools install`, about 1.5 min on two cores) as every other phase does.
 */
export function ensureTools() {
  const tools = path.join(root, 'tools');
  if (installedFresh(tools)) return false;
  console.log('› installing tools/ (the chinese-poetry corpus, Lighthouse: npm ci in tools/)…');
  const t0 = performance.now();
  mustRun('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tools });
  console.log(`time: tools install ${secondsSince(t0)}`);
  return true;
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

/** Builds apps/web into apps/web/dist (returns true) unless the build is newer than every web and contract source. */
export function ensureWebBuilt() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/contract')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return false;
  console.log('› building the web app (vite build)…');
  mustRun('npm', ['run', 'build', '-w', 'apps/web']);
  return true;
}

export const serverDist = path.join(root, 'apps/server/dist');
/** The programs production runs with plain node: dist/<name>.js. */
export const SERVER_ENTRIES = {
  main: 'src/main.ts',
  'first-start': 'src/firstStart.ts',
  import: 'src/import/cli.ts',
  backup: 'src/ops/backup.ts',
  restore: 'src/ops/restore.ts',
  'starter-data': 'src/import/makeStarterFile.ts',
};

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
  fs.rmSync(serverDist, { recursive: true, force: true });
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
}

/** Rebuilds apps/server/dist (returns true) when any server or contract source is newer than the build. */
export async function ensureServerBuilt() {
  const main = path.join(serverDist, 'main.js');
  const sources = Math.max(newestMtime(path.join(root, 'apps/server/src')), newestMtime(path.join(root, 'packages/contract/src')));
  if (fs.existsSync(main) && fs.statSync(main).mtimeMs >= sources) return false;
  console.log('› compiling the server (esbuild → apps/server/dist)…');
  await buildServer();
  return true;
}
