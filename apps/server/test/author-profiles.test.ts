/**
 * Authors as people (decision 0020) on the starter library: the corpus's author records read and merged (诗 and 词 of
 * one person, homonyms of two eras), life years parsed from Chinese and Arabic numerals, the profiles' counts kept by
 * the triggers, the author page's calls, the dynasties and their counts, 出处 and the original text of imported texts,
 * the page the server draws, and bad input.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DYNASTY_GROUPS } from '@shiju/contract';
import { chineseNumber, mergeRecords, parseLifespan, placeRecords, type AuthorRecord } from '../src/import/authorRecords.js';
import { importAuthorRecords } from '../src/import/index.js';
import { callAs, callUnchecked, createStarterApp, signUp, writeWebDist, type TestContext } from './helper.js';
import { publishText } from './factories.js';

let t: TestContext;
/** The built app's page template alone (no prerenderer): the server's own markup for the public pages. */
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-authors-'));
const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

beforeAll(async () => {
  writeWebDist(
    web,
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>拾句</title></head><body><div id="root"></div></body></html>',
  );
  t = await createStarterApp({}, { WEB_DIST: web });
}, 300_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('reading the records', () => {
  it('parses 生卒 in Chinese and Arabic numerals, only where they read as years', () => {
    expect(chineseNumber('一○三七')).toBe(1037);
    expect(chineseNumber('九二七')).toBe(927);
    expect(chineseNumber('九百二十七')).toBe(927);
    expect(chineseNumber('一千零三')).toBe(1003);
    expect(chineseNumber('1101')).toBe(1101);
    expect(chineseNumber('某年')).toBeNull();
    expect(parseLifespan('苏轼（一○三七～一一○一），字子瞻')).toMatchObject({ born: 1037, died: 1101 });
    expect(parseLifespan('(1037―1101) 字子瞻')).toMatchObject({ born: 1037, died: 1101 });
    expect(parseLifespan('陈抟（？～九八九），字图南')).toMatchObject({ born: null, died: 989 });
    expect(parseLifespan('(？－约 1053) 字耆卿')).toMatchObject({ born: null, died: 1053 });
    expect(parseLifespan('李清照（一○八四—？），号易安居士')).toMatchObject({ born: 1084, died: null });
    // Not years, out of order, or not at the start: nothing.
    for (const bio of ['某（今属四川）人', '某（一一○一～一○三七）', '李白，字太白。（七○一～七六二）', '（？～？）', '帝姓李氏'])
      expect(parseLifespan(bio), bio).toMatchObject({ born: null, died: null });
  });

  it('merges one person’s 诗 and 词 records on name + era and keeps homonyms of two eras apart', () => {
    const rec = (name: string, dynasty: string, bio: string, born: number | null = null, died: number | null = null): AuthorRecord => ({
      name,
      dynasty,
      bio,
      born,
      died,
    });
    // The 词 record first (its biography is preferred), then the 诗 record with the dates.
    const merged = mergeRecords([
      rec('甲乙', '宋', '字某某，号某某居士。词开豪放一派，对后代很有影响，有集传世，世称大家，与父弟合称三人。'),
      rec('甲乙', '宋', '甲乙（一○三七～一一○一），字某某，眉山人。仁宗时进士，官至尚书，能诗，今以某本为底本，校以某本。', 1037, 1101),
      rec('甲乙', '唐', '甲乙，字某，颍川人。大历十年进士。'),
      null,
    ]);
    expect(merged).toHaveLength(2);
    const song = merged.find((r) => r.dynasty === '宋')!;
    expect(song).toMatchObject({ born: 1037, died: 1101 });
    expect(song.bio).toContain('词开豪放一派');
    expect(merged.find((r) => r.dynasty === '唐')).toMatchObject({ born: null, died: null });

    // Kept where the texts cite them: 李煜's Tang record describes the 五代 poet his texts name; a homonym stays apart.
    const cited = new Map([
      ['李煜', new Set(['五代'])],
      ['甲乙', new Set(['宋'])],
    ]);
    const placed = placeRecords(
      [...merged, rec('李煜', '唐', '李煜，字重光，南唐后主，工书善画，尤以词名。'), rec('无人引用', '唐', '')],
      cited,
    );
    expect(placed.map((r) => `${r.name}|${r.dynasty}`).sort()).toEqual(['李煜|五代', '甲乙|唐', '甲乙|宋']);
  });
});

describe('the imported profiles', () => {
  it('hold the records of cited authors: merged 诗 and 词, parsed dates, Simplified biographies', async () => {
    const [su] = await rows(sql`select born, died, bio, works from author_profiles where name = '苏轼' and dynasty = '宋'`);
    expect(su).toMatchObject({ born: 1037, died: 1101 });
    expect(su!.works).toBeGreaterThan(10);
    expect(su!.bio).toContain('东坡');
    const [li] = await rows(sql`select born, died, bio from author_profiles where name = '李白' and dynasty = '唐'`);
    expect(li).toMatchObject({ born: null, died: null });
    expect(li!.bio).toMatch(/^李白，字太白/);
    // Only cited names: nobody the published texts never cite.
    const [uncited] = await rows<{ n: number }>(sql`select count(*)::int as n from author_profiles p
      where not exists (select 1 from essays e where e.work_author = p.name)`);
    expect(uncited!.n).toBe(0);
  });

  it('imports a homonym as its own profile and re-imports without doubling or touching counts', async () => {
    const before = await rows(sql`select name, dynasty, works from author_profiles where name = '李白' order by dynasty`);
    const kept = await importAuthorRecords(t.database.db, [
      { name: '李白', dynasty: '宋', born: null, died: 1100, bio: '李白，宋人，与唐之李白同名，官至某州知州，有诗一卷。' },
      { name: '李白', dynasty: '唐', born: 701, died: 762, bio: '李白，字太白，号青莲居士，唐代伟大的浪漫主义诗人，被后人誉为诗仙。' },
      { name: '从未被引用的人', dynasty: '唐', born: null, died: null, bio: '这个人没有被任何作品引用，所以不会被导入到资料表里。' },
    ]);
    expect(kept).toBe(2);
    const after = await rows(sql`select name, dynasty, born, died, works from author_profiles where name = '李白' order by dynasty`);
    expect(after).toHaveLength(2);
    expect(after.find((r) => r.dynasty === '唐')).toMatchObject({
      born: 701,
      died: 762,
      works: before.find((r) => r.dynasty === '唐')!.works,
    });
    expect(after.find((r) => r.dynasty === '宋')).toMatchObject({ died: 1100, works: 0 });
    // The page of the bare name is the most published person, with the other as a homonym.
    const page = await callAs(t.app, 'authorDetail', { query: { name: '李白' } });
    expect(page.data).toMatchObject({ name: '李白', dynasty: '唐', born: 701, died: 762, group: '隋唐', primary: true });
    expect(page.data.homonyms).toEqual([{ name: '李白', dynasty: '宋', born: null, died: 1100, works: 0 }]);
    const other = await callAs(t.app, 'authorDetail', { query: { name: '李白', dynasty: '宋' } });
    expect(other.data).toMatchObject({ dynasty: '宋', primary: false, works: 0, top: [] });
    expect(other.data.homonyms.map((h) => h.dynasty)).toEqual(['唐']);
  });

  it('keeps the counts per (name, era) through publish, re-attribution and delete, as the texts say', async () => {
    const counted = () =>
      rows(sql`select work_author as name, coalesce(dynasty, '') as dynasty, count(*)::int as works from essays
        where status = 'published' and work_author is not null group by 1, 2 order by 1, 2`);
    const kept = () => rows(sql`select name, dynasty, works from author_profiles where works > 0 order by 1, 2`);
    expect(await kept()).toEqual(await counted());

    const writer = await signUp(t.app);
    const [cls] = await rows<{ id: number }>(sql`select id from classifications where name = '诗词'`);
    const write = (workAuthor: string) =>
      publishText(t.app, writer, { classificationId: cls!.id, content: `床前明月光。（${workAuthor}）`, workAuthor });
    const works = async (name: string, dynasty: string) =>
      Number((await rows(sql`select works from author_profiles where name = ${name} and dynasty = ${dynasty}`))[0]?.works ?? 0);
    const du = await works('杜甫', '唐');
    const a = await write('杜甫');
    expect(await works('杜甫', '唐')).toBe(du + 1);
    // An era-less name counts under ''.
    const b = await write('拾句无朝代');
    expect(await works('拾句无朝代', '')).toBe(1);
    await t.database.db.execute(sql`update essays set dynasty = '宋' where id = ${b.id}`);
    expect(await works('拾句无朝代', '')).toBe(0);
    expect(await works('拾句无朝代', '宋')).toBe(1);
    await callAs(t.app, 'deleteEssay', { params: { id: a.id } }, writer.token);
    expect(await works('杜甫', '唐')).toBe(du);
    await t.database.db.execute(sql`delete from essays where id = ${b.id}`);
    expect(await works('拾句无朝代', '宋')).toBe(0);
    expect(await kept()).toEqual(await counted());
  });
});

describe('the author page and the dynasties', () => {
  it('answers an author: 生卒 only when parsed, no biography under 20 characters, 代表作, peers of the era', async () => {
    const r = await callAs(t.app, 'authorDetail', { query: { name: '苏轼' } });
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ name: '苏轼', dynasty: '宋', born: 1037, died: 1101, group: '宋' });
    expect(r.data.bio!.length).toBeGreaterThanOrEqual(20);
    expect(r.data.top.length).toBe(5);
    expect(r.data.peers.length).toBeGreaterThan(0);
    expect(r.data.peers.every((p) => p.dynasty === '宋' && p.name !== '苏轼')).toBe(true);
    // The most engaged-with first, as the works list orders them.
    const works = await callAs(t.app, 'authorWorks', { query: { name: '苏轼', pageSize: 5 } });
    expect(works.data.list.map((e) => e.id)).toEqual(r.data.top.map((w) => w.id));
    expect(works.data.total).toBe(r.data.works);

    const [short] = await rows<{ name: string; dynasty: string }>(sql`select name, dynasty from author_profiles
      where works > 0 and dynasty <> '' and bio <> '' and char_length(bio) < 20 order by works desc limit 1`);
    if (short) expect((await callAs(t.app, 'authorDetail', { query: short })).data.bio).toBeNull();
    const [undated] = await rows<{ name: string; dynasty: string }>(sql`select name, dynasty from author_profiles
      where works > 0 and born is null and died is null and dynasty <> '' order by works desc limit 1`);
    expect((await callAs(t.app, 'authorDetail', { query: undated! })).data).toMatchObject({ born: null, died: null });
    // Traditional input reads as Simplified.
    expect((await callAs(t.app, 'authorDetail', { query: { name: '蘇軾', dynasty: '宋' } })).data.name).toBe('苏轼');
  });

  it('lists the dynasties in reading order with the counts the profiles hold, and a dynasty’s authors by works', async () => {
    const r = await callAs(t.app, 'dynasties');
    expect(r.data.list.map((g) => g.name)).toEqual(['先秦', '汉', '魏晋', '南北朝', '隋唐', '五代', '宋', '元', '明', '清', '近现代']);
    const byEra = new Map(
      (
        await rows<{ dynasty: string; authors: number; works: number }>(sql`select coalesce(dynasty, '') as dynasty,
          count(distinct work_author)::int as authors, count(*)::int as works from essays
          where status = 'published' and work_author is not null group by 1`)
      ).map((x) => [x.dynasty, x]),
    );
    for (const g of r.data.list) {
      const eras = DYNASTY_GROUPS.find((d) => d.name === g.name)!.eras;
      expect(g.works, g.name).toBe(eras.reduce((n, e) => n + (byEra.get(e)?.works ?? 0), 0));
      expect(g.authors, g.name).toBe(eras.reduce((n, e) => n + (byEra.get(e)?.authors ?? 0), 0));
    }
    const tang = r.data.list.find((g) => g.name === '隋唐')!;
    expect(tang.eras.map((e) => e.name)).toContain('唐');
    expect(tang.authors).toBeGreaterThan(50);

    const first = await callAs(t.app, 'dynastyAuthors', { query: { dynasty: '唐', pageSize: 20 } });
    expect(first.data).toMatchObject({ dynasty: '唐', group: '隋唐', total: byEra.get('唐')!.authors });
    const counts = first.data.list.map((a) => a.works);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(first.data.list.every((a) => a.dynasty === '唐')).toBe(true);
    expect(first.data.list.map((a) => a.name)).toContain('李白');
    const second = await callAs(t.app, 'dynastyAuthors', { query: { dynasty: '唐', pageSize: 20, pageNum: 2 } });
    expect(second.data.list.some((a) => first.data.list.some((b) => b.name === a.name))).toBe(false);
    // A group lists all its eras.
    expect((await callAs(t.app, 'dynastyAuthors', { query: { dynasty: '隋唐', pageSize: 1 } })).data.total).toBe(tang.authors);
  });

  it('refuses bad input with A0400 naming the problem, and an unknown author with A0404', async () => {
    const cases: [string, () => Promise<{ code: string; msg: string }>, string][] = [
      ['unknown era', () => callAs(t.app, 'dynastyAuthors', { query: { dynasty: '火星' } }), 'dynasty'],
      ['no era', () => callUnchecked(t.app, 'dynastyAuthors', { query: {} }), 'dynasty'],
      ['page 0', () => callAs(t.app, 'dynastyAuthors', { query: { dynasty: '唐', pageNum: 0 } }), 'pageNum'],
      ['page size x', () => callAs(t.app, 'dynastyAuthors', { query: { dynasty: '唐', pageSize: 'x' } }), 'pageSize'],
      ['long name', () => callAs(t.app, 'authorDetail', { query: { name: '长'.repeat(41) } }), 'name'],
      ['empty name', () => callAs(t.app, 'authorDetail', { query: { name: '' } }), 'name'],
      ['unknown era of an author', () => callAs(t.app, 'authorDetail', { query: { name: '李白', dynasty: '火星' } }), 'dynasty'],
      ['works page -1', () => callAs(t.app, 'authorWorks', { query: { name: '李白', pageNum: -1 } }), 'pageNum'],
    ];
    for (const [what, ask, field] of cases) {
      const r = await ask();
      expect(r.code, what).toBe('A0400');
      expect(r.msg, what).toContain(field);
    }
    expect((await callAs(t.app, 'dynastyAuthors', { query: { dynasty: '火星' } })).msg).toContain('未知的朝代');
    expect((await callAs(t.app, 'authorDetail', { query: { name: '没有这个人' } })).code).toBe('A0404');
    expect((await callAs(t.app, 'authorDetail', { query: { name: '李白', dynasty: '清' } })).code).toBe('A0404');
    expect((await callAs(t.app, 'authorWorks', { query: { name: '没有这个人' } })).code).toBe('A0404');
  });
});

