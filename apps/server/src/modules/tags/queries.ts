import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classificationTagRel, classifications, tags } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';

/** A tag as the public sees it (shared with the console's tag list). */
export const tagColumns = {
  id: tags.id,
  name: tags.name,
  parentId: tags.parentId,
  letter: tags.letter,
  sort: tags.sort,
  essayCount: tags.essayCount,
};

export async function classificationExists(db: Db, id: number) {
  const rows = await db
    .select({ id: classifications.id })
    .from(classifications)
    .where(and(eq(classifications.id, id), eq(classifications.status, 'active')))
    .limit(1);
  return rows.length > 0;
}

export async function firstLevelTagsOf(db: Db, classificationId: number, limit: number, offset: number) {
  const where = and(eq(classificationTagRel.classificationId, classificationId), isNull(tags.parentId));
  const { rows: list, ...total } = await withTotal(
    db
      .select(tagColumns)
      .from(tags)
      .innerJoin(classificationTagRel, eq(classificationTagRel.tagId, tags.id))
      .where(where)
      .orderBy(asc(classificationTagRel.sort), asc(tags.sort), asc(tags.id))
      .limit(limit)
      .offset(offset),
    countUpTo(
      db,
      db.select(one).from(tags).innerJoin(classificationTagRel, eq(classificationTagRel.tagId, tags.id)).where(where).$dynamic(),
    ),
  );
  return { list, ...total };
}

export async function findTag(db: Db, id: number) {
  const rows = await db.select(tagColumns).from(tags).where(eq(tags.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function childTagsOf(db: Db, parentId: number, limit: number, offset: number) {
  const where = eq(tags.parentId, parentId);
  const { rows: list, ...total } = await withTotal(
    db.select(tagColumns).from(tags).where(where).orderBy(asc(tags.sort), asc(tags.id)).limit(limit).offset(offset),
    countUpTo(db, db.select(one).from(tags).where(where).$dynamic()),
  );
  return { list, ...total };
}

/** All tags (both levels), or those of one classification (its first-level tags and their children). */
export async function tagsForIndex(db: Db, classificationId?: number) {
  if (classificationId === undefined) return db.select(tagColumns).from(tags).orderBy(asc(tags.letter), asc(tags.name));
  const firstIds = db
    .select({ id: classificationTagRel.tagId })
    .from(classificationTagRel)
    .where(eq(classificationTagRel.classificationId, classificationId));
  return db
    .select(tagColumns)
    .from(tags)
    .where(sql`${tags.id} in ${firstIds} or ${tags.parentId} in ${firstIds}`)
    .orderBy(asc(tags.letter), asc(tags.name));
}

/** Names of these tags (for the search vector of a text carrying them). */
export async function tagNames(db: Db, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db.select({ name: tags.name }).from(tags).where(inArray(tags.id, ids))).map((r) => r.name);
}

export async function existingTagIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  return rows.map((r) => r.id);
}
