/**
 * `npm run tones:build`: learns the tone engine's tables from the corpus's strains/ and writes them to
 * packages/contract/src/tones/data.ts (committed; the engine and the browser need no corpus package).
 *
 * - Tones: every character's 平 and 仄 counts over the poems whose id hashes even (isTrainingPoem; the odd ones are
 *   held out for `npm run bench:tones`), unknown marks left out, counted on the Simplified text and, for a Traditional
 *   form the Simplified text never shows, on the corpus's own. A character marked both ways often enough is 可平可仄
 *   with its usual tone; the neighbours that read it the other way are kept (flip).
 * - Characters the corpus never marks: pinyin-pro's reading, tones 1 and 2 → 平, 3 and 4 → 仄.
 * - Rhyme groups: the clause-end characters of the learnt poems, grouped by pinyin final (新韵).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pinyin } from 'pinyin-pro';
import { isTrainingPoem, TONE_CLASS } from '@shiju/contract/tones';
import { repoRoot } from '../paths.js';
import { markedPoems } from './strains.js';

/** The code point ranges the packed table covers: CJK Extension A, Unified Ideographs, Compatibility Ideographs. */
const RANGES: [number, number][] = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
];

/** A character is 可平可仄 when its rarer tone is at least this share of its marks, and seen at least MIN_MINOR times. */
const MIN_SHARE = 0.08;
const MIN_MINOR = 3;
/** A neighbour reads a polyphone the other way when it did so at least this often and this share of the time. */
const FLIP_MIN = 3;
const FLIP_SHARE = 0.75;

type Cls = (typeof TONE_CLASS)[keyof typeof TONE_CLASS];
const Cls = TONE_CLASS;

type Counts = [number, number];
const bump = (m: Map<string, Counts>, k: string, tone: string) => {
  let c = m.get(k);
  if (!c) m.set(k, (c = [0, 0]));
  c[tone === 'p' ? 0 : 1]++;
};

/** 新韵 (十八韵) of a reading: the final, and 支 for the buzzing -i after zh ch sh r z c s. */
export function xinyun(ch: string): string | undefined {
  const full = pinyin(ch, { toneType: 'none', v: true });
  if (!/^[a-z]+$/.test(full)) return undefined;
  if (/^(zh|ch|sh|r|z|c|s)i$/.test(full)) return '五支';
  const fin = pinyin(ch, { pattern: 'final', toneType: 'none' });
  const table: [RegExp, string][] = [
    [/^(a|ia|ua)$/, '一麻'],
    [/^(o|uo)$/, '二波'],
    [/^e$/, '三歌'],
    [/^(ie|ue|üe|ve)$/, '四皆'],
    [/^er$/, '六儿'],
    [/^i$/, '七齐'],
    [/^(ei|ui|uei)$/, '八微'],
    [/^(ai|uai)$/, '九开'],
    [/^u$/, '十姑'],
    [/^(ü|v)$/, '十一鱼'],
    [/^(ou|iu|iou)$/, '十二侯'],
    [/^(ao|iao)$/, '十三豪'],
    [/^(an|ian|uan|üan|van)$/, '十四寒'],
    [/^(en|in|un|ün|vn|uen)$/, '十五痕'],
    [/^(ang|iang|uang)$/, '十六唐'],
    [/^(eng|ing|ueng)$/, '十七庚'],
    [/^(ong|iong)$/, '十八东'],
  ];
  return table.find(([re]) => re.test(fin))?.[1];
}

function pinyinTone(ch: string): Cls {
  const t = pinyin(ch, { pattern: 'num' });
  return t === '1' || t === '2' ? Cls.PinyinPing : t === '3' || t === '4' ? Cls.PinyinZe : Cls.None;
}

function classOf(c: Counts | undefined): Cls {
  if (!c) return Cls.None;
  const [p, z] = c;
  const minor = Math.min(p, z);
  const both = minor >= MIN_MINOR && minor / (p + z) >= MIN_SHARE;
  if (p >= z) return both ? Cls.BothPing : Cls.Ping;
  return both ? Cls.BothZe : Cls.Ze;
}

