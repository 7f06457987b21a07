/**
 * Tags in the console (classifications: classifications/admin.ts). Tags have two levels; a tag's letter is computed from its name's
 * pinyin on every write; first-level tags are linked to classifications. A classification still used by
 * texts cannot be deleted; merging a tag moves its texts, interests, children and links to the other one.
 */
import type { CallParsed } from '@shiju/contract';
import type { Db, Exec, Tx } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { tagLetter } from '../../lib/text.js';
import * as queries from './queries.js';
import { forgetLists, type Broadcast } from '../../lib/broadcast.js';
import { audited, type Actor } from '../audit/index.js';

const normaliseTag = <T extends { classificationIds: number[] }>(t: T) => ({ ...t, classificationIds: t.classificationIds.map(Number) });

export async function listTags(db: Exec) {
  const rows = await queries.listAll(db);
  return rows.map(normaliseTag);
}

async function oneTag(db: Exec, id: number) {
  const row = await queries.findAny(db, id);
  if (!row) throw notFound('标签不存在');
  return normaliseTag(row);
}

type TagBody = CallParsed<'adminCreateTag'>['body'];

/** The rules of a tag write: the parent is a first-level tag, names are unique among siblings, links exist. */
async function checkTag(tx: Tx, body: TagBody, self?: Awaited<ReturnType<typeof oneTag>>) {
  if (body.parentId !== null) {
    if (self && body.parentId === self.id) throw invalid('parentId 不能以自己为上级');
    const parent = await queries.parentOf(tx, body.parentId);
    if (!parent) throw invalid('parentId 上级标签不存在');
    if (parent.parentId !== null) throw invalid('parentId 只能挂在一级标签下（标签只有两级）');
    if (self && self.childCount > 0) throw invalid('parentId 该标签下还有二级标签，不能改为二级标签');
    if (body.classificationIds.length) throw invalid('classificationIds 二级标签随其一级标签归属分类，不能单独关联');
  }
  if (await queries.siblingNamed(tx, body.name, body.parentId, self?.id)) throw invalid('name 同一级下已有同名标签');
  const ids = [...new Set(body.classificationIds)];
  if (ids.length) {
    const found = await queries.existingClassificationIds(tx, ids);
    const missing = ids.filter((id) => !found.includes(id));
    if (missing.length) throw invalid(`classificationIds 分类不存在：${missing.join(', ')}`);
  }
  return ids;
}

export async function createTag(db: Db, actor: NonNullable<Actor>, body: TagBody) {
  const id = await audited(
    db,
    actor,
    (newId: number) => ({ action: 'tag.create', targetType: 'tag', targetId: newId, summary: body }),
    async (tx) => {
      const links = await checkTag(tx, body);
      const id = await queries.insertTag(tx, { name: body.name, parentId: body.parentId, sort: body.sort, letter: tagLetter(body.name) });
      await queries.linkClassifications(tx, id, links);
      return id;
    },
  );
  return oneTag(db, id);
}

export async function updateTag(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number, body: TagBody) {
  await audited(db, actor, { action: 'tag.update', targetType: 'tag', targetId: id, summary: body }, async (tx) => {
    const self = await oneTag(tx, id);
    const links = await checkTag(tx, body, self);
    await queries.updateTag(tx, id, { name: body.name, parentId: body.parentId, sort: body.sort, letter: tagLetter(body.name) });
    await queries.linkClassifications(tx, id, links);
  });
  forgetLists(broadcast);
  return oneTag(db, id);
}

export async function deleteTag(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'tag.delete', targetType: 'tag', targetId: id }, async (tx) => {
    const t = await oneTag(tx, id);
    await queries.deleteTag(tx, t.id);
  });
  forgetLists(broadcast);
  return { ok: true as const };
}

export async function mergeTag(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number, intoId: number) {
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
        const clash = await queries.clashingChildren(tx, id, intoId);
        if (clash.length) throw invalid(`intoId 两个标签下有同名二级标签：${clash.join('、')}`);
        await queries.moveChildren(tx, id, intoId);
      }
      const texts = await queries.copyLinks(tx, id, intoId, into.parentId === null);
      await queries.deleteTag(tx, id);
      await queries.recountTag(tx, intoId);
      return { name: from.name, into: into.name, texts, children: from.childCount };
    },
  );
  forgetLists(broadcast);
  return oneTag(db, intoId);
}
