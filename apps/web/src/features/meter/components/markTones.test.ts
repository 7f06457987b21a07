import { describe, expect, it } from 'vitest';
import { readTones } from '@shiju/contract/tones';
import { lineSummaries } from './markTones.js';

describe('lineSummaries', () => {
  it('says a poem’s tones clause by clause, with its rhymes and 中 for a polyphone nothing decides', () => {
    const text = '床前明月光，疑是地上霜。\n举头望明月，低头思故乡。';
    const lines = lineSummaries(text, readTones(text));
    expect(lines.map((l) => l.text)).toEqual(['床前明月光', '疑是地上霜', '举头望明月', '低头思故乡']);
    expect(lines[0]).toEqual({ text: '床前明月光', tones: '平平平仄平', rhymes: ['光'] });
    expect(lines[3]!.tones).toBe('平平中仄平');
  });

  it('uses the stored marks when given, and no glyph of the data (○ ●)', () => {
    const text = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';
    const lines = lineSummaries(text, readTones(text, 'pp-zppzzzpzpz-zppzzu'));
    expect(lines[3]!.tones).toBe('平平仄仄？');
    expect(lines.every((l) => !/[○●]/.test(l.tones))).toBe(true);
  });
});
