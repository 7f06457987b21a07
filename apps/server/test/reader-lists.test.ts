/**
 * A signed-in reader's list pages are made from the pages every visitor shares, less their 不感兴趣 marks, with
 * their likes and collects (modules/essays/readerPage.ts). Each page, total and cursor must be what the reader's
 * own statement would give: here checked against the visitors' whole list with the marks taken out by hand.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CallInput } from '@shiju/contract';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { seedTaxonomy } from './fixtures.js';

let t: TestContext;
type Person = Awaited<ReturnType<typeof signUp>>;
let author: Person, other: Person;
let classificationId: number;
const TEXTS = 40;

type Body = CallInput<'essaysPage'>['body'];
const list = async (body: Body, token?: string) => {
  const r = await callAs(t.app, 'essaysPage', { body }, token);
  expect(r.code).toBe('00000');
  return r.data as {
    list: Array<{ id: number; liked: boolean; collected: boolean }>;
    total: number;
    totalCapped: boolean;
    nextCursor: string | null;
  };
};
/** The whole list as a visitor sees it, in order. */
async function everything(filter: Body): Promise<number[]> {
  const ids: number[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await list({ ...filter, pageNum, pageSize: 10 });
    ids.push(...page.list.map((e) => e.id));
    if (page.list.length < 10) return ids;
  }
}

