/**
 * The starter library as one generated, gzipped JSON file (`dist/starter-library.json.gz`, written by
 * `npm run build` from the chinese-poetry package), so a production install loads it on first start without
 * the 350 MB data package. Texts are stored as sources read them, with the classification their theme gives
 * in place of the classify function.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serverRoot } from '../paths.js';
import type { ClassificationName } from './catalog.js';
import { listSource, type Source } from './sources/source.js';
import { classificationOf, type CorpusText } from './texts.js';

export const STARTER_FILE = path.join(serverRoot, 'dist', 'starter-library.json.gz');

type StoredText = Omit<CorpusText, 'classify'> & { classification: ClassificationName };
interface Stored {
  id: string;
  label: string;
  texts: StoredText[];
}

export function writeStarterFile(sources: Source[], file = STARTER_FILE): { texts: number; bytes: number } {
  const stored: Stored[] = sources.map((s) => ({
    id: s.id,
    label: s.label,
    texts: [...s.texts()].map(({ classify: _classify, ...t }) => ({
      ...t,
      classification: classificationOf({ ...t, classify: _classify }),
    })),
  }));
  const body = zlib.gzipSync(JSON.stringify(stored), { level: 9 });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  return { texts: stored.reduce((n, s) => n + s.texts.length, 0), bytes: body.length };
}

/** The starter sources from the generated file, or null when it has not been generated. */
export function starterFromFile(file = STARTER_FILE): Source[] | null {
  if (!fs.existsSync(file)) return null;
  const stored = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as Stored[];
  return stored.map((s) =>
    listSource(s.id, s.label, () => s.texts.map(({ classification, ...t }) => ({ ...t, classify: () => classification }))),
  );
}
