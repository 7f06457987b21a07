/** 作者与朝代: an author's page (a name in an era), their works, the dynasties and a dynasty's authors. */
import { defineDomain } from '../../../api/define.js';

const discovery = defineDomain('discovery');

/** The query of an author: the name, and the era when the address names one. */
const keyOf = (name: string, dynasty: string | null) => (dynasty === null ? { name } : { name, dynasty });

export const authorQueries = {
  /** Who the author is (an unknown one answers A0404, bad input A0400, both shown by the page). */
  detail: (name: string, dynasty: string | null) =>
    discovery.query('authorDetail', { query: keyOf(name, dynasty) }, { quietCodes: ['A0404', 'A0400'] }),
  /** Their published texts, most engaged-with first. */
  works: (name: string, dynasty: string | null, pageSize: number) =>
    discovery.paged('authorWorks', (pageNum) => ({ query: { ...keyOf(name, dynasty), pageNum, pageSize } }), {
      quietCodes: ['A0404', 'A0400'],
    }),
  /** The dynasties in reading order with their counts. */
  dynasties: () => ({ ...discovery.query('dynasties', {}), staleTime: 5 * 60_000 }),
  /** A dynasty's authors, most published first (an unknown dynasty answers A0400, shown by the page). */
  dynastyAuthors: (dynasty: string, pageSize: number) =>
    discovery.paged('dynastyAuthors', (pageNum) => ({ query: { dynasty, pageNum, pageSize } }), { quietCodes: ['A0400'] }),
};
