/**
 * The real app for `npm run bench`, in its own process: loads the corpus into PostgreSQL when it is missing (or the
 * starter library into a fresh PGlite), adds the benchmark's readers, saves the hot queries' plans when asked
 * (BENCH_PLANS_DIR), listens, and reports its port and data to the runner.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { importFullCorpus, seedIfEmpty } from '../src/import/index.js';
import { reindexSearch, staleSearchRows } from '../src/import/reindex.js';
import { warmSearchIndexes } from '../src/modules/discovery/index.js';
import { prepareBenchData } from './data.js';
import { savePlans } from './explain.js';
import { corpusWorkloads } from './workloads.js';

const MIN_TEXTS = 300_000;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_ON_START: 'false' });
await createDatabaseIfMissing(config.databaseUrl);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 20 });
const db = database.db;
const say = (m: string) => console.log(`  [${database.kind}] ${m}`);
if (database.kind === 'pglite') await seedIfEmpty(db, { info: () => {} });
else {
  const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from essays where status = 'published'`)).rows;
  if (Number(row!.n) < MIN_TEXTS) {
    say('loading the full corpus into PostgreSQL (once; later runs reuse it)…');
    let last = 0;
    await importFullCorpus(db, {
      onProgress: (p) => {
        if (p.finished || Date.now() - last > 5000) {
          last = Date.now();
          say(`${p.label}: ${p.done}/${p.total} (+${p.added})`);
        }
      },
    });
  }
}
// A corpus loaded by an older version lacks the search fields (authors, works, pinyin): rewrite them once.
const stale = await staleSearchRows(db);
if (stale > 0) {
  say(`rewriting the search fields of ${stale} texts (once)…`);
  let last = 0;
  await reindexSearch(db, (n) => {
    if (Date.now() - last > 5000) {
      last = Date.now();
      say(`search fields: ${n}/${stale}`);
    }
  });
}
say('preparing readers, comments and rankings…');
const data = await prepareBenchData(db, database.kind);
const app = await buildApp({ config, database, ownsDatabase: true, rateLimits: {} });
// The author and tag indexes of search are loaded once and refreshed in the background; a serving process has them.
await warmSearchIndexes(db, app.runtime.search);
const plansDir = process.env.BENCH_PLANS_DIR;
const plans = plansDir && database.kind === 'postgres' ? await savePlans(app, database, corpusWorkloads(data), plansDir) : [];
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ ready: app.server.address(), data, plans });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

// `npm run bench:profile`: a CPU profile of the load window only (not the start-up, the import or the VACUUM).
let profiler: Session | null = null;
process.on('message', (m: { profile?: 'start' | string }) => {
  void (async () => {
    if (m.profile === 'start') {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.post('Profiler.start');
    } else if (m.profile && profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.writeFileSync(m.profile, JSON.stringify(profile));
      profiler.disconnect();
      process.send?.({ profiled: m.profile });
    }
  })();
});

/** A benchmark on PostgreSQL makes its database on first use (every bench script starts this server). */
async function createDatabaseIfMissing(databaseUrl: string | undefined) {
  if (!databaseUrl) return;
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
