import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callList, calls, ERRORS, RAW_RESPONSES } from '@shiju/contract';
import { call, callAs, createTestApp, routeOf, type TestContext } from './helper.js';
import Fastify from 'fastify';
import { missingHandlers, registerCalls } from '../src/http/routes.js';
import { createHandlers } from '../src/modules/index.js';
import { DEFAULT_RATE_LIMITS } from '../src/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('envelope and error table', () => {
  it('answers health (liveness) and readiness with a database check', async () => {
    const r = await callAs(t.app, 'health');
    expect(r.status).toBe(200);
    expect(r.code).toBe('00000');
    expect(r.msg).toBe('成功');
    expect(r.data).toMatchObject({ status: 'ok' });
    expect(r.headers['x-request-id']).toBeTruthy();
    const ready = await callAs(t.app, 'ready');
    expect(ready.data).toEqual({ status: 'ready', database: 'ok' });
  });

  it('answers unknown /api paths with an A0404 envelope, for every method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      // A route outside the contract, on purpose.
      const r = await call(t.app, { method, url: '/api/v1/nope/nothing?x=1' });
      expect(r.status).toBe(404);
      expect(r.code).toBe('A0404');
      expect(r.msg).toContain('/api/v1/nope/nothing');
      expect(r.data).toBeNull();
    }
  });

  it('accepts trailing slashes (the seed writes one)', async () => {
    // The URLs differ from the contract's paths by a trailing slash, on purpose.
    const a = await call(t.app, { method: 'GET', url: `${calls.classificationsPage.path}/` });
    expect(a.code).toBe('00000');
    const b = await call(t.app, { method: 'GET', url: calls.announcementMessages.path.replace(/\/$/, '') });
    expect(b.code).toBe('A0230');
  });

  it('names the bad field in A0400 and uses HTTP 400', async () => {
    const r = await callAs(t.app, 'classificationsPage', { query: { pageSize: 500 } });
    expect(r.status).toBe(400);
    expect(r.code).toBe('A0400');
    expect(r.msg).toMatch(/^请求参数错误：pageSize/);
    const wrongType = await callAs(t.app, 'classificationDetail', { params: { id: 'abc' } });
    expect(wrongType.code).toBe('A0400');
    expect(wrongType.msg).toContain('id');
  });

  it('rejects malformed JSON and non-object bodies with A0400, never a 500', async () => {
    // Raw bodies, outside the contract's types on purpose.
    const bad = await call(t.app, { ...routeOf('login'), headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('A0400');
    expect(bad.msg).toContain('JSON');
    const arr = await call(t.app, { ...routeOf('login'), payload: [1, 2] });
    expect(arr.code).toBe('A0400');
    const text = await call(t.app, { ...routeOf('login'), headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.code).toBe('A0400');
  });

  it('rejects huge bodies with a clear error', async () => {
    const r = await callAs(t.app, 'login', { body: { username: 'x'.repeat(2_000_000), password: 'y' } });
    expect(r.code).toBe('A0400');
    expect(r.msg).toContain('请求体过大');
  });

  it('turns unexpected failures into B0001 without leaking internals', async () => {
    const ctx = await createTestApp({
      handlers: {
        health: async () => {
          throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
        },
      },
    });
    try {
      const res = await ctx.app.inject(routeOf('health'));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'B0001', msg: ERRORS.B0001.msg, data: null });
      expect(res.body).not.toContain('secret_table');
      expect(res.body).not.toContain('.ts');
    } finally {
      await ctx.close();
    }
  });

  it('maps every error code to its HTTP class', () => {
    expect(ERRORS.A0230.status).toBe(401);
    expect(ERRORS.A0301.status).toBe(403);
    expect(ERRORS.A0404.status).toBe(404);
    expect(ERRORS.A0111.status).toBe(409);
    expect(ERRORS.A0702.status).toBe(413);
    expect(ERRORS.A0501.status).toBe(429);
    expect(ERRORS.B0001.status).toBe(500);
  });
});

