import { z } from 'zod';
import { LIMITS, MUTE_KINDS } from '../core.js';
import { Id, IdParams, inDomain, Ok, route, text, Timestamp } from '../schema.js';

/**
 * 屏蔽 (muting), softer than blocking: a muted tag, classification, 作者 (a text's workAuthor) or poster leaves the
 * reader's feeds, rankings, 随机一句 and search suggestions; an explicit search still finds it.
 */
export const Mute = z.object({
  id: z.number().int(),
  kind: z.enum(MUTE_KINDS),
  /** The tag's, classification's or poster's id; null for a 作者 (named by `name`). */
  targetId: z.number().int().nullable(),
  /** What the reader sees: the tag's or classification's name, the 作者, the poster's nickname. */
  name: z.string(),
  createdAt: Timestamp,
});
export type Mute = z.infer<typeof Mute>;

export const MuteInput = z
  .object({
    kind: z.enum(MUTE_KINDS),
    targetId: Id.optional(),
    name: text(1, LIMITS.workAuthorChars).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'author') {
      if (v.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: '请填写要屏蔽的作者' });
      if (v.targetId !== undefined) ctx.addIssue({ code: 'custom', path: ['targetId'], message: '屏蔽作者时不需要 targetId' });
    } else {
      if (v.targetId === undefined) ctx.addIssue({ code: 'custom', path: ['targetId'], message: '请指定要屏蔽的对象' });
      if (v.name !== undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: '只有屏蔽作者时才填写 name' });
    }
  });

export const muteCalls = inDomain('people', {
  myMutes: route({
    id: 'myMutes',
    method: 'GET',
    path: '/api/v1/app/mutes',
    auth: 'required',
    summary: '我的屏蔽列表（标签、分类、作者、发布者；最新在前）',
    silent: true,
    response: z.object({ list: z.array(Mute), total: z.number().int() }),
    errors: ['A0230'],
  }),
  createMute: route({
    id: 'createMute',
    method: 'POST',
    path: '/api/v1/app/mutes',
    auth: 'required',
    summary: '屏蔽一个标签、分类、作者或发布者（重复屏蔽不报错）',
    body: MuteInput,
    response: Mute,
    errors: ['A0400', 'A0230', 'A0501'],
  }),
  deleteMute: route({
    id: 'deleteMute',
    method: 'DELETE',
    path: '/api/v1/app/mutes/:id',
    auth: 'required',
    summary: '取消屏蔽',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
});
