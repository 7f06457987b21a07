/**
 * Duplicates found before posting (docs/duplicates.md): a text is compared with the library by its signature
 * (lib/signature.ts) — the same words (digest), words contained in a longer text (the bigram index, then the stored
 * normalised body), and near-duplicates of 20+ characters (LSH band keys, then bigram Jaccard similarity).
 */
import { LIMITS } from '@shiju/contract';
import type { Db, Exec } from '../../db/client.js';
import { maxEssayId } from '../../db/ids.js';
import { invalid, notFound } from '../../http/errors.js';
import { charCount, htmlToText, refuseUnboundedMarkup } from '../../lib/html.js';
import { CONTAIN_MIN, containmentGrams, relationOf, signatureOf, type TextSignature } from '../../lib/signature.js';
import { rest } from '../../lib/pace.js';
import { offsetOf } from '../../lib/paging.js';
import { recordPostConflicts } from '../conflicts/index.js';
import * as q from './queries.js';

/** How many LSH candidates one lookup compares at most (the lookup's cost is bounded by it). */
export const NEAR_CANDIDATES = 20;

export interface Found {
  id: number;
  status: q.Candidate['status'];
  title: string | null;
  source: string | null;
  summary: string;
  kind: q.PairKind;
  similarity: number;
}

/** The plain words of a text as written: a 美文's HTML is read as text. */
export const plainOf = (type: 'sentence' | 'essay', content: string) => (type === 'essay' ? htmlToText(content) : content);

/**
 * Every stored text (not deleted, not merged away, any status) the words repeat, the closest first: the same words,
 * words contained in it (5+ Han characters), or nearly the same words (20+ characters).
 */
export async function findDuplicates(db: Exec, sig: TextSignature, excludeId?: number): Promise<Found[]> {
  const found = new Map<number, Found>();
  const rank = { exact: 0, contained: 1, near: 2 };
  const add = (c: q.Candidate, kind: q.PairKind, sim: number) => {
    const had = found.get(c.id);
    if (!had || rank[kind] < rank[had.kind])
      found.set(c.id, { id: c.id, status: c.status, title: c.title, source: c.source, summary: c.summary, kind, similarity: sim });
  };
  if (!sig.normalized) return [];
  const candidates = await q.candidates(db, {
    digest: sig.digest,
    normalized: sig.normalized,
    grams: sig.han >= CONTAIN_MIN ? containmentGrams(sig.normalized) : null,
    bands: sig.bands,
    excludeId,
    nearLimit: NEAR_CANDIDATES,
  });
  for (const c of candidates) {
    const r = relationOf(sig, c);
    if (r) add(c, r.kind, r.similarity);
  }
  return [...found.values()].sort((a, b) => rank[a.kind] - rank[b.kind] || b.similarity - a.similarity || a.id - b.id);
}

/** What the writer is told: only published texts are named. */
export function writerView(found: Found[]) {
  const matches = found
    .filter((f) => f.status === 'published')
    .slice(0, 5)
    .map((f) => ({ id: f.id, title: f.title, source: f.source, summary: f.summary, kind: f.kind, similarity: f.similarity }));
  const first = matches[0];
  return { message: first ? `这段文字已收录：《${first.title ?? first.summary}》` : null, matches };
}

/** The editor's check call: the words against the library, only published texts named. */
export async function checkWords(db: Db, body: { content: string; type: 'sentence' | 'essay'; excludeId?: number }) {
  // The words are read out of the HTML as a post's would be: bounded first, as every write that takes markup, and
  // no longer than a text may be (the signature's work grows with the words).
  if (body.type === 'essay') refuseUnboundedMarkup(body.content, 'content');
  const plain = plainOf(body.type, body.content);
  if (charCount(plain) > LIMITS.essayContentChars) throw invalid(`content 内容不能超过 ${LIMITS.essayContentChars} 字`);
  return writerView(await findDuplicates(db, signatureOf(plain), body.excludeId));
}

/**
 * On a post (a text published or sent to review): refuses the exact words of a published text, otherwise answers what
 * the writer is shown and what editors are to see. Drafts are not checked.
 */
export async function checkPost(db: Exec, plain: string, excludeId?: number) {
  const sig = signatureOf(plain);
  const found = await findDuplicates(db, sig, excludeId);
  const exact = found.find((f) => f.kind === 'exact' && f.status === 'published');
  if (exact) throw invalid(`content 这段文字已收录：《${exact.title ?? exact.summary}》`);
  return { sig, found, shown: writerView(found) };
}

/**
 * After the text is stored: its signature, what it repeats for the editors' list, and the texts it repeats that name
 * another author (署名冲突, modules/conflicts).
 */
export async function afterPost(db: Exec, essayId: number, sig: TextSignature, found: Found[]) {
  await q.saveSignature(db, essayId, sig);
  await q.recordPairs(
    db,
    essayId,
    found.map((f) => ({ matchId: f.id, kind: f.kind, similarity: f.similarity })),
  );
  await recordPostConflicts(db, essayId, found);
}

/** Writes a text's signature from its stored content (a draft saved, an edit, an editor's change). */
export async function writeSignature(db: Exec, essayId: number, type: 'sentence' | 'essay', content: string) {
  await q.saveSignature(db, essayId, signatureOf(plainOf(type, content)));
}

/** How many ids each step of the signatures' walk covers. */
const SIGNATURE_SPAN = 5_000;

/**
 * Fills in the signatures of texts stored before they existed, `chunk` texts per transaction. The library is walked
 * by id, a span at a time, resting after each step as long as it took (lib/pace.ts): finding nothing to sign on a
 * full corpus still reads both tables, and reading them at a stretch held the database for over a second at a start.
 */
export async function backfillSignatures(db: Db, chunk = 200, maxChunks = Infinity) {
  let done = 0;
  let chunks = 0;
  const end = (await maxEssayId(db)) + 1;
  for (let lo = 0; lo < end && chunks < maxChunks; lo += SIGNATURE_SPAN) {
    for (;;) {
      const started = Date.now();
      const rows = await q.unsigned(db, lo, lo + SIGNATURE_SPAN, chunk);
      if (rows.length > 0) {
        await db.transaction((tx) =>
          q.saveSignatures(
            tx,
            rows.map((r) => ({ essayId: r.id, signature: signatureOf(plainOf(r.type, r.content)) })),
          ),
        );
        done += rows.length;
        chunks++;
      }
      await rest(started, 0.5);
      if (rows.length < chunk || chunks >= maxChunks) break;
    }
  }
  return { signed: done };
}

const adminText = (t: q.PairRow['essay']) => ({
  id: t.id,
  title: t.title,
  summary: t.summary,
  source: t.source,
  status: t.status,
  author: { id: t.authorId, nickname: t.authorNickname, avatar: t.authorAvatar, username: t.authorUsername },
  likes: t.likes,
  comments: t.comments,
  imitateOf: t.imitateOf,
  importKey: t.importKey,
  createdAt: t.createdAt.toISOString(),
});

export async function pairsPage(db: Db, query: { pageNum: number; pageSize: number; status: q.PairStatus }) {
  const { rows, total } = await q.pairsPage(db, query.status, query.pageSize, offsetOf(query));
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      similarity: r.similarity,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      essay: adminText(r.essay),
      match: adminText(r.match),
    })),
    total,
    totalCapped: false,
  };
}

export async function dismissPair(db: Exec, id: number) {
  if (!(await q.setPairStatus(db, id, 'dismissed'))) throw notFound('记录不存在');
  return { ok: true as const };
}

export { settlePairsOf, dropSignature } from './queries.js';
