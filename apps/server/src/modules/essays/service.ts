import type { SQL } from 'drizzle-orm';
import { LIMITS, type CallParsed } from '@shiju/contract';
import type { Db, Exec, Tx } from '../../db/client.js';
import type { UserRow } from '../users/index.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import { charCount, htmlToText, sanitizeRichText, summarize } from '../../lib/html.js';
import { parseSource, SEARCH_VERSION, searchVectorOf } from '../../lib/search.js';
import { classificationExists, existingTagIds, findTag, tagNames } from '../tags/index.js';
import { authorDynasty } from '../authors/index.js';
import { loadDetails, presentCard, presentEssays, shownReason, type PublicDetails } from './presenter.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import type { EssayCaches } from './cache.js';
import { readerPage } from './readerPage.js';
import type { ViewBuffer } from './views.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import * as q from './queries.js';
import { notify } from '../messages/index.js';
import { reanchorNotes } from '../notes/index.js';
import { reanchorHighlights } from '../highlights/index.js';
import { storeImitationScores } from '../coach/index.js';
import { exactTotal, offsetOf } from '../../lib/paging.js';
import { cleanCitation } from '../attributions/index.js';
import { afterPost, checkPost, writeSignature } from '../duplicates/index.js';
import { countPublication, type PublishLimits } from './publishing.js';

type WriteBody = CallParsed<'createEssay'>['body'];

/** What texts need of the app (runtime.ts). */
export interface EssayRuntime {
  broadcast: Broadcast;
  essayCaches: EssayCaches;
  views: ViewBuffer;
  sensitive: SensitiveWords;
}

/**
 * Who and what a text quotes, and its source line. With 作者 or 出处 given, the source line is written from them
 * (作者《作品》), or kept as sent when it names the same author and work (李白《静夜思》（节选）); without them, the
 * source line's 作者《作品》 is read (美文's free source line, older clients, the open API).
 */
function quoteOf(body: WriteBody) {
  // 原创: the writer's own words keep no author, work or source line (its credit is the writer).
  if (body.original) return { source: null, author: null, work: null, original: true };
  const quote = quoteFields(body);
  // Left out (older clients, the open API), a text naming nothing is the writer's own.
  const original = body.original ?? (!quote.source && !quote.author && !quote.work);
  return { ...quote, original };
}

function quoteFields(body: WriteBody) {
  const sent = body.source?.trim() || null;
  const parsed = parseSource(sent);
  const author = body.workAuthor?.trim() || null;
  const work = body.workTitle?.trim() || null;
  if (!author && !work) return { source: sent, author: parsed.author?.slice(0, 40) ?? null, work: parsed.work?.slice(0, 100) ?? null };
  const same = parsed.author === author && parsed.work === work;
  return { source: same ? sent : `${author ?? ''}${work ? `《${work}》` : ''}`, author, work };
}

/** Validates and normalises an essay write: sanitised HTML for essays, plain text for sentences. */
async function prepare(db: Db, body: WriteBody, sensitive: SensitiveWords) {
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
  if (!(await classificationExists(db, body.classificationId))) throw invalid('classificationId 分类不存在');
  const tagIds = [...new Set(body.tagIds ?? [])];
  const found = await existingTagIds(db, tagIds);
  const missing = tagIds.filter((id) => !found.includes(id));
  if (missing.length) throw invalid(`tagIds 标签不存在：${missing.join(', ')}`);
  const { source, author, work, original } = quoteOf(body);
  // 原创 names no source; a quote keeps its structured 出处 (empty parts dropped).
  const citation = original ? null : cleanCitation(body.citation);
  const citationWords = citation ? Object.values(citation).join(' ') : '';
  // A quote of an author the site knows takes their era (李白 → 唐), for the author card, facets and tags.
  const dynasty = await authorDynasty(db, author);
  const status =
    body.status === 'draft'
      ? ('draft' as const)
      : sensitive.contains(`${title ?? ''} ${text} ${source ?? ''} ${citationWords}`)
        ? ('pending' as const)
        : ('published' as const);
  return {
    fields: {
      type: body.type,
      title,
      content,
      summary: summarize(text),
      source,
      citation,
      cover: body.cover || null,
      classificationId: body.classificationId,
      status,
      // Who a quoted text is by and where from (李白 · 唐 · 静夜思): fields of their own for search, the author
      // card and page, and facets.
      workAuthor: author,
      workTitle: work,
      dynasty,
      original,
      searchVector: searchVectorOf({
        title,
        workTitle: work,
        author,
        tags: await tagNames(db, tagIds),
        body: `${source ?? ''}\n${text}`,
      }),
      searchVersion: SEARCH_VERSION,
    },
    tagIds,
    plain: text,
  };
}

