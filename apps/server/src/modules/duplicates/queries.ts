import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type Exec } from '../../db/client.js';
import { columnName } from '../../db/names.js';
import { duplicatePairs, essays, textSignatures, users } from '../../db/schema.js';
import type { TextSignature } from '../../lib/signature.js';

export type PairKind = (typeof duplicatePairs.$inferSelect)['kind'];
export type PairStatus = (typeof duplicatePairs.$inferSelect)['status'];

/** A stored text a lookup found, with what it is compared on and what the writer is shown. */
export interface Candidate {
  id: number;
  status: (typeof essays.$inferSelect)['status'];
  title: string | null;
  source: string | null;
  summary: string;
  normalized: string;
}

/** A text's signature, written or replaced. */
export async function saveSignature(db: Exec, essayId: number, s: TextSignature) {
  const values = { normalized: s.normalized, digest: s.digest, han: s.han, bands: s.bands };
  await db
    .insert(textSignatures)
    .values({ essayId, ...values })
    .onConflictDoUpdate({ target: textSignatures.essayId, set: values });
}

/** Signatures of many texts at once (the importer's batch, the backfill's chunk); existing ones are replaced. */
export async function saveSignatures(db: Exec, rows: { essayId: number; signature: TextSignature }[]) {
  if (rows.length === 0) return;
  await db
    .insert(textSignatures)
    .values(
      rows.map((r) => ({
        essayId: r.essayId,
        normalized: r.signature.normalized,
        digest: r.signature.digest,
        han: r.signature.han,
        bands: r.signature.bands,
      })),
    )
    .onConflictDoUpdate({
      target: textSignatures.essayId,
      set: {
        normalized: sql`excluded.${columnName(textSignatures.normalized)}`,
        digest: sql`excluded.${columnName(textSignatures.digest)}`,
        han: sql`excluded.${columnName(textSignatures.han)}`,
        bands: sql`excluded.${columnName(textSignatures.bands)}`,
      },
    });
}

export async function dropSignature(db: Exec, essayId: number) {
  await db.delete(textSignatures).where(eq(textSignatures.essayId, essayId));
}

/** Texts one band key reaches at most (a key shared by more is a common opening, not a near-duplicate). */
const PER_BAND = 50;

/**
 * The stored texts (not deleted, not merged away) a lookup compares, in one statement of bounded reads:
 * - the texts with the same digest;
 * - with `grams` (5+ Han characters; lib/signature.ts bigramCode), the texts holding all those bigrams through the
 *   bigram index (shiju_bigram_codes, migration 0032) whose stored normalised body contains the words, shortest first, at most 20;
 * - with `bands`, the texts sharing the most LSH band keys, at most `nearLimit`: each key is looked up on its own (at
 *   most PER_BAND texts each, through the GIN index; an `&&` over all keys at once is estimated as a large share of
 *   the table and planned as a scan), then counted per text.
 */
