/**
 * `@shiju/contract/core`: the rules server and browser share that need no validation library — limits, upload
 * rules, ISO-week arithmetic. The browser imports this entry instead of the whole contract, so sharing a rule adds
 * no zod to the reader's first load. Nothing here may import zod (or a module that does).
 */

/** Limits of docs/rules.md#text-limits, shared by the editor (shown while typing) and the server. */
export const LIMITS = {
  sentenceChars: 300,
  essayTitleChars: 50,
  essayContentChars: 20000,
  sourceChars: 100,
  /** A quoted text's author (作者) and work (出处); the source line 作者《作品》 is written from them. */
  workAuthorChars: 40,
  workTitleChars: 50,
  commentChars: 500,
  uploadBytes: 5 * 1024 * 1024,
} as const;

/**
 * The version of 用户协议 and 隐私政策 (`/agreement`, `/privacy`). Raising it asks every signed-in user to accept
 * again; sign-up stores the version accepted with `agree: true`.
 */
export const AGREEMENT_VERSION = '2026-11-23';

/** 注销 waits this many days (冷静期) before the account's personal data is removed; cancellable until then. */
export const DELETION_COOLING_OFF_DAYS = 15;

/**
 * A pending order closes by itself this many minutes after it was placed (docs/rules.md#orders), unless paying by transfer
 * gave it a later `payBefore`. The server closes it; the browser counts down to it.
 */
export const ORDER_PENDING_MINUTES = 30;

/**
 * Who may delete a comment: whoever wrote it, the author of the text it is under, and editors. The server
 * enforces it; the browser shows 删除 by it.
 */
export function canDeleteComment(
  viewer: { id: number; role: string } | null | undefined,
  commentUserId: number,
  essayAuthorId: number | null | undefined,
): boolean {
  if (!viewer) return false;
  return commentUserId === viewer.id || essayAuthorId === viewer.id || viewer.role === 'admin';
}

/** Image kinds an upload may be (docs/rules.md#uploads); the server tells them by their bytes, the browser by MIME type. */
export const IMAGE_KINDS = ['jpeg', 'png', 'webp', 'gif'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
export const IMAGE_TYPES: readonly string[] = IMAGE_KINDS.map((k) => `image/${k}`);

// ---------- ISO weeks (`2026-W47`) on China's calendar ----------

const DAY_MS = 24 * 3600 * 1000;
/** Weeks run Monday 00:00 to Monday 00:00 in Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_MS = 8 * 3600 * 1000;
const ISO_WEEK = /^(\d{4})-W(\d{2})$/;

export interface IsoWeek {
  year: number;
  week: number;
}

/** `2026-W47` → { year: 2026, week: 47 }; null for anything else. */
export function parseIsoWeek(value: string | null | undefined): IsoWeek | null {
  const m = ISO_WEEK.exec(value ?? '');
  if (!m) return null;
  const week = Number(m[2]);
  return week >= 1 && week <= 53 ? { year: Number(m[1]), week } : null;
}

/** The ISO week a moment falls in, on Shanghai's calendar. */
export function isoWeekOf(d: Date): string {
  const local = new Date(d.getTime() + SHANGHAI_MS);
  const day = (local.getUTCDay() + 6) % 7; // Monday = 0
  const thursday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - day + 3));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / (7 * DAY_MS));
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The week before the one `now` falls in. */
export function previousWeek(now = new Date()): string {
  return isoWeekOf(new Date(now.getTime() - 7 * DAY_MS));
}

/** Monday of an ISO week as a calendar date (UTC midnight: only its date parts are meaningful). */
function mondayOf({ year, week }: IsoWeek): number {
  const jan4 = Date.UTC(year, 0, 4);
  const jan4Weekday = (new Date(jan4).getUTCDay() + 6) % 7;
  return jan4 - jan4Weekday * DAY_MS + (week - 1) * 7 * DAY_MS;
}

/** Monday and Sunday of the week as calendar dates (read their UTC parts), or null for a malformed name. */
export function isoWeekDays(value: string): { monday: Date; sunday: Date } | null {
  const w = parseIsoWeek(value);
  if (!w) return null;
  const monday = mondayOf(w);
  return { monday: new Date(monday), sunday: new Date(monday + 6 * DAY_MS) };
}