/** A deterministic shuffle (no test depends on Math.random). */
function pick<T>(items: T[], n: number, seed: number): T[] {
  const a = [...items];
  let s = seed;
  for (let i = a.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

beforeAll(async () => {
  t = await createTestApp();
  const tx = await seedTaxonomy(t.database.db);
  classificationId = tx.sanwen.id;
  [author, other] = [await signUp(t.app), await signUp(t.app)];
  const db = t.database.db;
  // Texts with distinct likes, hot scores and publication times (the three orders differ), some with equal likes.
  await db.execute(sql`insert into essays (type, content, summary, author_id, classification_id, status, published_at, likes, hot_score)
    select 'sentence', '读者列表第' || g || '句', '读者列表第' || g || '句', ${author.user.id}, ${classificationId}, 'published',
      now() - g * interval '1 minute', (g * 7) % 13 + 3, ((g * 11) % 17) + 1
    from generate_series(1, ${TEXTS}) g`);
  await db.execute(sql`update classifications set essay_count = essay_count + ${TEXTS} where id = ${classificationId}`);
});
afterAll(async () => t?.close());

const filters: Array<[string, Body]> = [
  ['an author, newest first', { authorId: 0, sort: 'new' }],
  ['an author, most liked', { authorId: 0, sort: 'likes' }],
  ['an author, hottest (a ranked sort)', { authorId: 0, sort: 'hot' }],
  ['a classification (a counted total)', { classificationId: 0, sort: 'new' }],
];
const withIds = (f: Body): Body => ({
  ...f,
  ...(f.authorId === 0 ? { authorId: author.user.id } : {}),
  ...(f.classificationId === 0 ? { classificationId } : {}),
});

describe("a signed-in reader's list", () => {
  it.each(filters)('%s: every page, total and flag as if the marks were never in the list', async (_name, raw) => {
    const filter = withIds(raw);
    const reader = await signUp(t.app);
    // Likes move the likes and hot orders: the reader's come first, chosen in an order they do not move.
    const byAge = await everything(withIds({ authorId: 0, sort: 'new' }));
    const liked = pick(byAge, 8, 7);
    for (const essayId of liked)
      expect((await callAs(t.app, 'like', { body: { essayId, type: 'like' } }, reader.token)).code).toBe('00000');
    const collected = liked.slice(0, 3);
    for (const essayId of collected) await callAs(t.app, 'like', { body: { essayId, type: 'collect' } }, reader.token);
    const all = await everything(filter);
    // The ranked sort lists only the texts that qualify; the others list all.
    expect(all.length).toBeGreaterThan(30);
    // Marks on the first page, deep in the list and in a run long enough to push a page past the next shared one.
    const marked = new Set([all[0]!, all[3]!, ...pick(all.slice(5), 6, all.length), ...all.slice(20, 32)]);
    for (const id of marked) expect((await callAs(t.app, 'uninterested', { params: { id } }, reader.token)).code).toBe('00000');
    const expected = all.filter((id) => !marked.has(id));
    const pageSize = 5;
    for (let pageNum = 1; pageNum <= Math.ceil(all.length / pageSize) + 1; pageNum++) {
      // Each page twice: with no shared page kept (the reader's own statement), then once a visitor has read it (the
      // shared page with the reader's marks).
      for (const round of [1, 2]) {
        if (round === 2) await list({ ...filter, pageNum, pageSize });
        const page = await list({ ...filter, pageNum, pageSize }, reader.token);
        const want = expected.slice((pageNum - 1) * pageSize, pageNum * pageSize);
        expect(
          page.list.map((e) => e.id),
          `page ${pageNum}, round ${round}`,
        ).toEqual(want);
        expect(page.total).toBe(expected.length);
        for (const e of page.list) {
          expect(e.liked).toBe(liked.includes(e.id));
          expect(e.collected).toBe(collected.includes(e.id));
        }
      }
    }
    // Following the cursor walks the same list.
    const walked: number[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      // A visitor asks the same page first (a cursor the server wrote is valid for anyone): the reader's comes from it.
      await list({ ...filter, pageSize, ...(cursor ? { cursor } : {}) });
      const page = await list({ ...filter, pageSize, ...(cursor ? { cursor } : {}) }, reader.token);
      walked.push(...page.list.map((e) => e.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(walked).toEqual(expected);
    // Visitors still see everything.
    expect(await everything(filter)).toEqual(all);
  });

  it('follows a new mark at once, though the shared page stays cached', async () => {
    const filter = withIds({ authorId: 0, sort: 'likes' });
    const reader = await signUp(t.app);
    const first = await list({ ...filter, pageSize: 5 }, reader.token);
    await callAs(t.app, 'uninterested', { params: { id: first.list[0]!.id } }, reader.token);
    const after = await list({ ...filter, pageSize: 5 }, reader.token);
    expect(after.list.map((e) => e.id)).toEqual([...first.list.slice(1).map((e) => e.id), expect.any(Number)]);
    expect(after.total).toBe(first.total - 1);
  });

  it("shows the counters as they are now, though the shared page is kept: a reader's own comment counts at once", async () => {
    const filter = withIds({ authorId: 0, sort: 'new' });
    const reader = await signUp(t.app);
    const before = await list({ ...filter, pageSize: 5 }); // a visitor keeps the page
    const id = before.list[2]!.id;
    const was = (before.list[2] as unknown as { comments: number }).comments;
    expect((await callAs(t.app, 'createComment', { body: { essayId: id, content: '读到这里，停了一会儿。' } }, reader.token)).code).toBe(
      '00000',
    );
    expect((await callAs(t.app, 'like', { body: { essayId: id, type: 'like' } }, reader.token)).code).toBe('00000');
    const mine = await list({ ...filter, pageSize: 5 }, reader.token);
    expect(mine.list[2]).toMatchObject({ id, comments: was + 1, liked: true });
  });

  it('is read from the shared page: one small statement for the reader, none of their own list', async () => {
    const filter = withIds({ authorId: 0, sort: 'new' });
    const reader = await signUp(t.app);
    await list({ ...filter, pageNum: 2, pageSize: 5 }); // a visitor fills the cache
    const client = t.database.db.$client as unknown as { query: (...a: unknown[]) => unknown };
    const spy = vi.spyOn(client, 'query');
    try {
      await list({ ...filter, pageNum: 2, pageSize: 5 }, reader.token);
      const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string }).text ?? '')));
      expect(texts.filter((x) => x.includes('with page as'))).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps its own statement for a reader who blocked someone, and hides the blocked author's texts", async () => {
    const filter = withIds({ classificationId: 0, sort: 'new' });
    const reader = await signUp(t.app);
    const theirs = await callAs(
      t.app,
      'createEssay',
      { body: { type: 'sentence', content: '被拉黑的人写的一句。', classificationId, status: 'publish' } },
      other.token,
    );
    expect(theirs.code).toBe('00000');
    const all = await everything(filter);
    expect(all).toContain(theirs.data.id);
    await callAs(t.app, 'uninterested', { params: { id: all[1]! } }, reader.token);
    await callAs(t.app, 'block', { params: { id: other.user.id } }, reader.token);
    const page = await list({ ...filter, pageSize: 5 }, reader.token);
    expect(page.list.map((e) => e.id)).toEqual(all.filter((id) => id !== theirs.data.id && id !== all[1]).slice(0, 5));
    expect(page.total).toBe(all.length - 2);
  });
});
