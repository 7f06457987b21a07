/**
 * 署名冲突 (docs/attributions.md): texts with the same or nearly the same words (the one signature, lib/signature.ts: one digest,
 * or a shared LSH band key and bigram similarity ≥ NEAR_THRESHOLD) that name different authors. Pairs are joined into
 * clusters (a text is in at most one). Found two ways: a post checks its own matches at post time (the duplicates
 * module's findDuplicates, then recordPostConflicts), and a chunked job walks the library by id, each text against the
 * older ones (scanConflicts). An editor dismisses a cluster (different texts) or names the right attribution, which
 * the attributions module records as it records any editor's call (出处已考证 / 存疑).
 */
import { CONFLICT_MEMBERS_SHOWN, type CallParsed } from '@shiju/contract';
import type { Db, Exec, Tx } from '../../db/client.js';
import { invalid, notFound } from '../../http/errors.js';
import { forgetEssay, type Broadcast } from '../../lib/broadcast.js';
import { rest } from '../../lib/pace.js';
import { offsetOf } from '../../lib/paging.js';
import { CONTAIN_MIN, NEAR_THRESHOLD, normalizeText, similarity } from '../../lib/signature.js';
import { decideAttributionInTx } from '../attributions/index.js';
import { audited, type Actor } from '../audit/index.js';
import * as q from './queries.js';

/** The scan's name (job_cursors, job_runs). */
export const SCAN = 'attribution-conflicts';
/** Older texts sharing band keys compared per text (as a lookup compares, duplicates NEAR_CANDIDATES). */
const NEAR_PER_TEXT = 20;
/** Texts sharing a band key with a chunk's texts read at most (formulaic lines shared by thousands stay bounded). */
const NEAR_READ_CAP = 5000;
/** Names that say nobody is known: no author to disagree with. */
// eslint-disable-next-line no-restricted-syntax -- a fixed list of words, never written to
const NOBODY = new Set(['佚名', '无名氏', '无名', '不详', '未详', '未知', '匿名', '阙名']);
/** A dynasty or era written around a name: （唐）李白, [宋]苏轼. */
const ERA = /[（(［[【〔][^）)］\]】〕]{0,6}[）)］\]】〕]/gu;

/** The compared form of an author's name: the one normalisation, an era in brackets dropped; null for nobody known. */
export function authorKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = normalizeText(name.replace(ERA, '')).slice(0, 40);
  return key && !NOBODY.has(key) ? key : null;
}

const memberOf = (t: { id: number; author: string | null; imported: boolean }): q.MemberInput | null => {
  const key = authorKey(t.author);
  return key ? { essayId: t.id, author: t.author!.trim().slice(0, 40), authorKey: key, imported: t.imported } : null;
};

/** Records that two texts of the same words name different authors: their clusters become one. */
async function link(tx: Exec, x: q.MemberInput, y: q.MemberInput) {
  if (x.authorKey === y.authorKey || x.essayId === y.essayId) return;
  const within = await q.membership(tx, [x.essayId, y.essayId]);
  const cx = within.get(x.essayId);
  const cy = within.get(y.essayId);
  let id: number;
  let joined = false;
  if (cx === undefined && cy === undefined) id = await q.insertConflict(tx);
  else if (cx !== undefined && cy !== undefined && cx !== cy) {
    id = Math.min(cx, cy);
    await q.joinConflicts(tx, Math.max(cx, cy), id);
    joined = true;
  } else id = (cx ?? cy)!;
  const added = await q.addMembers(
    tx,
    id,
    [x, y].filter((m) => !within.has(m.essayId)),
  );
  if (added > 0 || joined) await q.refreshConflict(tx, id, true);
}

/**
 * After a post is stored (duplicates afterPost): the texts it repeats (the same or nearly the same words, posted, not
 * merged away) that name another author become its conflict. Its own author is refreshed where it already is in one
 * (an edit), and an open conflict that no longer names two authors is dropped.
 */
