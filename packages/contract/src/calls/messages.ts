import { z } from 'zod';
import { inDomain, page, PageQuery, route, Timestamp } from '../schema.js';
import { UserBrief } from './entities.js';

export const MessageType = z.enum(['like', 'collect', 'comment', 'reply', 'follow', 'imitate', 'system']);

export const Message = z.object({
  id: z.number().int(),
  type: MessageType,
  actor: UserBrief.nullable(),
  essay: z.object({ id: z.number().int(), title: z.string().nullable(), summary: z.string() }).nullable(),
  commentId: z.number().int().nullable(),
  content: z.string(),
  read: z.boolean(),
  createdAt: Timestamp,
});

export const messageCalls = inDomain('messages', {
  messageCount: route({
    id: 'messageCount',
    method: 'GET',
    path: '/api/app/app-users/message',
    auth: 'required',
    summary: '未读通知数（按类型与合计）',
    response: z.object({ total: z.number().int(), byType: z.record(z.string(), z.number().int()) }),
    errors: ['A0230'],
    silent: true,
  }),
  messagesPage: route({
    id: 'messagesPage',
    method: 'GET',
    path: '/api/app/app-users/message/page',
    auth: 'required',
    summary: '某类通知（并标记已读）',
    query: PageQuery.extend({ type: MessageType.optional() }),
    response: page(Message),
    errors: ['A0400', 'A0230'],
  }),
});
