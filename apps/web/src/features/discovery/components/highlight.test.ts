import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight.js';

describe('splitHighlights', () => {
  it('marks every occurrence of every word', () => {
    expect(splitHighlights('明月几时有，明月照我还', ['明月'])).toEqual([
      { text: '明月', match: true },
      { text: '几时有，', match: false },
      { text: '明月', match: true },
      { text: '照我还', match: false },
    ]);
  });

  it('prefers the longer word where words overlap', () => {
    expect(splitHighlights('明月几时有', ['明月', '明月几时'])).toEqual([
      { text: '明月几时', match: true },
      { text: '有', match: false },
    ]);
  });

  it('ignores case and treats pattern characters as plain text', () => {
    expect(splitHighlights('Demo_Writer (a+b)', ['demo', '(a+b)'])).toEqual([
      { text: 'Demo', match: true },
      { text: '_Writer ', match: false },
      { text: '(a+b)', match: true },
    ]);
  });

  it('keeps markup as text: nothing is ever parsed as HTML', () => {
    const parts = splitHighlights('<img src=x onerror=alert(1)>明月', ['明月']);
    expect(parts[0]).toEqual({ text: '<img src=x onerror=alert(1)>', match: false });
  });

  it('returns the text unmarked without words, and nothing for empty text', () => {
    expect(splitHighlights('春眠不觉晓', [])).toEqual([{ text: '春眠不觉晓', match: false }]);
    expect(splitHighlights('春眠不觉晓', ['  '])).toEqual([{ text: '春眠不觉晓', match: false }]);
    expect(splitHighlights('', ['春'])).toEqual([]);
  });
});
