/**
 * What the server renders for the public routes: each page's real content, read through the same
 * services (and micro-caches) the API answers from, as a visitor sees it. Rendering a text's page counts no
 * view: the web app counts it when a reader's browser takes over (its essayView call).
 */
import {
  beijingTimeLabel,
  erasOf,
  lifeSpan,
  namedRouteTitle,
  PAGES,
  rankReasonOf,
  textTitle,
  type Challenge,
  type Essay,
} from '@shiju/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { htmlToText, summarize } from '../../lib/html.js';
import { findPublished, pagePublished } from '../announcements/index.js';
import { findClassification, pageClassifications } from '../classifications/index.js';
import { authorDetail, authorWorks, dynasties, dynastyAuthors, frozenWeeks, weekEntries } from '../discovery/index.js';
import { rankingPage, type Period } from '../discovery/index.js';
import { presentCard, presentEssays } from '../essays/index.js';
import { listPublished, mergedTarget, publishedDetails, type EssayCaches } from '../essays/index.js';
import { profile, relations } from '../social/index.js';
import { publicCollection } from '../collections/index.js';
import { challengeDetails, challengeEntries, challengesPage } from '../challenges/index.js';

export const LIST_SIZE = 20;

export type FeedLink = { title: string; name: string };

export interface ListItem {
  essay: Essay;
  /** A rank or score shown beside the text (leaderboard, best of the week). */
  note?: string;
}

export type PageBody =
  | { kind: 'essay'; essay: NonNullable<Awaited<ReturnType<typeof publishedDetails>>> }
  | {
      kind: 'list';
      heading: string;
      intro?: string;
      items: ListItem[];
      links?: { href: string; label: string }[];
      /** An author page's person (JSON-LD Person). */
      person?: { name: string; dynasty: string | null; born: number | null; died: number | null; bio: string | null };
    }
  | { kind: 'announcement'; title: string; content: string; publishedAt: string }
  | { kind: 'user'; user: Awaited<ReturnType<typeof profile>>; items: ListItem[] }
  /** A list of other pages (announcements, people), or none (a page of words: 关于我们, a search). */
  | { kind: 'links'; heading: string; intro?: string; items: LinkItem[]; empty?: string }
  | { kind: 'notFound' };

export interface LinkItem {
  href: string;
  label: string;
  /** A date or a line beside the link. */
  note?: string;
}

export interface PageModel {
  status: 200 | 404;
  /** The part after `拾句 | ` in the tab title: the route's title (seed rule), then ` · ` and the name of what it shows. */
  routeTitle: string;
  /** The page's own title for meta and Open Graph (a text's title, a classification's name…). */
  title: string;
  description: string;
  keywords: string[];
  /** Path and query of the canonical address. */
  path: string;
  ogType: 'website' | 'article' | 'profile';
  image?: string | null;
  /** Feeds of this page (the site-wide latest feed is linked from index.html itself). */
  feeds: FeedLink[];
  /** Kept out of search engines though it answers (a search's results): robots noindex, no canonical address. */
  noindex?: boolean;
  /** The page moved for good (a merged text): answered with a 301 to this path. */
  redirectTo?: string;
  body: PageBody;
}

const routeTitle = (path: string) => PAGES.find((p) => p.path === path)!.title;
const SITE_KEYWORDS = ['拾句', '句子', '美文', '好句子', '经典语录', '诗词', '散文', '书摘'];
const SITE_DESCRIPTION = '拾句：读句子、品美文，收藏打动你的每一句话，也写下你自己的句子。';
export const BEST_WEEK_FEED: FeedLink = { title: '拾句 · 每周精选', name: 'best-week' };

/** A text's display title: its own, or the start of its words (sentences have none). */
export const titleOf = textTitle;

/** A positive int4 id from a query value, or null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2147483647 ? n : null;
}

export function notFoundPage(): PageModel {
  return {
    status: 404,
    routeTitle: '页面不存在',
    title: '页面不存在',
    description: '你要找的页面不存在，或者内容已被删除。',
    keywords: SITE_KEYWORDS,
    path: '/home',
    ogType: 'website',
    feeds: [],
    body: { kind: 'notFound' },
  };
}

/** A call's "not found" (AppError A0404) becomes the 404 page; anything else is a real failure. */
async function orNotFound(load: () => Promise<PageModel>): Promise<PageModel> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof AppError && err.code === 'A0404') return notFoundPage();
    throw err;
  }
}

