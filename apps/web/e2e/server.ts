import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, serverDist } from '../../../scripts/lib.mjs';

/** Starting the compiled server as production runs it: the suite's shared one (global-setup) and a journey's own. */

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// E2E_WEB_DIST lets several people build and test side by side without overwriting one dist folder.
export const webDist = process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const HEALTH_TIMEOUT_MS = 120_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  /** SIGTERM (SIGKILL after 10 s); resolves once the process has exited, its database closed. */
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/dist/main.js` (built first when stale) on a free port with `env` on top of this process's
 * environment (DATA_DIR at least; a function when a setting names the server's own address), serving the built
 * web app, and waits until /api/health answers 00000 (the first start of a seeded database loads the starter
 * library).
 */
export async function startServer(env: Record<string, string> | ((baseURL: string) => Record<string, string>)): Promise<RunningServer> {
  await ensureServerBuilt();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const settings = typeof env === 'function' ? env(baseURL) : env;
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    cwd: repoRoot,
    // The browser contexts read in Asia/Shanghai (helpers.ts), and the server draws the dates of its prerendered pages
    // in its own zone (README: TZ): the same zone, so 昨天 06:58 does not read 11月21日 until the app takes over.
    env: { ...process.env, TZ: 'Asia/Shanghai', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: webDist, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = () => {
    if (child.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${output.join('').slice(-4000)}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      const body = (await res.json()) as { code?: string };
      if (body.code === '00000') return { baseURL, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s:\n${output.join('').slice(-4000)}`);
}
