/**
 * Site search: texts ranked by relevance then popularity, with Traditional, full-width and pinyin input,
 * an author card, facets, snippets centred on the match, suggestions as one types, and 热门搜索 from aggregated
 * counts. People (nickname/username) and tags are searched by name, tags by pinyin too.
 */
import { TOTAL_CAP, type SearchType } from '@shiju/contract';
import { LISTS_CHANGED, type Broadcast } from '../../lib/broadcast.js';
import { Cache } from '../../lib/cache.js';
import type { Metrics } from '../../lib/metrics.js';
import { blockedIds } from '../users/index.js';
import { cardsOf } from '../essays/index.js';
import type { Db } from '../../db/client.js';
import { htmlToText } from '../../lib/html.js';
import { cappedTotal } from '../../lib/paging.js';
import { inGroups } from '../../lib/pace.js';
import { parseQuery, pinyinKeys, type ParsedQuery } from '../../lib/search.js';
import { toSimplified } from '../../lib/text.js';
import { presentCard } from '../essays/index.js';
import { findAuthor } from './authors.js';
import { mutedNames } from '../mutes/index.js';
import * as q from './searchQueries.js';
import { searchMine } from './mine.js';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => '\\' + m)}%`;

/** A small in-process index, refreshed in the background once stale (the first use waits for it). */
function cached<T>(ttlMs: number, load: (db: Db) => Promise<T>) {
  let value: { at: number; data: T } | null = null;
  let loading: Promise<T> | null = null;
  const refresh = (db: Db) =>
    (loading ??= load(db)
      .then((data) => {
        value = { at: Date.now(), data };
        return data;
      })
      .finally(() => {
        loading = null;
      }));
  return {
    async get(db: Db): Promise<T> {
      if (!value) return refresh(db);
      if (Date.now() - value.at > ttlMs) void refresh(db).catch(() => {});
      return value.data;
    },
    clear() {
      value = null;
    },
  };
}

interface AuthorEntry {
  name: string;
  dynasty: string | null;
  works: number;
  keys: string[];
}

interface AuthorIndex {
  /** Most prolific first (suggestions). */
  list: AuthorEntry[];
  /** By name, and by full pinyin (the most prolific of the namesakes). */
  byName: Map<string, AuthorEntry>;
  byPinyin: Map<string, AuthorEntry>;
}

/** Authors with their pinyin (full and initials); refreshed every 10 minutes. */
const loadAuthorIndex = async (db: Db): Promise<AuthorIndex> => {
  const list = (await q.authorRows(db))
    .map((a) => ({ ...a, works: Number(a.works), keys: pinyinKeys(a.name, { person: true }) }))
    .sort((a, b) => b.works - a.works);
  const byPinyin = new Map<string, AuthorEntry>();
  for (const a of list) if (a.keys[0] && !byPinyin.has(a.keys[0])) byPinyin.set(a.keys[0], a);
  return { list, byName: new Map(list.map((a) => [a.name, a])), byPinyin };
};

interface TagEntry {
  id: number;
  name: string;
  parentId: number | null;
  letter: string;
  essayCount: number;
  keys: string[];
}

/** Every tag with its pinyin. */
const loadTagIndex = async (db: Db): Promise<TagEntry[]> => (await q.allTags(db)).map((t) => ({ ...t, keys: pinyinKeys(t.name) }));

interface Counting {
  pending: Map<string, number>;
  lastFlush: number;
  flushing: Promise<void> | null;
}

/**
 * An app's search state: the author index (refreshed every 10 minutes), the tag index and the classification
 * names (every minute; tags are few), the ranked results (below) and the 热门搜索 counts not yet written.
 */
export function createSearchState(broadcast: Broadcast, metrics: Metrics) {
  const state = {
    authorIndex: cached(10 * 60_000, loadAuthorIndex),
    tagIndex: cached(60_000, loadTagIndex),
    classificationNames: cached(60_000, q.classificationNames),
    /**
     * Ranked results by query and filter, the same for every reader, kept a minute or until a text enters or leaves
     * the lists (docs/decisions/0011): another page, the facets or a filter of the same search is a slice of it, so
     * only the first search of a query scores candidates. Per reader and per page: hidden texts drop out, blocks filter.
     */
    ranked: new Cache<Ranked>(metrics, 'search', { ttl: 60_000, max: 2000, staleWhileRevalidate: true }),
    counting: { pending: new Map(), lastFlush: Date.now(), flushing: null } as Counting,
  };
  broadcast.onInvalidate(LISTS_CHANGED, () => state.ranked.clear());
  return state;
}
export type SearchState = ReturnType<typeof createSearchState>;

/** Loads the author and tag indexes (the benchmark does, before it records plans, as a running server has). */
export async function warmSearchIndexes(db: Db, s: SearchState): Promise<void> {
  await Promise.all([s.authorIndex.get(db), s.tagIndex.get(db)]);
}

/**
 * The most searched queries' first pages, searched before a process takes readers (main.ts): a search whose ranked
 * result is not yet kept is the costliest call there is (tens of milliseconds each on the full corpus), and a new
 * process met the popular ones all at once. `parallel` at a time; counts nothing.
 */
export async function warmHotSearches(db: Db, s: SearchState, n = 30, parallel = 4): Promise<number> {
  const queries = (await q.hotQueries(db, n)).map((h) => h.query);
  await inGroups(queries, parallel, (query) => search(db, s, { q: query, type: 'essay', limit: 10, offset: 0, counted: false }));
  return queries.length;
}

/** Forget the cached indexes (tests that write authors or tags and search at once). */
export function clearSearchIndexes(s: SearchState) {
  s.authorIndex.clear();
  s.tagIndex.clear();
  s.classificationNames.clear();
  s.ranked.clear();
}

/** The author a whole query names: by name, or by the full pinyin of the name (`libai`, `li bai`). */
async function authorNamed(db: Db, s: SearchState, p: ParsedQuery): Promise<AuthorEntry | null> {
  const whole = p.segments.join('');
  if (!whole) return null;
  const index = await s.authorIndex.get(db);
  return index.byName.get(whole) ?? (p.pinyin ? (index.byPinyin.get(p.pinyin) ?? null) : null);
}

// ---------- 热门搜索: counted in memory, added to the table at most every 10 s and before it is read ----------

/** Adds the counted searches to the table (after a flush already under way, so none is left behind). */
export async function flushSearchCounts(db: Db, s: SearchState): Promise<void> {
  const c = s.counting;
  while (c.flushing) await c.flushing.catch(() => {});
  if (!c.pending.size) return;
  const batch = c.pending;
  c.pending = new Map();
  c.lastFlush = Date.now();
  c.flushing = q.addSearchCounts(db, batch);
  try {
    await c.flushing;
  } finally {
    c.flushing = null;
  }
}

function countSearch(db: Db, s: SearchState, normalized: string) {
  if (!normalized || normalized.length > 50) return;
  const c = s.counting;
  c.pending.set(normalized, (c.pending.get(normalized) ?? 0) + 1);
  if (Date.now() - c.lastFlush > 10_000) void flushSearchCounts(db, s).catch(() => {});
}

// ---------- highlights and snippets ----------

const SNIPPET = 100;

/** The words to mark: the query's segments and words, and the names and titles a pinyin query stands for. */
function highlightsOf(p: ParsedQuery, extra: string[]): string[] {
  return [...new Set([...p.segments, ...p.words, ...extra])].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** About SNIPPET characters of a long text around its first match (the summary when the match is near the top). */
export function snippetOf(text: string, marks: string[]): string | null {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  const flat = chars.join('');
  let at = -1;
  for (const m of marks) {
    const i = flat.indexOf(m);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return null;
  const pos = Array.from(flat.slice(0, at)).length;
  if (pos < SNIPPET * 0.6) return null;
  const start = Math.max(0, pos - Math.floor(SNIPPET / 3));
  const end = Math.min(chars.length, start + SNIPPET);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
}

// ---------- the call ----------

export interface SearchOptions {
  q: string;
  type: SearchType;
  limit: number;
  offset: number;
  viewerId?: number;
  /** Whether the viewer blocked anyone (read with the session; unknown counts as yes). */
  blocksSomeone?: boolean;
  filter?: q.SearchFilter;
  /** False for the server's own searches (warmHotSearches): they are not a reader's, so no query is counted. */
  counted?: boolean;
}

/** A query's whole ranked result: how it matched, its candidates best first, and its capped total. */
interface Ranked {
  mode: q.MatchMode;
  candidates: q.Candidate[];
  total: number;
  /** Whether the candidates hold every match (the total is within the window). */
  complete: boolean;
  /** Its facet counts, counted once on first use (a failed count is dropped: the next search counts again). */
  facets?: Promise<Facets>;
}

/** Candidates scored for the first pages; a page past them ranks again with TOTAL_CAP (docs/decisions/0011). */
const FIRST_WINDOW = 200;

async function rankFresh(db: Db, p: ParsedQuery, mode: q.MatchMode, f: q.SearchFilter, window: number): Promise<Ranked> {
  const [candidates, total] = await Promise.all([q.rankedCandidates(db, p, mode, f, window), q.totalOf(db, p, mode, f)]);
  return { mode, candidates, total, complete: total <= window };
}

const filterKey = (f: q.SearchFilter) => [f.essayType ?? '', f.classificationId ?? '', f.dynasty ?? ''].join('|');
const hasFilter = (f: q.SearchFilter) => filterKey(f) !== '||';
const passes = (c: q.Candidate, f: q.SearchFilter) =>
  (!f.essayType || c.type === f.essayType) &&
  (!f.classificationId || c.classificationId === f.classificationId) &&
  (!f.dynasty || c.dynasty === f.dynasty);

/** Every word first; when nothing has them all, a line with a wrong character (举头望名月) by most of them. */
function rankedFirst(db: Db, s: SearchState, p: ParsedQuery, f: q.SearchFilter, mode?: q.MatchMode): Promise<Ranked> {
  return s.ranked.get(`${p.normalized}#${filterKey(f)}`, async () => {
    // A line with a wrong character matches many texts by most of its characters: it scores them all at once.
    const windowOf = (m: q.MatchMode) => (m === 'or' ? TOTAL_CAP : FIRST_WINDOW);
    const r = await rankFresh(db, p, mode ?? 'and', f, windowOf(mode ?? 'and'));
    return !mode && r.total === 0 && p.chars.length >= 4 ? rankFresh(db, p, 'or', f, windowOf('or')) : r;
  });
}

