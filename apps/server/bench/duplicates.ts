/**
 * `npm run bench:duplicates`: how well the one text signature (lib/signature.ts) tells duplicates apart,
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
 * the share spent on signatures. It writes its figures to benchmarks/duplicates.md between `<!-- duplicates:start -->` markers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/db/client.js';
import { corpusInstalled } from '../src/import/corpus.js';
import { importSources } from '../src/import/index.js';
import { fullSources, starterSources } from '../src/import/sources/index.js';
import { starterFromFile } from '../src/import/starterFile.js';
import { textKeys } from '../src/import/texts.js';
import { bandKeys, NEAR_THRESHOLD, normalizeText, relationOf, signatureOf } from '../src/lib/signature.js';
import { toTraditional } from '../src/lib/zhVariant.js';
import { htmlToText } from '../src/lib/html.js';
import { findDuplicates } from '../src/modules/duplicates/index.js';

const LABELS = path.join(import.meta.dirname, 'duplicates.labelled.json');
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IMPORTS = Math.max(1, Number(process.env.BENCH_IMPORTS ?? 5));
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

/** A pair is found when a lookup of its second text would name the first (lib/signature.ts relationOf). */
function quality(pairs: Pair[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: Record<string, number> = {};
  for (const p of pairs) {
    const a = signatureOf(p.a);
    const near = relationOf(signatureOf(p.b), a) !== null;
    if (near && p.label === 'near') tp++;
    else if (near) fp++;
    else if (p.label === 'near') fn++;
    if (near !== (p.label === 'near')) misses[p.kind] = (misses[p.kind] ?? 0) + 1;
  }
  return { precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, tp + fn), tp, fp, fn, misses };
}

/**
 * Recall on the repeats the importer's own keys find: every text of the corpus (the full corpus when its package is
 * installed, else the starter library) read in import order; a text whose work key or import key an earlier text
 * had is a repeat the importer skips, and a lookup of it should name that earlier text.
 */
function importerRepeats() {
  const full = corpusInstalled();
  const sources = full ? fullSources() : starterSources();
  const first = new Map<string, string>();
  let texts = 0;
  let repeats = 0;
  const found: Record<string, number> = { exact: 0, contained: 0, near: 0 };
  const missed: { a: string; b: string }[] = [];
  for (const source of sources)
    for (const text of source.texts()) {
      const keys = textKeys(text);
      if (!keys) continue;
      texts++;
      const normalized = normalizeText(keys.flat, { simplified: true });
      const earlier = (keys.workKey && first.get(keys.workKey)) || first.get(keys.importKey);
      if (earlier !== undefined) {
        repeats++;
        const r = relationOf(signatureOf(keys.flat, { simplified: true }), { normalized: earlier, bands: bandKeys(earlier) });
        if (r) found[r.kind]!++;
        else missed.push({ a: earlier, b: normalized });
        continue;
      }
      if (keys.workKey) first.set(keys.workKey, normalized);
      first.set(keys.importKey, normalized);
    }
  const hits = repeats - missed.length;
  return {
    from: full ? 'the full corpus' : 'the starter library',
    texts,
    repeats,
    hits,
    recall: hits / Math.max(1, repeats),
    found,
    missed,
  };
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
};

/** Lookups (findDuplicates: same words, containment, near) 10 at a time for BENCH_SECONDS: the labelled pairs' second
 * texts (near variants, imitations) and single lines of their first texts. */
async function lookups(db: Db, pairs: Pair[]) {
  const queries = [...pairs.map((p) => p.b), ...pairs.slice(0, 200).map((p) => (lines(p.a)[0] ?? p.a).slice(0, 7))];
  const latencies: number[] = [];
  let next = 0;
  const deadline = performance.now() + Number(process.env.BENCH_SECONDS ?? 10) * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < deadline) {
        const text = queries[next++ % queries.length]!;
        const t0 = performance.now();
        await findDuplicates(db, signatureOf(text));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { n: latencies.length, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) };
}

