/**
 * What `npm run bench` asks of the API. Every cache-proof workload draws a new request each time (random ids over
 * the whole corpus, random filters, sorts, pages and readers), so the in-process micro-caches cannot answer it.
 */
export interface BenchData {
  kind: 'postgres' | 'pglite';
  texts: number;
  /** Every published id: details draw from all of them. */
  ids: number[];
  classificationIds: number[];
  tagIds: number[];
  /** Session tokens of signed-in readers (each with likes, interests and 不感兴趣 marks). */
  tokens: string[];
  /** Texts with a page of comments. */
  commented: number[];
  /** A long text with 10,000 highlights from 1,000 readers (热门划线 and public 想法). */
  highlighted: number;
  /** The same text (a copy) without any highlight: what the highlighted one's details are compared with. */
  unhighlighted: number;
  /** Clauses of random texts (4–10 characters): searches nobody made before, which no cache can answer. */
  lines: string[];
  /** Cited authors: the most prolific and a random sample (author pages). */
  authors: string[];
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  token?: string;
}

export interface Workload {
  name: string;
  /** Which of the API targets (TARGETS in run.ts) it answers to. */
  target?: 'list' | 'details' | 'ranking' | 'search';
  connections?: number;
  next(): Request;
}

const any = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** 30 typical searches: single characters and words, authors, whole and half lines, pinyin and Traditional input. */
export const SEARCHES = [
  '月',
  '春',
  '明月',
  '江南',
  '故乡',
  '相思',
  '离别',
  '秋风',
  '梅花',
  '长安',
  '李白',
  '杜甫',
  '苏轼',
  '天涯',
  '落花',
  '读书',
  '床前明月光',
  '春眠不觉晓',
  '大漠孤烟直',
  '海内存知己',
  '但愿人长久',
  '人生若只如初见',
  '举头望明月',
  '李白《静夜思》',
  'libai',
  'jingyesi',
  'sushi',
  '白日依山盡',
  '靜夜思',
  '蘇軾',
] as const;

/**
 * 15 of the commonest words of the corpus (the paced mix's search workload): each matches tens of thousands of texts, so
 * ranking them, not finding them, is the work.
 */
export const COMMON_WORDS = [
  '春风',
  '明月',
  '人间',
  '天涯',
  '白云',
  '故人',
  '相思',
  '江南',
  '秋风',
  '斜阳',
  '归来',
  '千里',
  '不知',
  '何处',
  '无人',
] as const;

const LIST = '/api/v1/es/essays/pc/page';

/** 作者页 of a random cited author, a random page of it (the first pages most), a reader in half the requests. */
function authorPage(d: BenchData): Request {
  return {
    method: 'GET',
    path: `/api/v1/pc/authors/${encodeURIComponent(any(d.authors))}/essays?pageNum=${Math.random() < 0.7 ? 1 : between(2, 20)}&pageSize=10`,
    token: Math.random() < 0.5 ? any(d.tokens) : undefined,
  };
}
const DETAILS = '/api/v1/pc/essays/details';

export function randomListBody(d: BenchData) {
  const filter = any(['none', 'classification', 'tag', 'type'] as const);
  return {
    // Deep pages too: a reader paging far into a classification, a crawler following 下一页.
    pageNum: between(1, 200),
    pageSize: 10,
    sort: any(['new', 'hot', 'likes'] as const),
    ...(filter === 'classification' ? { classificationId: any(d.classificationIds) } : {}),
    ...(filter === 'tag' ? { tagId: any(d.tagIds) } : {}),
    ...(filter === 'type' ? { type: any(['sentence', 'essay'] as const) } : {}),
  };
}

export const listRandom = (d: BenchData): Request => ({ method: 'POST', path: LIST, body: randomListBody(d) });
export const listRandomSignedIn = (d: BenchData): Request => ({ ...listRandom(d), token: any(d.tokens) });
export const detailsRandom = (d: BenchData): Request => ({ method: 'POST', path: DETAILS, body: { id: any(d.ids) } });
export const detailsRandomSignedIn = (d: BenchData): Request => ({ ...detailsRandom(d), token: any(d.tokens) });

