import { defineHandlers } from '../../http/routes.js';
import { notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import { presentEssays } from '../essays/presenter.js';
import { frozenWeeks, weekEntries } from './bestWeek.js';
import * as interests from './interests.js';
import { rankIds } from './ranking.js';
import { search } from './search.js';

export const discoveryHandlers = defineHandlers({
  ranking: async ({ db, body, caller }) => {
    const ranked = await rankIds(db, body, body.pageSize, offsetOf(body));
    const essays = await presentEssays(
      db,
      ranked.map((r) => r.id),
      caller.user?.id,
    );
    const offset = offsetOf(body);
    return {
      list: essays.map((e, i) => ({ ...e, rank: offset + i + 1, score: ranked[i]!.score, engagement: ranked[i]!.engagement })),
      total: ranked[0]?.total ?? 0,
    };
  },
  bestWeek: async ({ db, query, caller }) => {
    const weeks = await frozenWeeks(db);
    const week = query.week ?? weeks[0] ?? null;
    if (!week) return { week: null, weeks, list: [] };
    if (!weeks.includes(week)) throw notFound('该周的精选尚未产生');
    const entries = await weekEntries(db, week);
    const essays = await presentEssays(
      db,
      entries.map((e) => e.essayId),
      caller.user?.id,
    );
    const byId = new Map(entries.map((e) => [e.essayId, e]));
    return { week, weeks, list: essays.map((e, i) => ({ ...e, rank: i + 1, note: byId.get(e.id)?.note ?? null })) };
  },
  search: async ({ db, query, caller }) => search(db, query.q, query.type, query.pageSize, offsetOf(query), caller.user?.id),
  getInterests: async ({ db, me }) => interests.getInterests(db, me.id),
  createInterests: async ({ db, me, body }) => interests.setInterests(db, me.id, body.tagIds),
  updateInterests: async ({ db, me, body }) => interests.setInterests(db, me.id, body.tagIds),
  hobbyPage: async ({ db, me, query }) => {
    const { ids, total } = await interests.feedIds(db, me.id, query.pageSize, offsetOf(query));
    return { list: await presentEssays(db, ids, me.id), total };
  },
  hobbyList: async ({ db, me }) => {
    const groups = await interests.newestPerInterest(db, me.id, 4);
    return Promise.all(groups.map(async (g) => ({ tag: g.tag, essays: await presentEssays(db, g.ids, me.id) })));
  },
});
