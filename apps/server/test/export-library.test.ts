import { describe, expect, it } from 'vitest';
import {
  ankiCsv,
  cardSource,
  clozeOf,
  folderMarkdown,
  frontMatter,
  highlightsMarkdown,
  safeFileName,
} from '../src/modules/export/index.js';

describe('the library files of the data export', () => {
  it('names files safely: no separators or reserved characters, at most 100 characters, distinct in one folder', () => {
    const taken = new Set<string>();
    expect(safeFileName('唐诗/宋词: "精选"?', '.md', taken)).toBe('唐诗 宋词 精选.md');
    expect(safeFileName('唐诗 宋词 精选', '.md', taken)).toBe('唐诗 宋词 精选 (2).md');
    expect(safeFileName('..隐藏. ', '.md', taken)).toBe('隐藏.md');
    expect(safeFileName('\u0000\u200b', '.md', taken)).toBe('未命名.md');
    const long = safeFileName('长'.repeat(150), '.md', taken);
    expect(Array.from(long)).toHaveLength(100);
    expect(long.endsWith('长.md')).toBe(true);
    const again = safeFileName('长'.repeat(150), '.md', taken);
    expect(Array.from(again)).toHaveLength(100);
    expect(again.endsWith('长 (2).md')).toBe(true);
    // Emoji and rare characters count as one each and are never cut in half.
    expect(Array.from(safeFileName('𠮷'.repeat(120), '.md', new Set()))).toHaveLength(100);
  });

  it('writes front matter as double-quoted YAML scalars, leaving absent values out', () => {
    expect(frontMatter({ title: '静夜思', author: '李白', source: null, url: 'https://x.cn/a?b="c"' })).toBe(
      '---\ntitle: "静夜思"\nauthor: "李白"\nurl: "https://x.cn/a?b=\\"c\\""\n---\n',
    );
  });

  it('draws a folder with each text, its byline, source and link', () => {
    const md = folderMarkdown(
      { name: '月', description: '写月亮的', owner: '读者', url: null },
      [{ id: 7, title: '静夜思', markdown: '床前明月光，疑是地上霜。', author: '李白', dynasty: '唐', source: null }],
      'https://shiju.example',
    );
    expect(md).toBe(
      '---\ntitle: "月"\nauthor: "读者"\nsource: "拾句 · 收藏夹"\n---\n\n# 月\n\n写月亮的\n\n## 静夜思\n\n〔唐〕李白\n\n床前明月光，疑是地上霜。\n\n[在拾句阅读](https://shiju.example/bellesDetails?id=7)\n',
    );
  });

  it("draws one's highlights of a text with their 想法, and says when the text no longer holds a passage", () => {
    const text = { id: 9, title: null, markdown: '春眠不觉晓，处处闻啼鸟。', author: '孟浩然', dynasty: '唐', source: '唐诗三百首' };
    const md = highlightsMarkdown(
      text,
      [
        { quote: '春眠不觉晓', thought: '懒', createdAt: '2026-11-20T01:00:00.000Z', anchorLost: false },
        { quote: '夜来风雨声', thought: null, createdAt: '2026-11-21T01:00:00.000Z', anchorLost: true },
      ],
      'https://s.cn',
    );
    expect(md).toBe(
      '---\ntitle: "春眠不觉晓，处处闻啼鸟。"\nauthor: "〔唐〕孟浩然"\nsource: "唐诗三百首"\nurl: "https://s.cn/bellesDetails?id=9"\n---\n\n' +
        '# 春眠不觉晓，处处闻啼鸟。\n\n> 春眠不觉晓\n\n想法：懒\n\n划于 2026-11-20\n\n> 夜来风雨声\n\n划于 2026-11-21（原文已修改，这段文字已不在文中）\n',
    );
  });

  it('blanks the last clause of a line, or the second half of a single clause', () => {
    expect(clozeOf('床前明月光，疑是地上霜。')).toBe('床前明月光，＿＿＿＿＿。');
    expect(clozeOf('海内存知己')).toBe('海内存＿＿');
    expect(clozeOf('人生若只如初见，何事秋风悲画扇。')).toBe('人生若只如初见，＿＿＿＿＿＿＿。');
    expect(clozeOf('Hello 世')).toBe('Hello ＿');
  });

  it('writes Anki CSV by RFC 4180 with its header lines, CRLF between records', () => {
    const csv = ankiCsv([
      { line: '床前明月光，疑是地上霜。', source: cardSource({ author: '李白', dynasty: '唐', title: '静夜思', source: null }) },
      { line: '他说"好"', source: '拾句' },
    ]);
    expect(csv).toBe(
      '#separator:Comma\r\n#html:false\r\n' +
        '床前明月光，＿＿＿＿＿。,"床前明月光，疑是地上霜。\n—— 〔唐〕李白《静夜思》"\r\n' +
        '"他说""＿""","他说""好""\n—— 拾句"\r\n',
    );
  });
});
