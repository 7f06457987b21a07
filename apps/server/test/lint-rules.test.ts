/**
 * The server's import rules hold: each is fed the import it forbids through ESLint itself (the repo's own config), so
 * a config change that silently drops one (a later block replacing an earlier pattern) fails here.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
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