/** A published imitation raises its original's count and tells the original's author. */
async function imitated(tx: Tx, originalId: number, imitatorId: number, imitationId: number) {
  await q.changeImitationCount(tx, originalId, 1);
  const original = await q.findEssay(tx, originalId);
  if (original) await notify(tx, { userId: original.authorId, type: 'imitate', actorId: imitatorId, essayId: imitationId });
}

const PENDING_NOTICE = '内容包含敏感词，已提交编辑审核，通过后公开';
const RESUBMIT_NOTICE = '作品已重新提交审核，编辑通过后公开';

const named = (e: { title: string | null; summary: string }) => `《${e.title ?? e.summary.slice(0, 20)}》`;

/** The system message a writer gets when their text goes to review (each change of a text's state is told). */
async function toldPending(tx: Tx, e: { id: number; authorId: number; title: string | null; summary: string }, why: string) {
  await notify(tx, { userId: e.authorId, type: 'system', actorId: null, essayId: e.id, content: `你的作品${named(e)}${why}` });
}

async function editForm(db: Db, id: number, notice: string | null = null) {
  const e = await q.findEssay(db, id);
  if (!e) throw notFound('作品不存在');
  const tags = (await q.tagsOfEssays(db, [id])).get(id) ?? [];
  return {
    id: e.id,
    type: e.type,
    title: e.title,
    content: e.content,
    source: e.source,
    workAuthor: e.workAuthor,
    workTitle: e.workTitle,
    original: e.original,
    citation: e.citation,
    cover: e.cover,
    classificationId: e.classificationId,
    tagIds: tags.map((t) => t.id),
    tags,
    imitateOf: e.imitateOf,
    status: e.status,
    statusReason: shownReason(e),
    notice,
  };
}

/** A post (not a draft) is checked against the library first: the exact words of a published text are refused. */
const checkedPost = (db: Db, status: string, plain: string, excludeId?: number) =>
  status === 'draft' ? Promise.resolve(null) : checkPost(db, plain, excludeId);

export async function createEssay(db: Db, rt: EssayRuntime, me: UserRow, body: WriteBody, limits: PublishLimits) {
  // Publishing is counted before any work on the text; saving a draft is not publishing.
  if (body.status !== 'draft') await countPublication(db, me, limits);
  const { fields, tagIds, plain } = await prepare(db, body, rt.sensitive);
  if (body.imitateOf) {
    const original = await q.findEssay(db, body.imitateOf);
    if (!original || original.status !== 'published') throw invalid('imitateOf 原文不存在或未发布');
  }
  const check = await checkedPost(db, fields.status, plain);
  const id = await db.transaction(async (tx) => {
    const published = fields.status === 'published';
    const id = await q.insertEssay(tx, {
      ...fields,
      authorId: me.id,
      imitateOf: body.imitateOf ?? null,
      publishedAt: published ? new Date() : null,
    });
    await q.replaceTags(tx, id, tagIds);
    if (published && body.imitateOf) await imitated(tx, body.imitateOf, me.id, id);
    await q.refreshHotScore(tx, id);
    await q.moveCounts(tx, null, { published, classificationId: fields.classificationId, tagIds, authorId: me.id });
    if (fields.status === 'pending') await toldPending(tx, { ...fields, id, authorId: me.id }, '包含敏感词，已提交编辑审核');
    if (check) await afterPost(tx, id, check.sig, check.found);
    else await writeSignature(tx, id, fields.type, fields.content);
    return id;
  });
  forgetEssay(rt.broadcast, id, true);
  if (body.imitateOf) {
    forgetEssay(rt.broadcast, body.imitateOf);
    await storeImitationScores(db, id);
  }
  return { ...(await editForm(db, id, fields.status === 'pending' ? PENDING_NOTICE : null)), duplicates: check?.shown };
}

