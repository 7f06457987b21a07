// The family tree of imitations (docs/imitations.md): generations, paging, the switch to a list over 2,000 texts, what may be
// seen, bad input, and that no call (nor a hand-written update) can make a text imitate its own descendant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMITATION_TREE, type DiffPart, type ImitationNode } from '@shiju/contract';
import { callAs, createTestApp, type TestContext } from './helper.js';
import { makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { essays } from '../src/db/schema.js';

let t: TestContext;
let tx: Awaited<ReturnType<typeof seedTaxonomy>>;
let writer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  tx = await seedTaxonomy(t.database.db);
  writer = await makeUser(t.app);
});
afterAll(async () => t?.close());

const publish = async (who: TestUser, content: string, imitateOf?: number) =>
  (await publishText(t.app, who, { content, classificationId: tx.meiju.id, imitateOf })).id;
const tree = (id: number, query: { pageNum?: number; depth?: number } = {}, token?: string) =>
  callAs(t.app, 'imitationTree', { params: { id }, query }, token);

/** Published sentences written straight into the database: `parents[i]` gets `perParent` imitations. Their ids. */
async function insertChildren(parents: number[], perParent: number): Promise<number[]> {
  const at = Date.parse('2026-01-01T00:00:00Z');
  const values = parents.flatMap((p) =>
    Array.from({ length: perParent }, (_, i) => ({
      type: 'sentence' as const,
      content: `春眠不觉晓，第${i}声鸟。`,
      summary: `春眠不觉晓，第${i}声鸟。`,
      authorId: writer.id,
      classificationId: tx.meiju.id,
      imitateOf: p,
      status: 'published' as const,
      publishedAt: new Date(at + i * 1000),
    })),
  );
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await t.database.db
      .insert(essays)
      .values(values.slice(i, i + 500))
      .returning({ id: essays.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

const joined = (diff: DiffPart[] | null, keep: 'add' | 'del') =>
  (diff ?? [])
    .filter((p) => p.op !== keep)
    .map((p) => p.text)
    .join('');

describe('the family tree', () => {
  it('answers three generations with writer, date, likes and a word-level diff against each parent', async () => {
    const [ann, ben] = [await makeUser(t.app), await makeUser(t.app)];
    const root = await publish(writer, '床前明月光，疑是地上霜。');
    const a = await publish(ann, '床前明月光，疑是窗外雪。', root);
    const b = await publish(ben, '窗前明月光，疑是地上霜。', root);
    const a1 = await publish(ben, '窗前明月光，疑是窗外雪。', a);
    const a1x = await publish(ann, '窗前明月光，疑是窗外雨。', a1);
    const a1xy = await publish(ann, '窗前明月光，疑是檐下雨。', a1x);
    await callAs(t.app, 'like', { body: { essayId: a } }, ben.token);

    const r = await tree(root);
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ rootId: root, mode: 'tree', size: 5, total: 2, pageNum: 1, pageSize: IMITATION_TREE.childrenPerPage });
    const byId = new Map(r.data.nodes.map((n) => [n.id, n]));
    expect(r.data.nodes.map((n) => [n.id, n.parentId, n.depth])).toEqual([
      [a, root, 1],
      [b, root, 1],
      [a1, a, 2],
      [a1x, a1, 3],
    ]);
    // The fourth generation is not in the answer; its parent says it has one, to be asked for from there.
    expect(byId.has(a1xy)).toBe(false);
    expect(byId.get(a1x)!.childTotal).toBe(1);
    expect(byId.get(a)!).toMatchObject({ likes: 1, childTotal: 1, author: { id: ann.id }, text: '床前明月光，疑是窗外雪。' });
    expect(Date.parse(byId.get(a)!.publishedAt)).not.toBeNaN();

    // The diff rebuilds both texts, and it is by words: 地上霜 → 窗外雪 changes whole words, the shared 。 stays.
    const diff = byId.get(a)!.diff!;
    expect(joined(diff, 'add')).toBe('床前明月光，疑是地上霜。');
    expect(joined(diff, 'del')).toBe('床前明月光，疑是窗外雪。');
    expect(diff).toEqual([
      { op: 'same', text: '床前明月光，疑是' },
      { op: 'del', text: '地上霜' },
      { op: 'add', text: '窗外雪' },
      { op: 'same', text: '。' },
    ]);
    // Each node is compared with its own parent, not with the root.
    expect(joined(byId.get(a1x)!.diff, 'add')).toBe('窗前明月光，疑是窗外雪。');

    // Asked from the third generation, the fourth comes, diffed against its parent.
    const deeper = await tree(a1x);
    expect(deeper.data.nodes.map((n) => [n.id, n.depth])).toEqual([[a1xy, 1]]);
    expect(joined(deeper.data.nodes[0]!.diff, 'add')).toBe('窗前明月光，疑是窗外雨。');

    const one = await tree(root, { depth: 1 });
    expect(one.data.nodes.map((n) => n.id)).toEqual([a, b]);
  });

  it('pages each text’s imitations 20 at a time, oldest first', async () => {
    const root = await publish(writer, '白日依山尽，黄河入海流。');
    const kids = await insertChildren([root], 45);
    const grandkids = await insertChildren([kids[0]!], 25);
    const page1 = await tree(root);
    const level1 = (n: ImitationNode[]) => n.filter((x) => x.depth === 1).map((x) => x.id);
    expect(page1.data.total).toBe(45);
    expect(level1(page1.data.nodes)).toEqual(kids.slice(0, 20));
    const under0 = page1.data.nodes.filter((x) => x.parentId === kids[0]);
    expect(under0.map((x) => x.id)).toEqual(grandkids.slice(0, 20));
    expect(page1.data.nodes.find((x) => x.id === kids[0])!.childTotal).toBe(25);
    expect(level1((await tree(root, { pageNum: 2 })).data.nodes)).toEqual(kids.slice(20, 40));
    expect(level1((await tree(root, { pageNum: 3 })).data.nodes)).toEqual(kids.slice(40));
    expect((await tree(root, { pageNum: 4 })).data.nodes).toEqual([]);
    // The rest of one text's imitations: the tree asked from that text, page 2.
    const more = await tree(kids[0]!, { pageNum: 2 });
    expect(more.data.nodes.map((x) => x.id)).toEqual(grandkids.slice(20));
    expect(more.data.nodes.every((x) => x.parentId === kids[0] && x.depth === 1)).toBe(true);
  });

  it('shows a tree of 2,000 texts as a tree and one of 2,001 as a list of every descendant', async () => {
    const root = await publish(writer, '千山鸟飞绝，万径人踪灭。');
    const gen1 = await insertChildren([root], 40);
    const gen2 = await insertChildren(gen1, 49);
    expect(gen1.length + gen2.length).toBe(IMITATION_TREE.listOver);
    const asTree = await tree(root);
    expect(asTree.data).toMatchObject({ mode: 'tree', size: 2000, total: 40 });
    expect(asTree.data.nodes).toHaveLength(20 + 20 * 20);

    const [gen3] = await insertChildren([gen2[0]!], 1);
    const asList = await tree(root);
    expect(asList.data).toMatchObject({ mode: 'list', size: IMITATION_TREE.listOver + 1, total: 2001, pageNum: 1 });
    expect(asList.data.nodes.map((n) => n.id)).toEqual(gen1.slice(0, 20));
    expect(asList.data.nodes[0]).toMatchObject({ parentId: root, depth: 1 });
    expect(joined(asList.data.nodes[0]!.diff, 'add')).toBe('千山鸟飞绝，万径人踪灭。');
    const last = await tree(root, { pageNum: Math.ceil(2001 / 20) });
    expect(last.data.nodes.map((n) => [n.id, n.parentId, n.depth])).toEqual([[gen3, gen2[0], 3]]);
    expect(joined(last.data.nodes[0]!.diff, 'add')).toBe('春眠不觉晓，第0声鸟。');
  });
});

describe('what the tree shows', () => {
  it('leaves out texts that are not published, with everything below them', async () => {
    const root = await publish(writer, '日照香炉生紫烟。');
    const shown = await publish(writer, '日照香山生紫烟。', root);
    const withdrawn = await publish(writer, '日照香炉起青烟。', root);
    const below = await publish(writer, '月照香炉起青烟。', withdrawn);
    const hidden = await publish(writer, '日照炉香生紫烟。', root);
    const deleted = await publish(writer, '日照香炉生白烟。', root);
    const draft = (
      await callAs(
        t.app,
        'createEssay',
        { body: { type: 'sentence', content: '日出香炉生紫烟。', classificationId: tx.meiju.id, imitateOf: root, status: 'draft' } },
        writer.token,
      )
    ).data.id;
    await callAs(t.app, 'withdrawEssay', { params: { id: withdrawn } }, writer.token);
    await t.database.db.update(essays).set({ status: 'hidden' }).where(eq(essays.id, hidden));
    await callAs(t.app, 'deleteEssay', { params: { id: deleted } }, writer.token);
    const r = await tree(root, {}, writer.token);
    expect(r.data.nodes.map((n) => n.id)).toEqual([shown]);
    expect(r.data).toMatchObject({ size: 1, total: 1 });
    for (const gone of [withdrawn, below, hidden, deleted, draft]) expect(r.data.nodes.some((n) => n.id === gone)).toBe(false);
    // A text that is not published has no tree, even for its author.
    expect((await tree(withdrawn, {}, writer.token)).code).toBe('A0404');
    expect((await tree(draft, {}, writer.token)).code).toBe('A0404');
    expect((await tree(2147483000)).code).toBe('A0404');
  });

  it('leaves the texts of people a reader blocked out of that reader’s tree, with what is below them', async () => {
    const [reader, pest, other] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    const root = await publish(writer, '两个黄鹂鸣翠柳。');
    const byPest = await publish(pest, '两只麻雀鸣翠柳。', root);
    const underPest = await publish(other, '两只麻雀叫翠柳。', byPest);
    const byOther = await publish(other, '三个黄鹂鸣翠柳。', root);
    await callAs(t.app, 'block', { params: { id: pest.id } }, reader.token);
    const blocked = await tree(root, {}, reader.token);
    expect(blocked.data.nodes.map((n) => n.id)).toEqual([byOther]);
    expect(blocked.data).toMatchObject({ size: 1, total: 1 });
    // Everyone else, visitors included, sees all of it.
    for (const token of [undefined, other.token, pest.token])
      expect((await tree(root, {}, token)).data.nodes.map((n) => n.id)).toEqual([byPest, byOther, underPest]);
    await callAs(t.app, 'unblock', { params: { id: pest.id } }, reader.token);
    expect((await tree(root, {}, reader.token)).data.nodes).toHaveLength(3);
  });
});

describe('bad input', () => {
  it.each([
    [{ depth: 0 }, 'depth'],
    [{ depth: 4 }, 'depth'],
    [{ depth: 'x' }, 'depth'],
    [{ pageNum: 0 }, 'pageNum'],
    [{ pageNum: 1.5 }, 'pageNum'],
  ])('refuses %j with A0400 naming the field in Chinese', async (query, field) => {
    const root = await publish(writer, `举头望明月，${Object.entries(query).map(([k, v]) => `${k}=${v}`)}。`);
    const r = await callAs(t.app, 'imitationTree', { params: { id: root }, query });
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(field);
    expect(r.msg).toMatch(/\p{Script=Han}/u);
  });

  it('refuses an id that is not one', async () => {
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const r = await callAs(t.app, 'imitationTree', { params: { id } });
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain('id');
    }
  });
});

