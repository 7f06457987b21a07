/**
 * Notes (注释 · 译文 · 赏析 · 评 · 异文) on both databases: code-point anchors that agree with PostgreSQL's char_length
 * (a character outside the BMP counts one), re-anchoring when the author edits, the review flow and its history, the
 * 注释编辑 permission, bad input (partly overlapping 注释, offsets out of range, empty or over-long notes → A0400
 * naming the problem), sanitising, the daily limit, blocks and reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cpLength, plainOf } from '@shiju/contract/anchors';
import { rowsOf } from '../src/db/client.js';
import { strFromU8, unzipSync } from 'fflate';
import { JOBS } from '../src/jobs/scheduler.js';
import { auditLog, notes, rateCounters, users } from '../src/db/schema.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, routeOf, type TestContext } from './helper.js';

let t: TestContext;
let admin: TestUser;
let author: TestUser;
let reader: TestUser;
let essayId: number;
let classificationId: number;

/** A text whose first character lies outside the BMP: code units and code points disagree from the start. */
const BODY = '<p>𠮷日登楼，心旷神怡。</p><p>先天下之忧而忧，后天下之乐而乐。</p>';

beforeAll(async () => {
  t = await createTestApp();
  classificationId = (await seedTaxonomy(t.database.db)).sanwen.id;
  [admin, author, reader] = [await makeAdmin(t), await makeUser(t.app), await makeUser(t.app)];
  essayId = (await publishText(t.app, author, { type: 'essay', title: '登楼', content: BODY, classificationId })).id;
});
afterAll(async () => t?.close());

const plain = () => plainOf(BODY, true);
/** Code-point offsets of the first occurrence of `quote` in the text's plain form. */
const at = (quote: string, text = plain()) => {
  const chars = Array.from(text);
  const want = Array.from(quote);
  for (let i = 0; i + want.length <= chars.length; i++)
    if (want.every((c, k) => chars[i + k] === c)) return { start: i, end: i + want.length, quote };
  throw new Error(`${quote} not in text`);
};
type Kind = 'gloss' | 'translation' | 'appreciation' | 'remark' | 'variant';
const propose = (
  who: TestUser,
  body: { kind: Kind; content: string; start?: number; end?: number; quote?: string; commentator?: string; essayId?: number },
) => callAs(t.app, 'proposeNote', { body: { essayId, ...body } }, who.token);
const review = (who: TestUser, id: number, body: { action: 'approve' | 'edit' | 'reject' | 'delete'; content?: string; reason?: string }) =>
  callAs(t.app, 'reviewNote', { params: { id }, body }, who.token);
const shown = async (id = essayId) => (await callAs(t.app, 'essayNotes', { query: { essayId: id } })).data.list;
/** A text of its own for a test, with BODY as its content. */
/** An exact repeat of a published text is refused, so each fresh text ends with its own line. */
let texts = 0;
const freshText = async () =>
  (await publishText(t.app, author, { type: 'essay', title: '登楼', content: `${BODY}<p>第${++texts}篇</p>`, classificationId })).id;

