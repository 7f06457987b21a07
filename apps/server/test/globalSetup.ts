// Process tests run the compiled server, as production does: build it once, before any test file starts.
// The run's starter library (starterSnapshot.ts) is named here, built by the first file that needs it, and removed
// at the end: its directory and, on PostgreSQL, its template database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt } from '../../../scripts/lib.mjs';
import { dropPostgres } from './postgres.js';
import type { StarterRun } from './starterSnapshot.js';

export default async function setup(project: TestProject) {
  await ensureServerBuilt();
  const run: StarterRun = {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-starter-')),
    template: `shiju_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`,
    now: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
  };
  project.provide('starterRun', run);
  return async () => {
    fs.rmSync(run.dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) await dropPostgres(adminUrl, run.template);
  };
}
