import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Exec } from '../../db/client.js';
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

const candidateColumns = {
  id: essays.id,
  status: essays.status,
  title: essays.title,
  source: essays.source,
  summary: essays.summary,
  normalized: textSignatures.normalized,
};

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

/** Texts that can be matched: not deleted, not merged away. */
const live = and(sql`${essays.status} <> 'deleted'`, isNull(essays.mergedInto));
const notId = (excludeId: number | undefined) => (excludeId ? sql`${essays.id} <> ${excludeId}` : sql`true`);

/** Texts with the same normalised words (by digest, then compared). */
export function sameText(db: Exec, digest: string, excludeId?: number): Promise<Candidate[]> {
  return db
    .select(candidateColumns)
    .from(textSignatures)
    .innerJoin(essays, eq(essays.id, textSignatures.essayId))
    .where(and(eq(textSignatures.digest, digest), live, notId(excludeId)))
    .orderBy(sql`${essays.status} = 'published' desc`, essays.id)
    .limit(10);
}

/**
 * Texts that contain the normalised words: the bigram index (shiju_bigrams, migration 0030) narrows them to the
 * texts holding all of `grams`, and the stored normalised body confirms the words stand together.
 */
export function containing(db: Exec, normalized: string, grams: string[], excludeId?: number): Promise<Candidate[]> {
  const wanted = `{${grams.join(',')}}`;
  return db
    .select(candidateColumns)
    .from(textSignatures)
    .innerJoin(essays, eq(essays.id, textSignatures.essayId))
    .where(
      and(
        sql`shiju_bigrams(${textSignatures.normalized}) @> ${wanted}::text[]`,
        sql`strpos(${textSignatures.normalized}, ${normalized}) > 0`,
        live,
        notId(excludeId),
      ),
    )
    .orderBy(sql`${essays.status} = 'published' desc`, sql`length(${textSignatures.normalized})`, essays.id)
    .limit(10);
}

/** Texts one band key reaches at most (a key shared by more is a common opening, not a near-duplicate). */
const PER_BAND = 50;

/**
 * Texts sharing at least one LSH band key with these, the most shared first, at most `limit`. Each key is looked up
 * on its own (at most PER_BAND texts each, through the GIN index: an `&&` over all keys at once is estimated as a
 * large share of the table and planned as a scan), then counted per text.
 */
export async function sharingBands(db: Exec, bands: number[], excludeId: number | undefined, limit: number): Promise<Candidate[]> {
  const wanted = `{${bands.join(',')}}`;
  const ids = (
    await db.execute<{ id: number }>(sql`
      select hit.essay_id as id from unnest(${wanted}::int[]) as k(key)
      cross join lateral (
        select ${textSignatures.essayId} as essay_id from ${textSignatures}
        where ${textSignatures.bands} @> array[k.key] limit ${PER_BAND}
      ) hit
      group by hit.essay_id order by count(*) desc, hit.essay_id limit ${limit * 2}`)
  ).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select(candidateColumns)
    .from(textSignatures)
    .innerJoin(essays, eq(essays.id, textSignatures.essayId))
    .where(and(inArray(essays.id, ids), live, notId(excludeId)));
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).slice(0, limit);
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

/** Texts without a signature (the backfill's next chunk), lowest ids first. */
export function unsigned(db: Exec, limit: number) {
  return db
    .select({ id: essays.id, type: essays.type, content: essays.content })
    .from(essays)
    .leftJoin(textSignatures, eq(textSignatures.essayId, essays.id))
    .where(and(isNull(textSignatures.essayId), sql`${essays.status} <> 'deleted'`, isNull(essays.mergedInto)))
    .orderBy(essays.id)
    .limit(limit);
}

export async function signatureOfId(db: Exec, essayId: number) {
  const rows = await db.select().from(textSignatures).where(eq(textSignatures.essayId, essayId)).limit(1);
  return rows[0] ?? null;
}
