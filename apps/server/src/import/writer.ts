/**
 * Batched, idempotent inserts: one multi-row INSERT per batch, ON CONFLICT (import key) DO NOTHING,
 * and the tag links and dated engagement of exactly the rows that were new, all in one transaction.
 *
 * A text already stored is compared with what the importer would write now: one whose displayed fields still have the
 * digest the importer wrote (import_hash) is the importer's, and is rewritten when its text changed; one an editor
 * changed since is left as it is and reported (`kept`). Rows from before digests were kept count as the importer's
 * while nobody has touched them (updated_at still equals created_at, as the importer writes them).
 */
import type { Db, Tx } from '../db/client.js';
import {
  adoptImportedTexts,
  aliasedKeys,
  importedTexts,
  insertEngagement,
  insertEssays,
  insertEssayTags,
  rewriteImportedText,
  type EssayInsert,
} from './statements.js';
import { SEARCH_VERSION, searchVectorOf } from '../lib/search.js';
import { importDigest, type PreparedEssay } from './texts.js';
import { reanchorNotes } from '../modules/notes/index.js';
import { reanchorHighlights } from '../modules/highlights/index.js';
import { saveSignatures } from '../modules/duplicates/index.js';

/** A stored text an editor changed since the import, which a later run leaves alone. */
export interface KeptText {
  id: number;
  importKey: string;
  title: string | null;
}

/** How many kept texts are listed by name (all are counted). */
const KEPT_LISTED = 50;

/** 500 rows × 19 parameters stays far below PostgreSQL's 65,535 bind parameters. */
export const DEFAULT_BATCH_SIZE = 500;

/** What the importer displays of a text (and its search document): written on insert, and on a rewrite of its own text. */
function displayedFields(r: PreparedEssay) {
  return {
    type: r.type,
    title: r.title,
    content: r.content,
    summary: r.summary,
    source: r.source,
    workAuthor: r.workAuthor,
    dynasty: r.dynasty,
    workTitle: r.workTitle,
    sourceNotes: r.sourceNotes,
    tones: r.tones,
    provenance: r.provenance,
    originalTitle: r.originalTitle,
    originalContent: r.originalContent,
    importHash: r.importHash,
    searchVector: searchVectorOf(r.search),
    searchVersion: SEARCH_VERSION,
  };
}

export class EssayWriter {
  private batch: PreparedEssay[] = [];
  added = 0;
  skipped = 0;
  /** Stored texts rewritten with what the importer displays now. */
  updated = 0;
  kept = { count: 0, texts: [] as KeptText[] };

  constructor(
    private readonly db: Db,
    private readonly authorId: number,
    private readonly batchSize = DEFAULT_BATCH_SIZE,
    /**
     * Import keys this run has written or compared already, across its sources: a later text with the same key (the
     * same poem in a second collection, 千家诗's 春眠 after 唐诗三百首's 春晓) is a duplicate to skip, not a newer
     * version to rewrite the first with.
     */
    private readonly seen = new Set<string>(),
  ) {}

  /**
   * The batch being written. Batches are written one after another, but the next one is read and prepared (Simplified
   * text, signature, tones, search words: the importer's own work) while the database writes this one.
   */
  private writing: Promise<void> = Promise.resolve();

  async add(essay: PreparedEssay): Promise<void> {
    this.batch.push(essay);
    if (this.batch.length < this.batchSize) return;
    await this.writing;
    this.writing = this.write(this.take());
    // Its failure is thrown where it is awaited next (add or flush), not reported as unhandled meanwhile.
    this.writing.catch(() => {});
  }

  /** Writes what is left and waits until every batch is written. */
  async flush(): Promise<void> {
    await this.writing;
    await this.write(this.take());
  }

  /** Once no batch is being written, however the last one ended. */
  settled(): Promise<void> {
    return this.writing.catch(() => {});
  }

  private take(): PreparedEssay[] {
    const batch = this.batch;
    this.batch = [];
    return batch;
  }

  private async write(batch: PreparedEssay[]): Promise<void> {
    if (batch.length === 0) return;
    const result = await this.db.transaction(async (tx) => {
      // A key an editor merged into another text stays merged: the importer does not bring the text back.
      const aliased = await aliasedKeys(
        tx,
        batch.map((r) => r.importKey),
      );
      const rows = aliased.size > 0 ? batch.filter((r) => !aliased.has(r.importKey)) : batch;
      if (rows.length === 0) return { inserted: 0, changed: 0 };
      const created = await insertEssays(
        tx,
        rows.map((r) => this.toRow(r)),
      );
      const signatures = signatureRows(rows, created);
      if (signatures.length > 0) await saveSignatures(tx, signatures);
      const links = tagLinks(rows, created);
      if (links.length > 0) await insertEssayTags(tx, links);
      const moments = momentRows(rows, created);
      // A few thousand rows of 5 parameters per statement.
      for (let i = 0; i < moments.length; i += 5000) await insertEngagement(tx, moments.slice(i, i + 5000));
      const createdKeys = new Set(created.map((c) => c.importKey));
      const firsts = new Map<string, PreparedEssay>();
      for (const r of rows)
        if (!createdKeys.has(r.importKey) && !this.seen.has(r.importKey) && !firsts.has(r.importKey)) firsts.set(r.importKey, r);
      for (const r of rows) this.seen.add(r.importKey);
      const changed = firsts.size > 0 ? await this.reconcile(tx, [...firsts.values()]) : 0;
      return { inserted: created.length, changed };
    });
    this.added += result.inserted;
    this.skipped += batch.length - result.inserted - result.changed;
  }

