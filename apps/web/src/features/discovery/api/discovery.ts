import type { CallInput, SearchType } from '@shiju/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { defineDomain } from '../../../api/define.js';

const discovery = defineDomain('discovery');

type RankingBody = NonNullable<CallInput<'ranking'>['body']>;

export const discoveryQueries = {
  /** The top of a ranking (sidebars, hot searches). */
  rankingTop: (period: RankingBody['period'], pageSize: number) => discovery.query('ranking', { body: { period, pageNum: 1, pageSize } }),
  ranking: (filter: Omit<RankingBody, 'pageNum' | 'pageSize'>, pageSize: number) =>
    discovery.paged('ranking', (pageNum) => ({ body: { ...filter, pageNum, pageSize } })),
  /** One week's best texts (the latest without a week); the picker stays on screen while the next loads. */
  bestWeek: (week?: string) => ({
    ...discovery.query('bestWeek', { query: week ? { week } : {} }, { quietCodes: ['A0404'] }),
    placeholderData: keepPreviousData,
  }),
  /** Text results can be narrowed by facets (句子/美文, classification, era). */
  search: (q: string, type: SearchType, pageSize: number, facets: SearchFacetFilter = {}) =>
    discovery.paged('search', (pageNum) => ({ query: { q, type, pageNum, pageSize, ...facets } })),
  /** 作者页: the texts citing an author, hottest first (an author nobody cites answers A0404, shown by the page). */
  authorEssays: (name: string, pageSize: number) =>
    discovery.paged('authorEssays', (pageNum) => ({ params: { name }, query: { pageNum, pageSize } }), { quietCodes: ['A0404'] }),
  /** As-you-type suggestions: a background call, no loading mask and no error toast. */
  suggest: (q: string) => ({ ...discovery.query('searchSuggest', { query: { q } }, { quietCodes: ['A0400'] }), staleTime: 60_000 }),
  /** 热门搜索 (aggregated counts), quietly. */
  hotSearches: () => ({ ...discovery.query('hotSearches', {}), staleTime: 5 * 60_000 }),
};

export interface SearchFacetFilter {
  essayType?: 'sentence' | 'essay';
  classificationId?: number;
  dynasty?: string;
}
