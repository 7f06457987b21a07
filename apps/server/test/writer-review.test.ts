/**
 * Review a writer can follow, on both databases: an edited rejected text goes back to review (sensitive word or not)
 * and the editor sees the reason it was rejected; the writer sees each state with its reason in 我的作品 and gets a
 * system message on each change; a reporter sees their reports and how they ended (我的举报); the editors' queue
 * says why a text waits, and every decision is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallParsed } from '@shiju/contract';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let admin: TestUser;
let classificationId: number;

beforeAll(async () => {
  t = await createTestApp();
  classificationId = (await seedTaxonomy(t.database.db)).meiju.id;
  admin = await makeAdmin(t);
});
afterAll(async () => t?.close());

type Body = CallParsed<'createEssay'>['body'];
const body = (content: string, status: Body['status'] = 'publish') =>
  ({ type: 'sentence', content, classificationId, original: true, status }) as Body;
const systemMessages = async (who: TestUser) =>
  (await callAs(t.app, 'messagesPage', { query: { type: 'system', pageSize: 50 } }, who.token)).data.list.map((m) => m.content);
const mine = async (who: TestUser, id: number) =>
  (await callAs(t.app, 'myEssays', { query: { pageSize: 50 } }, who.token)).data.list.find((e) => e.id === id)!;
const queueRow = async (id: number) =>
  (await callAs(t.app, 'adminEssaysPage', { query: { status: 'pending', pageSize: 100 } }, admin.token)).data.list.find((e) => e.id === id);
const review = (id: number, action: 'approve' | 'reject', reason?: string) =>
  callAs(t.app, 'adminReviewEssay', { params: { id }, body: { action, ...(reason ? { reason } : {}) } }, admin.token);
const audit = async () => (await callAs(t.app, 'adminAuditPage', { query: { pageSize: 1 } }, admin.token)).data.list[0];

describe('an edited rejected text', () => {
  it('goes back to review with its previous reason, even without a sensitive word, and publishes on approval', async () => {
    const writer = await makeUser(t.app);
    const w = await callAs(t.app, 'createEssay', { body: body('代开发票请联系') }, writer.token);
    expect(w.data.status).toBe('pending');
    expect(await systemMessages(writer)).toEqual([expect.stringContaining('已提交编辑审核')]);
    expect((await queueRow(w.data.id))!).toMatchObject({ sensitiveWords: ['代开发票'], previousReason: null, openReports: 0 });

    await review(w.data.id, 'reject', '含广告信息');
    expect(await audit()).toMatchObject({ action: 'essay.reject', targetId: String(w.data.id), summary: { reason: '含广告信息' } });
    expect(await mine(writer, w.data.id)).toMatchObject({ status: 'rejected', statusReason: '含广告信息' });
    expect((await systemMessages(writer))[0]).toContain('未通过审核：含广告信息');

    // Fixed: no sensitive word any more, still it waits for an editor.
    const fixed = await callAs(t.app, 'updateEssay', { params: { id: w.data.id }, body: body('春风又绿江南岸') }, writer.token);
    expect(fixed.data.status).toBe('pending');
    expect(fixed.data.notice).toContain('重新提交审核');
    expect(await mine(writer, w.data.id)).toMatchObject({ status: 'pending', statusReason: null });
    expect((await systemMessages(writer))[0]).toContain('已重新提交审核');
    expect((await callAs(t.app, 'essayDetails', { body: { id: w.data.id } })).code).toBe('A0404');
    expect(await queueRow(w.data.id)).toMatchObject({ sensitiveWords: [], previousReason: '含广告信息' });

    await review(w.data.id, 'approve');
    expect(await audit()).toMatchObject({ action: 'essay.approve', targetId: String(w.data.id) });
    expect(await mine(writer, w.data.id)).toMatchObject({ status: 'published', statusReason: null });
    expect((await systemMessages(writer))[0]).toContain('已通过审核');
    expect((await callAs(t.app, 'essayDetails', { body: { id: w.data.id } })).data.status).toBe('published');
  });

  it('saved as a draft keeps its reason, and publishing the draft still goes to review', async () => {
    const writer = await makeUser(t.app);
    const w = await callAs(t.app, 'createEssay', { body: body('办证刻章找我') }, writer.token);
    await review(w.data.id, 'reject', '违规广告');
    const draft = await callAs(t.app, 'updateEssay', { params: { id: w.data.id }, body: body('明月几时有', 'draft') }, writer.token);
    expect(draft.data.status).toBe('draft');
    const again = await callAs(t.app, 'updateEssay', { params: { id: w.data.id }, body: body('明月几时有', 'publish') }, writer.token);
    expect(again.data.status).toBe('pending');
    expect(await queueRow(w.data.id)).toMatchObject({ previousReason: '违规广告' });
  });

  it('is the writer’s own: someone else cannot resubmit it', async () => {
    const writer = await makeUser(t.app);
    const stranger = await makeUser(t.app);
    const w = await callAs(t.app, 'createEssay', { body: body('代开发票联系我') }, writer.token);
    await review(w.data.id, 'reject', '广告');
    const r = await callAs(t.app, 'updateEssay', { params: { id: w.data.id }, body: body('改好了') }, stranger.token);
    expect(r.code).toBe('A0301');
    expect(await mine(writer, w.data.id)).toMatchObject({ status: 'rejected', statusReason: '广告' });
  });

  it('publishes a clean new text at once (no new holds), and a hidden text shows its reason and a message', async () => {
    const writer = await makeUser(t.app);
    const clean = await publishText(t.app, writer, { content: '大漠孤烟直', original: true, classificationId });
    expect(clean.status).toBe('published');
    expect(await systemMessages(writer)).toEqual([]);
    await callAs(t.app, 'adminHideEssay', { params: { id: clean.id }, body: { reason: '与分类不符' } }, admin.token);
    expect(await audit()).toMatchObject({ action: 'essay.hide', targetId: String(clean.id) });
    expect(await mine(writer, clean.id)).toMatchObject({ status: 'hidden', statusReason: '与分类不符' });
    expect((await systemMessages(writer))[0]).toContain('已被隐藏：与分类不符');
  });
});

describe('the editors’ queue', () => {
  it('shows open reports beside the sensitive words', async () => {
    const writer = await makeUser(t.app);
    const reporter = await makeUser(t.app);
    const w = await publishText(t.app, writer, { content: '长河落日圆', original: true, classificationId });
    await callAs(t.app, 'createReport', { body: { targetType: 'essay', targetId: w.id, reason: '抄袭侵权' } }, reporter.token);
    // An edit adding a sensitive word sends it back to review.
    await callAs(t.app, 'updateEssay', { params: { id: w.id }, body: body('长河落日圆 赌博网站') }, writer.token);
    expect(await queueRow(w.id)).toMatchObject({ sensitiveWords: ['赌博网站'], openReports: 1 });
  });
});

describe('我的举报', () => {
  it('lists the reporter’s reports newest first with how each ended, never the editor’s note', async () => {
    const writer = await makeUser(t.app);
    const reporter = await makeUser(t.app);
    const a = await publishText(t.app, writer, { content: '孤帆远影碧空尽', original: true, classificationId });
    const b = await publishText(t.app, writer, { content: '唯见长江天际流', original: true, classificationId });
    const ra = await callAs(t.app, 'createReport', { body: { targetType: 'essay', targetId: a.id, reason: '垃圾广告' } }, reporter.token);
    const rb = await callAs(t.app, 'createReport', { body: { targetType: 'essay', targetId: b.id, reason: '抄袭侵权' } }, reporter.token);
    let page = (await callAs(t.app, 'myReports', { query: {} }, reporter.token)).data;
    expect(page.total).toBe(2);
    expect(page.list.map((r) => r.id)).toEqual([rb.data.id, ra.data.id]);
    expect(page.list[0]).toMatchObject({
      status: 'open',
      targetTitle: '唯见长江天际流',
      essayId: b.id,
      outcome: expect.stringContaining('处理中'),
    });

    await callAs(t.app, 'adminResolveReport', { params: { id: ra.data.id }, body: { action: 'hide', note: '编辑内部备注' } }, admin.token);
    await callAs(t.app, 'adminResolveReport', { params: { id: rb.data.id }, body: { action: 'dismiss' } }, admin.token);
    page = (await callAs(t.app, 'myReports', { query: {} }, reporter.token)).data;
    const [second, first] = page.list;
    expect(first).toMatchObject({ status: 'resolved', outcome: expect.stringContaining('已处理') });
    expect(second).toMatchObject({ status: 'dismissed', outcome: expect.stringContaining('未发现违反') });
    expect(JSON.stringify(page)).not.toContain('编辑内部备注');
    expect(first!.resolvedAt).not.toBeNull();
    // Someone else's reports are not theirs to see; an account is needed.
    expect((await callAs(t.app, 'myReports', { query: {} }, writer.token)).data.total).toBe(0);
    expect((await callAs(t.app, 'myReports', { query: {} })).code).toBe('A0230');
  });
});
