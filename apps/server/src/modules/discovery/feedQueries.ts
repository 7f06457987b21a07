/** Statements of the personal feed and the reader's interests. */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { TOTAL_CAP } from '@shiju/contract';
import { rowsOf, type Db } from '../../db/client.js';
import { essays, essayTags, interests, tags, uninterested } from '../../db/schema.js';
import { notBlockedBy } from '../users/index.js';
import { cardsSql, type CardRow } from '../essays/index.js';

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
  );

/**
 * Texts under the reader's interest tags that the feed may show, as (essay_id, published_at): for each tag, its `n`
 * newest qualifying texts by that tag's index, merged. The feed's first `n` are among them (each is among the first
 * `n` of its own tag), so a page costs `n` index entries per tag however large the tags are.
 */
function feedCandidates(userId: number, n: number, blocksSomeone: boolean) {
  return sql`select distinct x.essay_id, x.published_at from ${interestTagIds(userId)} t(tag_id) cross join lateral (
    select et.essay_id, et.published_at from ${essayTags} et join ${essays} e on e.id = et.essay_id
    where et.tag_id = t.tag_id and et.published_at is not null and e.author_id <> ${userId}
      and not exists (select 1 from ${uninterested} u where u.user_id = ${userId} and u.essay_id = et.essay_id)
      ${blocksSomeone ? sql`and ${notBlockedBy(userId, sql`e.author_id`)}` : sql``}
    order by et.published_at desc, et.essay_id desc limit ${n}) x`;
}

/**
 * A page of the feed as cards, newest first, and its total: `keptTotal` when the caller kept one, else counted in the
 * same statement.
 */
export function feedRows(db: Db, userId: number, limit: number, offset: number, blocksSomeone: boolean, keptTotal: number | undefined) {
  const ids = sql`select id, row_number() over () as ord from (
    select essay_id as id from (${feedCandidates(userId, offset + limit, blocksSomeone)}) c order by published_at desc, essay_id desc limit ${limit} offset ${offset}) w`;
  // Counted up to the cap on the tags' index alone (no lookup of each text), less the reader's own texts there.
  const counted = sql`select distinct x.essay_id from ${interestTagIds(userId)} t(tag_id) cross join lateral (
    select et.essay_id from ${essayTags} et where et.tag_id = t.tag_id and et.published_at is not null
      and not exists (select 1 from ${uninterested} u where u.user_id = ${userId} and u.essay_id = et.essay_id)
    order by et.published_at desc, et.essay_id desc limit ${TOTAL_CAP + 1}) x`;
  const own = sql`select count(*) from ${essays} e where e.author_id = ${userId} and e.status = 'published'
    and exists (select 1 from ${essayTags} et where et.essay_id = e.id and et.tag_id in ${interestTagIds(userId)})
    and not exists (select 1 from ${uninterested} u where u.user_id = ${userId} and u.essay_id = e.id)`;
  const total = keptTotal !== undefined ? sql`${keptTotal}` : sql`((select count(*) from (${counted}) c) - (${own}))`;
  return rowsOf<CardRow>(db, cardsSql(ids, userId, { total }));
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
  const ids = sql`select x.id, row_number() over (order by m.n, x.published_at desc, x.id desc) as ord, m.tag_id
    from unnest(${sql`array[${sql.join(
      tagIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`}) with ordinality as m(tag_id, n)
    cross join lateral (
      select ${essayTags.essayId} as id, ${essayTags.publishedAt} as published_at from ${essayTags}
      join ${essays} on ${essays.id} = ${essayTags.essayId}
      where ${essayTags.tagId} = m.tag_id and ${isNotNull(essayTags.publishedAt)} and ${feedable(userId)}
      order by ${essayTags.publishedAt} desc, ${essayTags.essayId} desc limit ${per}) x`;
  return rowsOf<CardRow & { tag_id: number }>(db, cardsSql(ids, userId, { pageColumns: sql`, p.tag_id` }));
}
