/**
 * Each test file gets the real app on a real, fresh database: an in-memory PGlite, or — when
 * TEST_DATABASE_URL is set — a brand-new PostgreSQL database created for this file and dropped after.
 * createStarterApp's database is a copy of the starter library imported once per run (starterSnapshot.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { calls, fillPath, type CallData, type CallId, type CallInput } from '@shiju/contract';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { freshPostgres } from './postgres.js';
import { openStarterDatabase } from './starterSnapshot.js';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** A quiet app's settings over `dataDir` (no web, no seed), with `env` on top: tests' and benches' one recipe. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Tests publish many texts from fresh accounts; the publishing limits themselves are hardening.test.ts's to prove.
    PUBLISHES_PER_HOUR: '100000',
    NEW_ACCOUNT_PUBLISHES_PER_HOUR: '100000',
    ...env,
  });
}

/** The app on the database `open` gives; closing it closes the app and the database, then `drop`s the database. */
async function appOn(
  open: () => Promise<{ database: Database; drop(): Promise<void> }>,
  overrides: Partial<AppOptions>,
  env: Record<string, string>,
): Promise<TestContext> {
  const dataDir = path.join(os.tmpdir(), `shiju-test-${crypto.randomBytes(4).toString('hex')}`);
  const config = testConfig(dataDir, env);
  const { database, drop } = await open();
  const app = await buildApp({ config, database, ...overrides });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app on an empty database of this file's own. */
export function createTestApp(overrides: Partial<AppOptions> = {}, env: Record<string, string> = {}): Promise<TestContext> {
  return appOn(
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL;
      const pgdb = adminUrl ? await freshPostgres(adminUrl) : null;
      const database = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://', poolSize: 10 });
      return { database, drop: async () => pgdb?.drop() };
    },
    overrides,
    env,
  );
}

/**
 * The app on this file's own copy of the starter library, imported at starterNow() (a test on a fixed clock passes
 * `clock: () => starterNow()`). The first file of a run that asks waits for the import; the others for a copy.
 */
export function createStarterApp(overrides: Partial<AppOptions> = {}, env: Record<string, string> = {}): Promise<TestContext> {
  return appOn(() => openStarterDatabase(), overrides, env);
}

export interface Envelope<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/**
 * Calls the app and parses the envelope; `data` is unknown unless the caller names its type. A call outside the
 * contract on purpose (a bad route, a raw or malformed body) uses this; every other call goes through callAs.
 */
export async function call<T = unknown>(app: FastifyInstance, opts: InjectOptions & { token?: string }): Promise<Envelope<T>> {
  const { token, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: { code: string; msg: string; data: T };
  try {
    body = res.json<typeof body>();
  } catch {
    throw new Error(`not JSON (${res.statusCode}): ${res.body.slice(0, 200)}`);
  }
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, headers: res.headers };
}

/** The parts (params, query, body) call K declares, typed by the contract; a part whose fields all have defaults may be left out. */
type Declared<K extends CallId> = {
  [P in keyof CallInput<K> as CallInput<K>[P] extends undefined ? never : P]: CallInput<K>[P];
};
type Omittable<T> = { [P in keyof T]: object extends T[P] ? P : never }[keyof T];
export type CallParts<K extends CallId> = Omit<Declared<K>, Omittable<Declared<K>>> & Partial<Pick<Declared<K>, Omittable<Declared<K>>>>;

/** What a test may add to a call: the caller's address, headers, or a raw payload (a multipart upload). */
export type CallExtras = Pick<InjectOptions, 'headers' | 'remoteAddress' | 'payload'>;

type CallAsArgs<K extends CallId> =
  object extends CallParts<K>
    ? [parts?: CallParts<K>, token?: string, extras?: CallExtras]
    : [parts: CallParts<K>, token?: string, extras?: CallExtras];

/** A query string as the web client writes it: empty values left out, arrays as repeated keys. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

/** The method and URL of call K with these parts, from the contract's route table. */
export function routeOf<K extends CallId>(id: K, parts: CallParts<K> | undefined = undefined) {
  const { params, query } = (parts ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const def = calls[id];
  return { method: def.method, url: fillPath(def.path, params) + queryString(query) };
}

/**
 * Calls the app by contract id, `callAs(app, 'createComment', { body }, token)`: method and path come from the
 * contract, the parts are checked against its schemas' input types, and `data` has the call's answer type.
 */
export async function callAs<K extends CallId>(
  app: FastifyInstance,
  id: K,
  ...[parts, token, extras]: CallAsArgs<K>
): Promise<Envelope<CallData<K>>> {
  const { body } = (parts ?? {}) as { body?: unknown };
  return call<CallData<K>>(app, {
    ...routeOf(id, parts),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    ...extras,
    token,
  });
}

/** Parts of a call as sent on the wire, outside its input types: what a test of bad input sends. */
export interface UncheckedParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * Calls the app by contract id with parts its input types refuse on purpose (a test of bad input): method and path
 * still come from the contract, and `data` is unknown, since the answer is the point only when it is an error.
 */
export function callUnchecked<K extends CallId>(
  app: FastifyInstance,
  id: K,
  parts: UncheckedParts,
  token?: string,
  extras?: CallExtras,
): Promise<Envelope<unknown>> {
  return (callAs as (...args: unknown[]) => Promise<Envelope<unknown>>)(app, id, parts, token, extras);
}

let counter = 1000 + Math.floor(Math.random() * 50000);
/** Registers a fresh user and returns its token and info. */
export async function signUp(app: FastifyInstance, name?: string, password = 'goodpass123') {
  const username = name ?? `u${process.pid}_${++counter}_${crypto.randomBytes(2).toString('hex')}`;
  // Each simulated person signs up from their own address, as real people do (sign-ups are rate-limited per IP).
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const r = await callAs(app, 'register', { body: { username, password, nickname: `测试${counter}`, agree: true } }, undefined, {
    remoteAddress,
  });
  if (r.code !== '00000') throw new Error(`sign-up failed: ${r.code} ${r.msg}`);
  return { token: r.data.accessToken, user: r.data.userInfo, username, password };
}

/** A multipart/form-data body of the given parts (files or fields). */
export function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----shiju${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A stand-in for the built web app (WEB_DIST) in `dir`: its page template and, when given, the prerenderer module (ssr/render.js). */
export function writeWebDist(dir: string, template: string, prerenderer?: string): void {
  fs.writeFileSync(path.join(dir, 'index.html'), template);
  if (prerenderer === undefined) return;
  fs.mkdirSync(path.join(dir, 'ssr'));
  fs.writeFileSync(path.join(dir, 'ssr', 'render.js'), prerenderer);
}