const latest = (db: Db, caches: EssayCaches, filter: { classificationId?: number; authorId?: number } = {}) =>
  listPublished(db, caches, { pageNum: 1, pageSize: LIST_SIZE, sort: 'new', ...filter }, null).then((p) => p.list);

async function home(db: Db, caches: EssayCaches): Promise<PageModel> {
  const [items, classes] = await Promise.all([latest(db, caches), pageClassifications(db, 50, 0)]);
  return {
    status: 200,
    routeTitle: routeTitle('/home'),
    title: '拾句 · 读句子，品美文',
    description: SITE_DESCRIPTION,
    keywords: SITE_KEYWORDS,
    path: '/home',
    ogType: 'website',
    feeds: [BEST_WEEK_FEED],
    body: {
      kind: 'list',
      heading: '最新发布',
      intro: SITE_DESCRIPTION,
      items: items.map((essay) => ({ essay })),
      // As the app's chips: an empty classification is not offered on 首页.
      links: classes.list.filter((c) => c.essayCount > 0).map((c) => ({ href: `/classifyDetails?id=${c.id}`, label: c.name })),
    },
  };
}

async function essayPage(db: Db, caches: EssayCaches, id: number | null): Promise<PageModel> {
  const e = id ? await publishedDetails(db, caches, id) : null;
  if (!e) {
    // A text merged into another (a duplicate) lives on at the kept one's address.
    const into = id ? await mergedTarget(db, id) : null;
    return into ? { ...notFoundPage(), redirectTo: `/bellesDetails?id=${into}` } : notFoundPage();
  }
  const keywords = [...new Set([...e.tags.map((t) => t.name), e.classification?.name, e.author.nickname, e.source, '拾句'])].filter(
    (k): k is string => !!k,
  );
  return {
    status: 200,
    routeTitle: namedRouteTitle(routeTitle('/bellesDetails'), titleOf(e)),
    title: titleOf(e),
    description: summarize(e.type === 'essay' ? htmlToText(e.content) : e.content, 120),
    keywords,
    path: `/bellesDetails?id=${e.id}`,
    ogType: 'article',
    image: e.cover,
    feeds: [{ title: `拾句 · ${e.author.nickname} 的作品`, name: `author-${e.author.id}` }],
    body: { kind: 'essay', essay: e },
  };
}

async function classificationPage(db: Db, caches: EssayCaches, rawId: unknown): Promise<PageModel> {
  const classes = await pageClassifications(db, 50, 0);
  const id = rawId === undefined ? (classes.list[0]?.id ?? null) : parseId(rawId);
  const c = id ? await findClassification(db, id) : null;
  if (!c) return notFoundPage();
  const items = await latest(db, caches, { classificationId: c.id });
  return {
    status: 200,
    routeTitle: namedRouteTitle(routeTitle('/classifyDetails'), c.name),
    title: `${c.name} · 拾句`,
    description: summarize(
      `${c.description ? `${c.description} ` : ''}拾句“${c.name}”分类下的句子与美文，${c.essayCount > 0 ? `共 ${c.essayCount} 篇。` : '还没有作品，欢迎写下第一篇。'}`,
      120,
    ),
    keywords: [c.name, ...SITE_KEYWORDS],
    path: `/classifyDetails?id=${c.id}`,
    ogType: 'website',
    image: c.cover,
    feeds: [{ title: `拾句 · ${c.name}`, name: `classification-${c.id}` }],
    body: {
      kind: 'list',
      heading: c.name,
      intro: c.description || undefined,
      items: items.map((essay) => ({ essay })),
      links: classes.list.filter((x) => x.id !== c.id).map((x) => ({ href: `/classifyDetails?id=${x.id}`, label: x.name })),
    },
  };
}

const PERIOD_NAMES: Record<Period, string> = { day: '日榜', week: '周榜', month: '月榜', all: '总榜' };

