/**
 * The starter library on a fresh in-memory PGlite: what a first visitor of a new install sees. The run seeds it once
 * (starterSnapshot.ts: seedIfEmpty on an empty database, as a first start does); this file reads its own copy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { RANK_MIN_LIKES } from '@shiju/contract/core';
import type { Database } from '../src/db/client.js';
import { verifyPassword } from '../src/modules/auth/index.js';
import { importStarter, seedIfEmpty } from '../src/import/index.js';
import { HISTORY_DAYS } from '../src/import/engagement.js';
import { createBroadcast } from '../src/lib/broadcast.js';
import { refreshRankings } from '../src/modules/discovery/index.js';
import { joinSayings } from '../src/import/sources/classics.js';
import { tagLetter } from '../src/lib/text.js';
import { countText, noCounts, storedParagraphs } from '../src/import/cleanup.js';
import { openStarterDatabase } from './starterSnapshot.js';

let database: Database;
const logged: string[] = [];

async function rows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(query);
  return Number(row!.n);
}

beforeAll(async () => {
  const starter = await openStarterDatabase('pglite');
  database = starter.database;
  logged.push(...starter.outcome.logged);
  expect(starter.outcome.seeded).toBe(true);
}, 300_000);
afterAll(async () => database?.close());

describe('starter library', () => {
  it('holds several thousand published texts with believable counters and recent dates', async () => {
    expect(await count(sql`select count(*)::int as n from essays where status = 'published'`)).toBeGreaterThanOrEqual(3000);
    expect(await count(sql`select count(*)::int as n from essays where status <> 'published'`)).toBe(0);
    // A text published minutes ago may have no reader yet; otherwise more read it than like it, more like than collect.
    // A ranked score qualifies exactly when the text has the contract's minimum of weighted likes.
    const bad = await count(sql`select count(*)::int as n from essays
      where not (views >= likes and likes >= collects and collects >= 0 and (likes = 0 or views > likes) and (collects = 0 or likes > collects))
         or comments <> 0 or imitations <> 0 or (like_weight >= ${RANK_MIN_LIKES}) <> (hot_score >= 0)
         or published_at > now() or published_at < now() - interval '61 days'
         or summary = '' or char_length(summary) > 120 or summary like '%<%'
         or search_vector is null`);
    expect(bad).toBe(0);
    expect(logged.some((m) => m.includes('入门内容库'))).toBe(true);
  });

  it('signs every text it imports (the importer writes a batch while it prepares the next)', async () => {
    expect(
      await count(sql`select count(*)::int as n from essays e where not exists (select 1 from text_signatures s where s.essay_id = e.id)`),
    ).toBe(0);
  });

  it('has the 8 classifications, each with a description', async () => {
    const list = await rows<{ name: string; description: string }>(sql`select name, description from classifications order by sort`);
    expect(list.map((c) => c.name)).toEqual(['美句', '散文', '诗词', '情感', '励志', '影视台词', '书摘', '歌词']);
    expect(list.every((c) => c.description.length > 0)).toBe(true);
  });

  it('has two levels of tags filed under the pinyin initial', async () => {
    const second = await rows<{ parent: string; name: string; letter: string }>(sql`select p.name as parent, t.name, t.letter
      from tags t join tags p on p.id = t.parent_id`);
    const find = (parent: string, name: string) => second.find((t) => t.parent === parent && t.name === name)?.letter;
    expect(find('唐诗', '李白')).toBe('L');
    expect(find('唐诗', '杜甫')).toBe('D');
    expect(find('宋词', '李清照')).toBe('L');
    expect(find('古文', '曾巩')).toBe('Z');
    expect(find('四季', '秋')).toBe('Q');
    const first = await rows<{ name: string; letter: string }>(sql`select name, letter from tags where parent_id is null`);
    expect(first.find((t) => t.name === '思乡')?.letter).toBe('S');
    expect(first.find((t) => t.name === '论语')?.letter).toBe('L');
    expect([...first, ...second].every((t) => /^[A-Z#]$/.test(t.letter))).toBe(true);
    // Only two levels: a parent is always first-level.
    expect(await count(sql`select count(*)::int as n from tags t join tags p on p.id = t.parent_id where p.parent_id is not null`)).toBe(0);
    expect(tagLetter('AI')).toBe('A');
    expect(tagLetter('·')).toBe('#');
  });

  it('links first-level tags to classifications, several where they belong', async () => {
    const rel = await rows<{ c: string; t: string }>(sql`select c.name as c, t.name as t from classification_tag_rel r
      join classifications c on c.id = r.classification_id join tags t on t.id = r.tag_id`);
    expect(rel).toContainEqual({ c: '诗词', t: '唐诗' });
    expect(rel).toContainEqual({ c: '书摘', t: '论语' });
    expect(rel.filter((r) => r.t === '爱情').length).toBeGreaterThan(1);
    expect(
      await count(
        sql`select count(*)::int as n from classification_tag_rel r join tags t on t.id = r.tag_id where t.parent_id is not null`,
      ),
    ).toBe(0);
  });

  it('is converted to Simplified Chinese', async () => {
    const [poem] = await rows<{ content: string }>(sql`select title, type, content, source from essays where title = '静夜思'`);
    expect(poem).toMatchObject({ type: 'sentence', source: '李白《静夜思》' });
    expect(poem!.content).toContain('床前明月光');
    expect(poem!.content).toContain('低头思故乡');
    expect(await count(sql`select count(*)::int as n from essays where content ~ '[為們爲裏衆啓]' or title ~ '[為們爲裏衆啓]'`)).toBe(0);
    // 於 survives only where Simplified keeps it (於戏, 樊於期); never in the poems or 论语.
    expect(
      await count(sql`select count(*)::int as n from essays where (source like '李白%' or source like '《论语%') and content like '%於%'`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from essays where content ~ '[「」]'`)).toBe(0);
  });

  it('keeps a poem found again in a later collection as the first one stored it (千家诗 never retitles 唐诗三百首)', async () => {
    // 千家诗 calls 孟浩然's 春晓 "春眠": the same text (one import key), so the later copy is a duplicate, not an update.
    expect(await count(sql`select count(*)::int as n from essays where content like '春眠不觉晓%' and title = '春晓'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from essays where content like '春眠不觉晓%' and title <> '春晓'`)).toBe(0);
  });

  it('keeps real authors and works as the source', async () => {
    const sources = (await rows<{ source: string }>(sql`select source from essays`)).map((r) => r.source);
    expect(sources).toContain('苏轼《水调歌头·明月几时有》');
    expect(sources).toContain('《诗经·周南·关雎》');
    expect(sources).toContain('张潮《幽梦影》');
    expect(sources.every((s) => s && s.length <= 100)).toBe(true);
  });

  it('splits 论语 into passages and 增广贤文 into sayings, stored as sentences', async () => {
    const lunyu = await rows<{ type: string; title: string | null; content: string }>(
      sql`select type, title, content from essays where source like '《论语·%'`,
    );
    expect(lunyu.length).toBeGreaterThan(450);
    expect(lunyu.filter((r) => r.type === 'sentence').length).toBeGreaterThan(450);
    expect(lunyu.some((r) => r.type === 'sentence' && r.title === null && r.content.startsWith('子曰：“学而时习之'))).toBe(true);
    const sayings = await rows<{ type: string; content: string }>(sql`select type, content from essays where source = '《增广贤文》'`);
    expect(sayings.length).toBeGreaterThan(500);
    expect(sayings.every((r) => r.type === 'sentence' && r.content.length <= 300)).toBe(true);
    expect(sayings.map((r) => r.content)).toContain('两人一般心，无钱堪买金；一人一般心，有钱难买针。');
    expect(await count(sql`select count(*)::int as n from essays where source = '张潮《幽梦影》' and type = 'sentence'`)).toBeGreaterThan(
      200,
    );
  });

  it('joins a saying broken over several lines', () => {
    expect(joinSayings(['两人一般心，无钱堪买金；', '一人一般心，有钱难买针。', '路遥知马力，日久见人心。'])).toEqual([
      '两人一般心，无钱堪买金；一人一般心，有钱难买针。',
      '路遥知马力，日久见人心。',
    ]);
  });

  it('stores 古文观止 as titled essays of HTML paragraphs with a plain summary', async () => {
    const essays = await rows<{ type: string; title: string | null; content: string; summary: string; source: string | null }>(
      sql`select type, title, content, summary, source from essays where import_key like 'guwen:%'`,
    );
    expect(essays.length).toBe(222);
    expect(essays.every((e) => e.type === 'essay' && e.title && e.content.startsWith('<p>') && !e.summary.includes('<'))).toBe(true);
    const shishuo = essays.find((e) => e.title === '师说');
    expect(shishuo).toMatchObject({ source: '韩愈《师说》' });
    expect(shishuo!.summary.startsWith('古之学者必有师')).toBe(true);
  });

  it('gives every text a classification and 1–3 tags, a second-level tag always with its parent', async () => {
    expect(await count(sql`select count(*)::int as n from essays where classification_id is null`)).toBe(0);
    const perEssay = await rows<{ n: number }>(
      sql`select (select count(*) from essay_tags et where et.essay_id = e.id)::int as n from essays e`,
    );
    expect(perEssay.every((r) => r.n >= 1 && r.n <= 3)).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from essay_tags et join tags t on t.id = et.tag_id
        where t.parent_id is not null and not exists (select 1 from essay_tags p where p.essay_id = et.essay_id and p.tag_id = t.parent_id)`),
    ).toBe(0);
    const [jingyesi] = await rows<{ tags: string[] }>(sql`select array_agg(t.name order by t.name) as tags from essays e
      join essay_tags et on et.essay_id = e.id join tags t on t.id = et.tag_id where e.title = '静夜思' group by e.id`);
    expect(jingyesi!.tags).toEqual(expect.arrayContaining(['唐诗', '李白', '思乡']));
  });

  it('keeps essay counts on tags, classifications and the editor exact', async () => {
    expect(
      await count(sql`select count(*)::int as n from tags t where t.essay_count <> (select count(*) from essay_tags et
        join essays e on e.id = et.essay_id and e.status = 'published' where et.tag_id = t.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from classifications c
        where c.essay_count <> (select count(*) from essays e where e.classification_id = c.id and e.status = 'published')`),
    ).toBe(0);
    const [editor] = await rows<Record<string, unknown>>(sql`select nickname, role, essay_count, likes_received,
      (select count(*)::int from essays e where e.author_id = u.id) as real, (select sum(likes)::int from essays e where e.author_id = u.id) as likes
      from users u where username = 'shiju_editor'`);
    expect(editor).toMatchObject({ nickname: '拾句编辑部', role: 'user' });
    expect(editor!.essay_count).toBe(editor!.real);
    expect(editor!.likes_received).toBe(editor!.likes);
    expect(
      await count(sql`select count(*)::int as n from essays e join users u on u.id = e.author_id where u.username <> 'shiju_editor'`),
    ).toBe(0);
  });

  it('dates its engagement over the past weeks, so 日榜, 周榜 and 月榜 are different lists', async () => {
    // The dated moments lie between publication and the import, inside the longest period, and never add up to
    // more than the text's counters.
    expect(await count(sql`select count(*)::int as n from imported_engagement`)).toBeGreaterThan(5000);
    expect(
      await count(sql`select count(*)::int as n from (
        select e.id from essays e join imported_engagement m on m.essay_id = e.id
        group by e.id having sum(m.views) > max(e.views) or sum(m.likes) > max(e.likes) or sum(m.collects) > max(e.collects)
          or min(m.at) < max(e.published_at) or max(m.at) > now()
          or min(m.at) < now() - make_interval(days => ${HISTORY_DAYS + 1})) bad`),
    ).toBe(0);
    // A text published inside the history window has all its engagement dated.
    expect(
      await count(sql`select count(*)::int as n from essays e where e.published_at > now() - make_interval(days => ${HISTORY_DAYS - 1})
        and e.views <> coalesce((select sum(views) from imported_engagement m where m.essay_id = e.id), 0)`),
    ).toBe(0);
    // Counters grew with age: last week's texts have been read less than those of two months ago.
    const [views] = await rows<{ recent: number; old: number }>(sql`select
      avg(views) filter (where published_at > now() - interval '7 days')::float8 as recent,
      avg(views) filter (where published_at < now() - interval '45 days')::float8 as old from essays`);
    expect(views!.recent).toBeLessThan(views!.old / 2);

    // The import filled every leaderboard itself (a first start's 排行榜 is full before the jobs run).
    const listed = await rows<{ period: string; n: number }>(
      sql`select period, count(*)::int as n from ranking_entries group by period order by period`,
    );
    expect(listed.map((r) => r.period)).toEqual(['all', 'day', 'month', 'week']);
    for (const r of listed) expect(r.n).toBeGreaterThanOrEqual(10);
    await refreshRankings(database.db, createBroadcast());
    const top = async (period: string) =>
      (
        await rows<{ essay_id: number }>(sql`select essay_id from ranking_entries where period = ${period}
          order by score desc, essay_id desc limit 10`)
      ).map((r) => r.essay_id);
    const day = await top('day');
    const week = await top('week');
    const month = await top('month');
    const all = await top('all');
    for (const list of [day, week, month, all]) expect(list).toHaveLength(10);
    expect(day).not.toEqual(week);
    expect(week).not.toEqual(month);
    expect(day).not.toEqual(month);
    expect(month).not.toEqual(all);
    // Not merely reordered: each period's top ten has texts the next one's lacks.
    expect(day.filter((id) => !week.includes(id)).length).toBeGreaterThanOrEqual(3);
    expect(week.filter((id) => !month.includes(id)).length).toBeGreaterThanOrEqual(3);
  });

  it('indexes texts for search by words', async () => {
    expect(await count(sql`select count(*)::int as n from essays where search_vector @@ to_tsquery('simple', '明月')`)).toBeGreaterThan(50);
    expect(
      await count(
        sql`select count(*)::int as n from essays where title = '静夜思' and search_vector @@ to_tsquery('simple', '李白 & 故乡')`,
      ),
    ).toBe(1);
  });
});

describe('site content', () => {
  it('creates the demo accounts with the shared demo password', async () => {
    const accounts = await rows<{ username: string; role: string; password_hash: string }>(
      sql`select username, role, password_hash from users order by username`,
    );
    expect(accounts.map((u) => [u.username, u.role])).toEqual([
      ['demo_reader', 'user'],
      ['demo_writer', 'user'],
      ['shiju_admin', 'admin'],
      ['shiju_editor', 'user'],
    ]);
    expect(await verifyPassword(accounts[2]!.password_hash, 'shiju2026')).toBe(true);
  });

  it('publishes announcements (one pinned), sidebar ads, the theme and the membership plans', async () => {
    const notices = await rows<{ title: string; content: string; pinned: boolean }>(sql`select title, content, pinned from announcements`);
    expect(notices.length).toBeGreaterThanOrEqual(3);
    expect(notices.length).toBeLessThanOrEqual(5);
    expect(notices.filter((a) => a.pinned)).toHaveLength(1);
    expect(notices.every((a) => a.content.startsWith('<p>'))).toBe(true);

    const sidebar = await rows<{ image: string; link: string; position: number }>(sql`select image, link, position from ads`);
    expect(sidebar.length).toBeGreaterThanOrEqual(2);
    expect(sidebar.every((a) => a.position === 5 && a.image.startsWith('data:image/svg+xml') && a.link.startsWith('/'))).toBe(true);

    const [theme] = await rows(sql`select layout from themes where type = 0`);
    expect(theme!.layout).toEqual({ backgroundImg: '', color: '#8b5e3c', activeMenu: '#c0392b', grey: 0 });

    const plans = await rows(sql`select name, price_fen, days from products order by days`);
    expect(plans).toEqual([
      { name: '月度会员', price_fen: 1500, days: 30 },
      { name: '季度会员', price_fen: 4000, days: 90 },
      { name: '年度会员', price_fen: 12800, days: 365 },
    ]);
  });
});

describe('idempotence', () => {
  it('adds nothing when run again, and seeding skips a database that has users', async () => {
    const tables = [
      'essays',
      'essay_tags',
      'tags',
      'classifications',
      'classification_tag_rel',
      'users',
      'announcements',
      'ads',
      'products',
      'themes',
      'imported_engagement',
    ];
    const snapshot = async () => Promise.all(tables.map((t) => count(sql`select count(*)::int as n from ${sql.identifier(t)}`)));
    const before = await snapshot();
    const again = await importStarter(database.db);
    expect(again.added).toBe(0);
    expect(again.skipped).toBeGreaterThanOrEqual(3000);
    expect(await snapshot()).toEqual(before);
    expect(await seedIfEmpty(database.db, { info: () => {} })).toBe(false);
  });
});

describe("editors' notes", () => {
  it('are joined into one line when they span paragraphs of 古文观止, and kept', async () => {
    const { joinSpanningNotes } = await import('../src/import/sources/classics.js');
    expect(joinSpanningNotes(['臣以险衅。(愍 一作：悯', '茕茕', '孑立', '一作：', '独立', ')', '逮奉圣朝。'])).toEqual([
      '臣以险衅。(愍 一作：悯茕茕孑立一作：独立)',
      '逮奉圣朝。',
    ]);
    expect(joinSpanningNotes(['可以一战。（遍 一作：徧)公与之乘。'])).toEqual(['可以一战。（遍 一作：徧)公与之乘。']);
    expect(joinSpanningNotes(['（括号里的正文）保留', '下一段'])).toEqual(['（括号里的正文）保留', '下一段']);
  });

  it('stand beside the imported text, never in it: 岳阳楼记 keeps its mixed 一作/通 note whole', async () => {
    const [text] = await rows<{ content: string; source_notes: { note: string; paragraph: number | null; at: number }[] }>(
      sql`select content, source_notes from essays where title = '岳阳楼记'`,
    );
    expect(text!.content).not.toMatch(/一作|通：/);
    // The data puts these notes at the end of the paragraph they are about.
    const paragraphs = storedParagraphs('essay', text!.content);
    expect(paragraphs[0]).toContain('百废具兴');
    expect(text!.source_notes).toContainEqual({ note: '(具 通：俱)', paragraph: 0, at: Array.from(paragraphs[0]!).length });
    const mixed = text!.source_notes.find((n) => n.note === '(隱曜 一作：隱耀；淫雨 通：霪雨)');
    expect(paragraphs[mixed!.paragraph!]).toContain('淫雨霏霏');
  });
});

describe('displayed text, as imported', () => {
  // Reads every imported text back from the database and counts what the lint counts (import/cleanup.ts).
  it('holds no half-width punctuation, stray spaces, notes or empty lines', async () => {
    const texts = await rows<{ type: 'sentence' | 'essay'; title: string | null; content: string }>(
      sql`select type, title, content from essays where import_key is not null`,
    );
    expect(texts.length).toBeGreaterThanOrEqual(3000);
    const counts = noCounts();
    for (const t of texts) countText(counts, t.title, storedParagraphs(t.type, t.content));
    expect(counts.halfWidth).toBe(0);
    expect(counts.spaces).toBe(0);
    expect(counts.tongjia + counts.yizuo + counts.benzuo).toBe(0);
    expect(counts.emptyLines).toBe(0);
    // Refrains (如梦令's 叠句, the 乐府 of 曹操) repeat a line on purpose and stay.
    expect(counts.repeatedLines).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from essays where import_key is not null and import_hash is null`)).toBe(0);
  });
});
