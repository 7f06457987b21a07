import { z } from 'zod';
import { Id, inDomain, line, route } from '../schema.js';
import { AttributionStatus } from './attributions.js';

/** A CSS selector the `js` encoding writes into: plain selectors only (ids, classes, tags, attributes). */
const Selector = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w\s#.\-[\]="'>:]+$/, '只能是简单的 CSS 选择器');

export const OpenSentence = z.object({
  id: z.number().int(),
  text: z.string(),
  author: z.string().nullable().describe('作者：摘录为原作者（如 李白，未署名为 佚名），原创为写作者的昵称'),
  dynasty: z.string().nullable().describe('原作者的朝代，如 唐（未知或原创时为 null）'),
  original: z.boolean().describe('是否为用户原创'),
  poster: z
    .object({ role: z.enum(['收录', '分享']), nickname: z.string() })
    .nullable()
    .describe('摘录的发布者：编辑收录或用户分享（原创时为 null）'),
  source: z.string().nullable().describe('出处，如 李白《静夜思》'),
  attributionStatus: AttributionStatus.describe('署名考证：unverified 未考证，verified 出处已考证，disputed 存疑'),
  classification: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  link: z.string().describe('拾句上这句话的页面'),
  length: z.number().int().describe('字数'),
  token: z.string().describe('下次请求带上 token，即可避免重复（供无 Cookie 的外站嵌入使用）'),
});
export type OpenSentence = z.infer<typeof OpenSentence>;

export const OPEN_SENTENCE_RECENT = 200;

export const openCalls = inDomain('open', {
  openSentence: route({
    id: 'openSentence',
    method: 'GET',
    path: '/api/v1/open/sentence',
    auth: 'optional',
    summary: '随机一句（开放接口，可跨域调用；encode=text|js 时直接返回文本或脚本）',
    silent: true,
    query: z
      .object({
        classificationId: Id.optional(),
        tagId: Id.optional(),
        minLength: z.coerce.number().int().min(1).max(300).optional(),
        maxLength: z.coerce.number().int().min(1).max(300).optional(),
        author: line(20).min(1).optional(),
        encode: z.enum(['json', 'text', 'js']).default('json'),
        select: Selector.default('.shiju-sentence'),
        token: z
          .string()
          .max(1200)
          .regex(/^[\w-]*$/, '格式不正确')
          .optional(),
      })
      .refine((q) => q.minLength === undefined || q.maxLength === undefined || q.minLength <= q.maxLength, {
        message: 'minLength 不能大于 maxLength',
        path: ['minLength'],
      }),
    response: OpenSentence,
    errors: ['A0400', 'A0404', 'A0501'],
  }),
});