async function ownEssay(db: Db, me: UserRow, id: number, allowAdmin = false) {
  const e = await q.findEssay(db, id);
  if (!e) throw notFound('作品不存在');
  if (e.authorId !== me.id && !(allowAdmin && me.role === 'admin')) throw forbidden();
  return e;
}

/**
 * Saving a published text is an update: it stays public (even when an old client sends `draft`), unless the
 * new words hit the sensitive list, when it goes back to review and the answer says so. A text an editor hid
 * cannot be edited back onto the site; only the editor's restore does that.
 */
export async function updateEssay(db: Db, rt: EssayRuntime, me: UserRow, id: number, body: WriteBody, limits: PublishLimits) {
  const before = await ownEssay(db, me, id);
  // Publishing a draft (or resubmitting a rejected text) is publishing; saving a public text is not.
  if (body.status !== 'draft' && before.status !== 'published' && before.status !== 'pending') await countPublication(db, me, limits);
  if (before.status === 'hidden') throw invalid(`status 作品已被隐藏（${before.statusReason ?? '违反社区规范'}），不能编辑或重新发布`);
  // What a text imitates is set when it is written and never moves: no edit can hang it under its own descendant
  // (the database refuses a link to a newer text as well: essays_imitates_older_ck).
  if (body.imitateOf !== undefined && body.imitateOf !== before.imitateOf) throw invalid('imitateOf 仿写的原文写好后不能更改');
  const wanted = before.status === 'published' ? { ...body, status: 'publish' as const } : body;
  const { fields, tagIds, plain } = await prepare(db, wanted, rt.sensitive);
  const check = await checkedPost(db, fields.status, plain, id);
  // A rejected text (also one its writer took to drafts since) goes back to review when resubmitted, sensitive word or
  // not; it keeps the reason it was rejected for, which the editor sees beside it.
  const rejectedBefore = wasRejected(before) ? before.statusReason : null;
  const resubmitted = rejectedBefore !== null && fields.status !== 'draft';
  const status = resubmitted ? ('pending' as const) : fields.status;
  const statusReason = rejectedBefore !== null && status !== 'published' ? rejectedBefore : null;
  const toReview = status === 'pending' && before.status !== 'pending';
  await db.transaction(async (tx) => {
    await changeStatus(tx, rt.broadcast, before, { ...fields, status, statusReason }, tagIds);
    if (toReview) await toldPending(tx, { ...before, ...fields }, resubmitted ? '已重新提交审核' : '包含敏感词，已提交编辑审核');
    if (check) await afterPost(tx, id, check.sig, check.found);
    else await writeSignature(tx, id, fields.type, fields.content);
  });
  forgetEssay(rt.broadcast, id, true);
  if (before.imitateOf) await storeImitationScores(db, id);
  const backToReview = before.status === 'published' && status === 'pending';
  const notice =
    status !== 'pending' ? null : resubmitted ? RESUBMIT_NOTICE : backToReview ? `已发布的作品${PENDING_NOTICE}` : PENDING_NOTICE;
  return { ...(await editForm(db, id, notice)), duplicates: check?.shown };
}

/** Rejected, or taken to drafts after a rejection (the reason is kept while it is a draft). */
const wasRejected = (e: q.EssayRow) => (e.status === 'rejected' || e.status === 'draft') && e.statusReason !== null;

/**
 * Moves a text to new fields (status included) and keeps every count that depends on it exact: classification,
 * tag and author counts, and the original's imitation count. `tagIds` replaces its tags when given.
 */
