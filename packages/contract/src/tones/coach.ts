/**
 * `@shiju/contract/tones/coach`: the 仿写 coach (docs/coach.md) — a draft read against the original it imitates, clause by
 * clause, with the one tone engine (`./index.ts`). The browser runs it as the writer types (loaded with the editor,
 * never with a reader's first page) and the server runs the same code to keep a published imitation's scores.
 *
 * Per clause: its character count against the original's; for a poem of 4 or 8 lines of 5 or 7 characters, each
 * character's tone against the original's, and for a 近体 original (one that keeps 粘对 itself) the rules 粘对, 孤平 and
 * 三平尾; the rhyme positions of a poem (the engine's 新韵 groups). Word classes (对仗/排比) need jieba's tagger and
 * come from the server (`coachParallel`): pass its answer as `parallel` and they join the marks and the summary.
 */
import { CLAUSE_END, readTones, rhymeGroup, type Tone } from './index.js';

const HAN = /\p{Script=Han}/u;
const COUNTED = /[\p{L}\p{N}]/u;

export type MarkKind = 'count' | 'tone' | 'rule' | 'rhyme' | 'parallel';

/** One check on one clause: passed or not, and why in one line of Chinese. */
export interface CoachMark {
  kind: MarkKind;
  ok: boolean;
  reason: string;
}

export interface CoachChar {
  ch: string;
  tone: Tone;
  /** 可平可仄: either tone will do. */
  both: boolean;
}

export interface CoachClause {
  index: number;
  /** The original's clause ('' past its end) and the draft's ('' when not written yet). */
  original: string;
  draft: string;
  originalChars: CoachChar[];
  draftChars: CoachChar[];
  /** For a poem: whether each of the draft's characters keeps the original's tone (null: nothing to compare). */
  toneMatch: (boolean | null)[];
  marks: CoachMark[];
}

/** A pair of clauses the original keeps parallel, and whether the draft's pair does too (from the server). */
export interface ParallelPair {
  a: number;
  b: number;
  ok: boolean;
  reason: string;
}

export interface CoachSummary {
  clauses: number;
  countMatched: number;
  tones: { matched: number; total: number } | null;
  rhyme: { matched: number; total: number } | null;
  parallel: { matched: number; total: number } | null;
  /** The original is a poem whose tones are compared, and a 近体 one (粘对 … apply). */
  poem: boolean;
  regulated: boolean;
}

export interface CoachReport {
  clauses: CoachClause[];
  summary: CoachSummary;
}

interface Split {
  text: string;
  chars: CoachChar[];
}

/** A text's clauses (split at Chinese and Western punctuation and line ends), each with its characters' tones. */
export function splitClauses(text: string, stored?: string | null, opts: { tonesOnly?: boolean } = {}): Split[] {
  const reading = readTones(text, stored, opts);
  let k = 0;
  const out: Split[] = [];
  let cur: Split = { text: '', chars: [] };
  const close = () => {
    if (cur.chars.length > 0) out.push(cur);
    cur = { text: '', chars: [] };
  };
  for (const ch of Array.from(text)) {
    if (CLAUSE_END.test(ch)) {
      close();
      continue;
    }
    if (HAN.test(ch)) {
      const c = reading.chars[k++]!;
      cur.chars.push({ ch, tone: c.tone, both: c.both });
      cur.text += ch;
    } else if (COUNTED.test(ch)) {
      cur.chars.push({ ch, tone: 'u', both: false });
      cur.text += ch;
    } else if (cur.chars.length > 0 && !/\s/.test(ch)) cur.text += ch;
  }
  close();
  return out;
}

/** Whether two tones may stand for each other: the same, or one of them 可平可仄 or unknown. */
function agree(a: CoachChar, b: CoachChar): boolean | null {
  if (a.tone === 'u' || b.tone === 'u') return null;
  if (a.both || b.both) return true;
  return a.tone === b.tone;
}

const TONE_NAME: Record<Tone, string> = { p: '平', z: '仄', u: '？' };
const flat = (c: CoachChar | undefined) => !!c && (c.tone === 'p' || c.both);

