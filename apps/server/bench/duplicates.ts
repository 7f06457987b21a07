/**
 * `npm run bench:duplicates` (issue 27): how well the one text signature (lib/signature.ts) tells duplicates apart,
 * and what it costs.
 *
 * `-- --label` writes the labelled set, bench/duplicates.labelled.json, from the full corpus (`shiju_bench`, read
 * only) or, without it, the starter library: ≥ 200 near-pairs (a text and its Traditional copy with other
 * punctuation; with one to three characters changed, 异文-like; with a line dropped) and ≥ 200 similar-but-distinct
 * pairs (two real poems of the corpus sharing exactly one line; a poem and an imitation keeping its first line and
 * its rhyme characters). It was committed before any tuning.
 *
 * Without arguments it measures: precision and recall of "near-duplicate" (bigram Jaccard ≥ NEAR_THRESHOLD and a
 * shared LSH band, as a lookup finds it) on that set; the lookup (findDuplicates: same words, containment, near) p99 at
 * 10 connections on PostgreSQL over a fresh database with the starter library; and the starter import's time with
 * the share spent on signatures. It appends its figures to BENCHMARKS.md between `<!-- duplicates:start -->` markers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { importSources } from '../src/import/index.js';
import { starterFromFile } from '../src/import/starterFile.js';
import { bandKeys, NEAR_THRESHOLD, normalizeText, signatureOf, similarity } from '../src/lib/signature.js';
import { toTraditional } from '../src/lib/zhVariant.js';
import { htmlToText } from '../src/lib/html.js';
import { findDuplicates } from '../src/modules/duplicates/index.js';
import { saveSignatures } from '../src/modules/duplicates/index.js';

const LABELS = path.join(import.meta.dirname, 'duplicates.labelled.json');
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CORPUS_URL = process.env.BENCH_CORPUS_URL ?? ADMIN_URL.replace(/\/[^/]*$/, '/shiju_bench');

interface Pair {
  kind: 'traditional' | 'variant' | 'line dropped' | 'shared line' | 'imitation';
  label: 'near' | 'distinct';
  a: string;
  b: string;
}

/** A fixed-seed generator: the set is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return s / 0x100000000;
  };
}

const lines = (text: string) => text.split(/[，。！？；、,.!?;\n]+/).filter((l) => /\p{Script=Han}/u.test(l));
const hanLen = (text: string) => (text.match(/\p{Script=Han}/gu) ?? []).length;

async function corpusTexts(): Promise<{ texts: string[]; from: string }> {
  const client = new pg.Client({ connectionString: CORPUS_URL });
  try {
    await client.connect();
    const r = await client.query<{ content: string; type: string }>(
      `select content, type from essays where status = 'published' and length(content) between 20 and 400 order by id limit 60000`,
    );
    return { texts: r.rows.map((x) => (x.type === 'essay' ? htmlToText(x.content) : x.content)), from: 'the full corpus (shiju_bench)' };
  } catch {
    const texts: string[] = [];
    for (const source of starterFromFile() ?? [])
      for (const t of source.texts()) {
        const body = t.paragraphs.join('\n');
        if (body.length >= 20 && body.length <= 400) texts.push(body);
      }
    return { texts, from: 'the starter library' };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function label() {
  const { texts, from } = await corpusTexts();
  const random = rng(27);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const poems = texts.filter((t) => hanLen(t) >= 20 && lines(t).length >= 4);
  const pool = Array.from(poems.join('').replace(/[^\p{Script=Han}]/gu, ''));
  const pairs: Pair[] = [];
  const used = new Set<string>();
  const fresh = () => {
    for (;;) {
      const t = pick(poems);
      if (!used.has(t)) return (used.add(t), t);
    }
  };
  // Near-pairs.
  for (let i = 0; i < 70; i++) {
    const a = fresh();
    pairs.push({ kind: 'traditional', label: 'near', a, b: toTraditional(a, 'tw').replace(/[，。]/g, (c) => (c === '，' ? ', ' : '. ')) });
  }
  for (let i = 0; i < 90; i++) {
    const a = fresh();
    const chars = Array.from(a);
    const han = chars.flatMap((c, k) => (/\p{Script=Han}/u.test(c) ? [k] : []));
    const changes = 1 + Math.floor(random() * 3);
    for (let k = 0; k < changes; k++) chars[pick(han)] = pick(pool);
    pairs.push({ kind: 'variant', label: 'near', a, b: chars.join('') });
  }
  for (let i = 0; i < 60; i++) {
    const a = fresh();
    const ls = lines(a);
    if (ls.length < 6) {
      i--;
      continue;
    }
    const drop = Math.floor(random() * ls.length);
    pairs.push({ kind: 'line dropped', label: 'near', a, b: ls.filter((_, k) => k !== drop).join('，') + '。' });
  }
  // Similar-but-distinct: two real poems sharing exactly one line.
  const byLine = new Map<string, string[]>();
  for (const t of poems)
    for (const l of new Set(lines(t).filter((x) => hanLen(x) >= 5))) {
      const list = byLine.get(l) ?? [];
      if (list.length < 4) list.push(t);
      byLine.set(l, list);
    }
  const shared: Pair[] = [];
  for (const [, ts] of byLine) {
    if (ts.length < 2 || shared.length >= 140) continue;
    const [a, b] = [ts[0]!, ts[1]!];
    const la = new Set(lines(a));
    const common = lines(b).filter((l) => la.has(l));
    if (normalizeText(a) !== normalizeText(b) && common.length === 1 && lines(a).length >= 4 && lines(b).length >= 4)
      shared.push({ kind: 'shared line', label: 'distinct', a, b });
  }
  pairs.push(...shared);
  // A poem and an imitation: its first line and its rhyme characters kept, the rest from another poem.
  for (let i = 0; pairs.filter((p) => p.label === 'distinct').length < 240; i++) {
    const a = fresh();
    const donor = Array.from(fresh().replace(/[^\p{Script=Han}]/gu, ''));
    const ls = lines(a);
    let d = 0;
    const imitated = ls.map((l, k) => {
      if (k === 0) return l;
      const cs = Array.from(l);
      return cs.map((c, j) => (j === cs.length - 1 ? c : (donor[d++ % donor.length] ?? c))).join('');
    });
    pairs.push({ kind: 'imitation', label: 'distinct', a, b: imitated.join('，') + '。' });
  }
  fs.writeFileSync(LABELS, JSON.stringify({ from, pairs }, null, 1) + '\n');
  const count = (l: string) => pairs.filter((p) => p.label === l).length;
  console.log(`${LABELS}: ${count('near')} near-pairs, ${count('distinct')} distinct pairs, from ${from}`);
}

function quality(pairs: Pair[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: Record<string, number> = {};
  for (const p of pairs) {
    const [a, b] = [normalizeText(p.a), normalizeText(p.b)];
    const ka = new Set(bandKeys(a));
    const candidate = a === b || bandKeys(b).some((k) => ka.has(k));
    const near = candidate && similarity(a, b) >= NEAR_THRESHOLD;
    if (near && p.label === 'near') tp++;
    else if (near) fp++;
    else if (p.label === 'near') fn++;
    if (near !== (p.label === 'near')) misses[p.kind] = (misses[p.kind] ?? 0) + 1;
  }
  return { precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, tp + fn), tp, fp, fn, misses };
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
};

async function measure() {
  const { from, pairs } = JSON.parse(fs.readFileSync(LABELS, 'utf8')) as { from: string; pairs: Pair[] };
  const q = quality(pairs);
  console.log(`quality on ${pairs.length} labelled pairs (${from}):`, q);

  // A fresh PostgreSQL database with the starter library: import time, then lookups at 10 connections.
  const name = `shiju_dedupe_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), poolSize: 10 });
  try {
    const sources = starterFromFile();
    if (!sources) throw new Error('no starter library file: npm run build first');
    const started = performance.now();
    await importSources(database.db, sources);
    const importMs = performance.now() - started;
    // What signatures cost within it: computing them for every text, and writing them again.
    const rows = (await database.db.execute<{ id: number; content: string; type: string }>(`select id, content, type from essays` as never))
      .rows;
    const s0 = performance.now();
    const sigs = rows.map((r) => ({
      essayId: r.id,
      signature: signatureOf(r.type === 'essay' ? htmlToText(r.content) : r.content, { simplified: true }),
    }));
    const computeMs = performance.now() - s0;
    const w0 = performance.now();
    for (let i = 0; i < sigs.length; i += 500) await database.db.transaction((tx) => saveSignatures(tx, sigs.slice(i, i + 500)));
    const writeMs = performance.now() - w0;
    const signatureMs = computeMs + writeMs;
    console.log(
      `import ${Math.round(importMs)} ms for ${rows.length} texts; signatures ${Math.round(computeMs)} ms computing + ${Math.round(writeMs)} ms writing`,
    );

    // Lookups: the labelled pairs' second texts (near variants, lines, imitations) and single lines, 10 at a time.
    const queries = [...pairs.map((p) => p.b), ...pairs.slice(0, 200).map((p) => (lines(p.a)[0] ?? p.a).slice(0, 7))];
    const latencies: number[] = [];
    let next = 0;
    const deadline = performance.now() + Number(process.env.BENCH_SECONDS ?? 10) * 1000;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < deadline) {
          const text = queries[next++ % queries.length]!;
          const t0 = performance.now();
          await findDuplicates(database.db, signatureOf(text));
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const lookup = { n: latencies.length, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) };
    console.log('lookups at 10 connections:', lookup);
    writeSection({ from, q, pairs, importMs, signatureMs, computeMs, writeMs, texts: rows.length, lookup });
  } finally {
    await database.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

function writeSection(r: {
  from: string;
  q: ReturnType<typeof quality>;
  pairs: Pair[];
  importMs: number;
  signatureMs: number;
  computeMs: number;
  writeMs: number;
  texts: number;
  lookup: { n: number; p50: number; p99: number };
}) {
  const kinds = [...new Set(r.pairs.map((p) => p.kind))];
  const file = path.join(import.meta.dirname, '..', '..', '..', 'BENCHMARKS.md');
  const growth = (100 * r.signatureMs) / Math.max(1, r.importMs - r.signatureMs);
  const section = [
    '<!-- duplicates:start -->',
    '',
    '## Duplicates: the text signature (issue 27)',
    '',
    `\`npm run bench:duplicates\` (${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg()[0]!.toFixed(1)} on 2 shared cores).`,
    '',
    `Labelled set \`apps/server/bench/duplicates.labelled.json\` (${r.pairs.filter((p) => p.label === 'near').length} near-pairs, ${r.pairs.filter((p) => p.label === 'distinct').length} similar-but-distinct pairs, from ${r.from}; committed before tuning). A pair is found near when it shares an LSH band (32 bands × 3 rows of a MinHash over character bigrams) and its bigram Jaccard similarity is ≥ ${NEAR_THRESHOLD}:`,
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    `| precision | ${r.q.precision.toFixed(3)} (${r.q.tp} true, ${r.q.fp} false) | ≥ 0.98 |`,
    `| recall | ${r.q.recall.toFixed(3)} (${r.q.fn} missed) | ≥ 0.95 |`,
    `| errors by kind | ${kinds.map((k) => `${k}: ${r.q.misses[k] ?? 0}`).join(', ')} | |`,
    `| lookup p50 / p99, PostgreSQL, 10 connections (${r.lookup.n} lookups) | ${r.lookup.p50.toFixed(1)} / ${r.lookup.p99.toFixed(1)} ms | p99 < 20 ms |`,
    `| starter import (${r.texts} texts) | ${Math.round(r.importMs)} ms, of which signatures ≈ ${Math.round(r.signatureMs)} ms (${Math.round(r.computeMs)} computing, ${Math.round(r.writeMs)} writing): +${growth.toFixed(1)}% | ≤ +20% |`,
    '',
    'The lookups ran on a fresh database with the starter library, not the full corpus: `shiju_bench` was in use',
    "(another import was writing it) and has no signatures yet. A lookup's near-duplicate step compares at most 20",
    'candidates (those sharing the most band keys), so its cost does not grow with the corpus; the containment step',
    "reads the texts holding all of the words' characters through the search index, which grows with the corpus for",
    'common characters: on `shiju_bench` (257,504 texts) the index scan alone for 床前明月光 took 108 ms at a load',
    'average of about 20, so the p99 target is not met as built. The lookup figures above were taken with the',
    "machine's two cores shared by five agents (see the load average) and overstate an idle machine's latency, but",
    'no figure here shows the target met. The 4 false positives are corpus pairs labelled distinct (sharing one line)',
    'whose other lines are also close. The recall on the repeats the importer key finds was not measured.',
    '',
    '<!-- duplicates:end -->',
  ].join('\n');
  const old = fs.readFileSync(file, 'utf8');
  const marked = /<!-- duplicates:start -->[\s\S]*<!-- duplicates:end -->/;
  fs.writeFileSync(file, marked.test(old) ? old.replace(marked, section) : `${old.trimEnd()}\n\n${section}\n`);
  console.log(`appended to ${file}`);
}

if (process.argv.includes('--label')) await label();
else await measure();
