/**
 * `/globalSearch?type=mine`: the reader's own library searched, their 收藏夹 and their highlights and 想法. Each
 * source answers at most MINE_CAP matches (a reader's library is theirs alone, so it is read, not indexed); the
 * texts are merged, the most recently saved or marked first.
 */
import { TOTAL_CAP } from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { cappedTotal } from '../../lib/paging.js';
import { likePattern, toSimplified } from '../../lib/text.js';
import { searchMyCollections } from '../collections/index.js';
import { cardsOf, presentCard } from '../essays/index.js';
import { searchMyHighlights } from '../highlights/index.js';

const MINE_CAP = TOTAL_CAP;
/** Passages shown under one text. */
const MARKS_SHOWN = 5;

export async function searchMine(db: Db, viewerId: number | undefined, q: string, limit: number, offset: number) {
  if (!viewerId) throw new AppError('A0230', '登录后才能搜索自己的收藏与划线');
  const pattern = likePattern(toSimplified(q.normalize('NFKC')).trim());
  const [saved, marked] = await Promise.all([
    searchMyCollections(db, viewerId, pattern, MINE_CAP),
    searchMyHighlights(db, viewerId, pattern, MINE_CAP),
  ]);
  const byText = new Map<number, { at: number; folders: { id: number; name: string }[]; marks: (typeof marked)[number][] }>();
  for (const s of saved) byText.set(s.essayId, { at: s.at.getTime(), folders: s.folders, marks: [] });
  for (const m of marked) {
    const hit = byText.get(m.essayId) ?? { at: 0, folders: [], marks: [] };
    hit.at = Math.max(hit.at, m.at.getTime());
    hit.marks.push(m);
    byText.set(m.essayId, hit);
  }
  const order = [...byText.entries()].sort((a, b) => b[1].at - a[1].at || b[0] - a[0]);
  const pageIds = order.slice(offset, offset + limit).map(([id]) => id);
  const rows = await cardsOf(db, pageIds, viewerId);
  const complete = saved.length < MINE_CAP && marked.length < MINE_CAP;
  return {
    list: rows.map((r) => {
      const hit = byText.get(r.id!)!;
      return {
        kind: 'mine' as const,
        ...presentCard(r),
        folders: hit.folders,
        marks: hit.marks.slice(0, MARKS_SHOWN).map((m) => ({ id: m.id, quote: m.quote, thought: m.thought })),
      };
    }),
    ...(complete ? { total: order.length, totalCapped: false } : cappedTotal(order.length)),
  };
}
