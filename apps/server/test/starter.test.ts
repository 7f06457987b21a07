/**
 * The starter library file (committed; what every start loads, without the chinese-poetry package) holds exactly
 * the texts the importer reads from the package, with the same classifications. The package lives in tools/:
 * `npm test` installs it; a run of this file alone without it skips the comparisons and says why.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusStarterSources } from '../src/import/sources/index.js';
import { corpusInstalled } from '../src/import/corpus.js';
import { corpusAuthorRecords } from '../src/import/authorRecords.js';
import { STARTER_FILE, starterFromFile, writeStarterFile } from '../src/import/starterFile.js';
import { classificationOf } from '../src/import/texts.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-starter-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const withCorpus = corpusInstalled();
if (!withCorpus) console.warn('starter.test.ts: chinese-poetry is not installed in tools/ (node scripts/tools.mjs): comparisons skipped');

const decoded = (file: string): unknown => JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));

describe('starter library file', () => {
  it.skipIf(!withCorpus)('is what the importer writes from the corpus now (else run npm run starter:build)', () => {
    const file = path.join(dir, 'regenerated.json.gz');
    writeStarterFile(corpusStarterSources(), file, corpusAuthorRecords());
    expect(decoded(STARTER_FILE)).toEqual(decoded(file));
  });

  it('is committed and loads', () => {
    const sources = starterFromFile()!;
    expect(sources.reduce((n, s) => n + [...s.texts()].length, 0)).toBeGreaterThan(3000);
  });

  it.skipIf(!withCorpus)('round-trips every starter source with its texts and classifications', () => {
    const file = path.join(dir, 'starter.json.gz');
    const written = writeStarterFile(corpusStarterSources(), file);
    expect(written.texts).toBeGreaterThan(3000);
    expect(written.bytes).toBeLessThan(2 * 1024 * 1024);

    const fromFile = starterFromFile(file)!;
    const fromCorpus = corpusStarterSources();
    expect(fromFile.map((s) => [s.id, s.label])).toEqual(fromCorpus.map((s) => [s.id, s.label]));
    for (const [i, source] of fromCorpus.entries()) {
      const expected = [...source.texts()];
      const actual = [...fromFile[i]!.texts()];
      expect(actual.length, source.id).toBe(expected.length);
      for (const [j, text] of expected.entries()) {
        const { classify: _a, ...want } = text;
        const { classify: _b, ...got } = actual[j]!;
        expect(got).toEqual(JSON.parse(JSON.stringify(want)));
        expect(classificationOf(actual[j]!)).toBe(classificationOf(text));
      }
    }
  });

  it('is absent-safe: no file, no sources from it', () => {
    expect(starterFromFile(path.join(dir, 'missing.json.gz'))).toBeNull();
  });
});