/** The text with 10,000 highlights from 1,000 readers: its details, and its highlights (热门划线, 想法, the reader's own). */
function highlightedText(d: BenchData, connections?: number): Workload[] {
  return [
    {
      name: 'details · a text with 10,000 highlights from 1,000 readers',
      target: 'details',
      connections,
      next: () => ({ method: 'POST', path: DETAILS, body: { id: d.highlighted }, token: Math.random() < 0.5 ? any(d.tokens) : undefined }),
    },
    {
      name: 'details · the same text without highlights',
      target: 'details',
      connections,
      next: () => ({
        method: 'POST',
        path: DETAILS,
        body: { id: d.unhighlighted },
        token: Math.random() < 0.5 ? any(d.tokens) : undefined,
      }),
    },
    {
      name: 'highlights · 热门划线 of that text',
      target: 'details',
      connections,
      next: () => ({
        method: 'GET',
        path: `/api/v1/app/essay/highlights?essayId=${d.highlighted}`,
        token: Math.random() < 0.5 ? any(d.tokens) : undefined,
      }),
    },
  ];
}

/** The corpus workloads (PostgreSQL, 50 connections unless noted), each measured next to the bare route. */
export function corpusWorkloads(d: BenchData): Workload[] {
  return [
    { name: 'list · first page, identical (cached)', next: () => ({ method: 'POST', path: LIST, body: { pageNum: 1, pageSize: 10 } }) },
    { name: 'list · random filter/sort/page', target: 'list', next: () => listRandom(d) },
    { name: 'list · random, signed in', target: 'list', next: () => listRandomSignedIn(d) },
    { name: 'details · random of all texts', target: 'details', next: () => detailsRandom(d) },
    { name: 'details · random, signed in', target: 'details', next: () => detailsRandomSignedIn(d) },
    ...highlightedText(d),
    {
      name: 'rankings · random period/filter/page',
      target: 'ranking',
      next: () => ({
        method: 'POST',
        path: '/api/v1/es/essays/ranking/page',
        body: {
          period: any(['day', 'week', 'month', 'all'] as const),
          pageNum: between(1, 5),
          pageSize: 10,
          ...(Math.random() < 0.3 ? { classificationId: any(d.classificationIds) } : {}),
          ...(Math.random() < 0.3 ? { type: any(['sentence', 'essay'] as const) } : {}),
        },
        token: Math.random() < 0.5 ? any(d.tokens) : undefined,
      }),
    },
    {
      name: 'search · 30 typical queries (10 connections)',
      target: 'search',
      connections: 10,
      next: () => ({ method: 'GET', path: `/api/v1/pc/search?q=${encodeURIComponent(any(SEARCHES))}&type=essay&pageNum=${between(1, 3)}` }),
    },
    {
      name: 'search · 15 common words (10 connections)',
      target: 'search',
      connections: 10,
      next: () => commonSearch(),
    },
    {
      name: 'search · a new line or word each time (10 connections)',
      target: 'search',
      connections: 10,
      next: () => {
        const line = any(d.lines);
        const q = Math.random() < 0.3 ? Array.from(line).slice(0, 2).join('') : line;
        return { method: 'GET', path: `/api/v1/pc/search?q=${encodeURIComponent(q)}&type=essay&pageNum=${between(1, 2)}` };
      },
    },
    {
      name: 'author page · random author and page',
      target: 'list',
      next: () => authorPage(d),
    },
    {
      name: 'personal feed · signed in, random page',
      target: 'list',
      next: () => ({ method: 'GET', path: `/api/v1/pc/essays/hobbyPage?pageNum=${between(1, 20)}&pageSize=10`, token: any(d.tokens) }),
    },
    {
      name: 'comment page · random commented text',
      target: 'list',
      next: () => ({
        method: 'GET',
        path: `/api/v1/app/essay/comment/page?essayId=${any(d.commented)}&sort=${any(['hot', 'new'])}&pageNum=${between(1, 2)}&pageSize=10`,
      }),
    },
  ];
}

