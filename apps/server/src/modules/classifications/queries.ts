import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { classifications, classificationTagRel } from '../../db/schema.js';
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
