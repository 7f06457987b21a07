/** Reads for sitemaps: keyset walks by primary key, a few thousand rows per statement, never the whole table. */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { announcements, classifications, essays } from '../../db/schema.js';

/** Published texts with after < id ≤ upTo, in id order, at most `limit`. */
export function publishedIdsAfter(db: Db, after: number, upTo: number, limit: number) {
  return db
    .select({ id: essays.id, updatedAt: essays.updatedAt })
    .from(essays)
    .where(and(gt(essays.id, after), lte(essays.id, upTo), eq(essays.status, 'published')))
    .orderBy(asc(essays.id))
    .limit(limit);
}

export function activeClassifications(db: Db) {
  return db
    .select({ id: classifications.id })
    .from(classifications)
    .where(eq(classifications.status, 'active'))
    .orderBy(asc(classifications.sort), asc(classifications.id));
}

/** Published announcements after an id, in id order. */
export function announcementsAfter(db: Db, after: number, limit: number) {
  return db
    .select({ id: announcements.id, updatedAt: announcements.publishedAt })
    .from(announcements)
    .where(and(gt(announcements.id, after), sql`${announcements.publishedAt} <= now()`))
    .orderBy(asc(announcements.id))
    .limit(limit);
}