describe('anchors', () => {
  it('count code points as PostgreSQL does, 𠮷 as one', async () => {
    const text = plain();
    const n = Number((await rowsOf<{ n: number }>(t.database.db, sql`select char_length(${text}::text) as n`))[0]!.n);
    expect(n).toBe(cpLength(text));
    expect(text.length).toBe(n + 1);

    const r = await propose(reader, { kind: 'gloss', ...at('心旷神怡'), content: '心胸开阔，精神愉快。' });
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ start: 5, end: 9, quote: '心旷神怡', status: 'pending', writer: { id: reader.id } });
    const stored = await t.database.db.select().from(notes).where(eq(notes.id, r.data.id));
    const slice = await rowsOf<{ s: string }>(t.database.db, sql`select substr(${text}::text, ${stored[0]!.start! + 1}::int, 4) as s`);
    expect(slice[0]!.s).toBe('心旷神怡');
  });

  it('follow the words when the author edits the text, and are flagged lost when the words go', async () => {
    const g = await propose(reader, { kind: 'gloss', ...at('登楼'), content: '登上高楼。' });
    const tr = await propose(reader, {
      kind: 'translation',
      ...at('先天下之忧而忧，后天下之乐而乐。'),
      content: '在天下人忧愁之前先忧愁，在天下人快乐之后才快乐。',
    });
    for (const id of [g.data.id, tr.data.id]) expect((await review(admin, id, { action: 'approve' })).code).toBe('00000');

    const edited = '<p>春日𠮷日登楼，心旷神怡。</p><p>先天下之忧而忧，后天下之乐而乐。</p>';
    const up = await callAs(
      t.app,
      'updateEssay',
      { params: { id: essayId }, body: { type: 'essay', title: '登楼', content: edited, classificationId, status: 'publish' } },
      author.token,
    );
    expect(up.code).toBe('00000');
    const after = await shown();
    expect(after.find((n) => n.id === g.data.id)).toMatchObject({
      start: at('登楼', plainOf(edited, true)).start,
      quote: '登楼',
      anchorLost: false,
    });
    expect(after.find((n) => n.id === tr.data.id)?.start).toBe(at('先天下', plainOf(edited, true)).start);

    const without = '<p>春日𠮷日，心旷神怡。</p><p>先天下之忧而忧，后天下之乐而乐。</p>';
    await callAs(
      t.app,
      'updateEssay',
      { params: { id: essayId }, body: { type: 'essay', title: '登楼', content: without, classificationId, status: 'publish' } },
      author.token,
    );
    expect((await shown()).some((n) => n.id === g.data.id)).toBe(false);
    const [row] = await t.database.db.select().from(notes).where(eq(notes.id, g.data.id));
    expect(row).toMatchObject({ anchorLost: true, quote: '登楼' });

    // Back as it was: the quote is there again and the note with it.
    await callAs(
      t.app,
      'updateEssay',
      { params: { id: essayId }, body: { type: 'essay', title: '登楼', content: BODY, classificationId, status: 'publish' } },
      author.token,
    );
    expect((await shown()).find((n) => n.id === g.data.id)).toMatchObject({ start: 2, end: 4, anchorLost: false });
  });
});

describe('bad input answers A0400 naming the problem', () => {
  it('refuses a 注释 that partly overlaps another, and takes one nested inside', async () => {
    const id = await freshText();
    const base = await propose(reader, { essayId: id, kind: 'gloss', start: 2, end: 4, content: '登上高楼。' });
    await review(admin, base.data.id, { action: 'approve' });
    // 登楼 (2–4) is approved: 日登 (1–3) crosses it, 登 (2–3) nests in it, 𠮷日登楼 (0–4) holds it.
    const crossing = await propose(reader, { essayId: id, kind: 'gloss', start: 1, end: 3, content: '交错' });
    expect(crossing.code).toBe('A0400');
    expect(crossing.msg).toContain('部分重叠');
    expect((await propose(reader, { essayId: id, kind: 'gloss', start: 2, end: 3, content: '登：上。' })).code).toBe('00000');
    expect((await propose(reader, { essayId: id, kind: 'gloss', start: 0, end: 4, content: '整句。' })).code).toBe('00000');
    // Other kinds overlap anything.
    expect((await propose(reader, { essayId: id, kind: 'variant', start: 1, end: 3, content: '一作「日上」' })).code).toBe('00000');
  });

  it('refuses offsets out of range, an empty range, a quote that does not match, and a 注释 without a passage', async () => {
    const n = cpLength(plain());
    const out = await propose(reader, { kind: 'gloss', start: n - 1, end: n + 1, content: '越界' });
    expect(out.code).toBe('A0400');
    expect(out.msg).toContain('超出正文范围');
    expect((await propose(reader, { kind: 'gloss', start: 3, end: 3, content: '空' })).msg).toContain('锚点为空');
    expect((await propose(reader, { kind: 'gloss', start: 0, end: 2, quote: '天下', content: '错' })).msg).toContain('与正文不符');
    expect((await propose(reader, { kind: 'gloss', content: '无处' })).msg).toContain('须选中正文');
    expect((await propose(reader, { kind: 'gloss', start: 0, content: '半' })).msg).toContain('同时给出');
  });

  it('refuses empty and over-long notes, by kind', async () => {
    const empty = await propose(reader, { kind: 'gloss', ...at('心旷'), content: '  <b></b> ' });
    expect(empty.code).toBe('A0400');
    expect(empty.msg).toContain('注释内容不能为空');
    const long = await propose(reader, { kind: 'gloss', ...at('心旷'), content: '长'.repeat(201) });
    expect(long.code).toBe('A0400');
    expect(long.msg).toContain('注释不能超过 200 字');
    // Markup does not count; 𠮷 counts one.
    expect((await propose(reader, { kind: 'gloss', ...at('心旷'), content: `<em>${'𠮷'.repeat(200)}</em>` })).code).toBe('00000');
    expect((await propose(reader, { kind: 'translation', content: '译'.repeat(2001) })).msg).toContain('译文不能超过 2000 字');
    expect((await propose(reader, { kind: 'appreciation', content: '赏'.repeat(5000) })).code).toBe('00000');
    expect((await propose(reader, { kind: 'remark', content: '好' })).msg).toContain('评须写明评者');
  });

  it('keeps only <em> and <ruby>…<rt>…</rt></ruby>', async () => {
    const r = await propose(reader, {
      kind: 'appreciation',
      content: '<script>alert(1)</script><em>浩浩</em><ruby>汤<rt>shāng</rt></ruby><b onclick="x()">粗</b><a href="//x">链</a>',
    });
    expect(r.data.content).toBe('<em>浩浩</em><ruby>汤<rt>shāng</rt></ruby>粗链');
  });
});

