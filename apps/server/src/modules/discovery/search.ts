/** Site search over texts (jieba words in a tsvector), people (nickname/username) and tags. */
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tags, users } from '../../db/schema.js';
import { countUpTo, one } from '../../lib/paging.js';
import { searchWords } from '../../lib/search.js';
import { presentCard } from '../essays/presenter.js';
import { listPage } from '../essays/queries.js';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (m) => '\\' + m)}%`;

export async function search(db: Db, q: string, type: 'essay' | 'user' | 'tag', limit: number, offset: number, viewerId?: number) {
  const highlights = [...new Set([q.trim(), ...searchWords(q)])].filter(Boolean);
  const like = likePattern(q.trim());
  if (type === 'user') {
    const where = and(eq(users.status, 'active'), or(ilike(users.nickname, like), ilike(users.username, like)));
    const [list, total] = await Promise.all([
      db
        .select({
          id: users.id,
          nickname: users.nickname,
          avatar: users.avatar,
          bio: users.bio,
          followers: users.followerCount,
          essays: users.essayCount,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.followerCount), desc(users.id))
        .limit(limit)
        .offset(offset),
      countUpTo(db, db.select(one).from(users).where(where).$dynamic()),
    ]);
    return { list: list.map((u) => ({ kind: 'user' as const, ...u })), ...total, highlights };
  }
  if (type === 'tag') {
    const where = ilike(tags.name, like);
    const [list, total] = await Promise.all([
      db
        .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter, essayCount: tags.essayCount })
        .from(tags)
        .where(where)
        .orderBy(desc(tags.essayCount), desc(tags.id))
        .limit(limit)
        .offset(offset),
      countUpTo(db, db.select(one).from(tags).where(where).$dynamic()),
    ]);
    return { list: list.map((g) => ({ kind: 'tag' as const, ...g })), ...total, highlights };
  }
  // Texts: the GIN match ordered by hot score, cards and total in one statement; what the viewer marked 不感兴趣 stays
  // findable, since searching for it is asking for it.
  const { cards, total, totalCapped } = await listPage(db, { keyword: q.trim(), sort: 'hot', flagsFor: viewerId }, limit, offset);
  return { list: cards.map((c) => ({ kind: 'essay' as const, ...presentCard(c) })), total, totalCapped, highlights };
}