async function leaderboard(db: Db, rawPeriod: unknown): Promise<PageModel> {
  const period: Period = typeof rawPeriod === 'string' && rawPeriod in PERIOD_NAMES ? (rawPeriod as Period) : 'day';
  const { rows } = await rankingPage(db, { period }, LIST_SIZE, 0);
  const name = PERIOD_NAMES[period];
  return {
    status: 200,
    routeTitle: routeTitle('/leaderboard'),
    title: `排行榜 · ${name}`,
    description: `拾句排行榜（${name}）：读过的人里喜欢的人最多的好句子与美文。`,
    keywords: ['排行榜', name, ...SITE_KEYWORDS],
    path: period === 'day' ? '/leaderboard' : `/leaderboard?period=${period}`,
    ogType: 'website',
    feeds: [],
    body: {
      kind: 'list',
      heading: `排行榜 · ${name}`,
      items: rows.map((r, i) => ({ essay: presentCard(r), note: `第 ${i + 1} 名 · ${rankReasonOf(period, r.likers, r.viewers)}` })),
      links: (Object.keys(PERIOD_NAMES) as Period[])
        .filter((p) => p !== period)
        .map((p) => ({ href: p === 'day' ? '/leaderboard' : `/leaderboard?period=${p}`, label: PERIOD_NAMES[p] })),
    },
  };
}

async function bestWeek(db: Db, rawWeek: unknown, now: Date): Promise<PageModel> {
  const weeks = await frozenWeeks(db);
  const week = rawWeek === undefined ? (weeks[0] ?? null) : typeof rawWeek === 'string' && weeks.includes(rawWeek) ? rawWeek : undefined;
  if (week === undefined) return notFoundPage();
  const [entries, challenge] = await Promise.all([
    week ? weekEntries(db, week) : [],
    weekChallenge(db, rawWeek === undefined ? undefined : week, now),
  ]);
  const essays = await presentEssays(
    db,
    entries.map((e) => e.essayId),
  );
  const heading = week ? `每周精选 · ${week.replace(/^(\d{4})-W0?(\d+)$/, '$1 年第 $2 周')}` : '每周精选';
  return {
    status: 200,
    routeTitle: routeTitle('/bestWeek'),
    title: heading,
    description: '拾句每周精选：每周一从上一周发布的作品中选出最受喜爱的 20 篇，往期精选随时可读。',
    keywords: ['每周精选', '本周好句', '精选美文', '句子推荐', '拾句'],
    path: rawWeek === undefined || !week ? '/bestWeek' : `/bestWeek?week=${week}`,
    ogType: 'website',
    feeds: [BEST_WEEK_FEED],
    body: {
      kind: 'list',
      heading,
      intro: week ? undefined : '本周精选还在评选中，下周一揭晓。',
      items: essays.map((essay, i) => ({ essay, note: `第 ${i + 1} 名` })),
      links: [
        ...(challenge
          ? [{ href: `/imitative?challenge=${challenge.id}`, label: `每周仿写 · ${challengeName(challenge)} · 获奖作品` }]
          : []),
        ...weeks
          .filter((w) => w !== week)
          .slice(0, 12)
          .map((w) => ({ href: `/bestWeek?week=${w}`, label: w })),
      ],
    },
  };
}

/** The challenge shown beside a week's best: the one that closed in that week, or (latest view) the last closed. */
async function weekChallenge(db: Db, week: string | null | undefined, now: Date) {
  const { list } = await challengesPage(db, { pageNum: 1, pageSize: 1, closed: 'true', week: week ?? undefined }, now, null);
  return list[0] ?? null;
}

const challengeName = (c: Challenge) => (c.original ? titleOf(c.original) : `第 ${c.id} 期`);
const CHALLENGE_STATES = { upcoming: '未开始', open: '进行中', closed: '已结束' } as const;
const shanghaiTime = (iso: string) => beijingTimeLabel(new Date(iso));

