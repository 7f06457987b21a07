import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** The tab's panel; without any, the tabs only choose (the list they choose for is drawn beside them). */
  children?: ReactNode;
}

interface Props<K extends string> {
  items: TabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  className?: string;
  /** Beside the tab list, at its right (antd's tabBarExtraContent): a sort switch, a link. */
  extra?: ReactNode;
}

/**
 * Line tabs with antd's look (ui.css): a tab list with roving focus (arrow keys, Home, End) and the active
 * panel only; a panel left is unmounted, as antd's destroyOnHidden. Tabs without panels draw the tab list alone.
 */
export function Tabs<K extends string>({ items, activeKey, onChange, className, extra }: Props<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const active = items.find((it) => it.key === activeKey) ?? items[0];
  const panels = items.some((it) => it.children !== undefined);

  const onKeyDown = (e: KeyboardEvent) => {
    const i = items.findIndex((it) => it.key === active?.key);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(items[next]!.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };

  const nav = (
    <div className="tabs__nav" role="tablist" ref={list} onKeyDown={onKeyDown}>
      {items.map((it) => {
        const selected = it.key === active?.key;
        return (
          <button
            key={it.key}
            type="button"
            role="tab"
            id={`${id}-tab-${it.key}`}
            aria-selected={selected}
            aria-controls={panels ? `${id}-panel-${it.key}` : undefined}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'tabs__tab is-active' : 'tabs__tab'}
            onClick={() => onChange(it.key)}
          >
            {it.label}
          </button>
        );
      })}
    </div>
  );

  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      {extra ? (
        <div className="tabs__bar">
          {nav}
          <div className="tabs__extra">{extra}</div>
        </div>
      ) : (
        nav
      )}
      {active && panels ? (
        <div className="tabs__panel" role="tabpanel" id={`${id}-panel-${active.key}`} aria-labelledby={`${id}-tab-${active.key}`}>
          {active.children}
        </div>
      ) : null}
    </div>
  );
}
