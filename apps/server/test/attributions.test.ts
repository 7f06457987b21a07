/**
 * 出处 and 考证 on both databases: the structured 出处 on a text (http/https links only), readers' evidence for or
 * against an attribution (a source and a note; sensitive words refused; blocks; the hourly limit), advisory
 * confirmations (never one's own), an editor's resolution (audit log, messages, details, the open API), hiding
 * evidence directly and through a report, and the disputed-lines list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ATTRIBUTION_LIMITS } from '@shiju/contract';
import { rateCounters } from '../src/db/schema.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let admin: TestUser;
let poster: TestUser;
let reader: TestUser;
let other: TestUser;
let classificationId: number;

beforeAll(async () => {
  t = await createTestApp();
  classificationId = (await seedTaxonomy(t.database.db)).meiju.id;
  [admin, poster, reader, other] = [await makeAdmin(t), await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
});
afterAll(async () => t?.close());

let n = 0;
/** A quote credited to `author`, unique per call (the open API draws by author). */
const quote = async (author?: string, citation?: Record<string, string>) => {
  // Each its own words (an exact repeat of a published text is refused).
  const k = ++n;
  return publishText(t.app, poster, {
    content: `我自横刀向天笑，去留肝胆两昆仑。其${k}`,
    workAuthor: author ?? `考证者${k}`,
    workTitle: '狱中题壁',
    original: false,
    classificationId,
    ...(citation ? { citation } : {}),
  });
};

const SOURCE = { work: '谭嗣同全集', chapter: '卷三', edition: '中华书局 1981', page: '287', url: 'https://example.org/tan' };
const addEvidence = (who: TestUser, essayId: number, body: Record<string, unknown> = {}) =>
  callAs(
    t.app,
    'addEvidence',
    { body: { essayId, stance: 'for', source: SOURCE, note: '初刊于《谭嗣同全集》，诗题作《狱中题壁》。', ...body } as never },
    who.token,
  );
const info = async (essayId: number, who?: TestUser) => {
  const r = await callAs(t.app, 'attribution', { params: { id: essayId } }, who?.token);
  expect(r.code).toBe('00000');
  return r.data;
};
const systemMessages = async (who: TestUser) =>
  (await callAs(t.app, 'messagesPage', { query: { type: 'system', pageSize: 50 } }, who.token)).data.list;
const lastAudit = async () => (await callAs(t.app, 'adminAuditPage', { query: { pageSize: 1 } }, admin.token)).data.list[0];

describe('the structured 出处', () => {
  it('keeps work, chapter, edition, page and an http(s) link on the text, dropping empty parts', async () => {
    const text = await quote(undefined, { work: '谭嗣同全集', chapter: ' ', page: '287', url: 'http://example.org/a' });
    expect(text.citation).toEqual({ work: '谭嗣同全集', page: '287', url: 'http://example.org/a' });
    const d = await callAs(t.app, 'essayDetails', { body: { id: text.id } });
    expect(d.data).toMatchObject({ citation: text.citation, attributionStatus: 'unverified' });
  });

  it('refuses a link that is not http or https with A0400 naming it', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.org/x', 'data:text/html,hi', '//example.org']) {
      const r = await callAs(
        t.app,
        'createEssay',
        {
          body: {
            type: 'sentence',
            content: '链接测试',
            classificationId,
            workAuthor: '某人',
            citation: { work: '某书', url },
            status: 'publish',
          },
        },
        poster.token,
      );
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain('url');
      expect(r.msg).toContain('http');
    }
  });

  it('keeps no 出处 on the writer’s own words', async () => {
    const mine = await publishText(t.app, poster, { content: '我写的句子', original: true, citation: { work: '某书' }, classificationId });
    expect(mine.citation).toBeNull();
  });
});

