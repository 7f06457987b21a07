/**
 * The corpus's own notes as notes: each note the importer kept beside a text (essays.source_notes) is split on ；,
 * and each part read as one of
 * - `X 通：Y` / `X通Y` → 注释 (通假) on the first X of its paragraph;
 * - `X 一作：Y` / `X 一作 Y` → 异文 on the first X of its paragraph;
 * - `京本作「Y」` (any 某本作) → 异文 on the characters just before where the note stood;
 * - `某某曰：…` (幽梦影's commentators) → 评 naming the commentator, on the whole text.
 * A part whose X is not found in its paragraph stays a note without a place (`unanchored`), which the import lint counts.
 */
import { cpLength, indexOfCp, linesOf, plainOf, sliceCp } from '@shiju/contract/anchors';
import type { NoteKindId } from '@shiju/contract/notes';
import { toSimplified } from '../../lib/text.js';

export interface SourceNote {
  note: string;
  paragraph: number | null;
  at: number;
}

export interface CorpusNote {
  kind: NoteKindId;
  start: number | null;
  end: number | null;
  quote: string | null;
  content: string;
  label: string | null;
  commentator: string | null;
  /** Its X was named but not found. */
  unanchored: boolean;
}

const TONGJIA = /^(.+?)\s*通[\s：:]\s*(.+)$/u;
const TONG_SAME = /^(.+?)\s*同[「“『‘](.+?)[」”』’]?$/u;
const YIZUO = /^(.+?)\s*一作[\s：:]*(.+)$/u;
const BENZUO = /^(\S{0,6}?本)作[\s：:]*[「“『]?(.+?)[」”』]?$/u;
const REMARK = /^(\S{1,8}?)曰[：:]\s*([\s\S]+)$/u;

const strip = (s: string) => s.replace(/^[（(\s]+|[)）\s]+$/gu, '').trim();
const bare = (s: string) => s.replace(/[「」“”『』‘’\s]/gu, '');

/** Reads one part of a note; null when it is none of the forms above. */
export function readPart(part: string) {
  const p = strip(part);
  if (!p) return null;
  let m = REMARK.exec(p);
  if (m && !/[通作]/.test(m[1]!)) return { form: 'remark' as const, x: null, y: m[2]!.trim(), who: m[1]! };
  m = TONGJIA.exec(p) ?? TONG_SAME.exec(p);
  if (m) return { form: 'tongjia' as const, x: bare(m[1]!), y: bare(m[2]!), who: null };
  m = YIZUO.exec(p);
  if (m) return { form: 'yizuo' as const, x: bare(m[1]!), y: bare(m[2]!), who: null };
  m = BENZUO.exec(p);
  if (m) return { form: 'benzuo' as const, x: null, y: bare(m[2]!), who: m[1]! };
  return null;
}

/** The notes a text's kept source notes give, anchored into its plain form. */
export function corpusNotesOf(content: string, html: boolean, sourceNotes: readonly SourceNote[]): CorpusNote[] {
  const plain = plainOf(content, html);
  const lines = linesOf(plain);
  const out: CorpusNote[] = [];
  const place = (paragraph: number | null, x: string) => {
    const line = paragraph === null ? null : lines[paragraph];
    if (!line || !x) return null;
    const i = indexOfCp(plain, x, line.start);
    return i >= 0 && i + cpLength(x) <= line.end ? { start: i, end: i + cpLength(x), quote: x } : null;
  };
  for (const sn of sourceNotes) {
    // The notes are kept as the data wrote them (Traditional); the text is displayed in Simplified characters.
    for (const part of toSimplified(sn.note).split(/[；;]/u)) {
      const r = readPart(part);
      if (!r) continue;
      if (r.form === 'remark') {
        out.push({ kind: 'remark', start: null, end: null, quote: null, content: r.y, label: null, commentator: r.who, unanchored: false });
        continue;
      }
      if (r.form === 'benzuo') {
        const line = sn.paragraph === null ? null : lines[sn.paragraph];
        const n = cpLength(r.y);
        const end = line ? line.start + Math.min(sn.at, line.end - line.start) : -1;
        const start = end - n;
        const ok = line !== null && line !== undefined && n > 0 && start >= line.start;
        out.push({
          kind: 'variant',
          ...(ok ? { start, end, quote: sliceCp(plain, start, end) } : { start: null, end: null, quote: null }),
          content: `${r.who}作「${r.y}」`,
          label: null,
          commentator: null,
          unanchored: !ok,
        });
        continue;
      }
      const at = place(sn.paragraph, r.x);
      const content = r.form === 'tongjia' ? `「${r.x}」通「${r.y}」` : `「${r.x}」一作「${r.y}」`;
      out.push({
        kind: r.form === 'tongjia' ? 'gloss' : 'variant',
        ...(at ?? { start: null, end: null, quote: r.x }),
        content,
        label: r.form === 'tongjia' ? '通假' : null,
        commentator: null,
        unanchored: !at,
      });
    }
  }
  return out;
}
