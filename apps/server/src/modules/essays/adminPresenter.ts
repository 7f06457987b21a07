import { comments, essays, users } from '../../db/schema.js';
import { htmlToText } from '../../lib/html.js';
import { matchedWords } from './sensitive.js';

export interface AdminEssayLoaded {
  e: typeof essays.$inferSelect;
  author: Pick<typeof users.$inferSelect, 'id' | 'username' | 'nickname' | 'avatar' | 'status'>;
  classification: { id: number | null; name: string | null } | null;
  openReports: number;
}

export function presentAdminEssay(r: AdminEssayLoaded, sensitiveFile?: string) {
  const { e } = r;
  const text = e.type === 'essay' ? htmlToText(e.content) : e.content;
  return {
    id: e.id,
    type: e.type,
    title: e.title,
    summary: e.summary,
    content: e.content,
    source: e.source,
    cover: e.cover,
    status: e.status,
    statusReason: e.statusReason,
    classification:
      r.classification?.id && r.classification.name !== null ? { id: r.classification.id, name: r.classification.name } : null,
    author: r.author,
    views: e.views,
    likes: e.likes,
    collects: e.collects,
    comments: e.comments,
    imitations: e.imitations,
    sensitiveWords: matchedWords(`${e.title ?? ''} ${text} ${e.source ?? ''}`, sensitiveFile),
    openReports: r.openReports,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    publishedAt: iso(e.publishedAt),
  };
}

export type CommentRow = typeof comments.$inferSelect;
