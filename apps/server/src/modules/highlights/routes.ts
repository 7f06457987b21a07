import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as highlights from './service.js';

export function highlightHandlers({ db, runtime }: ModuleDeps<'sensitive'>) {
  return defineHandlers({
    essayHighlights: async ({ query, caller }) => highlights.essayHighlights(db, query.essayId, caller.user?.id),
    addHighlight: async ({ me, body }) => highlights.addHighlight(db, runtime, me, body),
    setHighlightThought: async ({ me, params, body }) => highlights.setThought(db, runtime, me, params.id, body),
    removeHighlight: async ({ me, params }) => highlights.removeHighlight(db, me, params.id),
    myHighlights: async ({ me, query }) => highlights.myHighlights(db, me, query),
  });
}
