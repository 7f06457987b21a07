/**
 * 赞 on comments: an exact counter under repeats and concurrency, the reader's own flag on the lists,
 * one notification to the comment's author however often it is undone and redone, and 最热 ordering by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { publishText } from './factories.js';

let t: TestContext;
type Person = Awaited<ReturnType<typeof signUp>>;
let author: Person;
let commenter: Person;
let reader: Person;
let essayId: number;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  [author, commenter, reader] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  essayId = (await publishText(t.app, author, { content: '落霞与孤鹜齐飞', classificationId: tx.meiju.id })).id;
});
afterAll(async () => t?.close());

const comment = async (p: Person, content: string, parentId?: number) => {
  const r = await callAs(t.app, 'createComment', { body: { essayId, content, parentId } }, p.token);
  expect(r.code).toBe('00000');
  return r.data.id;
};
const like = (p: Person | undefined, id: unknown) => callAs(t.app, 'likeComment', { params: { id } }, p?.token);
const unlike = (p: Person, id: number) => callAs(t.app, 'unlikeComment', { params: { id } }, p.token);
const roots = (token?: string) => callAs(t.app, 'commentsPage', { query: { essayId, sort: 'hot', pageSize: 50 } }, token);
const likeMessages = async (p: Person) =>
  (await callAs(t.app, 'messagesPage', { query: { type: 'like', pageSize: 50 } }, p.token)).data.list;

describe('comment likes', () => {
  it('counts once however often repeated, shows the reader their flag, and tells the author once', async () => {
    const id = await comment(commenter, '这句写尽了秋色');
    const first = await like(reader, id);
    expect(first.code).toBe('00000');
    expect(first.data).toEqual({ liked: true, likes: 1 });
    expect((await like(reader, id)).data).toEqual({ liked: true, likes: 1 });

    const mine = (await roots(reader.token)).data.list.find((c) => c.id === id);
    expect(mine).toMatchObject({ likes: 1, liked: true });
    const theirs = (await roots(author.token)).data.list.find((c) => c.id === id);
    expect(theirs).toMatchObject({ likes: 1, liked: false });
    const visitors = (await roots()).data.list.find((c) => c.id === id);
    expect(visitors!.likes).toBe(1);
    expect(visitors).not.toHaveProperty('liked');

    expect((await unlike(reader, id)).data).toEqual({ liked: false, likes: 0 });
    expect((await unlike(reader, id)).data).toEqual({ liked: false, likes: 0 });
    expect((await like(reader, id)).data).toEqual({ liked: true, likes: 1 });

    const told = (await likeMessages(commenter)).filter((m) => m.commentId === id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actor: { id: reader.user.id }, content: '这句写尽了秋色' });
    // Liking one's own comment counts, and tells nobody.
    expect((await like(commenter, id)).data.likes).toBe(2);
    expect((await likeMessages(commenter)).filter((m) => m.commentId === id)).toHaveLength(1);
  });

  it('keeps the text like and the comment like apart in notifications', async () => {
    const id = await comment(author, '作者自己的评论');
    const text = await callAs(t.app, 'like', { body: { essayId, type: 'like' } }, reader.token);
    expect(text.code).toBe('00000');
    expect((await like(reader, id)).code).toBe('00000');
    const fromReader = (await likeMessages(author)).filter((m) => m.actor?.id === reader.user.id);
    expect(fromReader.map((m) => m.commentId).sort()).toEqual([id, null].sort());
  });

  it('is exact under concurrent likes and unlikes', async () => {
    const id = await comment(commenter, '并发也不乱');
    const people = await Promise.all(Array.from({ length: 6 }, () => signUp(t.app)));
    await Promise.all(people.flatMap((p) => [like(p, id), like(p, id)]));
    expect((await like(reader, id)).data.likes).toBe(7);
    await Promise.all(people.slice(0, 4).flatMap((p) => [unlike(p, id), unlike(p, id)]));
    expect((await unlike(reader, id)).data.likes).toBe(2);
  });

  it('orders 最热 by likes, replies carry the flag too', async () => {
    const low = await comment(commenter, '少人赞');
    const high = await comment(commenter, '多人赞');
    const reply = await comment(reader, '回复也能赞', high);
    for (const p of [author, reader]) await like(p, high);
    await like(author, reply);
    const list = (await roots(author.token)).data.list;
    expect(list.findIndex((c) => c.id === high)).toBeLessThan(list.findIndex((c) => c.id === low));
    expect(list.find((c) => c.id === high)!.replies!.find((r) => r.id === reply)).toMatchObject({ liked: true });
    const children = await callAs(t.app, 'commentChildren', { query: { rootId: high } }, author.token);
    expect(children.data.list.find((r) => r.id === reply)).toMatchObject({ likes: 1, liked: true });
  });

  it('refuses visitors, bad ids and comments that are gone', async () => {
    const id = await comment(commenter, '将被删除');
    expect((await like(undefined, id)).code).toBe('A0230');
    expect((await like(reader, 'abc')).code).toBe('A0400');
    expect((await like(reader, 999999)).code).toBe('A0404');
    await callAs(t.app, 'deleteComment', { params: { id } }, commenter.token);
    expect((await like(reader, id)).code).toBe('A0404');
    expect((await unlike(reader, id)).code).toBe('A0404');
  });
});
