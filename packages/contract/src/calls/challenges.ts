import { z } from 'zod';
import { CHALLENGE_LIMITS } from '../core.js';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  Id,
  IdParams,
  inDomain,
  optionalTime,
  page,
  PageQuery,
  route,
  Timestamp,
} from '../schema.js';
import { Essay } from './entities.js';
import { EssayForm, EssayWriteBody } from './essays.js';

/** 每周仿写 (docs/challenges.md): an editor's challenge to imitate one original within a week. */

export const ChallengeStateSchema = z.enum(['upcoming', 'open', 'closed']);

/** A winner as fixed at the close; a winner removed since then is left out, not replaced. */
export const ChallengeWinner = z.object({
  rank: z.number().int(),
  /** Likes that counted: made before the close, by accounts older than the challenge, not by the writer. */
  votes: z.number().int(),
  essay: Essay,
});

export const Challenge = z.object({
  id: z.number().int(),
  prompt: z.string(),
  opensAt: Timestamp,
  closesAt: Timestamp,
  closedAt: Timestamp.nullable(),
  state: ChallengeStateSchema,
  /** The text to imitate; null when it is no longer published. */
  original: Essay.nullable(),
  /** Entries so far (open), or frozen at the close. */
  entries: z.number().int(),
  winners: z.array(ChallengeWinner),
});
export type Challenge = z.infer<typeof Challenge>;

export const ChallengeEntry = z.object({
  essay: Essay,
  /** After the close: its rank and the likes that counted; null while the challenge is open. */
  rank: z.number().int().nullable(),
  votes: z.number().int().nullable(),
});

export const ChallengeWrite = z.object({
  originalId: Id,
  prompt: z.string().trim().min(1).max(CHALLENGE_LIMITS.promptChars),
  /** Absent: Monday 00:00 of the coming week (Asia/Shanghai). */
  opensAt: optionalTime,
  /** Absent: the Monday 00:00 after opensAt's week (Sunday 24:00). */
  closesAt: optionalTime,
});

export const AdminChallenge = Challenge.omit({ winners: true }).extend({ createdAt: Timestamp });

export const challengeCalls = inDomain('challenges', {
  challengesPage: route({
    id: 'challengesPage',
    method: 'GET',
    path: '/api/v1/pc/challenges',
    auth: 'optional',
    summary: '每周仿写列表（新的在前；closed=true 只列已结束的，可按 ISO 周筛选结束时间）',
    query: PageQuery.extend({
      closed: z.enum(['true', 'false']).optional(),
      week: z
        .string()
        .regex(/^\d{4}-W\d{2}$/, '周的格式应为 2026-W47')
        .optional(),
    }),
    response: page(Challenge),
    errors: ['A0400'],
  }),
  challengeDetails: route({
    id: 'challengeDetails',
    method: 'GET',
    path: '/api/v1/pc/challenges/:id',
    auth: 'optional',
    summary: '每周仿写详情（原文、要求、时间、获奖作品）',
    params: IdParams,
    response: Challenge,
    errors: ['A0400', 'A0404'],
  }),
  challengeEntries: route({
    id: 'challengeEntries',
    method: 'GET',
    path: '/api/v1/pc/challenges/:id/entries',
    auth: 'optional',
    summary: '参赛作品（进行中按发布时间，新的在前；结束后按名次）',
    params: IdParams,
    query: PageQuery,
    response: page(ChallengeEntry),
    errors: ['A0400', 'A0404'],
  }),
  enterChallenge: route({
    id: 'enterChallenge',
    method: 'POST',
    path: '/api/v1/app/challenges/:id/entries',
    auth: 'required',
    summary: '参加每周仿写：发布（或存草稿）一篇仿写原文的作品',
    params: IdParams,
    body: EssayWriteBody.omit({ imitateOf: true }),
    response: EssayForm,
    errors: ['A0400', 'A0230', 'A0404', 'A0501'],
  }),
  adminChallengesPage: route({
    id: 'adminChallengesPage',
    method: 'GET',
    path: '/api/v1/admin/challenges',
    auth: 'admin',
    summary: '每周仿写（控制台）',
    query: AdminPageQuery,
    response: page(AdminChallenge),
    errors: [...ADMIN_ERRORS],
  }),
  adminCreateChallenge: route({
    id: 'adminCreateChallenge',
    method: 'POST',
    path: '/api/v1/admin/challenges',
    auth: 'admin',
    summary: '发起每周仿写',
    body: ChallengeWrite,
    response: AdminChallenge,
    errors: [...ADMIN_ERRORS],
  }),
  adminUpdateChallenge: route({
    id: 'adminUpdateChallenge',
    method: 'PUT',
    path: '/api/v1/admin/challenges/:id',
    auth: 'admin',
    summary: '修改每周仿写（结束前）',
    params: IdParams,
    body: ChallengeWrite,
    response: AdminChallenge,
    errors: [...ADMIN_ERRORS_404],
  }),
});
