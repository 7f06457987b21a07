/**
 * The anchor module's own rules (code points, re-anchoring, nesting, marks) and the corpus's notes as notes: each
 * kept note split on ；, 通 → 注释 (通假), 一作 and 某本作 → 异文, 幽梦影's 某某曰 → 评, unfound X left without a place
 * and counted by the lint; the starter 注释 and 译文 loaded with the starter library; an importer rewrite re-anchors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { anchorProblem, cpLength, linesOf, markRanges, overlapsPartly, plainOf, reanchor, sliceCp } from '@shiju/contract/anchors';
import { essays, notes } from '../src/db/schema.js';
import { importSources } from '../src/import/index.js';
import { lintSources } from '../src/import/lint.js';
import { listSource } from '../src/import/sources/source.js';
import type { CorpusText } from '../src/import/texts.js';
import { corpusNotesOf, importNotes, STARTER_NOTES } from '../src/modules/notes/index.js';
import { callAs, createStarterApp, type TestContext } from './helper.js';

describe('anchors (contract)', () => {
  it('count code points: 𠮷 is one, as in PostgreSQL and Array.from', () => {
    expect('𠮷野'.length).toBe(3);
    expect(cpLength('𠮷野')).toBe(2);
    expect(sliceCp('𠮷野家', 1, 3)).toBe('野家');
    expect(plainOf('<p>𠮷 &amp; 野</p><p>家</p>', true)).toBe('𠮷 & 野\n家');
    expect(anchorProblem(5, 4, 6)).toContain('超出正文范围');
    expect(anchorProblem(5, 2, 2)).toContain('锚点为空');
  });

  it('re-anchor by the quote, at the nearest occurrence, or report it lost', () => {
    const a = { start: 6, end: 8, quote: '明月' };
    expect(reanchor(a, '床前明月光，举头望明月')).toEqual({ start: 9, end: 11, quote: '明月' });
    expect(reanchor({ ...a, start: 1 }, '床前明月光，举头望明月')).toEqual({ start: 2, end: 4, quote: '明月' });
    expect(reanchor({ start: 1, end: 3, quote: '明月' }, '𠮷明月')).toEqual({ start: 1, end: 3, quote: '明月' });
    expect(reanchor({ start: 0, end: 2, quote: '明月' }, '𠮷𠮷明月')).toEqual({ start: 2, end: 4, quote: '明月' });
    expect(reanchor(a, '床前光')).toBeNull();
  });

  it('tell nesting from partial overlap, and mark nested ranges in HTML across tags', () => {
    expect(overlapsPartly({ start: 0, end: 4 }, { start: 2, end: 6 })).toBe(true);
    expect(overlapsPartly({ start: 0, end: 4 }, { start: 1, end: 3 })).toBe(false);
    expect(overlapsPartly({ start: 0, end: 2 }, { start: 2, end: 4 })).toBe(false);
    const open = (id: number) => `<m${id}>`;
    expect(
      markRanges(
        '<p>𠮷<em>野</em>家</p>',
        true,
        [
          { id: 1, start: 0, end: 3 },
          { id: 2, start: 1, end: 2 },
        ],
        open,
        '</m>',
      ),
    ).toBe('<p><m1>𠮷</m><em><m1><m2>野</m></m></em><m1>家</m></p>');
    expect(markRanges('a<b\nc', false, [{ id: 1, start: 1, end: 2 }], open, '</m>')).toBe('a<m1>&lt;</m>b\nc');
    expect(markRanges('<p>一</p><p>二</p>', true, [], open, '</m>', (i) => `<p class="tr">${i}</p>`)).toBe(
      '<p>一</p><p class="tr">0</p><p>二</p><p class="tr">1</p>',
    );
    expect(linesOf('一\n二二')).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 4 },
    ]);
  });
});

describe('the corpus’s own notes', () => {
  it('split on ；: 通 → 注释 (通假), 一作 and 某本作 → 异文, on their paragraph', () => {
    const content = '<p>百废具兴，日星隐曜。</p><p>淫雨霏霏，其乐何极。</p>';
    const made = corpusNotesOf(content, true, [
      { note: '(具 通：俱)', paragraph: 0, at: 5 },
      { note: '(隱曜 一作：隱耀；淫雨 通：霪雨)', paragraph: 1, at: 5 },
      { note: '（京本作「何及」）', paragraph: 1, at: 9 },
    ]);
    expect(made).toEqual([
      { kind: 'gloss', start: 2, end: 3, quote: '具', content: '「具」通「俱」', label: '通假', commentator: null, unanchored: false },
      // 隐曜 stands in the first paragraph, not the second: left without a place.
      {
        kind: 'variant',
        start: null,
        end: null,
        quote: '隐曜',
        content: '「隐曜」一作「隐耀」',
        label: null,
        commentator: null,
        unanchored: true,
      },
      {
        kind: 'gloss',
        start: 11,
        end: 13,
        quote: '淫雨',
        content: '「淫雨」通「霪雨」',
        label: '通假',
        commentator: null,
        unanchored: false,
      },
      { kind: 'variant', start: 18, end: 20, quote: '何极', content: '京本作「何及」', label: null, commentator: null, unanchored: false },
    ]);
  });

  it('幽梦影’s 某某曰 → 评 naming the commentator', () => {
    expect(corpusNotesOf('读经宜冬。', false, [{ note: '曹秋岳曰：可想见其南面百城时。', paragraph: 0, at: 5 }])).toEqual([
      {
        kind: 'remark',
        start: null,
        end: null,
        quote: null,
        content: '可想见其南面百城时。',
        label: null,
        commentator: '曹秋岳',
        unanchored: false,
      },
    ]);
  });

  it('are counted by the lint when their X is not found', () => {
    const text = (paragraphs: string[]): CorpusText => ({
      key: 'n:1',
      title: '试',
      paragraphs,
      essay: true,
      collection: '古文',
      classify: () => '散文',
    });
    const report = lintSources([listSource('n', '试', () => [text(['甲乙丙(丁 通：定；乙 一作：已)'])])]);
    expect(report.keptNotes).toBe(1);
    expect(report.unanchoredNotes).toBe(1);
  });
});

describe('notes in the starter library', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createStarterApp();
  });
  afterAll(async () => t?.close());

  const textOf = async (title: string, author: string) =>
    (
      await t.database.db
        .select()
        .from(essays)
        .where(and(eq(essays.title, title), eq(essays.workAuthor, author)))
        .orderBy(asc(essays.id))
    )[0]!;
  const notesOf = (essayId: number) => callAs(t.app, 'essayNotes', { query: { essayId } });

  it('岳阳楼记 has its corpus 通假 and 异文, the starter 注释, and a 译文 for each paragraph', async () => {
    const e = await textOf('岳阳楼记', '范仲淹');
    const list = (await notesOf(e.id)).data.list;
    const plain = plainOf(e.content, e.type === 'essay');
    expect(list.find((n) => n.origin === 'corpus' && n.quote === '具')).toMatchObject({ kind: 'gloss', label: '通假' });
    expect(list.find((n) => n.origin === 'corpus' && n.quote === '隐曜')).toMatchObject({
      kind: 'variant',
      content: '「隐曜」一作「隐耀」',
    });
    const glosses = list.filter((n) => n.kind === 'gloss' && n.origin === 'starter');
    expect(glosses.length).toBeGreaterThanOrEqual(25);
    for (const g of list.filter((n) => n.start !== null)) expect(sliceCp(plain, g.start!, g.end!)).toBe(g.quote);
    const translations = list.filter((n) => n.kind === 'translation');
    expect(translations).toHaveLength(linesOf(plain).length);
    // 注释 never partly overlap one another.
    const placed = list.filter((n) => n.kind === 'gloss' && n.start !== null);
    for (const a of placed)
      for (const b of placed) expect(overlapsPartly({ start: a.start!, end: a.end! }, { start: b.start!, end: b.end! })).toBe(false);
  });

  it('静夜思 has a 译文 for each line, and 幽梦影 its commentators’ 评', async () => {
    const jys = (await notesOf((await textOf('静夜思', '李白')).id)).data.list;
    expect(jys.filter((n) => n.kind === 'translation')).toHaveLength(2);
    expect(jys.some((n) => n.kind === 'gloss' && n.quote === '举头')).toBe(true);
    const [first] = await t.database.db.select().from(essays).where(eq(essays.importKey, 'youmengying:1'));
    const remarks = (await notesOf(first!.id)).data.list.filter((n) => n.kind === 'remark');
    expect(remarks.map((n) => n.commentator)).toEqual(expect.arrayContaining(['曹秋岳', '庞笔奴']));
  });

  it('finds every starter text and places each of its 注释 and 译文', async () => {
    for (const s of STARTER_NOTES) {
      const e = await textOf(s.title, s.author);
      expect(e, `${s.title} · ${s.author}`).toBeDefined();
      const mine = (await notesOf(e.id)).data.list.filter((n) => n.origin === 'starter');
      expect(
        mine.filter((n) => n.kind === 'gloss').map((n) => n.quote),
        s.title,
      ).toEqual(expect.arrayContaining(s.glosses.map(([q]) => q)));
      expect(
        mine.filter((n) => n.kind === 'translation'),
        s.title,
      ).toHaveLength(s.lines.filter(Boolean).length);
    }
  });

  it('loads once: a second run adds nothing', async () => {
    expect((await importNotes(t.database.db)).added).toBe(0);
  });

  it('re-anchors when the importer rewrites its own text', async () => {
    const text = (p: string): CorpusText => ({
      key: 'notes:rewrite',
      title: '改写',
      paragraphs: [p],
      essay: true,
      collection: '古文',
      classify: () => '散文',
    });
    const run = (p: string) => importSources(t.database.db, [listSource('rw', '改写', () => [text(p)])]);
    await run('春眠不觉晓，处处闻啼鸟。(曉 一作：晚)');
    const [row] = await t.database.db.select().from(essays).where(eq(essays.importKey, 'notes:rewrite'));
    const before = await t.database.db.select().from(notes).where(eq(notes.essayId, row!.id));
    expect(before).toMatchObject([{ kind: 'variant', start: 4, end: 5, quote: '晓' }]);
    expect((await run('今朝春眠不觉晓，处处闻啼鸟。(曉 一作：晚)')).updated).toBe(1);
    const after = await t.database.db.select().from(notes).where(eq(notes.id, before[0]!.id));
    expect(after[0]).toMatchObject({ start: 6, end: 7, quote: '晓', anchorLost: false });
  });
});
