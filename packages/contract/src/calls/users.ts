import { z } from 'zod';
import {
  ADMIN_ERRORS,
  ADMIN_ERRORS_404,
  AdminPageQuery,
  IdParams,
  inDomain,
  Ok,
  optionalTime,
  page,
  PageQuery,
  Password,
  route,
  sortQuery,
  text,
  Timestamp,
  UploadUrl,
} from '../schema.js';
import { Essay, Role, UserBrief, UserInfo } from './entities.js';
import { READING_FONT_SIZES, READING_FONTS, READING_LINE_HEIGHTS, READING_THEMES, READING_ZH } from '../reading.js';

export const PublicUser = UserBrief.extend({
  bio: z.string(),
  createdAt: z.string(),
  essays: z.number().int(),
  following: z.number().int(),
  followers: z.number().int(),
  likesReceived: z.number().int(),
  likesPublic: z.boolean(),
  collectsPublic: z.boolean(),
  isFollowing: z.boolean(),
  /** A member now (a 会员 badge on the profile); when the membership ends stays private. */
  isMember: z.boolean().optional(),
  /** The viewer blocked this person (拉黑). */
  isBlocked: z.boolean(),
});

export const RelationUser = UserBrief.extend({ bio: z.string(), isFollowing: z.boolean(), followsMe: z.boolean() });

// ---------- the admin console: users ----------

/** `deleted`: the account was deleted (注销) and only its anonymous shell remains. */
export const UserStatus = z.enum(['active', 'banned', 'deleted']);
export const AdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  role: Role,
  /** 注释编辑 granted (the role stays `user`). */
  noteEditor: z.boolean().optional(),
  status: UserStatus,
  banReason: z.string().nullable(),
  /** null while banned = indefinitely. */
  bannedUntil: Timestamp.nullable(),
  memberUntil: Timestamp.nullable(),
  essayCount: z.number().int(),
  followerCount: z.number().int(),
  createdAt: Timestamp,
  lastActiveAt: Timestamp.nullable(),
});
/** Reading preferences on the account (the zod-free shape and defaults are in `@shiju/contract/core`). */
export const ReadingPrefsSchema = z.object({
  theme: z.enum(READING_THEMES),
  fontSize: z.literal(READING_FONT_SIZES),
  lineHeight: z.enum(READING_LINE_HEIGHTS),
  font: z.enum(READING_FONTS),
  zh: z.enum(READING_ZH),
  pinyin: z.boolean(),
  vertical: z.boolean(),
});

/** The account's copy: `saved` is false until the account first saved any (then the browser's choices are kept). */
export const AccountReadingPrefs = ReadingPrefsSchema.extend({ saved: z.boolean() });

export const BanBody = z.object({ reason: text(1, 200), until: optionalTime });

