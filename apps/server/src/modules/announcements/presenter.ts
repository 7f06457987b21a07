import { htmlToText, summarize } from '../../lib/html.js';
import type { AnnouncementRow } from './queries.js';

/** A list item: the summary, not the body. */
export const presentAnnouncement = (a: AnnouncementRow, read: boolean) => ({
  id: a.id,
  title: a.title,
  summary: summarize(htmlToText(a.content), 100),
  pinned: a.pinned,
  publishedAt: a.publishedAt.toISOString(),
  read,
});

/** One announcement opened: with its body. */
export const presentAnnouncementFull = (a: AnnouncementRow, read: boolean) => ({ ...presentAnnouncement(a, read), content: a.content });