/** 每周仿写 (?challenge=): the original, the prompt, the window, and the entries (ranked after the close). */
async function challengePage(db: Db, id: number | null, now: Date): Promise<PageModel> {
  if (!id) return notFoundPage();
  return orNotFound(async () => {
    const [c, entries, others] = await Promise.all([
      challengeDetails(db, id, now, null),
      challengeEntries(db, id, { pageNum: 1, pageSize: LIST_SIZE }, now, null),
      challengesPage(db, { pageNum: 1, pageSize: 12 }, now, null),
    ]);
    const name = challengeName(c);
    const window = `${shanghaiTime(c.opensAt)} 至 ${shanghaiTime(c.closesAt)}（北京时间）`;
    return {
      status: 200,
      routeTitle: namedRouteTitle(routeTitle('/imitative'), `每周仿写 · ${name}`),
      title: `每周仿写 · ${name}`,
      description: summarize(`拾句每周仿写（${CHALLENGE_STATES[c.state]}）：${c.prompt} ${window}`, 120),
      keywords: ['每周仿写', '仿写', name, ...SITE_KEYWORDS],
      path: `/imitative?challenge=${c.id}`,
      ogType: 'website',
      feeds: [{ title: `拾句 · 每周仿写「${name}」`, name: `challenge-${c.id}` }],
      body: {
        kind: 'list',
        heading: `每周仿写 · ${name}`,
        intro: `${c.prompt}（${CHALLENGE_STATES[c.state]} · ${window} · ${c.entries} 篇参赛）`,
        items: [
          ...(c.original ? [{ essay: c.original, note: '原文' }] : []),
          ...entries.list.map((x) => ({ essay: x.essay, note: x.rank ? `第 ${x.rank} 名 · ${x.votes} 个有效的赞` : '参赛作品' })),
        ],
        links: others.list
          .filter((o) => o.id !== c.id)
          .map((o) => ({ href: `/imitative?challenge=${o.id}`, label: `每周仿写 · ${challengeName(o)}（${CHALLENGE_STATES[o.state]}）` })),
      },
    };
  });
}

/** /imitative: a challenge's page (?challenge=); otherwise the app's own page (a writing form: not for search engines). */
async function imitativePage(db: Db, q: Record<string, unknown>, now: Date): Promise<PageModel> {
  if (q.challenge !== undefined) return challengePage(db, parseId(q.challenge), now);
  const { list } = await challengesPage(db, { pageNum: 1, pageSize: 12 }, now, null);
  return {
    status: 200,
    routeTitle: routeTitle('/imitative'),
    title: '仿写',
    description: '在拾句照着好句子写一句自己的：仿写、每周仿写。',
    keywords: ['仿写', '每周仿写', ...SITE_KEYWORDS],
    path: '/imitative',
    ogType: 'website',
    feeds: [],
    noindex: true,
    body: {
      kind: 'links',
      heading: '仿写',
      items: list.map((o) => ({
        href: `/imitative?challenge=${o.id}`,
        label: `每周仿写 · ${challengeName(o)}`,
        note: CHALLENGE_STATES[o.state],
      })),
    },
  };
}

async function announcementPage(db: Db, id: number | null): Promise<PageModel> {
  const a = id ? await findPublished(db, id) : undefined;
  if (!a) return notFoundPage();
  return {
    status: 200,
    routeTitle: namedRouteTitle(routeTitle('/bulletinDetails'), a.title),
    title: a.title,
    description: summarize(htmlToText(a.content), 120),
    keywords: ['公告', ...SITE_KEYWORDS],
    path: `/bulletinDetails?id=${a.id}`,
    ogType: 'article',
    feeds: [],
    body: { kind: 'announcement', title: a.title, content: a.content, publishedAt: a.publishedAt.toISOString() },
  };
}

async function userPage(db: Db, caches: EssayCaches, id: number | null): Promise<PageModel> {
  if (!id) return notFoundPage();
  return orNotFound(async () => {
    const [user, items] = await Promise.all([profile(db, id, null), latest(db, caches, { authorId: id })]);
    return {
      status: 200,
      routeTitle: namedRouteTitle(routeTitle('/othersInfor'), user.nickname),
      title: `${user.nickname} 的主页`,
      description: summarize(user.bio || `${user.nickname} 在拾句发布了 ${user.essays} 篇作品，获得 ${user.likesReceived} 个喜欢。`, 120),
      keywords: [user.nickname, ...SITE_KEYWORDS],
      path: `/othersInfor?id=${user.id}`,
      ogType: 'profile',
      image: user.avatar,
      feeds: [{ title: `拾句 · ${user.nickname} 的作品`, name: `author-${user.id}` }],
      body: { kind: 'user', user, items: items.map((essay) => ({ essay })) },
    };
  });
}

