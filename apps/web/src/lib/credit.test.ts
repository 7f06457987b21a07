import { describe, expect, it } from 'vitest';
import { creditLine, creditOf, hasWatermark, isPremodern, isPublicDomain, posterLine } from '@shiju/contract/credit';

const base = {
  workAuthor: null,
  workTitle: null,
  dynasty: null,
  ownWork: false,
  imported: false,
  postedByEditor: false,
  author: { nickname: '小林' },
};

describe('creditOf (the one rule of who a text is credited to)', () => {
  it('credits an imported quote to its author and era, the editor as 收录', () => {
    const c = creditOf({
      ...base,
      workAuthor: '李白',
      workTitle: '静夜思',
      dynasty: '唐',
      imported: true,
      postedByEditor: true,
      author: { nickname: '拾句编辑部' },
    });
    expect(c).toMatchObject({
      author: '李白',
      dynasty: '唐',
      original: false,
      named: true,
      poster: { role: '收录', nickname: '拾句编辑部' },
    });
    expect(creditLine(c, '静夜思')).toBe('李白〔唐〕《静夜思》');
    expect(posterLine(c)).toBe('收录 · 拾句编辑部');
  });

  it('credits a quote without a name to 佚名, its reader as 分享', () => {
    const c = creditOf({ ...base, workAuthor: '  ' });
    expect(c).toMatchObject({ author: '佚名', dynasty: null, named: false, poster: { role: '分享', nickname: '小林' } });
    expect(creditLine(c, null)).toBe('佚名');
  });

  it('credits an original to its writer with no poster line', () => {
    const c = creditOf({ ...base, ownWork: true, workTitle: '不显示' });
    expect(c).toEqual({ author: '小林', dynasty: null, original: true, named: false, poster: null });
    expect(creditLine(c, '不显示')).toBe('小林');
    expect(posterLine(c)).toBeNull();
  });
});

describe('public domain and the watermark', () => {
  it('orders eras: before 近现代 is public domain, 近现代 and unknown eras are not', () => {
    expect(isPremodern('唐')).toBe(true);
    expect(isPremodern('清')).toBe(true);
    expect(isPremodern('近现代')).toBe(false);
    expect(isPremodern('当代')).toBe(false);
    expect(isPremodern('火星')).toBe(false);
    expect(isPremodern(null)).toBe(false);
    expect(isPublicDomain({ imported: true, dynasty: null })).toBe(true);
  });

  it('marks only a writer’s original that is not public domain', () => {
    expect(hasWatermark({ ownWork: true, imported: false, dynasty: null })).toBe(true);
    expect(hasWatermark({ ownWork: true, imported: true, dynasty: null })).toBe(false);
    expect(hasWatermark({ ownWork: false, imported: false, dynasty: '近现代' })).toBe(false);
    expect(hasWatermark({ ownWork: false, imported: true, dynasty: '唐' })).toBe(false);
  });
});