describe('evidence', () => {
  it('is added with a source and a note, shown to everyone, and carries its writer', async () => {
    const text = await quote();
    const r = await addEvidence(reader, text.id);
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ stance: 'for', source: SOURCE, mine: true, confirmations: 0, hidden: false, user: { id: reader.id } });
    const seen = await info(text.id);
    expect(seen.evidence.map((e) => e.id)).toEqual([r.data.id]);
    expect(seen.evidence[0]!.mine).toBe(false);
  });

  it('refuses evidence without a source, without a note, or with a bad link, in Chinese naming the problem', async () => {
    const text = await quote();
    const none = await addEvidence(reader, text.id, { source: {} });
    expect(none.code).toBe('A0400');
    expect(none.msg).toContain('出处不能为空');
    const onlyChapter = await addEvidence(reader, text.id, { source: { chapter: '卷三' } });
    expect(onlyChapter.code).toBe('A0400');
    expect(onlyChapter.msg).toContain('出处不能为空');
    const missing = await addEvidence(reader, text.id, { source: undefined });
    expect(missing.code).toBe('A0400');
    expect(missing.msg).toContain('source');
    const noNote = await addEvidence(reader, text.id, { note: '  ' });
    expect(noNote.code).toBe('A0400');
    expect(noNote.msg).toContain('说明不能为空');
    const badUrl = await addEvidence(reader, text.id, { source: { work: '某书', url: 'javascript:alert(1)' } });
    expect(badUrl.code).toBe('A0400');
    expect(badUrl.msg).toMatch(/url.*http/);
    const stance = await addEvidence(reader, text.id, { stance: 'maybe' });
    expect(stance.code).toBe('A0400');
    expect((await info(text.id)).evidence).toEqual([]);
  });

  it('refuses sensitive words, a text that is not published, and needs an account', async () => {
    const text = await quote();
    const bad = await addEvidence(reader, text.id, { note: '详见赌博网站' });
    expect(bad.code).toBe('A0400');
    expect(bad.msg).toContain('note');
    const badSource = await addEvidence(reader, text.id, { source: { work: '赌博网站大全' } });
    expect(badSource.code).toBe('A0400');
    expect((await addEvidence(reader, 999999)).code).toBe('A0404');
    const anon = await callAs(t.app, 'addEvidence', {
      body: { essayId: text.id, stance: 'for', source: SOURCE, note: '说明' },
    });
    expect(anon.code).toBe('A0230');
  });

  it('applies blocks: the poster’s blocked reader cannot add, and a reader does not see evidence of someone they blocked', async () => {
    const text = await quote();
    const [blocked, viewer] = [await makeUser(t.app), await makeUser(t.app)];
    expect((await callAs(t.app, 'block', { params: { id: blocked.id } }, poster.token)).code).toBe('00000');
    expect((await addEvidence(blocked, text.id)).code).toBe('A0301');
    const ev = await addEvidence(reader, text.id);
    expect((await callAs(t.app, 'block', { params: { id: reader.id } }, viewer.token)).code).toBe('00000');
    expect((await info(text.id, viewer)).evidence.map((e) => e.id)).not.toContain(ev.data.id);
    expect((await info(text.id)).evidence.map((e) => e.id)).toContain(ev.data.id);
  });

  it('is limited per hour', async () => {
    const text = await quote();
    const busy = await makeUser(t.app);
    await t.database.db.delete(rateCounters).where(eq(rateCounters.key, `evidence:${busy.id}`));
    for (let i = 0; i < ATTRIBUTION_LIMITS.evidencePerHour; i++) expect((await addEvidence(busy, text.id)).code).toBe('00000');
    const over = await addEvidence(busy, text.id);
    expect(over.code).toBe('A0501');
    expect(over.msg).toContain('每小时');
  });
});

describe('confirmations', () => {
  it('counts each other reader once and refuses confirming one’s own evidence', async () => {
    const text = await quote();
    const ev = (await addEvidence(reader, text.id)).data;
    const own = await callAs(t.app, 'confirmEvidence', { params: { id: ev.id } }, reader.token);
    expect(own.code).toBe('A0400');
    expect(own.msg).toContain('不能确认自己提交的证据');
    const first = await callAs(t.app, 'confirmEvidence', { params: { id: ev.id } }, other.token);
    expect(first.data).toMatchObject({ confirmations: 1, confirmedByMe: true });
    const again = await callAs(t.app, 'confirmEvidence', { params: { id: ev.id } }, other.token);
    expect(again.data.confirmations).toBe(1);
    expect((await callAs(t.app, 'confirmEvidence', { params: { id: ev.id } }, poster.token)).data.confirmations).toBe(2);
    // Advisory: confirmations decide nothing.
    expect((await info(text.id)).attributionStatus).toBe('unverified');
    expect((await callAs(t.app, 'confirmEvidence', { params: { id: 999999 } }, other.token)).code).toBe('A0404');
  });
});