/** A public 收藏夹: its name, owner and first texts; private, hidden or missing ones are a not-found page. */
async function collectionPage(db: Db, id: number | null): Promise<PageModel> {
  if (!id) return notFoundPage();
  return orNotFound(async () => {
    const { folder: f, essays } = await publicCollection(db, id, LIST_SIZE);
    const heading = `${f.name} · ${f.owner.nickname} 的收藏夹`;
    return {
      status: 200,
      routeTitle: namedRouteTitle(routeTitle('/collection'), f.name),
      title: heading,
      description: summarize(f.description || `${f.owner.nickname} 在拾句整理的收藏夹「${f.name}」，共 ${f.itemCount} 篇。`, 120),
      keywords: [f.name, '收藏夹', ...SITE_KEYWORDS],
      path: `/collection?id=${f.id}`,
      ogType: 'website',
      image: f.cover,
      feeds: [{ title: `拾句 · 收藏夹「${f.name}」`, name: `collection-${f.id}` }],
      body: { kind: 'list', heading, intro: f.description || undefined, items: essays.map((essay) => ({ essay })) },
    };
  });
}

/** 公告: the first page of announcements, pinned first, then newest. */
async function bulletinBoard(db: Db): Promise<PageModel> {
  const { rows } = await pagePublished(db, LIST_SIZE, 0);
  return {
    status: 200,
    routeTitle: routeTitle('/bulletinBoard'),
    title: '拾句公告',
    description: '拾句编辑部的消息：新功能、活动与社区约定。',
    keywords: ['公告', ...SITE_KEYWORDS],
    path: '/bulletinBoard',
    ogType: 'website',
    feeds: [],
    body: {
      kind: 'links',
      heading: '公告',
      intro: '拾句编辑部的消息：新功能、活动与社区约定。',
      items: rows.map((a) => ({ href: `/bulletinDetails?id=${a.id}`, label: a.title, note: a.publishedAt.toISOString().slice(0, 10) })),
      empty: '暂时还没有公告。',
    },
  };
}

/** 关于我们: the app draws its words (ssr/render.tsx); this is what a crawler without it reads. */
function aboutPage(): PageModel {
  const description =
    '拾句是一个读句子、品美文的地方：唐诗宋词、经典古文，也有每一位用户写下的句子和文章。排行榜、每周精选与随机一句接口的说明。';
  return {
    status: 200,
    routeTitle: routeTitle('/aboutOur'),
    title: '关于拾句',
    description,
    keywords: ['关于拾句', '随机一句接口', ...SITE_KEYWORDS],
    path: '/aboutOur',
    ogType: 'website',
    feeds: [],
    body: {
      kind: 'links',
      heading: '关于拾句',
      intro: description,
      items: [
        { href: '/aboutOur#api', label: '开发者：随机一句接口' },
        { href: '/bulletinBoard', label: '公告' },
        { href: '/agreement', label: '用户协议' },
        { href: '/privacy', label: '隐私政策' },
      ],
    },
  };
}

const RELATION_NAMES = { following: '关注', followers: '粉丝' } as const;

/** 关注与粉丝: whom someone follows, or who follows them (the tab the URL opens), first page. */
async function relationsPage(db: Db, id: number | null, rawType: unknown): Promise<PageModel> {
  if (!id) return notFoundPage();
  const type = rawType === 'followers' ? 'followers' : 'following';
  return orNotFound(async () => {
    const [user, people] = await Promise.all([profile(db, id, null), relations(db, id, type, { pageNum: 1, pageSize: LIST_SIZE }, null)]);
    return {
      status: 200,
      routeTitle: namedRouteTitle(routeTitle('/othersRelation'), user.nickname),
      title: `${user.nickname} 的关注与粉丝`,
      description: `${user.nickname} 在拾句关注了 ${user.following} 人，有 ${user.followers} 位粉丝。`,
      keywords: [user.nickname, ...SITE_KEYWORDS],
      path: `/othersRelation?id=${user.id}${type === 'followers' ? '&type=followers' : ''}`,
      ogType: 'profile',
      feeds: [],
      body: {
        kind: 'links',
        heading: `${user.nickname} 的${RELATION_NAMES[type]}`,
        items: people.list.map((u) => ({ href: `/othersInfor?id=${u.id}`, label: u.nickname, note: u.bio || undefined })),
        empty: type === 'following' ? 'TA 还没有关注任何人。' : 'TA 还没有粉丝。',
      },
    };
  });
}

