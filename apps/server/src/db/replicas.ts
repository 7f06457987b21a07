/**
 * Streaming replicas (DATABASE_READ_URL) for the reads that tolerate a few seconds of lag. A poll every second
 * samples the primary's WAL position (pg_current_wal_lsn) and each replica's replayed position
 * (pg_last_wal_replay_lsn): a replica is as fresh as the newest primary sample it has replayed. One more than
 * MAX_REPLICA_LAG_MS behind, or not answering, is skipped until a poll finds it caught up. Positions rather than
 * pg_last_xact_replay_timestamp(): on an idle primary that timestamp ages although the replica lacks nothing.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db, DbLog } from './types.js';
import { safeUrl } from '../config.js';
import * as schema from './schema.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** A replica further behind the primary than this is skipped. */
export const MAX_REPLICA_LAG_MS = 5_000;
/** How often the replicas' positions are measured. */
export const REPLICA_POLL_MS = 1_000;
/** A measurement unanswered this long counts as failed (a replica cut off by the network answers nothing). */
const POLL_TIMEOUT_MS = 2_000;
/** node-postgres honours a query's own `query_timeout`; its types only know the pool's. */
const timed = (text: string) => ({ text, query_timeout: POLL_TIMEOUT_MS }) as pg.QueryConfig;

/** "16/B374D848" → a number that orders like the position. */
export function lsnValue(lsn: string): bigint {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/**
 * A failure that the primary would not have: the replica went away mid-query, or a hot standby cancelled the
 * statement because replay needed the rows it read (SQLSTATE 40001, "conflict with recovery").
 */
function replicaOnly(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '40001') return true;
  return false;
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * A replica's pool whose plain queries, when the replica fails under them, run once more on the primary and mark
 * the replica down; the caller sees the primary's answer. (Transactions take a client of their own and are not
 * retried: no lag-tolerant read needs one.)
 */
class ReplicaPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly onFailure: (err: unknown) => void,
  ) {
    super(config);
  }
  /** Queries answered here, the retried ones included (tests and the operations page read it). */
  served = 0;
  override query(...args: unknown[]): never {
    const run = (super.query as unknown as QueryFn).bind(this);
    // Callback forms are not used by drizzle or rowsOf; they keep the plain behaviour.
    if (typeof args[args.length - 1] === 'function') return run(...args) as never;
    this.served++;
    return run(...args).catch((err: unknown) => {
      if (!replicaOnly(err)) throw err;
      this.onFailure(err);
      return (this.primary.query as unknown as QueryFn)(...args);
    }) as never;
  }
}

interface Replica {
  /** The URL without its password, for logs. */
  name: string;
  pool: ReplicaPool;
  db: Db;
  /** When the primary was last known to be at a position this replica has replayed (ms since epoch). */
  freshAsOf: number;
  up: boolean;
}

export interface ReplicaStatus {
  name: string;
  up: boolean;
  /** How far behind the replica is known to be, in ms; null when unknown (never measured, or down). */
  lagMs: number | null;
  served: number;
}

export class ReplicaSet {
  private readonly replicas: Replica[];
  /** Recent primary positions, oldest first: [time, position]. */
  private samples: [number, bigint][] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private next = 0;

  constructor(
    urls: string[],
    private readonly primary: pg.Pool,
    private readonly log?: DbLog,
    poolSize = 10,
    readonly maxLagMs = MAX_REPLICA_LAG_MS,
  ) {
    this.replicas = urls.map((url) => {
      const replica = { name: safeUrl(url), freshAsOf: -Infinity, up: false } as Replica;
      replica.pool = new ReplicaPool(
        { connectionString: url, max: poolSize, connectionTimeoutMillis: 2000, keepAlive: true },
        primary,
        (err) => this.markDown(replica, err),
      );
      // As for the primary (client.ts): a dying connection must not end the process; the query in flight fails.
      const lost = (err: Error) => this.markDown(replica, err);
      replica.pool.on('error', lost);
      replica.pool.on('connect', (client) => client.on('error', lost));
      replica.db = drizzlePg(replica.pool, { schema, casing: 'snake_case' });
      return replica;
    });
  }

  /** Measures once, then every REPLICA_POLL_MS in the background. */
  async start(pollMs = REPLICA_POLL_MS): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), pollMs).unref();
  }

  private markDown(replica: Replica, err: unknown) {
    if (replica.up)
      this.log?.warn({ replica: replica.name, err: { message: (err as Error).message } }, 'read replica down; reading the primary');
    replica.up = false;
    replica.freshAsOf = -Infinity;
  }

  /** One measurement; overlapping calls share it. */
  poll(): Promise<void> {
    this.polling ??= this.measure().finally(() => (this.polling = null));
    return this.polling;
  }

  private async measure() {
    const t = Date.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>(timed('select pg_current_wal_lsn()::text as lsn'));
      this.samples.push([t, lsnValue(rows[0]!.lsn)]);
    } catch {
      // The primary away: no new sample, so the replicas' known freshness ages and they drop out after maxLagMs.
    }
    this.samples = this.samples.filter(([at]) => at >= t - 2 * this.maxLagMs);
    await Promise.all(
      this.replicas.map(async (r) => {
        try {
          const { rows } = (await (pg.Pool.prototype.query as unknown as QueryFn).call(r.pool, {
            text: 'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby',
            query_timeout: POLL_TIMEOUT_MS,
          })) as { rows: unknown[] };
          const row = (rows as { lsn: string | null; standby: boolean }[])[0]!;
          // A promoted replica (no longer in recovery) or a primary given by mistake has no replay position.
          if (!row.standby || !row.lsn) {
            r.freshAsOf = -Infinity;
            return;
          }
          const replayed = lsnValue(row.lsn);
          let fresh = r.freshAsOf;
          for (const [at, lsn] of this.samples) if (lsn <= replayed && at > fresh) fresh = at;
          r.freshAsOf = fresh;
          if (!r.up) this.log?.warn({ replica: r.name }, 'read replica answering');
          r.up = true;
        } catch (err) {
          this.markDown(r, err);
        }
      }),
    );
  }

  /** A replica fresh enough to read now, taken in turn; null → read the primary. */
  pick(): Db | null {
    const now = Date.now();
    for (let i = 0; i < this.replicas.length; i++) {
      const r = this.replicas[(this.next + i) % this.replicas.length]!;
      if (r.up && now - r.freshAsOf <= this.maxLagMs) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return r.db;
      }
    }
    return null;
  }

  /** Whether some replica may be read now (a reader skips the read-your-writes lookup otherwise). */
  anyFresh(): boolean {
    const now = Date.now();
    return this.replicas.some((r) => r.up && now - r.freshAsOf <= this.maxLagMs);
  }

  status(): ReplicaStatus[] {
    const now = Date.now();
    return this.replicas.map((r) => ({
      name: r.name,
      up: r.up,
      lagMs: r.up && Number.isFinite(r.freshAsOf) ? Math.max(0, now - r.freshAsOf) : null,
      served: r.pool.served,
    }));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.polling?.catch(() => {});
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => {})));
  }
}
