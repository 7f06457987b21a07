import { z } from 'zod';
import { Id, IdParams, Ok, page, PageQuery, route, sortQuery, text, Timestamp } from '../schema.js';
import { EssayStatus, EssayType, Role, UserBrief } from './entities.js';
import { Ad } from './ads.js';
import { Classification, Tag } from './classifications.js';
import { Order, OrderStatus } from './orders.js';
import { ThemeLayout } from './site.js';
import { ReportStatus, ReportTargetType } from './reports.js';

/** The admin console's calls (PRODUCT §8). Every one is `auth: 'admin'`; every write leaves an audit row. */

const AdminPageQuery = PageQuery.extend({ pageSize: z.coerce.number().int().min(1).max(100).default(20) });
const WeekString = z
  .string()
  .regex(/^\d{4}-W\d{2}$/, '格式应为 2026-W47')
  .describe('ISO week, e.g. 2026-W47');
/** A calendar day in Asia/Shanghai. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 2026-01-31');
const optionalTime = z.iso.datetime({ offset: true }).nullable().optional();
const SiteImage = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/uploads\/[\w./-]+|https?:\/\/\S+)$/, '必须是本站上传的图片或 http(s) 地址');

const AdminUserBrief = UserBrief.extend({ username: z.string() });

// ---------- dashboard ----------

export const DashboardFigures = z.object({
  activeUsers: z.number().int(),
  activeVisitors: z.number().int(),
  newEssays: z.number().int(),
  newUsers: z.number().int(),
  pendingEssays: z.number().int(),
  openReports: z.number().int(),
  paidOrders: z.number().int(),
  revenueFen: z.number().int(),
});
export const DashboardDay = z.object({
  date: Day,
  activeUsers: z.number().int(),
  activeVisitors: z.number().int(),
  newEssays: z.number().int(),
  newUsers: z.number().int(),
});
export const Dashboard = z.object({
  today: DashboardFigures,
  series: z.array(DashboardDay).describe('oldest first, one entry per day, today last'),
  topEssays: z.array(
    z.object({
      id: z.number().int(),
      type: EssayType,
      title: z.string().nullable(),
      summary: z.string(),
      author: UserBrief,
      views: z.number().int(),
      likes: z.number().int(),
      comments: z.number().int(),
      viewsToday: z.number().int(),
    }),
  ),
});

// ---------- essays ----------

export const AdminEssay = z.object({
  id: z.number().int(),
  type: EssayType,
  title: z.string().nullable(),
  summary: z.string(),
  content: z.string(),
  source: z.string().nullable(),
  cover: z.string().nullable(),
  status: EssayStatus,
  /** Why it was rejected or hidden (shown to the author), null otherwise. */
  statusReason: z.string().nullable(),
  classification: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  author: AdminUserBrief.extend({ status: z.enum(['active', 'banned', 'deleted']) }),
  views: z.number().int(),
  likes: z.number().int(),
  collects: z.number().int(),
  comments: z.number().int(),
  imitations: z.number().int(),
  /** Words of the sensitive-word list found in the title, content or source (what sent it to review). */
  sensitiveWords: z.array(z.string()),
  openReports: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  publishedAt: Timestamp.nullable(),
});

export const ReviewBody = z
  .object({ action: z.enum(['approve', 'reject']), reason: z.string().trim().max(200).optional() })
  .refine((b) => b.action !== 'reject' || !!b.reason, { message: '驳回时必须填写原因', path: ['reason'] });

// ---------- reports ----------

export const ReportTarget = z.object({
  /** Essay title or summary, comment text, or user nickname. */
  title: z.string(),
  excerpt: z.string(),
  /** The author of the essay or comment, or the user themself. */
  owner: AdminUserBrief.nullable(),
  /** Current status of the target: essay status, comment status, or user status; `missing` when gone. */
  status: z.string(),
  /** For a comment: the essay it belongs to. */
  essayId: z.number().int().nullable(),
});

