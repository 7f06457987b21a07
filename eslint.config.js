// One lint setup for the whole repo. Type-aware rules catch the bugs that cost us before:
// promises nobody awaits (a view flush that killed the process), promises passed where a callback
// returns void, and switches that forget a case when a union grows.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

/** No module-level mutable state in server modules and lib (see the server state block below). */
const serverStateRules = ['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((at) => [
  {
    selector: `${at}[kind='let']`,
    message: 'No top-level let: mutable state belongs to the app (src/runtime.ts); a value made once is once(() => …).',
  },
  {
    selector: `${at} > VariableDeclarator > NewExpression[callee.name=/^(Map|Set|WeakMap|WeakSet|LRUCache|Cache|JobQueue)$/]`,
    message:
      'No top-level map, set, cache or queue: it belongs to the app (src/runtime.ts). An immutable lookup table may be allowed by name: eslint-disable-next-line no-restricted-syntax -- <why it never changes>.',
  },
]);

/**
 * Another module is imported only through its index.ts (its public surface), from anywhere in the server: by the
 * path through modules/ (`../../modules/b/queries.js`) and, inside modules/, by the sibling path (`../b/queries.js`).
 * Flat config gives a file the last no-restricted-imports that matches it, so a later block for modules/ repeats
 * these patterns rather than replacing them.
 */
const moduleSurface = {
  message: 'Import another module only through its index.ts (its public surface).',
  throughModules: '(^|/)modules/[a-z]+/(?!index\\.js$)',
  sibling: '^\\.\\./[a-z]+/(?!index\\.js$)',
};

/** Writes to users, sessions and blocks belong to the users module (sessions also to auth). */
const userWriteRules = [
  {
    selector: 'CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name=/^(users|sessions|blocks)$/]',
    message: 'Only the users module writes users, sessions and blocks: call its functions (changeUser, moveUserCounter, …).',
  },
];

/**
 * The zones of the web's layout (import-x/no-restricted-paths, see the web layout block): a feature
 * (apps/web/src/features/<domain>/) is used from outside only through its index.ts, and its pages
 * (features/<domain>/pages/<Page>/) only by the route table and the shell; a page does not import another page;
 * api, lib, hooks and the shared components sit below the features and import none; nothing imports the shell but
 * the app's start. Stylesheets are exempt: a page's first-paint styles are listed by main.tsx.
 */
