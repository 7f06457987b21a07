/**
 * Duplicates found before posting on both databases: the one normalisation and signature (lib/signature.ts),
 * containment through the bigram index, near-duplicates through the stored LSH band keys, the pre-post check and the
 * same check on post (an exact duplicate of a published text refused; variations and imitations allowed; texts not
 * published never named to the writer but listed for editors), and merging: every dependent row moved exactly once,
 * counters, the old address, the posters told, the audit log, the refusals, and every foreign key to texts handled.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, collects, comments, essays, highlights, likes, messages, textSignatures } from '../src/db/schema.js';
import { bandKeys, bigramCode, bigrams, importKeyOf, normalizeText, signatureOf, similarity, workKeyOf } from '../src/lib/signature.js';
import { backfillSignatures } from '../src/modules/duplicates/index.js';
import { MERGE_HANDLES } from '../src/modules/essays/index.js';
import { makeAdmin, makeUser, publishText, type TestUser } from './factories.js';
import { seedTaxonomy } from './fixtures.js';
import { callAs, callUnchecked, createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let admin: TestUser;
let writer: TestUser;
let other: TestUser;
let classificationId: number;

const JINGYESI = '床前明月光，疑是地上霜。\n举头望明月，低头思故乡。';
const JINGYESI_HANT = '床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。';

beforeAll(async () => {
  t = await createTestApp();
  classificationId = (await seedTaxonomy(t.database.db)).meiju.id;
  [admin, writer, other] = [await makeAdmin(t), await makeUser(t.app), await makeUser(t.app)];
  await publishText(t.app, admin, { title: '静夜思', content: JINGYESI, workAuthor: '李白', workTitle: '静夜思', classificationId });
});
afterAll(async () => t?.close());

/** A text of its own for one test: `n` distinct lines of five characters from a fixed stock. */
const STOCK = '春眠不觉晓处闻啼鸟夜来风雨声花落知多少白日依山尽黄河入海流欲穷千里目更上一层楼红豆生南国发几枝愿君多采撷此物最相思';
const uniqueText = (seed: string) => {
  const h = crypto.createHash('sha1').update(seed).digest();
  const chars = Array.from(STOCK);
  const line = (k: number) =>
    Array.from({ length: 5 }, (_, i) => chars[(h[(k * 5 + i) % h.length]! + k * 7 + i * 3) % chars.length]).join('');
  return `${line(0)}，${line(1)}。${line(2)}，${line(3)}。`;
};

const check = (content: string, who = writer, type: 'sentence' | 'essay' = 'sentence') =>
  callAs(t.app, 'checkDuplicates', { body: { content, type } }, who.token);

describe('the one normalisation and signature', () => {
  it('reads Traditional and Simplified, punctuation and spacing alike', () => {
    expect(normalizeText(JINGYESI_HANT)).toBe(normalizeText(JINGYESI));
    expect(normalizeText('「床前 明月光」！')).toBe('床前明月光');
    expect(normalizeText('ＡＢＣ１２３')).toBe('abc123');
    expect(signatureOf(JINGYESI_HANT).digest).toBe(signatureOf(JINGYESI).digest);
  });

  it('gives texts of 20+ characters band keys, and shorter ones none', () => {
    expect(signatureOf(JINGYESI).bands).toHaveLength(32);
    expect(signatureOf('床前明月光').bands).toEqual([]);
    // Band keys depend only on the text.
    expect(bandKeys(normalizeText(JINGYESI))).toEqual(bandKeys(normalizeText(JINGYESI_HANT)));
  });

  it('measures near-duplicates above, and two poems sharing a line below, the threshold', () => {
    const variant = '床前看月光，疑是地上霜。举头望山月，低头思故乡。';
    expect(similarity(normalizeText(JINGYESI), normalizeText(variant))).toBeGreaterThanOrEqual(0.5);
    const sharingALine = '床前明月光，清风入我怀。江上孤舟远，秋声满空阶。';
    expect(similarity(normalizeText(JINGYESI), normalizeText(sharingALine))).toBeLessThan(0.3);
  });

  it('keeps the importer keys it had (author and first 24 Han characters; title and first 10)', () => {
    const flat = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';
    const opening = flat.replace(/[^\p{Script=Han}]/gu, '').slice(0, 24);
    const before = `poem:${crypto.createHash('sha1').update(`李白|${opening}`).digest('hex').slice(0, 24)}`;
    expect(importKeyOf('李白', flat)).toBe(before);
    expect(workKeyOf('静夜思', flat)).toBe('静夜思|床前明月光疑是地上霜');
  });
});