/**
 * The first window's result continued by the rest of TOTAL_CAP candidates, ranked among themselves: the first pages
 * keep their order and the pages after them neither repeat nor skip a text.
 */
function rankedDeep(db: Db, s: SearchState, p: ParsedQuery, f: q.SearchFilter, first: Ranked): Promise<Ranked> {
  if (first.complete) return Promise.resolve(first);
  return s.ranked.get(`${p.normalized}#${filterKey(f)}#deep`, async () => {
    const deep = await rankFresh(db, p, first.mode, f, TOTAL_CAP);
    const had = new Set(first.candidates.map((c) => c.id));
    return { ...deep, candidates: [...first.candidates, ...deep.candidates.filter((c) => !had.has(c.id))] };
  });
}

/**
 * The ranked result a page is cut from (`end`: where the page ends): the first window, or its continuation for a
 * page past it; under a filter, a slice of the unfiltered result when that holds every match, else ranked on its own.
 */
async function rankedFor(db: Db, s: SearchState, p: ParsedQuery, f: q.SearchFilter, end: number): Promise<{ all: Ranked; ranked: Ranked }> {
  const all = await rankedFirst(db, s, p, {});
  if (all.complete && hasFilter(f)) {
    const candidates = all.candidates.filter((c) => passes(c, f));
    return { all, ranked: { ...all, candidates, total: candidates.length, facets: undefined } };
  }
  const first = hasFilter(f) ? await rankedFirst(db, s, p, f, all.mode) : all;
  return { all, ranked: end > first.candidates.length ? await rankedDeep(db, s, p, f, first) : first };
}