/** 搜索: the app draws the results (ssr/render.tsx); a search is no page of its own for search engines. */
function searchPage(rawQ: unknown): PageModel {
  const q = typeof rawQ === 'string' ? rawQ.trim().slice(0, 50) : '';
  return {
    status: 200,
    routeTitle: routeTitle('/globalSearch'),
    title: q ? `搜索：${q}` : '搜索',
    description: '在拾句搜索句子、美文、作者和标签，支持繁体、拼音与首字母。',
    keywords: ['搜索', ...SITE_KEYWORDS],
    path: q ? `/globalSearch?q=${encodeURIComponent(q)}` : '/globalSearch',
    ogType: 'website',
    feeds: [],
    noindex: true,
    body: { kind: 'links', heading: q ? `搜索：${q}` : '搜索', items: [] },
  };
}

/** 作者页 (/author?name=李白[&dynasty=唐]): who the author is and their most read texts (the app's first page). */
async function authorPersonPage(db: Db, rawName: unknown, rawDynasty: unknown): Promise<PageModel> {
  const name = typeof rawName === 'string' ? rawName.trim().slice(0, 40) : '';
  const dynasty = typeof rawDynasty === 'string' && rawDynasty.trim() ? rawDynasty.trim().slice(0, 10) : undefined;
  return orNotFound(async () => {
    const [author, works] = await Promise.all([authorDetail(db, name, dynasty), authorWorks(db, name, dynasty, 10, 0)]);
    const era = author.dynasty ? `${author.dynasty}代` : '';
    const life = lifeSpan(author.born, author.died);
    // The name alone is the address of its most published person; a homonym's address names the era.
    const path = `/author?name=${encodeURIComponent(author.name)}${author.primary ? '' : `&dynasty=${encodeURIComponent(author.dynasty ?? '')}`}`;
    return {
      status: 200,
      routeTitle: namedRouteTitle(routeTitle('/author'), author.name),
      title: author.name,
      description: summarize(
        author.bio ??
          `${era}${author.name}${life ? `（${life}）` : ''}的作品 ${author.works} 篇，在拾句按热度阅读：${works.list.map((e) => titleOf(e)).join('、')}`,
        120,
      ),
      keywords: [author.name, ...(author.dynasty ? [author.dynasty] : []), ...SITE_KEYWORDS],
      path,
      ogType: 'profile',
      feeds: [],
      body: {
        kind: 'list',
        heading: author.name,
        intro: [author.dynasty, life, `${author.works} 篇作品，按热度排列`].filter(Boolean).join(' · '),
        items: works.list.map((essay) => ({ essay })),
        person: { name: author.name, dynasty: author.dynasty, born: author.born, died: author.died, bio: author.bio },
        links: [
          ...(author.group ? [{ href: `/author?dynasty=${encodeURIComponent(author.dynasty!)}`, label: `${author.dynasty}代作者` }] : []),
          ...author.homonyms.map((h) => ({
            href: `/author?name=${encodeURIComponent(h.name)}&dynasty=${encodeURIComponent(h.dynasty ?? '')}`,
            label: `${h.dynasty ?? ''}代的${h.name}`,
          })),
        ],
      },
    };
  });
}

