/** Statements of the personal feed and the reader's interests. */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TOTAL_CAP } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { aliased, columnName } from '../../db/names.js';
import { essays, essayTags, interests, tags, uninterested } from '../../db/schema.js';
import { notBlockedBy } from '../users/index.js';
import { cardPage, type CardRow } from '../essays/index.js';
import { mutesAnything, notMutedBy } from '../mutes/index.js';

export async function interestIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: interests.tagId }).from(interests).where(eq(interests.userId, userId)).orderBy(interests.createdAt);
  return rows.map((r) => r.id);
}

export async function replaceInterests(db: Db, userId: number, tagIds: number[]) {
  await db.transaction(async (tx) => {
    await tx.delete(interests).where(eq(interests.userId, userId));
    await tx.insert(interests).values(tagIds.map((tagId) => ({ userId, tagId })));
  });
}

const e = alias(essays, 'e');
const et = alias(essayTags, 'et');
const u = alias(uninterested, 'u');
/**
 * Derived tables, named by the table whose columns they carry: `t(tag_id)` the reader's interest tags, `x` a tag's
 * page of essay_tags rows, and `m(tag_id, n)` the tags asked for in order.
 */
const t = alias(interests, 't');
const x = alias(essayTags, 'x');
const m = alias(essayTags, 'm');

/** Interest tags and their children: a first-level interest brings its second-level tags along. */
function interestTagIds(userId: number) {
  return sql`(select ${interests.tagId} from ${interests} where ${interests.userId} = ${userId}
    union select ${tags.id} from ${tags} join ${interests} on ${interests.tagId} = ${tags.parentId} where ${interests.userId} = ${userId})`;
}

const feedable = (userId: number) =>
  and(
    eq(essays.status, 'published'),
    ne(essays.authorId, userId),
    sql`not exists (select 1 from ${uninterested} where ${uninterested.userId} = ${userId} and ${uninterested.essayId} = ${essays.id})`,
    notBlockedBy(userId, essays.authorId),
    notMutedBy(userId, essays),
  );

/**
 * Texts under the reader's interest tags that the feed may show, as (essay_id, published_at): for each tag, its `n`
 * newest qualifying texts by that tag's index, merged. The feed's first `n` are among them (each is among the first
 * `n` of its own tag), so a page costs `n` index entries per tag however large the tags are.
 */
function feedCandidates(userId: number, n: number, blocksSomeone: boolean) {
  return sql`select distinct ${x.essayId}, ${x.publishedAt} from ${interestTagIds(userId)} t(${columnName(t.tagId)}) cross join lateral (
    select ${et.essayId}, ${et.publishedAt} from ${aliased(et)} join ${aliased(e)} on ${e.id} = ${et.essayId}
    where ${et.tagId} = ${t.tagId} and ${et.publishedAt} is not null and ${e.authorId} <> ${userId}
      and not exists (select 1 from ${aliased(u)} where ${u.userId} = ${userId} and ${u.essayId} = ${et.essayId})
      ${blocksSomeone ? sql`and ${notBlockedBy(userId, e.authorId)}` : sql``}
      and ${notMutedBy(userId, { id: et.essayId, authorId: e.authorId, classificationId: e.classificationId, workAuthor: e.workAuthor })}
    order by ${et.publishedAt} desc, ${et.essayId} desc limit ${n}) x`;
}

/**
 * A page of the feed as cards, newest first, and its total: `keptTotal` when the caller kept one, else counted in the
 * same statement.
 */
export function feedRows(db: Db, userId: number, limit: number, offset: number, blocksSomeone: boolean, keptTotal: number | undefined) {
  const ids = sql`select id, row_number() over () as ord from (
    select essay_id as id from (${feedCandidates(userId, offset + limit, blocksSomeone)}) c order by published_at desc, essay_id desc limit ${limit} offset ${offset}) w`;
  // Counted up to the cap on the tags' index alone (no lookup of each text), less the reader's own texts there.
  const counted = sql`select distinct ${x.essayId} from ${interestTagIds(userId)} t(${columnName(t.tagId)}) cross join lateral (
    select ${et.essayId} from ${aliased(et)} where ${et.tagId} = ${t.tagId} and ${et.publishedAt} is not null
      and not exists (select 1 from ${aliased(u)} where ${u.userId} = ${userId} and ${u.essayId} = ${et.essayId})
    order by ${et.publishedAt} desc, ${et.essayId} desc limit ${TOTAL_CAP + 1}) x`;
  const own = sql`select count(*) from ${aliased(e)} where ${e.authorId} = ${userId} and ${e.status} = 'published'
    and exists (select 1 from ${aliased(et)} where ${et.essayId} = ${e.id} and ${et.tagId} in ${interestTagIds(userId)})
    and not exists (select 1 from ${aliased(u)} where ${u.userId} = ${userId} and ${u.essayId} = ${e.id})`;
  // A reader who muted something has the muted texts left out of the count too (each entry looks its text up).
  const mutedOut = sql`select distinct ${x.essayId} from ${interestTagIds(userId)} t(${columnName(t.tagId)}) cross join lateral (
    select ${et.essayId} from ${aliased(et)} join ${aliased(e)} on ${e.id} = ${et.essayId}
    where ${et.tagId} = ${t.tagId} and ${et.publishedAt} is not null and ${e.authorId} <> ${userId}
      and not exists (select 1 from ${aliased(u)} where ${u.userId} = ${userId} and ${u.essayId} = ${et.essayId})
      and ${notMutedBy(userId, { id: et.essayId, authorId: e.authorId, classificationId: e.classificationId, workAuthor: e.workAuthor })}
    order by ${et.publishedAt} desc, ${et.essayId} desc limit ${TOTAL_CAP + 1}) x`;
  const plain = sql`((select count(*) from (${counted}) c) - (${own}))`;
  const total =
    keptTotal !== undefined
      ? sql`${keptTotal}`
      : sql`(case when ${mutesAnything(userId)} then (select count(*) from (${mutedOut}) c) else ${plain} end)`;
  return cardPage(db, ids, userId, { total });
}

/** The reader's interest tags, in the order they were chosen. */
export function interestTags(db: Db, userId: number) {
  return db
    .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter })
    .from(interests)
    .innerJoin(tags, eq(tags.id, interests.tagId))
    .where(eq(interests.userId, userId))
    .orderBy(interests.createdAt);
}

/** The newest `per` texts under each of these tags the reader's feed may show, as cards with their tag. */
export function newestPerTag(db: Db, userId: number, tagIds: number[], per: number) {
  // Each tag's own index in publish order (essay_tags keeps a copy of the key), `per` texts deep.
  const ids = sql`select ${x.essayId} as id, row_number() over (order by m.n, ${x.publishedAt} desc, ${x.essayId} desc) as ord, ${m.tagId}
    from unnest(${sql`array[${sql.join(
      tagIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`}) with ordinality as m(${columnName(m.tagId)}, n)
    cross join lateral (
      select ${essayTags.essayId}, ${essayTags.publishedAt} from ${essayTags}
      join ${essays} on ${essays.id} = ${essayTags.essayId}
      where ${essayTags.tagId} = ${m.tagId} and ${isNotNull(essayTags.publishedAt)} and ${feedable(userId)}
      order by ${essayTags.publishedAt} desc, ${essayTags.essayId} desc limit ${per}) x`;
  return cardPage<CardRow & Pick<typeof essayTags.$inferSelect, 'tagId'>>(db, ids, userId, { pageColumns: { tagId: m.tagId } });
}
