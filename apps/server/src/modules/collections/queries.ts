import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Exec, type Tx } from '../../db/client.js';
import { collectionFolders as f, collectionFollows as cf, collectionItems as ci, collects, essays, users } from '../../db/schema.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';
import { likePattern } from '../../lib/text.js';
import type { CallParsed } from '@shiju/contract';
import { alias } from 'drizzle-orm/pg-core';
import { aliased, columnName, columnNames } from '../../db/names.js';
import { notBlockedBy } from '../users/index.js';

/** Aliases for subqueries: a loose collect, and an item and folder that already hold its text. */
const lc = alias(collects, 'lc');
const hi = alias(ci, 'hi');
const hf = alias(f, 'hf');

export type FolderRow = typeof f.$inferSelect;
export type FolderWithOwner = FolderRow & { ownerNickname: string; ownerAvatar: string | null };

const withOwner = {
  id: f.id,
  userId: f.userId,
  name: f.name,
  description: f.description,
  cover: f.cover,
  isPublic: f.isPublic,
  isDefault: f.isDefault,
  position: f.position,
  itemCount: f.itemCount,
  followerCount: f.followerCount,
  hiddenAt: f.hiddenAt,
  createdAt: f.createdAt,
  updatedAt: f.updatedAt,
  ownerNickname: users.nickname,
  ownerAvatar: users.avatar,
};

export async function findFolder(db: Exec, id: number): Promise<FolderWithOwner | undefined> {
  const [row] = await db.select(withOwner).from(f).innerJoin(users, eq(users.id, f.userId)).where(eq(f.id, id));
  return row;
}

/** A user's folders in their order; only the public ones that no editor hid when `publicOnly`. */
export async function foldersOf(db: Exec, userId: number, publicOnly: boolean): Promise<FolderWithOwner[]> {
  return db
    .select(withOwner)
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(and(eq(f.userId, userId), publicOnly ? and(eq(f.isPublic, true), sql`${f.hiddenAt} is null`) : undefined))
    .orderBy(desc(f.isDefault), asc(f.position), asc(f.id));
}

export async function countFolders(db: Exec, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .where(eq(f.userId, userId));
  return r?.n ?? 0;
}

/** The user's default folder, made when missing (a partial unique index keeps it one). */
export async function ensureDefault(db: Exec, userId: number, name: string): Promise<FolderRow> {
  const find = () =>
    db
      .select()
      .from(f)
      .where(and(eq(f.userId, userId), eq(f.isDefault, true)));
  const [found] = await find();
  if (found) return found;
  await db.insert(f).values({ userId, name, isDefault: true, position: -1 }).onConflictDoNothing();
  const [made] = await find();
  return made!;
}

/**
 * Collects made without a folder (the corpus import writes `collects` directly) go into the default folder, so that
 * every collected text sits in at least one folder.
 */
export async function adoptLooseCollects(db: Db, userId: number, defaultId: number) {
  const added = await rowsOf<{ essay_id: number }>(
    db,
    sql`insert into ${ci} (${columnNames(ci.folderId, ci.essayId, ci.position, ci.createdAt)})
    select ${defaultId}, ${lc.essayId}, -extract(epoch from ${lc.createdAt}), ${lc.createdAt} from ${aliased(lc)}
    where ${lc.userId} = ${userId} and not exists (
      select 1 from ${aliased(hi)} join ${aliased(hf)} on ${hf.id} = ${hi.folderId}
      where ${hf.userId} = ${userId} and ${hi.essayId} = ${lc.essayId})
    on conflict do nothing returning ${columnName(ci.essayId)}`,
  );
  if (added.length) await refreshItemCount(db, defaultId);
}

export async function refreshItemCount(db: Exec, folderId: number) {
  await db
    .update(f)
    .set({ itemCount: sql`(select count(*)::int from ${ci} where ${ci.folderId} = ${folderId})` })
    .where(eq(f.id, folderId));
}

export async function insertFolder(db: Exec, v: typeof f.$inferInsert): Promise<FolderRow> {
  const [row] = await db.insert(f).values(v).returning();
  return row!;
}

