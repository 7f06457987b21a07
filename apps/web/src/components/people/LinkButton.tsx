import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props extends Pick<ButtonProps, 'type' | 'size' | 'icon'> {
  to: string;
  children: ReactNode;
}

/** A link that looks like a button (the next step of an empty state, 编辑, 我的主页), routed in the app. */
export function LinkButton({ to, children, ...button }: Props) {
  return (
    <Link to={to}>
      <Button {...button} tabIndex={-1}>
        {children}
      </Button>
    </Link>
  );
}