/** /author: the dynasties in reading order, or (?dynasty=唐) the authors of one. */
async function dynastiesPage(db: Db, rawDynasty: unknown): Promise<PageModel> {
  const base = { status: 200 as const, ogType: 'website' as const, feeds: [] };
  if (typeof rawDynasty === 'string' && rawDynasty.trim()) {
    const dynasty = rawDynasty.trim().slice(0, 10);
    if (!erasOf(dynasty)) return notFoundPage();
    const page = await dynastyAuthors(db, dynasty, 50, 0);
    return {
      ...base,
      routeTitle: namedRouteTitle(routeTitle('/author'), dynasty),
      title: `${dynasty}代作者`,
      description: summarize(`${dynasty}代的 ${page.total} 位作者：${page.list.map((a) => a.name).join('、')}`, 120),
      keywords: [dynasty, '作者', ...SITE_KEYWORDS],
      path: `/author?dynasty=${encodeURIComponent(dynasty)}`,
      body: {
        kind: 'links',
        heading: `${dynasty}代作者`,
        intro: `共 ${page.total} 位，按作品数排列`,
        items: page.list.map((a) => ({
          href: `/author?name=${encodeURIComponent(a.name)}&dynasty=${encodeURIComponent(a.dynasty ?? '')}`,
          label: a.name,
          note: [lifeSpan(a.born, a.died), `${a.works} 篇`].filter(Boolean).join(' · '),
        })),
        empty: '这个朝代还没有作者。',
      },
    };
  }
  const { list } = await dynasties(db);
  return {
    ...base,
    routeTitle: routeTitle('/author'),
    title: '作者与朝代',
    description: '按朝代浏览拾句收录的作者：先秦、汉、魏晋、南北朝、隋唐、五代、宋、元、明、清与近现代。',
    keywords: ['作者', '朝代', ...SITE_KEYWORDS],
    path: '/author',
    body: {
      kind: 'links',
      heading: '作者与朝代',
      items: list.map((g) => ({
        href: `/author?dynasty=${encodeURIComponent(g.name)}`,
        label: g.name,
        note: `${g.authors} 位作者 · ${g.works} 篇作品`,
      })),
    },
  };
}

/** /author: a person's page when a name is given, else the dynasties or one dynasty's authors. */
function authorRoute(db: Db, q: Record<string, unknown>): Promise<PageModel> {
  return typeof q.name === 'string' && q.name.trim() ? authorPersonPage(db, q.name, q.dynasty) : dynastiesPage(db, q.dynasty);
}

/** The two legal pages: the app draws their words (ssr/render.tsx); this is what a crawler without it reads. */
function legalPage(path: '/agreement' | '/privacy', description: string): PageModel {
  const title = routeTitle(path);
  return {
    status: 200,
    routeTitle: title,
    title: `拾句${title}`,
    description,
    keywords: [title, ...SITE_KEYWORDS],
    path,
    ogType: 'website',
    feeds: [],
    body: { kind: 'list', heading: `拾句${title}`, intro: description, items: [] },
  };
}

/** The public routes the server renders, by path; each reads what it needs from the query string. */
export const PUBLIC_PAGES: Record<string, (db: Db, caches: EssayCaches, query: Record<string, unknown>, now: Date) => Promise<PageModel>> =
  {
    '/home': (db, caches) => home(db, caches),
    '/bellesDetails': (db, caches, q) => essayPage(db, caches, parseId(q.id)),
    '/classifyDetails': (db, caches, q) => classificationPage(db, caches, q.id),
    '/leaderboard': (db, _caches, q) => leaderboard(db, q.period),
    '/bestWeek': (db, _caches, q, now) => bestWeek(db, q.week, now),
    '/imitative': (db, _caches, q, now) => imitativePage(db, q, now),
    '/bulletinDetails': (db, _caches, q) => announcementPage(db, parseId(q.id)),
    '/othersInfor': (db, caches, q) => userPage(db, caches, parseId(q.id)),
    '/author': (db, _caches, q) => authorRoute(db, q),
    '/agreement': async () => legalPage('/agreement', '拾句用户协议：账号、你发布的内容、相处的规则与违规处理。'),
    '/privacy': async () => legalPage('/privacy', '拾句隐私政策：我们收集哪些信息、如何使用与保存，以及你的权利。'),
    '/bulletinBoard': (db) => bulletinBoard(db),
    '/aboutOur': async () => aboutPage(),
    '/othersRelation': (db, _caches, q) => relationsPage(db, parseId(q.id), q.type),
    '/globalSearch': async (_db, _caches, q) => searchPage(q.q),
    '/collection': (db, _caches, q) => collectionPage(db, parseId(q.id)),
  };
