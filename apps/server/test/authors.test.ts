/**
 * Quoted authors on the starter library: 作者 and 出处 of a quoted text as fields of their own, the
 * `authors` table the triggers keep, the author page (作者页), and collection tags kept to quotes from their
 * collection (a sentence of one's own is not offered 楚辞 or 五代词).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { clearSearchIndexes } from '../src/modules/discovery/index.js';
import { authorPageSql } from '../src/modules/discovery/index.js';
import type { CallInput } from '@shiju/contract';
import { callAs, callUnchecked, createStarterApp, signUp, type TestContext } from './helper.js';
import { makeAdmin } from './factories.js';

let t: TestContext;
let poetry = 0;
let writer: Awaited<ReturnType<typeof signUp>>;
const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

beforeAll(async () => {
  t = await createStarterApp();
  const [cls] = await rows<{ id: number }>(sql`select id from classifications where name = '诗词'`);
  poetry = cls!.id;
  writer = await signUp(t.app);
}, 300_000);
afterAll(async () => t?.close());

type WriteBody = CallInput<'createEssay'>['body'];
/** A sentence in 诗词, published unless `fields` say otherwise. */
const body = (fields: Partial<WriteBody> & Pick<WriteBody, 'content'>): WriteBody => ({
  type: 'sentence',
  classificationId: poetry,
  status: 'publish',
  ...fields,
});
const write = (fields: Partial<WriteBody> & Pick<WriteBody, 'content'>, token = writer.token) =>
  callAs(t.app, 'createEssay', { body: body(fields) }, token);
const edit = (id: number, fields: Partial<WriteBody> & Pick<WriteBody, 'content'>, token = writer.token) =>
  callAs(t.app, 'updateEssay', { params: { id }, body: body(fields) }, token);
const form = async (id: number) => (await callAs(t.app, 'essayForm', { params: { id } }, writer.token)).data;

describe('a quoted text: 作者 and 出处', () => {
  it('stores them as fields, writes the source line from them, and shows them back on edit', async () => {
    const r = await write({ content: '今天的好，是昨天的汗水。', workAuthor: '路遥', workTitle: '平凡的世界' });
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ source: '路遥《平凡的世界》', workAuthor: '路遥', workTitle: '平凡的世界' });
    const [row] = await rows(sql`select source, work_author, work_title from essays where id = ${r.data.id}`);
    expect(row).toEqual({ source: '路遥《平凡的世界》', work_author: '路遥', work_title: '平凡的世界' });
    expect(await form(r.data.id)).toMatchObject({ workAuthor: '路遥', workTitle: '平凡的世界' });

    // A new work: the source line follows; an author alone is the whole line.
    expect((await edit(r.data.id, { content: '今天的好，是昨天的汗水。', workAuthor: '路遥', workTitle: '人生' })).data.source).toBe(
      '路遥《人生》',
    );
    const alone = await edit(r.data.id, { content: '今天的好，是昨天的汗水。', workAuthor: '路遥' });
    expect(alone.data).toMatchObject({ source: '路遥', workAuthor: '路遥', workTitle: null });
    // Cleared: no source, no author.
    const mine = await edit(r.data.id, { content: '今天的好，是昨天的汗水。' });
    expect(mine.data).toMatchObject({ source: null, workAuthor: null, workTitle: null });

    // The card says whom it quotes (for the link to the author page).
    await edit(r.data.id, { content: '今天的好，是昨天的汗水。', workAuthor: '路遥', workTitle: '平凡的世界' });
    const details = await callAs(t.app, 'essayDetails', { body: { id: r.data.id } });
    expect(details.data.workAuthor).toBe('路遥');
  });

  it('keeps a source line sent with the same author and work, and takes a known author’s era', async () => {
    const r = await write({
      content: '床前看月光，疑是地上霜。',
      workAuthor: '李白',
      workTitle: '静夜思',
      source: '李白《静夜思》（宋本）',
    });
    expect(r.code).toBe('00000');
    expect(r.data.source).toBe('李白《静夜思》（宋本）');
    const [row] = await rows(sql`select dynasty from essays where id = ${r.data.id}`);
    expect(row).toEqual({ dynasty: '唐' });
    // Another work: the line is written anew.
    expect(
      (await edit(r.data.id, { content: '床前看月光。', workAuthor: '李白', workTitle: '夜思', source: '李白《静夜思》（宋本）' })).data
        .source,
    ).toBe('李白《夜思》');
  });

  it('reads 作者《作品》 from the source line when no fields are sent', async () => {
    const r = await write({ content: '其实地上本没有路，走的人多了，也便成了路。', source: '鲁迅《故乡》' });
    expect(r.data).toMatchObject({ source: '鲁迅《故乡》', workAuthor: '鲁迅', workTitle: '故乡' });
  });

  it('refuses a bad 作者 or 出处 with A0400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ workAuthor: '长'.repeat(41) }, 'workAuthor'],
      [{ workTitle: '长'.repeat(51) }, 'workTitle'],
      [{ workAuthor: '李\u0001白' }, 'workAuthor'],
      [{ workTitle: '静夜\u0000思' }, 'workTitle'],
      [{ workAuthor: '李白\n杜甫' }, 'workAuthor'],
      [{ workTitle: '《静夜思》' }, 'workTitle'],
      [{ workAuthor: 7 }, 'workAuthor'],
    ];
    for (const [fields, name] of cases) {
      const r = await callUnchecked(t.app, 'createEssay', { body: { ...body({ content: '一句话。' }), ...fields } }, writer.token);
      expect(r.code, JSON.stringify(fields)).toBe('A0400');
      expect(r.msg, JSON.stringify(fields)).toContain(name);
    }
  });
});

