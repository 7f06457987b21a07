/**
 * The starter library's poems keep the corpus's stored 平仄 (essays.tones): each poem is joined to its 全唐诗 or 全宋诗
 * entry by author and title, or author and opening characters, and takes its marks where the two texts line up
 * (the same number of Han characters, at most a quarter of them different: 唐诗三百首's 床前明月光 against 全唐诗's
 * 床前看月光). A character that differs gets `-` (no stored mark: the engine reads it). Run once over the whole
 * starter set when its file is generated, so a production start needs no corpus package.
 */
import crypto from 'node:crypto';
import type { Source } from './sources/source.js';
import { markedPoems } from './strains.js';
import { cleanAuthor, displayedText, type CorpusText } from './texts.js';
import { toSimplified } from '../lib/text.js';

const HAN = /\p{Script=Han}/u;
const hanOf = (text: string) => Array.from(text).filter((c) => HAN.test(c));
const OPENING = 10;
const MAX_MISSING = 0.25;

interface Wanted {
  han: string[];
  best?: { marks: string; missing: number };
}

function push(m: Map<string, Wanted[]>, key: string, w: Wanted) {
  const list = m.get(key);
  if (list) list.push(w);
  else m.set(key, [w]);
}

/** The marks of `poem` for a text with these Han characters, or null when the two do not line up. */
export function joinMarks(han: readonly string[], poem: { simple: readonly string[]; marks: readonly string[] }) {
  if (han.length === 0 || han.length !== poem.simple.length) return null;
  let missing = 0;
  const marks = han.map((ch, i) => {
    if (ch === poem.simple[i]) return poem.marks[i]!;
    missing++;
    return '-';
  });
  if (missing > MAX_MISSING * han.length || !marks.some((m) => m === 'p' || m === 'z')) return null;
  return { marks: marks.join(''), missing };
}

let last: { key: string; best: Wanted['best'][] } | undefined;

/** The texts with `tones` set where a marked poem of the corpus is theirs. */
export function attachStoredTones(texts: CorpusText[]): { texts: CorpusText[]; joined: number } {
  const byTitle = new Map<string, Wanted[]>();
  const byOpening = new Map<string, Wanted[]>();
  const wanted = texts.map((t) => {
    const shown = displayedText(t);
    const w: Wanted = { han: hanOf(shown.paragraphs.join('')) };
    const author = cleanAuthor(t.author) ?? '';
    if (!author || w.han.length === 0) return w;
    push(byTitle, `${author}|${hanOf(shown.title ?? '').join('')}`, w);
    push(byOpening, `${author}|${w.han.slice(0, OPENING).join('')}`, w);
    return w;
  });
  // The same texts asked for again (the starter set read twice in one process) are answered from the last pass.
  const key = crypto
    .createHash('sha1')
    .update(JSON.stringify(texts.map((t, i) => [t.author ?? '', t.title ?? '', wanted[i]!.han.join('')])))
    .digest('hex');
  if (last?.key === key) wanted.forEach((w, i) => (w.best = last!.best[i]));
  const authors = new Set([...byOpening.keys()].map((k) => k.slice(0, k.indexOf('|'))));
  for (const poem of last?.key === key ? [] : markedPoems()) {
    const author = cleanAuthor(poem.author) ?? '';
    if (!authors.has(author)) continue;
    const candidates = new Set([
      ...(byTitle.get(`${author}|${hanOf(toSimplified(poem.title)).join('')}`) ?? []),
      ...(byOpening.get(`${author}|${poem.simple.slice(0, OPENING).join('')}`) ?? []),
    ]);
    for (const w of candidates) {
      const joined = joinMarks(w.han, poem);
      if (joined && (!w.best || joined.missing < w.best.missing)) w.best = joined;
    }
  }
  last = { key, best: wanted.map((w) => w.best) };
  let joined = 0;
  const out = texts.map((t, i) => {
    const best = wanted[i]!.best;
    if (!best) return t;
    joined++;
    return { ...t, tones: best.marks };
  });
  return { texts: out, joined };
}

/**
 * The sources with their poems' stored marks attached: one pass over the corpus for all of them, made when the first
 * of them is read.
 */
export function withStoredTones(sources: Source[]): Source[] {
  let joined: CorpusText[][] | undefined;
  const all = (): CorpusText[][] => {
    if (joined) return joined;
    const lists = sources.map((s) => [...s.texts()]);
    const { texts } = attachStoredTones(lists.flat());
    let at = 0;
    joined = lists.map((l) => texts.slice(at, (at += l.length)));
    return joined;
  };
  return sources.map((s, i) => ({ id: s.id, label: s.label, total: () => s.total(), texts: () => all()[i]! }));
}