export async function changeStatus(
  db: Exec,
  broadcast: Broadcast,
  before: q.EssayRow,
  fields: Omit<Partial<q.EssayValues>, 'searchVector'> & { status: q.EssayRow['status']; searchVector?: SQL },
  tagIds?: number[],
) {
  const run = async (tx: Tx) => {
    const oldTags = await q.tagIdsOf(tx, before.id);
    const wasPublished = before.status === 'published';
    const nowPublished = fields.status === 'published';
    await q.updateEssay(tx, before.id, {
      ...fields,
      updatedAt: new Date(),
      publishedAt: nowPublished ? (before.publishedAt ?? new Date()) : before.publishedAt,
    });
    if (tagIds) await q.replaceTags(tx, before.id, tagIds);
    // Notes and other anchors follow the words they point at.
    if (fields.content !== undefined && fields.content !== before.content) {
      const text = { type: fields.type ?? before.type, content: fields.content };
      await reanchorNotes(tx, before.id, text);
      await reanchorHighlights(tx, before.id, text);
    }
    if (!wasPublished && nowPublished) await q.refreshHotScore(tx, before.id);
    if (before.imitateOf && wasPublished !== nowPublished) {
      if (nowPublished) await imitated(tx, before.imitateOf, before.authorId, before.id);
      else await q.changeImitationCount(tx, before.imitateOf, -1);
    }
    await q.moveCounts(
      tx,
      { published: wasPublished, classificationId: before.classificationId, tagIds: oldTags, authorId: before.authorId },
      {
        published: nowPublished,
        classificationId: fields.classificationId === undefined ? before.classificationId : fields.classificationId,
        tagIds: tagIds ?? oldTags,
        authorId: before.authorId,
      },
    );
  };
  // Its own transaction, or a savepoint inside a caller's (an audited admin change).
  await db.transaction(run);
  forgetEssay(broadcast, before.id, true);
  if (before.imitateOf) forgetEssay(broadcast, before.imitateOf);
}

/** 撤回: the author takes a published or pending text back to drafts (off the site; its counters are kept). */
export async function withdrawEssay(db: Db, broadcast: Broadcast, me: UserRow, id: number) {
  const before = await ownEssay(db, me, id);
  if (before.status !== 'published' && before.status !== 'pending') throw invalid('status 只有已发布或待审核的作品可以撤回');
  await changeStatus(db, broadcast, before, { status: 'draft' });
  return editForm(db, id);
}

/** Inside a transaction: marks a text deleted and keeps every count that depended on it exact. */
export async function removeEssayInTx(tx: Tx, before: q.EssayRow) {
  const tagIds = await q.tagIdsOf(tx, before.id);
  await q.updateEssay(tx, before.id, { status: 'deleted', updatedAt: new Date() });
  if (before.imitateOf && before.status === 'published') await q.changeImitationCount(tx, before.imitateOf, -1);
  await q.moveCounts(
    tx,
    { published: before.status === 'published', classificationId: before.classificationId, tagIds, authorId: before.authorId },
    null,
  );
}

export async function deleteEssay(db: Db, broadcast: Broadcast, me: UserRow, id: number) {
  const before = await ownEssay(db, me, id, true);
  await db.transaction((tx) => removeEssayInTx(tx, before));
  forgetEssay(broadcast, id, true);
  if (before.imitateOf) forgetEssay(broadcast, before.imitateOf);
  return { ok: true as const };
}

export async function essayFormFor(db: Db, me: UserRow, id: number) {
  await ownEssay(db, me, id);
  return editForm(db, id);
}

/** A page of published texts as every visitor sees it (kept in the app's list cache). */
export type EssayPage = Omit<Awaited<ReturnType<typeof q.listPage>>, 'cards'> & { list: ReturnType<typeof presentCard>[] };

type ListBody = CallParsed<'essaysPage'>['body'];

