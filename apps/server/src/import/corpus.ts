/**
 * Read access to the `chinese-poetry` data package (JSON files, mostly Traditional Chinese).
 * Nothing here converts or interprets; sources decide what a file means.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let dir: string | undefined;
/**
 * The package's `dist` folder, resolved like any dependency so hoisting does not matter. Resolved on first
 * use: the package is a development dependency, absent from production installs, which load the starter
 * library from its generated file instead (starterFile.ts).
 */
function corpusDir(): string {
  if (dir) return dir;
  try {
    dir = path.join(path.dirname(require.resolve('chinese-poetry/package.json')), 'dist');
  } catch {
    throw new Error('chinese-poetry 未安装：导入完整语料需要开发依赖 (run npm install without --omit=dev)');
  }
  return dir;
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