/** The instant a week starts (Monday 00:00 Shanghai) and the instant the next one does. */
export function weekRange(value: string): { start: Date; end: Date } {
  const w = parseIsoWeek(value);
  if (!w) throw new Error(`bad ISO week: ${value}`);
  const start = mondayOf(w) - SHANGHAI_MS;
  return { start: new Date(start), end: new Date(start + 7 * DAY_MS) };
}

// ---------- engagement and ranked order (docs/rules.md#ranked-order): the one home of these rules ----------

/** Engagement = likes×3 + collects×4 + comments×2 + imitations×3 + views×0.05 (server SQL, importer and web alike). */
export const ENGAGEMENT_WEIGHTS = { likes: 3, collects: 4, comments: 2, imitations: 3, views: 0.05 } as const;
export type EngagementCounters = Record<keyof typeof ENGAGEMENT_WEIGHTS, number>;

export function engagementOf(c: EngagementCounters): number {
  let sum = 0;
  for (const k of Object.keys(ENGAGEMENT_WEIGHTS) as (keyof EngagementCounters)[]) sum += c[k] * ENGAGEMENT_WEIGHTS[k];
  return sum;
}

/**
 * Ranked order (rankings, 最热, 首页, 仿写; docs/decisions/0016): how sure we are that a reader who sees the text
 * likes it, never how new it is. The score is the Wilson lower bound (95%) of the share of a text's viewers who
 * liked it, each like weighted by the liker's account age when the like was made (likeWeightOf, stored on the like),
 * so a crowd of new accounts cannot lift a text, and a text nobody liked scores nothing however fresh it is.
 * A text enters a ranked list only with at least RANK_MIN_LIKES of weighted likes; below that its stored score is
 * the bound less 1 (negative), so "qualifies" is `score >= 0` and the lists keep one index each.
 */
export const RANK_MIN_LIKES = 3;
/** An account's like counts in full once the account is this old; a newer account's counts by its share of it. */
export const LIKE_WEIGHT_FULL_DAYS = 30;
export const LIKE_WEIGHT_FULL_SECONDS = LIKE_WEIGHT_FULL_DAYS * 86_400;
/** The normal quantile of the bound: 95% confidence. */
export const RANK_Z = 1.96;
/** A text with this many open reports leaves every ranked list at once, until an editor looks at them. */
export const REPORTS_TO_LEAVE_LISTS = 3;
/** How many texts a ranked list aims to show; a list with fewer qualifying texts says so. */
export const RANK_LIST_SIZE = 20;

/** The weight of a like made by an account this old (seconds): 0 for a brand-new account, 1 from 30 days on. */
export function likeWeightOf(accountAgeSeconds: number): number {
  return Math.min(1, Math.max(0, accountAgeSeconds) / LIKE_WEIGHT_FULL_SECONDS);
}

/** Wilson lower bound of `positive` successes out of `n` trials (0 when n is 0). */
export function wilsonLowerBound(positive: number, n: number): number {
  if (n <= 0) return 0;
  const z2 = RANK_Z * RANK_Z;
  const p = Math.min(1, positive / n);
  return (p + z2 / (2 * n) - RANK_Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n);
}

/**
 * What the ranked score reads: weighted likes, likes (people) and views. Viewers are at least the likers (a like from
 * a list card counts as having seen the text).
 */
export interface RankCounters {
  likeWeight: number;
  likes: number;
  views: number;
}

/** The ranked score: the bound over viewers, less 1 below RANK_MIN_LIKES (see above). Server SQL is built to match. */
export function hotScoreOf(c: RankCounters): number {
  const bound = wilsonLowerBound(c.likeWeight, Math.max(c.views, c.likes, c.likeWeight));
  return c.likeWeight >= RANK_MIN_LIKES ? bound : bound - 1;
}

/** Whether a stored ranked score lets its text into a list. */
export const rankQualifies = (score: number) => score >= 0;

/**
 * /imitative's order: imitations first, the ranked score between texts as often imitated. The score lies in [-1, 1),
 * so 4 per imitation keeps imitations first; a text enters with an imitation or a qualifying score (key >= 0).
 */
export const IMITATION_KEY_STEP = 4;
export const imitationKeyOf = (imitations: number, hotScore: number) => imitations * IMITATION_KEY_STEP + hotScore;

/** The periods of the rankings and the words that name their span to a reader. */
export type RankPeriod = 'day' | 'week' | 'month' | 'all';
export const RANK_PERIOD_SPANS: Record<RankPeriod, string> = { day: '近24小时', week: '近7天', month: '近30天', all: '累计' };

