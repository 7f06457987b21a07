/**
 * Start the whole site: read config, open the database (migrations run on open), load the starter
 * library on first start, listen, and shut down gracefully on SIGTERM/SIGINT.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodeCluster from 'node:cluster';
import v8 from 'node:v8';
import pino from 'pino';
import { ConfigError, loadConfig, readEnvFile } from './config.js';
import { DatabaseOpenError, openDatabase } from './db/client.js';
import { needsStarterImport, seedInChildProcess } from './firstStart.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './import/index.js';
import { startJobs } from './jobs/scheduler.js';
import { warmHotSearches, warmSearchIndexes } from './modules/discovery/index.js';
import { startCluster } from './cluster.js';
import { warmUp } from './http/warmUp.js';
import { logSerializers } from './lib/logSafe.js';

/**
 * Between full collections the old generation may grow by half of what survived the last one, instead of V8's own
 * factor (up to 4x where the machine has memory to spare): under a steady load of reading, the embedded server's peak
 * drops from ~630 to ~500 MB at the same throughput (benchmarks/process.md, "Where the embedded peak comes from"). A heuristic V8
 * reads at each collection, so setting it here, before the work starts, takes effect in every way the server is run.
 */
const HEAP_GROWING_PERCENT = 50;

async function main() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const envFile = readEnvFile();
  const config = loadConfig();
  // One stream for every line this process logs, ours and Fastify's, written in the order they were logged. Two
  // loggers with a stream each (pino's default: asynchronous writes to stdout) can land out of order: "Server
  // listening" had come out before "warmed up" while the other stream still had a line in flight.
  const logStream = pino.destination({ dest: 1, sync: false });
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel, serializers: logSerializers }, logStream);
  // Last line of defence: background work logs its own failures, but nothing unforeseen may end the process.
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));
  const started = Date.now();
  if (config.workers > 1 && nodeCluster.isPrimary) return superviseWorkers(config, log);
  if (needsStarterImport(config)) {
    // In a process of its own (firstStart.ts), unless `npm start` already did it while the web app was built.
    await seedInChildProcess(config.dataDir, log);
    log.info({ ms: Date.now() - started }, 'starter library loaded');
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, readUrls: config.databaseReadUrls });
  log.info({ kind: database.kind, envFile, replicas: database.replicas?.status() }, 'database ready');
  if (config.seedOnStart) {
    const seeded = await seedIfEmpty(database.db, log);
    if (seeded) log.info({ ms: Date.now() - started }, 'starter library loaded');
  }

  const app = await buildApp({ config, database, ownsDatabase: true, logStream });
  const cluster = await startCluster({
    database,
    broadcast: app.runtime.broadcast,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    log,
  });
  const stopJobs = startJobs(database.db, config, app.runtime, log, undefined, cluster);
  app.addHook('onClose', async () => {
    stopJobs();
    await cluster.close();
  });
  // Before the first reader arrives, not by the first requests while the rest of the start-up competes with them
  // (benchmarks/scale.md): search's author and tag indexes and its most searched queries,
  // then the process's connections, plans, code and caches, by its own calls (http/warmUp.ts).
  await warmSearchIndexes(database.db, app.runtime.search);
  const hotSearches = await warmHotSearches(database.db, app.runtime.search);
  const warm = await warmUp(app, {
    concurrency: database.pool?.options.max ?? 4,
    pages: fs.existsSync(path.join(config.webDist, 'index.html')),
  });
  log.info({ ...warm, hotSearches }, 'warmed up');
  // The one place this process listens, once the warm-up above has resolved (process.test.ts: the first request
  // through the port finds every warm-up call answered).
  await app.listen({ port: config.port, host: config.host });
  log.info({ ms: Date.now() - started, port: config.port }, `拾句 is ready at http://localhost:${config.port}/home`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Done within 10 s (a container runtime's default grace before SIGKILL), even if a request hangs.
    const force = setTimeout(() => process.exit(1), 8000).unref();
    try {
      await app.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * `WORKERS=n` (PostgreSQL only): this process migrates and loads the starter library once, then runs n server
 * processes sharing the port (node:cluster) and serves nothing itself. A worker that dies is replaced; the scheduled
 * jobs still run in one of them (cluster.ts's lock). SIGTERM/SIGINT reach every worker, which finish their requests
 * in flight; this process exits once they have (0 when all exited cleanly).
 */
async function superviseWorkers(config: ReturnType<typeof loadConfig>, log: pino.Logger) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  if (config.seedOnStart) await seedIfEmpty(database.db, log);
  await database.close();
  let stopping = false;
  let failed = false;
  const fork = () => nodeCluster.fork({ SEED_ON_START: 'false' });
  for (let i = 0; i < config.workers; i++) fork();
  log.info({ workers: config.workers }, 'starting server processes');
  nodeCluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      failed ||= code !== 0;
      if (Object.keys(nodeCluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log.warn({ pid: worker.process.pid, code, signal }, 'a server process ended; starting another');
    setTimeout(fork, 500).unref();
  });
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down the server processes');
    const workers = Object.values(nodeCluster.workers ?? {});
    if (!workers.length) process.exit(0);
    for (const w of workers) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 9000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseOpenError) {
    process.stderr.write(`\n拾句 无法启动 (cannot start):\n${err.message}\n\n`);
  } else {
    process.stderr.write(`\n拾句 无法启动 (cannot start): ${(err as Error)?.message ?? String(err)}\n`);
  }
  process.exit(1);
});
