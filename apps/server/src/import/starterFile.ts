/**
 * The starter library as one generated, gzipped JSON file (`assets/starter-library.json.gz`, committed, written by
 * `npm run starter:build` from the chinese-poetry package; test/starter.test.ts fails when it differs from the
 * importer's output), so neither a clone nor a production install needs the 350 MB data package. Texts are stored as sources read them, with the classification their theme gives
 * in place of the classify function.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serverRoot } from '../paths.js';
import type { ClassificationName } from './catalog.js';
import { listSource, type Source } from './sources/source.js';
import { classificationOf, cleanAuthor, type CorpusText } from './texts.js';
import type { AuthorRecord } from './authorRecords.js';

export const STARTER_FILE = path.join(serverRoot, 'assets', 'starter-library.json.gz');

type StoredText = Omit<CorpusText, 'classify'> & { classification: ClassificationName };
interface Stored {
  id: string;
  label: string;
  texts: StoredText[];
}

/** The file: the sources, and the records of the authors their texts cite (an older file is the sources alone). */
interface StoredFile {
  sources: Stored[];
  authors: AuthorRecord[];
}

function readStored(file: string): StoredFile | null {
  if (!fs.existsSync(file)) return null;
  const stored = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as Stored[] | StoredFile;
  return Array.isArray(stored) ? { sources: stored, authors: [] } : stored;
}

export function writeStarterFile(
  sources: Source[],
  file = STARTER_FILE,
  authors: AuthorRecord[] = [],
): { texts: number; authors: number; bytes: number } {
  const stored: Stored[] = sources.map((s) => ({
    id: s.id,
    label: s.label,
    texts: [...s.texts()].map(({ classify: _classify, ...t }) => ({
      ...t,
      classification: classificationOf({ ...t, classify: _classify }),
    })),
  }));
  // Only the records of authors these texts cite: a production start needs no data package for them either.
  const cited = new Set(stored.flatMap((s) => s.texts.map((t) => cleanAuthor(t.author)).filter((a) => a !== undefined)));
  const kept = authors.filter((a) => cited.has(a.name));
  const body = zlib.gzipSync(JSON.stringify({ sources: stored, authors: kept } satisfies StoredFile), { level: 9 });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  return { texts: stored.reduce((n, s) => n + s.texts.length, 0), authors: kept.length, bytes: body.length };
}

/** The author records of the generated file, or null when it has not been generated. */
export function starterAuthorsFromFile(file = STARTER_FILE): AuthorRecord[] | null {
  return readStored(file)?.authors ?? null;
}

/** The starter sources from the generated file, or null when it has not been generated. */
export function starterFromFile(file = STARTER_FILE): Source[] | null {
  const stored = readStored(file)?.sources;
  if (!stored) return null;
  return stored.map((s) =>
    listSource(s.id, s.label, () => s.texts.map(({ classification, ...t }) => ({ ...t, classify: () => classification }))),
  );
}
