import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import { actorOf } from '../audit/index.js';
import * as notes from './service.js';

export function noteHandlers({ db, runtime }: ModuleDeps<'broadcast' | 'sensitive'>) {
  return defineHandlers({
    essayNotes: async ({ query, caller }) => notes.listNotes(db, query.essayId, caller.user?.id),
    proposeNote: async ({ me, body }) => notes.proposeNote(db, runtime, me, body),
    adminNotesPage: async ({ me, query }) => notes.pageForReview(db, me, query),
    reviewNote: async ({ me, params, body }) => notes.reviewNote(db, runtime, me, params.id, body),
    noteHistory: async ({ me, params }) => notes.noteHistory(db, me, params.id),
    setNoteEditor: async ({ me, req, params, body }) => notes.setNoteEditor(db, runtime.broadcast, actorOf(me, req), params.id, body.on),
  });
}