describe('the database bigrams behind containment', () => {
  it('are the codes of the JavaScript bigrams, code point by code point, at the edges of their range', async () => {
    const samples = [
      '',
      '床',
      '明月明月明月',
      normalizeText(JINGYESI),
      '𠀀𠀁字𠀂a1',
      '\u0001\uffff\u0001',
      normalizeText(STOCK.repeat(40)),
    ];
    for (const text of samples) {
      const [row] = (await t.database.db.execute<{ grams: number[] }>(sql`select shiju_bigram_codes(${text}) as grams`)).rows;
      expect(new Set(row!.grams), text).toEqual(new Set([...bigrams(text)].map(bigramCode)));
    }
    expect(bigramCode('\u0000\u0000')).toBe(-(2 ** 31));
    expect(bigramCode('\uffff\uffff')).toBe(2 ** 31 - 1);
  });
});

describe('the check before posting', () => {
  it('finds a line inside a published poem, Simplified or Traditional', async () => {
    for (const q of ['床前明月光', '舉頭望明月']) {
      const r = await check(q);
      expect(r.code).toBe('00000');
      expect(r.data.message).toBe('这段文字已收录：《静夜思》');
      expect(r.data.matches[0]).toMatchObject({ title: '静夜思', kind: 'contained' });
    }
  });

  it('finds a line inside a text posted in Traditional characters, asked in Simplified', async () => {
    const { id } = await publishText(t.app, other, {
      title: '鄉愁',
      content: '小時候，鄉愁是一枚小小的郵票，我在這頭，母親在那頭。',
      classificationId,
    });
    const r = await check('我在这头，母亲在那头');
    expect(r.data.matches).toEqual([expect.objectContaining({ id, kind: 'contained' })]);
  });

  it('finds nothing for fewer than five characters or words of no text', async () => {
    expect((await check('明月光')).data).toEqual({ message: null, matches: [] });
    expect((await check(uniqueText('nothing'))).data.matches).toEqual([]);
  });

  it('finds a near-duplicate of 20+ characters by its signature', async () => {
    const base = uniqueText('near-base');
    const { id } = await publishText(t.app, other, { title: '近似', content: base, classificationId });
    const chars = Array.from(base);
    chars[2] = '月';
    const r = await check(chars.join(''));
    expect(r.data.matches).toEqual([expect.objectContaining({ id, kind: 'near' })]);
    expect(r.data.matches[0]!.similarity).toBeGreaterThanOrEqual(0.5);
  });

  it('refuses the exact words of a published text on post, in either script, with the message', async () => {
    for (const content of [JINGYESI, JINGYESI_HANT, '床前明月光疑是地上霜举头望明月低头思故乡']) {
      const r = await callAs(
        t.app,
        'createEssay',
        { body: { type: 'sentence', content, classificationId, status: 'publish' } },
        writer.token,
      );
      expect(r.code).toBe('A0400');
      expect(r.msg).toContain('这段文字已收录：《静夜思》');
    }
  });

  it('lets a variation or an imitation be posted, and says what it repeats', async () => {
    const form = await publishText(t.app, writer, { content: '床前看月光，疑是地上霜。举头望山月，低头思故乡。', classificationId });
    expect(form.status).toBe('published');
    expect(form.duplicates?.message).toBe('这段文字已收录：《静夜思》');
    expect(form.duplicates?.matches.map((m) => m.kind)).toEqual(['near']);
    // An imitation that keeps one line is its own text.
    const imitation = await publishText(t.app, writer, { content: '床前明月光，照我旧书窗。', classificationId });
    expect(imitation.status).toBe('published');
    expect(imitation.duplicates).toEqual({ message: null, matches: [] });
  });

  it('names no draft, pending or hidden text to the writer, but lists the pair for editors', async () => {
    const words = uniqueText('draft-only');
    const draft = await callAs(
      t.app,
      'createEssay',
      { body: { type: 'sentence', content: words, classificationId, status: 'draft' } },
      other.token,
    );
    expect(draft.code).toBe('00000');
    expect((await check(words)).data).toEqual({ message: null, matches: [] });
    const posted = await publishText(t.app, writer, { content: words, classificationId });
    expect(posted.duplicates).toEqual({ message: null, matches: [] });
    const list = await callAs(t.app, 'adminDuplicatesPage', { query: { pageNum: 1, pageSize: 50 } }, admin.token);
    expect(list.data.list).toContainEqual(
      expect.objectContaining({
        kind: 'exact',
        essay: expect.objectContaining({ id: posted.id }),
        match: expect.objectContaining({ id: draft.data.id, status: 'draft' }),
      }),
    );
    // Readers cannot read the editors' list.
    expect((await callAs(t.app, 'adminDuplicatesPage', { query: { pageNum: 1, pageSize: 50 } }, writer.token)).code).toBe('A0301');
    const pair = list.data.list.find((p) => p.essay.id === posted.id)!;
    expect((await callAs(t.app, 'adminDismissDuplicate', { params: { id: pair.id } }, admin.token)).code).toBe('00000');
    const after = await callAs(t.app, 'adminDuplicatesPage', { query: { pageNum: 1, pageSize: 50 } }, admin.token);
    expect(after.data.list.map((p) => p.id)).not.toContain(pair.id);
  });

  it('answers bad input with A0400, never a failure', async () => {
    expect((await callUnchecked(t.app, 'checkDuplicates', { body: { content: 5, type: 'sentence' } }, writer.token)).code).toBe('A0400');
    expect((await callUnchecked(t.app, 'checkDuplicates', { body: { content: '床前明月光', type: 'poem' } }, writer.token)).code).toBe(
      'A0400',
    );
    expect((await check('')).data).toEqual({ message: null, matches: [] });
    expect((await callAs(t.app, 'checkDuplicates', { body: { content: '床前明月光', type: 'sentence' } })).code).toBe('A0230');
  });

  it('fills in the signatures of texts stored without one, in chunks', async () => {
    const { id } = await publishText(t.app, other, { content: uniqueText('backfill'), classificationId });
    await t.database.db.delete(textSignatures).where(eq(textSignatures.essayId, id));
    const r = await backfillSignatures(t.database.db, 1, 5);
    expect(r.signed).toBe(1);
    const [row] = await t.database.db.select().from(textSignatures).where(eq(textSignatures.essayId, id));
    expect(row?.bands).toHaveLength(32);
    expect((await backfillSignatures(t.database.db)).signed).toBe(0);
  });
});

