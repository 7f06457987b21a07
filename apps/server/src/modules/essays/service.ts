import { eq } from 'drizzle-orm';
import { LIMITS, type CallParsed } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { essays } from '../../db/schema.js';
import type { UserRow } from '../../http/auth.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { charCount, htmlToText, isOwnUpload, sanitizeRichText, summarize } from '../../lib/html.js';
import { searchVectorOf } from '../../lib/search.js';
import { classificationExists, existingTagIds, findTag } from '../tags/queries.js';
import { presentEssay, presentEssays } from './presenter.js';
import { containsSensitive } from './sensitive.js';
import { forgetEssay, publicDetails, publicLists } from './cache.js';
import { recordView } from './views.js';
import * as q from './queries.js';
import { notify } from '../messages/service.js';
import { offsetOf } from '../../lib/paging.js';

type WriteBody = CallParsed<'createEssay'>['body'];

/** Validates and normalises an essay write: sanitised HTML for essays, plain text for sentences. */
async function prepare(db: Db, body: WriteBody, sensitiveFile?: string) {
  const title = body.title?.trim() || null;
  let content: string;
  let text: string;
  if (body.type === 'essay') {
    if (!title) throw invalid('title 美文需要标题');
    content = sanitizeRichText(body.content);
    text = htmlToText(content);
    if (charCount(text) > LIMITS.essayContentChars) throw invalid(`content 正文不能超过 ${LIMITS.essayContentChars} 字`);
  } else {
    content = body.content.replace(/\r\n/g, '\n').trim();
    text = content;
    if (charCount(text) > LIMITS.sentenceChars) throw invalid(`content 句子不能超过 ${LIMITS.sentenceChars} 字`);
  }
  if (!text) throw invalid('content 内容不能为空');
  if (body.cover && !isOwnUpload(body.cover)) throw invalid('cover 必须是本站上传的图片');
  if (!(await classificationExists(db, body.classificationId))) throw invalid('classificationId 分类不存在');
  const tagIds = [...new Set(body.tagIds ?? [])];
  const found = await existingTagIds(db, tagIds);
  const missing = tagIds.filter((id) => !found.includes(id));
  if (missing.length) throw invalid(`tagIds 标签不存在：${missing.join(', ')}`);
  const source = body.source?.trim() || null;
  const status =
    body.status === 'draft' ? ('draft' as const) : containsSensitive(`${title ?? ''} ${text} ${source ?? ''}`, sensitiveFile) ? ('pending' as const) : ('published' as const);
  return {
    fields: {
      type: body.type,
      title,
      content,
      summary: summarize(text),
      source,
      cover: body.cover || null,
      classificationId: body.classificationId,
      status,
      searchVector: searchVectorOf(`${title ?? ''} ${source ?? ''} ${text}`),
    },
    tagIds,
  };
}

/** A published imitation raises its original's count and tells the original's author. */
async function imitated(tx: q.Tx, originalId: number, imitatorId: number, imitationId: number) {
  await q.changeImitationCount(tx, originalId, 1);
  const original = await q.findEssay(tx, originalId);
  if (original) await notify(tx, { userId: original.authorId, type: 'imitate', actorId: imitatorId, essayId: imitationId });
}

async function editForm(db: Db, id: number) {
  const e = await q.findEssay(db, id);
  if (!e) throw notFound('作品不存在');
  const tags = (await q.tagsOfEssays(db, [id])).get(id) ?? [];
  return {
    id: e.id,
    type: e.type,
    title: e.title,
    content: e.content,
    source: e.source,
    cover: e.cover,
    classificationId: e.classificationId,
    tagIds: tags.map((t) => t.id),
    tags,
    imitateOf: e.imitateOf,
    status: e.status,
  };
}

