/**
 * Each test file gets the real app on a real, fresh database: an in-memory PGlite, or — when
 * TEST_DATABASE_URL is set — a brand-new PostgreSQL database created for this file and dropped after.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

async function freshPostgres(adminUrl: string) {
  const name = `shiju_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

export async function createTestApp(overrides: Partial<AppOptions> = {}, env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = path.join(os.tmpdir(), `shiju-test-${crypto.randomBytes(4).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgdb = adminUrl ? await freshPostgres(adminUrl) : null;
  const database = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://', poolSize: 10 });
  const app = await buildApp({ config, database, ...overrides });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await pgdb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Envelope<T = any> {
  status: number;
  code: string;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** Calls the app and parses the envelope. */
export async function call<T = any>(app: FastifyInstance, opts: InjectOptions & { token?: string }): Promise<Envelope<T>> {
  const { token, ...rest } = opts;
  const res = await app.inject({
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    throw new Error(`not JSON (${res.statusCode}): ${res.body.slice(0, 200)}`);
  }
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, headers: res.headers };
}

let counter = 1000 + Math.floor(Math.random() * 50000);
/** Registers a fresh user and returns its token and info. */
export async function signUp(app: FastifyInstance, name?: string, password = 'goodpass123') {
  const username = name ?? `u${process.pid}_${++counter}_${crypto.randomBytes(2).toString('hex')}`;
  // Each simulated person signs up from their own address, as real people do (sign-ups are rate-limited per IP).
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const r = await call(app, {
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { username, password, nickname: `测试${counter}`, agree: true },
    remoteAddress,
  });
  if (r.code !== '00000') throw new Error(`sign-up failed: ${r.code} ${r.msg}`);
  return { token: r.data.accessToken as string, user: r.data.userInfo, username, password };
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
