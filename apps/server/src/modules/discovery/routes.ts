import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import { presentCard, presentEssays } from '../essays/index.js';
import { authorPage } from './authors.js';
import * as authorProfiles from './authorProfiles.js';
import { frozenWeeks, weekEntries } from './bestWeek.js';
import * as interests from './interests.js';
import { rankingPage, readerRanking } from './ranking.js';
import { hotSearches, search, suggest } from './search.js';
import * as bestWeekAdmin from './bestWeekAdmin.js';
import { actorOf } from '../audit/index.js';
import type { FeedTotals } from './interests.js';
import type { RankingCache } from './ranking.js';
import type { SearchState } from './search.js';

export function discoveryHandlers({
  db,
  runtime,
}: ModuleDeps<'broadcast' | 'reader', { feedTotals: FeedTotals; rankings: RankingCache; search: SearchState }>) {
  const { reader } = runtime;
  return defineHandlers({
    ranking: async ({ body, caller }) => {
      const offset = offsetOf(body);
      const load = async (viewerId?: number) => {
        const { rows, ...total } = await rankingPage(await reader(viewerId), body, body.pageSize, offset, viewerId);
        return {
          list: rows.map((r, i) => ({ ...presentCard(r), rank: offset + i + 1, likers: r.likers, viewers: r.viewers })),
          ...total,
        };
      };
      const shared = () => runtime.rankings.get(JSON.stringify(body), () => load());
      if (!caller.user) return shared();
      const me = caller.user.id;
      return readerRanking(await reader(me), me, caller.blocksSomeone, shared, () => load(me));
    },
    bestWeek: async ({ query, caller }) => {
      const db = await reader(caller.user?.id);
      const weeks = await frozenWeeks(db);
      const week = query.week ?? weeks[0] ?? null;
      if (!week) return { week: null, weeks, list: [] };
      if (!weeks.includes(week)) throw notFound('该周的精选尚未产生');
      const entries = await weekEntries(db, week, true, caller.user?.id);
      const essays = await presentEssays(
        db,
        entries.map((e) => e.essayId),
        caller.user?.id,
      );
      const byId = new Map(entries.map((e) => [e.essayId, e]));
      return { week, weeks, list: essays.map((e, i) => ({ ...e, rank: i + 1, note: byId.get(e.id)?.note ?? null })) };
    },
    search: async ({ query, caller }) =>
      search(await reader(caller.user?.id), runtime.search, {
        q: query.q,
        type: query.type,
        limit: query.pageSize,
        offset: offsetOf(query),
        viewerId: caller.user?.id,
        blocksSomeone: caller.blocksSomeone,
        filter: { essayType: query.essayType, classificationId: query.classificationId, dynasty: query.dynasty },
      }),
    searchSuggest: async ({ query, caller }) => suggest(await reader(caller.user?.id), runtime.search, query.q, caller.user?.id),
    authorEssays: async ({ params, query, caller }) =>
      authorPage(await reader(caller.user?.id), params.name, query.pageSize, offsetOf(query), caller.user?.id),
    authorDetail: async ({ query }) => authorProfiles.authorDetail(await reader(), query.name, query.dynasty),
    authorWorks: async ({ query, caller }) =>
      authorProfiles.authorWorks(
        await reader(caller.user?.id),
        query.name,
        query.dynasty,
        query.pageSize,
        offsetOf(query),
        caller.user?.id,
      ),
    dynasties: async () => authorProfiles.dynasties(await reader()),
    dynastyAuthors: async ({ query }) => authorProfiles.dynastyAuthors(await reader(), query.dynasty, query.pageSize, offsetOf(query)),
    hotSearches: async () => hotSearches(await reader(), runtime.search),
    getInterests: async ({ me }) => interests.getInterests(db, me.id),
    createInterests: async ({ me, body }) => interests.setInterests(db, runtime.broadcast, me.id, body.tagIds),
    updateInterests: async ({ me, body }) => interests.setInterests(db, runtime.broadcast, me.id, body.tagIds),
    hobbyPage: async ({ me, query, caller }) => {
      const { cards, total, totalCapped } = await interests.feedPage(
        db,
        runtime.feedTotals,
        me.id,
        query.pageSize,
        offsetOf(query),
        caller.blocksSomeone,
      );
      return { list: cards.map(presentCard), total, totalCapped };
    },
    hobbyList: async ({ me }) => {
      const groups = await interests.newestPerInterest(db, me.id, 4);
      return groups.map((g) => ({ tag: g.tag, essays: g.cards.map(presentCard) }));
    },
    adminBestWeek: async ({ query }) => bestWeekAdmin.bestWeekFor(db, query.week),
    adminUpdateBestWeek: async ({ me, req, body }) => bestWeekAdmin.saveBestWeek(db, actorOf(me, req), body),
  });
}
