/**
 * Site search (issue 13): texts ranked by relevance then popularity, with Traditional, full-width and pinyin input,
 * an author card, facets, snippets centred on the match, suggestions as one types, and 热门搜索 from aggregated
 * counts. People (nickname/username) and tags are searched by name, tags by pinyin too.
 */
import { personCardColumns } from '../users/queries.js';
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tags, users } from '../../db/schema.js';
import { htmlToText } from '../../lib/html.js';
import { cappedTotal, countUpTo, one } from '../../lib/paging.js';
import { parseQuery, pinyinKeys, type ParsedQuery } from '../../lib/search.js';
import { toSimplified } from '../../lib/text.js';
import { presentCard } from '../essays/presenter.js';
import * as q from './searchQueries.js';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => '\\' + m)}%`;

/** A small in-process index per database, refreshed in the background once stale (the first use waits for it). */
function cached<T>(ttlMs: number, load: (db: Db) => Promise<T>) {
  interface State {
    value: { at: number; data: T } | null;
    loading: Promise<T> | null;
  }
  let states = new WeakMap<Db, State>();
  const refresh = (db: Db, st: State) =>
    (st.loading ??= load(db)
      .then((data) => {
        st.value = { at: Date.now(), data };
        return data;
      })
      .finally(() => {
        st.loading = null;
      }));
  return {
    async get(db: Db): Promise<T> {
      let st = states.get(db);
      if (!st) states.set(db, (st = { value: null, loading: null }));
      if (!st.value) return refresh(db, st);
      if (Date.now() - st.value.at > ttlMs) void refresh(db, st).catch(() => {});
      return st.value.data;
    },
    clear() {
      states = new WeakMap();
    },
  };
}

interface AuthorEntry {
  name: string;
  dynasty: string | null;
  works: number;
  keys: string[];
}

/** Authors with their pinyin (full and initials), most prolific first; refreshed every 10 minutes. */
const authorIndex = cached<AuthorEntry[]>(10 * 60_000, async (db) =>
  (await q.authorRows(db))
    .map((a) => ({ ...a, works: Number(a.works), keys: pinyinKeys(a.name, { person: true }) }))
    .sort((a, b) => b.works - a.works),
);

interface TagEntry {
  id: number;
  name: string;
  parentId: number | null;
  letter: string;
  essayCount: number;
  keys: string[];
}

/** Every tag with its pinyin, refreshed every minute (tags are few). */
const tagIndex = cached<TagEntry[]>(60_000, async (db) =>
  (
    await db
      .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter, essayCount: tags.essayCount })
      .from(tags)
      .orderBy(desc(tags.essayCount), desc(tags.id))
  ).map((t) => ({ ...t, keys: pinyinKeys(t.name) })),
);

/** Loads the author and tag indexes (the benchmark does, before it records plans, as a running server has). */
export async function warmSearchIndexes(db: Db): Promise<void> {
  await Promise.all([authorIndex.get(db), tagIndex.get(db)]);
}

/** Forget the cached indexes (tests that write authors or tags and search at once). */
export function clearSearchIndexes() {
  authorIndex.clear();
  tagIndex.clear();
}

/** The author a whole query names: by name, or by the full pinyin of the name (`libai`, `li bai`). */
async function authorNamed(db: Db, p: ParsedQuery): Promise<AuthorEntry | null> {
  const whole = p.segments.join('');
  if (!whole) return null;
  const list = await authorIndex.get(db);
  return list.find((a) => a.name === whole) ?? (p.pinyin ? (list.find((a) => a.keys[0] === p.pinyin) ?? null) : null);
}

// ---------- 热门搜索: counted in memory, added to the table at most every 10 s and before it is read ----------

interface Counting {
  pending: Map<string, number>;
  lastFlush: number;
  flushing: Promise<void> | null;
}
const counting = new WeakMap<Db, Counting>();
const countingOf = (db: Db): Counting => {
  let c = counting.get(db);
  if (!c) counting.set(db, (c = { pending: new Map(), lastFlush: Date.now(), flushing: null }));
  return c;
};

/** Adds the counted searches to the table (after a flush already under way, so none is left behind). */
export async function flushSearchCounts(db: Db): Promise<void> {
  const c = countingOf(db);
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

function countSearch(db: Db, normalized: string) {
  if (!normalized || normalized.length > 50) return;
  const c = countingOf(db);
  c.pending.set(normalized, (c.pending.get(normalized) ?? 0) + 1);
  if (Date.now() - c.lastFlush > 10_000) void flushSearchCounts(db).catch(() => {});
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
  type: 'essay' | 'user' | 'tag';
  limit: number;
  offset: number;
  viewerId?: number;
  filter?: q.SearchFilter;
}

export async function search(db: Db, opts: SearchOptions) {
  const p = parseQuery(opts.q);
  // Said back when the characters changed (Traditional or full width), not when only punctuation went.
  const bare = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');
  const normalized = bare(p.normalized) !== bare(opts.q.toLowerCase()) ? p.normalized : null;
  const base = { normalized, relaxed: false, author: null, facets: null, similar: [] as string[] };
  if (opts.type === 'user') return { ...(await searchUsers(db, opts)), ...base, highlights: highlightsOf(p, [opts.q.trim()]) };
  if (opts.type === 'tag') return { ...(await searchTags(db, p, opts)), ...base, highlights: highlightsOf(p, [opts.q.trim()]) };

  const f = opts.filter ?? {};
  let mode: q.MatchMode = 'and';
  let page = await q.rankedPage(db, p, mode, f, opts.limit, opts.offset, opts.viewerId);
  // Nothing has every word: a wrong character (举头望名月) still finds the text with most of them.
  if (page.total === 0 && p.chars.length >= 4) {
    mode = 'or';
    page = await q.rankedPage(db, p, mode, f, opts.limit, opts.offset, opts.viewerId);
  }
  const first = opts.offset === 0;
  const [author, facets] = await Promise.all([first ? authorCard(db, p) : null, first ? facetsOf(db, p, mode) : null]);
  const marks = highlightsOf(p, author ? [author.name] : []);
  const long = page.rows.filter((r) => r.type === 'essay').map((r) => r.id!);
  const snippets = new Map<number, string>();
  for (const c of await q.contents(db, long)) {
    const s = snippetOf(htmlToText(c.content), marks);
    if (s) snippets.set(c.id, s);
  }
  if (page.total > 0 && first) countSearch(db, p.normalized);
  const similar = page.total === 0 ? await q.similarQueries(db, p.normalized, 5) : [];
  return {
    list: page.rows.map((r) => ({ kind: 'essay' as const, ...presentCard(r), summary: snippets.get(r.id!) ?? r.summary })),
    ...cappedTotal(page.total),
    highlights: marks,
    normalized,
    relaxed: mode === 'or' && page.total > 0,
    author,
    facets,
    similar,
  };
}

async function authorCard(db: Db, p: ParsedQuery) {
  const a = await authorNamed(db, p);
  if (!a) return null;
  const top = await q.topWorks(db, a.name, 5);
  return {
    name: a.name,
    dynasty: a.dynasty,
    works: a.works,
    top: top.map((w) => ({ id: w.id, title: w.title ?? w.summary.slice(0, 16) })),
  };
}

const TYPE_NAMES: Record<string, string> = { sentence: '句子', essay: '美文' };

async function facetsOf(db: Db, p: ParsedQuery, mode: q.MatchMode) {
  const rows = await q.facetRows(db, p, mode);
  const of = (facet: q.FacetRow['facet']) =>
    rows
      .filter((r) => r.facet === facet)
      .map((r) => ({ value: r.value, name: facet === 'type' ? (TYPE_NAMES[r.value] ?? r.value) : r.name, count: Number(r.n) }));
  return { types: of('type'), classifications: of('classification'), dynasties: of('dynasty') };
}

/** Names are matched as typed and as Simplified half-width text (punctuation kept: user_names have it). */
function namePatterns(q: string): string[] {
  return [...new Set([q.trim(), toSimplified(q.normalize('NFKC')).trim()])].map(likePattern);
}

async function searchUsers(db: Db, opts: SearchOptions) {
  const likes = namePatterns(opts.q);
  const where = and(eq(users.status, 'active'), or(...likes.flatMap((l) => [ilike(users.nickname, l), ilike(users.username, l)])));
  const [list, total] = await Promise.all([
    db
      .select(personCardColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.followerCount), desc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    countUpTo(db, db.select(one).from(users).where(where).$dynamic()),
  ]);
  return { list: list.map((u) => ({ kind: 'user' as const, ...u })), ...total };
}

/** Tags by name, or by pinyin (`sg` → 伤感, `shanggan`, `shang`). */
async function tagsMatching(db: Db, p: ParsedQuery): Promise<number[]> {
  if (!p.pinyin) return [];
  const key = p.pinyin;
  return (await tagIndex.get(db)).filter((t) => t.keys.some((k) => k.startsWith(key))).map((t) => t.id);
}

async function searchTags(db: Db, p: ParsedQuery, opts: SearchOptions) {
  const byPinyin = await tagsMatching(db, p);
  const byName = namePatterns(opts.q).map((l) => ilike(tags.name, l));
  const where = or(...byName, ...(byPinyin.length ? [inArray(tags.id, byPinyin.slice(0, 500))] : []));
  const [list, total] = await Promise.all([
    db
      .select({ id: tags.id, name: tags.name, parentId: tags.parentId, letter: tags.letter, essayCount: tags.essayCount })
      .from(tags)
      .where(where)
      .orderBy(desc(tags.essayCount), desc(tags.id))
      .limit(opts.limit)
      .offset(opts.offset),
    countUpTo(db, db.select(one).from(tags).where(where).$dynamic()),
  ]);
  return { list: list.map((g) => ({ kind: 'tag' as const, ...g })), ...total };
}

// ---------- suggestions and hot searches ----------

/** What the header box offers while typing: authors, works and tags starting with the input (or its pinyin). */
export async function suggest(db: Db, input: string) {
  const p = parseQuery(input);
  const text = p.segments.join('');
  if (!text) return { authors: [], works: [], tags: [] };
  const key = p.pinyin;
  const starts = (name: string, keys: string[]) => name.startsWith(text) || (key !== null && keys.some((k) => k.startsWith(key)));
  const [authors, tagList] = await Promise.all([authorIndex.get(db), tagIndex.get(db)]);
  const prefix = key ?? text;
  const works = prefix.length >= (key ? 2 : 1) ? await q.titleSuggestions(db, prefix, 5) : [];
  return {
    authors: authors
      .filter((a) => starts(a.name, a.keys))
      .slice(0, 3)
      .map((a) => ({ name: a.name, dynasty: a.dynasty, works: a.works })),
    works: works.map((w) => ({ id: w.id, title: w.title, author: w.author })),
    tags: tagList
      .filter((t) => starts(t.name, t.keys) && t.essayCount > 0)
      .slice(0, 3)
      .map((t) => ({ id: t.id, name: t.name, essayCount: t.essayCount })),
  };
}

export async function hotSearches(db: Db, n = 10) {
  await flushSearchCounts(db);
  return { list: await q.hotQueries(db, n) };
}