export async function listPublished(
  db: Db,
  caches: EssayCaches,
  body: ListBody,
  viewer: UserRow | null,
  blocksSomeone = true,
): Promise<EssayPage> {
  const { cursor: rawCursor, pageNum, pageSize, ...filter } = body;
  const cursor = rawCursor ? q.decodeCursor(rawCursor, filter.sort) : null;
  if (rawCursor && !cursor) throw invalid('cursor 无效的翻页游标');
  const load = async (b: ListBody, viewerId?: number) => {
    // Sorts and pages of one filter share its total, as do all readers (a viewer's marks matter only below the cap);
    // a ranked sort counts only the texts that qualify for it, so it has its own.
    const { sort, ...rest } = filter;
    const totalKey = q.isRanked(sort) ? { ...rest, ranked: sort } : rest;
    const shared = q.hasCounter(filter) ? undefined : await caches.totals.get(JSON.stringify(totalKey), () => q.sharedTotalOf(db, filter));
    const f = { ...filter, viewerId, viewerBlocksNobody: !blocksSomeone };
    const at = b.cursor ? q.decodeCursor(b.cursor, filter.sort) : null;
    const { cards, ...page } = await q.listPage(db, f, pageSize, offsetOf({ pageNum: b.pageNum, pageSize }), at, shared);
    return { page: { list: cards.map(presentCard), ...page }, keys: cards.map((c) => q.keyOf(filter.sort, c)) };
  };
  // What every visitor sees, from the list cache (a cursor the server wrote is valid for every reader).
  const bodyAt = (next: object | null) => (next ? { ...body, ...next } : body);
  const shared = {
    get: (next: object | null) => caches.lists.get(JSON.stringify(bodyAt(next)), () => load(bodyAt(next))),
    peek: (next: object | null) => caches.lists.peek(JSON.stringify(bodyAt(next))),
  };
  if (!viewer) return (await shared.get(null)).page;
  // A page visitors keep is the reader's less their 不感兴趣 marks, with their flags and live counters
  // (readerPage.ts). A page nobody keeps costs the reader one statement of their own, as before (the shared page and
  // the marks would take two); so do blocks, which change whole authors, and marks that push the page far.
  const kept = blocksSomeone ? undefined : shared.peek(null);
  const own = kept && (await readerPage(db, { filter, pageSize, pageNum, cursor: rawCursor }, viewer.id, kept, shared));
  return own || (await load(body, viewer.id)).page;
}

/**
 * A page every visitor shares (a cached ranking, say) as a signed-in reader sees it: with their likes and collects,
 * and the counters as they are now; null when `unless` (a condition on the reader, in SQL) holds, so that their page
 * is not the shared one.
 */
export async function withReaderFlags<T extends { id: number; liked: boolean; collected: boolean } & q.LiveCounts>(
  db: Db,
  viewerId: number,
  list: T[],
  unless: SQL,
): Promise<T[] | null> {
  const marks = await q.readerMarks(
    db,
    viewerId,
    list.map((e) => e.id),
    unless,
  );
  if (marks.unless) return null;
  return list.map((e) => q.withMarks(e, marks));
}

export async function listMine(db: Db, me: UserRow, query: CallParsed<'myEssays'>['query']) {
  if (query.status === 'deleted') return { list: [], ...exactTotal(0) };
  const filter = { authorId: me.id, sort: 'created' as const, status: query.status ?? ('visible' as const), viewerId: undefined };
  const { cards, total, totalCapped } = await q.listPage(db, filter, query.pageSize, offsetOf(query));
  // The author's flags on their own texts, without hiding what they marked 不感兴趣.
  return {
    list: await presentEssays(
      db,
      cards.map((c) => c.id!),
      me.id,
    ),
    total,
    totalCapped,
  };
}

function canSee(e: Pick<q.EssayRow, 'status' | 'authorId'>, viewer: UserRow | null) {
  return e.status === 'published' || (!!viewer && (viewer.id === e.authorId || viewer.role === 'admin'));
}

