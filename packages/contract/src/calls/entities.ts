import { z } from 'zod';
import { Timestamp } from '../schema.js';

/** Shapes shared by several domains (docs/rules.md#calls-and-envelope). */
export const UserBrief = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
});
export type UserBrief = z.infer<typeof UserBrief>;
/** Editors see the username too. */
export const AdminUserBrief = UserBrief.extend({ username: z.string() });

export const Role = z.enum(['user', 'admin']);

export const UserInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  role: Role,
  bio: z.string(),
  memberUntil: Timestamp.nullable(),
  likesPublic: z.boolean(),
  collectsPublic: z.boolean(),
  /** The version of 用户协议/隐私政策 last accepted (null: never); differs from AGREEMENT_VERSION → ask again. */
  agreementVersion: z.string().nullable(),
  /** 注销 asked: when the account will be deleted unless cancelled before (null: not asked). */
  deletionDueAt: Timestamp.nullable(),
  /** The bound email (for password recovery), or null. */
  email: z.string().nullable(),
  /** 注释编辑: may review notes in the console (granted by an admin; the role stays `user`). */
  noteEditor: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const TagBrief = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  letter: z.string(),
});
export type TagBrief = z.infer<typeof TagBrief>;

export const EssayType = z.enum(['sentence', 'essay']);
export const EssayStatus = z.enum(['draft', 'pending', 'published', 'rejected', 'hidden', 'deleted']);

export const Essay = z.object({
  id: z.number().int(),
  type: EssayType,
  title: z.string().nullable(),
  summary: z.string(),
  content: z.string().optional(),
  source: z.string().nullable(),
  /** Who a quoted text is by (李白): their author page is /author?name=…; null for the writer's own words. */
  workAuthor: z.string().nullable(),
  /** The quoted work (静夜思, without 《》) and its author's era (唐); null when unknown or for the writer's own words. */
  workTitle: z.string().nullable(),
  dynasty: z.string().nullable(),
  /**
   * The writer's own words (原创; the write body's `original`) rather than a quote (摘录). Who is credited follows
   * from these fields by one rule, `creditOf` (`@shiju/contract/credit`): `author` is the poster, never by itself
   * the credited author of a quote.
   */
  ownWork: z.boolean(),
  /** Brought in by the importer (a public-domain text). */
  imported: z.boolean(),
  /** Posted by an editor or the importer (its poster 收录 the text) rather than shared by a reader (分享). */
  postedByEditor: z.boolean(),
  cover: z.string().nullable(),
  status: EssayStatus,
  /** Why an editor rejected or hid it; only sent to its author (and editors). */
  statusReason: z.string().nullable().optional(),
  classificationId: z.number().int().nullable(),
  tags: z.array(TagBrief),
  author: UserBrief,
  imitateOf: z.number().int().nullable(),
  views: z.number().int(),
  likes: z.number().int(),
  collects: z.number().int(),
  comments: z.number().int(),
  imitations: z.number().int(),
  liked: z.boolean(),
  collected: z.boolean(),
  createdAt: Timestamp,
  publishedAt: Timestamp.nullable(),
});
export type Essay = z.infer<typeof Essay>;
