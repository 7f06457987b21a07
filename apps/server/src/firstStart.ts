/**
 * The embedded database's first start: the starter library is loaded by the import program in a process of its
 * own. Loading it grows PGlite's WebAssembly memory and loads the text tools, memory a process never gives back, so
 * the server itself starts small. `npm start` begins it while the web app builds (scripts/start.mjs, through
 * dist/first-start.js); main.ts runs it when nobody did.
 */
import { spawn } from 'node:child_process';
import pino from 'pino';
import { loadConfig, readEnvFile, type Config } from './config.js';
import { pgliteExists } from './db/client.js';
import { importProgram } from './paths.js';

/** Whether this start is the embedded database's first, with the starter library to load. */
export const needsStarterImport = (config: Config) => config.seedOnStart && !config.databaseUrl && !pgliteExists(config.dataDir);

export function seedInChildProcess(dataDir: string, log: pino.Logger): Promise<void> {
  log.info({}, '数据库为空，正在载入入门内容库 (loading the starter library)');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, importProgram, '--data-dir', dataDir], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DATABASE_URL: '' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`入门内容库载入失败 (starter import exited ${code})`))));
  });
}

/**
 * For `npm start`: loads the starter library when this is the embedded database's first start; answers whether it
 * did. A configuration the server would refuse is left for the server to report.
 */
export async function loadStarterOnFirstStart(): Promise<boolean> {
  let config: Config;
  try {
    readEnvFile();
    config = loadConfig();
  } catch {
    return false;
  }
  if (!needsStarterImport(config)) return false;
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
  await seedInChildProcess(config.dataDir, log);
  return true;
}
