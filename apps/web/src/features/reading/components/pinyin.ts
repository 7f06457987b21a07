/**
 * 拼音 over every character of a text: pinyin-pro (loaded by dynamic import only when a reader turns 拼音 on) reads
 * polyphones in context from its word list; a small list of our own fixes what it reads wrong in classical texts,
 * and where the classical reading (旧读, for rhyme or sense) differs from the standard one (普通话审音表) the
 * standard reading is shown and the classical one comes as a note.
 *
 * The figures against hand-labelled held-out lines: `npm run bench:pinyin` (benchmarks/pinyin.md, its held-out lines in benchmarks/pinyin/).
 * Neither list below was built from those lines.
 */
import type * as PinyinPro from 'pinyin-pro';

export interface RubyChar {
  /** One character (a code point) of the text. */
  ch: string;
  /** Its reading in tone marks, or null for anything that is not a Chinese character. */
  py: string | null;
  /** The classical reading (旧读) where it differs from the standard one shown. */
  classical?: string;
}

const HAN = /\p{Script=Han}/u;
/** Where a line of verse or a clause ends. */
const PAUSE = /[，。！？；：、,.!?;:\s」』”）]/;

/**
 * Readings pinyin-pro gets wrong in classical texts, by phrase: each character of the phrase gets the reading at
 * its place (null keeps pinyin-pro's); the longest phrase starting at a place wins. Found on development lines
 * from other texts of the starter library (宋词, 论语, 诗经, 古文观止, 千家诗), never the held-out ones.
 */
export const PHRASE_READINGS: ReadonlyArray<readonly [string, ReadonlyArray<string | null>]> = [
  // 还 "return": 还复来, 乍暖还寒, 还家.
  ['还复', ['huán', null]],
  ['还寒', ['huán', null]],
  ['还家', ['huán', null]],
  ['燕然', ['yān', null]],
  ['燕山', ['yān', null]],
  ['燕赵', ['yān', null]],
  // 不亦说乎: 说 = 悦.
  ['亦说', [null, 'yuè']],
  ['阙如', ['quē', null]],
  ['阙疑', ['quē', null]],
];

/** 为 reads wèi ("for, because of") before these; otherwise, in classical texts, wéi ("be, act as, do"). */
const WEI4_AFTER = /^[谁君我你他她伊尔汝何了国民吾]/;
/** 应 reads yìng in these words; otherwise, in classical texts, yīng ("should, must"). */
const YING4_AFTER = /^[对答和声接用验酬付试运邀聘征届急变战召诺手]/;
/** 只 is the measure word (zhī) after a number; otherwise the adverb zhǐ ("only"). */
const ZHI1_BEFORE = /[一二两三四五六七八九十百千万几数每单]$/;

/** Characters read by the words around them, where pinyin-pro's choice is usually the modern one. */
function byContext(ch: string, before: string, after: string): string | null {
  switch (ch) {
    case '为':
      return WEI4_AFTER.test(after) ? null : 'wéi';
    case '应':
      return YING4_AFTER.test(after) ? null : 'yīng';
    case '只':
      return ZHI1_BEFORE.test(before) || /^[身言影字]/.test(after) ? 'zhī' : 'zhǐ';
    case '阙':
      return 'què';
    case '还':
      // Closing a line of verse it is "return": 明月何时照我还.
      return after === '' || PAUSE.test(after[0]!) ? 'huán' : null;
    default:
      return null;
  }
}

/** Characters whose classical reading differs from the standard one, and where (the text before and after them). */
export const CLASSICAL_READINGS: ReadonlyArray<{ ch: string; reading: string; where: (before: string, after: string) => boolean }> = [
  // 斜 rhymes in -a in Tang verse (远上寒山石径斜); the standard reading is xié.
  { ch: '斜', reading: 'xiá', where: (_b, a) => a === '' || PAUSE.test(a[0]!) },
  // 不胜 "cannot bear": classical shēng, standard shèng (审音表: 胜 统读 shèng).
  { ch: '胜', reading: 'shēng', where: (b) => b.endsWith('不') || b.endsWith('难') },
  // 一骑 a horseman: classical jì, standard qí (审音表: 骑 统读 qí).
  { ch: '骑', reading: 'jì', where: (b) => /[一千万铁飞单轻]$/.test(b) },
  // 鬓毛衰: cuī (for the rhyme with 回, 来), standard shuāi.
  { ch: '衰', reading: 'cuī', where: (b) => b.endsWith('毛') },
  // 看 at a line's end rhymes as a level tone (kān).
  { ch: '看', reading: 'kān', where: (_b, a) => a === '' || PAUSE.test(a[0]!) },
  // 不教 / 莫教 "let": classical level tone jiāo.
  { ch: '教', reading: 'jiāo', where: (b) => /[不莫肯谁]$/.test(b) },
];

type Lib = Pick<typeof PinyinPro, 'pinyin'>;

/** The annotator over a loaded pinyin-pro (the browser's dynamic import, or the benchmark's static one). */
export function makeAnnotator(lib: Lib): (text: string) => RubyChar[] {
  return (text: string) => {
    const chars = Array.from(text);
    const items = lib.pinyin(text, { type: 'all', toneType: 'symbol', toneSandhi: false, nonZh: 'consecutive' });
    const out: RubyChar[] = [];
    // pinyin-pro gives one item per Chinese character and one per run of anything else.
    for (const item of items) {
      if (item.isZh) out.push({ ch: item.origin, py: item.pinyin || null });
      else for (const ch of Array.from(item.origin)) out.push({ ch, py: null });
    }
    // Should the two ever disagree (a character pinyin-pro splits differently), fall back to the text's own split.
    if (out.length !== chars.length || out.some((c, i) => c.ch !== chars[i])) {
      return chars.map((ch) => ({ ch, py: HAN.test(ch) ? (lib.pinyin(ch, { toneType: 'symbol' }) as string) || null : null }));
    }
    out.forEach((c, i) => {
      if (!c.py) return;
      const py = byContext(c.ch, chars.slice(Math.max(0, i - 2), i).join(''), chars.slice(i + 1, i + 3).join(''));
      if (py) c.py = py;
    });
    applyPhrases(text, chars, out);
    for (let i = 0; i < out.length; i++) {
      const c = out[i]!;
      if (!c.py) continue;
      const rule = CLASSICAL_READINGS.find((r) => r.ch === c.ch);
      if (!rule) continue;
      const before = chars.slice(Math.max(0, i - 3), i).join('');
      const after = chars.slice(i + 1, i + 3).join('');
      if (rule.where(before, after) && rule.reading !== c.py) c.classical = rule.reading;
    }
    return out;
  };
}

function applyPhrases(text: string, chars: string[], out: RubyChar[]): void {
  if (!PHRASE_READINGS.some(([p]) => text.includes(p))) return;
  for (let i = 0; i < chars.length; i++) {
    let best: (typeof PHRASE_READINGS)[number] | null = null;
    for (const entry of PHRASE_READINGS) {
      const phrase = Array.from(entry[0]);
      if (best && phrase.length <= Array.from(best[0]).length) continue;
      if (phrase.every((ch, k) => chars[i + k] === ch)) best = entry;
    }
    if (!best) continue;
    best[1].forEach((py, k) => {
      if (py) out[i + k]!.py = py;
    });
  }
}

let loading: Promise<(text: string) => RubyChar[]> | null = null;

/** The annotator, loading pinyin-pro on first use (its own chunk, not part of any page's first load). */
export function loadAnnotator(): Promise<(text: string) => RubyChar[]> {
  loading ??= import('pinyin-pro').then((lib) => makeAnnotator(lib));
  return loading;
}