describe('merging duplicates', () => {
  const count = async (table: typeof likes | typeof collects | typeof comments | typeof highlights, essayId: number) => {
    const [r] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.essayId, essayId));
    return r!.n;
  };

  it('moves every dependent row to the kept text exactly once, and the old address lands there', async () => {
    const words = uniqueText('merge');
    const kept = await publishText(t.app, writer, { title: '保留', content: words, classificationId });
    const chars = Array.from(words);
    chars[1] = '风';
    const gone = await publishText(t.app, other, { title: '重复', content: chars.join(''), classificationId });
    expect(gone.duplicates?.matches[0]).toMatchObject({ id: kept.id, kind: 'near' });
    const [both, second, third] = [await makeUser(t.app), await makeUser(t.app), await makeUser(t.app)];
    for (const id of [kept.id, gone.id]) expect((await callAs(t.app, 'like', { body: { essayId: id } }, both.token)).code).toBe('00000');
    await callAs(t.app, 'like', { body: { essayId: gone.id } }, second.token);
    await callAs(t.app, 'like', { body: { essayId: gone.id, type: 'collect' } }, second.token);
    await callAs(t.app, 'createComment', { body: { essayId: gone.id, content: '好诗' } }, third.token);
    const hl = await callAs(t.app, 'addHighlight', { body: { essayId: gone.id, start: 6, end: 11 } }, third.token);
    expect(hl.code).toBe('00000');
    const imitation = await publishText(t.app, third, { content: uniqueText('imitation'), imitateOf: gone.id, classificationId });

    const r = await callAs(t.app, 'adminMergeEssays', { params: { id: gone.id }, body: { into: kept.id } }, admin.token);
    expect(r.code).toBe('00000');
    expect(r.data).toMatchObject({ kept: kept.id, merged: gone.id });
    expect(r.data.moved).toMatchObject({ likes: 1, collects: 1, comments: 1, highlights: 1, imitations: 1 });

    expect(await count(likes, kept.id)).toBe(2);
    expect(await count(likes, gone.id)).toBe(0);
    expect(await count(collects, kept.id)).toBe(1);
    expect(await count(comments, kept.id)).toBe(1);
    expect(await count(highlights, kept.id)).toBe(1);
    const [k] = await t.database.db.select().from(essays).where(eq(essays.id, kept.id));
    expect(k).toMatchObject({ likes: 2, collects: 1, comments: 1, imitations: 1 });
    const [g] = await t.database.db.select().from(essays).where(eq(essays.id, gone.id));
    expect(g).toMatchObject({ status: 'deleted', mergedInto: kept.id });
    const [im] = await t.database.db.select().from(essays).where(eq(essays.id, imitation.id));
    expect(im!.imitateOf).toBe(kept.id);

    // The old address answers with the kept text.
    const d = await callAs(t.app, 'essayDetails', { body: { id: gone.id } });
    expect(d.code).toBe('00000');
    expect(d.data).toMatchObject({ id: kept.id, mergedInto: kept.id });
    expect((await callAs(t.app, 'essayDetails', { body: { id: kept.id } })).data.mergedInto).toBeNull();

    // Both posters are told; the audit log says what moved.
    for (const who of [writer, other]) {
      const told = await t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.userId, who.id), eq(messages.type, 'system'), eq(messages.essayId, kept.id)));
      expect(told).toHaveLength(1);
      expect(told[0]!.content).toContain('合并');
    }
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'essay.merge'), eq(auditLog.targetId, String(gone.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ into: kept.id });

    // The merged text no longer matches; the kept one does.
    const again = await check(chars.join(''));
    expect(again.data.matches.map((m) => m.id)).toEqual([kept.id]);
  });

  it('refuses a merge into itself, into a deleted text, and within an imitation chain', async () => {
    const a = await publishText(t.app, writer, { content: uniqueText('refuse-a'), classificationId });
    const b = await publishText(t.app, writer, { content: uniqueText('refuse-b'), classificationId });
    const c = await publishText(t.app, other, { content: uniqueText('refuse-c'), imitateOf: a.id, classificationId });
    const d = await publishText(t.app, other, { content: uniqueText('refuse-d'), imitateOf: c.id, classificationId });
    const merge = (id: number, into: number, who = admin) =>
      callAs(t.app, 'adminMergeEssays', { params: { id }, body: { into } }, who.token);
    const self = await merge(a.id, a.id);
    expect(self.code).toBe('A0400');
    expect(self.msg).toContain('它自己');
    expect((await callAs(t.app, 'deleteEssay', { params: { id: b.id } }, writer.token)).code).toBe('00000');
    const deleted = await merge(a.id, b.id);
    expect(deleted.code).toBe('A0400');
    expect(deleted.msg).toContain('已删除');
    for (const [x, y] of [
      [d.id, a.id],
      [a.id, d.id],
      [c.id, a.id],
    ] as const) {
      const chain = await merge(x, y);
      expect(chain.code).toBe('A0400');
      expect(chain.msg).toContain('仿写');
    }
    expect((await merge(a.id, c.id, writer)).code).toBe('A0301');
    expect((await merge(999999, a.id)).code).toBe('A0404');
    // Nothing moved.
    const [row] = await t.database.db.select().from(essays).where(eq(essays.id, a.id));
    expect(row).toMatchObject({ status: 'published', mergedInto: null });
  });

  it('handles every foreign key to texts in the schema', async () => {
    const rows = (
      await t.database.db.execute(sql`
        select kcu.table_name as "table", kcu.column_name as "column"
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
        where ccu.table_name = 'essays' and ccu.column_name = 'id' and kcu.table_schema = current_schema()`)
    ).rows as { table: string; column: string }[];
    const found = [...new Set(rows.map((r) => `${r.table}.${r.column}`))].sort();
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(found.filter((k) => !(k in MERGE_HANDLES))).toEqual([]);
    expect(Object.keys(MERGE_HANDLES).sort()).toEqual(found);
  });
});
