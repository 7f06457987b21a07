import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ThemeLayout } from '@shiju/contract';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { activity, classifications, classificationTagRel, tags, themes } from '../src/db/schema.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('theme', () => {
  it('answers type=0 with layoutVoList as a JSON string, defaulting before any theme is set', async () => {
    const r = await callAs(t.app, 'theme', { query: { type: 0 } });
    expect(r.code).toBe('00000');
    expect(typeof r.data.layoutVoList).toBe('string');
    expect(ThemeLayout.parse(JSON.parse(r.data.layoutVoList))).toMatchObject({ grey: 0 });
  });

  it('serves the stored theme, grey flag included', async () => {
    await t.database.db
      .insert(themes)
      .values({ type: 0, layout: { backgroundImg: '/uploads/bg.webp', color: '#336699', activeMenu: '#aa0000', grey: 1 } });
    const r = await callAs(t.app, 'theme', { query: { type: 0 } });
    expect(JSON.parse(r.data.layoutVoList)).toEqual({
      backgroundImg: '/uploads/bg.webp',
      color: '#336699',
      activeMenu: '#aa0000',
      grey: 1,
    });
    const noType = await callAs(t.app, 'theme');
    expect(noType.data.layoutVoList).toBe(r.data.layoutVoList);
  });

  it('rejects a bad type and answers A0404 for a theme that does not exist', async () => {
    expect((await callAs(t.app, 'theme', { query: { type: 'abc' } })).code).toBe('A0400');
    expect((await callAs(t.app, 'theme', { query: { type: -1 } })).code).toBe('A0400');
    const missing = await callAs(t.app, 'theme', { query: { type: 3 } });
    expect(missing.status).toBe(404);
    expect(missing.code).toBe('A0404');
  });
});

describe('userActive', () => {
  const ping = (headers: Record<string, string> = {}) => callAs(t.app, 'userActive', {}, undefined, { headers });

  it('counts a visitor once per day, keyed by a cookie it sets', async () => {
    const first = await ping();
    expect(first.code).toBe('00000');
    expect(first.data.counted).toBe(true);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^sj_vid=/);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');
    const again = await ping({ cookie });
    expect(again.data.counted).toBe(false);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('counts a user once per day, whatever their device', async () => {
    const u = await signUp(t.app);
    const auth = { authorization: `Bearer ${u.token}` };
    expect((await ping(auth)).data.counted).toBe(true);
    expect((await ping({ ...auth, cookie: 'sj_vid=someotherdevice0001' })).data.counted).toBe(false);
    const rows = await t.database.db
      .select()
      .from(activity)
      .where(sql`${activity.userId} = ${u.user.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.viewerKey).toBe(`u:${u.user.id}`);
  });

  it('treats a bad token as a visitor rather than failing', async () => {
    const r = await ping({ authorization: 'Bearer definitely-not-a-valid-token-123' });
    expect(r.code).toBe('00000');
  });
});

describe('classifications', () => {
  beforeAll(async () => {
    const db = t.database.db;
    const [a, b, hidden] = await db
      .insert(classifications)
      .values([
        { name: '美句', description: '一句话的光', sort: 1, essayCount: 12 },
        { name: '散文', description: '长一点的心事', sort: 2 },
        { name: '隐藏', description: '不展示', sort: 0, status: 'hidden' },
      ])
      .returning();
    const [t1, t2] = await db
      .insert(tags)
      .values([
        { name: '唐诗', letter: 'T' },
        { name: '思乡', letter: 'S' },
      ])
      .returning();
    await db.insert(classificationTagRel).values([
      { classificationId: a!.id, tagId: t1!.id },
      { classificationId: a!.id, tagId: t2!.id },
      { classificationId: b!.id, tagId: t2!.id },
    ]);
    Object.assign(ids, { a: a!.id, b: b!.id, hidden: hidden!.id });
  });
  const ids = { a: 0, b: 0, hidden: 0 };

  it('lists visible classifications in order with counts', async () => {
    const r = await callAs(t.app, 'classificationsPage', { query: { pageNum: 1, pageSize: 10 } });
    expect(r.code).toBe('00000');
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((c) => c.name)).toEqual(['美句', '散文']);
    expect(r.data.list[0]).toEqual({
      id: ids.a,
      name: '美句',
      description: '一句话的光',
      cover: null,
      sort: 1,
      essayCount: 12,
      tagCount: 2,
    });
  });

  it('pages past the end with an empty list and the real total', async () => {
    const r = await callAs(t.app, 'classificationsPage', { query: { pageNum: 3, pageSize: 1 } });
    expect(r.data).toEqual({ list: [], total: 2, totalCapped: false });
  });

  it('answers one classification, and A0404 for unknown or hidden ones', async () => {
    const r = await callAs(t.app, 'classificationDetail', { params: { id: ids.b } });
    expect(r.data).toMatchObject({ id: ids.b, name: '散文', tagCount: 1 });
    for (const id of [ids.hidden, 999999]) {
      const x = await callAs(t.app, 'classificationDetail', { params: { id } });
      expect(x.status).toBe(404);
      expect(x.code).toBe('A0404');
    }
  });

  it.each(['0', '-3', '1.5', 'abc', '99999999999', "1'--"])('rejects the id %s with A0400', async (id) => {
    const r = await callAs(t.app, 'classificationDetail', { params: { id } });
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain('id');
  });

  it.each([
    ['pageNum', '0'],
    ['pageSize', '0'],
    ['pageSize', '51'],
    ['pageNum', 'x'],
  ])('rejects %s=%s with A0400', async (key, value) => {
    const r = await callAs(t.app, 'classificationsPage', { query: { [key]: value } });
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain(key);
  });
});
