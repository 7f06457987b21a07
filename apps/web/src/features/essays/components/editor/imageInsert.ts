import { Fragment, Slice, type Node as PMNode } from '@tiptap/pm/model';
import { NodeSelection, TextSelection, type Transaction } from '@tiptap/pm/state';
import { dropPoint } from '@tiptap/pm/transform';

/**
 * Puts the block `image` into `tr` and leaves a text caret in the paragraph right after it (a new empty paragraph
 * when what follows is not a paragraph), so what the writer types next goes below the image and never replaces it.
 *
 * Without `at` the image goes where the caret is: a selected range is replaced (as pasting replaces it), a selected
 * node is kept and the image goes after it, and a caret inside a paragraph splits it there. With `at` (where a file
 * was dropped) it goes to the nearest block boundary, as ProseMirror places a dropped block. Answers false, changing
 * nothing, when the image cannot stand anywhere near.
 */
export function insertImage(tr: Transaction, image: PMNode, at?: number): boolean {
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  if (!paragraph) return false;
  let pos: number;
  if (at !== undefined) pos = Math.max(0, Math.min(at, tr.doc.content.size));
  else if (tr.selection instanceof NodeSelection) pos = tr.selection.to;
  else {
    if (!tr.selection.empty) tr.deleteSelection();
    const $caret = tr.selection.$from;
    pos = $caret.pos;
    if ($caret.parent.isTextblock && $caret.parentOffset > 0 && $caret.parentOffset < $caret.parent.content.size) {
      tr.split(pos);
      pos += 1;
    }
  }
  const point = dropPoint(tr.doc, pos, new Slice(Fragment.from(image), 0, 0));
  if (point === null) return false;
  tr.insert(point, image);
  const after = point + image.nodeSize;
  if (tr.doc.resolve(after).nodeAfter?.type !== paragraph) tr.insert(after, paragraph.create());
  tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
  return true;
}

/** The image files among what was pasted or dropped (a paste that also carries text is left to the editor). */
export function imageFiles(data: DataTransfer | null, { textWins = false } = {}): File[] {
  if (!data) return [];
  if (textWins && data.getData('text/plain').trim()) return [];
  return Array.from(data.files).filter((f) => f.type.startsWith('image/'));
}
