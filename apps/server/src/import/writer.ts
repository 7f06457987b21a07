/**
 * Batched, idempotent inserts: one multi-row INSERT per batch, ON CONFLICT (import key) DO NOTHING,
 * and the tag links and dated engagement of exactly the rows that were new, all in one transaction.
 */
import type { Db } from '../db/client.js';
import { insertEngagement, insertEssays, insertEssayTags, type EssayInsert } from './statements.js';
import { SEARCH_VERSION, searchVectorOf } from '../lib/search.js';
import type { PreparedEssay } from './texts.js';

/** 500 rows × 19 parameters stays far below PostgreSQL's 65,535 bind parameters. */
export const DEFAULT_BATCH_SIZE = 500;

export class EssayWriter {
  private batch: PreparedEssay[] = [];
  added = 0;
  skipped = 0;

  constructor(
    private readonly db: Db,
    private readonly authorId: number,
    private readonly batchSize = DEFAULT_BATCH_SIZE,
  ) {}

  async add(essay: PreparedEssay): Promise<void> {
    this.batch.push(essay);
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    const rows = this.batch;
    this.batch = [];
    if (rows.length === 0) return;
    const inserted = await this.db.transaction(async (tx) => {
      const created = await insertEssays(
        tx,
        rows.map((r) => this.toRow(r)),
      );
      const links = tagLinks(rows, created);
      if (links.length > 0) await insertEssayTags(tx, links);
      const moments = momentRows(rows, created);
      // A few thousand rows of 5 parameters per statement.
      for (let i = 0; i < moments.length; i += 5000) await insertEngagement(tx, moments.slice(i, i + 5000));
      return created.length;
    });
    this.added += inserted;
    this.skipped += rows.length - inserted;
  }

  private toRow(r: PreparedEssay): EssayInsert {
    return {
      type: r.type,
      title: r.title,
      content: r.content,
      summary: r.summary,
      source: r.source,
      authorId: this.authorId,
      classificationId: r.classificationId,
      status: 'published',
      views: r.views,
      likes: r.likes,
      collects: r.collects,
      comments: 0,
      imitations: 0,
      hotScore: r.hotScore,
      importKey: r.importKey,
      workAuthor: r.workAuthor,
      dynasty: r.dynasty,
      workTitle: r.workTitle,
      searchVector: searchVectorOf(r.search),
      searchVersion: SEARCH_VERSION,
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
