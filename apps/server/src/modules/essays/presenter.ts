import type { Essay } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import * as q from './queries.js';

type Loaded = Awaited<ReturnType<typeof q.essaysWithAuthors>>[number];
type TagMap = Awaited<ReturnType<typeof q.tagsOfEssays>>;
type Flags = Awaited<ReturnType<typeof q.viewerFlags>>;

export function presentEssay({ essay: e, author }: Loaded, tags: TagMap, flags: Flags): Essay {
  return {
    id: e.id,
    type: e.type,
    title: e.title,
    summary: e.summary,
    source: e.source,
    cover: e.cover,
    status: e.status,
    classificationId: e.classificationId,
    tags: tags.get(e.id) ?? [],
    author: { id: author.id, nickname: author.nickname, avatar: author.avatar },
    imitateOf: e.imitateOf,
    views: e.views,
    likes: e.likes,
    collects: e.collects,
    comments: e.comments,
    imitations: e.imitations,
    liked: flags.liked.has(e.id),
    collected: flags.collected.has(e.id),
    createdAt: e.createdAt.toISOString(),
    publishedAt: e.publishedAt ? e.publishedAt.toISOString() : null,
  };
}

/** Essays by id, in the given order, shaped for lists (with tags and the viewer's flags). */
export async function presentEssays(db: Db, ids: number[], viewerId?: number): Promise<Essay[]> {
  const [rows, tags, flags] = await Promise.all([q.essaysWithAuthors(db, ids), q.tagsOfEssays(db, ids), q.viewerFlags(db, viewerId, ids)]);
  return rows.map((r) => presentEssay(r, tags, flags));
}
