/**
 * The reader's speed budget: the built web app served by the real server on the starter library, opened
 * in Debian's Chromium. For /home and a text's page: the JavaScript transferred (as sent, brotli) until the page is
 * idle, counting every script it loads; then Lighthouse's mobile scores and CLS. `npm run bench:web` runs it alone;
 * `npm run bench` prints it at the end. Figures beside the budget; nothing here fails a build.
 */
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedIfEmpty } from '../src/import/index.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';
import { ensureWebBuilt } from '../../../scripts/lib.mjs';
import { formatStability, measureStability, type StabilityRow } from './stability.js';

const root = path.resolve(import.meta.dirname, '../../..');

export const BUDGET = { jsKb: 200, performance: 90, accessibility: 95, bestPractices: 95, seo: 95, cls: 0.05 };

export interface PageFigures {
  path: string;
  /** Scripts the page loaded until idle: count and bytes as transferred (body, compressed as sent). */
  scripts: number;
  jsBytes: number;
  lighthouse: { performance: number; accessibility: number; bestPractices: number; seo: number; cls: number } | null;
}

/** JS bytes over the wire for one cold load of `url` (fresh context, no cache). */
async function transferred(url: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.context().addInitScript(() => localStorage.setItem('shiju:tourSeen', 'bench'));
    const sizes: number[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      void req.sizes().then((s) => sizes.push(s.responseBodySize));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return { scripts: sizes.length, jsBytes: sizes.reduce((a, b) => a + b, 0) };
  } finally {
    await browser.close();
  }
}

/** The part of Lighthouse's API used here (the package lives in tools/, outside the typechecked workspace). */
type Lighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<
  | {
      lhr: {
        categories: Record<string, { score: number | null } | undefined>;
        audits: Record<string, { numericValue?: number } | undefined>;
      };
    }
  | undefined
>;

/** Lighthouse's mobile run, when the package is installed in tools/ (`npm run bench:web` installs it). */
async function lighthouseOf(url: string): Promise<PageFigures['lighthouse']> {
  let lighthouse: Lighthouse;
  try {
    const entry = createRequire(path.join(root, 'tools', 'package.json')).resolve('lighthouse');
    lighthouse = ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
  } catch {
    return null;
  }
  const port = 9300 + Math.floor(Math.random() * 500);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result?.lhr;
    if (!lhr) return null;
    const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0),
    };
  } finally {
    await browser.close();
  }
}

const defaultDist = path.join(root, 'apps/web/dist');

export interface WebFigures {
  pages: PageFigures[];
  stability: StabilityRow[];
}

