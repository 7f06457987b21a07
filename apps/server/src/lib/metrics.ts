/**
 * Prometheus metrics of one app (served at /metrics, see app.ts): requests by route and status with latency,
 * the database pool, event-loop lag and the rest of prom-client's process metrics, scheduled job runs and
 * failures, cache hits and misses. Each app has its own registry, so two apps in one process (tests) count apart.
 */
import client from 'prom-client';

/** The PostgreSQL pool of this app, read at scrape time. */
type PoolStats = { totalCount: number; idleCount: number; waitingCount: number };

/** The read replicas' state (db/replicas.ts), read at scrape time. */
type ReplicaStats = { status(): { name: string; up: boolean; lagMs: number | null; served: number }[] };

export function createMetrics(pool?: PoolStats, replicas?: ReplicaStats) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  new client.Gauge({
    name: 'shiju_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on the embedded database',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'shiju_db_replica_lag_seconds',
    help: 'How far each read replica is known to be behind the primary; -1 while it is down or not yet measured',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      for (const r of replicas?.status() ?? []) this.set({ replica: r.name }, r.lagMs === null ? -1 : r.lagMs / 1000);
    },
  });
  new client.Gauge({
    name: 'shiju_db_replica_queries',
    help: 'Queries each read replica was given (those it failed under and the primary answered included)',
    labelNames: ['replica'] as const,
    registers: [registry],
    collect() {
      for (const r of replicas?.status() ?? []) this.set({ replica: r.name }, r.served);
    },
  });
  return {
    registry,
    httpRequests: new client.Counter({
      name: 'shiju_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: 'shiju_http_request_duration_seconds',
      help: 'Time to answer, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobRuns: new client.Counter({
      name: 'shiju_job_runs_total',
      help: 'Scheduled job runs in this process, by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'] as const,
      registers: [registry],
    }),
    broadcastsReceived: new client.Counter({
      name: 'shiju_broadcasts_received_total',
      help: "Invalidations heard from other processes (lib/broadcast.ts), by topic: how far a change's news has spread",
      labelNames: ['topic'] as const,
      registers: [registry],
    }),
    cacheLookups: new client.Counter({
      name: 'shiju_cache_lookups_total',
      help: 'In-process cache lookups, by cache and result (hit, miss)',
      labelNames: ['cache', 'result'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
