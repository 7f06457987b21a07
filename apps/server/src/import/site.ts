/**
 * What a fresh site needs besides texts: demo accounts, announcements, sidebar ads, the theme and
 * the membership plans. Every insert is skipped when its natural key already exists.
 */
import { AGREEMENT_VERSION, MEMBERSHIP_NOTICE_TITLE } from '@shiju/contract';
import type { Db } from '../db/client.js';
import * as statements from './statements.js';
import { hashPassword } from '../modules/auth/index.js';
import { DEFAULT_THEME } from '../modules/site/index.js';

/** Shared by every demo account; documented in the README. */
export const DEMO_PASSWORD = 'shiju2026';
export const EDITOR_USERNAME = 'shiju_editor';

const DEMO_USERS = [
  { username: EDITOR_USERNAME, nickname: '拾句编辑部', role: 'user', bio: '从经典里拾取好句子，与你分享。收录的古典诗文均来自公有领域。' },
  { username: 'shiju_admin', nickname: '拾句管理员', role: 'admin', bio: '负责站务、审核与每周精选。' },
  { username: 'demo_reader', nickname: '林间读者', role: 'user', bio: '喜欢在通勤路上读一首诗。' },
  { username: 'demo_writer', nickname: '执笔的人', role: 'user', bio: '偶尔写字，常常仿写。' },
] as const;

/** Create the missing demo accounts (hashing only for those) and return the editor's id. */
async function ensureUsers(db: Db): Promise<number> {
  const existing = await statements.usersNamed(
    db,
    DEMO_USERS.map((u) => u.username),
  );
  const present = new Set(existing.map((u) => u.username.toLowerCase()));
  const missing = DEMO_USERS.filter((u) => !present.has(u.username));
  if (missing.length > 0) {
    const hash = await hashPassword(DEMO_PASSWORD);
    // The site's own demo accounts start on the current agreement; people who sign up accept it themselves.
    await statements.insertUsers(
      db,
      missing.map((u) => ({ ...u, passwordHash: hash, agreementVersion: AGREEMENT_VERSION, agreementAcceptedAt: new Date() })),
    );
  }
  return (await statements.userIdNamed(db, EDITOR_USERNAME))!;
}

const DAY = 86_400_000;

const ANNOUNCEMENTS = [
  {
    title: '欢迎来到拾句',
    pinned: true,
    daysAgo: 30,
    content:
      '<p>拾句是一个阅读与分享好句子、好文章的地方。在这里，你可以读到唐诗宋词、诗经楚辞、论语与古文观止里的名篇，也可以写下自己的句子与美文。</p>' +
      '<ul><li>不登录也能浏览全部内容、搜索和查看排行榜；</li><li>登录后可以发布、仿写、评论、点赞、收藏和关注；</li><li>在“我的兴趣”里选择喜欢的标签，首页会为你推荐相关内容。</li></ul>' +
      '<p>愿你在这里拾到一句，照亮一天。</p>',
  },
  {
    title: '社区公约',
    pinned: false,
    daysAgo: 29,
    content:
      '<p>为了让每一位读者都能安心阅读，请共同遵守以下约定：</p>' +
      '<ol><li>尊重原创：引用他人作品请注明作者与出处；</li><li>友善交流：就文论文，不做人身攻击；</li><li>不发布违法违规、广告引流或低俗内容；</li><li>含敏感词的内容会先进入审核，通过后再公开。</li></ol>' +
      '<p>违反公约的内容将被删除，情节严重的账号将被封禁。感谢你的理解与支持。</p>',
  },
  {
    title: '排行榜与热度是怎么计算的',
    pinned: false,
    daysAgo: 20,
    content:
      '<p>“最热”排序和排行榜依据热度：</p>' +
      '<p><strong>热度 =（点赞 × 3 + 收藏 × 4 + 评论 × 2 + 仿写 × 3 + 阅读 × 0.05 + 1）÷（发布后的小时数 + 2）<sup>1.5</sup></strong></p>' +
      '<p>也就是说，互动越多热度越高，而时间会让热度慢慢回落，新作品同样有机会上榜。日榜、周榜、月榜只统计该时间段内的互动；同一位读者一小时内重复阅读只计一次。</p>',
  },
  {
    title: '每周精选上线了',
    pinned: false,
    daysAgo: 12,
    content:
      '<p>每周一零点（北京时间），上一周发布的作品中热度最高的 20 篇会被收录进“每周精选”，编辑也会补充推荐。往期精选可以随时回看。</p>' +
      '<p>多写、多读、多互动，下一周的精选里也许就有你。</p>',
  },
  {
    // True whichever ways to pay the site has configured (none, WeChat Pay, Alipay, bank transfer): /myOrder says
    // which are open and points here while none is.
    title: MEMBERSHIP_NOTICE_TITLE,
    pinned: false,
    daysAgo: 5,
    content:
      '<p>拾句会员提供月度、季度、年度三种方案，开通后浏览全站不再显示广告。</p>' +
      '<p>能用哪些方式付款，以<a href="/myOrder">我的订单</a>页面所列为准；那里写着“暂未开通在线支付”时，会员暂时还不能购买。</p>' +
      '<ul><li>微信支付、支付宝：扫码付款成功后，会员立即生效；</li><li>银行转账（如已开通）：按页面提示转账，编辑确认到账后会员生效。</li></ul>' +
      '<p>未付款的订单会在页面所示的时间后自动关闭。如有疑问，请联系编辑部。</p>',
  },
];

