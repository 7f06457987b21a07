/** The console's statements about texts: its page of every text, and the row it moderates. */
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CallParsed } from '@shiju/contract';
import type { Db, Exec, Tx } from '../../db/client.js';
import { classifications, essays, reports, users } from '../../db/schema.js';
import { likePattern } from '../../lib/text.js';
import { countUpTo, offsetOf, one, sortedBy, withTotal } from '../../lib/paging.js';

const openReports = sql<number>`(select count(*)::int from ${reports} where ${reports.targetType} = 'essay' and ${reports.targetId} = ${essays.id} and ${reports.status} = 'open')`;

function loadRows(db: Exec, where: SQL | undefined) {
  return db
    .select({
      e: essays,
      author: { id: users.id, username: users.username, nickname: users.nickname, avatar: users.avatar, status: users.status },
      classification: { id: classifications.id, name: classifications.name },
      openReports,
    })
    .from(essays)
    .innerJoin(users, eq(users.id, essays.authorId))
    .leftJoin(classifications, eq(classifications.id, essays.classificationId))
    .where(where);
}

/** A text as the console loads it: the row, its author, its classification and how many reports are open on it. */
export type AdminEssayLoaded = Awaited<ReturnType<typeof loadRows>>[number];

export function pageAll(db: Db, q: CallParsed<'adminEssaysPage'>['query']) {
  const like = q.keyword ? likePattern(q.keyword) : null;
  const where = and(
    q.status ? eq(essays.status, q.status) : ne(essays.status, 'deleted'),
    q.type ? eq(essays.type, q.type) : undefined,
    q.classificationId ? eq(essays.classificationId, q.classificationId) : undefined,
    q.authorId ? eq(essays.authorId, q.authorId) : undefined,
    like ? or(ilike(essays.title, like), ilike(essays.content, like), ilike(essays.source, like)) : undefined,
  );
  // The review queue is first come, first served; everything else newest first.
  const byDefault = q.status === 'pending' ? [asc(essays.updatedAt), asc(essays.id)] : [desc(essays.createdAt), desc(essays.id)];
  const order = sortedBy(
    q,
    { createdAt: essays.createdAt, publishedAt: essays.publishedAt, views: essays.views, likes: essays.likes, comments: essays.comments },
    essays.id,
    byDefault,
  );
  return withTotal(
    loadRows(db, where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    // Every text of the corpus is here: count up to the cap, never the whole table.
    countUpTo(db, db.select(one).from(essays).where(where).$dynamic()),
  );
}

export async function loadOne(db: Exec, id: number): Promise<AdminEssayLoaded | undefined> {
  const [row] = await loadRows(db, eq(essays.id, id)).limit(1);
  return row;
}

/** The text (not deleted), locked for the rest of the transaction. */
export async function lockEssay(tx: Tx, id: number) {
  const [e] = await tx
    .select()
    .from(essays)
    .where(and(eq(essays.id, id), ne(essays.status, 'deleted')))
    .for('update');
  return e;
}

export async function authorStatus(tx: Exec, authorId: number) {
  const [a] = await tx.select({ status: users.status }).from(users).where(eq(users.id, authorId));
  return a?.status;
}
