/**
 * Read access to the `chinese-poetry` data package (JSON files, mostly Traditional Chinese).
 * Nothing here converts or interprets; sources decide what a file means.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { repoRoot } from '../paths.js';

/** Installed beside the workspace in tools/ (scripts/tools.mjs) — or, in an older install, in node_modules. */
const resolvers = [createRequire(path.join(repoRoot, 'tools', 'package.json')), createRequire(import.meta.url)];

let dir: string | undefined;
/**
 * The package's `dist` folder. Resolved on first use: the package is installed only in tools/ (by
 * `npm run import -- --full`, the benchmarks and `npm test`); a start loads the committed starter library file
 * instead (starterFile.ts).
 */
function corpusDir(): string {
  if (dir) return dir;
  for (const r of resolvers) {
    try {
      dir = path.join(path.dirname(r.resolve('chinese-poetry/package.json')), 'dist');
      return dir;
    } catch {
      // try the next place
    }
  }
  throw new Error('chinese-poetry 未安装：请先运行 node scripts/tools.mjs（安装 tools/ 中的完整语料）');
}

/** Whether the data package is installed (a development install; production loads the starter file). */
export function corpusInstalled(): boolean {
  try {
    corpusDir();
    return true;
  } catch {
    return false;
  }
}

export function readCorpusJson<T>(relPath: string): T {
  return JSON.parse(fs.readFileSync(path.join(corpusDir(), relPath), 'utf8')) as T;
}

export function corpusFileExists(relPath: string): boolean {
  return fs.existsSync(path.join(corpusDir(), relPath));
}

/** A numbered file of a multi-file collection, e.g. `quantangshi/poet.tang.3000.json` starts at entry 3000. */
export interface NumberedFile {
  relPath: string;
  offset: number;
}

/** Files of `dir` named `<prefix><number>.json`, in entry order (numeric, not lexical). */
export function numberedFiles(dir: string, prefix: string): NumberedFile[] {
  const pattern = new RegExp(`^${prefix.replace(/\./g, '\\.')}(\\d+)\\.json$`);
  return fs
    .readdirSync(path.join(corpusDir(), dir))
    .map((name) => ({ name, m: pattern.exec(name) }))
    .filter((f): f is { name: string; m: RegExpExecArray } => f.m !== null)
    .map((f) => ({ relPath: `${dir}/${f.name}`, offset: Number(f.m[1]) }))
    .sort((a, b) => a.offset - b.offset);
}

/**
 * Entries in a numbered collection without parsing every file: the last file's offset plus its
 * length. Used for progress totals only; the count actually read is reported at the end.
 */
export function estimateEntries(files: readonly NumberedFile[]): number {
  const last = files.at(-1);
  if (!last) return 0;
  return last.offset + readCorpusJson<unknown[]>(last.relPath).length;
}
