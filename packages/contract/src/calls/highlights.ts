import { z } from 'zod';
import { Id, IdParams, inDomain, Ok, page, PageQuery, route, Timestamp } from '../schema.js';
import { UserBrief } from './entities.js';
import { HIGHLIGHT_LIMITS } from '../core.js';

export { HIGHLIGHT_LIMITS };

/** Where a sentence ends, for 热门划线 (a line break ends one too). */
export const SENTENCE_ENDS = '。！？；';

export const Highlight = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  /** Code-point offsets into the text's plain form. */
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  /** The text changed and the passage is gone. */
  anchorLost: z.boolean(),
  thought: z.string().nullable(),
  thoughtPublic: z.boolean(),
  /** An editor hid the public 想法: only its writer still sees it. */
  thoughtHidden: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Highlight = z.infer<typeof Highlight>;

export const MyHighlight = Highlight.extend({
  essay: z.object({
    id: z.number().int(),
    title: z.string().nullable(),
    summary: z.string(),
    workAuthor: z.string().nullable(),
    source: z.string().nullable(),
  }),
});
export type MyHighlight = z.infer<typeof MyHighlight>;

/** A public 想法 as others see it. */
export const PublicThought = z.object({
  /** The highlight's id (what a report names). */
  id: z.number().int(),
  user: UserBrief,
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  content: z.string(),
  createdAt: Timestamp,
});
export type PublicThought = z.infer<typeof PublicThought>;

/** A sentence of the text and how many readers marked (part of) it. */
export const PopularPassage = z.object({
  start: z.number().int(),
  end: z.number().int(),
  quote: z.string(),
  readers: z.number().int(),
  thoughts: z.array(PublicThought),
});
export type PopularPassage = z.infer<typeof PopularPassage>;

const Offset = z.number().int().min(0).max(1_000_000);
const Thought = z.string().max(HIGHLIGHT_LIMITS.thoughtChars * 2);

export const AddHighlightBody = z.object({
  essayId: Id,
  start: Offset,
  end: Offset,
  /** The characters chosen, as the reader saw them; must match the text at those offsets. */
  quote: z
    .string()
    .max(HIGHLIGHT_LIMITS.quoteChars * 4)
    .optional(),
  /** 写想法: the 想法 written with the highlight, in the same call. */
  thought: Thought.optional(),
  thoughtPublic: z.boolean().default(false),
});

export const highlightCalls = inDomain('highlights', {
  essayHighlights: route({
    id: 'essayHighlights',
    method: 'GET',
    path: '/api/v1/app/essay/highlights',
    auth: 'optional',
    summary: '作品的热门划线（3 人以上划线的句子，前 10 句，附公开想法）、最新公开想法，以及我的划线',
    query: z.object({ essayId: Id }),
    response: z.object({ mine: z.array(Highlight), popular: z.array(PopularPassage), thoughts: z.array(PublicThought) }),
    errors: ['A0400', 'A0404'],
    silent: true,
  }),
  addHighlight: route({
    id: 'addHighlight',
    method: 'POST',
    path: '/api/v1/app/highlights',
    auth: 'required',
    summary: '划线（可同时写想法）：同一段文字重复划线只算一条；每篇最多 200 条',
    body: AddHighlightBody,
    response: Highlight,
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'A0501'],
  }),
  setHighlightThought: route({
    id: 'setHighlightThought',
    method: 'POST',
    path: '/api/v1/app/highlights/:id/thought',
    auth: 'required',
    summary: '写、改或删除（内容为空）划线上的想法，并选择是否公开',
    params: IdParams,
    body: z.object({ content: Thought, public: z.boolean().default(false) }),
    response: Highlight,
    errors: ['A0400', 'A0230', 'A0301', 'A0404', 'A0501'],
  }),
  removeHighlight: route({
    id: 'removeHighlight',
    method: 'DELETE',
    path: '/api/v1/app/highlights/:id',
    auth: 'required',
    summary: '删除我的一条划线（连同其上的想法）',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  myHighlights: route({
    id: 'myHighlights',
    method: 'GET',
    path: '/api/v1/app/highlights/mine',
    auth: 'required',
    summary: '我的划线：按时间或按作品排列，可按作品标题、作者或划线文字搜索',
    query: PageQuery.extend({
      order: z.enum(['date', 'text']).default('date'),
      q: z.string().trim().max(50).optional(),
    }),
    response: page(MyHighlight),
    errors: ['A0400', 'A0230'],
    silent: true,
  }),
});
