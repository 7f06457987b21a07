import { z } from 'zod';
import { Email, IdParams, inDomain, MailCode, Ok, page, PageQuery, Password, route, Timestamp } from '../schema.js';
import { Essay, UserBrief, UserInfo } from './entities.js';
/**
 * People and their rights: the following feed, blocking, consent to the user agreement, and
 * account deletion with a cooling-off period.
 */

export const BlockedUser = UserBrief.extend({ blockedAt: Timestamp });
/** A data export kept in object storage: its private archive's signed link and when that stops working. */
export const ExportLink = z.object({ url: z.string(), expiresAt: Timestamp });

export const SuggestedUser = UserBrief.extend({ bio: z.string(), followers: z.number().int(), essays: z.number().int() });

export const peopleCalls = inDomain('people', {
  followingFeed: route({
    id: 'followingFeed',
    method: 'GET',
    path: '/api/v1/pc/essays/following',
    auth: 'required',
    summary: '关注：我关注的人最新发布的作品（游标翻页）',
    query: PageQuery.extend({ cursor: z.string().max(200).optional() }),
    response: page(Essay).extend({ nextCursor: z.string().nullable() }),
    errors: ['A0400', 'A0230'],
  }),
  suggestedUsers: route({
    id: 'suggestedUsers',
    method: 'GET',
    path: '/api/v1/pc/users/suggested',
    auth: 'required',
    summary: '可能想关注的人（粉丝最多、尚未关注、未拉黑）',
    response: z.array(SuggestedUser),
    errors: ['A0230'],
  }),
  block: route({
    id: 'block',
    method: 'POST',
    path: '/api/v1/pc/users/:id/block',
    auth: 'required',
    summary: '拉黑（双方的关注随之解除）',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  unblock: route({
    id: 'unblock',
    method: 'DELETE',
    path: '/api/v1/pc/users/:id/block',
    auth: 'required',
    summary: '解除拉黑',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  myBlocks: route({
    id: 'myBlocks',
    method: 'GET',
    path: '/api/v1/users/me/blocks',
    auth: 'required',
    summary: '我的黑名单',
    query: PageQuery,
    response: page(BlockedUser),
    errors: ['A0400', 'A0230'],
  }),
  acceptAgreement: route({
    id: 'acceptAgreement',
    method: 'POST',
    path: '/api/v1/users/me/agreement',
    auth: 'required',
    summary: '同意当前版本的用户协议与隐私政策',
    body: z.object({ version: z.string().trim().min(1).max(20) }),
    response: UserInfo,
    errors: ['A0400', 'A0230'],
  }),
  bindEmail: route({
    id: 'bindEmail',
    method: 'POST',
    path: '/api/v1/users/me/email',
    auth: 'required',
    summary: '绑定邮箱：发送 6 位验证码（10 分钟内有效，可试 5 次；60 秒后才能重发，每天至多 10 封）',
    body: z.object({ email: Email }),
    response: z.object({ sentTo: z.string(), expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
    errors: ['A0400', 'A0230', 'A0501', 'C0001'],
  }),
  verifyEmail: route({
    id: 'verifyEmail',
    method: 'POST',
    path: '/api/v1/users/me/email/verify',
    auth: 'required',
    summary: '绑定邮箱：提交验证码',
    body: z.object({ email: Email, code: MailCode }),
    response: UserInfo,
    errors: ['A0400', 'A0230'],
  }),
  forgotPassword: route({
    id: 'forgotPassword',
    method: 'POST',
    path: '/api/v1/auth/password/forgot',
    auth: 'none',
    summary: '忘记密码：向账号绑定的邮箱发送验证码（无论账号是否存在，回答都相同）',
    body: z.object({ account: z.string().trim().min(1).max(254) }),
    response: Ok,
    errors: ['A0400', 'A0501', 'C0001'],
  }),
  resetPassword: route({
    id: 'resetPassword',
    method: 'POST',
    path: '/api/v1/auth/password/reset',
    auth: 'none',
    summary: '用邮箱验证码重设密码（所有登录随之失效）',
    body: z.object({ account: z.string().trim().min(1).max(254), code: MailCode, newPassword: Password }),
    response: Ok,
    errors: ['A0400', 'A0501'],
  }),
  exportData: route({
    id: 'exportData',
    method: 'GET',
    path: '/api/v1/users/me/export',
    auth: 'required',
    summary:
      '导出我的数据（zip：资料、作品的 HTML 与 Markdown、评论、喜欢、收藏、关注、兴趣、订单）；每小时 3 次。文件存放在本机时直接返回 zip；使用对象存储时返回 15 分钟内有效的下载链接',
    // Local storage: the success answer is the archive itself (RAW_RESPONSES.dataExport), not an envelope. Object
    // storage (STORAGE=s3): an envelope with a signed link to the private archive, valid at most 15 minutes.
    response: ExportLink.nullable(),
    errors: ['A0230', 'A0501', 'B0002'],
  }),
  requestDeletion: route({
    id: 'requestDeletion',
    method: 'POST',
    path: '/api/v1/users/me/deletion',
    auth: 'required',
    summary: '申请注销账号（15 天冷静期后删除个人信息；可选择保留或删除作品与评论）',
    body: z.object({
      password: z.string().min(1).max(128),
      /** true: texts and comments stay, shown as 已注销用户's; false: they are removed with the account. */
      keepContent: z.boolean(),
    }),
    response: UserInfo,
    errors: ['A0400', 'A0230', 'A0210', 'A0211'],
  }),
  cancelDeletion: route({
    id: 'cancelDeletion',
    method: 'DELETE',
    path: '/api/v1/users/me/deletion',
    auth: 'required',
    summary: '撤销注销申请（冷静期内）',
    response: UserInfo,
    errors: ['A0230'],
  }),
});
