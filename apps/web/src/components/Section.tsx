import type { ReactNode } from 'react';

interface Props {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled block of a page (home sections, sidebar boxes). */
export function Section({ title, extra, children, className }: Props) {
  return (
    <section className={className ? `section ${className}` : 'section'}>
      <header className="section__head">
        <h2 className="section__title">{title}</h2>
        {extra ? <div className="section__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}
