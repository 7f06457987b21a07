/**
 * Read replicas (DATABASE_READ_URL) against a real streaming replica: the file makes a private primary with
 * initdb and a replica of it with pg_basebackup -R, both run as the postgres user on ports of their own, and
 * removes both afterwards. Needs PostgreSQL's binaries, so it runs with the PostgreSQL suite (TEST_DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { classifications, readFences } from '../src/db/schema.js';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { startCluster } from '../src/cluster.js';
import { ESSAY_CHANGED } from '../src/lib/broadcast.js';
import { makeUser, publishText } from './factories.js';
import { callAs } from './helper.js';

const BIN = '/usr/lib/postgresql/15/bin';

describe('DATABASE_READ_URL is checked at start', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir(), DATABASE_URL: 'postgres://u@db:5432/shiju' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('accepted');
  };

  it('names a malformed address, hiding its password', () => {
    const msg = problem({ DATABASE_READ_URL: 'postgres://u@r1:5432/shiju, mysql://u:secret@r2/shiju' });
    expect(msg).toContain('DATABASE_READ_URL: 第 2 个地址“mysql://u:***@r2/shiju”不是 postgres:// 或 postgresql:// 开头的连接串');
    expect(msg).not.toContain('secret');
    expect(problem({ DATABASE_READ_URL: 'postgres://u@r1/shiju,,' })).toContain('第 2 个地址为空');
  });

  it('refuses replicas of the embedded database', () => {
    expect(problem({ DATABASE_URL: '', DATABASE_READ_URL: 'postgres://u@r1/shiju' })).toContain('嵌入式数据库没有副本');
  });

  it('takes a comma-separated list', () => {
    const c = loadConfig({ ...base, DATABASE_READ_URL: 'postgres://u@r1/shiju, postgresql://u@r2/shiju' });
    expect(c.databaseReadUrls).toEqual(['postgres://u@r1/shiju', 'postgresql://u@r2/shiju']);
    expect(loadConfig(base).databaseReadUrls).toEqual([]);
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const asPostgres = (cmd: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, cmd), ...args], { stdio: 'pipe', timeout: 60_000 });

/** Polls until `check` holds (the state the system reaches), failing after a generous deadline. */
async function until(what: string, check: () => Promise<boolean>, deadlineMs = 30_000) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error(`never reached: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const inRecovery = async (db: Db) => ((await db.execute(sql`select pg_is_in_recovery() as r`)).rows[0] as { r: boolean }).r;

describe.skipIf(!process.env.TEST_DATABASE_URL)('read replicas on a real streaming replica', () => {
  let dir = '';
  let primaryPort = 0;
  let replicaPort = 0;
  let primaryUrl = '';
  let replicaUrl = '';
  const started: string[] = [];
  const opened: { app: FastifyInstance; database: Database }[] = [];
  let replicaAdmin: pg.Client | null = null;
  const clusters: { close(): Promise<void> }[] = [];

  const pgCtl = (data: string, port: number) =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c wal_level=replica -c max_wal_senders=5 -c hot_standby=on -c fsync=off -c shared_buffers=16MB`,
      'start',
    ]);

  /** One app instance (one process's worth: its own pools, caches and replica measurements). */
  async function instance(opts: { replicaMaxLagMs?: number; readYourWritesMs?: number; env?: Record<string, string> } = {}) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(dir, 'app'),
      SEED_ON_START: 'false',
      WEB_DIST: path.join(dir, 'no-web'),
      DATABASE_URL: primaryUrl,
      DATABASE_READ_URL: replicaUrl,
      ...opts.env,
    });
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      readUrls: config.databaseReadUrls,
      replicaMaxLagMs: opts.replicaMaxLagMs,
      dataDir: 'memory://',
      poolSize: 4,
    });
    const app = await buildApp({ config, database, readYourWritesMs: opts.readYourWritesMs });
    await app.ready();
    opened.push({ app, database });
    return { app, database };
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-replicas-'));
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres:postgres', dir]);
    [primaryPort, replicaPort] = [await freePort(), await freePort()];
    const primary = path.join(dir, 'primary');
    const replica = path.join(dir, 'replica');
    asPostgres('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    pgCtl(primary, primaryPort);
    started.push(primary);
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres` });
    await admin.connect();
    await admin.query('create database shiju');
    await admin.end();
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    pgCtl(replica, replicaPort);
    started.push(replica);
    primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/shiju`;
    replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/shiju`;
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    // The last test stops the replica under this connection.
    replicaAdmin.on('error', () => {});
    await replicaAdmin.connect();
  }, 60_000);

  afterAll(async () => {
    for (const cluster of clusters) await cluster.close().catch(() => {});
    for (const { app, database } of opened) {
      await app.close().catch(() => {});
      await database.close().catch(() => {});
    }
    await replicaAdmin?.end().catch(() => {});
    for (const data of started.reverse()) {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped (the last test stops the replica).
      }
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('reads a fresh replica for lag-tolerant reads, and the primary for the rest', async () => {
    const { app, database } = await instance();
    // The schema the primary's migrations made reached the replica: it is caught up.
    await until('the replica caught up', async () => {
      await database.replicas!.poll();
      return database.replicas!.anyFresh();
    });
    expect(await inRecovery(await app.runtime.reader())).toBe(true);
    expect(await inRecovery(database.db)).toBe(false);
    const before = database.replicas!.status()[0]!.served;
    const page = await callAs(app, 'essaysPage', { body: { pageNum: 1, pageSize: 10 } });
    expect(page.code).toBe('00000');
    expect(database.replicas!.status()[0]!.served).toBeGreaterThan(before);
  });

  // The shared store of last writes: the primary's read_fences table, or Redis (the one the cluster tests use).
  it.each([
    ['the primary', {}],
    ['Redis', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
  ])(
    "a user's write on one process is read on another at once (read-your-writes through %s), while visitors read the replica",
    async (store, env) => {
      // A lag limit that never passes here: the replica stays "fresh" while paused, so only read-your-writes can
      // send the writer's read to the primary.
      const a = await instance({ replicaMaxLagMs: 600_000, readYourWritesMs: 600_000, env });
      const b = await instance({ replicaMaxLagMs: 600_000, readYourWritesMs: 600_000, env });
      const [c] = await a.database.db.insert(classifications).values({ name: '美句' }).returning();
      const writer = await makeUser(a.app);
      await until('the replica has the writer', async () => {
        const r = await replicaAdmin!.query('select 1 from users where id = $1', [writer.id]);
        return r.rowCount === 1;
      });
      await b.database.replicas!.poll();
      await replicaAdmin!.query('select pg_wal_replay_pause()');
      try {
        const text = await publishText(a.app, writer, { content: `山高月小，水落石出。（${store}）`, classificationId: c!.id });
        const seen = await callAs(b.app, 'essayDetails', { body: { id: text.id } }, writer.token);
        expect(seen.code).toBe('00000');
        // The write was recorded in the store asked for.
        if ('REDIS_URL' in env) {
          const redis = new Redis(env.REDIS_URL);
          try {
            expect(await redis.pttl(`shiju-ryw:${writer.id}`)).toBeGreaterThan(0);
          } finally {
            redis.disconnect();
          }
        } else expect((await a.database.db.select().from(readFences).where(eq(readFences.userId, writer.id))).length).toBe(1);
        const metrics = await b.app.inject({ method: 'GET', url: '/metrics' });
        expect(metrics.body).toMatch(/shiju_db_replica_lag_seconds\{replica="postgres:\/\/postgres@127\.0\.0\.1:\d+\/shiju"\} \d/);
        expect(seen.data.content).toContain('山高月小');
        // The same read by a visitor on B goes to the replica, which lacks the text.
        const visitorDb = await b.app.runtime.reader();
        expect(await inRecovery(visitorDb)).toBe(true);
        expect((await visitorDb.execute(sql`select 1 from essays where id = ${text.id}`)).rows).toHaveLength(0);
      } finally {
        await replicaAdmin!.query('select pg_wal_replay_resume()');
      }
    },
  );

  it("a visitor's read from a lagging replica is not cached over another process's write", async () => {
    const a = await instance({ replicaMaxLagMs: 600_000, readYourWritesMs: 600_000 });
    const b = await instance({ replicaMaxLagMs: 600_000, readYourWritesMs: 600_000 });
    // B hears A's invalidations as in production (LISTEN/NOTIFY on the primary).
    const log = { info() {}, warn() {} };
    for (const x of [a, b]) {
      const cluster = await startCluster({ database: x.database, broadcast: x.app.runtime.broadcast, databaseUrl: primaryUrl, log });
      clusters.push(cluster);
    }
    const heard = new Set<string>();
    b.app.runtime.broadcast.onInvalidate(ESSAY_CHANGED, (key) => heard.add(key));
    const [c] = await a.database.db.insert(classifications).values({ name: '散文' }).returning();
    const writer = await makeUser(a.app);
    const liker = await makeUser(a.app);
    const text = await publishText(a.app, writer, { content: '春水初生，春林初盛。', classificationId: c!.id });
    const details = (token?: string) => callAs(b.app, 'essayDetails', { body: { id: text.id } }, token);
    await until('the replica has the text and the liker', async () => {
      const r = await replicaAdmin!.query('select 1 from essays where id = $1 union all select 1 from users where id = $2', [
        text.id,
        liker.id,
      ]);
      return r.rowCount === 2;
    });
    expect((await details()).data.likes).toBe(0);
    await replicaAdmin!.query('select pg_wal_replay_pause()');
    try {
      expect((await callAs(a.app, 'like', { body: { essayId: text.id, type: 'like' } }, liker.token)).code).toBe('00000');
      await until('B dropped the text', async () => heard.has(String(text.id)));
      // A visitor on B then reads the replica, which lacks the like (lag a visitor tolerates)…
      expect((await details()).data.likes).toBe(0);
      // …and that answer was not kept: the liker, on B, reads the primary and sees their like.
      const seen = await details(liker.token);
      expect(seen.data.likes).toBe(1);
      expect(seen.data.liked).toBe(true);
    } finally {
      await replicaAdmin!.query('select pg_wal_replay_resume()');
    }
  });

  it('skips a replica more than 5 s behind, and reads it again once it caught up', async () => {
    const { app, database } = await instance();
    await database.db.execute(sql`create table if not exists replica_probe (n int)`);
    await until('the replica has the probe table', async () => {
      const r = await replicaAdmin!.query(`select to_regclass('replica_probe') is not null as ok`);
      return (r.rows[0] as { ok: boolean }).ok;
    });
    await replicaAdmin!.query('select pg_wal_replay_pause()');
    try {
      await database.db.execute(sql`insert into replica_probe values (42)`);
      await until('reads moved to the primary', async () => !(await inRecovery(await app.runtime.reader())));
      const read = await app.runtime.reader();
      expect((await read.execute(sql`select n from replica_probe`)).rows).toEqual([{ n: 42 }]);
      expect(database.replicas!.status()[0]!.lagMs).toBeGreaterThan(5_000);
    } finally {
      await replicaAdmin!.query('select pg_wal_replay_resume()');
    }
    await until('reads back on the replica', async () => inRecovery(await app.runtime.reader()));
  });

  it('keeps answering when the replica stops', async () => {
    const { app, database } = await instance();
    await until('the replica is read', async () => inRecovery(await app.runtime.reader()));
    // A query the replica is running when it dies is answered by the primary.
    const read = await app.runtime.reader();
    // (drizzle's queries start when awaited: `then` sends it now.)
    const slow = read.execute(sql`select pg_sleep(3) as slept, pg_is_in_recovery() as r`).then((res) => res);
    await until('the replica runs the query', async () => {
      const r = await replicaAdmin!.query(`select 1 from pg_stat_activity where query like 'select pg_sleep(3)%'`);
      return r.rowCount === 1;
    });
    asPostgres('pg_ctl', ['-D', path.join(dir, 'replica'), '-m', 'immediate', 'stop']);
    expect(((await slow).rows[0] as { r: boolean }).r).toBe(false);
    // At once (before any measurement noticed) and after: every answer is a success.
    for (let i = 0; i < 5; i++) expect((await callAs(app, 'essaysPage', { body: { pageNum: 1, pageSize: 10 } })).code).toBe('00000');
    await until('the replica is known down', async () => {
      await database.replicas!.poll();
      return !database.replicas!.status()[0]!.up;
    });
    expect(await inRecovery(await app.runtime.reader())).toBe(false);
    expect((await callAs(app, 'ranking', { body: { pageNum: 1, pageSize: 10 } })).code).toBe('00000');
  });
});
