import { describe, expect, it } from 'vitest';
import { prepareContent } from './prepareContent.js';

describe('prepareContent', () => {
  it('numbers the h2/h3 headings for the outline and lists their words', () => {
    const { html, headings } = prepareContent('<p>开头</p><h2>一、<em>秋</em>的颜色</h2><p>正文</p><h3>小节 &amp; 注</h3><h2></h2>');
    expect(html).toBe(
      '<p>开头</p><h2 id="section-1">一、<em>秋</em>的颜色</h2><p>正文</p><h3 id="section-2">小节 &amp; 注</h3><h2 id="section-3"></h2>',
    );
    expect(headings).toEqual([
      { id: 'section-1', title: '一、秋的颜色', level: 2 },
      { id: 'section-2', title: '小节 & 注', level: 3 },
      { id: 'section-3', title: '第 3 节', level: 2 },
    ]);
  });

  it('leaves a text without headings as it is', () => {
    expect(prepareContent('<p>只有一段</p>')).toEqual({ html: '<p>只有一段</p>', headings: [] });
  });
});
