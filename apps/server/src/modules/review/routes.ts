import { defineHandlers } from '../../http/routes.js';
import type { ModuleDeps } from '../deps.js';
import * as review from './service.js';

/** 每日回顾: today's cards, answers (also a batch made offline), settings, streak and heat map. */
export function reviewHandlers({ db, runtime }: ModuleDeps<'now'>) {
  return defineHandlers({
    reviewToday: async ({ me }) => review.today(db, runtime, me),
    reviewSettings: async ({ me, body }) => review.saveSettings(db, me, body),
    reviewAnswers: async ({ me, body }) => review.answer(db, runtime, me, body),
    reviewStats: async ({ me }) => review.stats(db, runtime, me),
  });
}
