import { Anchor, type AnchorProps } from 'antd';
import type { MouseEvent } from 'react';
import { ANCHOR } from '../../components/essay/constants.js';
import { scrollToElement } from '../../components/essay/scrollToElement.js';
import type { Heading } from './prepareContent.js';

type AnchorLinkItemProps = NonNullable<AnchorProps['items']>[number];

/** Where a heading should land: under the sticky header. */
const TARGET_OFFSET = 76;

/**
 * Scrolls with the seed's 300 ms (antd's Anchor animates for 450 ms and cannot be told otherwise): the title
 * takes the click before the Anchor link does; the Anchor still tracks the active heading (bounds 15).
 */
function OutlineTitle({ heading }: { heading: Heading }) {
  const go = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const el = document.getElementById(heading.id);
    if (el) scrollToElement(el, ANCHOR.durationMs, TARGET_OFFSET);
  };
  return (
    <span className="outline__title" onClick={go}>
      {heading.title}
    </span>
  );
}

function toItems(headings: Heading[]): AnchorLinkItemProps[] {
  const items: AnchorLinkItemProps[] = [];
  for (const h of headings) {
    const item: AnchorLinkItemProps = { key: h.id, href: `#${h.id}`, title: <OutlineTitle heading={h} /> };
    const parent = items[items.length - 1];
    if (h.level === 3 && parent) parent.children = [...(parent.children ?? []), item];
    else items.push(item);
  }
  return items;
}

/** The outline of a long essay, following the reader down the page. */
export function EssayOutline({ headings }: { headings: Heading[] }) {
  return (
    <nav className="outline" aria-label="目录">
      <p className="outline__head">目录</p>
      <Anchor affix={false} bounds={ANCHOR.bounds} targetOffset={TARGET_OFFSET} items={toItems(headings)} />
    </nav>
  );
}
