import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: string;
  /** One line on what this page will hold. */
  description: string;
  children?: ReactNode;
}

/** The honest shell of a page whose content arrives in a later release: its heading and what it is for. */
export function PagePlaceholder({ title, description, children }: Props) {
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{description}</p>
      {children}
      <div className="placeholder-note">
        <p>这个页面正在建设中，很快就会和大家见面。</p>
        <p>
          现在可以先去 <Link to="/home">首页</Link> 逛逛，或读读 <Link to="/aboutOur">关于拾句</Link>。
        </p>
      </div>
    </div>
  );
}
