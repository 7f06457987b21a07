/**
 * The 仿写 coach's in-browser checks (`@shiju/contract/tones/coach`, what CoachPanel runs on every keystroke):
 * clauses and counts, tones against the original's for a poem, the 近体 rules only for a 近体 original, rhymes,
 * the server's 对仗 pairs joining the marks, and the summary line.
 */
import { describe, expect, it } from 'vitest';
import { coachDraft, prepareOriginal, splitClauses, summaryText } from '@shiju/contract/tones/coach';

const JINGYESI = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';
const DENGGAO =
  '风急天高猿啸哀，渚清沙白鸟飞回。无边落木萧萧下，不尽长江滚滚来。万里悲秋常作客，百年多病独登台。艰难苦恨繁霜鬓，潦倒新停浊酒杯。';

const marksOf = (r: ReturnType<typeof coachDraft>, i: number, kind: string) => r.clauses[i]!.marks.filter((m) => m.kind === kind);

describe('the coach in the browser', () => {
  it('splits at Chinese and Western punctuation and counts letters and digits as characters', () => {
    expect(splitClauses('春风十里，不如你!  3月的雨；').map((c) => c.text)).toEqual(['春风十里', '不如你', '3月的雨']);
    expect(splitClauses('一二\n三四').map((c) => c.chars.length)).toEqual([2, 2]);
  });

  it('reads 静夜思 as a poem but not a 近体 one: tones and rhymes, no 粘对 rules', () => {
    const o = prepareOriginal(JINGYESI);
    expect(o.poem).toBe(true);
    expect(o.regulated).toBe(false);
    const same = coachDraft(o, JINGYESI);
    expect(summaryText(same.summary)).toBe('字数 4/4 句相符 · 平仄 20/20 · 押韵 ✓');
    expect(same.clauses.flatMap((c) => c.marks).every((m) => m.ok && m.kind !== 'rule')).toBe(true);
  });

  it('marks a clause whose tone leaves the original’s, naming the character, and clears it once fixed', () => {
    const o = prepareOriginal(JINGYESI);
    // 白 is 仄 where 明 is 平.
    const off = coachDraft(o, '窗前白月光，疑是地上霜。举头望明月，低头思故乡。');
    const [tone] = marksOf(off, 0, 'tone');
    expect(tone).toMatchObject({ ok: false });
    expect(tone!.reason).toContain('第3字“白”是仄');
    expect(off.clauses[0]!.toneMatch[2]).toBe(false);
    expect(off.summary.tones).toEqual({ matched: 19, total: 20 });
    const fixed = coachDraft(o, '窗前新月光，疑是地上霜。举头望明月，低头思故乡。');
    expect(marksOf(fixed, 0, 'tone')[0]).toMatchObject({ ok: true });
  });

  it('counts each clause against the original, and says what is missing or extra', () => {
    const r = coachDraft(prepareOriginal(JINGYESI), '窗前月光，疑是地上霜。举头望明月，低头思故乡。多一句。');
    expect(marksOf(r, 0, 'count')[0]!.reason).toContain('比原文少 1 字');
    expect(marksOf(r, 4, 'count')[0]).toMatchObject({ ok: false, reason: expect.stringContaining('多出来') });
    expect(r.summary.countMatched).toBe(3);
    const short = coachDraft(prepareOriginal(JINGYESI), '窗前白雪飞');
    expect(marksOf(short, 1, 'count')[0]!.reason).toContain('还没写');
  });

  it('checks that the rhyme positions rhyme with each other (the engine’s groups)', () => {
    const r = coachDraft(prepareOriginal(JINGYESI), '窗前白雪飞，疑是柳花开。抬头看远山，低头想旧人。');
    expect(r.summary.rhyme).toEqual({ matched: 1, total: 3 });
    expect(marksOf(r, 1, 'rhyme')[0]).toMatchObject({ ok: false, reason: expect.stringContaining('不押韵') });
    const rhymed = coachDraft(prepareOriginal(JINGYESI), '窗前白雪光，疑是柳花香。抬头看远山，低头想故乡。');
    expect(rhymed.summary.rhyme).toEqual({ matched: 3, total: 3 });
  });

  it('applies 粘对, 孤平 and 三平尾 to an imitation of a 近体 poem only', () => {
    const o = prepareOriginal(DENGGAO);
    expect(o.regulated).toBe(true);
    expect(
      coachDraft(o, DENGGAO)
        .clauses.flatMap((c) => marksOf({ clauses: [c] } as never, 0, 'rule'))
        .every((m) => m.ok),
    ).toBe(true);
    // 三平尾: 沙江来 are all 平.
    const broken = coachDraft(
      o,
      '风急天高猿啸哀，渚清沙白鸟飞回。无边落木萧萧下，不尽长江滚滚来。万里悲秋常作客，百年多病独登台。艰难苦恨繁霜鬓，潦倒新停沙江来。',
    );
    expect(marksOf(broken, 7, 'rule')[0]).toMatchObject({ ok: false, reason: expect.stringContaining('三平尾') });
    const solitary = coachDraft(
      o,
      '风急天高猿啸哀，渚清沙白鸟飞回。无边落木萧萧下，不尽长江滚滚来。万里悲秋常作客，百年多病独登台。艰难苦恨繁霜鬓，去岁此时见酒杯。',
    );
    // 孤平: 去岁此时见酒杯 has one 平 (时) before its rhyme.
    expect(marksOf(solitary, 7, 'rule')[0]).toMatchObject({ ok: false, reason: expect.stringContaining('孤平') });
    const loose = coachDraft(prepareOriginal(JINGYESI), '窗前天高猿，疑是地上霜。举头望明月，低头思故乡。');
    expect(loose.clauses.flatMap((c) => c.marks).some((m) => m.kind === 'rule')).toBe(false);
  });

  it('joins the server’s 对仗 pairs to the marks and the summary', () => {
    const r = coachDraft(prepareOriginal(JINGYESI), JINGYESI, {
      parallel: [
        { a: 0, b: 1, ok: false, reason: '与上句对不上' },
        { a: 2, b: 3, ok: true, reason: '与上句对仗' },
      ],
    });
    expect(marksOf(r, 3, 'parallel')[0]).toMatchObject({ ok: true });
    expect(summaryText(r.summary)).toBe('字数 4/4 句相符 · 平仄 20/20 · 押韵 ✓ · 对仗 1/2');
  });

  it('counts clauses of prose without tones', () => {
    const r = coachDraft(prepareOriginal('燕子去了，有再来的时候；杨柳枯了，有再青的时候。'), '花儿谢了，有再开的时候。');
    expect(r.summary.poem).toBe(false);
    expect(r.summary.tones).toBeNull();
    expect(summaryText(r.summary)).toBe('字数 2/4 句相符');
  });
});