  /** Rewrites the stored texts the importer owns whose text changed, and sets aside those an editor changed. */
  private async reconcile(tx: Tx, rows: PreparedEssay[]): Promise<number> {
    const stored = new Map(
      (
        await importedTexts(
          tx,
          rows.map((r) => r.importKey),
        )
      ).map((s) => [s.importKey!, s]),
    );
    const adopt: Parameters<typeof adoptImportedTexts>[1] = [];
    let changed = 0;
    for (const r of rows) {
      const s = stored.get(r.importKey);
      if (!s) continue;
      const current = importDigest(s);
      if (current === r.importHash) {
        // Already what the importer displays: record its digest and notes if they are missing or older.
        if (
          s.importHash !== r.importHash ||
          JSON.stringify(s.sourceNotes ?? null) !== JSON.stringify(r.sourceNotes) ||
          s.provenance !== r.provenance ||
          s.tones !== r.tones ||
          s.hasOriginal !== (r.originalContent !== null)
        )
          adopt.push({
            id: s.id,
            importHash: r.importHash,
            sourceNotes: r.sourceNotes,
            tones: r.tones,
            provenance: r.provenance,
            originalTitle: r.originalTitle,
            originalContent: r.originalContent,
          });
        continue;
      }
      const owned = s.importHash !== null ? s.importHash === current : s.updatedAt.getTime() === s.createdAt.getTime();
      changed++;
      if (owned) {
        await rewriteImportedText(tx, s.id, displayedFields(r));
        if (r.signature) await saveSignatures(tx, [{ essayId: s.id, signature: r.signature }]);
        if (r.content !== s.content) {
          await reanchorNotes(tx, s.id, r);
          await reanchorHighlights(tx, s.id, r);
        }
        this.updated++;
      } else {
        this.kept.count++;
        if (this.kept.texts.length < KEPT_LISTED) this.kept.texts.push({ id: s.id, importKey: r.importKey, title: s.title });
      }
    }
    await adoptImportedTexts(tx, adopt);
    return changed;
  }

  private toRow(r: PreparedEssay): EssayInsert {
    return {
      ...displayedFields(r),
      authorId: this.authorId,
      classificationId: r.classificationId,
      status: 'published',
      views: r.views,
      likes: r.likes,
      likeWeight: r.likes,
      collects: r.collects,
      comments: 0,
      imitations: 0,
      hotScore: r.hotScore,
      importKey: r.importKey,
      createdAt: r.publishedAt,
      updatedAt: r.publishedAt,
      publishedAt: r.publishedAt,
    };
  }
}

/** Tag links for the rows just created; a key seen twice in one batch keeps its first tags, like its row. */
function tagLinks(rows: readonly PreparedEssay[], created: readonly { id: number; importKey: string | null }[]) {
  const tagsByKey = new Map<string, readonly number[]>();
  for (const r of rows) if (!tagsByKey.has(r.importKey)) tagsByKey.set(r.importKey, r.tagIds);
  return created.flatMap(({ id, importKey }) => [...new Set(tagsByKey.get(importKey!) ?? [])].map((tagId) => ({ essayId: id, tagId })));
}

/** The dated engagement of the rows just created (a key seen twice in one batch keeps its first, like its row). */
function momentRows(rows: readonly PreparedEssay[], created: readonly { id: number; importKey: string | null }[]) {
  const byKey = new Map<string, PreparedEssay['moments']>();
  for (const r of rows) if (!byKey.has(r.importKey)) byKey.set(r.importKey, r.moments);
  return created.flatMap(({ id, importKey }) => (byKey.get(importKey!) ?? []).map((m) => ({ essayId: id, ...m })));
}

/**
 * The signatures of the rows just created (a key seen twice in one batch keeps its first, like its row); none in an
 * import without signatures.
 */
function signatureRows(rows: readonly PreparedEssay[], created: readonly { id: number; importKey: string | null }[]) {
  const byKey = new Map<string, PreparedEssay['signature']>();
  for (const r of rows) if (!byKey.has(r.importKey)) byKey.set(r.importKey, r.signature);
  return created.flatMap(({ id, importKey }) => {
    const signature = byKey.get(importKey!);
    return signature ? [{ essayId: id, signature }] : [];
  });
}
