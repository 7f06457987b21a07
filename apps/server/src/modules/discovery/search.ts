/** Site search over texts (jieba words in a tsvector), people (nickname/username) and tags. */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { essays, tags, users } from '../../db/schema.js';
import { searchQueryOf, searchWords } from '../../lib/search.js';
import { presentEssays } from '../essays/presenter.js';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;

export async function search(db: Db, q: string, type: 'essay' | 'user' | 'tag', limit: number, offset: number, viewerId?: number) {
  const highlights = [...new Set([q.trim(), ...searchWords(q)])].filter(Boolean);
  const like = likePattern(q.trim());
  if (type === 'user') {
    const where = and(eq(users.status, 'active'), or(ilike(users.nickname, like), ilike(users.username, like)));
    const [list, [n]] = await Promise.all([
      db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, bio: users.bio, followers: users.followerCount, essays: users.essayCount })
        .from(users)
        .where(where)
        .orderBy(desc(users.followerCount), desc(users.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
    ]);
    return { list, total: n?.n ?? 0, highlights };
  }
  if (type === 'tag') {
    const where = ilike(tags.name, like);
    const [list, [n]] = await Promise.all([
      db
        .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter, essayCount: tags.essayCount })
        .from(tags)
        .where(where)
        .orderBy(desc(tags.essayCount), desc(tags.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(tags).where(where),
    ]);
    return { list, total: n?.n ?? 0, highlights };
  }
  const tsq = searchQueryOf(q);
  const match = tsq ? or(sql`${essays.searchVector} @@ ${tsq}`, ilike(essays.title, like)) : ilike(essays.title, like);
  const where = and(eq(essays.status, 'published'), match);
  const [rows, [n]] = await Promise.all([
    db.select({ id: essays.id }).from(essays).where(where).orderBy(desc(essays.hotScore), desc(essays.id)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(essays).where(where),
  ]);
  return { list: await presentEssays(db, rows.map((r) => r.id), viewerId), total: n?.n ?? 0, highlights };
}
