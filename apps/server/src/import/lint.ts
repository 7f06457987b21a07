/**
 * `npm run import -- --lint [--full]`: what the importer leaves in the text it displays. For each kind (notes by
 * kind, half-width punctuation, stray spaces, empty and repeated lines) it counts the texts as the sources read them
 * (before) and as the importer displays them (after), and the notes kept beside the text; nothing is written.
 */
import { countText, LINT_KINDS, noCounts, type LintCounts } from './cleanup.js';
import type { Source } from './sources/index.js';
import { displayedText } from './texts.js';
import { corpusNotesOf } from '../modules/notes/index.js';

export interface LintReport {
  texts: number;
  before: LintCounts;
  after: LintCounts;
  /** Notes taken out of the displayed text and kept in source_notes. */
  keptNotes: number;
  /** Kept notes that name characters (通假, 一作) not found in their paragraph: notes without a place. */
  unanchoredNotes: number;
  /** A few displayed lines that still hold something counted after, by kind. */
  examples: Partial<Record<keyof LintCounts, string[]>>;
}

const EXAMPLES = 5;

export function lintSources(sources: Iterable<Source>, onText?: (n: number) => void): LintReport {
  const report: LintReport = { texts: 0, before: noCounts(), after: noCounts(), keptNotes: 0, unanchoredNotes: 0, examples: {} };
  for (const source of sources)
    for (const text of source.texts()) {
      report.texts++;
      countText(report.before, text.title, text.paragraphs);
      const shown = displayedText(text);
      const one = noCounts();
      countText(one, shown.title, shown.paragraphs);
      for (const { id } of LINT_KINDS) {
        if (one[id] === 0) continue;
        report.after[id] += one[id];
        const list = (report.examples[id] ??= []);
        if (list.length < EXAMPLES) list.push(`${source.id}: ${shown.title ?? ''}｜${shown.paragraphs.join(' / ').slice(0, 60)}`);
      }
      report.keptNotes += shown.notes.length;
      if (shown.notes.length)
        report.unanchoredNotes += corpusNotesOf(shown.paragraphs.join('\n'), false, shown.notes).filter((n) => n.unanchored).length;
      if (onText && report.texts % 10000 === 0) onText(report.texts);
    }
  return report;
}

/** Display width of a cell: Chinese characters take two columns. */
const width = (s: string) => Array.from(s).reduce((n, c) => n + (/[\u2e80-\uffef]/u.test(c) ? 2 : 1), 0);
const pad = (s: string, w: number) => s + ' '.repeat(Math.max(0, w - width(s)));

/** One table, a row per kind, before / after for each library given. */
export function formatLint(libraries: { label: string; report: LintReport }[]): string {
  const header = ['类别 (kind)', ...libraries.flatMap((l) => [`${l.label} 导入前`, `${l.label} 导入后`])];
  const rows = LINT_KINDS.map((k) => [k.label, ...libraries.flatMap((l) => [String(l.report.before[k.id]), String(l.report.after[k.id])])]);
  rows.push(['保留为注释 (kept notes)', ...libraries.flatMap((l) => ['', String(l.report.keptNotes)])]);
  rows.push(['未能定位的注释 (unanchored notes)', ...libraries.flatMap((l) => ['', String(l.report.unanchoredNotes)])]);
  rows.push(['篇数 (texts)', ...libraries.flatMap((l) => [String(l.report.texts), String(l.report.texts)])]);
  const widths = header.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]!))));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!)).join(' | ')} |`;
  const out = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
  for (const l of libraries)
    for (const { id, label } of LINT_KINDS)
      for (const example of l.report.examples[id] ?? []) out.push(`  ${l.label} 导入后仍有${label}: ${example}`);
  return out.join('\n');
}
