/**
 * 对仗 / 排比: whether two clauses' word classes line up, position by position, from jieba's tagger (lib/search's
 * dictionary). Each character takes the class of the word jieba cut it into and the class of the character alone;
 * a position lines up when either agrees (weighted), when both sides repeat a character there (萧萧 / 滚滚), hold a
 * numeral or a colour, or stand on the same character (排比); word boundaries in the same places count a little.
 *
 * Measured on the labelled couplets (couplets.ts, labelled and committed before this check existed). The weights and
 * the threshold were then chosen looking at the whole set, so its figures are optimistic; `measureParallel` also
 * gives them on each half. The editor shows the mark only while the whole set's precision is at least 0.8 and its
 * recall at least 0.7 (`parallelShown`, measured once a process): the gate follows the figures, not a constant.
 */
import type { ParallelPair } from '@shiju/contract/tones/coach';
import { tagWords } from '../../lib/search.js';
import { once } from '../../lib/once.js';
import { LABELLED_COUPLETS } from './couplets.js';

/** A position's class from the word's tag, and from the character's own. */
const WORD_WEIGHT = 0.3;
/** Lined-up positions (with boundaries) at or above this share: parallel. */
export const PARALLEL_THRESHOLD = 0.48;
export const PARALLEL_BAR = { precision: 0.8, recall: 0.7 } as const;

type Cls = 'n' | 'v' | 'a' | 'm' | 'd' | 'r' | 'p' | 'c' | 'u' | 'i' | 'o' | 'x';
const CLASS_NAME: Record<Cls, string> = {
  n: '名词',
  v: '动词',
  a: '形容词',
  m: '数量词',
  d: '副词',
  r: '代词',
  p: '介词',
  c: '连词',
  u: '虚词',
  i: '成语',
  o: '其他',
  x: '未识别',
};

function coarse(tag: string): Cls {
  if (/^(n|nr|ns|nt|nz|ng|s|t|f|nrt|nrfg|vn|an)$/.test(tag)) return 'n';
  if (/^(v|vd|vg|vi|vq)$/.test(tag)) return 'v';
  if (/^(a|ad|ag|z|b)$/.test(tag)) return 'a';
  if (/^(m|q|mq)$/.test(tag)) return 'm';
  if (/^(d|dg)$/.test(tag)) return 'd';
  if (/^(r|rr|rz)$/.test(tag)) return 'r';
  if (tag === 'p') return 'p';
  if (tag === 'c') return 'c';
  if (/^(u|uj|ul|uz|uv|ug|y|e|o)$/.test(tag)) return 'u';
  if (/^(i|l)$/.test(tag)) return 'i';
  return tag === 'x' ? 'x' : 'o';
}

const NUMERAL = /[一二三四五六七八九十百千万两双半几孤独]/;
const COLOUR = /[红绿青白黄黑紫翠碧蓝苍金银朱丹]/;

interface Tagged {
  chars: string[];
  word: Cls[];
  char: Cls[];
  /** A word starts here. */
  start: boolean[];
}

function tagged(clause: string): Tagged {
  const t: Tagged = { chars: [], word: [], char: [], start: [] };
  for (const w of tagWords(clause)) {
    Array.from(w.word).forEach((ch, i) => {
      t.chars.push(ch);
      t.word.push(coarse(w.tag));
      t.char.push(coarse(tagWords(ch, false)[0]?.tag ?? 'x'));
      t.start.push(i === 0);
    });
  }
  return t;
}

const repeated = (t: Tagged, i: number) => (i > 0 && t.chars[i] === t.chars[i - 1]) || t.chars[i] === t.chars[i + 1];

interface Judged {
  parallel: boolean;
  score: number;
  /** The first position that does not line up, for the reason. */
  miss?: { at: number; a: string; b: string; aClass: string; bClass: string };
}

