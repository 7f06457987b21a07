/**
 * `@shiju/contract/tones`: the one tone engine (docs/rules.md#tones) — 平仄 of each character, 可平可仄 for polyphones, and the
 * rhyme positions of a regulated poem. The 格律 view in the browser, the 仿写 coach and the server all ask here.
 * Zod-free and dependency-free: its tables are one generated module (data.ts, written by `npm run tones:build` from
 * the corpus's strains/), so the browser loads it with a dynamic import only when a reader turns 格律 on.
 *
 * Where the tones come from, in order: the corpus's stored marks for a poem when the caller has them; the table
 * learnt from strains/ (even-hash poems, see `isTrainingPoem`), where a character seen with both tones is 可平可仄 and
 * its neighbours or its place in a regulated line choose one; pinyin-pro's reading for a character the corpus never
 * marks (tones 1 and 2 → 平, 3 and 4 → 仄, computed at build time). 入声 characters are 仄 in the learnt table.
 */
import { TONE_DATA } from './data.js';

/** 平, 仄, or not known. */
export type Tone = 'p' | 'z' | 'u';

/** Where a character's tone came from. */
export type ToneSource = 'stored' | 'learnt' | 'context' | 'pattern' | 'pinyin' | 'none';

export interface CharTone {
  /** The character (one code point: a character outside the BMP is one entry). */
  ch: string;
  /** Its index among the text's code points. */
  at: number;
  tone: Tone;
  /** The data shows it read both ways (可平可仄) and nothing in the text chose one. */
  both: boolean;
  source: ToneSource;
  /** A rhyme position (韵脚) of a regulated poem. */
  rhyme: boolean;
  /** Its rhyme group (新韵, from pinyin finals), for characters at a clause end. */
  group?: string;
}

export interface ToneReading {
  /** Every Han character of the text, in order. */
  chars: CharTone[];
  /** `shi`: equal clauses of 4, 5 or 7 characters in pairs (rhyme positions marked); `other`: tones only (词, prose). */
  form: 'shi' | 'other';
}

const HAN = /\p{Script=Han}/u;
/** Clause ends: a clause of a poem is what lies between two of these (the 仿写 coach splits at the same marks). */
export const CLAUSE_END = /[，。？！；：、,.?!;:\n]/;

/** The split the tables are learnt on: a poem whose id hashes even is learnt from, an odd one is held out. */
export function isTrainingPoem(id: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 2 === 0;
}

/**
 * Table classes (data.ts): learnt 平/仄, learnt polyphone with its usual tone, or pinyin-pro's reading. The table
 * builder (the server's import/toneTables.ts) writes the same numbers.
 */
export const TONE_CLASS = { None: 0, Ping: 1, Ze: 2, BothPing: 3, BothZe: 4, PinyinPing: 5, PinyinZe: 6 } as const;
type Cls = (typeof TONE_CLASS)[keyof typeof TONE_CLASS];
const Cls = TONE_CLASS;

interface Tables {
  cls: (cp: number) => Cls;
  /** A polyphone's neighbours that read it with its other tone: before it, after it. */
  flip: Map<string, [Set<string>, Set<string>]>;
  group: Map<string, string>;
}

let tables: Tables | undefined;