/**
 * 为什么在这里: why a text is on a ranked list, in words a reader reads at a glance (近7天 128 人喜欢 · 2,310 人读过),
 * from the counts the list returns, never the score. `count` formats a number (the page's 1.23万 rule).
 */
export function rankReasonOf(period: RankPeriod, likers: number, viewers: number, count: (n: number) => string = String): string {
  const liked = `${RANK_PERIOD_SPANS[period]} ${count(likers)} 人喜欢`;
  return viewers > likers ? `${liked} · ${count(viewers)} 人读过` : liked;
}

/** Said under a ranked list that has fewer qualifying texts than it aims to show. */
export const rankShortfallOf = (shown: number, size = RANK_LIST_SIZE) =>
  shown < size ? `本期上榜作品不足 ${size} 篇：喜欢的人还不够多的作品暂不上榜。` : null;

/** Totals above this are not counted on large tables: `total` stops here and `totalCapped` says so ("1000+"). */
export const TOTAL_CAP = 1000;

/**
 * The exact shape of an image this site stored (`files` service: year/month/content-hash.ext). Matching the
 * whole shape, not a prefix, refuses `/uploads/../api/...` and other paths that only start like an upload.
 */
export const UPLOAD_URL = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(?:jpg|png|webp|gif)$/;
export const isUploadUrl = (url: string) => UPLOAD_URL.test(url);

/** The watermark on a writer's original work, on its page (docs/rules.md#watermark). */
export const WATERMARK = { rotate: -22, gap: [100, 100] as const, zIndex: 9, fontSize: 15, color: 'rgba(60, 40, 20, 0.08)' } as const;

/** The watermark's words over a text (docs/rules.md#watermark: 拾句 · the writer's nickname). */
export const watermarkText = (nickname: string) => `拾句 · ${nickname}`;

/**
 * One tile of the watermark as an SVG data URL with its size: the words turned by WATERMARK.rotate, centred in a
 * box that leaves WATERMARK.gap between repeats. The server's page and the app draw the same tile, so the text's
 * page looks the same before and after the app takes over; a few hundred bytes, drawn by CSS as a repeated
 * background (no canvas, nothing that becomes the page's largest picture).
 */
export function watermarkTile(nickname: string): { url: string; width: number; height: number } {
  const text = watermarkText(nickname);
  const { fontSize, gap, rotate, color } = WATERMARK;
  // Wide characters (CJK, full-width) take a full em, others about half; the gap absorbs the difference.
  const textWidth = Math.ceil([...text].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? fontSize : fontSize * 0.55), 0));
  const width = textWidth + gap[0];
  const height = fontSize + gap[1];
  const escaped = text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${width / 2}" y="${height / 2}" transform="rotate(${rotate} ${width / 2} ${height / 2})" text-anchor="middle" ` +
    `dominant-baseline="central" font-family="sans-serif" font-size="${fontSize}" fill="${color}">${escaped}</text></svg>`;
  return { url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, width, height };
}

export * from './reading.js';

/** 屏蔽 (muting): how many tags, classifications, 作者 and posters one reader may mute in all. */
export const MUTE_LIMIT = 500;
export const MUTE_KINDS = ['tag', 'classification', 'author', 'user'] as const;
export type MuteKind = (typeof MUTE_KINDS)[number];
/** How each kind is named to the reader (屏蔽标签「…」). */
export const MUTE_KIND_LABELS: Record<MuteKind, string> = { tag: '标签', classification: '分类', author: '作者', user: '发布者' };

/**
 * 每日回顾: cards a day by default, the most a day may hold after missed days (the quota grows by `dailyCards` for
 * each day missed), how many days back an offline answer may arrive, and the answers one sync may carry.
 */