export async function createEssay(db: Db, me: UserRow, body: WriteBody, sensitiveFile?: string) {
  const { fields, tagIds } = await prepare(db, body, sensitiveFile);
  if (body.imitateOf) {
    const original = await q.findEssay(db, body.imitateOf);
    if (!original || original.status !== 'published') throw invalid('imitateOf 原文不存在或未发布');
  }
  const id = await db.transaction(async (tx) => {
    const published = fields.status === 'published';
    const [row] = await tx
      .insert(essays)
      .values({ ...fields, authorId: me.id, imitateOf: body.imitateOf ?? null, publishedAt: published ? new Date() : null })
      .returning({ id: essays.id });
    await q.replaceTags(tx, row!.id, tagIds);
    if (published && body.imitateOf) await imitated(tx, body.imitateOf, me.id, row!.id);
    await tx.update(essays).set({ hotScore: q.hotScoreSql }).where(eq(essays.id, row!.id));
    await q.moveCounts(tx, null, { published, classificationId: fields.classificationId, tagIds, authorId: me.id });
    return row!.id;
  });
  forgetEssay(id, true);
  if (body.imitateOf) forgetEssay(body.imitateOf);
  return editForm(db, id);
}

async function ownEssay(db: Db, me: UserRow, id: number, allowAdmin = false) {
  const e = await q.findEssay(db, id);
  if (!e) throw notFound('作品不存在');
  if (e.authorId !== me.id && !(allowAdmin && me.role === 'admin')) throw forbidden();
  return e;
}

export async function updateEssay(db: Db, me: UserRow, id: number, body: WriteBody, sensitiveFile?: string) {
  const before = await ownEssay(db, me, id);
  const { fields, tagIds } = await prepare(db, body, sensitiveFile);
  const oldTags = await q.tagIdsOf(db, id);
  await db.transaction(async (tx) => {
    const wasPublished = before.status === 'published';
    const nowPublished = fields.status === 'published';
    await tx
      .update(essays)
      .set({ ...fields, updatedAt: new Date(), publishedAt: nowPublished ? (before.publishedAt ?? new Date()) : before.publishedAt })
      .where(eq(essays.id, id));
    await q.replaceTags(tx, id, tagIds);
    if (before.imitateOf && wasPublished !== nowPublished) {
      if (nowPublished) await imitated(tx, before.imitateOf, me.id, id);
      else await q.changeImitationCount(tx, before.imitateOf, -1);
    }
    await q.moveCounts(
      tx,
      { published: wasPublished, classificationId: before.classificationId, tagIds: oldTags, authorId: before.authorId },
      { published: nowPublished, classificationId: fields.classificationId, tagIds, authorId: before.authorId },
    );
  });
  forgetEssay(id, true);
  if (before.imitateOf) forgetEssay(before.imitateOf);
  return editForm(db, id);
}

export async function deleteEssay(db: Db, me: UserRow, id: number) {
  const before = await ownEssay(db, me, id, true);
  const tagIds = await q.tagIdsOf(db, id);
  await db.transaction(async (tx) => {
    await tx.update(essays).set({ status: 'deleted', updatedAt: new Date() }).where(eq(essays.id, id));
    if (before.imitateOf && before.status === 'published') await q.changeImitationCount(tx, before.imitateOf, -1);
    await q.moveCounts(tx, { published: before.status === 'published', classificationId: before.classificationId, tagIds, authorId: before.authorId }, null);
  });
  forgetEssay(id, true);
  if (before.imitateOf) forgetEssay(before.imitateOf);
  return { ok: true as const };
}

export async function essayFormFor(db: Db, me: UserRow, id: number) {
  await ownEssay(db, me, id);
  return editForm(db, id);
}

export async function listPublished(db: Db, body: CallParsed<'essaysPage'>['body'], viewer: UserRow | null) {
  const { cursor: rawCursor, pageNum, pageSize, ...filter } = body;
  const cursor = rawCursor ? q.decodeCursor(rawCursor) : null;
  if (rawCursor && !cursor) throw invalid('cursor 无效的翻页游标');
  const load = async (viewerId?: number) => {
    const { ids, total, nextCursor } = await q.listEssayIds(db, { ...filter, viewerId }, pageSize, offsetOf({ pageNum, pageSize }), cursor);
    return { list: await presentEssays(db, ids, viewerId), total, nextCursor };
  };
  // Signed-in readers get their own page (their 不感兴趣 and flags); visitors share a cached one.
  if (viewer) return load(viewer.id);
  return publicLists.get(JSON.stringify(body), () => load()) as ReturnType<typeof load>;
}

