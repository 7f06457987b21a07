/**
 * Two compiled server processes on one PostgreSQL: a change to a user made through process A (role, ban,
 * membership, block, password, deletion) is seen on process B's next request once B has heard A's broadcast,
 * though B keeps readers' sessions for the public reads (10 s) and had just kept that user's. A answers only after
 * the broadcast is sent; B hears it milliseconds later. The test waits for that delivery (B's
 * shiju_broadcasts_received_total), not for a clock, so a busy machine cannot make it race.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addClassification, apiAs, canRunPrivatePostgres, privatePostgres, query, startServer, type ServerProcess } from './processes.js';

let cluster: Awaited<ReturnType<typeof privatePostgres>>;
let a: ServerProcess;
let b: ServerProcess;
let admin: string;
let author: { id: number; token: string };
let published: number;
let draft: number;
const run = crypto.randomBytes(3).toString('hex');
let n = 0;

async function register(base = a.base) {
  const r = await apiAs(base, 'register', { body: { username: `uc_${run}_${++n}`, password: 'goodpass123', agree: true } });
  expect(r.code).toBe('00000');
  return { id: r.data.userInfo.id, token: r.data.accessToken, username: `uc_${run}_${n}` };
}

/** How many user changes B has heard of from other processes (its metrics). */
async function userNewsOnB(): Promise<number> {
  const text = await (await fetch(`${b.base}/metrics`)).text();
  return Number(/^shiju_broadcasts_received_total\{topic="user"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

/** Makes a change on A and returns once B has heard of it. */
async function onA<T>(change: () => Promise<T>): Promise<T> {
  const before = await userNewsOnB();
  const result = await change();
  await vi.waitFor(async () => expect(await userNewsOnB()).toBeGreaterThan(before), { timeout: 10_000, interval: 10 });
  return result;
}

/** Whether B, on a public read, takes the token for the user who liked the published text (a kept session does). */
const likedOnB = async (token: string) => (await apiAs(b.base, 'essayDetails', { body: { id: published } }, { token })).data?.liked;
const like = (token: string) => apiAs(a.base, 'like', { body: { essayId: published } }, { token });

describe.skipIf(!canRunPrivatePostgres)('a change to a user, across processes', () => {
  beforeAll(async () => {
    cluster = await privatePostgres();
    const env = {
      DATABASE_URL: cluster.url,
      SIGNUPS_PER_IP: '100',
      PAYMENT_MANUAL_PAYEE: '拾句文化',
      PAYMENT_MANUAL_BANK: '招商银行',
      PAYMENT_MANUAL_ACCOUNT: '6225 0000 1111',
    };
    // One migrates the empty database first; the other starts on it.
    a = await startServer(env);
    b = await startServer(env);
    const classificationId = await addClassification(cluster.url);
    const adminUser = await register();
    await query(cluster.url, `update users set role = 'admin' where id = $1`, [adminUser.id]);
    admin = adminUser.token;
    author = await register();
    const write = (content: string, status: 'publish' | 'draft') =>
      apiAs(a.base, 'createEssay', { body: { type: 'sentence', content, classificationId, status } }, { token: author.token });
    published = (await write('春眠不觉晓，处处闻啼鸟。', 'publish')).data.id;
    draft = (await write('夜来风雨声，花落知多少。', 'draft')).data.id;
    await query(cluster.url, `insert into products (name, price_fen, days, sort) values ('月度会员', 1500, 30, 1)`);
    await query(
      cluster.url,
      `insert into ads (title, image, link, position, weight, frequency) values ('会员九折', '/brand/ad-1.svg', '/myOrder', 5, 10, 0)`,
    );
  });

  afterAll(async () => {
    for (const s of [a, b]) if (s?.alive()) s.kill('SIGKILL');
    await cluster?.destroy();
  });

  it('role: made an editor on A, the user reads drafts on B at once', async () => {
    const u = await register();
    const readDraft = () => apiAs(b.base, 'essayDetails', { body: { id: draft } }, { token: u.token });
    expect((await readDraft()).code).toBe('A0404'); // B keeps the session of a reader
    expect((await onA(() => apiAs(a.base, 'adminSetRole', { params: { id: u.id }, body: { role: 'admin' } }, { token: admin }))).code).toBe(
      '00000',
    );
    expect((await readDraft()).code).toBe('00000');
  });

  it('ban: banned on A, the token is a visitor’s on B at once', async () => {
    const u = await register();
    expect((await like(u.token)).code).toBe('00000');
    expect(await likedOnB(u.token)).toBe(true);
    const ban = await onA(() =>
      apiAs(a.base, 'adminBanUser', { params: { id: u.id }, body: { reason: '刷屏', until: null } }, { token: admin }),
    );
    expect(ban.code).toBe('00000');
    expect(await likedOnB(u.token)).toBe(false);
  });

  it('membership: a payment confirmed on A, no ads on B at once', async () => {
    const u = await register();
    const adsOnB = async () => (await apiAs(b.base, 'adsList', { params: { id: 5 } }, { token: u.token })).data;
    expect(await adsOnB()).toHaveLength(1);
    const products = (await apiAs(a.base, 'products')).data;
    const order = await apiAs(a.base, 'createOrder', { body: { productId: products[0]!.id } }, { token: u.token });
    expect(
      (await apiAs(a.base, 'payOrder', { params: { id: order.data.id }, body: { provider: 'manual' } }, { token: u.token })).code,
    ).toBe('00000');
    expect((await onA(() => apiAs(a.base, 'adminConfirmOrder', { params: { id: order.data.id } }, { token: admin }))).code).toBe('00000');
    expect(await adsOnB()).toEqual([]);
  });

  it("block: blocking the author on A takes the author's texts out of the user's lists on B at once", async () => {
    const u = await register();
    const listedOnB = async () =>
      (await apiAs(b.base, 'essaysPage', { body: { pageSize: 50 } }, { token: u.token })).data.list.some((e) => e.id === published);
    expect(await listedOnB()).toBe(true);
    expect((await onA(() => apiAs(a.base, 'block', { params: { id: author.id } }, { token: u.token }))).code).toBe('00000');
    expect(await listedOnB()).toBe(false);
  });

  it('password: changed on A, the other sessions are visitors on B at once', async () => {
    const u = await register();
    const other = (await apiAs(a.base, 'login', { body: { username: u.username, password: 'goodpass123' } })).data.accessToken;
    expect((await like(u.token)).code).toBe('00000');
    expect(await likedOnB(other)).toBe(true);
    const changed = await onA(() =>
      apiAs(a.base, 'changePassword', { body: { oldPassword: 'goodpass123', newPassword: 'better-pass-456' } }, { token: u.token }),
    );
    expect(changed.code).toBe('00000');
    expect(await likedOnB(other)).toBe(false);
    expect(await likedOnB(u.token)).toBe(true);
  });

  it('deletion: asked for on A, B shows the date at once, and the kept session follows', async () => {
    const u = await register();
    expect((await like(u.token)).code).toBe('00000');
    expect(await likedOnB(u.token)).toBe(true);
    const asked = await onA(() =>
      apiAs(a.base, 'requestDeletion', { body: { password: 'goodpass123', keepContent: true } }, { token: u.token }),
    );
    expect(asked.code).toBe('00000');
    expect((await apiAs(b.base, 'me', {}, { token: u.token })).data.deletionDueAt).toBe(asked.data.deletionDueAt);
    // The account works until its date: still the same reader on B's public reads.
    expect(await likedOnB(u.token)).toBe(true);
    expect((await onA(() => apiAs(a.base, 'cancelDeletion', {}, { token: u.token }))).code).toBe('00000');
    expect((await apiAs(b.base, 'me', {}, { token: u.token })).data.deletionDueAt).toBeNull();
  });
});
