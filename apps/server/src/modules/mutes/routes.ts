import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as mutes from './service.js';

/** 屏蔽: the reader's list, muting and unmuting. */
export function muteHandlers({ db, runtime }: ModuleDeps<'broadcast'>) {
  return defineHandlers({
    myMutes: async ({ me }) => mutes.mine(db, me),
    createMute: async ({ me, body }) => mutes.create(db, runtime.broadcast, me, body),
    deleteMute: async ({ me, params }) => mutes.remove(db, runtime.broadcast, me, params.id),
  });
}
