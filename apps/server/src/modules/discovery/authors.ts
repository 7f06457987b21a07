/**
 * Cited authors (李白, 陆游…): the `authors` table the triggers of migration 0012 keep (era, number of published
 * texts citing them), and an author's page (作者页): their texts by popularity, read along essays_work_author_idx.
 */
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { cappedTotal, exactTotal } from '../../lib/paging.js';
import { toSimplified } from '../../lib/text.js';
import { cardsOf } from '../essays/index.js';
import { presentCard } from '../essays/index.js';
import { authorPageIds, countCitingFor, findAuthor } from './queries.js';

export { authorPageSql, findAuthor, type AuthorRow } from './queries.js';

/** An author's name as typed in an address: Traditional or full width read as the stored Simplified. */
const authorName = (raw: string) => toSimplified(raw.normalize('NFKC')).trim();

/**
 * 作者页: who the author is and a page of the published texts citing them, most popular first (by
 * docs/rules.md#ranked-order: 静夜思 before a quote posted yesterday), without the texts of people the viewer blocked. The order is
 * essays_work_author_idx's own, so a page reads its rows and no more. The total is the maintained count (counted,
 * up to the cap, for a viewer who blocked someone).
 */
export async function authorPage(db: Db, rawName: string, limit: number, offset: number, viewerId?: number) {
  const author = await findAuthor(db, authorName(rawName));
  if (!author) throw notFound('没有找到这位作者的作品');
  const [ids, n] = await Promise.all([
    authorPageIds(db, author.name, limit, offset, viewerId),
    viewerId ? countCitingFor(db, author.name, viewerId) : null,
  ]);
  const cards = await cardsOf(
    db,
    ids.map((r) => r.id),
    viewerId,
  );
  return {
    author,
    list: cards.filter((r) => r.status === 'published').map(presentCard),
    ...(n === null || n === undefined ? exactTotal(author.works) : cappedTotal(Number(n))),
  };
}
