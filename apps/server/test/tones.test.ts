/**
 * 格律: the tone engine (@shiju/contract/tones) on known poems, and the starter library's stored 平仄 (essays.tones)
 * loaded from the starter file and answered by essayTones. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isTrainingPoem, readTones, rhymeGroup, toneOfChar } from '@shiju/contract/tones';
import { joinMarks } from '../src/import/storedTones.js';
import { callAs, createStarterApp, type TestContext } from './helper.js';

const JINGYESI = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';
const tonesOf = (text: string, stored?: string | null) =>
  readTones(text, stored)
    .chars.map((c) => c.tone)
    .join('');

describe('the tone engine', () => {
  it('reads 静夜思: 平仄 of every character, its rhymes on 光, 霜 and 乡', () => {
    const reading = readTones(JINGYESI);
    expect(reading.form).toBe('shi');
    expect(reading.chars).toHaveLength(20);
    // 思 is 可平可仄 in the corpus (思 sī / sì): the engine gives its usual 平 and says it could be either.
    expect(tonesOf(JINGYESI)).toBe('pppzp' + 'pzzzp' + 'zpzpz' + 'pppzp');
    expect(reading.chars.find((c) => c.ch === '思')!.both).toBe(true);
    expect(reading.chars.filter((c) => c.rhyme).map((c) => c.ch)).toEqual(['光', '霜', '乡']);
    expect(rhymeGroup('光')).toBe('十六唐');
  });

  it('rhymes a 绝句 on its even lines, and a first line only in the same group', () => {
    const dengguanque = readTones('白日依山尽，黄河入海流。欲穷千里目，更上一层楼。');
    expect(dengguanque.chars.filter((c) => c.rhyme).map((c) => c.ch)).toEqual(['流', '楼']);
    // A 仄 rhyme that the first line joins: 绝, 灭, 雪.
    const jiangxue = readTones('千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。');
    expect(jiangxue.chars.filter((c) => c.rhyme).map((c) => c.ch)).toEqual(['绝', '灭', '雪']);
    expect(tonesOf('千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。')).toBe('ppzpz' + 'zzppz' + 'pppzp' + 'zzppz');
  });

  it('reads a 词 for its tones only, even when its lines happen to be equal (浣溪沙)', () => {
    const text = '一曲新词酒一杯，去年天气旧亭台。夕阳西下几时回？无可奈何花落去，似曾相识燕归来。小园香径独徘徊。';
    expect(readTones(text).form).toBe('shi');
    const ci = readTones(text, null, { tonesOnly: true });
    expect(ci.form).toBe('other');
    expect(ci.chars.some((c) => c.rhyme)).toBe(false);
    expect(ci.chars.map((c) => c.tone).join('')).toBe(
      readTones(text)
        .chars.map((c) => c.tone)
        .join(''),
    );
  });

  it('gives a polyphone both tones alone and reads it by its neighbours or its line', () => {
    expect(toneOfChar('看')).toMatchObject({ both: true });
    expect(toneOfChar('重')).toMatchObject({ both: true });
    // In a regulated line the even characters alternate: 看, 4th between 山 (平, 2nd) and 花 (平, 6th), is 仄.
    const line = readTones('青山一看落花时，独立东风一怅然。');
    const kan = line.chars.find((c) => c.ch === '看')!;
    expect(kan.both).toBe(false);
    expect(kan.tone).toBe('z');
  });

  it('reads a character the corpus never marks by its pinyin, and leaves one nobody knows unknown', () => {
    expect(toneOfChar('鑫')).toEqual({ tone: 'p', both: false, source: 'pinyin' });
    expect(toneOfChar('囧')).toEqual({ tone: 'z', both: false, source: 'pinyin' });
    expect(toneOfChar('a')).toEqual({ tone: 'u', both: false, source: 'none' });
  });

  it('counts a character outside the BMP as one, at its code-point index', () => {
    const reading = readTones('𠀋山月');
    expect(reading.chars.map((c) => [c.ch, c.at])).toEqual([
      ['𠀋', 0],
      ['山', 1],
      ['月', 2],
    ]);
    expect(reading.chars[0]!.tone).toBe('u');
    expect(reading.chars.slice(1).map((c) => c.tone)).toEqual(['p', 'z']);
  });

  it("prefers the corpus's stored marks when they fit the text, and reads the characters they leave out", () => {
    const stored = 'pp-zp' + 'pzzzp' + 'zpz-z' + 'ppzzp';
    const reading = readTones(JINGYESI, stored);
    expect(tonesOf(JINGYESI, stored)).toBe('pppzp' + 'pzzzp' + 'zpzpz' + 'ppzzp');
    expect(reading.chars[0]!.source).toBe('stored');
    expect(reading.chars[2]!.source).not.toBe('stored');
    // Marks for another text (a different count of characters) are not used.
    expect(tonesOf(JINGYESI, 'zzzz')).toBe(tonesOf(JINGYESI));
  });

  it('splits poems into learnt and held-out halves by id, and joins marks to a text with a variant character', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `poem-${i}`);
    const learnt = ids.filter(isTrainingPoem).length;
    expect(learnt).toBeGreaterThan(60);
    expect(learnt).toBeLessThan(140);
    const poem = { simple: Array.from('床前看月光'), marks: Array.from('ppzzp') };
    expect(joinMarks(Array.from('床前明月光'), poem)).toEqual({ marks: 'pp-zp', missing: 1 });
    expect(joinMarks(Array.from('床前明月'), poem)).toBeNull();
  });
});

describe('the starter library keeps its stored 平仄', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createStarterApp();
  }, 300_000);
  afterAll(async () => t?.close());

  it('静夜思 carries the corpus marks and essayTones answers them', async () => {
    const [row] = (
      await t.database.db.execute(
        sql`select id, tones, content from essays where title in ('静夜思', '靜夜思') and work_author = '李白' and tones is not null limit 1`,
      )
    ).rows as { id: number; tones: string; content: string }[];
    expect(row).toBeDefined();
    expect(row!.tones).toMatch(/^[pzu-]{20}$/);
    // Its first line: 床 平, 前 平, 月 仄, 光 平 (全唐诗 reads 看 where the anthology has 明: no stored mark there).
    expect(row!.tones.slice(0, 5)).toBe('pp-zp');
    const r = await callAs(t.app, 'essayTones', { params: { id: row!.id } });
    expect(r.code).toBe('00000');
    expect(r.data.tones).toBe(row!.tones);
    const counted = (await t.database.db.execute(sql`select count(*)::int as n from essays where tones is not null`)).rows as {
      n: number;
    }[];
    expect(counted[0]!.n).toBeGreaterThan(500);
  });

  it('answers null for a text without marks and A0404 for one that does not exist', async () => {
    const [row] = (await t.database.db.execute(sql`select id from essays where tones is null and status = 'published' limit 1`)).rows as {
      id: number;
    }[];
    expect((await callAs(t.app, 'essayTones', { params: { id: row!.id } })).data).toEqual({ tones: null });
    expect((await callAs(t.app, 'essayTones', { params: { id: 2_000_000_000 } })).code).toBe('A0404');
  });
});