const commonSearch = (): Request => ({
  method: 'GET',
  path: `/api/v1/pc/search?q=${encodeURIComponent(any(COMMON_WORDS))}&type=essay&pageNum=${between(1, 3)}`,
});

const rankingRandom = (): Request => ({
  method: 'POST',
  path: '/api/v1/es/essays/ranking/page',
  body: { period: any(['day', 'week', 'month', 'all'] as const), pageNum: between(1, 5), pageSize: 10 },
});

/**
 * One request of the paced mix: 50% details, 30% lists (pages to 200, every sort, the likes sort included),
 * 10% rankings, 10% repeated searches (the common words), half of them signed in.
 */
export function mixedRequest(d: BenchData): Request {
  const roll = Math.random();
  const r = roll < 0.5 ? detailsRandom(d) : roll < 0.8 ? listRandom(d) : roll < 0.9 ? rankingRandom() : commonSearch();
  return Math.random() < 0.5 ? { ...r, token: any(d.tokens) } : r;
}

/** Every call the pages make, for the embedded database at the starter size (10 connections). */
export function pageCalls(d: BenchData): Workload[] {
  const get = (name: string, path: () => string, signed = false): Workload => ({
    name,
    connections: 10,
    next: () => ({ method: 'GET', path: path(), token: signed ? any(d.tokens) : undefined }),
  });
  return [
    { name: 'essay list · random', connections: 10, next: () => listRandom(d) },
    { name: 'essay list · random, signed in', connections: 10, next: () => listRandomSignedIn(d) },
    { name: 'details · random', connections: 10, next: () => detailsRandom(d) },
    { name: 'details · random, signed in', connections: 10, next: () => detailsRandomSignedIn(d) },
    ...highlightedText(d, 10),
    {
      name: 'rankings',
      connections: 10,
      next: () => ({ method: 'POST', path: '/api/v1/es/essays/ranking/page', body: { period: any(['day', 'week', 'month', 'all']) } }),
    },
    get('search', () => `/api/v1/pc/search?q=${encodeURIComponent(any(SEARCHES))}&type=${any(['essay', 'user', 'tag'])}`),
    { name: 'author page', connections: 10, next: () => authorPage(d) },
    get('best of the week', () => '/api/v1/pc/essays/bestWeek'),
    get('personal feed', () => '/api/v1/pc/essays/hobbyPage', true),
    get('interest groups', () => '/api/v1/pc/essays/hobbyList', true),
    get('comment page', () => `/api/v1/app/essay/comment/page?essayId=${any(d.commented)}`),
    get('most discussed under a tag', () => `/api/v1/pc/essays/tag/comment/${any(d.tagIds)}`),
    get('classifications', () => '/api/v1/pc/classifications/page'),
    get('tags of a classification', () => `/api/v1/pc/classificationTagRel/page?classificationId=${any(d.classificationIds)}`),
    get('tag letter index', () => '/api/v1/pc/classificationTagRel/letter'),
    get('theme', () => '/api/v1/pc/theme?type=0'),
    get('announcements', () => '/api/v1/pc/announcements/page'),
    get('me', () => '/api/v1/users/me', true),
    get('my messages count', () => '/api/app/app-users/message', true),
    get('ads of a position', () => '/api/v1/pc/ads/list/1'),
  ];
}

/** autocannon's request for one drawn request; `cookie` makes it a returning visitor. */
export function toAutocannon(req: object, r: Request, cookie?: string) {
  return {
    ...req,
    method: r.method,
    path: r.path,
    body: r.body ? JSON.stringify(r.body) : undefined,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(r.body ? { 'content-type': 'application/json' } : {}),
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
    },
  };
}