export async function recordPostConflicts(tx: Exec, essayId: number, found: { id: number; kind: string; similarity: number }[]) {
  const matches = found.filter((f) => f.kind === 'exact' || (f.kind === 'near' && f.similarity >= NEAR_THRESHOLD));
  const texts = await q.textsByIds(tx, [essayId, ...matches.map((m) => m.id)]);
  const self = texts.find((t) => t.id === essayId);
  if (!self) return;
  const me = memberOf(self);
  const had = me ? await q.updateMember(tx, me) : await q.dropMember(tx, essayId);
  if (had !== null) await q.dropIfSettled(tx, had);
  if (!me) return;
  for (const t of texts) {
    if (t.id === essayId || !t.takesPart) continue;
    const other = memberOf(t);
    if (other) await link(tx, me, other);
  }
}

/** A merged text leaves its conflict (modules/essays merge); an open conflict left with one author is dropped. */
export async function dropConflictMember(tx: Exec, essayId: number) {
  const id = await q.dropMember(tx, essayId);
  if (id !== null) await q.dropIfSettled(tx, id);
}

/**
 * The library's conflicts, found by walking it by id from where the last run stopped (job_cursors): `chunk` texts at
 * a time (requests on the embedded database wait at most one chunk; the scan then pauses as long), each against the older texts with the same digest or sharing band keys (at most NEAR_PER_TEXT of those),
 * one transaction per chunk, yielding between chunks. A new import is read on the next run; a post is checked when it
 * is posted. Deleting the cursor row reads the whole library again.
 */
export async function scanConflicts(db: Db, chunk = 25, maxChunks = Infinity) {
  let cursor = await q.cursorOf(db, SCAN);
  let read = 0;
  let pairs = 0;
  for (let i = 0; i < maxChunks; i++) {
    const started = Date.now();
    const rows = await q.chunkAfter(db, cursor, chunk);
    if (rows.length === 0) break;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ids = rows.map((r) => r.id);
    const last = ids[ids.length - 1]!;
    const edges = new Map<string, [q.MemberInput, q.MemberInput]>();
    const edge = (self: (typeof rows)[number], other: { id: number; author: string | null; imported: boolean }) => {
      const x = memberOf(self);
      const y = memberOf(other);
      if (x && y && x.authorKey !== y.authorKey) edges.set(`${x.essayId}:${y.essayId}`, [x, y]);
    };
    for (const c of await q.sameWordsBefore(db, ids, CONTAIN_MIN)) {
      const self = byId.get(c.a)!;
      if (c.normalized === self.normalized) edge(self, { id: c.b, author: c.author, imported: c.imported });
    }
    // Near: the older texts sharing a band key with any of the chunk's, then for each text the NEAR_PER_TEXT sharing
    // most of its keys among those that take part and name another author, confirmed by similarity.
    const keys = [...new Set(rows.flatMap((r) => r.bands))];
    const sharing = await q.sharingAnyBand(db, keys, last, NEAR_READ_CAP);
    const texts = new Map((await q.textsByIds(db, [...new Set(sharing.map((s) => s.id))])).map((x) => [x.id, x]));
    for (const self of rows) {
      const key = authorKey(self.author);
      if (!key || self.bands.length === 0) continue;
      const mine = new Set(self.bands);
      const ranked = sharing
        .filter((s) => s.id < self.id)
        .map((s) => ({ s, shared: s.bands.filter((b) => mine.has(b)).length, t: texts.get(s.id) }))
        .filter(({ shared, t }) => shared > 0 && t?.takesPart && authorKey(t.author) !== null && authorKey(t.author) !== key)
        .sort((x, y) => y.shared - x.shared || x.s.id - y.s.id)
        .slice(0, NEAR_PER_TEXT);
      for (const { s, t } of ranked) if (similarity(self.normalized, s.normalized) >= NEAR_THRESHOLD) edge(self, t!);
    }
    cursor = last;
    await db.transaction(async (tx) => {
      for (const [x, y] of edges.values()) await link(tx, x, y);
      await q.setCursor(tx, SCAN, cursor);
    });
    read += rows.length;
    pairs += edges.size;
    // Requests get their turn between chunks (the embedded database has one connection): the scan holds the database
    // at most a quarter of the time.
    await rest(started, 0.25);
  }
  return { read, pairs, cursor };
}

// ---------- the editors' lists and calls ----------

type Conflict = q.ConflictRow;

