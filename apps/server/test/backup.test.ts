/**
 * `npm run db:backup` then `npm run db:restore` (the compiled programs) bring a database back to the state of
 * the backup: the embedded PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { classifications } from '../src/db/schema.js';
import { serverDist } from '../../../scripts/lib.mjs';

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function names(target: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(target);
  const rows = await database.db.select({ name: classifications.name }).from(classifications);
  await database.close();
  return rows.map((r) => r.name).sort();
}

async function replaceWith(target: { databaseUrl?: string; dataDir: string }, names: string[]) {
  const database = await openDatabase(target);
  await database.db.delete(classifications);
  await database.db.insert(classifications).values(names.map((name, i) => ({ name, description: '', sort: i })));
  await database.close();
}

async function roundTrip(target: { databaseUrl?: string; dataDir: string }) {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: target.dataDir,
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
  await replaceWith(target, ['诗词', '散文']);
  const file = path.join(work, `backup-${crypto.randomBytes(3).toString('hex')}`);
  const backedUp = await run(process.execPath, [path.join(serverDist, 'backup.js'), '--out', file], { env });
  expect(backedUp.stdout).toContain('备份完成');
  expect(fs.statSync(file).size).toBeGreaterThan(0);

  await replaceWith(target, ['后来的分类']);
  expect(await names(target)).toEqual(['后来的分类']);

  const restored = await run(process.execPath, [path.join(serverDist, 'restore.js'), file], { env });
  expect(restored.stdout).toContain('恢复完成');
  expect(await names(target)).toEqual(['散文', '诗词']);
}

describe('backup and restore', () => {
  it('round-trips the embedded database (PGlite dump), keeping the replaced files aside', async () => {
    const dataDir = path.join(work, 'data');
    await roundTrip({ dataDir });
    expect(fs.readdirSync(dataDir).some((f) => f.startsWith('pgdata.before-restore-'))).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('round-trips PostgreSQL (pg_dump / pg_restore)', async () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `shiju_backup_${crypto.randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    try {
      await roundTrip({ databaseUrl: url.toString(), dataDir: path.join(work, 'unused') });
    } finally {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  });

  it('refuses a missing backup file with a message', async () => {
    const err = (await run(process.execPath, [path.join(serverDist, 'restore.js'), path.join(work, 'nope')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: path.join(work, 'other') },
    }).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toContain('备份文件不存在');
    expect(err.stderr).not.toMatch(/\n\s+at /);
  });
});