async function ensureAnnouncements(db: Db, now: Date): Promise<void> {
  for (const a of ANNOUNCEMENTS) {
    const at = new Date(now.getTime() - a.daysAgo * DAY).toISOString();
    await statements.ensureAnnouncement(db, { title: a.title, content: a.content, pinned: a.pinned, publishedAt: at, createdAt: at });
  }
}

/** A self-contained SVG banner (no external image host), as a data: URI. */
function banner(headline: string, subline: string, from: string, to: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300" viewBox="0 0 600 300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="600" height="300" rx="16" fill="url(#g)"/>` +
    `<text x="48" y="140" font-family="serif" font-size="44" fill="#fffaf0">${headline}</text>` +
    `<text x="48" y="200" font-family="sans-serif" font-size="24" fill="#fffaf0" opacity="0.85">${subline}</text>` +
    `</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Position 5 is the sidebar list (docs/rules.md#ads). */
const SIDEBAR = 5;

const ADS = [
  {
    title: '开通拾句会员，畅读无广告',
    image: banner('拾句会员', '开通后全站无广告 · 月度仅 15 元', '#8b5e3c', '#c0392b'),
    link: '/myOrder',
    weight: 30,
    frequency: 0,
  },
  {
    title: '每周精选：本周最美的句子',
    image: banner('每周精选', '每周一更新 · 往期随时回看', '#5d6d4e', '#8b5e3c'),
    link: '/bestWeek',
    weight: 20,
    frequency: 6,
  },
  {
    title: '来仿写一句吧',
    image: banner('仿写一句', '借古人的句式，写自己的心事', '#34495e', '#8b5e3c'),
    link: '/imitative',
    weight: 10,
    frequency: 12,
  },
];

async function ensureAds(db: Db): Promise<void> {
  for (const ad of ADS) {
    await statements.ensureAd(db, { ...ad, position: SIDEBAR });
  }
}

/** The PC site theme: a warm ink-brown accent. */
async function ensureTheme(db: Db): Promise<void> {
  await statements.insertThemeIfMissing(db, 0, DEFAULT_THEME);
}

const PLANS = [
  { name: '月度会员', description: '30 天免广告畅读', priceFen: 1500, days: 30 },
  { name: '季度会员', description: '90 天免广告畅读，约 8.9 折', priceFen: 4000, days: 90 },
  { name: '年度会员', description: '365 天免广告畅读，约 7.1 折', priceFen: 12800, days: 365 },
];

async function ensureProducts(db: Db): Promise<void> {
  for (const [i, p] of PLANS.entries()) {
    await statements.ensureProduct(db, { ...p, sort: (i + 1) * 10 });
  }
}

/** Everything above; returns the editorial account that owns imported texts. */
export async function ensureSiteContent(db: Db, now: Date): Promise<{ editorId: number }> {
  const editorId = await ensureUsers(db);
  await ensureAnnouncements(db, now);
  await ensureAds(db);
  await ensureTheme(db);
  await ensureProducts(db);
  return { editorId };
}