/** The same lookups on the full corpus (`shiju_bench`, as `npm run bench` loads it), when it is there and signed. */
async function corpusLookups(pairs: Pair[]) {
  let database;
  try {
    database = await openDatabase({ databaseUrl: CORPUS_URL, dataDir: os.tmpdir(), poolSize: 10 });
  } catch {
    return null;
  }
  try {
    const [row] = (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from text_signatures`)).rows;
    const texts = Number(row!.n);
    if (texts < 300_000) return null;
    await database.db.execute(sql`analyze text_signatures`);
    // The imports and dropped databases just before leave PostgreSQL writing them out: a checkpoint now, so the
    // checkpointer's writes land before the lookups rather than among them (measured: p99 81 ms among them, 12–16 ms
    // alone).
    await database.db.execute(sql`checkpoint`);
    return { texts, lookup: await lookups(database.db, pairs) };
  } finally {
    await database.close();
  }
}

async function measure() {
  const { from, pairs } = JSON.parse(fs.readFileSync(LABELS, 'utf8')) as { from: string; pairs: Pair[] };
  const q = quality(pairs);
  console.log(`quality on ${pairs.length} labelled pairs (${from}):`, q);

  // Fresh PostgreSQL databases with the starter library: imported without signatures, then with them (kept for the
  // lookups at 10 connections).
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const sources = starterFromFile();
  if (!sources) throw new Error('no starter library file: npm run build first');
  const fresh = async (suffix: string) => {
    const name = `shiju_dedupe_bench_${process.pid}_${suffix}`;
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`), dataDir: os.tmpdir(), poolSize: 10 });
    return { name, database };
  };
  const timedImport = async (db: Db, withoutSignatures: boolean) => {
    const started = performance.now();
    await importSources(db, sources, { withoutSignatures });
    return performance.now() - started;
  };
  // IMPORTS of each (5 unless BENCH_IMPORTS says), alternating, medians: one import's time moves by more than the
  // signatures cost on a shared machine (single pairs measured +7% to +23% for the same code).
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const bareTimes: number[] = [];
  const signedTimes: number[] = [];
  for (let i = 0; i < IMPORTS - 1; i++) {
    const bare = await fresh(`bare${i}`);
    bareTimes.push(await timedImport(bare.database.db, true));
    await bare.database.close();
    await admin.query(`drop database ${bare.name}`);
    const signed = await fresh(`signed${i}`);
    signedTimes.push(await timedImport(signed.database.db, false));
    await signed.database.close();
    await admin.query(`drop database ${signed.name}`);
  }
  const lastBare = await fresh(`bare${IMPORTS - 1}`);
  bareTimes.push(await timedImport(lastBare.database.db, true));
  await lastBare.database.close();
  await admin.query(`drop database ${lastBare.name}`);
  const bareMs = median(bareTimes);
  const { name, database } = await fresh('signed');
  try {
    signedTimes.push(await timedImport(database.db, false));
    const importMs = median(signedTimes);
    // What computing them costs on its own (the import computes them while the database writes the batch before).
    const rows = (await database.db.execute<{ content: string; type: string }>(sql`select content, type from essays`)).rows;
    const s0 = performance.now();
    for (const r of rows) signatureOf(r.type === 'essay' ? htmlToText(r.content) : r.content, { simplified: true });
    const computeMs = performance.now() - s0;
    const withoutMs = bareMs;
    console.log(
      `import of ${rows.length} texts: ${Math.round(importMs)} ms with signatures, ${Math.round(withoutMs)} ms without (${Math.round(computeMs)} ms of computing them)`,
    );

    if (process.env.BENCH_PART === 'import') return writeImportRow({ importMs, withoutMs, computeMs, texts: rows.length });

    // Autovacuum may be off (it is on the benchmark machines): plan the lookups on fresh statistics.
    await database.db.execute(sql`vacuum analyze`);
    const lookup = await lookups(database.db, pairs);
    console.log('lookups at 10 connections, starter library:', lookup);
    const corpus = await corpusLookups(pairs);
    if (corpus) console.log(`lookups at 10 connections, ${corpus.texts} texts:`, corpus.lookup);
    const repeats = importerRepeats();
    console.log(`importer-key repeats (${repeats.from}):`, { ...repeats, missed: repeats.missed.length });
    writeSection({ from, q, pairs, importMs, withoutMs, computeMs, texts: rows.length, lookup, corpus, repeats });
  } finally {
    await database.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

type Lookup = Awaited<ReturnType<typeof lookups>>;

const FIGURES = path.join(import.meta.dirname, '..', '..', '..', 'benchmarks', 'duplicates.md');

interface ImportFigures {
  importMs: number;
  withoutMs: number;
  computeMs: number;
  texts: number;
}

/** The row of the import's growth: the import with the signatures (computed, stored, indexed) against without. */
function importRow(r: ImportFigures): string {
  const growth = (100 * (r.importMs - r.withoutMs)) / Math.max(1, r.withoutMs);
  return `| starter import (${r.texts} texts), with the signatures and their indexes against without (median of ${IMPORTS} each, alternating) | ${Math.round(r.importMs)} ms against ${Math.round(r.withoutMs)} ms (computing them: ${Math.round(r.computeMs)} ms): +${growth.toFixed(1)}% | ≤ +20% |`;
}

/** BENCH_PART=import: measures the import alone and replaces that one row of the section, leaving the rest as measured. */
function writeImportRow(r: ImportFigures) {
  const old = fs.readFileSync(FIGURES, 'utf8');
  const row = /^\| starter import \(.*$/m;
  if (!row.test(old)) throw new Error('benchmarks/duplicates.md has no import row yet: run the whole bench once');
  fs.writeFileSync(FIGURES, old.replace(row, importRow(r)));
  console.log(`import row updated in ${FIGURES}`);
}

function writeSection(r: {
  from: string;
  q: ReturnType<typeof quality>;
  pairs: Pair[];
  importMs: number;
  withoutMs: number;
  computeMs: number;
  texts: number;
  lookup: Lookup;
  corpus: { texts: number; lookup: Lookup } | null;
  repeats: ReturnType<typeof importerRepeats>;
}) {
  const kinds = [...new Set(r.pairs.map((p) => p.kind))];
  const file = FIGURES;
  const ms = (l: Lookup) => `${l.p50.toFixed(1)} / ${l.p99.toFixed(1)} ms`;
  const rp = r.repeats;
  const section = [
    '<!-- duplicates:start -->',
    '',
    '## Latest run',
    '',
    `\`npm run bench:duplicates\` (${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg()[0]!.toFixed(1)} on 2 shared cores).`,
    '',
    `Labelled set \`apps/server/bench/duplicates.labelled.json\` (${r.pairs.filter((p) => p.label === 'near').length} near-pairs, ${r.pairs.filter((p) => p.label === 'distinct').length} similar-but-distinct pairs, from ${r.from}; committed before tuning). A pair is found when a lookup of its second text names the first: the same words, the words contained in it, or a shared LSH band (32 bands × 3 rows of a MinHash over character bigrams) with bigram Jaccard similarity ≥ ${NEAR_THRESHOLD}:`,
    '',
    '| measure | value | target |',
    '| --- | --- | --- |',
    `| precision | ${r.q.precision.toFixed(3)} (${r.q.tp} true, ${r.q.fp} false) | ≥ 0.98 |`,
    `| recall | ${r.q.recall.toFixed(3)} (${r.q.fn} missed) | ≥ 0.95 |`,
    `| errors by kind | ${kinds.map((k) => `${k}: ${r.q.misses[k] ?? 0}`).join(', ')} | |`,
    `| recall on the importer-key repeats of ${rp.from} (${rp.texts} texts, ${rp.repeats} repeats) | ${rp.recall.toFixed(3)} (exact ${rp.found.exact}, contained ${rp.found.contained}, near ${rp.found.near}; ${rp.missed.length} missed) | ≥ 0.95 |`,
    `| lookup p50 / p99, PostgreSQL, 10 connections, starter library (${r.texts} texts, ${r.lookup.n} lookups) | ${ms(r.lookup)} | p99 < 20 ms |`,
    r.corpus
      ? `| lookup p50 / p99, PostgreSQL, 10 connections, full corpus (${r.corpus.texts} texts, ${r.corpus.lookup.n} lookups) | ${ms(r.corpus.lookup)} | p99 < 20 ms |`
      : '| lookup on the full corpus | not measured: `shiju_bench` is absent or unsigned (run `npm run bench` once) | p99 < 20 ms |',
    importRow(r),
    '',
    'A lookup reads three bounded sets: the texts with the same digest; the texts holding all of (up to 8 of) the',
    "words' character bigrams through the bigram index (shiju_bigram_codes, migration 0032), confirmed by the stored",
    'normalised body; and at most 20 texts sharing the most LSH band keys. None of them grows with the corpus except',
    'through genuinely repeated words.',
    ...(rp.missed.length > 0
      ? ['', 'Importer-key repeats a lookup does not name (the first three; same title and opening, other words):', '']
      : []),
    ...rp.missed.slice(0, 3).map((m) => `- ${m.a.slice(0, 40)}… / ${m.b.slice(0, 40)}…`),
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
