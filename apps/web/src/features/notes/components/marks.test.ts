import { describe, expect, it } from 'vitest';
import type { Note } from '@shiju/contract';
import { notedMarkup } from './marks.js';

const note = (n: Partial<Note> & Pick<Note, 'id' | 'kind' | 'start' | 'end'>): Note => ({
  essayId: 1,
  quote: null,
  anchorLost: false,
  commentator: null,
  label: null,
  content: '',
  origin: 'starter',
  writer: null,
  status: 'approved',
  createdAt: '',
  updatedAt: '',
  ...n,
});

describe('notedMarkup', () => {
  it('underlines 注释 by code points (𠮷 counts one) and puts line 译文 after their paragraph', () => {
    const html = '<p>𠮷日登楼</p><p>心旷神怡</p>';
    const notes = [
      note({ id: 1, kind: 'gloss', start: 2, end: 4 }),
      note({ id: 2, kind: 'translation', start: 5, end: 9, content: '心情舒畅。' }),
    ];
    expect(notedMarkup(html, true, notes, 'block')).toBe(
      '<p>𠮷日<span class="note-mark" data-note="1" role="button" tabindex="0">登楼</span></p><p>心旷神怡</p>',
    );
    expect(notedMarkup(html, true, notes, 'line')).toContain('<p>心旷神怡</p><p class="note-line-tr" data-noplain="">心情舒畅。</p>');
  });

  it('escapes a sentence, nests 注释, and leaves out one that crosses a line', () => {
    const notes = [
      note({ id: 1, kind: 'gloss', start: 0, end: 3 }),
      note({ id: 2, kind: 'gloss', start: 1, end: 2 }),
      note({ id: 3, kind: 'gloss', start: 2, end: 5 }),
    ];
    const out = notedMarkup('a<b\nc&d', false, notes, 'block');
    expect(out).toBe(
      '<span class="note-mark" data-note="1" role="button" tabindex="0">a<span class="note-mark" data-note="2" role="button" tabindex="0">&lt;</span>b</span>\nc&amp;d',
    );
  });
});
