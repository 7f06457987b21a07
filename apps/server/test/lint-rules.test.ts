/**
 * The server's import rules hold: each is fed the import it forbids through ESLint itself (the repo's own config), so
 * a config change that silently drops one (a later block replacing an earlier pattern) fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'import-x/no-cycle']);
// Only the import rules run, without type information: the source fed here exists only in memory.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
  overrideConfig: { files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: false } } },
});

/** The import rules' messages for `code` as if it were the file at `file` (relative to apps/server/src). */
async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('a module is imported only through its index.ts', () => {
  it('refuses another module’s inner file from a module, by the path through modules/ and by the sibling path', async () => {
    for (const from of ["'../../modules/users/queries.js'", "'../users/queries.js'"]) {
      const errors = await importErrors('modules/essays/lintProbe.ts', `import { setEmail } from ${from};\nexport const x = setEmail;\n`);
      expect(errors, from).toEqual([expect.stringMatching(/^no-restricted-imports: .*index\.ts/)]);
    }
  });

  it('refuses it from outside modules/ too', async () => {
    const errors = await importErrors(
      'http/lintProbe.ts',
      "import { setEmail } from '../modules/users/queries.js';\nexport const x = setEmail;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*index\.ts/)]);
  });

  it('allows the public surface and the module’s own files', async () => {
    const code =
      "import { setEmail } from '../users/index.js';\nimport { cardsOf } from './queries.js';\nexport const x = [setEmail, cardsOf];\n";
    expect(await importErrors('modules/essays/lintProbe.ts', code)).toEqual([]);
  });
});

describe('tables are named only in statement files', () => {
  it('refuses the schema in a service and keeps the module rule beside it', async () => {
    const code =
      "import { users } from '../../db/schema.js';\nimport { setEmail } from '../users/queries.js';\nexport const x = [users, setEmail];\n";
    const errors = await importErrors('modules/essays/service.ts', code);
    expect(errors).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*Tables belong in statement files/),
      expect.stringMatching(/^no-restricted-imports: .*index\.ts/),
    ]);
  });
});

describe('nothing under src/ imports in a circle', () => {
  it('lint refuses a value import that closes a circle', async () => {
    // lib/paging.ts is reached from app.ts through the modules: importing app.ts back closes the circle.
    const errors = await importErrors('lib/paging.ts', "import { buildApp } from '../app.js';\nexport const x = buildApp;\n");
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });

  const src = path.resolve(import.meta.dirname, '../src');
  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
    });

  /** Each file's imports inside src/, type-only, re-exports and import() included (TypeScript's own reading). */
  function importGraph(files: Map<string, string>): Map<string, string[]> {
    return new Map(
      [...files].map(([file, text]) => [
        file,
        ts
          .preProcessFile(text, true, true)
          .importedFiles.map((f) => f.fileName)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'))
          .filter((target) => files.has(target)),
      ]),
    );
  }

  /** The graph's circles: its strongly connected components of more than one file (Tarjan's algorithm). */
  function circles(graph: Map<string, string[]>): string[][] {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const found: string[][] = [];
    const visit = (v: string) => {
      index.set(v, index.size);
      low.set(v, index.get(v)!);
      stack.push(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do component.push((w = stack.pop()!));
        while (w !== v);
        if (component.length > 1) found.push(component.sort());
      }
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    return found;
  }

  it('finds a circle closed by a type import (the check can fail)', () => {
    const files = new Map([
      ['/s/http/routes.ts', "import type { Runtime } from '../runtime.js';"],
      ['/s/runtime.ts', "import { createCaches } from './modules/essays/index.js';"],
      ['/s/modules/essays/index.ts', "export { essayHandlers } from './routes.js';"],
      ['/s/modules/essays/routes.ts', "import { defineHandlers } from '../../http/routes.js';"],
      ['/s/lib/time.ts', "import type { Db } from '../db/types.js';"],
    ]);
    expect(circles(importGraph(files))).toEqual([
      ['/s/http/routes.ts', '/s/modules/essays/index.ts', '/s/modules/essays/routes.ts', '/s/runtime.ts'],
    ]);
  });

  it('holds for every import in src/, type imports included', () => {
    const files = new Map(sourceFiles(src).map((f) => [f, fs.readFileSync(f, 'utf8')]));
    const found = circles(importGraph(files)).map((c) => c.map((f) => path.relative(src, f)));
    expect(found).toEqual([]);
  });
});
