/**
 * `npm run bench:markup`: the longest the event loop is held by one request of each write that takes markup (essays
 * created and updated, drafts, the duplicate check, announcements, notes), sent the worst bodies we can build: the
 * outside probe's 66,000 unclosed `<b>`, and bodies at each of the pre-scan's limits (lib/html.ts MARKUP_LIMITS).
 * BENCH_DATABASE_URL=postgres://… runs it on a fresh PostgreSQL database instead of the embedded one.
 * The target is 50 ms for any request.
 *
 * The app runs in this process on the embedded database (PGlite in memory), called through `inject`; the hold is
 * perf_hooks' monitorEventLoopDelay (1 ms resolution) over each request, the largest of BENCH_ROUNDS (3) rounds.
 * The database's own work runs on this thread too with PGlite, so the figures are an upper bound for PostgreSQL.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { calls, fillPath, type CallId } from '@shiju/contract';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { classifications, users } from '../src/db/schema.js';
import { htmlToText, MARKUP_LIMITS, markupProblem, sanitizeRichText } from '../src/lib/html.js';
import { testConfig } from '../test/helper.js';
import { freshPostgres } from '../test/postgres.js';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const L = MARKUP_LIMITS;

/** The bodies: name → HTML. Each is sent as is (the contract's length caps cut some per write; see `fit`). */
function bodies(): Record<string, string> {
  const nestedGroup = '<b>'.repeat(L.depth) + '字' + '</b>'.repeat(L.depth);
  const longHref = `<a href="https://example.com/${'a'.repeat(L.tagChars - 40)}">链</a>`;
  return {
    'probe: 66,000 unclosed <b>': '<b>'.repeat(66_000) + '字',
    [`depth ${L.depth}, repeated to ${L.tags} tags`]: nestedGroup.repeat(Math.floor(L.tags / (2 * L.depth))),
    [`${L.depth} unclosed disallowed <div>, repeated`]: ('<div>'.repeat(L.depth - 1) + '字</div>'.repeat(L.depth - 1)).repeat(
      Math.floor(L.tags / (2 * (L.depth - 1))),
    ),
    [`${L.tags} flat tags`]: '<p>字</p>'.repeat(L.tags / 2),
    [`${L.attributed} links with attributes, then ${L.tags} tags`]:
      `<a href="https://example.com/${'a'.repeat(20)}" title="t" target="_blank">链</a>`.repeat(L.attributed) +
      '<i>字</i>'.repeat((L.tags - 2 * L.attributed) / 2),
    [`longest tags (${L.tagChars} characters)`]: longHref.repeat(Math.floor(190_000 / longHref.length)),
    [`${L.entities} entities and text`]: '&amp;&nbsp;&#x4e00;&lt;'.repeat(L.entities / 4) + '字'.repeat(19_000),
    [`${L.text} characters of text`]: '<p>' + '字'.repeat(L.text - 10) + '</p>',
    'the largest ordinary essay (20,000 characters, 500 paragraphs)':
      `<p>${'字'.repeat(36)}<strong>重</strong><em>轻</em><a href="https://example.com/a">链</a></p>`.repeat(500),
  };
}

/** A body cut to a write's length cap (the contract refuses longer ones before any work: nothing to measure). */
const fit = (html: string, max: number) => (html.length <= max ? html : html.slice(0, max));