export async function candidates(
  db: Exec,
  q: { digest: string; normalized: string; grams: number[] | null; bands: number[]; excludeId?: number; nearLimit: number },
): Promise<Candidate[]> {
  const ts = textSignatures;
  const parts = [sql`select ${ts.essayId} as text_id from ${ts} where ${ts.digest} = ${q.digest}`];
  if (q.grams && q.grams.length > 0)
    parts.push(sql`(select ${ts.essayId} from ${ts}
      where shiju_bigram_codes(${ts.normalized}) @> ${`{${q.grams.join(',')}}`}::int4[] and strpos(${ts.normalized}, ${q.normalized}) > 0
      order by length(${ts.normalized}), ${ts.essayId} limit 20)`);
  if (q.bands.length > 0)
    parts.push(sql`(select hit.text_id from unnest(${`{${q.bands.join(',')}}`}::int[]) as k(band_key)
      cross join lateral (select ${ts.essayId} as text_id from ${ts} where ${ts.bands} @> array[k.band_key] limit ${PER_BAND}) hit
      group by hit.text_id order by count(*) desc, hit.text_id limit ${q.nearLimit})`);
  const rows = await rowsOf<{
    id: number;
    status: Candidate['status'];
    title: string | null;
    source: string | null;
    summary: string;
    normalized: string;
  }>(
    db as Db,
    sql`
    with ids as (${sql.join(parts, sql` union `)})
    select ${essays.id} as id, ${essays.status} as status, ${essays.title} as title, ${essays.source} as source,
      ${essays.summary} as summary, ${ts.normalized} as normalized
    from ids join ${ts} on ${ts.essayId} = ids.text_id join ${essays} on ${essays.id} = ids.text_id
    where ${essays.status} <> 'deleted' and ${essays.mergedInto} is null and ${essays.id} <> ${q.excludeId ?? 0}`,
    // Prepared on PostgreSQL (planning cost more than running): every part is an index read whatever the values.
    true,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Records what a post was found to repeat (kept once per pair; a later finding updates it). */
export async function recordPairs(db: Exec, essayId: number, found: { matchId: number; kind: PairKind; similarity: number }[]) {
  if (found.length === 0) return;
  await db
    .insert(duplicatePairs)
    .values(found.map((f) => ({ essayId, matchId: f.matchId, kind: f.kind, similarity: f.similarity })))
    .onConflictDoNothing();
}

const posted = alias(essays, 'posted');
const matched = alias(essays, 'matched');
const postedBy = alias(users, 'posted_by');
const matchedBy = alias(users, 'matched_by');

const textColumns = (e: typeof posted | typeof matched, u: typeof postedBy | typeof matchedBy) => ({
  id: e.id,
  title: e.title,
  summary: e.summary,
  source: e.source,
  status: e.status,
  likes: e.likes,
  comments: e.comments,
  imitateOf: e.imitateOf,
  importKey: e.importKey,
  createdAt: e.createdAt,
  authorId: u.id,
  authorNickname: u.nickname,
  authorAvatar: u.avatar,
  authorUsername: u.username,
});

/** A page of the editors' duplicates list. */
export async function pairsPage(db: Exec, status: PairStatus, limit: number, offset: number) {
  const rows = await db
    .select({
      id: duplicatePairs.id,
      kind: duplicatePairs.kind,
      similarity: duplicatePairs.similarity,
      status: duplicatePairs.status,
      createdAt: duplicatePairs.createdAt,
      essay: textColumns(posted, postedBy),
      match: textColumns(matched, matchedBy),
    })
    .from(duplicatePairs)
    .innerJoin(posted, eq(posted.id, duplicatePairs.essayId))
    .innerJoin(matched, eq(matched.id, duplicatePairs.matchId))
    .innerJoin(postedBy, eq(postedBy.id, posted.authorId))
    .innerJoin(matchedBy, eq(matchedBy.id, matched.authorId))
    .where(eq(duplicatePairs.status, status))
    .orderBy(desc(duplicatePairs.createdAt), desc(duplicatePairs.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(duplicatePairs)
    .where(eq(duplicatePairs.status, status))) as [{ total: number }];
  return { rows, total };
}
export type PairRow = Awaited<ReturnType<typeof pairsPage>>['rows'][number];

export async function setPairStatus(db: Exec, id: number, status: PairStatus) {
  const rows = await db.update(duplicatePairs).set({ status }).where(eq(duplicatePairs.id, id)).returning({ id: duplicatePairs.id });
  return rows.length > 0;
}

/** After a merge: the pairs naming the merged text are settled, the rest stay. */
export async function settlePairsOf(db: Exec, essayId: number) {
  const rows = await db
    .update(duplicatePairs)
    .set({ status: 'merged' })
    .where(sql`${duplicatePairs.essayId} = ${essayId} or ${duplicatePairs.matchId} = ${essayId}`)
    .returning({ id: duplicatePairs.id });
  return rows.length;
}

/** Texts with ids in [lo, hi) without a signature (the backfill's next chunk), lowest ids first. */
export function unsigned(db: Exec, lo: number, hi: number, limit: number) {
  return db
    .select({ id: essays.id, type: essays.type, content: essays.content })
    .from(essays)
    .leftJoin(textSignatures, eq(textSignatures.essayId, essays.id))
    .where(
      and(
        sql`${essays.id} >= ${lo} and ${essays.id} < ${hi}`,
        isNull(textSignatures.essayId),
        sql`${essays.status} <> 'deleted'`,
        isNull(essays.mergedInto),
      ),
    )
    .orderBy(essays.id)
    .limit(limit);
}

export async function signatureOfId(db: Exec, essayId: number) {
  const rows = await db.select().from(textSignatures).where(eq(textSignatures.essayId, essayId)).limit(1);
  return rows[0] ?? null;
}
