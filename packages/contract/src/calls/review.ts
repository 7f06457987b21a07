import { z } from 'zod';
import { REVIEW_LIMITS, REVIEW_RATINGS, REVIEW_SOURCES } from '../core.js';
import { inDomain, route, Timestamp } from '../schema.js';

/**
 * 每日回顾 and 默写: a reader who opts in gets a few of their saved lines a day, scheduled by ts-fsrs (忘了 = Again,
 * 模糊 = Hard, 记得 = Good); days end at midnight Asia/Shanghai.
 */
export const ReviewCard = z.object({
  id: z.number().int(),
  source: z.enum(REVIEW_SOURCES),
  essayId: z.number().int(),
  /** The line to recall (a collected sentence, or a highlight's passage). */
  text: z.string(),
  /** 出处 as the text's page shows it (李白《静夜思》), or null. */
  credit: z.string().nullable(),
  /** Today's answer, once given (the last one by answer time). */
  answered: z.enum(REVIEW_RATINGS).nullable(),
  /** When ts-fsrs next wants it. */
  due: Timestamp,
});
export type ReviewCard = z.infer<typeof ReviewCard>;

export const ReviewToday = z.object({
  enabled: z.boolean(),
  dailyCards: z.number().int(),
  /** The Shanghai day these cards are for (YYYY-MM-DD). */
  day: z.string(),
  cards: z.array(ReviewCard),
  /** Days in a row (ending today, or yesterday while today is not done) with at least one answer. */
  streak: z.number().int(),
});
export type ReviewToday = z.infer<typeof ReviewToday>;

const Answer = z.object({
  cardId: z.coerce.number().int().positive().max(2147483647),
  rating: z.enum(REVIEW_RATINGS),
  /** When the reader answered (an answer made offline arrives later with its own time). */
  answeredAt: z.iso.datetime({ offset: true }),
  mode: z.enum(['recall', 'dictation']).default('recall'),
});

export const reviewCalls = inDomain('people', {
  reviewToday: route({
    id: 'reviewToday',
    method: 'GET',
    path: '/api/v1/app/review/today',
    auth: 'required',
    summary: '今天的每日回顾（未开启时 enabled=false、cards 为空）',
    response: ReviewToday,
    errors: ['A0230'],
  }),
  reviewSettings: route({
    id: 'reviewSettings',
    method: 'PUT',
    path: '/api/v1/app/review/settings',
    auth: 'required',
    summary: '开启或关闭每日回顾，设置每天的张数',
    body: z.object({
      enabled: z.boolean(),
      dailyCards: z.coerce.number().int().min(1).max(REVIEW_LIMITS.maxCards).default(REVIEW_LIMITS.dailyCards),
    }),
    response: z.object({ enabled: z.boolean(), dailyCards: z.number().int() }),
    errors: ['A0400', 'A0230'],
  }),
  reviewAnswers: route({
    id: 'reviewAnswers',
    method: 'POST',
    path: '/api/v1/app/review/answers',
    auth: 'required',
    summary: '提交回顾的回答（可一次提交离线时的多条；同一张卡同一天以回答时间最晚的为准）',
    silent: true,
    body: z.object({
      answers: z.array(Answer).min(1, '至少一条回答').max(REVIEW_LIMITS.batch, `一次最多 ${REVIEW_LIMITS.batch} 条`),
    }),
    response: z.object({ cards: z.array(ReviewCard), streak: z.number().int() }),
    errors: ['A0400', 'A0230', 'A0501'],
  }),
  reviewStats: route({
    id: 'reviewStats',
    method: 'GET',
    path: '/api/v1/app/review/stats',
    auth: 'required',
    summary: '回顾的连续天数与日历热力图（最近一年每天回答的张数）',
    response: z.object({
      enabled: z.boolean(),
      streak: z.number().int(),
      days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
    errors: ['A0230'],
  }),
});
