import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { HIGHLIGHT_LIMITS } from '@shiju/contract/core';
import type { Highlight, PopularPassage } from '@shiju/contract';
import { plainOf, sliceCp } from '@shiju/contract/anchors';
import { toastSuccess } from '../../../api/index.js';
import { useAddHighlight, useRemoveHighlight } from '../api/highlights.js';
import { useEnsureSignedIn } from '../../../components/useEnsureSignedIn.js';
import { offsetAtPoint, rangeOf, selectionIn } from '../../notes/index.js';
import { ReportButton } from '../../reports/index.js';
import type { Chosen, HighlightsView } from './useHighlightsView.js';
import './highlights.css';

/** The text element passages are counted in (the sentence or the essay's body). */
const textRootIn = (box: HTMLElement | null) => box?.querySelector<HTMLElement>('.details-text__body, .details-text__sentence') ?? null;

type Toolbar = Chosen & { top: number; left: number };
type Card = { top: number; left: number } & ({ mine: Highlight } | { popular: PopularPassage });

interface HighlightRegistry {
  set(name: string, h: unknown): void;
  delete(name: string): void;
}
const registry = (): HighlightRegistry | null =>
  (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights ?? null;
const HighlightCtor = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown }).Highlight;

/**
 * Around the text: the reader's highlights and the 热门划线 painted over the words (CSS custom highlights: the
 * text's markup stays as the server drew it, and marks may overlap notes and each other), "N 人划线" after each
 * popular sentence, a toolbar under a selection (below it, clear of the phone's own menu above) with 划线 and 写想法,
 * and a card when a marked passage is tapped.
 */