describe('no cycle', () => {
  it('no edit moves what a text imitates, so it cannot come to imitate its own descendant', async () => {
    const root = await publish(writer, '低头思故乡。');
    const child = await publish(writer, '低头思故人。', root);
    const grandchild = await publish(writer, '抬头思故人。', child);
    const edit = (id: number, imitateOf?: number) =>
      callAs(
        t.app,
        'updateEssay',
        {
          params: { id },
          body: {
            type: 'sentence',
            content: id === root ? '低头思故乡。' : '低头思故人。',
            classificationId: tx.meiju.id,
            imitateOf,
            status: 'publish',
          },
        },
        writer.token,
      );
    for (const target of [grandchild, child, root]) {
      const r = await edit(root, target);
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain('imitateOf');
    }
    expect((await edit(child, grandchild)).code).toBe('A0400');
    // Sending what it already imitates (as the writing form does), or nothing, is an ordinary save.
    expect((await edit(child, root)).code).toBe('00000');
    expect((await edit(root)).code).toBe('00000');
    const rows = await t.database.db.select({ id: essays.id, of: essays.imitateOf }).from(essays).where(eq(essays.id, root));
    expect(rows[0]!.of).toBeNull();
    // A new text can only imitate one that exists and is published: it is always the newest of its line.
    expect(
      (
        await callAs(
          t.app,
          'createEssay',
          { body: { type: 'sentence', content: '新句', classificationId: tx.meiju.id, imitateOf: 2147483000, status: 'publish' } },
          writer.token,
        )
      ).code,
    ).toBe('A0400');
  });

  it('the database refuses a link to the text itself or to a newer one, whatever writes it', async () => {
    const root = await publish(writer, '海上生明月。');
    const child = await publish(writer, '江上生明月。', root);
    const grandchild = await publish(writer, '江上升明月。', child);
    const link = (id: number, to: number) => t.database.db.update(essays).set({ imitateOf: to }).where(eq(essays.id, id));
    await expect(link(root, grandchild)).rejects.toThrow();
    await expect(link(root, root)).rejects.toThrow();
    await expect(link(child, grandchild)).rejects.toThrow();
    // Re-pointing to an older text is not a cycle, and stays possible for an editor's repair.
    await expect(link(grandchild, root)).resolves.toBeDefined();
  });
});
