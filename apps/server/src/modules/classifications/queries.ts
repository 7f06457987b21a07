import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../db/client.js';
import { classifications, classificationTagRel, essays } from '../../db/schema.js';
import { countUpTo, one, withTotal } from '../../lib/paging.js';

const columns = {
  id: classifications.id,
  name: classifications.name,
  description: classifications.description,
  cover: classifications.cover,
  sort: classifications.sort,
  essayCount: classifications.essayCount,
  tagCount: sql<number>`(select count(*)::int from ${classificationTagRel} where ${classificationTagRel.classificationId} = ${classifications.id})`,
};

const visible = eq(classifications.status, 'active');

export async function pageClassifications(db: Db, limit: number, offset: number) {
  const { rows: list, ...total } = await withTotal(
    db
      .select(columns)
      .from(classifications)
      .where(visible)
      .orderBy(asc(classifications.sort), asc(classifications.id))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(classifications).where(visible).$dynamic()),
  );
  return { list, ...total };
}

export async function findClassification(db: Db, id: number) {
  const rows = await db
    .select(columns)
    .from(classifications)
    .where(and(visible, eq(classifications.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** What the console shows of a classification: hidden ones too, with its first-level tags in their order. */
const consoleColumns = {
  id: classifications.id,
  name: classifications.name,
  description: classifications.description,
  cover: classifications.cover,
  sort: classifications.sort,
  status: classifications.status,
  essayCount: classifications.essayCount,
  tagIds: sql<
    number[]
  >`coalesce((select array_agg(${classificationTagRel.tagId} order by ${classificationTagRel.sort}, ${classificationTagRel.tagId}) from ${classificationTagRel} where ${classificationTagRel.classificationId} = ${classifications.id}), '{}')`,
};

export function listAll(db: Exec) {
  return db.select(consoleColumns).from(classifications).orderBy(asc(classifications.sort), asc(classifications.id));
}

export async function findAny(db: Exec, id: number) {
  const [row] = await db.select(consoleColumns).from(classifications).where(eq(classifications.id, id));
  return row;
}

/** Whether another classification already has this name. */
export async function nameTaken(db: Exec, name: string, exceptId?: number): Promise<boolean> {
  const [dup] = await db
    .select({ id: classifications.id })
    .from(classifications)
    .where(and(eq(classifications.name, name), exceptId ? ne(classifications.id, exceptId) : undefined));
  return !!dup;
}

export type ClassificationValues = Pick<typeof classifications.$inferInsert, 'name' | 'description' | 'cover' | 'sort' | 'status'>;

export async function insertClassification(tx: Exec, values: ClassificationValues): Promise<number> {
  const [row] = await tx.insert(classifications).values(values).returning({ id: classifications.id });
  return row!.id;
}

export async function updateClassification(tx: Exec, id: number, values: ClassificationValues) {
  await tx.update(classifications).set(values).where(eq(classifications.id, id));
}

/** Texts (not deleted) filed under the classification. */
export async function countTexts(tx: Exec, id: number): Promise<number> {
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(essays)
    .where(and(eq(essays.classificationId, id), ne(essays.status, 'deleted')));
  return used?.n ?? 0;
}

export async function deleteClassification(tx: Exec, id: number) {
  await tx.delete(classifications).where(eq(classifications.id, id));
}
