import { describe, expect, it } from 'vitest';
import { blankedIndexes, checkDictation } from './dictation.js';

describe('默写', () => {
  it('blanks about one in three Chinese characters, never punctuation, the same for a card each time', () => {
    const text = '山高月小，水落石出。';
    const blanks = blankedIndexes(text, 7);
    expect(blanks).toEqual(blankedIndexes(text, 7));
    expect(blanks.length).toBe(2);
    expect(blankedIndexes(text, 0).length).toBe(3);
    for (const i of blanks) expect([...text][i]).not.toMatch(/[，。]/);
    expect(blankedIndexes('。。', 1)).toEqual([]);
    expect(blankedIndexes('山', 1)).toEqual([0]);
  });

  it('checks the typed characters in order, ignoring punctuation and spaces', () => {
    const text = '山高月小，水落石出。';
    const blanks = blankedIndexes(text, 0);
    const expected = blanks.map((i) => [...text][i]).join('');
    expect(checkDictation(text, blanks, expected).correct).toBe(blanks.length);
    expect(checkDictation(text, blanks, ` ${[...expected].join('，')} `).correct).toBe(blanks.length);
    const wrong = checkDictation(text, blanks, '错');
    expect(wrong.correct).toBe(0);
    expect(wrong.blanks[0]).toEqual({ expected: [...expected][0], typed: '错', ok: false });
    expect(wrong.blanks[1]!.typed).toBe('');
  });
});