describe('contract coverage', () => {
  it('lists every call in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    const ops = new Set<string>();
    for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) ops.add(op.operationId);
    for (const def of callList) expect(ops, def.id).toContain(def.id);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('declares the seed paths exactly', () => {
    const paths = new Set(callList.map((c) => `${c.method} ${c.path.replace(/:id/, '{id}')}`));
    const seed = [
      'GET /api/v1/pc/classifications/page',
      'POST /api/v1/es/essays/pc/page',
      'GET /api/v1/pc/classificationTagRel/page',
      'GET /api/v1/pc/classificationTagRel/two/page',
      'GET /api/v1/app/essay/page',
      'POST /api/v1/app/essay/beLike',
      'PUT /api/v1/app/essay/beLike',
      'POST /api/v1/ads/page',
      'GET /api/v1/app/essay/{id}/form',
      'POST /api/v1/pc/essays/details',
      'POST /api/v1/es/essays/ranking/page',
      'POST /api/v1/app/essay',
      'GET /api/v1/pc/announcements/page',
      'GET /api/v1/pc/announcements/{id}/form',
      'GET /api/v1/pc/theme',
      'GET /api/v1/auth/app-login',
      'POST /api/v1/wx/openid',
      'GET /api/v1/app/essay/comment/page',
      'GET /api/v1/app/essay/comment/children/page',
      'POST /api/v1/app/essay/comment',
      'GET /api/v1/pc/classifications/{id}',
      'POST /api/pc/pc-users/create/tag',
      'GET /api/pc/pc-users/get/tag',
      'GET /api/v1/pc/essays/hobbyList',
      'GET /api/v1/pc/classificationTagRel/letter',
      'GET /api/v1/pc/essays/hobbyPage',
      'POST /api/pc/pc-users/update/tag',
      'GET /api/v1/pc/essays/tag/comment/{id}',
      'POST /api/pc/pc-users/userActive',
      'POST /api/v1/app/essay/delete/comment/{id}',
      'GET /api/v1/pc/ads/list/{id}',
      'GET /api/v1/pc/ads/frequency',
      'POST /api/v1/pc/ads/click/{id}',
      'POST /api/v1/app/essay/uninterested/{id}',
      'GET /api/app/app-users/message',
      'GET /api/app/app-users/message/page',
      'GET /api/v1/pc/announcements/message/page/',
    ];
    for (const s of seed) expect(paths, s).toContain(s);
  });

  const allHandlers = () => createHandlers({ db: t.database.db, config: t.config, runtime: t.app.runtime });

  it('has a handler for every call of the contract', () => {
    expect(missingHandlers(allHandlers())).toEqual([]);
  });

  it('refuses to start when a call has no handler, naming it', async () => {
    const { products: _dropped, ...partial } = allHandlers();
    expect(missingHandlers(partial)).toEqual(['products']);
    const app = Fastify();
    try {
      expect(() => registerCalls(app, t.app.runtime.sessions, t.app.runtime.reader, partial, {})).toThrow(/\bproducts\b/);
      // Nothing was registered: the check comes before the first route.
      expect(app.hasRoute(routeOf('health'))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('rate-limits sign-ups per IP', async () => {
    const max = DEFAULT_RATE_LIMITS.register!.max;
    const signUp = (n: number, ip: string) =>
      callAs(t.app, 'register', { body: { username: `rl_${n}`, password: 'shiju2026', agree: true } }, undefined, { remoteAddress: ip });
    for (let n = 0; n < max; n++) expect((await signUp(n, '10.7.0.1')).code).toBe('00000');
    const refused = await signUp(max, '10.7.0.1');
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('A0501');
    // The limit is per address: a neighbour signing up at the same moment is not refused.
    expect((await signUp(max + 1, '10.7.0.2')).code).toBe('00000');
  });

  it('takes the sign-up limit from SIGNUPS_PER_IP', async () => {
    const ctx = await createTestApp({}, { SIGNUPS_PER_IP: '3' });
    try {
      const codes: string[] = [];
      for (let n = 0; n < 4; n++)
        codes.push(
          (
            await callAs(ctx.app, 'register', { body: { username: `rl3_${n}`, password: 'shiju2026', agree: true } }, undefined, {
              remoteAddress: '10.7.1.1',
            })
          ).code,
        );
      expect(codes).toEqual(['00000', '00000', '00000', 'A0501']);
    } finally {
      await ctx.close();
    }
  });
});

describe('logs', () => {
  it('carry a request id and never the Authorization header, tokens or passwords', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({ logStream: { write: (l: string) => void lines.push(l) } }, { LOG_LEVEL: 'trace' });
    try {
      const reg = await callAs(ctx.app, 'register', { body: { username: 'log_watch', password: 'Secret-Pass-42', agree: true } });
      const token = reg.data.accessToken;
      await callAs(ctx.app, 'me', {}, token, { headers: { 'x-request-id': 'trace-me-123' } });
      await callAs(ctx.app, 'login', { body: { username: 'log_watch', password: 'Wrong-Pass-42' } });
      await callAs(ctx.app, 'changePassword', { body: { oldPassword: 'Secret-Pass-42', newPassword: 'Newer-Pass-43' } }, token);
      const all = lines.join('\n');
      expect(lines.length).toBeGreaterThan(4);
      expect(all).toContain('trace-me-123');
      expect(all).not.toContain(token);
      expect(all).not.toContain('Secret-Pass-42');
      expect(all).not.toContain('Wrong-Pass-42');
      expect(all).not.toContain('Newer-Pass-43');
      expect(all.toLowerCase()).not.toContain('bearer');
      for (const l of lines) expect(JSON.parse(l)).toHaveProperty('level');
    } finally {
      await ctx.close();
    }
  });
});

describe('metrics', () => {
  it('serves Prometheus text at the raw path the contract declares, counting requests by route pattern', async () => {
    await callAs(t.app, 'health');
    await callAs(t.app, 'essayDetails', { body: { id: 424242 } });
    const res = await t.app.inject({ method: 'GET', url: RAW_RESPONSES.metrics.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/shiju_http_requests_total\{route="\/api\/health",method="GET",status="200"\} \d+/);
    expect(res.body).toMatch(/shiju_http_requests_total\{route="\/api\/v1\/pc\/essays\/details",method="POST",status="404"\} \d+/);
    expect(res.body).toContain('shiju_http_request_duration_seconds_bucket');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
    expect(res.body).toMatch(/shiju_cache_lookups_total\{cache="essay-details",result="miss"\} \d+/);
    expect(res.body).toContain('shiju_job_runs_total');
    if (t.database.kind === 'postgres') expect(res.body).toMatch(/shiju_db_pool_connections\{state="total"\} \d+/);
  });
});
