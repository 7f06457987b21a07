import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { Button, type ButtonProps } from './ui/Button.js';

interface Props extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: string;
  children: ReactNode;
  /** Called before the app navigates (e.g. to close the menu the link is in). */
  onClick?: () => void;
}

/**
 * A link that looks like a button: one element and one tab stop (a link wrapping a button gave two, and nested
 * interactive roles), announced as a link, routed inside the app (modified clicks open a new tab as links do).
 */
export function RouterButton({ to, children, onClick, ...button }: Props) {
  const href = useHref(to);
  const handle = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button
      {...button}
      href={href}
      onClick={(e: MouseEvent<HTMLElement>) => {
        onClick?.();
        handle(e);
      }}
    >
      {children}
    </Button>
  );
}