describe('the authors table', () => {
  const counted = () =>
    rows<{ name: string; works: number }>(sql`select work_author as name, count(*)::int as works from essays
      where status = 'published' and work_author is not null group by work_author order by 1`);
  const kept = () => rows<{ name: string; works: number }>(sql`select name, works from authors where works > 0 order by 1`);

  it('holds every cited author with the number of published texts, as the import left them', async () => {
    const now = await kept();
    expect(now.length).toBeGreaterThan(50);
    expect(now).toEqual(await counted());
    const [li] = await rows(sql`select dynasty from authors where name = '李白'`);
    expect(li).toEqual({ dynasty: '唐' });
  });

  it('stays exact through publish, draft, withdraw, edit of the author, hide, restore and delete', async () => {
    const works = async (name: string) =>
      Number((await rows<{ works: number }>(sql`select works from authors where name = ${name}`))[0]?.works ?? 0);
    const before = await works('杜甫');
    const a = await write({ content: '星垂平野阔，月涌大江流。（抄）', workAuthor: '杜甫', workTitle: '旅夜书怀' });
    expect(await works('杜甫')).toBe(before + 1);
    const draft = await write({ content: '细草微风岸。', workAuthor: '杜甫', status: 'draft' });
    expect(await works('杜甫')).toBe(before + 1);
    await edit(draft.data.id, { content: '细草微风岸。', workAuthor: '杜甫' });
    expect(await works('杜甫')).toBe(before + 2);
    const withdrawn = await callAs(t.app, 'withdrawEssay', { params: { id: draft.data.id } }, writer.token);
    expect(withdrawn.code).toBe('00000');
    expect(await works('杜甫')).toBe(before + 1);

    // Another author: one leaves, the other gains; a new name gets a row.
    await edit(a.data.id, { content: '星垂平野阔，月涌大江流。（抄）', workAuthor: '拾句新人' });
    expect(await works('杜甫')).toBe(before);
    expect(await works('拾句新人')).toBe(1);

    // An editor hides and restores it.
    const admin = await makeAdmin(t);
    const hide = await callAs(t.app, 'adminHideEssay', { params: { id: a.data.id }, body: { reason: '测试' } }, admin.token);
    expect(hide.code).toBe('00000');
    expect(await works('拾句新人')).toBe(0);
    const restore = await callAs(t.app, 'adminRestoreEssay', { params: { id: a.data.id } }, admin.token);
    expect(restore.code).toBe('00000');
    expect(await works('拾句新人')).toBe(1);

    const del = await callAs(t.app, 'deleteEssay', { params: { id: a.data.id } }, writer.token);
    expect(del.code).toBe('00000');
    expect(await works('拾句新人')).toBe(0);
    expect(await kept()).toEqual(await counted());
  });

  it('counts a batch inserted in one statement, and rows removed outright', async () => {
    const [editorial] = await rows<{ author_id: number }>(sql`select author_id from essays where work_author = '李白' limit 1`);
    await t.database.db.execute(sql`insert into essays (type, content, author_id, status, work_author, dynasty, published_at)
      values ('sentence', '甲', ${editorial!.author_id}, 'published', '批量甲', '宋', now()),
        ('sentence', '乙', ${editorial!.author_id}, 'published', '批量甲', null, now()),
        ('sentence', '丙', ${editorial!.author_id}, 'draft', '批量甲', null, null),
        ('sentence', '丁', ${editorial!.author_id}, 'published', '批量乙', null, now())`);
    expect(await rows(sql`select name, dynasty, works from authors where name like '批量%' order by name`)).toEqual([
      { name: '批量乙', dynasty: null, works: 1 },
      { name: '批量甲', dynasty: '宋', works: 2 },
    ]);
    await t.database.db.execute(sql`delete from essays where work_author like '批量%'`);
    expect(await rows(sql`select name, works from authors where name like '批量%' order by name`)).toEqual([
      { name: '批量乙', works: 0 },
      { name: '批量甲', works: 0 },
    ]);
    expect(await kept()).toEqual(await counted());
  });

  it('gives the search author card the count as it is now', async () => {
    const get = async () => (await callAs(t.app, 'search', { query: { q: '王之涣' } })).data.author!.works;
    clearSearchIndexes(t.app.runtime.search);
    const before = await get();
    const r = await write({ content: '黄河远上白云间。（抄）', workAuthor: '王之涣' });
    expect(await get()).toBe(before + 1);
    await callAs(t.app, 'deleteEssay', { params: { id: r.data.id } }, writer.token);
    expect(await get()).toBe(before);
  });
});

