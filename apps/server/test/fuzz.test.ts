// Contract-derived bad requests against every call, and the authorization matrix from each call's `auth`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calls, RAW_RESPONSES, type RouteDef } from '@shiju/contract';
import { callAs, createTestApp, signUp, type TestContext } from './helper.js';
import { seedTaxonomy } from './fixtures.js';
import { classifications, products, sessions, users } from '../src/db/schema.js';
import { hashToken, newToken } from '../src/modules/auth/index.js';
import { fuzzCases, LEAKS } from './contract-fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);

let t: TestContext;
let userToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({}, { LOG_LEVEL: 'silent' });
  await seedTaxonomy(t.database.db);
  userToken = (await signUp(t.app)).token;
  const admin = await signUp(t.app);
  await t.database.db
    .update(users)
    .set({ role: 'admin' })
    .where(sql`${users.id} = ${admin.user.id}`);
  adminToken = admin.token;
});
afterAll(async () => t?.close());

/** Signing out revokes the token it is sent with, so each sign-out case gets a session of its own. */
async function tokenFor(callId: string, def: RouteDef) {
  if (callId !== 'logout') return def.auth === 'admin' ? adminToken : userToken;
  const token = newToken();
  const [owner] = await t.database.db.select({ id: users.id }).from(users).limit(1);
  await t.database.db
    .insert(sessions)
    .values({ userId: owner!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

/** Whether this answer is one of the declared non-envelope answers (RAW_RESPONSES) of this call's path. */
function isDeclaredRaw(def: RouteDef, contentType: unknown) {
  return Object.values(RAW_RESPONSES).some((raw) => raw.path === def.path && raw.method === def.method && raw.contentType === contentType);
}

/** A 5xx is acceptable only when the call declares that code (a third-party failure, say). */
function allowed5xx(def: RouteDef, code: unknown) {
  return typeof code === 'string' && (def.errors as readonly string[]).includes(code);
}

/** Every table's rows, fingerprinted: a refused write must leave all of them as they were. */
async function fingerprint() {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('sessions', 'rate_counters', '__drizzle_migrations') order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const r = await t.database.db.execute<{ h: string | null }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table_name)} x`,
    );
    parts.push(`${table_name}:${r.rows[0]?.h}`);
  }
  return parts.join('\n');
}

describe('authorization matrix: every call × (visitor, user, admin)', () => {
  let ip = 0;
  const entries = Object.entries(calls) as [string, RouteDef][];

  it('visitors get A0230 exactly where the contract says a sign-in is needed, and refused calls change nothing', async () => {
    const asVisitor = (def: RouteDef) =>
      // A fresh address per call: per-IP rate limits (uploads, sign-ups) answer before the sign-in check.
      t.app.inject({
        method: def.method,
        url: def.path.replace(/:(\w+)/g, '1'),
        payload: def.method === 'GET' ? undefined : {},
        remoteAddress: `10.77.${++ip >> 8}.${ip & 255}`,
      });
    const needsSignIn = (d: RouteDef) => d.auth === 'required' || d.auth === 'admin';
    const before = await fingerprint();
    for (const [id, def] of entries.filter(([, d]) => needsSignIn(d))) {
      const r = await asVisitor(def);
      expect(r.json().code, `${id} ${r.json().msg}`).toBe('A0230');
    }
    expect(await fingerprint()).toBe(before);
    for (const [id, def] of entries.filter(([, d]) => !needsSignIn(d))) expect((await asVisitor(def)).json().code, id).not.toBe('A0230');
  });

  it('signed-in users get A0301 on every admin call and nothing changes', async () => {
    const admin = entries.filter(([, d]) => d.auth === 'admin');
    const before = await fingerprint();
    for (const [id, def] of admin) {
      const r = await t.app.inject({
        method: def.method,
        url: def.path.replace(/:(\w+)/g, '1'),
        payload: def.method === 'GET' ? undefined : {},
        headers: { authorization: `Bearer ${userToken}` },
      });
      expect(r.json().code, id).toBe('A0301');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('admins pass the sign-in and role checks of every call', async () => {
    for (const [id, def] of entries.filter(([callId]) => callId !== 'logout')) {
      const r = await t.app.inject({
        method: def.method,
        url: def.path.replace(/:(\w+)/g, '1'),
        payload: def.method === 'GET' ? undefined : {},
        headers: { authorization: `Bearer ${adminToken}` },
      });
      // A declared raw answer (the data export's zip) passed both checks by being served.
      if (isDeclaredRaw(def, r.headers['content-type'])) continue;
      const code = r.json().code;
      expect(code, id).not.toBe('A0230');
      if (def.auth === 'admin') expect(code, id).not.toBe('A0301');
    }
  });
});

describe("someone else's resources: every write on another user's text, comment or order is refused", () => {
  it('answers A0301 or A0404 and changes nothing', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const [cls] = await t.database.db.select({ id: classifications.id }).from(classifications).limit(1);
    const [product] = await t.database.db
      .insert(products)
      .values({ name: '月度会员', priceFen: 1500, days: 30 })
      .returning({ id: products.id });
    const essay = await callAs(
      t.app,
      'createEssay',
      { body: { type: 'sentence', content: '落霞与孤鹜齐飞，秋水共长天一色。', classificationId: cls!.id, status: 'publish' } },
      owner.token,
    );
    const comment = await callAs(t.app, 'createComment', { body: { essayId: essay.data.id, content: '自己的评论' } }, owner.token);
    const order = await callAs(t.app, 'createOrder', { body: { productId: product!.id } }, owner.token);
    expect([essay.code, comment.code, order.code]).toEqual(['00000', '00000', '00000']);

    const before = await fingerprint();
    const id = essay.data.id;
    const refused = [
      await callAs(
        t.app,
        'updateEssay',
        { params: { id }, body: { type: 'sentence', content: '改掉别人的句子', classificationId: cls!.id, status: 'publish' } },
        other.token,
      ),
      await callAs(t.app, 'deleteEssay', { params: { id } }, other.token),
      await callAs(t.app, 'essayForm', { params: { id } }, other.token),
      await callAs(t.app, 'deleteComment', { params: { id: comment.data.id } }, other.token),
      await callAs(t.app, 'cancelOrder', { params: { id: order.data.id } }, other.token),
      await callAs(t.app, 'payOrder', { params: { id: order.data.id } }, other.token),
    ];
    for (const r of refused) expect(['A0301', 'A0404']).toContain(r.code);
    expect(await fingerprint()).toBe(before);
  });
});

describe(`fuzz: ${COUNT} bad requests derived from the contract (seed ${SEED})`, () => {
  it('never answers 5xx, always answers the envelope, and never leaks internals', async () => {
    const problems: string[] = [];
    for (const c of fuzzCases(SEED, COUNT)) {
      const def = calls[c.callId as keyof typeof calls] as RouteDef;
      const res = await t.app.inject({
        ...c.request,
        headers: { ...(c.request.headers ?? {}), ...(c.signedIn ? { authorization: `Bearer ${await tokenFor(c.callId, def)}` } : {}) },
      });
      const where = `${c.callId} · ${c.what} → ${res.statusCode}`;
      if (res.statusCode === 200 && isDeclaredRaw(def, res.headers['content-type'])) continue;
      let body: { code?: unknown; msg?: unknown; data?: unknown } | null;
      try {
        body = res.json();
      } catch {
        problems.push(`${where}: not JSON: ${res.body.slice(0, 120)}`);
        continue;
      }
      if (typeof body?.code !== 'string' || typeof body?.msg !== 'string' || !(body && 'data' in body))
        problems.push(`${where}: not the envelope`);
      if (res.statusCode >= 500 && !allowed5xx(def, body?.code)) problems.push(`${where}: ${body?.code} ${body?.msg}`);
      for (const leak of LEAKS) if (leak.test(res.body) && res.statusCode >= 400) problems.push(`${where}: leaks ${leak}`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});
