import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import { authorDynasty } from '../authors/index.js';
import { tagFitsQuote } from './collections.js';
import * as q from './queries.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

/** A–Z first, then '#'. */
function groupByLetter<T extends { letter: string }>(list: T[]) {
  const groups = new Map<string, T[]>();
  for (const t of list) {
    const letter = /^[A-Z]$/.test(t.letter) ? t.letter : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), t]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, tags]) => ({ letter, tags }));
}

export function tagHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'reader'>) {
  const { reader } = runtime;
  return defineHandlers({
    classificationTags: async ({ query, caller }) => {
      const read = await reader(caller.user?.id);
      if (!(await q.classificationExists(read, query.classificationId))) throw notFound('分类不存在');
      return q.firstLevelTagsOf(read, query.classificationId, query.pageSize, offsetOf(query));
    },
    secondLevelTags: async ({ query, caller }) => {
      const read = await reader(caller.user?.id);
      const parent = await q.findTag(read, query.parentId);
      if (!parent) throw notFound('标签不存在');
      return q.childTagsOf(read, query.parentId, query.pageSize, offsetOf(query));
    },
    tagLetters: async ({ query }) => {
      if (query.classificationId !== undefined && !(await q.classificationExists(db, query.classificationId))) throw notFound('分类不存在');
      const list = await q.tagsForIndex(db, query.classificationId);
      if (query.purpose === 'browse') return groupByLetter(list);
      // The editor's offer: collection tags only for a quote from that collection (collections.ts).
      const author = query.workAuthor || null;
      const quote = { author, work: query.workTitle || null, dynasty: await authorDynasty(db, author) };
      const names = new Map(list.map((t) => [t.id, t.name]));
      return groupByLetter(
        list.filter((t) => tagFitsQuote({ ...t, parentName: t.parentId === null ? null : (names.get(t.parentId) ?? null) }, quote)),
      );
    },
    adminTags: async () => admin.listTags(db),
    adminCreateTag: async ({ me, req, body }) => admin.createTag(db, actorOf(me, req), body),
    adminUpdateTag: async ({ me, req, params, body }) => admin.updateTag(db, runtime.broadcast, actorOf(me, req), params.id, body),
    adminDeleteTag: async ({ me, req, params }) => admin.deleteTag(db, runtime.broadcast, actorOf(me, req), params.id),
    adminMergeTag: async ({ me, req, params, body }) => admin.mergeTag(db, runtime.broadcast, actorOf(me, req), params.id, body.intoId),
  });
}