export async function search(db: Db, s: SearchState, opts: SearchOptions) {
  const p = parseQuery(opts.q);
  // Said back when the characters changed (Traditional or full width), not when only punctuation went.
  const bare = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');
  const normalized = bare(p.normalized) !== bare(opts.q.toLowerCase()) ? p.normalized : null;
  const base = { normalized, relaxed: false, author: null, facets: null, similar: [] as string[] };
  if (opts.type === 'user') return { ...(await searchUsers(db, opts)), ...base, highlights: highlightsOf(p, [opts.q.trim()]) };
  if (opts.type === 'tag') return { ...(await searchTags(db, s, p, opts)), ...base, highlights: highlightsOf(p, [opts.q.trim()]) };
  if (opts.type === 'mine')
    return {
      ...(await searchMine(db, opts.viewerId, opts.q, opts.limit, opts.offset)),
      ...base,
      highlights: highlightsOf(p, [opts.q.trim()]),
    };

  const first = opts.offset === 0;
  const [{ all, ranked }, blocked, author] = await Promise.all([
    rankedFor(db, s, p, opts.filter ?? {}, opts.offset + opts.limit),
    opts.viewerId && opts.blocksSomeone !== false ? blockedIds(db, opts.viewerId) : new Set<number>(),
    first ? authorCard(db, s, p) : null,
  ]);
  let { candidates, total } = ranked;
  if (blocked.size) {
    candidates = candidates.filter((c) => !blocked.has(c.authorId));
    if (ranked.complete) total = candidates.length;
  }
  const pageIds = candidates.slice(opts.offset, opts.offset + opts.limit).map((c) => c.id);
  const [rows, facets] = await Promise.all([
    cardsOf(db, pageIds, opts.viewerId, { essayBody: true }),
    first ? facetsFor(db, s, all) : null,
  ]);
  const marks = highlightsOf(p, author ? [author.name] : []);
  const shown = rows.filter((r) => r.status === 'published');
  if (total > 0 && first && opts.counted !== false) countSearch(db, s, p.normalized);
  const similar = total === 0 ? await q.similarQueries(db, p.normalized, 5) : [];
  return {
    list: shown.map(({ content, ...r }) => ({
      kind: 'essay' as const,
      ...presentCard(r),
      summary: (content && snippetOf(htmlToText(content), marks)) ?? r.summary,
    })),
    ...cappedTotal(total),
    highlights: marks,
    normalized,
    relaxed: all.mode === 'or' && total > 0,
    author,
    facets,
    similar,
  };
}

