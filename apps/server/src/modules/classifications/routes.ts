import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import * as q from './queries.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export function classificationHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'reader'>) {
  const { reader } = runtime;
  return defineHandlers({
    classificationsPage: async ({ query, caller }) => q.pageClassifications(await reader(caller.user?.id), query.pageSize, offsetOf(query)),
    classificationDetail: async ({ params, caller }) => {
      const c = await q.findClassification(await reader(caller.user?.id), params.id);
      if (!c) throw notFound('分类不存在');
      return c;
    },
    adminClassifications: async () => admin.listClassifications(db),
    adminCreateClassification: async ({ me, req, body }) => admin.createClassification(db, actorOf(me, req), body),
    adminUpdateClassification: async ({ me, req, params, body }) =>
      admin.updateClassification(db, runtime.broadcast, actorOf(me, req), params.id, body),
    adminDeleteClassification: async ({ me, req, params }) => admin.deleteClassification(db, actorOf(me, req), params.id),
  });
}