/** 近体 rules a clause breaks, given its couplet neighbours (`prev`: the clause before it). */
function ruleBreaks(cl: CoachChar[], index: number, prev: CoachChar[] | undefined): string[] {
  const out: string[] = [];
  const second = cl[1];
  const prevSecond = prev?.[1];
  if (second && prevSecond) {
    const same = agree(second, prevSecond);
    // Within a couplet the 2nd characters differ (对); across couplets they agree (粘).
    if (index % 2 === 1 && same === true && !second.both && !prevSecond.both)
      out.push(`失对：第2字“${second.ch}”应与上句第2字“${prevSecond.ch}”平仄相反`);
    if (index % 2 === 0 && same === false) out.push(`失粘：第2字“${second.ch}”应与上句第2字“${prevSecond.ch}”平仄相同`);
  }
  const n = cl.length;
  const last = cl[n - 1];
  if (n >= 5 && last?.tone === 'p' && !last.both) {
    const tail = cl.slice(n - 3);
    if (tail.every((c) => c.tone === 'p' && !c.both)) out.push('三平尾：句末三字都是平声');
    const before = cl.slice(0, n - 1);
    if (cl[n - 2]?.tone === 'z' && before.every((c) => c.tone !== 'u') && before.filter(flat).length === 1)
      out.push('孤平：除韵脚外全句只有一个平声字');
  }
  return out;
}

/** A 近体 original keeps 粘对 itself (每联第2字相反，联间相同); 静夜思 and other 古绝 do not. */
function isRegulated(clauses: Split[]): boolean {
  return clauses.every((cl, i) => ruleBreaks(cl.chars, i, clauses[i - 1]?.chars).filter((r) => r.startsWith('失')).length === 0);
}

/** The original, read once: what every check of a draft against it needs. */
export interface PreparedOriginal {
  clauses: Split[];
  poem: boolean;
  regulated: boolean;
  /** Clause indices whose last character is a rhyme position. */
  rhymes: number[];
  /** Rhyme groups the original rhymes together, each mapped to the first of them. */
  rhymeAlias: Map<string, string>;
}

export function prepareOriginal(original: string, stored?: string | null): PreparedOriginal {
  const clauses = splitClauses(original, stored);
  const len = clauses[0]?.chars.length ?? 0;
  const poem = [4, 8].includes(clauses.length) && [5, 7].includes(len) && clauses.every((c) => c.chars.length === len);
  const rhymes: number[] = [];
  if (poem) {
    const reading = readTones(original, stored);
    let k = 0;
    clauses.forEach((cl, i) => {
      k += cl.chars.filter((c) => HAN.test(c.ch)).length;
      if (reading.chars[k - 1]?.rhyme) rhymes.push(i);
    });
  }
  const rhymeAlias = new Map<string, string>();
  for (const i of rhymes) {
    const g = rhymeGroup(clauses[i]!.chars.at(-1)!.ch);
    const first = rhymeGroup(clauses[rhymes[0]!]!.chars.at(-1)!.ch);
    if (g && first && g !== first) rhymeAlias.set(g, first);
  }
  return { clauses, poem, regulated: poem && isRegulated(clauses), rhymes, rhymeAlias };
}

