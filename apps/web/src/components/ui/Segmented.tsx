import type { KeyboardEvent } from 'react';

interface Props<V extends string> {
  options: Array<{ value: V; label: string }>;
  value: V;
  onChange: (value: V) => void;
  'aria-label': string;
  /** antd's small size (the default here: beside a section's heading) or its middle one (a list's own toolbar). */
  size?: 'small' | 'middle';
}

/** A small choice of one among a few (antd's Segmented look, ui.css): a radio group, arrow keys move. */
export function Segmented<V extends string>({ options, value, onChange, size = 'small', ...rest }: Props<V>) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const i = options.findIndex((o) => o.value === value);
    const next = (i + step + options.length) % options.length;
    onChange(options[next]!.value);
    (e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[next] ?? null)?.focus();
  };
  return (
    <div
      className={size === 'middle' ? 'segmented segmented--middle' : 'segmented'}
      role="radiogroup"
      aria-label={rest['aria-label']}
      onKeyDown={onKeyDown}
    >
      {options.map((o) => {
        const selected = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'segmented__item is-selected' : 'segmented__item'}
            onClick={() => onChange(o.value)}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