const webSrc = path.join(import.meta.dirname, 'apps/web/src');
const webFeatures = fs
  .readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webPages = webFeatures.flatMap((f) => {
  const dir = path.join(webSrc, 'features', f, 'pages');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((page) => [f, page]) : [];
});
const css = `${webSrc}/**/*.css`;
const webZones = [
  ...webFeatures.map((f) => ({
    target: `${webSrc}/!(features)/**`,
    from: `${webSrc}/features/${f}/**`,
    except: [`${webSrc}/features/${f}/index.{ts,tsx}`, `${webSrc}/features/${f}/pages/**`, css],
    message: `Use the ${f} feature through its index.ts (its public surface).`,
  })),
  ...webFeatures.map((f) => ({
    target: `${webSrc}/features/!(${f})/**`,
    from: `${webSrc}/features/${f}/**`,
    except: [`${webSrc}/features/${f}/index.{ts,tsx}`, css],
    message: `Import the ${f} feature only through its index.ts (its public surface).`,
  })),
  ...webPages.map(([f, page]) => ({
    target: `${webSrc}/features/${f}/pages/${page}/**`,
    from: `${webSrc}/features/*/pages/!(${page})/**`,
    except: [css],
    message: 'A page does not import another page: what both need belongs to the feature (components/, api/).',
  })),
  ...['api', 'lib', 'hooks', 'components'].map((layer) => ({
    target: `${webSrc}/${layer}/**`,
    from: `${webSrc}/features/**`,
    except: [css],
    message: `${layer}/ sits below the features and imports none of them.`,
  })),
  ...['api', 'lib', 'hooks', 'components', 'features'].map((layer) => ({
    target: `${webSrc}/${layer}/**`,
    from: `${webSrc}/shell/**`,
    message: 'The shell sits on top: nothing below it imports it.',
  })),
  { target: `${webSrc}/lib/**`, from: `${webSrc}/api/**`, message: 'lib/ sits below the API layer and does not import it.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/src/db/migrations/**', 'data/**', 'apps/server/bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  // ---- server module boundaries: each domain under src/modules is one module whose public surface is its
  // index.ts; other code imports only that, and modules do not import each other in cycles. ----
  {
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: moduleSurface.throughModules, message: moduleSurface.message }],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: moduleSurface.throughModules, message: moduleSurface.message },
            { regex: moduleSurface.sibling, message: moduleSurface.message },
          ],
        },
      ],
    },
  },
  // Nothing under src/ imports in a circle. import-x skips type-only imports (it has no option to count them), so
  // test/lint-rules.test.ts walks src/'s imports with the type imports as well.
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // ---- server state: caches, buffers, queues and registries belong to the app (src/runtime.ts), never to a module,
  // so two apps in one process share nothing. Immutable lookup tables are allowed by name, with the reason.
  // ---- one owner for changes to a user: only the users module (and auth, which keeps the sessions) writes the
  // users, sessions and blocks tables; other modules call its functions (changeUser, moveUserCounter, …). ----
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverStateRules] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/{users,auth}/**', 'apps/server/src/import/**', 'apps/server/src/db/**'],
    rules: { 'no-restricted-syntax': ['error', ...userWriteRules] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/{users,auth}/**'],
    rules: { 'no-restricted-syntax': ['error', ...serverStateRules, ...userWriteRules] },
  },
  // ---- end server state ----
  // ---- server layers: tables are named only in statement files (a module's queries.ts or <name>Queries.ts,
  // import/statements.ts) and in src/db; services, presenters and routes call those. The typescript-eslint twin of
  // no-restricted-imports, so this does not replace the module-boundary patterns above. ----
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/modules/*/queries.ts',
      'apps/server/src/modules/*/*Queries.ts',
      'apps/server/src/jobs/*Queries.ts',
      'apps/server/src/import/statements.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'db/schema(\\.js)?$',
              message: 'Tables belong in statement files (queries.ts, <name>Queries.ts, import/statements.ts): call a statement there.',
            },
          ],
        },
      ],
    },
  },
  // ---- end server layers ----
  // ---- web: the browser takes values from the contract's light entries (core, anchors, notes, pages, tones…); the
  // whole contract (every zod schema) is for types only, or it joins the reader's first load. ----
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@shiju/contract',
              allowTypeImports: true,
              message:
                'Import values from a light entry (@shiju/contract/core, /anchors, /notes, /pages…): the whole contract brings every zod schema to the page.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // ---- web: one way to write. Features, shared components, the shell and shared hooks write through the mutation
  // hooks of features/<domain>/api/, which own what each write changes in the cache; they read through query options. ----
  {
    files: ['apps/web/src/{features,components,shell,hooks}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Write through the mutation hook of features/<domain>/api/ (defineWrite / defineCallWrite).',
            },
          ],
          patterns: [
            {
              regex: '(^|/)api/(index|client|request)\\.js$',
              importNames: ['api', 'callApi', 'request'],
              message: 'Call the API through features/<domain>/api/: query options to read, a mutation hook to write.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          property: 'invalidateQueries',
          message: 'What a write changes belongs in its mutation hook (features/<domain>/api/), not in a page.',
        },
        {
          property: 'setQueryData',
          message: 'What a write changes belongs in its mutation hook (features/<domain>/api/), not in a page.',
        },
        {
          object: 'window',
          property: 'fetch',
          message: 'Call the API through features/<domain>/api/ (the request layer reads the envelope once).',
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through features/<domain>/api/ (the request layer reads the envelope once).' },
      ],
    },
  },
  // ---- web layout: a feature (features/<domain>/) is used from outside only through its index.ts; a page is not
  // imported by another page; the shared UI (components/ui) and the layers below the features (api, lib, hooks,
  // components) import no feature; nothing below the shell imports it. Module cycles are errors. ----
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // no-cycle follows the modules themselves, not a feature's surface: the build sees through index.ts
      // (apps/web/feature-surfaces.ts), so a surface joins no cycle in the code that runs.
      'import-x/ignore': ['/src/features/[^/]+/index\\.ts$'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones, basePath: import.meta.dirname }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // ---- end web ----
);
