import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Exec, Tx } from '../../db/client.js';
import { aliased, columnNames } from '../../db/names.js';
import { classificationTagRel, classifications, essays, essayTags, interests, tags } from '../../db/schema.js';
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

const child = alias(tags, 'c');

/** A tag as the console sees it: its classification links and how many second-level tags it has. */
const consoleColumns = {
  ...tagColumns,
  classificationIds: sql<
    number[]
  >`coalesce((select array_agg(${classificationTagRel.classificationId} order by ${classificationTagRel.classificationId}) from ${classificationTagRel} where ${classificationTagRel.tagId} = ${tags.id}), '{}')`,
  childCount: sql<number>`(select count(*)::int from ${aliased(child)} where ${child.parentId} = ${tags.id})`,
};

export function listAll(db: Exec) {
  return db
    .select(consoleColumns)
    .from(tags)
    .orderBy(sql`${tags.parentId} nulls first`, asc(tags.sort), asc(tags.id));
}

export async function findAny(db: Exec, id: number) {
  const [row] = await db.select(consoleColumns).from(tags).where(eq(tags.id, id));
  return row;
}

export async function parentOf(tx: Exec, id: number) {
  const [parent] = await tx.select({ parentId: tags.parentId }).from(tags).where(eq(tags.id, id));
  return parent;
}

/** Whether a sibling (same parent, or both first-level) already has this name. */
export async function siblingNamed(tx: Exec, name: string, parentId: number | null, exceptId?: number): Promise<boolean> {
  const [dup] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.name, name), sql`coalesce(${tags.parentId}, 0) = ${parentId ?? 0}`, exceptId ? ne(tags.id, exceptId) : undefined));
  return !!dup;
}

export async function existingClassificationIds(tx: Exec, ids: number[]): Promise<number[]> {
  const found = await tx.select({ id: classifications.id }).from(classifications).where(inArray(classifications.id, ids));
  return found.map((f) => f.id);
}

export async function linkClassifications(tx: Tx, tagId: number, classificationIds: number[]) {
  await tx.delete(classificationTagRel).where(eq(classificationTagRel.tagId, tagId));
  if (classificationIds.length)
    await tx.insert(classificationTagRel).values(classificationIds.map((classificationId) => ({ classificationId, tagId })));
}

export type TagValues = Pick<typeof tags.$inferInsert, 'name' | 'parentId' | 'sort' | 'letter'>;

export async function insertTag(tx: Exec, values: TagValues): Promise<number> {
  const [row] = await tx.insert(tags).values(values).returning({ id: tags.id });
  return row!.id;
}

export async function updateTag(tx: Exec, id: number, values: TagValues) {
  await tx.update(tags).set(values).where(eq(tags.id, id));
}

/** Children, text links, interests and classification links go with it (foreign keys cascade). */
export async function deleteTag(tx: Exec, id: number) {
  await tx.delete(tags).where(eq(tags.id, id));
}

/** Names of second-level tags that both parents have. */
export async function clashingChildren(tx: Exec, fromId: number, intoId: number): Promise<string[]> {
  const other = alias(tags, 'd');
  const rows = await tx
    .select({ name: tags.name })
    .from(tags)
    .innerJoin(other, and(eq(other.name, tags.name), eq(other.parentId, intoId)))
    .where(eq(tags.parentId, fromId));
  return rows.map((r) => r.name);
}

export async function moveChildren(tx: Exec, fromId: number, intoId: number) {
  await tx.update(tags).set({ parentId: intoId }).where(eq(tags.parentId, fromId));
}

/** Gives `intoId` the texts and interests of `fromId` (and, for a first-level tag, its classifications); answers how many texts it gained. */
export async function copyLinks(tx: Tx, fromId: number, intoId: number, classificationsToo: boolean): Promise<number> {
  const texts = await tx.execute(sql`insert into ${essayTags} (${columnNames(essayTags.essayId, essayTags.tagId)})
    select ${essayTags.essayId}, ${intoId} from ${essayTags} where ${essayTags.tagId} = ${fromId}
    on conflict do nothing returning ${essayTags.essayId}`);
  await tx.execute(sql`insert into ${interests} (${columnNames(interests.userId, interests.tagId)})
    select ${interests.userId}, ${intoId} from ${interests} where ${interests.tagId} = ${fromId} on conflict do nothing`);
  if (classificationsToo)
    await tx.execute(sql`insert into ${classificationTagRel} (${columnNames(classificationTagRel.classificationId, classificationTagRel.tagId, classificationTagRel.sort)})
      select ${classificationTagRel.classificationId}, ${intoId}, ${classificationTagRel.sort} from ${classificationTagRel}
      where ${classificationTagRel.tagId} = ${fromId} on conflict do nothing`);
  return texts.rows.length;
}

/** The exact number of published texts carrying a tag, recomputed after a merge. */
export async function recountTag(tx: Exec, id: number) {
  await tx
    .update(tags)
    .set({
      essayCount: sql`(select count(*)::int from ${essayTags} join ${essays} on ${essays.id} = ${essayTags.essayId}
        where ${essayTags.tagId} = ${id} and ${essays.status} = 'published')`,
    })
    .where(eq(tags.id, id));
}
