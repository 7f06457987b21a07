/**
 * The 仿写 coach (docs/coach.md): the counts, tones and rhymes of a draft run in the browser (`@shiju/contract/tones/coach`);
 * the word classes of parallel clauses (对仗/排比) need jieba's tagger, so the editor asks the server in the background.
 * A saved imitation keeps its scores; only its writer sees them unless they choose to show the summary.
 */
import { z } from 'zod';
import { Id, IdParams, inDomain, route } from '../schema.js';
import { COACH_LIMITS } from '../core.js';

export { COACH_LIMITS };

export const ParallelPair = z.object({
  /** The clauses (0-based, split at Chinese punctuation) the original keeps parallel. */
  a: z.number().int(),
  b: z.number().int(),
  /** Whether the draft's two clauses line up too. */
  ok: z.boolean(),
  reason: z.string(),
});

export const CoachParallel = z.object({
  /** The 对仗 check met its measured bar (precision ≥ 0.8, recall ≥ 0.7): when false the editor shows no 对仗 mark. */
  shown: z.boolean(),
  pairs: z.array(ParallelPair),
});
export type CoachParallel = z.infer<typeof CoachParallel>;

const Ratio = z.object({ matched: z.number().int(), total: z.number().int() }).nullable();

export const ImitationScores = z.object({
  essayId: z.number().int(),
  /** 字数 4/4 句相符 · 平仄 17/20 · 押韵 ✓ · 对仗 1/2 */
  text: z.string(),
  clauses: z.number().int(),
  countMatched: z.number().int(),
  tones: Ratio,
  rhyme: Ratio,
  parallel: Ratio,
  /** The writer chose to show the summary to everyone. */
  public: z.boolean(),
  /** The caller wrote it (and may change `public`). */
  mine: z.boolean(),
});
export type ImitationScores = z.infer<typeof ImitationScores>;

export const coachCalls = inDomain('essays', {
  coachParallel: route({
    id: 'coachParallel',
    method: 'POST',
    path: '/api/v1/app/coach/parallel',
    auth: 'required',
    summary: '仿写教练：原文里对仗、排比的句子，草稿是否词性相对（结巴分词标注）',
    body: z.object({ originalId: Id, draft: z.string().max(COACH_LIMITS.draftChars) }),
    response: CoachParallel,
    errors: ['A0400', 'A0230', 'A0404', 'A0501'],
    silent: true,
  }),
  imitationScores: route({
    id: 'imitationScores',
    method: 'GET',
    path: '/api/v1/pc/essays/:id/coach',
    auth: 'optional',
    summary: '仿写的评分摘要：作者本人可见，作者选择公开后所有人可见',
    params: IdParams,
    response: ImitationScores,
    errors: ['A0400', 'A0404'],
    silent: true,
  }),
  setImitationScoresPublic: route({
    id: 'setImitationScoresPublic',
    method: 'PUT',
    path: '/api/v1/app/essays/:id/coach',
    auth: 'required',
    summary: '公开或隐藏我的仿写的评分摘要',
    params: IdParams,
    body: z.object({ public: z.boolean() }),
    response: ImitationScores,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
});