describe('review', () => {
  it('is for editors and readers granted 注释编辑 (audit-logged, role unchanged)', async () => {
    const helper = await makeUser(t.app);
    const p = await propose(reader, { kind: 'appreciation', content: '以景寄情。' });
    expect((await callAs(t.app, 'adminNotesPage', { query: {} }, helper.token)).code).toBe('A0301');
    expect((await review(helper, p.data.id, { action: 'approve' })).code).toBe('A0301');
    expect((await callAs(t.app, 'setNoteEditor', { params: { id: helper.id }, body: { on: true } }, reader.token)).code).toBe('A0301');

    expect((await callAs(t.app, 'setNoteEditor', { params: { id: helper.id }, body: { on: true } }, admin.token)).code).toBe('00000');
    const me = await callAs(t.app, 'me', {}, helper.token);
    expect(me.data).toMatchObject({ role: 'user', noteEditor: true });
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'grantNoteEditor'), eq(auditLog.targetId, String(helper.id))));
    expect(logged).toHaveLength(1);

    const queue = await callAs(t.app, 'adminNotesPage', { query: { status: 'pending' } }, helper.token);
    expect(queue.data.list.some((n) => n.id === p.data.id)).toBe(true);
    expect((await review(helper, p.data.id, { action: 'approve', content: '以景寄情，<em>忧乐</em>一体。' })).data).toMatchObject({
      status: 'approved',
      reviewer: { id: helper.id },
      content: '以景寄情，<em>忧乐</em>一体。',
    });
    const listed = (await shown()).find((n) => n.id === p.data.id);
    expect(listed).toMatchObject({ kind: 'appreciation', writer: { id: reader.id }, origin: 'reader' });

    await callAs(t.app, 'setNoteEditor', { params: { id: helper.id }, body: { on: false } }, admin.token);
    expect((await callAs(t.app, 'adminNotesPage', { query: {} }, helper.token)).code).toBe('A0301');
  });

  it('keeps the history (editor, time, before and after) and tells a rejected writer why', async () => {
    const p = await propose(reader, { kind: 'gloss', ...at('后天下'), content: '在天下之后。' });
    expect((await review(admin, p.data.id, { action: 'reject' })).msg).toContain('驳回须写明理由');
    expect((await review(admin, p.data.id, { action: 'reject', reason: '释义不够准确' })).data.status).toBe('rejected');
    const messages = await callAs(t.app, 'messagesPage', { query: { type: 'system' } }, reader.token);
    expect(messages.data.list.some((m) => m.content.includes('未通过审核：释义不够准确'))).toBe(true);

    const q = await propose(reader, { kind: 'gloss', ...at('先天下'), content: '在天下之先' });
    await review(admin, q.data.id, { action: 'approve' });
    await review(admin, q.data.id, { action: 'edit', content: '在天下人之先。' });
    const h = await callAs(t.app, 'noteHistory', { params: { id: q.data.id } }, admin.token);
    expect(h.data.list.map((r) => [r.action, r.editor?.id, r.before, r.after])).toEqual([
      ['propose', reader.id, null, '在天下之先'],
      ['approve', admin.id, '在天下之先', '在天下之先'],
      ['edit', admin.id, '在天下之先', '在天下人之先。'],
    ]);
    expect(h.data.list.every((r) => !Number.isNaN(Date.parse(r.createdAt)))).toBe(true);
  });
});

