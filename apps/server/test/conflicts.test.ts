/**
 * 署名冲突 on both databases: the same or nearly the same words naming different authors. A user's post
 * is checked when posted and lands in the editors' default queue; the corpus's own conflicts are found by the chunked
 * scan and listed apart, grouped; the same author (or nobody known) is no conflict; an editor dismisses a conflict
 * or names the right attribution (recorded as 出处已考证 / 存疑 by the attributions module, audit-logged); readers are
 * refused; bad input is A0400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, essays } from '../src/db/schema.js';
import { signatureOf } from '../src/lib/signature.js';
import { authorKey, scanConflicts } from '../src/modules/conflicts/index.js';
import { saveSignatures } from '../src/modules/duplicates/index.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let admin: TestUser;
let writer: TestUser;
let reader: TestUser;
let classificationId: number;

const DENGGUAN = '白日依山尽，黄河入海流。欲穷千里目，更上一层楼。';
const WANGYUE = '海上生明月，天涯共此时。情人怨遥夜，竟夕起相思。';
const YOUZI = '慈母手中线，游子身上衣。临行密密缝，意恐迟迟归。';
const JIANGXUE = '千山鸟飞绝，万径人踪灭。孤舟蓑笠翁，独钓寒江雪。';

let keyNo = 0;
/** A text as the importer stores it: published, posted by the editors' account, with an import key and signature. */
async function imported(content: string, workAuthor: string | null, title: string) {
  const db = t.database.db;
  const [row] = await db
    .insert(essays)
    .values({
      type: 'sentence',
      content,
      summary: content.slice(0, 60),
      title,
      source: workAuthor ? `${workAuthor}《${title}》` : `《${title}》`,
      workAuthor,
      workTitle: title,
      provenance: '全唐诗',
      importKey: `conflict-test:${++keyNo}`,
      classificationId,
      authorId: admin.id,
      status: 'published',
      publishedAt: new Date(),
    })
    .returning({ id: essays.id });
  await saveSignatures(db, [{ essayId: row!.id, signature: signatureOf(content) }]);
  return row!.id;
}

const page = (scope: 'user' | 'corpus', status: 'open' | 'dismissed' | 'resolved' = 'open', who = admin) =>
  callAs(t.app, 'adminConflictsPage', { query: { pageNum: 1, pageSize: 50, scope, status } }, who.token);
const resolve = (id: number, body: { action: 'dismiss' | 'resolve'; essayId?: number; note?: string }, who = admin) =>
  callAs(t.app, 'adminResolveConflict', { params: { id }, body }, who.token);
/** The conflict holding a text, in a list. */
const holding = <C extends { members: { essayId: number }[] }>(list: C[], essayId: number) =>
  list.find((c) => c.members.some((m) => m.essayId === essayId));

let dengguan: number;
let wangyue: number;
let wangyueAgain: number;
let jiangxue: number;

beforeAll(async () => {
  t = await createTestApp();
  classificationId = (await seedTaxonomy(t.database.db)).meiju.id;
  [admin, writer, reader] = [await makeAdmin(t), await makeUser(t.app), await makeUser(t.app)];
  dengguan = await imported(DENGGUAN, '王之涣', '登鹳雀楼');
  // The same poem filed under two poets.
  wangyue = await imported(WANGYUE, '张九龄', '望月怀远');
  wangyueAgain = await imported(WANGYUE.replace('。', '，'), '（唐）张说', '望月怀古');
  // The same author in Traditional script and with its era, and a copy under nobody known: no conflict.
  await imported(YOUZI, '孟郊', '游子吟');
  await imported(YOUZI.replace('意恐', '唯恐'), '[唐]孟郊', '游子吟');
  await imported(YOUZI.replace('临行', '將行'), '佚名', '游子吟');
});
afterAll(async () => t?.close());