describe('出处 and the original text', () => {
  it('keeps where an imported text stands in its book and its Traditional original', async () => {
    const of = async (key: string) =>
      (await rows(sql`select id, provenance, original_title, original_content from essays where import_key = ${key}`))[0]!;
    expect((await of('lunyu:1.1')).provenance).toBe('论语·学而篇');
    const guwen = await of('guwen:1.1');
    expect(guwen.provenance).toBe('古文观止·卷一');
    expect(guwen.original_title).toBe('鄭伯克段於鄢');
    expect(guwen.original_content).toMatch(/初，鄭武公/);
    const [shi] = await rows(sql`select provenance from essays where work_title = '诗经·周南·关雎'`);
    expect(shi!.provenance).toBe('诗经·国风·周南');
    // The text's page carries them.
    const d = await callAs(t.app, 'essayDetails', { body: { id: guwen.id } });
    expect(d.data).toMatchObject({ provenance: '古文观止·卷一', originalTitle: '鄭伯克段於鄢', workAuthor: '左丘明', dynasty: '先秦' });
  });
});

describe('the page the server draws', () => {
  const html = (path: string) => t.app.inject({ method: 'GET', url: path });
  it('draws an author with Person JSON-LD, the dynasties, a dynasty, and lists authors in the sitemap', async () => {
    const su = await html(`/author?name=${encodeURIComponent('苏轼')}`);
    expect(su.statusCode).toBe(200);
    const ld = JSON.parse(/<script type="application\/ld\+json" data-ssr>(.*?)<\/script>/s.exec(su.body)![1]!);
    expect(ld.mainEntity).toMatchObject({ '@type': 'Person', name: '苏轼', birthDate: '1037', deathDate: '1101' });
    expect((await html('/author')).body).toContain('作者与朝代');
    expect((await html(`/author?dynasty=${encodeURIComponent('唐')}`)).statusCode).toBe(200);
    expect((await html(`/author?dynasty=${encodeURIComponent('火星')}`)).statusCode).toBe(404);
    const map = (await html('/sitemaps/pages.xml')).body;
    expect(map).toContain(`/author?name=${encodeURIComponent('苏轼')}</loc>`);
    expect(map).toContain('/author</loc>');
  });
});