async function authorCard(db: Db, s: SearchState, p: ParsedQuery) {
  const a = await authorNamed(db, s, p);
  if (!a) return null;
  // The count as the triggers keep it now (the index behind the name is refreshed every 10 minutes).
  const [top, now] = await Promise.all([q.topWorks(db, a.name, 5), findAuthor(db, a.name)]);
  if (!now) return null;
  return {
    name: now.name,
    dynasty: now.dynasty,
    works: now.works,
    top: top.map((w) => ({ id: w.id, title: w.title ?? w.summary.slice(0, 16) })),
  };
}

const TYPE_NAMES: Record<string, string> = { sentence: '句子', essay: '美文' };

interface Facet {
  value: string;
  name: string;
  count: number;
}
interface Facets {
  types: Facet[];
  classifications: Facet[];
  dynasties: Facet[];
}

/** A ranked result's facets, counted once and kept with it; a count that fails is not kept. */
function facetsFor(db: Db, s: SearchState, r: Ranked): Promise<Facets> {
  if (r.facets) return r.facets;
  const facets = facetsOf(db, s, r.candidates);
  r.facets = facets;
  facets.catch(() => {
    if (r.facets === facets) r.facets = undefined;
  });
  return facets;
}

/** Counts by type, classification and era over the unfiltered candidates. */
async function facetsOf(db: Db, s: SearchState, candidates: q.Candidate[]): Promise<Facets> {
  const names = await s.classificationNames.get(db);
  const count = <K extends string | number>(keyOf: (c: q.Candidate) => K | null) => {
    const m = new Map<K, number>();
    for (const c of candidates) {
      const k = keyOf(c);
      if (k !== null) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return [...m].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
  };
  return {
    types: count((c) => c.type).map(([v, n]) => ({ value: v, name: TYPE_NAMES[v] ?? v, count: n })),
    classifications: count((c) => c.classificationId)
      .filter(([v]) => names.has(v))
      .map(([v, n]) => ({ value: String(v), name: names.get(v)!, count: n })),
    dynasties: count((c) => c.dynasty).map(([v, n]) => ({ value: v, name: v, count: n })),
  };
}

/** Names are matched as typed and as Simplified half-width text (punctuation kept: user_names have it). */
function namePatterns(q: string): string[] {
  return [...new Set([q.trim(), toSimplified(q.normalize('NFKC')).trim()])].map(likePattern);
}

async function searchUsers(db: Db, opts: SearchOptions) {
  const likes = namePatterns(opts.q);
  const { rows: list, ...total } = await q.usersNamed(db, likes, opts.limit, opts.offset);
  return { list: list.map((u) => ({ kind: 'user' as const, ...u })), ...total };
}

/** Tags by name, or by pinyin (`sg` → 伤感, `shanggan`, `shang`). */
async function tagsMatching(db: Db, s: SearchState, p: ParsedQuery): Promise<number[]> {
  if (!p.pinyin) return [];
  const key = p.pinyin;
  return (await s.tagIndex.get(db)).filter((t) => t.keys.some((k) => k.startsWith(key))).map((t) => t.id);
}

async function searchTags(db: Db, s: SearchState, p: ParsedQuery, opts: SearchOptions) {
  const byPinyin = await tagsMatching(db, s, p);
  const { rows: list, ...total } = await q.tagsNamed(db, namePatterns(opts.q), byPinyin.slice(0, 500), opts.limit, opts.offset);
  return { list: list.map((g) => ({ kind: 'tag' as const, ...g })), ...total };
}

// ---------- suggestions and hot searches ----------

/** What the header box offers while typing: authors, works and tags starting with the input (or its pinyin). */
/**
 * As-you-type suggestions. The author and tag indexes are the same for everyone; a signed-in reader's muted 作者 and
 * tags (with a muted tag's second-level tags) are left out after, and muted texts inside the titles' statement.
 */
export async function suggest(db: Db, s: SearchState, input: string, viewerId?: number) {
  const p = parseQuery(input);
  const text = p.segments.join('');
  if (!text) return { authors: [], works: [], tags: [] };
  const key = p.pinyin;
  const starts = (name: string, keys: string[]) => name.startsWith(text) || (key !== null && keys.some((k) => k.startsWith(key)));
  const [{ list: authors }, tagList] = await Promise.all([s.authorIndex.get(db), s.tagIndex.get(db)]);
  const prefix = key ?? text;
  const works = prefix.length >= (key ? 2 : 1) ? await q.titleSuggestions(db, prefix, 5, viewerId) : [];
  const muted = viewerId ? await mutedNames(db, viewerId) : null;
  const shownTag = (t: { id: number; parentId: number | null }) =>
    !muted?.tagIds.has(t.id) && !(t.parentId && muted?.tagIds.has(t.parentId));
  return {
    authors: authors
      .filter((a) => starts(a.name, a.keys) && !muted?.authors.has(a.name))
      .slice(0, 3)
      .map((a) => ({ name: a.name, dynasty: a.dynasty, works: a.works })),
    works: works.map((w) => ({ id: w.id, title: w.title, author: w.author })),
    tags: tagList
      .filter((t) => starts(t.name, t.keys) && t.essayCount > 0 && shownTag(t))
      .slice(0, 3)
      .map((t) => ({ id: t.id, name: t.name, essayCount: t.essayCount })),
  };
}

export async function hotSearches(db: Db, s: SearchState, n = 10) {
  await flushSearchCounts(db, s);
  return { list: await q.hotQueries(db, n) };
}
