/**
 * 拼音 accuracy on the held-out lines (benchmarks/pinyin/heldout.tsv, labelled by hand before tuning): the share of characters whose
 * reading (with tone) is right, and the same over polyphones (characters pinyin-pro knows more than one reading
 * for). Run: `npm run bench:pinyin`. Prints the figures and each wrong reading.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lib from 'pinyin-pro';
import { makeAnnotator } from './pinyin.js';

const heldOut = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../benchmarks/pinyin/heldout.tsv');
const rows = fs
  .readFileSync(heldOut, 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => {
    const [line, readings] = l.split('\t');
    return { line: line!, gold: readings!.trim().split(/\s+/) };
  });

const annotate = makeAnnotator(lib);
let chars = 0;
let right = 0;
let poly = 0;
let polyRight = 0;
const wrong: string[] = [];
for (const { line, gold } of rows) {
  const got = annotate(line).filter((c) => c.py !== null);
  if (got.length !== gold.length) throw new Error(`${line}: ${got.length} readings for ${gold.length} labels`);
  got.forEach((c, i) => {
    const ok = c.py === gold[i];
    const isPoly = (lib.polyphonic(c.ch, { type: 'array', toneType: 'symbol' })[0] ?? []).length > 1;
    chars += 1;
    right += ok ? 1 : 0;
    if (isPoly) {
      poly += 1;
      polyRight += ok ? 1 : 0;
    }
    if (!ok) wrong.push(`${line} ${c.ch}: ${c.py} (labelled ${gold[i]})${isPoly ? ' [polyphone]' : ''}`);
  });
}
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
console.log(`拼音 held-out: ${rows.length} lines, ${chars} characters, ${poly} polyphones`);
console.log(`characters right: ${right}/${chars} = ${pct(right, chars)} (target ≥ 97%)`);
console.log(`polyphones right: ${polyRight}/${poly} = ${pct(polyRight, poly)} (target ≥ 90%)`);
if (wrong.length) console.log(`wrong:\n  ${wrong.join('\n  ')}`);