export async function nextPosition(db: Exec, userId: number): Promise<number> {
  const [r] = await db
    .select({ p: sql<number>`coalesce(max(${f.position}), 0)::int` })
    .from(f)
    .where(eq(f.userId, userId));
  return (r?.p ?? 0) + 1;
}

export async function updateFolder(db: Exec, id: number, set: Partial<typeof f.$inferInsert>) {
  await db
    .update(f)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(f.id, id));
}

export async function setHidden(db: Exec, id: number, hidden: boolean) {
  const rows = await db
    .update(f)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(f.id, id))
    .returning({ id: f.id });
  return rows.length > 0;
}

export async function deleteFolder(tx: Tx, id: number): Promise<number[]> {
  const items = await tx.delete(ci).where(eq(ci.folderId, id)).returning({ essayId: ci.essayId });
  await tx.delete(f).where(eq(f.id, id));
  return items.map((r) => r.essayId);
}

export async function setPositions(tx: Tx, userId: number, ids: number[]) {
  for (const [i, id] of ids.entries())
    await tx
      .update(f)
      .set({ position: i + 1 })
      .where(and(eq(f.id, id), eq(f.userId, userId)));
}

/** Which of these folders hold the text. */
export async function foldersHolding(db: Exec, userId: number, essayId: number): Promise<number[]> {
  const rows = await db
    .select({ id: ci.folderId })
    .from(ci)
    .innerJoin(f, eq(f.id, ci.folderId))
    .where(and(eq(f.userId, userId), eq(ci.essayId, essayId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Which of these texts are still in any of the user's folders. */
export async function stillHeld(db: Exec, userId: number, essayIds: number[]): Promise<Set<number>> {
  if (!essayIds.length) return new Set();
  const rows = await db
    .selectDistinct({ id: ci.essayId })
    .from(ci)
    .innerJoin(f, eq(f.id, ci.folderId))
    .where(and(eq(f.userId, userId), inArray(ci.essayId, essayIds)));
  return new Set(rows.map((r) => r.id));
}

/** Puts texts first in a folder (those already there stay where they are); answers the ones really added. */
export async function addItems(tx: Tx, folderId: number, essayIds: number[], at = new Date()): Promise<number[]> {
  if (!essayIds.length) return [];
  const [m] = await tx
    .select({ p: sql<number>`coalesce(min(${ci.position}), 0)::float8` })
    .from(ci)
    .where(eq(ci.folderId, folderId));
  const top = Number(m?.p ?? 0);
  const added = await tx
    .insert(ci)
    .values(essayIds.map((essayId, i) => ({ folderId, essayId, position: top - essayIds.length + i, createdAt: at })))
    .onConflictDoNothing()
    .returning({ id: ci.essayId });
  if (added.length)
    await tx
      .update(f)
      .set({ itemCount: sql`${f.itemCount} + ${added.length}`, updatedAt: at })
      .where(eq(f.id, folderId));
  return added.map((r) => r.id);
}

export async function removeItems(tx: Tx, folderId: number, essayIds: number[]): Promise<number[]> {
  if (!essayIds.length) return [];
  const gone = await tx
    .delete(ci)
    .where(and(eq(ci.folderId, folderId), inArray(ci.essayId, essayIds)))
    .returning({ id: ci.essayId });
  if (gone.length)
    await tx
      .update(f)
      .set({ itemCount: sql`greatest(${f.itemCount} - ${gone.length}, 0)` })
      .where(eq(f.id, folderId));
  return gone.map((r) => r.id);
}

/** Takes a text out of every folder of the user. */
export async function removeFromAll(tx: Tx, userId: number, essayId: number) {
  const held = await foldersHolding(tx, userId, essayId);
  for (const id of held) await removeItems(tx, id, [essayId]);
}

export async function itemPosition(db: Exec, folderId: number, essayId: number): Promise<number | null> {
  const [r] = await db
    .select({ p: ci.position })
    .from(ci)
    .where(and(eq(ci.folderId, folderId), eq(ci.essayId, essayId)));
  return r ? r.p : null;
}

/** The position just after `after` (between it and the next one), or before the first when `after` is null. */
export async function positionAfter(db: Exec, folderId: number, after: number | null, moving: number): Promise<number> {
  if (after === null) {
    const [m] = await db
      .select({ p: sql<number>`coalesce(min(${ci.position}), 0)::float8` })
      .from(ci)
      .where(and(eq(ci.folderId, folderId), ne(ci.essayId, moving)));
    return Number(m?.p ?? 0) - 1;
  }
  const [next] = await db
    .select({ p: ci.position })
    .from(ci)
    .where(and(eq(ci.folderId, folderId), gt(ci.position, after), ne(ci.essayId, moving)))
    .orderBy(asc(ci.position))
    .limit(1);
  return next ? (after + next.p) / 2 : after + 1;
}

export async function setItemPosition(db: Exec, folderId: number, essayId: number, position: number) {
  await db
    .update(ci)
    .set({ position })
    .where(and(eq(ci.folderId, folderId), eq(ci.essayId, essayId)));
}

/** Published texts of a folder in its order (without those of people the viewer blocked). */
export async function pageItemIds(db: Db, folderId: number, limit: number, offset: number, viewerId?: number) {
  const where = and(
    eq(ci.folderId, folderId),
    eq(essays.status, 'published'),
    viewerId ? notBlockedBy(viewerId, essays.authorId) : undefined,
  );
  const { rows, ...total } = await withTotal(
    db
      .select({ id: ci.essayId })
      .from(ci)
      .innerJoin(essays, eq(essays.id, ci.essayId))
      .where(where)
      .orderBy(asc(ci.position), desc(ci.createdAt))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(ci).innerJoin(essays, eq(essays.id, ci.essayId)).where(where).$dynamic()),
  );
  return { ids: rows.map((r) => r.id), ...total };
}

/**
 * Texts a user collected that another may see: those in a public folder no editor hid (the seed's /othersCollect,
 * now that folders can be private), most recent first.
 */
export async function pagePublicCollectIds(db: Db, userId: number, limit: number, offset: number, viewerId?: number) {
  const visible = sql`exists (select 1 from ${aliased(hi)} join ${aliased(hf)} on ${hf.id} = ${hi.folderId}
    where ${hf.userId} = ${userId} and ${hf.isPublic} and ${hf.hiddenAt} is null and ${hi.essayId} = ${collects.essayId})`;
  const where = and(
    eq(collects.userId, userId),
    eq(essays.status, 'published'),
    visible,
    viewerId ? notBlockedBy(viewerId, essays.authorId) : undefined,
  );
  const { rows, ...total } = await withTotal(
    db
      .select({ id: collects.essayId })
      .from(collects)
      .innerJoin(essays, eq(essays.id, collects.essayId))
      .where(where)
      .orderBy(desc(collects.createdAt))
      .limit(limit)
      .offset(offset),
    countUpTo(db, db.select(one).from(collects).innerJoin(essays, eq(essays.id, collects.essayId)).where(where).$dynamic()),
  );
  return { ids: rows.map((r) => r.id), ...total };
}

export async function followingSet(db: Exec, userId: number | undefined, folderIds: number[]): Promise<Set<number>> {
  if (!userId || !folderIds.length) return new Set();
  const rows = await db
    .select({ id: cf.folderId })
    .from(cf)
    .where(and(eq(cf.userId, userId), inArray(cf.folderId, folderIds)));
  return new Set(rows.map((r) => r.id));
}

export async function setFollow(db: Db, userId: number, folderId: number, on: boolean) {
  return db.transaction(async (tx) => {
    const changed = on
      ? await tx.insert(cf).values({ userId, folderId }).onConflictDoNothing().returning({ id: cf.folderId })
      : await tx
          .delete(cf)
          .where(and(eq(cf.userId, userId), eq(cf.folderId, folderId)))
          .returning({ id: cf.folderId });
    if (changed.length)
      await tx
        .update(f)
        .set({ followerCount: sql`greatest(${f.followerCount} + ${on ? 1 : -1}, 0)` })
        .where(eq(f.id, folderId));
    return changed.length > 0;
  });
}

/** Ends every follow of one person's folders by the other, both ways (blocking). */
export async function endFollowsBetween(tx: Tx, a: number, b: number) {
  for (const [follower, owner] of [
    [a, b],
    [b, a],
  ] as const) {
    const gone = await tx
      .delete(cf)
      .where(and(eq(cf.userId, follower), sql`${cf.folderId} in (select ${f.id} from ${f} where ${f.userId} = ${owner})`))
      .returning({ id: cf.folderId });
    for (const { id } of gone)
      await tx
        .update(f)
        .set({ followerCount: sql`greatest(${f.followerCount} - 1, 0)` })
        .where(eq(f.id, id));
  }
}

/** Account deletion: the person's follows end (their counters move), then their folders go (items and followers with them). */
export async function dropAllOf(tx: Tx, userId: number) {
  const gone = await tx.delete(cf).where(eq(cf.userId, userId)).returning({ id: cf.folderId });
  for (const { id } of gone)
    await tx
      .update(f)
      .set({ followerCount: sql`greatest(${f.followerCount} - 1, 0)` })
      .where(eq(f.id, id));
  await tx.delete(f).where(eq(f.userId, userId));
}

/**
 * Followers of a folder not yet told today (Shanghai day `day`): marks them told and answers them, so a follower
 * hears at most once a day, across all the folders they follow.
 */
export async function claimFollowersToTell(tx: Tx, folderId: number, day: string): Promise<number[]> {
  const told = alias(cf, 'told');
  const rows = await tx
    .update(cf)
    .set({ notifiedOn: day })
    .where(
      and(
        eq(cf.folderId, folderId),
        sql`(${cf.notifiedOn} is null or ${cf.notifiedOn} <> ${day})`,
        // Once a day per follower, whichever of their followed folders grew first.
        sql`not exists (select 1 from ${aliased(told)} where ${told.userId} = ${cf.userId} and ${told.notifiedOn} = ${day})`,
      ),
    )
    .returning({ id: cf.userId });
  return rows.map((r) => r.id);
}

/** 收藏夹更新: texts added, since the follow began, to the public folders the user follows; newest first. */
export async function pageUpdates(db: Db, userId: number, limit: number, offset: number) {
  const where = and(
    eq(cf.userId, userId),
    eq(f.isPublic, true),
    sql`${f.hiddenAt} is null`,
    eq(users.collectsPublic, true),
    eq(users.status, 'active'),
    gt(ci.createdAt, cf.createdAt),
    eq(essays.status, 'published'),
    notBlockedBy(userId, essays.authorId),
    notBlockedBy(userId, f.userId),
  );
  const base = () =>
    db
      .select({
        folderId: f.id,
        essayId: ci.essayId,
        at: ci.createdAt,
        name: f.name,
        ownerId: f.userId,
        nickname: users.nickname,
        avatar: users.avatar,
      })
      .from(cf)
      .innerJoin(f, eq(f.id, cf.folderId))
      .innerJoin(users, eq(users.id, f.userId))
      .innerJoin(ci, eq(ci.folderId, f.id))
      .innerJoin(essays, eq(essays.id, ci.essayId));
  const { rows, ...total } = await withTotal(
    base().where(where).orderBy(desc(ci.createdAt), desc(ci.essayId)).limit(limit).offset(offset),
    countUpTo(
      db,
      db
        .select(one)
        .from(cf)
        .innerJoin(f, eq(f.id, cf.folderId))
        .innerJoin(users, eq(users.id, f.userId))
        .innerJoin(ci, eq(ci.folderId, f.id))
        .innerJoin(essays, eq(essays.id, ci.essayId))
        .where(where)
        .$dynamic(),
    ),
  );
  return { rows, ...total };
}

/** For the data export: each folder with its texts in order. */
export async function exportOf(db: Db, userId: number) {
  const folders = await db.select().from(f).where(eq(f.userId, userId)).orderBy(desc(f.isDefault), asc(f.position), asc(f.id));
  const items = await db
    .select({ folderId: ci.folderId, essayId: ci.essayId, title: essays.title, summary: essays.summary, at: ci.createdAt })
    .from(ci)
    .innerJoin(f, eq(f.id, ci.folderId))
    .innerJoin(essays, eq(essays.id, ci.essayId))
    .where(eq(f.userId, userId))
    .orderBy(asc(ci.position));
  const following = await db
    .select({ name: f.name, ownerId: f.userId, since: cf.createdAt })
    .from(cf)
    .innerJoin(f, eq(f.id, cf.folderId))
    .where(eq(cf.userId, userId))
    .orderBy(asc(cf.createdAt));
  const mine = folders.map((x) => ({
    id: x.id,
    name: x.name,
    description: x.description,
    cover: x.cover,
    isPublic: x.isPublic,
    isDefault: x.isDefault,
    createdAt: x.createdAt,
    texts: items.filter((i) => i.folderId === x.id).map(({ folderId: _, ...i }) => i),
  }));
  return { folders: mine, following };
}

/** Public folders with texts, of active owners who show their collections, after `after` by id (the sitemap). */
export async function publicFoldersAfter(db: Exec, after: number, limit: number) {
  return db
    .select({ id: f.id, updatedAt: f.updatedAt })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(
      and(
        gt(f.id, after),
        eq(f.isPublic, true),
        sql`${f.hiddenAt} is null`,
        gt(f.itemCount, 0),
        eq(users.collectsPublic, true),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(f.id))
    .limit(limit);
}

/** Editors' report queue: the folders reported, with their owners. */
export async function reportTargets(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: f.id,
      name: f.name,
      description: f.description,
      hiddenAt: f.hiddenAt,
      ownerId: users.id,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(inArray(f.id, ids));
}

/** The console's table of every folder: found by name, description or owner; public, private or hidden. */
export function pageAll(db: Db, q: CallParsed<'adminCollectionsPage'>['query']) {
  const k = q.keyword ? likePattern(q.keyword) : undefined;
  const where = and(
    k ? or(ilike(f.name, k), ilike(f.description, k), ilike(users.nickname, k), ilike(users.username, k)) : undefined,
    q.state === 'hidden' ? isNotNull(f.hiddenAt) : undefined,
    q.state === 'public' ? and(eq(f.isPublic, true), isNull(f.hiddenAt)) : undefined,
    q.state === 'private' ? eq(f.isPublic, false) : undefined,
  );
  return withTotal(
    db
      .select(withOwner)
      .from(f)
      .innerJoin(users, eq(users.id, f.userId))
      .where(where)
      .orderBy(
        ...sortedBy(q, { createdAt: f.createdAt, itemCount: f.itemCount, followerCount: f.followerCount }, f.id, [
          desc(f.createdAt),
          desc(f.id),
        ]),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    countUpTo(db, db.select(one).from(f).innerJoin(users, eq(users.id, f.userId)).where(where).$dynamic()),
  );
}

/**
 * `type=mine` search: the texts in the reader's folders whose title, text or cited author has the pattern (public
 * ones, or their own), newest addition first, with the folders that hold each; at most `cap`.
 */
export async function searchMine(db: Db, userId: number, pattern: string, cap: number) {
  return db
    .select({
      essayId: ci.essayId,
      at: sql<Date>`max(${ci.createdAt})`.mapWith(ci.createdAt),
      folders: sql<
        { id: number; name: string }[]
      >`json_agg(json_build_object('id', ${f.id}, 'name', ${f.name}) order by ${f.position}, ${f.id})`,
    })
    .from(ci)
    .innerJoin(f, eq(f.id, ci.folderId))
    .innerJoin(essays, eq(essays.id, ci.essayId))
    .where(
      and(
        eq(f.userId, userId),
        or(eq(essays.status, 'published'), eq(essays.authorId, userId)),
        or(ilike(essays.title, pattern), ilike(essays.content, pattern), ilike(essays.workAuthor, pattern)),
      ),
    )
    .groupBy(ci.essayId)
    .orderBy(sql`max(${ci.createdAt}) desc`, desc(ci.essayId))
    .limit(cap);
}
