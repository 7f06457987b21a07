/** Statements of 屏蔽 (muting): the reader's list, and the per-text condition the feeds, rankings and draws add. */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Exec } from '../../db/client.js';
import { aliased } from '../../db/names.js';
import { classifications, essayTags, mutes, tags, users } from '../../db/schema.js';

export type MuteRow = typeof mutes.$inferSelect;
export type MuteTarget = Pick<MuteRow, 'kind' | 'tagId' | 'classificationId' | 'mutedUserId' | 'authorName'>;

/** The reader's mutes, newest first, each with the name it is shown by (its tag's, classification's or poster's). */
export function mutesOf(db: Exec, userId: number) {
  return db
    .select({
      id: mutes.id,
      kind: mutes.kind,
      tagId: mutes.tagId,
      classificationId: mutes.classificationId,
      mutedUserId: mutes.mutedUserId,
      authorName: mutes.authorName,
      tagName: tags.name,
      classificationName: classifications.name,
      nickname: users.nickname,
      createdAt: mutes.createdAt,
    })
    .from(mutes)
    .leftJoin(tags, eq(tags.id, mutes.tagId))
    .leftJoin(classifications, eq(classifications.id, mutes.classificationId))
    .leftJoin(users, eq(users.id, mutes.mutedUserId))
    .where(eq(mutes.userId, userId))
    .orderBy(desc(mutes.createdAt), desc(mutes.id));
}
export type MuteListRow = Awaited<ReturnType<typeof mutesOf>>[number];

export async function countMutes(db: Exec, userId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(mutes).where(eq(mutes.userId, userId));
  return Number(r?.n ?? 0);
}

/** Adds a mute; an existing one for the same target stays (and nothing is returned). */
export async function insertMute(db: Exec, userId: number, t: MuteTarget) {
  const [row] = await db
    .insert(mutes)
    .values({ userId, ...t })
    .onConflictDoNothing()
    .returning({ id: mutes.id });
  return row?.id ?? null;
}

/** The reader's mute of this target, if any. */
export async function findMuteOf(db: Exec, userId: number, t: MuteTarget) {
  const target =
    t.kind === 'tag'
      ? eq(mutes.tagId, t.tagId!)
      : t.kind === 'classification'
        ? eq(mutes.classificationId, t.classificationId!)
        : t.kind === 'user'
          ? eq(mutes.mutedUserId, t.mutedUserId!)
          : eq(mutes.authorName, t.authorName!);
  const [row] = await db
    .select({ id: mutes.id })
    .from(mutes)
    .where(and(eq(mutes.userId, userId), target));
  return row?.id ?? null;
}

export async function findMute(db: Exec, id: number) {
  const [row] = await db.select().from(mutes).where(eq(mutes.id, id));
  return row ?? null;
}

export async function deleteMute(db: Exec, id: number) {
  await db.delete(mutes).where(eq(mutes.id, id));
}

/** For account deletion: the person's own mutes, and every other reader's mute of them as a poster. */
export async function dropMutesOf(db: Exec, userId: number) {
  await db.delete(mutes).where(eq(mutes.userId, userId));
  await db.delete(mutes).where(eq(mutes.mutedUserId, userId));
}

/** For the data export: what the person muted, by name. */
export async function exportMutes(db: Exec, userId: number) {
  return mutesOf(db, userId);
}

export async function tagExists(db: Db, id: number) {
  const [r] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id));
  return r !== undefined;
}
export async function classificationExists(db: Db, id: number) {
  const [r] = await db.select({ id: classifications.id }).from(classifications).where(eq(classifications.id, id));
  return r !== undefined;
}

const mu = alias(mutes, 'mu');
const mc = alias(mutes, 'mc');
const ma = alias(mutes, 'ma');
const mt = alias(mutes, 'mt');
const xt = alias(essayTags, 'xt');
const tt = alias(tags, 'tt');

/** The columns of a text the condition reads, from whatever alias the statement gives the essays table. */
export interface MutedColumns {
  id: AnyPgColumn | SQL;
  authorId: AnyPgColumn | SQL;
  classificationId: AnyPgColumn | SQL;
  workAuthor: AnyPgColumn | SQL;
}

/**
 * The condition "the viewer muted nothing this text is": not its poster, its classification, its 作者, nor any of
 * its tags (or a tag's first-level parent). Each part is a key probe of the viewer's unique index for that kind,
 * so a list pays four probes per entry it passes, as it pays one for blocks.
 */
export function notMutedBy(viewerId: number, e: MutedColumns): SQL {
  return sql`not exists (select 1 from ${aliased(mu)} where ${mu.userId} = ${viewerId} and ${mu.mutedUserId} = ${e.authorId})
    and not exists (select 1 from ${aliased(mc)} where ${mc.userId} = ${viewerId} and ${mc.classificationId} = ${e.classificationId})
    and not exists (select 1 from ${aliased(ma)} where ${ma.userId} = ${viewerId} and ${ma.authorName} = ${e.workAuthor})
    and not exists (select 1 from ${aliased(xt)} join ${aliased(tt)} on ${tt.id} = ${xt.tagId}
      join ${aliased(mt)} on ${mt.userId} = ${viewerId} and (${mt.tagId} = ${tt.id} or ${mt.tagId} = ${tt.parentId})
      where ${xt.essayId} = ${e.id})`;
}

/** Whether the viewer muted anything: guards work only a muter needs (a total counted without the muted texts). */
export function mutesAnything(viewerId: number): SQL {
  const mx = alias(mutes, 'mx');
  return sql`exists (select 1 from ${aliased(mx)} where ${mx.userId} = ${viewerId})`;
}
