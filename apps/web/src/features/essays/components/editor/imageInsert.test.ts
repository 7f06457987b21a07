import { getSchema } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import type { Node as PMNode } from '@tiptap/pm/model';
import { EditorState, NodeSelection, TextSelection, type Selection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { insertImage } from './imageInsert.js';

const schema = getSchema([StarterKit.configure({ heading: { levels: [2, 3] } }), Image.configure({ inline: false })]);
const p = (text = '') => schema.nodes.paragraph!.create(null, text ? schema.text(text) : null);
const h2 = (text: string) => schema.nodes.heading!.create({ level: 2 }, schema.text(text));
const img = (src: string) => schema.nodes.image!.create({ src });

/** The document as short strings: `[src]` for an image, the text of a block otherwise (`h:` for a heading). */
function blocks(doc: PMNode): string[] {
  const out: string[] = [];
  doc.forEach((n) => out.push(n.type.name === 'image' ? `[${n.attrs.src}]` : `${n.type.name === 'heading' ? 'h:' : ''}${n.textContent}`));
  return out;
}

/** Inserts `image` into a state made of `nodes` with `select` applied, then types `typed` at the caret it leaves. */
function run(nodes: PMNode[], select: (doc: PMNode) => Selection, image: PMNode, at?: number, typed = '续') {
  let state = EditorState.create({ schema, doc: schema.nodes.doc!.create(null, nodes) });
  state = state.apply(state.tr.setSelection(select(state.doc)));
  const tr = state.tr;
  const done = insertImage(tr, image, at);
  state = state.apply(tr);
  const { $from, empty } = state.selection;
  // What the writer types next lands in the paragraph after the image, never over it.
  state = state.apply(state.tr.insertText(typed));
  return { done, empty, parent: $from.parent.type.name, blocks: blocks(state.doc) };
}

describe('insertImage: the caret goes below the image', () => {
  it('after an image added at the end of the text, into a new paragraph', () => {
    const r = run([p('第一段')], (d) => TextSelection.atEnd(d), img('/a.png'));
    expect(r).toEqual({ done: true, empty: true, parent: 'paragraph', blocks: ['第一段', '[/a.png]', '续'] });
  });

  it('in the middle of a paragraph: splits it and continues at the start of its second half', () => {
    const r = run([p('前半后半')], (d) => TextSelection.create(d, 3), img('/a.png'));
    expect(r.blocks).toEqual(['前半', '[/a.png]', '续后半']);
  });

  it('in an empty paragraph: the image goes above it and the caret stays in it', () => {
    const r = run([p('一'), p(), p('三')], (d) => TextSelection.create(d, 4), img('/a.png'));
    expect(r.blocks).toEqual(['一', '[/a.png]', '续', '三']);
  });

  it('one after another: each below the one before, none replaced', () => {
    let state = EditorState.create({ schema, doc: schema.nodes.doc!.create(null, [p('开头')]) });
    state = state.apply(state.tr.setSelection(TextSelection.atEnd(state.doc)));
    for (const src of ['/1.png', '/2.png', '/3.png']) {
      const tr = state.tr;
      insertImage(tr, img(src), undefined);
      state = state.apply(tr);
      state = state.apply(state.tr.insertText(src.slice(1, 2)));
    }
    expect(blocks(state.doc)).toEqual(['开头', '[/1.png]', '1', '[/2.png]', '2', '[/3.png]', '3']);
  });

  it('with an image selected: keeps it and goes after it', () => {
    const r = run([p('一'), img('/old.png'), p('二')], (d) => NodeSelection.create(d, 3), img('/new.png'));
    expect(r.blocks).toEqual(['一', '[/old.png]', '[/new.png]', '续二']);
  });

  it('replaces a selected range of text, as pasting does', () => {
    const r = run([p('甲乙丙')], (d) => TextSelection.create(d, 2, 3), img('/a.png'));
    expect(r.blocks).toEqual(['甲', '[/a.png]', '续丙']);
  });

  it('before a heading: a new paragraph for the caret, the heading stays a heading', () => {
    const r = run([p('一'), h2('小标题')], (d) => TextSelection.create(d, 2), img('/a.png'));
    expect(r.blocks).toEqual(['一', '[/a.png]', '续', 'h:小标题']);
  });

  it('dropped: at the nearer edge of the paragraph it lands on', () => {
    const doc = [p('一二三四'), p('五六')];
    // Position 4 is in the second half of 一二三四 (1–5): the image goes after that paragraph.
    expect(run(doc, (d) => TextSelection.atEnd(d), img('/d.png'), 4).blocks).toEqual(['一二三四', '[/d.png]', '续五六']);
    // Position 2 is in its first half: before it.
    expect(run(doc, (d) => TextSelection.atEnd(d), img('/d.png'), 2).blocks).toEqual(['[/d.png]', '续一二三四', '五六']);
  });
});
