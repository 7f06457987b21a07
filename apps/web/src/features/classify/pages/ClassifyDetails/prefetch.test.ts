import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setTransport } from '../../../../api/request.js';
import { prefetchClassification } from './prefetch.js';

const tag = (id: number, name: string, parentId: number | null = null) => ({ id, name, letter: 'S', parentId, sort: 0, essayCount: 1 });
const classification = (id: number, name: string, essayCount: number) => ({
  id,
  name,
  description: '',
  cover: null,
  sort: id,
  essayCount,
  tagCount: essayCount > 0 ? 2 : 0,
});
const page = (list: unknown[]) => ({ list, total: list.length });

/** A classification with texts (诗词: 宋词 and, under it, 苏轼) and an empty one. */
const CLASSES = [classification(1, '诗词', 12), classification(9, '歌词', 0)];
const FIRST_LEVEL = [tag(2, '宋词')];
const LETTERS = [{ letter: 'S', tags: [tag(2, '宋词'), tag(54, '苏轼', 2)] }];

/** What the prerenderer asked for, one `path?query` (with the body's filter for the list of texts) per call. */
let asked: string[] = [];

function answer(path: string): { code: string; msg: string; data: unknown } {
  const ok = (data: unknown) => ({ code: '00000', msg: 'ok', data });
  if (path === '/api/v1/pc/classifications/page') return ok(page(CLASSES));
  const detail = /^\/api\/v1\/pc\/classifications\/(\d+)$/.exec(path);
  if (detail) {
    const found = CLASSES.find((c) => c.id === Number(detail[1]));
    return found ? ok(found) : { code: 'A0404', msg: '分类不存在', data: null };
  }
  if (path === '/api/v1/pc/classificationTagRel/page') return ok(page(FIRST_LEVEL));
  if (path === '/api/v1/pc/classificationTagRel/letter') return ok(LETTERS);
  if (path === '/api/v1/pc/classificationTagRel/two/page') return ok(page([tag(54, '苏轼', 2)]));
  if (path === '/api/v1/es/essays/pc/page') return ok({ list: [], total: 0, nextCursor: null });
  throw new Error(`unexpected call ${path}`);
}

setTransport(async (url, init) => {
  const { pathname, searchParams } = new URL(url, 'http://test.invalid');
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
  const said = body
    ? ` ${['classificationId', 'tagId', 'sort']
        .filter((k) => body[k] !== undefined)
        .map((k) => `${k}=${String(body[k])}`)
        .join('&')}`
    : '';
  const query = ['classificationId', 'parentId'].filter((k) => searchParams.has(k)).map((k) => `${k}=${searchParams.get(k)}`);
  asked.push(`${pathname}${query.length ? `?${query.join('&')}` : ''}${said}`);
  const envelope = answer(pathname);
  return new Response(JSON.stringify(envelope), { status: envelope.code === '00000' ? 200 : 404 });
});

afterEach(() => {
  asked = [];
});

const prefetch = (query: string) => prefetchClassification(new QueryClient(), new URLSearchParams(query));

describe('the classification page as the server draws it', () => {
  it('asks, without an id, for the first classification with its texts, tags and A–Z index', async () => {
    expect(await prefetch('')).toBe(true);
    expect(asked.sort()).toEqual([
      '/api/v1/es/essays/pc/page classificationId=1&sort=new',
      '/api/v1/pc/classificationTagRel/letter?classificationId=1',
      '/api/v1/pc/classificationTagRel/page?classificationId=1',
      '/api/v1/pc/classifications/1',
      '/api/v1/pc/classifications/page',
    ]);
  });

  it("asks for a second-level tag's row under its parent, found through the A–Z index", async () => {
    expect(await prefetch('id=1&tagId=54')).toBe(true);
    expect(asked).toContain('/api/v1/pc/classificationTagRel/two/page?parentId=2');
    expect(asked).toContain('/api/v1/es/essays/pc/page classificationId=1&tagId=54&sort=new');
    expect(asked.filter((a) => a.includes('/two/page'))).toHaveLength(1);
  });

  it('asks for no tags for a classification without texts: its page is its banner alone', async () => {
    expect(await prefetch('id=9')).toBe(true);
    expect(asked.sort()).toEqual([
      '/api/v1/es/essays/pc/page classificationId=9&sort=new',
      '/api/v1/pc/classifications/9',
      '/api/v1/pc/classifications/page',
    ]);
  });

  it('answers false for a classification that does not exist', async () => {
    expect(await prefetch('id=404')).toBe(false);
  });
});