export async function measureWeb(webDist = defaultDist): Promise<WebFigures> {
  // The app as the sources are now (built when missing or older than them, as npm start does).
  if (webDist === defaultDist) ensureWebBuilt();
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`${webDist} has no index.html: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-bench-web-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_ON_START: 'false',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
  });
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await seedIfEmpty(database.db, { info: () => {} });
    const app = await buildApp({ config, database, rateLimits: {} });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const list = (await (
      await fetch(`${base}/api/v1/es/essays/pc/page`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pageNum: 1, pageSize: 1, sort: 'hot' }),
      })
    ).json()) as { data: { list: { id: number }[] } };
    const paths = ['/home', `/bellesDetails?id=${list.data.list[0]!.id}`];
    const out: PageFigures[] = [];
    for (const p of paths) out.push({ path: p, ...(await transferred(base + p)), lighthouse: await lighthouseOf(base + p) });
    const stability = await measureStability(base, await publicRoutes(base));
    await app.close();
    return { pages: out, stability };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every public route, with real ids from the starter library where a route shows one thing. */
async function publicRoutes(base: string): Promise<string[]> {
  const get = async <T>(path: string, init?: RequestInit) => ((await (await fetch(base + path, init)).json()) as { data: T }).data;
  const essay = (
    await get<{ list: { id: number; author: { id: number } }[] }>('/api/v1/es/essays/pc/page', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageNum: 1, pageSize: 1, sort: 'hot' }),
    })
  ).list[0]!;
  const notice = (await get<{ list: { id: number }[] }>('/api/v1/pc/announcements/page?pageNum=1&pageSize=1')).list[0];
  const cls = (await get<{ list: { id: number }[] }>('/api/v1/pc/classifications/page?pageNum=1&pageSize=1')).list[0];
  const user = essay.author.id;
  const folder = await publicFolder(base, essay.id).catch(() => null);
  return [
    '/home',
    cls ? `/classifyDetails?id=${cls.id}` : '/classifyDetails',
    `/bellesDetails?id=${essay.id}`,
    '/leaderboard',
    '/bestWeek',
    '/bulletinBoard',
    ...(notice ? [`/bulletinDetails?id=${notice.id}`] : []),
    `/othersInfor?id=${user}`,
    `/othersRelation?id=${user}`,
    '/globalSearch?q=明月',
    '/author?name=李白',
    '/aboutOur',
    '/agreement',
    '/privacy',
    '/authentication',
    ...(folder ? [`/collection?id=${folder}`] : []),
  ];
}

/** A reader's public 收藏夹 holding one text (the starter library has none): its id, or null when it cannot be made. */
async function publicFolder(base: string, essayId: number): Promise<number | null> {
  const send = async <T>(method: string, path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const env = (await res.json()) as { code: string; data: T };
    return env.code === '00000' ? env.data : null;
  };
  const reader = await send<{ accessToken: string }>('POST', '/api/v1/auth/register', {
    username: `bench_${Date.now().toString(36)}`,
    password: 'benchpass2026',
    nickname: '收藏夹读者',
    agree: true,
  });
  if (!reader) return null;
  const folder = await send<{ id: number }>('POST', '/api/v1/app/collections', { name: '山水' }, reader.accessToken);
  if (!folder) return null;
  await send('PUT', '/api/v1/app/collections/essay', { essayId, folderIds: [folder.id] }, reader.accessToken);
  return folder.id;
}

/** A 七律 and a 56-character imitation of it: what the 仿写 coach checks on each keystroke. */
const COACH_ORIGINAL =
  '风急天高猿啸哀，渚清沙白鸟飞回。无边落木萧萧下，不尽长江滚滚来。万里悲秋常作客，百年多病独登台。艰难苦恨繁霜鬓，潦倒新停浊酒杯。';
const COACH_DRAFT =
  '雨细山深鹤唳寒，潮平岸阔雁归还。长亭古道依依柳，短棹孤舟渺渺湾。千里思乡常入梦，十年为客独凭栏。风尘不染青衫泪，只把新诗寄远山。';

export interface CoachFigures {
  checks: number;
  draftChars: number;
  /** A check's time: the median and the 95th percentile over the batches. */
  medianMs: number;
  p95Ms: number;
}

/**
 * The coach's in-browser checks in headless Chromium: the engine as the editor loads it (`@shiju/contract/tones/coach`
 * with its tables, bundled by esbuild), 1,000 checks of a 56-character draft against a 七律.
 */
export async function measureCoach(): Promise<CoachFigures> {
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [path.join(root, 'packages/contract/src/tones/coach.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'ShijuCoach',
    target: 'es2022',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><meta charset="utf-8"><title>coach</title>');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const times = await page.evaluate(
      ([original, draft]) => {
        const coach = (window as unknown as { ShijuCoach: typeof import('@shiju/contract/tones/coach') }).ShijuCoach;
        const prepared = coach.prepareOriginal(original);
        // Chromium rounds performance.now() to 0.1 ms without cross-origin isolation: time 1,000 checks in 40
        // batches of 25 and take each batch's time a check.
        const out: number[] = [];
        for (let b = 0; b < 40; b++) {
          const t0 = performance.now();
          for (let i = 0; i < 25; i++) {
            // A keystroke's draft: a character fewer or more each time.
            const text = draft.slice(0, draft.length - ((b * 25 + i) % 8));
            coach.summaryText(coach.coachDraft(prepared, text).summary);
          }
          out.push((performance.now() - t0) / 25);
        }
        return out;
      },
      [COACH_ORIGINAL, COACH_DRAFT] as const,
    );
    times.sort((a, b) => a - b);
    return {
      checks: times.length * 25,
      draftChars: Array.from(COACH_DRAFT.replace(/[，。]/g, '')).length,
      medianMs: times[Math.floor(times.length / 2)]!,
      p95Ms: times[Math.floor(times.length * 0.95)]!,
    };
  } finally {
    await browser.close();
  }
}

export function formatCoach(c: CoachFigures): string {
  return [
    '| 仿写 coach in headless Chromium | checks | draft (characters) | median a check (ms) | p95 (ms, batches of 25) | target |',
    '| --- | --- | --- | --- | --- | --- |',
    `| counts, tones, 近体 rules, rhyme against a 七律 | ${c.checks} | ${c.draftChars} | ${c.medianMs.toFixed(3)} | ${c.p95Ms.toFixed(3)} | median < 5 ms |`,
  ].join('\n');
}

export function formatWeb({ pages: figures, stability }: WebFigures): string {
  const kb = (b: number) => (b / 1024).toFixed(1);
  const lines = [
    `| page | scripts | JS transferred (KB) | performance | accessibility | best practices | SEO | CLS |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- |`,
    `| budget |  | ≤ ${BUDGET.jsKb} | ≥ ${BUDGET.performance} | ≥ ${BUDGET.accessibility} | ≥ ${BUDGET.bestPractices} | ≥ ${BUDGET.seo} | < ${BUDGET.cls} |`,
  ];
  for (const f of figures) {
    const l = f.lighthouse;
    lines.push(
      `| ${f.path.replace(/\?id=\d+/, '?id=…')} | ${f.scripts} | ${kb(f.jsBytes)} | ${l ? l.performance : '–'} | ${l ? l.accessibility : '–'} | ${
        l ? l.bestPractices : '–'
      } | ${l ? l.seo : '–'} | ${l ? l.cls.toFixed(3) : '–'} |`,
    );
  }
  lines.push(
    '',
    '### One stage, one layout: every public route, first paint against network idle',
    '',
    formatStability(stability),
    '',
    'Δpx: the largest move of the box (left, top, width; height for the header and its account area) between the first',
    'contentful paint and network idle. A fresh visitor, cold cache.',
  );
  // Lighthouse's blocking time is the run's own main-thread work, simulated four times slower: it moves with load.
  lines.push(
    '',
    `load average during the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureWeb(process.env.BENCH_WEB_DIST);
  console.log(formatWeb(figures));
  console.log('\n' + formatCoach(await measureCoach()));
}