describe('an editor resolves', () => {
  it('marks a text checked: audit log, a message to the evidence’s writers, details and the open API carry it', async () => {
    const author = `考证者${++n}`;
    const text = await quote(author);
    await addEvidence(reader, text.id);
    const r = await callAs(
      t.app,
      'adminResolveAttribution',
      { params: { id: text.id }, body: { status: 'verified', note: '核对中华书局本' } },
      admin.token,
    );
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ attributionStatus: 'verified', note: '核对中华书局本' });
    expect(await lastAudit()).toMatchObject({
      action: 'attribution.verified',
      targetType: 'essay',
      targetId: String(text.id),
      summary: { from: 'unverified', to: 'verified', note: '核对中华书局本' },
    });
    expect((await systemMessages(reader))[0]!.content).toContain('出处已考证');
    expect((await callAs(t.app, 'essayDetails', { body: { id: text.id } })).data.attributionStatus).toBe('verified');
    const open = await callAs(t.app, 'openSentence', { query: { author } });
    expect(open.data).toMatchObject({ id: text.id, attributionStatus: 'verified' });
    const queue = await callAs(t.app, 'adminAttributionsPage', { query: { status: 'verified' } }, admin.token);
    expect(queue.data.list.find((x) => x.essayId === text.id)).toMatchObject({ evidenceFor: 1, evidenceAgainst: 0 });

    const disputed = await callAs(t.app, 'adminResolveAttribution', { params: { id: text.id }, body: { status: 'disputed' } }, admin.token);
    expect(disputed.data.attributionStatus).toBe('disputed');
    expect((await callAs(t.app, 'openSentence', { query: { author } })).data.attributionStatus).toBe('disputed');
  });

  it('is for editors only', async () => {
    const text = await quote();
    const r = await callAs(t.app, 'adminResolveAttribution', { params: { id: text.id }, body: { status: 'verified' } }, reader.token);
    expect(r.code).toBe('A0301');
    expect((await info(text.id)).attributionStatus).toBe('unverified');
    expect(
      (await callAs(t.app, 'adminResolveAttribution', { params: { id: 999999 }, body: { status: 'verified' } }, admin.token)).code,
    ).toBe('A0404');
  });

  it('hides evidence directly or on a report; its writer still sees it, others do not', async () => {
    const text = await quote();
    const a = (await addEvidence(reader, text.id)).data;
    const b = (await addEvidence(other, text.id, { stance: 'against', note: '此诗另有异说。' })).data;
    expect((await callAs(t.app, 'adminHideEvidence', { params: { id: a.id }, body: { reason: '无关' } }, admin.token)).code).toBe('00000');
    expect(await lastAudit()).toMatchObject({ action: 'evidence.hide', targetId: String(a.id) });
    expect((await callAs(t.app, 'adminHideEvidence', { params: { id: a.id }, body: {} }, admin.token)).code).toBe('A0400');
    expect((await info(text.id)).evidence.map((e) => e.id)).toEqual([b.id]);
    expect((await info(text.id, reader)).evidence.find((e) => e.id === a.id)).toMatchObject({ hidden: true, mine: true });
    expect((await callAs(t.app, 'confirmEvidence', { params: { id: a.id } }, other.token)).code).toBe('A0404');

    const own = await callAs(t.app, 'createReport', { body: { targetType: 'evidence', targetId: b.id, reason: '其他' } }, other.token);
    expect(own.code).toBe('A0400');
    const rep = await callAs(t.app, 'createReport', { body: { targetType: 'evidence', targetId: b.id, reason: '垃圾广告' } }, reader.token);
    expect(rep.code).toBe('00000');
    const queue = await callAs(t.app, 'adminReportsPage', { query: { targetType: 'evidence', status: 'open' } }, admin.token);
    const group = queue.data.list.find((g) => g.targetId === b.id)!;
    expect(group.target).toMatchObject({ essayId: text.id, status: 'visible', owner: { id: other.id } });
    const done = await callAs(t.app, 'adminResolveReport', { params: { id: group.id }, body: { action: 'hide' } }, admin.token);
    expect(done.data.target.status).toBe('hidden');
    expect((await info(text.id)).evidence).toEqual([]);
  });
});

describe('disputed lines', () => {
  it('start empty; editors add entries with evidence (marking a tied text 存疑) and remove them', async () => {
    expect((await callAs(t.app, 'disputedLines', { query: {} })).data).toMatchObject({ list: [], total: 0 });
    const text = await quote('鲁迅');
    const noSource = await callAs(
      t.app,
      'adminAddDisputedLine',
      { body: { quote: '我自横刀向天笑', attributedTo: '鲁迅', note: '非鲁迅所作', source: {} } },
      admin.token,
    );
    expect(noSource.code).toBe('A0400');
    expect(noSource.msg).toContain('出处不能为空');
    const byReader = await callAs(
      t.app,
      'adminAddDisputedLine',
      { body: { quote: '我自横刀向天笑', attributedTo: '鲁迅', note: '非鲁迅所作', source: SOURCE } },
      reader.token,
    );
    expect(byReader.code).toBe('A0301');
    const added = await callAs(
      t.app,
      'adminAddDisputedLine',
      { body: { quote: '我自横刀向天笑', attributedTo: '鲁迅', note: '谭嗣同作，常被误署鲁迅', source: SOURCE, essayId: text.id } },
      admin.token,
    );
    expect(added.code).toBe('00000');
    expect(await lastAudit()).toMatchObject({ action: 'disputed.add', targetId: String(added.data.id) });
    expect((await info(text.id)).attributionStatus).toBe('disputed');
    const list = (await callAs(t.app, 'disputedLines', { query: {} })).data;
    expect(list.list).toEqual([
      expect.objectContaining({ quote: '我自横刀向天笑', attributedTo: '鲁迅', source: SOURCE, essayId: text.id }),
    ]);
    expect((await callAs(t.app, 'adminRemoveDisputedLine', { params: { id: added.data.id } }, admin.token)).code).toBe('00000');
    expect((await callAs(t.app, 'adminRemoveDisputedLine', { params: { id: added.data.id } }, admin.token)).code).toBe('A0404');
    expect((await callAs(t.app, 'disputedLines', { query: {} })).data.total).toBe(0);
  });
});