describe('finding conflicts', () => {
  it('reads author names as one: script, era and spacing; nobody known is no author', () => {
    expect(authorKey('（唐）王之渙')).toBe('王之涣');
    expect(authorKey(' 李 白 ')).toBe('李白');
    expect(authorKey('佚名')).toBeNull();
    expect(authorKey(null)).toBeNull();
  });

  it('puts a user’s post of a poem credited to another author in the default queue', async () => {
    const post = await publishText(t.app, writer, {
      content: DENGGUAN.replace('一层', '一高'),
      workAuthor: '李白',
      workTitle: '登楼',
      classificationId,
    });
    // A user's own words repeating the corpus name their poster.
    const own = await publishText(t.app, writer, { content: DENGGUAN.replace('白日', '红日'), original: true, classificationId });
    const r = await page('user');
    expect(r.code).toBe('00000');
    const c = holding(r.data.list, post.id)!;
    expect(c).toMatchObject({ scope: 'user', status: 'open', memberCount: 3 });
    expect(c.authors).toEqual(expect.arrayContaining(['李白', '王之涣', writer.user.nickname]));
    // Users' posts first, each with where it comes from and who posted it.
    expect(c.members[0]).toMatchObject({ imported: false, poster: expect.objectContaining({ id: writer.id }) });
    expect(c.members.find((m) => m.essayId === dengguan)).toMatchObject({ imported: true, author: '王之涣', provenance: '全唐诗' });
    expect(c.members.map((m) => m.essayId)).toContain(own.id);
    // Not in the corpus list.
    expect(holding((await page('corpus')).data.list, dengguan)).toBeUndefined();
  });

  it('groups the corpus’s own conflicts by the chunked scan, and finds no conflict for the same author', async () => {
    const first = await scanConflicts(t.database.db, 2);
    expect(first.read).toBeGreaterThanOrEqual(6);
    const r = await page('corpus');
    const c = holding(r.data.list, wangyue)!;
    expect(c).toMatchObject({ scope: 'corpus', memberCount: 2 });
    expect(c.members.map((m) => m.essayId).sort()).toEqual([wangyue, wangyueAgain].sort());
    expect(c.authors.sort()).toEqual(['张九龄', '（唐）张说'].sort());
    // 游子吟 under 孟郊 twice (and 佚名) is in no list.
    const all = [...r.data.list, ...(await page('user')).data.list];
    expect(all.some((x) => x.members.some((m) => m.summary.startsWith('慈母')))).toBe(false);
    // The user's conflict found at post time is not listed twice.
    expect(all.filter((x) => x.members.some((m) => m.essayId === dengguan))).toHaveLength(1);
    // The next run reads only what is new.
    const fresh = (jiangxue = await imported(JIANGXUE, '柳宗元', '江雪'));
    await imported(JIANGXUE.replace('独钓', '独坐'), '王维', '江雪');
    const second = await scanConflicts(t.database.db, 2);
    expect(second.read).toBe(2);
    expect(holding((await page('corpus')).data.list, fresh)).toMatchObject({ memberCount: 2 });
  });

  it('drops an open conflict once a merge leaves it one author', async () => {
    const c = holding((await page('corpus')).data.list, jiangxue)!;
    const other = c.members.find((m) => m.essayId !== jiangxue)!.essayId;
    expect((await callAs(t.app, 'adminMergeEssays', { params: { id: other }, body: { into: jiangxue } }, admin.token)).code).toBe('00000');
    expect(holding((await page('corpus')).data.list, jiangxue)).toBeUndefined();
  });
});

describe('editors’ calls', () => {
  it('refuses readers', async () => {
    expect((await page('user', 'open', reader)).code).toBe('A0301');
    const c = holding((await page('corpus')).data.list, wangyue)!;
    expect((await resolve(c.id, { action: 'dismiss' }, reader)).code).toBe('A0301');
  });

  it('refuses bad input with A0400 naming the field', async () => {
    const c = holding((await page('corpus')).data.list, wangyue)!;
    const noText = await resolve(c.id, { action: 'resolve' });
    expect(noText.code).toBe('A0400');
    expect(noText.msg).toContain('essayId');
    const notMember = await resolve(c.id, { action: 'resolve', essayId: dengguan });
    expect(notMember.code).toBe('A0400');
    expect(notMember.msg).toContain('essayId');
    const badScope = await callAs(t.app, 'adminConflictsPage', { query: { scope: 'all' as 'user' } }, admin.token);
    expect(badScope.code).toBe('A0400');
    expect(badScope.msg).toContain('scope');
    expect((await resolve(999999, { action: 'dismiss' })).code).toBe('A0404');
  });

  it('records the right attribution through the attributions module, audit-logged', async () => {
    const c = holding((await page('corpus')).data.list, wangyue)!;
    const r = await resolve(c.id, { action: 'resolve', essayId: wangyue, note: '见《曲江集》' });
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ status: 'resolved', rightEssayId: wangyue, rightAuthor: '张九龄', note: '见《曲江集》' });
    const right = await callAs(t.app, 'attribution', { params: { id: wangyue } });
    expect(right.data).toMatchObject({ attributionStatus: 'verified', note: '见《曲江集》' });
    const wrong = await callAs(t.app, 'attribution', { params: { id: wangyueAgain } });
    expect(wrong.data.attributionStatus).toBe('disputed');
    expect(holding((await page('corpus', 'resolved')).data.list, wangyue)).toBeDefined();
    expect(holding((await page('corpus')).data.list, wangyue)).toBeUndefined();
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'conflict.resolve'), eq(auditLog.targetId, String(c.id))));
    expect(logged[0]?.detail).toMatchObject({ rightEssayId: wangyue, verified: [wangyue], disputed: [wangyueAgain] });
  });

  it('dismisses a conflict as different texts, changing no attribution', async () => {
    const c = holding((await page('user')).data.list, dengguan)!;
    const r = await resolve(c.id, { action: 'dismiss', note: '仿写' });
    expect(r.data).toMatchObject({ status: 'dismissed', rightEssayId: null, note: '仿写' });
    expect((await callAs(t.app, 'attribution', { params: { id: dengguan } })).data.attributionStatus).toBe('unverified');
    expect(holding((await page('user', 'dismissed')).data.list, dengguan)).toBeDefined();
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'conflict.dismiss'));
    expect(logged.map((l) => l.targetId)).toContain(String(c.id));
  });
});
