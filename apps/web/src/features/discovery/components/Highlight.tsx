import { Fragment, useMemo } from 'react';
import { splitHighlights } from './highlight.js';
import './discovery.css';

/** `text` with the search words wrapped in <mark>; built from text nodes, so nothing is injected as HTML. */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  const parts = useMemo(() => splitHighlights(text, words), [text, words]);
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="hl-mark">
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