export function buildToneTables(log: (msg: string) => void = console.log) {
  const simple = new Map<string, Counts>();
  const raw = new Map<string, Counts>();
  const learnt: { chars: string[]; marks: string[]; clause: number[] }[] = [];
  const ends = new Map<string, number>();
  let poems = 0;
  for (const poem of markedPoems()) {
    if (!isTrainingPoem(poem.id)) continue;
    poems++;
    poem.marks.forEach((m, i) => {
      if (m === 'u') return;
      bump(simple, poem.simple[i]!, m);
      bump(raw, poem.chars[i]!, m);
    });
    poem.clause.forEach((c, i) => {
      if (poem.clause[i + 1] !== c) ends.set(poem.simple[i]!, (ends.get(poem.simple[i]!) ?? 0) + 1);
    });
    learnt.push({ chars: poem.simple, marks: poem.marks, clause: poem.clause });
  }
  log(`› learnt from ${poems} poems: ${simple.size} characters (Simplified), ${raw.size} as the corpus writes them`);

  const cls = new Map<string, Cls>();
  for (const [ch, c] of raw) cls.set(ch, classOf(c));
  for (const [ch, c] of simple) cls.set(ch, classOf(c));

  // A polyphone's neighbours within its clause, and how each read it.
  const isBoth = (ch: string) => cls.get(ch) === Cls.BothPing || cls.get(ch) === Cls.BothZe;
  const before = new Map<string, Counts>();
  const after = new Map<string, Counts>();
  for (const p of learnt)
    p.chars.forEach((ch, i) => {
      if (p.marks[i] === 'u' || !isBoth(ch)) return;
      if (i > 0 && p.clause[i - 1] === p.clause[i]) bump(before, `${p.chars[i - 1]}${ch}`, p.marks[i]!);
      if (i + 1 < p.chars.length && p.clause[i + 1] === p.clause[i]) bump(after, `${ch}${p.chars[i + 1]}`, p.marks[i]!);
    });
  const flips = new Map<string, [string[], string[]]>();
  const collect = (m: Map<string, Counts>, side: 0 | 1) => {
    for (const [pair, [p, z]] of m) {
      const [a, b] = Array.from(pair) as [string, string];
      const ch = side === 0 ? b : a;
      const usual = cls.get(ch) === Cls.BothPing ? 'p' : 'z';
      const against = usual === 'p' ? z : p;
      if (against >= FLIP_MIN && against / (p + z) >= FLIP_SHARE) {
        let f = flips.get(ch);
        if (!f) flips.set(ch, (f = [[], []]));
        f[side].push(side === 0 ? a : b);
      }
    }
  };
  collect(before, 0);
  collect(after, 1);

  // The packed table: a code a nibble over RANGES; anything else listed.
  const size = RANGES.reduce((n, [a, b]) => n + b - a + 1, 0);
  const packed = new Uint8Array(Math.ceil(size / 2));
  let n = 0;
  let fromPinyin = 0;
  for (const [a, b] of RANGES)
    for (let cp = a; cp <= b; cp++, n++) {
      const ch = String.fromCodePoint(cp);
      let c = cls.get(ch) ?? Cls.None;
      if (c === Cls.None) {
        c = pinyinTone(ch);
        if (c !== Cls.None) fromPinyin++;
      }
      packed[n >> 1]! |= n & 1 ? c << 4 : c;
    }
  let extra = '';
  for (const [ch, c] of cls) {
    const cp = ch.codePointAt(0)!;
    if (!RANGES.some(([a, b]) => cp >= a && cp <= b) && c !== Cls.None) extra += `${ch}${c}`;
  }

  // Rhyme groups of the characters that end clauses (seen there at least five times).
  const groups: Record<string, string> = {};
  for (const [ch, count] of [...ends].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (count < 5) continue;
    const g = xinyun(ch);
    if (g) groups[g] = (groups[g] ?? '') + ch;
  }

  const flip = [...flips].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([ch, [b, a]]) => [ch, b.sort().join(''), a.sort().join('')] as const);
  const data = {
    ranges: RANGES,
    bits: Buffer.from(packed).toString('base64'),
    extra,
    flip,
    groups: Object.fromEntries(Object.entries(groups).sort((x, y) => (x[0] < y[0] ? -1 : 1))),
  };
  const polyphones = [...cls.values()].filter((c) => c === Cls.BothPing || c === Cls.BothZe).length;
  log(`› ${cls.size} learnt characters (${polyphones} 可平可仄, ${flips.size} with neighbour rules), ${fromPinyin} more from pinyin-pro`);
  return data;
}

const OUT = path.join(repoRoot, 'packages/contract/src/tones/data.ts');

function write() {
  const data = buildToneTables();
  const body = [
    '/**',
    ' * Generated by `npm run tones:build` (apps/server/src/import/toneTables.ts) from chinese-poetry strains/: do not',
    ' * edit. The tone engine (index.ts) documents the fields.',
    ' */',
    '// prettier-ignore',
    `export const TONE_DATA: {`,
    '  ranges: readonly (readonly [number, number])[];',
    '  bits: string;',
    '  extra: string;',
    '  flip: readonly (readonly [string, string, string])[];',
    '  groups: Readonly<Record<string, string>>;',
    `} = ${JSON.stringify(data)};`,
    '',
  ].join('\n');
  fs.writeFileSync(OUT, body);
  console.log(`› ${path.relative(repoRoot, OUT)}: ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) write();
