import { defineHandlers } from '../../http/routes.js';
import { notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import * as q from './queries.js';
import * as admin from './admin.js';
import { actorOf } from '../audit/index.js';

export const classificationHandlers = defineHandlers({
  classificationsPage: async ({ db, query }) => q.pageClassifications(db, query.pageSize, offsetOf(query)),
  classificationDetail: async ({ db, params }) => {
    const c = await q.findClassification(db, params.id);
    if (!c) throw notFound('分类不存在');
    return c;
  },
  adminClassifications: async ({ db }) => admin.listClassifications(db),
  adminCreateClassification: async ({ db, me, req, body }) => admin.createClassification(db, actorOf(me, req), body),
  adminUpdateClassification: async ({ db, me, req, params, body, runtime }) =>
    admin.updateClassification(db, runtime.broadcast, actorOf(me, req), params.id, body),
  adminDeleteClassification: async ({ db, me, req, params }) => admin.deleteClassification(db, actorOf(me, req), params.id),
});