export async function listMine(db: Db, me: UserRow, query: CallParsed<'myEssays'>['query']) {
  const status = query.status;
  if (status === 'deleted') return { list: [], total: 0 };
  const filter = { authorId: me.id, sort: 'created' as const, status };
  const { ids, total } = status
    ? await q.listEssayIds(db, filter, query.pageSize, offsetOf(query))
    : await q.listOwnIds(db, me.id, query.pageSize, offsetOf(query));
  return { list: await presentEssays(db, ids, me.id), total };
}

function canSee(e: Pick<q.EssayRow, 'status' | 'authorId'>, viewer: UserRow | null) {
  return e.status === 'published' || (!!viewer && (viewer.id === e.authorId || viewer.role === 'admin'));
}

/** Everything about a text that is the same for every viewer; null when it does not exist or was deleted. */
async function detailsBase(db: Db, id: number) {
  const row = await q.essayForDetails(db, id);
  if (!row || row.essay.status === 'deleted') return null;
  const e = row.essay;
  const none = { liked: new Set<number>(), collected: new Set<number>() };
  const tags = new Map([[id, row.tags]]);
  let original = null;
  if (e.imitateOf) {
    const [o] = await q.essaysWithAuthors(db, [e.imitateOf]);
    if (o?.essay.status === 'published') original = presentEssay(o, await q.tagsOfEssays(db, [o.essay.id]), none);
  }
  const presented = presentEssay(row, tags, none);
  return {
    ...presented,
    content: e.content,
    author: { ...presented.author, bio: row.author.bio },
    authorId: e.authorId,
    classification: row.classification?.id ? row.classification : null,
    following: false,
    original,
  };
}

type DetailsBase = Awaited<ReturnType<typeof detailsBase>>;

export async function details(db: Db, id: number, viewer: UserRow | null, viewerKey: string) {
  const cached = (await publicDetails.get(String(id), async () => {
    const base = await detailsBase(db, id);
    return base?.status === 'published' ? base : null;
  })) as DetailsBase | null;
  let base = cached;
  if (base) recordView(db, id, viewerKey);
  else {
    base = await detailsBase(db, id);
    if (!base || !canSee({ status: base.status, authorId: base.authorId }, viewer)) throw notFound('作品不存在或未发布');
  }
  const { authorId: _authorId, ...shown } = base;
  if (!viewer) return shown;
  const ids = shown.original ? [id, shown.original.id] : [id];
  const [flags, following] = await Promise.all([q.viewerFlags(db, viewer.id, ids), q.isFollowing(db, viewer.id, shown.author.id)]);
  const mark = <T extends { id: number }>(x: T) => ({ ...x, liked: flags.liked.has(x.id), collected: flags.collected.has(x.id) });
  return { ...mark(shown), following, original: shown.original ? mark(shown.original) : null };
}

export async function react(db: Db, me: UserRow, essayId: number, kind: 'like' | 'collect', on: boolean) {
  const e = await q.findEssay(db, essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  await db.transaction(async (tx) => {
    const r = await q.toggleReaction(tx, kind, on, me.id, essayId);
    if (r.changed && on && r.authorId) await notify(tx, { userId: r.authorId, type: kind, actorId: me.id, essayId });
  });
  forgetEssay(essayId);
  const [after] = await db.select({ likes: essays.likes, collects: essays.collects }).from(essays).where(eq(essays.id, essayId));
  const flags = await q.viewerFlags(db, me.id, [essayId]);
  return { liked: flags.liked.has(essayId), collected: flags.collected.has(essayId), likes: after!.likes, collects: after!.collects };
}

export async function imitationsOf(db: Db, id: number, page: { pageNum: number; pageSize: number }, viewer: UserRow | null) {
  const e = await q.findEssay(db, id);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  const { ids, total } = await q.listEssayIds(db, { imitateOf: id, sort: 'new' }, page.pageSize, offsetOf(page));
  return { list: await presentEssays(db, ids, viewer?.id), total };
}

export async function hotDiscussedUnderTag(db: Db, tagId: number, viewer: UserRow | null) {
  if (!(await findTag(db, tagId))) throw notFound('标签不存在');
  return presentEssays(db, await q.topDiscussedUnderTag(db, tagId, 10), viewer?.id);
}
