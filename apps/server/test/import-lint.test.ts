/**
 * Cleaning imported text (import/cleanup.ts): punctuation, stray spaces and editors' notes; the lint's counts; and a
 * re-import that rewrites the importer's own texts but leaves (and reports) one an editor changed, on the test's
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { essays } from '../src/db/schema.js';
import { countText, dropStraySpaces, fullWidthPunctuation, noCounts, storedParagraphs } from '../src/import/cleanup.js';
import { importSources } from '../src/import/index.js';
import { formatLint, lintSources } from '../src/import/lint.js';
import { DEMO_PASSWORD, EDITOR_USERNAME } from '../src/import/site.js';
import { listSource } from '../src/import/sources/source.js';
import { displayedText, type CorpusText } from '../src/import/texts.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

describe('punctuation between Chinese characters', () => {
  it('becomes full-width, at a line end too', () => {
    expect(fullWidthPunctuation('学而时习之,不亦说乎?')).toBe('学而时习之，不亦说乎？');
    expect(fullWidthPunctuation('孔子谓季氏:“八佾舞于庭”;是可忍也!')).toBe('孔子谓季氏：“八佾舞于庭”；是可忍也！');
    expect(fullWidthPunctuation('未能事人，焉能事鬼？”,曰')).toBe('未能事人，焉能事鬼？”，曰');
    expect(fullWidthPunctuation('欲语还休...')).toBe('欲语还休……');
    expect(fullWidthPunctuation('惶恐惶恐!(净)夜来')).toBe('惶恐惶恐！(净)夜来');
  });

  it('leaves ASCII in Latin words, numbers and URLs alone', () => {
    for (const s of ['圆周率约为 3.14，见 https://example.cn/a,b?c=1', 'Hello, 世界', '世界,Hello', '第 1.5 版', 'e.g. 例如', 'v2.0:新'])
      expect(fullWidthPunctuation(s)).toBe(s);
  });

  it('drops spaces between Chinese characters but not beside Latin words', () => {
    expect(dropStraySpaces('之昭也 。大伯 世世子 孫')).toBe('之昭也。大伯世世子孫');
    expect(dropStraySpaces('元节后 (观灯已毕)')).toBe('元节后(观灯已毕)');
    expect(dropStraySpaces('用 iPhone 拍 3 张')).toBe('用 iPhone 拍 3 张');
  });
});

const text = (paragraphs: string[], extra: Partial<CorpusText> = {}): CorpusText => ({
  key: 'lint:1',
  title: '试题',
  paragraphs,
  essay: true,
  collection: '古文',
  classify: () => '散文',
  ...extra,
});

describe('editors’ notes', () => {
  it('leave the displayed text whole, mixed ones included, and remember where they stood', () => {
    const shown = displayedText(text(['闌干拍遍。(闌 通：欄；飄飄 一作：飄颻)天涯路。', '（京本作「作」）', '次段 ,在此']));
    expect(shown.paragraphs).toEqual(['阑干拍遍。天涯路。', '次段，在此']);
    expect(shown.notes).toEqual([
      { note: '(闌 通：欄；飄飄 一作：飄颻)', paragraph: 0, at: 5 },
      { note: '（京本作「作」）', paragraph: 0, at: 9 },
    ]);
  });

  it('are counted by kind before, and none after, by the lint', () => {
    const source = listSource('lint', '试卷', () => [
      text(['甲乙(具 通：俱)丙,丁?', '', '(明年 一作：年年；京本作「作」)戊 己']),
      text(['轻手。', '轻手。'], { key: 'lint:2', title: '如梦令' }),
    ]);
    const report = lintSources([source]);
    expect(report.before).toEqual({ tongjia: 1, yizuo: 1, benzuo: 1, halfWidth: 2, spaces: 3, emptyLines: 1, repeatedLines: 1 });
    expect(report.after).toEqual({ tongjia: 0, yizuo: 0, benzuo: 0, halfWidth: 0, spaces: 0, emptyLines: 0, repeatedLines: 1 });
    expect(report.keptNotes).toBe(2);
    const table = formatLint([{ label: '入门库', report }]);
    expect(table).toMatch(/\| 半角标点\s+\| 2\s+\| 0\s+\|/);
    expect(table).toContain('导入后仍有重复行');
  });
});

describe('re-import', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const owned = (body: string) => text([body], { key: 'lint:owned', title: '自有' });
  const edited = (body: string) => text([body], { key: 'lint:edited', title: '编辑改过' });
  const run = (texts: CorpusText[]) => importSources(t.database.db, [listSource('lint', '试卷', () => texts)]);
  const row = async (key: string) => (await t.database.db.select().from(essays).where(eq(essays.importKey, key)))[0]!;

  it('rewrites the importer’s own texts and reports, without overwriting, one an editor changed', async () => {
    const first = await run([owned('春眠不觉晓,处处闻啼鸟.(曉 一作：晚)'), edited('夜来风雨声,花落知多少.')]);
    expect(first).toMatchObject({ added: 2, updated: 0, kept: { count: 0 } });
    const before = await row('lint:owned');
    expect(before.content).toBe('<p>春眠不觉晓，处处闻啼鸟。</p>');
    expect(before.sourceNotes).toEqual([{ note: '(曉 一作：晚)', paragraph: 0, at: 12 }]);

    // An editor changes one text through the editor (the importer's account writes it).
    const signIn = await callAs(t.app, 'login', { body: { username: EDITOR_USERNAME, password: DEMO_PASSWORD } });
    const mine = await row('lint:edited');
    const form = await callAs(
      t.app,
      'updateEssay',
      {
        params: { id: mine.id },
        body: {
          type: 'essay',
          title: '编辑改过',
          content: '<p>夜来风雨声，花落知多少。编者按。</p>',
          classificationId: mine.classificationId!,
          status: 'publish',
        },
      },
      signIn.data.accessToken,
    );
    expect(form.code, form.msg).toBe('00000');
    const editorsText = (await row('lint:edited')).content;

    // The data changes both: the importer's text follows, the editor's stays and is reported.
    const second = await run([owned('春眠不觉晓，处处闻啼鸟。夜来风雨声。'), edited('夜来风雨声，花落知多少！')]);
    expect(second).toMatchObject({
      added: 0,
      updated: 1,
      kept: { count: 1, texts: [{ id: mine.id, importKey: 'lint:edited', title: '编辑改过' }] },
    });
    const after = await row('lint:owned');
    expect(after.content).toBe('<p>春眠不觉晓，处处闻啼鸟。夜来风雨声。</p>');
    expect(after.sourceNotes).toEqual([]);
    expect(after.importHash).not.toBe(before.importHash);
    expect(after.likes).toBe(before.likes);
    expect((await row('lint:edited')).content).toBe(editorsText);

    // Run again: nothing to rewrite, and the editor's text is still reported.
    const third = await run([owned('春眠不觉晓，处处闻啼鸟。夜来风雨声。'), edited('夜来风雨声，花落知多少！')]);
    expect(third).toMatchObject({ added: 0, updated: 0, skipped: 1, kept: { count: 1 } });
  });

  it('adopts a row written before digests were kept while nobody has touched it', async () => {
    await run([text(['白日依山尽。'], { key: 'lint:legacy', title: '旧' })]);
    const legacy = await row('lint:legacy');
    await t.database.db.update(essays).set({ importHash: null, sourceNotes: null }).where(eq(essays.id, legacy.id));
    const again = await run([text(['白日依山尽。(依 一作：衣)'], { key: 'lint:legacy', title: '旧' })]);
    expect(again).toMatchObject({ added: 0, updated: 0, skipped: 1, kept: { count: 0 } });
    const adopted = await row('lint:legacy');
    expect(adopted.importHash).toBe(legacy.importHash);
    expect(adopted.sourceNotes).toEqual([{ note: '(依 一作：衣)', paragraph: 0, at: 6 }]);
  });

  it('stores what the lint counts clean as clean', async () => {
    await run([text(['学而时习之,不亦说乎?(说 通：悦)', '  有朋自远方来 ,不亦乐乎 !'], { key: 'lint:count', title: '学而' })]);
    const stored = await row('lint:count');
    const counts = noCounts();
    countText(counts, stored.title, storedParagraphs(stored.type, stored.content));
    expect(counts).toEqual(noCounts());
    expect(storedParagraphs(stored.type, stored.content)).toEqual(['学而时习之，不亦说乎？', '有朋自远方来，不亦乐乎！']);
  });
});
