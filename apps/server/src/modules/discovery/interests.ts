import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { essays, essayTags, interests, tags, uninterested } from '../../db/schema.js';
import { invalid } from '../../http/errors.js';
import { existingTagIds } from '../tags/queries.js';

export async function getInterests(db: Db, userId: number) {
  const rows = await db.select({ id: interests.tagId }).from(interests).where(eq(interests.userId, userId)).orderBy(interests.createdAt);
  return { tagIds: rows.map((r) => r.id) };
}

/** Replaces the caller's interest tags (the first choice and every later edit alike). */
export async function setInterests(db: Db, userId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  const found = await existingTagIds(db, unique);
  const missing = unique.filter((id) => !found.includes(id));
  if (missing.length) throw invalid(`tagIds 标签不存在：${missing.join(', ')}`);
  if (unique.length < 3) throw invalid('tagIds 请至少选择 3 个不同的兴趣标签');
  await db.transaction(async (tx) => {
    await tx.delete(interests).where(eq(interests.userId, userId));
    await tx.insert(interests).values(unique.map((tagId) => ({ userId, tagId })));
  });
  return getInterests(db, userId);
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
  );

export async function feedIds(db: Db, userId: number, limit: number, offset: number) {
  const where = and(feedable(userId), sql`exists (select 1 from ${essayTags} where ${essayTags.essayId} = ${essays.id} and ${essayTags.tagId} in ${interestTagIds(userId)})`);
  const [rows, [n]] = await Promise.all([
    db.select({ id: essays.id }).from(essays).where(where).orderBy(desc(essays.publishedAt), desc(essays.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(essays).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: n?.n ?? 0 };
}

/** For each interest tag, its newest few texts. */
export async function newestPerInterest(db: Db, userId: number, per: number) {
  const mine = await db
    .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter })
    .from(interests)
    .innerJoin(tags, eq(tags.id, interests.tagId))
    .where(eq(interests.userId, userId))
    .orderBy(interests.createdAt);
  const out = [];
  for (const tag of mine) {
    const rows = await db
      .select({ id: essays.id })
      .from(essays)
      .innerJoin(essayTags, eq(essayTags.essayId, essays.id))
      .where(and(feedable(userId), inArray(essayTags.tagId, [tag.id])))
      .orderBy(desc(essays.publishedAt), desc(essays.id))
      .limit(per);
    out.push({ tag, ids: rows.map((r) => r.id) });
  }
  return out;
}