/** What every visitor sees of a published text (shared micro-cache), or null; counts no view. */
export const publishedDetails = (db: Db, caches: EssayCaches, id: number): Promise<PublicDetails> =>
  caches.details.get(String(id), async () => {
    const d = await loadDetails(db, id);
    return d?.status === 'published' ? d : null;
  });

/** The shared page of a published text with one reader's marks on it (liked, collected, following). */
async function withViewer(db: Db, d: NonNullable<PublicDetails>, viewerId: number): Promise<NonNullable<PublicDetails>> {
  const ids = d.original ? [d.id, d.original.id] : [d.id];
  const f = await q.detailsFlags(db, viewerId, ids, d.author.id);
  const mark = <C extends { id: number }>(c: C) => ({ ...c, liked: f.liked.has(c.id), collected: f.collected.has(c.id) });
  return { ...mark(d), following: f.following, original: d.original && mark(d.original) };
}

/** A text as `viewer` may see it; a published one counts a view for `viewerKey` (none for the server's prerendering). */
export async function details(
  db: Db,
  rt: EssayRuntime,
  id: number,
  viewer: UserRow | null,
  viewerKey: string | null,
): Promise<NonNullable<PublicDetails>> {
  const shared = await publishedDetails(db, rt.essayCaches, id);
  const shown =
    shared && viewer ? await withViewer(db, shared, viewer.id) : (shared ?? (viewer ? await loadDetails(db, id, viewer.id) : null));
  if (!shown) {
    // A text an editor merged into another: the answer is the kept text, saying so.
    const into = await q.mergedTarget(db, id);
    if (into) return { ...(await details(db, rt, into, viewer, viewerKey)), mergedInto: into };
  }
  if (!shown || !canSee({ status: shown.status, authorId: shown.author.id }, viewer)) throw notFound('作品不存在或未发布');
  if (shown.status === 'published' && viewerKey) rt.views.record(id, viewerKey);
  return shown;
}

/**
 * A view of a published text whose details the reader already has without asking (the server drew its page, and the
 * server's own calls count none): counted for `viewerKey` through the same buffer, once per viewer, text and hour.
 */
export async function recordView(db: Db, rt: EssayRuntime, id: number, viewerKey: string | null): Promise<null> {
  if (!(await publishedDetails(db, rt.essayCaches, id))) throw notFound('作品不存在或未发布');
  if (viewerKey) rt.views.record(id, viewerKey);
  return null;
}

export async function react(
  db: Db,
  rt: { broadcast: Broadcast; now: () => Date },
  me: UserRow,
  essayId: number,
  kind: 'like' | 'collect',
  on: boolean,
) {
  const { broadcast } = rt;
  const e = await q.findEssay(db, essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  await db.transaction(async (tx) => {
    const r = await q.toggleReaction(tx, kind, on, me.id, essayId, rt.now());
    if (r.changed && on && r.authorId) await notify(tx, { userId: r.authorId, type: kind, actorId: me.id, essayId });
  });
  forgetEssay(broadcast, essayId);
  const after = await q.reactionCounts(db, essayId);
  const flags = await q.viewerFlags(db, me.id, [essayId]);
  return { liked: flags.liked.has(essayId), collected: flags.collected.has(essayId), likes: after!.likes, collects: after!.collects };
}

export async function imitationsOf(db: Db, id: number, page: { pageNum: number; pageSize: number }, viewer: UserRow | null) {
  const e = await q.findEssay(db, id);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  const { cards, total, totalCapped } = await q.listPage(
    db,
    { imitateOf: id, sort: 'new', flagsFor: viewer?.id },
    page.pageSize,
    offsetOf(page),
  );
  return { list: cards.map(presentCard), total, totalCapped };
}

export async function hotDiscussedUnderTag(db: Db, tagId: number, viewer: UserRow | null) {
  if (!(await findTag(db, tagId))) throw notFound('标签不存在');
  return presentEssays(db, await q.topDiscussedUnderTag(db, tagId, 10, viewer?.id), viewer?.id);
}
