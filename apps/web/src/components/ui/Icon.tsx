import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type CSSProperties, type ReactNode } from 'react';

/** SVG attributes as React spells them (the definitions use the DOM's kebab-case names). */
const reactAttr = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function render(node: AbstractNode, key?: number): ReactNode {
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [reactAttr(k), v]));
  return createElement(
    node.tag,
    { key, ...attrs },
    node.children?.map((child, i) => render(child, i)),
  );
}

interface Props {
  icon: IconDefinition;
  spin?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * One of Ant Design's icons, drawn from its shape data (@ant-design/icons-svg) without the icon library's runtime:
 * the same glyphs the antd pages show, for the pages a reader opens first. Decorative: hidden from screen readers
 * (the control around it carries the words).
 */
export function Icon({ icon, spin, className, style }: Props) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  const classes = ['icon', spin ? 'icon--spin' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} style={style} aria-hidden="true">
      {createElement(
        'svg',
        { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true', focusable: 'false' },
        svg.children?.map((child, i) => render(child, i)),
      )}
    </span>
  );
}
