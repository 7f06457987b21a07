/**
 * 出处考证: readers add evidence for or against a text's attribution (a source and a note, moderated like comments:
 * sensitive words refused, blocks apply, reports and editors hide it), others confirm it (advisory), and an editor
 * resolves the text as 出处已考证 (verified) or 存疑 (disputed). Editors also keep the list of disputed lines.
 */
import { ATTRIBUTION_LIMITS, type CallParsed, type Citation } from '@shiju/contract';
import type { Db, Exec, Tx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../http/errors.js';
import type { SensitiveWords } from '../../lib/sensitive.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import { offsetOf } from '../../lib/paging.js';
import { allow } from '../limits/index.js';
import { isBlocked, type UserRow } from '../users/index.js';
import { notify } from '../messages/index.js';
import { audited, type Actor } from '../audit/index.js';
import * as q from './queries.js';

const HOUR_MS = 3600_000;
const STATUS_NAMES = { verified: '出处已考证', disputed: '存疑', unverified: '未考证' } as const;

/** A 出处 as stored: its parts trimmed, empty ones dropped; null when nothing is left. */
export function cleanCitation(c: Citation | undefined | null): Citation | null {
  if (!c) return null;
  const out: Citation = {};
  for (const k of ['work', 'chapter', 'edition', 'page', 'url'] as const) {
    const v = c[k]?.trim();
    if (v) out[k] = v;
  }
  return Object.keys(out).length ? out : null;
}

const citationText = (c: Citation) => [c.work, c.chapter, c.edition, c.page, c.url].filter(Boolean).join(' ');

function present(r: q.EvidenceLoaded, viewerId: number | undefined) {
  const { e } = r;
  return {
    id: e.id,
    essayId: e.essayId,
    stance: e.stance,
    source: e.source,
    note: e.note,
    user: r.user?.id ? r.user : null,
    confirmations: e.confirmations,
    confirmedByMe: r.confirmedByMe,
    mine: viewerId !== undefined && e.userId === viewerId,
    hidden: e.hiddenAt !== null,
    createdAt: e.createdAt.toISOString(),
  };
}

/** The text if the public (or its author, or an editor) may see it. */
async function visibleEssay(db: Exec, id: number, viewer: UserRow | null) {
  const e = await q.essayOf(db, id);
  const seen =
    e && (e.status === 'published' || (viewer && e.status !== 'deleted' && (viewer.id === e.authorId || viewer.role === 'admin')));
  if (!e || !seen) throw notFound('作品不存在或未发布');
  return e;
}

export async function attributionOf(db: Db, id: number, viewer: UserRow | null) {
  const e = await visibleEssay(db, id, viewer);
  const rows = await q.evidenceOf(db, id, viewer?.id, ATTRIBUTION_LIMITS.evidencePerText);
  return {
    essayId: e.id,
    attributionStatus: e.attributionStatus,
    note: e.attributionNote,
    citation: e.citation,
    evidence: rows.map((r) => present(r, viewer?.id)),
  };
}

export async function addEvidence(db: Db, rt: { sensitive: SensitiveWords }, me: UserRow, body: CallParsed<'addEvidence'>['body']) {
  const e = await q.essayOf(db, body.essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  const source = cleanCitation(body.source);
  if (!source || !(source.work || source.url)) throw invalid('source 出处不能为空，请至少填写书名或链接');
  rt.sensitive.refuse('note', body.note);
  rt.sensitive.refuse('source', citationText(source));
  if (await isBlocked(db, e.authorId, me.id)) throw new AppError('A0301', '对方已将你拉黑，无法在其作品上提交证据');
  if (!(await allow(db, { key: `evidence:${me.id}`, windowMs: HOUR_MS }, ATTRIBUTION_LIMITS.evidencePerHour)))
    throw new AppError('A0501', `每小时最多提交 ${ATTRIBUTION_LIMITS.evidencePerHour} 条证据，请稍后再试`);
  const id = await q.insertEvidence(db, { essayId: e.id, userId: me.id, stance: body.stance, source, note: body.note });
  return present((await q.evidenceById(db, id, me.id))!, me.id);
}

export async function confirmEvidence(db: Db, me: UserRow, id: number) {
  const found = await q.evidenceById(db, id, me.id);
  if (!found || found.e.hiddenAt) throw notFound('证据不存在');
  if (found.e.userId === me.id) throw invalid('id 不能确认自己提交的证据');
  const e = await q.essayOf(db, found.e.essayId);
  if (!e || e.status !== 'published') throw notFound('作品不存在或未发布');
  if (found.e.userId !== null && (await isBlocked(db, found.e.userId, me.id)))
    throw new AppError('A0301', '对方已将你拉黑，无法确认其证据');
  await db.transaction((tx) => q.confirm(tx, id, me.id));
  return present((await q.evidenceById(db, id, me.id))!, me.id);
}

const named = (e: { title: string | null; summary: string }) => `《${e.title ?? e.summary.slice(0, 20)}》`;

/**
 * Sets a text's attribution status inside a transaction; tells the people whose evidence is on it. The one way an
 * editor's call on an attribution is recorded (also an attribution conflict's, modules/conflicts).
 */
export async function setStatusInTx(tx: Tx, essayId: number, status: q.AttributionStatusDb, note: string | null) {
  await q.lockEssay(tx, essayId);
  const e = await q.essayOf(tx, essayId);
  if (!e || e.status === 'deleted') throw notFound('作品不存在');
  await q.setStatus(tx, essayId, status, note);
  for (const userId of await q.evidenceWriters(tx, essayId))
    await notify(tx, {
      userId,
      type: 'system',
      actorId: null,
      essayId,
      content: `你为${named(e)}提交的出处证据已由编辑处理：${STATUS_NAMES[status]}${note ? `（${note}）` : ''}`,
    });
  return { before: e.attributionStatus };
}

export async function resolve(
  db: Db,
  broadcast: Broadcast,
  actor: NonNullable<Actor>,
  me: UserRow,
  id: number,
  body: CallParsed<'adminResolveAttribution'>['body'],
) {
  const note = body.note?.trim() || null;
  await audited(
    db,
    actor,
    (r: { before: string }) => ({
      action: `attribution.${body.status}`,
      targetType: 'essay',
      targetId: id,
      summary: { from: r.before, to: body.status, note },
    }),
    (tx) => setStatusInTx(tx, id, body.status, note),
  );
  forgetEssay(broadcast, id);
  return attributionOf(db, id, me);
}

export async function hideByEditor(db: Db, broadcast: Broadcast, actor: NonNullable<Actor>, id: number, reason: string | undefined) {
  const essayId = await audited(
    db,
    actor,
    { action: 'evidence.hide', targetType: 'evidence', targetId: id, summary: { reason: reason ?? null } },
    async (tx) => {
      const hidden = await q.hideEvidence(tx, id);
      if (!hidden) {
        if (!(await q.evidenceById(tx, id))) throw notFound('证据不存在');
        throw invalid('id 该证据已被隐藏');
      }
      return hidden.essayId;
    },
  );
  forgetEssay(broadcast, essayId);
  return { ok: true as const };
}

/** For the reports module: the evidence a reader may report (visible), with its writer. */
export async function reportableEvidence(db: Exec, id: number): Promise<{ writerId: number | null; essayId: number } | null> {
  const r = await q.evidenceById(db, id);
  return r && !r.e.hiddenAt ? { writerId: r.e.userId, essayId: r.e.essayId } : null;
}

/** Inside a report's resolution: hides the evidence; answers its text's id (null when it already was hidden). */
export async function hideEvidenceInTx(tx: Exec, id: number): Promise<number | null> {
  return (await q.hideEvidence(tx, id))?.essayId ?? null;
}

export { reportTargets as evidenceTargets, evidenceBy } from './queries.js';

// ---------- 存疑名句 ----------

function presentDisputed(r: q.DisputedRow) {
  return {
    id: r.id,
    quote: r.quote,
    attributedTo: r.attributedTo,
    note: r.note,
    source: r.source,
    essayId: r.essayId,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function disputedPage(db: Db, page: { pageNum: number; pageSize: number }) {
  const { rows, ...total } = await q.pageDisputed(db, page.pageSize, offsetOf(page));
  return { list: rows.map(presentDisputed), ...total };
}

export async function addDisputed(
  db: Db,
  broadcast: Broadcast,
  actor: NonNullable<Actor>,
  body: CallParsed<'adminAddDisputedLine'>['body'],
) {
  const source = cleanCitation(body.source);
  if (!source || !(source.work || source.url)) throw invalid('source 出处不能为空，请至少填写书名或链接');
  const row = await audited(
    db,
    actor,
    (r: q.DisputedRow) => ({
      action: 'disputed.add',
      targetType: 'disputed',
      targetId: r.id,
      summary: { quote: r.quote.slice(0, 60), attributedTo: r.attributedTo, essayId: r.essayId },
    }),
    async (tx) => {
      // A line tied to a text marks that text 存疑 too.
      if (body.essayId) await setStatusInTx(tx, body.essayId, 'disputed', body.note.slice(0, 200));
      return q.insertDisputed(tx, {
        quote: body.quote,
        attributedTo: body.attributedTo,
        note: body.note,
        source,
        essayId: body.essayId ?? null,
        createdBy: actor.id,
      });
    },
  );
  if (body.essayId) forgetEssay(broadcast, body.essayId);
  return presentDisputed(row);
}

export async function removeDisputed(db: Db, actor: NonNullable<Actor>, id: number) {
  await audited(
    db,
    actor,
    (r: q.DisputedRow) => ({ action: 'disputed.remove', targetType: 'disputed', targetId: id, summary: { quote: r.quote.slice(0, 60) } }),
    async (tx) => {
      const r = await q.deleteDisputed(tx, id);
      if (!r) throw notFound('条目不存在');
      return r;
    },
  );
  return { ok: true as const };
}

export async function adminQueue(db: Db, query: CallParsed<'adminAttributionsPage'>['query']) {
  const { rows, ...total } = await q.pageQueue(db, query.status, query.pageSize, offsetOf(query));
  return {
    ...total,
    list: rows.map((r) => ({
      essayId: r.essayId,
      title: r.title ?? r.summary.slice(0, 30),
      credit: r.source,
      attributionStatus: r.attributionStatus,
      evidenceFor: r.evidenceFor,
      evidenceAgainst: r.evidenceAgainst,
      lastAt: new Date(r.lastAt).toISOString(),
    })),
  };
}