function present(c: Conflict, members: q.MemberRow[]) {
  const authors = new Map<string, string>();
  for (const m of members) if (!authors.has(m.authorKey)) authors.set(m.authorKey, m.author);
  return {
    id: c.id,
    scope: c.scope,
    status: c.status,
    authors: [...authors.values()],
    members: members.slice(0, CONFLICT_MEMBERS_SHOWN).map((m) => ({
      essayId: m.essayId,
      title: m.title,
      summary: m.summary,
      author: m.author,
      source: m.source,
      provenance: m.provenance,
      imported: m.imported,
      status: m.status,
      attributionStatus: m.attributionStatus,
      poster: m.poster,
    })),
    memberCount: members.length,
    rightEssayId: c.rightEssayId,
    rightAuthor: c.rightAuthor,
    note: c.note,
    decidedAt: c.decidedAt?.toISOString() ?? null,
    updatedAt: c.updatedAt.toISOString(),
  };
}

async function presentAll(db: Exec, rows: Conflict[]) {
  const members = await q.membersOf(
    db,
    rows.map((r) => r.id),
  );
  const by = new Map<number, q.MemberRow[]>();
  for (const m of members) by.set(m.conflictId, [...(by.get(m.conflictId) ?? []), m]);
  return rows.map((r) => present(r, by.get(r.id) ?? []));
}

/** 用户发布 (scope user, the default) or 典籍内部 (corpus): a page of conflicts with their texts. */
export async function conflictsPage(db: Db, query: CallParsed<'adminConflictsPage'>['query']) {
  const { rows, ...total } = await q.page(db, query.scope, query.status, query.pageSize, offsetOf(query));
  return { list: await presentAll(db, rows), ...total };
}

const named = (m: { title: string | null; summary: string }) => `《${m.title ?? m.summary.slice(0, 20)}》`;

/**
 * An editor's call on a conflict: `dismiss` (different texts, nothing changes on them) or `resolve` with the text
 * whose attribution is right: it and the texts naming the same author become 出处已考证, those naming another
 * 存疑 with a note saying who wrote it — through the attributions module, which tells the readers whose evidence is
 * on them. Audit-logged as conflict.<action>.
 */
export async function resolveConflict(
  db: Db,
  broadcast: Broadcast,
  actor: NonNullable<Actor>,
  id: number,
  body: CallParsed<'adminResolveConflict'>['body'],
) {
  const note = body.note?.trim() || null;
  const changed = await audited(
    db,
    actor,
    (r: { verified: number[]; disputed: number[]; rightAuthor: string | null }) => ({
      action: `conflict.${body.action}`,
      targetType: 'conflict',
      targetId: id,
      summary: { rightEssayId: body.essayId ?? null, rightAuthor: r.rightAuthor, note, verified: r.verified, disputed: r.disputed },
    }),
    (tx) => decideInTx(tx, id, body.action, body.essayId, note),
  );
  for (const essayId of [...changed.verified, ...changed.disputed]) forgetEssay(broadcast, essayId);
  const c = (await q.conflictById(db, id))!;
  return (await presentAll(db, [c]))[0]!;
}

async function decideInTx(tx: Tx, id: number, action: 'dismiss' | 'resolve', essayId: number | undefined, note: string | null) {
  const c = await q.conflictById(tx, id, true);
  if (!c) throw notFound('署名冲突不存在');
  if (action === 'dismiss') {
    await q.decide(tx, id, { status: 'dismissed', rightEssayId: null, rightAuthor: null, note });
    return { verified: [], disputed: [], rightAuthor: null };
  }
  const members = await q.membersOf(tx, [id]);
  const right = members.find((m) => m.essayId === essayId);
  if (!right) throw invalid('essayId 这篇作品不在该署名冲突中');
  const live = members.filter((m) => m.status !== 'deleted');
  const verified = live.filter((m) => m.authorKey === right.authorKey).map((m) => m.essayId);
  const disputed = live.filter((m) => m.authorKey !== right.authorKey).map((m) => m.essayId);
  for (const e of verified) await decideAttributionInTx(tx, e, 'verified', note);
  const why = note ?? `与${named(right)}文字相同而署名不同，编辑考证作者为${right.author}`;
  for (const e of disputed) await decideAttributionInTx(tx, e, 'disputed', why.slice(0, 200));
  await q.decide(tx, id, { status: 'resolved', rightEssayId: right.essayId, rightAuthor: right.author, note });
  return { verified, disputed, rightAuthor: right.author };
}
