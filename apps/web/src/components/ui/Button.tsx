import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Icon } from './Icon.js';
import { LoadingOutlined } from './icons.js';

export type ButtonType = 'default' | 'primary' | 'text' | 'link';

export interface ButtonProps {
  type?: ButtonType;
  size?: 'small' | 'middle' | 'large';
  danger?: boolean;
  block?: boolean;
  /** An icon before the words (an <Icon>); replaced by a spinner while loading. */
  icon?: ReactNode;
  /** Where the icon goes: before the words (the default) or after them (下一周 ›). */
  iconPlacement?: 'start' | 'end';
  loading?: boolean;
  disabled?: boolean;
  htmlType?: 'button' | 'submit' | 'reset';
  /** Rendered as a link (one element, one tab stop) when set. */
  href?: string;
  className?: string;
  children?: ReactNode;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  title?: string;
  'aria-label'?: string;
  'aria-pressed'?: boolean;
  'aria-busy'?: boolean;
  'aria-expanded'?: boolean;
  'aria-haspopup'?: ButtonHTMLAttributes<HTMLButtonElement>['aria-haspopup'];
  'aria-controls'?: string;
  target?: AnchorHTMLAttributes<HTMLAnchorElement>['target'];
  rel?: string;
}

/** The classes of a button of this look (also for elements that only look like one). */
export function buttonClass({ type = 'default', size = 'middle', danger, block, className }: ButtonProps, iconOnly = false): string {
  return [
    'btn',
    `btn--${type}`,
    size !== 'middle' ? `btn--${size}` : '',
    danger ? 'btn--danger' : '',
    block ? 'btn--block' : '',
    iconOnly ? 'btn--icon-only' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * A button with antd's look (default, primary, text and link; small, middle and large; danger; block; loading)
 * in plain markup and CSS (ui.css): the shell and the reading pages draw without antd's runtime.
 */
export function Button(props: ButtonProps) {
  const { icon, iconPlacement = 'start', loading, disabled, htmlType = 'button', href, children, onClick, target, rel } = props;
  const shownIcon = loading ? <Icon icon={LoadingOutlined} spin /> : icon;
  const iconPart = shownIcon ? <span className="btn__icon">{shownIcon}</span> : null;
  const content = (
    <>
      {iconPlacement === 'start' ? iconPart : null}
      {children !== undefined && children !== null && children !== false ? <span>{children}</span> : null}
      {iconPlacement === 'end' ? iconPart : null}
    </>
  );
  const className = buttonClass(props, !!shownIcon && (children === undefined || children === null)) + (loading ? ' is-loading' : '');
  const aria = {
    title: props.title,
    'aria-label': props['aria-label'],
    'aria-pressed': props['aria-pressed'],
    'aria-busy': props['aria-busy'] ?? (loading || undefined),
    'aria-expanded': props['aria-expanded'],
    'aria-haspopup': props['aria-haspopup'],
    'aria-controls': props['aria-controls'],
  };
  if (href !== undefined && !disabled) {
    return (
      <a href={href} className={className} onClick={onClick} target={target} rel={rel} {...aria}>
        {content}
      </a>
    );
  }
  return (
    <button
      type={htmlType}
      className={className}
      disabled={disabled}
      onClick={(e) => {
        if (loading) return;
        onClick?.(e);
      }}
      {...aria}
    >
      {content}
    </button>
  );
}