/** Reads a draft against its original. `parallel`: the server's 对仗 answer for this draft, when it has one. */
export function coachDraft(
  original: PreparedOriginal | string,
  draft: string,
  opts: { parallel?: ParallelPair[] | null } = {},
): CoachReport {
  const o = typeof original === 'string' ? prepareOriginal(original) : original;
  const d = splitClauses(draft, null, { tonesOnly: !o.poem });
  const count = Math.max(o.clauses.length, d.length);
  const clauses: CoachClause[] = [];
  let countMatched = 0;
  let toneMatched = 0;
  let toneTotal = 0;
  for (let i = 0; i < count; i++) {
    const oc = o.clauses[i];
    const dc = d[i];
    const marks: CoachMark[] = [];
    const oChars = oc?.chars ?? [];
    const dChars = dc?.chars ?? [];
    if (!oc) marks.push({ kind: 'count', ok: false, reason: `原文只有 ${o.clauses.length} 句，这一句是多出来的` });
    else if (!dc) marks.push({ kind: 'count', ok: false, reason: `这一句还没写（原文 ${oChars.length} 字）` });
    else if (dChars.length === oChars.length) {
      countMatched++;
      marks.push({ kind: 'count', ok: true, reason: `字数与原文相同：${oChars.length} 字` });
    } else {
      const diff = dChars.length - oChars.length;
      marks.push({
        kind: 'count',
        ok: false,
        reason: `比原文${diff > 0 ? '多' : '少'} ${Math.abs(diff)} 字（${dChars.length}/${oChars.length}）`,
      });
    }
    const toneMatch = dChars.map((c, j) => (o.poem && oChars[j] ? agree(oChars[j]!, c) : null));
    if (o.poem && oc) {
      toneTotal += oChars.length;
      const misses: string[] = [];
      oChars.forEach((oc2, j) => {
        const m = toneMatch[j];
        if (m === undefined) return;
        if (m === false)
          misses.push(`第${j + 1}字“${dChars[j]!.ch}”是${TONE_NAME[dChars[j]!.tone]}，原文“${oc2.ch}”是${TONE_NAME[oc2.tone]}`);
        else toneMatched++;
      });
      if (dc)
        marks.push(
          misses.length === 0
            ? { kind: 'tone', ok: true, reason: '平仄与原文一致' }
            : { kind: 'tone', ok: false, reason: `平仄不合：${misses[0]}${misses.length > 1 ? `，另有 ${misses.length - 1} 处` : ''}` },
        );
      if (o.regulated && dc) {
        const breaks = ruleBreaks(dChars, i, d[i - 1]?.chars);
        marks.push(
          breaks.length === 0
            ? { kind: 'rule', ok: true, reason: '合律：粘对、孤平、三平尾都没问题' }
            : { kind: 'rule', ok: false, reason: breaks.join('；') },
        );
      }
    }
    clauses.push({
      index: i,
      original: oc?.text ?? '',
      draft: dc?.text ?? '',
      originalChars: oChars,
      draftChars: dChars,
      toneMatch,
      marks,
    });
  }

  // Rhyme: the draft's characters at the original's rhyme positions share one group (the most of them, the first on a
  // tie). Groups the original itself rhymes together count as one (登高's 哀 回 来 台 杯 span 新韵's 开 and 微).
  let rhyme: CoachSummary['rhyme'] = null;
  if (o.poem && o.rhymes.length > 0) {
    const groupOf = (ch: string) => {
      const g = rhymeGroup(ch);
      return g && o.rhymeAlias.has(g) ? o.rhymeAlias.get(g)! : g;
    };
    const ends = o.rhymes
      .map((i) => ({ i, c: d[i]?.chars.at(-1) }))
      .filter((x): x is { i: number; c: CoachChar } => !!x.c && d[x.i]!.chars.length === o.clauses[x.i]!.chars.length);
    const tally = new Map<string, number>();
    for (const e of ends) {
      const g = groupOf(e.c.ch);
      if (g) tally.set(g, (tally.get(g) ?? 0) + 1);
    }
    let best: string | undefined;
    for (const [g, n] of tally) if (!best || n > tally.get(best)!) best = g;
    const leader = ends.find((e) => groupOf(e.c.ch) === best)?.c.ch;
    let matched = 0;
    for (const e of ends) {
      const g = groupOf(e.c.ch);
      const own = rhymeGroup(e.c.ch);
      const ok = !!g && g === best;
      if (ok) matched++;
      clauses[e.i]!.marks.push({
        kind: 'rhyme',
        ok,
        reason: !g
          ? `韵脚“${e.c.ch}”查不到韵部`
          : ok
            ? `押韵：“${e.c.ch}”在${own}韵`
            : `不押韵：“${e.c.ch}”在${own}韵，其他韵脚（“${leader}”）在${rhymeGroup(leader!)}韵`,
      });
    }
    rhyme = { matched, total: o.rhymes.length };
  }

  let parallel: CoachSummary['parallel'] = null;
  if (opts.parallel && opts.parallel.length > 0) {
    for (const p of opts.parallel) clauses[p.b]?.marks.push({ kind: 'parallel', ok: p.ok, reason: p.reason });
    parallel = { matched: opts.parallel.filter((p) => p.ok).length, total: opts.parallel.length };
  }

  return {
    clauses,
    summary: {
      clauses: o.clauses.length,
      countMatched,
      tones: o.poem ? { matched: toneMatched, total: toneTotal } : null,
      rhyme,
      parallel,
      poem: o.poem,
      regulated: o.regulated,
    },
  };
}

/** The one-line summary: 字数 4/4 句相符 · 平仄 17/20 · 押韵 ✓ · 对仗 1/2. */
export function summaryText(s: CoachSummary): string {
  const parts = [`字数 ${s.countMatched}/${s.clauses} 句相符`];
  if (s.tones) parts.push(`平仄 ${s.tones.matched}/${s.tones.total}`);
  if (s.rhyme) parts.push(`押韵 ${s.rhyme.matched === s.rhyme.total ? '✓' : `${s.rhyme.matched}/${s.rhyme.total}`}`);
  if (s.parallel) parts.push(`对仗 ${s.parallel.matched}/${s.parallel.total}`);
  return parts.join(' · ');
}