export const ReportGroup = z.object({
  /** The oldest report of the group: pass it to resolve; resolving closes every open report of this target. */
  id: z.number().int(),
  targetType: ReportTargetType,
  targetId: z.number().int(),
  target: ReportTarget,
  status: ReportStatus,
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  reports: z
    .array(
      z.object({
        id: z.number().int(),
        reporter: UserBrief.nullable(),
        reason: z.string(),
        detail: z.string(),
        createdAt: Timestamp,
      }),
    )
    .describe('newest first, at most 10'),
  firstAt: Timestamp,
  lastAt: Timestamp,
  resolvedBy: UserBrief.nullable(),
  resolution: z.string().nullable(),
  resolvedAt: Timestamp.nullable(),
});

export const ResolveBody = z.object({
  action: z.enum(['dismiss', 'hide', 'delete', 'ban']),
  note: z.string().trim().max(200).optional(),
  /** For `ban`: end of the ban; absent = indefinite. */
  until: optionalTime,
});

// ---------- classifications & tags ----------

export const AdminClassification = Classification.extend({
  status: z.enum(['active', 'hidden']),
  tagIds: z.array(z.number().int()),
});
export const ClassificationWrite = z.object({
  name: text(1, 30),
  description: z.string().trim().max(300).default(''),
  cover: SiteImage.nullable().optional(),
  sort: z.coerce.number().int().min(-100000).max(100000).default(0),
  status: z.enum(['active', 'hidden']).default('active'),
});

export const AdminTag = Tag.extend({
  classificationIds: z.array(z.number().int()),
  childCount: z.number().int(),
});
export const TagWrite = z.object({
  name: text(1, 30),
  /** null = first level; otherwise the first-level parent. */
  parentId: Id.nullable().default(null),
  sort: z.coerce.number().int().min(-100000).max(100000).default(0),
  /** First-level tags only: the classifications it appears under. */
  classificationIds: z.array(Id).max(50).default([]),
});

// ---------- announcements ----------

export const AdminAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  summary: z.string(),
  pinned: z.boolean(),
  publishedAt: Timestamp,
  /** publishedAt is in the future: hidden from the public until then. */
  scheduled: z.boolean(),
  createdAt: Timestamp,
});
export const AnnouncementWrite = z.object({
  title: text(1, 100),
  content: z.string().min(1).max(100000),
  pinned: z.boolean().default(false),
  /** Absent = now. */
  publishedAt: optionalTime,
});

// ---------- ads ----------

export const AdminAd = Ad.extend({
  startAt: Timestamp.nullable(),
  endAt: Timestamp.nullable(),
  status: z.enum(['active', 'paused']),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions, 0 when never shown. */
  ctr: z.number(),
  createdAt: Timestamp,
});
export const AdWrite = z
  .object({
    title: text(1, 100),
    image: SiteImage,
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/\S+|\/\S*)$/, '必须是 http(s) 地址或站内路径'),
    position: z.coerce.number().int().min(0).max(99),
    weight: z.coerce.number().int().min(0).max(10000).default(0),
    frequency: z.coerce.number().int().min(0).max(8760).default(0),
    startAt: optionalTime,
    endAt: optionalTime,
    status: z.enum(['active', 'paused']).default('active'),
  })
  .refine((a) => !a.startAt || !a.endAt || a.startAt < a.endAt, { message: '结束时间必须晚于开始时间', path: ['endAt'] });

// ---------- best of the week ----------

export const AdminBestWeekEntry = z.object({
  essayId: z.number().int(),
  rank: z.number().int(),
  pinned: z.boolean(),
  note: z.string().nullable(),
  essay: z.object({
    id: z.number().int(),
    type: EssayType,
    title: z.string().nullable(),
    summary: z.string(),
    status: EssayStatus,
    author: UserBrief,
    likes: z.number().int(),
    collects: z.number().int(),
    comments: z.number().int(),
  }),
});
export const AdminBestWeek = z.object({
  week: WeekString,
  weeks: z.array(z.string()).describe('weeks that have a list, newest first'),
  list: z.array(AdminBestWeekEntry),
});
export const BestWeekWrite = z.object({
  week: WeekString,
  /** The whole list in order (rank = position); entries left out are removed; new essay ids are added. */
  entries: z
    .array(z.object({ essayId: Id, pinned: z.boolean().default(false), note: z.string().trim().max(200).nullable().optional() }))
    .max(50),
});

