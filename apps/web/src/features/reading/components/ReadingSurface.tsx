import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { VERTICAL_MAX_CHARS } from '@shiju/contract/core';
import { loadAnnotator } from './pinyin.js';
import { useReadingPrefs } from './prefs.js';
import { addRuby } from './ruby.js';
import { ReadingSettingsButton } from './ReadingSettings.js';
import { useChangePrefs } from './useChangePrefs.js';

/** The parts of a text's page that are the text itself (pinyin goes over these, not over its byline or credit). */
const TEXT_PARTS = '.details-text__title, .details-text__sentence, .details-text__body';

/** A text's length in characters (code points), without markup or spaces. */
export function textLength(essay: { content: string; title?: string | null }): number {
  const plain = `${essay.title ?? ''}${essay.content.replace(/<[^>]*>/g, '')}`.replace(/\s+/g, '');
  return Array.from(plain).length;
}

interface Props {
  essay: { id: number; content: string; title?: string | null; originalContent?: string | null };
  /** More switches for the toolbar (格律 goes here). */
  tools?: ReactNode;
  children: ReactNode;
}

/**
 * A text with the reading aids: the toolbar (拼音, 竖排 for short texts, 繁/简, the settings, and room for more
 * such as 格律), ruby pinyin over the text while 拼音 is on, and the mark that lets the styles set a short text
 * vertically (竖排: top to bottom, right to left).
 */
export function ReadingSurface({ essay, tools, children }: Props) {
  const prefs = useReadingPrefs();
  const change = useChangePrefs();
  const ref = useRef<HTMLDivElement>(null);
  const short = textLength(essay) <= VERTICAL_MAX_CHARS;

  // A stored Traditional original is shown as it is: the page's converter leaves it alone (zh.ts). Marked before
  // the converter sees the new text (a layout effect runs before the observer's microtask).
  const original = prefs.zh !== 'hans' && !!essay.originalContent;
  useLayoutEffect(() => {
    const parts = ref.current?.querySelectorAll(TEXT_PARTS) ?? [];
    for (const el of parts) el.toggleAttribute('data-zh-keep', original);
  });

  // 竖排 shows whole columns: the box is narrowed (by less than a column) until its left edge falls between two
  // columns, measured from the start (the right edge, where the text begins).
  const vertical = prefs.vertical && short;
  useLayoutEffect(() => {
    const box = ref.current?.querySelector<HTMLElement>('.details-text');
    if (!box) return;
    box.style.removeProperty('width');
    if (!vertical) return;
    const fit = () => {
      box.style.removeProperty('width');
      box.scrollLeft = 0;
      const b = box.getBoundingClientRect();
      const start = b.left + (parseFloat(getComputedStyle(box).borderLeftWidth) || 0);
      const range = document.createRange();
      const columns: DOMRect[] = [];
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.nodeValue?.trim()) continue;
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) columns.push(r);
      }
      let edge = start;
      for (let moved = true; moved;) {
        moved = false;
        for (const r of columns)
          if (r.left < edge - 0.5 && r.right > edge + 0.5) {
            edge = r.right + 1;
            moved = true;
          }
      }
      if (edge > start) box.style.width = `${b.width - (edge - start)}px`;
    };
    fit();
    let gone = false;
    void document.fonts?.ready.then(() => !gone && fit());
    window.addEventListener('resize', fit);
    return () => {
      gone = true;
      window.removeEventListener('resize', fit);
      box.style.removeProperty('width');
    };
  }, [vertical, essay.id, essay.content, prefs.fontSize, prefs.lineHeight, prefs.font, prefs.pinyin, prefs.zh]);

  useEffect(() => {
    const root = ref.current;
    if (!prefs.pinyin || !root) return;
    const undo: Array<() => void> = [];
    let observer: MutationObserver | null = null;
    let gone = false;
    void loadAnnotator().then((annotate) => {
      if (gone) return;
      const annotateAll = () => undo.push(addRuby(root.querySelectorAll(TEXT_PARTS), annotate));
      annotateAll();
      // Text drawn again later (the notes' marks arriving, 格律) gets its pinyin too; annotated text is skipped.
      observer = new MutationObserver(annotateAll);
      observer.observe(root, { childList: true, subtree: true });
    });
    return () => {
      gone = true;
      observer?.disconnect();
      for (const off of undo.reverse()) off();
    };
  }, [prefs.pinyin, essay.id, essay.content]);

  return (
    <div className="reading-surface" data-vertical-able={short ? '' : undefined}>
      <div className="reading-toolbar" role="toolbar" aria-label="阅读工具">
        <button
          type="button"
          className="reading-toolbar__toggle"
          data-aid="pinyin"
          aria-pressed={prefs.pinyin}
          onClick={() => change({ pinyin: !prefs.pinyin })}
        >
          拼音
        </button>
        {short ? (
          <button
            type="button"
            className="reading-toolbar__toggle"
            data-aid="vertical"
            aria-pressed={prefs.vertical}
            onClick={() => change({ vertical: !prefs.vertical })}
          >
            竖排
          </button>
        ) : null}
        <button
          type="button"
          className="reading-toolbar__toggle"
          data-aid="zh"
          aria-pressed={prefs.zh !== 'hans'}
          aria-label={prefs.zh === 'hans' ? '切换为繁體' : '切换为简体'}
          onClick={() => change({ zh: prefs.zh === 'hans' ? 'tw' : 'hans' })}
        >
          {prefs.zh === 'hans' ? '繁' : '简'}
        </button>
        {tools ? <span className="reading-toolbar__more">{tools}</span> : null}
        <ReadingSettingsButton className="reading-toolbar__settings" />
      </div>
      <div className="reading-surface__text" ref={ref}>
        {children}
      </div>
    </div>
  );
}
