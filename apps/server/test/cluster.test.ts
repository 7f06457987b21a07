/**
 * Two compiled server processes on one PostgreSQL: a write through one reaches the other's caches as soon as the
 * other has heard of it, the scheduled jobs run in one process only (and move to the other when it stops), and with
 * REDIS_URL the rate limits are shared.
 *
 * Every wait is for an event (a log line, a broadcast heard, a process gone) and bounded only to catch a hang: how
 * fast a shared machine gets there is not what these tests judge.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSAY_CHANGED, LISTS_CHANGED } from '../src/lib/broadcast.js';
import { addClassification, apiAs, canRunPrivatePostgres, privatePostgres, startServer, waitFor, type ServerProcess } from './processes.js';

/** Longer than any start, message or exit takes on a loaded machine: only a hang reaches it. */
const HANG_MS = 120_000;

type Cluster = Awaited<ReturnType<typeof privatePostgres>>;

let cluster: Cluster;
let classificationId: number;
const started: ServerProcess[] = [];

async function twoServers(env: Record<string, string> = {}) {
  const a = await startServer({ DATABASE_URL: cluster.url, ...env });
  const b = await startServer({ DATABASE_URL: cluster.url, ...env });
  started.push(a, b);
  return [a, b] as const;
}

/** A process's metrics page (plain text, not an envelope), on a connection of its own. */
function metricsOf(s: ServerProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${s.base}/metrics`, { agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve(text));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

type News = Record<string, number>;

/** How many invalidations `s` has heard from other processes, by topic (its shiju_broadcasts_received_total). */
async function newsOn(s: ServerProcess): Promise<News> {
  const heard: News = {};
  for (const m of (await metricsOf(s)).matchAll(/^shiju_broadcasts_received_total\{topic="([^"]+)"\} (\d+)/gm)) heard[m[1]!] = Number(m[2]);
  return heard;
}

/** Waits until `s` has heard, since `before`, at least one more invalidation of each of `topics`. */
async function hears(s: ServerProcess, before: News, topics: string[]) {
  const more = async () => {
    const now = await newsOn(s);
    return topics.every((t) => (now[t] ?? 0) > (before[t] ?? 0));
  };
  expect(await waitFor(more, HANG_MS)).toBe(true);
}

/**
 * The other process sees a change on its next request once it has heard of it, though its caches hold lists for 5 s
 * and details for 30 s: the test waits for B to hear A's broadcast (B's metrics), not for a clock, then reads once.
 * Only these writes invalidate texts here, each message names this text or every list, and B's caches are filled
 * before each count is taken: whatever B hears after that count dropped what it had kept, and nothing reads it on B
 * meanwhile, so B's next read is made after A's write was answered (committed) and must show it.
 */
async function provesInvalidation(a: ServerProcess, b: ServerProcess, tag: string) {
  const reg = await apiAs(a.base, 'register', { body: { username: `inv_${tag}`, password: 'goodpass123', agree: true } });
  const token = reg.data.accessToken;
  const write = (content: string) => ({ type: 'sentence' as const, content, classificationId, status: 'publish' as const });
  const beforeCreate = await newsOn(b);
  const created = await apiAs(a.base, 'createEssay', { body: write('春眠不觉晓，处处闻啼鸟。') }, { token });
  expect(created.code).toBe('00000');
  const id = created.data.id;
  // B hears of the new text before it keeps anything of it: a later message is then the edit's or the deletion's.
  await hears(b, beforeCreate, [ESSAY_CHANGED, LISTS_CHANGED]);

  const details = () => apiAs(b.base, 'essayDetails', { body: { id } });
  const listed = async () => (await apiAs(b.base, 'essaysPage', { body: { pageSize: 50 } })).data.list.some((e) => e.id === id);
  expect((await details()).code).toBe('00000'); // now in B's caches
  expect(await listed()).toBe(true);

  const beforeEdit = await newsOn(b);
  expect((await apiAs(a.base, 'updateEssay', { params: { id }, body: write('夜来风雨声，花落知多少。') }, { token })).code).toBe('00000');
  await hears(b, beforeEdit, [ESSAY_CHANGED]);
  expect((await details()).data.content).toContain('花落知多少');
  expect(await listed()).toBe(true); // the list page is kept again, for the deletion to drop

  const beforeDelete = await newsOn(b);
  expect((await apiAs(a.base, 'deleteEssay', { params: { id } }, { token })).code).toBe('00000');
  await hears(b, beforeDelete, [ESSAY_CHANGED, LISTS_CHANGED]);
  expect((await details()).code).toBe('A0404');
  expect(await listed()).toBe(false);
}

const runsJobs = (s: ServerProcess) => s.output().includes('this process runs the scheduled jobs');
/** Runs plus skips at start (a job whose last run, by any process, is still fresh is skipped). */
const jobHandled = (s: ServerProcess, job: string) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.includes(`"job":"${job}"`) && (l.includes('job done') || l.includes('job skipped at start'))).length;

describe.skipIf(!canRunPrivatePostgres)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await privatePostgres();
    // Two processes starting at once on an empty database: one migrates, the other waits for it.
    const both = await Promise.all([startServer({ DATABASE_URL: cluster.url }), startServer({ DATABASE_URL: cluster.url })]);
    for (const s of both) s.kill('SIGTERM');
    expect(await Promise.all(both.map((s) => s.exited))).toEqual([0, 0]);
    classificationId = await addClassification(cluster.url);
  });

  afterAll(async () => {
    for (const s of started) if (s.alive()) s.kill('SIGKILL');
    await cluster?.destroy();
  });

  it('broadcasts cache invalidation through LISTEN/NOTIFY and runs each job in one process only', async () => {
    const [a, b] = await twoServers();
    await provesInvalidation(a, b, crypto.randomBytes(3).toString('hex'));

    // A takes the jobs' lock as it starts (before it is ready), B finds it taken.
    expect(await waitFor(() => runsJobs(a) || runsJobs(b), HANG_MS)).toBe(true);
    expect(runsJobs(a) && runsJobs(b)).toBe(false);
    const [leader, other] = runsJobs(a) ? [a, b] : [b, a];
    // On taking the lock the runner handles each job once, one after another (run, or skipped when fresh): wait for
    // the jobs checked here to be handled rather than assume they were by now.
    const checked = ['rankings-day-week', 'best-of-week', 'close-stale-orders'];
    expect(await waitFor(() => checked.every((job) => jobHandled(leader, job) >= 1), HANG_MS)).toBe(true);
    // Exactly once: their next runs are 10 and 60 minutes away. close-stale-orders runs every minute, which a slow run
    // of this test may reach, so it is only counted as handled.
    expect(jobHandled(leader, 'rankings-day-week')).toBe(1);
    expect(jobHandled(leader, 'best-of-week')).toBe(1);
    for (const job of checked) expect(jobHandled(other, job)).toBe(0);

    leader.kill('SIGTERM');
    await leader.exited;
    // The new runner takes every job over: each is run, or skipped when the old runner's last run is fresh (its
    // minute timer may come first, hence "at least once").
    expect(await waitFor(() => runsJobs(other) && jobHandled(other, 'close-stale-orders') >= 1, HANG_MS)).toBe(true);
  });

  it('with REDIS_URL: invalidation through Redis pub/sub, and rate limits shared by both processes', async () => {
    // Rate-limit counters live in Redis for 10 minutes: a random client address keeps runs apart.
    const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const [a, b] = await twoServers({ REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' });
    await provesInvalidation(a, b, crypto.randomBytes(3).toString('hex'));

    const tag = crypto.randomBytes(3).toString('hex');
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const server = i % 2 ? b : a;
      const r = await apiAs(
        server.base,
        'register',
        { body: { username: `rl_${tag}_${i}`, password: 'goodpass123', agree: true } },
        { headers: { 'x-forwarded-for': ip } },
      );
      codes.push(r.code);
    }
    // 20 sign-ups per address per 10 minutes in all, not 20 per process.
    expect(codes.filter((c) => c === '00000')).toHaveLength(20);
    expect(codes.filter((c) => c === 'A0501')).toHaveLength(10);
  });

  it('WORKERS=2: one command runs two processes on one port, replaces one that dies, runs the jobs once and stops them all on SIGTERM', async () => {
    // The earlier tests' processes would hold the jobs' lock: this command's processes are the only ones now.
    for (const s of started.filter((x) => x.alive())) {
      s.kill('SIGTERM');
      await s.exited;
    }
    const p = await startServer({ DATABASE_URL: cluster.url, WORKERS: '2' });
    started.push(p);
    const readyPids = () => [...p.output().matchAll(/"pid":(\d+)[^\n]*is ready/g)].map((m) => Number(m[1]));
    expect(await waitFor(() => new Set(readyPids()).size === 2, HANG_MS)).toBe(true);
    const workers = [...new Set(readyPids())];
    expect(workers).not.toContain(p.pid);
    // Both answer on the one port: requests on fresh connections reach both processes (each logs its own pid).
    const healthPids = () => new Set([...p.output().matchAll(/"pid":(\d+)[^\n]*"url":"\/api\/health"/g)].map((m) => Number(m[1])));
    for (let i = 0; i < 10; i++) expect((await apiAs(p.base, 'health')).status).toBe(200);
    expect(await waitFor(() => healthPids().size === 2, HANG_MS)).toBe(true);
    const jobRunners = () =>
      p
        .output()
        .split('\n')
        .filter((l) => l.includes('this process runs the scheduled jobs')).length;
    expect(await waitFor(() => jobRunners() >= 1, HANG_MS)).toBe(true);
    expect(jobRunners()).toBe(1);

    process.kill(workers[0]!, 'SIGKILL');
    expect(await waitFor(() => new Set(readyPids()).size === 3, HANG_MS)).toBe(true);
    expect((await apiAs(p.base, 'health')).status).toBe(200);

    p.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(await waitFor(() => readyPids().every((pid) => !alive(pid)), HANG_MS)).toBe(true);
  });
});
