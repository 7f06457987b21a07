import { defineHandlers } from '../../http/routes.js';
import { notFound } from '../../http/errors.js';
import { offsetOf } from '../../lib/paging.js';
import * as q from './queries.js';

export const classificationHandlers = defineHandlers({
  classificationsPage: async ({ db, query }) => q.pageClassifications(db, query.pageSize, offsetOf(query)),
  classificationDetail: async ({ db, params }) => {
    const c = await q.findClassification(db, params.id);
    if (!c) throw notFound('分类不存在');
    return c;
  },
});
