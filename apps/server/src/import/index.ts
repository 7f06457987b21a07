/**
 * The importer's entry points: the starter library a fresh install loads on first start, and the
 * full chinese-poetry corpus for benchmarks. Both are idempotent: a second run adds nothing.
 */
import type { Db } from '../db/client.js';
import { ensureCatalog, linkUsedTags, type Catalog } from './catalog.js';
import { refreshImportCounts } from './counts.js';
import { citedAuthors, noUsers, upsertAuthorProfiles } from './statements.js';
import { placeRecords, type AuthorRecord } from './authorRecords.js';
import { ensureSiteContent } from './site.js';
import { fullAuthorRecords, fullSources, starterAuthorRecords, starterSources, type Source } from './sources/index.js';
import { prepareText } from './texts.js';
import { DEFAULT_BATCH_SIZE, EssayWriter, type KeptText } from './writer.js';
import { importNotes } from '../modules/notes/index.js';
import { PERIODS, refreshRanking } from '../modules/discovery/index.js';

export interface ImportProgress {
  /** Source id and its Chinese label. */
  source: string;
  label: string;
  /** Texts read so far and the expected total (an estimate for the big collections until finished). */
  done: number;
  total: number;
  added: number;
  skipped: number;
  finished: boolean;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Rows per INSERT. */
  batchSize?: number;
  /** Reference time for publication dates and hot scores; defaults to the start of the run. */
  now?: Date;
  /** The author records to keep (those of authors the published texts cite): life years and biographies. */
  authors?: (cited: ReadonlySet<string>) => AuthorRecord[];
  /** Leaves out the text signatures (bench:duplicates measures what they add to an import this way). */
  withoutSignatures?: boolean;
}

export interface ImportSummary {
  /** Texts inserted, and texts skipped because their import key was already present with the same text. */
  added: number;
  skipped: number;
  /** Stored texts the importer owns, rewritten because what it displays changed (writer.ts). */
  updated: number;
  /** Stored texts an editor changed since the import, left as they are: how many, and the first of them. */
  kept: { count: number; texts: KeptText[] };
  seconds: number;
  sources: { id: string; label: string; read: number; added: number; skipped: number; updated: number }[];
}

export interface ImportLogger {
  info(obj: object, msg?: string): void;
}

async function importSource(
  db: Db,
  source: Source,
  ctx: {
    editorId: number;
    catalog: Catalog;
    now: Date;
    batchSize: number;
    onProgress?: ImportOptions['onProgress'];
    /** Works already read in this run (PreparedEssay.workKey). */
    seen: Set<string>;
    /** Import keys already written or compared in this run (EssayWriter). */
    keys: Set<string>;
    kept: ImportSummary['kept'];
    withoutSignatures?: boolean;
  },
) {
  const writer = new EssayWriter(db, ctx.editorId, ctx.batchSize, ctx.keys);
  let total = source.total();
  let done = 0;
  const report = (finished: boolean) =>
    ctx.onProgress?.({ source: source.id, label: source.label, done, total, added: writer.added, skipped: writer.skipped, finished });
  report(false);
  try {
    for (const text of source.texts()) {
      const prepared = prepareText(text, ctx.catalog, ctx.now, { signature: !ctx.withoutSignatures });
      done++;
      if (prepared?.workKey && ctx.seen.has(prepared.workKey)) writer.skipped++;
      else if (prepared) {
        if (prepared.workKey) ctx.seen.add(prepared.workKey);
        await writer.add(prepared);
      }
      if (done % ctx.batchSize === 0) report(false);
    }
  } catch (err) {
    // A text that cannot be read ends the import once the batch being written has been written (or has failed).
    await writer.settled();
    throw err;
  }
  await writer.flush();
  total = done;
  report(true);
  ctx.kept.count += writer.kept.count;
  ctx.kept.texts.push(...writer.kept.texts.slice(0, KEPT_LISTED - ctx.kept.texts.length));
  return { id: source.id, label: source.label, read: done, added: writer.added, skipped: writer.skipped, updated: writer.updated };
}

const KEPT_LISTED = 50;

/** Imports these sources (the starter library, the full corpus, or a test's own texts) with the site content. */
export async function importSources(db: Db, sources: Source[], opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const { editorId } = await ensureSiteContent(db, now);
  const catalog = await ensureCatalog(db);
  const results = [];
  const seen = new Set<string>();
  const keys = new Set<string>();
  const kept: ImportSummary['kept'] = { count: 0, texts: [] };
  for (const source of sources) {
    results.push(
      await importSource(db, source, {
        editorId,
        catalog,
        now,
        batchSize: opts.batchSize ?? DEFAULT_BATCH_SIZE,
        onProgress: opts.onProgress,
        seen,
        keys,
        kept,
        withoutSignatures: opts.withoutSignatures,
      }),
    );
  }
  await linkUsedTags(db);
  await refreshImportCounts(db, editorId);
  // The corpus's own notes (通假, 一作, 某本作, 幽梦影's 评) and the starter 注释 and 译文 become notes.
  await importNotes(db);
  if (opts.authors) await importAuthorRecords(db, opts.authors);
  return {
    added: results.reduce((n, r) => n + r.added, 0),
    skipped: results.reduce((n, r) => n + r.skipped, 0),
    updated: results.reduce((n, r) => n + r.updated, 0),
    kept,
    seconds: (performance.now() - started) / 1000,
    sources: results,
  };
}

/** The records of the authors the published texts cite, as profiles (decision 0020). */
export async function importAuthorRecords(
  db: Db,
  records: AuthorRecord[] | ((cited: ReadonlySet<string>) => AuthorRecord[]),
): Promise<number> {
  const cited = await citedAuthors(db);
  const kept = placeRecords(typeof records === 'function' ? records(new Set(cited.keys())) : records, cited);
  await upsertAuthorProfiles(db, kept);
  return kept.length;
}

/**
 * The starter library (docs/rules.md#starter-library: several thousand texts) with demo users and site content, and its leaderboards:
 * a first start's 排行榜 is full from its first page, as the rankings jobs wait for the start to settle
 * (jobs/scheduler.ts).
 */
export async function importStarter(db: Db, opts: ImportOptions = {}): Promise<ImportSummary> {
  const summary = await importSources(db, starterSources(), { authors: starterAuthorRecords, ...opts });
  const at = opts.now ?? new Date();
  // Before any reader is served (a first start's import): no rest between chunks.
  for (const period of PERIODS) await refreshRanking(db, period, at, { share: 1 });
  return summary;
}

/** The whole corpus (300,000+ texts), streamed file by file; includes the starter library. */
export function importFullCorpus(db: Db, opts: ImportOptions = {}): Promise<ImportSummary> {
  return importSources(db, fullSources(), { authors: fullAuthorRecords, ...opts });
}

/** First start of an empty database: load the starter library. Returns whether it did. */
export async function seedIfEmpty(db: Db, log: ImportLogger, opts: ImportOptions = {}): Promise<boolean> {
  if (!(await noUsers(db))) return false;
  log.info({}, '数据库为空，正在载入入门内容库 (loading the starter library)');
  const summary = await importStarter(db, opts);
  log.info({ added: summary.added, seconds: Number(summary.seconds.toFixed(1)) }, '入门内容库已载入 (starter library loaded)');
  return true;
}
