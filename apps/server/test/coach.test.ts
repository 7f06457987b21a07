/**
 * The 仿写 coach: the scores an imitation keeps (静夜思 and 杜甫's 七律 登高 from the starter library), who
 * sees them, and the background 对仗 call (permissions, bad input, rate). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COACH_LIMITS } from '@shiju/contract';
import { plainOf } from '@shiju/contract/anchors';
import { measureParallel, PARALLEL_BAR } from '../src/modules/coach/index.js';
import { makeUser, publishText } from './factories.js';
import { callAs, createStarterApp, type TestContext } from './helper.js';

interface Poem {
  id: number;
  type: 'sentence' | 'essay';
  content: string;
}

describe('the 仿写 coach', () => {
  let t: TestContext;
  let jingyesi: Poem;
  let denggao: Poem;
  let classificationId: number;
  beforeAll(async () => {
    t = await createStarterApp();
    const find = async (title: string, author: string) =>
      (
        (
          await t.database.db.execute(
            sql`select id, type, content from essays where title = ${title} and work_author = ${author} and status = 'published' order by id limit 1`,
          )
        ).rows as unknown as Poem[]
      )[0]!;
    jingyesi = await find('静夜思', '李白');
    denggao = await find('登高', '杜甫');
    classificationId = ((await t.database.db.execute(sql`select id from classifications order by id limit 1`)).rows[0] as { id: number })
      .id;
  }, 300_000);
  afterAll(async () => t?.close());

  const textOf = (p: Poem) => plainOf(p.content, p.type === 'essay');
  const imitate = async (writer: { token: string }, original: Poem, content: string) =>
    (await publishText(t.app, writer, { content, classificationId, imitateOf: original.id })).id;

  it('keeps the scores of an imitation of 静夜思: counts, tones of its 20 characters, rhymes', async () => {
    expect(textOf(jingyesi).replace(/[^\p{Script=Han}]/gu, '')).toBe('床前明月光疑是地上霜举头望明月低头思故乡');
    const writer = await makeUser(t.app);
    // A word-for-word copy would be refused as a duplicate: 窗 for 床 keeps every tone (both 平).
    const copy = await imitate(writer, jingyesi, textOf(jingyesi).replace('床', '窗'));
    const same = await callAs(t.app, 'imitationScores', { params: { id: copy } }, writer.token);
    expect(same.code).toBe('00000');
    expect(same.data).toMatchObject({ clauses: 4, countMatched: 4, tones: { matched: 20, total: 20 }, rhyme: { matched: 3, total: 3 } });
    expect(same.data.text).toMatch(/^字数 4\/4 句相符 · 平仄 20\/20 · 押韵 ✓/);

    // 飞, 开 and 人 end in three different groups; 抬 is 平 where 举 is 仄; the third clause is a character short.
    const own = await imitate(writer, jingyesi, '窗前白雪飞，疑是柳花开。抬头看远，低头想旧人。');
    const r = await callAs(t.app, 'imitationScores', { params: { id: own } }, writer.token);
    expect(r.data).toMatchObject({ clauses: 4, countMatched: 3, rhyme: { matched: 1, total: 3 }, mine: true, public: false });
    expect(r.data.tones!.total).toBe(20);
    expect(r.data.tones!.matched).toBeLessThan(20);
    expect(r.data.text).toContain('押韵 1/3');
  });

  it('reads a 七律 (登高): 56 tones, the rhyme its own lines share, a broken rhyme when one end leaves it', async () => {
    const writer = await makeUser(t.app);
    const original = textOf(denggao);
    expect(Array.from(original.replace(/[^\p{Script=Han}]/gu, '')).length).toBe(56);
    // 叫 for 啸 (both 仄): not the original word for word, every tone kept.
    const copy = await imitate(writer, denggao, original.replace('啸', '叫'));
    const same = (await callAs(t.app, 'imitationScores', { params: { id: copy } }, writer.token)).data;
    expect(same).toMatchObject({ clauses: 8, countMatched: 8, tones: { matched: 56, total: 56 }, rhyme: { matched: 4, total: 4 } });
    const changed = await imitate(writer, denggao, original.replace('浊酒杯', '浊酒天'));
    const r = (await callAs(t.app, 'imitationScores', { params: { id: changed } }, writer.token)).data;
    expect(r.rhyme).toEqual({ matched: 3, total: 4 });
    // Editing the imitation keeps its scores up to date.
    const edit = await callAs(t.app, 'essayForm', { params: { id: changed } }, writer.token);
    const saved = await callAs(
      t.app,
      'updateEssay',
      { params: { id: changed }, body: { ...bodyOf(edit.data), content: original.replace('啸', '吼'), status: 'publish' } },
      writer.token,
    );
    expect(saved.code).toBe('00000');
    expect((await callAs(t.app, 'imitationScores', { params: { id: changed } }, writer.token)).data.rhyme).toEqual({
      matched: 4,
      total: 4,
    });
  });

  it('shows the scores to their writer only, until the writer shows the summary', async () => {
    const writer = await makeUser(t.app);
    const other = await makeUser(t.app);
    const id = await imitate(writer, jingyesi, '窗前白雪飞，疑是柳花开。抬头看远山，低头想旧人。');
    expect((await callAs(t.app, 'imitationScores', { params: { id } })).code).toBe('A0404');
    expect((await callAs(t.app, 'imitationScores', { params: { id } }, other.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'setImitationScoresPublic', { params: { id }, body: { public: true } }, other.token)).code).toBe('A0301');
    expect((await callAs(t.app, 'setImitationScoresPublic', { params: { id }, body: { public: true } })).code).toBe('A0230');
    const shown = await callAs(t.app, 'setImitationScoresPublic', { params: { id }, body: { public: true } }, writer.token);
    expect(shown.data).toMatchObject({ public: true, mine: true });
    const seen = await callAs(t.app, 'imitationScores', { params: { id } }, other.token);
    expect(seen.code).toBe('00000');
    expect(seen.data).toMatchObject({ public: true, mine: false, text: shown.data.text });
    expect((await callAs(t.app, 'imitationScores', { params: { id } })).code).toBe('00000');
    // Back in drafts, the text is its writer's alone again.
    expect((await callAs(t.app, 'withdrawEssay', { params: { id } }, writer.token)).code).toBe('00000');
    expect((await callAs(t.app, 'imitationScores', { params: { id } }, other.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'imitationScores', { params: { id } }, writer.token)).code).toBe('00000');
    // A text that imitates nothing has no scores to show.
    const plain = (await publishText(t.app, writer, { content: '一句自己的话。', classificationId })).id;
    expect((await callAs(t.app, 'imitationScores', { params: { id: plain } }, writer.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'setImitationScoresPublic', { params: { id: plain }, body: { public: true } }, writer.token)).code).toBe(
      'A0404',
    );
  });

  it('answers the 对仗 check to a signed-in writer, shown only while the measured figures meet the bar', async () => {
    const writer = await makeUser(t.app);
    const figures = measureParallel();
    expect(figures.couplets).toBeGreaterThanOrEqual(100);
    const shown = figures.precision >= PARALLEL_BAR.precision && figures.recall >= PARALLEL_BAR.recall;
    const body = { originalId: denggao.id, draft: textOf(denggao) };
    expect((await callAs(t.app, 'coachParallel', { body })).code).toBe('A0230');
    const same = await callAs(t.app, 'coachParallel', { body }, writer.token);
    expect(same.code).toBe('00000');
    expect(same.data.shown).toBe(shown);
    if (shown) {
      // A copy keeps every pair the original has; a clause one character short breaks its pair.
      expect(same.data.pairs.length).toBeGreaterThan(0);
      expect(same.data.pairs.every((p) => p.ok && p.b === p.a + 1 && p.a % 2 === 0)).toBe(true);
      const { b } = same.data.pairs[0]!;
      const clauses = textOf(denggao)
        .split(/[，。]/)
        .filter(Boolean);
      clauses[b] = clauses[b]!.slice(1);
      const short = await callAs(t.app, 'coachParallel', { body: { ...body, draft: clauses.join('，') } }, writer.token);
      expect(short.data.pairs).toContainEqual(expect.objectContaining({ b, ok: false, reason: expect.stringContaining('字数不同') }));
    } else expect(same.data.pairs).toEqual([]);
  });

  it('refuses bad input with A0400, an unknown original with A0404, and too many checks with A0501', async () => {
    const writer = await makeUser(t.app);
    const long = await callAs(
      t.app,
      'coachParallel',
      { body: { originalId: jingyesi.id, draft: '字'.repeat(COACH_LIMITS.draftChars + 1) } },
      writer.token,
    );
    expect(long.code).toBe('A0400');
    expect(long.msg).toContain('draft');
    const bad = await callAs(t.app, 'coachParallel', { body: {}, payload: { originalId: 'x', draft: '' } } as never, writer.token);
    expect(bad.code).toBe('A0400');
    expect((await callAs(t.app, 'coachParallel', { body: { originalId: 2_000_000_000, draft: '明月' } }, writer.token)).code).toBe('A0404');
    const codes: string[] = [];
    for (let i = 0; i < COACH_LIMITS.parallelPerMinute + 1; i++)
      codes.push((await callAs(t.app, 'coachParallel', { body: { originalId: jingyesi.id, draft: '明月' } }, writer.token)).code);
    expect(codes.at(-1)).toBe('A0501');
    // Another writer is not held back by the first one's checks.
    const fresh = await makeUser(t.app);
    expect((await callAs(t.app, 'coachParallel', { body: { originalId: jingyesi.id, draft: '明月' } }, fresh.token)).code).toBe('00000');
  });
});

/** The write body of an edit form (what the editor sends back). */
function bodyOf(f: {
  type: 'sentence' | 'essay';
  title: string | null;
  content: string;
  original: boolean;
  classificationId: number | null;
  tagIds: number[];
  imitateOf: number | null;
}) {
  return {
    type: f.type,
    title: f.title ?? undefined,
    content: f.content,
    original: f.original,
    classificationId: f.classificationId!,
    tagIds: f.tagIds,
    imitateOf: f.imitateOf ?? undefined,
  };
}