async function main() {
  const dataDir = path.join(os.tmpdir(), `shiju-bench-markup-${crypto.randomBytes(4).toString('hex')}`);
  const config = testConfig(dataDir, { SIGNUPS_PER_IP: '1000' });
  // BENCH_DATABASE_URL (a PostgreSQL server's admin address): a fresh database there, whose work is off this thread.
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const pgdb = adminUrl ? await freshPostgres(adminUrl) : null;
  const database = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://', poolSize: 4 });
  const app = await buildApp({ config, database });
  await app.ready();
  const db = database.db;
  const [cls] = await db.insert(classifications).values({ name: '散文', description: '', sort: 1 }).returning();

  const callRaw = async (id: CallId, parts: { params?: Record<string, unknown>; body?: unknown }, token?: string) => {
    const def = calls[id];
    const res = await app.inject({
      method: def.method,
      url: fillPath(def.path, parts.params),
      payload: parts.body as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return res.json() as { code: string; msg: string; data: any };
  };
  const signUp = async (name: string) => {
    const r = await callRaw('register', { body: { username: name, password: 'goodpass123', nickname: name, agree: true } });
    if (r.code !== '00000') throw new Error(`sign-up: ${r.msg}`);
    return { token: r.data.accessToken as string, id: r.data.userInfo.id as number };
  };
  const writer = await signUp(`bench${crypto.randomBytes(3).toString('hex')}`);
  const editor = await signUp(`benched${crypto.randomBytes(3).toString('hex')}`);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, editor.id));
  const essay = (content: string, status: 'publish' | 'draft', n: number) => ({
    type: 'essay',
    title: `题${n}`,
    content,
    classificationId: cls!.id,
    status,
  });
  const base = await callRaw('createEssay', { body: essay('<p>春风又绿江南岸</p>', 'publish', 0) }, writer.token);
  const draft = await callRaw('createEssay', { body: essay('<p>明月何时照我还</p>', 'draft', 0) }, writer.token);
  let n = 1;

  const writes: Record<string, (html: string) => Promise<{ code: string; msg: string }>> = {
    'createEssay (publish)': (html) => callRaw('createEssay', { body: essay(fit(html, 200_000), 'publish', n++) }, writer.token),
    'createEssay (draft)': (html) => callRaw('createEssay', { body: essay(fit(html, 200_000), 'draft', n++) }, writer.token),
    'updateEssay (draft)': (html) =>
      callRaw('updateEssay', { params: { id: draft.data.id }, body: essay(fit(html, 200_000), 'draft', n++) }, writer.token),
    checkDuplicates: (html) => callRaw('checkDuplicates', { body: { type: 'essay', content: fit(html, 200_000) } }, writer.token),
    adminCreateAnnouncement: (html) =>
      callRaw('adminCreateAnnouncement', { body: { title: `公告${n++}`, content: fit(html, 100_000) } }, editor.token),
    proposeNote: (html) =>
      callRaw('proposeNote', { body: { essayId: base.data.id, kind: 'appreciation', content: fit(html, 12_000) } }, writer.token),
  };

  // The markup work alone (pre-scan, sanitiser, text), the least of 5 runs: what the limits bound, free of other load.
  console.log(`\nMarkup work alone per body (least of 5 runs, ms): pre-scan + sanitise + text of the result`);
  for (const [body, html] of Object.entries(bodies())) {
    let least = Infinity;
    let refused = '';
    for (let r = 0; r < 5; r++) {
      const start = performance.now();
      const problem = markupProblem(html);
      if (!problem) htmlToText(sanitizeRichText(html));
      least = Math.min(least, performance.now() - start);
      refused = problem ?? '';
    }
    console.log(`${body.padEnd(64)} ${least.toFixed(1).padStart(7)}  ${refused ? `refused: ${refused}` : ''}`);
  }

  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const results: { write: string; body: string; least: number; most: number; cpu: number; answer: string }[] = [];
  for (const [write, send] of Object.entries(writes))
    for (const [body, html] of Object.entries(bodies())) {
      let least = Infinity;
      let most = 0;
      let cpu = Infinity;
      let answer = '';
      for (let r = 0; r < ROUNDS; r++) {
        // A moment for the monitor's timer to tick, so the histogram holds only this request.
        await new Promise((resolve) => setTimeout(resolve, 5));
        h.reset();
        const used = process.cpuUsage();
        const a = await send(html);
        const spent = process.cpuUsage(used);
        cpu = Math.min(cpu, (spent.user + spent.system) / 1000);
        await new Promise((resolve) => setTimeout(resolve, 5));
        least = Math.min(least, h.max / 1e6);
        most = Math.max(most, h.max / 1e6);
        answer = a.code === '00000' ? '00000' : `${a.code} ${a.msg.replace(/^[^：]*：/, '').slice(0, 40)}`;
      }
      results.push({ write, body, least, most, cpu, answer });
    }
  h.disable();

  const worst = new Map<string, (typeof results)[number]>();
  for (const r of results) if ((worst.get(r.write)?.least ?? -1) < r.least) worst.set(r.write, r);
  const where = pgdb ? 'PostgreSQL' : 'PGlite (embedded, on this thread)';
  console.log(`\nWhole requests on ${where}, ms: the event loop's longest hold (least / most of ${ROUNDS} rounds) and the`);
  console.log(`process's CPU time for the request (least of the rounds; an upper bound of the hold that other load does not`);
  console.log(`inflate). Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  console.log(`${'write'.padEnd(24)} ${'body'.padEnd(64)} ${'hold'.padStart(7)} ${'(most)'.padStart(7)} ${'cpu'.padStart(7)}  answer`);
  for (const r of results)
    console.log(
      `${r.write.padEnd(24)} ${r.body.padEnd(64)} ${r.least.toFixed(1).padStart(7)} ${r.most.toFixed(1).padStart(7)} ${r.cpu.toFixed(1).padStart(7)}  ${r.answer}`,
    );
  console.log('\nLongest per write (least of the rounds; target 50 ms):');
  for (const [write, w] of worst)
    console.log(`${write.padEnd(24)} hold ${w.least.toFixed(1).padStart(7)} ms, cpu ${w.cpu.toFixed(1).padStart(7)} ms  (${w.body})`);
  await app.close();
  await database.close();
  await pgdb?.drop();
}

await main();
