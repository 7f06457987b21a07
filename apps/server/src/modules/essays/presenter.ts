import type { Essay } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import * as q from './queries.js';

const iso = (t: Date | string) => new Date(t).toISOString();

/** The editor's reason travels with rejected and hidden texts only (which only their author and editors see). */
export const shownReason = (e: { status: q.EssayRow['status']; statusReason: string | null }) =>
  e.status === 'rejected' || e.status === 'hidden' ? e.statusReason : null;

/** A card row (text, author, tags and the viewer's flags from one statement) in the contract's shape. */
export function presentCard(r: q.CardRow): Essay {
  return {
    id: r.id!,
    type: r.type,
    title: r.title,
    summary: r.summary,
    source: r.source,
    workAuthor: r.work_author,
    workTitle: r.work_title,
    dynasty: r.dynasty,
    ownWork: r.original,
    imported: r.imported,
    postedByEditor: r.posted_by_editor,
    cover: r.cover,
    status: r.status,
    statusReason: shownReason({ status: r.status, statusReason: r.status_reason }),
    classificationId: r.classification_id,
    tags: r.tags,
    author: { id: r.author_id, nickname: r.author_nickname, avatar: r.author_avatar },
    imitateOf: r.imitate_of,
    views: r.views,
    likes: r.likes,
    collects: r.collects,
    comments: r.comments,
    imitations: r.imitations,
    liked: r.liked,
    collected: r.collected,
    createdAt: iso(r.created_at),
    publishedAt: r.published_at === null ? null : iso(r.published_at),
  };
}

/** Essays by id, in the given order, shaped for lists (with tags and the viewer's flags), in one round trip. */
export async function presentEssays(db: Db, ids: number[], viewerId?: number): Promise<Essay[]> {
  return (await q.cardsOf(db, ids, viewerId)).map(presentCard);
}

/** The details page of a text in one statement (with the viewer's flags when signed in); null when gone. */
export async function loadDetails(db: Db, id: number, viewerId?: number) {
  const [row, originalRow] = await q.detailsRows(db, id, viewerId);
  if (!row || row.status === 'deleted') return null;
  const card = presentCard(row);
  return {
    ...card,
    content: row.content,
    provenance: row.provenance,
    citation: row.citation,
    attributionStatus: row.attribution_status,
    originalTitle: row.original_title,
    originalContent: row.original_content,
    author: { ...card.author, bio: row.author_bio },
    classification:
      row.classification_id !== null && row.classification_name !== null
        ? { id: row.classification_id, name: row.classification_name }
        : null,
    following: row.following,
    original: originalRow?.status === 'published' ? presentCard(originalRow) : null,
    mergedInto: null as number | null,
  };
}

/** A text's details as every visitor sees them (the shared micro-cache's entries, cache.ts). */
export type PublicDetails = Awaited<ReturnType<typeof loadDetails>>;
