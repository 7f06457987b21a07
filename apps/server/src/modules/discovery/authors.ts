/**
 * Cited authors (李白, 陆游…): the `authors` table the triggers of migration 0012 keep (era, number of published
 * texts citing them), and an author's page (作者页): their texts by popularity, read along essays_work_author_idx.
 */
import { TOTAL_CAP } from '@shiju/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { authors, essays } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { engagementSql } from '../../lib/engagement.js';
import { cappedTotal, exactTotal } from '../../lib/paging.js';
import { toSimplified } from '../../lib/text.js';
import { cardsOf } from '../essays/index.js';
import { presentCard } from '../essays/index.js';
import { blocksAnyone, notBlockedBy } from '../users/index.js';

export interface AuthorRow {
  name: string;
  dynasty: string | null;
  works: number;
}

/** An author some published text cites, or null. */
export async function findAuthor(db: Db, name: string): Promise<AuthorRow | null> {
  const [a] = await rowsOf<AuthorRow>(db, sql`select name, dynasty, works from ${authors} where name = ${name} and works > 0`);
  return a ?? null;
}

/** An author's name as typed in an address: Traditional or full width read as the stored Simplified. */
const authorName = (raw: string) => toSimplified(raw.normalize('NFKC')).trim();

/**
 * 作者页: who the author is and a page of the published texts citing them, most popular first (PRODUCT §6
 * engagement: 静夜思 before a quote posted yesterday), without the texts of people the viewer blocked. The order is
 * essays_work_author_idx's own, so a page reads its rows and no more. The total is the maintained count (counted,
 * up to the cap, for a viewer who blocked someone).
 */
/** Where an author page's texts are: published, citing the author, not by someone the viewer blocked. */
const citing = (name: string, viewerId?: number) =>
  sql`e.work_author = ${name} and e.status = 'published'${viewerId ? sql` and ${notBlockedBy(viewerId, sql`e.author_id`)}` : sql``}`;

/** The ids of a page of an author's texts, in essays_work_author_idx's order (most popular first). */
export const authorPageSql = (name: string, limit: number, offset: number, viewerId?: number) =>
  sql`select e.id from ${essays} e where ${citing(name, viewerId)} order by ${engagementSql('e')} desc, e.id desc limit ${limit} offset ${offset}`;

export async function authorPage(db: Db, rawName: string, limit: number, offset: number, viewerId?: number) {
  const author = await findAuthor(db, authorName(rawName));
  if (!author) throw notFound('没有找到这位作者的作品');
  const [ids, counted] = await Promise.all([
    rowsOf<{ id: number }>(db, authorPageSql(author.name, limit, offset, viewerId)),
    viewerId
      ? rowsOf<{ n: number | null }>(
          db,
          sql`select case when ${blocksAnyone(viewerId)}
            then (select count(*) from (select 1 from ${essays} e where ${citing(author.name, viewerId)} limit ${TOTAL_CAP + 1}) capped) end::int as n`,
        )
      : [],
  ]);
  const cards = await cardsOf(
    db,
    ids.map((r) => r.id),
    viewerId,
  );
  const n = counted[0]?.n;
  return {
    author,
    list: cards.filter((r) => r.status === 'published').map(presentCard),
    ...(n === null || n === undefined ? exactTotal(author.works) : cappedTotal(Number(n))),
  };
}