// ---------- orders ----------

export const AdminOrder = Order.extend({
  user: AdminUserBrief.extend({ memberUntil: Timestamp.nullable() }),
  provider: z.string(),
  /** The provider's transaction id of the payment applied. */
  tradeNo: z.string().nullable(),
  refundNo: z.string().nullable(),
  /** How many provider notifications (and query answers) are stored for this order. */
  notifications: z.number().int(),
});

/** One provider notification as received, verified or not, and what was done about it. */
export const PaymentNotification = z.object({
  id: z.number().int(),
  provider: z.string(),
  kind: z.enum(['payment', 'refund', 'query']),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  reason: z.string().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  body: z.string(),
  content: z.unknown(),
  createdAt: Timestamp,
});

// ---------- users ----------

/** `deleted`: the account was deleted (注销) and only its anonymous shell remains. */
export const UserStatus = z.enum(['active', 'banned', 'deleted']);
export const AdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
  role: Role,
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
export const BanBody = z.object({ reason: text(1, 200), until: optionalTime });

// ---------- audit ----------

export const AuditTargetType = z.enum([
  'essay',
  'comment',
  'user',
  'report',
  'classification',
  'tag',
  'announcement',
  'ad',
  'theme',
  'bestWeek',
  'order',
]);
export const AuditEntry = z.object({
  id: z.number().int(),
  admin: UserBrief.nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  createdAt: Timestamp,
});

const W = ['A0400', 'A0230', 'A0301'] as const;
const WN = ['A0400', 'A0230', 'A0301', 'A0404'] as const;

