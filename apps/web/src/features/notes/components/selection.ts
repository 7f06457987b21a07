/**
 * Where a reader's selection stands in a text's plain form (code points, as anchors count): text nodes in order,
 * a line break at the end of each block, and none of what the page added (`data-noplain`: line 译文).
 */
const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'DIV', 'PRE']);

export function offsetTo(root: Node, target: Node, targetOffset: number): number | null {
  let count = 0;
  let found: number | null = null;
  const walk = (node: Node): boolean => {
    if (node === target && node.nodeType !== Node.TEXT_NODE) {
      // A position between children: count the children before it.
      for (let i = 0; i < targetOffset && i < node.childNodes.length; i++) if (walk(node.childNodes[i]!)) return true;
      found = count;
      return true;
    }
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      if (node === target) {
        found = count + Array.from(text.slice(0, targetOffset)).length;
        return true;
      }
      count += Array.from(text).length;
      return false;
    }
    if (node instanceof HTMLElement && node.hasAttribute('data-noplain')) return false;
    for (const child of Array.from(node.childNodes)) if (walk(child)) return true;
    if (node !== root && node instanceof HTMLElement && (BLOCKS.has(node.tagName) || node.tagName === 'BR')) count++;
    return false;
  };
  walk(root);
  return found;
}

/** A reader's chosen words: their code-point offsets in the text and the words themselves (a note's anchor). */
export interface Chosen {
  start: number;
  end: number;
  quote: string;
}

/** The selection inside `root` as code-point offsets, or null when there is none there. */
export function selectionIn(root: HTMLElement): { start: number; end: number } | null {
  const sel = window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const r = sel.getRangeAt(0);
  if (!root.contains(r.startContainer) || !root.contains(r.endContainer)) return null;
  const start = offsetTo(root, r.startContainer, r.startOffset);
  const end = offsetTo(root, r.endContainer, r.endOffset);
  if (start === null || end === null || end <= start) return null;
  return { start, end };
}

/** The DOM position of a code-point offset of the plain form (the inverse of offsetTo), inside a text node. */
function positionAt(root: Node, offset: number, atEnd: boolean): { node: Node; offset: number } | null {
  let count = 0;
  let found: { node: Node; offset: number } | null = null;
  const walk = (node: Node): boolean => {
    if (node.nodeType === Node.TEXT_NODE) {
      const chars = Array.from(node.textContent ?? '');
      // An end lands at the close of the text it ends in; a start at the opening of the text it starts in.
      if (atEnd ? offset <= count + chars.length && offset > count : offset < count + chars.length && offset >= count) {
        found = { node, offset: chars.slice(0, offset - count).join('').length };
        return true;
      }
      count += chars.length;
      return false;
    }
    if (node instanceof HTMLElement && node.hasAttribute('data-noplain')) return false;
    for (const child of Array.from(node.childNodes)) if (walk(child)) return true;
    if (node !== root && node instanceof HTMLElement && (BLOCKS.has(node.tagName) || node.tagName === 'BR')) count++;
    return false;
  };
  walk(root);
  return found;
}

/** A DOM range over code points [start, end) of the plain form inside `root`, or null when they fall outside it. */
export function rangeOf(root: HTMLElement, start: number, end: number): Range | null {
  const a = positionAt(root, start, false);
  const b = positionAt(root, end, true);
  if (!a || !b) return null;
  const r = document.createRange();
  r.setStart(a.node, a.offset);
  r.setEnd(b.node, b.offset);
  return r;
}

/** The plain-form offset under a point of the screen inside `root` (a tap), or null. */
export function offsetAtPoint(root: HTMLElement, x: number, y: number): number | null {
  const doc = document as Document & { caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null };
  const pos = doc.caretPositionFromPoint?.(x, y);
  if (pos) return root.contains(pos.offsetNode) ? offsetTo(root, pos.offsetNode, pos.offset) : null;
  const r = document.caretRangeFromPoint?.(x, y);
  return r && root.contains(r.startContainer) ? offsetTo(root, r.startContainer, r.startOffset) : null;
}
