/** Which collections make the starter library and which the full corpus. */
import { daxueZhongyong, guwenguanzhi, lunyu, mengzi, youmengying, zengguang, zhuziJiaxun } from './classics.js';
import {
  caocao,
  chuci,
  huajianji,
  nalan,
  nantang,
  qianjiashi,
  quantangshi,
  shijing,
  shuimoTang,
  songciAll,
  songciBest,
  tang300,
  yuanqu,
} from './poetry.js';
import type { Source } from './source.js';
import { withStoredTones } from '../storedTones.js';
import { starterAuthorsFromFile, starterFromFile } from '../starterFile.js';
import { corpusAuthorRecords, type AuthorRecord } from '../authorRecords.js';

export type { Source } from './source.js';

/** The starter library (docs/rules.md#starter-library), from its generated file when built (production), else from the data package. */
export function starterSources(): Source[] {
  return starterFromFile() ?? corpusStarterSources();
}

/** The starter library's records of the cited names: from its generated file when built, else from the data package. */
export function starterAuthorRecords(cited: ReadonlySet<string>): AuthorRecord[] {
  return starterAuthorsFromFile() ?? corpusAuthorRecords((name) => cited.has(name));
}

/** The data package's records of the cited names. */
export const fullAuthorRecords = (cited: ReadonlySet<string>): AuthorRecord[] => corpusAuthorRecords((name) => cited.has(name));

/** The anthologies a reader expects on a fresh site, several thousand texts, read from chinese-poetry. */
export function corpusStarterSources(): Source[] {
  // Its poems keep the corpus's stored 平仄 (one pass over strains/ for all of them).
  return withStoredTones([
    tang300(),
    qianjiashi(),
    shuimoTang(),
    shijing(),
    chuci(),
    caocao(),
    songciBest(),
    nantang(),
    huajianji(),
    nalan(),
    lunyu(),
    daxueZhongyong(),
    youmengying(),
    zengguang(),
    zhuziJiaxun(),
    guwenguanzhi(),
  ]);
}

/**
 * Everything worth reading in the package (300,000+ texts). Curated anthologies come first so a
 * poem they share with the complete collections keeps its anthology counters. Left out: primers
 * (三字经, 百家姓…), the character-structure table, metrical patterns (strains/) and
 * yudingquantangshi/, an older edition of the same Tang poems.
 */
export function fullSources(): Source[] {
  return [...corpusStarterSources(), songciAll(), mengzi(), yuanqu(), quantangshi('tang'), quantangshi('song')];
}