export const adminCalls = {
  adminDashboard: route({
    id: 'adminDashboard',
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    auth: 'admin',
    owner: 'admin',
    summary: '概览：今日数据、近 N 天走势与今日热门',
    query: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
    response: Dashboard,
    errors: [...W],
  }),
  adminEssaysPage: route({
    id: 'adminEssaysPage',
    method: 'GET',
    path: '/api/v1/admin/essays/page',
    auth: 'admin',
    owner: 'admin',
    summary: '全部作品（任意状态；待审核按提交先后）',
    query: AdminPageQuery.extend({
      status: EssayStatus.optional(),
      type: EssayType.optional(),
      classificationId: Id.optional(),
      keyword: z.string().trim().max(50).optional(),
      authorId: Id.optional(),
      ...sortQuery(['createdAt', 'publishedAt', 'views', 'likes', 'comments']),
    }),
    response: page(AdminEssay),
    errors: [...W],
  }),
  adminReviewEssay: route({
    id: 'adminReviewEssay',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/review',
    auth: 'admin',
    owner: 'admin',
    summary: '审核待审作品（通过 / 驳回，作者收到系统通知）',
    params: IdParams,
    body: ReviewBody,
    response: AdminEssay,
    errors: [...WN],
  }),
  adminHideEssay: route({
    id: 'adminHideEssay',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/hide',
    auth: 'admin',
    owner: 'admin',
    summary: '隐藏作品（作者可见原因，不能再发布）',
    params: IdParams,
    body: z.object({ reason: text(1, 200) }),
    response: AdminEssay,
    errors: [...WN],
  }),
  adminRestoreEssay: route({
    id: 'adminRestoreEssay',
    method: 'POST',
    path: '/api/v1/admin/essays/:id/restore',
    auth: 'admin',
    owner: 'admin',
    summary: '恢复被隐藏的作品',
    params: IdParams,
    response: AdminEssay,
    errors: [...WN],
  }),
  adminReportsPage: route({
    id: 'adminReportsPage',
    method: 'GET',
    path: '/api/v1/admin/reports/page',
    auth: 'admin',
    owner: 'admin',
    summary: '举报队列（按对象分组，待处理在前）',
    query: AdminPageQuery.extend({ status: ReportStatus.optional(), targetType: ReportTargetType.optional() }),
    response: page(ReportGroup),
    errors: [...W],
  }),
  adminResolveReport: route({
    id: 'adminResolveReport',
    method: 'POST',
    path: '/api/v1/admin/reports/:id/resolve',
    auth: 'admin',
    owner: 'admin',
    summary: '处理举报（驳回 / 隐藏 / 删除 / 封禁），同一对象的待处理举报一并关闭',
    params: IdParams,
    body: ResolveBody,
    response: ReportGroup,
    errors: [...WN],
  }),
  adminClassifications: route({
    id: 'adminClassifications',
    method: 'GET',
    path: '/api/v1/admin/classifications',
    auth: 'admin',
    owner: 'admin',
    summary: '全部分类（含隐藏）',
    response: z.array(AdminClassification),
    errors: ['A0230', 'A0301'],
  }),
  adminCreateClassification: route({
    id: 'adminCreateClassification',
    method: 'POST',
    path: '/api/v1/admin/classifications',
    auth: 'admin',
    owner: 'admin',
    summary: '新建分类',
    body: ClassificationWrite,
    response: AdminClassification,
    errors: [...W],
  }),
  adminUpdateClassification: route({
    id: 'adminUpdateClassification',
    method: 'PUT',
    path: '/api/v1/admin/classifications/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '修改分类',
    params: IdParams,
    body: ClassificationWrite,
    response: AdminClassification,
    errors: [...WN],
  }),
  adminDeleteClassification: route({
    id: 'adminDeleteClassification',
    method: 'DELETE',
    path: '/api/v1/admin/classifications/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '删除分类（仍有作品使用时拒绝）',
    params: IdParams,
    response: Ok,
    errors: [...WN],
  }),
  adminTags: route({
    id: 'adminTags',
    method: 'GET',
    path: '/api/v1/admin/tags',
    auth: 'admin',
    owner: 'admin',
    summary: '全部标签（一级在前，按排序）',
    response: z.array(AdminTag),
    errors: ['A0230', 'A0301'],
  }),
  adminCreateTag: route({
    id: 'adminCreateTag',
    method: 'POST',
    path: '/api/v1/admin/tags',
    auth: 'admin',
    owner: 'admin',
    summary: '新建标签（首字母由拼音计算）',
    body: TagWrite,
    response: AdminTag,
    errors: [...WN],
  }),
  adminUpdateTag: route({
    id: 'adminUpdateTag',
    method: 'PUT',
    path: '/api/v1/admin/tags/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '修改标签',
    params: IdParams,
    body: TagWrite,
    response: AdminTag,
    errors: [...WN],
  }),
  adminDeleteTag: route({
    id: 'adminDeleteTag',
    method: 'DELETE',
    path: '/api/v1/admin/tags/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '删除标签（连同其二级标签；作品不受影响）',
    params: IdParams,
    response: Ok,
    errors: [...WN],
  }),
  adminMergeTag: route({
    id: 'adminMergeTag',
    method: 'POST',
    path: '/api/v1/admin/tags/:id/merge',
    auth: 'admin',
    owner: 'admin',
    summary: '把该标签合并到另一个标签（作品、兴趣与二级标签随之转移）',
    params: IdParams,
    body: z.object({ intoId: Id }),
    response: AdminTag,
    errors: [...WN],
  }),
  adminAnnouncementsPage: route({
    id: 'adminAnnouncementsPage',
    method: 'GET',
    path: '/api/v1/admin/announcements/page',
    auth: 'admin',
    owner: 'admin',
    summary: '全部公告（含定时发布）',
    query: AdminPageQuery,
    response: page(AdminAnnouncement),
    errors: [...W],
  }),
  adminCreateAnnouncement: route({
    id: 'adminCreateAnnouncement',
    method: 'POST',
    path: '/api/v1/admin/announcements',
    auth: 'admin',
    owner: 'admin',
    summary: '发布公告（未来时间 = 定时发布）',
    body: AnnouncementWrite,
    response: AdminAnnouncement,
    errors: [...W],
  }),
  adminUpdateAnnouncement: route({
    id: 'adminUpdateAnnouncement',
    method: 'PUT',
    path: '/api/v1/admin/announcements/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '修改公告',
    params: IdParams,
    body: AnnouncementWrite,
    response: AdminAnnouncement,
    errors: [...WN],
  }),
  adminDeleteAnnouncement: route({
    id: 'adminDeleteAnnouncement',
    method: 'DELETE',
    path: '/api/v1/admin/announcements/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '删除公告',
    params: IdParams,
    response: Ok,
    errors: [...WN],
  }),
  adminAdsPage: route({
    id: 'adminAdsPage',
    method: 'GET',
    path: '/api/v1/admin/ads/page',
    auth: 'admin',
    owner: 'admin',
    summary: '全部广告及展示、点击、点击率',
    query: AdminPageQuery.extend({
      position: z.coerce.number().int().min(0).max(99).optional(),
      status: z.enum(['active', 'paused']).optional(),
      ...sortQuery(['createdAt', 'weight', 'impressions', 'clicks', 'ctr']),
    }),
    response: page(AdminAd),
    errors: [...W],
  }),
  adminCreateAd: route({
    id: 'adminCreateAd',
    method: 'POST',
    path: '/api/v1/admin/ads',
    auth: 'admin',
    owner: 'admin',
    summary: '新建广告',
    body: AdWrite,
    response: AdminAd,
    errors: [...W],
  }),
  adminUpdateAd: route({
    id: 'adminUpdateAd',
    method: 'PUT',
    path: '/api/v1/admin/ads/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '修改广告',
    params: IdParams,
    body: AdWrite,
    response: AdminAd,
    errors: [...WN],
  }),
  adminDeleteAd: route({
    id: 'adminDeleteAd',
    method: 'DELETE',
    path: '/api/v1/admin/ads/:id',
    auth: 'admin',
    owner: 'admin',
    summary: '删除广告',
    params: IdParams,
    response: Ok,
    errors: [...WN],
  }),
  adminUpdateTheme: route({
    id: 'adminUpdateTheme',
    method: 'PUT',
    path: '/api/v1/admin/theme',
    auth: 'admin',
    owner: 'admin',
    summary: '修改站点主题（下一次 GET /api/v1/pc/theme 即生效）',
    body: ThemeLayout.extend({
      backgroundImg: z
        .string()
        .trim()
        .max(300)
        .regex(/^(|\/uploads\/[\w./-]+|https?:\/\/\S+)$/, '必须为空、本站上传的图片或 http(s) 地址'),
      color: z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, '必须是 #RRGGBB 颜色'),
      activeMenu: z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, '必须是 #RRGGBB 颜色'),
    }),
    response: ThemeLayout,
    errors: [...W],
  }),
  adminBestWeek: route({
    id: 'adminBestWeek',
    method: 'GET',
    path: '/api/v1/admin/bestWeek',
    auth: 'admin',
    owner: 'admin',
    summary: '某周精选（缺省为最近冻结的一周）',
    query: z.object({ week: WeekString.optional() }),
    response: AdminBestWeek,
    errors: [...W],
  }),
  adminUpdateBestWeek: route({
    id: 'adminUpdateBestWeek',
    method: 'PUT',
    path: '/api/v1/admin/bestWeek',
    auth: 'admin',
    owner: 'admin',
    summary: '编辑某周精选（置顶、移除、排序、编辑寄语）',
    body: BestWeekWrite,
    response: AdminBestWeek,
    errors: [...WN],
  }),
  adminOrdersPage: route({
    id: 'adminOrdersPage',
    method: 'GET',
    path: '/api/v1/admin/orders/page',
    auth: 'admin',
    owner: 'admin',
    summary: '全部订单',
    query: AdminPageQuery.extend({
      status: OrderStatus.optional(),
      /** Order number or username. */
      keyword: z.string().trim().max(50).optional(),
      userId: Id.optional(),
    }),
    response: page(AdminOrder),
    errors: [...W],
  }),
  adminConfirmOrder: route({
    id: 'adminConfirmOrder',
    method: 'POST',
    path: '/api/v1/admin/orders/:id/confirm',
    auth: 'admin',
    owner: 'admin',
    summary: '确认到账（待支付、已关闭、已取消或支付异常 → 已支付，延长会员，通知用户；已支付时不重复）',
    params: IdParams,
    response: AdminOrder,
    errors: [...WN],
  }),
  adminRefundOrder: route({
    id: 'adminRefundOrder',
    method: 'POST',
    path: '/api/v1/admin/orders/:id/refund',
    auth: 'admin',
    owner: 'admin',
    summary: '退款（已支付或支付异常 → 退款中 → 已退款，经支付渠道原路退回，缩短会员，通知用户；重复退款不重复退）',
    params: IdParams,
    body: z.object({ note: z.string().trim().max(200).optional() }),
    response: AdminOrder,
    errors: [...WN, 'C0001'],
  }),
  adminRefreshOrder: route({
    id: 'adminRefreshOrder',
    method: 'POST',
    path: '/api/v1/admin/orders/:id/refresh',
    auth: 'admin',
    owner: 'admin',
    summary: '向支付渠道查询订单（支付或退款结果），并按结果更新',
    params: IdParams,
    response: AdminOrder,
    errors: [...WN, 'C0001'],
  }),
  adminPaymentNotifications: route({
    id: 'adminPaymentNotifications',
    method: 'GET',
    path: '/api/v1/admin/payments/notifications',
    auth: 'admin',
    owner: 'admin',
    summary: '支付回调记录（原文、验签结果与处理结果）',
    query: AdminPageQuery.extend({
      orderId: Id.optional(),
      provider: z.enum(['wechat', 'alipay', 'manual']).optional(),
      /** Only the ones that changed nothing or need an editor: refused, exception, conflict. */
      problems: z.enum(['true', 'false']).optional(),
    }),
    response: page(PaymentNotification),
    errors: [...W],
  }),
  adminUsersPage: route({
    id: 'adminUsersPage',
    method: 'GET',
    path: '/api/v1/admin/users/page',
    auth: 'admin',
    owner: 'admin',
    summary: '全部用户',
    query: AdminPageQuery.extend({
      /** Username or nickname. */
      keyword: z.string().trim().max(50).optional(),
      status: UserStatus.optional(),
      role: Role.optional(),
      ...sortQuery(['createdAt', 'essayCount', 'followerCount', 'lastActiveAt']),
    }),
    response: page(AdminUser),
    errors: [...W],
  }),
  adminBanUser: route({
    id: 'adminBanUser',
    method: 'POST',
    path: '/api/v1/admin/users/:id/ban',
    auth: 'admin',
    owner: 'admin',
    summary: '封禁用户（全部会话立即失效，作品与评论对他人隐藏）',
    params: IdParams,
    body: BanBody,
    response: AdminUser,
    errors: [...WN],
  }),
  adminUnbanUser: route({
    id: 'adminUnbanUser',
    method: 'POST',
    path: '/api/v1/admin/users/:id/unban',
    auth: 'admin',
    owner: 'admin',
    summary: '解除封禁',
    params: IdParams,
    response: AdminUser,
    errors: [...WN],
  }),
  adminSetRole: route({
    id: 'adminSetRole',
    method: 'PUT',
    path: '/api/v1/admin/users/:id/role',
    auth: 'admin',
    owner: 'admin',
    summary: '设置角色（不能降级自己或最后一位管理员）',
    params: IdParams,
    body: z.object({ role: Role }),
    response: AdminUser,
    errors: [...WN],
  }),
  adminAuditPage: route({
    id: 'adminAuditPage',
    method: 'GET',
    path: '/api/v1/admin/audit/page',
    auth: 'admin',
    owner: 'admin',
    summary: '操作日志（默认新的在前，可按时间排序）',
    query: AdminPageQuery.extend({
      adminId: Id.optional(),
      action: z.string().trim().max(60).optional(),
      targetType: AuditTargetType.optional(),
      targetId: z.string().trim().max(40).optional(),
      /** Inclusive days in Asia/Shanghai. */
      from: Day.optional(),
      to: Day.optional(),
      ...sortQuery(['createdAt']),
    }),
    response: page(AuditEntry),
    errors: [...W],
  }),
};