/** Whether clause `b` answers clause `a` (对仗 or 排比). Clauses of different lengths never do. */
export function judgeParallel(a: string, b: string): Judged {
  const x = tagged(a);
  const y = tagged(b);
  const n = x.chars.length;
  if (n === 0 || n !== y.chars.length) return { parallel: false, score: 0 };
  let sum = 0;
  let miss: Judged['miss'];
  let worst = Infinity;
  for (let i = 0; i < n; i++) {
    const wordMatch = x.word[i] !== 'x' && x.word[i] === y.word[i] ? 1 : 0;
    const charMatch = x.char[i] === y.char[i] ? 1 : 0;
    const alike =
      x.chars[i] === y.chars[i] ||
      (repeated(x, i) && repeated(y, i)) ||
      (NUMERAL.test(x.chars[i]!) && NUMERAL.test(y.chars[i]!)) ||
      (COLOUR.test(x.chars[i]!) && COLOUR.test(y.chars[i]!));
    const pos = Math.max(WORD_WEIGHT * wordMatch + (1 - WORD_WEIGHT) * charMatch, alike ? 1 : 0);
    sum += pos * 0.8 + (x.start[i] === y.start[i] ? 0.2 : 0);
    if (pos < worst) {
      worst = pos;
      const cls = (t: Tagged) => CLASS_NAME[t.char[i] === 'x' ? t.word[i]! : t.char[i]!];
      miss = { at: i, a: x.chars[i]!, b: y.chars[i]!, aClass: cls(x), bClass: cls(y) };
    }
  }
  const score = sum / n;
  return { parallel: score >= PARALLEL_THRESHOLD, score, miss: worst < 1 ? miss : undefined };
}

export interface ParallelFigures {
  /** Couplets scored, of them parallel by label. */
  couplets: number;
  labelledParallel: number;
  precision: number;
  recall: number;
  /** The same on the even- and the odd-indexed halves. */
  halves: { precision: number; recall: number }[];
}

function figures(rows: ReadonlyArray<readonly [string, string, boolean]>) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [a, b, label] of rows) {
    const p = judgeParallel(a, b).parallel;
    if (p && label) tp++;
    else if (p) fp++;
    else if (label) fn++;
  }
  return { precision: tp + fp === 0 ? 0 : tp / (tp + fp), recall: tp + fn === 0 ? 0 : tp / (tp + fn) };
}

/** Precision and recall of the check on the labelled couplets, and on each half of them. */
export function measureParallel(set: ReadonlyArray<readonly [string, string, boolean]> = LABELLED_COUPLETS): ParallelFigures {
  return {
    couplets: set.length,
    labelledParallel: set.filter((r) => r[2]).length,
    ...figures(set),
    halves: [0, 1].map((h) => figures(set.filter((_, i) => i % 2 === h))),
  };
}

/** Measured once a process (the set and the tagger never change while it runs): does the check meet its bar? */
export const parallelShown = once((): boolean => {
  const f = measureParallel();
  return f.precision >= PARALLEL_BAR.precision && f.recall >= PARALLEL_BAR.recall;
});

/**
 * The clause pairs the original keeps parallel, and whether the draft's do: a poem's couplets (its clauses two by
 * two), or in prose any two neighbouring clauses of the same length.
 */
export function parallelPairs(original: string[], draft: string[], poem: boolean): ParallelPair[] {
  const pairs: ParallelPair[] = [];
  for (let a = 0; a + 1 < original.length; a += poem ? 2 : 1) {
    const b = a + 1;
    const oa = original[a]!;
    const ob = original[b]!;
    if (Array.from(oa).length < 2 || !judgeParallel(oa, ob).parallel) continue;
    const da = draft[a];
    const db = draft[b];
    if (!da || !db) {
      pairs.push({ a, b, ok: false, reason: '原文这两句对仗，这里还没写完' });
      continue;
    }
    if (Array.from(da).length !== Array.from(db).length) {
      pairs.push({ a, b, ok: false, reason: '原文这两句对仗，这两句字数不同，对不上' });
      continue;
    }
    const j = judgeParallel(da, db);
    pairs.push(
      j.parallel
        ? { a, b, ok: true, reason: '与上句对仗：词性大体相对' }
        : {
            a,
            b,
            ok: false,
            reason: j.miss
              ? `与上句对不上：第${j.miss.at + 1}字“${j.miss.b}”是${j.miss.bClass}，上句“${j.miss.a}”是${j.miss.aClass}`
              : '与上句对不上：词性没有一一相对',
          },
    );
  }
  return pairs;
}