export function HighlightLayer({
  essay,
  view,
  redraw,
  children,
}: {
  essay: { id: number; type: 'sentence' | 'essay'; content: string };
  view: HighlightsView;
  /** Changes when the text's markup is drawn anew (notes shown by line or block). */
  redraw?: unknown;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plain = useMemo(() => plainOf(essay.content, essay.type === 'essay'), [essay.content, essay.type]);
  const [toolbar, setToolbar] = useState<Toolbar | null>(null);
  const [card, setCard] = useState<Card | null>(null);
  const pressing = useRef(false);
  const ensureSignedIn = useEnsureSignedIn();
  const add = useAddHighlight({ onSuccess: () => toastSuccess('已划线') });
  const remove = useRemoveHighlight({ onSuccess: () => toastSuccess('已删除划线') });
  const { mine, popular } = view;

  // Paint the marks, and put each popular sentence's count after it: an inline element the plain form skips
  // (data-noplain), so it takes its own room instead of covering the words, and offsets stay as they were.
  useLayoutEffect(() => {
    const root = textRootIn(box.current);
    const reg = registry();
    if (!root) return;
    const counts = [...popular]
      .sort((a, b) => b.end - a.end)
      .flatMap((p) => {
        const r = rangeOf(root, p.start, p.end);
        if (!r) return [];
        const badge = document.createElement('span');
        badge.className = 'hl-count';
        badge.dataset['noplain'] = '';
        badge.textContent = `${p.readers} 人划线`;
        r.collapse(false);
        r.insertNode(badge);
        return [badge];
      });
    if (reg && HighlightCtor) {
      reg.set('shiju-mine', new HighlightCtor(...mine.filter((h) => !h.anchorLost).flatMap((h) => rangeOf(root, h.start, h.end) ?? [])));
      reg.set('shiju-popular', new HighlightCtor(...popular.flatMap((p) => rangeOf(root, p.start, p.end) ?? [])));
    }
    return () => {
      reg?.delete('shiju-mine');
      reg?.delete('shiju-popular');
      const parents = new Set(counts.map((c) => c.parentNode));
      for (const c of counts) c.remove();
      for (const p of parents) p?.normalize();
    };
  }, [mine, popular, redraw, essay.content]);

  // The toolbar follows the selection in the text; a tap on the toolbar itself may clear the selection first.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      const root = textRootIn(box.current);
      const at = root ? selectionIn(root) : null;
      clearTimeout(timer);
      if (!at) {
        if (!pressing.current) timer = setTimeout(() => setToolbar(null), 200);
        return;
      }
      const sel = window.getSelection();
      const rect = sel && sel.rangeCount ? sel.getRangeAt(0).getBoundingClientRect() : null;
      const outer = box.current!.getBoundingClientRect();
      if (!rect) return;
      const width = 200;
      setCard(null);
      setToolbar({
        ...at,
        quote: sliceCp(plain, at.start, at.end),
        top: rect.bottom - outer.top + 12,
        left: Math.max(4, Math.min(rect.left + rect.width / 2 - outer.left - width / 2, outer.width - width - 4)),
      });
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [plain]);

  const tooLong = toolbar ? toolbar.end - toolbar.start > HIGHLIGHT_LIMITS.quoteChars : false;
  const done = () => {
    pressing.current = false;
    setToolbar(null);
    window.getSelection()?.removeAllRanges();
  };
  const mark = async () => {
    const t = toolbar;
    if (!t || !(await ensureSignedIn('划线'))) return done();
    add.mutate({ body: { essayId: essay.id, start: t.start, end: t.end, quote: t.quote } });
    done();
  };
  const think = async () => {
    const t = toolbar;
    if (!t || !(await ensureSignedIn('写想法'))) return done();
    const same = mine.find((h) => h.start === t.start && h.end === t.end && !h.anchorLost);
    view.setThinking(same ? { highlight: same } : { chosen: { start: t.start, end: t.end, quote: t.quote } });
    done();
  };

  const onClick = (e: MouseEvent) => {
    const target = e.target as Element;
    if (target.closest('.hl-toolbar, .hl-card, [data-note]')) return;
    const sel = window.getSelection();
    if (sel && !sel.isCollapsed) return;
    const root = textRootIn(box.current);
    const at = root && root.contains(target) ? offsetAtPoint(root, e.clientX, e.clientY) : null;
    const inside = (r: { start: number; end: number }) => at !== null && r.start <= at && at < r.end;
    const own = mine.find((h) => !h.anchorLost && inside(h));
    const hot = own ? undefined : popular.find(inside);
    if (!own && !hot) return setCard(null);
    const outer = box.current!.getBoundingClientRect();
    const width = Math.min(320, outer.width - 16);
    const left = Math.max(8, Math.min(e.clientX - outer.left - width / 2, outer.width - width - 8));
    setCard({ top: e.clientY - outer.top + 18, left, ...(own ? { mine: own } : { popular: hot! }) });
  };

  return (
    <div className="hl-layer" ref={box} onClick={onClick}>
      {children}
      {toolbar ? (
        <div
          className="hl-toolbar"
          role="toolbar"
          aria-label="选中的文字"
          style={{ top: toolbar.top, left: toolbar.left }}
          onPointerDown={(e) => {
            pressing.current = true;
            // Keeps the selection on a desktop browser while the button is pressed.
            if (e.pointerType === 'mouse') e.preventDefault();
          }}
        >
          {tooLong ? (
            <span className="hl-toolbar__hint">划线最多 {HIGHLIGHT_LIMITS.quoteChars} 字</span>
          ) : (
            <>
              <button type="button" onClick={() => void mark()}>
                划线
              </button>
              <button type="button" onClick={() => void think()}>
                写想法
              </button>
            </>
          )}
        </div>
      ) : null}
      {card ? (
        <div className="hl-card note-card" role="dialog" aria-label="划线" style={{ top: card.top, left: card.left }}>
          <div className="note-card__head">
            <span className="note-card__quote serif">{'mine' in card ? card.mine.quote : card.popular.quote}</span>
            <button type="button" className="note-card__close" aria-label="关闭" onClick={() => setCard(null)}>
              ×
            </button>
          </div>
          {'mine' in card ? (
            <>
              {card.mine.thought ? (
                <p className="hl-card__thought">
                  {card.mine.thought}
                  <span className="hl-card__privacy">
                    {card.mine.thoughtHidden ? '已被编辑隐藏' : card.mine.thoughtPublic ? '公开' : '仅自己可见'}
                  </span>
                </p>
              ) : null}
              <div className="hl-card__actions">
                <button type="button" className="link-button" onClick={() => (view.setThinking({ highlight: card.mine }), setCard(null))}>
                  {card.mine.thought ? '修改想法' : '写想法'}
                </button>
                <button type="button" className="link-button" onClick={() => (view.setSharing(card.mine.quote), setCard(null))}>
                  分享卡片
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => (remove.mutate({ params: { id: card.mine.id } }), setCard(null))}
                >
                  删除划线
                </button>
              </div>
            </>
          ) : (
            <>
              <p className="hl-card__count">{card.popular.readers} 人划线</p>
              {card.popular.thoughts.map((t) => (
                <p key={t.id} className="hl-card__thought">
                  <span className="hl-card__who">{t.user.nickname}：</span>
                  {t.content}
                  <ReportButton targetType="thought" targetId={t.id} className="link-button hl-card__report">
                    举报
                  </ReportButton>
                </p>
              ))}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
