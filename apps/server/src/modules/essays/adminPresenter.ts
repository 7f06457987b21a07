import { iso } from '../../lib/time.js';
import type { AdminEssayLoaded } from './adminQueries.js';
import { htmlToText } from '../../lib/html.js';
import type { SensitiveWords } from '../../lib/sensitive.js';

export function presentAdminEssay(r: AdminEssayLoaded, sensitive: SensitiveWords) {
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
    sensitiveWords: sensitive.matched(`${e.title ?? ''} ${text} ${e.source ?? ''}`),
    openReports: r.openReports,
    previousReason: e.status === 'pending' ? e.statusReason : null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    publishedAt: iso(e.publishedAt),
  };
}
