/**
 * 格律: a published text's stored 平仄 (the corpus's marks for a classical poem), asked for only when a reader turns
 * 格律 on. The tones themselves are read by the zod-free engine, `@shiju/contract/tones`, in the browser.
 */
import { z } from 'zod';
import { IdParams, inDomain, route } from '../schema.js';

export const EssayTones = z.object({
  /** One letter a Han character of the body: p 平, z 仄, u unknown in the data; null when the corpus stores none. */
  tones: z.string().nullable(),
});
export type EssayTones = z.infer<typeof EssayTones>;

export const toneCalls = inDomain('essays', {
  essayTones: route({
    id: 'essayTones',
    method: 'GET',
    path: '/api/v1/pc/essays/:id/tones',
    auth: 'none',
    summary: '文本的平仄（语料存有的标注）',
    params: IdParams,
    response: EssayTones,
    errors: ['A0400', 'A0404'],
    silent: true,
  }),
});
