/**
 * The generated starter library file (what production loads on first start, without the chinese-poetry
 * package) holds exactly the texts the importer reads from the package, with the same classifications.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusStarterSources } from '../src/import/sources/index.js';
import { starterFromFile, writeStarterFile } from '../src/import/starterFile.js';
import { classificationOf } from '../src/import/texts.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shiju-starter-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('starter library file', () => {
  it('round-trips every starter source with its texts and classifications', () => {
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