function decode(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function load(): Tables {
  if (tables) return tables;
  const bits = decode(TONE_DATA.bits);
  const offsets: { from: number; to: number; start: number }[] = [];
  let start = 0;
  for (const [from, to] of TONE_DATA.ranges) {
    offsets.push({ from, to, start });
    start += to - from + 1;
  }
  const extra = new Map<number, Cls>();
  const ex = Array.from(TONE_DATA.extra);
  for (let i = 0; i + 1 < ex.length; i += 2) extra.set(ex[i]!.codePointAt(0)!, Number(ex[i + 1]) as Cls);
  const cls = (cp: number): Cls => {
    for (const o of offsets) {
      if (cp < o.from || cp > o.to) continue;
      const n = o.start + cp - o.from;
      // Two codes a byte, low nibble first.
      const byte = bits[n >> 1] ?? 0;
      return ((n & 1 ? byte >> 4 : byte) & 0xf) as Cls;
    }
    return extra.get(cp) ?? Cls.None;
  };
  const flip = new Map<string, [Set<string>, Set<string>]>();
  for (const [ch, before, after] of TONE_DATA.flip) flip.set(ch, [new Set(Array.from(before)), new Set(Array.from(after))]);
  const group = new Map<string, string>();
  for (const [name, chars] of Object.entries(TONE_DATA.groups)) for (const ch of Array.from(chars)) group.set(ch, name);
  tables = { cls, flip, group };
  return tables;
}

/** A character's tone alone, out of context: its usual tone, and whether it is 可平可仄. */
export function toneOfChar(ch: string): { tone: Tone; both: boolean; source: ToneSource } {
  const cp = ch.codePointAt(0);
  if (cp === undefined || !HAN.test(ch)) return { tone: 'u', both: false, source: 'none' };
  switch (load().cls(cp)) {
    case Cls.Ping:
      return { tone: 'p', both: false, source: 'learnt' };
    case Cls.Ze:
      return { tone: 'z', both: false, source: 'learnt' };
    case Cls.BothPing:
      return { tone: 'p', both: true, source: 'learnt' };
    case Cls.BothZe:
      return { tone: 'z', both: true, source: 'learnt' };
    case Cls.PinyinPing:
      return { tone: 'p', both: false, source: 'pinyin' };
    case Cls.PinyinZe:
      return { tone: 'z', both: false, source: 'pinyin' };
    default:
      return { tone: 'u', both: false, source: 'none' };
  }
}

/** The rhyme group (新韵, by pinyin final) of a character, when the tables know it. */
export function rhymeGroup(ch: string): string | undefined {
  return load().group.get(ch);
}

const other = (t: Tone): Tone => (t === 'p' ? 'z' : t === 'z' ? 'p' : 'u');

/**
 * The tones of a text. `stored` is the corpus's marks for it (one letter a Han character: p, z, u, or `-` for none),
 * used when it has as many letters as the text has Han characters; a `-` there, or no marks, asks the tables.
 * `tonesOnly` reads a 词 or 曲 (whose lines may happen to be equal) for its characters' tones alone: no rhymes.
 */
export function readTones(text: string, stored?: string | null, opts: { tonesOnly?: boolean } = {}): ToneReading {
  const cps = Array.from(text);
  const chars: CharTone[] = [];
  const clauses: CharTone[][] = [];
  let clause: CharTone[] = [];
  cps.forEach((ch, at) => {
    if (HAN.test(ch)) {
      const c: CharTone = { ch, at, ...toneOfChar(ch), rhyme: false };
      chars.push(c);
      clause.push(c);
    } else if (CLAUSE_END.test(ch) && clause.length > 0) {
      clauses.push(clause);
      clause = [];
    }
  });
  if (clause.length > 0) clauses.push(clause);

  // A polyphone read by its neighbours.
  const { flip } = load();
  for (const cl of clauses)
    cl.forEach((c, i) => {
      if (!c.both) return;
      const f = flip.get(c.ch);
      if (!f) return;
      const before = cl[i - 1]?.ch;
      const after = cl[i + 1]?.ch;
      if ((before && f[0].has(before)) || (after && f[1].has(after))) {
        c.tone = other(c.tone);
        c.both = false;
        c.source = 'context';
      }
    });

  const len = clauses[0]?.length ?? 0;
  const shi =
    !opts.tonesOnly &&
    clauses.length >= 2 &&
    clauses.length % 2 === 0 &&
    [4, 5, 7].includes(len) &&
    clauses.every((cl) => cl.length === len);
  if (shi) applyPattern(clauses, len);

  // The corpus's own marks win where they exist.
  const marks = stored ? Array.from(stored) : [];
  if (marks.length === chars.length)
    chars.forEach((c, i) => {
      const m = marks[i];
      if (m === 'p' || m === 'z' || m === 'u') {
        c.tone = m;
        c.both = false;
        c.source = 'stored';
      }
    });

  if (shi) markRhymes(clauses);
  return { chars, form: shi ? 'shi' : 'other' };
}

/**
 * A regulated line alternates on its even characters (2nd and 4th differ, 2nd and 6th agree) and an even clause of
 * a 近体 poem ends 平: a polyphone still undecided takes the tone these rules give from the decided characters.
 */
function applyPattern(clauses: CharTone[][], len: number) {
  if (len < 5) return;
  const keys = len === 7 ? [1, 3, 5] : [1, 3];
  clauses.forEach((cl, n) => {
    const last = cl[len - 1]!;
    if (n % 2 === 1 && last.both) {
      last.tone = 'p';
      last.both = false;
      last.source = 'pattern';
    }
    for (const k of keys) {
      const c = cl[k]!;
      if (!c.both) continue;
      // Each key position's tone implied by another decided key position of the line.
      const votes = keys
        .filter((j) => j !== k && !cl[j]!.both && cl[j]!.tone !== 'u')
        .map((j) => (Math.abs(j - k) === 2 ? other(cl[j]!.tone) : cl[j]!.tone));
      if (votes.length > 0 && votes.every((v) => v === votes[0])) {
        c.tone = votes[0]!;
        c.both = false;
        c.source = 'pattern';
      }
    }
  });
}

/**
 * The even clauses' last characters rhyme. The first clause's does too when it ends in the second's tone and, where
 * both groups are known, in its group (静夜思's 光 with 霜, 江雪's 绝 with 灭; not 登鹳雀楼's 尽 against 流).
 */
function markRhymes(clauses: CharTone[][]) {
  const { group } = load();
  clauses.forEach((cl, n) => {
    const last = cl[cl.length - 1]!;
    last.group = group.get(last.ch);
    if (n % 2 === 1) last.rhyme = true;
  });
  const first = clauses[0]!.at(-1)!;
  const second = clauses[1]!.at(-1)!;
  if (first.tone === 'u' || first.tone !== second.tone) return;
  first.rhyme = first.group && second.group ? first.group === second.group : first.tone === 'p';
}