export const usersCalls = inDomain('users', {
  me: route({
    id: 'me',
    method: 'GET',
    path: '/api/v1/users/me',
    auth: 'required',
    summary: '当前用户',
    response: UserInfo,
    errors: ['A0230'],
  }),
  updateMe: route({
    id: 'updateMe',
    method: 'PUT',
    path: '/api/v1/users/me',
    auth: 'required',
    summary: '修改个人资料',
    body: z
      .object({
        nickname: text(1, 20),
        avatar: UploadUrl.nullable(),
        bio: z.string().trim().max(200),
        likesPublic: z.boolean(),
        collectsPublic: z.boolean(),
      })
      .partial(),
    response: UserInfo,
    errors: ['A0400', 'A0230'],
  }),
  readingPrefs: route({
    id: 'readingPrefs',
    method: 'GET',
    path: '/api/v1/users/me/reading-prefs',
    auth: 'required',
    summary: '阅读设置（深色、字号、行距、字体、繁體、拼音、竖排）；saved 为 false 表示账号尚未保存过',
    response: AccountReadingPrefs,
    errors: ['A0230'],
    silent: true,
  }),
  saveReadingPrefs: route({
    id: 'saveReadingPrefs',
    method: 'PUT',
    path: '/api/v1/users/me/reading-prefs',
    auth: 'required',
    summary: '保存阅读设置（只传要改的项）',
    body: ReadingPrefsSchema.partial().strict(),
    response: AccountReadingPrefs,
    errors: ['A0400', 'A0230', 'A0501'],
    silent: true,
  }),
  changePassword: route({
    id: 'changePassword',
    method: 'PUT',
    path: '/api/v1/users/me/password',
    auth: 'required',
    summary: '修改密码（其他会话全部失效）',
    body: z.object({ oldPassword: z.string().min(1).max(128), newPassword: Password }),
    response: Ok,
    errors: ['A0400', 'A0230', 'A0210'],
  }),
  userProfile: route({
    id: 'userProfile',
    method: 'GET',
    path: '/api/v1/pc/users/:id',
    auth: 'optional',
    summary: '用户公开资料',
    params: IdParams,
    response: PublicUser,
    errors: ['A0400', 'A0404'],
  }),
  userRelations: route({
    id: 'userRelations',
    method: 'GET',
    path: '/api/v1/pc/users/:id/relations',
    auth: 'optional',
    summary: '关注 / 粉丝列表',
    params: IdParams,
    query: PageQuery.extend({ type: z.enum(['following', 'followers']) }),
    response: page(RelationUser),
    errors: ['A0400', 'A0404'],
  }),
  follow: route({
    id: 'follow',
    method: 'POST',
    path: '/api/v1/pc/users/:id/follow',
    auth: 'required',
    summary: '关注（拉黑的双方不能互相关注：A0301）',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0301', 'A0404'],
  }),
  unfollow: route({
    id: 'unfollow',
    method: 'DELETE',
    path: '/api/v1/pc/users/:id/follow',
    auth: 'required',
    summary: '取消关注',
    params: IdParams,
    response: Ok,
    errors: ['A0400', 'A0230', 'A0404'],
  }),
  userLikes: route({
    id: 'userLikes',
    method: 'GET',
    path: '/api/v1/pc/users/:id/likes',
    auth: 'optional',
    summary: '用户喜欢的作品',
    params: IdParams,
    query: PageQuery,
    response: page(Essay),
    errors: ['A0400', 'A0404', 'A0301'],
  }),
  userCollects: route({
    id: 'userCollects',
    method: 'GET',
    path: '/api/v1/pc/users/:id/collects',
    auth: 'optional',
    summary: '用户收藏的作品',
    params: IdParams,
    query: PageQuery,
    response: page(Essay),
    errors: ['A0400', 'A0404', 'A0301'],
  }),
  adminUsersPage: route({
    id: 'adminUsersPage',
    method: 'GET',
    path: '/api/v1/admin/users/page',
    auth: 'admin',
    summary: '全部用户',
    query: AdminPageQuery.extend({
      /** Username or nickname. */
      keyword: z.string().trim().max(50).optional(),
      status: UserStatus.optional(),
      role: Role.optional(),
      ...sortQuery(['createdAt', 'essayCount', 'followerCount', 'lastActiveAt']),
    }),
    response: page(AdminUser),
    errors: [...ADMIN_ERRORS],
  }),
  adminBanUser: route({
    id: 'adminBanUser',
    method: 'POST',
    path: '/api/v1/admin/users/:id/ban',
    auth: 'admin',
    summary: '封禁用户（全部会话立即失效，作品与评论对他人隐藏）',
    params: IdParams,
    body: BanBody,
    response: AdminUser,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminUnbanUser: route({
    id: 'adminUnbanUser',
    method: 'POST',
    path: '/api/v1/admin/users/:id/unban',
    auth: 'admin',
    summary: '解除封禁',
    params: IdParams,
    response: AdminUser,
    errors: [...ADMIN_ERRORS_404],
  }),
  adminSetRole: route({
    id: 'adminSetRole',
    method: 'PUT',
    path: '/api/v1/admin/users/:id/role',
    auth: 'admin',
    summary: '设置角色（不能降级自己或最后一位管理员）',
    params: IdParams,
    body: z.object({ role: Role }),
    response: AdminUser,
    errors: [...ADMIN_ERRORS_404],
  }),
});
