// The published OpenAPI document: valid for a maintained validator, and complete enough to generate a client.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, DOMAINS } from '@shiju/contract';
import { createTestApp, type TestContext } from './helper.js';

let t: TestContext;
let doc: any;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => t?.close());

describe('OpenAPI document', () => {
  it('declares 3.1 and validates with swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    // The same schemas under a 3.0 label are invalid (3.0's own dialect): the validator really checks them.
    await expect(SwaggerParser.validate({ ...structuredClone(doc), openapi: '3.0.3' })).rejects.toThrow();
  });

  it('names every call with an operationId, a Chinese summary, its error codes and, where needed, the token', () => {
    const ops = new Map<string, any>();
    for (const [p, methods] of Object.entries<any>(doc.paths))
      for (const [m, op] of Object.entries<any>(methods)) ops.set(op.operationId, { ...op, p, m });
    for (const [id, def] of Object.entries(calls)) {
      const op = ops.get(id);
      expect(op, id).toBeDefined();
      expect(op.summary, id).toMatch(/\p{Script=Han}/u);
      for (const code of def.errors) expect(JSON.stringify(op.responses), `${id} ${code}`).toContain(code);
      if (def.auth === 'required' || def.auth === 'admin') expect(op.security, id).toEqual([{ bearer: [] }]);
      if (def.auth === 'none') expect(op.security, id).toBeUndefined();
    }
  });

  it('groups every operation under exactly one tag, its domain, and uses every domain', () => {
    const tags = new Set<string>();
    for (const methods of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(methods)) {
        expect(op.tags, op.operationId).toEqual([calls[op.operationId as keyof typeof calls].domain]);
        tags.add(op.tags[0]);
      }
    expect([...tags].sort()).toEqual([...DOMAINS].sort());
  });

  it('generates TypeScript types with openapi-typescript that a small client type-checks against', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(structuredClone(doc))));
      fs.writeFileSync(
        path.join(dir, 'client.ts'),
        `import type { paths } from './api';
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Classifications = Json<paths['/api/v1/pc/classifications/page']['get']['responses'][200]>;
type Login = NonNullable<paths['/api/v1/auth/login']['post']['requestBody']>['content']['application/json'];
export async function firstClassification(base: string): Promise<string | undefined> {
  const body = (await (await fetch(base + '/api/v1/pc/classifications/page')).json()) as Classifications;
  const first = body.data.list[0];
  return first?.name;
}
export const login: Login = { username: 'libai', password: 'moonlight99' };
// @ts-expect-error the generated types know the login body's fields
export const wrong: Login = { user: 'libai' };
`,
      );
      const tsc = path.resolve(import.meta.dirname, '../../../node_modules/typescript/bin/tsc');
      const r = spawnSync(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--lib',
          'es2022,dom',
          path.join(dir, 'client.ts'),
        ],
        { encoding: 'utf8' },
      );
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