describe('the author page', () => {
  const page = (name: string, query: CallInput<'authorEssays'>['query'] = {}, token?: string) =>
    callAs(t.app, 'authorEssays', { params: { name }, query }, token);

  it('lists every text citing the author, most popular first, paged, with the era and the count', async () => {
    const [{ n }] = (await rows<{ n: number }>(
      sql`select count(*)::int as n from essays where work_author = '李白' and status = 'published'`,
    )) as [{ n: number }];
    const expected = (
      await rows<{ id: number }>(sql`select id from essays where work_author = '李白' and status = 'published'
        order by likes * 3 + collects * 4 + comments * 2 + imitations * 3 desc, id desc`)
    ).map((r) => r.id);
    const seen: number[] = [];
    for (let p = 1; seen.length < n; p++) {
      const r = await page('李白', { pageNum: p, pageSize: 10 });
      expect(r.code).toBe('00000');
      expect(r.data.author).toEqual({ name: '李白', dynasty: '唐', works: n });
      expect(r.data.total).toBe(n);
      expect(r.data.list.length).toBeGreaterThan(0);
      expect(r.data.list.every((e) => e.workAuthor === '李白')).toBe(true);
      seen.push(...r.data.list.map((e) => e.id));
    }
    expect(seen).toEqual(expected);
    // 静夜思 is among his first works.
    const titles = (await page('李白', { pageSize: 5 })).data.list.map((e) => e.title);
    expect(titles).toContain('静夜思');
  });

  it('reads the page along essays_work_author_idx in its order: no table scan, no sort', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // The starter tables are small enough to scan; forbidding that shows whether the index serves the order.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const r = await tx.execute(sql`explain ${authorPageSql('李白', 10, 20)}`);
      return r.rows.map((x) => x['QUERY PLAN'] as string).join('\n');
    });
    expect(plan).toContain('essays_work_author_idx');
    expect(plan).not.toMatch(/Seq Scan|Sort/);
  });

  it('keeps views out of every index of essays, so that a flushed view count can be a HOT update', async () => {
    const naming = await rows<{ name: string }>(sql`select i.indexrelid::regclass::text as name from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attname = 'views'
      where i.indrelid = 'essays'::regclass
        and (a.attnum = any(i.indkey::int2[]) or coalesce(pg_get_expr(i.indexprs, i.indrelid), '') ~ '\\mviews\\M'
          or coalesce(pg_get_expr(i.indpred, i.indrelid), '') ~ '\\mviews\\M')`);
    expect(naming).toEqual([]);
    // And each page of essays keeps room for a row's next version (migration 0035).
    const [table] = await rows<{ options: string[] | null }>(
      sql`select reloptions as options from pg_class where oid = 'essays'::regclass`,
    );
    expect(table!.options).toContain('fillfactor=75');
  });

  it('reads a Traditional name as Simplified and says 404 for an author nobody cites', async () => {
    const r = await page('蘇軾', { pageSize: 5 });
    expect(r.code).toBe('00000');
    expect(r.data.author.name).toBe('苏轼');
    const none = await page('没有这个人');
    expect(none.code).toBe('A0404');
    expect((await page(' ')).code).toBe('A0400');
    expect((await page('长'.repeat(41))).code).toBe('A0400');
  });

  it('leaves out the texts of people the reader blocked', async () => {
    const quoter = await signUp(t.app);
    const reader = await signUp(t.app);
    const mine = await write({ content: '人生若只如初见。（抄）', workAuthor: '纳兰性德' }, quoter.token);
    // Liked by everyone: first on his page.
    await t.database.db.execute(sql`update essays set likes = 100000000 where id = ${mine.data.id}`);
    const ids = async (token?: string) => (await page('纳兰性德', { pageSize: 50 }, token)).data.list.map((e) => e.id);
    expect(await ids(reader.token)).toContain(mine.data.id);
    const all = (await page('纳兰性德', { pageSize: 1 })).data.total;
    await callAs(t.app, 'block', { params: { id: quoter.user.id } }, reader.token);
    expect(await ids(reader.token)).not.toContain(mine.data.id);
    const forReader = await page('纳兰性德', { pageSize: 50 }, reader.token);
    expect(forReader.data.total).toBe(all - 1);
    expect(await ids()).toContain(mine.data.id);
  });
});

