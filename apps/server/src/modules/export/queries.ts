import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  blocks,
  classifications,
  collects,
  comments,
  essays,
  essayTags,
  follows,
  interests,
  likes,
  orders,
  products,
  tags,
  users,
} from '../../db/schema.js';

/** Everything one person put into the site or chose on it, for their copy (PIPL: a copy of one's data). */
export async function everythingOf(db: Db, userId: number) {
  const other = alias(users, 'other');
  /** The person's texts, but for those they deleted. */
  const ownTexts = and(eq(essays.authorId, userId), ne(essays.status, 'deleted'));
  const [profile] = await db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
      bio: users.bio,
      role: users.role,
      memberUntil: users.memberUntil,
      likesPublic: users.likesPublic,
      collectsPublic: users.collectsPublic,
      readingPrefs: users.readingPrefs,
      agreementVersion: users.agreementVersion,
      agreementAcceptedAt: users.agreementAcceptedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const texts = await db
    .select({
      id: essays.id,
      type: essays.type,
      title: essays.title,
      content: essays.content,
      source: essays.source,
      cover: essays.cover,
      status: essays.status,
      classification: classifications.name,
      imitateOf: essays.imitateOf,
      views: essays.views,
      likes: essays.likes,
      collects: essays.collects,
      comments: essays.comments,
      createdAt: essays.createdAt,
      publishedAt: essays.publishedAt,
    })
    .from(essays)
    .leftJoin(classifications, eq(classifications.id, essays.classificationId))
    .where(ownTexts)
    .orderBy(asc(essays.id));
  const textTags = await db
    .select({ essayId: essayTags.essayId, name: tags.name })
    .from(essayTags)
    .innerJoin(tags, eq(tags.id, essayTags.tagId))
    .innerJoin(essays, eq(essays.id, essayTags.essayId))
    .where(ownTexts);
  const said = await db
    .select({
      id: comments.id,
      essayId: comments.essayId,
      essayTitle: essays.title,
      rootId: comments.rootId,
      content: comments.content,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(essays, eq(essays.id, comments.essayId))
    .where(and(eq(comments.userId, userId), eq(comments.status, 'visible')))
    .orderBy(asc(comments.id));
  const reactions = async (table: typeof likes | typeof collects) =>
    db
      .select({ essayId: table.essayId, title: essays.title, summary: essays.summary, at: table.createdAt })
      .from(table)
      .innerJoin(essays, eq(essays.id, table.essayId))
      .where(eq(table.userId, userId))
      .orderBy(asc(table.createdAt));
  /** The people one follows, is followed by or blocked (`theirs` and `mine`: the link's two ends), oldest link first. */
  const people = async (table: typeof follows | typeof blocks, theirs: AnyPgColumn, mine: AnyPgColumn) =>
    db
      .select({ id: other.id, nickname: other.nickname, since: table.createdAt })
      .from(table)
      .innerJoin(other, eq(other.id, theirs))
      .where(eq(mine, userId))
      .orderBy(asc(table.createdAt));
  const following = await people(follows, follows.followeeId, follows.followerId);
  const followers = await people(follows, follows.followerId, follows.followeeId);
  const blocked = await people(blocks, blocks.blockedId, blocks.blockerId);
  const interestTags = await db
    .select({ id: tags.id, name: tags.name, since: interests.createdAt })
    .from(interests)
    .innerJoin(tags, eq(tags.id, interests.tagId))
    .where(eq(interests.userId, userId))
    .orderBy(asc(interests.createdAt));
  const bought = await db
    .select({
      orderNo: orders.orderNo,
      product: products.name,
      amountFen: orders.amount,
      status: orders.status,
      provider: orders.provider,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  return {
    profile: profile!,
    texts,
    textTags,
    said,
    liked: await reactions(likes),
    collected: await reactions(collects),
    following,
    followers,
    blocked,
    interestTags,
    bought,
  };
}

/**
 * The texts of a reader's library (their 收藏夹, their highlights) with what the library files show of them: only
 * those still public, or their own.
 */
export async function libraryTextsOf(db: Db, userId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: essays.id,
      type: essays.type,
      title: essays.title,
      content: essays.content,
      workAuthor: essays.workAuthor,
      dynasty: essays.dynasty,
      provenance: essays.provenance,
      source: essays.source,
      poster: users.nickname,
    })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .where(
      and(inArray(essays.id, ids), or(eq(essays.status, 'published'), and(eq(essays.authorId, userId), ne(essays.status, 'deleted')))),
    );
}
