import { describe, expect, it } from 'vitest';
import { decodeEntities, textOf } from './html.js';

describe('reading sanitised HTML without a DOM', () => {
  it('reads named and numeric entities, and leaves unknown ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x4E2D;&#25991; &nbsp;&bogus;')).toBe(
      `a & b <c> "d" 'e' 中文 \u00a0&bogus;`,
    );
  });

  it('takes the text of a fragment as textContent does', () => {
    expect(textOf('<p>秋天，<strong>无论</strong>在什么地方</p><p>&lt;b&gt; 是字</p>')).toBe('秋天，无论在什么地方<b> 是字');
  });
});
