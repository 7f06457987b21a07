/**
 * Classifications and tags in the console. Tags have two levels; a tag's letter is computed from its name's
 * pinyin on every write; first-level tags are linked to classifications. A classification still used by
 * texts cannot be deleted; merging a tag moves its texts, interests, children and links to the other one.
 */
import type { CallParsed } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import * as queries from './queries.js';
import { invalid, notFound } from '../../http/errors.js';
import { forgetLists, type Broadcast } from '../../lib/broadcast.js';
import { audited, type Actor } from '../audit/index.js';

const withTagCount = <T extends { tagIds: number[] }>(c: T) => ({ ...c, tagIds: c.tagIds.map(Number), tagCount: c.tagIds.length });

export async function listClassifications(db: Exec) {
  const rows = await queries.listAll(db);
  return rows.map(withTagCount);
}

async function oneClassification(db: Exec, id: number) {
  const row = await queries.findAny(db, id);
  if (!row) throw notFound('分类不存在');
  return withTagCount(row);
}

async function refuseDuplicateName(db: Exec, name: string, exceptId?: number) {
  if (await queries.nameTaken(db, name, exceptId)) throw invalid('name 已有同名分类');
}

type ClassificationBody = CallParsed<'adminCreateClassification'>['body'];

export async function createClassification(db: Db, actor: NonNullable<Actor>, body: ClassificationBody) {
  const id = await audited(
    db,
    actor,
    (newId: number) => ({ action: 'classification.create', targetType: 'classification', targetId: newId, summary: body }),
    async (tx) => {
      await refuseDuplicateName(tx, body.name);
      return queries.insertClassification(tx, { ...body, cover: body.cover ?? null });
    },
  );
  return oneClassification(db, id);
}

export async function updateClassification(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number, body: ClassificationBody) {
  await audited(db, actor, { action: 'classification.update', targetType: 'classification', targetId: id, summary: body }, async (tx) => {
    await oneClassification(tx, id);
    await refuseDuplicateName(tx, body.name, id);
    await queries.updateClassification(tx, id, { ...body, cover: body.cover ?? null });
  });
  forgetLists(broadcast);
  return oneClassification(db, id);
}

export async function deleteClassification(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(db, actor, { action: 'classification.delete', targetType: 'classification', targetId: id }, async (tx) => {
    const c = await oneClassification(tx, id);
    const used = await queries.countTexts(tx, id);
    if (used > 0) throw invalid(`id 仍有 ${used} 篇作品属于“${c.name}”，请先把它们移到其他分类，或将分类设为隐藏`);
    await queries.deleteClassification(tx, id);
  });
  return { ok: true as const };
}
