/**
 * Classifications and tags in the console. Tags have two levels; a tag's letter is computed from its name's
 * pinyin on every write; first-level tags are linked to classifications. A classification still used by
 * texts cannot be deleted; merging a tag moves its texts, interests, children and links to the other one.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { classifications, classificationTagRel, essays, essayTags, interests, tags } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { tagLetter } from '../../lib/text.js';
import { tagColumns } from '../tags/queries.js';
import { forgetLists } from '../essays/cache.js';
import type { Tx } from '../essays/queries.js';
import { audited, type Actor } from '../audit/service.js';

type Exec = Db | Tx;


const classificationCols = {
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

const withTagCount = <T extends { tagIds: number[] }>(c: T) => ({ ...c, tagIds: c.tagIds.map(Number), tagCount: c.tagIds.length });

export async function listClassifications(db: Exec) {
  const rows = await db.select(classificationCols).from(classifications).orderBy(asc(classifications.sort), asc(classifications.id));
  return rows.map(withTagCount);
}

async function oneClassification(db: Exec, id: number) {
  const [row] = await db.select(classificationCols).from(classifications).where(eq(classifications.id, id));
  if (!row) throw notFound('分类不存在');
  return withTagCount(row);
}

async function refuseDuplicateName(db: Exec, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: classifications.id })
    .from(classifications)
    .where(and(eq(classifications.name, name), exceptId ? ne(classifications.id, exceptId) : undefined));
  if (dup) throw invalid('name 已有同名分类');
}

type ClassificationBody = CallParsed<'adminCreateClassification'>['body'];

export async function createClassification(db: Db, actor: NonNullable<Actor>, body: ClassificationBody) {
  const id = await audited(
    db,
    actor,
    (newId: number) => ({ action: 'classification.create', targetType: 'classification', targetId: newId, summary: body }),
    async (tx) => {
      await refuseDuplicateName(tx, body.name);
      const [row] = await tx
        .insert(classifications)
        .values({ ...body, cover: body.cover ?? null })
        .returning({ id: classifications.id });
      return row!.id;
    },
  );
  return oneClassification(db, id);
}

export async function updateClassification(db: Db, actor: NonNullable<Actor>, id: number, body: ClassificationBody) {
  await audited(db, actor, { action: 'classification.update', targetType: 'classification', targetId: id, summary: body }, async (tx) => {
    await oneClassification(tx, id);
    await refuseDuplicateName(tx, body.name, id);
    await tx
      .update(classifications)
      .set({ ...body, cover: body.cover ?? null })
      .where(eq(classifications.id, id));
  });
  forgetLists();
  return oneClassification(db, id);
}

export async function deleteClassification(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'classification.delete', targetType: 'classification', targetId: id }, async (tx) => {
    const c = await oneClassification(tx, id);
    const [used] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(essays)
      .where(and(eq(essays.classificationId, id), ne(essays.status, 'deleted')));
    if ((used?.n ?? 0) > 0) throw invalid(`id 仍有 ${used!.n} 篇作品属于“${c.name}”，请先把它们移到其他分类，或将分类设为隐藏`);
    await tx.delete(classifications).where(eq(classifications.id, id));
  });
  return { ok: true as const };
}

