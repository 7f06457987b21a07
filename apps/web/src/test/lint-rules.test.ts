/**
 * The web's layout rules hold: each is fed the import it forbids through ESLint itself (the repo's own config), so a
 * config change that silently drops one fails here. The layout: features/<domain>/ used from outside only through
 * its index.ts, no page importing another page, components/ui and the layers below the features importing none,
 * nothing below the shell importing it, no module cycles; writes and cache patches only in a feature's api/.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const RULES = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'no-restricted-imports',
  'no-restricted-globals',
  'no-restricted-properties',
]);
// Only these rules run, without type information: the source fed here exists only in memory. The first lint walks the
// import graph for no-cycle, which takes seconds on a busy machine.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
  overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } },
});

/** The rules' messages for `code` as if it were the file at `file` (relative to apps/web/src). */
async function lintErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const restricted = (pattern: RegExp) => expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: .*${pattern.source}`));

describe('a feature is used only through its index.ts', { timeout: 120_000 }, () => {
  it('refuses another feature’s inner file, imported or loaded later', async () => {
    for (const code of [
      "import { EssayCard } from '../../essays/components/EssayCard.js';\nexport const x = EssayCard;\n",
      "export const load = () => import('../../essays/components/ShareCardDialog.js');\n",
    ]) {
      expect(await lintErrors('features/people/components/lintProbe.ts', code), code).toEqual([
        restricted(/essays feature only through its index\.ts/),
      ]);
    }
  });

  it('refuses it from the shell too, but lets the route table and the shell load a page', async () => {
    expect(
      await lintErrors(
        'shell/lintProbe.ts',
        "import { useFollow } from '../features/people/api/people.js';\nexport const x = useFollow;\n",
      ),
    ).toEqual([restricted(/people feature through its index\.ts/)]);
    expect(await lintErrors('router.lintProbe.ts', "export const load = () => import('./features/home/pages/Home/index.js');\n")).toEqual(
      [],
    );
  });

  it('allows the public surface and the feature’s own files', async () => {
    const code =
      "import { EssayCard } from '../../essays/index.js';\nimport { UserRow } from './UserRow.js';\nexport const x = [EssayCard, UserRow];\n";
    expect(await lintErrors('features/people/components/lintProbe.ts', code)).toEqual([]);
  });
});

describe('a page does not import another page', { timeout: 120_000 }, () => {
  it('refuses a page of the same feature and one of another', async () => {
    expect(
      await lintErrors(
        'features/discovery/pages/Leaderboard/lintProbe.ts',
        "import BestWeek from '../BestWeek/index.js';\nexport const x = BestWeek;\n",
      ),
    ).toEqual([restricted(/A page does not import another page/)]);
    const errors = await lintErrors(
      'features/people/pages/OthersInfor/lintProbe.ts',
      "import Details from '../../../text/pages/BellesDetails/index.js';\nexport const x = Details;\n",
    );
    expect(errors).toEqual(
      expect.arrayContaining([restricted(/text feature only through its index\.ts/), restricted(/A page does not import another page/)]),
    );
  });
});

describe('the layers below the features import none, and nothing below the shell imports it', { timeout: 120_000 }, () => {
  it('refuses a feature in components/ui, components, hooks, lib and api', async () => {
    for (const file of [
      'components/ui/lintProbe.ts',
      'components/lintProbe.ts',
      'hooks/lintProbe.ts',
      'lib/lintProbe.ts',
      'api/lintProbe.ts',
    ]) {
      const up = path.relative(path.dirname(path.join('src', file)), 'src') || '.';
      const code = `import { EssayCard } from '${up}/features/essays/index.js';\nexport const x = EssayCard;\n`;
      expect(await lintErrors(file, code), file).toEqual([restricted(/sits below the features/)]);
    }
  });

  it('refuses the shell below it, and the API layer in lib/', async () => {
    expect(await lintErrors('components/lintProbe.ts', "import { Layout } from '../shell/Layout.js';\nexport const x = Layout;\n")).toEqual(
      [restricted(/The shell sits on top/)],
    );
    expect(
      await lintErrors(
        'features/essays/components/lintProbe.ts',
        "import { Layout } from '../../../shell/Layout.js';\nexport const x = Layout;\n",
      ),
    ).toEqual([restricted(/The shell sits on top/)]);
    expect(await lintErrors('lib/lintProbe.ts', "import { api } from '../api/client.js';\nexport const x = api;\n")).toEqual([
      restricted(/lib\/ sits below the API layer/),
    ]);
  });
});

describe('module cycles', { timeout: 120_000 }, () => {
  it('are refused', async () => {
    // EssayCard imports Counters.tsx: Counters importing it back closes a circle.
    const errors = await lintErrors(
      'features/essays/components/Counters.tsx',
      "import { EssayCard } from './EssayCard.js';\nexport const x = EssayCard;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});

describe('one way to write', { timeout: 120_000 }, () => {
  it('keeps raw calls, fetch and cache writes out of pages and components', async () => {
    const page = 'features/space/pages/Space/lintProbe.ts';
    expect(await lintErrors(page, "import { api } from '../../../../api/client.js';\nexport const x = api;\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*features\/<domain>\/api/),
    ]);
    expect(await lintErrors(page, "export const x = () => fetch('/api/v1/users/me/export');\n")).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*request layer/),
    ]);
    expect(
      await lintErrors(
        page,
        "import type { QueryClient } from '@tanstack/react-query';\nexport const x = (c: QueryClient) => c.setQueryData(['a'], 1);\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-properties: .*mutation hook/)]);
  });

  it('allows them in a feature’s api/', async () => {
    const code = "import { api } from '../../../api/client.js';\nexport const x = api;\n";
    expect(await lintErrors('features/account/api/lintProbe.ts', code)).toEqual([]);
  });
});
