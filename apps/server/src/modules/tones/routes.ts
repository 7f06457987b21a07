import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { notFound } from '../../http/errors.js';
import * as q from './queries.js';

export function toneHandlers({ db }: ModuleDeps) {
  return defineHandlers({
    essayTones: async ({ params }) => {
      const row = await q.storedTones(db, params.id);
      if (!row) throw notFound('文本不存在');
      return row;
    },
  });
}
