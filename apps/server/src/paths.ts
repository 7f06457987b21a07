/**
 * Where the server's files live, the same whether this code runs from `src/` (tests, dev) or bundled into
 * `dist/` (production): in the bundle every module shares the bundle's own folder.
 */
import path from 'node:path';

const here = import.meta.dirname;
/** apps/server */
export const serverRoot = path.basename(here) === 'dist' ? path.dirname(here) : path.resolve(here, '..');
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
/** The import program (npm run import), compiled or as source (then run with the current loader, e.g. tsx). */
export const importProgram = path.basename(here) === 'dist' ? path.join(here, 'import.js') : path.join(serverRoot, 'src/import/cli.ts');