export const REVIEW_LIMITS = { dailyCards: 5, maxCards: 20, lateDays: 7, batch: 100, heatDays: 371 } as const;
/** 忘了 / 模糊 / 记得: ts-fsrs's Again, Hard and Good. */
export const REVIEW_RATINGS = ['again', 'hard', 'good'] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const REVIEW_RATING_LABELS: Record<ReviewRating, string> = { again: '忘了', hard: '模糊', good: '记得' };
/** Where a card comes from: a collected sentence (highlights join as a second source). */
export const REVIEW_SOURCES = ['collect', 'highlight'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** The Shanghai calendar day (YYYY-MM-DD) of a moment: the review's days end at midnight Asia/Shanghai. */
export function reviewDayOf(d: Date): string {
  return new Date(d.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}
/** The first moment after a Shanghai day (its midnight). */
export function reviewDayEnd(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000);
}

/**
 * The family tree of imitations (docs/imitations.md): a request answers `levels` generations below the text asked for, each
 * text's imitations `childrenPerPage` at a time (oldest first); a text with more than `listOver` visible imitations
 * below it is answered as a flat list of them instead (20 a page), which no tree drawing could hold.
 */
export const IMITATION_TREE = { childrenPerPage: 20, levels: 3, listOver: 2000 } as const;

// ---------- 每周仿写: the weekly imitation challenge ----------

export const CHALLENGE_LIMITS = { promptChars: 300, maxDays: 31, winners: 3 } as const;

/**
 * A new challenge's default window: the coming ISO week, Monday 00:00 to the next Monday 00:00 (Sunday 24:00)
 * in Asia/Shanghai — the week after the one `now` falls in, since the current week has already begun.
 */
export function nextChallengeWeek(now: Date): { opensAt: Date; closesAt: Date } {
  const { start, end } = weekRange(isoWeekOf(new Date(now.getTime() + 7 * DAY_MS)));
  return { opensAt: start, closesAt: end };
}

export type ChallengeState = 'upcoming' | 'open' | 'closed';

/** Where a challenge stands at `now`: entries are taken from opensAt (included) to closesAt (excluded). */
export function challengeStateAt(c: { opensAt: Date; closesAt: Date }, now: Date): ChallengeState {
  if (now < c.opensAt) return 'upcoming';
  return now < c.closesAt ? 'open' : 'closed';
}

/** A moment as Beijing time reads it, `11月30日 00:00` (a challenge's opening and close, the same on every machine). */
export function beijingTimeLabel(d: Date): string {
  const local = new Date(d.getTime() + SHANGHAI_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCMonth() + 1}月${local.getUTCDate()}日 ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

export const COACH_LIMITS = {
  /** Characters of a draft the 对仗 check reads. */
  draftChars: 2000,
  /** 对仗 checks a writer may ask for a minute (the editor asks at most once every 2 s). */
  parallelPerMinute: 40,
  /** The editor waits this long after the last keystroke, and at least `parallelEveryMs` between two asks. */
  parallelIdleMs: 800,
  parallelEveryMs: 2000,
} as const;

/** 收藏夹: a reader's named lists of texts. `beLike` type=collect fills the default one; its PUT empties the text from all. */
export const COLLECTION_LIMITS = {
  /** Folders per reader, the default one included. */
  folders: 200,
  /** Texts per folder. */
  items: 10_000,
  nameChars: 20,
  descriptionChars: 200,
  /** Texts moved or copied in one call. */
  batch: 100,
} as const;

/**
 * 划线 and 想法: a reader marks a passage of a text (anchored by code points of its plain form, `@shiju/contract/anchors`)
 * and may attach a 想法, private unless they choose otherwise. 热门划线 are the sentences most readers marked.
 */
export const HIGHLIGHT_LIMITS = {
  /** Characters (code points) a highlight may cover. */
  quoteChars: 500,
  /** Highlights one reader may keep on one text. */
  perText: 200,
  thoughtChars: 1000,
  /** Public 想法 a day from an account younger than `youngAccountDays`. */
  youngThoughtsPerDay: 30,
  youngAccountDays: 7,
  /** A sentence shows as 热门划线 once this many readers marked it. */
  popularMinReaders: 3,
  /** 热门划线 shown per text. */
  popularPerText: 10,
  /** Public 想法 shown beside each 热门划线. */
  thoughtsPerPassage: 3,
  /** Latest public 想法 shown in a text's 想法 panel. */
  latestThoughts: 20,
} as const;

/**
 * 出处 and 考证: a text's structured source, readers' evidence for or against its attribution (advisory confirmations),
 * an editor's resolution, and the list of disputed lines editors keep.
 */
export const ATTRIBUTION_LIMITS = {
  /** Evidence one reader may add within an hour. */
  evidencePerHour: 10,
  noteChars: 500,
  /** Evidence shown on a text. */
  evidencePerText: 50,
} as const;

/** What each kind of report target is called, to reporters and editors alike (calls/reports.ts ReportTargetType). */
export const REPORT_TARGET_NAMES = {
  essay: '作品',
  comment: '评论',
  user: '用户',
  note: '注释',
  collection: '收藏夹',
  thought: '想法',
  evidence: '出处证据',
} as const;
