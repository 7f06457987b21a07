/**
 * Draws 格律 over a rendered text: every Han character of `target` is wrapped in a span that carries its tone as a
 * small glyph above it (平, 仄, 中 for 可平可仄, ？ for not known: never ○ or ●, which the corpus uses for "unknown")
 * and a frame when it is a rhyme. What is inserted into the text but is not the text (a line's 译文, marked
 * `data-noplain`; ruby annotations) is left alone. The text nodes taken out are kept and put back by `unmarkTones`, so
 * React still owns the nodes it made. The glyphs are CSS content with empty alternative text: screen readers read the summary
 * the bar gives (`lineSummaries`), not a glyph between every two characters.
 */
import type { CharTone, ToneReading } from '@shiju/contract/tones';

type Engine = { readTones: (text: string, stored?: string | null, opts?: { tonesOnly?: boolean }) => ToneReading };

const HAN = /\p{Script=Han}/u;
const BLOCK = /^(P|DIV|LI|H[1-6]|BLOCKQUOTE|PRE|TD|TH|DD|DT|SECTION|ARTICLE)$/;
const CLAUSE = /[，。？！；：、,.?!;:\n]/;
export const MARK: Record<CharTone['tone'], string> = { p: '平', z: '仄', u: '？' };
export const BOTH = '中';

interface Replaced {
  original: Text;
  parts: Node[];
}
const replaced = new WeakMap<HTMLElement, Replaced[]>();

function blockOf(node: Node, root: HTMLElement): Node {
  let n: Node | null = node.parentNode;
  while (n && n !== root && !(n instanceof HTMLElement && BLOCK.test(n.tagName))) n = n.parentNode;
  return n ?? root;
}

/** The text nodes of `root` that hold the text (not ruby annotations or the page's own controls). */
function textNodes(root: HTMLElement): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) =>
      n.parentElement?.closest('rt, rp, button, script, style, [data-noplain], [data-meter-skip]')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const out: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

/**
 * Marks every character of `target`; returns the text as read and the reading (for the summary). Marks drawn before
 * are taken off first.
 */
export function markTones(
  target: HTMLElement,
  engine: Engine,
  stored: string | null,
  opts: { tonesOnly?: boolean } = {},
): { text: string; reading: ToneReading } {
  unmarkTones(target);
  const nodes = textNodes(target);
  let text = '';
  let at = 0;
  let lastBlock: Node | null = null;
  const starts: number[] = [];
  for (const node of nodes) {
    const block = blockOf(node, target);
    if (lastBlock && block !== lastBlock) {
      text += '\n';
      at++;
    }
    lastBlock = block;
    starts.push(at);
    const value = node.data;
    text += value;
    at += Array.from(value).length;
  }
  const reading = engine.readTones(text, stored, opts);
  const byAt = new Map(reading.chars.map((c) => [c.at, c]));
  const done: Replaced[] = [];
  nodes.forEach((node, i) => {
    const cps = Array.from(node.data);
    if (!cps.some((c) => HAN.test(c))) return;
    const parts: Node[] = [];
    let plain = '';
    cps.forEach((ch, j) => {
      const tone = byAt.get(starts[i]! + j);
      if (!tone) {
        plain += ch;
        return;
      }
      if (plain) parts.push(document.createTextNode(plain));
      plain = '';
      const span = document.createElement('span');
      span.className = `meter-ch meter-ch--${tone.both ? 'both' : tone.tone}${tone.rhyme ? ' meter-ch--rhyme' : ''}`;
      span.dataset.mark = tone.both ? BOTH : MARK[tone.tone];
      span.textContent = ch;
      parts.push(span);
    });
    if (plain) parts.push(document.createTextNode(plain));
    node.replaceWith(...parts);
    done.push({ original: node, parts });
  });
  replaced.set(target, done);
  target.classList.add('meter-on');
  return { text, reading };
}

/** Puts the original text nodes back. */
export function unmarkTones(target: HTMLElement): void {
  target.classList.remove('meter-on');
  const done = replaced.get(target);
  if (!done) return;
  replaced.delete(target);
  for (const { original, parts } of done) {
    const first = parts[0];
    if (!first?.parentNode) continue;
    first.parentNode.insertBefore(original, first);
    for (const p of parts) p.parentNode?.removeChild(p);
  }
}

export interface LineSummary {
  /** The clause's characters. */
  text: string;
  /** Its tones as a reader says them: 平平仄仄平. */
  tones: string;
  rhymes: string[];
}

/** The reading clause by clause, for screen readers (and tests). */
export function lineSummaries(text: string, reading: ToneReading): LineSummary[] {
  const cps = Array.from(text);
  const lines: LineSummary[] = [];
  let cur: LineSummary | null = null;
  let prevAt = -1;
  for (const c of reading.chars) {
    const between = cps.slice(prevAt + 1, c.at).join('');
    if (!cur || CLAUSE.test(between)) lines.push((cur = { text: '', tones: '', rhymes: [] }));
    cur.text += c.ch;
    cur.tones += c.both ? BOTH : MARK[c.tone];
    if (c.rhyme) cur.rhymes.push(c.ch);
    prevAt = c.at;
  }
  return lines;
}