describe('limits', () => {
  it('allows 20 proposals a day per account', async () => {
    const busy = await makeUser(t.app);
    await t.database.db.insert(rateCounters).values({ key: `note:${busy.id}`, count: 19, windowStart: new Date() });
    expect((await propose(busy, { kind: 'appreciation', content: '第二十条。' })).code).toBe('00000');
    const over = await propose(busy, { kind: 'appreciation', content: '第二十一条。' });
    expect(over.code).toBe('A0501');
    expect(over.msg).toContain('20');
  });

  it("applies blocks: a reader the text's author blocked cannot propose on it", async () => {
    const blocked = await makeUser(t.app);
    expect((await callAs(t.app, 'block', { params: { id: blocked.id } }, author.token)).code).toBe('00000');
    expect((await propose(blocked, { kind: 'appreciation', content: '好文。' })).code).toBe('A0301');
  });

  it('lets readers report a note', async () => {
    const p = await propose(reader, { kind: 'appreciation', content: '一篇赏析。' });
    await review(admin, p.data.id, { action: 'approve' });
    const note = (await shown()).find((n) => n.id === p.data.id)!;
    const r = await callAs(t.app, 'createReport', { body: { targetType: 'note', targetId: note.id, reason: '抄袭侵权' } }, author.token);
    expect(r.code).toBe('00000');
    const queue = await callAs(t.app, 'adminReportsPage', { query: { targetType: 'note' } }, admin.token);
    expect(queue.data.list.find((g) => g.targetId === note.id)).toMatchObject({ targetType: 'note', target: { essayId } });
  });
});

describe('a writer’s notes', () => {
  it('come with their copy of their data, and after 注销 the approved ones stay credited to 已注销用户', async () => {
    const leaver = await makeUser(t.app);
    const kept = await propose(leaver, { kind: 'appreciation', content: '留下的赏析。' });
    const pending = await propose(leaver, { kind: 'appreciation', content: '未审的赏析。' });
    await review(admin, kept.data.id, { action: 'approve' });

    const res = await t.app.inject({ ...routeOf('exportData'), headers: { authorization: `Bearer ${leaver.token}` } });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(files['shiju-export/notes.json']!));
    expect(data.notes.map((n: { id: number }) => n.id)).toEqual([kept.data.id, pending.data.id]);

    const asked = await callAs(t.app, 'requestDeletion', { body: { password: leaver.password, keepContent: true } }, leaver.token);
    expect(asked.code).toBe('00000');
    await t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, leaver.id));
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    await JOBS.find((j) => j.name === 'purge-deleted-accounts')!.run(t.database.db, t.config, quiet, t.app.runtime);

    const left = await t.database.db.select().from(notes).where(eq(notes.writerId, leaver.id));
    expect(left.map((n) => n.id)).toEqual([kept.data.id]);
    expect((await shown()).find((n) => n.id === kept.data.id)?.writer).toMatchObject({ id: leaver.id, nickname: '已注销用户' });
  });
});
