/**
 * Tags in the console (classifications: classifications/admin.ts). Tags have two levels; a tag's letter is computed from its name's
 * pinyin on every write; first-level tags are linked to classifications. A classification still used by
 * texts cannot be deleted; merging a tag moves its texts, interests, children and links to the other one.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { classifications, classificationTagRel, essays, essayTags, interests, tags } from '../../db/schema.js';
import { invalid, notFound } from '../../http/errors.js';
import { tagLetter } from '../../lib/text.js';
import { tagColumns } from './queries.js';
import { forgetLists } from '../essays/cache.js';
import type { Tx } from '../essays/queries.js';
import { audited, type Actor } from '../audit/service.js';

type Exec = Db | Tx;


const tagCols = {
  ...tagColumns,
  classificationIds: sql<
    number[]
  >`coalesce((select array_agg(${classificationTagRel.classificationId} order by ${classificationTagRel.classificationId}) from ${classificationTagRel} where ${classificationTagRel.tagId} = ${tags.id}), '{}')`,
  childCount: sql<number>`(select count(*)::int from ${tags} c where c.parent_id = ${tags.id})`,
};

const normaliseTag = <T extends { classificationIds: number[] }>(t: T) => ({ ...t, classificationIds: t.classificationIds.map(Number) });

export async function listTags(db: Exec) {
  const rows = await db
    .select(tagCols)
    .from(tags)
    .orderBy(sql`${tags.parentId} nulls first`, asc(tags.sort), asc(tags.id));
  return rows.map(normaliseTag);
}

async function oneTag(db: Exec, id: number) {
  const [row] = await db.select(tagCols).from(tags).where(eq(tags.id, id));
  if (!row) throw notFound('标签不存在');
  return normaliseTag(row);
}

type TagBody = CallParsed<'adminCreateTag'>['body'];

/** The rules of a tag write: the parent is a first-level tag, names are unique among siblings, links exist. */
async function checkTag(tx: Tx, body: TagBody, self?: Awaited<ReturnType<typeof oneTag>>) {
  if (body.parentId !== null) {
    if (self && body.parentId === self.id) throw invalid('parentId 不能以自己为上级');
    const [parent] = await tx.select({ parentId: tags.parentId }).from(tags).where(eq(tags.id, body.parentId));
    if (!parent) throw invalid('parentId 上级标签不存在');
    if (parent.parentId !== null) throw invalid('parentId 只能挂在一级标签下（标签只有两级）');
    if (self && self.childCount > 0) throw invalid('parentId 该标签下还有二级标签，不能改为二级标签');
    if (body.classificationIds.length) throw invalid('classificationIds 二级标签随其一级标签归属分类，不能单独关联');
  }
  const [dup] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(eq(tags.name, body.name), sql`coalesce(${tags.parentId}, 0) = ${body.parentId ?? 0}`, self ? ne(tags.id, self.id) : undefined),
    );
  if (dup) throw invalid('name 同一级下已有同名标签');
  const ids = [...new Set(body.classificationIds)];
  if (ids.length) {
    const found = await tx.select({ id: classifications.id }).from(classifications).where(inArray(classifications.id, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw invalid(`classificationIds 分类不存在：${missing.join(', ')}`);
  }
  return ids;
}

async function linkClassifications(tx: Tx, tagId: number, classificationIds: number[]) {
  await tx.delete(classificationTagRel).where(eq(classificationTagRel.tagId, tagId));
  if (classificationIds.length)
    await tx.insert(classificationTagRel).values(classificationIds.map((classificationId) => ({ classificationId, tagId })));
}

export async function createTag(db: Db, actor: NonNullable<Actor>, body: TagBody) {
  const id = await audited(
    db,
    actor,
    (newId: number) => ({ action: 'tag.create', targetType: 'tag', targetId: newId, summary: body }),
    async (tx) => {
      const links = await checkTag(tx, body);
      const [row] = await tx
        .insert(tags)
        .values({ name: body.name, parentId: body.parentId, sort: body.sort, letter: tagLetter(body.name) })
        .returning({ id: tags.id });
      await linkClassifications(tx, row!.id, links);
      return row!.id;
    },
  );
  return oneTag(db, id);
}

export async function updateTag(db: Db, actor: NonNullable<Actor>, id: number, body: TagBody) {
  await audited(db, actor, { action: 'tag.update', targetType: 'tag', targetId: id, summary: body }, async (tx) => {
    const self = await oneTag(tx, id);
    const links = await checkTag(tx, body, self);
    await tx
      .update(tags)
      .set({ name: body.name, parentId: body.parentId, sort: body.sort, letter: tagLetter(body.name) })
      .where(eq(tags.id, id));
    await linkClassifications(tx, id, links);
  });
  forgetLists();
  return oneTag(db, id);
}

export async function deleteTag(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'tag.delete', targetType: 'tag', targetId: id }, async (tx) => {
    const t = await oneTag(tx, id);
    // Children, text links, interests and classification links go with it (foreign keys cascade).
    await tx.delete(tags).where(eq(tags.id, t.id));
  });
  forgetLists();
  return { ok: true as const };
}

/** The exact number of published texts carrying a tag, recomputed after a merge. */
async function recountTag(tx: Tx, id: number) {
  await tx.execute(sql`update ${tags} set essay_count = (
    select count(*)::int from ${essayTags} et join ${essays} e on e.id = et.essay_id where et.tag_id = ${id} and e.status = 'published')
    where id = ${id}`);
}

export async function mergeTag(db: Db, actor: NonNullable<Actor>, id: number, intoId: number) {
  await audited(
    db,
    actor,
    (moved: Record<string, unknown>) => ({ action: 'tag.merge', targetType: 'tag', targetId: id, summary: { intoId, ...moved } }),
    async (tx) => {
      if (id === intoId) throw invalid('intoId 不能合并到自己');
      const from = await oneTag(tx, id);
      const into = await oneTag(tx, intoId).catch(() => {
        throw invalid('intoId 目标标签不存在');
      });
      if (into.parentId === from.id) throw invalid('intoId 不能合并到自己的二级标签');
      if (from.childCount > 0) {
        if (into.parentId !== null) throw invalid('intoId 有二级标签的标签只能合并到一级标签');
        const clash = await tx.execute(sql`select c.name from ${tags} c join ${tags} d on d.name = c.name and d.parent_id = ${intoId}
          where c.parent_id = ${id}`);
        if (clash.rows.length)
          throw invalid(`intoId 两个标签下有同名二级标签：${clash.rows.map((r) => String((r as { name: string }).name)).join('、')}`);
        await tx.update(tags).set({ parentId: intoId }).where(eq(tags.parentId, id));
      }
      const texts = await tx.execute(sql`insert into ${essayTags} (essay_id, tag_id) select essay_id, ${intoId} from ${essayTags}
        where tag_id = ${id} on conflict do nothing returning essay_id`);
      await tx.execute(sql`insert into ${interests} (user_id, tag_id) select user_id, ${intoId} from ${interests}
        where tag_id = ${id} on conflict do nothing`);
      if (into.parentId === null)
        await tx.execute(sql`insert into ${classificationTagRel} (classification_id, tag_id, sort)
          select classification_id, ${intoId}, sort from ${classificationTagRel} where tag_id = ${id} on conflict do nothing`);
      await tx.delete(tags).where(eq(tags.id, id));
      await recountTag(tx, intoId);
      return { name: from.name, into: into.name, texts: texts.rows.length, children: from.childCount };
    },
  );
  forgetLists();
  return oneTag(db, intoId);
}