describe('tags offered to a text', () => {
  const offered = async (query: CallInput<'tagLetters'>['query']) => {
    const r = await callAs(t.app, 'tagLetters', { query: { classificationId: poetry, ...query } });
    expect(r.code).toBe('00000');
    return new Set(r.data.flatMap((g) => g.tags.map((x) => x.name)));
  };

  it('offers a sentence of one’s own theme tags only, and a quote its own collection', async () => {
    const browse = await offered({});
    for (const name of ['唐诗', '楚辞', '五代词', '李白', '思乡']) expect(browse.has(name), name).toBe(true);

    const own = await offered({ purpose: 'write' });
    for (const name of ['唐诗', '宋词', '楚辞', '五代词', '元曲', '李白', '屈原', '李煜']) expect(own.has(name), name).toBe(false);
    for (const name of ['思乡', '离别', '山水']) expect(own.has(name), name).toBe(true);

    const libai = await offered({ purpose: 'write', workAuthor: '李白' });
    for (const name of ['唐诗', '李白', '思乡']) expect(libai.has(name), name).toBe(true);
    for (const name of ['楚辞', '五代词', '宋词', '杜甫']) expect(libai.has(name), name).toBe(false);

    // A Tang poet the catalogue does not list still gets 唐诗 from his era, not a place under it.
    const [tang] = await rows<{ name: string }>(sql`select name from authors where dynasty = '唐' and works > 0 and name not in
      (select t.name from tags t join tags p on p.id = t.parent_id where p.name = '唐诗') order by works desc limit 1`);
    const other = await offered({ purpose: 'write', workAuthor: tang!.name });
    expect(other.has('唐诗')).toBe(true);
    expect(other.has('李白')).toBe(false);

    const modern = await offered({ purpose: 'write', workAuthor: '鲁迅', workTitle: '故乡' });
    for (const name of ['唐诗', '楚辞', '五代词', '格言']) expect(modern.has(name), name).toBe(false);
  });
});
