/**
 * The corpus's stored 平仄 (strains/): per-character marks for the poems of 全唐诗 and 全宋诗, matched to their text by
 * the poem's id. The tone tables are learnt from them (toneTables.ts), the tone bench measures on them, and the
 * starter library's poems keep them (storedTones.ts).
 */
import { numberedFiles, readCorpusJson } from './corpus.js';
import { toSimplified } from '../lib/text.js';

interface Poem {
  id: string;
  author?: string;
  title?: string;
  paragraphs: string[];
}

export interface MarkedPoem {
  id: string;
  dynasty: 'tang' | 'song';
  author: string;
  title: string;
  paragraphs: string[];
  /** The poem's Han characters outside editors' parentheses, as the corpus writes them (Traditional). */
  chars: string[];
  /** The same characters in Simplified (a character is kept as it is where its line's conversion changed length). */
  simple: string[];
  /** One mark a character: `p` 平, `z` 仄, `u` unknown (○ or ？ in the data, or a line the marks do not fit). */
  marks: string[];
  /** The index of the clause (between two punctuation marks) each character is in, and its place in it. */
  clause: number[];
}

const HAN = /\p{Script=Han}/u;
const OPEN = /[（(]/;
const CLOSE = /[）)]/;
const CLAUSE_END = /[，。？！；：、,.?!;:]/;

function mark(m: string | undefined): string {
  return m === '平' ? 'p' : m === '仄' ? 'z' : 'u';
}

/** One poem's characters and marks; a paragraph whose marks do not line up with it keeps its characters as unknown. */
export function alignMarks(paragraphs: readonly string[], strains: readonly string[]) {
  const chars: string[] = [];
  const simple: string[] = [];
  const marks: string[] = [];
  const clause: number[] = [];
  let n = 0;
  paragraphs.forEach((paragraph, i) => {
    const cps = Array.from(paragraph);
    const sm = Array.from(strains[i] ?? '');
    const fits =
      sm.length === cps.length &&
      cps.every((c, j) => HAN.test(c) === (sm[j] === '平' || sm[j] === '仄' || sm[j] === '○' || sm[j] === '？' || sm[j] === '?'));
    const converted = Array.from(toSimplified(paragraph));
    const same = converted.length === cps.length;
    let depth = 0;
    let open = false;
    cps.forEach((c, j) => {
      if (OPEN.test(c)) depth++;
      else if (CLOSE.test(c)) depth = Math.max(0, depth - 1);
      else if (depth === 0 && HAN.test(c)) {
        chars.push(c);
        simple.push(same ? converted[j]! : c);
        marks.push(fits ? mark(sm[j]) : 'u');
        clause.push(n);
        open = true;
      } else if (depth === 0 && CLAUSE_END.test(c) && open) {
        n++;
        open = false;
      }
    });
    if (open) n++;
  });
  return { chars, simple, marks, clause };
}

/** Every marked poem of 全唐诗 and 全宋诗, file by file. */
export function* markedPoems(): Generator<MarkedPoem> {
  for (const dynasty of ['tang', 'song'] as const) {
    for (const file of numberedFiles('strains/json', `poet.${dynasty}.`)) {
      const strains = readCorpusJson<{ id: string; strains: string[] }[]>(file.relPath);
      const poems = readCorpusJson<Poem[]>(file.relPath.replace('strains/json/', 'quantangshi/'));
      const byId = new Map(poems.map((p) => [p.id, p]));
      for (const s of strains) {
        const p = byId.get(s.id);
        if (!p) continue;
        yield {
          id: p.id,
          dynasty,
          author: p.author ?? '',
          title: p.title ?? '',
          paragraphs: p.paragraphs,
          ...alignMarks(p.paragraphs, s.strains),
        };
      }
    }
  }
}
