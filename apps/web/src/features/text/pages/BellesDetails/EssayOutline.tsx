import { useEffect, useState, type MouseEvent } from 'react';
import { ANCHOR } from './constants.js';
import { scrollToElement } from './scrollToElement.js';
import type { Heading } from './prepareContent.js';

/** Where a heading should land: under the sticky header. */
const TARGET_OFFSET = 76;

/**
 * The heading the reader is in: the last one whose top has passed the landing line (docs/rules.md#front-end-constants: bounds 15 px around
 * it), or the first while none has.
 */
function useActiveHeading(headings: Heading[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(headings[0]?.id);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      let current = headings[0]?.id;
      for (const h of headings) {
        const el = document.getElementById(h.id);
        if (el && el.getBoundingClientRect().top - TARGET_OFFSET <= ANCHOR.bounds) current = h.id;
      }
      setActive(current);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [headings]);
  return active;
}

/**
 * The outline of a long essay, following the reader down the page (antd's Anchor look, details.css): a click
 * scrolls to the heading in the seed's 300 ms.
 */
export function EssayOutline({ headings }: { headings: Heading[] }) {
  const active = useActiveHeading(headings);
  const go = (e: MouseEvent, h: Heading) => {
    e.preventDefault();
    const el = document.getElementById(h.id);
    if (!el) return;
    scrollToElement(el, ANCHOR.durationMs, TARGET_OFFSET);
  };
  return (
    <nav className="outline" aria-label="目录">
      <p className="outline__head">目录</p>
      <ul className="outline__list">
        {headings.map((h) => (
          <li key={h.id} className={h.level === 3 ? 'outline__item outline__item--sub' : 'outline__item'}>
            <a
              href={`#${h.id}`}
              className={h.id === active ? 'outline__link is-active' : 'outline__link'}
              aria-current={h.id === active ? 'location' : undefined}
              onClick={(e) => go(e, h)}
            >
              {h.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
