/**
 * What several API processes on one PostgreSQL coordinate: which process runs the scheduled jobs, and cache
 * invalidation messages (lib/broadcast.ts).
 *
 * Jobs: the process holding a PostgreSQL session advisory lock runs them, the others stand by and try to take
 * the lock every few seconds; when the holder stops or loses its connection the lock is released with its
 * session. A lock rather than a job queue (pg-boss, graphile-worker): three periodic jobs need no queue, tables
 * or worker processes of their own. Invalidation: LISTEN/NOTIFY on the same dedicated connection, or Redis
 * pub/sub when REDIS_URL is set. PGlite serves one process: it always runs the jobs, invalidation stays local.
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Database } from './db/client.js';
import type { Broadcast } from './lib/broadcast.js';

const CHANNEL = 'shiju_invalidate';
/** Arbitrary, fixed: the advisory lock id of "runs the scheduled jobs". */
const JOBS_LOCK = '7311740021';
const RETRY_MS = 2000;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Cluster {
  /** Whether this process runs the scheduled jobs now. */
  isLeader(): boolean;
  /** Called each time this process becomes the job runner. */
  onLeadership(cb: () => void): void;
  close(): Promise<void>;
}

const errInfo = (err: unknown) => ({ message: (err as Error).message, code: (err as { code?: string }).code });

/** A dedicated PostgreSQL connection (outside the pool) that reconnects by itself: LISTEN and the jobs lock. */
function controlConnection(url: string, listen: boolean, broadcast: Broadcast, log: Log) {
  let client: pg.Client | null = null;
  let leader = false;
  let closed = false;
  let connecting = false;
  const leadership: (() => void)[] = [];

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    log.warn({ err: err ? errInfo(err) : undefined }, 'control connection lost; reconnecting');
    if (leader) log.warn({}, 'no longer running the scheduled jobs');
    leader = false;
    void c.end().catch(() => {});
  };

  const tryLead = async () => {
    const c = client;
    if (leader || !c) return;
    try {
      const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [JOBS_LOCK]);
      if (rows[0]?.ok && client === c) {
        leader = true;
        log.info({}, 'this process runs the scheduled jobs');
        for (const cb of leadership) cb();
      }
    } catch (err) {
      lost(c, err);
    }
  };

  const connect = async () => {
    if (closed || client || connecting) return;
    connecting = true;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, keepAlive: true });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (m) => {
      if (m.channel === CHANNEL && m.payload) broadcast.receive(m.payload);
    });
    try {
      await c.connect();
      if (listen) await c.query(`listen ${CHANNEL}`);
      client = c;
      // Messages sent while this connection was down are lost: start the caches over.
      broadcast.resync();
      await tryLead();
    } catch (err) {
      log.warn({ err: errInfo(err) }, 'control connection failed; retrying');
      void c.end().catch(() => {});
    } finally {
      connecting = false;
    }
  };

  const timer = setInterval(() => void (client ? tryLead() : connect()), RETRY_MS).unref();
  return {
    ready: connect(),
    isLeader: () => leader,
    onLeadership(cb: () => void) {
      leadership.push(cb);
      if (leader) cb();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      const c = client;
      client = null;
      leader = false;
      await c?.end().catch(() => {});
    },
  };
}

function redisTransport(url: string, broadcast: Broadcast, log: Log) {
  const pub = new Redis(url, { maxRetriesPerRequest: 1 });
  const sub = new Redis(url);
  for (const r of [pub, sub]) r.on('error', (err) => log.warn({ err: errInfo(err) }, 'redis error'));
  sub.on('message', (channel: string, message: string) => {
    if (channel === CHANNEL) broadcast.receive(message);
  });
  // ioredis subscribes again after a reconnect; messages published meanwhile are lost, so start over.
  sub.on('ready', () => broadcast.resync());
  void sub.subscribe(CHANNEL).catch((err: unknown) => log.warn({ err: errInfo(err) }, 'redis subscribe failed'));
  return {
    publish: (message: string) =>
      pub.publish(CHANNEL, message).then(
        () => undefined,
        (err: unknown) => log.warn({ err: errInfo(err) }, 'redis publish failed'),
      ),
    close: async () => {
      sub.disconnect();
      pub.disconnect();
    },
  };
}

export async function startCluster(opts: {
  database: Database;
  /** The app's broadcast (runtime.ts): its messages go out and come in through this cluster's transport. */
  broadcast: Broadcast;
  databaseUrl?: string;
  redisUrl?: string;
  log: Log;
}): Promise<Cluster> {
  const { database, broadcast, databaseUrl, redisUrl, log } = opts;
  const redis = redisUrl ? redisTransport(redisUrl, broadcast, log) : null;
  if (redis) broadcast.attachTransport(redis);
  if (!databaseUrl || !database.pool) {
    return { isLeader: () => true, onLeadership: (cb) => cb(), close: async () => redis?.close() };
  }
  const pool = database.pool;
  if (!redis)
    broadcast.attachTransport({
      publish: (message) =>
        pool.query('select pg_notify($1, $2)', [CHANNEL, message]).then(
          () => undefined,
          (err: unknown) => log.warn({ err: errInfo(err) }, 'notify failed'),
        ),
    });
  const control = controlConnection(databaseUrl, !redis, broadcast, log);
  await control.ready;
  return {
    isLeader: control.isLeader,
    onLeadership: control.onLeadership,
    async close() {
      broadcast.attachTransport(null);
      await control.close();
      await redis?.close();
    },
  };
}
