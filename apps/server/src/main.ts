/**
 * Start the whole site: read config, open the database (migrations run on open), load the starter
 * library on first start, listen, and shut down gracefully on SIGTERM/SIGINT.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseOpenError, openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './import/index.js';
import { startJobs } from './jobs/scheduler.js';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  log.info({ kind: database.kind }, 'database ready');
  if (config.seedOnStart) {
    const seeded = await seedIfEmpty(database.db, log);
    if (seeded) log.info({ ms: Date.now() - started }, 'starter library loaded');
  }

  const app = await buildApp({ config, database, ownsDatabase: true });
  const stopJobs = startJobs(database.db, log);
  app.addHook('onClose', async () => stopJobs());
  await app.listen({ port: config.port, host: config.host });
  log.info({ ms: Date.now() - started, port: config.port }, `拾句 is ready at http://localhost:${config.port}/home`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15000).unref();
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

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseOpenError) {
    process.stderr.write(`\n拾句 无法启动 (cannot start):\n${err.message}\n\n`);
  } else {
    process.stderr.write(`\n拾句 无法启动 (cannot start): ${(err as Error)?.message ?? String(err)}\n`);
  }
  process.exit(1);
});
